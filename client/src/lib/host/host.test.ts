import { afterEach, describe, expect, it, vi } from 'vitest';

import type { DeviceInfo } from '../device/device';
import { units } from '../format/money';
import { HttpError, type Http } from '../http/http';
import { LIFECYCLE_EVENT } from '../lifecycle';
import type { AllConfig } from '../session';
import { FakeRealtime } from './fake-realtime.test-util';
import { FIGURES_EVERY_MS, type HostDeps, type HostEnv, startHost } from './host';
import type { Envelope } from './messages';
import { REALITY_CHECK_URL, REALITY_STORAGE_KEY } from './reality-check';
import { testSession } from '../session.test-util';
import { MemoryStorage } from '../storage.test-util';

const HOST = 'https://casino.example';
const PARENT = { name: 'the parent window' };

function config(casino: Record<string, unknown>, table = true): AllConfig {
  return {
    language: 'en',
    urlxml: {},
    env: {},
    swearwords: [],
    playerConfig: {
      player: { id: '7', name: 'Ann', type: 'FUN', currencyCode: 'EUR' },
      settings: {},
    },
    tableConfig: table
      ? {
          tableId: 'rou-1',
          name: 'Roulette Azure',
          game: 'roulette',
          gameKind: 'classic-roulette',
          variant: 'european',
          tableType: 'roulette',
          currency: 'EUR',
          limits: { min: '0.20', max: '2500.00' },
        }
      : null,
    casinoConfig: {
      casino_id: 'demo',
      casino_name: 'Demo Casino',
      host_origins: [HOST],
      ...casino,
    },
    balance: { balance: '100.00', bonusBalance: '5.00' },
    assignedTables: [{ tableId: 'rou-1' }, { tableId: 'bac-1' }],
    features: { feature_chat: true },
  } as unknown as AllConfig;
}

