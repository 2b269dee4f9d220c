// The pieces of a crash table around the flight and the bet panels: the strip of the last
// crash points coloured by band (under 2x, 2x to 10x, 10x and more), the feed of other
// players' cash-outs (their names are text, never markup), the player's win of the round,
// and the help with the rules and the table's limits.
import { useTranslation } from 'react-i18next';

import { SCROLLER } from '../../lib/a11y/keyboard';
import { type CurrencyStyle, type Units, formatMoney } from '../../lib/format/money';
import type { TableConfig } from '../../lib/session';
import { HelpActions } from '../../ui/GuideButton';
import { LimitsSummary } from '../../ui/LimitsTable';
import { Popup } from '../../ui/Popup';
import type { CrashPoint, FeedEntry } from './crash-state';
import { bandOf, xText } from './multiplier';

/** The last crash points, newest first, each in its band's colour. */
export function ResultsStrip({ points, max = 24 }: { points: CrashPoint[]; max?: number }) {
  const { t } = useTranslation();
  return (
    <ol
      className="crash-results"
      aria-label={t('CRASH_RESULTS')}
      data-testid="crash-results"
      data-count={points.length}
      {...SCROLLER}
    >
      {points.slice(0, max).map((p) => (
        <li
          key={p.gameId}
          className={`crash-point band-${bandOf(p.x)}`}
          data-game={p.gameId}
          data-x={xText(p.x)}
          data-band={bandOf(p.x)}
        >
          {t('CRASH_X', { x: xText(p.x) })}
        </li>
      ))}
    </ol>
  );
}

/** Everybody's recent cash-outs this round, newest first, with the round's count. */
export function CashoutFeed({
  feed,
  count,
  currency,
}: {
  feed: FeedEntry[];
  count: number;
  currency: CurrencyStyle;
}) {
  const { t } = useTranslation();
  return (
    <section className="crash-feed" aria-labelledby="crash-feed-title" data-testid="cashouts">
      <h2 className="crash-feed-title" id="crash-feed-title">
        {t('CRASH_FEED')}{' '}
        <span className="crash-feed-count" data-testid="cashouts-count" data-count={count}>
          {t('CRASH_FEED_COUNT', { n: count })}
        </span>
      </h2>
      {feed.length === 0 ? (
        <p className="crash-feed-empty">{t('CRASH_FEED_EMPTY')}</p>
      ) : (
        <ul className="crash-feed-list">
          {feed.map((e) => (
            <li key={e.id} className="crash-feed-line" data-part={e.part}>
              <span className="crash-feed-name" translate="no">
                {e.name}
              </span>
              <span className="crash-feed-x">
                {t('CRASH_X', { x: xText(e.x) })}
                {e.part === 'half' && <> {t('CRASH_HALF')}</>}
              </span>
              <span className="crash-feed-win">+{formatMoney(e.win, currency)}</span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** The player's win of the round: their cash-outs and what the result paid. */
export function RoundWin({ win, currency }: { win: Units; currency: CurrencyStyle }) {
  const { t } = useTranslation();
  if (win <= 0) return null;
  return (
    <p className="crash-round-win" data-testid="round-win" data-win={win}>
      {t('CRASH_ROUND_WIN', { amount: formatMoney(win, currency) })}
    </p>
  );
}

export function CrashHelp({
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
      testId="crash-help"
      actions={<HelpActions tableId={table.tableId} onClose={onClose} />}
    >
      <p>{t('CRASH_HELP')}</p>
      <LimitsSummary
        min={table.limits.min}
        max={table.limits.mainMax ?? table.limits.max}
        currency={currency}
      />
    </Popup>
  );
}
