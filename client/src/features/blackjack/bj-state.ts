// What a blackjack table shows, derived from its events (docs/protocol.md, "Blackjack")
// by a pure reducer: the round (lib/table/round), the dealer, the seats and their hands,
// whose turn it is and until when, the insurance offer, the player's own bets behind and
// (one-hand infinite) own hands, the result, and auto-play. The `blackjack` event carries
// the whole round each time, so each one replaces what it names; a resync or a
// gameresult carries the same fields, at the top level or under `blackjack`.
import { type Units, parseAmount, roundToUnits } from '../../lib/format/money';
import type { ServerMessage } from '../../lib/realtime/realtime';
import { parseCard } from '../../lib/table/cards';
import { type RoundView, type Seat, initialRound, num, roundReducer } from '../../lib/table/round';

export type Outcome = 'blackjack' | 'win' | 'push' | 'lose' | 'bust';
const OUTCOMES: readonly string[] = ['blackjack', 'win', 'push', 'lose', 'bust'];

export interface BjHand {
  cards: string[];
  total: number;
  soft: boolean;
  stake: Units;
  doubled: boolean;
  split: boolean;
  done: boolean;
  outcome: Outcome | null; // once settled
  returned: Units | null; // what the hand gave back, stake included
}

/** A seat in the round, as everybody sees it. */
export interface BjSeat {
  seat: number;
  playerId: string | null;
  name: string;
  insurance: Units;
  behind: { players: number; total: Units } | null; // everybody's bets behind it
  hands: BjHand[];
}

export interface BjDealer {
  cards: string[];
  hidden: boolean; // the hole card is still face down
  total: number;
  soft: boolean;
}

/** Who decides now: a seat's hand (seated tables) or a step (one-hand infinite). */
export interface BjTurn {
  seat: number | null;
  hand: number;
  step: number | null;
  endsAt: number;
  decisionMs: number;
}

export interface BjBehind {
  seat: number;
  hands: BjHand[];
  insurance: Units;
}

/** One-hand infinite: the player's own hands. */
export interface BjYou {
  hands: BjHand[];
  active: number;
  decided: boolean; // this step
  insurance: Units;
}

export type AutoplayState = 'off' | 'running' | 'completed' | 'stopped';

export interface Autoplay {
  state: AutoplayState;
  roundsLeft: number;
  reason: string | null; // why it stopped: player, funds, limits
}

export interface BjResult {
  gameId: string;
  label: string; // "D 20", "D BJ", "D BUST"
}

export interface BjView extends RoundView {
  dealer: BjDealer;
  boxes: BjSeat[]; // the seats playing this round (RoundView.seats says who sits where)
  turn: BjTurn | null;
  insurance: { endsAt: number; insuranceMs: number } | null;
  behind: BjBehind[];
  you: BjYou | null;
  shared: string[];
  players: number;
  result: BjResult | null;
  myWin: { gameId: string; stake: Units; win: Units } | null;
  recent: BjResult[];
  answered: number[]; // seats whose insurance this player answered this round (0 at onebj)
  autoplay: Autoplay;
}

const noDealer: BjDealer = { cards: [], hidden: false, total: 0, soft: false };

export const initialBjView: BjView = {
  ...initialRound,
  dealer: noDealer,
  boxes: [],
  turn: null,
  insurance: null,
  behind: [],
  you: null,
  shared: [],
  players: 0,
  result: null,
  myWin: null,
  recent: [],
  answered: [],
  autoplay: { state: 'off', roundsLeft: 0, reason: null },
};

const RECENT_MAX = 20;

// ---- Card values ---------------------------------------------------------------------------

/** A card's value: ace 1 (counted 11 by handValue when it fits), tens and faces 10. */
export function cardValue(card: string): number {
  const face = parseCard(card);
  if (!face) return 0;
  if (face.rank === 'A') return 1;
  const n = Number(face.rank);
  return Number.isNaN(n) ? 10 : n;
}

/** A hand's total: one ace counts 11 when that does not pass 21, and the hand is soft. */
export function handValue(cards: string[]): { total: number; soft: boolean } {
  let total = 0;
  let aces = false;
  for (const c of cards) {
    const v = cardValue(c);
    total += v;
    if (v === 1) aces = true;
  }
  if (aces && total + 10 <= 21) return { total: total + 10, soft: true };
  return { total, soft: false };
}

export function isBlackjack(hand: Pick<BjHand, 'cards' | 'total' | 'split'>): boolean {
  return hand.cards.length === 2 && hand.total === 21 && !hand.split;
}

