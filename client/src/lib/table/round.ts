// A live table's round as every game shows it, derived from the table's events
// (docs/protocol.md) by a pure reducer: the round and its state, the countdown's end in
// server time, special-ball rounds, seats, a refunded round, a closed table. Each game
// adds its own result on top (roulette's pocket, a card table's hands).
import type { ServerMessage } from '../realtime/realtime';

export interface Seat {
  seat: number;
  playerId: string | null;
  name: string | null;
  avatar?: string; // the seated player's avatar (ui/Avatar), when they chose one
}

export interface RoundView {
  gameId: string;
  state: number; // SPEC section 4 round state
  betsOpen: boolean;
  closingSoon: boolean;
  endsAt: number | null; // server time (ms) when the current state ends
  spinMs: number | null;
  serverOffset: number; // server time minus local time
  cancelled: string | null; // a round that was refunded
  closed: boolean; // table_closed
  ready: boolean; // the first state has arrived
  specialBall: { spinner: string | null; youSpin: boolean } | null;
  seats: Seat[]; // private tables
}

export const initialRound: RoundView = {
  gameId: '',
  state: 0,
  betsOpen: false,
  closingSoon: false,
  endsAt: null,
  spinMs: null,
  serverOffset: 0,
  cancelled: null,
  closed: false,
  ready: false,
  specialBall: null,
  seats: [],
};

export const num = (v: unknown): number | null => (typeof v === 'number' ? v : null);

function specialBallOf(m: ServerMessage): RoundView['specialBall'] {
  if (m.specialBall !== true) return null;
  return {
    spinner: typeof m.spinner === 'string' ? m.spinner : null,
    youSpin: m.youSpin === true,
  };
}

function seatsOf(list: unknown): Seat[] {
  if (!Array.isArray(list)) return [];
  return (list as { seat: number; playerId?: string; name?: string; avatar?: string }[]).map(
    (s) => ({
      seat: s.seat,
      playerId: s.playerId ?? null,
      name: s.playerId ? (s.name ?? '') : null,
      ...(s.playerId && typeof s.avatar === 'string' ? { avatar: s.avatar } : {}),
    }),
  );
}

/** The round's part of an event; `view` itself when the event says nothing about it. */
export function roundReducer<V extends RoundView>(view: V, m: ServerMessage, localNow: number): V {
  const ts = num(m.ts);
  const v: V = ts !== null ? { ...view, serverOffset: ts - localNow } : { ...view };
  const gameId = typeof m.gameId === 'string' ? m.gameId : v.gameId;
  switch (m.type) {
    case 'resync':
      return {
        ...v,
        gameId,
        state: Number(m.state),
        betsOpen: m.betsOpen === true,
        closingSoon: false,
        endsAt: num(m.endsAt),
        spinMs: null,
        closed: false,
        ready: true,
        specialBall: specialBallOf(m),
        seats: Array.isArray(m.seats) ? seatsOf(m.seats) : v.seats,
      };
    case 'betsopen':
      return {
        ...v,
        gameId,
        state: 2,
        betsOpen: true,
        closingSoon: false,
        endsAt: num(m.endsAt),
        spinMs: null,
        cancelled: null,
        closed: false,
        ready: true,
        specialBall: specialBallOf(m),
      };
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
    case 'gameresult':
      return { ...v, state: 24, betsOpen: false };
    case 'cancelround':
      return { ...v, state: 21, betsOpen: false, cancelled: gameId };
    case 'table_closed':
      return { ...v, betsOpen: false, closed: true };
    default:
      return view;
  }
}

/** Whole seconds left in the current state, from server time. */
export function secondsLeft(view: RoundView, localNow: number): number | null {
  if (view.endsAt === null) return null;
  return Math.max(0, Math.ceil((view.endsAt - (localNow + view.serverOffset)) / 1000));
}
