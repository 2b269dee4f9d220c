// The lobby's pure parts (SPEC §2 "Lobby"): the live summaries of the lobby channel and
// their countdowns, the tabs (one per game family in the casino's `tabs_order`, and SLOTS
// when the operator assigns slots), the tables' order (`tables_order`), the filters
// (table type per tab, full tables, the blackjack and promotions filters, the promotions
// the latter shows), the recent-players answers, and the slots with where launching one
// leads. No React here.
import { isSamePath } from '../../lib/http/urls';
import type { ServerMessage } from '../../lib/realtime/realtime';
import type { Promotion } from '../../lib/promotions';
import type { AssignedTable } from '../../lib/session';
import { type BjFilter, bjFilterOf, isBlackjack, passesBjFilter } from './bj-filter';

// ---- Live summaries (the lobby channel) -------------------------------------------------

export interface BeadCell {
  col: number;
  row: number;
  winner: string; // B, P or T
}

export interface LiveTable {
  tableId: string;
  open: boolean;
  state: number;
  stateName: string;
  gameId: string;
  betsOpen: boolean;
  endsAt: number; // server ms; 0 when bets are not open
  dealer: string;
  players: number;
  seats: number;
  seatsTaken: number;
  results: string[]; // newest first
  beadPlate: BeadCell[] | null;
  /** The server's clock minus the local clock when the summary arrived. */
  offsetMs: number;
}

export type LiveTables = Readonly<Record<string, LiveTable>>;

export const LOBBY_CHANNEL = 'lobby';

const num = (v: unknown, d = 0): number => (typeof v === 'number' && Number.isFinite(v) ? v : d);
const str = (v: unknown, d = ''): string => (typeof v === 'string' ? v : d);

function beadPlateOf(roads: unknown): BeadCell[] | null {
  if (!roads || typeof roads !== 'object') return null;
  const plate = (roads as { beadPlate?: unknown }).beadPlate;
  if (!Array.isArray(plate)) return null;
  const cells: BeadCell[] = [];
  for (const c of plate) {
    if (!c || typeof c !== 'object') continue;
    const { col, row, winner } = c as Record<string, unknown>;
    if (typeof col === 'number' && typeof row === 'number' && typeof winner === 'string')
      cells.push({ col, row, winner: winner.charAt(0).toUpperCase() });
  }
  return cells;
}

/** One table's summary from the channel; null when it names no table. */
export function summaryOf(raw: unknown, offsetMs: number): LiveTable | null {
  if (!raw || typeof raw !== 'object') return null;
  const o = raw as Record<string, unknown>;
  if (typeof o.tableId !== 'string' || o.tableId === '') return null;
  return {
    tableId: o.tableId,
    open: o.open !== false,
    state: num(o.state),
    stateName: str(o.stateName),
    gameId: str(o.gameId),
    betsOpen: o.betsOpen === true,
    endsAt: num(o.endsAt),
    dealer: str(o.dealer),
    players: num(o.players),
    seats: num(o.seats),
    seatsTaken: num(o.seatsTaken),
    results: Array.isArray(o.results) ? o.results.map((r) => String(r)) : [],
    beadPlate: beadPlateOf(o.roads),
    offsetMs,
  };
}

/**
 * The summaries after a lobby event: a `resync` replaces them all, a `lobbyupdate`
 * replaces the tables it carries. Other events leave them as they are.
 */
export function applyLobbyEvent(prev: LiveTables, m: ServerMessage, now: number): LiveTables {
  if (m.channel !== LOBBY_CHANNEL) return prev;
  if (m.type !== 'resync' && m.type !== 'lobbyupdate') return prev;
  const offset = typeof m.ts === 'number' ? m.ts - now : 0;
  const next: Record<string, LiveTable> = m.type === 'resync' ? {} : { ...prev };
  for (const raw of Array.isArray(m.tables) ? m.tables : []) {
    const s = summaryOf(raw, offset);
    if (s) next[s.tableId] = s;
  }
  return next;
}

/** Whole seconds left to bet, counted down against the server's clock; null when closed. */
export function secondsLeft(live: LiveTable | undefined, now: number): number | null {
  if (!live || !live.betsOpen || live.endsAt <= 0) return null;
  return Math.max(0, Math.ceil((live.endsAt - (now + live.offsetMs)) / 1000));
}

