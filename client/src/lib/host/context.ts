// How components reach the page's host integration: app/start.ts registers the one it
// starts; tests (or a future provider) may give another through HostContext. Null when
// there is none (a component test without a host): the host's buttons and popups then
// simply do not show.
import { createContext, useContext } from 'react';

import { createStore, useStore } from '../store';
import type { Host, HostUi } from './host';

let registered: Host | null = null;

export function registerHost(host: Host | null): void {
  registered = host;
}

export const HostContext = createContext<Host | null>(null);

export function useHost(): Host | null {
  return useContext(HostContext) ?? registered;
}

const NO_HOST_UI = createStore<HostUi>({ paused: false, muted: false, realityCheck: null });

/** A part of the host's UI state (paused, muted, reality check); the quiet defaults without a host. */
export function useHostUi<T>(select: (ui: HostUi) => T): T {
  const host = useHost();
  return useStore(host?.ui ?? NO_HOST_UI, select);
}
