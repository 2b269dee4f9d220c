import './styles.css';

import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';

import { App } from './app/App';
import { LoginFailedPage, MissingPage } from './app/pages/Pages';
import { startServices } from './app/start';
import { initI18n } from './lib/i18n';

const { services, launch, game } = startServices();
const root = createRoot(document.getElementById('root')!);

// The error page of /play/error needs no configuration, only its texts.
async function loadLanguage(lang: string) {
  await initI18n(launch.lang ?? lang);
}

async function main() {
  await initI18n(launch.lang ?? 'en');
  if (game === 'error') {
    const code = new URLSearchParams(window.location.search).get('code');
    root.render(<StrictMode>{code === 'EV01' ? <LoginFailedPage /> : <MissingPage />}</StrictMode>);
    return;
  }
  root.render(
    <StrictMode>
      <App game={game} launch={launch} services={services} loadLanguage={loadLanguage} />
    </StrictMode>,
  );
}

void main();
