import { describe, expect, it, vi } from 'vitest';

import { units } from './format/money';
import {
  amountProblem,
  canBring,
  italianApi,
  italianSessionOn,
  msUntil,
  parseSession,
  parseSummary,
  refusalCode,
  typedAmount,
} from './italian-session';

const OPEN_ANSWER = {
  sessionId: 'IT9F3A41',
  ticketId: 'TK41C2',
  state: 'needs_balance',
  brought: '0.00',
  sessionBalance: '0.00',
  minimum: '1.00',
  maximum: '250.00',
  expiresAt: 1795711200000,
  currency: 'EUR',
};

describe("the Italian session's answers", () => {
  it('reads a session, amounts exact', () => {
    expect(parseSession(OPEN_ANSWER)).toEqual({
      sessionId: 'IT9F3A41',
      ticketId: 'TK41C2',
      state: 'needs_balance',
      brought: 0,
      sessionBalance: 0,
      minimum: units('1.00'),
      maximum: units('250.00'),
      expiresAt: 1795711200000,
      currency: 'EUR',
      now: null,
    });
    expect(parseSession({ ...OPEN_ANSWER, state: 'open', sessionBalance: '12.35' })).toMatchObject({
      state: 'open',
      sessionBalance: units('12.35'),
    });
  });

  it('refuses what is not a session', () => {
    expect(parseSession(null)).toBeNull();
    expect(parseSession({})).toBeNull();
    expect(parseSession({ ...OPEN_ANSWER, sessionId: '' })).toBeNull();
    expect(parseSession({ ...OPEN_ANSWER, state: 'closed' })).toBeNull();
    expect(parseSession({ ...OPEN_ANSWER, state: 'ended' })?.state).toBe('ended');
    expect(parseSession({ ...OPEN_ANSWER, minimum: 1 })).toBeNull(); // amounts are strings
    expect(parseSession({ ...OPEN_ANSWER, maximum: '1,00' })).toBeNull();
    expect(parseSession({ ...OPEN_ANSWER, expiresAt: '1795711200000' })).toBeNull();
    const noTicket: Record<string, unknown> = { ...OPEN_ANSWER };
    delete noTicket.ticketId;
    expect(parseSession(noTicket)?.ticketId).toBe('');
  });

  it("reads a closed session's summary, taking what it lacks from the session as last known", () => {
    const last = parseSession({ ...OPEN_ANSWER, state: 'open', brought: '5.00' })!;
    expect(
      parseSummary(
        { brought: '5.00', wagered: '4.00', returned: '2.00', sessionBalance: '3.00' },
        last,
      ),
    ).toEqual({
      sessionId: 'IT9F3A41',
      brought: units('5.00'),
      wagered: units('4.00'),
      returned: units('2.00'),
      sessionBalance: units('3.00'),
    });
    expect(parseSummary({ wagered: '0.00', returned: '0.00' }, last)?.brought).toBe(units('5'));
    expect(parseSummary({ brought: '5.00' }, last)).toBeNull(); // no wagered, returned
    expect(parseSummary('closed', null)).toBeNull();
  });
});

describe('the three calls', () => {
  it('post to the SPEC §7 paths with the contract bodies', async () => {
    const post = vi.fn(async (path: string, _body: Record<string, unknown>): Promise<unknown> => {
      if (path === '/api/ui/gameSessionExpired')
        return { brought: '2.00', wagered: '1.00', returned: '0.00', sessionBalance: '1.00' };
      return {
        ...OPEN_ANSWER,
        state: path === '/api/ui/rgsChoosenBalance' ? 'open' : 'needs_balance',
      };
    });
    const api = italianApi({ post: post as never });
    expect((await api.open('42')).state).toBe('needs_balance');
    expect(post).toHaveBeenLastCalledWith('/api/ui/italianSession', { userId: '42' });
    expect((await api.bring('IT9F3A41', '2.00'))?.state).toBe('open');
    expect(post).toHaveBeenLastCalledWith('/api/ui/rgsChoosenBalance', {
      sessionId: 'IT9F3A41',
      amount: '2.00',
    });
    expect((await api.expire('IT9F3A41', null))?.wagered).toBe(units('1.00'));
    expect(post).toHaveBeenLastCalledWith('/api/ui/gameSessionExpired', { sessionId: 'IT9F3A41' });
  });

  it('fails to open on an answer that is not a session; bringing may answer nothing', async () => {
    const api = italianApi({ post: vi.fn(async () => ({ ok: true })) as never });
    await expect(api.open('42')).rejects.toThrow();
    expect(await api.bring('IT9F3A41', '2.00')).toBeNull();
  });
});

describe('the session-limit entry', () => {
  it('reads amounts as players type them, in the currency’s decimals', () => {
    expect(typedAmount('50', 'EUR')).toBe(units('50'));
    expect(typedAmount(' 1.50 ', 'EUR')).toBe(units('1.50'));
    expect(typedAmount('1,5', 'EUR')).toBe(units('1.5'));
    expect(typedAmount('1.505', 'EUR')).toBeNull(); // no fraction of a cent
    expect(typedAmount('-5', 'EUR')).toBeNull();
    expect(typedAmount('5€', 'EUR')).toBeNull();
    expect(typedAmount('', 'EUR')).toBeNull();
    expect(typedAmount('1,000.00', 'EUR')).toBeNull();
    expect(typedAmount('500', 'JPY')).toBe(units('500'));
    expect(typedAmount('500.5', 'JPY')).toBeNull();
  });

  it('wants more than the minimum and at most the balance (SPEC §5)', () => {
    const limits = { minimum: units('1.00'), maximum: units('250.00') };
    expect(amountProblem(null, limits)).toEqual({ key: 'IT_AMOUNT_INVALID' });
    expect(amountProblem(0, limits)).toEqual({ key: 'IT_AMOUNT_INVALID' });
    expect(amountProblem(units('1.00'), limits)).toEqual({
      key: 'IT_AMOUNT_TOO_LOW',
      min: units('1.00'),
    });
    expect(amountProblem(units('1.01'), limits)).toBeNull();
    expect(amountProblem(units('250.00'), limits)).toBeNull();
    expect(amountProblem(units('250.01'), limits)).toEqual({
      key: 'IT_AMOUNT_TOO_HIGH',
      max: units('250.00'),
    });
    expect(canBring(limits)).toBe(true);
    expect(canBring({ minimum: units('1.00'), maximum: units('1.00') })).toBe(false);
  });
});

describe('bet answers and time', () => {
  it("finds a refusal's code: the first refused bet's, else the answer's", () => {
    expect(refusalCode({ type: 'betack', rejected: [{ code: 3002 }, { code: 1013 }] })).toBe(3002);
    expect(refusalCode({ type: 'betack', accepted: [], code: 3003 })).toBe(3003);
    expect(refusalCode({ type: 'betack', accepted: [{ spot: 'RED', amount: '1.00' }] })).toBeNull();
  });

  it('waits until the end, never less than nothing nor more than a timer can', () => {
    expect(msUntil(10_000, 4_000)).toBe(6_000);
    expect(msUntil(1_000, 4_000)).toBe(0);
    expect(msUntil(Number.MAX_SAFE_INTEGER, 0)).toBeLessThan(2 ** 31);
  });

  it('is on only where the operator says so', () => {
    expect(italianSessionOn({ config: null })).toBe(false);
    expect(italianSessionOn({ config: { casinoConfig: {} } })).toBe(false);
    expect(italianSessionOn({ config: { casinoConfig: { italian_session: true } } })).toBe(true);
  });
});
