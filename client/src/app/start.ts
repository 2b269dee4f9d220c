// Creates the services the app runs on (HTTP client, the socket, the session store) from
// the page's address and the device, and wires the socket's session notices and balance
// updates into the store. Starts the host page integration (lib/host: messages to and
// from the page that embeds the client) and applies the casino configuration's
// hide_currency (boot.ts applies lobby_theme).
import { detectDevice, isMobileLayout, modeSuffix, watchOrientation } from '../lib/device/device';
import { type CurrencyStyle, units } from '../lib/format/money';
import { registerHost } from '../lib/host/context';
import { browserHostEnv, startHost } from '../lib/host/host';
import { createHttp } from '../lib/http/http';
import { Realtime, type ServerMessage } from '../lib/realtime/realtime';
import type { AllConfig, PopupKind, Services, SessionState } from '../lib/session';
import { createStore } from '../lib/store';
import { currentLocation } from '../lib/navigation';
import { launchChoices } from './boot';
import { gameMode, gameOfPath, lobbyOff, parseLaunchParams } from './launch';
import { applySetting } from '../lib/settings';
import { emitLifecycle } from '../lib/lifecycle';
import { isRelaunch, keepMarker, readMarker } from '../lib/refresh';
import { urlOf } from '../lib/http/urls';
import { refreshBalance as readBalanceAgain } from '../lib/balance';

/** The page's session storage; null where the browser refuses it (privacy modes). */
function sessionStorageOrNull(): Storage | null {
  try {
    return window.sessionStorage;
  } catch {
    return null;
  }
}

/** Where a launch's lobby=false is kept for the tab's visit (a reload keeps it). */
export const NO_LOBBY_KEY = 'croupier:no-lobby';

/** lobby=false on this launch, or on an earlier one in this tab. */
export function noLobbyOf(launch: ReturnType<typeof parseLaunchParams>, storage: Storage | null) {
  try {
    const off = lobbyOff(launch) || storage?.getItem(NO_LOBBY_KEY) === '1';
    if (off) storage?.setItem(NO_LOBBY_KEY, '1');
    return off;
  } catch {
    return lobbyOff(launch);
  }
}

/** How long the socket may be down before the no-internet alert shows. */
export const NO_INTERNET_AFTER_MS = 1000;

