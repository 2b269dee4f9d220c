import { afterEach, describe, expect, it, vi } from 'vitest';

import { REFRESH_KEY, isRelaunch, keepMarker, readMarker } from './refresh';
import { MemoryStorage } from './storage.test-util';

afterEach(() => vi.useRealTimers());

describe('the refresh marker', () => {
  it('tells a reload of the same table within 30 s from a new visit', () => {
    const marker = { at: 1_000_000, tableId: 'rou-1' };
    expect(isRelaunch(marker, 'rou-1', 1_000_000 + 30_000)).toBe(true);
    expect(isRelaunch(marker, 'rou-1', 1_000_000 + 30_001)).toBe(false);
    expect(isRelaunch(marker, 'bac-1', 1_000_500)).toBe(false);
    expect(isRelaunch(marker, null, 1_000_500)).toBe(false);
    expect(isRelaunch(null, 'rou-1', 1_000_500)).toBe(false);
  });

  it('is kept every 30 s and when the page goes, for the table shown, and read back', () => {
    vi.useFakeTimers();
    const storage = new MemoryStorage();
    const events = new EventTarget();
    let table: string | null = 'rou-1';
    let t = 5_000;
    const stop = keepMarker(
      storage,
      () => table,
      events as unknown as Window,
      () => t,
    );
    expect(readMarker(storage)).toEqual({ at: 5_000, tableId: 'rou-1' });
    t = 35_000;
    vi.advanceTimersByTime(30_000);
    expect(readMarker(storage)?.at).toBe(35_000);
    table = 'sic-1';
    t = 40_000;
    events.dispatchEvent(new Event('pagehide'));
    expect(readMarker(storage)).toEqual({ at: 40_000, tableId: 'sic-1' });
    table = null; // the lobby: no marker
    events.dispatchEvent(new Event('pagehide'));
    expect(readMarker(storage)).toBeNull();
    stop();
    storage.setItem(REFRESH_KEY, '{not json');
    expect(readMarker(storage)).toBeNull();
  });
});
