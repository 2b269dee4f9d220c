// The player's responsible-gaming limits (docs/regulation.md "Limits", "Session-time
// limit", "Reality check at the player's interval"): GET /api/ui/limits read into rows,
// one per kind in a fixed order, and what POST /api/ui/limits takes. Money kinds carry
// amounts (units, lib/format/money), the time kinds whole minutes.
import { HttpError } from '../../lib/http/http';
import { type Units, amountText, currencyDecimals, parseAmount } from '../../lib/format/money';

export const LIMITS_URL = '/api/ui/limits';

export const MONEY_KINDS = [
  'loss_day',
  'loss_week',
  'loss_month',
  'wager_day',
  'wager_week',
  'wager_month',
] as const;
export const TIME_KINDS = ['session_time', 'reality_check'] as const;
export const LIMIT_KINDS = [...MONEY_KINDS, ...TIME_KINDS] as const;

export type MoneyKind = (typeof MONEY_KINDS)[number];
export type TimeKind = (typeof TIME_KINDS)[number];
export type LimitKind = (typeof LIMIT_KINDS)[number];

export const isTimeKind = (k: LimitKind): k is TimeKind =>
  (TIME_KINDS as readonly string[]).includes(k);

/** The most minutes a time limit takes (a day), as the server checks. */
export const MAX_MINUTES = 1440;

/**
 * One limit as the screen shows it: amounts in units (money kinds) or minutes (time
 * kinds); null where there is none (or the server does not tell: `used` of the reality
 * check).
 */
export interface LimitRow {
  kind: LimitKind;
  /** The limit that counts (the lower of the player's and the operator's). */
  limit: number | null;
  player: number | null;
  operator: number | null;
  /** A raise waiting for its cooling-off: the new figure, or 'none' for a removal. */
  pending: number | 'none' | null;
  pendingAt: number | null;
  used: number | null;
}

export interface Limits {
  currency: string;
  rows: LimitRow[];
}

function figure(kind: LimitKind, v: unknown): number | null {
  if (isTimeKind(kind)) {
    if (typeof v === 'number' && Number.isFinite(v) && v >= 0) return Math.floor(v);
    if (typeof v === 'string' && /^\d+$/.test(v)) return Number(v);
    return null;
  }
  return typeof v === 'string' ? parseAmount(v) : null;
}

/** GET (or POST) /api/ui/limits's answer as a row for every kind; null when it is not one. */
export function limitsOf(raw: unknown): Limits | null {
  if (!raw || typeof raw !== 'object') return null;
  const r = raw as { currency?: unknown; limits?: unknown };
  if (!Array.isArray(r.limits)) return null;
  const byKind = new Map<string, Record<string, unknown>>();
  for (const l of r.limits as unknown[])
    if (l && typeof l === 'object' && typeof (l as { kind?: unknown }).kind === 'string')
      byKind.set((l as { kind: string }).kind, l as Record<string, unknown>);
  const rows = LIMIT_KINDS.map((kind): LimitRow => {
    const l = byKind.get(kind) ?? {};
    const pendingAt = typeof l.pendingAt === 'number' ? l.pendingAt : null;
    const pending =
      pendingAt === null ? null : l.pending === 'none' ? 'none' : figure(kind, l.pending);
    return {
      kind,
      limit: figure(kind, l.limit),
      player: figure(kind, l.player),
      operator: figure(kind, l.operator),
      pending,
      pendingAt: pending === null ? null : pendingAt,
      used: figure(kind, l.used),
    };
  });
  return { currency: typeof r.currency === 'string' ? r.currency : '', rows };
}

export type InputProblem = 'REG_INVALID_AMOUNT' | 'REG_INVALID_MINUTES';

/**
 * What the player typed as a new limit: units for a money kind ("50", "50.00", "50,5";
 * spaces dropped, one decimal mark, a point or a comma, followed by at most the currency's
 * decimals; above 0), whole minutes from 1 to 1440 for a time kind. A grouping separator
 * is refused, not guessed at: "1.000" (a thousand, written the German way) has more
 * decimals than the currency's two, and "1,000.00" has two marks.
 */
export function parseLimitInput(
  kind: LimitKind,
  text: string,
  currency = '',
): { value: number } | { problem: InputProblem } {
  const t = text.replace(/\s/g, '');
  if (isTimeKind(kind)) {
    const n = /^\d{1,4}$/.test(t) ? Number(t) : NaN;
    return n >= 1 && n <= MAX_MINUTES ? { value: n } : { problem: 'REG_INVALID_MINUTES' };
  }
  const decimals = currencyDecimals(currency);
  const pattern =
    decimals === 0 ? /^\d{1,13}$/ : new RegExp(`^\\d{1,13}([.,]\\d{1,${decimals}})?$`);
  const u = pattern.test(t) ? parseAmount(t.replace(',', '.')) : null;
  return u !== null && u > 0 ? { value: u } : { problem: 'REG_INVALID_AMOUNT' };
}

/** The body of POST /api/ui/limits: a money kind's `amount` text, a time kind's `minutes`. */
export function limitBody(kind: LimitKind, value: number | null): Record<string, unknown> {
  if (isTimeKind(kind)) return { kind, minutes: value };
  return { kind, amount: value === null ? null : amountText(value as Units) };
}

/**
 * The text key of a refused change: the SPEC §8 message of the server's code when it
 * gives one, the field's own for a value the server does not take (400), no connection, or
 * the catalogue's "the action failed" for anything else.
 */
export function refusalKey(e: unknown): string {
  if (e instanceof HttpError) {
    if (e.code !== undefined) return `ERROR.${e.code}`;
    if (e.problem === 'network') return 'ERROR.4001';
    if (e.status === 400) return 'REG_REFUSED';
  }
  return 'ERROR.2001';
}
