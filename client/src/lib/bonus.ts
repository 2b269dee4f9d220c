// Bonuses and free bets (SPEC §3 "Free bet", §4 "Bonus status", §5, §7; docs/protocol.md
// "Bonuses and free bets"): the bonus as the bonus service gives it, its four calls, the
// rule that makes a free chip available, and the free chips' count as the tables see it.
//
// - A bonus is offered `pending`; the player accepts or declines it (app/BonusOffers); an
//   accepted one is `active` until `wagered`, `expired` or `cancelled`.
// - SPEC §4: only the FIRST eligible bonus (/bonus/chips' `eligible`, active ones first),
//   and only while it is active, makes a free chip available; otherwise there is none.
//   A count of zero is tracked: no chip while `bonusRemaining` is 0.
// - SPEC §4: a new bonus replacing an earlier one (another code, or another bonus of the
//   same code) marks the earlier as used: a record in session storage keeps the used ones,
//   so that a stale answer naming an earlier bonus first does not offer it again this visit.
// - The count shown at a table is the server's `bonusRemaining`, less the chips on their
//   way (bet commands not answered yet) and the chips the server accepted since that count
//   was asked for; /bonus/chips is read again when a round settles, so the count is the
//   server's again (its count leaves out the chips its accepted free bets staked).
//
// The service's address is env/getAll's `bonusPromotionsService` when it names this origin
// (the session cookie and the anti-forgery header go nowhere else), else `/bonus`.
import { type Units, amountText, parseAmount } from './format/money';
import type { Http } from './http/http';
import { isSamePath } from './http/urls';
import type { SessionState } from './session';
import type { Store } from './store';

export const BONUS_STATUSES = ['pending', 'active', 'expired', 'wagered', 'cancelled'] as const;
export type BonusStatus = (typeof BONUS_STATUSES)[number];
export type BonusKind = 'cash' | 'free_bet';

/** A bonus as the player's calls give it; amounts in units, counts as numbers. */
export interface Bonus {
  bonusId: string;
  bonusCode: string;
  /** The bonus's request id (SPEC §3 requestId): a free bet's `bonusRequestId`. */
  requestId: string;
  campaignName: string;
  kind: BonusKind;
  bonusStatus: BonusStatus;
  /** A cash bonus: what it credits; a free bet: chipValue times the chips. */
  amount: Units;
  chipValue: Units;
  noOfChips: number;
  bonusRemaining: number;
  /** The most chips one bet may stake (SPEC §3: 9999999 when the service says nothing). */
  maxChipLimit: number;
  maxWinningLimit: Units;
  /** The game families its chips are good for; empty: every one. */
  games: string[];
  expiresAt: number | null;
  createdAt: number | null;
}

export const DEFAULT_MAX_CHIP_LIMIT = 9_999_999;

const text = (v: unknown): string => (typeof v === 'string' ? v : '');
const amount = (v: unknown): Units => (typeof v === 'string' ? (parseAmount(v) ?? 0) : 0);
const count = (v: unknown, fallback = 0): number =>
  typeof v === 'number' && Number.isFinite(v) ? Math.max(0, Math.floor(v)) : fallback;
const time = (v: unknown): number | null =>
  typeof v === 'number' && Number.isFinite(v) && v > 0 ? v : null;

/** A bonus from the service's JSON; null when it is not one (no id, an unknown status). */
export function parseBonus(raw: unknown): Bonus | null {
  if (!raw || typeof raw !== 'object') return null;
  const r = raw as Record<string, unknown>;
  const bonusId = text(r.bonusId);
  const status = r.bonusStatus;
  if (!bonusId || !BONUS_STATUSES.includes(status as BonusStatus)) return null;
  const chipValue = amount(r.chipValue);
  const kind: BonusKind =
    r.kind === 'free_bet' || r.kind === 'cash'
      ? r.kind
      : chipValue > 0 && count(r.noOfChips) > 0
        ? 'free_bet'
        : 'cash';
  return {
    bonusId,
    bonusCode: text(r.bonusCode),
    requestId: text(r.requestId) || bonusId,
    campaignName: text(r.campaignName),
    kind,
    bonusStatus: status as BonusStatus,
    amount: amount(r.amount),
    chipValue,
    noOfChips: count(r.noOfChips),
    bonusRemaining: count(r.bonusRemaining),
    maxChipLimit: count(r.maxChipLimit, DEFAULT_MAX_CHIP_LIMIT) || DEFAULT_MAX_CHIP_LIMIT,
    maxWinningLimit: amount(r.maxWinningLimit),
    games: Array.isArray(r.games) ? r.games.filter((g): g is string => typeof g === 'string') : [],
    expiresAt: time(r.expiresAt),
    createdAt: time(r.createdAt),
  };
}

