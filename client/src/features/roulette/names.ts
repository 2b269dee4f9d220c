// Roulette's bets in words ("Straight up 17", "Red"), for the grid's spoken names and the
// player's history.
import type { TFunction } from 'i18next';

import { kindOf } from './spots';

/** A bet spot's name; the code itself when it is not a roulette spot. */
export function spotName(t: TFunction, code: string): string {
  const kind = kindOf(code);
  if (!kind) return code;
  if (kind === 'topline') return t('SPOT_topline');
  const numbers = code.split('_').slice(1).join(', ');
  return t(`SPOT_${kind}`, { numbers });
}
