// Sic bo's statistics panel, from the server's figures (./stats): how many games they
// cover, the hot and cold faces, how often each face came, the small, big, odd, even and
// triple shares, and a chart of the last games' totals, oldest first. Each bar's label
// and percentage are text; the bars themselves are decoration. While the figures load it
// says so; when they cannot be read it says that instead.
import { type ReactNode, memo, useId } from 'react';
import { useTranslation } from 'react-i18next';

import { formatNumber } from '../../lib/format/locale';
import { sizeOf, throwOf } from '../../lib/table/dice';
import { Die } from '../../ui/Die';
import type { Share, SicBoChart, SicBoStats } from './stats';

export interface StatsState {
  stats: SicBoStats | null;
  chart: SicBoChart | null;
  failed: boolean;
}

function Bar({
  id,
  label,
  share,
  className = '',
}: {
  id: string;
  label: ReactNode;
  share: Share;
  className?: string;
}) {
  const { t } = useTranslation();
  return (
    <li className="stats-bar-row" data-share={id} data-percent={share.percent}>
      <span className="stats-bar-label">{label}</span>
      <span className="stats-bar" aria-hidden="true">
        <span
          className={`stats-bar-fill ${className}`}
          style={{ width: `${Math.min(100, share.percent)}%` }}
        />
      </span>
      <span className="stats-bar-value">
        {t('STATS_PERCENT', { percent: formatNumber(share.percent, 1) })}
      </span>
    </li>
  );
}

function Faces({ title, faces, stats }: { title: string; faces: number[]; stats: SicBoStats }) {
  const { t } = useTranslation();
  const id = useId();
  return (
    <div className="stats-group">
      <h3 id={id}>{title}</h3>
      <ul className="stats-badges" aria-labelledby={id}>
        {faces.map((face) => {
          const percent = stats.faces.find((f) => f.face === face)?.percent ?? 0;
          return (
            <li key={face} className="stats-badge" data-face={face}>
              <Die value={face} size={30} />
              <span className="stats-count" aria-hidden="true">
                {t('STATS_PERCENT', { percent: formatNumber(percent, 1) })}
              </span>
              <span className="sr-only">
                {t('SICBO_FACE', { face })}:{' '}
                {t('STATS_PERCENT', { percent: formatNumber(percent, 1) })}
              </span>
            </li>
          );
        })}
      </ul>
    </div>
  );
}

function TotalsChart({ chart }: { chart: SicBoChart }) {
  const { t } = useTranslation();
  const points = chart.series;
  const step = 10;
  const height = 96;
  const y = (total: number) => height - ((total - 2) / 16) * height;
  return (
    <div className="stats-group sb-chart-group">
      <h3>{t('SICBO_STATS_TOTALS')}</h3>
      <svg
        className="sb-chart"
        viewBox={`0 0 ${Math.max(1, points.length) * step} ${height}`}
        preserveAspectRatio="none"
        role="img"
        aria-label={t('SICBO_CHART_LABEL', {
          games: points.length,
          totals: points.map((p) => p.total).join(', '),
        })}
        data-testid="sicbo-chart"
        data-totals={points.map((p) => p.total).join(',')}
      >
        <line className="sb-chart-mid" x1={0} x2={points.length * step} y1={y(10.5)} y2={y(10.5)} />
        {points.map((p, i) => (
          <rect
            key={`${p.gameId}-${i}`}
            className={`sb-chart-bar sb-chart-${sizeOf(throwOf(p.dice))}`}
            x={i * step + 1.5}
            width={step - 3}
            y={y(p.total)}
            height={height - y(p.total)}
          />
        ))}
      </svg>
    </div>
  );
}

export const SicBoStatistics = memo(function SicBoStatistics({
  state,
  onClose,
}: {
  state: StatsState;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const headingId = useId();
  const { stats, chart, failed } = state;
  return (
    <section
      className="stats-panel sb-stats"
      aria-labelledby={headingId}
      data-testid="statistics"
      aria-busy={!failed && !stats}
    >
      <header className="stats-header">
        <h2 id={headingId}>{t('STATS_TITLE')}</h2>
        <button
          type="button"
          className="stats-close"
          aria-label={t('STATS_CLOSE')}
          onClick={onClose}
        >
          <span aria-hidden="true">✕</span>
        </button>
      </header>
      {failed ? (
        <p className="stats-games" role="alert" data-testid="stats-error">
          {t('STATS_ERROR')}
        </p>
      ) : !stats ? (
        <p className="stats-games">{t('LOADING')}</p>
      ) : (
        <>
          <p className="stats-games" data-testid="stats-games" data-games={stats.games}>
            {stats.games > 0 ? t('SICBO_STATS_GAMES', { games: stats.games }) : t('STATS_NO_GAMES')}
          </p>
          {stats.games > 0 && (
            <>
              <div className="stats-hot-cold">
                <Faces title={t('STATS_HOT')} faces={stats.hot} stats={stats} />
                <Faces title={t('STATS_COLD')} faces={stats.cold} stats={stats} />
              </div>
              <div className="stats-splits">
                <div className="stats-group">
                  <h3>{t('SICBO_STATS_FACES')}</h3>
                  <ul className="stats-bars">
                    {stats.faces.map((f) => (
                      <Bar
                        key={f.face}
                        id={`face${f.face}`}
                        share={f}
                        label={
                          <>
                            <Die value={f.face} size={16} />
                            <span className="sr-only">{t('SICBO_FACE', { face: f.face })}</span>
                          </>
                        }
                      />
                    ))}
                  </ul>
                </div>
                <div className="stats-group">
                  <h3>{t('SICBO_STATS_OUTCOMES')}</h3>
                  <ul className="stats-bars">
                    {(['small', 'big', 'odd', 'even', 'triple'] as const).map((k) => (
                      <Bar
                        key={k}
                        id={k}
                        share={stats[k]}
                        className={`sb-fill-${k}`}
                        label={t(`SICBO_${k.toUpperCase() as 'SMALL'}`)}
                      />
                    ))}
                  </ul>
                </div>
              </div>
            </>
          )}
          {chart && chart.series.length > 0 && <TotalsChart chart={chart} />}
        </>
      )}
    </section>
  );
});
