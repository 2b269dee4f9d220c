// The refresh marker (SPEC §3 "time and table id kept in session storage", §9 "refresh
// marker: 30 seconds"): while a table is shown the page keeps { at, tableId } in session
// storage, renewed every 30 s and when the page goes. A page that opens at the same table
// within 30 s of the marker is the same player reloading (a refresh, or the browser
// bringing the tab back): a relaunch, not a new visit.
export const REFRESH_KEY = 'croupier.refresh';
export const REFRESH_MS = 30_000;

export interface RefreshMarker {
  at: number;
  tableId: string;
}

type Storage = Pick<globalThis.Storage, 'getItem' | 'setItem' | 'removeItem'>;

export function readMarker(storage: Storage): RefreshMarker | null {
  try {
    const v = JSON.parse(storage.getItem(REFRESH_KEY) ?? 'null') as unknown;
    if (!v || typeof v !== 'object') return null;
    const { at, tableId } = v as Record<string, unknown>;
    return typeof at === 'number' && typeof tableId === 'string' ? { at, tableId } : null;
  } catch {
    return null;
  }
}

/** Whether a page opening at `tableId` now is a relaunch of the one the marker left. */
export function isRelaunch(marker: RefreshMarker | null, tableId: string | null, now: number) {
  return (
    marker !== null &&
    tableId !== null &&
    marker.tableId === tableId &&
    now - marker.at <= REFRESH_MS
  );
}

/**
 * Keeps the marker for the table shown (`tableOf` reads it: null off a table) every 30 s
 * and when the page is hidden; returns the function that stops.
 */
export function keepMarker(
  storage: Storage,
  tableOf: () => string | null,
  target: Pick<Window, 'addEventListener' | 'removeEventListener'> = window,
  now: () => number = Date.now,
): () => void {
  const write = () => {
    const tableId = tableOf();
    try {
      if (tableId) storage.setItem(REFRESH_KEY, JSON.stringify({ at: now(), tableId }));
      else storage.removeItem(REFRESH_KEY);
    } catch {
      /* storage full or refused: no marker */
    }
  };
  const timer = setInterval(write, REFRESH_MS);
  target.addEventListener('pagehide', write);
  write();
  return () => {
    clearInterval(timer);
    target.removeEventListener('pagehide', write);
  };
}