export type TotalLabel =
  | { kind: 'none' }
  | { kind: 'blackjack' }
  | { kind: 'bust'; total: number }
  | { kind: 'soft'; low: number; high: number }
  | { kind: 'hard'; total: number };

/**
 * What a hand's total reads: "Blackjack", "7/17" while a soft hand is still played, the
 * total alone once it is decided (or 21), "Bust" over 21.
 */
export function totalLabel(
  hand: Pick<BjHand, 'cards' | 'total' | 'soft' | 'split'>,
  final: boolean,
): TotalLabel {
  if (hand.cards.length === 0) return { kind: 'none' };
  if (isBlackjack(hand)) return { kind: 'blackjack' };
  if (hand.total > 21) return { kind: 'bust', total: hand.total };
  if (hand.soft && !final && hand.total < 21)
    return { kind: 'soft', low: hand.total - 10, high: hand.total };
  return { kind: 'hard', total: hand.total };
}

/** The decisions a hand allows (docs/games/blackjack.md): the server checks again. */
export function allowed(hand: BjHand, handsInSeat: number) {
  const open = !hand.done && hand.outcome === null;
  const two = hand.cards.length === 2;
  return {
    hit: open && hand.total < 21,
    stand: open,
    double: open && two && !hand.doubled,
    split:
      open &&
      two &&
      handsInSeat === 1 &&
      cardValue(hand.cards[0]!) === cardValue(hand.cards[1]!) &&
      !hand.split,
  };
}

// ---- Reading the events ----------------------------------------------------------------------

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);

function money(v: unknown): Units {
  if (typeof v === 'string') return parseAmount(v) ?? 0;
  if (typeof v === 'number') return roundToUnits(v);
  return 0;
}

function cardsOf(v: unknown): string[] {
  return Array.isArray(v) ? v.filter((c): c is string => typeof c === 'string') : [];
}

export function handOf(h: Obj): BjHand {
  const cards = cardsOf(h.cards);
  const value = handValue(cards);
  const outcome = typeof h.outcome === 'string' && OUTCOMES.includes(h.outcome) ? h.outcome : null;
  return {
    cards,
    total: typeof h.total === 'number' ? h.total : value.total,
    soft: typeof h.soft === 'boolean' ? h.soft : value.soft,
    stake: money(h.stake),
    doubled: h.doubled === true,
    split: h.split === true,
    done: h.done === true || outcome !== null,
    outcome: outcome as Outcome | null,
    returned: h.returned === undefined || h.returned === null ? null : money(h.returned),
  };
}

function handsOf(v: unknown): BjHand[] {
  return Array.isArray(v) ? v.filter(isObj).map(handOf) : [];
}

function seatOf(s: Obj): BjSeat {
  const behind = isObj(s.behind)
    ? { players: Number(s.behind.players) || 0, total: money(s.behind.total) }
    : null;
  return {
    seat: Number(s.seat),
    playerId: typeof s.playerId === 'string' && s.playerId !== '' ? s.playerId : null,
    name: typeof s.name === 'string' ? s.name : '',
    insurance: money(s.insurance),
    behind,
    hands: handsOf(s.hands),
  };
}

function dealerOf(d: Obj): BjDealer {
  const cards = cardsOf(d.cards);
  const value = handValue(cards);
  return {
    cards,
    hidden: d.hidden === true,
    total: typeof d.total === 'number' ? d.total : value.total,
    soft: typeof d.soft === 'boolean' ? d.soft : value.soft,
  };
}

function turnOf(t: unknown): BjTurn | null {
  if (!isObj(t)) return null;
  return {
    seat: num(t.seat),
    hand: num(t.hand) ?? 0,
    step: num(t.step),
    endsAt: num(t.endsAt) ?? 0,
    decisionMs: num(t.decisionMs) ?? 0,
  };
}

function autoplayOf(a: unknown, previous: Autoplay): Autoplay {
  if (!isObj(a)) return previous;
  const raw = String(a.state ?? '');
  const state: AutoplayState =
    raw === 'running' || raw === 'started'
      ? 'running'
      : raw === 'completed'
        ? 'completed'
        : raw === 'stopped'
          ? 'stopped'
          : previous.state;
  return {
    state,
    roundsLeft:
      num(a.roundsLeft) ?? num(a.rounds) ?? (state === 'running' ? previous.roundsLeft : 0),
    reason: typeof a.reason === 'string' ? a.reason : state === 'stopped' ? previous.reason : null,
  };
}

