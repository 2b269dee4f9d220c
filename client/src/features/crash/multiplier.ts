// The crash games' numbers on the client (docs/games/crash.md): the rising multiplier
// drawn from the launch's time and growth on the server's clock, the crash point and the
// multiplier texts ("2.37"), what a stake returns when cashed out now, the colour band of
// a crash point, and the check of an automatic cash-out target. Multipliers are whole
// hundredths (2.37x is 237), as the server counts them, so no binary fraction is shown.
import { type Units, SCALE, currencyDecimals } from '../../lib/format/money';

/** 1.00x, the multiplier at launch. */
export const ONE = 100;
/** The highest multiplier (5000.00x) unless a launch names its own cap. */
export const DEFAULT_CAP = 500_000;
/** The lowest automatic cash-out target (tableConfig.crash.minTarget), 1.01x. */
export const MIN_TARGET = 101;

/** A flight as the `launch` event (or a resync) gives it. */
export interface Flight {
  launchedAt: number; // server ms
  growth: number; // per ms: the multiplier is e^(growth·t)
  cap: number; // hundredths
}

/**
 * The multiplier `t` ms after launch, in hundredths: e^(growth·t) floored to a hundredth,
 * 1.00x before launch, at most `cap`. A hair under the exact product, as the server
 * computes it (crash.cpp multiplier_at), so rounding never shows a hundredth early.
 */
export function multiplierAfter(t: number, growth: number, cap = DEFAULT_CAP): number {
  if (!(t > 0) || !(growth > 0)) return ONE;
  const hundredths = Math.floor(Math.exp(growth * t) * 100 * (1 - 1e-12));
  return Math.min(cap, Math.max(ONE, hundredths));
}

/**
 * The multiplier of a flight at local time `localNow`, given the server's clock minus the
 * local one (`serverOffset`, lib/table/round).
 */
export function multiplierNow(flight: Flight, localNow: number, serverOffset: number): number {
  return multiplierAfter(localNow + serverOffset - flight.launchedAt, flight.growth, flight.cap);
}

/** The ms after launch at which the flight reaches `hundredths` (for the curve's axis). */
export function timeTo(hundredths: number, growth: number): number {
  if (hundredths <= ONE || !(growth > 0)) return 0;
  return Math.log(hundredths / 100) / growth;
}

/** "2.37" → 237; "2" → 200; null for anything that is not a multiplier. */
export function parseX(text: unknown): number | null {
  if (typeof text === 'number' && Number.isFinite(text) && text >= 0) return Math.round(text * 100);
  if (typeof text !== 'string') return null;
  const m = /^(\d{1,6})(?:\.(\d{1,2}))?$/.exec(text.trim());
  if (!m) return null;
  return Number(m[1]) * 100 + Number((m[2] ?? '').padEnd(2, '0'));
}

/** 237 → "2.37": always two decimals, as the server writes them. */
export function xText(hundredths: number): string {
  const h = Math.max(0, Math.floor(hundredths));
  return `${Math.floor(h / 100)}.${String(h % 100).padStart(2, '0')}`;
}

/**
 * What `stake` returns when cashed out at `hundredths`: stake × multiplier, rounded down
 * to the currency's smallest unit (cents; whole units for JPY and KRW), as the server pays
 * (crash.cpp cash_out_return).
 */
export function cashOutReturn(stake: Units, hundredths: number, currencyCode: string): Units {
  const minor = SCALE / 10 ** currencyDecimals(currencyCode);
  const raw = Math.floor((stake * hundredths) / 100);
  return Math.floor(raw / minor) * minor;
}

/** Half a stake, as a half cash-out takes it: rounded down to the smallest unit. */
export function halfOf(stake: Units, currencyCode: string): Units {
  const minor = SCALE / 10 ** currencyDecimals(currencyCode);
  return Math.floor(stake / 2 / minor) * minor;
}

/** The colour band of a crash point in the results: under 2x, 2x to under 10x, 10x and up. */
export type Band = 'low' | 'mid' | 'high';

export function bandOf(hundredths: number): Band {
  if (hundredths < 200) return 'low';
  if (hundredths < 1000) return 'mid';
  return 'high';
}

/** An automatic cash-out setting: whole-stake and half-stake targets, in hundredths. */
export interface AutoTargets {
  at: number | null;
  halfAt: number | null;
}

export type AutoProblem = 'format' | 'range' | 'order';

/**
 * Checks the targets a player typed (empty text: no target) as the server would: each a
 * multiplier of at most two decimals from `min` (1.01x) to `cap` (5000.00x), and the half
 * target below the whole one. Either the targets or the problem with each field.
 */
export function checkAuto(
  atText: string,
  halfText: string,
  min = MIN_TARGET,
  cap = DEFAULT_CAP,
):
  | { ok: true; targets: AutoTargets }
  | { ok: false; at: AutoProblem | null; halfAt: AutoProblem | null } {
  const read = (text: string): number | null | AutoProblem => {
    const s = text.trim().replace(',', '.').replace(/[x×]$/i, '');
    if (s === '') return null;
    const x = parseX(s);
    if (x === null) return 'format';
    return x < min || x > cap ? 'range' : x;
  };
  const at = read(atText);
  const halfAt = read(halfText);
  const problem = (v: number | null | AutoProblem) => (typeof v === 'string' ? v : null);
  let atProblem = problem(at);
  let halfProblem = problem(halfAt);
  if (!atProblem && !halfProblem && typeof at === 'number' && typeof halfAt === 'number')
    if (halfAt >= at) halfProblem = 'order';
  if (atProblem || halfProblem) {
    atProblem ??= null;
    halfProblem ??= null;
    return { ok: false, at: atProblem, halfAt: halfProblem };
  }
  return { ok: true, targets: { at: at as number | null, halfAt: halfAt as number | null } };
}
