// How components reach the page's host integration: app/start.ts registers the one it
// starts; tests (or a future provider) may give another through HostContext. Null when
// there is none (a component test without a host): the host's buttons and popups then
// simply do not show.
import { createContext, useContext } from 'react';

import type { Host } from './host';

let registered: Host | null = null;

export function registerHost(host: Host | null): void {
  registered = host;
}

export const HostContext = createContext<Host | null>(null);

export function useHost(): Host | null {
  return useContext(HostContext) ?? registered;
}
