import { describe, expect, it } from 'vitest';

import { convert, rateOf } from './conversion';
import { units } from './money';

const eur = rateOf({ currencyCode: 'EUR', exchangeRates: { EUR: '1' }, symbol: '€' })!;
const usd = rateOf({ currencyCode: 'USD', exchangeRates: { EUR: '1.0850' }, symbol: '$' })!;
const jpy = rateOf({
  currencyCode: 'JPY',
  exchangeRates: { EUR: '162.50' },
  symbol: '¥',
  symbolBefore: true,
})!;

describe('the balance in another currency', () => {
  it('converts through the rates per EUR, to a hundredth of the unit', () => {
    expect(convert(units('1234.50'), eur, usd)).toBe(units('1339.43')); // 1339.4325
    expect(convert(units('1339.43'), usd, eur)).toBe(units('1234.50'));
    expect(convert(units('10.00'), usd, jpy)).toBe(units('1497.70')); // 1497.6958…
  });

  it('takes only answers that carry a positive rate', () => {
    expect(rateOf(null)).toBeNull();
    expect(rateOf({ currencyCode: 'USD', exchangeRates: { EUR: '0' } })).toBeNull();
    expect(rateOf({ currencyCode: 'USD', exchangeRates: { EUR: 'x' } })).toBeNull();
    expect(rateOf({ exchangeRates: { EUR: '1.1' } })).toBeNull();
    expect(usd.style).toEqual({ code: 'USD', symbol: '$', symbolBefore: true });
  });
});
