// What a crash table shows (spaceman, big bass: docs/games/crash.md), derived by a pure
// reducer from the table's events (the round's, lib/table/results) and from what the page
// itself did (the `local:` actions: the stakes its slip holds, a cash-out or an automatic
// cash-out setting sent, the last results read over HTTP):
//
// - the flight: `launch` (its time and growth on the server's clock), then `crash`;
// - the two bet panels, BET_1 and BET_2: the stake, the parts cashed out (cashoutack,
//   answered to the player's <cashout> or sent by itself for an automatic one), the
//   cash-out on its way and the last refusal, the automatic targets (autocashoutack);
// - the feed of everybody's recent cash-outs (`cashouts`) and the round's count of them;
// - the strip of the last crash points (SMSummaryResults, then each gameresult).
//
// A panel's phase (panelPhase) follows from these: idle → placed → flying → cashing →
// cashed, or lost at the crash; a half cash-out leaves the other half flying.
import { type Units, units } from '../../lib/format/money';
import type { ServerMessage } from '../../lib/realtime/realtime';
import { type ResultsView, initialResults, resultsReducer } from '../../lib/table/results';
import { type AutoTargets, DEFAULT_CAP, type Flight, parseX } from './multiplier';

export const BETS = ['BET_1', 'BET_2'] as const;
export type Bet = (typeof BETS)[number];
export type Part = 'all' | 'half';

/** Recent cash-outs kept in the feed, newest first. */
export const FEED_MAX = 30;
/** Crash points kept in the results strip, newest first. */
export const HISTORY_MAX = 50;

export function isBet(v: unknown): v is Bet {
  return v === 'BET_1' || v === 'BET_2';
}

/** A part of a panel's stake that was cashed out. */
export interface CashedPart {
  key: string; // the requestId, or `auto:<part>:<x>` for an automatic one
  part: Part;
  x: number; // hundredths
  stake: Units; // the part of the stake cashed out
  returned: Units;
  auto: boolean;
}

export interface Panel {
  bet: Bet;
  stake: Units; // staked this round
  cashed: CashedPart[];
  pending: { requestId: string; part: Part } | null; // a cash-out on its way
  refusal: number | null; // the code of the last cash-out refused
  auto: AutoTargets; // as the server confirmed them
  autoPending: { requestId: string; targets: AutoTargets } | null;
  autoRefusal: number | null;
}

/** One line of the feed: a player's cash-out, as `cashouts` lists it. */
export interface FeedEntry {
  id: string;
  name: string; // the player's screen name: shown as text
  bet: string;
  part: Part;
  x: number;
  win: Units;
}

/** A round's crash point, in the results strip. */
export interface CrashPoint {
  gameId: string;
  x: number;
  capped: boolean;
}

export interface CrashView extends ResultsView<{ x: number; capped: boolean }> {
  flight: Flight | null; // this round's, from its launch
  crash: { x: number; capped: boolean } | null; // this round's, once it crashed
  panels: Record<Bet, Panel>;
  feed: FeedEntry[]; // newest first
  feedCount: number; // cash-outs so far this round
  history: CrashPoint[]; // newest first
}

export function emptyPanel(bet: Bet, auto: AutoTargets = { at: null, halfAt: null }): Panel {
  return {
    bet,
    stake: 0,
    cashed: [],
    pending: null,
    refusal: null,
    auto,
    autoPending: null,
    autoRefusal: null,
  };
}

const emptyPanels = (old?: Record<Bet, Panel>): Record<Bet, Panel> => ({
  BET_1: emptyPanel('BET_1', old?.BET_1.auto),
  BET_2: emptyPanel('BET_2', old?.BET_2.auto),
});

export const initialCrashView: CrashView = {
  ...initialResults<{ x: number; capped: boolean }>(),
  flight: null,
  crash: null,
  panels: emptyPanels(),
  feed: [],
  feedCount: 0,
  history: [],
};

/** Reads a crash result's label and outcome ("2.37", "5000.00|cap"). */
export function parseCrashResult(label: string, outcome: string) {
  const x = parseX(label.split('|')[0]!);
  return x === null ? null : { x, capped: outcome.split('|')[1] === 'cap' };
}

const amount = (v: unknown): Units => {
  try {
    return typeof v === 'string' ? units(v) : 0;
  } catch {
    return 0;
  }
};

