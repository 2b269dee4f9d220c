// Betting at a live table, the same for every game: the chips and the chosen chip
// (remembered through savePlayerConfigGeneric), the slip of this round's bets, and the
// bet commands (pbet per chip, placebets for double and grouped bets, lpbet for rebet,
// cancelbets for undo and clear) with every refusal shown from the error catalogue. The
// bets carry the player's client seed (lib/fair/clientSeed), for provably fair rounds.
// A game gives its spot rules (in its Limits) and may explain a refusal in its own words.
//
// Free bets (lib/bonus, ./useFreeChip): with the free chip chosen, the chips placed are the
// bonus's: each placement is a pbet of its own naming the bonus, with a chip count per
// bet (never mixed with the player's own bets in one command), no more chips than are left
// nor than maxChipLimit on one spot. Double doubles the player's own bets only.
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';

import { modeSuffix } from '../device/device';
import { getClientSeed } from '../fair/clientSeed';
import { type Units, amountText, formatMoney, parseAmount, units } from '../format/money';
import type { ServerMessage } from '../realtime/realtime';
import { xmlCommand } from '../realtime/xml';
import { type TableConfig, useServices } from '../session';
import {
  type FreeChip,
  chipCountOf,
  freeBetAttributes,
  refreshFreeChips,
  reserveFreeChips,
  returnFreeChips,
  settleFreeChips,
} from '../bonus';
import { useFreeChip } from './useFreeChip';
import { SESSION_BALANCE_INSUFFICIENT, italianSessionOn } from '../italian-session';
import { useHost } from '../host/context';
import { emitLifecycle } from '../lifecycle';
import { useStore } from '../store';
import { announce } from '../../ui/Announcer';
import { toast } from '../../ui/Toaster';
import { missedResultText } from './outcome';
import {
  type Limits,
  type Slip,
  type SlipLine,
  addAction,
  checkLines,
  confirmAction,
  doubleLines,
  emptySlip,
  freeChipsOn,
  isSending,
  slipFromAnswers,
  slipTotal,
  spotTotals,
  takeBack,
  undoTarget,
} from './bet-slip';
import { playEffect } from '../sound/sound';

export function linesOf(list: unknown): SlipLine[] {
  return Array.isArray(list)
    ? (list as { spot: string; amount: string }[]).map((l) => ({
        spot: l.spot,
        amount: units(l.amount),
      }))
    : [];
}

export interface Refused {
  code: number;
  reason?: string; // the rule behind the code: safe_bets, table_min
}

export function firstRefusal(ack: ServerMessage): Refused | null {
  const rejected = Array.isArray(ack.rejected)
    ? (ack.rejected as { code: number; reason?: string }[])
    : [];
  if (rejected.length > 0) return { code: rejected[0]!.code, reason: rejected[0]!.reason };
  return typeof ack.code === 'number' ? { code: ack.code } : null;
}

const requestPrefix = Math.random().toString(36).slice(2, 8);
let requestCounter = 0;
export const nextRequestId = () => `${requestPrefix}-${++requestCounter}`;

export type SendKind = 'place' | 'double' | 'announced';

/** The commands that place bets, and so carry the player's client seed. */
const SEEDED_COMMANDS = ['pbet', 'placebets', 'lpbet'];

/** The host's lifecycle event for a bet command's answer (SPEC §4). */
function betLifecycle(
  tableId: string,
  gameId: string,
  accepted: SlipLine[],
  refusal: { code: number } | null,
): void {
  const amount = amountText(accepted.reduce((sum, l) => sum + l.amount, 0));
  if (refusal === null) emitLifecycle('place bet', { tableId, gameId, amount });
  else if (accepted.length > 0)
    emitLifecycle('not all bets accepted', { tableId, gameId, amount, code: refusal.code });
  else emitLifecycle('rejected bet', { tableId, gameId, code: refusal.code });
}

/** Refusals for want of money: 2005 (low balance, offer the cashier) and 10104 (funds). */
export const LOW_BALANCE_CODES = [2005, 10104];

