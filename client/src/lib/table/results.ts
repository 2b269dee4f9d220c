// A table whose round ends in one drawn result that its texts describe whole (roulette's
// pocket, sic bo's dice, a money wheel's segment), derived from its events by a pure reducer:
// the round (lib/table/round), this round's result once drawn, the player's win and the
// recent results. A game gives the parser that reads its outcome texts.
import { type Units, units } from '../format/money';
import type { ServerMessage } from '../realtime/realtime';
import { type RoundView, initialRound, roundReducer } from './round';

/** Recent results kept, newest first. */
export const RECENT_MAX = 20;

/** What the player got back in a round: the stake and the win (0 when nothing came back). */
export interface MyWin {
  gameId: string;
  stake: Units;
  win: Units;
}

/**
 * How a win should look beside its stake, 0 to 4: nothing back, part or all of the stake
 * back (0 or 1), a win up to twice the stake (1), up to ten times (2), up to fifty (3), more
 * (4). A €2 return on a €1 bet and €2,000 on €10 do not look the same.
 */
export function winTier(mine: { stake: Units; win: Units }): 0 | 1 | 2 | 3 | 4 {
  if (mine.win <= 0) return 0;
  const x = mine.stake > 0 ? mine.win / mine.stake : Infinity;
  if (x <= 2) return 1;
  if (x <= 10) return 2;
  if (x <= 50) return 3;
  return 4;
}

/** A game's result as it parses it, with the round it belongs to. */
export type Drawn<R> = R & { gameId: string };

export interface ResultsView<R> extends RoundView {
  result: Drawn<R> | null; // this round's result, once drawn
  myWin: MyWin | null;
  recent: Drawn<R>[]; // newest first
}

/**
 * Reads a result from its short label and its outcome text (`"136"` and `"136|316"`; the
 * outcome is the label itself when the server sends none); null when it is not one.
 */
export type ResultParser<R> = (label: string, outcome: string) => R | null;

export function initialResults<R>(): ResultsView<R> {
  return { ...initialRound, result: null, myWin: null, recent: [] };
}

function drawn<R>(parse: ResultParser<R>, gameId: string, raw: unknown): Drawn<R> | null {
  const o = (raw ?? {}) as { result?: unknown; outcome?: unknown };
  if (typeof o.result !== 'string') return null;
  const r = parse(o.result, typeof o.outcome === 'string' ? o.outcome : o.result);
  return r === null ? null : { ...r, gameId };
}

/** The player's own stake and win, which a gameresult carries for players who bet. */
export function myWinOf(m: ServerMessage, gameId: string): MyWin | null {
  return typeof m.win === 'string' && typeof m.stake === 'string'
    ? { gameId, stake: units(m.stake), win: units(m.win) }
    : null;
}

export function resultsReducer<R, V extends ResultsView<R>>(
  view: V,
  m: ServerMessage,
  localNow: number,
  parse: ResultParser<R>,
): V {
  const v = roundReducer(view, m, localNow);
  switch (m.type) {
    case 'resync': {
      const list = Array.isArray(m.results) ? (m.results as { gameId?: unknown }[]) : [];
      const recent = list
        .map((r) => drawn(parse, String(r.gameId ?? ''), r))
        .filter((r): r is Drawn<R> => r !== null);
      return {
        ...v,
        result: drawn(parse, v.gameId, m),
        myWin: v.myWin?.gameId === v.gameId ? v.myWin : null,
        recent,
      };
    }
    case 'betsopen':
      return { ...v, result: null };
    case 'gameresult': {
      const gameId = typeof m.gameId === 'string' ? m.gameId : v.gameId;
      const result = drawn(parse, gameId, m);
      if (!result) return v;
      const recent =
        v.recent[0]?.gameId === gameId ? v.recent : [result, ...v.recent].slice(0, RECENT_MAX);
      return { ...v, result, recent, myWin: myWinOf(m, gameId) ?? v.myWin };
    }
    default:
      return v;
  }
}
