// The responsible-gaming screen (docs/regulation.md "Limits", "Session-time limit",
// "Reality check at the player's interval"), opened from the settings: the six money
// limits (losses and stakes per day, week and month), the session's length and the
// reality check's interval. Each shows the limit that counts, the player's own (and the
// operator's when it set one), a raise or removal waiting for its 24-hour cooling-off with
// when it applies, and what is used; the player sets, lowers or removes their own (GET and
// POST /api/ui/limits). A value the client can tell is wrong is refused before sending; a
// refusal of the server is shown next to its field (the SPEC §8 message when it gives a
// code). A change of the reality check's interval applies at once: the host reads the
// session's figures (and with them the interval) again.
import './settings.css';

import { type FormEvent, useCallback, useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';

import { formatMoney } from '../../lib/format/money';
import { formatDateTime } from '../../lib/format/locale';
import { casinoConfigOf } from '../../lib/host/casino-config';
import { useHost } from '../../lib/host/context';
import { realityInterval } from '../../lib/host/reality-check';
import { useServices } from '../../lib/session';
import { useStore } from '../../lib/store';
import { Popup } from '../../ui/Popup';
import {
  type LimitKind,
  type LimitRow,
  type Limits,
  LIMITS_URL,
  MAX_MINUTES,
  isTimeKind,
  limitBody,
  limitsOf,
  parseLimitInput,
  refusalKey,
} from './limits-model';

type Load = { state: 'loading' } | { state: 'failed' } | { state: 'ready'; limits: Limits };

/** A limit's figure for people: an amount, or minutes. */
function useFigure() {
  const { t } = useTranslation();
  const { currency } = useServices();
  return (kind: LimitKind, v: number | null) =>
    v === null
      ? t('REG_NONE')
      : isTimeKind(kind)
        ? t('REG_MINUTES', { count: v })
        : formatMoney(v, currency());
}

export default function ResponsibleGaming({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const { http } = useServices();
  const [load, setLoad] = useState<Load>({ state: 'loading' });
  const [attempt, setAttempt] = useState(0);
  const introId = useId();

  useEffect(() => {
    let live = true;
    http
      .get<unknown>(LIMITS_URL)
      .then((raw) => {
        const limits = limitsOf(raw);
        if (live) setLoad(limits ? { state: 'ready', limits } : { state: 'failed' });
      })
      .catch(() => live && setLoad({ state: 'failed' }));
    return () => {
      live = false;
    };
  }, [http, attempt]);

  const updated = useCallback((limits: Limits) => setLoad({ state: 'ready', limits }), []);

  return (
    <Popup
      title={t('REG_TITLE')}
      onClose={onClose}
      testId="responsible-gaming"
      className="popup-sheet settings-panel rg-panel"
      describedBy={introId}
      actions={
        <button type="button" onClick={onClose}>
          {t('CLOSE')}
        </button>
      }
    >
      <p id={introId} className="settings-note">
        {t('REG_INTRO')}
      </p>
      {load.state === 'loading' && <p aria-busy="true">{t('LOADING')}</p>}
      {load.state === 'failed' && (
        <p className="popup-note" role="alert">
          {t('REG_LOAD_FAILED')}{' '}
          <button
            type="button"
            onClick={() => {
              setLoad({ state: 'loading' });
              setAttempt((n) => n + 1);
            }}
          >
            {t('RETRY')}
          </button>
        </p>
      )}
      {load.state === 'ready' &&
        load.limits.rows.map((row) => (
          <LimitSection key={row.kind} row={row} onUpdated={updated} />
        ))}
    </Popup>
  );
}

type Outcome = { kind: 'error'; key: string } | { kind: 'saved'; pendingAt: number | null };

function LimitSection({ row, onUpdated }: { row: LimitRow; onUpdated: (l: Limits) => void }) {
  const { t } = useTranslation();
  const { http, currency, session } = useServices();
  const host = useHost();
  const figure = useFigure();
  const { kind } = row;
  const time = isTimeKind(kind);
  // The reality check's interval in force is the operator's or the player's, the shorter.
  const operatorInterval = useStore(
    session,
    (s) => casinoConfigOf(s.config?.casinoConfig ?? null).reality_check_interval_min,
  );
  const inForce =
    kind === 'reality_check' ? realityInterval(operatorInterval, row.limit) || null : row.limit;
  const id = useId();
  const [text, setText] = useState('');
  const [sending, setSending] = useState(false);
  const [outcome, setOutcome] = useState<Outcome | null>(null);

  const send = async (value: number | null) => {
    setSending(true);
    setOutcome(null);
    try {
      const limits = limitsOf(await http.post<unknown>(LIMITS_URL, limitBody(kind, value)));
      if (!limits) throw new Error('not a limits answer');
      onUpdated(limits);
      setText('');
      const now = limits.rows.find((r) => r.kind === kind);
      setOutcome({ kind: 'saved', pendingAt: now?.pendingAt ?? null });
      if (time) void host?.refreshFigures();
    } catch (e) {
      setOutcome({ kind: 'error', key: refusalKey(e) });
    } finally {
      setSending(false);
    }
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const parsed = parseLimitInput(kind, text, currency().code);
    if ('problem' in parsed) {
      setOutcome({ kind: 'error', key: parsed.problem });
      return;
    }
    void send(parsed.value);
  };

  const title = t(`REG_KIND_${kind}`);
  const inputId = `${id}-input`;
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  const error = outcome?.kind === 'error' ? outcome.key : null;
  const pendingText =
    row.pending === null || row.pendingAt === null
      ? null
      : row.pending === 'none'
        ? t('REG_PENDING_REMOVAL', { date: formatDateTime(row.pendingAt) })
        : t('REG_PENDING_VALUE', {
            value: figure(kind, row.pending),
            date: formatDateTime(row.pendingAt),
          });

  return (
    <section className="rg-limit" data-kind={kind} aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`}>{title}</h3>
      <dl className="rg-figures">
        <div>
          <dt>{t('REG_IN_FORCE')}</dt>
          <dd data-testid={`rg-limit-${kind}`}>{figure(kind, inForce)}</dd>
        </div>
        <div>
          <dt>{t('REG_YOURS')}</dt>
          <dd data-testid={`rg-player-${kind}`}>{figure(kind, row.player)}</dd>
        </div>
        {row.operator !== null && (
          <div>
            <dt>{t('REG_OPERATORS')}</dt>
            <dd>{figure(kind, row.operator)}</dd>
          </div>
        )}
        {pendingText !== null && (
          <div>
            <dt>{t('REG_PENDING')}</dt>
            <dd data-testid={`rg-pending-${kind}`}>{pendingText}</dd>
          </div>
        )}
        {row.used !== null && (
          <div>
            <dt>{t(kind === 'session_time' ? 'REG_USED_SESSION' : 'REG_USED')}</dt>
            <dd data-testid={`rg-used-${kind}`}>{figure(kind, row.used)}</dd>
          </div>
        )}
      </dl>
      <form className="rg-form" onSubmit={submit} noValidate>
        <label htmlFor={inputId}>
          {time ? t('REG_NEW_MINUTES') : t('REG_NEW_AMOUNT', { currency: currency().code })}
        </label>
        <div className="rg-entry">
          <input
            id={inputId}
            name={kind}
            value={text}
            inputMode={time ? 'numeric' : 'decimal'}
            autoComplete="off"
            enterKeyHint="done"
            maxLength={time ? 4 : 16}
            aria-invalid={error !== null}
            aria-describedby={[error && errorId, hintId].filter(Boolean).join(' ')}
            data-testid={`rg-input-${kind}`}
            onChange={(e) => {
              setText(e.target.value);
              if (outcome?.kind === 'error') setOutcome(null);
            }}
          />
          <button
            type="submit"
            className="button"
            disabled={sending}
            aria-describedby={`${id}-title`}
            data-testid={`rg-set-${kind}`}
          >
            {t('REG_SET')}
          </button>
          {row.player !== null && row.pending !== 'none' && (
            <button
              type="button"
              className="button"
              disabled={sending}
              aria-describedby={`${id}-title`}
              data-testid={`rg-remove-${kind}`}
              onClick={() => void send(null)}
            >
              {t('REG_REMOVE')}
            </button>
          )}
        </div>
        {error !== null && (
          <p id={errorId} className="rg-error" role="alert" data-testid={`rg-error-${kind}`}>
            {t(error as 'REG_REFUSED', {
              max: MAX_MINUTES,
              defaultValue: t('ERROR.2001'),
            })}
          </p>
        )}
        {outcome?.kind === 'saved' && (
          <p className="rg-saved" role="status" data-testid={`rg-saved-${kind}`}>
            {outcome.pendingAt === null
              ? t('REG_SAVED')
              : t('REG_SAVED_PENDING', { date: formatDateTime(outcome.pendingAt) })}
          </p>
        )}
        <p id={hintId} className="settings-note">
          {t(kind === 'reality_check' ? 'REG_HINT_REALITY' : 'REG_HINT_COOLING')}
        </p>
      </form>
    </section>
  );
}
