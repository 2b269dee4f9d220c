import { describe, expect, it } from 'vitest';

import { units } from '../../lib/format/money';
import { HttpError } from '../../lib/http/http';
import { LIMIT_KINDS, limitBody, limitsOf, parseLimitInput, refusalKey } from './limits-model';

const ANSWER = {
  currency: 'EUR',
  limits: [
    {
      kind: 'wager_day',
      limit: '5.00',
      player: '5.00',
      pending: '100.00',
      pendingAt: 1_795_707_000_000,
      used: '5.00',
    },
    { kind: 'loss_week', limit: '20.00', player: null, operator: '20.00', used: '3.50' },
    { kind: 'loss_month', limit: null, player: '50.00', pending: 'none', pendingAt: 17 },
    { kind: 'session_time', limit: 30, player: 30, used: 12 },
    { kind: 'reality_check', limit: 15, player: 15 },
    { kind: 'something_new', limit: '1.00' },
  ],
};

describe('the limits answer', () => {
  it('has a row for every kind, in order, with amounts and minutes', () => {
    const l = limitsOf(ANSWER)!;
    expect(l.currency).toBe('EUR');
    expect(l.rows.map((r) => r.kind)).toEqual([...LIMIT_KINDS]);
    const row = (k: string) => l.rows.find((r) => r.kind === k)!;
    expect(row('wager_day')).toEqual({
      kind: 'wager_day',
      limit: units('5.00'),
      player: units('5.00'),
      operator: null,
      pending: units('100.00'),
      pendingAt: 1_795_707_000_000,
      used: units('5.00'),
    });
    expect(row('loss_week')).toMatchObject({ operator: units('20.00'), player: null });
    expect(row('loss_month')).toMatchObject({ pending: 'none', pendingAt: 17 });
    expect(row('session_time')).toMatchObject({ limit: 30, player: 30, used: 12 });
    expect(row('reality_check')).toMatchObject({ limit: 15, used: null, pending: null });
    // A kind the server did not list (an older server): nothing set.
    expect(row('wager_month')).toMatchObject({ limit: null, player: null, used: null });
  });

  it('is no answer without its list', () => {
    expect(limitsOf(null)).toBeNull();
    expect(limitsOf({ currency: 'EUR' })).toBeNull();
  });

  it('ignores a pending change without its time', () => {
    const l = limitsOf({ limits: [{ kind: 'loss_day', pending: '9.00' }] })!;
    expect(l.rows[0]).toMatchObject({ pending: null, pendingAt: null });
  });
});

describe('a new limit as typed', () => {
  it('takes an amount above zero, a decimal comma too', () => {
    expect(parseLimitInput('loss_day', '50')).toEqual({ value: units('50') });
    expect(parseLimitInput('loss_day', ' 50.25 ')).toEqual({ value: units('50.25') });
    expect(parseLimitInput('wager_week', '50,5')).toEqual({ value: units('50.5') });
    for (const bad of ['', '0', '0.00', '-5', 'ten', '1.234567', '1,000.00'])
      expect(parseLimitInput('loss_day', bad)).toEqual({ problem: 'REG_INVALID_AMOUNT' });
  });

  it('refuses a grouping separator rather than read it as a decimal mark ("1.000" is no 1.00)', () => {
    for (const bad of ['1.000', '1,000', '12.345', '1.000,00', '1.234,5', '1.5.0'])
      expect(parseLimitInput('loss_day', bad, 'EUR')).toEqual({ problem: 'REG_INVALID_AMOUNT' });
    expect(parseLimitInput('loss_day', '1000', 'EUR')).toEqual({ value: units('1000') });
    expect(parseLimitInput('loss_day', '1,5', 'EUR')).toEqual({ value: units('1.5') });
    expect(parseLimitInput('loss_day', '1.05', 'EUR')).toEqual({ value: units('1.05') });
    // A currency without decimals takes whole amounts only.
    expect(parseLimitInput('loss_day', '1000', 'JPY')).toEqual({ value: units('1000') });
    expect(parseLimitInput('loss_day', '1.000', 'JPY')).toEqual({ problem: 'REG_INVALID_AMOUNT' });
    expect(parseLimitInput('loss_day', '10.5', 'JPY')).toEqual({ problem: 'REG_INVALID_AMOUNT' });
  });

  it('takes whole minutes from 1 to 1440', () => {
    expect(parseLimitInput('session_time', '30')).toEqual({ value: 30 });
    expect(parseLimitInput('reality_check', '1440')).toEqual({ value: 1440 });
    for (const bad of ['', '0', '1441', '2.5', '-1', 'an hour'])
      expect(parseLimitInput('reality_check', bad)).toEqual({ problem: 'REG_INVALID_MINUTES' });
  });

  it('is sent as the server takes it: an amount text, or minutes', () => {
    expect(limitBody('wager_day', units('5'))).toEqual({ kind: 'wager_day', amount: '5.00' });
    expect(limitBody('wager_day', null)).toEqual({ kind: 'wager_day', amount: null });
    expect(limitBody('session_time', 30)).toEqual({ kind: 'session_time', minutes: 30 });
    expect(limitBody('reality_check', null)).toEqual({ kind: 'reality_check', minutes: null });
  });
});

describe('a refusal', () => {
  it("shows the catalogue's message of the server's code, else the field's or a general one", () => {
    expect(refusalKey(new HttpError('forbidden', 403, '{}', 101019))).toBe('ERROR.101019');
    expect(refusalKey(new HttpError('http', 400, '{"error":"BAD_FIELD"}'))).toBe('REG_REFUSED');
    expect(refusalKey(new HttpError('network', 0, ''))).toBe('ERROR.4001');
    expect(refusalKey(new HttpError('http', 500, ''))).toBe('ERROR.2001');
    expect(refusalKey(new Error('not a limits answer'))).toBe('ERROR.2001');
  });
});
