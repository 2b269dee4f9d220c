// Promotions: the server's JSON as the client reads it, the trophy's rule at a table (the
// free-bet case too), the minimum-bet tip's rule, the promotions socket (reconnect with
// backoff, token refresh before it expires, its state) and the store the screens read.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { units } from './format/money';
import { HttpError } from './http/http';
import {
  PROMOTIONS_URL,
  PromoSocket,
  type PromoConnection,
  type PromoToken,
  PromotionsHub,
  type PromotionsInfo,
  belowMinBet,
  parsePromotion,
  parsePromotionsInfo,
  promoSocketUrl,
  scoreText,
  trophyState,
  withPromotion,
} from './promotions';
import { FakeWebSocket, rawInfo, rawPromotion } from './promotions.test-util';

const EUR = { code: 'EUR', symbol: '€', symbolBefore: true };
const info = (...args: Parameters<typeof rawInfo>) => parsePromotionsInfo(rawInfo(...args));

describe('the promotion as the client reads it', () => {
  it('takes the protocol example: amounts, times, standing, leaderboard, trophy', () => {
    const i = parsePromotionsInfo({
      promotions: [rawPromotion({ startsAt: 1795305600000, endsAt: 1795392000000 })],
      trophy: { enabled: true, active: true, minBet: '1.00', promotionId: 'daily-race' },
    });
    expect(i.promotions).toEqual([
      {
        promotionId: 'daily-race',
        period: 'daily-race:2026-11-29',
        name: 'Daily Race',
        status: 'running',
        startsAt: 1795305600000,
        endsAt: 1795392000000,
        games: ['roulette', 'baccarat'],
        minBet: units('1.00'),
        scoring: 'most_wagered',
        prizes: [units('100.00'), units('50.00'), units('25.00')],
        optedIn: true,
        players: 12,
        standing: { rank: 2, score: '35.00' },
        leaderboard: [
          { rank: 1, name: 'Alice', score: '120.00', me: false },
          { rank: 2, name: 'Bob', score: '35.00', me: true },
        ],
        paid: false,
      },
    ]);
    expect(i.trophy).toEqual({
      enabled: true,
      active: true,
      minBet: units('1.00'),
      promotionId: 'daily-race',
    });
  });

  it('leaves out what is not a promotion, and reads damaged fields as nothing', () => {
    const i = parsePromotionsInfo({
      promotions: [
        rawPromotion({ status: 'paused' }),
        rawPromotion({ promotionId: '' }),
        null,
        rawPromotion({
          promotionId: 'odd',
          name: '',
          scoring: 'luck',
          minBet: 'lots',
          prizes: ['10.00', 'x', '-5.00'],
          standing: { rank: 0, score: 'high' },
          leaderboard: [
            { rank: 'one', name: 'X' },
            { rank: 1, name: 7, score: '1.00' },
          ],
        }),
        rawPromotion({ promotionId: 'odd' }), // the same id twice: the first holds
      ],
      trophy: null,
    });
    expect(i.promotions.map((p) => p.promotionId)).toEqual(['odd']);
    const p = i.promotions[0]!;
    expect(p.name).toBe('odd'); // a promotion without a name is called by its id
    expect(p.scoring).toBeNull(); // a rule the client does not know
    expect(p.minBet).toBe(0);
    expect(p.prizes).toEqual([units('10.00')]);
    expect(p.standing).toEqual({ rank: null, score: '' });
    expect(p.leaderboard).toEqual([{ rank: 1, name: '', score: '1.00', me: false }]);
    expect(i.trophy).toBeNull();
    expect(() => parsePromotionsInfo({ trophy: null })).toThrow();
  });

  it('keeps the top ten in rank order, and the player’s own row below them', () => {
    const rows = Array.from({ length: 14 }, (_, k) => ({
      rank: 14 - k,
      name: `P${14 - k}`,
      score: String(100 - k),
      me: 14 - k === 13,
    }));
    const p = parsePromotion(rawPromotion({ leaderboard: rows }))!;
    expect(p.leaderboard.map((r) => r.rank)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 13]);
    expect(p.leaderboard.at(-1)).toMatchObject({ name: 'P13', me: true });
  });

  it('writes scores by their rule: an amount, a multiplier, a count', () => {
    expect(scoreText('120.00', 'most_wagered', EUR)).toBe('€120.00');
    expect(scoreText('36.50', 'biggest_multiplier', EUR)).toBe('36.50×');
    expect(scoreText('7', 'most_wins', EUR)).toBe('7');
    expect(scoreText('', 'most_wins', EUR)).toBe('');
  });

  it('puts an opt-in answer in place of the promotion, and the trophy follows it', () => {
    const before = info([rawPromotion({ optedIn: false }), rawPromotion({ promotionId: 'b' })]);
    expect(before.trophy?.active).toBe(false);
    const answer = parsePromotion(rawPromotion({ optedIn: true, players: 13 }))!;
    const after = withPromotion(before, answer);
    expect(after.promotions.map((p) => [p.promotionId, p.optedIn, p.players])).toEqual([
      ['daily-race', true, 13],
      ['b', true, 12],
    ]);
    expect(after.trophy?.active).toBe(true);
  });
});

