// The two wheels, pocket by pocket. A pocket is a number: 0-36, and 37 for the American
// double zero ("00"), which spot codes write as `00` and sort right after 0.
//
// Both sequences (clockwise, from zero) as published by the Wizard of Odds,
// https://wizardofodds.com/games/roulette/number-sequence/ ("Single-Zero Wheel" and
// "Double-Zero Wheel").
export const RED_NUMBERS: ReadonlySet<number> = new Set([
  1, 3, 5, 7, 9, 12, 14, 16, 18, 19, 21, 23, 25, 27, 30, 32, 34, 36,
]);

export type PocketColour = 'green' | 'red' | 'black';

/** Colour of a pocket on either wheel: both zeros are green. */
export function colourOf(n: number): PocketColour {
  if (n === 0 || n === DOUBLE_ZERO) return 'green';
  return RED_NUMBERS.has(n) ? 'red' : 'black';
}

export type WheelVariant = 'european' | 'american';

/** The double zero of an American wheel. */
export const DOUBLE_ZERO = 37;

/** Pockets clockwise from zero on a single-zero wheel. */
export const EUROPEAN_WHEEL: readonly number[] = Object.freeze([
  0, 32, 15, 19, 4, 21, 2, 25, 17, 34, 6, 27, 13, 36, 11, 30, 8, 23, 10, 5, 24, 16, 33, 1, 20, 14,
  31, 9, 22, 18, 29, 7, 28, 12, 35, 3, 26,
]);

/** Pockets clockwise from zero on a double-zero wheel (37 is 00, opposite 0). */
export const AMERICAN_WHEEL: readonly number[] = Object.freeze([
  0,
  28,
  9,
  26,
  30,
  11,
  7,
  20,
  32,
  17,
  5,
  22,
  34,
  15,
  3,
  24,
  36,
  13,
  1,
  DOUBLE_ZERO,
  27,
  10,
  25,
  29,
  12,
  8,
  19,
  31,
  18,
  6,
  21,
  33,
  16,
  4,
  23,
  35,
  14,
  2,
]);

export function wheelOf(variant: WheelVariant): readonly number[] {
  return variant === 'american' ? AMERICAN_WHEEL : EUROPEAN_WHEEL;
}

/** How a pocket is written: "00" for the double zero, else its number. */
export function pocketLabel(n: number): string {
  return n === DOUBLE_ZERO ? '00' : String(n);
}

/** The pocket a label names ("00" is 37); null for anything that is not a pocket. */
export function parsePocket(label: string): number | null {
  if (label === '00') return DOUBLE_ZERO;
  if (!/^(0|[1-9]\d?)$/.test(label)) return null;
  const n = Number(label);
  return n <= 36 ? n : null;
}

/** Colour of a pocket on either wheel (the same as colourOf). */
export const pocketColour = colourOf;

/** Orders pockets as spot codes do: 0, then 00, then 1-36. */
export function pocketOrder(a: number, b: number): number {
  const key = (n: number) => (n === DOUBLE_ZERO ? 0.5 : n);
  return key(a) - key(b);
}
