// The Italian market's game session (casino configuration italian_session; docs/regulation.md
// "The Italian session"), in the lobby and at every table:
//   - before play the session is opened (POST /api/ui/italianSession) and, while it needs a
//     balance, the session-limit entry asks how much to bring into it (SPEC §2, §5: more
//     than the lowest table minimum, at most the player's balance; checked before sending,
//     the server's refusal 2003, 2004 or 3002 shown next to the field), sent with
//     POST /api/ui/rgsChoosenBalance;
//   - a bar under the header shows the session balance and, small, the session id; it opens
//     the session's details (its ticket, when it ends, set new limits, end it). The session
//     is read again after each of the player's bet answers and each of their own results
//     and refunds (a gameresult with their net, a cancelround with their refund; not every
//     table's result);
//   - a bet refused with 3002 (the session balance does not cover it) says so, with the way
//     to bring more ("set new limits"); 3003 is the tables' own message (ERROR.3003);
//   - at expiresAt (or when the player ends it) POST /api/ui/gameSessionExpired closes it,
//     once per session; its summary (brought, wagered, returned, balance) shows, then the
//     entry for a new one. A session never funded (needs_balance) closes without a summary.
//     expiresAt is the server's clock: the timer runs by the offset between the answer's
//     `now` and the device's clock as it arrived (a device clock off by an hour closes
//     nothing early), and the session's `state` is the server's word (open is open).
// "Not now" to the entry holds for that session for the visit (session storage: the lobby
// and each table are pages of their own).
// Its dialogs wait for their turn, as the bonus offers do: not over the app's popups (an
// ended session, an alert: app/Popups), the pause, the reality check or the quick guide,
// nor over a bonus offer; and it says when it has one (lib/dialog-turns), which a bonus
// offer waits for in turn: one dialog, one focus trap and one Escape at a time.
import './italian.css';

