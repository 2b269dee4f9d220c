// The login page (/play/login, SPEC §2 "Login and registration; free-play e-mail entry"):
// for a casino that keeps its players' accounts (lib/account), three forms behind tabs:
// log in (username or e-mail address, password), register (e-mail address, username,
// password, date of birth, the voucher's id and amount, the terms; SPEC §5 "Registration
// and entry") and, when the casino offers it, play for free with an e-mail address.
//
// Each form checks what it can before sending (model.ts) and shows every problem next to
// its field (aria-invalid, aria-describedby); a refusal of the server shows the SPEC §8
// catalogue's message above the form and the message of the field the server names next
// to that field. After a refused submit the focus goes to the first field with a problem,
// else to the message. The submit button is disabled while a form is being sent. A form
// that signs the player in hands the player to `onSignedIn` (the app then starts).
import './account.css';

import {
  type FormEvent,
  type InputHTMLAttributes,
  type KeyboardEvent,
  type ReactNode,
  type Ref,
  useEffect,
  useId,
  useRef,
  useState,
} from 'react';
import { useTranslation } from 'react-i18next';

import {
  type AccountApi,
  type AccountConfig,
  type AccountForm,
  type SignedInPlayer,
} from '../../lib/account';
import { PageMessage } from '../../ui/PageMessage';
import {
  EMPTY_FREE_PLAY,
  EMPTY_LOGIN,
  EMPTY_REGISTER,
  type Field,
  type FreePlayValues,
  type LoginValues,
  type Problem,
  type Problems,
  type Refusal,
  type RegisterValues,
  alertKey,
  freePlayProblems,
  isoDay,
  loginProblems,
  problemsOfRefusal,
  refusalOf,
  registerProblems,
  registration,
} from './model';

export interface AccountPageProps {
  api: AccountApi;
  /** The form shown first (the address's `form`). */
  initialForm?: AccountForm;
  /** Another form was chosen (the address can follow). */
  onFormChange?: (form: AccountForm) => void;
  /** A form signed the player in. */
  onSignedIn: (player: SignedInPlayer) => void;
  /** The page's language, sent with a registration and free play. */
  language: string;
  now?: () => number;
}

type Shown = AccountConfig | 'loading' | 'failed';

export default function AccountPage({
  api,
  initialForm = 'login',
  onFormChange,
  onSignedIn,
  language,
  now = Date.now,
}: AccountPageProps) {
  const { t } = useTranslation();
  const [config, setConfig] = useState<Shown>('loading');
  const [chosen, setChosen] = useState<AccountForm>(initialForm);

  useEffect(() => {
    let live = true;
    api.config().then(
      (c) => live && setConfig(c),
      (e: unknown) => {
        console.error('the account settings could not be read', e);
        if (live) setConfig('failed');
      },
    );
    return () => {
      live = false;
    };
  }, [api]);

  if (config === 'loading')
    return (
      <main className="page-loading" aria-busy="true" data-testid="page-loading">
        <p>{t('LOADING')}</p>
      </main>
    );
  if (config === 'failed')
    return (
      <PageMessage
        title={t('ERROR_PAGE_TITLE')}
        text={t('ERROR_PAGE_TEXT')}
        action={
          <button className="button" type="button" onClick={() => window.location.reload()}>
            {t('RELOAD')}
          </button>
        }
      />
    );
  if (!config.accounts)
    return (
      <PageMessage
        title={t('ACCOUNT_UNAVAILABLE_TITLE')}
        text={t('ACCOUNT_UNAVAILABLE_TEXT')}
        code="NO_ACCOUNTS"
        action={
          <a className="button" href="/">
            {t('BACK_TO_LOBBY')}
          </a>
        }
      />
    );

  const forms: AccountForm[] = config.freePlay
    ? ['login', 'register', 'freeplay']
    : ['login', 'register'];
  const form = forms.includes(chosen) ? chosen : 'login';
  const choose = (f: AccountForm) => {
    setChosen(f);
    onFormChange?.(f);
  };
  const panel = (f: AccountForm, children: ReactNode) => (
    <div
      role="tabpanel"
      id={`account-panel-${f}`}
      aria-labelledby={`account-tab-${f}`}
      hidden={f !== form}
      className="account-panel"
    >
      {children}
    </div>
  );
  return (
    <div className="account-page" data-testid="account-page" data-form={form}>
      <header className="account-bar">
        <span className="brand">
          <img src="/img/logo.svg" alt="" width={28} height={28} />
          <span>{t('APP_NAME')}</span>
        </span>
      </header>
      <main className="account-main">
        <div className="account-card">
          <h1>{t('ACCOUNT_TITLE')}</h1>
          <Tabs forms={forms} selected={form} onSelect={choose} />
          {panel('login', <LoginForm api={api} onSignedIn={onSignedIn} />)}
          {panel(
            'register',
            <RegisterForm
              api={api}
              onSignedIn={onSignedIn}
              language={language}
              minimumAge={config.minimumAge}
              currency={config.currency}
              now={now}
            />,
          )}
          {config.freePlay &&
            panel(
              'freeplay',
              <FreePlayForm api={api} onSignedIn={onSignedIn} language={language} />,
            )}
        </div>
      </main>
    </div>
  );
}