/** The round fields of a message (blackjack event, resync, gameresult), where present. */
function foldRound(v: BjView, r: Obj): BjView {
  const next = { ...v };
  if (isObj(r.dealer)) next.dealer = dealerOf(r.dealer);
  if (Array.isArray(r.seats)) next.boxes = r.seats.filter(isObj).map(seatOf);
  if ('turn' in r) next.turn = turnOf(r.turn);
  if ('insurance' in r)
    next.insurance = isObj(r.insurance)
      ? { endsAt: num(r.insurance.endsAt) ?? 0, insuranceMs: num(r.insurance.insuranceMs) ?? 0 }
      : null;
  if (Array.isArray(r.behind))
    next.behind = r.behind.filter(isObj).map((b) => ({
      seat: Number(b.seat),
      hands: handsOf(b.hands),
      insurance: money(b.insurance),
    }));
  if (isObj(r.you)) {
    next.you = {
      hands: handsOf(r.you.hands),
      active: num(r.you.active) ?? 0,
      decided: r.you.decided === true,
      insurance: money(r.you.insurance),
    };
    next.autoplay = autoplayOf(r.you.autoplay, next.autoplay);
  } else if ('you' in r) {
    next.you = null;
  }
  if (Array.isArray(r.shared)) next.shared = cardsOf(r.shared);
  if (typeof r.players === 'number') next.players = r.players;
  return next;
}

/** The round part of a message: `blackjack` when it nests it, else the message itself. */
function roundPart(m: ServerMessage): Obj {
  return isObj(m.blackjack) ? m.blackjack : m;
}

const emptyRound = {
  dealer: noDealer,
  boxes: [],
  turn: null,
  insurance: null,
  behind: [],
  you: null,
  shared: [],
  players: 0,
  result: null,
  answered: [],
} satisfies Partial<BjView>;

function withRecent(recent: BjResult[], r: BjResult): BjResult[] {
  if (recent[0]?.gameId === r.gameId) return recent;
  return [r, ...recent].slice(0, RECENT_MAX);
}

export function bjReducer(view: BjView, m: ServerMessage, localNow: number): BjView {
  const v = roundReducer(view, m, localNow);
  switch (m.type) {
    case 'resync': {
      const recent = Array.isArray(m.results)
        ? m.results.filter(isObj).map((r) => ({
            gameId: String(r.gameId),
            label: String(r.result ?? ''),
          }))
        : [];
      const base: BjView = {
        ...v,
        ...emptyRound,
        recent,
        myWin: v.myWin?.gameId === v.gameId ? v.myWin : null,
        result: typeof m.result === 'string' ? { gameId: v.gameId, label: m.result } : null,
        answered: v.gameId === view.gameId ? view.answered : [],
        autoplay: autoplayOf(m.autoplay, v.autoplay),
      };
      return foldRound(base, roundPart(m));
    }
    case 'betsopen':
      return {
        ...v,
        ...emptyRound,
        autoplay: autoplayOf(m.autoplay, v.autoplay),
      };
    case 'blackjack': {
      const ts = num(m.ts);
      const gameId = typeof m.gameId === 'string' ? m.gameId : v.gameId;
      const fresh = gameId !== v.gameId;
      const base: BjView = {
        ...v,
        ...(fresh ? emptyRound : {}),
        gameId,
        state: typeof m.state === 'number' ? m.state : v.state,
        betsOpen: typeof m.state === 'number' && m.state !== 2 ? false : v.betsOpen,
        serverOffset: ts !== null ? ts - localNow : v.serverOffset,
        ready: true,
      };
      return foldRound(base, roundPart(m));
    }
    case 'gameresult': {
      const result = { gameId: v.gameId, label: String(m.result ?? '') };
      const mine =
        typeof m.win === 'string' && typeof m.stake === 'string'
          ? { gameId: v.gameId, stake: money(m.stake), win: money(m.win) }
          : null;
      const settled = foldRound({ ...v, turn: null, insurance: null }, roundPart(m));
      return {
        ...settled,
        turn: null,
        insurance: null,
        result,
        myWin: mine ?? v.myWin,
        recent: withRecent(v.recent, result),
        autoplay: autoplayOf(m.autoplay, v.autoplay),
      };
    }
    case 'cancelround':
      return { ...v, turn: null, insurance: null };
    case 'decisionack': {
      // The player's own answer: insurance answered for that seat (0 at onebj).
      if (typeof m.code === 'number' || m.gameId !== v.gameId) return view;
      if (m.decision !== 'insurance' && m.decision !== 'no_insurance') return view;
      const seat = num(m.seat) ?? 0;
      return view.answered.includes(seat) ? view : { ...view, answered: [...view.answered, seat] };
    }
    case 'autoplayack':
      if (typeof m.code === 'number') return view;
      return { ...view, autoplay: autoplayOf(m, view.autoplay) };
    // The client's own: a seat taken or given up, as the server's seatack said, until
    // the next `seats` event says it for everybody.
    case 'seattaken':
    case 'seatleft': {
      const seat = num(m.seat);
      if (seat === null || seat < 1) return view;
      const taken = m.type === 'seattaken';
      const entry: Seat = {
        seat,
        playerId: taken ? String(m.playerId) : null,
        name: taken ? String(m.name ?? '') : null,
      };
      const others = view.seats.filter((x) => x.seat !== seat);
      if (!taken && others.length === view.seats.length) return view;
      return { ...view, seats: [...others, entry].sort((a, b) => a.seat - b.seat) };
    }
    default:
      return v;
  }
}