export function startServices(loc: Location = window.location) {
  const launch = parseLaunchParams(loc.search);
  const game = gameOfPath(loc.pathname);
  const device = detectDevice(navigator.userAgent, {
    width: window.screen.width,
    height: window.screen.height,
    maxTouchPoints: navigator.maxTouchPoints,
  });
  device.orientation = window.innerHeight >= window.innerWidth ? 'portrait' : 'landscape';
  const session = createStore<SessionState>({
    device,
    mobile: isMobileLayout(device, { width: window.innerWidth, height: window.innerHeight }),
    config: null,
    balance: null,
    popups: [],
    connection: { status: 'connecting', quality: 'offline', rtt: null },
    noLobby: noLobbyOf(launch, sessionStorageOrNull()),
  });
  watchOrientation((orientation) =>
    session.set((s) => ({
      ...s,
      device: { ...s.device, orientation },
      mobile: isMobileLayout(s.device, { width: window.innerWidth, height: window.innerHeight }),
    })),
  );

  const showPopup = (kind: PopupKind) =>
    session.set((s) => (s.popups.includes(kind) ? s : { ...s, popups: [...s.popups, kind] }));
  const hidePopup = (kind: PopupKind) =>
    session.set((s) => ({ ...s, popups: s.popups.filter((p) => p !== kind) }));

  // The page shown now: the app moves between pages without reloading (lib/navigation).
  const currentGame = () => gameOfPath(currentLocation().pathname);
  const mode = () => gameMode(currentGame(), modeSuffix(session.get().device));
  const http = createHttp({
    gameMode: mode,
    onAuthProblem: (e) => {
      if (e.problem === 'restricted') showPopup('account-restricted');
      else showPopup(e.code === 10003 ? 'logged-out-elsewhere' : 'session-expired');
    },
  });

  const scheme = loc.protocol === 'https:' ? 'wss:' : 'ws:';
  const realtime = new Realtime({ url: () => `${scheme}//${loc.host}${urlOf('socket')}` });

  // Back from a lost connection, the balance is read again: a table that could not replay
  // what was missed sends a snapshot, which carries no balance, and the player's bets may
  // have been answered or settled meanwhile. A failed read keeps what is shown.
  const refreshBalance = () => readBalanceAgain(http, session);

  // The no-internet alert: shown while the socket is down, gone once it is back.
  let downTimer: ReturnType<typeof setTimeout> | null = null;
  let wasDown = false;
  realtime.onStatus((status) => {
    session.set((s) => ({
      ...s,
      connection: { status, quality: realtime.quality(), rtt: realtime.latency() },
    }));
    if (status === 'reconnecting' && !wasDown) emitLifecycle('reconnecting');
    if (status === 'reconnecting') wasDown = true;
    if (status === 'open' && wasDown) {
      wasDown = false;
      void refreshBalance();
    }
    if (status === 'reconnecting' && !downTimer) {
      downTimer = setTimeout(() => showPopup('no-internet'), NO_INTERNET_AFTER_MS);
    }
    if (status !== 'reconnecting') {
      if (downTimer) clearTimeout(downTimer);
      downTimer = null;
      hidePopup('no-internet');
    }
  });

  const onBalance = (m: ServerMessage) => {
    // The balance as betack gives it ("balance", "bonusBalance"), or as one object of the
    // two (a crash table's cashoutack may carry it so).
    const b = (m.balance && typeof m.balance === 'object' ? m.balance : m) as ServerMessage;
    if (typeof b.balance === 'string') {
      session.set((s) => ({
        ...s,
        balance: { total: units(b.balance as string), bonus: units(String(b.bonusBalance ?? '0')) },
      }));
    }
  };
  // A blackjack double, split or insurance takes its stake when the decision is answered; a
  // crash table's cash-out pays when it is.
  const paying = ['betack', 'cancelack', 'gameresult', 'cancelround', 'decisionack', 'cashoutack'];
  for (const type of paying) realtime.on(type, onBalance);
  // A crash table's automatic cash-outs pay in the player's copy of `cashouts` (`mine`).
  realtime.on('cashouts', (m) => {
    const mine = Array.isArray(m.mine) ? (m.mine as ServerMessage[]) : [];
    if (mine.length > 0) onBalance(mine[mine.length - 1]!);
  });
  realtime.on('session', (m) =>
    showPopup(m.message === 'restricted' ? 'account-restricted' : 'session-expired'),
  );
  // The idle message, then the kickout for inactivity (the server's session idle timeout,
  // SPEC §9): the table pauses while the message shows (app/Sound, the idle popup).
  realtime.on('idle', (m) => {
    emitLifecycle('idle', { closesInMs: Number(m.closesInMs ?? 0) });
    const closesAt = Date.now() + Math.max(0, Number(m.closesInMs ?? 0));
    session.set((s) => ({ ...s, idleClosesAt: closesAt }));
    showPopup('idle');
  });
  realtime.on('kickout', (m) => {
    hidePopup('idle');
    showPopup(m.reason === 'inactivity' ? 'kicked-out' : 'session-expired');
  });
  realtime.on('logout', () => showPopup('logged-out-elsewhere'));
  // A table that started again on another server (a cluster) settled or refunded the
  // round it left open: the balance is read again, as after a reconnect.
  realtime.on('subscribed', (m) => {
    if (m.restarted === true) void refreshBalance();
  });

  const currency = (): CurrencyStyle => currencyOf(session.get().config);

  // The theme the launch asks for, if any (boot applies it, else the operator's).
  const themeParam = launchChoices(loc.search).theme;

  const host = startHost({
    realtime,
    session,
    http,
    game,
    gameId: launch.gameId,
    lobbyInFrame: launch.lobbyInFrame,
    themeParam,
    env: browserHostEnv(),
  });
  registerHost(host);

  // The launch's lifecycle (lib/lifecycle), and the refresh marker (lib/refresh): the same
  // table again within 30 s is a relaunch.
  emitLifecycle('launch start', { game, tableId: launch.gameId ?? null });
  const tableShown = () => {
    const here = currentLocation();
    return gameOfPath(here.pathname) !== 'all'
      ? (parseLaunchParams(here.search).gameId ?? null)
      : null;
  };
  const storage = sessionStorageOrNull();
  if (storage) {
    if (isRelaunch(readMarker(storage), tableShown(), Date.now()))
      emitLifecycle('relaunch', { game, tableId: tableShown() });
    keepMarker(storage, tableShown);
  }

  const services: Omit<Services, 'loaded'> = {
    http,
    realtime,
    session,
    currency,
    showPopup,
    // Applied at once (every reader of the setting sees it), then saved.
    saveSetting: async (key, value) => {
      applySetting(session, key, value);
      await http.post('/api/ui/savePlayerConfigGeneric', {
        gameType: currentGame() === 'all' ? 'lobby' : currentGame(),
        [key]: value,
      });
    },
  };
  return { services, launch, game, host };
}

/** The player's currency style; with the casino's hide_currency, amounts show no symbol. */
export function currencyOf(config: AllConfig | null): CurrencyStyle {
  const p = config?.playerConfig.player;
  return {
    code: p?.currencyCode ?? 'EUR',
    symbol: p?.currency ?? '€',
    symbolBefore: p?.symbolBefore ?? true,
    hidden: config?.casinoConfig.hide_currency === true, // as casinoConfigOf reads it
  };
}