const TAB_LABELS = {
  login: 'ACCOUNT_LOG_IN',
  register: 'ACCOUNT_REGISTER',
  freeplay: 'ACCOUNT_FREE_PLAY',
} as const;

/**
 * The forms as a tablist: arrow keys move to the previous and next tab (mirrored right to
 * left), Home and End to the first and last; only the selected tab is in the tab order.
 */
function Tabs({
  forms,
  selected,
  onSelect,
}: {
  forms: AccountForm[];
  selected: AccountForm;
  onSelect: (form: AccountForm) => void;
}) {
  const { t } = useTranslation();
  const refs = useRef(new Map<AccountForm, HTMLButtonElement>());
  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    const rtl = getComputedStyle(e.currentTarget).direction === 'rtl';
    const i = Math.max(0, forms.indexOf(selected));
    const step: Record<string, number> = {
      ArrowRight: rtl ? -1 : 1,
      ArrowLeft: rtl ? 1 : -1,
      Home: -i,
      End: forms.length - 1 - i,
    };
    const by = step[e.key];
    if (by === undefined) return;
    e.preventDefault();
    const next = forms[(i + by + forms.length) % forms.length]!;
    onSelect(next);
    refs.current.get(next)?.focus();
  };
  return (
    <div
      className="account-tabs"
      role="tablist"
      aria-label={t('ACCOUNT_FORMS')}
      onKeyDown={onKeyDown}
    >
      {forms.map((f) => (
        <button
          key={f}
          ref={(el) => {
            if (el) refs.current.set(f, el);
            else refs.current.delete(f);
          }}
          type="button"
          role="tab"
          id={`account-tab-${f}`}
          data-testid={`account-tab-${f}`}
          aria-selected={f === selected}
          aria-controls={`account-panel-${f}`}
          tabIndex={f === selected ? 0 : -1}
          className="account-tab"
          onClick={() => onSelect(f)}
        >
          {t(TAB_LABELS[f])}
        </button>
      ))}
    </div>
  );
}

// ---- A form's state ---------------------------------------------------------------------

interface FormSetup<V> {
  initial: V;
  check: (v: V) => Problems;
  send: (v: V) => Promise<SignedInPlayer>;
  refused: (r: Refusal, v: V) => Problems;
  onSignedIn: (player: SignedInPlayer) => void;
}

function without(problems: Problems, field: string): Problems {
  if (!(field in problems)) return problems;
  return Object.fromEntries(Object.entries(problems).filter(([f]) => f !== field)) as Problems;
}

/**
 * A form's values, problems and refusal; `submit` checks, sends and, when refused, shows
 * why and moves the focus to the first field with a problem (else to the message).
 */
function useAccountForm<V extends object>({
  initial,
  check,
  send,
  refused,
  onSignedIn,
}: FormSetup<V>) {
  const [values, setValues] = useState(initial);
  const [problems, setProblems] = useState<Problems>({});
  const [refusal, setRefusal] = useState<Refusal | null>(null);
  const [sending, setSending] = useState(false);
  const [attempt, setAttempt] = useState(0);
  const formRef = useRef<HTMLFormElement>(null);
  const alertRef = useRef<HTMLParagraphElement>(null);
  const mounted = useRef(true);
  useEffect(() => {
    mounted.current = true; // again after StrictMode's trial unmount
    return () => {
      mounted.current = false;
    };
  }, []);

  useEffect(() => {
    if (attempt === 0) return;
    const first = formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]');
    (first ?? alertRef.current)?.focus();
  }, [attempt]);

  const set = <K extends keyof V & string>(key: K, value: V[K]) => {
    setValues((v) => ({ ...v, [key]: value }));
    setProblems((p) => without(p, key));
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (sending) return;
    setRefusal(null);
    const found = check(values);
    setProblems(found);
    if (Object.keys(found).length > 0) {
      setAttempt((n) => n + 1);
      return;
    }
    setSending(true);
    try {
      const player = await send(values);
      onSignedIn(player); // the page goes: the button stays disabled meanwhile
    } catch (err) {
      if (!mounted.current) return;
      const r = refusalOf(err);
      setProblems(refused(r, values));
      setRefusal(r);
      setSending(false);
      setAttempt((n) => n + 1);
    }
  };

  return { values, set, problems, refusal, sending, submit, formRef, alertRef };
}

// ---- The fields ---------------------------------------------------------------------------