export interface BettingOptions {
  tableId: string;
  game: string; // the game_mode prefix: roulette, baccarat, dragontiger, andarbahar
  round: { gameId: string; betsOpen: boolean; state: number };
  limits: Limits | null;
  /** A game's own words for a refusal, or null for the catalogue's message. */
  explain?: (code: number, reason?: string) => string | null;
  /** The table's configuration when it is not the page's own (multi-table views). */
  config?: TableConfig | null;
  /**
   * Whether the table offers the free-bet chip (lib/bonus) in its tray: true for the
   * tables with the shared betting bar (ui/BetControls); a table whose bets work otherwise
   * (a crash table's cash-outs) says false.
   */
  freeBets?: boolean;
}

export function useBetting({
  tableId,
  game,
  round,
  limits,
  explain,
  config,
  freeBets = true,
}: BettingOptions) {
  const { t } = useTranslation();
  const { realtime, session, saveSetting, currency, showPopup, http } = useServices();
  const host = useHost();
  const pageTable = useStore(session, (s) => s.config?.tableConfig ?? null);
  const table = config ?? pageTable;
  const player = useStore(session, (s) => s.config?.playerConfig.player ?? null);
  const savedChip = useStore(session, (s) => s.config?.playerConfig.settings.selected_chip);
  const device = useStore(session, (s) => s.device);
  const channel = `table-${tableId}`;

  const [slip, setSlip] = useState<Slip>(emptySlip(''));
  const [busy, setBusy] = useState(false);

  const chips = useMemo(() => (table ? table.chips.map(units) : []), [table]);
  // The chip the player chose this visit, else the one they saved, else the table's.
  const [chosenChip, setChosenChip] = useState<Units | null>(null);
  const ownChip = useMemo(() => {
    if (chosenChip !== null) return chosenChip;
    const saved = typeof savedChip === 'string' ? units(savedChip) : null;
    if (saved !== null && chips.includes(saved)) return saved;
    return table ? units(table.defaultChip) : 0;
  }, [chosenChip, savedChip, chips, table]);

  // The minimum-bet toaster (casino show_nl_min_bet_toaster, a regulated market's rule):
  // once as the player comes to the table, with the least a round's bets must come to, and
  // when the free chip goes away (SPEC §4).
  const minBetToaster = useStore(
    session,
    (s) => s.config?.casinoConfig.show_nl_min_bet_toaster === true,
  );
  const showMinBetToaster = useCallback(() => {
    if (!minBetToaster || config || !table) return;
    const least = Math.max(units(table.limits.min), units(table.limits.tableMin));
    toast(t('MIN_BET_TOASTER', { amount: formatMoney(least, currency()) }), 'info', 6000);
  }, [minBetToaster, config, table, t, currency]);
  const toastedFor = useRef<string | null>(null);
  useEffect(() => {
    if (!minBetToaster || config || !table || table.tableId !== tableId) return;
    if (toastedFor.current === tableId) return;
    toastedFor.current = tableId;
    showMinBetToaster();
  }, [minBetToaster, config, table, tableId, showMinBetToaster]);

  const free = useFreeChip({
    tableId,
    family: freeBets ? (table?.game ?? null) : null,
    min: limits?.min ?? null,
    onRemoved: showMinBetToaster,
  });
  const freeChip = free.chip;
  const freeSelected = free.selected && freeChip !== null;
  /** The value of the chip in play: the free chip's while it is chosen. */
  const chip = freeSelected ? freeChip.value : ownChip;

  const { deselect: deselectFree } = free;
  const selectChip = useCallback(
    (value: Units) => {
      setChosenChip(value);
      deselectFree();
      void saveSetting('selected_chip', amountText(value)).catch(() => {
        /* the choice still holds for this visit */
      });
    },
    [saveSetting, deselectFree],
  );

  /**
   * A bet command; `chipValue` makes it a free bet's: each bet carries its chip count
   * (amount / chip value, rounded: SPEC §5).
   */
  const command = useCallback(
    (
      name: string,
      requestId: string,
      attrs: Record<string, string | undefined>,
      lines: SlipLine[] = [],
      chipValue?: Units,
    ) => {
      const xml = xmlCommand(
        name,
        {
          tableId,
          gameMode: `${game}_${modeSuffix(device)}`,
          gameId: round.gameId,
          userId: player?.id ?? '',
          requestId,
          clientSeed: SEEDED_COMMANDS.includes(name) ? getClientSeed() : undefined,
          ...attrs,
        },
        lines.map((l) => ({
          code: l.spot,
          amount: amountText(l.amount),
          chipCount: chipValue === undefined ? undefined : String(chipCountOf(l.amount, chipValue)),
        })),
      );
      return realtime.command(channel, requestId, xml);
    },
    [tableId, game, device, player, realtime, channel, round.gameId],
  );

  const refuse = useCallback(
    (code: number, reason?: string) => {
      // Not enough money: the low-balance popup with the cashier (SPEC §8 2005).
      if (LOW_BALANCE_CODES.includes(code)) return showPopup('low-balance');
      // Not enough session balance: the Italian session's dialog says it, with the way to
      // bring more (app/ItalianSession).
      if (code === SESSION_BALANCE_INSUFFICIENT && italianSessionOn(session.get())) return;
      toast(explain?.(code, reason) ?? t(`ERROR.${code}` as 'ERROR.1005'), 'error');
    },
    [t, explain, showPopup, session],
  );

  /** A free bet refused: the chips are read again when the server's count differs. */
  const refuseFree = useCallback(
    (code: number, reason?: string) => {
      if (code === 10104 || (code === 1005 && reason === 'bonus')) {
        toast(t(code === 10104 ? 'FREE_CHIPS_NOT_ENOUGH' : 'BONUS_UNAVAILABLE'), 'error');
        void refreshFreeChips(http, session);
        return;
      }
      refuse(code, reason);
    },
    [t, refuse, http, session],
  );

  const { accepted: freeAccepted } = free;
  /** Places free chips: one pbet of their own, with the bonus and each bet's chip count. */
  const sendFree = useCallback(
    async (lines: SlipLine[], kind: SendKind, fc: FreeChip) => {
      if (!limits) return;
      const { ok, refused } = checkLines(slip, lines, limits);
      if (refused.length > 0) refuse(refused[0]!.code);
      if (ok.length === 0 || (kind !== 'place' && refused.length > 0)) return;
      const counts = ok.map((l) => chipCountOf(l.amount, fc.value));
      const need = counts.reduce((sum, n) => sum + n, 0);
      if (need > fc.left) return void toast(t('FREE_CHIPS_NOT_ENOUGH'), 'error');
      const onSpot = new Map<string, number>();
      for (const [i, l] of ok.entries()) {
        const chipsThere = (onSpot.get(l.spot) ?? freeChipsOn(slip, l.spot)) + counts[i]!;
        if (chipsThere > fc.perSpot)
          return void toast(t('FREE_CHIPS_SPOT_MAX', { max: fc.perSpot }), 'error');
        onSpot.set(l.spot, chipsThere);
      }
      const requestId = nextRequestId();
      reserveFreeChips(session, need);
      setSlip((s) => addAction(s, requestId, 'place', ok, fc.value));
      const ack = await command('pbet', requestId, freeBetAttributes(fc.bonus), ok, fc.value);
      const accepted = linesOf(ack.accepted);
      setSlip((s) => confirmAction(s, requestId, accepted));
      const spent = accepted.reduce((sum, l) => sum + chipCountOf(l.amount, fc.value), 0);
      settleFreeChips(session, need, spent);
      const gameId = typeof ack.gameId === 'string' && ack.gameId ? ack.gameId : round.gameId;
      if (spent > 0) freeAccepted(gameId, spent, fc.bonus.bonusCode);
      const refusal = firstRefusal(ack);
      betLifecycle(tableId, round.gameId, accepted, refusal);
      if (refusal !== null) refuseFree(refusal.code, refusal.reason);
    },
    [limits, slip, refuse, refuseFree, t, session, command, round.gameId, tableId, freeAccepted],
  );

  /** Sends bets; a refusal of the whole or of some lines is shown, accepted lines stay. */
  const send = useCallback(
    async (lines: SlipLine[], kind: SendKind) => {
      if (!limits) return;
      if (!round.betsOpen) {
        const closed = [3, 6, 13, 15, 24].includes(round.state);
        return refuse(closed ? 1007 : 1006);
      }
      // With the free chip chosen, chips placed are free ones (double stays the player's).
      if (kind !== 'double' && freeSelected) return sendFree(lines, kind, freeChip);
      const { ok, refused } = checkLines(slip, lines, limits);
      if (refused.length > 0) refuse(refused[0]!.code);
      const allOrNothing = kind !== 'place';
      if (ok.length === 0 || (allOrNothing && refused.length > 0)) return;
      const total = ok.reduce((sum, l) => sum + l.amount, 0);
      // Chips over the balance (SPEC §8 BALANCE_TOO_LOW): not sent; the host hears it. A
      // balance of 0 may be a balance error's (SPEC §8: shown as 0, not known): the
      // server judges those bets.
      const balance = session.get().balance;
      if (balance !== null && balance.total > 0 && total > balance.total) {
        host?.balanceTooLow({ tableId, gameId: round.gameId });
        return refuse(LOW_BALANCE_CODES[0]!);
      }
      const requestId = nextRequestId();
      setSlip((s) => addAction(s, requestId, kind === 'place' ? 'place' : 'double', ok));
      const ack = await command(
        allOrNothing ? 'placebets' : 'pbet',
        requestId,
        { checkValue: amountText(total) },
        ok,
      );
      const accepted = linesOf(ack.accepted);
      setSlip((s) => confirmAction(s, requestId, accepted));
      const refusal = firstRefusal(ack);
      betLifecycle(tableId, round.gameId, accepted, refusal);
      if (refusal !== null) refuse(refusal.code, refusal.reason);
    },
    [
      limits,
      command,
      refuse,
      round.betsOpen,
      round.state,
      round.gameId,
      slip,
      session,
      host,
      tableId,
      freeSelected,
      freeChip,
      sendFree,
    ],
  );

  const place = useCallback(
    (spot: string) => {
      playEffect('chip');
      void send([{ spot, amount: chip }], 'place');
    },
    [send, chip],
  );

  // The slip as it is now, for answers that come after a render.
  const slipNow = useRef(slip);
  useEffect(() => {
    slipNow.current = slip;
  }, [slip]);

  const { returned: freeReturned } = free;
  const takeBackBets = useCallback(
    async (of?: string) => {
      setBusy(true);
      try {
        const ack = await command('cancelbets', nextRequestId(), { of });
        const cancelled = linesOf(ack.cancelled);
        if (cancelled.length > 0) {
          // Free bets taken back give their chips back.
          const before = slipNow.current;
          const back = freeChipsOn(before) - freeChipsOn(takeBack(before, cancelled));
          setSlip((s) => takeBack(s, cancelled));
          if (back > 0) {
            returnFreeChips(session, back);
            freeReturned(back);
          }
        } else if (typeof ack.code === 'number') refuse(ack.code);
      } finally {
        setBusy(false);
      }
    },
    [command, refuse, session, freeReturned],
  );

  const undo = useCallback(() => {
    const target = undoTarget(slip);
    if (target) void takeBackBets(target.requestId);
  }, [takeBackBets, slip]);

  const rebet = useCallback(async () => {
    if (!round.betsOpen) return refuse(1007);
    const requestId = nextRequestId();
    setSlip((s) => addAction(s, requestId, 'rebet', []));
    const ack = await command('lpbet', requestId, {});
    setSlip((s) => confirmAction(s, requestId, linesOf(ack.accepted)));
    const refusal = firstRefusal(ack);
    if (refusal !== null) refuse(refusal.code, refusal.reason);
  }, [command, refuse, round.betsOpen]);

  // What the notice of a missed round needs, read when an event comes.
  const latest = useRef({ slip, table, game, currency });
  useEffect(() => {
    latest.current = { slip, table, game, currency };
  }, [slip, table, game, currency]);

  /** Tells the player, in words, the result of a round that ended while they were away. */
  const missed = useCallback(
    (r: Record<string, unknown>, ts: unknown) => {
      const { table: tbl, game: g, currency: money } = latest.current;
      if (typeof r.result !== 'string' || !tbl) return;
      const text = missedResultText(t, {
        game: g,
        table: tbl.name,
        ts: typeof r.ts === 'number' ? r.ts : typeof ts === 'number' ? ts : Date.now(),
        result: r.result,
        win: typeof r.win === 'string' ? r.win : undefined,
        currency: money(),
      });
      toast(text, 'info', 8000);
    },
    [t],
  );

  /**
   * Keeps the slip in step with the table: a new round empties it, a resync rebuilds it.
   * A result replayed after a reconnect, or a resync showing that the round the player
   * bet in ended meanwhile, is told in words.
   */
  const follow = useCallback(
    (m: ServerMessage) => {
      if (m.type === 'gameresult' && m.replayed === true) missed(m, m.ts);
      if (m.type === 'resync') {
        const bet = latest.current.slip;
        if (bet.gameId && slipTotal(bet) > 0 && m.gameId !== bet.gameId) {
          const results = Array.isArray(m.results) ? (m.results as Record<string, unknown>[]) : [];
          const ended = results.find((r) => r.gameId === bet.gameId);
          if (ended) missed(ended, m.ts);
        }
        const answers = (Array.isArray(m.myAcks) ? (m.myAcks as ServerMessage[]) : []).map((a) => ({
          type: String(a.type),
          requestId: String(a.requestId),
          gameId: String(a.gameId),
          lines: linesOf(a.type === 'cancelack' ? a.cancelled : a.accepted),
          // A free bet's answer names its bonus and chip value.
          chipValue:
            typeof a.bonusId === 'string' && typeof a.chipValue === 'string'
              ? (parseAmount(a.chipValue) ?? undefined)
              : undefined,
        }));
        // Keep actions still on their way; take the rest from what the server kept.
        setSlip((s) => {
          const rebuilt = slipFromAnswers(String(m.gameId), answers);
          const inFlight =
            s.gameId === m.gameId ? s.actions.filter((a) => a.status === 'sending') : [];
          return {
            ...rebuilt,
            actions: [
              ...rebuilt.actions.filter((a) => !inFlight.some((f) => f.requestId === a.requestId)),
              ...inFlight,
            ],
          };
        });
      } else if (m.type === 'betsopen' && typeof m.gameId === 'string') {
        setSlip(emptySlip(m.gameId));
      }
    },
    [missed],
  );

  const totals = useMemo(() => spotTotals(slip), [slip]);
  const total = slipTotal(slip);
  const sending = isSending(slip);

  // Screen readers hear each change of the bets the table holds once it is answered: a
  // bet accepted, bets taken back (a new round's empty slip is not a change).
  const heard = useRef({ gameId: slip.gameId, total });
  useEffect(() => {
    if (sending) return;
    const before = heard.current;
    heard.current = { gameId: slip.gameId, total };
    if (before.gameId !== slip.gameId || before.total === total) return;
    const money = currency();
    announce(
      total > before.total
        ? t('BET_ACCEPTED', {
            amount: formatMoney(total - before.total, money),
            total: formatMoney(total, money),
          })
        : t('BETS_TAKEN_BACK', { total: formatMoney(total, money) }),
    );
  }, [slip.gameId, total, sending, currency, t]);
  const chipIndex = useCallback(
    (value: Units) => {
      let i = 0;
      chips.forEach((c, k) => {
        if (c <= value) i = k;
      });
      return i;
    },
    [chips],
  );
  const open = round.betsOpen;
  const idle = open && !busy && !sending;

  return {
    chips,
    chip,
    selectChip,
    /** The free-bet chip here (SPEC §3), or null: its value, chips left and whether chosen. */
    free: freeChip
      ? {
          value: freeChip.value,
          left: freeChip.left,
          selected: freeSelected,
          onSelect: free.select,
        }
      : null,
    chipIndex,
    /** The table's game family (the promotion trophy's, ui/PromoTrophy). */
    family: table?.game ?? null,
    slip,
    totals,
    total,
    command,
    refuse,
    send,
    place,
    undo,
    clear: () => void takeBackBets(),
    /** Takes back the bets of one request (`of`), or all of this round's. */
    takeBack: takeBackBets,
    double: () => void send(doubleLines(slip), 'double'),
    rebet: () => void rebet(),
    follow,
    can: {
      undo: idle && undoTarget(slip) !== null,
      clear: idle && total > 0,
      double: idle && doubleLines(slip).length > 0,
      rebet: idle && total === 0,
    },
  };
}
