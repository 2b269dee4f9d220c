import { describe, expect, it } from 'vitest';

import { CHIP_COLOURS, FREE_CHIP_COLOUR, chipColours, chipFontSize, chipText } from './chips';
import { units } from './money';

const text = (amount: string) => chipText(units(amount));

describe('chipText', () => {
  it('shows values under 10000 plainly', () => {
    expect(text('0.20')).toBe('0.2');
    expect(text('0.5')).toBe('0.5');
    expect(text('25')).toBe('25');
    expect(text('999')).toBe('999');
    expect(text('1050')).toBe('1050');
    expect(text('9999')).toBe('9999');
  });

  it('shows multiples of 100 above 999 in thousands with K', () => {
    expect(text('1000')).toBe('1K');
    expect(text('2500')).toBe('2.5K');
    expect(text('1100')).toBe('1.1K');
    expect(text('9900')).toBe('9.9K');
  });

  it('shortens larger values with K, M, B, T and a + when truncated', () => {
    expect(text('10000')).toBe('10K');
    expect(text('12500')).toBe('12.5K');
    expect(text('12345')).toBe('12.3K+');
    expect(text('250000')).toBe('250K');
    expect(text('999999')).toBe('999K+');
    expect(text('1000000')).toBe('1M');
    expect(text('1234567')).toBe('1.2M+');
    expect(text('5000000000')).toBe('5B');
    expect(text('7000000000000')).toBe('7T');
  });
});

describe('chipFontSize', () => {
  it('shrinks with the text, desktop and mobile', () => {
    expect(['25', '250', '2.5K', '12.5K'].map((t) => chipFontSize(t, false))).toEqual([
      40, 36, 32, 28,
    ]);
    expect(['25', '250', '2.5K', '12.5K'].map((t) => chipFontSize(t, true))).toEqual([
      36, 32, 28, 24,
    ]);
    expect(chipFontSize('1', false)).toBe(40);
    expect(chipFontSize('12.3K+', true)).toBe(24);
  });
});

describe('chip colours', () => {
  it('has six three-tone sets and the free chip colour', () => {
    expect(CHIP_COLOURS).toHaveLength(6);
    for (const set of CHIP_COLOURS) expect(set).toHaveLength(3);
    expect(chipColours(6)).toBe(CHIP_COLOURS[0]);
    expect(FREE_CHIP_COLOUR).toBe('#322300');
  });
});
