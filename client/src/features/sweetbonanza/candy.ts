// The candy wheel on the client (the game show "sweetbonanza", variant candyland): its
// results as the server writes them ("<final label>|<first segment>[|x<M>|<final
// segment>][|v,v,v]": "5|7", "1|6|x3|17", "CANDY_DROP|2|8,25,3"), the candies of a Candy
// Drop, the Sweet Spins wheel, and what a bonus pays.
import { type CandyLabel, candyLabelOf } from '../../lib/table/candy-wheel';

export interface CandyResult {
  label: CandyLabel; // the final label: what won
  first: number | null; // the segment the wheel stopped on first (null: only the label known)
  bomb: number | null; // a Sugar Bomb's multiplier M, when the first spin hit one
  final: number | null; // the segment of the re-spin (the first without a bomb)
  values: number[]; // the bonus's values: three candies, two bubbles, the spin
}

/** The candies of a Candy Drop, and the one a player gets without picking (the middle). */
export const CANDIES = ['1', '2', '3'] as const;
export const DEFAULT_CANDY = '2';

/** The Sweet Spins wheel's 20 multipliers, clockwise (docs/games/sweetbonanza.md). */
export const SPINS_WHEEL = [
  5, 8, 10, 5, 15, 8, 20, 5, 10, 30, 8, 5, 15, 8, 50, 5, 10, 8, 15, 20,
] as const;

const segmentOf = (text: string | undefined): number | null =>
  text !== undefined && /^\d{1,2}$/.test(text) ? Number(text) : null;

/** A result from its label ("CANDY_DROP") and outcome ("CANDY_DROP|2|8,25,3"); null if none. */
export function parseCandyResult(label: string, outcome: string): CandyResult | null {
  const parts = outcome.split('|');
  const name = candyLabelOf(label) ?? candyLabelOf(parts[0] ?? '');
  if (name === null) return null;
  const first = segmentOf(parts[1]);
  let bomb: number | null = null;
  let final = first;
  let next = 2;
  const m = /^x(\d{1,3})$/.exec(parts[2] ?? '');
  if (m) {
    bomb = Number(m[1]);
    final = segmentOf(parts[3]);
    next = 4;
  }
  const values = (parts[next] ?? '')
    .split(',')
    .filter((v) => /^\d{1,4}$/.test(v))
    .map(Number);
  return { label: name, first, bomb, final, values };
}

/**
 * The X a bonus result pays X:1 for: the candy picked (`candy`, "1" to "3"), the bubbles'
 * sum, the spin's value; null for a number or when the values are unknown.
 */
export function bonusX(
  r: Pick<CandyResult, 'label' | 'values'>,
  candy = DEFAULT_CANDY,
): number | null {
  if (r.values.length === 0) return null;
  if (r.label === 'CANDY_DROP') return r.values[Number(candy) - 1] ?? null;
  if (r.label === 'BUBBLE_SURPRISE' || r.label === 'SWEET_SPINS')
    return r.values.reduce((a, b) => a + b, 0);
  return null;
}

/**
 * A segment of the Sweet Spins wheel bearing `x`: one of them, chosen by `key` (the round),
 * so that the wheel does not always stop at the same place; null when none bears it.
 */
export function spinsSegmentFor(x: number, key: string): number | null {
  const at = SPINS_WHEEL.flatMap((v, i) => (v === x ? [i] : []));
  if (at.length === 0) return null;
  let h = 0;
  for (const c of key) h = (h * 31 + c.charCodeAt(0)) >>> 0;
  return at[h % at.length]!;
}
