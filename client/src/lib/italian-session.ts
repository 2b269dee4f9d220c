// The Italian market's game session (casino configuration italian_session; docs/regulation.md
// "The Italian session"): before play the player opens a session and brings an amount into
// it, which bets then draw on. The server's three calls (SPEC §7), their answers checked as
// they arrive, and the session-limit entry's rule (SPEC §5: the amount must exceed the
// lowest table minimum, and may not exceed the player's balance), checked before sending.
import type { Http } from './http/http';
import { type Units, currencyDecimals, parseAmount } from './format/money';

export const ITALIAN_SESSION_URL = '/api/ui/italianSession';
export const CHOSEN_BALANCE_URL = '/api/ui/rgsChoosenBalance';
export const SESSION_EXPIRED_URL = '/api/ui/gameSessionExpired';

/** SPEC §8: the session balance does not cover the bet (or no session is open). */
export const SESSION_BALANCE_INSUFFICIENT = 3002;
/** SPEC §8: the bet exceeds the regulation limit (the session's maxBet). */
export const REGULATION_LIMIT = 3003;
/** The refusals of the session-limit entry that belong next to its field. */
export const ENTRY_REFUSALS = [2003, 2004, SESSION_BALANCE_INSUFFICIENT];

/** `ended`: the session is over (its end passed, or it was closed) and a new one is due. */
export type ItalianState = 'needs_balance' | 'open' | 'ended';

export interface ItalianSession {
  sessionId: string;
  ticketId: string;
  state: ItalianState;
  brought: Units;
  sessionBalance: Units;
  /** The amount brought must exceed it (the lowest table minimum). */
  minimum: Units;
  /** The most that may be brought (the player's balance). */
  maximum: Units;
  /** When the session ends (ms epoch, by the server's clock). */
  expiresAt: number;
  currency: string;
  /** The server's clock as it answered (ms epoch), by which expiresAt is timed; null if not said. */
  now: number | null;
}

/** What gameSessionExpired answers: the closed session summed up. */
export interface SessionSummary {
  sessionId: string;
  brought: Units;
  wagered: Units;
  returned: Units;
  sessionBalance: Units;
}

function amountOf(v: unknown): Units | null {
  return typeof v === 'string' ? parseAmount(v) : null;
}

/** An italianSession (or rgsChoosenBalance) answer, or null when it is not one. */
export function parseSession(raw: unknown): ItalianSession | null {
  if (!raw || typeof raw !== 'object') return null;
  const o = raw as Record<string, unknown>;
  if (typeof o.sessionId !== 'string' || o.sessionId === '') return null;
  if (o.state !== 'needs_balance' && o.state !== 'open' && o.state !== 'ended') return null;
  const brought = amountOf(o.brought);
  const balance = amountOf(o.sessionBalance);
  const minimum = amountOf(o.minimum);
  const maximum = amountOf(o.maximum);
  if (brought === null || balance === null || minimum === null || maximum === null) return null;
  if (typeof o.expiresAt !== 'number' || !Number.isFinite(o.expiresAt)) return null;
  return {
    sessionId: o.sessionId,
    ticketId: typeof o.ticketId === 'string' ? o.ticketId : '',
    state: o.state,
    brought,
    sessionBalance: balance,
    minimum,
    maximum,
    expiresAt: o.expiresAt,
    currency: typeof o.currency === 'string' ? o.currency : '',
    now: typeof o.now === 'number' && Number.isFinite(o.now) ? o.now : null,
  };
}

/** A gameSessionExpired answer; the figures it lacks are taken from the session as last known. */
export function parseSummary(raw: unknown, last: ItalianSession | null): SessionSummary | null {
  const o = raw && typeof raw === 'object' ? (raw as Record<string, unknown>) : {};
  const brought = amountOf(o.brought) ?? last?.brought ?? null;
  const balance = amountOf(o.sessionBalance) ?? last?.sessionBalance ?? null;
  const wagered = amountOf(o.wagered);
  const returned = amountOf(o.returned);
  const sessionId = typeof o.sessionId === 'string' ? o.sessionId : (last?.sessionId ?? '');
  if (brought === null || balance === null || wagered === null || returned === null) return null;
  return { sessionId, brought, wagered, returned, sessionBalance: balance };
}

export interface ItalianApi {
  /** The open session, or a new one (needs_balance). */
  open(userId: string): Promise<ItalianSession>;
  /** Brings `amount` (exact decimal text) into the session; the session after it, if answered. */
  bring(sessionId: string, amount: string): Promise<ItalianSession | null>;
  /** Closes the session; its summary, if the answer holds one. */
  expire(sessionId: string, last: ItalianSession | null): Promise<SessionSummary | null>;
}

