// What a candy wheel table shows, derived from its events (docs/protocol.md, and the game
// shows' showstep, chooseack and resync.show) by a pure reducer: the round and
// its result (lib/table/results, reading each outcome), and the show after the spin: the
// first landing, a Sugar Bomb's re-spin, the bonus's steps (a choice of candy with its
// deadline, the candies, the bubbles, the Sweet Spins wheel), whether the player is in the
// bonus, and the player's pick of a candy: sent, held by the server (chooseack) or refused.
import type { ServerMessage } from '../../lib/realtime/realtime';
import { type ResultsView, initialResults, resultsReducer } from '../../lib/table/results';
import { num } from '../../lib/table/round';
import { type CandyResult, DEFAULT_CANDY, parseCandyResult } from './candy';

export interface ShowStep {
  index: number; // in the round's plan; -1 for the first landing
  kind: 'reveal' | 'choose';
  what: string; // landed, bomb, candies, bubbles, spin; choose: candy
  values: number[];
  options: string[];
  until: number | null; // server wall ms: when the next step comes (a choice's deadline)
  playersIn: number;
}

export interface Show {
  gameId: string;
  bonus: string; // candydrop, bubbles, sweetspins, or ""
  first: number | null; // the segment of the first landing
  steps: ShowStep[]; // shown so far, by index
  current: number | null; // the index of the step on now
  in: boolean; // the server says the player plays the bonus
  out: boolean;
  playersIn: number;
}

/** The player's pick at a choice: what the server holds, what is on its way, a refusal. */
export interface Picking {
  step: number;
  confirmed: string | null;
  sending: { requestId: string; choice: string } | null;
  refused: { choice: string; code: number } | null;
}

export interface CandyView extends ResultsView<CandyResult> {
  show: Show | null;
  picking: Picking | null;
}

export const initialCandyView: CandyView = {
  ...initialResults<CandyResult>(),
  show: null,
  picking: null,
};

/** Actions of the page itself: a pick sent. */
export interface PickSent {
  type: 'local:pick';
  requestId: string;
  gameId: string;
  step: number;
  choice: string;
}

const numbers = (v: unknown): number[] =>
  Array.isArray(v) ? v.filter((x): x is number => typeof x === 'number') : [];
const strings = (v: unknown): string[] =>
  Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : [];

/** A step from a showstep event or a resync's steps; null if it is not one. */
export function stepOf(raw: unknown): ShowStep | null {
  if (!raw || typeof raw !== 'object') return null;
  const o = raw as Record<string, unknown>;
  if (typeof o.index !== 'number' || typeof o.what !== 'string') return null;
  return {
    index: o.index,
    kind: o.kind === 'choose' ? 'choose' : 'reveal',
    what: o.what,
    values: numbers(o.values),
    options: strings(o.options),
    until: num(o.until),
    playersIn: num(o.playersIn) ?? 0,
  };
}

function emptyShow(gameId: string): Show {
  return {
    gameId,
    bonus: '',
    first: null,
    steps: [],
    current: null,
    in: false,
    out: false,
    playersIn: 0,
  };
}

function withStep(show: Show, step: ShowStep): Show['steps'] {
  return [...show.steps.filter((s) => s.index !== step.index), step].sort(
    (a, b) => a.index - b.index,
  );
}

/** The refusal code of an answer: `code`, `error.code` or a numeric `error`; null if none. */
export function refusalOf(m: ServerMessage): number | null {
  if (typeof m.code === 'number') return m.code;
  const e = m.error as unknown;
  if (typeof e === 'number') return e;
  if (e && typeof e === 'object' && typeof (e as { code?: unknown }).code === 'number')
    return (e as { code: number }).code;
  return null;
}

/** The show and the player's picks from a resync's `show`. */
function resynced(
  raw: unknown,
  gameId: string,
  before: CandyView,
): Pick<CandyView, 'show' | 'picking'> {
  if (!raw || typeof raw !== 'object') return { show: null, picking: null };
  const o = raw as Record<string, unknown>;
  const steps = (Array.isArray(o.steps) ? o.steps : [])
    .map(stepOf)
    .filter((s): s is ShowStep => s !== null)
    .sort((a, b) => a.index - b.index);
  const current = stepOf(o.current);
  const first = numbers(o.first)[0] ?? steps.find((s) => s.what === 'landed')?.values[0] ?? null;
  // Nothing shown yet (bets open, the wheel still turning): no show.
  if (steps.length === 0 && current === null && first === null)
    return { show: null, picking: null };
  const show: Show = {
    gameId,
    bonus: typeof o.bonus === 'string' ? o.bonus : '',
    first,
    steps: current ? withStep({ ...emptyShow(gameId), steps }, current) : steps,
    current: current?.index ?? null,
    in: o.in === true,
    out: o.out === true,
    playersIn: num(o.playersIn) ?? current?.playersIn ?? 0,
  };
  // The player's choices, one per choice shown (the last may be pending at the open one).
  const choices = strings(o.choices);
  const chooseSteps = show.steps.filter((s) => s.kind === 'choose');
  const at = chooseSteps[choices.length - 1];
  let picking: Picking | null = at
    ? { step: at.index, confirmed: choices[choices.length - 1]!, sending: null, refused: null }
    : null;
  // A pick still on its way is kept: its answer may yet come.
  const mine = before.picking;
  if (mine?.sending && before.gameId === gameId && (picking === null || picking.step === mine.step))
    picking = {
      ...(picking ?? { ...mine, confirmed: null, refused: null }),
      sending: mine.sending,
    };
  return { show, picking };
}