/** A seated table whose every seat is taken. */
export function isFull(live: Pick<LiveTable, 'seats' | 'seatsTaken'> | undefined): boolean {
  return !!live && live.seats > 0 && live.seatsTaken >= live.seats;
}

// ---- Results ------------------------------------------------------------------------------

export const BEAD_ROWS = 6;

/**
 * The bead plate's last `cols` columns (renumbered from 0): the channel's road when it
 * has one, else laid out from the results' first letters, oldest first, down each column.
 */
export function beadCells(live: Pick<LiveTable, 'beadPlate' | 'results'>, cols = 6): BeadCell[] {
  const cells =
    live.beadPlate ??
    [...live.results].reverse().map((r, i) => ({
      col: Math.floor(i / BEAD_ROWS),
      row: i % BEAD_ROWS,
      winner: r.charAt(0).toUpperCase(),
    }));
  if (cells.length === 0) return [];
  const last = Math.max(...cells.map((c) => c.col));
  const first = Math.max(0, last - cols + 1);
  return cells.filter((c) => c.col >= first).map((c) => ({ ...c, col: c.col - first }));
}

// ---- Tabs and order -------------------------------------------------------------------------

export const ALL_TAB = 'ALL';
export const PROMOTIONS = 'PROMOTIONS';
/** The slots' tab: offered only when the operator assigns at least one slot. */
export const SLOTS = 'SLOTS';

type TableKind = Pick<AssignedTable, 'game' | 'gameKind' | 'tableType'>;

/**
 * A table's lobby tab: its game family upper-cased; both blackjacks are BLACKJACK, and the
 * crash games (spaceman, big bass) are GAMESHOWS (the server's tab for them), where the
 * table type tells them apart.
 */
export function familyOf(t: TableKind): string {
  if (isBlackjack(t)) return 'BLACKJACK';
  if (t.game === 'crash') return 'GAMESHOWS';
  if (t.game === 'sweetbonanza') return 'GAMESHOWS'; // the candy wheel game show
  if (t.game === 'boomorbust') return 'GAMESHOWS'; // the dice game show
  return t.game.toUpperCase().replace(/[^A-Z0-9]/g, '');
}

/** Tables listed in `order` first, in that order, then the rest as they came. */
export function orderTables<T extends { tableId: string }>(tables: T[], order: unknown): T[] {
  const ids = Array.isArray(order) ? order.map(String) : [];
  const rank = (id: string) => {
    const i = ids.indexOf(id);
    return i < 0 ? ids.length : i;
  };
  return tables
    .map((t, i) => ({ t, i }))
    .sort((a, b) => rank(a.t.tableId) - rank(b.t.tableId) || a.i - b.i)
    .map((x) => x.t);
}

/**
 * The family tabs: those of `tabsOrder` that have tables (PROMOTIONS always), then the
 * families of tables the list leaves out (before a final PROMOTIONS), PROMOTIONS last
 * when missing. `others` are tabs with something to show that is not a table (SLOTS when
 * the operator assigns slots): they count as families that have something.
 */
export function lobbyTabs(
  tabsOrder: unknown,
  tables: TableKind[],
  others: string[] = [],
): string[] {
  const listed = Array.isArray(tabsOrder) ? tabsOrder.map((x) => String(x).toUpperCase()) : [];
  const families: string[] = [];
  for (const f of [...tables.map(familyOf), ...others]) if (!families.includes(f)) families.push(f);
  const tabs = listed.filter(
    (tab, i) => listed.indexOf(tab) === i && (tab === PROMOTIONS || families.includes(tab)),
  );
  const missing = families.filter((f) => !tabs.includes(f));
  const promoLast = tabs.at(-1) === PROMOTIONS;
  const out = promoLast ? [...tabs.slice(0, -1), ...missing, PROMOTIONS] : [...tabs, ...missing];
  if (!out.includes(PROMOTIONS)) out.push(PROMOTIONS);
  return out;
}

// ---- Filters ----------------------------------------------------------------------------

export type PromoFilter = 'all' | 'live' | 'upcoming';
export const PROMO_FILTERS: PromoFilter[] = ['all', 'live', 'upcoming'];

/**
 * The promotions the promotions filter lets through (selpromofilter): all of them (ended
 * ones too), the running ones (live), or those still to come (upcoming); in the server's
 * order.
 */
