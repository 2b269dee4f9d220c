// What a roulette table shows, derived from its events (docs/protocol.md) by a pure
// reducer: the round, the result, the player's own win and the recent numbers (lib/table/
// results, reading each result's pocket), and the multipliers of mega and power-up rounds.
import type { ServerMessage } from '../../lib/realtime/realtime';
import {
  type Drawn,
  type ResultsView,
  initialResults,
  resultsReducer,
} from '../../lib/table/results';
import { parsePocket } from './wheel';

export { secondsLeft } from '../../lib/table/round';
export type { Seat } from '../../lib/table/round';

export type RecentResult = Drawn<{ number: number }>;

/** A straight-up multiplier: `x` 0 marks a powered number whose multiplier is not drawn yet. */
export interface Multiplier {
  number: number;
  x: number;
}

export interface TableView extends ResultsView<{ number: number }> {
  multipliers: Multiplier[]; // announced after bets close (mega lucky, power-up powered)
  resultMultiplier: Multiplier | null; // the multiplier the result pays, if any
}

export const initialView: TableView = {
  ...initialResults<{ number: number }>(),
  multipliers: [],
  resultMultiplier: null,
};

/** A result label ("17", "00") as a pocket; NaN for anything else. */
export function pocketOf(label: unknown): number {
  return typeof label === 'string' ? (parsePocket(label) ?? NaN) : NaN;
}

function multipliersOf(list: unknown): Multiplier[] {
  if (!Array.isArray(list)) return [];
  return (list as { spot?: unknown; x?: unknown }[])
    .map((m) => ({
      number: pocketOf(String(m.spot ?? '').replace(/^STRAIGHT_/, '')),
      x: typeof m.x === 'number' ? m.x : 0,
    }))
    .filter((m) => !Number.isNaN(m.number));
}

const resultOf = (label: string) => ({ number: pocketOf(label) });

export function tableReducer(view: TableView, m: ServerMessage, localNow: number): TableView {
  const v = resultsReducer(view, m, localNow, resultOf);
  switch (m.type) {
    case 'resync':
      return { ...v, multipliers: multipliersOf(m.multipliers), resultMultiplier: null };
    case 'betsopen':
      return { ...v, multipliers: [], resultMultiplier: null };
    case 'multipliers':
      return { ...v, multipliers: multipliersOf(m.multipliers) };
    case 'gameresult':
      return {
        ...v,
        multipliers: Array.isArray(m.multipliers) ? multipliersOf(m.multipliers) : v.multipliers,
        resultMultiplier: multipliersOf(m.resultMultipliers)[0] ?? null,
      };
    default:
      return v;
  }
}
