// Promotions (SPEC §1 "Promotions panel … promotion trophy/ear indicator", §3 "Promo trophy
// state", §4 "Promotion trophy", §7, §8; docs/protocol.md "Promotions"): the promotion as
// the server gives it, its calls, the promotions socket, and the store the lobby's panel
// and the tables' trophy read.
//
// - GET /v2/fetchPromotionsInfo: the operator's promotions in the player's currency (each
//   in its current, next or just ended period) with the player's standing and the top ten,
//   and the trophy. POST /api/ui/promotions/optin {promotionId, optIn} answers the
//   promotion as it is now (it replaces the one shown).
// - The promotions socket, GET /promo/ws?token=<jwtToken>: the token comes from POST
//   /api/ui/updateJwtToken ({jwtToken, expiresAt}); the server pushes
//   {"type":"promotions", …as fetchPromotionsInfo…} on open and on every change, answers
//   `<ping/>` with {"type":"pong"}, and closes with 1008 for a bad or expired token. The
//   client pings a quiet socket, reconnects with a growing backoff (with jitter), asks for a
//   new token a minute before the one in use expires and reconnects with it, and tells its
//   state: connecting, open or down (SPEC §8: a disconnect icon while it is down).
// - The store is one per session, started while something shows promotions (the lobby's
//   panel, a table's trophy) and stopped a little after the last of them goes, so that
//   going from the lobby to a table keeps the socket.
// - The trophy at a table (SPEC §4): shown while a promotion runs that plays at the table's
//   game family; active when the player is opted in to it; ignored while a free bet is
//   placed (the free chip is the chip in play). A round's bets that total less than its
//   minimum bet bring PROMO_BET_BELOWMIN (SPEC §8).
import { useEffect, useMemo } from 'react';

import { localiseDecimal } from './format/locale';
import { type CurrencyStyle, type Units, formatMoney, parseAmount } from './format/money';
import { type Http, HttpError } from './http/http';
import type { NetworkEvents, SocketLike } from './realtime/realtime';
import { browserSocket } from './realtime/socket';
import { type SessionState, useServices } from './session';
import { type Store, createStore, useStore } from './store';

// ---- The promotion ----------------------------------------------------------------------

export const PROMOTION_STATUSES = ['upcoming', 'running', 'ended'] as const;
export type PromotionStatus = (typeof PROMOTION_STATUSES)[number];

export const SCORINGS = ['most_wagered', 'biggest_multiplier', 'most_wins'] as const;
export type Scoring = (typeof SCORINGS)[number];

/** The most rows a leaderboard shows (the server's top ten). */
export const LEADERBOARD_ROWS = 10;

export interface LeaderRow {
  rank: number;
  /** As the server gives it (masked, "A***", with hide_screenname_leaderboard). */
  name: string;
  /** The score as the server writes it ("120.00", "36.00", "7"). */
  score: string;
  /** The player's own row. */
  me: boolean;
}

export interface Standing {
  /** The player's place; null while they have no score. */
  rank: number | null;
  score: string;
}

export interface Promotion {
  promotionId: string;
  period: string;
  name: string;
  status: PromotionStatus;
  startsAt: number | null;
  endsAt: number | null;
  /** The game families it plays at; empty: every one. */
  games: string[];
  minBet: Units;
  /** How a player scores; null for a rule this client does not know. */
  scoring: Scoring | null;
  /** The prizes from the first place down. */
  prizes: Units[];
  optedIn: boolean;
  players: number;
  standing: Standing | null;
  leaderboard: LeaderRow[];
  /** An ended period's prizes were paid. */
  paid: boolean;
}

/** The promotion trophy (SPEC §3 "Promo trophy state": enabled, active, minimum bet). */
export interface Trophy {
  enabled: boolean;
  active: boolean;
  minBet: Units;
  promotionId: string;
}

export interface PromotionsInfo {
  promotions: Promotion[];
  trophy: Trophy | null;
}

const text = (v: unknown): string => (typeof v === 'string' ? v : '');
const amount = (v: unknown): Units => {
  const u = typeof v === 'string' ? parseAmount(v) : null;
  return u !== null && u >= 0 ? u : 0;
};
const count = (v: unknown): number =>
  typeof v === 'number' && Number.isFinite(v) && v > 0 ? Math.floor(v) : 0;
