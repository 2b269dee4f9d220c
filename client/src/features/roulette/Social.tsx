// The people at a table: the seats of a private table, and the table chat. Chat text is
// rendered as text (React escapes it); the server bounds its length and rate.
import { memo, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';

import { hasSwearword } from '../../lib/chat';

import { SheetClose } from '../../ui/SheetClose';
import type { Seat } from './table-state';
import { SCROLLER } from '../../lib/a11y/keyboard';

export interface ChatMessage {
  id: string; // the event's version: unique per table run
  playerId: string;
  name: string;
  text: string;
  role: string; // GAME_USER, SUPERVISOR, LIVE_SUPPORT, BOT (SPEC §3)
}

/** Who a message is from (SPEC §3): the game host, live support, or the player's name. */
export function chatSender(t: TFunction, m: ChatMessage): string {
  if (m.role === 'SUPERVISOR') return t('GAME_HOST');
  if (m.role && m.role !== 'GAME_USER') return t('LIVE_SUPPORT');
  return m.name || t('CHAT_GUEST');
}

export const CHAT_KEEP = 50; // messages kept on screen
export const CHAT_CHARS_MAX = 200;

/** Appends a message, keeping the newest CHAT_KEEP, ignoring a repeat of the same event. */
export function withMessage(list: ChatMessage[], m: ChatMessage): ChatMessage[] {
  if (list.some((x) => x.id === m.id)) return list;
  return [...list, m].slice(-CHAT_KEEP);
}

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

export const ChatPanel = memo(function ChatPanel({
  messages,
  me,
  canWrite,
  onSend,
  onClose,
  swearwords = [],
}: {
  onClose?: () => void;
  messages: ChatMessage[];
  me: string;
  canWrite: boolean;
  onSend: (text: string) => boolean;
  /** The casino's list (getAllConfig): a message with one of them is not sent. */
  swearwords?: readonly string[];
}) {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const [foul, setFoul] = useState(false);
  const list = useRef<HTMLOListElement>(null);
  useEffect(() => {
    const el = list.current;
    if (el) el.scrollTop = el.scrollHeight;
  }, [messages]);
  const submit = () => {
    const trimmed = text.trim();
    if (trimmed.length === 0) return;
    // SPEC §5: the foul-language warning; the server refuses such a message anyway.
    if (hasSwearword(trimmed, swearwords)) return setFoul(true);
    setFoul(false);
    if (onSend(trimmed)) setText('');
  };
  return (
    <section className="chat" aria-label={t('CHAT')} data-testid="chat">
      {onClose && <SheetClose panel={t('CHAT')} onClose={onClose} />}
      <ol className="chat-messages" ref={list} aria-live="polite" {...SCROLLER}>
        {messages.length === 0 && <li className="chat-empty">{t('CHAT_EMPTY')}</li>}
        {messages.map((m) => (
          <li
            key={m.id}
            className={m.playerId === me ? 'mine' : m.role && m.role !== 'GAME_USER' ? 'staff' : ''}
            data-role={m.role}
          >
            <strong>{chatSender(t, m)}</strong> <span>{m.text}</span>
          </li>
        ))}
      </ol>
      {foul && (
        <p className="chat-note" role="alert" data-testid="chat-foul">
          {t('CHAT_FOUL_LANGUAGE')}
        </p>
      )}
      {canWrite ? (
        <form
          className="chat-form"
          onSubmit={(e) => {
            e.preventDefault();
            submit();
          }}
        >
          <input
            type="text"
            value={text}
            maxLength={CHAT_CHARS_MAX}
            placeholder={t('CHAT_PLACEHOLDER')}
            aria-label={t('CHAT_PLACEHOLDER')}
            onChange={(e) => setText(e.target.value)}
          />
          <button type="submit" className="button small" disabled={text.trim().length === 0}>
            {t('CHAT_SEND')}
          </button>
        </form>
      ) : (
        <p className="chat-note">{t('CHAT_SEATED_ONLY')}</p>
      )}
    </section>
  );
});