import {
  type FormEvent,
  type ReactNode,
  useCallback,
  useEffect,
  useId,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';

import { useFocusTrap } from '../lib/a11y/focus-trap';
import { dialogTurns, setDialogTurn } from '../lib/dialog-turns';
import { type CurrencyStyle, type Units, amountText, formatMoney } from '../lib/format/money';
import { formatTime } from '../lib/format/locale';
import { guideStore } from '../lib/guide';
import { useHostUi } from '../lib/host/context';
import { HttpError } from '../lib/http/http';
import {
  type AmountProblem,
  ENTRY_REFUSALS,
  type ItalianSession as Session,
  SESSION_BALANCE_INSUFFICIENT,
  type SessionSummary,
  amountProblem,
  canBring,
  clockOffset,
  isDismissed,
  italianApi,
  italianStorage,
  msUntil,
  refusalCode,
  typedAmount,
  writeDismissed,
} from '../lib/italian-session';
import type { ServerMessage } from '../lib/realtime/realtime';
import { useServices } from '../lib/session';
import { useStore } from '../lib/store';
import { announce } from '../ui/Announcer';
import { Popup } from '../ui/Popup';

/** The answers to the player's own bet commands (lib/realtime's command answers). */
const ANSWERS = ['betack', 'decisionack', 'cashoutack', 'autocashoutack', 'chooseack', 'error'];

/**
 * Whether a table event settles the player's own bets (the session balance changes with
 * them): a gameresult carrying their net, a cancelround carrying their refund (as the host
 * reads them: lib/host/table-events).
 */
export function settlesOwnBets(m: ServerMessage): boolean {
  if (m.type === 'gameresult') return typeof m.net === 'string';
  if (m.type === 'cancelround') return typeof m.refunded === 'string';
  return false;
}
/** How long a burst of answers and results waits before the session is read again. */
export const REFRESH_DELAY_MS = 300;

type Dialog = 'entry' | 'more' | 'insufficient' | 'details' | 'summary';

export default function ItalianSession() {
  const { t } = useTranslation();
  const { http, realtime, session, currency } = useServices();
  const api = useMemo(() => italianApi(http), [http]);
  const userId = useStore(session, (s) => s.config?.playerConfig.player.id ?? '');
  // The player's session and ticket as the configuration knew them, until the server answers.
  const configSessionId = useStore(session, (s) => s.config?.playerConfig.player.sessionId ?? '');
  const configTicketId = useStore(session, (s) => s.config?.playerConfig.player.ticketId ?? '');
  // Its dialogs' turn (as app/BonusOffers'): not over any of these.
  const paused = useHostUi((u) => u.paused);
  const reality = useHostUi((u) => u.realityCheck !== null);
  const popups = useStore(session, (s) => s.popups.length > 0);
  const guide = useStore(guideStore, (g) => g.open);
  const bonusOffer = useStore(dialogTurns, (d) => d.bonus);
  const waiting = paused || reality || popups || guide || bonusOffer;
  const money = currency();
  const storage = useMemo(() => italianStorage(), []);

  const [current, setCurrent] = useState<Session | null>(null);
  const [failed, setFailed] = useState(false);
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const [summary, setSummary] = useState<SessionSummary | null>(null);
  // "Not now": the entry of that session does not open by itself again until the player
  // asks (the bar). Kept in session storage by session id (this ref where storage refuses).
  const dismissedHere = useRef<string | null>(null);
  // The next session's entry waits too (the player closed a summary rather than start one).
  const dismissNext = useRef(false);
  const latest = useRef<Session | null>(null);
  const asked = useRef(0);
  // The sessions gameSessionExpired was called for: once each.
  const expired = useRef(new Set<string>());
  // The server's clock less the device's, from the last answer's `now` (expiresAt is the server's).
  const offset = useRef(0);
  // `open` below, for `expire` (which `open` uses in turn).
  const openAgain = useRef<() => void>(() => {});

  const dismissed = useCallback(
    (sessionId: string) => dismissedHere.current === sessionId || isDismissed(storage, sessionId),
    [storage],
  );
  const dismiss = useCallback(
    (sessionId: string | null) => {
      dismissedHere.current = sessionId;
      writeDismissed(storage, sessionId);
    },
    [storage],
  );

  const expire = useCallback(
    async (s: Session) => {
      if (expired.current.has(s.sessionId)) return;
      expired.current.add(s.sessionId);
      asked.current++; // a read on its way knows the session before it closed
      // Never funded: it closes without a summary (all of it zero).
      const silent = s.state === 'needs_balance';
      let sum: SessionSummary | null = null;
      try {
        sum = await api.expire(s.sessionId, s);
      } catch (e) {
        console.error('the game session could not be closed', e);
      }
      // A newer session may have been read meanwhile: it stays.
      if (latest.current?.sessionId === s.sessionId) {
        latest.current = null;
        setCurrent(null);
      }
      if (silent || !sum) {
        // The player who said "not now" to it is not asked at once about the next one.
        if (silent && dismissed(s.sessionId)) dismissNext.current = true;
        setDialog((d) => (d === 'summary' ? d : null));
        openAgain.current();
        return;
      }
      setSummary(sum);
      setDialog('summary');
    },
    [api, dismissed],
  );

  /** A read of the session answered: the entry shows while it needs a balance. */
  const answered = useCallback(
    (ask: number, s: Session, arrivedAt: number) => {
      if (ask !== asked.current) return; // a later read answers instead
      setFailed(false);
      offset.current = clockOffset(s, arrivedAt);
      // The server's state is its word: it answers no session past its end as open.
      if (s.state === 'ended') return void expire(s);
      if (dismissNext.current && s.state === 'needs_balance') {
        dismissNext.current = false;
        dismiss(s.sessionId);
      }
      latest.current = s;
      setCurrent(s);
      if (s.state === 'needs_balance' && !dismissed(s.sessionId))
        setDialog((d) => (d === null || d === 'insufficient' || d === 'details' ? 'entry' : d));
    },
    [expire, dismiss, dismissed],
  );
  const unanswered = useCallback((ask: number, e: unknown) => {
    if (ask !== asked.current) return;
    console.error('the game session could not be read', e);
    setFailed(true);
  }, []);

  /** Reads the open session (or opens one). */
  const open = useCallback(() => {
    if (!userId) return;
    const ask = ++asked.current;
    api.open(userId).then(
      (s) => answered(ask, s, Date.now()),
      (e: unknown) => unanswered(ask, e),
    );
  }, [api, userId, answered, unanswered]);

  useEffect(() => {
    openAgain.current = open;
    open();
  }, [open]);

  // At expiresAt the client closes the session (the server refuses bets after it anyway),
  // timed by the server's clock: the device's may be off.
  const expiresAt = current?.expiresAt ?? null;
  const sessionId = current?.sessionId ?? null;
  useEffect(() => {
    if (expiresAt === null || sessionId === null) return;
    const timer = setTimeout(
      () => {
        if (latest.current?.sessionId === sessionId) void expire(latest.current);
      },
      msUntil(expiresAt, Date.now() + offset.current),
    );
    return () => clearTimeout(timer);
  }, [expiresAt, sessionId, expire]);

  // The session is read again after the player's bets are answered and their own rounds
  // settle (not after every table's result); a bet refused for want of session balance
  // says so.
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | null = null;
    const later = () => {
      if (timer) clearTimeout(timer);
      timer = setTimeout(open, REFRESH_DELAY_MS);
    };
    const onAnswer = (m: ServerMessage) => {
      if (refusalCode(m) === SESSION_BALANCE_INSUFFICIENT)
        setDialog((d) => (d === 'entry' || d === 'more' || d === 'summary' ? d : 'insufficient'));
      later();
    };
    const onSettled = (m: ServerMessage) => {
      if (settlesOwnBets(m)) later();
    };
    const off = [
      ...ANSWERS.map((type) => realtime.on(type, onAnswer)),
      realtime.on('gameresult', onSettled),
      realtime.on('cancelround', onSettled),
    ];
    return () => {
      for (const o of off) o();
      if (timer) clearTimeout(timer);
    };
  }, [realtime, open]);

  const close = useCallback(() => setDialog(null), []);
  const later = useCallback(() => {
    dismiss(latest.current?.sessionId ?? null);
    setDialog(null);
  }, [dismiss]);
  /** "Set new limits": the entry, to bring more (with the balance as it is now). */
  const bringMore = useCallback(() => {
    dismiss(null);
    dismissNext.current = false;
    setDialog(latest.current?.state === 'open' ? 'more' : 'entry');
    open();
  }, [dismiss, open]);
  const brought = useCallback(
    (next: Session | null, amount: Units) => {
      announce(t('IT_BROUGHT', { amount: formatMoney(amount, money) }));
      if (next && !expired.current.has(next.sessionId)) {
        offset.current = clockOffset(next, Date.now());
        latest.current = next;
        setCurrent(next);
      }
      setDialog(null);
      open();
    },
    [t, money, open],
  );
  const newSession = useCallback(() => {
    dismiss(null);
    dismissNext.current = false;
    setSummary(null);
    setDialog(null);
    open();
  }, [dismiss, open]);
  const summaryClosed = useCallback(() => {
    // The next session's entry waits until the player asks (the bar).
    if (latest.current?.state === 'needs_balance') dismiss(latest.current.sessionId);
    else dismissNext.current = true;
    setSummary(null);
    setDialog(null);
    open();
  }, [dismiss, open]);
  const endSession = useCallback(() => {
    if (latest.current) void expire(latest.current);
  }, [expire]);

  const shownId = current?.sessionId ?? configSessionId;
  const needsBalance = current?.state === 'needs_balance';
  const barAction = () => {
    if (failed) return open();
    if (needsBalance) return bringMore();
    setDialog('details');
  };

  let shown: ReactNode = null;
  if (dialog !== null) {
    if ((dialog === 'entry' || dialog === 'more') && current)
      shown = (
        <EntryDialog
          mode={needsBalance ? 'entry' : dialog}
          session={current}
          money={money}
          onBring={api.bring}
          onBrought={brought}
          onSessionOver={open}
          onLater={later}
        />
      );
    else if (dialog === 'insufficient')
      shown = (
        <Popup
          title={t('IT_INSUFFICIENT_TITLE')}
          tone="warning"
          testId="italian-insufficient"
          onClose={close}
          actions={
            <>
              <button className="link-button" type="button" onClick={close}>
                {t('CLOSE')}
              </button>{' '}
              <button
                className="button"
                type="button"
                data-testid="italian-set-limits"
                onClick={bringMore}
              >
                {t('IT_SET_LIMITS')}
              </button>
            </>
          }
        >
          <p>{t('ERROR.3002')}</p>
        </Popup>
      );
    else if (dialog === 'details' && current)
      shown = (
        <Popup
          title={t('IT_SESSION_BAR')}
          testId="italian-details"
          onClose={close}
          actions={
            <>
              <button
                className="link-button"
                type="button"
                data-testid="italian-end"
                onClick={endSession}
              >
                {t('IT_END_SESSION')}
              </button>{' '}
              <button
                className="button"
                type="button"
                data-testid="italian-more"
                onClick={bringMore}
              >
                {t('IT_SET_LIMITS')}
              </button>
            </>
          }
        >
          <dl className="italian-figures">
            <dt>{t('IT_SESSION_BALANCE')}</dt>
            <dd data-testid="italian-details-balance">
              {formatMoney(current.sessionBalance, money)}
            </dd>
            <dt>{t('IT_SESSION_BROUGHT')}</dt>
            <dd>{formatMoney(current.brought, money)}</dd>
            <dt>{t('IT_SESSION_ID')}</dt>
            <dd className="italian-id">{current.sessionId}</dd>
            {(current.ticketId || configTicketId) && (
              <>
                <dt>{t('IT_TICKET_ID')}</dt>
                <dd className="italian-id">{current.ticketId || configTicketId}</dd>
              </>
            )}
          </dl>
          <p className="italian-note">
            {t('IT_SESSION_ENDS', { time: formatTime(current.expiresAt) })}
          </p>
        </Popup>
      );
    else if (dialog === 'summary' && summary)
      shown = (
        <SummaryDialog summary={summary} money={money} onNew={newSession} onClose={summaryClosed} />
      );
  }

  // Said before the browser paints, so that a bonus offer steps aside at once.
  const wanted = shown !== null;
  useLayoutEffect(() => {
    setDialogTurn('italian', wanted);
  }, [wanted]);
  useLayoutEffect(() => () => setDialogTurn('italian', false), []);

  return (
    <>
      <aside
        className="italian-bar"
        aria-label={t('IT_SESSION_BAR')}
        data-testid="italian-bar"
        data-state={current?.state ?? (failed ? 'failed' : 'loading')}
        data-session={shownId || undefined}
      >
        <button
          type="button"
          className="italian-bar-button"
          data-testid="italian-bar-button"
          aria-haspopup="dialog"
          onClick={barAction}
        >
          {failed ? (
            <span className="italian-label">{t('IT_OPEN_FAILED')}</span>
          ) : needsBalance ? (
            <span className="italian-label">{t('IT_SESSION_NONE')}</span>
          ) : (
            <>
              <span className="italian-label">{t('IT_SESSION_BALANCE')}</span>{' '}
              <strong
                data-testid="italian-balance"
                data-amount={current ? amountText(current.sessionBalance) : undefined}
              >
                {current ? formatMoney(current.sessionBalance, money) : '…'}
              </strong>
            </>
          )}
          {shownId && (
            <span className="italian-id" data-testid="italian-session-id">
              <span className="sr-only">{t('IT_SESSION_ID')} </span>
              {shownId}
            </span>
          )}
        </button>
      </aside>
      {waiting ? null : shown}
    </>
  );
}

