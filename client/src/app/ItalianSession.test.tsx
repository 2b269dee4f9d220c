import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';

import { dialogTurns, setDialogTurn } from '../lib/dialog-turns';
import { HostContext } from '../lib/host/context';
import type { Host, HostUi } from '../lib/host/host';
import { HttpError } from '../lib/http/http';
import { initTestI18n } from '../lib/i18n';
import en from '../lib/i18n/locales/en.json';
import type { ServerMessage } from '../lib/realtime/realtime';
import { type AllConfig, type PopupKind, type Services, ServicesContext } from '../lib/session';
import { testSession } from '../lib/session.test-util';
import { createStore } from '../lib/store';
import ItalianSession from './ItalianSession';

const HOUR = 3_600_000;

const needsBalance = (over: Record<string, unknown> = {}) => ({
  sessionId: 'IT9F3A41',
  ticketId: 'TK41C2',
  state: 'needs_balance',
  brought: '0.00',
  sessionBalance: '0.00',
  minimum: '1.00',
  maximum: '250.00',
  expiresAt: Date.now() + HOUR,
  currency: 'EUR',
  ...over,
});
const open = (balance: string, over: Record<string, unknown> = {}) =>
  needsBalance({ state: 'open', brought: balance, sessionBalance: balance, ...over });

type Answer = unknown | ((body: Record<string, unknown>) => unknown);

/**
 * The component with fake services: `answers` by path (a function of the body, an Error to
 * refuse), a socket whose events the test sends.
 */
function renderSession(
  answers: Record<string, Answer>,
  popups: PopupKind[] = [],
  ui = createStore<HostUi>({ paused: false, muted: false, realityCheck: null }),
) {
  const post = vi.fn(async (path: string, body: Record<string, unknown>) => {
    const a = answers[path];
    const value =
      typeof a === 'function' ? (a as (b: Record<string, unknown>) => unknown)(body) : a;
    if (value instanceof Error) throw value;
    return value;
  });
  const handlers = new Map<string, Set<(m: ServerMessage) => void>>();
  const realtime = {
    on: (type: string, h: (m: ServerMessage) => void) => {
      if (!handlers.has(type)) handlers.set(type, new Set());
      handlers.get(type)!.add(h);
      return () => handlers.get(type)!.delete(h);
    },
  };
  const session = testSession({
    config: {
      playerConfig: { player: { id: 'p1', sessionId: 'IT9F3A41' }, settings: {} },
      casinoConfig: { italian_session: true },
    } as unknown as AllConfig,
    popups,
  });
  const services = {
    http: { post },
    realtime,
    session,
    currency: () => ({ code: 'EUR', symbol: '€', symbolBefore: true }),
  } as unknown as Services;
  const tree = () => (
    <HostContext.Provider value={{ ui } as unknown as Host}>
      <ServicesContext.Provider value={services}>
        <ItalianSession />
      </ServicesContext.Provider>
    </HostContext.Provider>
  );
  const view = render(tree());
  /** The page again (the player went from the lobby to a table). */
  const remount = () => {
    view.unmount();
    render(tree());
  };
  const emit = (m: ServerMessage) =>
    act(() => {
      for (const h of handlers.get(m.type) ?? []) h(m);
    });
  const calls = (path: string) => post.mock.calls.filter((c) => c[0] === path);
  return { post, emit, calls, session, ui, remount };
}

/** An answer the test gives when it wants to. */
function later<T>() {
  let give!: (v: T) => void;
  const promise = new Promise<T>((r) => (give = r));
  return { promise, give };
}

const entry = () => screen.findByTestId('italian-entry');
const amountField = () => screen.getByLabelText('[[IT_AMOUNT_LABEL]]');
async function bring(text: string) {
  fireEvent.change(amountField(), { target: { value: text } });
  fireEvent.click(screen.getByTestId('italian-submit'));
}

beforeAll(async () => {
  await initTestI18n(en);
});

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  vi.useRealTimers();
  sessionStorage.clear();
  setDialogTurn('bonus', false);
});

