// Boom or bust's rules as the client shows them (docs: /play/boomorbust, the game show
// protocol): a red die picks the row of a 6×6 grid and a blue die its column. The spots
// "1" to "6" pay 2 to 1 when one die shows the number and 3 to 1 when both do; "BOOM"
// plays the bonus that doubles start. On the bonus grid the diagonal is BUST and every
// other square adds its value by the distance between the dice (1, 2, 3, 6, 7); after each
// roll the players still in keep rolling or cash out (stake × the total), and whoever does
// not choose keeps while the total is 13 or less. Ten rolls at most. Pure.
import { type Face, faceOf } from '../../lib/table/dice';
import type { SpotRules } from '../../lib/table/bet-slip';
import type { SpotLimit } from '../../lib/session';

export const FACES: readonly Face[] = [1, 2, 3, 4, 5, 6];
export const NUMBER_SPOTS = ['1', '2', '3', '4', '5', '6'] as const;
export const BOOM = 'BOOM';
export const SPOTS: readonly string[] = [...NUMBER_SPOTS, BOOM];

/** A bonus square's value by the distance between the dice (0, doubles: BUST). */
export const BONUS_VALUES = [0, 1, 2, 3, 6, 7] as const;
/** The default (and best) play keeps rolling while the total is at most this. */
export const KEEP_UP_TO = 13;
/** The bonus rolls ten times at most; after the tenth whoever is still in is paid. */
export const MAX_ROLLS = 10;
/** What each kind of spot returns: a number 2 or 3 to 1; BOOM stake × the bonus's total. */
export const NUMBER_PAYS = { one: 2, both: 3 } as const;
/** The return to player of the numbers and of BOOM (with the best play, the default). */
export const RTP = { numbers: '94.44', boom: '95.60' } as const;

export type Choice = 'keep' | 'cash';

export interface Pair {
  red: Face;
  blue: Face;
}

/** A result: the first throw and, on doubles, the bonus's rolls as the server drew them. */
export interface BoomResult extends Pair {
  doubles: boolean;
  rolls: Pair[];
}

/** The value bonus square (red, blue) adds; 0 for a BUST (the diagonal). */
export function squareValue(red: Face, blue: Face): number {
  return BONUS_VALUES[Math.abs(red - blue)] ?? 0;
}

/** The choice made for a player who makes none, after a roll that brought the total here. */
export function defaultChoice(total: number): Choice {
  return total <= KEEP_UP_TO ? 'keep' : 'cash';
}

function pairOf(text: string): Pair | null {
  const m = /^([1-6]),([1-6])$/.exec(text.trim());
  if (!m) return null;
  return { red: faceOf(m[1])!, blue: faceOf(m[2])! };
}

/**
 * Reads a result's label ("3,5") and outcome ("4,4|16,25,33": the bonus's rolls as two
 * digits each, red then blue); null when it is not one.
 */
export function parseBoomResult(label: string, outcome: string): BoomResult | null {
  const [head = '', tail] = outcome.split('|');
  const first = pairOf(label) ?? pairOf(head);
  if (!first) return null;
  const rolls: Pair[] = [];
  if (tail !== undefined && pairOf(head)?.red === first.red && pairOf(head)?.blue === first.blue)
    for (const roll of tail.split(',')) {
      const red = faceOf(roll.charAt(0));
      const blue = faceOf(roll.charAt(1));
      if (roll.length !== 2 || red === null || blue === null) break;
      rolls.push({ red, blue });
    }
  const doubles = first.red === first.blue;
  return { ...first, doubles, rolls: doubles ? rolls : [] };
}

/** The spots a throw wins: each number a die shows, and BOOM on doubles (its bonus). */
export function winningSpots(p: Pair): Set<string> {
  const won = new Set<string>([String(p.red), String(p.blue)]);
  if (p.red === p.blue) won.add(BOOM);
  return won;
}

/** A roll of the bonus with what it adds and the total after it (0 and 0: BUST). */
export interface BonusRoll extends Pair {
  value: number;
  total: number;
}

/**
 * The bonus as the default play meets it, from a result's rolls: each roll until the
 * default cashes out, a BUST or the tenth. For a result seen without its show.
 */
export function defaultPlay(rolls: Pair[]): { rolls: BonusRoll[]; cashedAt: number | null } {
  const out: BonusRoll[] = [];
  let total = 0;
  for (const r of rolls.slice(0, MAX_ROLLS)) {
    const value = squareValue(r.red, r.blue);
    total = value === 0 ? 0 : total + value;
    out.push({ ...r, value, total });
    if (value === 0) return { rolls: out, cashedAt: null };
    if (out.length < MAX_ROLLS && defaultChoice(total) === 'cash')
      return { rolls: out, cashedAt: total };
  }
  return { rolls: out, cashedAt: out.length === MAX_ROLLS ? total : null };
}

/**
 * The spot rules: "1" to "6" and "BOOM", whose limits the table gives by kind ("number" and
 * "boom"; or per code).
 */
export function boomRules(spots: SpotLimit[]): SpotRules {
  const kinds = new Set(spots.map((s) => s.kind.toLowerCase()));
  const kindOf = (code: string): string | null => {
    if (!SPOTS.includes(code)) return null;
    const own = code.toLowerCase();
    if (kinds.has(own)) return own;
    if (code !== BOOM && kinds.has('number')) return 'number';
    return null;
  };
  return {
    isSpot: (code) => kindOf(code) !== null,
    kindOf,
    isInside: () => false,
    oppositeOf: () => null,
  };
}