/** A figure of the entry's text: the limits, shown and said. */
function limitsText(t: TFunction, s: Session, money: CurrencyStyle): string {
  return t('IT_AMOUNT_RANGE', {
    min: formatMoney(s.minimum, money),
    max: formatMoney(s.maximum, money),
  });
}

function problemText(t: TFunction, p: AmountProblem, money: CurrencyStyle): string {
  switch (p.key) {
    case 'IT_AMOUNT_TOO_LOW':
      return t('IT_AMOUNT_TOO_LOW', { min: formatMoney(p.min, money) });
    case 'IT_AMOUNT_TOO_HIGH':
      return t('IT_AMOUNT_TOO_HIGH', { max: formatMoney(p.max, money) });
    default:
      return t('IT_AMOUNT_INVALID');
  }
}

/**
 * The session-limit entry: the amount to bring into the session (to open it, or more into
 * it: "set new limits"), with the minimum it must exceed and the maximum (the balance).
 */
export function EntryDialog({
  mode,
  session: s,
  money,
  onBring,
  onBrought,
  onSessionOver,
  onLater,
}: {
  mode: 'entry' | 'more';
  session: Session;
  money: CurrencyStyle;
  onBring: (sessionId: string, amount: string) => Promise<Session | null>;
  onBrought: (next: Session | null, amount: Units) => void;
  /** The server says the session is over (3002): it is read again (a new one). */
  onSessionOver: () => void;
  onLater: () => void;
}) {
  const { t } = useTranslation();
  const ids = useId();
  const input = useRef<HTMLInputElement>(null);
  const [value, setValue] = useState('');
  const [checked, setChecked] = useState(false);
  const [refusal, setRefusal] = useState<number | null>(null);
  const [sending, setSending] = useState(false);

  useFocusTrap(
    useCallback(() => input.current?.closest<HTMLElement>('[role="dialog"]') ?? null, []),
  );
  // The field has the focus (after the dialog took it as it opened).
  useEffect(() => {
    input.current?.focus();
  }, []);

  const possible = canBring(s);
  const amount = typedAmount(value, money.code);
  const problem = amountProblem(amount, s);
  const message = !possible
    ? t('IT_NOT_ENOUGH_FUNDS')
    : refusal !== null
      ? t(`ERROR.${refusal}` as 'ERROR.2004', { defaultValue: t('ERROR.2001') })
      : checked && problem
        ? problemText(t, problem, money)
        : '';

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (sending || !possible) return;
    setChecked(true);
    setRefusal(null);
    if (problem || amount === null) {
      input.current?.focus();
      return;
    }
    setSending(true);
    try {
      const next = await onBring(s.sessionId, amountText(amount));
      onBrought(next, amount);
    } catch (err) {
      const code = err instanceof HttpError ? err.code : undefined;
      setRefusal(code !== undefined && ENTRY_REFUSALS.includes(code) ? code : 2001);
      if (code === SESSION_BALANCE_INSUFFICIENT) onSessionOver();
      setSending(false);
      input.current?.focus();
    }
  };

  const hintId = `${ids}-hint`;
  const messageId = `${ids}-message`;
  const formId = `${ids}-form`;
  return (
    <Popup
      title={t(mode === 'more' ? 'IT_MORE_TITLE' : 'IT_ENTRY_TITLE')}
      testId="italian-entry"
      className="italian-entry"
      onClose={onLater}
      describedBy={`${ids}-text`}
      actions={
        <>
          <button
            type="button"
            className="link-button"
            data-testid="italian-later"
            onClick={onLater}
          >
            {mode === 'more' ? t('CLOSE') : t('IT_LATER')}
          </button>{' '}
          <button
            type="submit"
            form={formId}
            className="button"
            data-testid="italian-submit"
            disabled={sending || !possible}
            aria-busy={sending}
          >
            {t(mode === 'more' ? 'IT_ADD' : 'IT_START')}
          </button>
        </>
      }
    >
      <p id={`${ids}-text`}>
        {mode === 'more'
          ? t('IT_MORE_TEXT', { balance: formatMoney(s.sessionBalance, money) })
          : t('IT_ENTRY_TEXT')}
      </p>
      <form
        id={formId}
        className="italian-form"
        data-mode={mode}
        onSubmit={(e) => void submit(e)}
        noValidate
      >
        <label htmlFor={`${ids}-amount`}>{t('IT_AMOUNT_LABEL', { currency: money.code })}</label>
        <input
          id={`${ids}-amount`}
          ref={input}
          name="amount"
          type="text"
          inputMode="decimal"
          autoComplete="off"
          enterKeyHint="done"
          data-testid="italian-amount"
          value={value}
          disabled={!possible}
          aria-invalid={message !== '' && possible}
          aria-describedby={`${hintId} ${messageId}`}
          onChange={(e) => {
            setValue(e.target.value);
            setRefusal(null);
          }}
        />
        <p
          id={hintId}
          className="italian-hint"
          data-testid="italian-limits"
          data-min={amountText(s.minimum)}
          data-max={amountText(s.maximum)}
        >
          {limitsText(t, s, money)}
        </p>
        <p
          id={messageId}
          className="italian-message"
          data-testid="italian-message"
          data-code={refusal ?? undefined}
          data-key={!possible ? 'IT_NOT_ENOUGH_FUNDS' : (problem?.key ?? undefined)}
          aria-live="polite"
        >
          {message}
        </p>
      </form>
    </Popup>
  );
}