export function candyReducer(
  view: CandyView,
  m: ServerMessage | PickSent,
  localNow: number,
): CandyView {
  if (m.type === 'local:pick') {
    const a = m as PickSent;
    if (a.gameId !== view.gameId) return view;
    const same = view.picking?.step === a.step ? view.picking : null;
    return {
      ...view,
      picking: {
        step: a.step,
        confirmed: same?.confirmed ?? null,
        sending: { requestId: a.requestId, choice: a.choice },
        refused: null,
      },
    };
  }
  const msg = m as ServerMessage;
  const v = resultsReducer(view, msg, localNow, parseCandyResult);
  switch (msg.type) {
    case 'resync':
      return { ...v, ...resynced(msg.show, v.gameId, view) };
    case 'betsopen':
      return { ...v, show: null, picking: null };
    case 'showstep': {
      const step = stepOf(msg);
      if (!step) return v;
      const gameId = typeof msg.gameId === 'string' ? msg.gameId : v.gameId;
      if (gameId !== v.gameId) return v;
      const before = v.show?.gameId === gameId ? v.show : emptyShow(gameId);
      return {
        ...v,
        show: {
          ...before,
          bonus: typeof msg.bonus === 'string' ? msg.bonus : before.bonus,
          first: step.what === 'landed' ? (step.values[0] ?? before.first) : before.first,
          steps: withStep(before, step),
          current: step.index,
          playersIn: step.playersIn,
        },
      };
    }
    case 'chooseack': {
      if (typeof msg.gameId === 'string' && msg.gameId !== '' && msg.gameId !== v.gameId) return v;
      const step = typeof msg.step === 'number' ? msg.step : Number(msg.step);
      const p = v.picking;
      const code = refusalOf(msg);
      const mine = p?.sending !== null && p?.sending?.requestId === msg.requestId;
      if (p && mine) {
        const choice = p.sending!.choice;
        return {
          ...v,
          picking:
            code === null
              ? {
                  ...p,
                  confirmed: typeof msg.choice === 'string' ? msg.choice : choice,
                  sending: null,
                  refused: null,
                }
              : { ...p, sending: null, refused: { choice, code } },
          show: code === null && v.show ? { ...v.show, in: true } : v.show,
        };
      }
      // An answer to nothing on its way (a pick sent before a reconnect): taken if accepted.
      if (code !== null || typeof msg.choice !== 'string' || !Number.isFinite(step)) return v;
      return {
        ...v,
        picking: {
          step,
          confirmed: msg.choice,
          sending: p?.step === step ? p.sending : null,
          refused: null,
        },
      };
    }
    default:
      return v;
  }
}

// ---- What the page reads of the view ---------------------------------------------------------

/** The step on now, or null. */
export function currentStep(view: CandyView): ShowStep | null {
  const s = view.show;
  if (!s || s.current === null) return null;
  return s.steps.find((x) => x.index === s.current) ?? null;
}

/** A step of the show by what it shows (the last such), or null. */
export function stepShown(view: CandyView, what: string): ShowStep | null {
  const steps = view.show?.steps ?? [];
  for (let i = steps.length - 1; i >= 0; i--) if (steps[i]!.what === what) return steps[i]!;
  return null;
}

/**
 * Whether the player plays the round's bonus (and may pick): the server says so (resync,
 * an accepted pick), or they have a stake on CANDY_DROP this round; not once they left it.
 */
export function inBonus(view: CandyView, stakeOnBonus: boolean): boolean {
  if (!view.show || view.show.out) return false;
  return view.show.in || stakeOnBonus;
}

/** The candy the player has (or will have): the one the server holds, else the default. */
export function myCandy(view: CandyView): { candy: string; chosen: boolean } {
  const c = view.picking?.confirmed ?? null;
  return c !== null ? { candy: c, chosen: true } : { candy: DEFAULT_CANDY, chosen: false };
}

/**
 * Where the candy wheel stops, and for which landing: the re-spin's segment once a Sugar
 * Bomb is revealed, else the first landing of the show, else the result's (a plain result:
 * its final segment, read from the outcome). The key tells one landing from the next.
 */
export function wheelTarget(
  view: CandyView,
): { segment: number; key: string; respin: boolean } | null {
  const g = view.gameId;
  const bomb = view.show?.gameId === g ? stepShown(view, 'bomb') : null;
  if (bomb && bomb.values.length >= 2)
    return { segment: bomb.values[1]!, key: `${g}:bomb`, respin: true };
  if (view.show?.gameId === g && view.show.first !== null)
    return { segment: view.show.first, key: `${g}:first`, respin: false };
  const r = view.result;
  if (r && r.gameId === g) {
    if (r.bomb !== null && r.final !== null)
      return { segment: r.final, key: `${g}:bomb`, respin: true };
    if (r.first !== null) return { segment: r.first, key: `${g}:first`, respin: false };
  }
  return null;
}

/**
 * Whether the round's bonus is on screen: the wheel has stopped on it for good, or the
 * server has moved on to the bonus's own steps (a landing still turning on a slow screen
 * does not hold up a choice).
 */
export function bonusShown(view: CandyView, landed: ReadonlySet<string>): boolean {
  const show = view.show;
  if (!show || show.gameId !== view.gameId || !show.bonus) return false;
  const target = wheelTarget(view);
  if (target && landed.has(target.key)) return true;
  return show.steps.some((s) => s.what !== 'landed' && s.what !== 'bomb');
}
