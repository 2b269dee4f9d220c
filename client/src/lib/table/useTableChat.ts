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
import { createStore, useStore } from '../store';
import { nextRequestId } from './useBetting';

export interface ChatMessage {
  id: string; // the event's version: unique per table run
  playerId: string;
  name: string;
  text: string;
  role: string; // GAME_USER, SUPERVISOR, LIVE_SUPPORT, BOT (SPEC §3)
  avatar?: string; // the player's avatar (ui/Avatar), when they chose one
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
  /** Messages that came while the chat was shut, since it was last open. */
  unread: number;
  /** Sends a message now; false when it could not go (the connection is down). */
  send: (text: string) => boolean;
}

const NO_WORDS: readonly string[] = [];

/**
 * The chat button of the header (app/Header), for the table pages that have no panel
 * strip of their own (all but roulette): which table's chat it opens, whether it is
 * open, and the messages waiting while it is shut.
 */
export interface HeaderChat {
  tableId: string | null;
  enabled: boolean;
  open: boolean;
  unread: number;
}
export const headerChat = createStore<HeaderChat>({
  tableId: null,
  enabled: false,
  open: false,
  unread: 0,
});

/**
 * A table's chat. `inHeader`: its button is the header's (headerChat) rather than one the
 * table shows; `active` false (a table in a multi-table view) keeps it out of the header.
 */
export function useTableChat(
  tableId: string,
  { inHeader = false, active = true }: { inHeader?: boolean; active?: boolean } = {},
): TableChat {
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
  const [ownOpen, setOwnOpen] = useState(false);
  const header = inHeader && active;
  const headerOpen = useStore(headerChat, (h) => h.tableId === tableId && h.open);
  const open = header ? headerOpen : ownOpen;
  const setOpen = useCallback(
    (v: boolean | ((was: boolean) => boolean)) => {
      if (!header) return setOwnOpen(v);
      headerChat.set((h) => ({ ...h, open: typeof v === 'function' ? v(h.open) : v }));
    },
    [header],
  );
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
          ...(typeof m.avatar === 'string' ? { avatar: m.avatar } : {}),
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
  const enabled = !operatorOff && !tableOff && setting;
  // What the player has seen: the count of messages when the chat was last open.
  const [seen, setSeen] = useState(0);
  if (open && seen !== messages.length) setSeen(messages.length);
  const unread = open ? 0 : Math.max(0, messages.length - seen);

  // The header's button follows this table while it is shown.
  useEffect(() => {
    if (!header) return;
    headerChat.set({ tableId, enabled: false, open: false, unread: 0 });
    return () =>
      headerChat.set((h) =>
        h.tableId === tableId ? { tableId: null, enabled: false, open: false, unread: 0 } : h,
      );
  }, [header, tableId]);
  useEffect(() => {
    if (!header) return;
    headerChat.set((h) => (h.tableId === tableId ? { ...h, enabled, unread } : h));
  }, [header, tableId, enabled, unread]);

  return {
    enabled,
    open,
    setOpen,
    messages,
    me,
    swearwords,
    refusal,
    unread,
    send,
  };
}
