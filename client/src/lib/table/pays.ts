// What a spot pays, as people say it: "8 to 1"; a banker at super 6, whose payout text is
// "1,0.5", "1 to 1, 0.5 to 1 on a 6".
import type { TFunction } from 'i18next';

import { localiseDecimal } from '../format/locale';
import type { SpotLimit } from '../session';

/** The figures in the page's language ("0,95 to 1" in German). */
export function paysText(t: TFunction, spot: Pick<SpotLimit, 'payout' | 'payoutText'>): string {
  const parts = (spot.payoutText ?? String(spot.payout))
    .split(',')
    .map((p) => (/^\d+(\.\d+)?$/.test(p) ? localiseDecimal(p) : p));
  if (parts.length === 2) return t('PAYS_SIX', { ratio: parts[0], six: parts[1] });
  return t('PAYS', { ratio: parts.join(',') });
}
