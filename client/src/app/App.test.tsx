// The app's routing without page loads: the page follows the address, a table reached
// in place gets its configuration first, the host hears `switch`, table pages have the
// lobby button that opens the mini lobby.
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';

import en from '../lib/i18n/locales/en.json';
import { initTestI18n } from '../lib/i18n';
import { HttpError } from '../lib/http/http';
import { LIFECYCLE_EVENT } from '../lib/lifecycle';
import { navigate } from '../lib/navigation';
import type { ServerMessage } from '../lib/realtime/realtime';
import type { Services, SessionState } from '../lib/session';
import { App, pageRoute } from './App';
import { parseLaunchParams } from './launch';
import { testSession } from '../lib/session.test-util';
import { goToLogin } from '../lib/account';
import { goToLocationPage } from '../lib/location';

// The login page is a page of its own, loaded: its loading is checked here.
vi.mock('../lib/account', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../lib/account')>()),
  goToLogin: vi.fn(),
}));

// So is the location-restrictions page.
vi.mock('../lib/location', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../lib/location')>()),
  goToLocationPage: vi.fn(),
}));

const URLS = '<urls><url key="socket" href="/ws"/></urls>';

/** The app's services; `answers` adds or replaces the server's answers by path. */
function services(answers: Record<string, unknown> = {}) {
  const session = testSession({
    device: { orientation: 'landscape', deviceType: 'desktop' } as SessionState['device'],
  });
  const tables = [
    { tableId: 'rou-1', name: 'Azure', game: 'roulette', gameKind: 'classic-roulette' },
    { tableId: 'bac-1', name: 'Royale', game: 'baccarat', gameKind: 'baccarat' },
  ].map((t) => ({ ...t, dealer: 'Ava', players: 0, limits: { min: '1.00', max: '5.00' } }));
  const config = {
    language: 'en',
    playerConfig: { player: { name: 'Ann' }, settings: {} },
    tableConfig: null,
    casinoConfig: { tabs_order: ['ROULETTE', 'BACCARAT'] },
    balance: { balance: '10.00', bonusBalance: '0.00', actualBalance: '10.00', currency: 'EUR' },
    assignedTables: tables,
  };
  const get = vi.fn(async (path: string, params?: Record<string, unknown>): Promise<unknown> => {
    if (path in answers) {
      const answer = answers[path];
      if (answer instanceof Error) throw answer;
      return answer;
    }
    if (path === '/api/player/features/ui/configuredFeatures') return { feature_combineAPI: true };
    if (path === '/api/ui/getAllConfig') return config;
    if (path === '/api/ui/tableConfig' && params?.tableId === 'nope-1')
      throw new HttpError('http', 404, '{"error":"NO_SUCH_TABLE"}');
    throw new HttpError('http', 500, 'not in this test');
  });
  const handlers = new Map<string, Set<(m: ServerMessage) => void>>();
  const realtime = {
    connect: vi.fn(),
    setPingEvery: vi.fn(),
    on: (type: string, h: (m: ServerMessage) => void) => {
      if (!handlers.has(type)) handlers.set(type, new Set());
      handlers.get(type)!.add(h);
      return () => handlers.get(type)!.delete(h);
    },
    subscribe: vi.fn(() => () => {}),
    onStatus: () => () => {},
  };
  const http = {
    getText: vi.fn(async (path: string) => (path.endsWith('urlxml.xml') ? URLS : '{}')),
    get,
    post: vi.fn(async () => ({})),
  };
  return {
    session,
    get,
    services: {
      http,
      realtime,
      session,
      currency: () => ({ code: 'EUR', symbol: '€', symbolBefore: true }),
      showPopup: vi.fn(),
      saveSetting: vi.fn(async () => {}),
    } as unknown as Omit<Services, 'loaded'>,
  };
}

let switches: unknown[];
const onLifecycle = (e: Event) => {
  const detail = (e as CustomEvent<{ name: string }>).detail;
  if (detail.name === 'switch') switches.push(detail);
};

beforeAll(async () => {
  await initTestI18n(en);
});

beforeEach(() => {
  switches = [];
  window.addEventListener(LIFECYCLE_EVENT, onLifecycle);
  vi.spyOn(console, 'error').mockImplementation(() => {});
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => new Response('{}')),
  );
});

