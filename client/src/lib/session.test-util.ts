// For tests: a session store with quiet defaults (no configuration, no balance, no popups,
// an open connection), overlaid with what a test needs.
import type { SessionState } from './session';
import { type Store, createStore } from './store';

export function testSession(state: Partial<SessionState> = {}): Store<SessionState> {
  return createStore<SessionState>({
    device: {} as SessionState['device'],
    mobile: false,
    config: null,
    balance: null,
    popups: [],
    connection: { status: 'open', quality: 'good', rtt: null },
    ...state,
  });
}
