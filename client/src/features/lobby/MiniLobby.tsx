// The mini lobby (SPEC §2): a compact panel a table page opens to switch tables without
// leaving it. The game families as a select, every table of the family with its live
// state, countdown and last results; minimise (collapse to a bar), maximise (the main
// lobby) and close. Escape closes it.
import './lobby.css';

import { useId, useLayoutEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';

import { followLink, navigate } from '../../lib/navigation';
import { ALL_TAB, PROMOTIONS, familyOf, showsMultiBaccarat, visibleTables } from './model';
import { LastResults, stateText, tabLabel, tableHref } from './parts';
import { useLiveTables, useLobbyTables, useNow } from './useLobby';

export interface MiniLobbyProps {
  /** The table on the page (marked, not linked); none on the multi-table page. */
  currentTableId?: string;
  onClose: () => void;
}

export default function MiniLobby({ currentTableId, onClose }: MiniLobbyProps) {
  const { t } = useTranslation();
  const { tables, tabs } = useLobbyTables();
  const live = useLiveTables();
  const id = useId();
  const panel = useRef<HTMLElement>(null);
  const families = [ALL_TAB, ...tabs.filter((x) => x !== PROMOTIONS)];
  const current = tables.find((x) => x.tableId === currentTableId);
  const [tab, setTab] = useState(() => (current ? familyOf(current) : ALL_TAB));
  const [minimised, setMinimised] = useState(false);
  const shown = visibleTables(tables, live, {
    tab,
    tableType: 'all',
    showFull: true,
    bjFilter: 'all',
  });
  const multi = showsMultiBaccarat(tables, tab, 'all');
  const now = useNow(shown.some((x) => live[x.tableId]?.betsOpen === true));

  // Keyboard users land in the panel, at once: a layout effect, so that a close pressed
  // before the browser painted cannot have its focus taken back by a late effect.
  useLayoutEffect(() => {
    panel.current?.querySelector<HTMLElement>('select, button')?.focus();
  }, []);

  return (
    <section
      ref={panel}
      className="lb-mini"
      role="dialog"
      aria-modal="false"
      aria-labelledby={`${id}-title`}
      data-testid="mini-lobby"
      data-minimised={minimised ? 'true' : 'false'}
      onKeyDown={(e) => {
        if (e.key === 'Escape') {
          e.stopPropagation();
          onClose();
        }
      }}
    >
      <div className="lb-mini-bar">
        <h2 id={`${id}-title`}>{t('MINI_LOBBY')}</h2>
        {!minimised && (
          <label className="lb-mini-family">
            <span className="sr-only">{t('MINI_LOBBY_GAMES')}</span>
            <select
              value={tab}
              data-testid="mini-lobby-family"
              onChange={(e) => setTab(e.target.value)}
            >
              {families.map((f) => (
                <option key={f} value={f}>
                  {tabLabel(t, f)}
                </option>
              ))}
            </select>
          </label>
        )}
        <span className="lb-mini-actions">
          <button
            type="button"
            className="lb-icon"
            aria-label={t(minimised ? 'MINI_LOBBY_RESTORE' : 'MINI_LOBBY_MINIMISE')}
            aria-expanded={!minimised}
            aria-controls={`${id}-list`}
            data-testid="mini-lobby-minimise"
            onClick={() => setMinimised((m) => !m)}
          >
            <span aria-hidden="true">{minimised ? '▴' : '▾'}</span>
          </button>
          <button
            type="button"
            className="lb-icon"
            aria-label={t('MINI_LOBBY_MAXIMISE')}
            data-testid="mini-lobby-maximise"
            onClick={() => navigate('/play/lobby')}
          >
            <span aria-hidden="true">⤢</span>
          </button>
          <button
            type="button"
            className="lb-icon"
            aria-label={t('MINI_LOBBY_CLOSE')}
            data-testid="mini-lobby-close"
            onClick={onClose}
          >
            <span aria-hidden="true">✕</span>
          </button>
        </span>
      </div>
      <ul
        className="lb-mini-list"
        id={`${id}-list`}
        hidden={minimised}
        onClick={(e) => followLink(e)}
      >
        {multi && (
          <li>
            <a className="lb-mini-row" href="/play/multi-baccarat" data-mini-table="multi-baccarat">
              <span className="lb-name">{t('MULTI_BACCARAT')}</span>
            </a>
          </li>
        )}
        {shown.map((x) => {
          const here = x.tableId === currentTableId;
          // In a link the name is said first, with "Switch to" (so not twice).
          const body = (inLink: boolean) => (
            <>
              <span className="lb-name" aria-hidden={inLink || undefined}>
                {x.name}
              </span>
              <span className="lb-status">{stateText(t, live[x.tableId], now) || '\u00a0'}</span>
              <LastResults game={x.game} live={live[x.tableId]} max={4} />
            </>
          );
          return (
            <li key={x.tableId}>
              {here ? (
                <div className="lb-mini-row lb-here" aria-current="true">
                  {body(false)}
                  <span className="sr-only">{t('MINI_LOBBY_CURRENT')}</span>
                </div>
              ) : (
                <a className="lb-mini-row" href={tableHref(x)} data-mini-table={x.tableId}>
                  {/* Named by all it says, "Switch to …" first (as the lobby's tiles). */}
                  <span className="sr-only">{t('LOBBY_SWITCH_TO', { name: x.name })}</span>
                  {body(true)}
                </a>
              )}
            </li>
          );
        })}
      </ul>
    </section>
  );
}