function setup(
  options: {
    framed?: boolean;
    game?: string;
    storage?: MemoryStorage;
    deps?: Partial<HostDeps>;
  } = {},
) {
  const rt = new FakeRealtime();
  const session = testSession({
    device: { deviceType: 'mobile', orientation: 'portrait' } as DeviceInfo,
    mobile: true,
    connection: { status: 'connecting', quality: 'offline', rtt: null },
  });
  const posted: (Envelope & { origin: string })[] = [];
  const events = new EventTarget();
  const navigated: string[] = [];
  const opened: string[] = [];
  const get = vi.fn(async (_path: string): Promise<unknown> => ({
    balance: '50.00',
    bonusBalance: '2.00',
  }));
  const env: HostEnv = {
    framed: options.framed ?? true,
    postToParent: (m, origin) => posted.push({ ...m, origin }),
    parentOrigin: () => 'https://referrer.example',
    events,
    isParent: (source) => source === PARENT,
    navigate: (url) => navigated.push(url),
    openTab: (url) => opened.push(url),
    storage: options.storage ?? new MemoryStorage(),
  };
  const host = startHost({
    realtime: rt,
    session,
    http: { get: get as unknown as Http['get'] },
    game: options.game ?? 'roulette',
    gameId: options.game === 'all' ? undefined : 'rou-1',
    lobbyInFrame: true,
    themeParam: null,
    env,
    ...options.deps,
  });
  const boot = (casino: Record<string, unknown> = {}, table = true) => {
    session.set((s) => ({
      ...s,
      config: config(casino, table),
      balance: { total: units('100.00'), bonus: units('5.00') },
    }));
    rt.connect(); // as App does once booted
  };
  const fromHost = (
    type: string,
    payload?: unknown,
    origin: string = HOST,
    source: unknown = PARENT,
  ) =>
    events.dispatchEvent(
      Object.assign(new Event('message'), {
        data: { source: 'croupier-host', version: 1, type, payload },
        origin,
        source,
      }),
    );
  const types = () => posted.map((m) => m.type);
  const payloadOf = (type: string) => posted.find((m) => m.type === type)?.payload;
  return {
    rt,
    session,
    host,
    posted,
    events,
    navigated,
    opened,
    get,
    boot,
    fromHost,
    types,
    payloadOf,
  };
}

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('loading and configuration', () => {
  it('names the language shown and its voice-over language (English when it has none)', () => {
    for (const [shown, voice] of [
      ['th', 'th'],
      ['de', 'en'],
    ]) {
      document.documentElement.dataset.lang = shown;
      const h = setup();
      h.boot();
      expect(h.payloadOf('CONFIG_GROUP_1')).toMatchObject({
        language: shown,
        voiceOverLanguage: voice,
      });
    }
    delete document.documentElement.dataset.lang;
  });

  it('sends LOAD_STARTED once the origins are known, then the five config groups once', () => {
    const h = setup();
    expect(h.posted).toEqual([]);
    h.boot();
    expect(h.types()).toEqual([
      'LOAD_STARTED',
      'CONFIG_GROUP_1',
      'CONFIG_GROUP_2',
      'CONFIG_GROUP_3',
      'CONFIG_GROUP_4',
      'CONFIG_GROUP_5',
    ]);
    expect(
      h.posted.every((m) => m.origin === HOST && m.source === 'croupier' && m.version === 1),
    ).toBe(true);
    expect(h.payloadOf('LOAD_STARTED')).toEqual({ game: 'roulette', tableId: 'rou-1' });
    expect(h.payloadOf('CONFIG_GROUP_1')).toMatchObject({
      casinoId: 'demo',
      casinoName: 'Demo Casino',
      language: 'en',
    });
    expect(h.payloadOf('CONFIG_GROUP_2')).toEqual({
      playerId: '7',
      playerType: 'FUN',
      currency: 'EUR',
      balance: '100.00',
      bonusBalance: '5.00',
    });
    expect(h.payloadOf('CONFIG_GROUP_3')).toMatchObject({
      lobby: false,
      tableId: 'rou-1',
      game: 'roulette',
      limits: { min: '0.20', max: '2500.00' },
    });
    expect(h.payloadOf('CONFIG_GROUP_4')).toMatchObject({
      features: { feature_chat: true },
      realityCheckIntervalMin: 0,
    });
    expect(h.payloadOf('CONFIG_GROUP_5')).toEqual({
      theme: 'green',
      mobile: true,
      deviceType: 'mobile',
      orientation: 'portrait',
      framed: true,
      lobbyInFrame: true,
    });

    h.session.set((s) => ({ ...s, balance: { total: 1, bonus: 0 } }));
    h.host.loadEnded();
    h.host.loadEnded();
    expect(h.types().slice(6)).toEqual(['LOAD_ENDED']);
  });

  it('describes the lobby in group 3 and the casino theme in group 5', () => {
    const h = setup({ game: 'all' });
    h.boot({ lobby_theme: 'blue' }, false);
    expect(h.payloadOf('CONFIG_GROUP_3')).toEqual({ page: 'all', lobby: true, tables: 2 });
    expect(h.payloadOf('CONFIG_GROUP_5')).toMatchObject({ theme: 'blue' });
  });

  it('posts nothing standalone', () => {
    const h = setup({ framed: false });
    h.boot();
    h.host.loadEnded();
    expect(h.posted).toEqual([]);
  });

  it("falls back to the embedding page's origin when the operator lists none", () => {
    const h = setup();
    h.boot({ host_origins: [] });
    expect(new Set(h.posted.map((m) => m.origin))).toEqual(new Set(['https://referrer.example']));
  });
});

