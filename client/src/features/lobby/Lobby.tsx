// The main lobby (SPEC §2, route /play/lobby): the player's recently played tables, a
// tab per game family in the casino's order (and one with every table), and a tile per
// table with its limits in the player's currency, dealer, players, seats, state, the
// time left to bet and the last results, all live from the lobby channel. Filters: the
// table type per tab, full tables, grid or list, the blackjack and promotions filters;
// each choice is saved and read back from lobbyFilters on the next visit. The slots the
// operator assigns have a tab of their own (SLOTS), shown only when there is one: a tile
// per slot, which opens a built-in slot here and another provider's in a new tab. The
// PROMOTIONS tab is the promotions panel (./Promotions), through the promotions filter.
import './lobby.css';

import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';

import { followLink, navigate, replaceQuery, useLocation } from '../../lib/navigation';
import { useServices } from '../../lib/session';
import { useStore } from '../../lib/store';
import { type BjFilter, bjFilterOf } from './bj-filter';
import {
  ALL_TAB,
  type LobbySlot,
  PROMOTIONS,
  SLOTS,
  directTable,
  tabOfType,
  type PromoFilter,
  safeImageUrl,
  showsMultiBaccarat,
  visibleTables,
} from './model';
import {
  LastResults,
  SlotTile,
  TableTile,
  Tabs,
  stateText,
  tableHref,
  tableTypeLabel,
} from './parts';
import { PromotionsPanel } from './Promotions';
import {
  useLastTables,
  useLiveTables,
  useLobbyFilters,
  useLobbyTables,
  useNow,
  useRecentPlayers,
  type SlotLaunch,
  useSlotLaunch,
  useSlots,
  useTicker,
} from './useLobby';

/** How long a direct launch waits for the tables' live state before choosing without. */
export const DIRECT_WAIT_MS = 3000;

/** SPEC §3: a wait that is not positive means the default, 5 s. */
export function waitSecondsOf(v: unknown): number {
  return typeof v === 'number' && v > 0 ? v : 5;
}

