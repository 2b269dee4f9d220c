import { describe, expect, it } from 'vitest';

import { HttpError } from '../../lib/http/http';
import {
  EMPTY_REGISTER,
  type RegisterValues,
  ageOn,
  alertKey,
  freePlayProblems,
  isoDay,
  loginProblems,
  problemsOfRefusal,
  refusalOf,
  registerProblems,
  registration,
  validEmail,
  validPassword,
  validUsername,
  voucherAmountOf,
} from './model';

const NOW = Date.UTC(2026, 5, 15, 12); // 15 June 2026, noon UTC

const GOOD: RegisterValues = {
  email: 'ann@example.com',
  username: 'ann_01',
  password: 'secret123',
  birthDate: '1990-04-02',
  voucherId: 'V-1',
  voucherAmount: '25.00',
  termsAccepted: true,
};

describe('the checks the server makes, made before sending', () => {
  it('takes an address with one @ and a domain with a dot, nothing that breaks a list', () => {
    for (const ok of ['ann@example.com', 'a.b+c@mail.example.org', 'jörg@exämple.de'])
      expect(validEmail(ok), ok).toBe(true);
    for (const bad of [
      '',
      'a@b.c', // too short: 5 bytes
      'ann.example.com',
      '@example.com',
      'ann@@example.com',
      'ann@example',
      'ann@.com',
      'ann@exa..mple.com',
      'ann smith@example.com',
      'ann,bob@example.com',
      '<ann>@example.com',
      `${'a'.repeat(65)}@example.com`,
    ])
      expect(validEmail(bad), bad).toBe(false);
  });

  it('takes 3 to 20 Latin letters, digits, _ . - as a username', () => {
    expect(validUsername('ann')).toBe(true);
    expect(validUsername('Ann.Smith-01_x')).toBe(true);
    expect(validUsername('an')).toBe(false);
    expect(validUsername('a'.repeat(21))).toBe(false);
    expect(validUsername('ann smith')).toBe(false);
    expect(validUsername('jörg')).toBe(false); // the server's letters are ASCII
  });

  it('wants 8 to 128 bytes with a Latin letter and a digit in a password', () => {
    expect(validPassword('secret12')).toBe(true);
    expect(validPassword('secret1')).toBe(false);
    expect(validPassword('12345678')).toBe(false);
    expect(validPassword('abcdefgh')).toBe(false);
    expect(validPassword('пароль12')).toBe(false); // no Latin letter
    expect(validPassword(`a1${'x'.repeat(126)}`)).toBe(true);
    expect(validPassword(`a1${'x'.repeat(127)}`)).toBe(false);
    expect(validPassword(`a1${'é'.repeat(64)}`)).toBe(false); // 130 bytes
  });

  it('counts whole years in UTC, as the server does, and refuses dates that are none', () => {
    expect(ageOn('2008-06-15', NOW)).toBe(18); // the birthday is today
    expect(ageOn('2008-06-16', NOW)).toBe(17); // tomorrow
    expect(ageOn('2008-07-01', NOW)).toBe(17);
    expect(ageOn('2000-02-29', NOW)).toBe(26);
    expect(ageOn('2001-02-29', NOW)).toBeNull(); // not a leap year
    expect(ageOn('1990-13-01', NOW)).toBeNull();
    expect(ageOn('1990-04-31', NOW)).toBeNull();
    expect(ageOn('1899-12-31', NOW)).toBeNull();
    expect(ageOn('2030-01-01', NOW)).toBeNull(); // in the future
    expect(ageOn('15/06/2000', NOW)).toBeNull();
    expect(isoDay(NOW)).toBe('2026-06-15');
  });

  it('reads a voucher amount as the server does, a decimal comma too', () => {
    expect(voucherAmountOf('25.00')).toBe('25.00');
    expect(voucherAmountOf(' 25 ')).toBe('25');
    expect(voucherAmountOf('25,5')).toBe('25.5');
    expect(voucherAmountOf('0.00')).toBeNull();
    expect(voucherAmountOf('-5')).toBeNull();
    expect(voucherAmountOf('25.')).toBeNull();
    expect(voucherAmountOf('2.123456')).toBeNull();
    expect(voucherAmountOf('€25')).toBeNull();
  });
});

