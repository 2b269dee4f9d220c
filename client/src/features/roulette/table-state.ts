// What a roulette table shows, derived from its events (docs/protocol.md) by a pure
// reducer: the round and its state, the countdown's end in server time, the result,
// the player's own win and the recent numbers.
import type { ServerMessage } from '../../lib/realtime/realtime';
import { type Units, units } from '../../lib/format/money';
import { parsePocket } from './wheel';

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

export interface Seat {
  seat: number;
  playerId: string | null;
  name: string | null;
}

export interface TableView {
  gameId: string;
  state: number; // SPEC section 4 round state
  betsOpen: boolean;
  closingSoon: boolean;
  endsAt: number | null; // server time (ms) when the current state ends
  spinMs: number | null;
  serverOffset: number; // server time minus local time
  result: RecentResult | null; // this round's result, once drawn
  myWin: { gameId: string; stake: Units; win: Units } | null;
  recent: RecentResult[]; // newest first
  cancelled: string | null; // a round that was refunded
  closed: boolean; // table_closed
  ready: boolean; // the first state has arrived
  multipliers: Multiplier[]; // announced after bets close (mega lucky, power-up powered)
  resultMultiplier: Multiplier | null; // the multiplier the result pays, if any
  specialBall: { spinner: string | null; youSpin: boolean } | null;
  seats: Seat[]; // private tables
}

export const initialView: TableView = {
  gameId: '',
  state: 0,
  betsOpen: false,
  closingSoon: false,
  endsAt: null,
  spinMs: null,
  serverOffset: 0,
  result: null,
  myWin: null,
  recent: [],
  cancelled: null,
  closed: false,
  ready: false,
  multipliers: [],
  resultMultiplier: null,
  specialBall: null,
  seats: [],
};

const num = (v: unknown): number | null => (typeof v === 'number' ? v : null);

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

function specialBallOf(m: ServerMessage): TableView['specialBall'] {
  if (m.specialBall !== true) return null;
  return {
    spinner: typeof m.spinner === 'string' ? m.spinner : null,
    youSpin: m.youSpin === true,
  };
}

function seatsOf(list: unknown): Seat[] {
  if (!Array.isArray(list)) return [];
  return (list as { seat: number; playerId?: string; name?: string }[]).map((s) => ({
    seat: s.seat,
    playerId: s.playerId ?? null,
    name: s.playerId ? (s.name ?? '') : null,
  }));
}

function withRecent(recent: RecentResult[], r: RecentResult): RecentResult[] {
  if (recent[0]?.gameId === r.gameId) return recent;
  return [r, ...recent].slice(0, RECENT_MAX);
}

export function tableReducer(view: TableView, m: ServerMessage, localNow: number): TableView {
  const ts = num(m.ts);
  const v: TableView = ts !== null ? { ...view, serverOffset: ts - localNow } : { ...view };
  const gameId = typeof m.gameId === 'string' ? m.gameId : v.gameId;
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
        gameId,
        state: Number(m.state),
        betsOpen: m.betsOpen === true,
        closingSoon: false,
        endsAt: num(m.endsAt),
        spinMs: null,
        result,
        myWin: v.myWin?.gameId === gameId ? v.myWin : null,
        recent,
        closed: false,
        ready: true,
        multipliers: multipliersOf(m.multipliers),
        resultMultiplier: null,
        specialBall: specialBallOf(m),
        seats: Array.isArray(m.seats) ? seatsOf(m.seats) : v.seats,
      };
    }
    case 'betsopen':
      return {
        ...v,
        gameId,
        state: 2,
        betsOpen: true,
        closingSoon: false,
        endsAt: num(m.endsAt),
        spinMs: null,
        result: null,
        cancelled: null,
        closed: false,
        ready: true,
        multipliers: [],
        resultMultiplier: null,
        specialBall: specialBallOf(m),
      };
    case 'multipliers':
      return { ...v, multipliers: multipliersOf(m.multipliers) };
    case 'seats':
      return { ...v, seats: seatsOf(m.seats) };
    case 'betsclosingsoon':
      return { ...v, closingSoon: true, endsAt: num(m.endsAt) ?? v.endsAt };
    case 'timer':
      return { ...v, endsAt: num(m.endsAt) ?? v.endsAt };
    case 'betsclosed':
      return { ...v, state: 3, betsOpen: false, closingSoon: false };
    case 'gamestate':
      return {
        ...v,
        state: Number(m.state),
        betsOpen: false,
        endsAt: num(m.endsAt),
        spinMs: num(m.spinMs) ?? v.spinMs,
      };
    case 'gameresult': {
      const result = { gameId, number: pocketOf(m.result) };
      const mine =
        typeof m.win === 'string' && typeof m.stake === 'string'
          ? { gameId, stake: units(m.stake), win: units(m.win) }
          : null;
      return {
        ...v,
        state: 24,
        betsOpen: false,
        result,
        recent: withRecent(v.recent, result),
        myWin: mine ?? v.myWin,
        multipliers: Array.isArray(m.multipliers) ? multipliersOf(m.multipliers) : v.multipliers,
        resultMultiplier: multipliersOf(m.resultMultipliers)[0] ?? null,
      };
    }
    case 'cancelround':
      return { ...v, state: 21, betsOpen: false, cancelled: gameId };
    case 'table_closed':
      return { ...v, betsOpen: false, closed: true };
    default:
      return view;
  }
}

/** Whole seconds left in the current state, from server time. */
export function secondsLeft(view: TableView, localNow: number): number | null {
  if (view.endsAt === null) return null;
  return Math.max(0, Math.ceil((view.endsAt - (localNow + view.serverOffset)) / 1000));
}
