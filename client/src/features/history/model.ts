// The player's history as the server pages it (GET /api/ui/history, docs/protocol.md):
// the rounds, checked as they arrive, and what the screen needs to show them: each game
// family's name, the text part that names its bets, and the period's bounds.
import type { TFunction } from 'i18next';

import type { Http } from '../../lib/http/http';
import type { TextPart } from '../../lib/i18n';
import { betName as blackjackBet } from '../blackjack/names';
import { betName as boomBet } from '../boomorbust/names';
import { spotName as cardBet } from '../cards/names';
import { betName as crashBet } from '../crash/names';
import { betName as megawheelBet } from '../megawheel/names';
import { spotName as rouletteBet } from '../roulette/names';
import { betName as sicboBet } from '../sicbo/names';
import { betName as candyBet } from '../sweetbonanza/names';
import { urlOf } from '../../lib/http/urls';

export type WinLose = 'win' | 'lose' | 'push' | 'refunded' | 'pending';

export interface HistoryBet {
  participationId: number;
  betType: string;
  amount: string;
  payoff: string | null;
  status: string;
  ticketId: string;
  seat?: number;
}

export interface RecordedHand {
  cards: string[];
  outcome?: string;
}

export interface HistoryDetail {
  values?: number[];
  cards?: { hand: string; card: string }[];
  multipliers?: { spot: string; times: number }[];
  hands?: { seat: number; hands: RecordedHand[] }[];
}

export interface HistoryRound {
  gameId: string;
  roundId: number;
  tableId: string;
  tableName: string;
  game: string;
  state: string;
  startedAt: number;
  endedAt?: number;
  currency: string;
  stake: string;
  payoff: string;
  net: string;
  winLose: WinLose;
  result?: string;
  outcome?: string;
  detail?: HistoryDetail;
  bets: HistoryBet[];
  /** A regulated market's game session the round's bets were placed in (lib/italian-session). */
  sessionId?: string;
}

export interface HistoryPage {
  rounds: HistoryRound[];
  next: string | null;
}

export interface HistoryQuery {
  game: string; // a family, or 'all'
  from?: number; // ms, inclusive
  to?: number; // ms, exclusive
  before?: string;
}

export const PAGE_SIZE = 20;

const OUTCOMES: readonly WinLose[] = ['win', 'lose', 'push', 'refunded', 'pending'];

function isRound(r: unknown): r is HistoryRound {
  if (!r || typeof r !== 'object') return false;
  const o = r as Record<string, unknown>;
  return (
    typeof o.gameId === 'string' &&
    typeof o.tableName === 'string' &&
    typeof o.game === 'string' &&
    typeof o.startedAt === 'number' &&
    typeof o.stake === 'string' &&
    typeof o.net === 'string' &&
    OUTCOMES.includes(o.winLose as WinLose) &&
    Array.isArray(o.bets)
  );
}

/** A page of the history; throws when the answer is not one. */
export async function fetchHistory(http: Http, q: HistoryQuery): Promise<HistoryPage> {
  const body = await http.get<{ rounds?: unknown; next?: unknown }>(urlOf('history'), {
    game: q.game,
    from: q.from,
    to: q.to,
    before: q.before,
    limit: PAGE_SIZE,
  });
  if (!Array.isArray(body.rounds) || !body.rounds.every(isRound))
    throw new Error('history: not a page of rounds');
  return {
    rounds: body.rounds,
    next: typeof body.next === 'string' ? body.next : null,
  };
}

interface Family {
  /**
   * The family's name: a key of the common texts (the lobby names the families too), or
   * of the history's own (HISTORY_FAMILY_crash: the lobby names each crash game, not the
   * family).
   */
  name:
    | 'LOBBY_TAB_ROULETTE'
    | 'LOBBY_TAB_BACCARAT'
    | 'LOBBY_TAB_BLACKJACK'
    | 'ONEBJ'
    | 'LOBBY_TAB_SICBO'
    | 'LOBBY_TAB_MEGAWHEEL'
    | 'LOBBY_TAB_DRAGONTIGER'
    | 'LOBBY_TAB_ANDARBAHAR'
    | 'TABLE_TYPE_sweetbonanza'
    | 'TABLE_TYPE_boomorbust'
    | 'HISTORY_FAMILY_crash';
  /** The text part that names its bets. */
  part: TextPart;
  bet: (t: TFunction, code: string) => string;
}

export const FAMILIES: Record<string, Family> = {
  roulette: { name: 'LOBBY_TAB_ROULETTE', part: 'roulette', bet: rouletteBet },
  baccarat: { name: 'LOBBY_TAB_BACCARAT', part: 'cards', bet: cardBet },
  dragontiger: { name: 'LOBBY_TAB_DRAGONTIGER', part: 'cards', bet: cardBet },
  andarbahar: { name: 'LOBBY_TAB_ANDARBAHAR', part: 'cards', bet: cardBet },
  blackjack: { name: 'LOBBY_TAB_BLACKJACK', part: 'blackjack', bet: blackjackBet },
  onebj: { name: 'ONEBJ', part: 'blackjack', bet: blackjackBet },
  sicbo: { name: 'LOBBY_TAB_SICBO', part: 'sicbo', bet: sicboBet },
  megawheel: { name: 'LOBBY_TAB_MEGAWHEEL', part: 'megawheel', bet: megawheelBet },
  sweetbonanza: { name: 'TABLE_TYPE_sweetbonanza', part: 'sweetbonanza', bet: candyBet },
  boomorbust: { name: 'TABLE_TYPE_boomorbust', part: 'boomorbust', bet: boomBet },
  crash: { name: 'HISTORY_FAMILY_crash', part: 'crash', bet: crashBet },
};

/** The text parts the rounds' bets are named in. */
export function partsFor(rounds: HistoryRound[]): TextPart[] {
  return [...new Set(rounds.flatMap((r) => (FAMILIES[r.game] ? [FAMILIES[r.game]!.part] : [])))];
}

/** A bet's name in the player's language; the code for a game the client does not know. */
export function betName(t: TFunction, game: string, code: string): string {
  const family = FAMILIES[game];
  return family ? family.bet(t, code) : code;
}

/** A date field's value ("2026-11-25") as the local midnight it starts at, in ms. */
export function dayStart(value: string): number | undefined {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!m) return undefined;
  return new Date(Number(m[1]), Number(m[2]) - 1, Number(m[3])).getTime();
}

/** The period of two date fields: from the first day's start to the end of the last. */
export function periodOf(from: string, to: string): { from?: number; to?: number } | null {
  const start = dayStart(from);
  const last = dayStart(to);
  const end = last === undefined ? undefined : new Date(last).setDate(new Date(last).getDate() + 1);
  if (start !== undefined && end !== undefined && start >= end) return null;
  return { from: start, to: end };
}
