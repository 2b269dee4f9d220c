// The player's balance in the session: taken from an answer that carries it, or read again
// from the balance address (after a reconnect, a table restarted elsewhere, a bonus
// accepted or declined). A failed read keeps what is shown.
import { units } from './format/money';
import type { Http } from './http/http';
import { urlOf } from './http/urls';
import type { SessionState } from './session';
import type { Store } from './store';

/** Puts an answer's balance ("balance", "bonusBalance") in the session; false without one. */
export function applyBalance(
  session: Store<SessionState>,
  b: { balance?: unknown; bonusBalance?: unknown } | null | undefined,
): boolean {
  if (!b || typeof b.balance !== 'string') return false;
  const balance = {
    total: units(b.balance),
    bonus: units(typeof b.bonusBalance === 'string' ? b.bonusBalance : '0'),
  };
  session.set((s) => ({ ...s, balance }));
  return true;
}

/** Reads the balance again; a failed read keeps what is shown. */
export function refreshBalance(http: Pick<Http, 'get'>, session: Store<SessionState>) {
  return http
    .get<{ balance?: string; bonusBalance?: string }>(urlOf('balance'))
    .then((b) => void applyBalance(session, b))
    .catch(() => undefined);
}