export default function Lobby() {
  const { t, i18n } = useTranslation();
  const { session } = useServices();
  const mobile = useStore(session, (s) => s.mobile);
  const slots = useSlots();
  const { tables, tabs, casino } = useLobbyTables(slots.length > 0);
  const slotLaunch = useSlotLaunch(i18n.language);
  const live = useLiveTables();
  const { filters, choose, chooseTableType } = useLobbyFilters(tabs, tables);
  const recent = useRecentPlayers();
  const last = useLastTables();
  const { search } = useLocation();
  const query = new URLSearchParams(search);

  // The tab: the address's `tab`, else the tab of a launch `selectedTableType`, else all.
  const allTabs = [ALL_TAB, ...tabs];
  // `tableType` (SPEC §2 launch parameter) asks the same when selectedTableType is absent.
  const launchType = query.get('selectedTableType') ?? query.get('tableType');
  const launchTab = launchType
    ? (tabs.find((tab) => filters.tableTypes[tab]?.includes(launchType)) ??
      tabOfType(tables, tabs, launchType))
    : undefined;
  const wanted = (query.get('tab') ?? '').toUpperCase();
  const tab = allTabs.includes(wanted) ? wanted : (launchTab ?? ALL_TAB);
  const selectTab = (next: string) =>
    replaceQuery({ tab: next === ALL_TAB ? null : next.toLowerCase() });

  // A launch table type holds on its tab until the player picks another.
  const [launchTypeHeld, setLaunchTypeHeld] = useState(true);
  const tableType =
    tab === ALL_TAB
      ? 'all'
      : launchTypeHeld && launchTab === tab && launchType
        ? launchType
        : (filters.selected.tableType[tab] ?? 'all');
  const types = tab === ALL_TAB ? [] : (filters.tableTypes[tab] ?? ['all']);
  const grid = mobile ? filters.selected.grid_view_mobile : filters.selected.grid_view;
  const gridKey = mobile ? 'grid_view_mobile' : 'grid_view';
  const showFull = filters.selected.showfulltables;
  const bjFilter = filters.selected.selectedbjfilter;

  const shown = visibleTables(tables, live, { tab, tableType, showFull, bjFilter });
  const multi = showsMultiBaccarat(tables, tab, tableType);
  const byId = new Map(tables.map((x) => [x.tableId, x]));
  const recentTables = last.map((l) => byId.get(l.tableId)).filter((x) => x !== undefined);
  const counting = [...shown, ...recentTables].some((x) => live[x.tableId]?.betsOpen === true);
  const now = useNow(counting);
  const waitSeconds = waitSecondsOf(casino.estimated_player_wait_time_in_secs);

  // A direct launch (direct=true with a table type) goes to the first table of that type
  // the lobby shows, once, in place of the lobby; with none, the lobby stays, filtered.
  // It waits for the live summaries (which tables are open and have room), or 3 s.
  const direct = query.get('direct') === 'true' || query.get('direct') === '1';
  const [waited, setWaited] = useState(false);
  useEffect(() => {
    if (!direct) return;
    const timer = setTimeout(() => setWaited(true), DIRECT_WAIT_MS);
    return () => clearTimeout(timer);
  }, [direct]);
  const liveKnown = Object.keys(live).length > 0 || waited;
  const first = direct && launchType && liveKnown ? directTable(tables, live, launchType) : null;
  const directDone = useRef(false);
  useEffect(() => {
    if (!first || directDone.current) return;
    directDone.current = true;
    navigate(tableHref(first), { replace: true });
  }, [first]);
  const ticker = useTicker(i18n.language);
  // lobby_version 1 is the first lobby: the tables only, without the recently played row.
  const classic = casino.lobby_version === 1;

  const logo = safeImageUrl(casino.lobby_logo);
  const background = safeImageUrl(casino.lobby_background);
  const inFrame = query.get('lobbyInFrame') === 'true' || query.get('lobbyInFrame') === '1';

  return (
    <main
      className="lb"
      data-testid="lobby"
      data-in-frame={inFrame ? 'true' : undefined}
      onClick={(e) => followLink(e)}
      style={background ? { backgroundImage: `url(${JSON.stringify(background)})` } : undefined}
    >
      <div className="lb-head">
        {logo && <img className="lb-logo" src={logo} alt={String(casino.casino_name ?? '')} />}
        <h1>{t('LOBBY_TITLE')}</h1>
      </div>
      {ticker && (
        <p className="lb-ticker" role="marquee" data-testid="lobby-ticker">
          <span>{ticker}</span>
        </p>
      )}

      {!classic && recentTables.length > 0 && (
        <section className="lb-recent" aria-labelledby="lb-recent-title" data-testid="lobby-recent">
          <h2 id="lb-recent-title">{t('LOBBY_RECENTLY_PLAYED')}</h2>
          <ul>
            {recentTables.map((x) => (
              <li key={x.tableId}>
                <a className="lb-recent-tile" href={tableHref(x)} data-recent={x.tableId}>
                  <span className="sr-only">{t('LOBBY_JOIN', { name: x.name })}</span>
                  <span className="lb-name" aria-hidden="true">
                    {x.name}
                  </span>
                  <span className="lb-status">
                    {stateText(t, live[x.tableId], now) || '\u00a0'}
                  </span>
                  <LastResults game={x.game} live={live[x.tableId]} max={5} />
                </a>
              </li>
            ))}
          </ul>
        </section>
      )}

      <Tabs
        tabs={allTabs}
        selected={tab}
        onSelect={selectTab}
        label={t('LOBBY_TABS')}
        idPrefix="lb"
      />
      <div
        className="lb-panel"
        role="tabpanel"
        id="lb-panel"
        aria-labelledby={`lb-tab-${tab}`}
        data-tab={tab}
      >
        {tab !== SLOTS && (
          <div className="lb-toolbar" role="group" aria-label={t('LOBBY_FILTERS')}>
            {types.length > 1 && (
              <label className="lb-field">
                <span>{t('LOBBY_TABLE_TYPE')}</span>
                <select
                  data-testid="lobby-table-type"
                  value={types.includes(tableType) ? tableType : 'all'}
                  onChange={(e) => {
                    setLaunchTypeHeld(false);
                    chooseTableType(tab, e.target.value);
                  }}
                >
                  {types.map((type) => (
                    <option key={type} value={type}>
                      {tableTypeLabel(t, type)}
                    </option>
                  ))}
                </select>
              </label>
            )}
            {tab === 'BLACKJACK' && (
              <Choice
                label={t('BJ_FILTER')}
                options={filters.bjFilters}
                value={bjFilter}
                testid="bj-filter"
                text={(f) => t(`BJ_FILTER_${f as BjFilter}`)}
                onChange={(f) => choose('selectedbjfilter', bjFilterOf(f) as BjFilter)}
              />
            )}
            {tab === PROMOTIONS && (
              <Choice
                label={t('PROMO_FILTER')}
                options={filters.promoFilters}
                value={filters.selected.selpromofilter}
                testid="promo-filter"
                text={(f) => t(`PROMO_FILTER_${f as PromoFilter}`)}
                onChange={(f) => choose('selpromofilter', f as PromoFilter)}
              />
            )}
            {tab !== PROMOTIONS && (
              <>
                <label className="lb-field lb-check">
                  <input
                    type="checkbox"
                    data-testid="lobby-show-full"
                    checked={showFull}
                    onChange={(e) => choose('showfulltables', e.target.checked)}
                  />
                  <span>{t('LOBBY_SHOW_FULL')}</span>
                </label>
                <Choice
                  label={t('LOBBY_VIEW')}
                  options={['grid', 'list']}
                  value={grid ? 'grid' : 'list'}
                  testid="lobby-view"
                  text={(v) => t(v === 'grid' ? 'LOBBY_VIEW_GRID' : 'LOBBY_VIEW_LIST')}
                  onChange={(v) => choose(gridKey, v === 'grid')}
                />
              </>
            )}
          </div>
        )}

        {tab === SLOTS ? (
          <SlotList slots={slots} launch={slotLaunch} />
        ) : tab === PROMOTIONS ? (
          <PromotionsPanel filter={filters.selected.selpromofilter} />
        ) : (
          <>
            <ul
              className="lb-tables"
              data-view={grid ? 'grid' : 'list'}
              data-testid="lobby-tables"
              aria-label={t('LOBBY_TITLE')}
            >
              {multi && (
                <li>
                  <a
                    className="lb-tile lb-multi"
                    href="/play/multi-baccarat"
                    data-testid="multi-baccarat-link"
                  >
                    <span className="lb-name">{t('MULTI_BACCARAT')}</span>
                    <span className="lb-kind">{t('LOBBY_MULTI_BACCARAT')}</span>
                    <span className="lb-status">
                      {t('LOBBY_MULTI_TABLES', {
                        count: tables.filter((x) => x.game === 'baccarat').length,
                      })}
                    </span>
                  </a>
                </li>
              )}
              {shown.map((x) => (
                <li key={x.tableId}>
                  <TableTile
                    table={x}
                    live={live[x.tableId]}
                    now={now}
                    recent={recent?.[x.tableId]}
                    waitSeconds={waitSeconds}
                  />
                </li>
              ))}
            </ul>
            {shown.length === 0 && !multi && (
              <p className="lb-empty" data-testid="lobby-empty">
                {tables.length === 0 ? t('LOBBY_EMPTY') : t('LOBBY_NO_MATCH')}
              </p>
            )}
          </>
        )}
      </div>
    </main>
  );
}

