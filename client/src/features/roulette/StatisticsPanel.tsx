// The statistics panel: how many games it covers, the hot and cold numbers with how often
// each came, the even-money, dozen and column splits as bars with their percentages, and
// the last results newest first. Each bar's label and percentage are text; the bar itself
// is decoration.
import { memo, useId, useMemo } from 'react';
import { useTranslation } from 'react-i18next';

import { type PocketCount, type Share, computeStatistics } from './stats';
import { type WheelVariant, pocketColour, pocketLabel } from './wheel';

export interface StatisticsPanelProps {
  /** Pockets, newest first (37 is 00); the newest 100 count. */
  results: number[];
  variant: WheelVariant;
  onClose?: () => void;
}

function Badges({ title, list }: { title: string; list: PocketCount[] }) {
  const { t } = useTranslation();
  const id = useId();
  return (
    <div className="stats-group">
      <h3 id={id}>{title}</h3>
      <ul className="stats-badges" aria-labelledby={id}>
        {list.map(({ pocket, count }) => (
          <li key={pocket} className="stats-badge" data-number={pocketLabel(pocket)}>
            <span className={`stats-ball stats-${pocketColour(pocket)}`} aria-hidden="true">
              {pocketLabel(pocket)}
            </span>
            <span className="stats-count" aria-hidden="true">
              {count}
            </span>
            <span className="sr-only">
              {t('STATS_HITS', { number: pocketLabel(pocket), count })}
            </span>
          </li>
        ))}
      </ul>
    </div>
  );
}

function Bars({ title, shares }: { title: string; shares: Share[] }) {
  const { t } = useTranslation();
  const id = useId();
  return (
    <div className="stats-group">
      <h3 id={id}>{title}</h3>
      <ul className="stats-bars" aria-labelledby={id}>
        {shares.map((s) => (
          <li key={s.key} className="stats-bar-row" data-share={s.key} data-percent={s.percent}>
            <span className="stats-bar-label">{t(`STATS_${s.key}`)}</span>
            <span className="stats-bar" aria-hidden="true">
              <span
                className={`stats-bar-fill stats-fill-${s.key}`}
                style={{ width: `${s.percent}%` }}
              />
            </span>
            <span className="stats-bar-value">{t('STATS_PERCENT', { percent: s.percent })}</span>
          </li>
        ))}
      </ul>
    </div>
  );
}

export const StatisticsPanel = memo(function StatisticsPanel({
  results,
  variant,
  onClose,
}: StatisticsPanelProps) {
  const { t } = useTranslation();
  const headingId = useId();
  const resultsId = useId();
  const stats = useMemo(() => computeStatistics(results, variant), [results, variant]);
  return (
    <section className="stats-panel" aria-labelledby={headingId} data-testid="statistics">
      <header className="stats-header">
        <h2 id={headingId}>{t('STATS_TITLE')}</h2>
        {onClose && (
          <button
            type="button"
            className="stats-close"
            aria-label={t('STATS_CLOSE')}
            onClick={onClose}
          >
            <span aria-hidden="true">✕</span>
          </button>
        )}
      </header>
      <p className="stats-games" data-testid="stats-games" data-games={stats.games}>
        {stats.games > 0 ? t('STATS_GAMES', { count: stats.games }) : t('STATS_NO_GAMES')}
      </p>
      {stats.games > 0 && (
        <>
          <div className="stats-hot-cold">
            <Badges title={t('STATS_HOT')} list={stats.hot} />
            <Badges title={t('STATS_COLD')} list={stats.cold} />
          </div>
          <div className="stats-splits">
            <Bars title={t('STATS_COLOUR')} shares={stats.colour} />
            <Bars title={t('STATS_PARITY')} shares={stats.parity} />
            <Bars title={t('STATS_RANGE')} shares={stats.range} />
            <Bars title={t('STATS_DOZENS')} shares={stats.dozens} />
            <Bars title={t('STATS_COLUMNS')} shares={stats.columns} />
          </div>
        </>
      )}
      <h3 className="stats-results-title" id={resultsId}>
        {t('STATS_RESULTS')}
      </h3>
      <div
        className="stats-results"
        data-testid="stats-results"
        role="list"
        aria-labelledby={resultsId}
      >
        {stats.results.map((pocket, i) => (
          <span
            key={i}
            role="listitem"
            className={`stats-result stats-${pocketColour(pocket)} ${i === 0 ? 'newest' : ''}`}
          >
            {pocketLabel(pocket)}
          </span>
        ))}
      </div>
    </section>
  );
});
