import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';

import { units } from '../lib/format/money';
import { HostContext } from '../lib/host/context';
import type { Host, HostUi } from '../lib/host/host';
import en from '../lib/i18n/locales/en.json';
import { initTestI18n } from '../lib/i18n';
import { type AllConfig, type Services, ServicesContext } from '../lib/session';
import { createStore } from '../lib/store';
import { computeLayout } from '../lib/viewport/viewport';
import { layoutStore } from '../lib/viewport/watch';
import { headerChat } from '../lib/table/useTableChat';
import { Header } from './Header';
import { currencyOf } from './start';
import { testSession } from '../lib/session.test-util';
import { goToLogin } from '../lib/account';

// The login page is loaded, not shown in place: its loading is checked here.
vi.mock('../lib/account', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../lib/account')>()),
  goToLogin: vi.fn(),
}));

function fakeHost(framed = false) {
  return {
    ui: createStore<HostUi>({ paused: false, muted: false, realityCheck: null }),
    framed,
    openCashier: vi.fn(),
    quit: vi.fn(),
    continuePlaying: vi.fn(),
  } as unknown as Host & { openCashier: ReturnType<typeof vi.fn>; quit: ReturnType<typeof vi.fn> };
}

function renderHeader(
  casino: Record<string, unknown>,
  {
    host = fakeHost(),
    settings = {},
  }: { host?: Host | null; settings?: Record<string, unknown> } = {},
) {
  const config = {
    playerConfig: {
      player: { id: '7', name: 'Ann', currency: '€', currencyCode: 'EUR', symbolBefore: true },
      settings,
    },
    casinoConfig: casino,
  } as unknown as AllConfig;
  const session = testSession({
    config,
    balance: { total: units('1234.50'), bonus: units('20.00') },
    connection: { status: 'open', quality: 'good', rtt: 20 },
  });
  const saveSetting = vi.fn(async () => {});
  const rates: Record<string, unknown> = {
    EUR: { currencyCode: 'EUR', exchangeRates: { EUR: '1' }, symbol: '€' },
    USD: { currencyCode: 'USD', exchangeRates: { EUR: '1.0850' }, symbol: '$' },
  };
  const http = {
    get: vi.fn(async (_path: string, q?: { currencyCode?: string }) => {
      const r = rates[q?.currencyCode ?? ''];
      if (!r) throw new Error('404');
      return r;
    }),
  };
  const services = {
    session,
    http,
    currency: () => currencyOf(session.get().config),
    saveSetting,
  } as unknown as Services;
  render(
    <ServicesContext.Provider value={services}>
      <HostContext.Provider value={host}>
        <Header />
      </HostContext.Provider>
    </ServicesContext.Provider>,
  );
  return { saveSetting };
}

beforeAll(async () => {
  await initTestI18n(en);
});

afterEach(cleanup);

