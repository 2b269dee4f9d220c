// The lobby's data: the tables in the casino's order and tabs, the live summaries of
// the lobby channel, the filters (read from lobbyFilters, saved by key), the recent
// players (refreshed every 30 s), the player's last tables, and the slots the operator
// assigns with their launch. A failing call leaves its part out and is logged; the rest
// of the lobby works without it.
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';

import { navigate } from '../../lib/navigation';
import type { ServerMessage } from '../../lib/realtime/realtime';
import { type AssignedTable, useServices } from '../../lib/session';
import { useStore } from '../../lib/store';
import {
  LOBBY_CHANNEL,
  type LastTable,
  type LiveTables,
  type LobbySlot,
  type LobbyFilters,
  type RecentPlayers,
  type Selected,
  applyLobbyEvent,
  lobbyTabs,
  localFilters,
  orderTables,
  parseFilters,
  parseLastTables,
  parseRecentPlayers,
  parseSlots,
  slotTargetOf,
  SLOTS,
  tableTypeKey,
} from './model';
import { applySetting } from '../../lib/settings';
import { urlOf } from '../../lib/http/urls';

export const RECENT_PLAYERS_EVERY_MS = 30_000;

const NO_TABLES: AssignedTable[] = [];
const NO_SETTINGS: Record<string, unknown> = {};
const NO_CASINO: Record<string, unknown> = {};

/**
 * The player's tables in the casino's order, the family tabs (SLOTS among them when
 * `withSlots`) and the casino configuration.
 */
export function useLobbyTables(withSlots = false): {
  tables: AssignedTable[];
  tabs: string[];
  casino: Record<string, unknown>;
} {
  const { session } = useServices();
  const assigned = useStore(session, (s) => s.config?.assignedTables ?? NO_TABLES);
  const casino = useStore(session, (s) => s.config?.casinoConfig ?? NO_CASINO);
  const tables = useMemo(() => orderTables(assigned, casino.tables_order), [assigned, casino]);
  const tabs = useMemo(
    () => lobbyTabs(casino.tabs_order, tables, withSlots ? [SLOTS] : []),
    [casino, tables, withSlots],
  );
  return { tables, tabs, casino };
}

/** Follows the lobby channel while mounted: every table's live summary. */
export function useLiveTables(): LiveTables {
  const { realtime } = useServices();
  const [live, setLive] = useState<LiveTables>({});
  useEffect(() => {
    const handle = (m: ServerMessage) => {
      if (m.channel !== LOBBY_CHANNEL) return;
      const now = Date.now();
      setLive((prev) => applyLobbyEvent(prev, m, now));
    };
    const offs = ['resync', 'lobbyupdate'].map((type) => realtime.on(type, handle));
    const unsubscribe = realtime.subscribe(LOBBY_CHANNEL);
    return () => {
      offs.forEach((off) => off());
      unsubscribe();
    };
  }, [realtime]);
  return live;
}

/** The local time, renewed every `everyMs` while `running`. */
export function useNow(running: boolean, everyMs = 1000): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!running) return;
    const timer = setInterval(() => setNow(Date.now()), everyMs);
    return () => clearInterval(timer);
  }, [running, everyMs]);
  return now;
}

type ChoiceKey = Exclude<keyof Selected, 'tableType'>;

/**
 * The filters: the saved settings at once, then the server's lobbyFilters answer; a
 * choice applies at once, is saved (savePlayerConfigGeneric) and kept in the session's
 * settings, so it holds when the lobby is shown again.
 */
export function useLobbyFilters(
  tabs: string[],
  tables: AssignedTable[],
): {
  filters: LobbyFilters;
  choose: <K extends ChoiceKey>(key: K, value: Selected[K]) => void;
  chooseTableType: (tab: string, type: string) => void;
} {
  const { session, http, saveSetting } = useServices();
  const settings = useStore(session, (s) => s.config?.playerConfig.settings ?? NO_SETTINGS);
  const local = useMemo(() => localFilters(tabs, tables, settings), [tabs, tables, settings]);
  const [answer, setAnswer] = useState<unknown>(null);
  // Keys chosen on this visit of the lobby: they win over an answer that comes later.
  const [touched, setTouched] = useState<ReadonlySet<string>>(() => new Set());

  useEffect(() => {
    let live = true;
    http
      .get<unknown>('/api/ui/lobbyFilters')
      .then((raw) => live && setAnswer(raw))
      .catch((e: unknown) => console.error('lobby: the saved filters could not be read', e));
    return () => {
      live = false;
    };
  }, [http]);

  const filters = useMemo(() => {
    if (answer === null) return local;
    const server = parseFilters(answer, local);
    const selected = { ...server.selected, tableType: { ...server.selected.tableType } };
    for (const key of touched) {
      if (key.startsWith('tableType:')) {
        const tab = key.slice('tableType:'.length);
        const chosen = settings[tableTypeKey(tab)];
        if (typeof chosen === 'string' && server.tableTypes[tab]?.includes(chosen))
          selected.tableType[tab] = chosen;
      } else {
        (selected as Record<string, unknown>)[key] = local.selected[key as ChoiceKey];
      }
    }
    return { ...server, selected };
  }, [answer, local, touched, settings]);

  const remember = useCallback(
    (key: string, touchKey: string, value: unknown) => {
      setTouched((prev) => new Set(prev).add(touchKey));
      applySetting(session, key, value);
      saveSetting(key, value).catch((e: unknown) =>
        console.error(`lobby: ${key} could not be saved`, e),
      );
    },
    [session, saveSetting],
  );

  const choose = useCallback(
    <K extends ChoiceKey>(key: K, value: Selected[K]) => remember(key, key, value),
    [remember],
  );
  const chooseTableType = useCallback(
    (tab: string, type: string) => remember(tableTypeKey(tab), `tableType:${tab}`, type),
    [remember],
  );
  return { filters, choose, chooseTableType };
}