function bonusList(raw: unknown, field: 'eligible' | 'bonuses'): Bonus[] {
  const list = raw && typeof raw === 'object' ? (raw as Record<string, unknown>)[field] : null;
  if (!Array.isArray(list)) throw new Error(`bonus service: no ${field} list`);
  return list.map(parseBonus).filter((b): b is Bonus => b !== null);
}

/** The bonus service's address: env's bonusPromotionsService on this origin, else /bonus. */
export function bonusBase(
  env: Record<string, unknown> | undefined,
  origin: string | undefined = globalThis.location?.origin,
): string {
  const named = env?.bonusPromotionsService;
  const trim = (path: string) => path.replace(/\/+$/, '') || '/bonus';
  if (typeof named !== 'string' || named === '') return '/bonus';
  if (isSamePath(named)) return trim(named);
  try {
    const url = new URL(named);
    if (origin && url.origin === origin && isSamePath(url.pathname)) return trim(url.pathname);
  } catch {
    // not an address
  }
  return '/bonus';
}

/** The balance as the accept and decline answers carry it (as /api/ui/balance). */
export interface BalanceAnswer {
  balance?: string;
  bonusBalance?: string;
}

export interface BonusAnswer {
  bonus: Bonus | null;
  balance: BalanceAnswer | null;
}

/** The player's calls of the bonus service. */
export function bonusApi(http: Pick<Http, 'get' | 'post'>, base: string) {
  const answer = async (action: 'accept' | 'decline', bonusId: string): Promise<BonusAnswer> => {
    const r = await http.post<Record<string, unknown> | null>(`${base}/${action}`, { bonusId });
    return {
      bonus: parseBonus(r?.bonus),
      balance: r?.balance && typeof r.balance === 'object' ? (r.balance as BalanceAnswer) : null,
    };
  };
  return {
    /** GET /bonus/chips: the eligible free-bet bonuses, active ones first. */
    chips: async () => bonusList(await http.get<unknown>(`${base}/chips`), 'eligible'),
    /** GET /bonus/offers: every bonus of the player, newest first. */
    offers: async () => bonusList(await http.get<unknown>(`${base}/offers`), 'bonuses'),
    accept: (bonusId: string) => answer('accept', bonusId),
    decline: (bonusId: string) => answer('decline', bonusId),
  };
}

/** The bonus service of the session (its address from env/getAll). */
export function sessionBonusApi(http: Pick<Http, 'get' | 'post'>, session: Store<SessionState>) {
  return bonusApi(http, bonusBase(session.get().config?.env));
}

/** The offers the acceptance dialog shows: pending, not expired, the oldest first. */
export function pendingOffers(bonuses: readonly Bonus[], now: number): Bonus[] {
  // The service lists the newest first: reversed, equal or unknown times keep that order.
  return bonuses
    .filter((b) => b.bonusStatus === 'pending' && (b.expiresAt === null || b.expiresAt > now))
    .reverse()
    .sort((a, b) => (a.createdAt ?? 0) - (b.createdAt ?? 0));
}

// ---- Used bonuses (SPEC §4: a new bonus code replacing an earlier one) -----------------

export interface BonusMark {
  code: string;
  id: string;
}

/** The first eligible free bet seen last (`current`) and those it replaced (`used`). */
export interface UsedBonuses {
  current: BonusMark | null;
  used: BonusMark[];
}