export function promotionsShown(list: readonly Promotion[], filter: PromoFilter): Promotion[] {
  if (filter === 'live') return list.filter((p) => p.status === 'running');
  if (filter === 'upcoming') return list.filter((p) => p.status === 'upcoming');
  return [...list];
}

/** A promotion's time left as whole days and the rest as a clock ("03:07:09"). */
export function countdownOf(ms: number): { days: number; clock: string } {
  const s = Math.max(0, Math.ceil(ms / 1000));
  const two = (n: number) => String(n).padStart(2, '0');
  const days = Math.floor(s / 86_400);
  const rest = s % 86_400;
  return {
    days,
    clock: `${two(Math.floor(rest / 3600))}:${two(Math.floor((rest % 3600) / 60))}:${two(rest % 60)}`,
  };
}

export interface Selected {
  showfulltables: boolean;
  grid_view: boolean;
  grid_view_mobile: boolean;
  selectedbjfilter: BjFilter;
  selpromofilter: PromoFilter;
  tableType: Record<string, string>; // per tab
}

export interface LobbyFilters {
  tabs: string[];
  tableTypes: Record<string, string[]>;
  bjFilters: BjFilter[];
  promoFilters: PromoFilter[];
  selected: Selected;
}

export const MULTI_BACCARAT = 'multi-baccarat';

/** The setting a tab's table type is saved under: roulette_table_type. */
export function tableTypeKey(tab: string): string {
  return `${tab.toLowerCase()}_table_type`;
}

/** The types a tab offers: all, then its tables' kinds and types (multi-baccarat with 2+). */
export function tableTypesOf(tab: string, tables: AssignedTable[]): string[] {
  const types = ['all'];
  const mine = tables.filter((t) => familyOf(t) === tab);
  for (const t of mine)
    for (const type of [t.gameKind, t.tableType === t.game ? '' : t.tableType])
      if (type && !types.includes(type)) types.push(type);
  // One kind that every table of the tab has is no choice at all.
  if (types.length === 2 && mine.every((t) => passesTableType(t, types[1]!))) types.pop();
  if (tab === 'BACCARAT' && mine.filter((t) => t.game === 'baccarat').length >= 2)
    types.push(MULTI_BACCARAT);
  return types;
}

function promoFilterOf(v: unknown): PromoFilter {
  return PROMO_FILTERS.includes(v as PromoFilter) ? (v as PromoFilter) : 'all';
}

/** The filters as far as the client knows them: for when lobbyFilters cannot be read. */
export function localFilters(
  tabs: string[],
  tables: AssignedTable[],
  settings: Record<string, unknown>,
): LobbyFilters {
  const tableTypes: Record<string, string[]> = {};
  const tableType: Record<string, string> = {};
  for (const tab of tabs) {
    tableTypes[tab] = tableTypesOf(tab, tables);
    const saved = settings[tableTypeKey(tab)];
    tableType[tab] = typeof saved === 'string' && tableTypes[tab].includes(saved) ? saved : 'all';
  }
  return {
    tabs,
    tableTypes,
    bjFilters: ['all', 'free', 'behind'],
    promoFilters: [...PROMO_FILTERS],
    selected: {
      showfulltables: settings.showfulltables !== false,
      grid_view: settings.grid_view !== false,
      grid_view_mobile: settings.grid_view_mobile === true,
      selectedbjfilter: bjFilterOf(settings.selectedbjfilter),
      selpromofilter: promoFilterOf(settings.selpromofilter),
      tableType,
    },
  };
}

const strings = (v: unknown): string[] | null =>
  Array.isArray(v) && v.every((x) => typeof x === 'string') ? (v as string[]) : null;

