// A table's spots with what each pays and its maximum, for the help and limits popups of
// every game. The game names its spots and may add a note to a spot's payout, or say the
// payout in its own words (sic bo's single number pays 1, 2 or 3 to 1). And the table's
// smallest and largest bet, which the helps list above it.
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

import { paysText } from '../lib/table/pays';
import { type CurrencyStyle, formatMoney, units } from '../lib/format/money';
import type { SpotLimit } from '../lib/session';

export function LimitsTable({
  spots,
  currency,
  name,
  note,
  pays,
}: {
  spots: SpotLimit[];
  currency: CurrencyStyle;
  name: (kind: string) => string;
  note?: (spot: SpotLimit) => ReactNode;
  pays?: (spot: SpotLimit) => string | null; // null: "n to 1"
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
              {pays?.(s) ?? paysText(t, s)}
              {note?.(s)}
            </td>
            <td>{formatMoney(units(s.max), currency)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** The table's bet limits: its smallest and largest bet (amounts as the server writes them). */
export function LimitsSummary({
  min,
  max,
  currency,
}: {
  min: string;
  max: string;
  currency: CurrencyStyle;
}) {
  const { t } = useTranslation();
  return (
    <dl className="limits-summary">
      <dt>{t('LIMITS_MIN')}</dt>
      <dd>{formatMoney(units(min), currency)}</dd>
      <dt>{t('LIMITS_MAX')}</dt>
      <dd>{formatMoney(units(max), currency)}</dd>
    </dl>
  );
}