function flightOf(o: Record<string, unknown>): Flight | null {
  if (typeof o.launchedAt !== 'number') return null;
  const growth = typeof o.growth === 'number' && o.growth > 0 ? o.growth : 0.0001;
  return { launchedAt: o.launchedAt, growth, cap: parseX(o.cap) ?? DEFAULT_CAP };
}

function targetsOf(o: unknown): AutoTargets {
  const r = (o ?? {}) as Record<string, unknown>;
  return { at: parseX(r.at), halfAt: parseX(r.halfAt) };
}

/** The stake still flying on a panel: nothing once the whole of it was cashed out. */
export function flyingStake(p: Panel): Units {
  if (p.cashed.some((c) => c.part === 'all')) return 0;
  return Math.max(0, p.stake - p.cashed.reduce((s, c) => s + c.stake, 0));
}

/** What the panel's cash-outs returned this round. */
export function cashedTotal(p: Panel): Units {
  return p.cashed.reduce((s, c) => s + c.returned, 0);
}

function withPanel(v: CrashView, bet: Bet, f: (p: Panel) => Panel): CrashView {
  return { ...v, panels: { ...v.panels, [bet]: f(v.panels[bet]) } };
}

/** The crash part of a resync: the flight, the crash, the player's stakes and targets. */
function restore(v: CrashView, crash: unknown, gameId: string, sameRound: boolean): CrashView {
  const c = (crash ?? {}) as Record<string, unknown>;
  const flight = flightOf(c);
  const x = parseX(c.x);
  const cap = flight?.cap ?? parseX(c.cap) ?? DEFAULT_CAP;
  const autos = (c.auto ?? {}) as Record<string, unknown>;
  const panels = emptyPanels();
  for (const bet of BETS) {
    const kept = sameRound ? v.panels[bet] : null;
    panels[bet] = {
      ...panels[bet],
      auto: bet in autos ? targetsOf(autos[bet]) : v.panels[bet].auto,
      // A cash-out still on its way is answered after the resync, by its requestId.
      pending: kept?.pending ?? null,
    };
  }
  // Each entry: a panel's stake still flying (or lost, or cashed) with what its cash-outs
  // paid this round (`returned`, at `x` the last one) and whether half of it was cashed
  // (`halfDone`); a panel may also come as several entries, one per part of its stake.
  const my = Array.isArray(c.my) ? (c.my as Record<string, unknown>[]) : [];
  my.forEach((e, i) => {
    if (!isBet(e.bet)) return;
    const p = panels[e.bet];
    const stake = amount(e.stake);
    const returned = amount(e.returned);
    const at = parseX(e.x);
    const key = typeof e.requestId === 'string' ? e.requestId : `resync:${i}`;
    p.stake += stake;
    if (e.state === 'cashed' && at !== null) {
      const several = my.some((o) => o !== e && o.bet === e.bet);
      const part: Part = e.part === 'half' || (e.part !== 'all' && several) ? 'half' : 'all';
      p.cashed = [...p.cashed, { key, part, x: at, stake, returned, auto: e.auto === true }];
    } else if (at !== null && returned > 0) {
      // Flying or lost after half of it was cashed: that half, whose stake the answer
      // does not give (the part still flying is `stake`), is taken from what it returned.
      const half = Math.floor((returned * 100) / at);
      p.stake += half;
      p.cashed = [
        ...p.cashed,
        { key, part: 'half', x: at, stake: half, returned, auto: e.auto === true },
      ];
    }
  });
  return {
    ...v,
    gameId,
    flight,
    crash: x !== null ? { x, capped: c.capped === true || x >= cap } : null,
    panels,
    feed: sameRound ? v.feed : [],
    feedCount: sameRound ? v.feedCount : 0,
  };
}

function cashoutAck(v: CrashView, m: ServerMessage): CrashView {
  if (!isBet(m.bet)) return v;
  if (typeof m.gameId === 'string' && m.gameId !== v.gameId) return v; // another round's
  const requestId = typeof m.requestId === 'string' ? m.requestId : null;
  const part: Part = m.part === 'half' ? 'half' : 'all';
  const error = m.error as { code?: unknown } | undefined;
  const code =
    typeof error?.code === 'number' ? error.code : typeof m.code === 'number' ? m.code : null;
  return withPanel(v, m.bet, (p) => {
    const mine = requestId !== null && p.pending?.requestId === requestId;
    const pending = mine ? null : p.pending;
    if (code !== null) return requestId === null || mine ? { ...p, pending, refusal: code } : p;
    const x = parseX(m.x);
    if (x === null) return { ...p, pending };
    const key = requestId ?? `auto:${part}:${x}`;
    if (p.cashed.some((c) => c.key === key)) return { ...p, pending }; // heard already
    const cashed: CashedPart = {
      key,
      part,
      x,
      stake: amount(m.stake),
      returned: amount(m.returned),
      auto: m.auto === true,
    };
    return { ...p, pending, refusal: null, cashed: [...p.cashed, cashed] };
  });
}

