import './styles.css';

import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';

import { App } from './app/App';
import { LoginFailedPage, MissingPage } from './app/pages/Pages';
import { startServices } from './app/start';
import { initI18n } from './lib/i18n';
import { startViewportWatcher } from './lib/viewport/watch';

const { services, launch, game, host } = startServices();
const root = createRoot(document.getElementById('root')!);
startViewportWatcher({ lobbyInFrame: launch.lobbyInFrame }); // SPEC §9 layout flags on <body>

// Boot chooses the language (launch lang, else the server's, as the operator offers it).
async function loadLanguage(lang: string) {
  await initI18n(lang);
}

async function main() {
  // English until boot has chosen (only the chosen language and English load); the error
  // page of /play/error has no boot and takes the launch language, English if it fails.
  await initI18n(game === 'error' ? (launch.lang ?? 'en') : 'en').catch(() => initI18n('en'));
  if (game === 'error') {
    const code = new URLSearchParams(window.location.search).get('code');
    root.render(<StrictMode>{code === 'EV01' ? <LoginFailedPage /> : <MissingPage />}</StrictMode>);
    return;
  }
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

void main();