describe('the promotion trophy at a table (SPEC §3, §4)', () => {
  const running = info();

  it('shows at a table of a family the running promotion plays at, with its minimum bet and rank', () => {
    expect(trophyState(running, 'roulette', false)).toMatchObject({
      promotionId: 'daily-race',
      name: 'Daily Race',
      active: true,
      minBet: units('1.00'),
      rank: 2,
      score: '35.00',
    });
    expect(trophyState(running, 'baccarat', false)).not.toBeNull();
  });

  it('does not show at a family the promotion does not play at', () => {
    expect(trophyState(running, 'sicbo', false)).toBeNull();
    expect(trophyState(running, 'blackjack', false)).toBeNull();
    expect(trophyState(running, null, false)).toBeNull(); // the table is not known yet
  });

  it('is ignored while a free bet is placed (the free chip chosen)', () => {
    expect(trophyState(running, 'roulette', true)).toBeNull();
  });

  it('is not there without a trophy, or with one that is not enabled', () => {
    expect(trophyState(info([rawPromotion()], null), 'roulette', false)).toBeNull();
    const off = { enabled: false, active: false, minBet: '1.00', promotionId: 'daily-race' };
    expect(trophyState(info([rawPromotion()], off), 'roulette', false)).toBeNull();
    expect(trophyState(null, 'roulette', false)).toBeNull();
  });

  it('is inactive, without a rank, when the player is not opted in', () => {
    const out = info([rawPromotion({ optedIn: false, standing: null })]);
    expect(trophyState(out, 'roulette', false)).toMatchObject({ active: false, rank: null });
  });

  it('stands for another running promotion where the trophy’s own does not play', () => {
    const two = info([
      rawPromotion(),
      rawPromotion({ promotionId: 'bj-week', name: 'Blackjack Week', games: ['blackjack'] }),
      rawPromotion({ promotionId: 'soon', games: [], status: 'upcoming' }),
    ]);
    expect(trophyState(two, 'blackjack', false)?.name).toBe('Blackjack Week');
    expect(trophyState(two, 'onebj', false)).toBeNull(); // the one-hand game is a family of its own
    expect(trophyState(two, 'sicbo', false)).toBeNull(); // the upcoming one does not count
    const everywhere = info([rawPromotion({ games: [], minBet: '2.50' })]);
    expect(trophyState(everywhere, 'megawheel', false)?.minBet).toBe(units('2.50'));
  });

  it('asks for the minimum bet only once bets are placed and total less than it', () => {
    expect(belowMinBet(0, units('1.00'))).toBe(false); // nothing placed yet
    expect(belowMinBet(units('0.50'), units('1.00'))).toBe(true);
    expect(belowMinBet(units('1.00'), units('1.00'))).toBe(false);
    expect(belowMinBet(units('0.50'), 0)).toBe(false); // no minimum
  });
});

