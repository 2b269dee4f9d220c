// The studio console's calls (docs/studio.md, "The console's API"): JSON over HTTP under
// /studio/api/, the staff's session in the STUDIO_SESSION cookie (same origin), and every
// non-GET call with the anti-forgery header copied from the XSRF-TOKEN cookie, as the
// player's client sends it (lib/http). The player's client itself is not used: it adds the
// player's session id, `ck` and `game_mode` to every address and `gameMode` to every body,
// none of which the console's calls take. A refusal ({code, message} with its status) is
// thrown as a StudioError; no answer at all as one with status 0 and code NETWORK.
import { XSRF_COOKIE, XSRF_HEADER, cookieValue } from '../../lib/http/http';

export type StaffRole = 'dealer' | 'supervisor';

export interface Staff {
  login: string;
  name: string;
  role: StaffRole;
}

export type DealerMode = 'rng' | 'human';

/** The stream's health: its state, how many renditions it has, its last error. */
export interface StreamHealth {
  state: string;
  renditions?: number | unknown[];
  renditionCount?: number;
  lastError?: string | null;
}

/** A table as the list shows it. */
export interface TableRow {
  id: string;
  name: string;
  game: string;
  variant?: string;
  dealerMode: DealerMode;
  /** The mode the table switches to at the next round boundary. */
  nextDealerMode?: DealerMode | null;
  /** The game can be dealt by hand. */
  humanDealing: boolean;
  paused: boolean;
  state: number;
  stateName: string;
  roundId?: string | number | null;
  watching: number;
  bettors: number;
  /** Stakes in play by currency ({EUR: "12.50"}). */
  stakes: Record<string, string>;
  /** When the table closes (ms since the epoch), once a closing is announced. */
  closesAt?: number | null;
  stream?: StreamHealth | null;
}

export interface EnteredCard {
  hand: string;
  card: string;
  index: number;
}

/** The round a human dealer works: what has been entered, and what can be done next. */
export interface HumanRound {
  cards: EnteredCard[];
  /** The hand the next card goes to; null once the deal is complete. */
  nextHand: string | null;
  /** The roulette number entered, not yet confirmed. */
  number?: string | number | null;
  /** The outcome's text once the entries are complete. */
  result?: string | null;
  canOpen: boolean;
  canClose: boolean;
  canSpin: boolean;
  canEnter: boolean;
  canUndo: boolean;
  canConfirm: boolean;
  canVoid: boolean;
  canNewShoe: boolean;
}

export interface StudioBet {
  playerId: string;
  name: string;
  currency: string;
  total: string;
}

export interface TableDetail extends TableRow {
  round?: HumanRound | null;
  bets?: StudioBet[];
}

export type DealerAction =
  | { action: 'open' | 'close' | 'spin' | 'undo' | 'confirm' | 'void' | 'shoe' }
  | { action: 'card'; card: string }
  | { action: 'number'; number: string };

export class StudioError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    /** The server's words (a refused entry: the rule that refused it). */
    readonly serverMessage: string,
  ) {
    super(`${status} ${code}${serverMessage ? `: ${serverMessage}` : ''}`);
    this.name = 'StudioError';
  }
}

export interface StudioApiOptions {
  fetch?: typeof fetch;
  cookies?: () => string;
}

export type StudioApi = ReturnType<typeof studioApi>;

const BASE = '/studio/api';

export function studioApi(options: StudioApiOptions = {}) {
  const doFetch = options.fetch ?? ((input, init) => fetch(input, init));
  const cookies =
    options.cookies ?? (() => (typeof document === 'undefined' ? '' : document.cookie));

  async function call<T>(method: 'GET' | 'POST', path: string, body?: unknown): Promise<T> {
    const headers: Record<string, string> = { Accept: 'application/json' };
    if (method !== 'GET') {
      headers['Content-Type'] = 'application/json';
      const token = cookieValue(cookies(), XSRF_COOKIE);
      if (token) headers[XSRF_HEADER] = token;
    }
    let res: Response;
    try {
      res = await doFetch(BASE + path, {
        method,
        credentials: 'same-origin',
        cache: 'no-store',
        headers,
        body: method === 'GET' ? undefined : JSON.stringify(body ?? {}),
      });
    } catch (e) {
      throw new StudioError(0, 'NETWORK', String(e));
    }
    const text = await res.text().catch(() => '');
    let parsed: unknown = undefined;
    try {
      parsed = text ? JSON.parse(text) : undefined;
    } catch {
      // not JSON (a proxy's error page)
    }
    if (!res.ok) {
      const refusal = (parsed ?? {}) as { code?: unknown; message?: unknown };
      throw new StudioError(
        res.status,
        typeof refusal.code === 'string' ? refusal.code : `HTTP_${res.status}`,
        typeof refusal.message === 'string' ? refusal.message : '',
      );
    }
    return (parsed ?? {}) as T;
  }

  const table = (id: string) => `/tables/${encodeURIComponent(id)}`;

  return {
    login: (login: string, password: string) => call<Staff>('POST', '/login', { login, password }),
    logout: () => call<object>('POST', '/logout', {}),
    me: () => call<Staff>('GET', '/me'),
    tables: async () => (await call<{ tables?: TableRow[] }>('GET', '/tables')).tables ?? [],
    table: (id: string) => call<TableDetail>('GET', table(id)),
    dealer: (id: string, action: DealerAction) =>
      call<TableDetail>('POST', `${table(id)}/dealer`, action),
    chat: (id: string, text: string) =>
      call<{ sent: boolean }>('POST', `${table(id)}/chat`, { text }),
    closing: (id: string, minutes: number) =>
      call<{ minutes: number; closesAt: number }>('POST', `${table(id)}/closing`, { minutes }),
    pause: (id: string, paused: boolean) =>
      call<TableDetail>('POST', `${table(id)}/pause`, { paused }),
    mode: (id: string, dealerMode: DealerMode) =>
      call<TableDetail>('POST', `${table(id)}/mode`, { dealerMode }),
    /** At `tableId`: a supervisor of some tables mutes only at theirs. */
    mute: (tableId: string, playerId: string, minutes: number) =>
      call<{ playerId: string; mutedUntil: number | null }>('POST', '/mute', {
        tableId,
        playerId,
        minutes,
      }),
  };
}
