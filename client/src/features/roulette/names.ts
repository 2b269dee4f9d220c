// Roulette's bets in words ("Straight up 17", "Red"), for the grid's spoken names and the
// player's history; and what the dealer says of a result.
import type { TFunction } from 'i18next';

import type { DealerLine } from '../../lib/sound/sound';
import { kindOf } from './spots';
import { colourOf, pocketLabel } from './wheel';

/** A bet spot's name; the code itself when it is not a roulette spot. */
export function spotName(t: TFunction, code: string): string {
  const kind = kindOf(code);
  if (!kind) return code;
  if (kind === 'topline') return t('SPOT_topline');
  const numbers = code.split('_').slice(1).join(', ');
  return t(`SPOT_${kind}`, { numbers });
}

/**
 * What the dealer says of a pocket: "22, Black", "0" (the clip roulette-<pocket>; the
 * words as scripts/sounds.mjs builds the clips).
 */
export function dealerLine(t: TFunction, n: number): DealerLine {
  const key = pocketLabel(n);
  const colour = colourOf(n);
  if (colour === 'green') return { key, words: key };
  return { key, words: `${key}, ${t(colour === 'red' ? 'SPOT_red' : 'SPOT_black')}` };
}
