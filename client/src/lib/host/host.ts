// The host page integration, assembled: started once per page load (app/start.ts), it
// reports the page's life to the embedding page (docs/host-messages.md), obeys the
// host's commands (PAUSE, RESUME, UPDATE_BALANCE, MUTE) and runs the reality check.
// Everything is read from the socket events and the session store, so no table feature
// needs to know about the host. The popups it needs (paused, reality check) are state in
// `ui`, drawn by app/Popups.
//
// The session's figures (GET /api/cgibin/regulation/realityCheck, docs/regulation.md) are
// read at the start (they carry the player's own reality-check interval) and when the
// reality check is due; under the UK rules (uk_regulation_check) also after each of the
// player's rounds and every minute, for the bar that always shows the session's time and
// net position (app/RegulationBar): `ui.figures`.
import { type Units, amountText, units } from '../format/money';
import { HttpError, type Http } from '../http/http';
import { voiceOverLanguage } from '../i18n/languages';
import { LIFECYCLE_EVENT } from '../lifecycle';
import type { ConnectionStatus, Realtime } from '../realtime/realtime';
import type { SessionState } from '../session';
import { type Store, createStore } from '../store';
import { watchActivity } from './activity';
import { HostBridge, type HostWindow, browserHostWindow } from './bridge';
import { type CasinoConfig, type LobbyTheme, casinoConfigOf } from './casino-config';
import { type Inbound, type OutboundType, type Payload, parseInbound } from './messages';
import {
  REALITY_CHECK_URL,
  type RealityFigures,
  type RealityInfo,
  RealityCheck,
  realityFiguresOf,
  realityInfoOf,
  realityInterval,
} from './reality-check';
import { followTableEvents } from './table-events';
import { urlOf } from '../http/urls';

export interface HostUi {
  /** The host paused the game (socket closed); RESUME ends it. */
  paused: boolean;
  /** The host muted the game: every sound of the app must stay silent while true. */
  muted: boolean;
  /** The reality check popup, while it is shown. */
  realityCheck: RealityInfo | null;
  /** The session's figures as last read from the server (null or absent until then). */
  figures?: RealityFigures | null;
}

/** The browser around the client; tests give a fake. */
export interface HostEnv extends HostWindow {
  /** Where message, input, pagehide and lifecycle events arrive (the window). */
  events: EventTarget;
  /** Whether a message's source is the embedding page (window.parent). */
  isParent(source: unknown): boolean;
  navigate(url: string): void;
  openTab(url: string): void;
  storage: Pick<Storage, 'getItem' | 'setItem'> | null;
}

export interface HostDeps {
  realtime: Pick<Realtime, 'on' | 'onStatus' | 'connect' | 'close' | 'getStatus' | 'post'>;
  session: Store<SessionState>;
  http: Pick<Http, 'get'>;
  /** The page's game (launch.ts gameOfPath: 'all' for the lobby). */
  game: string;
  gameId?: string;
  lobbyInFrame: boolean;
  /** The `theme` launch parameter when one was given (else the casino's lobby_theme). */
  themeParam: LobbyTheme | null;
  env: HostEnv;
  now?: () => number;
  /** USER_ACTIVE period (30 s). */
  activeEveryMs?: number;
  /** No input for this long posts INACTIVE (20 minutes). */
  inactiveMs?: number;
  /** Under the UK rules, how often the session's figures are read again (a minute). */
  figuresEveryMs?: number;
}

export type QuitFrom = 'exit' | 'reality-check';

export interface Host {
  ui: Store<HostUi>;
  framed: boolean;
  /** The app's loading has ended (App's onLoadEnd): LOAD_ENDED, once. */
  loadEnded: () => void;
  /** The header's cashier button. */
  openCashier: () => void;
  /** The exit button or the reality check's Quit. */
  quit: (from: QuitFrom) => void;
  /** The reality check's Continue. */
  continuePlaying: () => void;
  /** A bet the client itself refuses because the balance is too low. */
  balanceTooLow: (payload?: Payload) => void;
  /**
   * A round played with free-bet chips (lib/table/useFreeChip): its first free bet
   * accepted, and its settlement (`missed`/`left` when the client did not see it).
   */
  freeSpinStart: (payload: Payload) => void;
  freeSpinEnd: (payload: Payload) => void;
  /** The message sender, for messages not covered above. */
  post: (type: OutboundType, payload?: Payload) => void;
  /**
   * Reads the session's figures again (and with them the reality check's interval): after
   * the player changes their limits.
   */
  refreshFigures: () => Promise<void>;
  stop: () => void;
}