// ---- Questions the table asks ------------------------------------------------------------------

export interface Occupant {
  playerId: string;
  name: string;
  avatar?: string;
}

/**
 * Who sits in seat n: the `seats` list when the server sent one, else the round's seats.
 */
export function occupantOf(view: BjView, seat: number): Occupant | null {
  const list: Seat[] = view.seats;
  if (list.length > 0) {
    const s = list.find((x) => x.seat === seat);
    return s?.playerId
      ? { playerId: s.playerId, name: s.name ?? '', ...(s.avatar ? { avatar: s.avatar } : {}) }
      : null;
  }
  const b = view.boxes.find((x) => x.seat === seat);
  return b?.playerId ? { playerId: b.playerId, name: b.name } : null;
}

export function mySeats(view: BjView, me: string, seatCount: number): number[] {
  const out: number[] = [];
  for (let n = 1; n <= seatCount; n++) if (occupantOf(view, n)?.playerId === me) out.push(n);
  return out;
}

export interface MyDecision {
  seat: number | null; // null at onebj
  hand: number;
  current: BjHand;
  can: { hit: boolean; stand: boolean; double: boolean; split: boolean };
  endsAt: number;
}

/** The decision this player has to make now, if any (never while insurance is open). */
export function myDecision(
  view: BjView,
  me: string,
  oneHand: boolean,
  seatCount = 7,
): MyDecision | null {
  const turn = view.turn;
  if (!turn || view.insurance || view.state === 24 || view.state === 21) return null;
  if (oneHand) {
    const you = view.you;
    if (!you || you.decided) return null;
    const current = you.hands[you.active];
    if (!current || current.done) return null;
    return {
      seat: null,
      hand: you.active,
      current,
      can: allowed(current, you.hands.length),
      endsAt: turn.endsAt,
    };
  }
  if (turn.seat === null || !mySeats(view, me, seatCount).includes(turn.seat)) return null;
  const box = view.boxes.find((b) => b.seat === turn.seat);
  const current = box?.hands[turn.hand];
  if (!box || !current || current.done) return null;
  return {
    seat: turn.seat,
    hand: turn.hand,
    current,
    can: allowed(current, box.hands.length),
    endsAt: turn.endsAt,
  };
}

/** The insurance question this player still has to answer: for which seat (0 at onebj). */
export function myInsurance(
  view: BjView,
  me: string,
  oneHand: boolean,
  seatCount = 7,
): { seat: number | null; endsAt: number } | null {
  const offer = view.insurance;
  if (!offer) return null;
  if (oneHand) {
    const you = view.you;
    if (!you || you.hands.length === 0 || you.insurance > 0 || view.answered.includes(0))
      return null;
    return { seat: null, endsAt: offer.endsAt };
  }
  for (const seat of mySeats(view, me, seatCount)) {
    const box = view.boxes.find((b) => b.seat === seat);
    if (!box || box.hands.length === 0 || box.insurance > 0 || view.answered.includes(seat))
      continue;
    return { seat, endsAt: offer.endsAt };
  }
  return null;
}

/** Whole seconds until `endsAt` (server time), from the local clock and the offset. */
export function secondsUntil(endsAt: number, view: BjView, localNow: number): number {
  return Math.max(0, Math.ceil((endsAt - (localNow + view.serverOffset)) / 1000));
}

/** The dealer's result as the banner says it: a total, a blackjack or a bust. */
export function resultOf(
  label: string,
): { kind: 'total'; total: number } | { kind: 'bj' | 'bust' } {
  const rest = label.replace(/^D\s*/, '').trim().toUpperCase();
  if (rest === 'BJ') return { kind: 'bj' };
  if (rest === 'BUST') return { kind: 'bust' };
  return { kind: 'total', total: Number(rest) || 0 };
}
