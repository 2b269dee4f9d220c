// What every table's help ends with: the return to player of the table's bets (GET
// getRtpDetails at the url list's `rtp`), the way to the quick guide (app/QuickGuide) and
// the close button.
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';

import { openGuide } from '../lib/guide';
import { urlOf } from '../lib/http/urls';
import { useServices } from '../lib/session';
import { useStore } from '../lib/store';

export function GuideButton({ onOpen }: { onOpen?: () => void }) {
  const { t } = useTranslation();
  const { session } = useServices();
  const offered = useStore(session, (s) => s.config?.casinoConfig.quick_guide_disabled !== true);
  if (!offered) return null;
  return (
    <button
      type="button"
      className="link-button"
      data-testid="guide-button"
      onClick={() => {
        onOpen?.();
        openGuide();
      }}
    >
      {t('GUIDE_TITLE')}
    </button>
  );
}

/** "97.30 %", or "92.11 %–94.74 %" when the bets differ; null when unknown. */
export function rtpText(min: unknown, max: unknown, lang: string): string | null {
  if (typeof min !== 'string' || typeof max !== 'string') return null;
  const pct = (v: string) =>
    new Intl.NumberFormat(lang, { style: 'percent', minimumFractionDigits: 2 }).format(
      Number(v) / 100,
    );
  if (!Number.isFinite(Number(min)) || !Number.isFinite(Number(max))) return null;
  return min === max ? pct(min) : `${pct(min)}–${pct(max)}`;
}

/** The table's return to player; nothing for a table with its own paytable. */
export function RtpNote({ tableId }: { tableId: string }) {
  const { t, i18n } = useTranslation();
  const { http } = useServices();
  const [range, setRange] = useState<{ min: unknown; max: unknown } | null>(null);
  useEffect(() => {
    let live = true;
    http
      .get<{ min?: unknown; max?: unknown }>(urlOf('rtp'), { tableId })
      .then((r) => live && setRange({ min: r.min, max: r.max }))
      .catch(() => {
        /* no figure shown */
      });
    return () => {
      live = false;
    };
  }, [http, tableId]);
  const text = range && rtpText(range.min, range.max, i18n.language);
  if (!text) return null;
  return (
    <p className="rtp-note" data-testid="rtp-note">
      {t('RTP_RANGE', { rtp: text })}
    </p>
  );
}

export function HelpActions({ tableId, onClose }: { tableId: string; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <>
      <RtpNote tableId={tableId} />
      <GuideButton onOpen={onClose} />
      <button type="button" className="button" onClick={onClose}>
        {t('CLOSE')}
      </button>
    </>
  );
}
