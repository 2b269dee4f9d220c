// A table's chat, the same at every game: the messages of the table's channel (the newest
// CHAT_KEEP), whether this player sees a chat at all (the table, the operator's
// chat_disabled and jurisdiction, the player's chat_enabled setting), whose messages show
// (showothermessages), sending with the casino's swear-word list, and the server's
// refusal of a message the player sent, kept to say why (gateway/chat: off, muted,
// balance, words, rate, seat).
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';

import { xmlTextCommand } from '../realtime/xml';
import { useServices } from '../session';
import { useSetting } from '../settings';
import { useStore } from '../store';
import { nextRequestId } from './useBetting';

export interface ChatMessage {
  id: string; // the event's version: unique per table run
  playerId: string;
  name: string;
  text: string;
  role: string; // GAME_USER, SUPERVISOR, LIVE_SUPPORT, BOT (SPEC §3)
}

/** Why the server (or the connection) did not pass on the player's last message. */
export interface ChatRefusal {
  code: number; // SPEC §8; 0 when the connection was down
  reason: string; // off, muted, balance, words, rate, seat, offline; '' when not given
}

export const CHAT_KEEP = 50; // messages kept on screen
export const CHAT_CHARS_MAX = 200;

/** Appends a message, keeping the newest CHAT_KEEP, ignoring a repeat of the same event. */
export function withMessage(list: ChatMessage[], m: ChatMessage): ChatMessage[] {
  if (list.some((x) => x.id === m.id)) return list;
  return [...list, m].slice(-CHAT_KEEP);
}

export interface TableChat {
  /** The chat exists for this player here (the table, the operator, the setting). */
  enabled: boolean;
  open: boolean;
  setOpen: (open: boolean | ((was: boolean) => boolean)) => void;
  /** The messages to show: everybody's, or with showothermessages off the player's own. */
  messages: ChatMessage[];
  me: string;
  swearwords: readonly string[];
  refusal: ChatRefusal | null;
  /** Sends a message now; false when it could not go (the connection is down). */
  send: (text: string) => boolean;
}

const NO_WORDS: readonly string[] = [];

export function useTableChat(tableId: string): TableChat {
  const { realtime, session } = useServices();
  const me = useStore(session, (s) => s.config?.playerConfig.player.id ?? '');
  const operatorOff = useStore(session, (s) => s.config?.casinoConfig.chat_disabled === true);
  const tableOff = useStore(
    session,
    (s) => s.config?.tableConfig?.tableId === tableId && s.config.tableConfig.chatEnabled === false,
  );
  const swearwords = useStore(session, (s) => s.config?.swearwords ?? NO_WORDS);
  const [setting] = useSetting('chat_enabled');
  const [showOthers] = useSetting('showothermessages');
  const [all, setAll] = useState<ChatMessage[]>([]);
  const [open, setOpen] = useState(false);
  const [refusal, setRefusal] = useState<ChatRefusal | null>(null);
  const sent = useRef(new Set<string>()); // requestIds of this player's messages

  useEffect(() => {
    const offChat = realtime.on('chat', (m) => {
      if (m.table !== tableId) return;
      setAll((list) =>
        withMessage(list, {
          id: `${String(m.v)}-${String(m.ts)}`,
          playerId: String(m.playerId ?? ''),
          name: String(m.name ?? ''),
          text: String(m.text ?? ''),
          role: String(m.role ?? 'GAME_USER'),
        }),
      );
    });
    const offError = realtime.on('error', (m) => {
      const id = String(m.requestId ?? '');
      if (!sent.current.delete(id)) return;
      setRefusal({ code: Number(m.code ?? 0), reason: String(m.reason ?? '') });
    });
    return () => {
      offChat();
      offError();
    };
  }, [realtime, tableId]);

  const send = useCallback(
    (text: string) => {
      const requestId = nextRequestId();
      const ok = realtime.post(xmlTextCommand('chat', { tableId, requestId }, text));
      if (ok) {
        sent.current.add(requestId);
        // A message passed on has no answer: keep only the last few for a late refusal.
        if (sent.current.size > 8) sent.current.delete(sent.current.values().next().value!);
        setRefusal(null);
      } else {
        setRefusal({ code: 0, reason: 'offline' });
      }
      return ok;
    },
    [realtime, tableId],
  );

  const messages = useMemo(
    () => (showOthers ? all : all.filter((m) => m.playerId === me)),
    [all, showOthers, me],
  );
  return {
    enabled: !operatorOff && !tableOff && setting,
    open,
    setOpen,
    messages,
    me,
    swearwords,
    refusal,
    send,
  };
}
