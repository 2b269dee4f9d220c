// The pieces of a mega wheel table: the nine bet spots (each number in its colour with
// what it pays, and the mega multiplier on the number that has it), the mega multiplier's
// reveal, the result with the player's win, the recent results, the strip of how often
// each number came, and the help with the table's payouts.
import { memo } from 'react';
import { useTranslation } from 'react-i18next';

import { formatNumber } from '../../lib/format/locale';
import type { CurrencyStyle, Units } from '../../lib/format/money';
import type { SpotLimit, TableConfig } from '../../lib/session';
import { type WheelNumber, wheelColour, wheelNumberOf } from '../../lib/table/money-wheel';
import type { Drawn } from '../../lib/table/results';
import { LimitsSummary, LimitsTable } from '../../ui/LimitsTable';
import { Popup } from '../../ui/Popup';
import { HelpActions } from '../../ui/GuideButton';
import { SpotButton } from '../../ui/SpotButton';
import { RecentList, ResultWin } from '../../ui/TableResults';
import type { MegaState, MegaWheelView } from './table-state';
import { type Mega, type WheelResult, numberShares } from './wheel';
import { useArrowKeys } from '../../lib/a11y/keyboard';
import { useAnnounced } from '../../ui/Announcer';

/** A number as a coloured token: the spots, results and statistics show them alike. */
export function NumberToken({ n, className = '' }: { n: WheelNumber; className?: string }) {
  const { fill, ink } = wheelColour(n);
  return (
    <span className={`mw-token ${className}`} style={{ background: fill, color: ink }}>
      {n}
    </span>
  );
}

export const Spots = memo(function Spots({
  spots,
  mega,
  totals,
  chipIndex,
  currency,
  open,
  winner,
  onPlace,
}: {
  spots: SpotLimit[];
  mega: Mega | null;
  totals: Map<string, Units>;
  chipIndex: (value: Units) => number;
  currency: CurrencyStyle;
  open: boolean;
  winner: WheelNumber | null; // once the wheel has stopped
  onPlace: (spot: string) => void;
}) {
  const { t } = useTranslation();
  const arrowKeys = useArrowKeys();
  return (
    <div
      className={`mw-spots ${open ? 'open' : 'closed'}`}
      data-testid="megawheel-spots"
      ref={arrowKeys}
    >
      {spots.map((s) => {
        const n = wheelNumberOf(s.kind);
        if (n === null) return null;
        const multiplied = mega?.number === n ? mega : null;
        return (
          <SpotButton
            key={s.kind}
            code={s.kind}
            name={t('MEGAWHEEL_NUMBER', { number: n })}
            pays={
              multiplied
                ? t('MEGAWHEEL_PAYS_MEGA', { x: multiplied.x })
                : t('PAYS', { ratio: s.payout })
            }
            amount={totals.get(s.kind) ?? 0}
            chipIndex={chipIndex}
            currency={currency}
            open={open}
            won={winner === n}
            className={`mw-spot ${multiplied ? 'mega' : ''}`}
            onPlace={onPlace}
          >
            <NumberToken n={n} className="mw-spot-number" />
            <span className="mw-spot-pays">{t('PAYS_SHORT', { ratio: s.payout })}</span>
            {multiplied && (
              <span className="mw-spot-mega" data-testid="spot-mega" data-x={multiplied.x}>
                ×{multiplied.x}
              </span>
            )}
          </SpotButton>
        );
      })}
    </div>
  );
});

/** The mega multiplier as it is revealed, hit or missed. */
export function MegaBanner({ mega, state }: { mega: Mega | null; state: MegaState }) {
  const { t } = useTranslation();
  if (!mega) return null;
  return (
    <p
      className={`mw-mega mw-mega-${state}`}
      data-testid="mega"
      data-number={mega.number}
      data-x={mega.x}
      data-state={state}
      role="status"
    >
      <span className="mw-mega-title">{t('MEGAWHEEL_MEGA')}</span>
      <NumberToken n={mega.number} />
      <span className="mw-mega-x">×{mega.x}</span>
      <span className="sr-only">{t('MEGAWHEEL_MEGA_ON', { number: mega.number, x: mega.x })}</span>
    </p>
  );
}

export function ResultBanner({
  view,
  currency,
  landed,
  state,
}: {
  view: MegaWheelView;
  currency: CurrencyStyle;
  landed: boolean;
  state: MegaState;
}) {
  const { t } = useTranslation();
  const announced = useAnnounced();
  const r = view.result;
  if (!r || !landed) return null;
  const mine = view.myWin?.gameId === r.gameId ? view.myWin : null;
  return (
    <div
      className="result-banner mw-result"
      data-testid="result"
      data-number={r.number}
      data-segment={r.segment ?? undefined}
      ref={announced}
    >
      <NumberToken n={r.number} className="mw-result-number" />
      <span className="mw-result-text">{t('MEGAWHEEL_LANDED', { number: r.number })}</span>
      {state === 'hit' && view.mega && (
        <span className="result-multiplier" data-testid="result-multiplier">
          {t('MEGAWHEEL_MEGA_HIT', { number: view.mega.number, x: view.mega.x })}
        </span>
      )}
      <ResultWin mine={mine} currency={currency} />
    </div>
  );
}

export function RecentResults({ recent }: { recent: Drawn<WheelResult>[] }) {
  return (
    <RecentList className="mw-recent">
      {recent.map((r) => (
        <li key={r.gameId} className="recent" data-number={r.number}>
          <NumberToken n={r.number} />
        </li>
      ))}
    </RecentList>
  );
}

export function StatsStrip({ results }: { results: readonly WheelNumber[] }) {
  const { t } = useTranslation();
  const shares = numberShares(results);
  return (
    <section
      className="mw-stats"
      aria-label={t('MEGAWHEEL_STATS_TITLE')}
      data-testid="statistics"
      data-games={results.length}
    >
      <h2 className="sr-only">{t('MEGAWHEEL_STATS_TITLE')}</h2>
      <p className="mw-stats-games">{t('MEGAWHEEL_STATS_GAMES', { games: results.length })}</p>
      <ul className="mw-stats-list">
        {shares.map((s) => (
          <li key={s.number} data-number={s.number} data-count={s.count} data-percent={s.percent}>
            <NumberToken n={s.number} />
            <span className="mw-stats-bar" aria-hidden="true">
              <span style={{ height: `${Math.min(100, s.percent * 2)}%` }} />
            </span>
            <span className="mw-stats-percent" aria-hidden="true">
              {t('STATS_PERCENT', { percent: formatNumber(s.percent, 1) })}
            </span>
            <span className="sr-only">
              {t('MEGAWHEEL_STATS_ITEM', { number: s.number, percent: s.percent })}
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** The rules, and the live limits with every number's payout. */
export function MegaWheelHelp({
  table,
  currency,
  onClose,
}: {
  table: TableConfig;
  currency: CurrencyStyle;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Popup
      title={t('HELP_TITLE', { table: table.name })}
      onClose={onClose}
      testId="megawheel-help"
      actions={<HelpActions tableId={table.tableId} onClose={onClose} />}
    >
      <p>{t('HELP_megawheel', { max: table.limits.maxMultiplier })}</p>
      <LimitsSummary min={table.limits.min} max={table.limits.max} currency={currency} />
      <LimitsTable
        spots={table.limits.spots}
        currency={currency}
        name={(kind) => t('MEGAWHEEL_NUMBER', { number: kind })}
      />
    </Popup>
  );
}