describe('commands from the host', () => {
  it('ignores (and warns about) a message from another origin or another window', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const h = setup();
    h.boot();
    h.fromHost('PAUSE', undefined, 'https://evil.example');
    h.fromHost('PAUSE', undefined, HOST, { name: 'another frame' });
    expect(h.host.ui.get().paused).toBe(false);
    expect(h.rt.closes).toBe(0);
    expect(warn).toHaveBeenCalledTimes(2);
    expect(String(warn.mock.calls[0]![0])).toContain('https://evil.example');
  });

  it('refuses commands when the operator lists no origins', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const h = setup();
    h.boot({ host_origins: [] });
    h.fromHost('PAUSE', undefined, 'https://referrer.example');
    expect(h.host.ui.get().paused).toBe(false);
    expect(warn).toHaveBeenCalledOnce();
  });

  it('pauses (socket closed, overlay) and resumes (socket reopened)', () => {
    const h = setup();
    h.boot();
    expect(h.rt.connects).toBe(1);
    h.fromHost('PAUSE');
    h.fromHost('PAUSE');
    expect(h.host.ui.get().paused).toBe(true);
    expect(h.rt.closes).toBe(1);
    expect(h.rt.status).toBe('closed');
    h.fromHost('RESUME');
    h.fromHost('RESUME');
    expect(h.host.ui.get().paused).toBe(false);
    expect(h.rt.connects).toBe(2);
  });

  it('keeps a pause that came before the boot', async () => {
    const h = setup();
    h.fromHost('PAUSE'); // waits for the origins
    h.boot(); // the app connects
    expect(h.host.ui.get().paused).toBe(true);
    await Promise.resolve();
    expect(h.rt.status).toBe('closed');
    h.fromHost('RESUME');
    expect(h.rt.status).toBe('open');
  });

  it('does not reopen a socket the server ended', () => {
    const h = setup();
    h.boot();
    h.rt.setStatus('ended');
    h.fromHost('PAUSE');
    h.fromHost('RESUME');
    expect(h.rt.connects).toBe(1);
  });

  it('refetches the balance', async () => {
    const h = setup();
    h.boot();
    h.fromHost('UPDATE_BALANCE');
    await vi.waitFor(() =>
      expect(h.session.get().balance).toEqual({ total: units('50.00'), bonus: units('2.00') }),
    );
    expect(h.get).toHaveBeenCalledWith('/api/ui/balance');
  });

  it('shows the balance error when the balance cannot be read', async () => {
    const h = setup();
    h.boot();
    h.get.mockRejectedValueOnce(new HttpError('http', 500, 'oops'));
    h.fromHost('UPDATE_BALANCE');
    await vi.waitFor(() => expect(h.session.get().popups).toEqual(['balance-error']));
    expect(h.session.get().balance).toEqual({ total: 0, bonus: 0 });
  });

  it('mutes and unmutes', () => {
    const h = setup();
    h.fromHost('MUTE', { muted: true }); // before the boot: waits, then applies
    expect(h.host.ui.get().muted).toBe(false);
    h.boot();
    expect(h.host.ui.get().muted).toBe(true);
    h.fromHost('MUTE', { muted: false });
    expect(h.host.ui.get().muted).toBe(false);
  });
});

