// Money on the client: integer counts of 1/100000 of a currency unit (the server's unit),
// parsed from and written as exact decimal strings, so no binary rounding ever touches an
// amount. Display follows SPEC section 5, in the page's language (./locale).
import { localiseDecimal } from './locale';

export const SCALE = 100_000;
export const DECIMALS = 5;

/** An amount in 1/100000 units. Always an integer. */
export type Units = number;

/** Parses "12.50", "-3", "0.00001" exactly; null for anything else. */
export function parseAmount(text: string): Units | null {
  const m = /^(-?)(\d{1,13})(?:\.(\d{1,5}))?$/.exec(text);
  if (!m) return null;
  const [, sign, whole, frac = ''] = m;
  const units = Number(whole) * SCALE + Number(frac.padEnd(DECIMALS, '0'));
  return sign === '-' && units !== 0 ? -units : units;
}

/** Units from a decimal string sent by the server; throws on a malformed amount. */
export function units(text: string): Units {
  const u = parseAmount(text);
  if (u === null) throw new Error(`not an amount: ${text}`);
  return u;
}

/** Rounds a number of currency units to 5 decimals (SPEC section 5), as units. */
export function roundToUnits(major: number): Units {
  return Math.round(Number((major * SCALE).toFixed(2)));
}

/** The exact decimal text of an amount with at least `minDecimals` decimals: for commands. */
export function amountText(u: Units, minDecimals = 2): string {
  const negative = u < 0;
  const abs = Math.abs(Math.round(u));
  const whole = Math.floor(abs / SCALE);
  let frac = String(abs % SCALE).padStart(DECIMALS, '0');
  while (frac.length > minDecimals && frac.endsWith('0')) frac = frac.slice(0, -1);
  const text = frac.length > 0 ? `${whole}.${frac}` : String(whole);
  return negative && abs !== 0 ? `-${text}` : text;
}

export interface CurrencyStyle {
  code: string; // ISO code
  symbol: string; // shown with amounts
  symbolBefore: boolean;
  /** Amounts without a symbol or code (the casino configuration's hide_currency). */
  hidden?: boolean;
}

export interface MoneyFormat {
  /** Drop trailing zeros instead of keeping at least two decimals. */
  avoidTrailingZeros?: boolean;
  /** Amount only, no symbol (also when the currency style is `hidden`). */
  hideCurrency?: boolean;
}

/** Currencies played without decimals (SPEC section 5). */
export function currencyDecimals(code: string): number {
  return code === 'JPY' || code === 'KRW' ? 0 : 2;
}

/**
 * An amount for people: up to 5 decimals, at least 2 unless trailing zeros are avoided,
 * none for JPY and KRW, negative zero shown as zero, grouped and with the decimal mark of
 * the page's language (lib/format/locale), the currency symbol before or after as the
 * player's currency has it (the sign before both), or none when the operator hides the
 * currency (hide_currency: `currency.hidden`).
 */
export function formatMoney(u: Units, currency: CurrencyStyle, opts: MoneyFormat = {}): string {
  const noDecimals = currencyDecimals(currency.code) === 0;
  const rounded = noDecimals ? Math.round(u / SCALE) * SCALE : Math.round(u);
  const minDecimals = noDecimals ? 0 : opts.avoidTrailingZeros ? 0 : 2;
  let text = amountText(Math.abs(rounded), minDecimals);
  if (noDecimals) text = text.split('.')[0] ?? text;
  const number = localiseDecimal(text);
  const sign = rounded < 0 ? '-' : '';
  if (opts.hideCurrency || currency.hidden) return sign + number;
  return currency.symbolBefore
    ? `${sign}${currency.symbol}${number}`
    : `${sign}${number} ${currency.symbol}`;
}