/** The session's end: what was brought, wagered, returned and the balance left. */
export function SummaryDialog({
  summary,
  money,
  onNew,
  onClose,
}: {
  summary: SessionSummary;
  money: CurrencyStyle;
  onNew: () => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const rows: [string, Units, string][] = [
    [t('IT_SESSION_BROUGHT'), summary.brought, 'brought'],
    [t('IT_SUMMARY_WAGERED'), summary.wagered, 'wagered'],
    [t('IT_SUMMARY_RETURNED'), summary.returned, 'returned'],
    [t('IT_SUMMARY_BALANCE'), summary.sessionBalance, 'balance'],
  ];
  return (
    <Popup
      title={t('IT_SUMMARY_TITLE')}
      testId="italian-summary"
      onClose={onClose}
      actions={
        <>
          <button className="link-button" type="button" onClick={onClose}>
            {t('CLOSE')}
          </button>{' '}
          <button
            className="button"
            type="button"
            data-testid="italian-new-session"
            onClick={onNew}
          >
            {t('IT_NEW_SESSION')}
          </button>
        </>
      }
    >
      <dl className="italian-figures">
        {rows.map(([label, amount, key]) => (
          <div key={key} className="italian-figure" data-testid={`italian-summary-${key}`}>
            <dt>{label}</dt>
            <dd data-amount={amountText(amount)}>{formatMoney(amount, money)}</dd>
          </div>
        ))}
        {summary.sessionId && (
          <div className="italian-figure">
            <dt>{t('IT_SESSION_ID')}</dt>
            <dd className="italian-id">{summary.sessionId}</dd>
          </div>
        )}
      </dl>
    </Popup>
  );
}
