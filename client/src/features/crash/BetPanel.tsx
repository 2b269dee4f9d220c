// A crash table's bet panel (BET_1, BET_2): the stake, chosen with the table's chips
// before it is placed; one main button whose words and action follow the panel's phase
// (place the bet, take it back, cash out the live value, or say what it waits for), kept
// the same element throughout so that keyboard focus stays on it from the bet to the
// cash-out; "Cash out half" during the flight; what the panel's cash-outs returned or why
// one was refused; and the automatic cash-out targets (AutoForm).
import { useState } from 'react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';

import { type CurrencyStyle, type Units, amountText, formatMoney } from '../../lib/format/money';
import { type Bet, type CashedPart, type Panel, type Phase, flyingStake } from './crash-state';
import { type LiveStore, useLiveX } from './live';
import { betName } from './names';
import {
  type AutoProblem,
  type AutoTargets,
  DEFAULT_CAP,
  MIN_TARGET,
  cashOutReturn,
  checkAuto,
  halfOf,
  xText,
} from './multiplier';

/** The words of a cash-out's answer: "Cashed out at 2.15x: +€21.50". */
export function cashedWords(t: TFunction, c: CashedPart, currency: CurrencyStyle): string {
  const key =
    c.part === 'half'
      ? c.auto
        ? 'CRASH_CASHED_HALF_AUTO'
        : 'CRASH_CASHED_HALF'
      : c.auto
        ? 'CRASH_CASHED_AUTO'
        : 'CRASH_CASHED';
  return t(key, { x: xText(c.x), amount: formatMoney(c.returned, currency) });
}

/** A refused cash-out in words: the crash game's own, else the error catalogue's. */
export function refusalWords(t: TFunction, code: number): string {
  if (code === 1017) return t('CRASH_ERROR_1017');
  if (code === 1005) return t('CRASH_ERROR_1005');
  return t(`ERROR.${code}` as 'ERROR.1005', { defaultValue: t('ERROR.2001') });
}

/** "Cash out €21.50" with the value of the moment; re-rendered alone as it rises. */
function CashOutWords({
  live,
  stake,
  currency,
  half,
}: {
  live: LiveStore;
  stake: Units;
  currency: CurrencyStyle;
  half?: boolean;
}) {
  const { t } = useTranslation();
  const x = useLiveX(live);
  const amount = formatMoney(cashOutReturn(stake, x, currency.code), currency);
  return <>{t(half ? 'CRASH_CASH_OUT_HALF' : 'CRASH_CASH_OUT', { amount })}</>;
}

export interface BetPanelProps {
  bet: Bet;
  panel: Panel;
  phase: Phase;
  open: boolean; // bets are open
  amount: Units; // the stake chosen for the next bet
  chip: Units;
  crashX: number | null;
  live: LiveStore;
  currency: CurrencyStyle;
  onAmount: (amount: Units) => void;
  onPlace: () => void;
  onCancel: () => void;
  onCashOut: (part: 'all' | 'half') => void;
  onAuto: (targets: AutoTargets) => void;
  cap?: number;
  minTarget?: number;
}

