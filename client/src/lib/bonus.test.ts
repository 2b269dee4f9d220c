// lib/bonus: the bonus as the service gives it, its calls, SPEC §4's free-chip rule, the
// record of used bonuses and the count the tables show.
import { describe, expect, it, vi } from 'vitest';

import {
  type Bonus,
  NO_USED_BONUSES,
  USED_BONUSES_KEY,
  bonusApi,
  bonusBase,
  chipCountOf,
  firstFreeBonus,
  freeBetAttributes,
  freeChipOf,
  noteFirstEligible,
  parseBonus,
  pendingOffers,
  readUsedBonuses,
  refreshFreeChips,
  reserveFreeChips,
  settleFreeChips,
  returnFreeChips,
} from './bonus';
import { units } from './format/money';
import { createHttp } from './http/http';
import type { AllConfig } from './session';
import { testSession } from './session.test-util';
import { MemoryStorage } from './storage.test-util';
import { NOW, rawBonus } from './bonus.test-util';

const bonus = (extra: Record<string, unknown> = {}) => parseBonus(rawBonus(extra))!;

describe('a bonus from the service', () => {
  it('reads the fields a player is shown: chips, their value, the games, the end', () => {
    expect(bonus({ expiresAt: NOW + 86_400_000 })).toMatchObject({
      bonusId: 'welcome-chips-7',
      campaignName: 'Welcome chips',
      kind: 'free_bet',
      bonusStatus: 'active',
      chipValue: units('1.00'),
      noOfChips: 5,
      bonusRemaining: 3,
      games: ['roulette'],
      expiresAt: NOW + 86_400_000,
    });
  });

  it('is no bonus without an id or with a status the product does not know', () => {
    expect(parseBonus(rawBonus({ bonusId: '' }))).toBeNull();
    expect(parseBonus(rawBonus({ bonusStatus: 'paused' }))).toBeNull();
    expect(parseBonus('welcome')).toBeNull();
  });

  it('takes SPEC §3 defaults: 9999999 chips a bet, a cash bonus without chips', () => {
    expect(bonus({ maxChipLimit: undefined }).maxChipLimit).toBe(9_999_999);
    const cash = parseBonus(
      rawBonus({ kind: undefined, chipValue: '0.00', noOfChips: 0, amount: '20.00' }),
    )!;
    expect(cash.kind).toBe('cash');
    expect(cash.amount).toBe(units('20.00'));
  });
});

describe('the bonus service address', () => {
  it("is env's bonusPromotionsService when it names this origin", () => {
    const env = { bonusPromotionsService: 'http://localhost:18181/bonus' };
    expect(bonusBase(env, 'http://localhost:18181')).toBe('/bonus');
    expect(bonusBase({ bonusPromotionsService: '/casino/bonus/' }, 'http://x')).toBe(
      '/casino/bonus',
    );
  });

  it('is /bonus when env names another origin or nothing (the session cookie goes nowhere else)', () => {
    const env = { bonusPromotionsService: 'https://elsewhere.example/bonus' };
    expect(bonusBase(env, 'http://localhost:18181')).toBe('/bonus');
    expect(bonusBase({}, 'http://localhost:18181')).toBe('/bonus');
    expect(bonusBase(undefined, undefined)).toBe('/bonus');
  });
});

