// Sic bo's bets in words ("Small", "Total 10", "Combination 1 and 2"), for the board's
// spoken names and the player's history; and what the dealer says of a throw.
import type { TFunction } from 'i18next';

import type { DealerLine } from '../../lib/sound/sound';
import { type Dice, sizeOf } from '../../lib/table/dice';
import { type SicBoSpot, spotOf } from './spots';

/** A spot in words: "Small", "Total 10", "Combination 1 and 2". */
export function spotName(t: TFunction, s: SicBoSpot): string {
  const [a, b] = s.faces;
  switch (s.kind) {
    case 'small':
    case 'big':
    case 'odd':
    case 'even':
      return t(`SICBO_${s.code as 'SMALL' | 'BIG' | 'ODD' | 'EVEN'}`);
    case 'any_triple':
      return t('SICBO_ANY_TRIPLE');
    case 'triple':
      return t('SICBO_TRIPLE_N', { face: a });
    case 'double':
      return t('SICBO_DOUBLE_N', { face: a });
    case 'combo':
      return t('SICBO_COMBO', { a, b });
    case 'single':
      return t('SICBO_SINGLE', { face: a });
    default:
      return t('SICBO_TOTAL', { total: s.total });
  }
}

/** A bet code's name; the code itself when it is not a sic bo spot. */
export function betName(t: TFunction, code: string): string {
  const spot = spotOf(code);
  return spot ? spotName(t, spot) : code;
}

const SIZE = { small: 'SICBO_SMALL', big: 'SICBO_BIG', triple: 'SICBO_TRIPLE' } as const;

/** What the dealer says of a throw: "Total 10, Small" (the clip sicbo-10-small). */
export function dealerLine(t: TFunction, d: Dice): DealerLine {
  const size = sizeOf(d);
  return {
    key: `${d.total}-${size}`,
    words: `${t('SICBO_TOTAL', { total: d.total })}, ${t(SIZE[size])}`,
  };
}