export function BetPanel(p: BetPanelProps) {
  const { t } = useTranslation();
  const { bet, panel, phase, currency } = p;
  const money = (u: Units) => formatMoney(u, currency);
  const flying = flyingStake(panel);
  const halfCashed = panel.cashed.some((c) => c.part === 'half');
  const staked = phase === 'placing' || phase === 'placed' || phase === 'cancelling';

  let words: React.ReactNode;
  let act: (() => void) | null = null;
  let main = 'wait';
  switch (phase) {
    case 'idle':
      words = t('CRASH_BET', { amount: money(p.amount) });
      if (p.open && p.amount > 0) act = p.onPlace;
      else if (!p.open) words = t('CRASH_NEXT_ROUND');
      main = 'bet';
      break;
    case 'placing':
      words = t('CRASH_PLACING');
      break;
    case 'placed':
      words = p.open
        ? t('CRASH_CANCEL', { amount: money(panel.stake) })
        : t('CRASH_READY', { amount: money(panel.stake) });
      if (p.open) act = p.onCancel;
      main = p.open ? 'cancel' : 'wait';
      break;
    case 'cancelling':
      words = t('CRASH_CANCELLING');
      break;
    case 'flying':
      words = <CashOutWords live={p.live} stake={flying} currency={currency} />;
      act = () => p.onCashOut('all');
      main = 'cashout';
      break;
    case 'cashing':
      words = t('CRASH_CASHING');
      main = 'cashout';
      break;
    default:
      words = t('CRASH_NEXT_ROUND');
  }
  const inFlight = phase === 'flying' || phase === 'cashing';
  const status = panelStatus(t, panel, phase, p.crashX, currency);

  return (
    <section
      className={`crash-panel phase-${phase}`}
      data-testid={`panel-${bet}`}
      data-phase={phase}
      data-stake={panel.stake}
      aria-labelledby={`crash-${bet}-title`}
    >
      <div className="crash-panel-head">
        <h2 className="crash-panel-title" id={`crash-${bet}-title`}>
          {betName(t, bet)}
        </h2>
        {(staked || inFlight) && (
          <span className="crash-panel-stake" data-testid={`stake-${bet}`}>
            {money(inFlight ? flying : panel.stake)}
          </span>
        )}
      </div>
      <button
        type="button"
        className={`crash-main main-${main}`}
        data-spot={bet}
        data-testid={`action-${bet}`}
        data-action={act ? main : 'none'}
        tabIndex={0}
        aria-disabled={act === null}
        aria-busy={phase === 'placing' || phase === 'cancelling' || phase === 'cashing'}
        onClick={() => act?.()}
      >
        {words}
      </button>
      {inFlight && !halfCashed ? (
        <button
          type="button"
          className="crash-half"
          data-testid={`half-${bet}`}
          disabled={phase !== 'flying' || halfOf(flying, currency.code) <= 0}
          onClick={() => p.onCashOut('half')}
        >
          <CashOutWords
            live={p.live}
            stake={halfOf(flying, currency.code)}
            currency={currency}
            half
          />
        </button>
      ) : (
        phase === 'idle' && (
          <div className="crash-stepper">
            <button
              type="button"
              className="crash-step"
              aria-label={t('CRASH_LESS', { amount: money(p.chip) })}
              disabled={!p.open || p.amount - p.chip <= 0}
              onClick={() => p.onAmount(p.amount - p.chip)}
            >
              −
            </button>
            <output className="crash-amount" data-testid={`amount-${bet}`}>
              {money(p.amount)}
            </output>
            <button
              type="button"
              className="crash-step"
              aria-label={t('CRASH_MORE', { amount: money(p.chip) })}
              disabled={!p.open}
              onClick={() => p.onAmount(p.amount + p.chip)}
            >
              +
            </button>
          </div>
        )
      )}
      <p className="crash-panel-status" data-testid={`status-${bet}`}>
        {status.map((s, i) => (
          <span
            key={i}
            className={`crash-status-${s.kind}`}
            data-kind={s.kind}
            data-x={s.x}
            data-returned={s.returned}
          >
            {s.text}
          </span>
        ))}
      </p>
      {/* Drawn afresh with what the server keeps (a resync, an answer): its fields too. */}
      <AutoForm
        key={`${panel.auto.at}:${panel.auto.halfAt}`}
        bet={bet}
        panel={panel}
        onAuto={p.onAuto}
        cap={p.cap ?? DEFAULT_CAP}
        minTarget={p.minTarget ?? MIN_TARGET}
      />
    </section>
  );
}

/** A line under a panel's buttons (its x and returned amount, for a cash-out's). */
export interface StatusLine {
  kind: 'win' | 'half' | 'error' | 'lost';
  text: string;
  x?: string;
  returned?: string;
}

/** The lines under a panel's buttons: its cash-outs, a refusal, a loss. */
export function panelStatus(
  t: TFunction,
  panel: Panel,
  phase: Phase,
  crashX: number | null,
  currency: CurrencyStyle,
): StatusLine[] {
  const out: StatusLine[] = panel.cashed.map((c) => ({
    kind: c.part === 'half' ? 'half' : 'win',
    text: cashedWords(t, c, currency),
    x: xText(c.x),
    returned: amountText(c.returned),
  }));
  if (panel.refusal !== null) out.push({ kind: 'error', text: refusalWords(t, panel.refusal) });
  if (phase === 'lost' && crashX !== null)
    out.push({
      kind: 'lost',
      text: t('CRASH_LOST', {
        amount: formatMoney(flyingStake(panel), currency),
        x: xText(crashX),
      }),
    });
  if (phase === 'capped' && crashX !== null)
    out.push({ kind: 'win', text: t('CRASH_CAPPED', { x: xText(crashX) }) });
  return out;
}

/** The targets in words: "Auto: all at 2.50x, half at 1.50x", or off. */
export function autoWords(t: TFunction, a: AutoTargets): string {
  const parts = [
    a.at !== null ? t('CRASH_AUTO_AT', { x: xText(a.at) }) : null,
    a.halfAt !== null ? t('CRASH_AUTO_HALF', { x: xText(a.halfAt) }) : null,
  ].filter((x): x is string => x !== null);
  return parts.length > 0 ? parts.join(', ') : t('CRASH_AUTO_OFF');
}

