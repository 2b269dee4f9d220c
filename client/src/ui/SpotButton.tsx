// A bet spot as a button, for the tables whose spots are boxes (sic bo, money wheels):
// what it shows is the game's (children); its spoken name says the spot, what it pays
// and the player's bet on it ("Total 10, pays 6 to 1, your bet €5.00"). The name is the
// button's own (visually hidden) text, not an aria-label, so that it begins with the
// spot's printed name and speech input ("click Total 10") finds it; the printed figures
// ("6:1", the chips) are hidden from screen readers, which hear them in words. A click, Enter
// or Space places the chosen chip; while bets are closed it says so (aria-disabled) and
// the table's betting refuses the bet with its message. The chips on it are shown as one.
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

import { chipText } from '../lib/format/chips';
import { type CurrencyStyle, type Units, formatMoney } from '../lib/format/money';

export interface SpotButtonProps {
  code: string;
  name: string; // the spot in words: "Total 10"
  pays: string; // what it pays in words: "6 to 1"
  amount: Units; // the player's bet on it
  chipIndex: (value: Units) => number;
  currency: CurrencyStyle;
  open: boolean;
  won?: boolean;
  className?: string;
  children: ReactNode;
  onPlace: (code: string) => void;
}

export function SpotButton(p: SpotButtonProps) {
  const { t } = useTranslation();
  const label =
    p.amount > 0
      ? t('BET_SPOT_LABEL_BET', {
          name: p.name,
          pays: p.pays,
          amount: formatMoney(p.amount, p.currency),
        })
      : t('BET_SPOT_LABEL', { name: p.name, pays: p.pays });
  return (
    <button
      type="button"
      className={`bet-spot ${p.className ?? ''} ${p.won ? 'won' : ''}`}
      data-spot={p.code}
      data-won={p.won ? 'true' : undefined}
      aria-disabled={!p.open}
      onClick={() => p.onPlace(p.code)}
    >
      <span className="sr-only">{label}</span>
      <span className="spot-face" aria-hidden="true">
        {p.children}
      </span>
      {p.amount > 0 && (
        <span
          className="spot-chip"
          data-chip-spot={p.code}
          data-amount={formatMoney(p.amount, p.currency, { hideCurrency: true })}
          style={{ background: `var(--chip-${p.chipIndex(p.amount) % 6})` }}
          aria-hidden="true"
        >
          {chipText(p.amount)}
        </span>
      )}
    </button>
  );
}
