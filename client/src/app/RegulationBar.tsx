// The UK rules' bar (casino configuration uk_regulation_check; docs/regulation.md "The
// UK"): the session's time and net position always on screen, under the header, in the
// lobby and at every table. The figures are the server's (lib/host reads GET
// /api/cgibin/regulation/realityCheck at the start, after each of the player's rounds and
// every minute: `figures`); the time counts on every second between two reads. The bar is
// a labelled landmark a screen reader can find; its ticking clock is not a live region
// (it would speak every second).
import './regulation.css';

import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';

import { formatMoney } from '../lib/format/money';
import { casinoConfigOf } from '../lib/host/casino-config';
import { useHostUi } from '../lib/host/context';
import { sessionSecondsAt } from '../lib/host/reality-check';
import { useServices } from '../lib/session';
import { useStore } from '../lib/store';

/** "1:02:03" (hours, minutes, seconds), Western digits in every language. */
export function clockText(totalSeconds: number): string {
  const s = Math.max(0, Math.floor(totalSeconds));
  const two = (n: number) => String(n).padStart(2, '0');
  return `${Math.floor(s / 3600)}:${two(Math.floor(s / 60) % 60)}:${two(s % 60)}`;
}

/** Whether the operator's UK rules apply (the bar shows, no quick-spin features). */
export function useUkRules(): boolean {
  const { session } = useServices();
  const raw = useStore(session, (s) => s.config?.casinoConfig ?? null);
  return useMemo(() => casinoConfigOf(raw).uk_regulation_check, [raw]);
}

export function RegulationBar() {
  const { t } = useTranslation();
  const { currency } = useServices();
  const uk = useUkRules();
  const figures = useHostUi((u) => u.figures ?? null);
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!uk) return;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [uk]);
  if (!uk) return null;
  const seconds = figures ? sessionSecondsAt(figures, now) : null;
  const net = figures?.netPosition ?? null;
  return (
    <aside className="regulation-bar" aria-label={t('REG_BAR_LABEL')} data-testid="regulation-bar">
      <span className="regulation-item">
        <span className="regulation-label">{t('REG_BAR_TIME')}</span>{' '}
        <strong data-testid="regulation-time" data-seconds={seconds ?? undefined}>
          {seconds === null ? '…' : clockText(seconds)}
        </strong>
      </span>
      <span className="regulation-item">
        <span className="regulation-label">{t('REG_BAR_NET')}</span>{' '}
        <strong data-testid="regulation-net" data-net={net ?? undefined}>
          {net === null ? '…' : `${net > 0 ? '+' : ''}${formatMoney(net, currency())}`}
        </strong>
      </span>
    </aside>
  );
}
