// The mega wheel's bets in words ("Number 5"), for the spots and the player's history;
// and what the dealer says of a result.
import type { TFunction } from 'i18next';

import type { DealerLine } from '../../lib/sound/sound';
import type { WheelNumber } from '../../lib/table/money-wheel';

export function betName(t: TFunction, code: string): string {
  return t('MEGAWHEEL_NUMBER', { number: code });
}

/** What the dealer says of a spin: "The wheel stopped on 40" (the clip megawheel-40). */
export function dealerLine(t: TFunction, number: WheelNumber): DealerLine {
  return { key: String(number), words: t('MEGAWHEEL_LANDED', { number }) };
}
