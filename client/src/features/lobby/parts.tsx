// The lobby's pieces: the family tabs (a keyboard tablist), a table's tile with its
// live state, countdown and last results (roulette numbers in their colours, a baccarat
// bead plate, sic bo's dice with their totals, mega wheel numbers in their colours, crash
// points by band, other games' result texts), a slot's tile, and the labels of tabs and
// table types.
import { type KeyboardEvent, useRef } from 'react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';

import { outcomeWords, pocketColour, winnerOf } from '../../lib/table/outcome';
import { formatMoney, units } from '../../lib/format/money';
import type { AssignedTable } from '../../lib/session';
import { useServices } from '../../lib/session';
import { diceOf } from '../../lib/table/dice';
import { wheelColour, wheelNumberOf } from '../../lib/table/money-wheel';
import { candyColour, candyLabelOf, isCandyBonus } from '../../lib/table/candy-wheel';
import { Die } from '../../ui/Die';
import { routeOf } from './bj-filter';
import {
  type LiveTable,
  type LobbySlot,
  type RecentPlayers,
  beadCells,
  isFull,
  secondsLeft,
} from './model';

// TFunction, not useTranslation's own type: with every key typed, that one is too deep
// for the compiler here (TS2589).
type T = TFunction;

export function tabLabel(t: T, tab: string): string {
  return t(`LOBBY_TAB_${tab}` as 'LOBBY_TAB_ALL', { defaultValue: tab });
}

export function tableTypeLabel(t: T, type: string): string {
  return t(`TABLE_TYPE_${type}` as 'TABLE_TYPE_all', { defaultValue: type });
}

/** The address of a table's page. */
export function tableHref(table: Pick<AssignedTable, 'tableId' | 'game' | 'gameKind'>): string {
  return `/play/${routeOf(table)}?gameId=${encodeURIComponent(table.tableId)}`;
}

// ---- Tabs -----------------------------------------------------------------------------------

export interface TabsProps {
  tabs: string[];
  selected: string;
  onSelect: (tab: string) => void;
  label: string;
  idPrefix: string;
}

/**
 * A tablist: arrow keys move to the previous and next tab (mirrored right to left),
 * Home and End to the first and last; only the selected tab is in the tab order.
 */
export function Tabs({ tabs, selected, onSelect, label, idPrefix }: TabsProps) {
  const { t } = useTranslation();
  const refs = useRef(new Map<string, HTMLButtonElement>());
  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    const rtl = getComputedStyle(e.currentTarget).direction === 'rtl';
    const i = Math.max(0, tabs.indexOf(selected));
    const step: Record<string, number> = {
      ArrowRight: rtl ? -1 : 1,
      ArrowLeft: rtl ? 1 : -1,
      Home: -i,
      End: tabs.length - 1 - i,
    };
    const by = step[e.key];
    if (by === undefined) return;
    e.preventDefault();
    const next = tabs[(i + by + tabs.length) % tabs.length]!;
    onSelect(next);
    refs.current.get(next)?.focus();
  };
  return (
    <div className="lb-tabs" role="tablist" aria-label={label} onKeyDown={onKeyDown}>
      {tabs.map((tab) => (
        <button
          key={tab}
          ref={(el) => {
            if (el) refs.current.set(tab, el);
            else refs.current.delete(tab);
          }}
          type="button"
          role="tab"
          id={`${idPrefix}-tab-${tab}`}
          aria-selected={tab === selected}
          aria-controls={`${idPrefix}-panel`}
          tabIndex={tab === selected ? 0 : -1}
          className="lb-tab"
          data-tab={tab}
          onClick={() => onSelect(tab)}
        >
          {tabLabel(t, tab)}
        </button>
      ))}
    </div>
  );
}

// ---- Results -------------------------------------------------------------------------------

function BeadPlate({ live }: { live: LiveTable }) {
  const { t } = useTranslation();
  const cells = beadCells(live);
  return (
    <span className="lb-bead" aria-hidden="true">
      {cells.map((c) => (
        <span
          key={`${c.col}-${c.row}`}
          className={`lb-bead-cell lb-bead-${c.winner}`}
          style={{ gridColumn: c.col + 1, gridRow: c.row + 1 }}
        >
          {t(`SIDE_SHORT_${winnerOf(c.winner, 'baccarat')}` as 'SIDE_SHORT_player')}
        </span>
      ))}
    </span>
  );
}