function useProblemText() {
  const { t } = useTranslation();
  return (p: Problem) =>
    p.key === 'ACCOUNT_UNDER_AGE' ? t(p.key, { age: p.age ?? 18 }) : t(p.key);
}

/** The catalogue's message of a refusal, above the form's fields (focusable, announced). */
function Alert({
  refusal,
  alertRef,
}: {
  refusal: Refusal | null;
  alertRef: Ref<HTMLParagraphElement>;
}) {
  const { t } = useTranslation();
  if (!refusal) return null;
  return (
    <p
      ref={alertRef}
      className="account-alert"
      role="alert"
      tabIndex={-1}
      data-testid="account-alert"
      data-code={refusal.code}
    >
      {t(alertKey(refusal) as 'ERROR.2001', { defaultValue: t('ERROR.2001') })}
    </p>
  );
}

type InputProps = Omit<
  InputHTMLAttributes<HTMLInputElement>,
  'id' | 'name' | 'value' | 'onChange' | 'checked'
>;

/** A labelled input with its hint and its problem (read before the hint). */
function TextField({
  id,
  name,
  label,
  hint,
  problem,
  value,
  onChange,
  ...input
}: {
  id: string;
  name: Field;
  label: string;
  hint?: string;
  problem: Problem | undefined;
  value: string;
  onChange: (value: string) => void;
} & InputProps) {
  const text = useProblemText();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [problem && errorId, hint && hintId].filter(Boolean).join(' ');
  return (
    <div className="account-field" data-field={name}>
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        name={name}
        value={value}
        required
        aria-invalid={problem !== undefined}
        aria-describedby={describedBy || undefined}
        onChange={(e) => onChange(e.target.value)}
        {...input}
      />
      {problem && (
        <p id={errorId} className="account-error" data-testid={`account-error-${name}`}>
          {text(problem)}
        </p>
      )}
      {hint && (
        <p id={hintId} className="account-hint">
          {hint}
        </p>
      )}
    </div>
  );
}

function Submit({ sending, label, testId }: { sending: boolean; label: string; testId: string }) {
  return (
    <button
      type="submit"
      className="button account-submit"
      data-testid={testId}
      disabled={sending}
      aria-busy={sending}
    >
      {label}
    </button>
  );
}

// ---- The forms ----------------------------------------------------------------------------

interface FormProps {
  api: AccountApi;
  onSignedIn: (player: SignedInPlayer) => void;
}

function LoginForm({ api, onSignedIn }: FormProps) {
  const { t } = useTranslation();
  const id = useId();
  const { values, set, problems, refusal, sending, submit, formRef, alertRef } =
    useAccountForm<LoginValues>({
      initial: EMPTY_LOGIN,
      check: loginProblems,
      send: (v) => api.login(v.username.trim(), v.password),
      refused: (r, v) => problemsOfRefusal(r, v, 0),
      onSignedIn,
    });
  return (
    <form
      ref={formRef}
      className="account-form"
      data-testid="login-form"
      noValidate
      onSubmit={(e) => void submit(e)}
    >
      <Alert refusal={refusal} alertRef={alertRef} />
      <div className="account-fields">
        <TextField
          id={`${id}-username`}
          name="username"
          label={t('ACCOUNT_USERNAME_OR_EMAIL')}
          problem={problems.username}
          value={values.username}
          onChange={(v) => set('username', v)}
          type="text"
          autoComplete="username"
          autoCapitalize="none"
          autoCorrect="off"
          spellCheck={false}
          maxLength={254}
        />
        <TextField
          id={`${id}-password`}
          name="password"
          label={t('ACCOUNT_PASSWORD')}
          problem={problems.password}
          value={values.password}
          onChange={(v) => set('password', v)}
          type="password"
          autoComplete="current-password"
          maxLength={128}
          enterKeyHint="go"
        />
      </div>
      <Submit sending={sending} label={t('ACCOUNT_LOG_IN')} testId="login-submit" />
    </form>
  );
}

