// The betting layout: the numbers, zero and the outside bets, with a hit area for every
// spot of the European table (straights on numbers; splits, corners, streets and six
// lines on the lines between them). Pointing at a spot lights the numbers it covers.
// Every spot is a keyboard-reachable button with a spoken name. Horizontal on wide
// screens; vertical (zero at the top) on portrait phones. The grid fills the box it is
// given: its cells stretch to the box's shape (taller or flatter than square), so a phone
// gets every row it can fit rather than a square grid scaled down to a strip. A chip on a
// spot sits in its corner, under the spot's label, which stays readable.
import { memo, useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';

import { type Units, formatMoney } from '../../lib/format/money';
import type { CurrencyStyle } from '../../lib/format/money';
import { chipText } from '../../lib/format/chips';
import { DOUBLE_ZERO } from './wheel';
import { spotName } from './names';
import {
  type GridSpot,
  colourOf,
  coveredNumbers,
  insideSpots,
  kindOf,
  outsideSpots,
} from './spots';
import { useArrowKeys } from '../../lib/a11y/keyboard';

export type GridLayout = 'horizontal' | 'vertical';

interface Rect {
  x: number;
  y: number;
  w: number;
  h: number;
}

/** Horizontal grid units to the layout's units. */
function place(r: Rect, layout: GridLayout): Rect {
  if (layout === 'horizontal') return r;
  return { x: 3 - (r.y + r.h), y: r.x + 1, w: r.h, h: r.w };
}

/** Cells may stretch to the box's shape, within these bounds (height / width). */
const STRETCH_MIN = 0.55;
const STRETCH_MAX = 2.6;

/** The spots that lie on the lines between cells rather than being cells. */
const EDGE_KINDS = new Set(['split', 'corner', 'street', 'line', 'trio', 'basket', 'topline']);

function centre(s: GridSpot): Rect {
  return { x: s.x - s.w / 2, y: s.y - s.h / 2, w: s.w, h: s.h };
}

const NUMBER_CELLS: { n: number; rect: Rect }[] = Array.from({ length: 36 }, (_, i) => {
  const n = i + 1;
  return { n, rect: { x: Math.floor(i / 3), y: 2 - (i % 3), w: 1, h: 1 } };
});

/** The printed words of the outside spots (their keys); the rest print figures. */
const OUTSIDE_LABELS: Record<string, string> = {
  COLUMN_1: '2:1',
  COLUMN_2: '2:1',
  COLUMN_3: '2:1',
  LOW: '1-18',
  HIGH: '19-36',
};
const OUTSIDE_WORDS = {
  DOZEN_1: 'GRID_DOZEN_1',
  DOZEN_2: 'GRID_DOZEN_2',
  DOZEN_3: 'GRID_DOZEN_3',
  EVEN: 'GRID_EVEN',
  ODD: 'GRID_ODD',
} as const;

export interface BettingGridProps {
  layout: GridLayout;
  totals: Map<string, Units>;
  chipIndex: (value: Units) => number;
  currency: CurrencyStyle;
  open: boolean; // bets open: spots look live
  winning: number | null;
  onPlace: (spot: string) => void;
  wheel?: 'european' | 'american';
  // Straight-up multipliers on show (mega's lucky numbers; 0 marks a powered number).
  multipliers?: ReadonlyMap<number, number>;
}

export const BettingGrid = memo(function BettingGrid(props: BettingGridProps) {
  const { layout, totals, chipIndex, currency, open, winning, onPlace } = props;
  const wheel = props.wheel ?? 'european';
  const multipliers = props.multipliers;
  const { t } = useTranslation();
  const arrowKeys = useArrowKeys();
  const [hover, setHover] = useState<string | null>(null);
  // The box the grid fills, measured; until then (and in tests) square cells.
  const [box, setBox] = useState<{ w: number; h: number } | null>(null);
  const measure = useCallback((el: HTMLDivElement | null) => {
    if (!el || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(([entry]) => {
      const { width, height } = entry!.contentRect;
      if (width > 0 && height > 0) setBox({ w: width, h: height });
    });
    observer.observe(el);
    return () => observer.disconnect();
  }, []);
  const lit = useMemo(() => new Set(hover ? coveredNumbers(hover) : []), [hover]);
  // Cells first, then the spots on their lines, drawn (and hit) over the cells' edges.
  const spots = useMemo(() => {
    const all = [...outsideSpots(), ...insideSpots(wheel)];
    const onLine = (s: GridSpot) => EDGE_KINDS.has(kindOf(s.code) ?? '');
    return [...all.filter((s) => !onLine(s)), ...all.filter(onLine)];
  }, [wheel]);
  const zeros: { n: number; label: string; rect: Rect }[] =
    wheel === 'american'
      ? [
          { n: DOUBLE_ZERO, label: '00', rect: { x: -1, y: 0, w: 1, h: 1.5 } },
          { n: 0, label: '0', rect: { x: -1, y: 1.5, w: 1, h: 1.5 } },
        ]
      : [{ n: 0, label: '0', rect: { x: -1, y: 0, w: 1, h: 3 } }];
  const numberCells = [
    ...zeros,
    ...NUMBER_CELLS.map(({ n, rect }) => ({ n, label: String(n), rect })),
  ];
  const [vx, vy, vw, vh] =
    layout === 'horizontal' ? [-1.06, -0.06, 14.12, 5.12] : [-2.06, -0.06, 5.12, 14.12];
  const stretch = box
    ? Math.min(STRETCH_MAX, Math.max(STRETCH_MIN, (box.h / box.w) * (vw / vh)))
    : 1;
  const view = `${vx} ${vy * stretch} ${vw} ${vh * stretch}`;
  const font = 0.36 * Math.min(1, stretch);
  /** A rectangle of the horizontal grid, placed in the layout and stretched to the box. */
  const at = (r: Rect): Rect => {
    const p = place(r, layout);
    return { x: p.x, y: p.y * stretch, w: p.w, h: p.h * stretch };
  };
  // Labels are drawn last, over the chips.
  const labels: React.ReactNode[] = [];

  const cell = (
    key: string,
    r: Rect,
    fill: string,
    text: string,
    textFill: string,
    highlighted: boolean,
  ) => {
    const p = at(r);
    const cx = p.x + p.w / 2;
    const cy = p.y + p.h / 2;
    // Labels of tall, narrow cells (outside bets on the vertical layout) run upwards.
    const upright = p.h > p.w * 1.5 && text.length > 2;
    labels.push(
      <text
        key={`label-${key}`}
        x={cx}
        y={cy}
        className="cell-label"
        fill={textFill}
        fontSize={
          upright
            ? Math.min(0.36, p.w * 0.4)
            : Math.min(font, p.w / Math.max(2, text.length * 0.62))
        }
        transform={upright ? `rotate(-90 ${cx} ${cy})` : undefined}
        data-label-of={key}
      >
        {text}
      </text>,
    );
    return (
      <rect
        key={key}
        x={p.x}
        y={p.y}
        width={p.w}
        height={p.h}
        className={`cell ${highlighted ? 'lit' : ''}`}
        fill={fill}
        stroke="rgba(255,255,255,0.75)"
        strokeWidth={0.03}
      />
    );
  };

  return (
    <div className="grid-box" ref={measure}>
      <svg
        className={`betting-grid ${layout} ${open ? 'open' : 'closed'}`}
        viewBox={view}
        role="group"
        aria-label={t('PLACE_YOUR_BETS')}
        data-testid="betting-grid"
        ref={arrowKeys}
      >
        {numberCells.map(({ n, label, rect }) =>
          cell(
            `n${n}`,
            rect,
            colourOf(n) === 'green' ? '#1f8f4e' : colourOf(n) === 'red' ? '#c8262b' : '#16181d',
            label,
            '#fff',
            lit.has(n) || winning === n,
          ),
        )}
        {multipliers &&
          numberCells
            .filter(({ n }) => multipliers.has(n))
            .map(({ n, rect }) => {
              const p = at(rect);
              const x = multipliers.get(n)!;
              return (
                <g key={`x-${n}`} className="multiplier" data-multiplier={n} pointerEvents="none">
                  <rect
                    x={p.x + 0.04}
                    y={p.y + 0.04}
                    width={p.w - 0.08}
                    height={p.h - 0.08}
                    fill="none"
                    stroke="#f5c542"
                    strokeWidth={0.07}
                    rx={0.08}
                  />
                  <text
                    x={p.x + p.w / 2}
                    y={p.y + p.h - 0.16}
                    className="multiplier-label"
                    fontSize={0.2}
                    fill="#f5c542"
                  >
                    {x > 0 ? `${x}x` : '⚡'}
                  </text>
                </g>
              );
            })}
        {outsideSpots().map((s) => {
          const r = centre(s);
          if (s.code === 'RED' || s.code === 'BLACK') {
            const p = at(r);
            const cx = p.x + p.w / 2;
            const cy = p.y + p.h / 2;
            const dx = Math.min(p.w, p.h) * 0.42;
            return (
              <g key={s.code}>
                <rect
                  x={p.x}
                  y={p.y}
                  width={p.w}
                  height={p.h}
                  className="cell"
                  fill="transparent"
                  stroke="rgba(255,255,255,0.75)"
                  strokeWidth={0.03}
                />
                <polygon
                  points={`${cx - dx},${cy} ${cx},${cy - dx * 0.7} ${cx + dx},${cy} ${cx},${cy + dx * 0.7}`}
                  fill={s.code === 'RED' ? '#c8262b' : '#16181d'}
                  stroke="#fff"
                  strokeWidth={0.02}
                />
              </g>
            );
          }
          const word = OUTSIDE_WORDS[s.code as keyof typeof OUTSIDE_WORDS];
          const printed = word ? t(word) : (OUTSIDE_LABELS[s.code] ?? s.code);
          return cell(s.code, r, 'transparent', printed, '#fff', false);
        })}
        {spots.map((s) => {
          const p = at(centre(s));
          const label = spotName(t, s.code);
          return (
            <rect
              key={`hit-${s.code}`}
              className="spot"
              x={p.x}
              y={p.y}
              width={p.w}
              height={p.h}
              fill="transparent"
              role="button"
              aria-label={label}
              aria-disabled={!open}
              data-spot={s.code}
              data-edge={EDGE_KINDS.has(kindOf(s.code) ?? '') ? '' : undefined}
              onPointerEnter={() => setHover(s.code)}
              onPointerLeave={() => setHover((h) => (h === s.code ? null : h))}
              onFocus={() => setHover(s.code)}
              onBlur={() => setHover((h) => (h === s.code ? null : h))}
              onClick={() => onPlace(s.code)}
              onKeyDown={(e) => {
                if (e.key === 'Enter' || e.key === ' ') {
                  e.preventDefault();
                  onPlace(s.code);
                }
              }}
            >
              <title>{label}</title>
            </rect>
          );
        })}
        {spots
          .filter((s) => (totals.get(s.code) ?? 0) > 0)
          .map((s) => {
            const amount = totals.get(s.code)!;
            const p = at(centre(s));
            // In the cell's top corner at the inline end (a cell's label is centred); a spot
            // on a line keeps its chip on the line.
            const edge = EDGE_KINDS.has(kindOf(s.code) ?? '');
            const r = 0.24 * Math.min(1, stretch);
            const cx = edge ? p.x + p.w / 2 : p.x + p.w - r - 0.03;
            const cy = edge ? p.y + p.h / 2 : p.y + r + 0.03;
            return (
              <g
                key={`chip-${s.code}`}
                className="placed-chip"
                data-chip-spot={s.code}
                data-amount={formatMoney(amount, currency, { hideCurrency: true })}
                pointerEvents="none"
              >
                <circle
                  cx={cx}
                  cy={cy}
                  r={r}
                  fill={`var(--chip-${chipIndex(amount) % 6})`}
                  stroke="#fff"
                  strokeWidth={0.05}
                  strokeDasharray="0.12 0.08"
                />
                <text
                  x={cx}
                  y={cy}
                  className="chip-label"
                  fontSize={(chipText(amount).length > 3 ? 0.15 : 0.19) * Math.min(1, stretch)}
                >
                  {chipText(amount)}
                </text>
              </g>
            );
          })}
        <g pointerEvents="none">{labels}</g>
      </svg>
    </div>
  );
});
