import { describe, expect, it } from 'vitest';

import type { SpotLimit } from '../../lib/session';
import {
  FACES,
  boomRules,
  defaultChoice,
  defaultPlay,
  parseBoomResult,
  squareValue,
  winningSpots,
} from './grid';

describe('boom or bust grid', () => {
  it('gives each bonus square its value by the distance between the dice', () => {
    const rows = FACES.map((red) => FACES.map((blue) => squareValue(red, blue)).join(' '));
    expect(rows).toEqual([
      '0 1 2 3 6 7',
      '1 0 1 2 3 6',
      '2 1 0 1 2 3',
      '3 2 1 0 1 2',
      '6 3 2 1 0 1',
      '7 6 3 2 1 0',
    ]);
    // BOOM's exact return with the best play is 95.60 %: the average square is 3.44 over
    // 36, 6 of them BUST. Sanity: the values sum to 2 × (5×1 + 4×2 + 3×3 + 2×6 + 1×7).
    const sum = FACES.flatMap((r) => FACES.map((b) => squareValue(r, b))).reduce((a, b) => a + b);
    expect(sum).toBe(2 * (5 + 8 + 9 + 12 + 7));
  });

  it('keeps while the total is 13 or less, then cashes out', () => {
    expect(defaultChoice(0)).toBe('keep');
    expect(defaultChoice(13)).toBe('keep');
    expect(defaultChoice(14)).toBe('cash');
  });

  it('reads results: a plain throw and a bonus with its rolls', () => {
    expect(parseBoomResult('3,5', '3,5')).toEqual({ red: 3, blue: 5, doubles: false, rolls: [] });
    expect(parseBoomResult('4,4', '4,4|16,25,33')).toEqual({
      red: 4,
      blue: 4,
      doubles: true,
      rolls: [
        { red: 1, blue: 6 },
        { red: 2, blue: 5 },
        { red: 3, blue: 3 },
      ],
    });
    // The outcome alone, or a label without its outcome.
    expect(parseBoomResult('4,4|16', '4,4|16')?.rolls).toHaveLength(1);
    expect(parseBoomResult('6,6', '6,6')?.rolls).toEqual([]);
    for (const bad of ['', '7,1', '3-5', '35', 'x,y', '3,5,1'])
      expect(parseBoomResult(bad, bad), bad).toBeNull();
  });

  it('plays a result as the default does', () => {
    const rolls = (text: string) => parseBoomResult('4,4', `4,4|${text}`)!.rolls;
    // 7, then 10, then BUST: the default keeps to the bust.
    expect(defaultPlay(rolls('16,25,33'))).toMatchObject({ cashedAt: null });
    expect(defaultPlay(rolls('16,25,33')).rolls.map((r) => r.total)).toEqual([7, 10, 0]);
    // 7 and 7: 14 cashes out.
    expect(defaultPlay(rolls('16,61,22')).cashedAt).toBe(14);
  });

  it('wins the numbers a die shows, and BOOM on doubles', () => {
    expect([...winningSpots({ red: 3, blue: 5 })].sort()).toEqual(['3', '5']);
    expect([...winningSpots({ red: 4, blue: 4 })].sort()).toEqual(['4', 'BOOM']);
  });

  it('checks the spots by the kinds the table gives', () => {
    const spot = (kind: string): SpotLimit => ({
      kind,
      payout: 2,
      inside: false,
      min: '0.10',
      max: '500.00',
    });
    const rules = boomRules([...Array(6)].map(() => spot('number')).concat(spot('boom')));
    expect(['1', '6', 'BOOM'].map(rules.kindOf)).toEqual(['number', 'number', 'boom']);
    expect(rules.isSpot('7')).toBe(false);
    expect(rules.isSpot('boom')).toBe(false);
    // Or one kind per code.
    const own = boomRules(['1', '2', '3', '4', '5', '6', 'BOOM'].map(spot));
    expect(['3', 'BOOM'].map(own.kindOf)).toEqual(['3', 'boom']);
  });
});