// ---- The socket ------------------------------------------------------------------------

interface Harness {
  socket: PromoSocket;
  states: PromoConnection[];
  infos: PromotionsInfo[];
  token: ReturnType<typeof vi.fn<() => Promise<PromoToken>>>;
  sockets: FakeWebSocket[];
}

function harness(
  token?: () => Promise<PromoToken>,
  options: Partial<ConstructorParameters<typeof PromoSocket>[0]> = {},
): Harness {
  const states: PromoConnection[] = [];
  const infos: PromotionsInfo[] = [];
  const sockets: FakeWebSocket[] = [];
  let n = 0;
  const tokenFn = vi.fn(
    token ?? (async () => ({ jwtToken: `jwt-${++n}`, expiresAt: Date.now() + 15 * 60_000 })),
  );
  const socket = new PromoSocket({
    url: (t) => promoSocketUrl(t, { protocol: 'https:', host: 'casino.example' }),
    token: tokenFn,
    onInfo: (i) => infos.push(i),
    onState: (s) => states.push(s),
    createSocket: (url) => {
      const s = new FakeWebSocket(url);
      sockets.push(s);
      return s;
    },
    random: () => 0.5, // no jitter: the backoff's own steps
    network: undefined,
    ...options,
  });
  return { socket, states, infos, token: tokenFn, sockets };
}

const flush = () => vi.advanceTimersByTimeAsync(0);

