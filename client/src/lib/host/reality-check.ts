// The reality check (SPEC section 2 popups, section 4 host messages; docs/regulation.md
// "Reality check" and "Reality check at the player's interval"): a popup every interval
// of play tells the player how long the session has lasted, what they have staked and,
// with net_position, their net win or loss; they continue or quit.
//
// The interval is the smaller positive of the casino configuration's
// reality_check_interval_min (the operator's) and the server's `intervalMinutes` (GET
// /api/cgibin/regulation/realityCheck: the interval that applies, the player's own when it
// is shorter); either alone is enough. When the popup is due the figures are the
// server's answer (`realityFiguresOf`), read then; when that call fails, the client's own
// figures: the time since the tab's first page and the stakes and net of the settled
// rounds it saw.
//
// "This session" is the browser tab's: the start, the client's figures, the interval and
// the next due time are kept in sessionStorage for the player, so going from the lobby to
// a table (a new page) does not restart the clock. The next popup is due an interval after
// the player continues (or after the start); a changed interval counts from that same
// point, and one where there was none from the moment it applies (a player who sets an
// interval after an hour's play is not met by a popup at once).
import { type Units, parseAmount, units } from '../format/money';

export const REALITY_STORAGE_KEY = 'croupier.realityCheck';
export const REALITY_CHECK_URL = '/api/cgibin/regulation/realityCheck';

/** What the popup shows. */
export interface RealityInfo {
  elapsedMs: number;
  /** The session's net win (positive) or loss (negative). */
  net: Units;
  /** The session's stakes; null when not known. */
  wagered?: Units | null;
  /** Whose figures: the server's answer, or the client's own (the call failed). */
  source?: 'server' | 'client';
}

/** The server's answer to GET /api/cgibin/regulation/realityCheck, as read at `readAt`. */
export interface RealityFigures {
  sessionStartedAt: number;
  sessionSeconds: number;
  currency: string;
  bets: number;
  wagered: Units;
  returned: Units;
  inPlay: Units;
  netPosition: Units;
  /** The interval that applies (0: none). */
  intervalMinutes: number;
  /** When it was read, on the page's clock: the session's time goes on from here. */
  readAt: number;
}

const whole = (v: unknown): number | null =>
  typeof v === 'number' && Number.isFinite(v) && v >= 0 ? Math.floor(v) : null;
const money = (v: unknown): Units | null => (typeof v === 'string' ? parseAmount(v) : null);

/** The reality check's answer, or null when it is not one (a missing or malformed field). */
export function realityFiguresOf(raw: unknown, readAt: number): RealityFigures | null {
  if (!raw || typeof raw !== 'object') return null;
  const r = raw as Record<string, unknown>;
  const sessionSeconds = whole(r.sessionSeconds);
  const wagered = money(r.wagered);
  const netPosition = money(r.netPosition);
  if (sessionSeconds === null || wagered === null || netPosition === null) return null;
  return {
    sessionStartedAt: whole(r.sessionStartedAt) ?? readAt - sessionSeconds * 1000,
    sessionSeconds,
    currency: typeof r.currency === 'string' ? r.currency : '',
    bets: whole(r.bets) ?? 0,
    wagered,
    returned: money(r.returned) ?? 0,
    inPlay: money(r.inPlay) ?? 0,
    netPosition,
    intervalMinutes: whole(r.intervalMinutes) ?? 0,
    readAt,
  };
}

/** The session's time in whole seconds at `now`: the answer's, plus the time since it was read. */
export function sessionSecondsAt(f: RealityFigures, now: number): number {
  return f.sessionSeconds + Math.max(0, Math.floor((now - f.readAt) / 1000));
}

/** The interval that applies: the smaller of the positive ones, 0 when neither is. */
export function realityInterval(operatorMin: number, serverMin: number | null | undefined): number {
  const positive = [operatorMin, serverMin ?? 0].filter((m) => m > 0);
  return positive.length > 0 ? Math.min(...positive) : 0;
}

/** The figures the popup shows from the server's answer. */
export function realityInfoOf(f: RealityFigures): RealityInfo {
  return {
    elapsedMs: f.sessionSeconds * 1000,
    net: f.netPosition,
    wagered: f.wagered,
    source: 'server',
  };
}

interface Saved {
  playerId: string;
  startedAt: number;
  dueAt: number;
  /** Where the current interval counts from (the start or the last Continue). */
  since: number;
  /** The interval that applied last (ms; 0: none). */
  intervalMs: number;
  net: Units;
  wagered: Units;
}

