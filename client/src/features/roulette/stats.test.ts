import { describe, expect, it } from 'vitest';

import { type Share, computeStatistics, wholePercents } from './stats';
import { DOUBLE_ZERO, EUROPEAN_WHEEL } from './wheel';

const percents = (shares: Share[]) => Object.fromEntries(shares.map((s) => [s.key, s.percent]));
const pockets = (list: { pocket: number }[]) => list.map((c) => c.pocket);

describe('statistics', () => {
  // Newest first: 17 three times, 32 twice, 0 5 1 36 12 once.
  const results = [17, 0, 17, 32, 5, 17, 32, 1, 36, 12];

  it('counts every pocket and the games', () => {
    const s = computeStatistics(results);
    expect(s.games).toBe(10);
    expect(s.results).toEqual(results);
    expect(s.counts).toHaveLength(37);
    expect(s.counts.find((c) => c.pocket === 17)!.count).toBe(3);
    expect(s.counts.find((c) => c.pocket === 32)!.count).toBe(2);
    expect(s.counts.find((c) => c.pocket === 2)!.count).toBe(0);
    expect(s.counts.reduce((sum, c) => sum + c.count, 0)).toBe(10);
  });

  it('finds the hot numbers, ties to the most recent', () => {
    const s = computeStatistics(results);
    expect(s.hot).toEqual([
      { pocket: 17, count: 3 },
      { pocket: 32, count: 2 },
      { pocket: 0, count: 1 },
      { pocket: 5, count: 1 },
      { pocket: 1, count: 1 },
    ]);
  });

  it('finds the cold numbers, unseen first, then the least recent', () => {
    // Every pocket once, 0 newest and 26 oldest, except 7 and 8; and 5 twice more.
    const list = [5, 5, ...EUROPEAN_WHEEL.filter((n) => n !== 7 && n !== 8)];
    const s = computeStatistics(list);
    expect(s.games).toBe(37);
    expect(s.cold).toEqual([
      { pocket: 7, count: 0 },
      { pocket: 8, count: 0 },
      { pocket: 26, count: 1 },
      { pocket: 3, count: 1 },
      { pocket: 35, count: 1 },
    ]);
    expect(pockets(s.hot)).toEqual([5, 0, 32, 15, 19]);
    // With few results the cold numbers are unseen ones, in table order.
    expect(pockets(computeStatistics(results).cold)).toEqual([2, 3, 4, 6, 7]);
  });

  it('shares out every split, zero on its own', () => {
    const s = computeStatistics(results);
    expect(percents(s.colour)).toEqual({ red: 60, black: 30, zero: 10 });
    expect(s.colour.map((x) => x.count)).toEqual([6, 3, 1]);
    expect(percents(s.parity)).toEqual({ odd: 50, even: 40, zero: 10 });
    expect(percents(s.range)).toEqual({ low: 60, high: 30, zero: 10 });
    expect(percents(s.dozens)).toEqual({ dozen1: 30, dozen2: 30, dozen3: 30, zero: 10 });
    expect(percents(s.columns)).toEqual({ column1: 10, column2: 60, column3: 20, zero: 10 });
    expect(s.colour.map((x) => x.key)).toEqual(['red', 'black', 'zero']);
    expect(s.dozens.map((x) => x.key)).toEqual(['dozen1', 'dozen2', 'dozen3', 'zero']);
  });

  it('rounds percentages to whole numbers that add up to 100', () => {
    expect(wholePercents([1, 1, 1], 3)).toEqual([34, 33, 33]);
    expect(wholePercents([2, 1], 3)).toEqual([67, 33]);
    expect(wholePercents([0, 0], 0)).toEqual([0, 0]);
    const s = computeStatistics([1, 2, 3, 4, 5, 6, 7]);
    for (const split of [s.colour, s.parity, s.range, s.dozens, s.columns])
      expect(split.reduce((sum, x) => sum + x.percent, 0)).toBe(100);
  });

  it('is empty without results', () => {
    const s = computeStatistics([]);
    expect(s.games).toBe(0);
    expect(s.results).toEqual([]);
    expect(s.hot).toEqual([]);
    expect(pockets(s.cold)).toEqual([0, 1, 2, 3, 4]);
    expect(s.counts.every((c) => c.count === 0)).toBe(true);
    for (const split of [s.colour, s.parity, s.range, s.dozens, s.columns])
      expect(split.every((x) => x.count === 0 && x.percent === 0)).toBe(true);
  });

  it('counts 00 on an American wheel as a zero', () => {
    const s = computeStatistics([DOUBLE_ZERO, 0, DOUBLE_ZERO, 1], 'american');
    expect(s.games).toBe(4);
    expect(s.counts).toHaveLength(38);
    expect(s.counts.slice(0, 3).map((c) => c.pocket)).toEqual([0, DOUBLE_ZERO, 1]);
    expect(s.hot[0]).toEqual({ pocket: DOUBLE_ZERO, count: 2 });
    expect(percents(s.colour)).toEqual({ red: 25, black: 0, zero: 75 });
    expect(percents(s.parity)).toEqual({ odd: 25, even: 0, zero: 75 });
    // An unseen 00 is cold, right after 0.
    expect(pockets(computeStatistics([1], 'american').cold)).toEqual([0, DOUBLE_ZERO, 2, 3, 4]);
    // A European wheel has no 00: it is not counted.
    expect(computeStatistics([DOUBLE_ZERO, 1]).games).toBe(1);
  });

  it('counts the newest 100 results only', () => {
    const many = [...Array.from({ length: 100 }, () => 7), ...Array.from({ length: 50 }, () => 8)];
    const s = computeStatistics(many);
    expect(s.games).toBe(100);
    expect(s.hot).toEqual([{ pocket: 7, count: 100 }]);
    expect(percents(s.colour)).toEqual({ red: 100, black: 0, zero: 0 });
  });
});
