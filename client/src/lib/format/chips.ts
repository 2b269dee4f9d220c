// Chips (SPEC section 5): the text on a chip, its font size, and its colours.
import { decimalMark } from './locale';
import { SCALE, type Units } from './money';

/** The six three-tone chip colour sets: [face, stripes, edge], by the chip's place. */
export const CHIP_COLOURS: readonly (readonly [string, string, string])[] = [
  ['#f4f1ea', '#2f6fb5', '#1d4675'], // white / blue
  ['#d8352a', '#f4f1ea', '#8f1d16'], // red
  ['#2c8c4b', '#f4f1ea', '#185a2e'], // green
  ['#1f2a44', '#e0b43a', '#0f1526'], // navy / gold
  ['#6c3cb4', '#f4f1ea', '#43207a'], // purple
  ['#f08a24', '#1f2a44', '#a5550c'], // orange
];

/** Free-bet chips are drawn in this colour (SPEC: colour code 322300). */
export const FREE_CHIP_COLOUR = '#322300';

export function chipColours(index: number): readonly [string, string, string] {
  const n = CHIP_COLOURS.length;
  return CHIP_COLOURS[((index % n) + n) % n] as readonly [string, string, string];
}

const UNITS = [
  { size: 1e12, suffix: 'T' },
  { size: 1e9, suffix: 'B' },
  { size: 1e6, suffix: 'M' },
  { size: 1e3, suffix: 'K' },
] as const;

/** The number with the page language's decimal mark ("2.5" in English, "2,5" in German). */
function plain(value: number): string {
  return String(Number(value.toFixed(5))).replace('.', decimalMark());
}

/**
 * The text on a chip of value `u`:
 * - under 10000 as the number itself ("0.5", "25", "1050"), except
 * - multiples of 100 from 1000 in thousands with K ("1K", "2.5K");
 * - from 10000 shortened with K, M, B or T and a "+" when digits were dropped
 *   ("10K", "12.5K", "12.3K+", "1.2M+").
 */
export function chipText(u: Units): string {
  const value = u / SCALE;
  if (value < 10_000) {
    if (value >= 1000 && Number.isInteger(value) && value % 100 === 0)
      return `${plain(value / 1000)}K`;
    return plain(value);
  }
  const unit = UNITS.find((x) => value >= x.size) ?? UNITS[UNITS.length - 1]!;
  const scaled = value / unit.size;
  // One decimal while it stays short, whole numbers from 100 up.
  const shown = scaled < 100 ? Math.floor(scaled * 10) / 10 : Math.floor(scaled);
  const truncated = Math.abs(shown - scaled) > 1e-9;
  return `${plain(shown)}${unit.suffix}${truncated ? '+' : ''}`;
}

/** Font size for a chip's text by its length: desktop 40, 36, 32, 28; mobile 36, 32, 28, 24. */
export function chipFontSize(text: string, mobile: boolean): number {
  const sizes = mobile ? [36, 32, 28, 24] : [40, 36, 32, 28];
  const step = Math.min(Math.max(text.length - 2, 0), 3);
  return sizes[step]!;
}