export function italianApi(http: Pick<Http, 'post'>): ItalianApi {
  return {
    async open(userId) {
      const session = parseSession(await http.post<unknown>(ITALIAN_SESSION_URL, { userId }));
      if (!session) throw new Error('italianSession: not a session');
      return session;
    },
    async bring(sessionId, amount) {
      return parseSession(await http.post<unknown>(CHOSEN_BALANCE_URL, { sessionId, amount }));
    },
    async expire(sessionId, last) {
      return parseSummary(await http.post<unknown>(SESSION_EXPIRED_URL, { sessionId }), last);
    },
  };
}

export type AmountProblem =
  | { key: 'IT_AMOUNT_INVALID' }
  | { key: 'IT_AMOUNT_TOO_LOW'; min: Units }
  | { key: 'IT_AMOUNT_TOO_HIGH'; max: Units };

/**
 * An amount as the player types it ("50", "50.00", "50,5"; spaces dropped, a decimal comma
 * read as a point), in units; null when it is no amount of the currency (more decimals than
 * it has, a sign, letters).
 */
export function typedAmount(text: string, currency: string): Units | null {
  const t = text.replace(/\s/g, '').replace(',', '.');
  const decimals = currencyDecimals(currency);
  const pattern = decimals === 0 ? /^\d{1,13}$/ : new RegExp(`^\\d{1,13}(\\.\\d{1,${decimals}})?$`);
  return pattern.test(t) ? parseAmount(t) : null;
}

/** What is wrong with an amount to bring (SPEC §5: it must exceed the minimum), or null. */
export function amountProblem(
  amount: Units | null,
  limits: { minimum: Units; maximum: Units },
): AmountProblem | null {
  if (amount === null || amount <= 0) return { key: 'IT_AMOUNT_INVALID' };
  if (amount <= limits.minimum) return { key: 'IT_AMOUNT_TOO_LOW', min: limits.minimum };
  if (amount > limits.maximum) return { key: 'IT_AMOUNT_TOO_HIGH', max: limits.maximum };
  return null;
}

/** Whether the player's balance can open a session at all (it must exceed the minimum). */
export function canBring(session: Pick<ItalianSession, 'minimum' | 'maximum'>): boolean {
  return session.maximum > session.minimum;
}

/** The SPEC §8 code a bet command's answer refuses with (its first refused bet's, else its own). */
export function refusalCode(ack: Record<string, unknown>): number | null {
  const rejected = Array.isArray(ack.rejected) ? (ack.rejected as { code?: unknown }[]) : [];
  const first = rejected.find((r) => typeof r?.code === 'number');
  if (first) return first.code as number;
  return typeof ack.code === 'number' ? ack.code : null;
}

/** How long until the session ends, for a timer (at most what setTimeout can wait). */
export function msUntil(expiresAt: number, now: number): number {
  return Math.min(Math.max(0, expiresAt - now), 2_147_000_000);
}

/**
 * The difference between the server's clock and the device's (ms, added to Date.now() to
 * read the server's time), from an answer's `now` as it arrives; 0 when it says none.
 */
export function clockOffset(session: Pick<ItalianSession, 'now'>, arrivedAt: number): number {
  return session.now === null ? 0 : session.now - arrivedAt;
}

/**
 * "Not now" said to the entry of a session: kept for the visit (session storage), so that
 * going from the lobby to a table (a new page) does not ask again. One session id: a new
 * session asks anew.
 */
export const DISMISSED_KEY = 'croupier.italian.dismissed';

/** The page's session storage; null where the browser refuses it. */
export function italianStorage(): Storage | null {
  try {
    return globalThis.sessionStorage ?? null;
  } catch {
    return null;
  }
}

export function isDismissed(storage: Pick<Storage, 'getItem'> | null, sessionId: string): boolean {
  try {
    return sessionId !== '' && storage?.getItem(DISMISSED_KEY) === sessionId;
  } catch {
    return false;
  }
}

/** Keeps (a session id) or forgets (null) the dismissal. */
export function writeDismissed(
  storage: Pick<Storage, 'setItem' | 'removeItem'> | null,
  sessionId: string | null,
): void {
  try {
    if (sessionId) storage?.setItem(DISMISSED_KEY, sessionId);
    else storage?.removeItem(DISMISSED_KEY);
  } catch {
    // storage refused: the dismissal holds for this page only
  }
}

/** Whether the operator runs the Italian session (its bar and dialogs show: app/ItalianSession). */
export function italianSessionOn(s: { config: { casinoConfig: Record<string, unknown> } | null }) {
  return s.config?.casinoConfig.italian_session === true;
}