describe('the promotions socket', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(new Date('2026-11-29T12:00:00Z'));
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('opens with a token from updateJwtToken and passes the pushes on', async () => {
    const h = harness();
    h.socket.start();
    await flush();
    expect(h.token).toHaveBeenCalledOnce();
    expect(h.sockets[0]!.url).toBe('wss://casino.example/promo/ws?token=jwt-1');
    expect(h.states).toEqual(['connecting']);
    h.sockets[0]!.open();
    expect(h.socket.getState()).toBe('open');
    h.sockets[0]!.push({ type: 'promotions', ...rawInfo() });
    h.sockets[0]!.push({ type: 'pong' });
    h.sockets[0]!.push({ type: 'promotions' }); // no list: not a push to show
    expect(h.infos).toHaveLength(1);
    expect(h.infos[0]!.promotions[0]!.name).toBe('Daily Race');
  });

  it('pings a quiet socket, and gives up one that stays silent', async () => {
    const h = harness();
    h.socket.start();
    await flush();
    h.sockets[0]!.open();
    await vi.advanceTimersByTimeAsync(20_000);
    expect(h.sockets[0]!.sent).toEqual(['<ping/>']);
    h.sockets[0]!.push({ type: 'pong' });
    await vi.advanceTimersByTimeAsync(40_000);
    expect(h.sockets[0]!.closedWith).toBeNull(); // it answered
    await vi.advanceTimersByTimeAsync(40_000); // 80 s without a word
    expect(h.sockets[0]!.closedWith).toBe(4000);
    expect(h.states).toEqual(['connecting', 'open', 'down', 'connecting']);
    expect(h.sockets).toHaveLength(2); // opened again after the backoff's first step
  });

  it('reconnects after a drop with a growing backoff, capped, reusing a live token', async () => {
    const h = harness();
    h.socket.start();
    await flush();
    const delays: number[] = [];
    for (let k = 0; k < 7; k++) {
      h.sockets.at(-1)!.drop(1006);
      expect(h.socket.getState()).toBe('down');
      const before = h.sockets.length;
      let waited = 0;
      while (h.sockets.length === before) {
        await vi.advanceTimersByTimeAsync(250);
        waited += 250;
      }
      delays.push(waited);
    }
    expect(delays).toEqual([1000, 2000, 4000, 8000, 16000, 30000, 30000]);
    expect(h.token).toHaveBeenCalledOnce(); // the first token still had 14 minutes
    expect(h.sockets.every((s) => s.url.endsWith('token=jwt-1'))).toBe(true);
  });

  it('starts the backoff over once the server has spoken', async () => {
    const h = harness();
    h.socket.start();
    await flush();
    h.sockets[0]!.drop();
    await vi.advanceTimersByTimeAsync(1000);
    h.sockets[1]!.drop();
    await vi.advanceTimersByTimeAsync(2000);
    h.sockets[2]!.open();
    h.sockets[2]!.push({ type: 'promotions', ...rawInfo() });
    h.sockets[2]!.drop();
    await vi.advanceTimersByTimeAsync(1000);
    expect(h.sockets).toHaveLength(4);
  });

  it('asks for a new token when the server refuses one (1008)', async () => {
    const h = harness();
    h.socket.start();
    await flush();
    h.sockets[0]!.drop(1008);
    await vi.advanceTimersByTimeAsync(1000);
    expect(h.token).toHaveBeenCalledTimes(2);
    expect(h.sockets[1]!.url).toContain('token=jwt-2');
  });

  it('changes its token a minute before it expires, and reconnects with the new one', async () => {
    const h = harness(undefined, { deadAfterMs: 3_600_000 }); // (no pongs in this test)
    h.socket.start();
    await flush();
    h.sockets[0]!.open();
    await vi.advanceTimersByTimeAsync(14 * 60_000 - 1000);
    expect(h.token).toHaveBeenCalledOnce();
    await vi.advanceTimersByTimeAsync(1000);
    expect(h.token).toHaveBeenCalledTimes(2);
    expect(h.sockets[0]!.closedWith).toBe(1000);
    expect(h.sockets[1]!.url).toContain('token=jwt-2');
    h.sockets[1]!.open();
    expect(h.socket.getState()).toBe('open');
    expect(h.states).toEqual(['connecting', 'open', 'connecting', 'open']);
    // The old socket's late close changes nothing.
    h.sockets[0]!.drop(1000);
    expect(h.socket.getState()).toBe('open');
  });

  it('retries a token that cannot be had, and stops when the session has ended', async () => {
    let fail: Error | null = new Error('network');
    const h = harness(async () => {
      if (fail) throw fail;
      return { jwtToken: 'jwt-ok', expiresAt: Date.now() + 15 * 60_000 };
    });
    h.socket.start();
    await flush();
    expect(h.socket.getState()).toBe('down');
    expect(h.sockets).toHaveLength(0);
    fail = null;
    await vi.advanceTimersByTimeAsync(1000);
    expect(h.sockets[0]!.url).toContain('token=jwt-ok');

    const ended = harness(async () => {
      throw new HttpError('unauthorized', 401, '');
    });
    ended.socket.start();
    await flush();
    await vi.advanceTimersByTimeAsync(120_000);
    expect(ended.token).toHaveBeenCalledOnce();
    expect(ended.socket.getState()).toBe('down');
  });

  it('closes for good when stopped', async () => {
    const h = harness();
    h.socket.start();
    await flush();
    h.sockets[0]!.open();
    h.socket.stop();
    expect(h.sockets[0]!.closedWith).toBe(1000);
    h.sockets[0]!.drop(1000);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(h.sockets).toHaveLength(1);
    expect(h.socket.getState()).toBe('down');
  });
});