const money = (u: Units | undefined) => (u === undefined ? null : amountText(u));

/** Under the UK rules the session's figures are read again this often. */
export const FIGURES_EVERY_MS = 60_000;

export function startHost(deps: HostDeps): Host {
  const { realtime, session, env, game } = deps;
  const now = deps.now ?? Date.now;
  const bridge = new HostBridge(env, now);
  const ui = createStore<HostUi>({
    paused: false,
    muted: false,
    realityCheck: null,
    figures: null,
  });
  const cleanups: (() => void)[] = [];
  const listen = (type: string, handler: (e: Event) => void) => {
    env.events.addEventListener(type, handler);
    cleanups.push(() => env.events.removeEventListener(type, handler));
  };

  let casino: CasinoConfig | null = null;
  let reality: RealityCheck | null = null;
  const uk = () => casino?.uk_regulation_check === true;
  const micro = () => casino?.micro_gaming === true;
  const tableId = deps.gameId ?? null;

  bridge.post('LOAD_STARTED', { game, tableId });

  // ---- The session's figures (the reality check's endpoint) ------------------------------
  // The newest read wins: an answer that arrives after a later one is dropped.
  let reads = 0;
  let latest = 0;
  async function readFigures(): Promise<RealityFigures | null> {
    const n = ++reads;
    try {
      const f = realityFiguresOf(await deps.http.get<unknown>(REALITY_CHECK_URL), now());
      if (f && n > latest) {
        latest = n;
        ui.set((u) => ({ ...u, figures: f }));
        // The interval that applies may have changed (the player's own).
        if (casino)
          reality?.setIntervalMin(
            realityInterval(casino.reality_check_interval_min, f.intervalMinutes),
          );
      }
      return f;
    } catch {
      // No answer (an older server, the network): the client's own figures, the operator's
      // interval. A 401 or a restricted 403 shows its own popup (app/start.ts).
      return null;
    }
  }

  const closeGame = (reason: string) => {
    if (micro()) bridge.once('CLOSE_GAME', { reason, game, tableId });
  };

  // ---- The socket's events ----------------------------------------------------------
  cleanups.push(
    followTableEvents(realtime, (type, payload) => bridge.post(type, payload), {
      microGaming: micro,
      onTableClosed: () => closeGame('table_closed'),
      onSettled: (net, stake) => {
        reality?.addNet(net, stake);
        if (uk()) void readFigures();
      },
      onRefunded: () => {
        if (uk()) void readFigures();
      },
    }),
  );

  // ---- Activity -----------------------------------------------------------------------
  cleanups.push(
    watchActivity({
      target: env.events,
      now,
      activeEveryMs: deps.activeEveryMs,
      inactiveMs: deps.inactiveMs,
      // The server hears it too: it keeps the session from closing for inactivity.
      onActive: () => {
        bridge.post('USER_ACTIVE', {});
        realtime.post('<active/>');
      },
      onInactive: (idleMs) => bridge.post('INACTIVE', { idleMs }),
    }),
  );

  // ---- Lifecycle events (lib/lifecycle.ts) and the end of the page --------------------
  // The operator's integration_api, when it lists names, is the lifecycle events its page
  // takes (the others are not sent); empty, every event goes. Events before the
  // configuration is read (launch start) always go.
  listen(LIFECYCLE_EVENT, (e) => {
    const detail = (e as CustomEvent<unknown>).detail;
    if (!detail || typeof detail !== 'object') return;
    const wanted = casino?.integration_api ?? [];
    const name = (detail as { name?: unknown }).name;
    if (wanted.length > 0 && !wanted.includes(String(name))) return;
    bridge.post('LIFECYCLE', { ...detail });
  });
  listen('pagehide', () => closeGame('unload'));

  // ---- Pause and resume: the socket stays closed while paused ---------------------------
  let closedByPause = false;
  const closeSocket = () => {
    const status = realtime.getStatus();
    if (status === 'closed' || status === 'ended') return;
    closedByPause = true;
    realtime.close();
  };
  cleanups.push(
    realtime.onStatus((status: ConnectionStatus) => {
      // The app connects once it has booted; a pause that came first still holds.
      if (ui.get().paused && (status === 'connecting' || status === 'open') && session.get().config)
        queueMicrotask(() => ui.get().paused && closeSocket());
    }),
  );

  const updateBalance = async () => {
    try {
      const b = await deps.http.get<{ balance?: string; bonusBalance?: string }>(urlOf('balance'));
      if (typeof b.balance !== 'string') throw new Error('no balance in the answer');
      const total = units(b.balance);
      const bonus = units(b.bonusBalance ?? '0');
      session.set((s) => ({ ...s, balance: { total, bonus } }));
    } catch (e) {
      // A 401 or restricted 403 already shows its own popup (app/start.ts).
      if (e instanceof HttpError && (e.problem === 'unauthorized' || e.problem === 'restricted'))
        return;
      // SPEC section 8: a balance answer with an error shows BALANCE_ERROR, balances 0.
      session.set((s) => ({
        ...s,
        balance: { total: 0, bonus: 0 },
        popups: s.popups.includes('balance-error') ? s.popups : [...s.popups, 'balance-error'],
      }));
    }
  };

  const obey = (command: Inbound) => {
    switch (command.type) {
      case 'PAUSE':
        if (ui.get().paused) return;
        ui.set((u) => ({ ...u, paused: true }));
        if (session.get().config) closeSocket();
        return;
      case 'RESUME':
        if (!ui.get().paused) return;
        ui.set((u) => ({ ...u, paused: false }));
        if (closedByPause) {
          closedByPause = false;
          realtime.connect();
        }
        return;
      case 'UPDATE_BALANCE':
        void updateBalance();
        return;
      case 'MUTE':
        ui.set((u) => (u.muted === command.muted ? u : { ...u, muted: command.muted }));
        return;
    }
  };

  // ---- Messages from the host page ----------------------------------------------------
  const waiting: MessageEvent[] = []; // until the allowed origins are known
  const receive = (e: MessageEvent) => {
    const parsed = parseInbound(e.data);
    if (parsed === null) return; // not a host message (other scripts post too)
    if (!env.isParent(e.source) || !bridge.acceptsFrom(e.origin)) {
      console.warn(`croupier: ignored a host message from ${e.origin || 'an unknown origin'}`);
      return;
    }
    if ('refused' in parsed) {
      console.warn(`croupier: ignored a host message: ${parsed.refused}`);
      return;
    }
    obey(parsed);
  };
  listen('message', (e) => {
    const m = e as MessageEvent;
    if (!bridge.configured) {
      if (parseInbound(m.data) !== null && waiting.length < 20) waiting.push(m);
      return;
    }
    receive(m);
  });

  // ---- The configuration: origins, config groups, reality check -------------------------
  const configured = (s: SessionState) => {
    const config = s.config!;
    casino = casinoConfigOf(config.casinoConfig);
    bridge.configure(casino.host_origins);
    const player = config.playerConfig.player;
    const raw = config as unknown as Record<string, unknown>;
    const features =
      raw.features && typeof raw.features === 'object' ? (raw.features as Payload) : {};
    const table = config.tableConfig;

    // The language shown (boot may have chosen the launch parameter over the server's).
    const language = globalThis.document?.documentElement.dataset.lang ?? config.language;
    bridge.once('CONFIG_GROUP_1', {
      casinoId: casino.casino_id,
      casinoName: casino.casino_name,
      language,
      languages: casino.languages,
      // SPEC §9: the dealer's voice in the player's language when it has one, else English.
      voiceOverLanguage: voiceOverLanguage(language, casino.voice_over_languages),
    });
    bridge.once('CONFIG_GROUP_2', {
      playerId: player.id,
      playerType: player.type,
      currency: player.currencyCode,
      balance: money(s.balance?.total),
      bonusBalance: money(s.balance?.bonus),
    });
    bridge.once(
      'CONFIG_GROUP_3',
      table
        ? {
            page: game,
            lobby: false,
            tableId: table.tableId,
            name: table.name,
            game: table.game,
            gameKind: table.gameKind,
            variant: table.variant,
            tableType: table.tableType,
            currency: table.currency,
            limits: { min: table.limits.min, max: table.limits.max },
          }
        : { page: game, lobby: game === 'all', tables: config.assignedTables.length },
    );
    bridge.once('CONFIG_GROUP_4', {
      features,
      flags: casino.flags,
      realityCheckIntervalMin: casino.reality_check_interval_min,
    });
    bridge.once('CONFIG_GROUP_5', {
      theme: deps.themeParam ?? casino.lobby_theme,
      mobile: s.mobile,
      deviceType: s.device.deviceType,
      orientation: s.device.orientation,
      framed: env.framed,
      lobbyInFrame: deps.lobbyInFrame,
    });

    // The reality check runs at the operator's interval from the start, and at the player's
    // (shorter, or the only one) once the server has said it.
    const operatorMin = casino.reality_check_interval_min;
    reality = new RealityCheck({
      intervalMin: operatorMin,
      playerId: player.id,
      now,
      storage: env.storage,
      onDue: (own) => {
        void readFigures().then((f) => {
          const interval = f ? realityInterval(operatorMin, f.intervalMinutes) : -1;
          if (interval === 0) {
            reality?.setIntervalMin(0);
            reality?.skip();
            return;
          }
          const info = f ? realityInfoOf(f) : own;
          ui.set((u) => ({ ...u, realityCheck: info }));
          bridge.post('REALITY_CHECK_SHOWN', {
            elapsedMs: info.elapsedMs,
            net: casino?.net_position ? amountText(info.net) : null,
          });
        });
      },
    });
    cleanups.push(() => reality?.stop());
    void readFigures();
    if (casino.uk_regulation_check) {
      const timer = setInterval(() => void readFigures(), deps.figuresEveryMs ?? FIGURES_EVERY_MS);
      cleanups.push(() => clearInterval(timer));
    }

    for (const m of waiting.splice(0)) receive(m);
  };
  let seenConfig = false;
  const onSession = () => {
    const s = session.get();
    if (seenConfig || !s.config) return;
    seenConfig = true;
    configured(s);
  };
  cleanups.push(session.subscribe(onSession));
  onSession();

  // ---- The player's own actions ---------------------------------------------------------
  const quit = (from: QuitFrom) => {
    ui.set((u) => (u.realityCheck ? { ...u, realityCheck: null } : u));
    bridge.post('QUIT', { from });
    closeGame('quit');
    if (!env.framed) {
      const c = casino;
      env.navigate(c?.exit_url || c?.home_url || '/play/lobby');
    }
  };

  return {
    ui,
    framed: env.framed,
    loadEnded: () => void bridge.once('LOAD_ENDED', { game, tableId }),
    openCashier: () => {
      const url = casino?.cashier_url ?? '';
      bridge.post('OPEN_CASHIER', { url });
      if (!env.framed && url) env.openTab(url);
    },
    quit,
    continuePlaying: () => {
      if (!ui.get().realityCheck) return;
      ui.set((u) => ({ ...u, realityCheck: null }));
      bridge.post('CONTINUE', {});
      reality?.continue();
    },
    balanceTooLow: (payload = {}) =>
      bridge.post('BALANCE_TOO_LOW', { source: 'client', code: 10104, ...payload }),
    freeSpinStart: (payload) => bridge.post('FREE_SPIN_START', payload),
    freeSpinEnd: (payload) => bridge.post('FREE_SPIN_END', payload),
    post: (type, payload = {}) => bridge.post(type, payload),
    refreshFigures: async () => {
      await readFigures();
    },
    stop: () => cleanups.splice(0).forEach((c) => c()),
  };
}

/** The real browser window as the host integration's environment. */
export function browserHostEnv(w: Window = window): HostEnv {
  let storage: Storage | null = null;
  try {
    storage = w.sessionStorage;
  } catch {
    // storage blocked (third-party frame settings): the reality check runs per page
  }
  return {
    ...browserHostWindow(w),
    events: w,
    isParent: (source) => source === w.parent,
    navigate: (url) => w.location.assign(url),
    openTab: (url) => void w.open(url, '_blank', 'noopener'),
    storage,
  };
}