describe('what the player does', () => {
  it('relays lifecycle events', () => {
    const h = setup();
    h.boot();
    h.events.dispatchEvent(
      new CustomEvent(LIFECYCLE_EVENT, { detail: { name: 'autoplay start', tableId: 'onebj-1' } }),
    );
    expect(h.payloadOf('LIFECYCLE')).toEqual({ name: 'autoplay start', tableId: 'onebj-1' });
  });

  it('sends only the lifecycle events the operator lists in integration_api', () => {
    const h = setup();
    h.boot({ integration_api: ['place bet'] });
    const emit = (name: string) =>
      h.events.dispatchEvent(new CustomEvent(LIFECYCLE_EVENT, { detail: { name } }));
    emit('autoplay start');
    expect(h.payloadOf('LIFECYCLE')).toBeUndefined();
    emit('place bet');
    expect(h.payloadOf('LIFECYCLE')).toEqual({ name: 'place bet' });
  });

  it('reports a round from the socket', () => {
    const h = setup();
    h.boot();
    h.rt.emit({ type: 'betack', table: 'rou-1', gameId: 'g1', accepted: [{ spot: 'RED' }] });
    h.rt.emit({
      type: 'gameresult',
      table: 'rou-1',
      gameId: 'g1',
      result: '3',
      stake: '1.00',
      win: '2.00',
      net: '1.00',
      balance: '101.00',
    });
    expect(h.types().slice(6)).toEqual(['ROUND_STARTED', 'RESULT_SHOWN', 'ROUND_ENDED']);
  });

  it('opens the cashier in a new tab standalone, and only tells the host in a frame', () => {
    const framed = setup();
    framed.boot({ cashier_url: 'https://pay.example/' });
    framed.host.openCashier();
    expect(framed.payloadOf('OPEN_CASHIER')).toEqual({ url: 'https://pay.example/' });
    expect(framed.opened).toEqual([]);

    const alone = setup({ framed: false });
    alone.boot({ cashier_url: 'https://pay.example/' });
    alone.host.openCashier();
    expect(alone.opened).toEqual(['https://pay.example/']);
  });

  it('quits: QUIT to the host in a frame, to exit_url standalone', () => {
    const framed = setup();
    framed.boot({ exit_url: 'https://casino.example/bye' });
    framed.host.quit('exit');
    expect(framed.payloadOf('QUIT')).toEqual({ from: 'exit' });
    expect(framed.navigated).toEqual([]);

    const alone = setup({ framed: false });
    alone.boot({ exit_url: 'https://casino.example/bye' });
    alone.host.quit('exit');
    expect(alone.navigated).toEqual(['https://casino.example/bye']);
  });

  it('closes the game of a micro-gaming operator once', () => {
    const h = setup();
    h.boot({ micro_gaming: true });
    h.host.quit('exit');
    h.events.dispatchEvent(new Event('pagehide'));
    h.rt.emit({ type: 'table_closed', table: 'rou-1', gameId: 'g1' });
    expect(h.types().filter((t) => t === 'CLOSE_GAME')).toHaveLength(1);
    expect(h.payloadOf('CLOSE_GAME')).toMatchObject({ reason: 'quit' });
  });

  it('does not close the game for other operators', () => {
    const h = setup();
    h.boot();
    h.events.dispatchEvent(new Event('pagehide'));
    expect(h.types()).not.toContain('CLOSE_GAME');
  });

  it('reports a bet the client refuses for the balance', () => {
    const h = setup();
    h.boot();
    h.host.balanceTooLow({ tableId: 'rou-1' });
    expect(h.payloadOf('BALANCE_TOO_LOW')).toEqual({
      source: 'client',
      code: 10104,
      tableId: 'rou-1',
    });
  });
});

describe('activity', () => {
  it('says USER_ACTIVE every 30 s while there is input, and INACTIVE after 20 quiet minutes', () => {
    vi.useFakeTimers();
    const h = setup();
    h.boot();
    const count = (t: string) => h.types().filter((x) => x === t).length;
    vi.advanceTimersByTime(30_000);
    expect(count('USER_ACTIVE')).toBe(0); // no input yet
    h.events.dispatchEvent(new Event('pointerdown'));
    vi.advanceTimersByTime(30_000);
    expect(count('USER_ACTIVE')).toBe(1);
    vi.advanceTimersByTime(30_000);
    expect(count('USER_ACTIVE')).toBe(1); // quiet for the last 30 s
    h.events.dispatchEvent(new Event('keydown'));
    vi.advanceTimersByTime(30_000);
    expect(count('USER_ACTIVE')).toBe(2);
    // The server hears each one too (it keeps the session from closing for inactivity).
    expect(h.rt.posted.filter((x) => x === '<active/>')).toHaveLength(count('USER_ACTIVE'));

    // The last input was at 1:30; INACTIVE 20 minutes later, once.
    vi.advanceTimersByTime(20 * 60_000 - 30_000 - 1);
    expect(count('INACTIVE')).toBe(0);
    vi.advanceTimersByTime(1);
    expect(count('INACTIVE')).toBe(1);
    vi.advanceTimersByTime(60 * 60_000);
    expect(count('INACTIVE')).toBe(1);
    h.events.dispatchEvent(new Event('touchstart'));
    vi.advanceTimersByTime(20 * 60_000);
    expect(count('INACTIVE')).toBe(2);
  });

  it('takes its periods from the options (tests)', () => {
    vi.useFakeTimers();
    const h = setup({ deps: { activeEveryMs: 1000, inactiveMs: 5000 } });
    h.boot();
    h.events.dispatchEvent(new Event('pointermove'));
    vi.advanceTimersByTime(1000);
    expect(h.types()).toContain('USER_ACTIVE');
    vi.advanceTimersByTime(5000);
    expect(h.payloadOf('INACTIVE')).toEqual({ idleMs: 5000 });
  });
});

