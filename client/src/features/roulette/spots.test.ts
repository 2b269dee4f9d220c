import { describe, expect, it } from 'vitest';

import {
  colourOf,
  coveredNumbers,
  insideSpots,
  outsideSpots,
  payoutOf,
  spotCode,
  wins,
} from './spots';

describe('spots', () => {
  it('covers the right numbers', () => {
    expect(coveredNumbers('STRAIGHT_17')).toEqual([17]);
    expect(coveredNumbers('CORNER_1_2_4_5')).toEqual([1, 2, 4, 5]);
    expect(coveredNumbers('DOZEN_2')).toEqual([13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24]);
    expect(coveredNumbers('COLUMN_1')).toHaveLength(12);
    expect(coveredNumbers('COLUMN_1')[0]).toBe(1);
    expect(coveredNumbers('COLUMN_3')).toContain(36);
    expect(coveredNumbers('RED')).toHaveLength(18);
    expect(wins('RED', 0)).toBe(false);
    expect(wins('BASKET_0_1_2_3', 0)).toBe(true);
    expect(colourOf(0)).toBe('green');
    expect(colourOf(32)).toBe('red');
    expect(colourOf(26)).toBe('black');
    expect(payoutOf('line')).toBe(5);
  });

  it('writes 00 after 0 and covers it on American spots', () => {
    expect(spotCode('split', [37, 0])).toBe('SPLIT_0_00');
    expect(spotCode('trio', [3, 37, 2])).toBe('TRIO_00_2_3');
    expect(coveredNumbers('STRAIGHT_00')).toEqual([37]);
    expect(coveredNumbers('TOPLINE_0_00_1_2_3')).toEqual([0, 37, 1, 2, 3]);
    expect(wins('RED', 37)).toBe(false);
    expect(wins('TOPLINE_0_00_1_2_3', 37)).toBe(true);
    expect(colourOf(37)).toBe('green');
    expect(payoutOf('topline')).toBe(6);
  });

  it('offers every American spot exactly once, and no first four', () => {
    const codes = [...insideSpots('american'), ...outsideSpots()].map((s) => s.code);
    expect(new Set(codes).size).toBe(codes.length);
    const count = (prefix: string) => codes.filter((c) => c.startsWith(prefix)).length;
    expect(count('STRAIGHT_')).toBe(38);
    // 57 between numbers, 0-1, 0-2, 00-2, 00-3 and 0-00 (the server's list, docs/games/roulette.md).
    expect(count('SPLIT_')).toBe(62);
    expect(count('TRIO_')).toBe(3);
    expect(count('BASKET_')).toBe(0);
    expect(codes).toContain('TOPLINE_0_00_1_2_3');
    expect(codes).toContain('SPLIT_0_00');
    expect(codes).toContain('TRIO_0_00_2');
  });

  it('offers every European spot exactly once on the grid', () => {
    const codes = [...insideSpots(), ...outsideSpots()].map((s) => s.code);
    expect(new Set(codes).size).toBe(codes.length);
    const count = (prefix: string) => codes.filter((c) => c.startsWith(prefix)).length;
    expect(count('STRAIGHT_')).toBe(37);
    expect(count('SPLIT_')).toBe(60);
    expect(count('STREET_')).toBe(12);
    expect(count('CORNER_')).toBe(22);
    expect(count('LINE_')).toBe(11);
    expect(count('TRIO_')).toBe(2);
    expect(count('BASKET_')).toBe(1);
    expect(count('DOZEN_') + count('COLUMN_')).toBe(6);
    expect(codes).toEqual(expect.arrayContaining(['RED', 'BLACK', 'EVEN', 'ODD', 'LOW', 'HIGH']));
    expect(spotCode('split', [20, 17])).toBe('SPLIT_17_20');
  });

  it('puts each number where a player expects it', () => {
    const at = (code: string) => insideSpots().find((s) => s.code === code)!;
    expect(at('STRAIGHT_1')).toMatchObject({ x: 0.5, y: 2.5 });
    expect(at('STRAIGHT_3')).toMatchObject({ x: 0.5, y: 0.5 });
    expect(at('STRAIGHT_36')).toMatchObject({ x: 11.5, y: 0.5 });
    expect(at('SPLIT_1_4')).toMatchObject({ x: 1, y: 2.5 });
    expect(at('STREET_1_2_3')).toMatchObject({ x: 0.5, y: 3 });
  });
});
