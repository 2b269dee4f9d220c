// The location-restrictions page (/play/location-restrictions?lang=de&code=1052[&uk=1];
// docs/regulation.md "Location"): a static page of its own, like the login page (main.tsx
// shows it without the app's services: no session, no socket, no call but the skin), in
// the language asked (English when it is none of ours) and the launch theme. It says why
// the player cannot play: 1052, play is not available from where they are (the
// operator's countries); 2006, this game is not available in their country (a table's
// own countries: the rest of the casino may be, so the lobby is offered); and with uk=1
// that play is only for players in the UK (SPEC §8's "country blocked" and "UK-only
// play message").
import './location.css';

import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';

import { COUNTRY_UNAVAILABLE, type LocationPageParams } from '../lib/location';
import { useTheme } from './AccountEntry';

export function LocationPage({ params }: { params: LocationPageParams }) {
  const { t } = useTranslation();
  useTheme(window.location.search);
  const { code, uk, lang } = params;
  const country = code === COUNTRY_UNAVAILABLE;
  const title = t(country ? 'LOCATION_TITLE_COUNTRY' : 'LOCATION_TITLE');
  useEffect(() => {
    document.title = `${title} · ${t('APP_NAME')}`;
  }, [title, t]);
  return (
    <div className="location-page" data-testid="location-page" data-code={code}>
      <header className="location-bar">
        <span className="brand">
          <img src="/img/logo.svg" alt="" width={28} height={28} />
          <span>{t('APP_NAME')}</span>
        </span>
      </header>
      <main className="location-main">
        <div className="location-card">
          <svg
            className="location-icon"
            viewBox="0 0 24 24"
            width="48"
            height="48"
            aria-hidden="true"
            focusable="false"
          >
            <path d="M12 21s-6.5-6.1-6.5-11a6.5 6.5 0 0 1 13 0c0 4.9-6.5 11-6.5 11Z" />
            <circle cx="12" cy="10" r="2.4" />
            <path d="M4 4l16 16" />
          </svg>
          <h1>{title}</h1>
          <p data-testid="location-text" data-code={code}>
            {t(country ? 'LOCATION_2006' : 'LOCATION_1052')}
          </p>
          {uk && <p data-testid="location-uk">{t('LOCATION_UK_ONLY')}</p>}
          <p className="location-code">{t('ERROR_CODE', { code })}</p>
          {country && (
            <a
              className="button"
              href={`/play/lobby?lang=${encodeURIComponent(lang)}`}
              data-testid="location-lobby"
            >
              {t('BACK_TO_LOBBY')}
            </a>
          )}
        </div>
      </main>
    </div>
  );
}
