import { describe, expect, it } from 'vitest';

import { advance } from './live';
import {
  DEFAULT_CAP,
  bandOf,
  cashOutReturn,
  checkAuto,
  halfOf,
  multiplierAfter,
  multiplierNow,
  parseX,
  timeTo,
  xText,
} from './multiplier';

const G = 0.0001; // the tables' growth per ms (docs/games/crash.md)

describe('the multiplier', () => {
  it('is 1.00x at launch and before it', () => {
    expect(multiplierAfter(0, G)).toBe(100);
    expect(multiplierAfter(-500, G)).toBe(100);
    expect(multiplierAfter(NaN, G)).toBe(100);
  });

  it('follows e^(growth·t), floored to hundredths, as the docs table gives it', () => {
    expect(multiplierAfter(100, G)).toBe(101); // e^0.01 = 1.01005
    expect(multiplierAfter(4055, G)).toBe(150); // 1.5000 just reached
    expect(multiplierAfter(4054, G)).toBe(149); // a hair before: still 1.49
    expect(multiplierAfter(6932, G)).toBe(200);
    expect(multiplierAfter(6931, G)).toBe(199);
    expect(multiplierAfter(23_026, G)).toBe(1000);
    expect(multiplierAfter(46_052, G)).toBe(10_000);
  });

  it('never shows a hundredth before the exact product reaches it', () => {
    // e^(G·t) crosses 1.10 between these two ms: floor, not round.
    const t = Math.ceil(Math.log(1.1) / G);
    expect(multiplierAfter(t - 1, G)).toBe(109);
    expect(multiplierAfter(t, G)).toBe(110);
  });

  it('stops at the cap', () => {
    expect(multiplierAfter(85_172, G)).toBe(DEFAULT_CAP);
    expect(multiplierAfter(200_000, G)).toBe(DEFAULT_CAP);
    expect(multiplierAfter(200_000, G, 1000)).toBe(1000);
  });

  it('reads the time on the server clock: local time plus the offset', () => {
    const flight = { launchedAt: 1_000_000, growth: G, cap: DEFAULT_CAP };
    // The local clock is 3 s behind the server's: 6.932 s after launch on the server.
    expect(multiplierNow(flight, 1_000_000 + 3932, 3000)).toBe(200);
    expect(multiplierNow(flight, 1_000_000 + 6932, 0)).toBe(200);
    // A clock ahead of the server's sees the launch later.
    expect(multiplierNow(flight, 1_000_000 + 6932, -6932)).toBe(100);
  });

  it("gives the time to a multiplier (the curve's axis)", () => {
    expect(timeTo(100, G)).toBe(0);
    expect(timeTo(200, G)).toBeCloseTo(6931.5, 0);
  });

  it('never goes down during a flight as the clock offset is estimated again', () => {
    const flight = { launchedAt: 0, growth: G, cap: DEFAULT_CAP };
    let s = advance({ x: 100, key: '' }, 'g1', flight, null, 6932, 0);
    expect(s.x).toBe(200);
    s = advance(s, 'g1', flight, null, 6940, -100); // a later estimate: 100 ms back
    expect(s.x).toBe(200);
    s = advance(s, 'g2', flight, null, 100, 0); // another flight starts afresh
    expect(s.x).toBe(101);
    s = advance(s, 'g2', flight, 237, 999_999, 0); // crashed: the crash point
    expect(s.x).toBe(237);
    expect(advance(s, '', null, null, 0, 0)).toEqual({ x: 100, key: '' });
  });
});

describe('multiplier texts', () => {
  it('parses and writes two decimals', () => {
    expect(parseX('2.37')).toBe(237);
    expect(parseX('2')).toBe(200);
    expect(parseX('2.3')).toBe(230);
    expect(parseX('5000.00')).toBe(500_000);
    expect(parseX('2.375')).toBeNull();
    expect(parseX('-1')).toBeNull();
    expect(parseX('x')).toBeNull();
    expect(parseX(null)).toBeNull();
    expect(xText(237)).toBe('2.37');
    expect(xText(100)).toBe('1.00');
    expect(xText(500_000)).toBe('5000.00');
  });

  it('colours crash points by band: under 2x, to 10x, 10x and more', () => {
    expect(bandOf(100)).toBe('low');
    expect(bandOf(199)).toBe('low');
    expect(bandOf(200)).toBe('mid');
    expect(bandOf(999)).toBe('mid');
    expect(bandOf(1000)).toBe('high');
  });
});

describe('what a cash-out returns', () => {
  it('is the stake times the multiplier, rounded down to the cent', () => {
    expect(cashOutReturn(10_00000, 215, 'EUR')).toBe(21_50000);
    expect(cashOutReturn(3_33000, 215, 'EUR')).toBe(7_15000); // 7.1595 → 7.15
    expect(cashOutReturn(1_00000, 100, 'EUR')).toBe(1_00000);
  });

  it('rounds down to whole units where the currency has no cents', () => {
    expect(cashOutReturn(1000_00000, 237, 'JPY')).toBe(2370_00000);
    expect(cashOutReturn(15_00000, 237, 'JPY')).toBe(35_00000); // 35.55 → 35
  });

  it('takes half a stake down to the smallest unit', () => {
    expect(halfOf(10_00000, 'EUR')).toBe(5_00000);
    expect(halfOf(25000, 'EUR')).toBe(12000); // 0.25 → 0.12
    expect(halfOf(5_00000, 'JPY')).toBe(2_00000);
  });
});

describe('automatic cash-out targets', () => {
  it('takes targets from 1.01x to 5000x, either or both, the half below the whole', () => {
    expect(checkAuto('2.50', '1.50')).toEqual({ ok: true, targets: { at: 250, halfAt: 150 } });
    expect(checkAuto('', '1.01')).toEqual({ ok: true, targets: { at: null, halfAt: 101 } });
    expect(checkAuto('5000', '')).toEqual({ ok: true, targets: { at: 500_000, halfAt: null } });
    expect(checkAuto(' 2,5x ', '')).toEqual({ ok: true, targets: { at: 250, halfAt: null } });
    expect(checkAuto('', '')).toEqual({ ok: true, targets: { at: null, halfAt: null } });
  });

  it('names the problem of each field', () => {
    expect(checkAuto('1.00', '')).toEqual({ ok: false, at: 'range', halfAt: null });
    expect(checkAuto('5000.01', '')).toEqual({ ok: false, at: 'range', halfAt: null });
    expect(checkAuto('abc', '1.5')).toEqual({ ok: false, at: 'format', halfAt: null });
    expect(checkAuto('2.555', '')).toEqual({ ok: false, at: 'format', halfAt: null });
    expect(checkAuto('2.00', '2.00')).toEqual({ ok: false, at: null, halfAt: 'order' });
    expect(checkAuto('2.00', '3.00')).toEqual({ ok: false, at: null, halfAt: 'order' });
    expect(checkAuto('', '0.5')).toEqual({ ok: false, at: null, halfAt: 'range' });
  });
});
