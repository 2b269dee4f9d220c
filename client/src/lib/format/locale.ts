// The one place numbers, amounts and times meet the player's language: the separators and
// digit grouping of the page's language (<html lang>, set with the language), Western
// digits in every language, and times in the language's own order. Money (money.ts),
// counts and percentages, and the times in texts all go through here, so the header, the
// tables and the notices never disagree (SPEC §5 "Amounts and display").

let current = 'en';

/** The BCP 47 tag numbers and times follow (applyDocumentLanguage sets it). */
export function setFormatLocale(tag: string): void {
  current = tag || 'en';
}

export function formatLocale(): string {
  return current;
}

// Western digits everywhere: a roulette grid, dice and cards are written with them, and a
// balance in another digit system beside them reads as two different numbers.
const withLatinDigits = (tag: string) => `${tag}-u-nu-latn`;

const integerFormats = new Map<string, Intl.NumberFormat>();
const decimalMarks = new Map<string, string>();

function integerFormat(tag: string): Intl.NumberFormat {
  let f = integerFormats.get(tag);
  if (!f) {
    try {
      f = new Intl.NumberFormat(withLatinDigits(tag), { maximumFractionDigits: 0 });
    } catch {
      f = new Intl.NumberFormat('en-u-nu-latn', { maximumFractionDigits: 0 });
    }
    integerFormats.set(tag, f);
  }
  return f;
}

/** The decimal mark of a language ("." in English, "," in German). */
export function decimalMark(tag = current): string {
  let mark = decimalMarks.get(tag);
  if (mark === undefined) {
    let parts: Intl.NumberFormatPart[];
    try {
      parts = new Intl.NumberFormat(withLatinDigits(tag)).formatToParts(1.5);
    } catch {
      parts = [];
    }
    mark = parts.find((p) => p.type === 'decimal')?.value ?? '.';
    decimalMarks.set(tag, mark);
  }
  return mark;
}

/**
 * A whole number given as its digits ("1234567"), grouped as the language groups them
 * ("1,234,567", "1.234.567", "12,34,567" in Hindi). Exact at any size (BigInt).
 */
export function groupDigits(digits: string, tag = current): string {
  return integerFormat(tag).format(BigInt(digits));
}

/**
 * A decimal number given exactly as text ("-1234.50"), written in the language: its
 * grouping and decimal mark, the decimals kept as given.
 */
export function localiseDecimal(text: string, tag = current): string {
  const negative = text.startsWith('-');
  const [whole = '0', frac] = (negative ? text.slice(1) : text).split('.');
  const body = groupDigits(whole, tag) + (frac ? decimalMark(tag) + frac : '');
  return negative ? `-${body}` : body;
}

/** A count or any plain number (a percentage's figure, a total) in the language. */
export function formatNumber(n: number, maximumFractionDigits = 0, tag = current): string {
  const text =
    Number.isInteger(n) && maximumFractionDigits === 0
      ? String(n)
      : n.toFixed(maximumFractionDigits).replace(/\.?0+$/, '');
  return localiseDecimal(text, tag);
}

const timeFormats = new Map<string, Intl.DateTimeFormat>();

/** A time of day ("14:32", "2:32 PM") in the language's order, Western digits. */
export function formatTime(ms: number, tag = current): string {
  let f = timeFormats.get(tag);
  if (!f) {
    try {
      f = new Intl.DateTimeFormat(withLatinDigits(tag), { hour: 'numeric', minute: '2-digit' });
    } catch {
      f = new Intl.DateTimeFormat('en-u-nu-latn', { hour: 'numeric', minute: '2-digit' });
    }
    timeFormats.set(tag, f);
  }
  return f.format(ms);
}

const dateTimeFormats = new Map<string, Intl.DateTimeFormat>();

/** A date and time ("25 Nov 2026, 14:32") in the language's order, Western digits. */
export function formatDateTime(ms: number, tag = current): string {
  let f = dateTimeFormats.get(tag);
  if (!f) {
    const options = { dateStyle: 'medium', timeStyle: 'short' } as const;
    try {
      f = new Intl.DateTimeFormat(withLatinDigits(tag), options);
    } catch {
      f = new Intl.DateTimeFormat('en-u-nu-latn', options);
    }
    dateTimeFormats.set(tag, f);
  }
  return f.format(ms);
}
