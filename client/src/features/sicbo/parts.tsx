// The smaller pieces of the sic bo table: the result (dice, total, small, big or triple,
// and the player's win), the recent throws, and the help with the table's payouts.
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';

import type { CurrencyStyle } from '../../lib/format/money';
import type { TableConfig } from '../../lib/session';
import { type Dice, sizeOf } from '../../lib/table/dice';
import type { Drawn } from '../../lib/table/results';
import { Die } from '../../ui/Die';
import { LimitsSummary, LimitsTable } from '../../ui/LimitsTable';
import { Popup } from '../../ui/Popup';
import { RecentList, ResultWin } from '../../ui/TableResults';
import { HelpActions } from '../../ui/GuideButton';
import { paysText, ratiosOf } from './Board';
import type { SicBoView } from './table-state';
import { useAnnounced } from '../../ui/Announcer';

// TFunction, not useTranslation's own type: with every key typed, that one is too deep
// for the compiler here (TS2589).
type T = TFunction;

export function sizeText(t: T, d: Dice): string {
  const size = sizeOf(d);
  return t(size === 'small' ? 'SICBO_SMALL' : size === 'big' ? 'SICBO_BIG' : 'SICBO_TRIPLE');
}

export function ResultBanner({
  view,
  currency,
  landed,
}: {
  view: SicBoView;
  currency: CurrencyStyle;
  landed: boolean;
}) {
  const { t } = useTranslation();
  const announced = useAnnounced();
  const r = view.result;
  if (!r || !landed) return null;
  const mine = view.myWin?.gameId === r.gameId ? view.myWin : null;
  return (
    <div
      className={`result-banner sb-result sb-result-${sizeOf(r)}`}
      data-testid="result"
      data-dice={r.values.join(',')}
      data-total={r.total}
      ref={announced}
    >
      <span className="sb-result-total" data-testid="result-total">
        <span className="sr-only">{t('SICBO_TOTAL', { total: r.total })}</span>
        <span aria-hidden="true">{r.total}</span>
      </span>
      <span className="sb-result-size" data-testid="result-size" data-size={sizeOf(r)}>
        {sizeText(t, r)}
      </span>
      <ResultWin mine={mine} currency={currency} />
    </div>
  );
}

/** A throw as three small dice and its total. */
export function Throw({ dice, size = 16 }: { dice: Dice; size?: number }) {
  const { t } = useTranslation();
  return (
    <span className={`sb-throw sb-throw-${sizeOf(dice)}`} data-total={dice.total}>
      <span className="sb-throw-dice" aria-hidden="true">
        {dice.values.map((v, i) => (
          <Die key={i} value={v} size={size} />
        ))}
      </span>
      <span className="sb-throw-total" aria-hidden="true">
        {dice.total}
      </span>
      <span className="sr-only">
        {t('DICE_RESULT', { dice: dice.values.join(', '), total: dice.total })}
      </span>
    </span>
  );
}

export function RecentThrows({ recent }: { recent: Drawn<Dice>[] }) {
  return (
    <RecentList className="sb-recent">
      {recent.map((r) => (
        <li key={r.gameId} className="recent" data-game={r.gameId}>
          <Throw dice={r} />
        </li>
      ))}
    </RecentList>
  );
}

/** The rules, and the live limits with every kind of spot's payout. */
export function SicBoHelp({
  table,
  currency,
  onClose,
}: {
  table: TableConfig;
  currency: CurrencyStyle;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const kindName = (kind: string): string => {
    const total = /^total_(\d+)$/.exec(kind);
    if (total) return t('SICBO_TOTAL', { total: total[1] });
    if (kind === 'any_triple') return t('SICBO_ANY_TRIPLE');
    if (['triple', 'double', 'combo', 'single'].includes(kind))
      return t(`SICBO_KIND_${kind as 'triple'}`);
    return t(`SICBO_${kind.toUpperCase() as 'SMALL'}`);
  };
  return (
    <Popup
      title={t('HELP_TITLE', { table: table.name })}
      onClose={onClose}
      testId="sicbo-help"
      actions={<HelpActions tableId={table.tableId} onClose={onClose} />}
    >
      <p>{t('HELP_sicbo')}</p>
      <LimitsSummary min={table.limits.min} max={table.limits.max} currency={currency} />
      <LimitsTable
        spots={table.limits.spots}
        currency={currency}
        name={kindName}
        pays={(s) => {
          const ratios = ratiosOf(s);
          return ratios.length > 1 ? paysText(t, ratios) : null;
        }}
      />
    </Popup>
  );
}