describe('the forms', () => {
  it('asks for both login fields, and only for them', () => {
    expect(loginProblems({ username: ' ', password: '' })).toEqual({
      username: { key: 'ACCOUNT_REQUIRED' },
      password: { key: 'ACCOUNT_REQUIRED' },
    });
    expect(loginProblems({ username: 'ann', password: 'x' })).toEqual({});
  });

  it('asks free play for an address', () => {
    expect(freePlayProblems({ email: '' })).toEqual({ email: { key: 'ACCOUNT_REQUIRED' } });
    expect(freePlayProblems({ email: 'nope' })).toEqual({
      email: { key: 'ACCOUNT_EMAIL_INVALID' },
    });
    expect(freePlayProblems({ email: ' ann@example.com ' })).toEqual({});
  });

  it('finds every problem of a registration, each on its field', () => {
    expect(registerProblems(GOOD, 18, NOW)).toEqual({});
    expect(registerProblems(EMPTY_REGISTER, 18, NOW)).toEqual({
      email: { key: 'ACCOUNT_REQUIRED' },
      username: { key: 'ACCOUNT_REQUIRED' },
      password: { key: 'ACCOUNT_REQUIRED' },
      birthDate: { key: 'ACCOUNT_REQUIRED' },
      voucherId: { key: 'ACCOUNT_REQUIRED' },
      voucherAmount: { key: 'ACCOUNT_REQUIRED' },
      termsAccepted: { key: 'ACCOUNT_TERMS_REQUIRED' },
    });
    expect(
      registerProblems(
        {
          ...GOOD,
          email: 'ann@',
          username: 'a b',
          password: 'short',
          birthDate: '2010-01-01',
          voucherId: 'V 1',
          voucherAmount: 'ten',
        },
        18,
        NOW,
      ),
    ).toEqual({
      email: { key: 'ACCOUNT_EMAIL_INVALID' },
      username: { key: 'ACCOUNT_USERNAME_INVALID' },
      password: { key: 'ACCOUNT_PASSWORD_INVALID' },
      birthDate: { key: 'ACCOUNT_UNDER_AGE', age: 18 },
      voucherId: { key: 'ACCOUNT_VOUCHER_INVALID' },
      voucherAmount: { key: 'ACCOUNT_AMOUNT_INVALID' },
    });
    // The operator's own minimum age.
    expect(registerProblems({ ...GOOD, birthDate: '2006-01-01' }, 21, NOW)).toEqual({
      birthDate: { key: 'ACCOUNT_UNDER_AGE', age: 21 },
    });
  });

  it('sends the registration trimmed, with the amount as the server reads it', () => {
    expect(
      registration(
        { ...GOOD, email: ' ann@example.com ', username: ' ann_01', voucherAmount: '25,00' },
        'de',
      ),
    ).toEqual({
      email: 'ann@example.com',
      username: 'ann_01',
      password: 'secret123',
      voucherId: 'V-1',
      voucherAmount: '25.00',
      birthDate: '1990-04-02',
      termsAccepted: true,
      language: 'de',
    });
  });
});

describe("the server's refusals", () => {
  const refused = (status: number, body: object) =>
    new HttpError(
      'http',
      status,
      JSON.stringify(body),
      (body as { code?: number }).code ?? undefined,
    );

  it('reads the code and the field of a refusal; anything else is 2001', () => {
    expect(
      refusalOf(
        refused(400, {
          error: 'REGISTRATION_REFUSED',
          message: 'x',
          code: 20101,
          field: 'voucherId',
        }),
      ),
    ).toEqual({ code: 20101, field: 'voucherId' });
    expect(refusalOf(new HttpError('unauthorized', 401, '{"code":2008}', 2008))).toEqual({
      code: 2008,
    });
    expect(refusalOf(new HttpError('http', 404, 'not json'))).toEqual({ code: 2001 });
    expect(refusalOf(new HttpError('network', 0, 'TypeError'))).toEqual({ code: 2001 });
    expect(refusalOf(new Error('boom'))).toEqual({ code: 2001 });
    expect(alertKey({ code: 2008 })).toBe('ERROR.2008');
  });

  it("tells a field's refusal by the value: taken when it passes the checks", () => {
    expect(problemsOfRefusal({ code: 20100, field: 'birthDate' }, GOOD, 18)).toEqual({
      birthDate: { key: 'ACCOUNT_UNDER_AGE', age: 18 },
    });
    expect(problemsOfRefusal({ code: 20101, field: 'email' }, GOOD, 18)).toEqual({
      email: { key: 'ACCOUNT_EMAIL_TAKEN' },
    });
    expect(problemsOfRefusal({ code: 20101, field: 'email' }, { email: 'x@y' }, 18)).toEqual({
      email: { key: 'ACCOUNT_EMAIL_INVALID' },
    });
    expect(problemsOfRefusal({ code: 20101, field: 'username' }, GOOD, 18)).toEqual({
      username: { key: 'ACCOUNT_USERNAME_TAKEN' },
    });
    expect(problemsOfRefusal({ code: 20101, field: 'voucherId' }, GOOD, 18)).toEqual({
      voucherId: { key: 'ACCOUNT_VOUCHER_REFUSED' },
    });
    expect(problemsOfRefusal({ code: 20101, field: 'termsAccepted' }, GOOD, 18)).toEqual({
      termsAccepted: { key: 'ACCOUNT_TERMS_REQUIRED' },
    });
    expect(problemsOfRefusal({ code: 20101, field: 'password' }, GOOD, 18)).toEqual({
      password: { key: 'ACCOUNT_PASSWORD_INVALID' },
    });
    expect(problemsOfRefusal({ code: 20101, field: 'birthDate' }, GOOD, 18)).toEqual({
      birthDate: { key: 'ACCOUNT_BIRTH_DATE_INVALID' },
    });
    // A field the form does not have, or a refusal of no field: only the message.
    expect(problemsOfRefusal({ code: 20101, field: 'nickname' }, GOOD, 18)).toEqual({});
    expect(problemsOfRefusal({ code: 2008 }, { username: 'ann', password: 'x' }, 0)).toEqual({});
    expect(problemsOfRefusal({ code: 2007 }, { username: 'ann', password: '' }, 0)).toEqual({
      password: { key: 'ACCOUNT_REQUIRED' },
    });
  });
});
