// The notice that a table's live video failed (ui/TableVideo): told once, among the toasts
// (a polite status), with a way to try the video again and a way to put the notice away.
// It goes when the player does either, the video comes back, the table is left, or after
// NOTICE_MS unless the player is on it (pointer or focus): on a phone held sideways the
// toasts lie over the bet spots, and the studio keeps its own button to try again.
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';

import { createStore, useStore } from '../lib/store';

export interface VideoNoticeState {
  tableId: string;
  retry: () => void;
}

const notice = createStore<(VideoNoticeState & { id: number }) | null>(null);
let nextId = 1;

/** How long the notice stays by itself. */
export const NOTICE_MS = 12_000;

export function showVideoNotice(n: VideoNoticeState): void {
  notice.set({ ...n, id: nextId++ });
}

/** Takes `tableId`'s notice away (another table's stays). */
export function hideVideoNotice(tableId: string): void {
  notice.set((n) => (n?.tableId === tableId ? null : n));
}

/** Rendered among the toasts (app/App): the notice of the table shown, if any. */
export function VideoNotice({ tableId }: { tableId: string | null }) {
  const n = useStore(notice, (s) => s);
  if (!n || n.tableId !== tableId) return null;
  return <Notice key={n.id} n={n} />;
}

function Notice({ n }: { n: VideoNoticeState & { id: number } }) {
  const { t } = useTranslation();
  const [held, setHeld] = useState(false); // the pointer or the focus is on it
  useEffect(() => {
    if (held) return;
    const timer = setTimeout(() => notice.set((s) => (s?.id === n.id ? null : s)), NOTICE_MS);
    return () => clearTimeout(timer);
  }, [held, n.id]);
  return (
    <div
      className="toast toast-warning video-notice"
      data-testid="video-notice"
      onPointerEnter={() => setHeld(true)}
      onPointerLeave={() => setHeld(false)}
      onFocus={() => setHeld(true)}
      onBlur={(e) => {
        if (!e.currentTarget.contains(e.relatedTarget as Node | null)) setHeld(false);
      }}
    >
      <span className="video-notice-text">{t('VIDEO_UNAVAILABLE')}</span>
      <span className="video-notice-actions">
        <button
          type="button"
          className="button video-notice-retry"
          data-testid="video-retry"
          onClick={() => {
            hideVideoNotice(n.tableId);
            n.retry();
          }}
        >
          {t('RETRY')}
        </button>
        <button
          type="button"
          className="video-notice-close"
          aria-label={t('CLOSE')}
          data-testid="video-notice-close"
          onClick={() => hideVideoNotice(n.tableId)}
        >
          <span aria-hidden="true">×</span>
        </button>
      </span>
    </div>
  );
}
