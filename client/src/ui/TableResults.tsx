// What the tables whose round ends in a result show of it alike: the player's win in the
// result banner, and the row of the last results.
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

import { SCROLLER } from '../lib/a11y/keyboard';
import { type CurrencyStyle, formatMoney } from '../lib/format/money';
import { type MyWin, winTier } from '../lib/table/results';

/**
 * The player's win in a result: "You win €9.00", or "No win" (nothing came back); it looks
 * bigger the more it is beside the stake (data-tier, winTier). Nothing without a bet.
 */
export function ResultWin({
  mine,
  currency,
}: {
  mine: Pick<MyWin, 'stake' | 'win'> | null;
  currency: CurrencyStyle;
}) {
  const { t } = useTranslation();
  if (!mine) return null;
  return (
    <span
      className="result-win"
      data-testid="result-win"
      data-tier={winTier(mine)}
      data-win={formatMoney(mine.win, currency, { hideCurrency: true })}
    >
      {mine.win > 0 ? t('YOU_WIN', { amount: formatMoney(mine.win, currency) }) : t('NO_WIN')}
    </span>
  );
}

/** The last results, newest first, in a row that scrolls on its own; `children` are its items. */
export function RecentList({
  className = '',
  label,
  testId = 'recent-results',
  children,
}: {
  className?: string; // besides recent-numbers
  label?: string; // "Last results" by default
  testId?: string;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <ol
      className={className ? `recent-numbers ${className}` : 'recent-numbers'}
      aria-label={label ?? t('LOBBY_LAST_RESULTS')}
      data-testid={testId}
      {...SCROLLER}
    >
      {children}
    </ol>
  );
}