describe('the bonus calls', () => {
  it('accept and decline POST the bonus id with the anti-forgery header', async () => {
    const fetch = vi.fn(
      async (_url: RequestInfo | URL, _init?: RequestInit) =>
        new Response(
          JSON.stringify({
            bonus: rawBonus(),
            balance: { balance: '105.00', bonusBalance: '0.00' },
          }),
        ),
    );
    const http = createHttp({
      gameMode: () => 'roulette_desktop',
      fetch,
      cookies: () => 'XSRF-TOKEN=tok-1',
    });
    const api = bonusApi(http, '/bonus');
    const answer = await api.accept('welcome-chips-7');
    await api.decline('cash-2');
    const [url, init] = fetch.mock.calls[0]!;
    expect(url).toBe('/bonus/accept');
    expect(init?.method).toBe('POST');
    expect((init?.headers as Record<string, string>)['X-XSRF-TOKEN']).toBe('tok-1');
    expect(JSON.parse(String(init?.body))).toEqual({
      bonusId: 'welcome-chips-7',
      gameMode: 'roulette_desktop',
    });
    expect(fetch.mock.calls[1]![0]).toBe('/bonus/decline');
    expect(answer.balance).toEqual({ balance: '105.00', bonusBalance: '0.00' });
    expect(answer.bonus?.bonusId).toBe('welcome-chips-7');
  });

  it('read the free chips and the offers from their lists', async () => {
    const get = vi.fn(async (path: string) =>
      path.endsWith('/chips')
        ? { eligible: [rawBonus(), { nonsense: true }] }
        : { bonuses: [rawBonus({ bonusStatus: 'pending' })] },
    );
    const api = bonusApi({ get, post: vi.fn() } as never, '/bonus');
    expect((await api.chips()).map((b) => b.bonusId)).toEqual(['welcome-chips-7']);
    expect((await api.offers())[0]!.bonusStatus).toBe('pending');
    expect(get.mock.calls.map((c) => c[0])).toEqual(['/bonus/chips', '/bonus/offers']);
  });
});

describe('SPEC §4: which bonus gives a free chip', () => {
  it('the first eligible bonus, active, with chips left', () => {
    expect(firstFreeBonus([bonus()], NOW)?.bonusId).toBe('welcome-chips-7');
  });

  it('none when the first eligible is not active, though a later one is', () => {
    const pending = bonus({ bonusId: 'p-1', bonusStatus: 'pending' });
    expect(firstFreeBonus([pending, bonus()], NOW)).toBeNull();
    expect(firstFreeBonus([], NOW)).toBeNull();
  });

  it('none for a cash bonus, an expired one, or one with no chips left (a zero count)', () => {
    expect(firstFreeBonus([bonus({ kind: 'cash', chipValue: '0.00' })], NOW)).toBeNull();
    expect(firstFreeBonus([bonus({ expiresAt: NOW - 1 })], NOW)).toBeNull();
    expect(firstFreeBonus([bonus({ bonusRemaining: 0 })], NOW)).toBeNull();
  });

  it('only at a table of one of its games; an empty list is every game', () => {
    const state = (b: Bonus) => ({
      eligible: [b],
      readAt: NOW,
      spent: 0,
      reserved: 0,
      used: NO_USED_BONUSES,
    });
    expect(freeChipOf(state(bonus()), 'roulette')?.left).toBe(3);
    expect(freeChipOf(state(bonus()), 'baccarat')).toBeNull();
    expect(freeChipOf(state(bonus({ games: [] })), 'baccarat')?.left).toBe(3);
  });
});

describe('SPEC §4: a new bonus replacing an earlier one', () => {
  it('marks the earlier one used, so that a stale answer does not offer it again', () => {
    const a = bonus();
    const b = bonus({ bonusId: 'reload-9', bonusCode: 'RELOAD' });
    let record = noteFirstEligible(NO_USED_BONUSES, [a]);
    expect(record.used).toEqual([]);
    expect(firstFreeBonus([a], NOW, record)?.bonusId).toBe('welcome-chips-7');
    record = noteFirstEligible(record, [b]);
    expect(record.used).toEqual([{ code: 'FREECHIP', id: 'welcome-chips-7' }]);
    expect(firstFreeBonus([a], NOW, record)).toBeNull(); // the old one again: used
    expect(firstFreeBonus([b], NOW, record)?.bonusId).toBe('reload-9');
    // A stale list naming the used one first changes nothing.
    expect(noteFirstEligible(record, [a, b])).toBe(record);
  });

  it('is kept in session storage across reads', async () => {
    const storage = new MemoryStorage();
    const session = testSession({ config: { env: {} } as unknown as AllConfig });
    const lists = [[rawBonus()], [rawBonus({ bonusId: 'reload-9', bonusCode: 'RELOAD' })]];
    const get = vi.fn(async () => ({ eligible: lists.shift() }));
    const http = { get, post: vi.fn() } as never;
    await refreshFreeChips(http, session, storage, () => NOW);
    await refreshFreeChips(http, session, storage, () => NOW);
    expect(readUsedBonuses(storage).used).toEqual([{ code: 'FREECHIP', id: 'welcome-chips-7' }]);
    expect(JSON.parse(storage.getItem(USED_BONUSES_KEY)!).current).toEqual({
      code: 'RELOAD',
      id: 'reload-9',
    });
  });
});

