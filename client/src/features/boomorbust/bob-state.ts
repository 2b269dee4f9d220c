// What a boom or bust table shows, derived by a pure reducer from the table's events (the
// round's and its results': lib/table/results, reading each outcome "4,4|16,25,33") and
// from what the page itself did (the `local:` actions: the BOOM stake its slip holds, a
// choice sent):
//
// - the show (`showstep`): the dice landed ("landed", index -1), then on doubles the
//   bonus's rolls (red, blue, the value and the total after it; 0 and 0 for a BUST) and
//   after each roll the choice to keep rolling or cash out, open until its `until`;
// - the player's part: whether they play the bonus (a stake on BOOM this round, or the
//   resync's show.in/out), the choices the server confirmed (`chooseack`), the one on its
//   way and the last refusal;
// - a resync's `show`, from which the whole bonus is rebuilt.
//
// Whether the player cashed out follows from these (cashedOut): the first choice closed
// with "cash", theirs or, when they made none, the default (keep while the total is 13 or
// less).
import { type Units } from '../../lib/format/money';
import type { ServerMessage } from '../../lib/realtime/realtime';
import { faceOf } from '../../lib/table/dice';
import { type ResultsView, initialResults, resultsReducer } from '../../lib/table/results';
import {
  type BoomResult,
  type BonusRoll,
  type Choice,
  MAX_ROLLS,
  type Pair,
  defaultChoice,
  parseBoomResult,
} from './grid';

/** A roll of the bonus as the show revealed it, with its step in the round's plan. */
export interface ShownRoll extends BonusRoll {
  index: number;
}

/** A choice the show opened: its step, the total it was offered at and its deadline. */
export interface ChooseStep {
  index: number;
  total: number;
  from: number; // server time (ms) it was seen open (its countdown's start)
  until: number; // server time (ms)
  options: string[];
}

/** The step on now. */
export interface Step {
  index: number;
  kind: 'reveal' | 'choose';
  what: string;
  until: number; // server time (ms)
}

export interface BoomShow {
  gameId: string;
  landed: Pair | null; // the first throw, when a show follows it
  bonus: boolean; // doubles started the Boom or Bust bonus
  rolls: ShownRoll[];
  chooses: ChooseStep[];
  step: Step | null; // null before the show and once it is over
  over: boolean; // the round's result came
  playersIn: number;
  stake: Units; // the player's stake on BOOM this round (the slip's)
  member: boolean | null; // the server says the player plays the bonus (resync); null: by stake
  leftByServer: boolean; // the resync's show.out
  choices: Record<number, Choice>; // by choose step: what the server holds for the player
  pending: { requestId: string; step: number; choice: Choice } | null;
  refusal: { step: number; code: number } | null;
}

export interface BoomView extends ResultsView<BoomResult> {
  show: BoomShow;
}

export function emptyShow(gameId: string): BoomShow {
  return {
    gameId,
    landed: null,
    bonus: false,
    rolls: [],
    chooses: [],
    step: null,
    over: false,
    playersIn: 0,
    stake: 0,
    member: null,
    leftByServer: false,
    choices: {},
    pending: null,
    refusal: null,
  };
}

export const initialBoomView: BoomView = { ...initialResults<BoomResult>(), show: emptyShow('') };

/** What the page did, for the reducer (not from the server). */
export type LocalAction =
  | { type: 'local:stake'; gameId: string; stake: Units }
  | { type: 'local:choose'; requestId: string; step: number; choice: Choice };

const num = (v: unknown, d = 0): number => (typeof v === 'number' && Number.isFinite(v) ? v : d);
const isChoice = (v: unknown): v is Choice => v === 'keep' || v === 'cash';

