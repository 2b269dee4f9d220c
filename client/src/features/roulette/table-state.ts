// What a roulette table shows, derived from its events (docs/protocol.md) by a pure
// reducer: the round (lib/table/round), the result, the player's own win, the recent
// numbers and the multipliers of mega and power-up rounds.
import { type Units, units } from '../../lib/format/money';
import type { ServerMessage } from '../../lib/realtime/realtime';
import { type RoundView, initialRound, roundReducer } from '../../lib/table/round';
import { parsePocket } from './wheel';

export { secondsLeft } from '../../lib/table/round';
export type { Seat } from '../../lib/table/round';

export const RECENT_MAX = 20;

export interface RecentResult {
  gameId: string;
  number: number;
}

/** A straight-up multiplier: `x` 0 marks a powered number whose multiplier is not drawn yet. */
export interface Multiplier {
  number: number;
  x: number;
}

export interface TableView extends RoundView {
  result: RecentResult | null; // this round's result, once drawn
  myWin: { gameId: string; stake: Units; win: Units } | null;
  recent: RecentResult[]; // newest first
  multipliers: Multiplier[]; // announced after bets close (mega lucky, power-up powered)
  resultMultiplier: Multiplier | null; // the multiplier the result pays, if any
}

export const initialView: TableView = {
  ...initialRound,
  result: null,
  myWin: null,
  recent: [],
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

function withRecent(recent: RecentResult[], r: RecentResult): RecentResult[] {
  if (recent[0]?.gameId === r.gameId) return recent;
  return [r, ...recent].slice(0, RECENT_MAX);
}

export function tableReducer(view: TableView, m: ServerMessage, localNow: number): TableView {
  const v = roundReducer(view, m, localNow);
  const gameId = v.gameId;
  switch (m.type) {
    case 'resync': {
      const recent = Array.isArray(m.results)
        ? (m.results as { gameId: string; result: string }[]).map((r) => ({
            gameId: r.gameId,
            number: pocketOf(r.result),
          }))
        : [];
      const result = typeof m.result === 'string' ? { gameId, number: pocketOf(m.result) } : null;
      return {
        ...v,
        result,
        myWin: v.myWin?.gameId === gameId ? v.myWin : null,
        recent,
        multipliers: multipliersOf(m.multipliers),
        resultMultiplier: null,
      };
    }
    case 'betsopen':
      return { ...v, result: null, multipliers: [], resultMultiplier: null };
    case 'multipliers':
      return { ...v, multipliers: multipliersOf(m.multipliers) };
    case 'gameresult': {
      const gid = typeof m.gameId === 'string' ? m.gameId : gameId;
      const result = { gameId: gid, number: pocketOf(m.result) };
      const mine =
        typeof m.win === 'string' && typeof m.stake === 'string'
          ? { gameId: gid, stake: units(m.stake), win: units(m.win) }
          : null;
      return {
        ...v,
        result,
        recent: withRecent(v.recent, result),
        myWin: mine ?? v.myWin,
        multipliers: Array.isArray(m.multipliers) ? multipliersOf(m.multipliers) : v.multipliers,
        resultMultiplier: multipliersOf(m.resultMultipliers)[0] ?? null,
      };
    }
    default:
      return v;
  }
}