const time = (v: unknown): number | null =>
  typeof v === 'number' && Number.isFinite(v) && v > 0 ? v : null;
const rankOf = (v: unknown): number | null => (count(v) > 0 ? count(v) : null);
/** A score as text: a plain decimal number, else nothing. */
const scoreOf = (v: unknown): string => {
  const s = typeof v === 'number' && Number.isFinite(v) ? String(v) : text(v);
  return /^-?\d{1,15}(\.\d{1,5})?$/.test(s) ? s : '';
};

function leaderRow(raw: unknown): LeaderRow | null {
  if (!raw || typeof raw !== 'object') return null;
  const r = raw as Record<string, unknown>;
  const rank = rankOf(r.rank);
  if (rank === null) return null;
  return { rank, name: text(r.name).slice(0, 64), score: scoreOf(r.score), me: r.me === true };
}

/** The leaderboard: the top ten, in rank order, and the player's own row wherever it is. */
function leaderboardOf(raw: unknown): LeaderRow[] {
  if (!Array.isArray(raw)) return [];
  const rows = raw.map(leaderRow).filter((r): r is LeaderRow => r !== null);
  rows.sort((a, b) => a.rank - b.rank);
  const top = rows.slice(0, LEADERBOARD_ROWS);
  const mine = rows.slice(LEADERBOARD_ROWS).find((r) => r.me);
  return mine ? [...top, mine] : top;
}

/** A promotion from the server's JSON; null when it is not one (no id, an unknown status). */
export function parsePromotion(raw: unknown): Promotion | null {
  if (!raw || typeof raw !== 'object') return null;
  const r = raw as Record<string, unknown>;
  const promotionId = text(r.promotionId);
  if (!promotionId || !PROMOTION_STATUSES.includes(r.status as PromotionStatus)) return null;
  const standing =
    r.standing && typeof r.standing === 'object' ? (r.standing as Record<string, unknown>) : null;
  return {
    promotionId,
    period: text(r.period),
    name: text(r.name) || promotionId,
    status: r.status as PromotionStatus,
    startsAt: time(r.startsAt),
    endsAt: time(r.endsAt),
    games: Array.isArray(r.games) ? r.games.filter((g): g is string => typeof g === 'string') : [],
    minBet: amount(r.minBet),
    scoring: SCORINGS.includes(r.scoring as Scoring) ? (r.scoring as Scoring) : null,
    prizes: Array.isArray(r.prizes) ? r.prizes.map(amount).filter((p) => p > 0) : [],
    optedIn: r.optedIn === true,
    players: count(r.players),
    standing: standing ? { rank: rankOf(standing.rank), score: scoreOf(standing.score) } : null,
    leaderboard: leaderboardOf(r.leaderboard),
    paid: r.paid === true,
  };
}

/** The trophy from the server's JSON; null when there is none. */
export function parseTrophy(raw: unknown): Trophy | null {
  if (!raw || typeof raw !== 'object') return null;
  const r = raw as Record<string, unknown>;
  return {
    enabled: r.enabled === true,
    active: r.active === true,
    minBet: amount(r.minBet),
    promotionId: text(r.promotionId),
  };
}

/** fetchPromotionsInfo's answer (and the socket's `promotions` message); throws without a list. */
export function parsePromotionsInfo(raw: unknown): PromotionsInfo {
  const list = raw && typeof raw === 'object' ? (raw as Record<string, unknown>).promotions : null;
  if (!Array.isArray(list)) throw new Error('promotions: no promotions list');
  const promotions: Promotion[] = [];
  for (const p of list.map(parsePromotion))
    if (p && !promotions.some((x) => x.promotionId === p.promotionId)) promotions.push(p);
  return { promotions, trophy: parseTrophy((raw as Record<string, unknown>).trophy) };
}

/**
 * The promotions after an opt in or out answered `promotion`: it replaces the one shown,
 * and the trophy that names it follows its opt-in.
 */
export function withPromotion(info: PromotionsInfo, promotion: Promotion): PromotionsInfo {
  const has = info.promotions.some((p) => p.promotionId === promotion.promotionId);
  const promotions = has
    ? info.promotions.map((p) => (p.promotionId === promotion.promotionId ? promotion : p))
    : [...info.promotions, promotion];
  const trophy =
    info.trophy && info.trophy.promotionId === promotion.promotionId
      ? { ...info.trophy, active: promotion.optedIn }
      : info.trophy;
  return { promotions, trophy };
}

