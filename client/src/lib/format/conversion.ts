// The balance in another currency (the casino configuration's conversion_currency), from
// getRates: each currency's rate is its units per one EUR, so an amount in P is worth
// amount × rate(T) / rate(P) in T. For showing only: no money moves at a converted value,
// and the result is rounded to T's smallest unit.
import { useEffect, useState } from 'react';

import { urlOf } from '../http/urls';
import type { Http } from '../http/http';
import type { CurrencyStyle, Units } from './money';

export interface Rate {
  style: CurrencyStyle;
  perEur: number;
}

/** A getRates answer as a rate, or null when it is not one. */
export function rateOf(answer: unknown): Rate | null {
  const a = answer as {
    currencyCode?: unknown;
    exchangeRates?: Record<string, unknown>;
    symbol?: unknown;
    symbolBefore?: unknown;
  } | null;
  if (!a || typeof a.currencyCode !== 'string' || !a.exchangeRates) return null;
  const rate = Number(Object.values(a.exchangeRates)[0]);
  if (!Number.isFinite(rate) || rate <= 0) return null;
  return {
    perEur: rate,
    style: {
      code: a.currencyCode,
      symbol: typeof a.symbol === 'string' ? a.symbol : a.currencyCode,
      symbolBefore: a.symbolBefore !== false,
    },
  };
}

/** `amount` (in `from`) in `to`, rounded to a hundredth of `to`'s unit. */
export function convert(amount: Units, from: Rate, to: Rate): Units {
  const value = (amount * to.perEur) / from.perEur;
  return Math.round(value / 1000) * 1000;
}

/** The two rates of a conversion from `from` to `to` (ISO codes); null while unknown. */
export function useRates(http: Http, from: string, to: string): [Rate, Rate] | null {
  const [rates, setRates] = useState<{ key: string; pair: [Rate, Rate] } | null>(null);
  const key = `${from}>${to}`;
  useEffect(() => {
    if (!to || to === from) return;
    let live = true;
    Promise.all([
      http.get<unknown>(urlOf('rates'), { currencyCode: from }),
      http.get<unknown>(urlOf('rates'), { currencyCode: to }),
    ])
      .then(([a, b]) => {
        const ra = rateOf(a);
        const rb = rateOf(b);
        if (live && ra && rb) setRates({ key: `${from}>${to}`, pair: [ra, rb] });
      })
      .catch(() => {
        /* no conversion shown */
      });
    return () => {
      live = false;
    };
  }, [http, from, to]);
  // Rates of another pair (the currency changed) are not this pair's.
  return rates && rates.key === key && to && to !== from ? rates.pair : null;
}
