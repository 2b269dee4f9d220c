import { afterEach, describe, expect, it } from 'vitest';

import { formatNumber, formatTime, setFormatLocale } from './locale';
import { amountText, formatMoney, parseAmount, roundToUnits, units } from './money';

const EUR = { code: 'EUR', symbol: '€', symbolBefore: true };
const SEK = { code: 'SEK', symbol: 'kr', symbolBefore: false };
const JPY = { code: 'JPY', symbol: '¥', symbolBefore: true };

describe('amounts', () => {
  it('parses decimal text exactly', () => {
    expect(parseAmount('12.50')).toBe(1_250_000);
    expect(parseAmount('0.00001')).toBe(1);
    expect(parseAmount('-3')).toBe(-300_000);
    expect(parseAmount('-0.00')).toBe(0);
    expect(units('0.1') + units('0.2')).toBe(units('0.3'));
    for (const bad of ['', '1.', '.5', '1e3', '1.000001', ' 1', 'abc', '1,5']) {
      expect(parseAmount(bad)).toBeNull();
    }
  });

  it('rounds to 5 decimals', () => {
    expect(roundToUnits(0.1 + 0.2)).toBe(30_000);
    expect(roundToUnits(1.234564)).toBe(123_456);
    expect(roundToUnits(1.234565)).toBe(123_457);
  });

  it('writes amounts for commands', () => {
    expect(amountText(1_250_000)).toBe('12.50');
    expect(amountText(1)).toBe('0.00001');
    expect(amountText(-150_000)).toBe('-1.50');
    expect(amountText(0)).toBe('0.00');
  });
});

describe('formatMoney', () => {
  it('shows up to 5 decimals and at least 2', () => {
    expect(formatMoney(units('10000'), EUR)).toBe('€10,000.00');
    expect(formatMoney(units('1.2345'), EUR)).toBe('€1.2345');
    expect(formatMoney(units('0.00001'), EUR)).toBe('€0.00001');
    expect(formatMoney(units('1234567.5'), EUR)).toBe('€1,234,567.50');
  });

  it('avoids trailing zeros when asked', () => {
    expect(formatMoney(units('5'), EUR, { avoidTrailingZeros: true })).toBe('€5');
    expect(formatMoney(units('5.5'), EUR, { avoidTrailingZeros: true })).toBe('€5.5');
  });

  it('never shows negative zero', () => {
    expect(formatMoney(-0, EUR)).toBe('€0.00');
    expect(formatMoney(units('-0.00'), EUR)).toBe('€0.00');
    expect(formatMoney(units('-2'), EUR)).toBe('-€2.00');
    expect(formatMoney(units('-2'), SEK)).toBe('-2.00 kr');
  });

  it('shows JPY and KRW without decimals', () => {
    expect(formatMoney(units('1500'), JPY)).toBe('¥1,500');
    expect(formatMoney(units('1500.6'), JPY)).toBe('¥1,501');
    expect(formatMoney(units('99'), { code: 'KRW', symbol: '₩', symbolBefore: true })).toBe('₩99');
  });

  it('puts the symbol after when the currency does', () => {
    expect(formatMoney(units('25'), SEK)).toBe('25.00 kr');
    expect(formatMoney(units('25'), SEK, { hideCurrency: true })).toBe('25.00');
  });

  it('shows no symbol when the operator hides the currency (hide_currency)', () => {
    expect(formatMoney(units('1234.5'), { ...EUR, hidden: true })).toBe('1,234.50');
    expect(formatMoney(units('25'), { ...SEK, hidden: true })).toBe('25.00');
    expect(formatMoney(units('-3'), { ...JPY, hidden: true })).toBe('-3');
  });
});

describe('in the page language', () => {
  afterEach(() => setFormatLocale('en'));

  it('groups and marks decimals as the language does, with Western digits', () => {
    setFormatLocale('de');
    expect(formatMoney(units('10000'), EUR)).toBe('€10.000,00');
    expect(formatMoney(units('0'), SEK)).toBe('0,00 kr');
    setFormatLocale('hi');
    expect(formatMoney(units('1234567.5'), EUR)).toBe('€12,34,567.50');
    setFormatLocale('ar');
    expect(formatMoney(units('1234.5'), EUR)).toMatch(/^€1.234.50$/);
    expect(formatMoney(units('1234.5'), EUR)).not.toMatch(/[\u0660-\u0669]/);
    setFormatLocale('fa');
    expect(formatNumber(1234)).not.toMatch(/[\u06F0-\u06F9]/);
  });

  it('keeps every decimal exactly, however large', () => {
    setFormatLocale('fr');
    expect(formatMoney(units('9999999999.99999'), EUR)).toBe(
      `€9${'\u202f'}999${'\u202f'}999${'\u202f'}999,99999`,
    );
  });

  it('writes counts and times in the language', () => {
    setFormatLocale('de');
    expect(formatNumber(12345)).toBe('12.345');
    expect(formatNumber(12.5, 1)).toBe('12,5');
    const t = new Date(2026, 10, 25, 14, 5).getTime();
    expect(formatTime(t)).toBe('14:05');
    setFormatLocale('en');
    expect(formatTime(t)).toBe('2:05 PM');
  });
});
