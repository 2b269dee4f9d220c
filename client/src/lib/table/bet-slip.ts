// The player's bets of one round, as actions the server answered one by one (SPEC:
// place, undo, clear, double, rebet). Pure functions over plain values; the table
// component keeps the slip and sends each action to the server.
import { type Units, units } from '../format/money';
import type { SpotLimit, TableConfig } from '../session';

/** What a game says about its spots, for the checks made before a bet is sent. */
export interface SpotRules {
  isSpot(code: string): boolean; // the table has this spot
  kindOf(code: string): string | null; // the kind its limits are given for
  isInside(code: string): boolean; // counts towards the inside maximum
  oppositeOf(code: string): string | null; // the spot a table may forbid together with it
}

export interface SlipLine {
  spot: string;
  amount: Units;
}

export type ActionKind = 'place' | 'double' | 'rebet' | 'restored';

export interface SlipAction {
  requestId: string;
  kind: ActionKind;
  lines: SlipLine[];
  status: 'sending' | 'confirmed';
  /** Free bets (lib/bonus): the value of the bonus chips they stake. */
  chipValue?: Units;
}

export interface Slip {
  gameId: string;
  actions: SlipAction[];
}

export interface Limits {
  min: Units;
  tableMax: Units;
  insideMax: Units;
  outsideMax: Units;
  oppositeBetsAllowed: boolean;
  spotMax: Partial<Record<string, Units>>;
  rules: SpotRules;
}

/**
 * The rules of a table whose spots are the kinds its limits list, written in capitals
 * (a card table's PLAYER, a money wheel's 40), none of them inside.
 */
export function kindSpotRules(
  spots: SpotLimit[],
  oppositeOf: (code: string) => string | null = () => null,
): SpotRules {
  const codes = new Set(spots.map((s) => s.kind.toUpperCase()));
  return {
    isSpot: (code) => codes.has(code),
    kindOf: (code) => (codes.has(code) ? code.toLowerCase() : null),
    isInside: () => false,
    oppositeOf,
  };
}

/** A table's limits as its configuration gives them, checked by the game's spot rules. */
export function tableLimits(config: TableConfig['limits'], rules: SpotRules): Limits {
  const spotMax: Partial<Record<string, Units>> = {};
  for (const s of config.spots) spotMax[s.kind] = units(s.max);
  return {
    min: units(config.min),
    tableMax: units(config.max),
    insideMax: units(config.insideMax),
    outsideMax: units(config.outsideMax),
    oppositeBetsAllowed: config.oppositeBetsAllowed,
    spotMax,
    rules,
  };
}

export interface Refusal {
  line: SlipLine;
  code: number;
}

export function emptySlip(gameId: string): Slip {
  return { gameId, actions: [] };
}

/** The total on each spot, confirmed and on its way. */
export function spotTotals(slip: Slip): Map<string, Units> {
  const totals = new Map<string, Units>();
  for (const a of slip.actions)
    for (const l of a.lines) totals.set(l.spot, (totals.get(l.spot) ?? 0) + l.amount);
  return totals;
}

export function slipTotal(slip: Slip): Units {
  let t = 0;
  for (const a of slip.actions) for (const l of a.lines) t += l.amount;
  return t;
}

/**
 * The server's checks, in its order (docs/protocol.md), so the player hears at once what
 * the server would say: 1005 unknown spot, 1013 below the minimum, 1009/1010 over a
 * spot's or the inside/outside maximum, 1012 over the table maximum, 1037 opposite bets.
 */
export function checkLines(
  slip: Slip,
  lines: SlipLine[],
  limits: Limits,
): { ok: SlipLine[]; refused: Refusal[] } {
  const totals = spotTotals(slip);
  let inside = 0;
  let outside = 0;
  for (const [spot, amount] of totals) {
    if (limits.rules.isInside(spot)) inside += amount;
    else outside += amount;
  }
  const ok: SlipLine[] = [];
  const refused: Refusal[] = [];
  for (const line of lines) {
    const { rules } = limits;
    const kind = rules.kindOf(line.spot);
    const refuse = (code: number) => refused.push({ line, code });
    if (!kind || !rules.isSpot(line.spot) || line.amount <= 0) {
      refuse(1005);
      continue;
    }
    const inner = rules.isInside(line.spot);
    const spotTotal = (totals.get(line.spot) ?? 0) + line.amount;
    const max = limits.spotMax[kind];
    const opposite = rules.oppositeOf(line.spot);
    if (spotTotal < limits.min) refuse(1013);
    else if (max !== undefined && spotTotal > max) refuse(inner ? 1009 : 1010);
    else if (inner && inside + line.amount > limits.insideMax) refuse(1009);
    else if (!inner && outside + line.amount > limits.outsideMax) refuse(1010);
    else if (inside + outside + line.amount > limits.tableMax) refuse(1012);
    else if (!limits.oppositeBetsAllowed && opposite && (totals.get(opposite) ?? 0) > 0)
      refuse(1037);
    else {
      ok.push(line);
      totals.set(line.spot, spotTotal);
      if (inner) inside += line.amount;
      else outside += line.amount;
    }
  }
  return { ok, refused };
}

