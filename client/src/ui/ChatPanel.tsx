// The table chat, the same at every game (its state: lib/table/useTableChat): the
// messages with their sender by role, the foul-language warning before sending, the
// server's refusal in the player's words, and the toggle that opens it. Chat text is
// rendered as text (React escapes it); the server bounds its length and rate. On a phone
// the panel is a sheet over the lower part of the page; on a wide screen it sits in the
// table's side column (roulette) or floats at the side (`float`).
import { memo, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';

import { SCROLLER } from '../lib/a11y/keyboard';
import { hasSwearword } from '../lib/chat';
import {
  CHAT_CHARS_MAX,
  type ChatMessage,
  type ChatRefusal,
  type TableChat,
} from '../lib/table/useTableChat';
import { Avatar } from './Avatar';
import { Icon } from './icons';
import { SheetClose } from './SheetClose';

/** Who a message is from (SPEC §3): the game host, live support, or the player's name. */
export function chatSender(t: TFunction, m: ChatMessage): string {
  if (m.role === 'SUPERVISOR') return t('GAME_HOST');
  if (m.role && m.role !== 'GAME_USER') return t('LIVE_SUPPORT');
  return m.name || t('CHAT_GUEST');
}

/** Why a message did not go, in the player's words. */
export function chatRefusalText(t: TFunction, r: ChatRefusal): string {
  switch (r.reason) {
    case 'words':
      return t('CHAT_FOUL_LANGUAGE');
    case 'seat':
      return t('CHAT_SEATED_ONLY');
    case 'off':
    case 'muted':
    case 'balance':
    case 'rate':
    case 'offline':
      return t(`CHAT_REFUSED_${r.reason}`);
    default:
      return t(`ERROR.${r.code}` as 'ERROR.2001');
  }
}

/** The button that opens and closes the chat, with the count of messages while closed. */
export function ChatToggle({
  chat,
  className = 'toggle',
}: {
  chat: TableChat;
  className?: string;
}) {
  const { t } = useTranslation();
  if (!chat.enabled) return null;
  const waiting = chat.unread > 0 ? ` (${chat.unread})` : '';
  return (
    <button
      type="button"
      className={`${className} ${chat.open ? 'on' : ''}`}
      aria-pressed={chat.open}
      data-testid="chat-toggle"
      onClick={() => chat.setOpen((o) => !o)}
    >
      <Icon name="chat" />
      <span className="toggle-label">
        {t('CHAT')}
        {waiting}
      </span>
    </button>
  );
}

export const ChatPanel = memo(function ChatPanel({
  chat,
  canWrite,
  onClose,
  float = false,
}: {
  chat: Pick<TableChat, 'messages' | 'me' | 'send' | 'swearwords' | 'refusal'>;
  /** Whether this player may write here now (a private table: seated players only). */
  canWrite: boolean;
  onClose?: () => void;
  /** Over the table at the side on wide screens, for tables without a side column. */
  float?: boolean;
}) {
  const { t } = useTranslation();
  const { messages, me, send, swearwords, refusal } = chat;
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
    if (send(trimmed)) setText('');
  };
  const note = foul ? t('CHAT_FOUL_LANGUAGE') : refusal ? chatRefusalText(t, refusal) : null;
  return (
    <section
      className={`chat ${float ? 'chat-float' : ''}`}
      aria-label={t('CHAT')}
      data-testid="chat"
    >
      {onClose && <SheetClose panel={t('CHAT')} onClose={onClose} />}
      <ol className="chat-messages" ref={list} aria-live="polite" {...SCROLLER}>
        {messages.length === 0 && <li className="chat-empty">{t('CHAT_EMPTY')}</li>}
        {messages.map((m) => (
          <li
            key={m.id}
            className={m.playerId === me ? 'mine' : m.role && m.role !== 'GAME_USER' ? 'staff' : ''}
            data-role={m.role}
          >
            {(!m.role || m.role === 'GAME_USER') && (
              <Avatar id={m.avatar} name={m.name} size={20} />
            )}
            <strong>{chatSender(t, m)}</strong> <span>{m.text}</span>
          </li>
        ))}
      </ol>
      {note && (
        <p
          className="chat-note"
          role="alert"
          data-testid={foul ? 'chat-foul' : 'chat-refused'}
          data-reason={foul ? 'words' : refusal?.reason}
        >
          {note}
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
