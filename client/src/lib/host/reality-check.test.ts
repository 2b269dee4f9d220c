import { afterEach, describe, expect, it, vi } from 'vitest';

import { units } from '../format/money';
import { MemoryStorage } from '../storage.test-util';
import {
  REALITY_STORAGE_KEY,
  type RealityInfo,
  RealityCheck,
  realityFiguresOf,
  realityInfoOf,
  realityInterval,
  sessionSecondsAt,
} from './reality-check';

const ANSWER = {
  sessionStartedAt: 1_795_311_533_000,
  sessionSeconds: 1830,
  currency: 'EUR',
  bets: 42,
  wagered: '84.00',
  returned: '61.50',
  inPlay: '2.00',
  netPosition: '-22.50',
  intervalMinutes: 30,
};

afterEach(() => {
  vi.useRealTimers();
});

describe("the server's figures", () => {
  it('reads the answer of docs/regulation.md', () => {
    expect(realityFiguresOf(ANSWER, 5000)).toEqual({
      sessionStartedAt: 1_795_311_533_000,
      sessionSeconds: 1830,
      currency: 'EUR',
      bets: 42,
      wagered: units('84.00'),
      returned: units('61.50'),
      inPlay: units('2.00'),
      netPosition: units('-22.50'),
      intervalMinutes: 30,
      readAt: 5000,
    });
  });

  it('is no answer without the time, the stakes or the net position', () => {
    expect(realityFiguresOf(null, 0)).toBeNull();
    expect(realityFiguresOf({ ...ANSWER, sessionSeconds: '1830' }, 0)).toBeNull();
    expect(realityFiguresOf({ ...ANSWER, wagered: 84 }, 0)).toBeNull();
    expect(realityFiguresOf({ ...ANSWER, netPosition: 'lots' }, 0)).toBeNull();
    expect(realityFiguresOf({ balance: '10.00' }, 0)).toBeNull();
  });

  it('takes defaults for the fields it can do without (an older server: no interval)', () => {
    const older: Record<string, unknown> = { ...ANSWER };
    delete older.intervalMinutes;
    expect(realityFiguresOf(older, 0)?.intervalMinutes).toBe(0);
  });

  it("counts the session's time on from the answer", () => {
    const f = realityFiguresOf(ANSWER, 10_000)!;
    expect(sessionSecondsAt(f, 10_000)).toBe(1830);
    expect(sessionSecondsAt(f, 10_999)).toBe(1830);
    expect(sessionSecondsAt(f, 71_000)).toBe(1891);
    expect(sessionSecondsAt(f, 0)).toBe(1830); // a clock set back counts nothing
  });

  it('is what the popup shows', () => {
    expect(realityInfoOf(realityFiguresOf(ANSWER, 0)!)).toEqual({
      elapsedMs: 1_830_000,
      net: units('-22.50'),
      wagered: units('84.00'),
      source: 'server',
    });
  });
});

describe('the interval', () => {
  it('is the smaller positive of the two, or 0', () => {
    expect(realityInterval(30, 15)).toBe(15);
    expect(realityInterval(15, 30)).toBe(15);
    expect(realityInterval(0, 15)).toBe(15);
    expect(realityInterval(30, 0)).toBe(30);
    expect(realityInterval(30, null)).toBe(30);
    expect(realityInterval(0, 0)).toBe(0);
  });
});

describe('RealityCheck', () => {
  function start(intervalMin: number, storage = new MemoryStorage()) {
    const due: RealityInfo[] = [];
    const check = new RealityCheck({
      intervalMin,
      playerId: '7',
      storage,
      onDue: (info) => due.push(info),
    });
    return { check, due, storage };
  }

  it('waits for an interval when it starts without one, and counts it from then', () => {
    vi.useFakeTimers();
    const { check, due } = start(0);
    vi.advanceTimersByTime(60 * 60_000);
    expect(due).toEqual([]);
    check.setIntervalMin(15); // no popup at once after an hour's play: 15 minutes from now
    vi.advanceTimersByTime(15 * 60_000 - 1);
    expect(due).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(due).toHaveLength(1);
    expect(due[0]!.elapsedMs).toBe(75 * 60_000);
  });

  it("keeps an earlier page's interval (the player's) until told otherwise", () => {
    vi.useFakeTimers();
    const storage = new MemoryStorage();
    const first = start(30, storage);
    first.check.setIntervalMin(10);
    vi.advanceTimersByTime(4 * 60_000);
    first.check.stop();
    const next = start(30, storage); // a new page: the operator's 30, the player's 10 held
    vi.advanceTimersByTime(6 * 60_000);
    expect(next.due).toHaveLength(1);
  });

  it('is due at once when a shorter interval has already passed', () => {
    vi.useFakeTimers();
    const { check, due } = start(30);
    vi.advanceTimersByTime(20 * 60_000);
    check.setIntervalMin(15);
    vi.advanceTimersByTime(0);
    expect(due).toHaveLength(1);
    expect(due[0]!.elapsedMs).toBe(20 * 60_000);
  });

  it('counts the stakes and the net of the settled rounds', () => {
    vi.useFakeTimers();
    const { check, due } = start(1);
    check.addNet('-2.00', '2.00');
    check.addNet('3.50', '1.00');
    check.addNet('not an amount', '1.00');
    vi.advanceTimersByTime(60_000);
    expect(due[0]).toEqual({
      elapsedMs: 60_000,
      net: units('1.50'),
      wagered: units('3.00'),
      source: 'client',
    });
  });

  it('counts a new interval from the last Continue', () => {
    vi.useFakeTimers();
    const { check, due } = start(10);
    vi.advanceTimersByTime(10 * 60_000);
    expect(due).toHaveLength(1);
    vi.advanceTimersByTime(3 * 60_000);
    check.continue();
    check.setIntervalMin(5);
    vi.advanceTimersByTime(5 * 60_000 - 1);
    expect(due).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(due).toHaveLength(2);
  });

  it('shows nothing more once skipped with no interval, until one is set again', () => {
    vi.useFakeTimers();
    const { check, due } = start(1);
    vi.advanceTimersByTime(60_000);
    expect(due).toHaveLength(1);
    check.setIntervalMin(0);
    check.skip();
    vi.advanceTimersByTime(60 * 60_000);
    expect(due).toHaveLength(1);
    check.setIntervalMin(2); // none applied: two minutes from now
    vi.advanceTimersByTime(2 * 60_000);
    expect(due).toHaveLength(2);
  });

  it("reads an earlier page's state without the newer fields", () => {
    vi.useFakeTimers();
    const storage = new MemoryStorage();
    const t = Date.now();
    storage.setItem(
      REALITY_STORAGE_KEY,
      JSON.stringify({ playerId: '7', startedAt: t - 60_000, dueAt: t + 60_000, net: 500 }),
    );
    const { due } = start(2, storage);
    vi.advanceTimersByTime(60_000);
    expect(due).toEqual([{ elapsedMs: 120_000, net: 500, wagered: 0, source: 'client' }]);
  });
});
