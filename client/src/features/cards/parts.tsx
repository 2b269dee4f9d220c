// The pieces of a card table: a card (face, back, or lifting under a squeeze), the hands
// of the synthetic studio, the bet spots, baccarat's roads and andar bahar's statistics.
import { memo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';

import { paysText } from '../../lib/table/pays';
import { winnerOf } from '../../lib/table/outcome';
import type { CurrencyStyle, Units } from '../../lib/format/money';
import type { SpotLimit, TableConfig } from '../../lib/session';
import { LimitsSummary, LimitsTable } from '../../ui/LimitsTable';
import { PlayingCard } from '../../ui/PlayingCard';
import { Popup } from '../../ui/Popup';
import { HelpActions } from '../../ui/GuideButton';
import { SpotButton } from '../../ui/SpotButton';
import type { DealtCard, RoadCell, Roads } from './card-state';
import { HANDS, handTotal, parseCard } from './cards';
import { handName, spotName } from './names';
import { SCROLLER, useArrowKeys } from '../../lib/a11y/keyboard';

export { PlayingCard };

/** A face-down card the squeezer drags up (or presses Reveal) to turn over. */
export function SqueezeCard({
  progress,
  onProgress,
}: {
  progress: number;
  onProgress: (p: number) => void;
}) {
  const { t } = useTranslation();
  const start = useRef<number | null>(null);
  const [dragged, setDragged] = useState(0);
  const local = Math.max(dragged, progress);
  return (
    <span
      className="squeeze-card"
      data-testid="squeeze-card"
      onPointerDown={(e) => {
        start.current = e.clientY;
        (e.target as HTMLElement).setPointerCapture?.(e.pointerId);
      }}
      onPointerMove={(e) => {
        if (start.current === null) return;
        const p = Math.min(1, Math.max(0, (start.current - e.clientY) / 120));
        if (p > local + 0.05) {
          setDragged(p);
          onProgress(p >= 0.9 ? 1 : p);
        }
      }}
      onPointerUp={() => {
        start.current = null;
      }}
    >
      <PlayingCard card={null} progress={local} />
      <button type="button" className="button small" onClick={() => onProgress(1)}>
        {t('SQUEEZE_REVEAL')}
      </button>
    </span>
  );
}

export function Hands({
  game,
  cards,
  squeezeIndex,
  onSqueeze,
}: {
  game: string;
  cards: DealtCard[];
  squeezeIndex: (i: number) => boolean; // this player may squeeze card i
  onSqueeze: (i: number, progress: number) => void;
}) {
  const { t } = useTranslation();
  return (
    <div className={`hands hands-${game}`}>
      {HANDS[game]!.map((hand) => {
        const mine = cards.map((c, i) => ({ ...c, i })).filter((c) => c.hand === hand);
        const total = handTotal(mine.map((c) => (c.card ? parseCard(c.card) : null)));
        return (
          <div key={hand} className={`hand hand-${hand}`} data-hand={hand}>
            <h2>
              {handName(t, hand)}
              {game === 'baccarat' && mine.length > 0 && (
                <span className="hand-total" data-testid={`total-${hand}`}>
                  {total}
                </span>
              )}
            </h2>
            <div className="hand-cards">
              {mine.map((c) =>
                !c.card && squeezeIndex(c.i) ? (
                  <SqueezeCard
                    key={c.i}
                    progress={c.progress}
                    onProgress={(p) => onSqueeze(c.i, p)}
                  />
                ) : (
                  <PlayingCard key={c.i} card={c.card} progress={c.progress} />
                ),
              )}
            </div>
          </div>
        );
      })}
    </div>
  );
}

export const BetSpots = memo(function BetSpots({
  spots,
  main,
  totals,
  chipIndex,
  currency,
  open,
  winner,
  onPlace,
}: {
  spots: SpotLimit[];
  main: string[];
  totals: Map<string, Units>;
  chipIndex: (value: Units) => number;
  currency: CurrencyStyle;
  open: boolean;
  winner: string | null;
  onPlace: (spot: string) => void;
}) {
  const { t } = useTranslation();
  const arrowKeys = useArrowKeys();
  const codes = spots.map((s) => s.kind.toUpperCase());
  const rows = [main.filter((c) => codes.includes(c)), codes.filter((c) => !main.includes(c))];
  return (
    <div
      className={`card-spots ${open ? 'open' : 'closed'}`}
      data-testid="card-spots"
      ref={arrowKeys}
    >
      {rows.map((row, r) => (
        <div key={r} className={`spot-row ${r === 0 ? 'main' : 'side'}`}>
          {row.map((code) => {
            const spot = spots.find((s) => s.kind.toUpperCase() === code)!;
            const name = spotName(t, code);
            const pays = paysText(t, spot);
            return (
              <SpotButton
                key={code}
                code={code}
                name={name}
                pays={pays}
                amount={totals.get(code) ?? 0}
                chipIndex={chipIndex}
                currency={currency}
                open={open}
                won={winner === code}
                className={`card-spot spot-${code.toLowerCase()}`}
                onPlace={onPlace}
              >
                <span className="spot-name">{name}</span>
                <span className="spot-pays">{pays}</span>
              </SpotButton>
            );
          })}
        </div>
      ))}
    </div>
  );
});

function Grid({
  cells,
  rows,
  kind,
  testId,
  label,
}: {
  cells: RoadCell[];
  rows: number;
  kind: 'bead' | 'big' | 'derived';
  testId: string;
  label: string;
}) {
  const { t } = useTranslation();
  const cols = Math.max(kind === 'derived' ? 12 : 20, ...cells.map((c) => c.col + 1));
  const size = kind === 'derived' ? '0.6rem' : '1.15rem';
  return (
    <div
      className={`road road-${kind}`}
      data-testid={testId}
      role="img"
      aria-label={label}
      {...SCROLLER}
      style={{
        gridTemplateColumns: `repeat(${cols}, ${size})`,
        gridTemplateRows: `repeat(${rows}, ${size})`,
      }}
    >
      {cells.map((c, i) => (
        <span
          key={i}
          className={`road-cell ${c.winner ? `w-${c.winner}` : ''} ${c.colour ? `c-${c.colour}` : ''}`}
          style={{ gridColumn: c.col + 1, gridRow: c.row + 1 }}
          data-winner={c.winner ?? c.colour}
        >
          {kind === 'bead' && c.winner
            ? t(`SIDE_SHORT_${winnerOf(c.winner, 'baccarat')}` as 'SIDE_SHORT_player')
            : c.ties
              ? c.ties
              : ''}
        </span>
      ))}
    </div>
  );
}

export function RoadsPanel({ roads }: { roads: Roads | null }) {
  const { t } = useTranslation();
  if (!roads) return null;
  const ask = (side: 'askPlayer' | 'askBanker', name: string) => (
    <span className={`ask ${side}`} data-testid={side}>
      {name}
      {(['bigEyeBoy', 'smallRoad', 'cockroachPig'] as const).map((r) => (
        <span key={r} className={`ask-mark c-${roads[side][r] ?? 'none'}`} />
      ))}
    </span>
  );
  return (
    <section className="roads tp-extra" aria-label={t('ROADS')} data-testid="roads" {...SCROLLER}>
      <Grid
        cells={roads.beadPlate}
        rows={roads.rows}
        kind="bead"
        testId="bead-plate"
        label={t('ROAD_BEAD')}
      />
      <Grid
        cells={roads.bigRoad.cells}
        rows={roads.rows}
        kind="big"
        testId="big-road"
        label={t('ROAD_BIG')}
      />
      <div className="derived">
        <Grid
          cells={roads.bigEyeBoy}
          rows={roads.rows}
          kind="derived"
          testId="big-eye-boy"
          label={t('ROAD_BIG_EYE')}
        />
        <Grid
          cells={roads.smallRoad}
          rows={roads.rows}
          kind="derived"
          testId="small-road"
          label={t('ROAD_SMALL')}
        />
        <Grid
          cells={roads.cockroachPig}
          rows={roads.rows}
          kind="derived"
          testId="cockroach-pig"
          label={t('ROAD_COCKROACH')}
        />
      </div>
      <p className="road-stats" data-testid="shoe-stats">
        {t('ROAD_STATS', {
          player: roads.stats.player ?? 0,
          banker: roads.stats.banker ?? 0,
          tie: roads.stats.tie ?? 0,
          playerPair: roads.stats.playerPair ?? 0,
          bankerPair: roads.stats.bankerPair ?? 0,
          natural: roads.stats.natural ?? 0,
        })}
        {ask('askPlayer', t('ASK_PLAYER'))}
        {ask('askBanker', t('ASK_BANKER'))}
      </p>
    </section>
  );
}

export interface AbStats {
  numberOfGames: number;
  andar: number;
  bahar: number;
  jokerRed: number;
  jokerBlack: number;
  cardsDealt: { range: string; count: number }[];
}

export function AbStatsPanel({ stats }: { stats: AbStats | null }) {
  const { t } = useTranslation();
  if (!stats) return null;
  const pct = (n: number) =>
    stats.numberOfGames > 0 ? Math.round((100 * n) / stats.numberOfGames) : 0;
  return (
    <section
      className="ab-stats tp-extra"
      aria-label={t('STATS_TITLE')}
      data-testid="ab-stats"
      {...SCROLLER}
    >
      <h2>{t('AB_STATS_TITLE', { count: stats.numberOfGames })}</h2>
      <dl>
        <dt>{t('CARD_SPOT_ANDAR')}</dt>
        <dd data-testid="ab-andar" data-count={stats.andar}>
          {stats.andar} ({pct(stats.andar)}%)
        </dd>
        <dt>{t('CARD_SPOT_BAHAR')}</dt>
        <dd data-testid="ab-bahar" data-count={stats.bahar}>
          {stats.bahar} ({pct(stats.bahar)}%)
        </dd>
        <dt>{t('AB_JOKER_RED')}</dt>
        <dd>{stats.jokerRed}</dd>
        <dt>{t('AB_JOKER_BLACK')}</dt>
        <dd>{stats.jokerBlack}</dd>
      </dl>
      <ul className="ab-ranges">
        {stats.cardsDealt.map((r) => (
          <li key={r.range} data-range={r.range} data-count={r.count}>
            <span>{t('AB_CARDS', { range: r.range })}</span>
            <span className="bar" style={{ width: `${pct(r.count)}%` }} />
            <span>{r.count}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** Help for a card table: its rules, and its live limits with every spot's payout. */
export function CardHelpPopup({
  table,
  currency,
  onClose,
}: {
  table: TableConfig;
  currency: CurrencyStyle;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const rules = table.game === 'baccarat' && table.variant === 'super6' ? 'super6' : table.game;
  return (
    <Popup
      title={t('HELP_TITLE', { table: table.name })}
      onClose={onClose}
      testId="card-help"
      actions={<HelpActions tableId={table.tableId} onClose={onClose} />}
    >
      <p>{t(`HELP_${rules}` as 'HELP_baccarat')}</p>
      {table.squeeze && <p>{t('HELP_squeeze')}</p>}
      <LimitsSummary min={table.limits.min} max={table.limits.max} currency={currency} />
      <LimitsTable
        spots={table.limits.spots}
        currency={currency}
        name={(kind) => t(`CARD_SPOT_${kind.toUpperCase()}` as 'CARD_SPOT_PLAYER')}
      />
      {!table.limits.oppositeBetsAllowed && <p>{t('LIMITS_OPPOSITE_NOT_ALLOWED')}</p>}
    </Popup>
  );
}
