// The login page's forms without React: each form's checks (the server's own rules,
// docs/operators.md "Player accounts", so that most mistakes are shown before anything is
// sent; the server checks again and has the last word), and a refusal of the server (its
// SPEC §8 code and the field it names) turned into the message shown next to that field.
import { HttpError } from '../../lib/http/http';

/** Every input of the three forms. */
export type Field =
  'email' | 'username' | 'password' | 'birthDate' | 'voucherId' | 'voucherAmount' | 'termsAccepted';

/** The texts (keys of the language files) a field's problem is told in. */
export type ProblemKey =
  | 'ACCOUNT_REQUIRED'
  | 'ACCOUNT_EMAIL_INVALID'
  | 'ACCOUNT_EMAIL_TAKEN'
  | 'ACCOUNT_USERNAME_INVALID'
  | 'ACCOUNT_USERNAME_TAKEN'
  | 'ACCOUNT_PASSWORD_INVALID'
  | 'ACCOUNT_BIRTH_DATE_INVALID'
  | 'ACCOUNT_UNDER_AGE'
  | 'ACCOUNT_TERMS_REQUIRED'
  | 'ACCOUNT_VOUCHER_INVALID'
  | 'ACCOUNT_VOUCHER_REFUSED'
  | 'ACCOUNT_AMOUNT_INVALID';

export interface Problem {
  key: ProblemKey;
  /** ACCOUNT_UNDER_AGE: the minimum age. */
  age?: number;
}

export type Problems = Partial<Record<Field, Problem>>;

export interface LoginValues {
  username: string;
  password: string;
}

export interface RegisterValues {
  email: string;
  username: string;
  password: string;
  birthDate: string;
  voucherId: string;
  voucherAmount: string;
  termsAccepted: boolean;
}

export interface FreePlayValues {
  email: string;
}

export const EMPTY_LOGIN: LoginValues = { username: '', password: '' };
export const EMPTY_REGISTER: RegisterValues = {
  email: '',
  username: '',
  password: '',
  birthDate: '',
  voucherId: '',
  voucherAmount: '',
  termsAccepted: false,
};
export const EMPTY_FREE_PLAY: FreePlayValues = { email: '' };

/** The order the register form shows its fields in (the first problem takes the focus). */
export const REGISTER_FIELDS: readonly Field[] = [
  'email',
  'username',
  'password',
  'birthDate',
  'voucherId',
  'voucherAmount',
  'termsAccepted',
];

const bytes = (s: string) => new TextEncoder().encode(s).length;

/** An address a mail can go to, as the server checks it: one @, a domain with a dot. */
export function validEmail(e: string): boolean {
  const size = bytes(e);
  if (size < 6 || size > 254) return false;
  const at = e.indexOf('@');
  if (at <= 0 || at > 64 || e.indexOf('@', at + 1) !== -1) return false;
  const domain = e.slice(at + 1);
  const dot = domain.lastIndexOf('.');
  if (dot <= 0 || dot + 2 > domain.length || domain.includes('..')) return false;
  // No spaces, controls or the characters that break an address list.
  return [...e].every((ch) => {
    const c = ch.codePointAt(0)!;
    return c > 0x20 && c !== 0x7f && !',;<>"'.includes(ch);
  });
}

/** 3 to 20 Latin letters, digits, '_', '.' or '-'. */
export const USERNAME = /^[A-Za-z0-9_.-]{3,20}$/;

export function validUsername(u: string): boolean {
  return USERNAME.test(u);
}

/** 8 to 128 characters (as UTF-8 bytes, as the server counts) with a Latin letter and a digit. */
export function validPassword(p: string): boolean {
  const size = bytes(p);
  return size >= 8 && size <= 128 && /[A-Za-z]/.test(p) && /[0-9]/.test(p);
}

const DAYS = [31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

/**
 * Whole years between a YYYY-MM-DD birth date and `nowMs`, counted in UTC as the server
 * counts them; null for a date that is not one (or is in the future).
 */
export function ageOn(date: string, nowMs: number): number | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  if (!m) return null;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  if (y < 1900 || mo < 1 || mo > 12 || d < 1 || d > DAYS[mo - 1]!) return null;
  const leap = y % 4 === 0 && (y % 100 !== 0 || y % 400 === 0);
  if (mo === 2 && d === 29 && !leap) return null;
  const now = new Date(nowMs);
  const [ny, nm, nd] = [now.getUTCFullYear(), now.getUTCMonth() + 1, now.getUTCDate()];
  const age = ny - y - (nm < mo || (nm === mo && nd < d) ? 1 : 0);
  return age < 0 ? null : age;
}

/** Today as YYYY-MM-DD in UTC (the latest birth date the date input offers). */
export function isoDay(nowMs: number): string {
  return new Date(nowMs).toISOString().slice(0, 10);
}

/**
 * A voucher's amount as the server reads it ("25", "25.00"; a decimal comma is taken as
 * a point, spaces dropped), or null when it is no positive amount.
 */
export function voucherAmountOf(text: string): string | null {
  const t = text.replace(/\s/g, '').replace(',', '.');
  if (!/^\d{1,13}(\.\d{1,5})?$/.test(t)) return null;
  return Number(t) > 0 ? t : null;
}

/** Letters, digits and '-', up to 64 (the ids operators give vouchers). */
export function validVoucherId(id: string): boolean {
  return /^[A-Za-z0-9-]{1,64}$/.test(id);
}

const required = (v: string): Problem | null =>
  v.trim() === '' ? { key: 'ACCOUNT_REQUIRED' } : null;

