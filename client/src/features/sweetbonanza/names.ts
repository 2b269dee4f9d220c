// The candy wheel's bets and labels in words ("Number 5", "Candy Drop"), for the spots,
// the wheel, the results and the player's history.
import type { TFunction } from 'i18next';

import { candyLabelOf, isCandyBonus } from '../../lib/table/candy-wheel';

/** A label of the wheel in words: "Number 2", "Candy Drop", "Sugar Bomb". */
export function labelName(t: TFunction, label: string): string {
  const l = candyLabelOf(label);
  if (l === null) return label;
  if (isCandyBonus(l) || l === 'SUGAR_BOMB') return t(`SBZ_NAME_${l}`);
  return t('SBZ_NUMBER', { number: l });
}

/** A bet's name: its label's. */
export function betName(t: TFunction, code: string): string {
  return labelName(t, code);
}

/** The short words printed on the wheel and the tiles: "5", "Candy". */
export function labelShort(t: TFunction, label: string): string {
  const l = candyLabelOf(label);
  if (l === null) return label;
  return isCandyBonus(l) || l === 'SUGAR_BOMB' ? t(`SBZ_SHORT_${l}`) : l;
}
