// The shape a table page takes (viewport.ts TableShape): the viewport's, or before the
// viewport watcher runs (tests) the device's own.
import { useServices } from '../session';
import { useStore } from '../store';
import type { TableShape } from './viewport';
import { useLayout } from './useLayout';

export function useTableShape(): TableShape {
  const { session } = useServices();
  const mobile = useStore(session, (s) => s.mobile);
  const portrait = useStore(session, (s) => s.device.orientation === 'portrait');
  const layout = useLayout();
  return layout?.shape ?? (mobile ? (portrait ? 'tall' : 'flat') : 'wide');
}