/** One showstep (an event's or a resync's) applied to the show. */
function applyStep(s: BoomShow, o: Record<string, unknown>, at: number): BoomShow {
  const index = num(o.index, NaN);
  if (!Number.isInteger(index)) return s;
  const values = Array.isArray(o.values) ? o.values : [];
  const until = num(o.until);
  const kind = o.kind === 'choose' ? 'choose' : 'reveal';
  const what = typeof o.what === 'string' ? o.what : '';
  const next: BoomShow = {
    ...s,
    bonus: s.bonus || o.bonus === 'boom',
    playersIn: num(o.playersIn, s.playersIn),
    step: { index, kind, what, until },
  };
  if (index === -1 || what === 'landed') {
    const red = faceOf(values[0]);
    const blue = faceOf(values[1]);
    return red && blue ? { ...next, landed: { red, blue } } : next;
  }
  if (kind === 'reveal' && what === 'roll') {
    const red = faceOf(values[0]);
    const blue = faceOf(values[1]);
    if (!red || !blue || s.rolls.some((r) => r.index === index)) return next;
    const roll: ShownRoll = { index, red, blue, value: num(values[2]), total: num(values[3]) };
    return { ...next, rolls: [...s.rolls, roll].sort((a, b) => a.index - b.index) };
  }
  if (kind === 'choose') {
    if (s.chooses.some((c) => c.index === index)) return next;
    const before = s.rolls.filter((r) => r.index < index).at(-1);
    const options = Array.isArray(o.options) ? o.options.map(String) : [];
    const c: ChooseStep = {
      index,
      total: before?.total ?? 0,
      from: Math.min(at, until),
      until,
      options,
    };
    return { ...next, chooses: [...s.chooses, c].sort((a, b) => a.index - b.index) };
  }
  return next;
}

/** A resync's show: the steps shown, the one on now, and the player's part. */
function restore(s: BoomShow, raw: unknown, over: boolean, at: number): BoomShow {
  if (!raw || typeof raw !== 'object') return { ...s, over };
  const o = raw as Record<string, unknown>;
  let show: BoomShow = {
    ...emptyShow(s.gameId),
    stake: s.stake,
    over,
    // A choice still on its way is answered after the resync, by its requestId.
    pending: s.pending,
  };
  const steps = Array.isArray(o.steps) ? (o.steps as Record<string, unknown>[]) : [];
  for (const step of steps) if (step && typeof step === 'object') show = applyStep(show, step, at);
  const current = o.current && typeof o.current === 'object' ? o.current : null;
  if (current) show = applyStep(show, current as Record<string, unknown>, at);
  // Without a step on now the show is over, or still on its first throw.
  else if (over || show.rolls.length > 0) show.step = null;
  const first = Array.isArray(o.first) ? o.first : [];
  const red = faceOf(first[0]);
  const blue = faceOf(first[1]);
  if (red && blue) show.landed = { red, blue };
  show.bonus = show.bonus || o.bonus === 'boom';
  show.playersIn = num(o.playersIn, show.playersIn);
  if (show.bonus) {
    show.member = o.in === true || o.out === true;
    show.leftByServer = o.out === true;
  }
  // The player's choices, one per choice they played, in order (the last one may be the
  // pending choice at the open step).
  const choices = Array.isArray(o.choices) ? o.choices : [];
  const held: Record<number, Choice> = {};
  choices.forEach((c, i) => {
    const step = show.chooses[i];
    if (step && isChoice(c)) held[step.index] = c;
  });
  return { ...show, choices: held };
}

/**
 * The code of a refused answer: its `code` (the error fields of every refusal), or its
 * `error`, a code itself or an object with one.
 */
export function refusalCode(m: ServerMessage): number | null {
  if (typeof m.code === 'number') return m.code;
  if (typeof m.error === 'number') return m.error;
  const error = m.error as { code?: unknown } | undefined;
  return typeof error?.code === 'number' ? error.code : null;
}

function chooseAck(s: BoomShow, m: ServerMessage): BoomShow {
  if (typeof m.gameId === 'string' && m.gameId !== '' && m.gameId !== s.gameId) return s;
  const requestId = typeof m.requestId === 'string' ? m.requestId : null;
  const mine = requestId !== null && s.pending?.requestId === requestId;
  const pending = mine ? null : s.pending;
  const code = refusalCode(m);
  const step = num(m.step, mine ? s.pending!.step : NaN);
  if (code !== null) return { ...s, pending, refusal: { step, code } };
  if (!Number.isInteger(step) || !isChoice(m.choice)) return { ...s, pending };
  return { ...s, pending, refusal: null, choices: { ...s.choices, [step]: m.choice } };
}