/**
 * A score as the player reads it: an amount for most_wagered, a multiplier ("36.00×") for
 * biggest_multiplier, a count for most_wins; written in the page's language.
 */
export function scoreText(score: string, scoring: Scoring | null, currency: CurrencyStyle): string {
  if (!score) return '';
  if (scoring === 'most_wagered') {
    const u = parseAmount(score);
    return u === null ? score : formatMoney(u, currency);
  }
  const number = localiseDecimal(score);
  return scoring === 'biggest_multiplier' ? `${number}×` : number;
}

// ---- The trophy at a table (SPEC §3, §4, §8) ----------------------------------------------

/**
 * Whether a promotion plays at a table of this game family (tableConfig.game; no games
 * listed: every one). Families are the server's: the one-hand blackjack is `onebj`, not
 * `blackjack`, as the server counts its bets.
 */
export function playsAtFamily(p: Pick<Promotion, 'games'>, family: string): boolean {
  return p.games.length === 0 || p.games.includes(family);
}

/** The trophy as a table shows it (SPEC §3: enabled, active, minimum bet, tooltip). */
export interface TrophyState {
  promotionId: string;
  /** The promotion it stands for, when the list has it. */
  promotion: Promotion | null;
  name: string;
  /** The player is opted in. */
  active: boolean;
  minBet: Units;
  /** The player's place (null: not ranked, or not opted in). */
  rank: number | null;
  score: string;
  scoring: Scoring | null;
}

/**
 * The trophy at a table of `family`, or null when it is not shown: no trophy (no promotion
 * running in the player's currency), none that plays at this family, or a free bet placed
 * (SPEC §4: the trophy is ignored then). It stands for the trophy's own promotion when that
 * plays here, else for the first running one here the player is in, else the first.
 */
export function trophyState(
  info: PromotionsInfo | null,
  family: string | null,
  freeBetSelected: boolean,
): TrophyState | null {
  const trophy = info?.trophy;
  if (!info || !trophy?.enabled || !family || freeBetSelected) return null;
  const here = info.promotions.filter((p) => p.status === 'running' && playsAtFamily(p, family));
  const named = info.promotions.find((p) => p.promotionId === trophy.promotionId) ?? null;
  const promotion =
    here.find((p) => p.promotionId === trophy.promotionId) ??
    here.find((p) => p.optedIn) ??
    here[0] ??
    null;
  if (!promotion) {
    // The trophy names a promotion the list leaves out: it holds everywhere, as it says.
    if (named || !trophy.promotionId) return null;
    return {
      promotionId: trophy.promotionId,
      promotion: null,
      name: '',
      active: trophy.active,
      minBet: trophy.minBet,
      rank: null,
      score: '',
      scoring: null,
    };
  }
  const opted = promotion.optedIn;
  return {
    promotionId: promotion.promotionId,
    promotion,
    name: promotion.name,
    active: opted,
    minBet: promotion.minBet,
    rank: opted ? (promotion.standing?.rank ?? null) : null,
    score: opted ? (promotion.standing?.score ?? '') : '',
    scoring: promotion.scoring,
  };
}

/**
 * SPEC §8 PROMO_BET_BELOWMIN: the round's bets (placed, so more than nothing) total less
 * than the promotion's minimum bet.
 */
export function belowMinBet(total: Units, minBet: Units): boolean {
  return total > 0 && minBet > 0 && total < minBet;
}

// ---- The calls ------------------------------------------------------------------------------

export const PROMOTIONS_URL = '/v2/fetchPromotionsInfo';
export const OPT_IN_URL = '/api/ui/promotions/optin';
export const TOKEN_URL = '/api/ui/updateJwtToken';
export const PROMO_SOCKET_PATH = '/promo/ws';

export interface PromoToken {
  jwtToken: string;
  /** When it expires (ms epoch). */
  expiresAt: number;
}

/** updateJwtToken's answer; throws when it carries no token. */
export function parseToken(raw: unknown): PromoToken {
  const r = raw && typeof raw === 'object' ? (raw as Record<string, unknown>) : {};
  const jwtToken = text(r.jwtToken);
  const expiresAt = time(r.expiresAt);
  if (!jwtToken || expiresAt === null) throw new Error('updateJwtToken: no token');
  return { jwtToken, expiresAt };
}

