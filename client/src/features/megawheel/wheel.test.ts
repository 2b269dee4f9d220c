import { describe, expect, it } from 'vitest';

import {
  landingProgress,
  landingRotation,
  multipliersOf,
  numberShares,
  parseWheelResult,
  rotationFor,
  segmentAt,
} from './wheel';

const COUNT = 54;

describe('mega wheel results', () => {
  it('reads the number, the segment and the mega multiplier from an outcome', () => {
    expect(parseWheelResult('5', '5|7|40x100')).toEqual({
      number: 5,
      segment: 7,
      mega: { number: 40, x: 100 },
    });
    expect(parseWheelResult('30', '30|27|30x500')).toEqual({
      number: 30,
      segment: 27,
      mega: { number: 30, x: 500 },
    });
    // A label alone (the lobby, the history's label): no segment.
    expect(parseWheelResult('2', '2')).toEqual({ number: 2, segment: null, mega: null });
    expect(parseWheelResult('3', '3|7|40x100')).toBeNull();
    expect(parseWheelResult('05', '05')).toBeNull();
  });

  it('reads the announced multiplier', () => {
    expect(multipliersOf([{ spot: '40', x: 100 }])).toEqual({ number: 40, x: 100 });
    expect(multipliersOf([{ spot: '7', x: 100 }])).toBeNull();
    expect(multipliersOf([])).toBeNull();
    expect(multipliersOf(undefined)).toBeNull();
  });

  it('counts how often each number came', () => {
    const shares = numberShares([1, 1, 2, 40]);
    expect(shares).toHaveLength(9);
    expect(shares[0]).toEqual({ number: 1, count: 2, percent: 50 });
    expect(shares.find((s) => s.number === 40)).toEqual({ number: 40, count: 1, percent: 25 });
    expect(shares.find((s) => s.number === 30)).toEqual({ number: 30, count: 0, percent: 0 });
    expect(numberShares([]).every((s) => s.percent === 0)).toBe(true);
    expect(
      numberShares([1, 2, 2])
        .map((s) => s.percent)
        .slice(0, 2),
    ).toEqual([33.3, 66.7]);
  });
});

describe('the wheel geometry', () => {
  it('puts segment 0 under the pointer at rest, and segment s one step per segment back', () => {
    expect(rotationFor(0, COUNT)).toBe(0);
    expect(rotationFor(7, COUNT)).toBeCloseTo(360 - (7 * 360) / 54);
    expect(segmentAt(0, COUNT)).toBe(0);
    expect(segmentAt(-360 / 54, COUNT)).toBe(1);
    expect(segmentAt(720 + rotationFor(53, COUNT), COUNT)).toBe(53);
  });

  it('lands on every segment after at least the travel asked for, turning clockwise', () => {
    for (const from of [0, 123.4, 1000]) {
      for (let s = 0; s < COUNT; s++) {
        const to = landingRotation(from, s, COUNT, 220);
        expect(segmentAt(to, COUNT)).toBe(s);
        expect(to - from).toBeGreaterThanOrEqual(220);
        expect(to - from).toBeLessThan(220 + 360);
      }
    }
  });

  it('lands smoothly: from the spin speed to a stop, never turning back', () => {
    for (const v0 of [0, 1, 2, 3]) {
      expect(landingProgress(0, v0)).toBe(0);
      expect(landingProgress(1, v0)).toBeCloseTo(1);
      let last = 0;
      for (let p = 0.01; p <= 1; p += 0.01) {
        const now = landingProgress(p, v0);
        expect(now).toBeGreaterThanOrEqual(last - 1e-9);
        last = now;
      }
      // It starts at the speed asked for and ends at rest.
      expect(landingProgress(0.001, v0) / 0.001).toBeCloseTo(v0, 1);
      expect((1 - landingProgress(0.999, v0)) / 0.001).toBeCloseTo(0, 1);
    }
    expect(landingProgress(2, 1)).toBe(1);
  });
});
