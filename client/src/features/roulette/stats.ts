// Statistics of a table's last results (pockets, newest first): how often each number
// came, the hot and cold numbers, and the shares of the even-money, dozen and column
// bets. Pure. Zero and double zero count in every split as their own "zero" share, so
// each split adds up to all the games.
import { colourOf } from './spots';
import { DOUBLE_ZERO, type WheelVariant, pocketOrder, wheelOf } from './wheel';

/** At most this many results count, the newest. */
export const STATS_GAMES_MAX = 100;
const HOT_COLD = 5;

export interface PocketCount {
  pocket: number;
  count: number;
}

export type ShareKey =
  | 'red'
  | 'black'
  | 'odd'
  | 'even'
  | 'low'
  | 'high'
  | 'dozen1'
  | 'dozen2'
  | 'dozen3'
  | 'column1'
  | 'column2'
  | 'column3'
  | 'zero';

/** One part of a split: how many games, and their whole percentage of all games. */
export interface Share {
  key: ShareKey;
  count: number;
  percent: number;
}

export interface Statistics {
  /** Results counted (up to 100; results that are not pockets of the wheel are skipped). */
  games: number;
  /** The results counted, newest first. */
  results: number[];
  /** Every pocket of the wheel, in spot order (0, 00, 1-36), with its count. */
  counts: PocketCount[];
  /** The 5 most frequent numbers that came, most frequent first; ties: most recent first. */
  hot: PocketCount[];
  /** The 5 least frequent numbers, unseen ones included; ties: least recent first. */
  cold: PocketCount[];
  colour: Share[]; // red, black, zero
  parity: Share[]; // odd, even, zero
  range: Share[]; // low (1-18), high (19-36), zero
  dozens: Share[]; // dozen 1, 2, 3, zero
  columns: Share[]; // column 1, 2, 3, zero
}

const isZero = (n: number) => n === 0 || n === DOUBLE_ZERO;

/**
 * Whole percentages of `counts` in `total` that add up to exactly 100 (largest remainders
 * get the rounding), or all 0 when there is nothing to count.
 */
export function wholePercents(counts: readonly number[], total: number): number[] {
  if (total <= 0) return counts.map(() => 0);
  const exact = counts.map((c) => (c * 100) / total);
  const out = exact.map(Math.floor);
  let left = 100 - out.reduce((a, b) => a + b, 0);
  const order = exact
    .map((e, i) => ({ i, rest: e - Math.floor(e) }))
    .sort((a, b) => b.rest - a.rest || a.i - b.i);
  for (const { i } of order) {
    if (left <= 0) break;
    out[i]! += 1;
    left -= 1;
  }
  return out;
}

function split(results: readonly number[], parts: [ShareKey, (n: number) => boolean][]): Share[] {
  const counts = parts.map(([, test]) => results.filter(test).length);
  const percents = wholePercents(counts, results.length);
  return parts.map(([key], i) => ({ key, count: counts[i]!, percent: percents[i]! }));
}

const inside = (test: (n: number) => boolean) => (n: number) => !isZero(n) && test(n);

export function computeStatistics(
  results: readonly number[],
  variant: WheelVariant = 'european',
): Statistics {
  const wheel = wheelOf(variant);
  const onWheel = new Set(wheel);
  const counted = results.filter((n) => onWheel.has(n)).slice(0, STATS_GAMES_MAX);

  const count = new Map<number, number>(wheel.map((p) => [p, 0]));
  const lastSeen = new Map<number, number>(); // index of the newest appearance
  counted.forEach((n, i) => {
    count.set(n, count.get(n)! + 1);
    if (!lastSeen.has(n)) lastSeen.set(n, i);
  });
  const counts = [...wheel]
    .sort(pocketOrder)
    .map((pocket) => ({ pocket, count: count.get(pocket)! }));
  const seen = (p: number) => lastSeen.get(p) ?? Infinity;

  const hot = counts
    .filter((c) => c.count > 0)
    .sort((a, b) => b.count - a.count || seen(a.pocket) - seen(b.pocket))
    .slice(0, HOT_COLD);
  const cold = [...counts]
    .sort((a, b) => {
      if (a.count !== b.count) return a.count - b.count;
      const sa = seen(a.pocket);
      const sb = seen(b.pocket);
      if (sa !== sb) return sa === Infinity ? -1 : sb === Infinity ? 1 : sb - sa;
      return pocketOrder(a.pocket, b.pocket);
    })
    .slice(0, HOT_COLD);

  const zero: [ShareKey, (n: number) => boolean] = ['zero', isZero];
  return {
    games: counted.length,
    results: counted,
    counts,
    hot,
    cold,
    colour: split(counted, [
      ['red', inside((n) => colourOf(n) === 'red')],
      ['black', inside((n) => colourOf(n) === 'black')],
      zero,
    ]),
    parity: split(counted, [
      ['odd', inside((n) => n % 2 === 1)],
      ['even', inside((n) => n % 2 === 0)],
      zero,
    ]),
    range: split(counted, [
      ['low', inside((n) => n <= 18)],
      ['high', inside((n) => n >= 19)],
      zero,
    ]),
    dozens: split(counted, [
      ['dozen1', inside((n) => n <= 12)],
      ['dozen2', inside((n) => n >= 13 && n <= 24)],
      ['dozen3', inside((n) => n >= 25)],
      zero,
    ]),
    columns: split(counted, [
      ['column1', inside((n) => n % 3 === 1)],
      ['column2', inside((n) => n % 3 === 2)],
      ['column3', inside((n) => n % 3 === 0)],
      zero,
    ]),
  };
}