/** A table's last results, newest first, as its game shows them. */
export function LastResults({
  game,
  live,
  max = 8,
}: {
  game: string;
  live: LiveTable | undefined;
  max?: number;
}) {
  const { t } = useTranslation();
  const results = live?.results ?? [];
  const shown = results.slice(0, max);
  let spoken: string;
  let body: React.ReactNode;
  if (results.length === 0) {
    spoken = t('LOBBY_NO_RESULTS');
    body = <span className="lb-muted">{spoken}</span>;
  } else if (game === 'roulette') {
    spoken = shown.map((r) => outcomeWords(t, game, r)).join(', ');
    body = shown.map((r, i) => (
      <span
        key={i}
        className={`lb-pocket lb-pocket-${pocketColour(r) ?? 'none'}`}
        data-colour={pocketColour(r) ?? undefined}
      >
        {r.split('|')[0]}
      </span>
    ));
  } else if (game === 'sicbo') {
    const throws = shown.slice(0, 5).flatMap((r) => diceOf(r) ?? []);
    spoken = throws
      .map((d) => t('DICE_RESULT', { dice: d.values.join(', '), total: d.total }))
      .join('; ');
    body = throws.map((d, i) => (
      <span key={i} className="lb-dice" data-total={d.total}>
        {d.values.map((v, k) => (
          <Die key={k} value={v} size={13} />
        ))}
        <span className="lb-dice-total">{d.total}</span>
      </span>
    ));
  } else if (game === 'megawheel') {
    spoken = shown.join(', '); // the wheel's numbers say it all
    body = shown.map((r, i) => {
      const { fill, ink } = wheelColour(wheelNumberOf(r));
      return (
        <span
          key={i}
          className="lb-pocket lb-wheel-number"
          data-number={r}
          style={{ background: fill, color: ink }}
        >
          {r}
        </span>
      );
    });
  } else if (game === 'sweetbonanza') {
    // The candy wheel's labels in their colours, a bonus by its short name.
    spoken = shown.map((r) => outcomeWords(t, game, r)).join(', ');
    body = shown.map((r, i) => {
      const label = candyLabelOf(r.split('|')[0]!) ?? r.split('|')[0]!;
      const { fill, ink } = candyColour(label);
      return (
        <span
          key={i}
          className="lb-pocket lb-candy"
          data-label={label}
          style={{ background: fill, color: ink }}
        >
          {isCandyBonus(label) ? t(`SBZ_SHORT_${label}`) : label}
        </span>
      );
    });
  } else if (game === 'crash') {
    // Crash points in the colours of their bands (under 2x, to 10x, 10x and more).
    spoken = shown.map((r) => outcomeWords(t, game, r)).join(', ');
    body = shown.map((r, i) => {
      const x = Number(r.split('|')[0]);
      const band = x < 2 ? 'low' : x < 10 ? 'mid' : 'high';
      return (
        <span key={i} className={`lb-result-text lb-crash lb-crash-${band}`} data-band={band}>
          {t('CRASH_X', { x: r.split('|')[0] })}
        </span>
      );
    });
  } else if (game === 'boomorbust') {
    // The red and the blue die of each throw, doubles (the bonus) marked.
    const throws = shown.slice(0, 5).flatMap((r) => {
      const m = /^([1-6]),([1-6])/.exec(r);
      return m ? [{ red: Number(m[1]), blue: Number(m[2]), text: r }] : [];
    });
    spoken = throws.map((d) => outcomeWords(t, game, d.text)).join('; ');
    body = throws.map((d, i) => (
      <span key={i} className={`lb-dice lb-bob ${d.red === d.blue ? 'lb-bob-doubles' : ''}`}>
        <Die value={d.red} size={13} className="die-red" />
        <Die value={d.blue} size={13} className="die-blue" />
      </span>
    ));
  } else if (game === 'baccarat' && live) {
    const count = (w: string) => beadCells(live, 99).filter((c) => c.winner === w).length;
    spoken = t('LOBBY_BEAD_SUMMARY', { banker: count('B'), player: count('P'), tie: count('T') });
    body = <BeadPlate live={live} />;
  } else {
    // Card games show the winning side's initial in its colour, blackjack the dealer's
    // total (BJ, ✕ for a bust); both are spoken in words.
    const few = shown.slice(0, 5);
    spoken = few.map((r) => outcomeWords(t, game, r)).join(', ');
    body = few.map((r, i) => {
      const head = r.split('|')[0]!;
      const winner = game === 'blackjack' ? null : winnerOf(head, game);
      const text = winner
        ? t(`SIDE_SHORT_${winner}` as 'SIDE_SHORT_player')
        : head.replace(/^D\s*/, '').replace('BUST', '✕');
      return (
        <span key={i} className={`lb-result-text ${winner ? `w-${winner}` : ''}`}>
          {text}
        </span>
      );
    });
  }
  return (
    <span
      className="lb-results"
      data-testid="lobby-results"
      data-results={results.join(' ')}
      role="img"
      aria-label={`${t('LOBBY_LAST_RESULTS')}: ${spoken}`}
    >
      {body}
    </span>
  );
}

// ---- State and countdown ------------------------------------------------------------------