/** Adds an action on its way to the server; `chipValue` marks free bets (their chip's value). */
export function addAction(
  slip: Slip,
  requestId: string,
  kind: ActionKind,
  lines: SlipLine[],
  chipValue?: Units,
): Slip {
  const action: SlipAction = { requestId, kind, lines, status: 'sending' };
  if (chipValue !== undefined) action.chipValue = chipValue;
  return { ...slip, actions: [...slip.actions, action] };
}

/** The server's answer: the accepted lines stay, the action disappears if none did. */
export function confirmAction(slip: Slip, requestId: string, accepted: SlipLine[]): Slip {
  const actions = slip.actions.flatMap((a) => {
    if (a.requestId !== requestId) return [a];
    return accepted.length === 0 ? [] : [{ ...a, lines: accepted, status: 'confirmed' as const }];
  });
  return { ...slip, actions };
}

export function removeAction(slip: Slip, requestId: string): Slip {
  return { ...slip, actions: slip.actions.filter((a) => a.requestId !== requestId) };
}

/** The action undo takes back: the last one, once the server has confirmed it. */
export function undoTarget(slip: Slip): SlipAction | null {
  const last = slip.actions[slip.actions.length - 1];
  return last && last.status === 'confirmed' ? last : null;
}

export function isSending(slip: Slip): boolean {
  return slip.actions.some((a) => a.status === 'sending');
}

/**
 * The lines that double every bet: one more of each spot's total of the player's own bets
 * (free bets are not doubled with the player's money).
 */
export function doubleLines(slip: Slip): SlipLine[] {
  const own = { ...slip, actions: slip.actions.filter((a) => a.chipValue === undefined) };
  return [...spotTotals(own)].map(([spot, amount]) => ({ spot, amount }));
}

/** The free chips the slip holds: on one spot, or on every spot. */
export function freeChipsOn(slip: Slip, spot?: string): number {
  let chips = 0;
  for (const a of slip.actions) {
    if (a.chipValue === undefined || a.chipValue <= 0) continue;
    for (const l of a.lines)
      if (spot === undefined || l.spot === spot) chips += Math.round(l.amount / a.chipValue);
  }
  return chips;
}

/** The slip after a reconnect, from the answers the server kept for this round. */
export function slipFromAnswers(
  gameId: string,
  answers: {
    type: string;
    requestId: string;
    gameId: string;
    lines: SlipLine[];
    chipValue?: Units; // a free bet's answer
  }[],
): Slip {
  let slip = emptySlip(gameId);
  for (const a of answers) {
    if (a.gameId !== gameId) continue;
    if (a.type === 'betack' && a.lines.length > 0) {
      const action: SlipAction = {
        requestId: a.requestId,
        kind: 'restored',
        lines: a.lines,
        status: 'confirmed',
      };
      if (a.chipValue !== undefined) action.chipValue = a.chipValue;
      slip = { ...slip, actions: [...slip.actions, action] };
    } else if (a.type === 'cancelack') {
      slip = takeBack(slip, a.lines);
    }
  }
  return slip;
}

/** Removes the given lines (bets the server took back) from the slip. */
export function takeBack(slip: Slip, lines: SlipLine[]): Slip {
  const left = [...lines];
  const actions = [...slip.actions]
    .reverse()
    .map((a) => ({
      ...a,
      lines: a.lines.filter((l) => {
        const i = left.findIndex((x) => x.spot === l.spot && x.amount === l.amount);
        if (i < 0) return true;
        left.splice(i, 1);
        return false;
      }),
    }))
    .reverse()
    .filter((a) => a.lines.length > 0);
  return { ...slip, actions };
}
