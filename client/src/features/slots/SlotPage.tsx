// The built-in slot "Croupier Fruits" (/play/slot?slotId=fruits; the slots protocol): five
// reels of three rows drawn here, a line bet from the slot's list (the total bet is the
// line bet times its lines), the Spin button (Enter or Space on it; it stops the turning
// reels at once when pressed again), the reels stopping left to right on the server's
// grid (at once with motion off), the winning lines one after another, then all of them,
// the win, the last spins, the paytable with the paylines and the RTP, and the provably
// fair part: the next spin's commitment and each spin's seeds and stops, checked here.
// The app's balance follows the answers (useSlot); screen readers hear each spin's result.
import './slots.css';

import { useCallback, useEffect, useRef, useState } from 'react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';

import { type CurrencyStyle, formatMoney } from '../../lib/format/money';
import { useServices } from '../../lib/session';
import { useTableShape } from '../../lib/viewport';
import { announce } from '../../ui/Announcer';
import { Icon } from '../../ui/icons';
import { restingGrid } from './model';
import { FairPopup, LastSpins, PaytablePopup, WinList, spinWords } from './parts';
import { Reels } from './Reels';
import { type SlotView, canStop, reelTurning } from './slot-state';
import { useSlot } from './useSlot';

/** How long each winning line is drawn alone before the next (then all of them). */
export const WIN_STEP_MS = 1400;

/** The message of a refusal's code: the catalogue's (SPEC §8), else a server problem's. */
export function refusalText(t: TFunction, code: number): string {
  return t(`ERROR.${code}` as 'ERROR.1001', { defaultValue: t('ERROR.1001') });
}

/**
 * The winning line drawn now: each in turn (its index), then all of them; 'all' too when
 * there is one line or none.
 */
export function useWinCycle(view: SlotView): number | 'all' {
  const id = view.phase === 'result' ? (view.shown?.requestId ?? null) : null;
  const count = view.shown?.wins.length ?? 0;
  const [step, setStep] = useState<{ id: string | null; n: number }>({ id: null, n: 0 });
  useEffect(() => {
    if (!id || count < 2) return;
    let n = 0;
    const timer = setInterval(() => {
      n++;
      setStep({ id, n });
      if (n >= count) clearInterval(timer);
    }, WIN_STEP_MS);
    return () => clearInterval(timer);
  }, [id, count]);
  if (!id || count < 2) return 'all';
  const n = step.id === id ? step.n : 0;
  return n >= count ? 'all' : n;
}

/** Tells screen readers each spin's result once, as the reels stop. */
function useSpinAnnouncements(t: TFunction, view: SlotView, currency: CurrencyStyle) {
  const said = useRef<string | null>(null);
  const { phase, shown } = view;
  useEffect(() => {
    if (phase !== 'result' || !shown || said.current === shown.requestId) return;
    said.current = shown.requestId;
    announce(spinWords(t, shown, currency));
  }, [t, phase, shown, currency]);
}

