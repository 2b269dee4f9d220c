// The application: boots (configuration, language, skin) with a progress bar, then
// shows the page the path names, with the player's balance and the connection always in
// the header, and the popups on top.
import { Suspense, lazy, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';

import { units } from '../lib/format/money';
import { type PopupKind, type Services, ServicesContext } from '../lib/session';
import { Preloader } from '../ui/Preloader';
import { Toaster } from '../ui/Toaster';
import { type BootFailure, LOAD_END_DELAY_MS, boot, progressOf } from './boot';
import type { LaunchParams } from './launch';
import { ErrorBoundary, ErrorPage, LoginFailedPage, MissingPage } from './pages/Pages';
import { Header } from './Header';
import { Popups } from './Popups';

const Lobby = lazy(() => import('../features/lobby/Lobby'));
const RouletteTable = lazy(() => import('../features/roulette/RouletteTable'));
const CardTable = lazy(() => import('../features/cards/CardTable'));
const MultiBaccarat = lazy(() => import('../features/cards/MultiBaccarat'));
const BlackjackTable = lazy(() => import('../features/blackjack/BlackjackTable'));

/** The games whose route names a table (gameId) and plays it. */
const TABLE_GAMES = ['roulette', 'baccarat', 'dragontiger', 'andarbahar', 'blackjack', 'onebj'];
const CARD_GAMES = ['baccarat', 'dragontiger', 'andarbahar'];
const BLACKJACK_GAMES = ['blackjack', 'onebj'];

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

  useEffect(() => {
    preload(PRELOAD_IMAGES, () => setImages((n) => n + 1));
    let cancelled = false;
    void boot({
      http: services.http,
      tableId: TABLE_GAMES.includes(game) ? launch.gameId : undefined,
      theme: launch.theme,
      loadLanguage,
      fetchJson: async (url) => (await fetch(url)).json(),
      onStep: (done) => !cancelled && setSteps(done),
    }).then((r) => {
      if (cancelled) return;
      if (!r.ok) {
        setFailure(r.failure);
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
      services.realtime.connect();
    });
    return () => {
      cancelled = true;
    };
  }, [services, game, launch, loadLanguage, session]);

  // Pages with no table have no game or video to wait for.
  const gameAndVideo =
    (booted && !(TABLE_GAMES.includes(game) && launch.gameId) && game !== 'multi-baccarat') ||
    (parts.game && parts.video);
  const percent = progressOf(images, PRELOAD_IMAGES.length, steps, gameAndVideo);
  useEffect(() => {
    if (percent < 100 || ended.current) return;
    ended.current = true;
    const timer = setTimeout(() => {
      setHidden(true);
      onLoadEnd?.();
    }, LOAD_END_DELAY_MS);
    return () => clearTimeout(timer);
  }, [percent, onLoadEnd]);

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
  } else if (failure) {
    page = <LoginFailedPage />;
  } else if (booted) {
    page =
      game === 'all' ? (
        <Lobby />
      ) : game === 'roulette' && launch.gameId ? (
        <RouletteTable tableId={launch.gameId} />
      ) : game === 'multi-baccarat' ? (
        <MultiBaccarat />
      ) : CARD_GAMES.includes(game) && launch.gameId ? (
        <CardTable tableId={launch.gameId} game={game} />
      ) : BLACKJACK_GAMES.includes(game) && launch.gameId ? (
        <BlackjackTable tableId={launch.gameId} game={game} seatNumber={launch.seatNumber} />
      ) : (
        <MissingPage />
      );
  }

  return (
    <ServicesContext.Provider value={all}>
      <ErrorBoundary>
        <div className="app" data-game={game}>
          {booted && <Header />}
          <Suspense fallback={null}>{page}</Suspense>
          <Popups />
          <Toaster />
          <Preloader percent={failure ? 100 : percent} hidden={hidden || failure !== null} />
        </div>
      </ErrorBoundary>
    </ServicesContext.Provider>
  );
}
