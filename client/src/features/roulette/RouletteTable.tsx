// The European roulette table: the synthetic studio, the round and its countdown, the
// betting grid, chips and bet buttons, balance and total bet, results and limits.
// Bets go to the server as they are placed (one command per action); undo and clear take
// them back with cancelbets, double sends placebets, rebet sends lpbet. Every refusal is
// shown with its message from the error catalogue.
import { useCallback, useEffect, useEffectEvent, useMemo, useReducer, useState } from 'react';
import { useTranslation } from 'react-i18next';

import { modeSuffix } from '../../lib/device/device';
import { type Units, amountText, formatMoney, units } from '../../lib/format/money';
import type { ServerMessage } from '../../lib/realtime/realtime';
import { xmlCommand } from '../../lib/realtime/xml';
import { useServices } from '../../lib/session';
import { useStore } from '../../lib/store';
import { toast } from '../../ui/Toaster';
import { BettingGrid } from './BettingGrid';
import {
  type Limits,
  type Slip,
  type SlipLine,
  addAction,
  checkLines,
  confirmAction,
  doubleLines,
  emptySlip,
  isSending,
  slipFromAnswers,
  slipTotal,
  spotTotals,
  takeBack,
  undoTarget,
} from './bet-slip';
import {
  BetControls,
  ChipTray,
  LimitsPopup,
  RecentNumbers,
  ResultBanner,
  RoundBanner,
} from './parts';
import { type SpotKind, colourOf } from './spots';
import { Studio } from './Studio';
import { initialView, tableReducer } from './table-state';

const TABLE_EVENTS = [
  'resync',
  'betsopen',
  'betsclosingsoon',
  'timer',
  'betsclosed',
  'gamestate',
  'gameresult',
  'cancelround',
  'table_closed',
];

function linesOf(list: unknown): SlipLine[] {
  return Array.isArray(list)
    ? (list as { spot: string; amount: string }[]).map((l) => ({
        spot: l.spot,
        amount: units(l.amount),
      }))
    : [];
}

function firstRefusal(ack: ServerMessage): number | null {
  const rejected = Array.isArray(ack.rejected) ? (ack.rejected as { code: number }[]) : [];
  if (rejected.length > 0) return rejected[0]!.code;
  return typeof ack.code === 'number' ? ack.code : null;
}

const requestPrefix = Math.random().toString(36).slice(2, 8);
let requestCounter = 0;
const nextRequestId = () => `${requestPrefix}-${++requestCounter}`;

