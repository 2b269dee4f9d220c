// The reels: one column per reel with its rows of symbols, each cell named for screen
// readers ("Cherry"); a reel still turning shows a blurred strip instead (and is busy);
// the winning lines drawn over the reels (a line through their cells, the paying cells
// lit, the line's number at its start).
import type { CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';

import type { LineWin, SlotConfig } from './model';
import { winCells } from './model';
import { SymbolArt, symbolName } from './Symbols';

/** A line's colour, by its number (wraps after 20). */
const LINE_COLOURS = [
  '#ffd54f',
  '#4fc3f7',
  '#ff8a65',
  '#aed581',
  '#ba68c8',
  '#f06292',
  '#4db6ac',
  '#fff176',
  '#90caf9',
  '#ffb74d',
  '#e57373',
  '#81c784',
  '#9575cd',
  '#4dd0e1',
  '#dce775',
  '#f48fb1',
  '#a1887f',
  '#7986cb',
  '#ffe082',
  '#80cbc4',
];

export function lineColour(line: number): string {
  return LINE_COLOURS[(line - 1) % LINE_COLOURS.length]!;
}

export interface ReelsProps {
  config: SlotConfig;
  grid: string[][];
  /** Per reel, whether it is drawn turning. */
  turning: boolean[];
  /** The winning lines drawn now. */
  lines: LineWin[];
  /** Waiting for an answer with motion off: the reels dim, nothing moves. */
  waiting: boolean;
}

export function Reels({ config, grid, turning, lines, waiting }: ReelsProps) {
  const { t } = useTranslation();
  const lit = new Set(lines.flatMap((w) => winCells(config, w).map(([r, row]) => `${r}:${row}`)));
  const x = (reel: number) => ((reel + 0.5) / config.reels) * 100;
  const y = (row: number) => ((row + 0.5) / config.rows) * 100;
  return (
    <div
      className="slot-reels"
      role="group"
      aria-label={t('SLOT_REELS')}
      data-testid="slot-reels"
      data-grid={grid.map((reel) => reel.join(',')).join('|')}
      data-waiting={waiting ? 'true' : undefined}
      style={{
        gridTemplateColumns: `repeat(${config.reels}, minmax(0, 1fr))`,
        aspectRatio: `${config.reels} / ${config.rows}`,
        width: `min(100cqw, 100cqh * ${config.reels} / ${config.rows})`,
      }}
    >
      {grid.map((reel, r) => (
        <div
          key={r}
          className="slot-reel"
          role="list"
          aria-label={t('SLOT_REEL', { n: r + 1 })}
          aria-busy={turning[r] ? 'true' : undefined}
          data-reel={r}
          data-turning={turning[r] ? 'true' : 'false'}
          style={{ gridTemplateRows: `repeat(${config.rows}, minmax(0, 1fr))` }}
        >
          {turning[r] ? (
            <div
              className="slot-strip"
              aria-hidden="true"
              style={
                {
                  '--cell': `${100 / config.rows}%`,
                  '--turn': `${(-100 * config.symbols.length) / config.rows}%`,
                } as CSSProperties
              }
            >
              {[...config.symbols, ...config.symbols].map((s, i) => (
                <SymbolArt key={i} symbol={s} />
              ))}
            </div>
          ) : (
            reel.map((symbol, row) => (
              <div
                key={row}
                role="listitem"
                className="slot-cell"
                data-symbol={symbol}
                data-row={row}
                data-lit={lit.has(`${r}:${row}`) ? 'true' : undefined}
                style={{ gridRow: row + 1 }}
              >
                <SymbolArt symbol={symbol} />
                <span className="sr-only">{symbolName(t, symbol)}</span>
              </div>
            ))
          )}
        </div>
      ))}
      {lines.length > 0 && (
        <svg
          className="slot-lines"
          viewBox="0 0 100 100"
          preserveAspectRatio="none"
          aria-hidden="true"
          data-testid="slot-lines"
        >
          {lines.map((w) => {
            const rows = config.paylines[w.line - 1] ?? [];
            return (
              <polyline
                key={w.line}
                data-line={w.line}
                points={rows.map((row, reel) => `${x(reel)},${y(row)}`).join(' ')}
                stroke={lineColour(w.line)}
                vectorEffect="non-scaling-stroke"
              />
            );
          })}
        </svg>
      )}
      {lines.map((w) => {
        const row = config.paylines[w.line - 1]?.[0] ?? 0;
        return (
          <span
            key={w.line}
            className="slot-line-badge"
            aria-hidden="true"
            data-line={w.line}
            style={{ top: `${y(row)}%`, background: lineColour(w.line) }}
          >
            {w.line}
          </span>
        );
      })}
    </div>
  );
}
