import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';

import { units } from '../lib/format/money';
import { HostContext } from '../lib/host/context';
import type { Host, HostUi } from '../lib/host/host';
import en from '../lib/i18n/locales/en.json';
import { initTestI18n } from '../lib/i18n';
import { type AllConfig, type PopupKind, type Services, ServicesContext } from '../lib/session';
import { createStore } from '../lib/store';
import { Popups } from './Popups';
import { testSession } from '../lib/session.test-util';

function renderPopups(casino: Record<string, unknown> = {}, popups: PopupKind[] = []) {
  const ui = createStore<HostUi>({ paused: false, muted: false, realityCheck: null });
  const host = {
    ui,
    framed: true,
    quit: vi.fn(),
    continuePlaying: vi.fn(),
  } as unknown as Host & {
    quit: ReturnType<typeof vi.fn>;
    continuePlaying: ReturnType<typeof vi.fn>;
  };
  const session = testSession({
    config: { casinoConfig: casino } as unknown as AllConfig,
    popups,
  });
  const realtime = { post: vi.fn(() => true) };
  const services = {
    session,
    realtime,
    currency: () => ({ code: 'EUR', symbol: '€', symbolBefore: true }),
  } as unknown as Services;
  render(
    <ServicesContext.Provider value={services}>
      <HostContext.Provider value={host}>
        <Popups />
      </HostContext.Provider>
    </ServicesContext.Provider>,
  );
  return { ui, host, session, realtime };
}

beforeAll(async () => {
  await initTestI18n(en);
});

afterEach(cleanup);

