// What the studio console derives from the server's answers: a refusal in words, the
// entered cards by hand, stakes and stream health as text, and a table's answer merged
// into what the panel shows. Pure.
import type { TFunction } from 'i18next';

import { localiseDecimal } from '../../lib/format/locale';
import { HANDS } from '../cards/cards';
import {
  type EnteredCard,
  type StreamHealth,
  StudioError,
  type TableDetail,
  type TableRow,
} from './api';

// TFunction, not useTranslation's own type: with every key typed, that one is too deep for
// the compiler here (TS2589).
type T = TFunction;

/** A refusal the console shows: the server's (with its code) or the console's own check. */
export interface Refusal {
  code: string;
  text: string;
}

/** The refusals the console words itself; any other shows the server's message. */
const REFUSAL_TEXTS = {
  BAD_LOGIN: 'STUDIO_BAD_LOGIN',
  NO_STAFF_SESSION: 'STUDIO_SESSION_ENDED',
  NETWORK: 'STUDIO_NETWORK',
  NOT_SUPERVISOR: 'STUDIO_ERROR_NOT_SUPERVISOR',
  NOT_YOUR_TABLE: 'STUDIO_ERROR_NOT_YOUR_TABLE',
  NO_SUCH_TABLE: 'STUDIO_ERROR_NO_SUCH_TABLE',
  NOT_HUMAN: 'STUDIO_ERROR_NOT_HUMAN',
  NO_HUMAN_DEALING: 'STUDIO_ERROR_NO_HUMAN_DEALING',
  NO_CHAT: 'STUDIO_ERROR_NO_CHAT',
  BAD_TEXT: 'STUDIO_CHAT_INVALID',
  BAD_MINUTES: 'STUDIO_CLOSING_INVALID',
} as const;

/**
 * A failed call in words: a refused entry (409 REFUSED) shows the rule the server names;
 * a known code the console's text; 429 the login's wait; anything else the server's
 * message, else its code.
 */
export function refusalOf(t: T, e: unknown): Refusal {
  if (!(e instanceof StudioError))
    return { code: 'ERROR', text: t('STUDIO_ERROR_OTHER', { code: 'ERROR' }) };
  if (e.code === 'REFUSED' && e.serverMessage) return { code: e.code, text: e.serverMessage };
  if (e.status === 429) return { code: e.code, text: t('STUDIO_TOO_MANY_LOGINS') };
  const key = REFUSAL_TEXTS[e.code as keyof typeof REFUSAL_TEXTS];
  if (key) return { code: e.code, text: t(key) };
  return { code: e.code, text: e.serverMessage || t('STUDIO_ERROR_OTHER', { code: e.code }) };
}

/** The session is gone (expired, logged out elsewhere): the console asks for the login. */
export function sessionEnded(e: unknown): boolean {
  return e instanceof StudioError && e.status === 401;
}

export const isRoulette = (table: Pick<TableRow, 'game'>) => table.game === 'roulette';
export const isHuman = (table: Pick<TableRow, 'dealerMode'>) => table.dealerMode === 'human';

/**
 * The entered cards grouped by hand, the game's hands first in their order (baccarat's
 * player then banker …), with a hand the next card goes to even while it has none.
 */
export function cardsByHand(
  game: string,
  cards: readonly EnteredCard[],
  nextHand: string | null,
): { hand: string; cards: EnteredCard[] }[] {
  const order = [...(HANDS[game] ?? [])];
  const sorted = [...cards].sort((a, b) => a.index - b.index);
  for (const c of sorted) if (!order.includes(c.hand)) order.push(c.hand);
  if (nextHand && !order.includes(nextHand)) order.push(nextHand);
  return order
    .map((hand) => ({ hand, cards: sorted.filter((c) => c.hand === hand) }))
    .filter(
      (h) => h.cards.length > 0 || h.hand === nextHand || (HANDS[game]?.includes(h.hand) ?? false),
    );
}

/** What the scanner field sends: the text without spaces, in capitals ("10s " → "10S"). */
export function cardText(typed: string): string {
  return typed.replace(/\s+/g, '').toUpperCase();
}

/** An amount as the server writes it ("1234.50") in the page's language ("1,234.50"). */
export function amountText(amount: string): string {
  return /^-?\d+(\.\d+)?$/.test(amount) ? localiseDecimal(amount) : amount;
}

/** An amount with its currency ("1,234.50 EUR"). */
export function moneyText(amount: string, currency: string): string {
  return `${amountText(amount)} ${currency}`;
}

/** How many renditions the stream has: `renditions` as a count (or a list), else `renditionCount`. */
export function renditionCount(stream: StreamHealth): number | null {
  if (typeof stream.renditions === 'number') return stream.renditions;
  if (Array.isArray(stream.renditions)) return stream.renditions.length;
  return typeof stream.renditionCount === 'number' ? stream.renditionCount : null;
}

/** The stream's health in words; null when the table has no stream. */
export function streamText(t: T, stream: StreamHealth | null | undefined): string | null {
  if (!stream) return null;
  const count = renditionCount(stream);
  const parts = [
    count === null
      ? stream.state
      : t('STUDIO_STREAM_RENDITIONS', { state: stream.state, n: count }),
  ];
  if (stream.lastError) parts.push(t('STUDIO_STREAM_ERROR', { error: stream.lastError }));
  return parts.join(' · ');
}

/** A stream in trouble (it failed, or cannot start): the list marks it. */
export function streamFailing(stream: StreamHealth | null | undefined): boolean {
  return (
    !!stream &&
    (!!stream.lastError || /unavailable|fail|error|capped|down|stall/i.test(stream.state))
  );
}

/**
 * A table's answer over what the panel shows: the pause and mode calls answer the table,
 * perhaps without its round and bets, which are then kept.
 */
export function mergeTable(shown: TableDetail | null, answer: TableDetail): TableDetail {
  if (!shown || shown.id !== answer.id) return answer;
  return {
    ...shown,
    ...answer,
    round: answer.round !== undefined ? answer.round : shown.round,
    bets: answer.bets !== undefined ? answer.bets : shown.bets,
  };
}
