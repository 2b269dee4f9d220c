// Multi-baccarat: every baccarat table the player can join, each with its own cards,
// spots and bets, without leaving the page: side by side in a grid on wide screens; on
// phones one table at a time, chosen with tabs (arrow keys) or by swiping sideways, the
// others kept playing in the background.
import { type KeyboardEvent, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';

import { type TableConfig, useServices } from '../../lib/session';
import { useStore } from '../../lib/store';
import { useMediaQuery, useTableShape } from '../../lib/viewport';
import CardTable from './CardTable';
import { urlOf } from '../../lib/http/urls';

const rightToLeft = () => document.documentElement.dir === 'rtl';

export default function MultiBaccarat() {
  const { t } = useTranslation();
  const { session, http, loaded } = useServices();
  const assigned = useStore(session, (s) => s.config?.assignedTables ?? []);
  const [configs, setConfigs] = useState<TableConfig[] | null>(null);
  const shape = useTableShape();
  // One table at a time, under tabs, where three side by side would not fit the screen.
  const narrow = useMediaQuery('(max-width: 1199px)');
  const phone = shape !== 'wide' || narrow;
  const [current, setCurrent] = useState(0);
  const tabs = useRef<(HTMLButtonElement | null)[]>([]);
  const swipeFrom = useRef<{ x: number; y: number } | null>(null);
  const count = configs?.length ?? 0;
  const show = (i: number, focus = false) => {
    const next = (i + count) % count;
    setCurrent(next);
    if (focus) tabs.current[next]?.focus();
  };
  const onTabKey = (e: KeyboardEvent) => {
    const step = { ArrowRight: 1, ArrowLeft: -1, ArrowDown: 1, ArrowUp: -1 }[e.key];
    if (step === undefined) return;
    e.preventDefault();
    // Right to left, the next tab is on the left.
    const mirrored = rightToLeft() && (e.key === 'ArrowRight' || e.key === 'ArrowLeft');
    show(current + (mirrored ? -step : step), true);
  };

  useEffect(() => {
    let live = true;
    const ids = assigned.filter((a) => a.game === 'baccarat').map((a) => a.tableId);
    Promise.all(ids.map((tableId) => http.get<TableConfig>(urlOf('tableConfig'), { tableId })))
      .then((list) => live && setConfigs(list))
      .catch(() => live && setConfigs([]));
    return () => {
      live = false;
    };
  }, [assigned, http]);

  useEffect(() => {
    if (configs) {
      loaded('game');
      loaded('video');
    }
  }, [configs, loaded]);

  return (
    <main
      className={`multi-baccarat shape-${shape} ${phone ? 'one-at-a-time' : 'side-by-side'}`}
      data-testid="multi-baccarat"
    >
      <h1 className={phone ? 'sr-only' : undefined}>{t('MULTI_BACCARAT')}</h1>
      {configs?.length === 0 && <p>{t('LOBBY_EMPTY')}</p>}
      {phone && count > 1 && (
        <div className="multi-tabs" role="tablist" aria-label={t('MULTI_BACCARAT')}>
          {configs!.map((c, i) => (
            <button
              key={c.tableId}
              ref={(el) => {
                tabs.current[i] = el;
              }}
              type="button"
              role="tab"
              id={`multi-tab-${c.tableId}`}
              aria-selected={i === current}
              aria-controls={`multi-${c.tableId}`}
              tabIndex={i === current ? 0 : -1}
              onClick={() => show(i)}
              onKeyDown={onTabKey}
            >
              {c.name}
            </button>
          ))}
        </div>
      )}
      <div
        className="multi-grid"
        onPointerDown={(e) => {
          if (phone) swipeFrom.current = { x: e.clientX, y: e.clientY };
        }}
        onPointerUp={(e) => {
          const from = swipeFrom.current;
          swipeFrom.current = null;
          if (!from || count < 2) return;
          const dx = e.clientX - from.x;
          // A clear sideways swipe moves to the next or previous table.
          if (Math.abs(dx) > 60 && Math.abs(dx) > 2 * Math.abs(e.clientY - from.y))
            show(current + (dx < 0 ? 1 : -1) * (rightToLeft() ? -1 : 1));
        }}
      >
        {configs?.map((c, i) => (
          <div
            key={c.tableId}
            id={`multi-${c.tableId}`}
            className="multi-slot"
            role={phone ? 'tabpanel' : undefined}
            aria-labelledby={phone && count > 1 ? `multi-tab-${c.tableId}` : undefined}
            hidden={phone && i !== current}
          >
            <CardTable tableId={c.tableId} game="baccarat" config={c} compact />
          </div>
        ))}
      </div>
    </main>
  );
}