describe("the host page's popups", () => {
  it('shows the pause while the host keeps the game paused', () => {
    const { ui } = renderPopups();
    expect(screen.queryByTestId('popup-paused')).toBeNull();
    act(() => ui.set((u) => ({ ...u, paused: true })));
    expect(screen.getByRole('dialog', { name: '[[PAUSED_TITLE]]' })).toBeInTheDocument();
    act(() => ui.set((u) => ({ ...u, paused: false })));
    expect(screen.queryByTestId('popup-paused')).toBeNull();
  });

  it('lets an ended session show over the pause', () => {
    const { ui } = renderPopups({}, ['session-expired']);
    act(() => ui.set((u) => ({ ...u, paused: true })));
    expect(screen.getByTestId('popup-session-expired')).toBeInTheDocument();
    expect(screen.queryByTestId('popup-paused')).toBeNull();
  });

  it('shows the reality check with the time played and the net, and its two answers', () => {
    const { ui, host } = renderPopups({ net_position: true });
    act(() =>
      ui.set((u) => ({ ...u, realityCheck: { elapsedMs: 65 * 60_000, net: units('-12.5') } })),
    );
    expect(screen.getByTestId('popup-reality-check')).toBeInTheDocument();
    expect(screen.getByTestId('reality-elapsed')).toHaveTextContent('[[REALITY_CHECK_ELAPSED]]');
    expect(screen.getByTestId('reality-net')).toHaveAttribute('data-net', String(units('-12.5')));
    fireEvent.click(screen.getByRole('button', { name: '[[REALITY_CHECK_CONTINUE]]' }));
    expect(host.continuePlaying).toHaveBeenCalledOnce();
    fireEvent.click(screen.getByRole('button', { name: '[[REALITY_CHECK_QUIT]]' }));
    expect(host.quit).toHaveBeenCalledWith('reality-check');
  });

  it('leaves the net out without net_position', () => {
    const { ui } = renderPopups();
    act(() => ui.set((u) => ({ ...u, realityCheck: { elapsedMs: 60_000, net: 0 } })));
    expect(screen.getByTestId('popup-reality-check')).toBeInTheDocument();
    expect(screen.queryByTestId('reality-net')).toBeNull();
    expect(screen.queryByTestId('reality-wagered')).toBeNull(); // not known
  });

  it("shows the session's stakes and net position as the server counts them", () => {
    const { ui } = renderPopups({ net_position: true });
    act(() =>
      ui.set((u) => ({
        ...u,
        realityCheck: {
          elapsedMs: 1_830_000,
          net: units('-22.50'),
          wagered: units('84.00'),
          source: 'server',
        },
      })),
    );
    const dialog = screen.getByRole('dialog', { name: '[[REALITY_CHECK_TITLE]]' });
    expect(dialog).toBeInTheDocument();
    expect(screen.getByTestId('reality-elapsed')).toHaveAttribute('data-elapsed-ms', '1830000');
    expect(screen.getByTestId('reality-wagered')).toHaveTextContent('[[REALITY_CHECK_WAGERED]]');
    expect(screen.getByTestId('reality-wagered')).toHaveAttribute(
      'data-wagered',
      String(units('84.00')),
    );
    expect(screen.getByTestId('reality-net')).toHaveAttribute('data-net', String(units('-22.50')));
  });

  it('counts down the idle message, and "still here" tells the server and closes it', () => {
    vi.useFakeTimers();
    try {
      const { session, realtime } = renderPopups({}, ['idle']);
      act(() => session.set((s) => ({ ...s, idleClosesAt: Date.now() + 30_000 })));
      const seconds = () => screen.getByTestId('idle-seconds').getAttribute('data-seconds');
      expect(seconds()).toBe('30');
      act(() => void vi.advanceTimersByTime(5000));
      expect(seconds()).toBe('25');
      fireEvent.click(screen.getByTestId('idle-continue'));
      expect(realtime.post).toHaveBeenCalledWith('<active/>');
      expect(screen.queryByTestId('popup-idle')).toBeNull();
      expect(session.get().idleClosesAt).toBeNull();
    } finally {
      vi.useRealTimers();
    }
  });

  it('shows the kickout for inactivity as an ended game that a reload starts again', () => {
    renderPopups({}, ['idle', 'kicked-out']);
    expect(screen.getByRole('dialog', { name: '[[KICKOUT_TITLE]]' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '[[RELOAD]]' })).toBeInTheDocument();
  });

  it('lets the idle message go by itself when its end passes with no kickout (the session was kept)', () => {
    vi.useFakeTimers();
    try {
      const { session } = renderPopups({}, ['idle']);
      act(() => session.set((s) => ({ ...s, idleClosesAt: Date.now() + 2000 })));
      act(() => void vi.advanceTimersByTime(4000));
      expect(screen.getByTestId('popup-idle')).toBeInTheDocument(); // within the grace
      act(() => void vi.advanceTimersByTime(2000));
      expect(screen.queryByTestId('popup-idle')).toBeNull();
      expect(session.get().popups).not.toContain('idle');
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('an ended session of a player with an account here', () => {
  const CLUB = {
    accounts: true as const,
    operatorId: 'club',
    minimumAge: 18,
    freePlay: false,
    currency: 'EUR',
  };

  function renderEnded(kind: PopupKind, operatorId: string) {
    const session = testSession({
      config: {
        casinoConfig: {},
        playerConfig: { player: { operatorId }, settings: {} },
      } as unknown as AllConfig,
      account: CLUB,
      popups: [kind],
    });
    const services = { session, realtime: {}, currency: () => ({}) } as unknown as Services;
    render(
      <ServicesContext.Provider value={services}>
        <HostContext.Provider value={null}>
          <Popups />
        </HostContext.Provider>
      </ServicesContext.Provider>,
    );
  }

  it('offers to log in again after a login elsewhere (10003) or an expired session', () => {
    renderEnded('logged-out-elsewhere', 'club');
    expect(screen.getByTestId('popup-logged-out')).toHaveTextContent(
      '[[LOGGED_OUT_ELSEWHERE_TEXT]]',
    );
    const link = screen.getByRole('link', { name: '[[ACCOUNT_LOG_IN_AGAIN]]' });
    expect(link).toHaveAttribute('href', '/play/login');
    cleanup();
    renderEnded('session-expired', 'club');
    expect(screen.getByRole('link', { name: '[[ACCOUNT_LOG_IN_AGAIN]]' })).toBeInTheDocument();
  });

  it("offers nothing to another operator's player", () => {
    renderEnded('logged-out-elsewhere', 'demo');
    expect(screen.getByTestId('popup-logged-out')).toBeInTheDocument();
    expect(screen.queryByRole('link')).toBeNull();
  });
});
