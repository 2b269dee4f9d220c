// The reality check (SPEC section 2 popups, section 4 host messages): when the casino
// configuration's reality_check_interval_min is above 0, a popup every that many minutes
// of play tells the player how long they have played and, with net_position, their net
// win or loss this session; they continue or quit.
//
// "This session" is the browser tab's: the start, the net and the next due time are kept
// in sessionStorage for the player, so going from the lobby to a table (a new page) does
// not restart the clock. The next popup is due an interval after the player continues.
import { type Units, units } from '../format/money';

export const REALITY_STORAGE_KEY = 'croupier.realityCheck';

export interface RealityInfo {
  elapsedMs: number;
  /** The session's net win (positive) or loss (negative). */
  net: Units;
}

interface Saved {
  playerId: string;
  startedAt: number;
  dueAt: number;
  net: Units;
}

export interface RealityCheckOptions {
  intervalMin: number;
  playerId: string;
  now?: () => number;
  storage?: Pick<Storage, 'getItem' | 'setItem'> | null;
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
    return s as Saved;
  } catch {
    return null;
  }
}

export class RealityCheck {
  private readonly now: () => number;
  private readonly intervalMs: number;
  private state: Saved;
  private timer: ReturnType<typeof setTimeout> | null = null;
  private showing = false;

  constructor(private readonly options: RealityCheckOptions) {
    this.now = options.now ?? Date.now;
    this.intervalMs = options.intervalMin * 60_000;
    const t = this.now();
    this.state = load(options.storage, options.playerId) ?? {
      playerId: options.playerId,
      startedAt: t,
      dueAt: t + this.intervalMs,
      net: 0,
    };
    this.save();
    this.schedule();
  }

  info(): RealityInfo {
    return { elapsedMs: this.now() - this.state.startedAt, net: this.state.net };
  }

  /** Adds a settled round's net (a gameresult's `net`). */
  addNet(net: string): void {
    try {
      this.state = { ...this.state, net: this.state.net + units(net) };
      this.save();
    } catch {
      // not an amount: ignored
    }
  }

  /** The player continues: the next check is an interval from now. */
  continue(): void {
    this.showing = false;
    this.state = { ...this.state, dueAt: this.now() + this.intervalMs };
    this.save();
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