export function boomReducer(
  view: BoomView,
  m: ServerMessage | LocalAction,
  localNow: number,
): BoomView {
  switch (m.type) {
    case 'local:stake': {
      const a = m as Extract<LocalAction, { type: 'local:stake' }>;
      if (a.gameId !== view.show.gameId || a.stake === view.show.stake) return view;
      return { ...view, show: { ...view.show, stake: a.stake } };
    }
    case 'local:choose': {
      const a = m as Extract<LocalAction, { type: 'local:choose' }>;
      return {
        ...view,
        show: {
          ...view.show,
          pending: { requestId: a.requestId, step: a.step, choice: a.choice },
          refusal: null,
        },
      };
    }
  }
  const msg = m as ServerMessage;
  const v = resultsReducer(view, msg, localNow, parseBoomResult);
  // When it happened, on the server's clock.
  const at = typeof msg.ts === 'number' ? msg.ts : localNow + v.serverOffset;
  // A new round's show starts empty; the slip tells its stake again.
  const show = v.show.gameId === v.gameId ? v.show : emptyShow(v.gameId);
  switch (msg.type) {
    case 'resync': {
      const over = v.state === 24 || v.result?.gameId === v.gameId;
      return { ...v, show: msg.show ? restore(show, msg.show, over, at) : { ...show, over } };
    }
    case 'betsopen':
      return { ...v, show: emptyShow(v.gameId) };
    case 'showstep': {
      const gameId = typeof msg.gameId === 'string' ? msg.gameId : v.gameId;
      const base = gameId === show.gameId ? show : emptyShow(gameId);
      return { ...v, show: applyStep(base, msg, at) };
    }
    case 'chooseack':
      return { ...v, show: chooseAck(show, msg) };
    case 'gameresult':
      return { ...v, show: { ...show, step: null, over: true } };
    default:
      return show === v.show ? v : { ...v, show };
  }
}

// ---- What follows from the show ----------------------------------------------------------

/** The last roll shown, if any. */
export function lastRoll(s: BoomShow): ShownRoll | null {
  return s.rolls.at(-1) ?? null;
}

/** The bonus total now: the last roll's (0 before the first roll and after a BUST). */
export function bonusTotal(s: BoomShow): number {
  return lastRoll(s)?.total ?? 0;
}

/** The bonus ended in a BUST. */
export function busted(s: BoomShow): boolean {
  const r = lastRoll(s);
  return r !== null && r.value === 0;
}

/** The tenth roll came without a BUST: whoever is still in is paid its total. */
export function tenthRoll(s: BoomShow): boolean {
  return s.rolls.length >= MAX_ROLLS && !busted(s);
}

/** The player plays this round's bonus (whether still in or out by now). */
export function playsBonus(s: BoomShow): boolean {
  return s.bonus && (s.member ?? s.stake > 0);
}

/** The choice the player has made at choose step `step` (on its way, or confirmed). */
export function myChoice(s: BoomShow, step: number): Choice | null {
  if (s.pending?.step === step) return s.pending.choice;
  return s.choices[step] ?? null;
}

/**
 * Where the player left the bonus by cashing out: the first closed choice whose answer
 * (theirs, else the default) was "cash", with the total it paid; null while still in.
 */
export function cashedOut(s: BoomShow): { step: number; total: number } | null {
  if (!playsBonus(s)) return null;
  for (const c of s.chooses) {
    if (s.step?.kind === 'choose' && s.step.index === c.index) break; // still open
    const choice = s.choices[c.index] ?? defaultChoice(c.total);
    if (choice === 'cash') return { step: c.index, total: c.total };
  }
  if (s.leftByServer) {
    const last = s.chooses.filter((c) => c.index !== s.step?.index).at(-1);
    return { step: last?.index ?? -1, total: last?.total ?? bonusTotal(s) };
  }
  return null;
}

/** The player is still in the bonus (neither out nor busted, the show not over). */
export function stillIn(s: BoomShow): boolean {
  return playsBonus(s) && cashedOut(s) === null && !busted(s);
}

/** The choice open to the player now, or null. */
export function openChoice(s: BoomShow): ChooseStep | null {
  if (s.over || s.step?.kind !== 'choose' || !stillIn(s)) return null;
  return s.chooses.find((c) => c.index === s.step!.index) ?? null;
}