function RegisterForm({
  api,
  onSignedIn,
  language,
  minimumAge,
  currency,
  now,
}: FormProps & { language: string; minimumAge: number; currency: string; now: () => number }) {
  const { t } = useTranslation();
  const text = useProblemText();
  const id = useId();
  const { values, set, problems, refusal, sending, submit, formRef, alertRef } =
    useAccountForm<RegisterValues>({
      initial: EMPTY_REGISTER,
      check: (v) => registerProblems(v, minimumAge, now()),
      send: (v) => api.register(registration(v, language)),
      refused: (r, v) => problemsOfRefusal(r, v, minimumAge),
      onSignedIn,
    });
  const termsId = `${id}-terms`;
  const terms = problems.termsAccepted;
  return (
    <form
      ref={formRef}
      className="account-form"
      data-testid="register-form"
      noValidate
      onSubmit={(e) => void submit(e)}
    >
      <Alert refusal={refusal} alertRef={alertRef} />
      <div className="account-fields">
        <TextField
          id={`${id}-email`}
          name="email"
          label={t('ACCOUNT_EMAIL')}
          problem={problems.email}
          value={values.email}
          onChange={(v) => set('email', v)}
          type="email"
          inputMode="email"
          autoComplete="email"
          autoCapitalize="none"
          spellCheck={false}
          maxLength={254}
        />
        <TextField
          id={`${id}-username`}
          name="username"
          label={t('ACCOUNT_USERNAME')}
          hint={t('ACCOUNT_USERNAME_HINT')}
          problem={problems.username}
          value={values.username}
          onChange={(v) => set('username', v)}
          type="text"
          autoComplete="username"
          autoCapitalize="none"
          autoCorrect="off"
          spellCheck={false}
          maxLength={20}
        />
        <TextField
          id={`${id}-password`}
          name="password"
          label={t('ACCOUNT_PASSWORD')}
          hint={t('ACCOUNT_PASSWORD_HINT')}
          problem={problems.password}
          value={values.password}
          onChange={(v) => set('password', v)}
          type="password"
          autoComplete="new-password"
          maxLength={128}
        />
        <TextField
          id={`${id}-birth`}
          name="birthDate"
          label={t('ACCOUNT_BIRTH_DATE')}
          hint={t('ACCOUNT_BIRTH_DATE_HINT', { age: minimumAge })}
          problem={problems.birthDate}
          value={values.birthDate}
          onChange={(v) => set('birthDate', v)}
          type="date"
          autoComplete="bday"
          min="1900-01-01"
          max={isoDay(now())}
        />
        <TextField
          id={`${id}-voucher`}
          name="voucherId"
          label={t('ACCOUNT_VOUCHER_ID')}
          hint={t('ACCOUNT_VOUCHER_HINT')}
          problem={problems.voucherId}
          value={values.voucherId}
          onChange={(v) => set('voucherId', v)}
          type="text"
          autoComplete="off"
          autoCapitalize="none"
          autoCorrect="off"
          spellCheck={false}
          maxLength={64}
        />
        <TextField
          id={`${id}-amount`}
          name="voucherAmount"
          label={t('ACCOUNT_VOUCHER_AMOUNT', { currency })}
          problem={problems.voucherAmount}
          value={values.voucherAmount}
          onChange={(v) => set('voucherAmount', v)}
          type="text"
          inputMode="decimal"
          autoComplete="off"
          maxLength={20}
        />
      </div>
      <div className="account-field account-check" data-field="termsAccepted">
        <input
          id={termsId}
          name="termsAccepted"
          type="checkbox"
          checked={values.termsAccepted}
          required
          aria-invalid={terms !== undefined}
          aria-describedby={terms ? `${termsId}-error` : undefined}
          onChange={(e) => set('termsAccepted', e.target.checked)}
        />
        <label htmlFor={termsId}>{t('ACCOUNT_TERMS')}</label>
        {terms && (
          <p
            id={`${termsId}-error`}
            className="account-error"
            data-testid="account-error-termsAccepted"
          >
            {text(terms)}
          </p>
        )}
      </div>
      <Submit sending={sending} label={t('ACCOUNT_CREATE')} testId="register-submit" />
    </form>
  );
}

function FreePlayForm({ api, onSignedIn, language }: FormProps & { language: string }) {
  const { t } = useTranslation();
  const id = useId();
  const { values, set, problems, refusal, sending, submit, formRef, alertRef } =
    useAccountForm<FreePlayValues>({
      initial: EMPTY_FREE_PLAY,
      check: freePlayProblems,
      send: (v) => api.freePlay(v.email.trim(), language),
      // Free play refuses only an address that is not one.
      refused: (r): Problems =>
        r.field === 'email' ? { email: { key: 'ACCOUNT_EMAIL_INVALID' } } : {},
      onSignedIn,
    });
  return (
    <form
      ref={formRef}
      className="account-form"
      data-testid="freeplay-form"
      noValidate
      onSubmit={(e) => void submit(e)}
    >
      <p className="account-note">{t('ACCOUNT_FREE_PLAY_TEXT')}</p>
      <Alert refusal={refusal} alertRef={alertRef} />
      <div className="account-fields">
        <TextField
          id={`${id}-email`}
          name="email"
          label={t('ACCOUNT_EMAIL')}
          problem={problems.email}
          value={values.email}
          onChange={(v) => set('email', v)}
          type="email"
          inputMode="email"
          autoComplete="email"
          autoCapitalize="none"
          spellCheck={false}
          maxLength={254}
          enterKeyHint="go"
        />
      </div>
      <Submit sending={sending} label={t('ACCOUNT_FREE_PLAY_START')} testId="freeplay-submit" />
    </form>
  );
}