export const NO_USED_BONUSES: UsedBonuses = Object.freeze({ current: null, used: [] });
export const USED_BONUSES_KEY = 'croupier.bonus.used';
const USED_KEEP = 20;

type Storage = Pick<globalThis.Storage, 'getItem' | 'setItem'>;

const markOf = (b: Bonus): BonusMark => ({ code: b.bonusCode, id: b.bonusId });
const sameMark = (a: BonusMark, b: BonusMark) => a.code === b.code && a.id === b.id;
const isMark = (v: unknown): v is BonusMark =>
  !!v &&
  typeof v === 'object' &&
  typeof (v as BonusMark).code === 'string' &&
  typeof (v as BonusMark).id === 'string';

export function isUsed(record: UsedBonuses, bonus: Bonus): boolean {
  return record.used.some((m) => sameMark(m, markOf(bonus)));
}

/**
 * The record after a read of the eligible list: when its first active free bet is another
 * one than the record's current, the current is used (it was replaced).
 */
export function noteFirstEligible(record: UsedBonuses, eligible: readonly Bonus[]): UsedBonuses {
  const first = eligible[0];
  if (!first || first.bonusStatus !== 'active' || first.kind !== 'free_bet') return record;
  if (isUsed(record, first)) return record;
  const mark = markOf(first);
  if (record.current && sameMark(record.current, mark)) return record;
  const used = record.current ? [...record.used, record.current].slice(-USED_KEEP) : record.used;
  return { current: mark, used };
}

export function readUsedBonuses(storage: Storage | null): UsedBonuses {
  try {
    const v = JSON.parse(storage?.getItem(USED_BONUSES_KEY) ?? 'null') as unknown;
    if (!v || typeof v !== 'object') return NO_USED_BONUSES;
    const { current, used } = v as Record<string, unknown>;
    return {
      current: isMark(current) ? current : null,
      used: Array.isArray(used) ? used.filter(isMark).slice(-USED_KEEP) : [],
    };
  } catch {
    return NO_USED_BONUSES;
  }
}

export function writeUsedBonuses(storage: Storage | null, record: UsedBonuses): void {
  try {
    storage?.setItem(USED_BONUSES_KEY, JSON.stringify(record));
  } catch {
    // storage full or refused: the record holds for this page only
  }
}

/** The page's session storage; null where the browser refuses it. */
export function bonusStorage(): Storage | null {
  try {
    return globalThis.sessionStorage ?? null;
  } catch {
    return null;
  }
}

// ---- The free chip (SPEC §4) -------------------------------------------------------------

/**
 * SPEC §4: the bonus whose free chip is available, or null. Only the first eligible bonus
 * counts, and only if it is an active free bet, not expired at `now`, not used (replaced
 * earlier in this visit) and with chips left.
 */
export function firstFreeBonus(
  eligible: readonly Bonus[],
  now: number,
  used: UsedBonuses = NO_USED_BONUSES,
): Bonus | null {
  const first = eligible[0];
  if (!first || first.bonusStatus !== 'active' || first.kind !== 'free_bet') return null;
  if (first.expiresAt !== null && first.expiresAt <= now) return null;
  if (first.chipValue <= 0 || first.bonusRemaining <= 0 || isUsed(used, first)) return null;
  return first;
}

/** Whether a bonus's chips are good at a table of this game family (empty list: all). */
export function playsAt(bonus: Bonus, family: string): boolean {
  return bonus.games.length === 0 || bonus.games.includes(family);
}

/** SPEC §5: a free bet's chip count is its amount divided by the chip value, rounded. */
export function chipCountOf(amountUnits: Units, chipValue: Units): number {
  return chipValue > 0 ? Math.round(amountUnits / chipValue) : 0;
}

/** The attributes a free bet command carries (docs/protocol.md "Free bets at a table"). */
export function freeBetAttributes(bonus: Bonus): Record<string, string> {
  return {
    bonusId: bonus.bonusId,
    bonusCode: bonus.bonusCode,
    chipValue: amountText(bonus.chipValue),
    campaignName: bonus.campaignName,
    bonusRequestId: bonus.requestId,
  };
}