/** The player's promotions calls. */
export function promotionsApi(http: Pick<Http, 'get' | 'post'>) {
  return {
    /** GET /v2/fetchPromotionsInfo. */
    info: async () => parsePromotionsInfo(await http.get<unknown>(PROMOTIONS_URL)),
    /**
     * POST /api/ui/promotions/optin: the promotion as it is after the change (the answer
     * is the promotion, or `{"promotion": …}`).
     */
    optIn: async (promotionId: string, optIn: boolean): Promise<Promotion> => {
      const raw = await http.post<unknown>(OPT_IN_URL, { promotionId, optIn });
      const inner =
        raw && typeof raw === 'object' ? (raw as { promotion?: unknown }).promotion : null;
      const p = parsePromotion(inner && typeof inner === 'object' ? inner : raw);
      if (!p) throw new Error(`promotions/optin ${promotionId}: no promotion in the answer`);
      return p;
    },
    /** POST /api/ui/updateJwtToken: a token for the promotions socket. */
    token: async () => parseToken(await http.post<unknown>(TOKEN_URL, {})),
  };
}

/** The promotions socket's address on this page's host. */
export function promoSocketUrl(token: string, loc: Pick<Location, 'protocol' | 'host'>): string {
  const scheme = loc.protocol === 'https:' ? 'wss:' : 'ws:';
  return `${scheme}//${loc.host}${PROMO_SOCKET_PATH}?token=${encodeURIComponent(token)}`;
}

// ---- The promotions socket ------------------------------------------------------------------

export type PromoConnection = 'connecting' | 'open' | 'down';

export interface PromoSocketOptions {
  /** The socket's address for a token. */
  url: (token: string) => string;
  /** A new token (updateJwtToken). */
  token: () => Promise<PromoToken>;
  onInfo: (info: PromotionsInfo) => void;
  onState: (state: PromoConnection) => void;
  createSocket?: (url: string) => SocketLike;
  now?: () => number;
  random?: () => number;
  backoffInitialMs?: number;
  backoffMaxMs?: number;
  /** A new token is asked for this long before the one in use expires. */
  refreshBeforeMs?: number;
  /** A quiet socket is pinged this often. */
  pingEveryMs?: number;
  /** A socket silent this long is given up and reopened. */
  deadAfterMs?: number;
  /** The browser's `online` event: a waiting reconnect goes at once. */
  network?: Pick<NetworkEvents, 'addEventListener' | 'removeEventListener'>;
}

/** The close code of a refused token (bad, forged or expired). */
export const TOKEN_REFUSED = 1008;

export class PromoSocket {
  private readonly o: Required<Omit<PromoSocketOptions, 'createSocket' | 'network'>> &
    Pick<PromoSocketOptions, 'createSocket' | 'network'>;
  private socket: SocketLike | null = null;
  private token: PromoToken | null = null;
  private state: PromoConnection = 'down';
  private stopped = true;
  private attempts = 0;
  /** Each connection attempt's number: the answers of an older one are ignored. */
  private generation = 0;
  private lastHeard = 0;
  private retryTimer: ReturnType<typeof setTimeout> | null = null;
  private refreshTimer: ReturnType<typeof setTimeout> | null = null;
  private heartbeat: ReturnType<typeof setInterval> | null = null;

  constructor(options: PromoSocketOptions) {
    this.o = {
      now: Date.now,
      random: Math.random,
      backoffInitialMs: 1000,
      backoffMaxMs: 30_000,
      refreshBeforeMs: 60_000,
      pingEveryMs: 20_000,
      deadAfterMs: 50_000,
      network: typeof window === 'undefined' ? undefined : window,
      ...options,
    };
  }

  getState(): PromoConnection {
    return this.state;
  }

  start(): void {
    if (!this.stopped) return;
    this.stopped = false;
    this.attempts = 0;
    this.o.network?.addEventListener('online', this.onOnline);
    void this.connect();
  }

  /** Closes for good (until started again). */
  stop(): void {
    if (this.stopped) return;
    this.stopped = true;
    this.generation++;
    this.o.network?.removeEventListener('online', this.onOnline);
    this.clearTimers();
    const s = this.socket;
    this.socket = null;
    s?.close(1000, 'bye');
    this.setState('down');
  }