function problemWords(t: TFunction, p: AutoProblem | null, min: number, cap: number) {
  if (p === 'format') return t('CRASH_AUTO_FORMAT');
  if (p === 'range') return t('CRASH_AUTO_RANGE', { min: xText(min), max: xText(cap) });
  if (p === 'order') return t('CRASH_AUTO_ORDER');
  return null;
}

/**
 * The automatic cash-out of a panel: the whole (remaining) stake at one target, half of
 * it at a lower one; checked here as the server checks them, then sent, and confirmed by
 * the server's answer. Folded away under its summary until opened.
 */
export function AutoForm({
  bet,
  panel,
  onAuto,
  cap,
  minTarget,
}: {
  bet: Bet;
  panel: Panel;
  onAuto: (targets: AutoTargets) => void;
  cap: number;
  minTarget: number;
}) {
  const { t } = useTranslation();
  const shown = panel.autoPending?.targets ?? panel.auto;
  const [at, setAt] = useState(shown.at !== null ? xText(shown.at) : '');
  const [half, setHalf] = useState(shown.halfAt !== null ? xText(shown.halfAt) : '');
  const [problems, setProblems] = useState<{
    at: AutoProblem | null;
    halfAt: AutoProblem | null;
  }>({ at: null, halfAt: null });
  const saving = panel.autoPending !== null;
  const on = panel.auto.at !== null || panel.auto.halfAt !== null;
  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    const r = checkAuto(at, half, minTarget, cap);
    if (!r.ok) return setProblems({ at: r.at, halfAt: r.halfAt });
    setProblems({ at: null, halfAt: null });
    onAuto(r.targets);
  };
  const off = () => {
    setAt('');
    setHalf('');
    setProblems({ at: null, halfAt: null });
    onAuto({ at: null, halfAt: null });
  };
  const atProblem = problemWords(t, problems.at, minTarget, cap);
  const halfProblem = problemWords(t, problems.halfAt, minTarget, cap);
  const id = `crash-auto-${bet}`;
  return (
    <details className={`crash-auto ${on ? 'on' : ''}`} data-testid={`auto-${bet}`}>
      <summary>
        <span className="crash-auto-title">{t('CRASH_AUTO')}</span>{' '}
        <span className="crash-auto-now" data-testid={`auto-state-${bet}`}>
          {saving ? t('CRASH_AUTO_SAVING') : autoWords(t, panel.auto)}
        </span>
      </summary>
      <form className="crash-auto-form" onSubmit={submit} noValidate>
        <label htmlFor={`${id}-at`}>{t('CRASH_AUTO_AT_LABEL')}</label>
        <input
          id={`${id}-at`}
          data-testid={`auto-at-${bet}`}
          inputMode="decimal"
          autoComplete="off"
          placeholder="2.00"
          value={at}
          aria-invalid={atProblem !== null}
          aria-describedby={atProblem ? `${id}-at-problem` : undefined}
          onChange={(e) => setAt(e.target.value)}
        />
        {atProblem && (
          <span className="crash-auto-problem" id={`${id}-at-problem`} role="alert">
            {atProblem}
          </span>
        )}
        <label htmlFor={`${id}-half`}>{t('CRASH_AUTO_HALF_LABEL')}</label>
        <input
          id={`${id}-half`}
          data-testid={`auto-half-${bet}`}
          inputMode="decimal"
          autoComplete="off"
          placeholder="1.50"
          value={half}
          aria-invalid={halfProblem !== null}
          aria-describedby={halfProblem ? `${id}-half-problem` : undefined}
          onChange={(e) => setHalf(e.target.value)}
        />
        {halfProblem && (
          <span className="crash-auto-problem" id={`${id}-half-problem`} role="alert">
            {halfProblem}
          </span>
        )}
        <div className="crash-auto-actions">
          <button type="submit" disabled={saving} data-testid={`auto-save-${bet}`}>
            {t('CRASH_AUTO_SET')}
          </button>
          {on && (
            <button type="button" disabled={saving} onClick={off}>
              {t('CRASH_AUTO_CLEAR')}
            </button>
          )}
        </div>
        {panel.autoRefusal !== null && (
          <span className="crash-auto-problem" role="alert">
            {t('CRASH_AUTO_REFUSED')}
          </span>
        )}
      </form>
    </details>
  );
}
