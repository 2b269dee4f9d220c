import './styles.css';

import i18next from 'i18next';
import { StrictMode, Suspense, lazy } from 'react';
import { createRoot } from 'react-dom/client';

import { AccountEntry, accountLanguage } from './app/AccountEntry';
import { App } from './app/App';
import { gameOfPath, isStudioPath, parseLaunchParams } from './app/launch';
import { LocationPage } from './app/LocationPage';
import { LoginFailedPage, MissingPage } from './app/pages/Pages';
import { startServices } from './app/start';
import { initI18n, loadTextPart, withTextPart } from './lib/i18n';
import { locationParams } from './lib/location';
import { navigate } from './lib/navigation';
import { startViewportWatcher } from './lib/viewport/watch';

// The login page (/play/login) has no session to start the app's services with: they
// start once a form has signed the player in. The location-restrictions page
// (/play/location-restrictions) is static: it never starts them. The studio console
// (/studio) is the studio staff's, with a session of its own: no player's services either.
const studio = isStudioPath(window.location.pathname);
const ownPage = studio ? 'studio' : gameOfPath(window.location.pathname);
const pageOfItsOwn =
  ownPage === 'login' || ownPage === 'location-restrictions' || ownPage === 'studio';
let started = pageOfItsOwn ? null : startServices();
const { launch, game } = started ?? {
  launch: parseLaunchParams(window.location.search),
  game: ownPage,
};
const root = createRoot(document.getElementById('root')!);
startViewportWatcher({ lobbyInFrame: launch.lobbyInFrame }); // SPEC §9 layout flags on <body>

// Boot chooses the language (launch lang, else the server's, as the operator offers it).
async function loadLanguage(lang: string) {
  await initI18n(lang);
}

function renderApp() {
  started ??= startServices();
  const { services, launch, game, host } = started;
  root.render(
    <StrictMode>
      <App
        game={game}
        launch={launch}
        services={services}
        loadLanguage={loadLanguage}
        onLoadEnd={host.loadEnded}
      />
    </StrictMode>,
  );
}

// The console names the card tables' hands as the card tables do (features/cards/names),
// so it loads their words too.
const StudioConsole = lazy(
  withTextPart('studio', () =>
    Promise.all([import('./features/studio/StudioConsole'), loadTextPart('cards')]).then(
      ([module]) => module,
    ),
  ),
);

/** Signed in on the login page: the lobby, in place (the app boots with the new session). */
function enterCasino() {
  navigate('/play/lobby', { replace: true });
  renderApp();
}

async function main() {
  if (studio) {
    const lang = accountLanguage(window.location.search, navigator.languages ?? []);
    await initI18n(lang).catch(() => initI18n('en'));
    root.render(
      <StrictMode>
        <Suspense
          fallback={
            <main className="page-loading" aria-busy="true" data-testid="page-loading">
              <p>{i18next.t('LOADING')}</p>
            </main>
          }
        >
          <StudioConsole />
        </Suspense>
      </StrictMode>,
    );
    return;
  }
  if (game === 'location-restrictions') {
    const params = locationParams(window.location.search);
    await initI18n(params.lang).catch(() => initI18n('en'));
    root.render(
      <StrictMode>
        <LocationPage params={params} />
      </StrictMode>,
    );
    return;
  }
  if (game === 'login') {
    const lang = accountLanguage(window.location.search, navigator.languages ?? []);
    await initI18n(lang).catch(() => initI18n('en'));
    root.render(
      <StrictMode>
        <AccountEntry onSignedIn={enterCasino} />
      </StrictMode>,
    );
    return;
  }
  // English until boot has chosen (only the chosen language and English load); the error
  // page of /play/error has no boot and takes the launch language, English if it fails.
  await initI18n(game === 'error' ? (launch.lang ?? 'en') : 'en').catch(() => initI18n('en'));
  if (game === 'error') {
    const code = new URLSearchParams(window.location.search).get('code');
    root.render(<StrictMode>{code === 'EV01' ? <LoginFailedPage /> : <MissingPage />}</StrictMode>);
    return;
  }
  renderApp();
}

void main();
