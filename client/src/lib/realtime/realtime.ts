// The one WebSocket of the client. Features register handlers for event types and send
// commands through it; no component touches a WebSocket.
//
// - Reconnects with exponential backoff (0.5 s doubling to 8 s, with jitter) unless the
//   server ended the session (close code 1008).
// - Tracks each channel's epoch and version: duplicates are dropped, a gap asks for the
//   missed events, and after a reconnect a channel resumes from its last version (the
//   server replays what was missed) or, when it cannot, receives a resync. An event
//   belongs to the channel it names (`"channel":"lobby"`), else to its table's.
// - Bet commands carry a requestId and resolve with the server's answer. Commands that
//   were not answered when the connection dropped are resent after the reconnect only
//   when the resync's `myAcks` shows the server never answered them.
// - Events replayed after a resume are marked `replayed: true`.
// - Heartbeat: a connection that has been silent for 0.75 s is pinged (table events count
//   as signs of life, so a busy table needs no pings), and one silent for 2.75 s is
//   treated as dead and reopened: a dead socket is noticed within 3 s. The round trip is
//   measured at least every 5 s for the quality indicator.
// - When the browser reports it is online again (or the page becomes visible), a waiting
//   reconnect happens at once instead of after its backoff; `offline` gives the socket up.

export interface ServerMessage {
  type: string;
  [key: string]: unknown;
}

export type ConnectionStatus = 'connecting' | 'open' | 'reconnecting' | 'ended' | 'closed';
export type Quality = 'good' | 'fair' | 'poor' | 'offline';

export interface SocketLike {
  send(data: string): void;
  close(code?: number, reason?: string): void;
  onopen: ((ev: unknown) => void) | null;
  onmessage: ((ev: { data: unknown }) => void) | null;
  onclose: ((ev: { code: number; reason?: string }) => void) | null;
  onerror: ((ev: unknown) => void) | null;
}

/** Where the browser's online, offline and visibility events come from (tests pass a fake). */
export interface NetworkEvents {
  addEventListener(type: 'online' | 'offline' | 'visibilitychange', listener: () => void): void;
  removeEventListener(type: 'online' | 'offline' | 'visibilitychange', listener: () => void): void;
}

export interface RealtimeOptions {
  /** The socket's address; a function is asked at each connection (the url list's). */
  url: string | (() => string);
  createSocket?: (url: string) => SocketLike;
  now?: () => number;
  random?: () => number;
  /** How often the heartbeat looks at the connection. */
  tickMs?: number;
  /** Silence after which the server is pinged. */
  idlePingMs?: number;
  /** A round-trip measurement at least this often, busy or not. */
  pingEveryMs?: number;
  deadAfterMs?: number;
  /** A new socket the server has not greeted within this is given up and retried. */
  connectTimeoutMs?: number;
  /** online/offline (window) and visibilitychange (document); none when absent. */
  network?: { window?: NetworkEvents; document?: NetworkEvents };
  backoffInitialMs?: number;
  backoffMaxMs?: number;
}

interface ChannelState {
  epoch?: string;
  v?: number;
  replaying?: number; // events still to come that the server replays after a resume
}

interface PendingCommand {
  requestId: string;
  channel: string;
  xml: string;
  sentOnThisConnection: boolean;
  resolve: (ack: ServerMessage) => void;
}

type Handler = (m: ServerMessage) => void;

// Answers to commands, matched by requestId (blackjack: decide and autoplay too; crash
// tables: cashout and autocashout, whose automatic cash-outs come as answers to nothing;
// game shows: choose).
const ACK_TYPES = new Set([
  'betack',
  'cancelack',
  'seatack',
  'decisionack',
  'autoplayack',
  'cashoutack',
  'autocashoutack',
  'chooseack',
]);
const SESSION_ENDED = 1008;

/**
 * The channel an event belongs to: the one it names (the lobby's events carry
 * `"channel":"lobby"`), else its table's (`table-rou-1`).
 */
export function channelOf(m: ServerMessage): string {
  return typeof m.channel === 'string' && m.channel !== '' ? m.channel : `table-${String(m.table)}`;
}

export function qualityOf(rttMs: number | null, status: ConnectionStatus): Quality {
  if (status !== 'open' || rttMs === null) return status === 'open' ? 'good' : 'offline';
  if (rttMs < 150) return 'good';
  if (rttMs < 400) return 'fair';
  return 'poor';
}

function defaultNetwork(): RealtimeOptions['network'] {
  return {
    window: typeof window === 'undefined' ? undefined : window,
    document: typeof document === 'undefined' ? undefined : document,
  };
}