describe('the promotions store', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    FakeWebSocket.all = [];
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  function hub(
    get: () => Promise<unknown>,
    post = vi.fn(async (_path: string, _body: unknown) => ({})),
  ) {
    const http = { get: vi.fn(get), post };
    const h = new PromotionsHub(http as never, {
      createSocket: (url) => new FakeWebSocket(url),
      location: { protocol: 'http:', host: 'localhost' },
      graceMs: 5000,
    });
    return { h, http, post };
  }

  it('reads the promotions, then takes every push of the socket', async () => {
    const post = vi.fn(async () => ({ jwtToken: 'jwt-1', expiresAt: Date.now() + 900_000 }));
    const { h, http } = hub(async () => rawInfo(), post);
    h.acquire();
    await flush();
    expect(http.get).toHaveBeenCalledWith(PROMOTIONS_URL);
    expect(post).toHaveBeenCalledWith('/api/ui/updateJwtToken', {});
    expect(h.store.get().info?.promotions[0]?.standing?.rank).toBe(2);
    FakeWebSocket.last().open();
    expect(h.store.get().connection).toBe('open');
    FakeWebSocket.last().push({
      type: 'promotions',
      ...rawInfo([rawPromotion({ standing: { rank: 1, score: '150.00' } })]),
    });
    expect(h.store.get().info?.promotions[0]?.standing).toEqual({ rank: 1, score: '150.00' });
    FakeWebSocket.last().drop();
    expect(h.store.get().connection).toBe('down');
  });

  it('keeps a push over an older answer of the first read', async () => {
    let answer: (v: unknown) => void = () => {};
    const post = vi.fn(async () => ({ jwtToken: 'jwt-1', expiresAt: Date.now() + 900_000 }));
    const { h } = hub(() => new Promise((r) => (answer = r)), post);
    h.acquire();
    await flush();
    FakeWebSocket.last().push({ type: 'promotions', ...rawInfo([rawPromotion({ players: 40 })]) });
    answer(rawInfo([rawPromotion({ players: 12 })]));
    await flush();
    expect(h.store.get().info?.promotions[0]?.players).toBe(40);
  });

  it('opts in with the promotion’s id and puts the answer in place', async () => {
    const post = vi.fn(async (path: string, _body: unknown) =>
      path === '/api/ui/promotions/optin'
        ? rawPromotion({ optedIn: false, standing: null })
        : Promise.reject(new Error('no token')),
    );
    const { h } = hub(async () => rawInfo(), post);
    h.acquire();
    await flush();
    const p = await h.optIn('daily-race', false);
    expect(post).toHaveBeenCalledWith('/api/ui/promotions/optin', {
      promotionId: 'daily-race',
      optIn: false,
    });
    expect(p.optedIn).toBe(false);
    expect(h.store.get().info?.promotions[0]?.optedIn).toBe(false);
    expect(h.store.get().info?.trophy?.active).toBe(false);
  });

  it('takes the opt-in answer wrapped as {"promotion": …} too', async () => {
    const post = vi.fn(async (path: string, _body: unknown) =>
      path === '/api/ui/promotions/optin'
        ? { promotion: rawPromotion({ optedIn: true, players: 13 }) }
        : Promise.reject(new Error('no token')),
    );
    const { h } = hub(async () => rawInfo([rawPromotion({ optedIn: false })]), post);
    h.acquire();
    await flush();
    expect((await h.optIn('daily-race', true)).players).toBe(13);
    expect(h.store.get().info?.promotions[0]?.optedIn).toBe(true);
    await expect(
      new PromotionsHub({ get: vi.fn(), post: vi.fn(async () => ({ ok: true })) } as never, {
        createSocket: (url) => new FakeWebSocket(url),
      }).optIn('daily-race', true),
    ).rejects.toThrow(/no promotion/);
  });

  it('follows while something reads it, and a little after the last one goes', async () => {
    const post = vi.fn(async () => ({ jwtToken: 'jwt-1', expiresAt: Date.now() + 900_000 }));
    const { h, http } = hub(async () => rawInfo(), post);
    const lobby = h.acquire();
    await flush();
    lobby();
    const table = h.acquire(); // the lobby hands over to a table: the socket stays
    await vi.advanceTimersByTimeAsync(10_000);
    expect(FakeWebSocket.all).toHaveLength(1);
    expect(FakeWebSocket.last().closedWith).toBeNull();
    table();
    table(); // a second release changes nothing
    await vi.advanceTimersByTimeAsync(5000);
    expect(FakeWebSocket.last().closedWith).toBe(1000);
    h.acquire(); // back: read again, and a new socket
    await flush();
    expect(http.get).toHaveBeenCalledTimes(2);
    expect(FakeWebSocket.all).toHaveLength(2);
  });
});
