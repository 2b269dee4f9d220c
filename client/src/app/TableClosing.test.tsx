import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';

import { FakeRealtime } from '../lib/host/fake-realtime.test-util';
import en from '../lib/i18n/locales/en.json';
import { initTestI18n } from '../lib/i18n';
import { type Services, ServicesContext } from '../lib/session';
import { TableClosing } from './TableClosing';

beforeAll(async () => {
  await initTestI18n(en);
});

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

function renderAt(tableId: string | null) {
  const realtime = new FakeRealtime();
  const services = { realtime } as unknown as Services;
  const view = render(
    <ServicesContext.Provider value={services}>
      <TableClosing tableId={tableId} />
    </ServicesContext.Provider>,
  );
  return { realtime, view };
}

const minutesShown = () =>
  screen.queryByTestId('table-will-close')?.getAttribute('data-minutes') ?? null;

describe('the table-will-close notice', () => {
  it("shows for the announced minutes × 60 s, counting the minutes down, at the player's table only", () => {
    vi.useFakeTimers();
    const { realtime } = renderAt('rou-1');
    act(() => realtime.emit({ type: 'tablewillclose', table: 'rou-2', minutes: 5 }));
    expect(minutesShown()).toBeNull();
    act(() => realtime.emit({ type: 'tablewillclose', table: 'rou-1', minutes: 2 }));
    expect(minutesShown()).toBe('2');
    act(() => void vi.advanceTimersByTime(61_000));
    expect(minutesShown()).toBe('1');
    act(() => void vi.advanceTimersByTime(58_000));
    expect(minutesShown()).toBe('1');
    act(() => void vi.advanceTimersByTime(2_000));
    expect(minutesShown()).toBeNull();
  });

  it('tells a player who came later, from the snapshot, for the time that is left', () => {
    vi.useFakeTimers();
    const { realtime } = renderAt('rou-1');
    // The server's clock is ahead of the page's: what counts is the time left.
    const serverNow = Date.now() + 7_200_000;
    act(() =>
      realtime.emit({ type: 'resync', table: 'rou-1', ts: serverNow, closesAt: serverNow }),
    );
    expect(minutesShown()).toBeNull(); // nothing left
    act(() =>
      realtime.emit({
        type: 'resync',
        table: 'rou-1',
        ts: serverNow,
        closesAt: serverNow + 210_000,
      }),
    );
    expect(minutesShown()).toBe('4');
    // A reconnect's snapshot keeps the notice shown.
    act(() =>
      realtime.emit({
        type: 'resync',
        table: 'rou-1',
        ts: serverNow,
        closesAt: serverNow + 60_000,
      }),
    );
    expect(minutesShown()).toBe('4');
  });

  it('goes when the player leaves the table', () => {
    const { realtime, view } = renderAt('rou-1');
    act(() => realtime.emit({ type: 'tablewillclose', table: 'rou-1', minutes: 10 }));
    expect(minutesShown()).toBe('10');
    view.rerender(
      <ServicesContext.Provider value={{ realtime } as unknown as Services}>
        <TableClosing tableId={null} />
      </ServicesContext.Provider>,
    );
    expect(minutesShown()).toBeNull();
  });

  it("counts from the server's closing time, so a notice replayed after a drop is not reset", () => {
    vi.useFakeTimers();
    const { realtime } = renderAt('rou-1');
    const serverNow = Date.now() + 7_200_000;
    act(() => realtime.emit({ type: 'welcome', serverTime: serverNow }));
    // Sent ten minutes ago with 15 minutes: 5 are left.
    act(() =>
      realtime.emit({
        type: 'tablewillclose',
        table: 'rou-1',
        minutes: 15,
        closesAt: serverNow + 5 * 60_000,
        replayed: true,
      }),
    );
    expect(minutesShown()).toBe('5');
  });
});