/** The reality check's answer (GET /api/cgibin/regulation/realityCheck). */
function figures(extra: Record<string, unknown> = {}) {
  return {
    sessionStartedAt: 1_795_311_533_000,
    sessionSeconds: 125,
    currency: 'EUR',
    bets: 3,
    wagered: '6.00',
    returned: '4.50',
    inPlay: '0.00',
    netPosition: '-1.50',
    intervalMinutes: 0,
    ...extra,
  };
}

/** Answers the reality check with `answer` (an Error: refused), the balance otherwise. */
function answering(h: ReturnType<typeof setup>, answer: () => unknown) {
  h.get.mockImplementation(async (path: string) => {
    if (path !== REALITY_CHECK_URL) return { balance: '50.00', bonusBalance: '2.00' };
    const a = answer();
    if (a instanceof Error) throw a;
    return a;
  });
}

const realityCalls = (h: ReturnType<typeof setup>) =>
  h.get.mock.calls.filter(([path]) => path === REALITY_CHECK_URL).length;

describe('the reality check', () => {
  it("shows the client's own figures every interval when the server does not answer", async () => {
    vi.useFakeTimers();
    const h = setup();
    answering(h, () => new HttpError('network', 0, ''));
    h.boot({ reality_check_interval_min: 2, net_position: true });
    h.rt.emit({ type: 'gameresult', table: 'rou-1', gameId: 'g1', net: '-3.00', stake: '3.00' });
    h.rt.emit({ type: 'gameresult', table: 'rou-1', gameId: 'g2', net: '1.50', stake: '1.00' });
    await vi.advanceTimersByTimeAsync(2 * 60_000 - 1);
    expect(h.host.ui.get().realityCheck).toBeNull();
    await vi.advanceTimersByTimeAsync(1);
    expect(h.host.ui.get().realityCheck).toEqual({
      elapsedMs: 120_000,
      net: units('-1.50'),
      wagered: units('4.00'),
      source: 'client',
    });
    expect(h.payloadOf('REALITY_CHECK_SHOWN')).toEqual({ elapsedMs: 120_000, net: '-1.50' });

    await vi.advanceTimersByTimeAsync(5 * 60_000); // unanswered: no second popup
    expect(h.types().filter((t) => t === 'REALITY_CHECK_SHOWN')).toHaveLength(1);
    h.host.continuePlaying();
    expect(h.host.ui.get().realityCheck).toBeNull();
    expect(h.types()).toContain('CONTINUE');
    await vi.advanceTimersByTimeAsync(2 * 60_000);
    expect(h.types().filter((t) => t === 'REALITY_CHECK_SHOWN')).toHaveLength(2);
    expect(h.host.ui.get().realityCheck?.elapsedMs).toBe(9 * 60_000);
  });

  it("asks the server for the figures when it is due, and shows the server's", async () => {
    vi.useFakeTimers();
    const h = setup();
    let answer = figures({ intervalMinutes: 2 });
    answering(h, () => answer);
    h.boot({ reality_check_interval_min: 2, net_position: true });
    await vi.advanceTimersByTimeAsync(0);
    expect(realityCalls(h)).toBe(1); // at the start
    answer = figures({ intervalMinutes: 2, sessionSeconds: 121, wagered: '8.00' });
    await vi.advanceTimersByTimeAsync(2 * 60_000);
    expect(realityCalls(h)).toBe(2); // when due
    expect(h.host.ui.get().realityCheck).toEqual({
      elapsedMs: 121_000,
      net: units('-1.50'),
      wagered: units('8.00'),
      source: 'server',
    });
    expect(h.payloadOf('REALITY_CHECK_SHOWN')).toEqual({ elapsedMs: 121_000, net: '-1.50' });
  });

  it('leaves the net out without net_position, and quits from the popup', async () => {
    vi.useFakeTimers();
    const h = setup();
    answering(h, () => figures({ intervalMinutes: 1, sessionSeconds: 60 }));
    h.boot({ reality_check_interval_min: 1 });
    await vi.advanceTimersByTimeAsync(60_000);
    expect(h.payloadOf('REALITY_CHECK_SHOWN')).toEqual({ elapsedMs: 60_000, net: null });
    h.host.quit('reality-check');
    expect(h.payloadOf('QUIT')).toEqual({ from: 'reality-check' });
    expect(h.host.ui.get().realityCheck).toBeNull();
  });

  it("runs at the player's own interval when the operator has none", async () => {
    vi.useFakeTimers();
    const h = setup();
    answering(h, () => figures({ intervalMinutes: 1 }));
    h.boot({ reality_check_interval_min: 0 });
    await vi.advanceTimersByTimeAsync(60_000 - 1);
    expect(h.types()).not.toContain('REALITY_CHECK_SHOWN');
    await vi.advanceTimersByTimeAsync(1);
    expect(h.types()).toContain('REALITY_CHECK_SHOWN');
  });

  it("takes the shorter of the operator's interval and the player's", async () => {
    vi.useFakeTimers();
    const h = setup();
    answering(h, () => figures({ intervalMinutes: 15 }));
    h.boot({ reality_check_interval_min: 30 });
    await vi.advanceTimersByTimeAsync(15 * 60_000 - 1);
    expect(h.types()).not.toContain('REALITY_CHECK_SHOWN');
    await vi.advanceTimersByTimeAsync(1);
    expect(h.types()).toContain('REALITY_CHECK_SHOWN');
  });

  it('is off when neither the operator nor the player sets an interval', async () => {
    vi.useFakeTimers();
    const h = setup();
    answering(h, () => figures());
    h.boot();
    await vi.advanceTimersByTimeAsync(24 * 60 * 60_000);
    expect(h.types()).not.toContain('REALITY_CHECK_SHOWN');
    expect(realityCalls(h)).toBe(1); // the start's only: no bar, no check
  });

  it("takes a new interval of the player's (refreshFigures, after the limits screen), counted from then", async () => {
    vi.useFakeTimers();
    const h = setup();
    let interval = 0;
    answering(h, () => figures({ intervalMinutes: interval }));
    h.boot();
    await vi.advanceTimersByTimeAsync(3 * 60_000);
    expect(h.types()).not.toContain('REALITY_CHECK_SHOWN');
    interval = 5; // none applied before: five minutes from now
    await h.host.refreshFigures();
    await vi.advanceTimersByTimeAsync(5 * 60_000 - 1);
    expect(h.types()).not.toContain('REALITY_CHECK_SHOWN');
    await vi.advanceTimersByTimeAsync(1);
    expect(h.types()).toContain('REALITY_CHECK_SHOWN');
  });

  it('shows nothing when the server says, when due, that no interval applies any more', async () => {
    vi.useFakeTimers();
    const h = setup();
    let interval = 1;
    answering(h, () => figures({ intervalMinutes: interval }));
    h.boot();
    await vi.advanceTimersByTimeAsync(0);
    interval = 0; // the player removed it (from another tab)
    await vi.advanceTimersByTimeAsync(10 * 60_000);
    expect(h.types()).not.toContain('REALITY_CHECK_SHOWN');
    expect(h.host.ui.get().realityCheck).toBeNull();
  });

  it("keeps the tab's clock across pages (lobby, then a table)", async () => {
    vi.useFakeTimers();
    const storage = new MemoryStorage();
    const lobby = setup({ storage });
    answering(lobby, () => new Error('no answer'));
    lobby.boot({ reality_check_interval_min: 10 });
    lobby.rt.emit({ type: 'gameresult', table: 'rou-1', gameId: 'g1', net: '4.00' });
    await vi.advanceTimersByTimeAsync(6 * 60_000);
    lobby.host.stop();
    const table = setup({ storage });
    answering(table, () => new Error('no answer'));
    table.boot({ reality_check_interval_min: 10, net_position: true });
    await vi.advanceTimersByTimeAsync(4 * 60_000);
    expect(table.host.ui.get().realityCheck).toEqual({
      elapsedMs: 600_000,
      net: units('4.00'),
      wagered: 0,
      source: 'client',
    });
    expect(JSON.parse(storage.getItem(REALITY_STORAGE_KEY)!)).toMatchObject({ playerId: '7' });
  });
});