function autoAck(v: CrashView, m: ServerMessage): CrashView {
  if (!isBet(m.bet)) return v;
  const error = m.error as { code?: unknown } | undefined;
  const code =
    typeof error?.code === 'number' ? error.code : typeof m.code === 'number' ? m.code : null;
  return withPanel(v, m.bet, (p) => {
    if (p.autoPending && m.requestId !== undefined && p.autoPending.requestId !== m.requestId)
      return p;
    if (code !== null) return { ...p, autoPending: null, autoRefusal: code };
    return { ...p, autoPending: null, autoRefusal: null, auto: targetsOf(m) };
  });
}

function feedOf(m: ServerMessage, v: CrashView): FeedEntry[] {
  const list = Array.isArray(m.list) ? (m.list as Record<string, unknown>[]) : [];
  // The same event again (after a resync in the same round) is not news.
  if (v.feed.some((e) => e.id === `${String(m.v ?? m.ts ?? '')}-0`)) return v.feed;
  const entries = list.map((e, i) => ({
    id: `${String(m.v ?? m.ts ?? '')}-${i}`,
    name: typeof e.name === 'string' ? e.name : '',
    bet: typeof e.bet === 'string' ? e.bet : '',
    part: (e.part === 'half' ? 'half' : 'all') as Part,
    x: parseX(e.x) ?? 0,
    win: amount(e.win),
  }));
  // The list is in the order they cashed out; the feed shows the newest first.
  return [...entries.reverse(), ...v.feed].slice(0, FEED_MAX);
}

/** The strip's crash points with `more` merged in (by round, newest first). */
export function mergeHistory(list: CrashPoint[], more: CrashPoint[]): CrashPoint[] {
  const seen = new Set<string>();
  return [...more, ...list]
    .filter((p) => (seen.has(p.gameId) ? false : (seen.add(p.gameId), true)))
    .sort((a, b) => (a.gameId < b.gameId ? 1 : a.gameId > b.gameId ? -1 : 0))
    .slice(0, HISTORY_MAX);
}

/** The results of GET /api/ui/SMSummaryResults as crash points; none when unreadable. */
export function summaryPoints(body: unknown): CrashPoint[] {
  const results = (body as { results?: unknown } | null)?.results;
  if (!Array.isArray(results)) return [];
  return results.flatMap((r: Record<string, unknown>) => {
    const x = parseX(r?.x);
    return x !== null && typeof r.gameId === 'string'
      ? [{ gameId: r.gameId, x, capped: r.capped === true || x >= DEFAULT_CAP }]
      : [];
  });
}

/** What the page did, for the reducer (not from the server). */
export type LocalAction =
  | { type: 'local:stakes'; gameId: string; stakes: Partial<Record<Bet, Units>> }
  | { type: 'local:cashout'; requestId: string; bet: Bet; part: Part }
  | { type: 'local:auto'; requestId: string; bet: Bet; targets: AutoTargets }
  | { type: 'local:summary'; points: CrashPoint[] };