describe('the free chips left at a table', () => {
  const session = () =>
    testSession({ config: { env: { bonusPromotionsService: '/bonus' } } as unknown as AllConfig });
  const left = (s: ReturnType<typeof session>) => freeChipOf(s.get().freeChips, 'roulette')?.left;

  it("is the server's count less the chips on their way and those placed since", async () => {
    const s = session();
    const get = vi.fn(async () => ({ eligible: [rawBonus({ bonusRemaining: 3 })] }));
    await refreshFreeChips({ get, post: vi.fn() } as never, s, new MemoryStorage(), () => NOW);
    expect(left(s)).toBe(3);
    reserveFreeChips(s, 2);
    expect(left(s)).toBe(1); // two on their way
    settleFreeChips(s, 2, 1); // one accepted, one refused: back
    expect(left(s)).toBe(2);
    returnFreeChips(s, 1); // the accepted one taken back
    expect(left(s)).toBe(3);
  });

  it("takes the server's count after a round, without counting the accepted chips twice", async () => {
    const s = session();
    const counts = [3, 2];
    const get = vi.fn(async () => ({
      eligible: [rawBonus({ bonusRemaining: counts.shift() })],
    }));
    const http = { get, post: vi.fn() } as never;
    await refreshFreeChips(http, s, new MemoryStorage(), () => NOW);
    reserveFreeChips(s, 1);
    settleFreeChips(s, 1, 1);
    expect(left(s)).toBe(2);
    await refreshFreeChips(http, s, new MemoryStorage(), () => NOW); // the server: 2 left
    expect(left(s)).toBe(2);
  });

  it('reads once at a time, and once more when asked meanwhile; a failed read keeps the count', async () => {
    const s = session();
    let release: () => void = () => {};
    const get = vi
      .fn()
      .mockImplementationOnce(
        () =>
          new Promise((r) => {
            release = () => r({ eligible: [rawBonus({ bonusRemaining: 3 })] });
          }),
      )
      .mockImplementationOnce(async () => ({ eligible: [rawBonus({ bonusRemaining: 1 })] }))
      .mockImplementationOnce(async () => {
        throw new Error('offline');
      });
    const http = { get, post: vi.fn() } as never;
    const first = refreshFreeChips(http, s, new MemoryStorage(), () => NOW);
    void refreshFreeChips(http, s, new MemoryStorage(), () => NOW);
    expect(get).toHaveBeenCalledOnce();
    release();
    await first;
    await vi.waitFor(() => expect(left(s)).toBe(1));
    await refreshFreeChips(http, s, new MemoryStorage(), () => NOW);
    expect(left(s)).toBe(1);
  });
});

describe('a free bet', () => {
  it('counts its chips as the amount over the chip value, rounded (SPEC §5)', () => {
    expect(chipCountOf(units('2.00'), units('1.00'))).toBe(2);
    expect(chipCountOf(units('2.49'), units('1.00'))).toBe(2);
    expect(chipCountOf(units('2.50'), units('1.00'))).toBe(3);
    expect(chipCountOf(units('1.00'), 0)).toBe(0);
  });

  it('names its bonus in the command (docs/protocol.md)', () => {
    expect(freeBetAttributes(bonus())).toEqual({
      bonusId: 'welcome-chips-7',
      bonusCode: 'FREECHIP',
      chipValue: '1.00',
      campaignName: 'Welcome chips',
      bonusRequestId: 'welcome-chips-7',
    });
  });
});

describe('the offers the acceptance dialog shows', () => {
  it('are the pending ones not expired, the oldest first', () => {
    const list = [
      bonus({ bonusId: 'new', bonusStatus: 'pending', createdAt: NOW - 10 }),
      bonus({ bonusId: 'active', bonusStatus: 'active', createdAt: NOW - 20 }),
      bonus({ bonusId: 'gone', bonusStatus: 'pending', expiresAt: NOW - 1 }),
      bonus({ bonusId: 'old', bonusStatus: 'pending', createdAt: NOW - 30 }),
    ];
    expect(pendingOffers(list, NOW).map((b) => b.bonusId)).toEqual(['old', 'new']);
  });
});