  private readonly onOnline = () => {
    if (this.stopped || this.state !== 'down' || this.retryTimer === null) return;
    this.attempts = 0;
    void this.connect();
  };

  private async connect(): Promise<void> {
    const gen = ++this.generation;
    this.clearTimers();
    this.setState('connecting');
    let token = this.token;
    if (!token || token.expiresAt - this.o.now() <= this.o.refreshBeforeMs) {
      try {
        token = await this.o.token();
      } catch (e) {
        if (gen !== this.generation) return;
        // The session ended (its own popup says so): nothing to reconnect to.
        if (e instanceof HttpError && (e.problem === 'unauthorized' || e.problem === 'restricted'))
          return this.setState('down');
        return this.retry();
      }
      if (gen !== this.generation) return;
      this.token = token;
    }
    const create = this.o.createSocket ?? browserSocket;
    let socket: SocketLike;
    try {
      socket = create(this.o.url(token.jwtToken));
    } catch {
      return this.retry();
    }
    this.socket = socket;
    socket.onopen = () => {
      if (this.socket !== socket) return;
      this.lastHeard = this.o.now();
      this.setState('open');
      this.heartbeat = setInterval(() => this.beat(), this.o.pingEveryMs);
      this.scheduleRefresh();
    };
    socket.onmessage = (ev) => {
      if (this.socket === socket) this.receive(ev.data);
    };
    socket.onclose = (ev) => {
      if (this.socket === socket) this.closed(ev.code);
    };
    socket.onerror = () => {
      // onclose follows and decides what to do
    };
  }

  private receive(data: unknown): void {
    this.lastHeard = this.o.now();
    if (typeof data !== 'string') return;
    let m: unknown;
    try {
      m = JSON.parse(data);
    } catch {
      return;
    }
    if (!m || typeof m !== 'object' || (m as { type?: unknown }).type !== 'promotions') return;
    let info: PromotionsInfo;
    try {
      info = parsePromotionsInfo(m);
    } catch {
      return;
    }
    // The server has spoken for this token: the backoff starts over.
    this.attempts = 0;
    this.o.onInfo(info);
  }

  private closed(code: number): void {
    this.socket = null;
    this.clearTimers();
    if (this.stopped) return;
    if (code === TOKEN_REFUSED) this.token = null; // ask for a new one
    this.retry();
  }

  private retry(): void {
    this.setState('down');
    const base = Math.min(this.o.backoffMaxMs, this.o.backoffInitialMs * 2 ** this.attempts);
    const delay = Math.round(base * (0.8 + 0.4 * this.o.random()));
    this.attempts++;
    this.retryTimer = setTimeout(() => {
      this.retryTimer = null;
      if (!this.stopped) void this.connect();
    }, delay);
  }

  /** Pings a quiet socket; gives up one that has been silent too long. */
  private beat(): void {
    const s = this.socket;
    if (!s) return;
    if (this.o.now() - this.lastHeard > this.o.deadAfterMs) {
      this.closed(4000);
      s.close(4000, 'silent');
      return;
    }
    try {
      s.send('<ping/>');
    } catch {
      // onclose follows
    }
  }

  /** A new token a little before this one expires, and a new socket with it. */
  private scheduleRefresh(): void {
    if (!this.token) return;
    const wait = Math.max(1000, this.token.expiresAt - this.o.refreshBeforeMs - this.o.now());
    this.refreshTimer = setTimeout(() => void this.refresh(), wait);
  }

  private async refresh(): Promise<void> {
    this.refreshTimer = null;
    const gen = this.generation;
    let token: PromoToken;
    try {
      token = await this.o.token();
    } catch {
      if (gen !== this.generation || this.stopped) return;
      // Keep the socket while the token lasts; ask again in a while.
      this.refreshTimer = setTimeout(() => void this.refresh(), this.o.backoffMaxMs);
      return;
    }
    if (gen !== this.generation || this.stopped) return;
    this.token = token;
    const old = this.socket;
    this.socket = null;
    old?.close(1000, 'new token');
    this.attempts = 0;
    void this.connect();
  }

