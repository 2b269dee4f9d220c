import { describe, expect, it } from 'vitest';

import { parseCharts, parseStats } from './stats';

const share = (count: number, percent: number) => ({ count, percent });

const STATS = {
  tableId: 'sic-1',
  numberOfGames: 40,
  faces: [1, 2, 3, 4, 5, 6].map((face) => ({ face, count: 20 + face, percent: 17.5 + face / 10 })),
  totals: Array.from({ length: 16 }, (_, i) => ({ total: i + 3, count: i, percent: i * 2.5 })),
  small: share(18, 45),
  big: share(20, 50),
  odd: share(19, 47.5),
  even: share(19, 47.5),
  triple: share(2, 5),
  hot: [6, 5],
  cold: [1, 2],
};

describe('the sic bo statistics', () => {
  it('reads the server answer', () => {
    const s = parseStats(STATS);
    expect(s.games).toBe(40);
    expect(s.faces).toHaveLength(6);
    expect(s.faces[2]).toEqual({ face: 3, count: 23, percent: 17.8 });
    expect(s.totals.at(-1)).toEqual({ total: 18, count: 15, percent: 37.5 });
    expect(s.triple).toEqual({ count: 2, percent: 5 });
    expect(s.hot).toEqual([6, 5]);
    expect(s.cold).toEqual([1, 2]);
  });

  it('refuses a malformed answer, which the panel shows as an error', () => {
    expect(() => parseStats(null)).toThrow();
    expect(() => parseStats({ error: 'NOT_FOUND', message: 'no such path' })).toThrow();
    expect(() => parseStats({ ...STATS, small: { count: 1 } })).toThrow(/small/);
    expect(() => parseStats({ ...STATS, hot: [7] })).toThrow(/hot/);
    expect(() => parseStats({ ...STATS, faces: [{ face: 0, count: 1, percent: 1 }] })).toThrow();
  });

  it('reads the chart, oldest first', () => {
    const c = parseCharts({
      tableId: 'sic-1',
      numberOfGames: 2,
      series: [
        { gameId: 'sic-1-000001', total: 10, dice: [3, 1, 6] },
        { gameId: 'sic-1-000002', total: 18, dice: [6, 6, 6] },
      ],
    });
    expect(c.games).toBe(2);
    expect(c.series.map((p) => p.total)).toEqual([10, 18]);
    expect(c.series[0]!.dice).toEqual([3, 1, 6]);
    expect(() => parseCharts({ numberOfGames: 1, series: [{ total: 9, dice: [1, 2] }] })).toThrow();
  });
});