function collect(entries: [Field, Problem | null][]): Problems {
  const out: Problems = {};
  for (const [field, problem] of entries) if (problem) out[field] = problem;
  return out;
}

export function loginProblems(v: LoginValues): Problems {
  return collect([
    ['username', required(v.username)],
    ['password', v.password === '' ? { key: 'ACCOUNT_REQUIRED' } : null],
  ]);
}

export function emailProblem(email: string): Problem | null {
  return required(email) ?? (validEmail(email.trim()) ? null : { key: 'ACCOUNT_EMAIL_INVALID' });
}

export function freePlayProblems(v: FreePlayValues): Problems {
  return collect([['email', emailProblem(v.email)]]);
}

export function registerProblems(v: RegisterValues, minimumAge: number, nowMs: number): Problems {
  const age = ageOn(v.birthDate, nowMs);
  return collect([
    ['email', emailProblem(v.email)],
    [
      'username',
      required(v.username) ??
        (validUsername(v.username.trim()) ? null : { key: 'ACCOUNT_USERNAME_INVALID' }),
    ],
    [
      'password',
      v.password === ''
        ? { key: 'ACCOUNT_REQUIRED' }
        : validPassword(v.password)
          ? null
          : { key: 'ACCOUNT_PASSWORD_INVALID' },
    ],
    [
      'birthDate',
      v.birthDate === ''
        ? { key: 'ACCOUNT_REQUIRED' }
        : age === null
          ? { key: 'ACCOUNT_BIRTH_DATE_INVALID' }
          : age < minimumAge
            ? { key: 'ACCOUNT_UNDER_AGE', age: minimumAge }
            : null,
    ],
    [
      'voucherId',
      required(v.voucherId) ??
        (validVoucherId(v.voucherId.trim()) ? null : { key: 'ACCOUNT_VOUCHER_INVALID' }),
    ],
    [
      'voucherAmount',
      required(v.voucherAmount) ??
        (voucherAmountOf(v.voucherAmount) === null ? { key: 'ACCOUNT_AMOUNT_INVALID' } : null),
    ],
    ['termsAccepted', v.termsAccepted ? null : { key: 'ACCOUNT_TERMS_REQUIRED' }],
  ]);
}

/** A refusal: its SPEC §8 code (2001 when none came: no answer, a server fault) and field. */
export interface Refusal {
  code: number;
  field?: string;
}

/** What a failed account call says: the code and field of its JSON body, when it has them. */
export function refusalOf(e: unknown): Refusal {
  if (!(e instanceof HttpError)) return { code: 2001 };
  let field: string | undefined;
  let code = e.code;
  try {
    const body = JSON.parse(e.body) as { field?: unknown; code?: unknown };
    if (typeof body.field === 'string' && body.field !== '') field = body.field;
    if (code === undefined && typeof body.code === 'number') code = body.code;
  } catch {
    // not JSON: no field
  }
  return field === undefined ? { code: code ?? 2001 } : { code: code ?? 2001, field };
}

/** The catalogue's message for a refusal (ERROR.<code>; the form shows it above its fields). */
export function alertKey(r: Refusal): `ERROR.${number}` {
  return `ERROR.${r.code}`;
}

const isField = (f: string | undefined): f is Field =>
  f !== undefined && (REGISTER_FIELDS as readonly string[]).includes(f);

/**
 * The field a refusal of the server names, with its message. The server says which field
 * (20100: too young; 20101: any other) but not why in words a player's language has; where
 * the value passes the checks above, the reason is one only the server knows: the name
 * or address is taken, the voucher unknown, used or of another amount.
 */
export function problemsOfRefusal(
  r: Refusal,
  values: Partial<RegisterValues>,
  minimumAge: number,
): Problems {
  if (r.code === 20100) return { birthDate: { key: 'ACCOUNT_UNDER_AGE', age: minimumAge } };
  if (r.code === 2007) {
    // The login form's fields, either empty.
    return collect([
      ['username', required(values.username ?? '')],
      ['password', (values.password ?? '') === '' ? { key: 'ACCOUNT_REQUIRED' } : null],
    ]);
  }
  if (r.code !== 20101 || !isField(r.field)) return {};
  const value = (f: 'email' | 'username') => (values[f] ?? '').trim();
  const byField: Record<Field, Problem> = {
    email: { key: validEmail(value('email')) ? 'ACCOUNT_EMAIL_TAKEN' : 'ACCOUNT_EMAIL_INVALID' },
    username: {
      key: validUsername(value('username')) ? 'ACCOUNT_USERNAME_TAKEN' : 'ACCOUNT_USERNAME_INVALID',
    },
    password: { key: 'ACCOUNT_PASSWORD_INVALID' },
    birthDate: { key: 'ACCOUNT_BIRTH_DATE_INVALID' },
    voucherId: { key: 'ACCOUNT_VOUCHER_REFUSED' },
    voucherAmount: { key: 'ACCOUNT_VOUCHER_REFUSED' },
    termsAccepted: { key: 'ACCOUNT_TERMS_REQUIRED' },
  };
  return { [r.field]: byField[r.field] };
}

/** What the register form sends (trimmed; the amount as the server reads it). */
export function registration(v: RegisterValues, language: string) {
  return {
    email: v.email.trim(),
    username: v.username.trim(),
    password: v.password,
    voucherId: v.voucherId.trim(),
    voucherAmount: voucherAmountOf(v.voucherAmount) ?? v.voucherAmount.trim(),
    birthDate: v.birthDate,
    termsAccepted: v.termsAccepted,
    language,
  };
}