/** The free chips as the client keeps them (SessionState.freeChips). */
export interface FreeChipState {
  /** /bonus/chips' eligible list as last read; null before the first read. */
  eligible: Bonus[] | null;
  /** When that list was read (expiry is judged then). */
  readAt: number;
  /** Chips the server accepted since that list was asked for. */
  spent: number;
  /** Chips of bet commands not answered yet. */
  reserved: number;
  used: UsedBonuses;
}

export const NO_FREE_CHIPS: FreeChipState = Object.freeze({
  eligible: null,
  readAt: 0,
  spent: 0,
  reserved: 0,
  used: NO_USED_BONUSES,
});

/** The free chip at a table of `family`: its bonus, value, chips left and per-spot limit. */
export interface FreeChip {
  bonus: Bonus;
  value: Units;
  /** Chips the player may still place (never below 0). */
  left: number;
  /** The most free chips on one spot (maxChipLimit). */
  perSpot: number;
}

export function freeChipOf(
  state: FreeChipState | undefined,
  family: string | null,
): FreeChip | null {
  if (!state?.eligible || !family) return null;
  const bonus = firstFreeBonus(state.eligible, state.readAt, state.used);
  if (!bonus || !playsAt(bonus, family)) return null;
  return {
    bonus,
    value: bonus.chipValue,
    left: Math.max(0, bonus.bonusRemaining - state.spent - state.reserved),
    perSpot: bonus.maxChipLimit,
  };
}

// ---- The session's free chips ----------------------------------------------------------------

function updateFreeChips(session: Store<SessionState>, f: (s: FreeChipState) => FreeChipState) {
  session.set((s) => ({ ...s, freeChips: f(s.freeChips ?? NO_FREE_CHIPS) }));
}

/** Chips of a bet command on its way. */
export function reserveFreeChips(session: Store<SessionState>, chips: number): void {
  updateFreeChips(session, (s) => ({ ...s, reserved: s.reserved + chips }));
}

/** A bet command answered: its chips are no longer on their way; `accepted` are spent. */
export function settleFreeChips(
  session: Store<SessionState>,
  reserved: number,
  accepted: number,
): void {
  updateFreeChips(session, (s) => ({
    ...s,
    reserved: Math.max(0, s.reserved - reserved),
    spent: s.spent + accepted,
  }));
}

/** Free bets taken back (undo, clear): their chips are the player's again. */
export function returnFreeChips(session: Store<SessionState>, chips: number): void {
  updateFreeChips(session, (s) => ({ ...s, spent: Math.max(0, s.spent - chips) }));
}

interface Reading {
  running: Promise<void>;
  again: boolean;
}
const readings = new WeakMap<Store<SessionState>, Reading>();

/**
 * Reads /bonus/chips into the session (one read at a time; asked again meanwhile, it reads
 * once more after). A failed read keeps what the session had.
 */
export function refreshFreeChips(
  http: Pick<Http, 'get' | 'post'>,
  session: Store<SessionState>,
  storage: Storage | null = bonusStorage(),
  now: () => number = Date.now,
): Promise<void> {
  const reading = readings.get(session);
  if (reading) {
    reading.again = true;
    return reading.running;
  }
  const spentBefore = session.get().freeChips?.spent ?? 0;
  const running = sessionBonusApi(http, session)
    .chips()
    .then((eligible) => {
      const used = noteFirstEligible(readUsedBonuses(storage), eligible);
      writeUsedBonuses(storage, used);
      updateFreeChips(session, (s) => ({
        ...s,
        eligible,
        readAt: now(),
        spent: Math.max(0, s.spent - spentBefore),
        used,
      }));
    })
    .catch(() => {
      /* the chips keep what they had */
    })
    .finally(() => {
      const again = readings.get(session)?.again ?? false;
      readings.delete(session);
      if (again) void refreshFreeChips(http, session, storage, now);
    });
  readings.set(session, { running, again: false });
  return running;
}