export function crashReducer(
  view: CrashView,
  m: ServerMessage | LocalAction,
  localNow: number,
): CrashView {
  switch (m.type) {
    case 'local:stakes': {
      const a = m as Extract<LocalAction, { type: 'local:stakes' }>;
      // The slip holds the stakes until the flight: then they are the round's.
      if (a.gameId !== view.gameId || view.flight || view.crash) return view;
      let v = view;
      for (const bet of BETS)
        if (v.panels[bet].stake !== (a.stakes[bet] ?? 0))
          v = withPanel(v, bet, (p) => ({ ...p, stake: a.stakes[bet] ?? 0 }));
      return v;
    }
    case 'local:cashout': {
      const a = m as Extract<LocalAction, { type: 'local:cashout' }>;
      return withPanel(view, a.bet, (p) =>
        p.pending || flyingStake(p) <= 0
          ? p
          : { ...p, pending: { requestId: a.requestId, part: a.part }, refusal: null },
      );
    }
    case 'local:auto': {
      const a = m as Extract<LocalAction, { type: 'local:auto' }>;
      return withPanel(view, a.bet, (p) => ({
        ...p,
        autoPending: { requestId: a.requestId, targets: a.targets },
        autoRefusal: null,
      }));
    }
    case 'local:summary': {
      const a = m as Extract<LocalAction, { type: 'local:summary' }>;
      return { ...view, history: mergeHistory(view.history, a.points) };
    }
  }
  const msg = m as ServerMessage;
  const before = view.gameId;
  const v = resultsReducer(view, msg, localNow, parseCrashResult);
  switch (msg.type) {
    case 'resync': {
      const restored = restore(v, msg.crash, v.gameId, v.gameId === before);
      const recent = restored.recent.map((r) => ({ gameId: r.gameId, x: r.x, capped: r.capped }));
      return { ...restored, history: mergeHistory(restored.history, recent) };
    }
    case 'betsopen':
      return {
        ...v,
        flight: null,
        crash: null,
        panels: emptyPanels(v.panels),
        feed: [],
        feedCount: 0,
      };
    case 'launch': {
      const flight = flightOf(msg);
      return flight ? { ...v, flight, crash: null } : v;
    }
    case 'crash': {
      const x = parseX(msg.x);
      return x === null ? v : { ...v, crash: { x, capped: msg.capped === true } };
    }
    case 'cashouts': {
      // The player's own automatic cash-outs come in their copy of the event (`mine`),
      // each with the fields of a cashoutack.
      const mine = Array.isArray(msg.mine) ? (msg.mine as ServerMessage[]) : [];
      const paid = mine.reduce<CrashView>(
        (view, m) => cashoutAck(view, { ...m, type: 'cashoutack', gameId: msg.gameId, auto: true }),
        v,
      );
      return {
        ...paid,
        feed: feedOf(msg, v),
        feedCount: typeof msg.count === 'number' ? msg.count : v.feedCount,
      };
    }
    case 'cashoutack':
      return cashoutAck(v, msg);
    case 'autocashoutack':
      return autoAck(v, msg);
    case 'gameresult': {
      const r = v.result;
      if (!r || r.gameId !== v.gameId) return v;
      return {
        ...v,
        crash: v.crash ?? { x: r.x, capped: r.capped },
        history: mergeHistory(v.history, [{ gameId: r.gameId, x: r.x, capped: r.capped }]),
      };
    }
    default:
      return v;
  }
}

/** A panel's phase, as its buttons and words follow it. */
export type Phase =
  | 'idle' // nothing staked (bets open: a bet may be placed)
  | 'placing' // the bet is on its way
  | 'placed' // staked, waiting for the launch (it can be taken back while bets are open)
  | 'cancelling' // being taken back
  | 'flying' // the stake rises with the multiplier
  | 'cashing' // a cash-out is on its way
  | 'cashed' // all of it was cashed out
  | 'lost' // it was still flying at the crash
  | 'capped'; // it was still flying when the flight reached the cap, and was paid the cap

/** What the page knows of a panel's bet that the view does not: the slip's own state. */
export interface SlipState {
  sending: boolean;
  cancelling: boolean;
}

export function panelPhase(view: CrashView, bet: Bet, slip: SlipState): Phase {
  const p = view.panels[bet];
  if (!view.flight && !view.crash) {
    if (slip.cancelling) return 'cancelling';
    if (slip.sending) return 'placing';
    return p.stake > 0 ? 'placed' : 'idle';
  }
  const flying = flyingStake(p);
  if (flying > 0) {
    if (p.pending) return 'cashing';
    if (!view.crash) return 'flying';
    return view.crash.capped ? 'capped' : 'lost';
  }
  return p.cashed.length > 0 ? 'cashed' : 'idle';
}

/**
 * The player's win this round: what their cash-outs returned and what the gameresult paid
 * for stakes still flying at the crash (only when the flight reached the cap).
 */
export function roundWin(view: CrashView): Units {
  const cashed = BETS.reduce((s, b) => s + cashedTotal(view.panels[b]), 0);
  const paid = view.myWin?.gameId === view.gameId ? view.myWin.win : 0;
  return cashed + paid;
}

/** Whether the player has anything in this round: a stake, or something cashed. */
export function playedRound(view: CrashView): boolean {
  return BETS.some((b) => view.panels[b].stake > 0);
}