export default function SlotPage({ slotId }: { slotId: string }) {
  const { t } = useTranslation();
  const { currency } = useServices();
  const shape = useTableShape();
  const { view, spin, chooseLineBet, reload } = useSlot(slotId);
  const [popup, setPopup] = useState<'paytable' | 'fair' | null>(null);
  // One function for the popup's life: a new one each render would move its focus again.
  const closePopup = useCallback(() => setPopup(null), []);
  const money = currency();
  const current = useWinCycle(view);
  useSpinAnnouncements(t, view, money);

  const config = view.config;
  if (!config) {
    return view.failed ? (
      <main className="slot slot-failed" data-testid="slot-page" data-state="failed">
        <p role="alert">{t('SLOT_LOAD_FAILED')}</p>
        <button type="button" className="button" onClick={() => void reload()}>
          {t('RETRY')}
        </button>
      </main>
    ) : (
      <main className="page-loading" aria-busy="true" data-testid="page-loading">
        <p>{t('LOADING')}</p>
      </main>
    );
  }

  const { phase, shown, pending } = view;
  const grid = shown?.grid ?? restingGrid(config);
  const turning = grid.map((_, r) => reelTurning(view, r));
  const result = phase === 'result' && shown !== null;
  const wins = result ? shown.wins : [];
  const drawn = current === 'all' ? wins : wins.slice(current, current + 1);
  const stopping = canStop(view);
  const total = view.lineBet * config.lines;
  const spinLabel = stopping ? t('SLOT_STOP') : pending ? t('SLOT_SPINNING') : t('SLOT_SPIN');

  return (
    <main
      className={`slot shape-${shape}`}
      data-testid="slot-page"
      data-slot={config.slotId}
      data-phase={phase}
      data-pending={pending ? 'true' : undefined}
    >
      <section className="slot-machine" aria-labelledby="slot-title">
        <div className="slot-head">
          <h1 id="slot-title" className="slot-title">
            {config.name}
          </h1>
          <div className="panel-toggles">
            <button
              type="button"
              className="toggle"
              data-testid="help-button"
              aria-haspopup="dialog"
              onClick={() => setPopup('paytable')}
            >
              <Icon name="help" />
              <span className="toggle-label">{t('SLOT_PAYTABLE')}</span>
            </button>
            <button
              type="button"
              className="toggle"
              data-testid="fair-toggle"
              aria-haspopup="dialog"
              onClick={() => setPopup('fair')}
            >
              <Icon name="fair" />
              <span className="toggle-label">{t('SLOT_FAIR')}</span>
            </button>
          </div>
        </div>
        <div className="slot-frame">
          <Reels
            config={config}
            grid={grid}
            turning={turning}
            lines={drawn}
            waiting={pending !== null && !view.animate}
          />
        </div>
        <div className="slot-outcome" data-testid="slot-outcome">
          {result && wins.length > 0 && <WinList wins={wins} current={current} currency={money} />}
          {result && wins.length === 0 && <p className="slot-muted">{t('NO_WIN')}</p>}
        </div>
      </section>

      <section className="slot-controls" id="bets" aria-label={t('SLOT_CONTROLS')}>
        <label className="slot-field">
          <span>{t('SLOT_LINE_BET')}</span>
          <select
            data-testid="slot-line-bet"
            value={String(view.lineBet)}
            disabled={phase === 'spinning'}
            onChange={(e) => chooseLineBet(Number(e.target.value))}
          >
            {config.lineBets.map((b) => (
              <option key={b} value={String(b)}>
                {formatMoney(b, money)}
              </option>
            ))}
          </select>
        </label>
        <p
          className="slot-total"
          data-testid="total-bet"
          data-amount={formatMoney(total, money, { hideCurrency: true })}
        >
          <span className="label">{t('TOTAL_BET')}</span>{' '}
          <strong>{formatMoney(total, money)}</strong>
          <span className="slot-total-detail">
            {t('SLOT_TOTAL_DETAIL', {
              lines: config.lines,
              lineBet: formatMoney(view.lineBet, money),
            })}
          </span>
        </p>
        <button
          type="button"
          className="slot-spin-button"
          data-testid="spin-button"
          data-state={stopping ? 'stop' : pending ? 'pending' : 'spin'}
          aria-disabled={pending ? 'true' : undefined}
          onClick={() => void spin()}
        >
          {spinLabel}
        </button>
        <p
          className="slot-win-total"
          data-testid="slot-win"
          data-amount={result ? formatMoney(shown.win, money, { hideCurrency: true }) : undefined}
          data-won={result && shown.win > 0 ? 'true' : undefined}
        >
          <span className="label">{t('LAST_WIN')}</span>{' '}
          <strong>{result ? formatMoney(shown.win, money) : '–'}</strong>
        </p>
        <p
          className="slot-message"
          role="alert"
          data-testid="slot-error"
          data-code={view.error ?? undefined}
        >
          {view.error !== null ? refusalText(t, view.error) : ''}
        </p>
      </section>

      <aside className="slot-side">
        <LastSpins spins={view.spins} currency={money} />
        <dl className="slot-commitment">
          <dt>{t('SLOT_FAIR_NEXT')}</dt>
          <dd translate="no" className="slot-hex" data-testid="slot-commitment">
            {view.commitment ?? '–'}
          </dd>
        </dl>
      </aside>

      {popup === 'paytable' && (
        <PaytablePopup
          config={config}
          lineBet={view.lineBet}
          currency={money}
          onClose={closePopup}
        />
      )}
      {popup === 'fair' && (
        <FairPopup
          commitment={view.commitment}
          spins={view.spins}
          strips={config.strips}
          currency={money}
          onClose={closePopup}
        />
      )}
    </main>
  );
}
