// The TABLE_WILL_CLOSE notice (SPEC §4): the studio announced that the table the player
// is at closes in some minutes (a `tablewillclose` event, or `closesAt` in the snapshot
// for a player who came later). It shows among the toasts for the announced minutes × 60 s,
// with the minutes left, and goes when the time is up or the player leaves the table.
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';

import { useServices } from '../lib/session';

interface Notice {
  tableId: string;
  closesAt: number; // by the page's clock
}

export function TableClosing({ tableId }: { tableId: string | null }) {
  const { t } = useTranslation();
  const { realtime } = useServices();
  const [notice, setNotice] = useState<Notice | null>(null);
  const [now, setNow] = useState(() => Date.now());
  const known = useRef<Notice | null>(null); // the notice, for the event handlers
  // The server's clock less the page's, from the socket's welcome (null until then).
  const offset = useRef<number | null>(null);

  useEffect(() => {
    if (!tableId) return;
    const show = (closesAt: number) => {
      const n = { tableId, closesAt };
      known.current = n;
      setNow(Date.now());
      setNotice(n);
    };
    const offs = [
      realtime.on('welcome', (m) => {
        if (typeof m.serverTime === 'number') offset.current = m.serverTime - Date.now();
      }),
      // The closing time by the server's clock, on the page's; without the server's clock,
      // the minutes from now. A replayed event (back after a drop) counts from when it
      // was sent, not from when it arrives. A later notice replaces it.
      realtime.on('tablewillclose', (m) => {
        const minutes = Number(m.minutes);
        if (m.table !== tableId || !(minutes > 0)) return;
        const at =
          typeof m.closesAt === 'number' && offset.current !== null
            ? m.closesAt - offset.current
            : Date.now() + minutes * 60_000;
        if (at > Date.now()) show(at);
      }),
      // A player who came later: what is left of it, by the server's clock (closesAt and
      // the snapshot's ts), from now. A reconnect keeps the notice already shown.
      realtime.on('resync', (m) => {
        if (m.table !== tableId || typeof m.closesAt !== 'number' || typeof m.ts !== 'number')
          return;
        const left = m.closesAt - m.ts;
        const shown = known.current;
        if (shown && shown.tableId === tableId && shown.closesAt > Date.now()) return;
        if (left > 0) show(Date.now() + left);
      }),
    ];
    return () => offs.forEach((off) => off());
  }, [realtime, tableId]);

  const live = notice !== null && notice.tableId === tableId && now < notice.closesAt;
  useEffect(() => {
    if (!live) return; // no ticking once it is over
    const tick = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(tick);
  }, [live]);

  if (!live) return null;
  const minutes = Math.max(1, Math.ceil((notice.closesAt - now) / 60_000));
  return (
    <div className="toast toast-warning" data-testid="table-will-close" data-minutes={minutes}>
      {t('TABLE_WILL_CLOSE', { count: minutes })}
    </div>
  );
}