  private clearTimers(): void {
    if (this.retryTimer) clearTimeout(this.retryTimer);
    if (this.refreshTimer) clearTimeout(this.refreshTimer);
    if (this.heartbeat) clearInterval(this.heartbeat);
    this.retryTimer = null;
    this.refreshTimer = null;
    this.heartbeat = null;
  }

  private setState(s: PromoConnection): void {
    if (s === this.state) return;
    this.state = s;
    this.o.onState(s);
  }
}

// ---- The store ----------------------------------------------------------------------------

export interface PromotionsState {
  /** The latest promotions and trophy; null until the first answer. */
  info: PromotionsInfo | null;
  connection: PromoConnection;
}

export interface HubOptions {
  createSocket?: (url: string) => SocketLike;
  /** How long the socket stays open after the last reader goes. */
  graceMs?: number;
  location?: Pick<Location, 'protocol' | 'host'>;
  socket?: Partial<PromoSocketOptions>;
}

/** The promotions of one session: the store, its socket and the opt-in call. */
export class PromotionsHub {
  readonly store: Store<PromotionsState> = createStore<PromotionsState>({
    info: null,
    connection: 'connecting',
  });
  private readonly api: ReturnType<typeof promotionsApi>;
  private readonly socket: PromoSocket;
  private readers = 0;
  private running = false;
  private stopTimer: ReturnType<typeof setTimeout> | null = null;
  /** Pushes the socket has delivered: an older answer to GET does not replace them. */
  private pushes = 0;
  private readonly graceMs: number;

  constructor(http: Pick<Http, 'get' | 'post'>, options: HubOptions = {}) {
    this.api = promotionsApi(http);
    this.graceMs = options.graceMs ?? 10_000;
    const loc = options.location ?? globalThis.location;
    this.socket = new PromoSocket({
      url: (token) => promoSocketUrl(token, loc),
      token: () => this.api.token(),
      onInfo: (info) => {
        this.pushes++;
        this.store.set((s) => ({ ...s, info }));
      },
      onState: (connection) => this.store.set((s) => ({ ...s, connection })),
      createSocket: options.createSocket,
      ...options.socket,
    });
  }

  /** Something shows promotions: they are read and followed until it lets go. */
  acquire(): () => void {
    this.readers++;
    if (this.stopTimer) clearTimeout(this.stopTimer);
    this.stopTimer = null;
    if (!this.running) this.start();
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.readers--;
      if (this.readers > 0) return;
      this.stopTimer = setTimeout(() => {
        this.stopTimer = null;
        if (this.readers === 0) this.stop();
      }, this.graceMs);
    };
  }

  /** Opts in or out; the answer replaces the promotion shown. Throws as the call does. */
  async optIn(promotionId: string, optIn: boolean): Promise<Promotion> {
    const promotion = await this.api.optIn(promotionId, optIn);
    this.store.set((s) => ({
      ...s,
      info: withPromotion(s.info ?? { promotions: [], trophy: null }, promotion),
    }));
    return promotion;
  }

  private start(): void {
    this.running = true;
    const before = this.pushes;
    this.api
      .info()
      .then((info) => {
        if (this.pushes === before) this.store.set((s) => ({ ...s, info }));
      })
      .catch(() => {
        /* the socket's first push brings them; the panel says while it is down */
      });
    this.socket.start();
  }

  private stop(): void {
    this.running = false;
    this.socket.stop();
  }
}

const hubs = new WeakMap<Store<SessionState>, PromotionsHub>();

/** The session's promotions (one hub per session). */
export function promotionsHub(
  http: Pick<Http, 'get' | 'post'>,
  session: Store<SessionState>,
  options?: HubOptions,
): PromotionsHub {
  let hub = hubs.get(session);
  if (!hub) hubs.set(session, (hub = new PromotionsHub(http, options)));
  return hub;
}

/**
 * The promotions and the promotions socket's state, followed while `enabled` (the hub
 * starts with its first reader); with the hub, for opting in and out.
 */
export function usePromotions(enabled = true): PromotionsState & { hub: PromotionsHub } {
  const { http, session } = useServices();
  const hub = useMemo(() => promotionsHub(http, session), [http, session]);
  useEffect(() => (enabled ? hub.acquire() : undefined), [hub, enabled]);
  const info = useStore(hub.store, (s) => s.info);
  const connection = useStore(hub.store, (s) => s.connection);
  return { info, connection, hub };
}
