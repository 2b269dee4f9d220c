// The SPEC §9 layout flags for components (the same values <body> carries).
import { useStore } from '../store';
import type { Layout } from './viewport';
import { layoutStore } from './watch';

/** The current layout, or null when the viewport watcher has not started (tests). */
export function useLayout(): Layout | null {
  return useStore(layoutStore, (l) => l);
}