describe('the UK rules (uk_regulation_check)', () => {
  it("reads the session's figures at the start, after each of the player's rounds and every minute", async () => {
    vi.useFakeTimers();
    const h = setup();
    let net = '0.00';
    answering(h, () => figures({ netPosition: net }));
    h.boot({ uk_regulation_check: true });
    await vi.advanceTimersByTimeAsync(0);
    expect(realityCalls(h)).toBe(1);
    expect(h.host.ui.get().figures).toMatchObject({ netPosition: 0, sessionSeconds: 125 });

    net = '-2.00';
    h.rt.emit({ type: 'gameresult', table: 'rou-1', gameId: 'g1', net: '-2.00', stake: '2.00' });
    await vi.advanceTimersByTimeAsync(0);
    expect(realityCalls(h)).toBe(2);
    expect(h.host.ui.get().figures?.netPosition).toBe(units('-2.00'));
    // A round the player had no bet in changes nothing.
    h.rt.emit({ type: 'gameresult', table: 'rou-1', gameId: 'g2', result: '7' });
    await vi.advanceTimersByTimeAsync(0);
    expect(realityCalls(h)).toBe(2);
    // A refunded round does.
    h.rt.emit({ type: 'cancelround', table: 'rou-1', gameId: 'g3', refunded: '1.00' });
    await vi.advanceTimersByTimeAsync(0);
    expect(realityCalls(h)).toBe(3);

    await vi.advanceTimersByTimeAsync(FIGURES_EVERY_MS);
    expect(realityCalls(h)).toBe(4);
    await vi.advanceTimersByTimeAsync(FIGURES_EVERY_MS);
    expect(realityCalls(h)).toBe(5);
  });

  it('keeps the newest answer when an older one arrives late', async () => {
    vi.useFakeTimers();
    const h = setup();
    const pending: ((v: unknown) => void)[] = [];
    h.get.mockImplementation(
      (path: string) =>
        new Promise((resolve) =>
          path === REALITY_CHECK_URL ? pending.push(resolve) : resolve({}),
        ),
    );
    h.boot({ uk_regulation_check: true });
    void h.host.refreshFigures();
    expect(pending).toHaveLength(2);
    pending[1]!(figures({ netPosition: '5.00' }));
    await vi.advanceTimersByTimeAsync(0);
    pending[0]!(figures({ netPosition: '1.00' }));
    await vi.advanceTimersByTimeAsync(0);
    expect(h.host.ui.get().figures?.netPosition).toBe(units('5.00'));
  });

  it('is not read every minute without the UK rules', async () => {
    vi.useFakeTimers();
    const h = setup();
    answering(h, () => figures());
    h.boot();
    h.rt.emit({ type: 'gameresult', table: 'rou-1', gameId: 'g1', net: '-2.00', stake: '2.00' });
    await vi.advanceTimersByTimeAsync(5 * FIGURES_EVERY_MS);
    expect(realityCalls(h)).toBe(1);
  });
});