/** The slots' tiles, and what became of the last launch. */
function SlotList({ slots, launch }: { slots: LobbySlot[]; launch: SlotLaunch }) {
  const { t } = useTranslation();
  const { opened, failed, launching } = launch;
  return (
    <>
      <ul
        className="lb-tables lb-slots"
        data-testid="lobby-slots"
        aria-label={t('LOBBY_TAB_SLOTS')}
      >
        {slots.map((s) => (
          <li key={s.slotId}>
            <SlotTile
              slot={s}
              busy={launching === s.slotId}
              onLaunch={(slot) => void launch.launch(slot)}
            />
          </li>
        ))}
      </ul>
      <p className="lb-slot-note" role="status" data-testid="lobby-slot-status">
        {failed !== null && t('LOBBY_SLOT_FAILED')}
        {failed === null && opened && (
          <>
            {t('LOBBY_SLOT_OPENED', { name: opened.name })}{' '}
            <a href={opened.url} target="_blank" rel="noopener" data-testid="lobby-slot-link">
              {t('LOBBY_SLOT_OPEN_LINK', { name: opened.name })}
            </a>
          </>
        )}
      </p>
    </>
  );
}

/** A group of toggle buttons of which one is on. */
function Choice({
  label,
  options,
  value,
  testid,
  text,
  onChange,
}: {
  label: string;
  options: readonly string[];
  value: string;
  testid: string;
  text: (option: string) => string;
  onChange: (option: string) => void;
}) {
  return (
    <div className="lb-choice" role="group" aria-label={label}>
      <span className="lb-choice-label" aria-hidden="true">
        {label}
      </span>
      {options.map((o) => (
        <button
          key={o}
          type="button"
          className="lb-toggle"
          aria-pressed={value === o}
          data-testid={`${testid}-${o}`}
          onClick={() => onChange(o)}
        >
          {text(o)}
        </button>
      ))}
    </div>
  );
}
