import { describe, expect, it } from 'vitest';

import {
  WHEEL_ORDER,
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

  it('has every pocket once on the wheel', () => {
    expect([...WHEEL_ORDER].sort((a, b) => a - b)).toEqual(Array.from({ length: 37 }, (_, i) => i));
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
