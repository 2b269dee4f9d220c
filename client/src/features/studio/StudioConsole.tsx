// The studio console (/studio, docs/studio.md "The console"): for the studio's dealers and
// supervisors, not for players (main.tsx starts none of the player's services here). A
// login form (skipped when GET /studio/api/me finds the staff's session), then the tables
// this person works at (TablesList, read every 2 s) and the chosen table's panel
// (TablePanel: the dealer's controls at a human-dealt table, the supervisor's tools). A
// session that ends (any 401) brings the login form back with a notice.
//
// Layout: the list beside the panel from 960 px wide; narrower (a tablet held upright, a
// phone), the panel takes the list's place and a Back button returns to it.
import './studio.css';

import { type FormEvent, useCallback, useEffect, useId, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';

import { type Staff, type StudioApi, studioApi } from './api';
import { type Refusal, refusalOf, sessionEnded } from './model';
import { TablePanel } from './TablePanel';
import { TablesList } from './TablesList';

export interface StudioConsoleProps {
  /** The console's calls (tests give their own). */
  api?: StudioApi;
  /** How often the tables are read. */
  tablesEveryMs?: number;
  /** How often the open table is read. */
  tableEveryMs?: number;
}

const ROLE_TEXT = { dealer: 'STUDIO_ROLE_dealer', supervisor: 'STUDIO_ROLE_supervisor' } as const;

export default function StudioConsole({
  api: given,
  tablesEveryMs = 2000,
  tableEveryMs = 1000,
}: StudioConsoleProps) {
  const { t } = useTranslation();
  const api = useMemo(() => given ?? studioApi(), [given]);
  const [me, setMe] = useState<Staff | null | 'loading'>('loading');
  const [notice, setNotice] = useState<Refusal | null>(null);
  const [selected, setSelected] = useState<string | null>(null);
  const returnTo = useRef<string | null>(null);

  useEffect(() => {
    document.title = t('STUDIO_TITLE');
  }, [t]);

  useEffect(() => {
    let live = true;
    api.me().then(
      (staff) => live && setMe(staff),
      (e: unknown) => {
        if (!live) return;
        setMe(null);
        if (!sessionEnded(e)) setNotice(refusalOf(t, e));
      },
    );
    return () => {
      live = false;
    };
  }, [api, t]);

  const ended = useCallback(() => {
    setMe(null);
    setSelected(null);
    setNotice({ code: 'NO_STAFF_SESSION', text: t('STUDIO_SESSION_ENDED') });
  }, [t]);

  const logOut = async () => {
    try {
      await api.logout();
    } catch (e) {
      if (!sessionEnded(e)) console.error('the studio logout failed', e);
    }
    setMe(null);
    setSelected(null);
    setNotice(null);
  };

  const back = useCallback(() => {
    returnTo.current = selected;
    setSelected(null);
  }, [selected]);

  // Back from a panel: the focus goes to the table's row in the list.
  useEffect(() => {
    if (selected !== null || returnTo.current === null) return;
    const id = returnTo.current;
    returnTo.current = null;
    [...document.querySelectorAll<HTMLElement>('.console-table-open')]
      .find((b) => b.dataset.testid === `studio-table-${id}`)
      ?.focus();
  }, [selected]);

  if (me === 'loading')
    return (
      <main className="page-loading" aria-busy="true" data-testid="page-loading">
        <p>{t('LOADING')}</p>
      </main>
    );
  if (me === null)
    return (
      <LoginForm
        api={api}
        notice={notice}
        onSignedIn={(staff) => {
          setNotice(null);
          setMe(staff);
        }}
      />
    );
  return (
    <div className="console" data-testid="studio-console" data-role={me.role}>
      <header className="console-bar">
        <h1 className="console-brand">
          <img src="/img/logo.svg" alt="" width={24} height={24} />
          <span>{t('STUDIO_TITLE')}</span>
        </h1>
        <p className="console-who" data-testid="studio-who">
          {t('STUDIO_SIGNED_IN', {
            name: me.name,
            role: t(ROLE_TEXT[me.role] ?? 'STUDIO_ROLE_dealer'),
          })}
        </p>
        <button
          className="button console-logout"
          type="button"
          data-testid="studio-logout"
          onClick={() => void logOut()}
        >
          {t('STUDIO_LOGOUT')}
        </button>
      </header>
      <main className="console-layout" data-open={selected !== null}>
        <TablesList
          api={api}
          everyMs={tablesEveryMs}
          selected={selected}
          onSelect={setSelected}
          onSessionEnded={ended}
        />
        {selected !== null && (
          <TablePanel
            key={selected}
            api={api}
            id={selected}
            me={me}
            everyMs={tableEveryMs}
            onSessionEnded={ended}
            onBack={back}
          />
        )}
      </main>
    </div>
  );
}

function LoginForm({
  api,
  notice,
  onSignedIn,
}: {
  api: StudioApi;
  notice: Refusal | null;
  onSignedIn: (staff: Staff) => void;
}) {
  const { t } = useTranslation();
  const ids = useId();
  const [login, setLogin] = useState('');
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);
  const [refusal, setRefusal] = useState<Refusal | null>(notice);
  const loginRef = useRef<HTMLInputElement>(null);
  const passwordRef = useRef<HTMLInputElement>(null);

  useEffect(() => {
    loginRef.current?.focus();
  }, []);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (busy) return;
    if (!login.trim()) return loginRef.current?.focus();
    if (!password) return passwordRef.current?.focus();
    setBusy(true);
    setRefusal(null);
    try {
      onSignedIn(await api.login(login.trim(), password));
    } catch (err) {
      setRefusal(refusalOf(t, err));
      setPassword('');
      setBusy(false);
      passwordRef.current?.focus();
    }
  };

  const errorId = `${ids}-error`;
  return (
    <main className="console-login-page">
      <form
        className="console-login"
        data-testid="studio-login"
        aria-labelledby={`${ids}-title`}
        aria-describedby={refusal ? errorId : undefined}
        onSubmit={(e) => void submit(e)}
      >
        <h1 id={`${ids}-title`} className="console-brand">
          <img src="/img/logo.svg" alt="" width={28} height={28} />
          <span>{t('STUDIO_TITLE')}</span>
        </h1>
        <label className="console-field">
          <span>{t('STUDIO_LOGIN_NAME')}</span>
          <input
            ref={loginRef}
            data-testid="studio-login-name"
            name="login"
            autoComplete="username"
            autoCapitalize="none"
            spellCheck={false}
            required
            value={login}
            onChange={(e) => setLogin(e.target.value)}
          />
        </label>
        <label className="console-field">
          <span>{t('STUDIO_LOGIN_PASSWORD')}</span>
          <input
            ref={passwordRef}
            data-testid="studio-login-password"
            name="password"
            type="password"
            autoComplete="current-password"
            required
            value={password}
            onChange={(e) => setPassword(e.target.value)}
          />
        </label>
        {refusal && (
          <p className="console-alert" role="alert" id={errorId} data-testid="studio-error">
            {refusal.text}
          </p>
        )}
        <button
          className="button console-primary"
          type="submit"
          data-testid="studio-login-submit"
          aria-busy={busy}
        >
          {t('STUDIO_LOGIN_SUBMIT')}
        </button>
      </form>
    </main>
  );
}