/** The server's lobbyFilters answer, each part checked; what is missing comes from `base`. */
export function parseFilters(raw: unknown, base: LobbyFilters): LobbyFilters {
  if (!raw || typeof raw !== 'object') return base;
  const o = raw as Record<string, unknown>;
  const tableTypes: Record<string, string[]> = { ...base.tableTypes };
  if (o.tableTypes && typeof o.tableTypes === 'object') {
    for (const [tab, list] of Object.entries(o.tableTypes as Record<string, unknown>)) {
      const l = strings(list);
      if (l && base.tabs.includes(tab)) tableTypes[tab] = l.includes('all') ? l : ['all', ...l];
    }
  }
  const s = (o.selected && typeof o.selected === 'object' ? o.selected : {}) as Record<
    string,
    unknown
  >;
  const b = base.selected;
  const tableType: Record<string, string> = { ...b.tableType };
  if (s.tableType && typeof s.tableType === 'object') {
    for (const [tab, type] of Object.entries(s.tableType as Record<string, unknown>)) {
      if (typeof type === 'string' && tableTypes[tab]?.includes(type)) tableType[tab] = type;
    }
  }
  const bool = (v: unknown, d: boolean) => (typeof v === 'boolean' ? v : d);
  return {
    tabs: base.tabs,
    tableTypes,
    bjFilters: (strings(o.bjFilters)?.map(bjFilterOf) ?? base.bjFilters).filter(
      (f, i, all) => all.indexOf(f) === i,
    ),
    promoFilters: (strings(o.promoFilters)?.map(promoFilterOf) ?? base.promoFilters).filter(
      (f, i, all) => all.indexOf(f) === i,
    ),
    selected: {
      showfulltables: bool(s.showfulltables, b.showfulltables),
      grid_view: bool(s.grid_view, b.grid_view),
      grid_view_mobile: bool(s.grid_view_mobile, b.grid_view_mobile),
      selectedbjfilter:
        s.selectedbjfilter === undefined ? b.selectedbjfilter : bjFilterOf(s.selectedbjfilter),
      selpromofilter:
        s.selpromofilter === undefined ? b.selpromofilter : promoFilterOf(s.selpromofilter),
      tableType,
    },
  };
}

/** Whether a table is of the type chosen: all, or its kind or type. */
export function passesTableType(t: TableKind, type: string): boolean {
  if (type === 'all') return true;
  if (type === MULTI_BACCARAT) return false; // the multi-table tile stands for them
  return t.gameKind === type || t.tableType === type || t.game === type;
}

export interface ViewFilters {
  tab: string;
  tableType: string;
  showFull: boolean;
  bjFilter: BjFilter;
}

/**
 * The tables a tab shows: its family's (every table in ALL), of the chosen type (the ALL
 * tab has none), without full tables when they are hidden, and through the blackjack
 * filter on the BLACKJACK tab. Seats come from the live summaries.
 */
export function visibleTables(
  tables: AssignedTable[],
  live: LiveTables,
  f: ViewFilters,
): AssignedTable[] {
  if (f.tab === PROMOTIONS) return [];
  return tables.filter((t) => {
    const l = live[t.tableId];
    if (f.tab !== ALL_TAB && familyOf(t) !== f.tab) return false;
    if (f.tab !== ALL_TAB && !passesTableType(t, f.tableType)) return false;
    if (!f.showFull && isFull(l)) return false;
    if (f.tab === 'BLACKJACK') {
      const seated = l ? { ...t, seats: l.seats, seatsTaken: l.seatsTaken } : t;
      if (!passesBjFilter(seated, f.bjFilter)) return false;
    }
    return true;
  });
}

/**
 * The tab and table a launch's table type asks for (SPEC §2 `selectedTableType`,
 * `tableType`): the tab of the first table of that type (a family whose tables are all
 * of one kind offers no type filter, and is still found).
 */
export function tabOfType(
  tables: AssignedTable[],
  tabs: string[],
  type: string,
): string | undefined {
  if (type === 'all') return undefined;
  const first = tables.find((t) => passesTableType(t, type));
  const tab = first ? familyOf(first) : undefined;
  return tab && tabs.includes(tab) ? tab : undefined;
}

/**
 * The table a direct launch of `type` opens: the first of that type, in the casino's
 * order, that is open and has room (by the live summaries); null when none.
 */
export function directTable(
  tables: AssignedTable[],
  live: LiveTables,
  type: string,
): AssignedTable | null {
  if (type === 'all') return null;
  return (
    tables.find((t) => {
      const l = live[t.tableId];
      return passesTableType(t, type) && !isFull(l) && l?.open !== false;
    }) ?? null
  );
}

/** Whether the tab shows the multi-baccarat tile (two or more baccarat tables). */
export function showsMultiBaccarat(tables: TableKind[], tab: string, tableType: string): boolean {
  if (tables.filter((t) => t.game === 'baccarat').length < 2) return false;
  if (tab === ALL_TAB) return true;
  return tab === 'BACCARAT' && (tableType === 'all' || tableType === MULTI_BACCARAT);
}

