// For the history's tests: the services the history panel reads (a euro player, the given
// tables, and `get` for its HTTP calls).
import type { AllConfig, Services } from '../../lib/session';
import { testSession } from '../../lib/session.test-util';

export function historyServices(
  get: (path: string, params?: Record<string, unknown>) => Promise<unknown>,
  assignedTables: { tableId: string; name: string; game: string; gameKind: string }[] = [],
): Services {
  const config = {
    playerConfig: { player: { id: '1', currency: '€', currencyCode: 'EUR', symbolBefore: true } },
    assignedTables,
  } as unknown as AllConfig;
  return {
    http: { get },
    session: testSession({ config }),
    currency: () => ({ code: 'EUR', symbol: '€', symbolBefore: true }),
  } as unknown as Services;
}
