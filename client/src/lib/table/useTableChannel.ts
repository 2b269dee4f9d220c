// What every table page does with its channel: follow the table's events while the page
// shows it, and report the game (and its drawn studio) loaded once the first snapshot is in.
import { useEffect } from 'react';

import type { Realtime, ServerMessage } from '../realtime/realtime';

/**
 * Subscribes to `channel` while the page is shown and hands every event of `types` that
 * belongs to `tableId` to `onEvent`. Keep `types` and `onEvent` stable (a module constant,
 * useCallback): a new one renews the subscription.
 */
export function useTableChannel(
  realtime: Realtime,
  tableId: string,
  channel: string,
  types: readonly string[],
  onEvent: (m: ServerMessage) => void,
): void {
  useEffect(() => {
    const offs = types.map((type) =>
      realtime.on(type, (m) => {
        if (m.table === tableId) onEvent(m);
      }),
    );
    const unsubscribe = realtime.subscribe(channel);
    return () => {
      offs.forEach((off) => off());
      unsubscribe();
    };
  }, [realtime, tableId, channel, types, onEvent]);
}

/**
 * Reports the game and its studio (drawn with the page) loaded once the table is ready. A
 * table with live video (`liveVideo`) reports its video when the first frame plays
 * (ui/TableVideo), not here.
 */
export function useStudioLoaded(
  ready: boolean,
  loaded: (part: 'game' | 'video') => void,
  liveVideo = false,
): void {
  useEffect(() => {
    if (ready) {
      loaded('game');
      if (!liveVideo) loaded('video'); // the studio is drawn with the page
    }
  }, [ready, loaded, liveVideo]);
}
