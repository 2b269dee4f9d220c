// A table's spots with what each pays and its maximum, for the help and limits popups of
// every game. The game names its spots and may add a note to a spot's payout.
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

import { type CurrencyStyle, formatMoney, units } from '../lib/format/money';
import type { SpotLimit } from '../lib/session';

export function LimitsTable({
  spots,
  currency,
  name,
  note,
}: {
  spots: SpotLimit[];
  currency: CurrencyStyle;
  name: (kind: string) => string;
  note?: (spot: SpotLimit) => ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <table className="limits-table">
      <thead>
        <tr>
          <th scope="col">{t('LIMITS_BET')}</th>
          <th scope="col">{t('LIMITS_PAYS')}</th>
          <th scope="col">{t('LIMITS_SPOT_MAX')}</th>
        </tr>
      </thead>
      <tbody>
        {spots.map((s) => (
          <tr key={s.kind} data-kind={s.kind}>
            <th scope="row">{name(s.kind)}</th>
            <td>
              {t('PAYS', { ratio: s.payoutText ?? String(s.payout) })}
              {note?.(s)}
            </td>
            <td>{formatMoney(units(s.max), currency)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