/** Who played where in the last minutes, per table; null when unknown. */
export function useRecentPlayers(): Record<string, RecentPlayers> | null {
  const { http } = useServices();
  const [recent, setRecent] = useState<Record<string, RecentPlayers> | null>(null);
  useEffect(() => {
    let live = true;
    const load = () =>
      http
        .get<unknown>('/api/info/recentPlayersAllTables')
        .then((raw) => live && setRecent(parseRecentPlayers(raw)))
        .catch((e: unknown) => {
          console.error('lobby: recent players could not be read', e);
          if (live) setRecent(null);
        });
    void load();
    const timer = setInterval(() => void load(), RECENT_PLAYERS_EVERY_MS);
    return () => {
      live = false;
      clearInterval(timer);
    };
  }, [http]);
  return recent;
}

/** The tables the player last played at (newest first); empty when unknown. */
export function useLastTables(): LastTable[] {
  const { http } = useServices();
  const [last, setLast] = useState<LastTable[]>([]);
  useEffect(() => {
    let live = true;
    http
      .get<unknown>('/api/info/lastPlayersTables')
      .then((raw) => live && setLast(parseLastTables(raw)))
      .catch((e: unknown) => console.error('lobby: recently played tables could not be read', e));
    return () => {
      live = false;
    };
  }, [http]);
  return last;
}

/**
 * The operator's ticker line (casino configuration `ticker`, GET at the url list's
 * `ticker`) in the player's language; empty when there is none in it (the server answers
 * 204) or it cannot be read.
 */
export function useTicker(lang: string): string {
  const { http } = useServices();
  const [text, setText] = useState('');
  useEffect(() => {
    let live = true;
    http
      .getText(urlOf('ticker'), { ln: lang })
      .then((t) => live && setText(t.trim().slice(0, 500)))
      .catch(() => {
        /* no ticker */
      });
    return () => {
      live = false;
    };
  }, [http, lang]);
  return text;
}

const NO_SLOTS: LobbySlot[] = [];

/** The slots the operator assigns (assignedSlotsForLobby), in its order; none when unknown. */
export function useSlots(): LobbySlot[] {
  const { http } = useServices();
  const [slots, setSlots] = useState<LobbySlot[]>(NO_SLOTS);
  useEffect(() => {
    let live = true;
    http
      .get<unknown>(urlOf('slots'))
      .then((raw) => live && setSlots(parseSlots(raw)))
      .catch((e: unknown) => console.error('lobby: the slots could not be read', e));
    return () => {
      live = false;
    };
  }, [http]);
  return slots;
}

export interface SlotLaunch {
  /** The slot whose launch is on its way, if any. */
  launching: string | null;
  /** Another provider's slot just opened in a new tab (with its address, to open again). */
  opened: { slotId: string; name: string; url: string } | null;
  failed: string | null;
  launch: (slot: LobbySlot) => Promise<void>;
}

/**
 * Launches a slot (SlotLaunch with the page's language): a built-in slot opens here, in
 * the app; another provider's in a new tab, without a way back to this page (noopener).
 */
export function useSlotLaunch(lang: string): SlotLaunch {
  const { http } = useServices();
  const [launching, setLaunching] = useState<string | null>(null);
  const [opened, setOpened] = useState<SlotLaunch['opened']>(null);
  const [failed, setFailed] = useState<string | null>(null);
  const busy = useRef(false);
  const launch = useCallback(
    async (slot: LobbySlot) => {
      if (busy.current) return;
      busy.current = true;
      setLaunching(slot.slotId);
      setFailed(null);
      try {
        // The page's language code (the pseudo-locale's is no language: none is sent).
        const code = /^[a-z]{2}$/.test(lang) ? lang : undefined;
        const raw = await http.get<unknown>(urlOf('slotLaunch'), {
          slotId: slot.slotId,
          lang: code,
        });
        const target = slotTargetOf(raw, slot.slotId);
        if (!target) throw new Error(`SlotLaunch ${slot.slotId}: no address to follow`);
        if (target.kind === 'app') {
          navigate(target.href);
        } else {
          window.open(target.url, '_blank', 'noopener');
          setOpened({ slotId: slot.slotId, name: slot.name, url: target.url });
        }
      } catch (e) {
        console.error(`lobby: the slot ${slot.slotId} could not be launched`, e);
        setFailed(slot.slotId);
      } finally {
        busy.current = false;
        setLaunching(null);
      }
    },
    [http, lang],
  );
  return { launching, opened, failed, launch };
}
