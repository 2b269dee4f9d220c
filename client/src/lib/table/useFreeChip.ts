// The free-bet chip at a table (SPEC §3 "Free bet", §4, §5; lib/bonus): whether there is
// one here, its chips left, whether it is the chip in play, and what follows from it:
//
// - the chips are read (/bonus/chips) as the table opens and again when a round settles
//   (so the count is the server's), and after a free bet is taken back;
// - the choice is remembered with the player's settings (`selected_chip_fb`: the bonus's
//   id while its chip is chosen, null once another chip is);
// - with the balance below the table's minimum bet and chips left, the free chip is chosen
//   for the player (SPEC §5: the same selection a click on it makes);
// - a free chip that goes away (used up, expired, replaced) brings the minimum-bet toaster
//   (SPEC §4), through `onRemoved`;
// - the host page hears FREE_SPIN_START when the player's first free bet of a round is
//   accepted, and FREE_SPIN_END when that round settles (`missed: true` when the client
//   saw another round begin instead, `left: true` when the player left the table first).
import { useCallback, useEffect, useEffectEvent, useMemo, useRef, useState } from 'react';

import { type FreeChip, freeChipOf, refreshFreeChips } from '../bonus';
import type { Units } from '../format/money';
import { useHost } from '../host/context';
import { useServices } from '../session';
import { useStore } from '../store';

export interface FreeChipOptions {
  tableId: string;
  /** The table's game family (tableConfig.game); null until known. */
  family: string | null;
  /** The table's minimum bet; null until known. */
  min: Units | null;
  /** The free chip went away (SPEC §4: the minimum-bet toaster). */
  onRemoved: () => void;
}

interface FreeRound {
  gameId: string;
  bonusCode: string;
  chips: number;
}

export interface FreeChipControl {
  chip: FreeChip | null;
  /** The free chip is the chip in play. */
  selected: boolean;
  select: () => void;
  /** Another chip was chosen. */
  deselect: () => void;
  /** The server accepted `chips` free chips in round `gameId`. */
  accepted: (gameId: string, chips: number, bonusCode: string) => void;
  /** Free bets were taken back: `chips` are the player's again. */
  returned: (chips: number) => void;
}

export function useFreeChip({ tableId, family, min, onRemoved }: FreeChipOptions): FreeChipControl {
  const { http, session, realtime, saveSetting } = useServices();
  const host = useHost();
  const state = useStore(session, (s) => s.freeChips);
  const chip = useMemo(() => freeChipOf(state, family), [state, family]);
  const saved = useStore(session, (s) => s.config?.playerConfig.settings.selected_chip_fb ?? null);
  // This visit's choice: the free chip of a bonus, or the player's own chips.
  const [choice, setChoice] = useState<{ free: string } | 'own' | null>(null);
  const bonusId = chip?.bonus.bonusId ?? null;
  const selected =
    bonusId !== null &&
    (choice === null ? saved === bonusId : choice !== 'own' && choice.free === bonusId);

  const select = useCallback(() => {
    if (bonusId === null) return;
    setChoice({ free: bonusId });
    void saveSetting('selected_chip_fb', bonusId).catch(() => {
      /* the choice still holds for this visit */
    });
  }, [bonusId, saveSetting]);

  const deselect = useCallback(() => {
    setChoice('own');
    if (selected || saved !== null)
      void saveSetting('selected_chip_fb', null).catch(() => {
        /* the choice still holds for this visit */
      });
  }, [selected, saved, saveSetting]);

  // The free chips of this table, as it opens.
  useEffect(() => {
    void refreshFreeChips(http, session);
  }, [http, session, tableId]);

  // The round played with free chips, for the host page's FREE_SPIN_START/END.
  const rounds = useRef<{ open: FreeRound | null }>({ open: null });
  const endRound = useCallback(
    (extra: Record<string, unknown> = {}) => {
      const open = rounds.current.open;
      if (!open) return;
      rounds.current.open = null;
      host?.freeSpinEnd({ tableId, ...open, ...extra });
    },
    [host, tableId],
  );

  const accepted = useCallback(
    (gameId: string, chips: number, bonusCode: string) => {
      const open = rounds.current.open;
      if (open && open.gameId === gameId) {
        open.chips += chips;
        return;
      }
      if (open) endRound({ missed: true });
      rounds.current.open = { gameId, bonusCode, chips };
      host?.freeSpinStart({ tableId, gameId, bonusCode, chips });
    },
    [host, tableId, endRound],
  );

  const returned = useCallback(
    (chips: number) => {
      const open = rounds.current.open;
      if (open) open.chips = Math.max(0, open.chips - chips);
      void refreshFreeChips(http, session);
    },
    [http, session],
  );

  // A round settles: the host hears the end of a free round; the count is read again.
  useEffect(() => {
    const tracked = rounds.current;
    const offs = ['gameresult', 'cancelround', 'resync'].map((type) =>
      realtime.on(type, (m) => {
        if (m.table !== tableId) return;
        const open = tracked.open;
        if (m.type === 'resync') {
          if (open && m.gameId !== open.gameId) endRound({ missed: true });
          return;
        }
        const played = open !== null && open.gameId === m.gameId;
        if (open) endRound(played ? {} : { missed: true });
        const holds = (session.get().freeChips?.eligible?.length ?? 0) > 0;
        if (played || holds) void refreshFreeChips(http, session);
      }),
    );
    return () => {
      offs.forEach((off) => off());
      if (tracked.open) endRound({ left: true });
    };
  }, [realtime, tableId, http, session, endRound]);

  // The chip going away, and the balance too low for the table: read at every change of
  // the session (the chips, the balance).
  const shown = useRef<string | null>(null);
  const chose = useRef(false);
  const watch = useEffectEvent(() => {
    const s = session.get();
    const now = freeChipOf(s.freeChips, family);
    const before = shown.current;
    shown.current = now?.bonus.bonusId ?? null;
    if (before !== null && now === null) onRemoved();
    const low = s.balance !== null && min !== null && s.balance.total < min;
    if (!low || !now || now.left === 0) {
      if (!low) chose.current = false;
      return;
    }
    if (!chose.current && !selected) {
      chose.current = true;
      select();
    }
  });
  useEffect(() => {
    watch();
    return session.subscribe(watch);
  }, [session, family, min]);

  return { chip, selected, select, deselect, accepted, returned };
}
