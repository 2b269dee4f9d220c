// The seats of a private table; the chat they share is ui/ChatPanel.
import { memo } from 'react';
import { useTranslation } from 'react-i18next';

import { Avatar } from '../../ui/Avatar';
import type { Seat } from './table-state';

export const SeatsBar = memo(function SeatsBar({
  seats,
  me,
  onSit,
  onLeave,
}: {
  seats: Seat[];
  me: string;
  onSit: (seat: number) => void;
  onLeave: () => void;
}) {
  const { t } = useTranslation();
  const mine = seats.find((s) => s.playerId === me);
  return (
    <section className="seats" aria-label={t('SEATS')} data-testid="seats">
      <ol>
        {seats.map((s) => (
          <li key={s.seat} className={`seat ${s.playerId ? 'taken' : 'free'}`} data-seat={s.seat}>
            {s.playerId ? (
              <span className={s.playerId === me ? 'me' : ''}>
                <Avatar id={s.avatar} name={s.name ?? ''} size={18} />
                {t('SEAT_TAKEN', { n: s.seat, name: s.name || t('CHAT_GUEST') })}
              </span>
            ) : mine ? (
              <span>{t('SEAT_FREE', { n: s.seat })}</span>
            ) : (
              <button
                type="button"
                className="button small"
                aria-label={t('TAKE_SEAT', { n: s.seat })}
                onClick={() => onSit(s.seat)}
              >
                {/* Phones show the seat's number; wider screens say it in words. */}
                <span className="seat-n" aria-hidden="true">
                  {s.seat}
                </span>
                <span className="seat-words" aria-hidden="true">
                  {t('TAKE_SEAT', { n: s.seat })}
                </span>
              </button>
            )}
          </li>
        ))}
      </ol>
      {mine && (
        <button type="button" className="link-button" onClick={onLeave}>
          {t('LEAVE_SEAT')}
        </button>
      )}
    </section>
  );
});