export class Realtime {
  private readonly opts: Required<Omit<RealtimeOptions, 'createSocket' | 'network'>> &
    Pick<RealtimeOptions, 'createSocket' | 'network'>;
  private socket: SocketLike | null = null;
  private readonly handlers = new Map<string, Set<Handler>>();
  private readonly statusHandlers = new Set<(s: ConnectionStatus) => void>();
  private readonly channels = new Map<string, ChannelState>();
  private readonly pending = new Map<string, PendingCommand>();
  private status: ConnectionStatus = 'connecting';
  private attempts = 0;
  private rtt: number | null = null;
  private pingSeq = 0;
  private readonly pingSentAt = new Map<string, number>();
  private lastHeard = 0;
  private lastPing = 0;
  private lastTick = 0;
  private pingTimer: ReturnType<typeof setInterval> | null = null;
  private reconnectTimer: ReturnType<typeof setTimeout> | null = null;
  private welcomeTimer: ReturnType<typeof setTimeout> | null = null;
  private stopped = false;

  constructor(options: RealtimeOptions) {
    this.opts = {
      now: Date.now,
      random: Math.random,
      tickMs: 250,
      idlePingMs: 750,
      pingEveryMs: 5000,
      deadAfterMs: 2750,
      connectTimeoutMs: 5000,
      backoffInitialMs: 500,
      backoffMaxMs: 8000,
      network: defaultNetwork(),
      ...options,
    };
  }

  /** How often the round trip is measured, busy or not (the casino's ws_time_in_sec). */
  setPingEvery(ms: number): void {
    this.opts.pingEveryMs = Math.max(1000, ms);
  }

  connect(): void {
    this.stopped = false;
    this.listenToNetwork(true);
    this.open();
  }

  /** Closes for good (no reconnect). */
  close(): void {
    this.stopped = true;
    this.listenToNetwork(false);
    this.clearTimers();
    this.socket?.close(1000, 'bye');
    this.socket = null;
    this.setStatus('closed');
  }

  on(type: string, handler: Handler): () => void {
    let set = this.handlers.get(type);
    if (!set) this.handlers.set(type, (set = new Set()));
    set.add(handler);
    return () => set.delete(handler);
  }

  onStatus(handler: (s: ConnectionStatus) => void): () => void {
    this.statusHandlers.add(handler);
    handler(this.status);
    return () => this.statusHandlers.delete(handler);
  }

  getStatus(): ConnectionStatus {
    return this.status;
  }

  latency(): number | null {
    return this.rtt;
  }

  quality(): Quality {
    return qualityOf(this.rtt, this.status);
  }

  /** Follows a channel ("table-rou-1"); returns the function that stops following it. */
  subscribe(channel: string): () => void {
    if (!this.channels.has(channel)) this.channels.set(channel, {});
    if (this.status === 'open') this.sendSubscribe(channel);
    return () => {
      this.channels.delete(channel);
      if (this.status === 'open') this.raw(`<unsubscribe channel="${channel}"/>`);
    };
  }

  /**
   * Sends a bet command for a channel and resolves with its answer (betack or cancelack).
   * While the connection is down the command waits and is sent after the reconnect,
   * unless the server turns out to have answered it already.
   */
  command(channel: string, requestId: string, xml: string): Promise<ServerMessage> {
    return new Promise((resolve) => {
      const cmd: PendingCommand = { requestId, channel, xml, sentOnThisConnection: false, resolve };
      this.pending.set(requestId, cmd);
      if (this.status === 'open') this.sendCommand(cmd);
    });
  }

  /**
   * Sends a message that needs no answer (chat) now; false when the connection is down,
   * so that nothing is queued to arrive late.
   */
  post(xml: string): boolean {
    if (this.status !== 'open') return false;
    this.raw(xml);
    return true;
  }

  pendingCount(): number {
    return this.pending.size;
  }

  // ---- Connection ------------------------------------------------------------------------