describe('the Italian session', () => {
  it('opens the session before play and asks for the amount, with its limits', async () => {
    const { post } = renderSession({ '/api/ui/italianSession': needsBalance() });
    const dialog = await entry();
    expect(post).toHaveBeenCalledWith('/api/ui/italianSession', { userId: 'p1' });
    expect(dialog).toHaveAttribute('role', 'dialog');
    expect(dialog).toHaveAttribute('aria-modal', 'true');
    expect(screen.getByRole('dialog', { name: '[[IT_ENTRY_TITLE]]' })).toBe(dialog);
    const field = amountField();
    // The dialog gives the focus in an effect, which may run a task after it shows.
    await waitFor(() => expect(field).toHaveFocus());
    expect(field).toHaveAttribute('inputmode', 'decimal');
    const limits = screen.getByTestId('italian-limits');
    expect(limits).toHaveAttribute('data-min', '1.00');
    expect(limits).toHaveAttribute('data-max', '250.00');
    expect(field.getAttribute('aria-describedby')).toContain(limits.id);
    // The bar: the session's id (from the configuration, then the server) and its state.
    expect(screen.getByTestId('italian-bar')).toHaveAttribute('data-state', 'needs_balance');
    expect(screen.getByTestId('italian-session-id')).toHaveTextContent('IT9F3A41');
    expect(screen.getByRole('complementary', { name: '[[IT_SESSION_BAR]]' })).toBeInTheDocument();
  });

  it('refuses before sending an amount not above the minimum, above the balance, or no amount', async () => {
    const { calls } = renderSession({ '/api/ui/italianSession': needsBalance() });
    await entry();
    const message = screen.getByTestId('italian-message');
    await bring('1.00');
    expect(message).toHaveAttribute('data-key', 'IT_AMOUNT_TOO_LOW');
    expect(message).toHaveTextContent('[[IT_AMOUNT_TOO_LOW]]');
    expect(amountField()).toHaveAttribute('aria-invalid', 'true');
    await bring('250.01');
    expect(message).toHaveAttribute('data-key', 'IT_AMOUNT_TOO_HIGH');
    await bring('ten');
    expect(message).toHaveAttribute('data-key', 'IT_AMOUNT_INVALID');
    expect(calls('/api/ui/rgsChoosenBalance')).toHaveLength(0);
  });

  it('brings the amount in and shows the session balance and id', async () => {
    let state = needsBalance();
    const { calls } = renderSession({
      '/api/ui/italianSession': () => state,
      '/api/ui/rgsChoosenBalance': (body: Record<string, unknown>) => {
        state = open(String(body.amount));
        return state;
      },
    });
    await entry();
    await bring('2,5');
    await waitFor(() => expect(screen.queryByTestId('italian-entry')).toBeNull());
    expect(calls('/api/ui/rgsChoosenBalance')[0]![1]).toEqual({
      sessionId: 'IT9F3A41',
      amount: '2.50',
    });
    expect(screen.getByTestId('italian-balance')).toHaveAttribute('data-amount', '2.50');
    expect(screen.getByTestId('italian-balance')).toHaveTextContent('€2.50');
    expect(screen.getByTestId('italian-bar')).toHaveAttribute('data-state', 'open');
  });

  it("shows the server's refusal next to the field", async () => {
    renderSession({
      '/api/ui/italianSession': needsBalance(),
      '/api/ui/rgsChoosenBalance': new HttpError('http', 400, '{"code":2004}', 2004),
    });
    await entry();
    await bring('5');
    const message = screen.getByTestId('italian-message');
    await waitFor(() => expect(message).toHaveAttribute('data-code', '2004'));
    expect(message).toHaveTextContent('[[ERROR.2004]]');
    expect(screen.getByTestId('italian-entry')).toBeInTheDocument();
    expect(amountField()).toHaveFocus();
  });

  it('reads the session again when the server says it is over (3002)', async () => {
    const { calls } = renderSession({
      '/api/ui/italianSession': needsBalance(),
      '/api/ui/rgsChoosenBalance': new HttpError('http', 409, '{"code":3002}', 3002),
    });
    await entry();
    await bring('5');
    await waitFor(() =>
      expect(screen.getByTestId('italian-message')).toHaveAttribute('data-code', '3002'),
    );
    await waitFor(() => expect(calls('/api/ui/italianSession')).toHaveLength(2));
  });

  it('can wait ("not now"), and the bar opens the entry again', async () => {
    renderSession({ '/api/ui/italianSession': needsBalance() });
    await entry();
    fireEvent.click(screen.getByTestId('italian-later'));
    expect(screen.queryByTestId('italian-entry')).toBeNull();
    fireEvent.click(screen.getByTestId('italian-bar-button'));
    expect(await entry()).toBeInTheDocument();
    // Escape says "not now" too.
    fireEvent.keyDown(window, { key: 'Escape' });
    expect(screen.queryByTestId('italian-entry')).toBeNull();
  });

  it('says a bet refused with 3002 is over the session balance, with the way to bring more', async () => {
    const { emit } = renderSession({ '/api/ui/italianSession': open('0.50') });
    await waitFor(() =>
      expect(screen.getByTestId('italian-balance')).toHaveAttribute('data-amount', '0.50'),
    );
    emit({ type: 'betack', requestId: 'r1', accepted: [], rejected: [{ code: 3002 }] });
    const refused = await screen.findByTestId('italian-insufficient');
    expect(refused).toHaveTextContent('[[ERROR.3002]]');
    fireEvent.click(within(refused).getByRole('button', { name: '[[IT_SET_LIMITS]]' }));
    expect(await screen.findByRole('dialog', { name: '[[IT_MORE_TITLE]]' })).toBeInTheDocument();
    expect(screen.getByTestId('italian-submit')).toHaveTextContent('[[IT_ADD]]');
  });

  it("reads the session again after bet answers and the player's own results and refunds", async () => {
    const { emit, calls } = renderSession({ '/api/ui/italianSession': open('5.00') });
    await waitFor(() => expect(calls('/api/ui/italianSession')).toHaveLength(1));
    emit({ type: 'betack', requestId: 'r1', accepted: [{ spot: 'RED', amount: '1.00' }] });
    emit({ type: 'gameresult', table: 'rou-1', result: '7', net: '-1.00', stake: '1.00' });
    await waitFor(() => expect(calls('/api/ui/italianSession')).toHaveLength(2)); // one read for both
    emit({ type: 'cancelround', table: 'rou-1', refunded: '1.00' });
    await waitFor(() => expect(calls('/api/ui/italianSession')).toHaveLength(3));
  });

  it("does not read it again after other tables' results (the player had no bet)", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { emit, calls } = renderSession({ '/api/ui/italianSession': open('5.00') });
    await waitFor(() => expect(calls('/api/ui/italianSession')).toHaveLength(1));
    emit({ type: 'gameresult', table: 'rou-1', result: '7' });
    emit({ type: 'gameresult', table: 'bac-1', result: 'B' });
    emit({ type: 'cancelround', table: 'rou-2' });
    await act(async () => {
      await vi.advanceTimersByTimeAsync(2000);
    });
    expect(calls('/api/ui/italianSession')).toHaveLength(1);
  });

  it('closes the session at its end, sums it up, then opens a new one', async () => {
    let state: Record<string, unknown> = open('5.00', { expiresAt: Date.now() + 150 });
    const { calls } = renderSession({
      '/api/ui/italianSession': () => state,
      '/api/ui/gameSessionExpired': () => {
        state = needsBalance({ sessionId: 'IT00NEW' });
        return { brought: '5.00', wagered: '3.00', returned: '1.50', sessionBalance: '3.50' };
      },
    });
    const summary = await screen.findByTestId('italian-summary', {}, { timeout: 2000 });
    expect(calls('/api/ui/gameSessionExpired')[0]![1]).toEqual({ sessionId: 'IT9F3A41' });
    expect(
      within(summary).getByTestId('italian-summary-wagered').querySelector('dd'),
    ).toHaveAttribute('data-amount', '3.00');
    expect(within(summary).getByTestId('italian-summary-returned')).toHaveTextContent('€1.50');
    expect(within(summary).getByTestId('italian-summary-balance')).toHaveTextContent('€3.50');
    expect(within(summary).getByTestId('italian-summary-brought')).toHaveTextContent('€5.00');
    fireEvent.click(screen.getByTestId('italian-new-session'));
    expect(await screen.findByRole('dialog', { name: '[[IT_ENTRY_TITLE]]' })).toBeInTheDocument();
    expect(screen.getByTestId('italian-bar')).toHaveAttribute('data-session', 'IT00NEW');
  });

  it('lets the player end the session from its details', async () => {
    const { calls } = renderSession({
      '/api/ui/italianSession': open('5.00'),
      '/api/ui/gameSessionExpired': {
        brought: '5.00',
        wagered: '0.00',
        returned: '0.00',
        sessionBalance: '5.00',
      },
    });
    await waitFor(() => expect(screen.getByTestId('italian-balance')).toHaveTextContent('€5.00'));
    fireEvent.click(screen.getByTestId('italian-bar-button'));
    const details = await screen.findByTestId('italian-details');
    expect(details).toHaveTextContent('TK41C2');
    expect(details).toHaveTextContent('[[IT_SESSION_ENDS]]');
    fireEvent.click(within(details).getByRole('button', { name: '[[IT_END_SESSION]]' }));
    expect(await screen.findByTestId('italian-summary')).toBeInTheDocument();
    expect(calls('/api/ui/gameSessionExpired')).toHaveLength(1);
  });

  it("times the end by the server's clock: a device clock an hour ahead closes nothing early", async () => {
    const real = Date.now.bind(Date);
    vi.spyOn(Date, 'now').mockImplementation(() => real() + 61 * 60_000);
    let state: Record<string, unknown> = needsBalance({ now: real(), expiresAt: real() + 150 });
    const { calls } = renderSession({
      '/api/ui/italianSession': () => ({ ...state, now: real() }),
      '/api/ui/gameSessionExpired': () => {
        state = needsBalance({ sessionId: 'IT00NEW', expiresAt: real() + HOUR });
        return { brought: '0.00', wagered: '0.00', returned: '0.00', sessionBalance: '0.00' };
      },
    });
    await waitFor(() =>
      expect(screen.getByTestId('italian-bar')).toHaveAttribute('data-session', 'IT00NEW'),
    );
    expect(await entry()).toBeInTheDocument();
    await new Promise((r) => setTimeout(r, 400)); // no closing loop follows
    expect(calls('/api/ui/gameSessionExpired')).toHaveLength(1);
    expect(calls('/api/ui/gameSessionExpired')[0]![1]).toEqual({ sessionId: 'IT9F3A41' });
    expect(screen.getByTestId('italian-entry')).toBeInTheDocument();
  });

  it('closes a session never funded (needs_balance) at its end without a summary', async () => {
    let state: Record<string, unknown> = needsBalance({ expiresAt: Date.now() + 100 });
    const { calls } = renderSession({
      '/api/ui/italianSession': () => state,
      '/api/ui/gameSessionExpired': () => {
        state = needsBalance({ sessionId: 'IT00NEW' });
        return { brought: '0.00', wagered: '0.00', returned: '0.00', sessionBalance: '0.00' };
      },
    });
    await waitFor(() =>
      expect(screen.getByTestId('italian-bar')).toHaveAttribute('data-session', 'IT00NEW'),
    );
    expect(calls('/api/ui/gameSessionExpired')).toHaveLength(1);
    expect(screen.queryByTestId('italian-summary')).toBeNull();
    expect(await entry()).toBeInTheDocument();
  });

  it('lets no read that left before the session closed bring it back', async () => {
    const slow = later<unknown>();
    let reads = 0;
    const { emit } = renderSession({
      '/api/ui/italianSession': () => (++reads === 2 ? slow.promise : open('5.00')),
      '/api/ui/gameSessionExpired': {
        brought: '5.00',
        wagered: '1.00',
        returned: '0.00',
        sessionBalance: '4.00',
      },
    });
    await waitFor(() => expect(screen.getByTestId('italian-balance')).toHaveTextContent('€5.00'));
    emit({ type: 'betack', requestId: 'r1', accepted: [{ spot: 'RED', amount: '1.00' }] });
    await waitFor(() => expect(reads).toBe(2)); // the read after the bet, on its way
    fireEvent.click(screen.getByTestId('italian-bar-button'));
    fireEvent.click(await screen.findByTestId('italian-end'));
    expect(await screen.findByTestId('italian-summary')).toBeInTheDocument();
    await act(async () => slow.give(open('4.00'))); // the closed session, as it was
    expect(screen.getByTestId('italian-bar')).not.toHaveAttribute('data-state', 'open');
    expect(screen.queryByTestId('italian-balance')).not.toHaveTextContent('€4.00');
  });

  it('keeps a newer session read while the old one was closing', async () => {
    const closing = later<unknown>();
    let state: Record<string, unknown> = open('5.00');
    const { emit, calls } = renderSession({
      '/api/ui/italianSession': () => state,
      '/api/ui/gameSessionExpired': () => closing.promise,
    });
    await waitFor(() => expect(screen.getByTestId('italian-balance')).toHaveTextContent('€5.00'));
    fireEvent.click(screen.getByTestId('italian-bar-button'));
    fireEvent.click(await screen.findByTestId('italian-end'));
    await waitFor(() => expect(calls('/api/ui/gameSessionExpired')).toHaveLength(1));
    // Meanwhile the server has closed it and a read answers the new session.
    state = needsBalance({ sessionId: 'IT00NEW' });
    emit({ type: 'betack', requestId: 'r1', accepted: [] });
    await waitFor(() =>
      expect(screen.getByTestId('italian-bar')).toHaveAttribute('data-session', 'IT00NEW'),
    );
    await act(async () =>
      closing.give({ brought: '5.00', wagered: '0.00', returned: '0.00', sessionBalance: '5.00' }),
    );
    expect(await screen.findByTestId('italian-summary')).toBeInTheDocument();
    expect(screen.getByTestId('italian-bar')).toHaveAttribute('data-session', 'IT00NEW');
    expect(screen.getByTestId('italian-bar')).toHaveAttribute('data-state', 'needs_balance');
  });

  it('shows no dialog while the reality check or a bonus offer is up, and says it has one', async () => {
    const ui = createStore<HostUi>({
      paused: false,
      muted: false,
      realityCheck: { elapsedMs: 60_000, net: 0 },
    });
    renderSession({ '/api/ui/italianSession': needsBalance() }, [], ui);
    await waitFor(() =>
      expect(screen.getByTestId('italian-bar')).toHaveAttribute('data-state', 'needs_balance'),
    );
    expect(screen.queryByTestId('italian-entry')).toBeNull();
    expect(dialogTurns.get().italian).toBe(true); // a bonus offer waits for it
    act(() => setDialogTurn('bonus', true));
    act(() => ui.set((u) => ({ ...u, realityCheck: null })));
    expect(screen.queryByTestId('italian-entry')).toBeNull(); // the bonus offer shows
    act(() => setDialogTurn('bonus', false));
    expect(await entry()).toBeInTheDocument();
    act(() => ui.set((u) => ({ ...u, paused: true })));
    expect(screen.queryByTestId('italian-entry')).toBeNull();
  });

  it('keeps "not now" for the session across pages (a remount), not for the next session', async () => {
    let state: Record<string, unknown> = needsBalance();
    const { remount, calls } = renderSession({ '/api/ui/italianSession': () => state });
    await entry();
    fireEvent.click(screen.getByTestId('italian-later'));
    expect(screen.queryByTestId('italian-entry')).toBeNull();
    remount();
    await waitFor(() => expect(calls('/api/ui/italianSession')).toHaveLength(2));
    await waitFor(() =>
      expect(screen.getByTestId('italian-bar')).toHaveAttribute('data-state', 'needs_balance'),
    );
    expect(screen.queryByTestId('italian-entry')).toBeNull();
    state = needsBalance({ sessionId: 'IT00NEW' });
    remount();
    expect(await entry()).toBeInTheDocument();
  });

  it('says when the balance cannot open a session', async () => {
    renderSession({ '/api/ui/italianSession': needsBalance({ maximum: '0.50' }) });
    await entry();
    expect(screen.getByTestId('italian-message')).toHaveTextContent('[[IT_NOT_ENOUGH_FUNDS]]');
    expect(screen.getByTestId('italian-submit')).toBeDisabled();
  });

  it('shows no dialog over an ended session', async () => {
    renderSession({ '/api/ui/italianSession': needsBalance() }, ['session-expired']);
    await waitFor(() =>
      expect(screen.getByTestId('italian-bar')).toHaveAttribute('data-state', 'needs_balance'),
    );
    expect(screen.queryByTestId('italian-entry')).toBeNull();
  });

  it('offers to try again when the session cannot be read', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    let fail = true;
    const { calls } = renderSession({
      '/api/ui/italianSession': () => (fail ? new HttpError('network', 0, '') : needsBalance()),
    });
    await waitFor(() =>
      expect(screen.getByTestId('italian-bar')).toHaveAttribute('data-state', 'failed'),
    );
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: /IT_OPEN_FAILED/ }));
    expect(await entry()).toBeInTheDocument();
    expect(calls('/api/ui/italianSession')).toHaveLength(2);
  });
});