/** The round's state in words, with the seconds left to bet while bets are open. */
export function stateText(t: T, live: LiveTable | undefined, now: number): string {
  if (!live) return '';
  if (!live.open) return t('LOBBY_CLOSED');
  const left = secondsLeft(live, now);
  if (left !== null) return t('LOBBY_BETS_CLOSE_IN', { seconds: left });
  return t(`STATE_${live.state}` as 'STATE_0', { defaultValue: live.stateName });
}

// ---- A table's tile -----------------------------------------------------------------------

export interface TileProps {
  table: AssignedTable;
  live: LiveTable | undefined;
  now: number;
  recent: RecentPlayers | undefined;
  waitSeconds: number;
}

export function TableTile({ table, live, now, recent, waitSeconds }: TileProps) {
  const { t } = useTranslation();
  const { currency } = useServices();
  const id = `lb-${table.tableId}`;
  const closed = live?.open === false;
  const full = isFull(live);
  const left = secondsLeft(live, now);
  const seated = (live?.seats ?? 0) > 0;
  // The most telling type: a table type of its own (private, auto), else the kind.
  const kind = table.tableType && table.tableType !== table.game ? table.tableType : table.gameKind;
  return (
    <a
      className="lb-tile"
      href={tableHref(table)}
      data-table={table.tableId}
      data-open={closed ? 'false' : 'true'}
      data-full={full ? 'true' : undefined}
    >
      {/* The tile's name is all it says, read in order, "Join" first; the table's name
          is printed (and not read twice) after it. */}
      <span className="sr-only">{t('LOBBY_JOIN', { name: table.name })}</span>
      <span className="lb-tile-head">
        <span className="lb-name" aria-hidden="true">
          {table.name}
        </span>
        <span className={`lb-badge ${closed ? 'lb-closed' : full ? 'lb-full' : 'lb-open'}`}>
          {closed ? t('LOBBY_CLOSED') : full ? t('LOBBY_FULL') : t('LOBBY_OPEN')}
        </span>
      </span>
      {kind && <span className="lb-kind">{tableTypeLabel(t, kind)}</span>}
      <span
        className="lb-status"
        id={`${id}-status`}
        data-testid="lobby-state"
        data-state={live?.state}
        data-left={left ?? undefined}
      >
        {stateText(t, live, now) || '\u00a0'}
      </span>
      <span className="lb-limits" id={`${id}-limits`}>
        {t('LOBBY_LIMITS', {
          min: formatMoney(units(table.limits.min), currency()),
          max: formatMoney(units(table.limits.max), currency()),
        })}
      </span>
      <span className="lb-dealer">{t('DEALER', { name: live?.dealer || table.dealer })}</span>
      <span className="lb-people" id={`${id}-people`}>
        <span>{t('LOBBY_PLAYERS', { count: live?.players ?? table.players })}</span>
        {recent && recent.players > 0 && (
          <span data-testid="lobby-recent-players" title={recent.names.join(', ') || undefined}>
            {t('LOBBY_PLAYED_RECENTLY', { count: recent.players })}
          </span>
        )}
        {seated && live && (
          <span data-testid="lobby-seats">
            {t('LOBBY_SEATS', { taken: live.seatsTaken, seats: live.seats })}
          </span>
        )}
        {full && <span>{t('LOBBY_WAIT', { seconds: waitSeconds })}</span>}
      </span>
      <span id={`${id}-results`} className="lb-results-row">
        <LastResults game={table.game} live={live} />
      </span>
    </a>
  );
}

// ---- A slot's tile ------------------------------------------------------------------------

/**
 * A slot: its thumbnail, name and provider; a button (Enter or Space as a click) that
 * launches it. Names are the operator's and the provider's own: not translated.
 */
export function SlotTile({
  slot,
  busy,
  onLaunch,
}: {
  slot: LobbySlot;
  busy: boolean;
  onLaunch: (slot: LobbySlot) => void;
}) {
  const { t } = useTranslation();
  // Its name is what it says, "Play <name>" first, then the provider; the thumbnail (its
  // alt text the slot's name) and the printed name are not read twice.
  return (
    <button
      type="button"
      className="lb-tile lb-slot"
      data-slot={slot.slotId}
      data-built-in={slot.builtIn ? 'true' : 'false'}
      aria-busy={busy ? 'true' : undefined}
      onClick={() => onLaunch(slot)}
    >
      <span className="sr-only">{t('LOBBY_JOIN', { name: slot.name })}</span>{' '}
      {slot.thumbnail ? (
        <img
          className="lb-slot-thumb"
          src={slot.thumbnail}
          alt={slot.name}
          aria-hidden="true"
          translate="no"
          loading="lazy"
          width={320}
          height={180}
        />
      ) : (
        <span className="lb-slot-thumb" aria-hidden="true" />
      )}
      <span className="lb-name" translate="no" aria-hidden="true">
        {slot.name}
      </span>
      {slot.provider && (
        <span className="lb-kind">
          {t('LOBBY_SLOT_PROVIDER')} <span translate="no">{slot.provider}</span>
        </span>
      )}
    </button>
  );
}
