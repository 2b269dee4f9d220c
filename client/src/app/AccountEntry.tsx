// The login page's frame (/play/login; main.tsx shows it instead of the app, since it needs
// no session): its language (the launch `lang`, else the browser's), its theme (the launch
// `theme`, else green), its HTTP client (no session popups: a refused login is the form's
// to show), and features/account's AccountPage with its words. The address follows the
// form shown (`form=register`), so that a link can open one.
import { Suspense, lazy, useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';

import {
  type AccountForm,
  type SignedInPlayer,
  accountApi,
  formOf,
  loginHref,
} from '../lib/account';
import { detectDevice, modeSuffix } from '../lib/device/device';
import { createHttp } from '../lib/http/http';
import { normaliseLanguage, withTextPart } from '../lib/i18n';
import { chooseTheme, launchChoices, parseSkin } from './boot';
import { gameMode } from './launch';

const AccountPage = lazy(withTextPart('account', () => import('../features/account/AccountPage')));

/** The login page's language: the launch `lang`, else the first of the browser's we have. */
export function accountLanguage(search: string, browser: readonly string[]): string {
  const launch = launchChoices(search).lang;
  if (launch) return launch;
  for (const lang of browser) {
    const code = normaliseLanguage(lang);
    if (code) return code;
  }
  return 'en';
}

/**
 * The page's look: the launch theme's skin (its colours as the page's variables). Also the
 * location-restrictions page's (app/LocationPage), another page of its own.
 */
export function useTheme(search: string) {
  useEffect(() => {
    const theme = chooseTheme(launchChoices(search).theme, null, 'green');
    const root = document.documentElement;
    root.dataset.theme = theme;
    fetch(`/skins/${theme}.json`)
      .then((r) => r.json())
      .then((raw) => {
        for (const [k, v] of Object.entries(parseSkin(raw, theme).colors))
          root.style.setProperty(`--${k}`, v);
      })
      .catch((e: unknown) => console.error('skin failed to load; using the default look', e));
  }, [search]);
}

export function AccountEntry({ onSignedIn }: { onSignedIn: (player: SignedInPlayer) => void }) {
  const { t, i18n } = useTranslation();
  const search = window.location.search;
  useTheme(search);
  const api = useMemo(() => {
    const device = detectDevice(navigator.userAgent, {
      width: window.screen.width,
      height: window.screen.height,
      maxTouchPoints: navigator.maxTouchPoints,
    });
    return accountApi(createHttp({ gameMode: () => gameMode('all', modeSuffix(device)) }));
  }, []);
  const followForm = (form: AccountForm) =>
    window.history.replaceState(window.history.state, '', loginHref(form));
  return (
    <Suspense
      fallback={
        <main className="page-loading" aria-busy="true" data-testid="page-loading">
          <p>{t('LOADING')}</p>
        </main>
      }
    >
      <AccountPage
        api={api}
        initialForm={formOf(search)}
        onFormChange={followForm}
        onSignedIn={onSignedIn}
        language={i18n.language}
      />
    </Suspense>
  );
}
