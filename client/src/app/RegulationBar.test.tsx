import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';

import { units } from '../lib/format/money';
import { HostContext } from '../lib/host/context';
import type { Host, HostUi } from '../lib/host/host';
import { realityFiguresOf } from '../lib/host/reality-check';
import en from '../lib/i18n/locales/en.json';
import { initTestI18n } from '../lib/i18n';
import { type AllConfig, type Services, ServicesContext } from '../lib/session';
import { createStore } from '../lib/store';
import { testSession } from '../lib/session.test-util';
import { RegulationBar, clockText } from './RegulationBar';

function renderBar(casino: Record<string, unknown>) {
  const ui = createStore<HostUi>({ paused: false, muted: false, realityCheck: null });
  const host = { ui } as unknown as Host;
  const session = testSession({ config: { casinoConfig: casino } as unknown as AllConfig });
  const services = {
    session,
    currency: () => ({ code: 'EUR', symbol: '€', symbolBefore: true }),
  } as unknown as Services;
  render(
    <ServicesContext.Provider value={services}>
      <HostContext.Provider value={host}>
        <RegulationBar />
      </HostContext.Provider>
    </ServicesContext.Provider>,
  );
  return { ui };
}

const answer = (seconds: number, net: string) => ({
  sessionStartedAt: 0,
  sessionSeconds: seconds,
  currency: 'EUR',
  bets: 1,
  wagered: '2.00',
  returned: '0.00',
  inPlay: '0.00',
  netPosition: net,
  intervalMinutes: 0,
});

beforeAll(async () => {
  await initTestI18n(en);
});

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('the UK bar', () => {
  it('writes the time as hours, minutes and seconds', () => {
    expect(clockText(0)).toBe('0:00:00');
    expect(clockText(59)).toBe('0:00:59');
    expect(clockText(3723)).toBe('1:02:03');
    expect(clockText(36_000)).toBe('10:00:00');
    expect(clockText(-5)).toBe('0:00:00');
  });

  it('is not there without the UK rules', () => {
    renderBar({});
    expect(screen.queryByTestId('regulation-bar')).toBeNull();
  });

  it("shows the session's time, ticking every second, and the net position", () => {
    vi.useFakeTimers();
    const { ui } = renderBar({ uk_regulation_check: true });
    const bar = screen.getByRole('complementary', { name: '[[REG_BAR_LABEL]]' });
    expect(bar).toHaveTextContent('[[REG_BAR_TIME]]');
    expect(bar).toHaveTextContent('[[REG_BAR_NET]]');
    // Until the server has answered.
    expect(screen.getByTestId('regulation-time')).toHaveTextContent('…');

    act(() =>
      ui.set((u) => ({ ...u, figures: realityFiguresOf(answer(61, '-2.50'), Date.now()) })),
    );
    expect(screen.getByTestId('regulation-time')).toHaveTextContent('0:01:01');
    expect(screen.getByTestId('regulation-net')).toHaveTextContent('-€2.50');
    expect(screen.getByTestId('regulation-net')).toHaveAttribute(
      'data-net',
      String(units('-2.50')),
    );
    act(() => vi.advanceTimersByTime(1000));
    expect(screen.getByTestId('regulation-time')).toHaveTextContent('0:01:02');
    act(() => vi.advanceTimersByTime(60_000));
    expect(screen.getByTestId('regulation-time')).toHaveTextContent('0:02:02');

    // A new reading (after a round) replaces the figures.
    act(() =>
      ui.set((u) => ({ ...u, figures: realityFiguresOf(answer(130, '4.00'), Date.now()) })),
    );
    expect(screen.getByTestId('regulation-time')).toHaveTextContent('0:02:10');
    expect(screen.getByTestId('regulation-net')).toHaveTextContent('+€4.00');
  });
});
