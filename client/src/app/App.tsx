// The application: boots (configuration, language, skin) with a progress bar, then
// shows the page the path names, with the player's balance and the connection always in
// the header, and the popups on top.
//
// Pages change without reloading (lib/navigation): a plain click on a link to a client
// page, the lobby's tiles, the mini lobby and the back button change the address and
// this renders the page it names. A table page gets its table's configuration
// (tableConfig) into the session before it shows; the table it replaces unmounts and
// stops following its channel; the host page hears the lifecycle event `switch`. Table
// pages have a lobby button that opens the mini lobby to switch tables. Without a session
// at a casino with player accounts, the boot leads to the login page (/play/login, a page
// of its own: app/AccountEntry) instead of failing; a player the location rules refuse
// (1052, or 2006 for a table) to the location-restrictions page (app/LocationPage). Where
// the operator runs the Italian game session, its bar and dialogs (app/ItalianSession).
import '../features/lobby/lobby.css';

import i18next from 'i18next';
import { Suspense, lazy, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';

import { units } from '../lib/format/money';
import { HttpError } from '../lib/http/http';
import { withTextPart } from '../lib/i18n';
import { emitLifecycle } from '../lib/lifecycle';
import { type AppLocation, followLink, useLocation } from '../lib/navigation';
import { type PopupKind, type Services, ServicesContext, type TableConfig } from '../lib/session';
import { useStore } from '../lib/store';
import { Preloader } from '../ui/Preloader';
import { Announcer } from '../ui/Announcer';
import { Toaster } from '../ui/Toaster';
import { VideoNotice } from '../ui/VideoNotice';
import { type BootFailure, LOAD_END_DELAY_MS, boot, progressOf } from './boot';
import { type LaunchParams, gameOfPath, parseLaunchParams } from './launch';
import { ErrorBoundary, ErrorPage, LoginFailedPage, MissingPage } from './pages/Pages';
import { Header } from './Header';
import { SettingsEffects } from './settings-effects';
import { Popups } from './Popups';
import { RegulationBar } from './RegulationBar';
import { BonusOffers } from './BonusOffers';
import { Sound } from './Sound';
import { TableClosing } from './TableClosing';
import { QuickGuide } from './QuickGuide';
import { isTableGame } from '../lib/guide';
import { urlOf } from '../lib/http/urls';
import { casinoConfigOf } from '../lib/host/casino-config';
import { useLobbyLinkOf } from '../ui/LobbyLink';
import { goToLogin, readAccountConfig } from '../lib/account';
import { goToLocationPage, locationRefusal } from '../lib/location';

const Lobby = lazy(withTextPart('lobby', () => import('../features/lobby/Lobby')));
const MiniLobby = lazy(withTextPart('lobby', () => import('../features/lobby/MiniLobby')));
const RouletteTable = lazy(
  withTextPart('roulette', () => import('../features/roulette/RouletteTable')),
);
const CardTable = lazy(withTextPart('cards', () => import('../features/cards/CardTable')));
const MultiBaccarat = lazy(withTextPart('cards', () => import('../features/cards/MultiBaccarat')));
const BlackjackTable = lazy(
  withTextPart('blackjack', () => import('../features/blackjack/BlackjackTable')),
);
const SicBoTable = lazy(withTextPart('sicbo', () => import('../features/sicbo/SicBoTable')));
const MegaWheelTable = lazy(
  withTextPart('megawheel', () => import('../features/megawheel/MegaWheelTable')),
);
const CrashTable = lazy(withTextPart('crash', () => import('../features/crash/CrashTable')));
const SweetBonanzaTable = lazy(
  withTextPart('sweetbonanza', () => import('../features/sweetbonanza/SweetBonanzaTable')),
);
// The Italian market's game session (casino italian_session): its bar and dialogs.
const ItalianSession = lazy(() => import('./ItalianSession'));
const SlotPage = lazy(withTextPart('slots', () => import('../features/slots/SlotPage')));
const BoomOrBustTable = lazy(
  withTextPart('boomorbust', () => import('../features/boomorbust/BoomOrBustTable')),
);

const CARD_GAMES = ['baccarat', 'dragontiger', 'andarbahar'];
const BLACKJACK_GAMES = ['blackjack', 'onebj'];
/** The crash games' routes: one page, two skins (spaceman, big bass), or the game's name. */
const CRASH_GAMES = ['spaceman', 'bigbass', 'crash'];

/** Images the page needs before it shows (SPEC: they count for 60 % of the progress). */
export const PRELOAD_IMAGES = ['/img/logo.svg', '/img/felt.svg'];

export interface AppProps {
  game: string;
  launch: LaunchParams;
  services: Omit<Services, 'loaded'>;
  loadLanguage: (lang: string) => Promise<void>;
  /** Called once loading has ended (the host page hears "load end" then). */
  onLoadEnd?: () => void;
}

function preload(urls: string[], onLoaded: () => void) {
  for (const url of urls) {
    const img = new Image();
    img.onload = img.onerror = () => onLoaded(); // a missing decoration must not block play
    img.src = url;
  }
}

/** The page an address names: its game, launch parameters and table (if it plays one). */
export interface PageRoute {
  game: string;
  launch: LaunchParams;
  tableId: string | null;
}

export function pageRoute(loc: AppLocation): PageRoute {
  const game = gameOfPath(loc.pathname);
  const launch = parseLaunchParams(loc.search);
  const tableId = isTableGame(game) && launch.gameId ? launch.gameId : null;
  return { game, launch, tableId };
}

function popupFor(failure: BootFailure): PopupKind | null {
  if (failure.kind === 'session-expired') return 'session-expired';
  if (failure.kind === 'account-restricted') return 'account-restricted';
  return null;
}

export function App({ game, launch, services, loadLanguage, onLoadEnd }: AppProps) {
  const { t } = useTranslation();
  const [images, setImages] = useState(0);
  const [steps, setSteps] = useState(0);
  const [parts, setParts] = useState({ game: false, video: false });
  const [failure, setFailure] = useState<BootFailure | null>(null);
  const [booted, setBooted] = useState(false);
  const [hidden, setHidden] = useState(false);
  const ended = useRef(false);
  const session = services.session;

  const loaded = useCallback(
    (part: 'game' | 'video') => setParts((p) => (p[part] ? p : { ...p, [part]: true })),
    [],
  );
  const all: Services = useMemo(() => ({ ...services, loaded }), [services, loaded]);

  // The page of the current address (the boot above and the preloader below go by the
  // address the app was opened with).
  const location = useLocation();
  const route = useMemo(() => pageRoute(location), [location]);
  const pageTable = useStore(session, (s) => s.config?.tableConfig?.tableId ?? null);
  const [tableProblem, setTableProblem] = useState<{ at: AppLocation; status: number } | null>(
    null,
  );
  const [miniAt, setMiniAt] = useState<AppLocation | null>(null);
  const miniOpen = miniAt === location;
  const lobbyButton = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    preload(PRELOAD_IMAGES, () => setImages((n) => n + 1));
    let cancelled = false;
    void boot({
      http: services.http,
      tableId: isTableGame(game) ? launch.gameId : undefined,
      theme: launch.theme,
      loadLanguage,
      fetchJson: async (url) => (await fetch(url)).json(),
      onStep: (done) => !cancelled && setSteps(done),
    }).then((r) => {
      if (cancelled) return;
      if (!r.ok) {
        setFailure(r.failure);
        if (r.failure.kind === 'login') {
          goToLogin({ replace: true });
          return;
        }
        // The location rules refuse the player (1052) or this table (2006): the location
        // page, in the language asked (the launch's, else the one in use).
        if (r.failure.kind === 'location') {
          goToLocationPage(r.failure.refusal, launch.lang ?? i18next.language);
          return;
        }
        const popup = popupFor(r.failure);
        if (popup) services.showPopup(popup);
        return;
      }
      const { config, skin } = r.value;
      for (const [k, v] of Object.entries(skin.colors))
        document.documentElement.style.setProperty(`--${k}`, v);
      const b = config.balance;
      const bad = !b || b.balance === undefined;
      session.set((s) => ({
        ...s,
        config,
        balance: bad
          ? { total: 0, bonus: 0 }
          : { total: units(b.balance), bonus: units(b.bonusBalance) },
      }));
      if (bad) services.showPopup('balance-error');
      setBooted(true);
      emitLifecycle('initialised', { game });
      // The operator's ws_time_in_sec: how often the socket's round trip is measured.
      services.realtime.setPingEvery(casinoConfigOf(config.casinoConfig).ws_time_in_sec * 1000);
      services.realtime.connect();
      // The casino's player accounts (the header's "Log out", the popups' "Log in again").
      readAccountConfig(services.http).then(
        (account) => !cancelled && session.set((s) => ({ ...s, account })),
        (e: unknown) => console.error('the account settings could not be read', e),
      );
    });
    return () => {
      cancelled = true;
    };
  }, [services, game, launch, loadLanguage, session]);

  // A table reached in the app: its configuration first (the boot brought the first one).
  useEffect(() => {
    const tableId = route.tableId;
    if (!booted || !tableId || pageTable === tableId) return;
    let live = true;
    const at = location;
    services.http
      .get<TableConfig>(urlOf('tableConfig'), { tableId })
      .then((tableConfig) => {
        if (!live) return;
        session.set((s) =>
          s.config ? { ...s, config: { ...s.config, tableConfig: tableConfig } } : s,
        );
      })
      .catch((e: unknown) => {
        const location = locationRefusal(e);
        if (location) return goToLocationPage(location, i18next.language);
        console.error(`the configuration of ${tableId} could not be read`, e);
        if (live) setTableProblem({ at, status: e instanceof HttpError ? e.status : 0 });
      });
    return () => {
      live = false;
    };
  }, [booted, route.tableId, pageTable, location, services.http, session]);

  // The host page hears when the player moves from one table (or the lobby: null) to another.
  const shownTable = useRef(route.tableId);
  useEffect(() => {
    if (shownTable.current === route.tableId) return;
    emitLifecycle('switch', { from: shownTable.current, to: route.tableId });
    shownTable.current = route.tableId;
  }, [route.tableId]);

  const closeMini = useCallback(() => {
    setMiniAt(null);
    lobbyButton.current?.focus();
  }, []);

  // Pages with no table have no game or video to wait for.
  const gameAndVideo =
    (booted && !(isTableGame(game) && launch.gameId) && game !== 'multi-baccarat') ||
    (parts.game && parts.video);
  const percent = progressOf(images, PRELOAD_IMAGES.length, steps, gameAndVideo);
  useEffect(() => {
    if (percent < 100 || ended.current) return;
    ended.current = true;
    const timer = setTimeout(() => {
      setHidden(true);
      emitLifecycle('launch end', { game });
      onLoadEnd?.();
    }, LOAD_END_DELAY_MS);
    return () => clearTimeout(timer);
  }, [percent, onLoadEnd, game]);

  let page: React.ReactNode = null;
  if (failure?.kind === 'no-internet') {
    page = (
      <ErrorPage
        detail={`${t('NO_INTERNET_TEXT')} ${t('GAME_LOAD_FAILED', { reason: failure.reason })}`}
      />
    );
  } else if (failure?.kind === 'language') {
    page = <ErrorPage />;
  } else if (failure?.kind === 'missing') {
    page = <MissingPage />;
  } else if (failure?.kind === 'login' || failure?.kind === 'location') {
    // On the way to the login page, or to the location page.
    page = (
      <main className="page-loading" aria-busy="true" data-testid="page-loading">
        <p>{t('LOADING')}</p>
      </main>
    );
  } else if (failure) {
    page = <LoginFailedPage />;
  } else if (booted) {
    const { game: g, launch: l, tableId } = route;
    if (tableId && pageTable !== tableId) {
      page =
        tableProblem?.at === location ? (
          tableProblem.status === 404 ? (
            <MissingPage />
          ) : (
            <ErrorPage />
          )
        ) : (
          <main className="page-loading" aria-busy="true" data-testid="page-loading">
            <p>{t('LOADING')}</p>
          </main>
        );
    } else {
      page =
        g === 'all' ? (
          <Lobby />
        ) : g === 'roulette' && tableId ? (
          <RouletteTable key={tableId} tableId={tableId} seatNumber={l.seatNumber} />
        ) : g === 'multi-baccarat' ? (
          <MultiBaccarat />
        ) : CARD_GAMES.includes(g) && tableId ? (
          <CardTable key={tableId} tableId={tableId} game={g} />
        ) : BLACKJACK_GAMES.includes(g) && tableId ? (
          <BlackjackTable key={tableId} tableId={tableId} game={g} seatNumber={l.seatNumber} />
        ) : g === 'sicbo' && tableId ? (
          <SicBoTable key={tableId} tableId={tableId} />
        ) : g === 'megawheel' && tableId ? (
          <MegaWheelTable key={tableId} tableId={tableId} />
        ) : CRASH_GAMES.includes(g) && tableId ? (
          <CrashTable key={tableId} tableId={tableId} route={g} />
        ) : g === 'sweetbonanza' && tableId ? (
          <SweetBonanzaTable key={tableId} tableId={tableId} />
        ) : g === 'boomorbust' && tableId ? (
          <BoomOrBustTable key={tableId} tableId={tableId} />
        ) : g === 'slot' && l.slotId ? (
          <SlotPage key={l.slotId} slotId={l.slotId} />
        ) : (
          <MissingPage />
        );
    }
  }
  // Table pages (and the multi-table page) can open the mini lobby to switch tables.
  // Their first Tab stop skips the header to the bet spots (the one last used, which is
  // the spots' Tab stop; lib/a11y/keyboard), else to the chips.
  // clr_desktop / clr_mobile: this operator's players go back to its own lobby (home_url);
  // lobby=false: none (ui/LobbyLink).
  const lobby = useLobbyLinkOf(session);
  // The Italian market's game session: its bar under the header (in --header, as the UK's).
  const italian = useStore(session, (s) => s.config?.casinoConfig.italian_session === true);
  // The UK rules: the session's time and net position under the header (RegulationBar).
  const ukRules = useStore(
    session,
    (s) => casinoConfigOf(s.config?.casinoConfig ?? null).uk_regulation_check,
  );
  const ownLobby = lobby && lobby.target === '_top' ? lobby.href : null;
  const withLobbyButton =
    booted &&
    !failure &&
    lobby !== null &&
    (route.tableId !== null || route.game === 'multi-baccarat');
  const lobbyFab = (
    <>
      <span className="lb-fab-icon" aria-hidden="true">
        <span />
        <span />
        <span />
        <span />
      </span>
      <span className="lb-fab-text">{t('LOBBY_BUTTON')}</span>
    </>
  );
  const skipToBets = (e: React.MouseEvent) => {
    e.preventDefault();
    e.stopPropagation();
    const target =
      document.querySelector<HTMLElement>('[data-spot][tabindex="0"]') ??
      document.querySelector<HTMLElement>('.chip-tray [tabindex="0"]');
    target?.focus();
  };

  return (
    <ServicesContext.Provider value={all}>
      <ErrorBoundary>
        {/* Plain clicks on links to client pages are followed in place. */}
        <div
          className="app"
          data-game={route.game}
          data-in-frame={route.launch.lobbyInFrame ? 'true' : undefined}
          data-lobby-button={withLobbyButton ? 'true' : undefined}
          data-session-bar={booted && italian ? 'true' : undefined}
          data-regulation-bar={booted && ukRules ? 'true' : undefined}
          onClick={(e) => followLink(e)}
        >
          {withLobbyButton && (
            <a className="skip-link" href="#bets" onClick={skipToBets}>
              {t('SKIP_TO_BETS')}
            </a>
          )}
          {booted && <Header />}
          {booted && <RegulationBar />}
          {booted && italian && (
            <Suspense fallback={null}>
              <ItalianSession />
            </Suspense>
          )}
          {booted && <SettingsEffects />}
          {booted && <Sound />}
          {booted && route.tableId !== null && (
            <QuickGuide game={route.game} ready={hidden && pageTable === route.tableId} />
          )}
          <ErrorBoundary key={`${route.game}:${route.tableId ?? ''}`}>
            <Suspense fallback={null}>{page}</Suspense>
          </ErrorBoundary>
          {withLobbyButton && ownLobby && (
            <a className="lb-fab" href={ownLobby} target="_top" data-testid="lobby-button">
              {lobbyFab}
            </a>
          )}
          {withLobbyButton && !ownLobby && (
            <button
              ref={lobbyButton}
              type="button"
              className="lb-fab"
              aria-label={t('LOBBY_OPEN_MINI')}
              aria-expanded={miniOpen}
              data-testid="lobby-button"
              onClick={() => (miniOpen ? closeMini() : setMiniAt(location))}
            >
              {lobbyFab}
            </button>
          )}
          {withLobbyButton && miniOpen && (
            <Suspense fallback={null}>
              <MiniLobby currentTableId={route.tableId ?? undefined} onClose={closeMini} />
            </Suspense>
          )}
          <Popups />
          {/* The player's pending bonuses, once the page shows (after its other popups). */}
          {booted && !failure && <BonusOffers ready={hidden} />}
          <Toaster>
            <TableClosing tableId={route.tableId} />
            <VideoNotice tableId={route.tableId} />
          </Toaster>
          <Announcer />
          <Preloader percent={failure ? 100 : percent} hidden={hidden || failure !== null} />
        </div>
      </ErrorBoundary>
    </ServicesContext.Provider>
  );
}