afterEach(() => {
  cleanup();
  window.removeEventListener(LIFECYCLE_EVENT, onLifecycle);
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('App routing', () => {
  it('reads the page from the address', () => {
    const route = (path: string) => {
      const [pathname, search = ''] = path.split('?');
      return pageRoute({ pathname: pathname!, search: search ? `?${search}` : '' });
    };
    expect(route('/play/lobby')).toMatchObject({ game: 'all', tableId: null });
    expect(route('/play/roulette?gameId=rou-1')).toMatchObject({
      game: 'roulette',
      tableId: 'rou-1',
    });
    expect(route('/play/onebj?gameId=onebj-1&seatNumber=2').launch.seatNumber).toBe(2);
    expect(route('/play/multi-baccarat')).toMatchObject({ game: 'multi-baccarat', tableId: null });
    expect(route('/play/sicbo?gameId=sic-1')).toMatchObject({ game: 'sicbo', tableId: 'sic-1' });
    expect(route('/play/megawheel?gameId=mw-1')).toMatchObject({
      game: 'megawheel',
      tableId: 'mw-1',
    });
    expect(route('/play/spaceman?gameId=sm-1')).toMatchObject({
      game: 'spaceman',
      tableId: 'sm-1',
    });
    expect(route('/play/bigbass?gameId=bb-1')).toMatchObject({ game: 'bigbass', tableId: 'bb-1' });
    expect(route('/play/crash?gameId=bb-1')).toMatchObject({ game: 'crash', tableId: 'bb-1' });
    expect(route('/play/sweetbonanza?gameId=sbz-1')).toMatchObject({
      game: 'sweetbonanza',
      tableId: 'sbz-1',
    });
    expect(route('/play/boomorbust?gameId=bob-1')).toMatchObject({
      game: 'boomorbust',
      tableId: 'bob-1',
    });
    expect(route('/play/roulette')).toMatchObject({ tableId: null });
    // The built-in slot: no table, the slot it plays.
    expect(route('/play/slot?slotId=fruits&lang=de')).toMatchObject({
      game: 'slot',
      tableId: null,
      launch: { slotId: 'fruits', lang: 'de' },
    });
    expect(route('/play/slot?slotId=../x').launch.slotId).toBeUndefined();
  });

  it('changes pages in place, fetching a new table first, and tells the host', async () => {
    navigate('/play/lobby', { replace: true });
    const { services: s, get } = services();
    render(
      <App game="all" launch={parseLaunchParams('')} services={s} loadLanguage={async () => {}} />,
    );
    await screen.findByTestId('lobby');
    expect(screen.queryByTestId('lobby-button')).toBeNull();

    // A table that does not exist: its configuration is asked for, then EV03.
    act(() => navigate('/play/roulette?gameId=nope-1'));
    expect(screen.queryByTestId('lobby')).toBeNull();
    await waitFor(() =>
      expect(screen.getByTestId('page-message')).toHaveAttribute('data-code', 'EV03'),
    );
    expect(get).toHaveBeenCalledWith('/api/ui/tableConfig', { tableId: 'nope-1' });
    expect(switches).toEqual([{ name: 'switch', from: null, to: 'nope-1' }]);

    // Table pages have the lobby button: it opens and closes the mini lobby.
    const button = screen.getByTestId('lobby-button');
    expect(button).toHaveAccessibleName('[[LOBBY_OPEN_MINI]]');
    fireEvent.click(button);
    expect(await screen.findByTestId('mini-lobby')).toBeInTheDocument();
    expect(button).toHaveAttribute('aria-expanded', 'true');
    fireEvent.click(screen.getByTestId('mini-lobby-close'));
    expect(screen.queryByTestId('mini-lobby')).toBeNull();
    expect(button).toHaveFocus();

    // Back to the lobby with the browser's back button.
    act(() => window.history.back());
    await screen.findByTestId('lobby');
    expect(switches.at(-1)).toEqual({ name: 'switch', from: 'nope-1', to: null });
    expect(screen.queryByTestId('lobby-button')).toBeNull();
  });

  it('follows a plain click on a link to a client page, and leaves a modified one', async () => {
    navigate('/play/lobby', { replace: true });
    const { services: s } = services();
    render(
      <App game="all" launch={parseLaunchParams('')} services={s} loadLanguage={async () => {}} />,
    );
    await screen.findByTestId('lobby');
    const brand = document.querySelector<HTMLAnchorElement>('.app-header a.brand')!;
    // A ctrl+click is the browser's (a new tab); jsdom must not try to load it.
    const modified = new MouseEvent('click', { bubbles: true, cancelable: true, ctrlKey: true });
    document.addEventListener('click', (e) => e.preventDefault(), { once: true });
    brand.dispatchEvent(modified);
    expect(window.location.pathname).toBe('/play/lobby');
    fireEvent.click(document.querySelector('[data-table="bac-1"]')!);
    expect(window.location.pathname + window.location.search).toBe('/play/baccarat?gameId=bac-1');
    await screen.findByTestId('page-message'); // the table's configuration fails here
  });

  it("keeps the casino's player accounts once booted (the header's log out reads them)", async () => {
    navigate('/play/lobby', { replace: true });
    const club = { accounts: true, operatorId: 'club', minimumAge: 18, freePlay: true };
    const { services: s, session } = services({ '/api/account/config': club });
    render(
      <App game="all" launch={parseLaunchParams('')} services={s} loadLanguage={async () => {}} />,
    );
    await screen.findByTestId('lobby');
    await waitFor(() => expect(session.get().account).toEqual({ ...club, currency: '' }));
    expect(goToLogin).not.toHaveBeenCalled();
  });

  it('leads to the login page, not to an error, without a session at a casino with accounts', async () => {
    navigate('/play/lobby', { replace: true });
    const { services: s } = services({
      '/api/account/config': { accounts: true, operatorId: 'club' },
      '/api/ui/getAllConfig': new HttpError('unauthorized', 401, ''),
    });
    render(
      <App game="all" launch={parseLaunchParams('')} services={s} loadLanguage={async () => {}} />,
    );
    await waitFor(() => expect(goToLogin).toHaveBeenCalledWith({ replace: true }));
    expect(screen.getByTestId('page-loading')).toBeInTheDocument();
    expect(screen.queryByTestId('page-message')).toBeNull(); // no EV01
    expect(s.showPopup).not.toHaveBeenCalledWith('session-expired');
  });

  it('leads to the location page, in the launch language, when the configuration answers 1052', async () => {
    navigate('/play/lobby?lang=de', { replace: true });
    const { services: s } = services({
      '/api/ui/getAllConfig': new HttpError('forbidden', 403, '{"code":1052}', 1052),
    });
    render(
      <App
        game="all"
        launch={parseLaunchParams('?lang=de')}
        services={s}
        loadLanguage={async () => {}}
      />,
    );
    await waitFor(() =>
      expect(goToLocationPage).toHaveBeenCalledWith({ code: 1052, uk: false }, 'de'),
    );
    expect(screen.getByTestId('page-loading')).toBeInTheDocument();
    expect(screen.queryByTestId('page-message')).toBeNull();
  });

  it('leads to the location page when a table reached in place answers 2006', async () => {
    vi.mocked(goToLocationPage).mockClear();
    navigate('/play/lobby', { replace: true });
    const { services: s } = services({
      '/api/ui/tableConfig': new HttpError('forbidden', 403, '{"code":2006}', 2006),
    });
    render(
      <App game="all" launch={parseLaunchParams('')} services={s} loadLanguage={async () => {}} />,
    );
    await screen.findByTestId('lobby');
    act(() => navigate('/play/roulette?gameId=rou-1'));
    await waitFor(() =>
      expect(goToLocationPage).toHaveBeenCalledWith({ code: 2006, uk: false }, expect.any(String)),
    );
  });

  it("shows the Italian session's bar under the header where the operator runs it", async () => {
    navigate('/play/lobby', { replace: true });
    const { services: s, session } = services();
    const post = vi.mocked(s.http.post);
    post.mockImplementation((async (path: string) =>
      path === '/api/ui/italianSession'
        ? {
            sessionId: 'IT9F3A41',
            state: 'open',
            brought: '5.00',
            sessionBalance: '5.00',
            minimum: '0.10',
            maximum: '10.00',
            expiresAt: Date.now() + 3_600_000,
          }
        : {}) as never);
    const get = vi.mocked(s.http.get);
    const plain = get.getMockImplementation()!;
    get.mockImplementation((async (path: string, params?: Record<string, unknown>) => {
      const answer = await plain(path, params as never);
      return path === '/api/ui/getAllConfig'
        ? {
            ...(answer as object),
            casinoConfig: { italian_session: true },
            playerConfig: { player: { id: 'p1', name: 'Ann' }, settings: {} },
          }
        : answer;
    }) as never);
    const { container } = render(
      <App game="all" launch={parseLaunchParams('')} services={s} loadLanguage={async () => {}} />,
    );
    const bar = await screen.findByTestId('italian-bar');
    await waitFor(() => expect(bar).toHaveAttribute('data-state', 'open'));
    expect(container.querySelector('.app')).toHaveAttribute('data-session-bar', 'true');
    expect(post).toHaveBeenCalledWith('/api/ui/italianSession', { userId: 'p1' });
    expect(session.get().config?.casinoConfig.italian_session).toBe(true);
  });

  it('shows the UK bar under the header, and leaves room for it, under the UK rules', async () => {
    navigate('/play/lobby', { replace: true });
    const { services: s } = services();
    const get = vi.mocked(s.http.get);
    const plain = get.getMockImplementation()!;
    get.mockImplementation((async (path: string, params?: Record<string, unknown>) => {
      const answer = await plain(path, params as never);
      return path === '/api/ui/getAllConfig'
        ? { ...(answer as object), casinoConfig: { uk_regulation_check: true } }
        : answer;
    }) as never);
    const { container } = render(
      <App game="all" launch={parseLaunchParams('')} services={s} loadLanguage={async () => {}} />,
    );
    expect(await screen.findByTestId('regulation-bar')).toBeInTheDocument();
    expect(container.querySelector('.app')).toHaveAttribute('data-regulation-bar', 'true');
  });
});