export interface RealityCheckOptions {
  /**
   * The operator's interval in minutes, 0 for none; the page's earlier one (the player's)
   * applies until setIntervalMin says otherwise.
   */
  intervalMin: number;
  playerId: string;
  now?: () => number;
  storage?: Pick<Storage, 'getItem' | 'setItem'> | null;
  /** The popup is due: `info` is the client's own figures. */
  onDue: (info: RealityInfo) => void;
}

function load(storage: RealityCheckOptions['storage'], playerId: string): Saved | null {
  try {
    const raw = storage?.getItem(REALITY_STORAGE_KEY);
    if (!raw) return null;
    const s = JSON.parse(raw) as Partial<Saved>;
    if (
      s.playerId !== playerId ||
      typeof s.startedAt !== 'number' ||
      typeof s.dueAt !== 'number' ||
      typeof s.net !== 'number'
    )
      return null;
    return {
      playerId,
      startedAt: s.startedAt,
      dueAt: s.dueAt,
      since: typeof s.since === 'number' ? s.since : s.startedAt,
      intervalMs: typeof s.intervalMs === 'number' && s.intervalMs >= 0 ? s.intervalMs : 0,
      net: s.net,
      wagered: typeof s.wagered === 'number' ? s.wagered : 0,
    };
  } catch {
    return null;
  }
}

export class RealityCheck {
  private readonly now: () => number;
  private intervalMs: number;
  private state: Saved;
  private timer: ReturnType<typeof setTimeout> | null = null;
  private showing = false;

  constructor(private readonly options: RealityCheckOptions) {
    this.now = options.now ?? Date.now;
    const t = this.now();
    const saved = load(options.storage, options.playerId);
    // An earlier page's interval (the player's own) holds until the server is asked again.
    this.intervalMs =
      realityInterval(Math.max(0, options.intervalMin), (saved?.intervalMs ?? 0) / 60_000) * 60_000;
    this.state = saved ?? {
      playerId: options.playerId,
      startedAt: t,
      dueAt: t + this.intervalMs,
      since: t,
      intervalMs: this.intervalMs,
      net: 0,
      wagered: 0,
    };
    this.state.intervalMs = this.intervalMs;
    if (this.intervalMs > 0) this.state.dueAt = this.state.since + this.intervalMs;
    this.save();
    this.schedule();
  }

  /** The interval in minutes now (0: none). */
  get intervalMin(): number {
    return this.intervalMs / 60_000;
  }

  /**
   * A new interval (0: none): the next popup is due that long after the interval's start,
   * or after now when no interval applied before.
   */
  setIntervalMin(minutes: number): void {
    const ms = Math.max(0, minutes) * 60_000;
    if (ms === this.intervalMs) return;
    const since = this.intervalMs === 0 ? this.now() : this.state.since;
    this.intervalMs = ms;
    this.state = { ...this.state, since, intervalMs: ms, dueAt: since + ms };
    this.save();
    if (!this.showing) this.schedule();
  }

  info(): RealityInfo {
    return {
      elapsedMs: this.now() - this.state.startedAt,
      net: this.state.net,
      wagered: this.state.wagered,
      source: 'client',
    };
  }

  /** Adds a settled round: its `net` and `stake` (a gameresult's). */
  addNet(net: string, stake?: string | null): void {
    try {
      const add = stake ? units(stake) : 0;
      this.state = {
        ...this.state,
        net: this.state.net + units(net),
        wagered: this.state.wagered + add,
      };
      this.save();
    } catch {
      // not an amount: ignored
    }
  }

  /** The player continues: the next check is an interval from now. */
  continue(): void {
    this.showing = false;
    const t = this.now();
    this.state = { ...this.state, since: t, dueAt: t + this.intervalMs };
    this.save();
    this.schedule();
  }

  /** The popup was due but is not shown after all (no interval applies any more). */
  skip(): void {
    this.showing = false;
    this.schedule();
  }

  stop(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
  }

  private schedule(): void {
    this.stop();
    if (this.intervalMs <= 0) return;
    this.timer = setTimeout(() => this.due(), Math.max(0, this.state.dueAt - this.now()));
  }

  private due(): void {
    this.timer = null;
    if (this.showing) return;
    this.showing = true;
    this.options.onDue(this.info());
  }

  private save(): void {
    try {
      this.options.storage?.setItem(REALITY_STORAGE_KEY, JSON.stringify(this.state));
    } catch {
      // storage full or blocked: the check still runs for this page
    }
  }
}