describe('the header and the casino configuration', () => {
  it("shows the balance again in the operator's conversion currency, and not without one", async () => {
    renderHeader({ conversion_currency: 'USD' });
    // 1234.50 EUR at 1.0850 USD per EUR: 1339.43 USD.
    expect(await screen.findByTestId('converted-balance')).toHaveTextContent(
      '[[CONVERTED_BALANCE]]',
    );
    cleanup();
    renderHeader({ conversion_currency: 'EUR' }); // the player's own: nothing to convert
    renderHeader({});
    expect(screen.queryByTestId('converted-balance')).toBeNull();
  });

  it("offers the table's chat when the table shown has one, and opens it", () => {
    renderHeader({});
    expect(screen.queryByTestId('chat-toggle')).toBeNull();
    act(() => headerChat.set({ tableId: 'bac-1', enabled: true, open: false, unread: 2 }));
    const toggle = screen.getByTestId('chat-toggle');
    expect(toggle).toHaveAccessibleName('[[CHAT]] (2)');
    expect(toggle).toHaveAttribute('aria-pressed', 'false');
    fireEvent.click(toggle);
    expect(headerChat.get().open).toBe(true);
    act(() => headerChat.set({ tableId: 'bac-1', enabled: false, open: false, unread: 0 }));
    expect(screen.queryByTestId('chat-toggle')).toBeNull(); // chat off here
    act(() => headerChat.set({ tableId: null, enabled: false, open: false, unread: 0 }));
  });

  it("leads from the settings to the player's responsible-gaming limits, and back to the header", async () => {
    renderHeader({});
    const settings = screen.getByTestId('settings-button');
    settings.focus();
    fireEvent.click(settings);
    const open = await screen.findByRole('button', { name: '[[REG_OPEN]]' }, { timeout: 5000 });
    fireEvent.click(open);
    const dialog = await screen.findByRole('dialog', { name: '[[REG_TITLE]]' }, { timeout: 5000 });
    expect(screen.queryByRole('dialog', { name: '[[SETTINGS]]' })).toBeNull();
    // Focus moves in the dialog's effect, which may run a task after it appears.
    await waitFor(() => expect(dialog).toHaveFocus());
    fireEvent.keyDown(window, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(settings).toHaveFocus();
  });

  it('shows no operator button by default, only the history', () => {
    renderHeader({});
    expect(screen.getByRole('button', { name: '[[HISTORY]]' })).toBeVisible();
    for (const id of [
      'home-button',
      'cashier-button',
      'exit-button',
      'subtitles-toggle',
      'bonus-balance',
    ])
      expect(screen.queryByTestId(id)).toBeNull();
    expect(screen.getByTestId('balance')).toHaveTextContent('€1,234.50');
  });

  it('shows amounts without the currency when the operator hides it', () => {
    renderHeader({ hide_currency: true, bonus_balance: true });
    expect(screen.getByTestId('balance').querySelector('strong')).toHaveTextContent(/^1,234\.50$/);
    expect(screen.getByTestId('bonus-balance')).not.toHaveTextContent('€');
  });

  it('shows the bonus balance when the operator asks for it and does not hide bonuses', () => {
    renderHeader({ bonus_balance: true });
    expect(screen.getByTestId('bonus-balance')).toHaveTextContent('€20.00');
    cleanup();
    renderHeader({ bonus_balance: true, hide_bonus: true });
    expect(screen.queryByTestId('bonus-balance')).toBeNull();
  });

  it('links home in the top window', () => {
    renderHeader({ home_url: 'https://casino.example/' });
    const home = screen.getByRole('link', { name: '[[HOME]]' });
    expect(home).toHaveAttribute('href', 'https://casino.example/');
    expect(home).toHaveAttribute('target', '_top');
  });

  it('never links to a script', () => {
    renderHeader({ home_url: 'javascript:alert(1)' });
    expect(screen.queryByTestId('home-button')).toBeNull();
  });

  it('opens the cashier and exits through the host integration', () => {
    const host = fakeHost();
    renderHeader({ cashier_url: 'https://pay.example/', exit_url: '/bye' }, { host });
    fireEvent.click(screen.getByRole('button', { name: '[[CASHIER]]' }));
    expect(host.openCashier).toHaveBeenCalledOnce();
    fireEvent.click(screen.getByRole('button', { name: '[[EXIT_GAME]]' }));
    expect(host.quit).toHaveBeenCalledWith('exit');
  });

  it('always offers the exit in a frame', () => {
    renderHeader({}, { host: fakeHost(true) });
    expect(screen.getByTestId('exit-button')).toBeInTheDocument();
  });

  it('offers subtitles only when available, and saves the choice', () => {
    renderHeader({});
    expect(screen.queryByTestId('subtitles-toggle')).toBeNull();
    cleanup();
    const { saveSetting } = renderHeader(
      { subtitles_available: true },
      { settings: { subtitle_config: { enabled: true } } },
    );
    const toggle = screen.getByRole('button', { name: '[[SUBTITLES]]' });
    expect(toggle).toHaveAttribute('aria-pressed', 'true');
    fireEvent.click(toggle);
    expect(toggle).toHaveAttribute('aria-pressed', 'false');
    expect(saveSetting).toHaveBeenCalledWith('subtitle_config', { enabled: false });
  });
});

describe('the header on a small screen', () => {
  const narrow = (matches: boolean) =>
    vi.stubGlobal('matchMedia', (query: string) => ({
      matches,
      media: query,
      addEventListener: () => {},
      removeEventListener: () => {},
    }));
  afterEach(() => {
    vi.unstubAllGlobals();
    layoutStore.set(null);
  });

  it('folds three or more operator buttons into one menu', () => {
    narrow(true);
    const host = fakeHost(true);
    renderHeader(
      { subtitles_available: true, cashier_url: 'https://pay.example/', home_url: '/home' },
      { host },
    );
    const menu = screen.getByTestId('speed-dial-items');
    expect(menu).not.toBeVisible();
    expect(screen.queryByRole('button', { name: '[[CASHIER]]' })).toBeNull();
    const more = screen.getByRole('button', { name: '[[HEADER_MENU]]' });
    expect(more).toHaveAttribute('aria-expanded', 'false');
    expect(more).toHaveAttribute('aria-controls', menu.id);
    fireEvent.click(more);
    expect(more).toHaveAttribute('aria-expanded', 'true');
    expect(menu).toBeVisible();
    const subtitles = within(menu).getByRole('button', { name: '[[SUBTITLES]]' });
    expect(subtitles).toHaveFocus();
    expect(subtitles).toHaveAttribute('data-testid', 'subtitles-toggle');
    expect(subtitles).toHaveTextContent('[[SUBTITLES]]'); // the icon and its text
    const home = within(menu).getByRole('link', { name: '[[HOME]]' });
    expect(home).toHaveAttribute('href', '/home');
    expect(home).toHaveAttribute('target', '_top');
    fireEvent.click(within(menu).getByRole('button', { name: '[[CASHIER]]' }));
    expect(host.openCashier).toHaveBeenCalledOnce();
    expect(menu).not.toBeVisible();
    expect(more).toHaveFocus();

    fireEvent.click(more);
    fireEvent.keyDown(screen.getByRole('button', { name: '[[EXIT_GAME]]' }), { key: 'Escape' });
    expect(menu).not.toBeVisible();
    expect(more).toHaveFocus();
    fireEvent.click(more);
    fireEvent.pointerDown(document.body);
    expect(menu).not.toBeVisible();
    expect(more).toHaveAttribute('aria-expanded', 'false');
  });

  it('keeps two buttons in the header', () => {
    narrow(true);
    renderHeader({}, { host: null });
    expect(screen.getByTestId('history-button')).toBeVisible();
    expect(screen.getByTestId('settings-button')).toBeVisible();
    expect(screen.queryByRole('button', { name: '[[HEADER_MENU]]' })).toBeNull();
  });

  it('groups two buttons, not one, when the viewport groups the speed dial', () => {
    const host = fakeHost(true);
    renderHeader({ cashier_url: 'https://pay.example/' }, { host });
    expect(screen.getByTestId('cashier-button')).toBeVisible();
    // A landscape phone 340 px high: SPEC §9 groups the speed dial (height < 360).
    act(() => layoutStore.set(computeLayout({ width: 740, height: 340, inFrame: false })));
    expect(screen.getByTestId('cashier-button')).not.toBeVisible();
    const more = screen.getByRole('button', { name: '[[HEADER_MENU]]' });
    fireEvent.click(more);
    expect(screen.getByRole('button', { name: '[[CASHIER]]' })).toHaveFocus();
    fireEvent.click(screen.getByRole('button', { name: '[[EXIT_GAME]]' }));
    expect(host.quit).toHaveBeenCalledWith('exit');
    expect(more).toHaveFocus();
    act(() => layoutStore.set(computeLayout({ width: 1280, height: 800, inFrame: false })));
    expect(screen.getByTestId('cashier-button')).toBeVisible();
    expect(screen.queryByRole('button', { name: '[[HEADER_MENU]]' })).toBeNull();
    cleanup();

    renderHeader({}, { host: null }); // the player's two: history and settings
    expect(screen.getByTestId('settings-button')).toBeVisible();
    act(() => layoutStore.set(computeLayout({ width: 740, height: 340, inFrame: false })));
    expect(screen.getByTestId('settings-button')).not.toBeVisible();
    expect(screen.getByRole('button', { name: '[[HEADER_MENU]]' })).toBeVisible();
  });
});

describe("the player's account", () => {
  const CLUB = {
    accounts: true as const,
    operatorId: 'club',
    minimumAge: 18,
    freePlay: true,
    currency: 'EUR',
  };

  function renderAccountHeader(
    operatorId: string,
    post = vi.fn(async () => ({ loggedOut: true })),
  ) {
    const config = {
      playerConfig: {
        player: { id: '7', name: 'Ann', currency: '€', currencyCode: 'EUR', operatorId },
        settings: {},
      },
      casinoConfig: {},
    } as unknown as AllConfig;
    const session = testSession({ config, account: CLUB, balance: null });
    const realtime = { close: vi.fn() };
    const services = {
      session,
      http: { get: vi.fn(async () => ({})), post },
      realtime,
      currency: () => currencyOf(session.get().config),
      saveSetting: vi.fn(),
    } as unknown as Services;
    render(
      <ServicesContext.Provider value={services}>
        <HostContext.Provider value={null}>
          <Header />
        </HostContext.Provider>
      </ServicesContext.Provider>,
    );
    return { post, realtime };
  }

  it('lets a player of the accounts operator log out, then opens the login page', async () => {
    const { post, realtime } = renderAccountHeader('club');
    const logout = screen.getByRole('button', { name: '[[ACCOUNT_LOG_OUT]]' });
    fireEvent.click(logout);
    expect(realtime.close).toHaveBeenCalled();
    expect(post).toHaveBeenCalledWith('/api/account/logout', {});
    await vi.waitFor(() => expect(goToLogin).toHaveBeenCalledTimes(1));
    expect(screen.getByTestId('logout-button')).toBeDisabled();
    fireEvent.click(screen.getByTestId('logout-button'));
    expect(post).toHaveBeenCalledTimes(1);
  });

  it('opens the login page even when the logout call fails', async () => {
    vi.mocked(goToLogin).mockClear();
    vi.spyOn(console, 'error').mockImplementation(() => {});
    renderAccountHeader(
      'club',
      vi.fn(async () => {
        throw new Error('offline');
      }),
    );
    fireEvent.click(screen.getByTestId('logout-button'));
    await vi.waitFor(() => expect(goToLogin).toHaveBeenCalledTimes(1));
    vi.restoreAllMocks();
  });

  it("offers no log out to another operator's player (a guest, a launched player)", () => {
    renderAccountHeader('demo');
    expect(screen.queryByTestId('logout-button')).toBeNull();
  });
});