export default function RouletteTable({ tableId }: { tableId: string }) {
  const { t } = useTranslation();
  const services = useServices();
  const { realtime, session, currency, saveSetting, loaded } = services;
  const table = useStore(session, (s) => s.config?.tableConfig ?? null);
  const player = useStore(session, (s) => s.config?.playerConfig.player ?? null);
  const savedChip = useStore(session, (s) => s.config?.playerConfig.settings.selected_chip);
  const mobile = useStore(session, (s) => s.mobile);
  const portrait = useStore(session, (s) => s.device.orientation === 'portrait');
  const device = useStore(session, (s) => s.device);
  const channel = `table-${tableId}`;

  const [view, dispatch] = useReducer(
    (v: typeof initialView, a: { m: ServerMessage; now: number }) => tableReducer(v, a.m, a.now),
    initialView,
  );
  const [slip, setSlip] = useState<Slip>(emptySlip(''));
  const [busy, setBusy] = useState(false);
  const [limitsOpen, setLimitsOpen] = useState(false);
  const [landedKey, setLandedKey] = useState<string | null>(null);

  const chips = useMemo(() => (table ? table.chips.map(units) : []), [table]);
  // The chip the player chose this visit, else the one they saved, else the table's.
  const [chosenChip, setChosenChip] = useState<Units | null>(null);
  const chip = useMemo(() => {
    if (chosenChip !== null) return chosenChip;
    const saved = typeof savedChip === 'string' ? units(savedChip) : null;
    if (saved !== null && chips.includes(saved)) return saved;
    return table ? units(table.defaultChip) : 0;
  }, [chosenChip, savedChip, chips, table]);

  const limits: Limits | null = useMemo(() => {
    if (!table) return null;
    const spotMax: Partial<Record<SpotKind, Units>> = {};
    for (const s of table.limits.spots) spotMax[s.kind as SpotKind] = units(s.max);
    return {
      min: units(table.limits.min),
      tableMax: units(table.limits.max),
      insideMax: units(table.limits.insideMax),
      outsideMax: units(table.limits.outsideMax),
      oppositeBetsAllowed: table.limits.oppositeBetsAllowed,
      spotMax,
    };
  }, [table]);

  // A result the player missed while the connection was down: say so once it is back.
  const missedResult = useEffectEvent((m: ServerMessage) => {
    const n = Number(m.result);
    const base = { round: String(m.gameId), number: n, colour: t(`COLOUR_${colourOf(n)}`) };
    const text =
      typeof m.win === 'string' && units(m.win) > 0
        ? t('MISSED_RESULT_WIN', { ...base, amount: formatMoney(units(m.win), currency()) })
        : t('MISSED_RESULT', base);
    toast(text, 'info', 8000);
  });

  // Follow the table's events.
  useEffect(() => {
    const offs = TABLE_EVENTS.map((type) =>
      realtime.on(type, (m) => {
        if (m.table !== tableId) return;
        dispatch({ m, now: Date.now() });
        if (m.type === 'gameresult' && m.replayed === true) missedResult(m);
        if (m.type === 'resync') {
          const answers = (Array.isArray(m.myAcks) ? (m.myAcks as ServerMessage[]) : []).map(
            (a) => ({
              type: String(a.type),
              requestId: String(a.requestId),
              gameId: String(a.gameId),
              lines: linesOf(a.type === 'cancelack' ? a.cancelled : a.accepted),
            }),
          );
          // Keep actions still on their way; take the rest from what the server kept.
          setSlip((s) => {
            const rebuilt = slipFromAnswers(String(m.gameId), answers);
            const inFlight =
              s.gameId === m.gameId ? s.actions.filter((a) => a.status === 'sending') : [];
            return {
              ...rebuilt,
              actions: [
                ...rebuilt.actions.filter(
                  (a) => !inFlight.some((f) => f.requestId === a.requestId),
                ),
                ...inFlight,
              ],
            };
          });
        } else if (m.type === 'betsopen' && typeof m.gameId === 'string') {
          setSlip(emptySlip(m.gameId));
        }
      }),
    );
    const unsubscribe = realtime.subscribe(channel);
    return () => {
      offs.forEach((off) => off());
      unsubscribe();
    };
  }, [realtime, tableId, channel]);

  useEffect(() => {
    if (view.ready) loaded('game');
  }, [view.ready, loaded]);

  const command = useCallback(
    (
      name: string,
      requestId: string,
      attrs: Record<string, string | undefined>,
      lines: SlipLine[] = [],
    ) => {
      const xml = xmlCommand(
        name,
        {
          tableId,
          gameMode: `roulette_${modeSuffix(device)}`,
          gameId: view.gameId,
          userId: player?.id ?? '',
          requestId,
          ...attrs,
        },
        lines.map((l) => ({ code: l.spot, amount: amountText(l.amount) })),
      );
      return realtime.command(channel, requestId, xml);
    },
    [tableId, device, player, realtime, channel, view.gameId],
  );

  const refuse = useCallback(
    (code: number) => toast(t(`ERROR.${code}` as 'ERROR.1005'), 'error'),
    [t],
  );

  /** Sends bets; a refusal of the whole or of some lines is shown, accepted lines stay. */
  const send = useCallback(
    async (lines: SlipLine[], kind: 'place' | 'double') => {
      if (!limits) return;
      if (!view.betsOpen) {
        return refuse(view.state === 3 || view.state === 6 || view.state === 24 ? 1007 : 1006);
      }
      const { ok, refused } = checkLines(slip, lines, limits);
      if (refused.length > 0) refuse(refused[0]!.code);
      if (ok.length === 0 || (kind === 'double' && refused.length > 0)) return;
      const requestId = nextRequestId();
      setSlip((s) => addAction(s, requestId, kind, ok));
      const total = ok.reduce((sum, l) => sum + l.amount, 0);
      const ack = await command(
        kind === 'double' ? 'placebets' : 'pbet',
        requestId,
        { checkValue: amountText(total) },
        ok,
      );
      setSlip((s) => confirmAction(s, requestId, linesOf(ack.accepted)));
      const code = firstRefusal(ack);
      if (code !== null) refuse(code);
    },
    [limits, command, refuse, view.betsOpen, view.state, slip],
  );

  const onPlace = useCallback(
    (spot: string) => void send([{ spot, amount: chip }], 'place'),
    [send, chip],
  );

  const takeBackBets = useCallback(
    async (of?: string) => {
      setBusy(true);
      try {
        const ack = await command('cancelbets', nextRequestId(), { of });
        const cancelled = linesOf(ack.cancelled);
        if (cancelled.length > 0) setSlip((s) => takeBack(s, cancelled));
        else if (typeof ack.code === 'number') refuse(ack.code);
      } finally {
        setBusy(false);
      }
    },
    [command, refuse],
  );

  const onUndo = useCallback(() => {
    const target = undoTarget(slip);
    if (target) void takeBackBets(target.requestId);
  }, [takeBackBets, slip]);

  const onRebet = useCallback(async () => {
    if (!view.betsOpen) return refuse(1007);
    const requestId = nextRequestId();
    setSlip((s) => addAction(s, requestId, 'rebet', []));
    const ack = await command('lpbet', requestId, {});
    setSlip((s) => confirmAction(s, requestId, linesOf(ack.accepted)));
    const code = firstRefusal(ack);
    if (code !== null) refuse(code);
  }, [command, refuse, view.betsOpen]);

  const selectChip = useCallback(
    (value: Units) => {
      setChosenChip(value);
      void saveSetting('selected_chip', amountText(value)).catch(() => {
        /* the choice still holds for this visit */
      });
    },
    [saveSetting],
  );

  const totals = useMemo(() => spotTotals(slip), [slip]);
  const total = slipTotal(slip);
  const sending = isSending(slip);
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

  if (!table || !player || table.tableId !== tableId) return null;
  const money = currency();
  const open = view.betsOpen && !view.closed;
  const layout = mobile && portrait ? 'vertical' : 'horizontal';
  const landed = view.result !== null && landedKey === view.result.gameId;

  return (
    <main
      className={`roulette ${mobile ? 'mobile' : 'desktop'} ${portrait ? 'portrait' : 'landscape'}`}
      data-testid="roulette-table"
    >
      <section className="studio" aria-label={table.name}>
        <div className="studio-wheel">
          <Studio
            spinning={view.state === 6}
            result={view.result?.number ?? null}
            resultKey={view.result?.gameId ?? null}
            onFirstFrame={() => loaded('video')}
            onLanded={() => setLandedKey(view.result?.gameId ?? null)}
          />
        </div>
        <div className="studio-overlay">
          <h1 className="table-name">{table.name}</h1>
          <RoundBanner view={view} />
          <ResultBanner view={view} currency={money} landed={landed} />
        </div>
      </section>
      <RecentNumbers recent={view.recent} />
      <section className="betting" aria-label={t('PLACE_YOUR_BETS')}>
        <BettingGrid
          layout={layout}
          totals={totals}
          chipIndex={chipIndex}
          currency={money}
          open={open}
          winning={landed ? (view.result?.number ?? null) : null}
          onPlace={onPlace}
        />
      </section>
      <section className="controls">
        <ChipTray
          chips={chips}
          selected={chip}
          mobile={mobile}
          onSelect={selectChip}
          currency={money}
        />
        <BetControls
          canUndo={open && !busy && !sending && undoTarget(slip) !== null}
          canClear={open && !busy && !sending && total > 0}
          canDouble={open && !busy && !sending && total > 0}
          canRebet={open && !busy && !sending && total === 0}
          onUndo={onUndo}
          onClear={() => void takeBackBets()}
          onDouble={() => void send(doubleLines(slip), 'double')}
          onRebet={() => void onRebet()}
        />
        <div className="totals">
          <span className="total-bet" data-testid="total-bet" data-amount={amountText(total)}>
            <span className="label">{t('TOTAL_BET')}</span>{' '}
            <strong>{formatMoney(total, money)}</strong>
          </span>
          <button
            type="button"
            className="link-button"
            data-testid="limits-button"
            onClick={() => setLimitsOpen(true)}
          >
            {t('BET_LIMITS')}
          </button>
        </div>
      </section>
      {limitsOpen && (
        <LimitsPopup table={table} currency={money} onClose={() => setLimitsOpen(false)} />
      )}
    </main>
  );
}
