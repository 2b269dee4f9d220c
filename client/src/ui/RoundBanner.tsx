// The round as a banner: what the table is doing and, while bets are open, the seconds
// left, counted from server time. Blackjack adds its states: 902 take a seat, 12
// insurance, 11 decisions, 14 the dealer's turn. A game whose result is not a ball names
// its own wait for the result (the dice shaking, the wheel spinning).
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';

import { type RoundView, secondsLeft } from '../lib/table/round';

export function RoundBanner({
  view,
  waitingText,
}: {
  view: RoundView;
  waitingText?: string; // state 6 in the game's words; "The ball is spinning" by default
}) {
  const { t } = useTranslation();
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 250);
    return () => clearInterval(timer);
  }, []);
  const seconds = view.betsOpen ? secondsLeft(view, now) : null;
  let text: string;
  if (view.closed) text = t('TABLE_CLOSED');
  else if (view.state === 21) text = t('ROUND_CANCELLED');
  else if (view.betsOpen) text = view.closingSoon ? t('BETS_CLOSING_SOON') : t('PLACE_YOUR_BETS');
  else if (view.state === 3) text = t('BETS_CLOSED');
  else if (view.state === 6) text = waitingText ?? t('WAITING_FOR_RESULT');
  else if (view.state === 15 || view.state === 13) text = t('DEALING');
  else if (view.state === 902) text = t('TAKE_SEAT_TO_START');
  else if (view.state === 12) text = t('INSURANCE_WAIT');
  else if (view.state === 11) text = t('DECISIONS_WAIT');
  else if (view.state === 14) text = t('DEALER_PLAYS');
  else if (view.state === 24) text = t('RESULT');
  else text = t('WAIT_FOR_NEXT_ROUND');
  const urgent = view.betsOpen && (view.closingSoon || (seconds !== null && seconds <= 5));
  return (
    <div
      className={`round-banner ${urgent ? 'urgent' : ''} ${view.betsOpen ? 'open' : 'closed'}`}
      data-testid="round-state"
      data-state={view.state}
      data-game={view.gameId}
      role="status"
      aria-live="polite"
    >
      <span className="round-text">{text}</span>
      {seconds !== null && (
        <span
          className="countdown"
          data-testid="countdown"
          aria-label={t('SECONDS_LEFT', { seconds })}
        >
          {seconds}
        </span>
      )}
      <span className="round-state">
        {t(`STATE_${view.state}` as 'STATE_2', { defaultValue: '' })}
      </span>
    </div>
  );
}