  private open(): void {
    this.setStatus(
      this.attempts === 0 && this.status !== 'reconnecting' ? 'connecting' : 'reconnecting',
    );
    const create =
      this.opts.createSocket ?? ((url: string) => new WebSocket(url) as unknown as SocketLike);
    let socket: SocketLike;
    try {
      socket = create(typeof this.opts.url === 'function' ? this.opts.url() : this.opts.url);
    } catch {
      this.scheduleReconnect();
      return;
    }
    this.socket = socket;
    this.welcomeTimer = setTimeout(() => {
      if (this.socket === socket) this.giveUp('no welcome');
    }, this.opts.connectTimeoutMs);
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

  private closed(code: number): void {
    this.socket = null;
    this.clearTimers();
    for (const cmd of this.pending.values()) cmd.sentOnThisConnection = false;
    if (this.stopped) return this.setStatus('closed');
    if (code === SESSION_ENDED) return this.setStatus('ended');
    this.setStatus('reconnecting');
    this.scheduleReconnect();
  }

  private scheduleReconnect(): void {
    const base = Math.min(this.opts.backoffMaxMs, this.opts.backoffInitialMs * 2 ** this.attempts);
    const delay = Math.round(base * (0.8 + 0.4 * this.opts.random()));
    this.attempts++;
    this.reconnectTimer = setTimeout(() => {
      this.reconnectTimer = null;
      if (!this.stopped) this.open();
    }, delay);
  }

  /** The server greets every connection; that is when the link is up. */
  private welcomed(): void {
    if (this.welcomeTimer) clearTimeout(this.welcomeTimer);
    this.welcomeTimer = null;
    this.attempts = 0;
    this.lastHeard = this.opts.now();
    this.setStatus('open');
    for (const channel of this.channels.keys()) this.sendSubscribe(channel);
    // Commands for channels without a state to recover from go out now.
    for (const cmd of this.pending.values()) {
      if (!this.channels.has(cmd.channel)) this.sendCommand(cmd);
    }
    this.lastTick = this.opts.now();
    this.pingTimer = setInterval(() => this.heartbeat(), this.opts.tickMs);
    this.ping();
  }

  /** Pings a quiet connection, measures the round trip now and then, gives up a dead one. */
  private heartbeat(): void {
    const now = this.opts.now();
    // A late tick means the page itself was frozen or busy (a phone's background tab, a
    // long task): messages may be waiting unread, so ask again rather than judge.
    const late = now - this.lastTick > 4 * this.opts.tickMs;
    this.lastTick = now;
    const silent = now - this.lastHeard;
    if (late && silent > this.opts.idlePingMs) return this.ping();
    if (silent > this.opts.deadAfterMs) return this.giveUp('silent');
    const sincePing = now - this.lastPing;
    if (
      (silent >= this.opts.idlePingMs && sincePing >= this.opts.idlePingMs) ||
      sincePing >= this.opts.pingEveryMs
    ) {
      this.ping();
    }
  }

  private ping(): void {
    const id = `p${++this.pingSeq}`;
    this.lastPing = this.opts.now();
    this.pingSentAt.set(id, this.lastPing);
    this.raw(`<ping id="${id}"/>`);
  }

  /** The connection is dead even if the browser has not noticed: reopen it. */
  private giveUp(reason: string): void {
    const s = this.socket;
    this.closed(4000);
    s?.close(4000, reason);
  }

  // ---- The browser's own view of the network -----------------------------------------------

  private readonly onOnline = () => this.reconnectNow();
  private readonly onOffline = () => {
    if (this.status === 'open' || this.status === 'connecting') this.giveUp('offline');
  };
  private readonly onVisible = () => {
    if (typeof document !== 'undefined' && document.visibilityState === 'hidden') return;
    // Back on screen: a phone may have frozen the page; find out at once if the link held.
    if (this.status === 'open') this.ping();
    else this.reconnectNow();
  };

  private listenToNetwork(on: boolean): void {
    const { window: w, document: d } = this.opts.network ?? {};
    const method = on ? 'addEventListener' : 'removeEventListener';
    w?.[method]('online', this.onOnline);
    w?.[method]('offline', this.onOffline);
    d?.[method]('visibilitychange', this.onVisible);
  }

  /** A reconnect waiting for its backoff goes now, from the first step of the backoff. */
  private reconnectNow(): void {
    if (this.stopped || this.status !== 'reconnecting' || !this.reconnectTimer) return;
    clearTimeout(this.reconnectTimer);
    this.reconnectTimer = null;
    this.attempts = 0;
    this.open();
  }

  private clearTimers(): void {
    if (this.pingTimer) clearInterval(this.pingTimer);
    if (this.reconnectTimer) clearTimeout(this.reconnectTimer);
    if (this.welcomeTimer) clearTimeout(this.welcomeTimer);
    this.pingTimer = null;
    this.reconnectTimer = null;
    this.welcomeTimer = null;
    this.pingSentAt.clear();
  }

  private setStatus(s: ConnectionStatus): void {
    if (s === this.status) return;
    this.status = s;
    if (s !== 'open') this.rtt = null;
    for (const h of this.statusHandlers) h(s);
  }

  // ---- Sending ---------------------------------------------------------------------------

  private raw(text: string): void {
    try {
      this.socket?.send(text);
    } catch {
      // the close handler deals with a broken socket
    }
  }

  private sendSubscribe(channel: string): void {
    const c = this.channels.get(channel) ?? {};
    const waiting = [...this.pending.values()].some((p) => p.channel === channel);
    // With commands waiting for an answer, ask for a resync: it lists what was answered.
    if (!waiting && c.epoch !== undefined && c.v !== undefined) {
      this.raw(`<subscribe channel="${channel}" epoch="${c.epoch}" v="${c.v}"/>`);
    } else {
      this.raw(`<subscribe channel="${channel}"/>`);
    }
  }

  private sendCommand(cmd: PendingCommand): void {
    cmd.sentOnThisConnection = true;
    this.raw(cmd.xml);
  }

  // ---- Receiving -------------------------------------------------------------------------

  private receive(data: unknown): void {
    if (typeof data !== 'string') return;
    let m: ServerMessage;
    try {
      const parsed: unknown = JSON.parse(data);
      if (
        !parsed ||
        typeof parsed !== 'object' ||
        typeof (parsed as ServerMessage).type !== 'string'
      )
        return;
      m = parsed as ServerMessage;
    } catch {
      return;
    }
    this.lastHeard = this.opts.now();
    switch (m.type) {
      case 'welcome':
        this.welcomed();
        break;
      case 'pong':
        this.ponged(m);
        return;
      case 'subscribed':
        this.subscribedTo(m);
        break;
      case 'resync':
        this.resynced(m);
        break;
      default:
        if (ACK_TYPES.has(m.type)) this.answered(m);
        else if (m.type === 'error' && typeof m.requestId === 'string') this.answered(m);
        else if (!this.inOrder(m)) return;
    }
    this.dispatch(m);
  }

  private dispatch(m: ServerMessage): void {
    for (const h of this.handlers.get(m.type) ?? []) h(m);
    for (const h of this.handlers.get('*') ?? []) h(m);
  }

  private ponged(m: ServerMessage): void {
    const sent = this.pingSentAt.get(String(m.id));
    if (sent === undefined) return;
    this.pingSentAt.delete(String(m.id));
    this.rtt = this.opts.now() - sent;
    for (const h of this.statusHandlers) h(this.status);
  }

  private subscribedTo(m: ServerMessage): void {
    const c = this.channels.get(String(m.channel));
    if (c && typeof m.epoch === 'string') c.epoch = m.epoch;
    // When resuming, the replayed events carry their own versions; when not, the resync sets it.
    if (c && m.resumed !== true) delete c.v;
    if (c) c.replaying = m.resumed === true ? Number(m.replayed) || 0 : 0;
    // The table started again on another server while this connection stayed, or events
    // of its run never reached this server: its state is asked for again (a resync), as
    // after a reconnect.
    if (c && (m.restarted === true || m.missed === true)) this.sendSubscribe(String(m.channel));
  }

  private resynced(m: ServerMessage): void {
    const channel = channelOf(m);
    const c = this.channels.get(channel);
    if (c) {
      c.epoch = String(m.epoch);
      c.v = Number(m.v);
    }
    const answered = new Map<string, ServerMessage>();
    for (const a of Array.isArray(m.myAcks) ? (m.myAcks as ServerMessage[]) : []) {
      answered.set(String(a.requestId), a);
    }
    for (const cmd of [...this.pending.values()]) {
      if (cmd.channel !== channel) continue;
      const ack = answered.get(cmd.requestId);
      if (ack) {
        this.pending.delete(cmd.requestId);
        cmd.resolve({ ...ack, recovered: true });
      } else if (!cmd.sentOnThisConnection) {
        this.sendCommand(cmd);
      }
    }
  }

  private answered(m: ServerMessage): void {
    const cmd = this.pending.get(String(m.requestId));
    if (!cmd) return;
    this.pending.delete(cmd.requestId);
    cmd.resolve(m);
  }

  /** Drops duplicates and asks for missed events on a gap; true if the event is next. */
  private inOrder(m: ServerMessage): boolean {
    if (typeof m.table !== 'string' || typeof m.v !== 'number') return true;
    const channel = channelOf(m);
    const c = this.channels.get(channel);
    if (!c) return false; // no longer followed
    if (c.v !== undefined) {
      if (m.v <= c.v) return false;
      if (m.v > c.v + 1) {
        this.sendSubscribe(channel);
        return false;
      }
    }
    c.v = m.v;
    // Events the client missed while it was away are marked, so a feature can tell the
    // player what happened meanwhile.
    if ((c.replaying ?? 0) > 0) {
      c.replaying = (c.replaying ?? 1) - 1;
      m.replayed = true;
    }
    return true;
  }
}