// ---- Recent players ------------------------------------------------------------------------

export interface RecentPlayers {
  players: number;
  names: string[];
}

/** recentPlayersAllTables: per table, how many played in the window, and some names. */
export function parseRecentPlayers(raw: unknown): Record<string, RecentPlayers> {
  const out: Record<string, RecentPlayers> = {};
  const tables = (raw as { tables?: unknown } | null)?.tables;
  if (!Array.isArray(tables)) throw new Error('recentPlayersAllTables: no tables');
  for (const t of tables) {
    if (!t || typeof t !== 'object') continue;
    const o = t as Record<string, unknown>;
    if (typeof o.tableId !== 'string') continue;
    out[o.tableId] = { players: num(o.players), names: strings(o.names) ?? [] };
  }
  return out;
}

export interface LastTable {
  tableId: string;
  lastPlayed: number;
  rounds: number;
}

/** lastPlayersTables: the player's last tables, newest first. */
export function parseLastTables(raw: unknown): LastTable[] {
  const tables = (raw as { tables?: unknown } | null)?.tables;
  if (!Array.isArray(tables)) throw new Error('lastPlayersTables: no tables');
  return tables
    .filter((t): t is Record<string, unknown> => !!t && typeof t === 'object')
    .filter((t) => typeof t.tableId === 'string')
    .map((t) => ({
      tableId: String(t.tableId),
      lastPlayed: num(t.lastPlayed),
      rounds: num(t.rounds),
    }));
}

// ---- Slots --------------------------------------------------------------------------------

/** A slot the operator assigns (assignedSlotsForLobby), as its tile shows it. */
export interface LobbySlot {
  slotId: string;
  name: string;
  provider: string;
  thumbnail: string | null;
  builtIn: boolean;
}

/** The most slots the lobby lists. */
export const SLOTS_MAX = 200;

const SLOT_ID = /^[A-Za-z0-9_.-]{1,64}$/;

/** assignedSlotsForLobby: the slots in the operator's order; malformed entries left out. */
export function parseSlots(raw: unknown): LobbySlot[] {
  const slots = (raw as { slots?: unknown } | null)?.slots;
  if (!Array.isArray(slots)) throw new Error('assignedSlotsForLobby: no slots');
  const out: LobbySlot[] = [];
  for (const s of slots.slice(0, SLOTS_MAX)) {
    if (!s || typeof s !== 'object') continue;
    const o = s as Record<string, unknown>;
    if (typeof o.slotId !== 'string' || !SLOT_ID.test(o.slotId)) continue;
    if (out.some((x) => x.slotId === o.slotId)) continue;
    out.push({
      slotId: o.slotId,
      name: str(o.name).slice(0, 80) || o.slotId,
      provider: str(o.provider).slice(0, 80),
      thumbnail: safeImageUrl(o.thumbnail),
      builtIn: o.builtIn === true,
    });
  }
  return out;
}

/** Where launching a slot leads: a page of this app, or another provider's page in a new tab. */
export type SlotTarget = { kind: 'app'; href: string } | { kind: 'tab'; url: string };

/**
 * SlotLaunch's answer as a place to go: a built-in slot's page here (its `url` when that is
 * a page of this app, else /play/slot?slotId=…), another provider's signed https (or http)
 * address; null for anything else (no other scheme is ever followed).
 */
export function slotTargetOf(raw: unknown, slotId: string): SlotTarget | null {
  if (!raw || typeof raw !== 'object') return null;
  const o = raw as Record<string, unknown>;
  if (o.slotId !== undefined && o.slotId !== slotId) return null;
  const url = str(o.url);
  if (o.builtIn === true) {
    const own = isSamePath(url) && /^\/play\/[a-z]/.test(url);
    return { kind: 'app', href: own ? url : `/play/slot?slotId=${encodeURIComponent(slotId)}` };
  }
  try {
    const u = new URL(url);
    return u.protocol === 'https:' || u.protocol === 'http:' ? { kind: 'tab', url: u.href } : null;
  } catch {
    return null;
  }
}

/** A URL the casino configuration gives for an image: a path here or an https address. */
export function safeImageUrl(v: unknown): string | null {
  if (typeof v !== 'string' || v === '') return null;
  if (/^\/(?!\/)/.test(v) || /^https:\/\//i.test(v)) return v;
  return null;
}
