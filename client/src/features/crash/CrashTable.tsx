// A crash table (spaceman, big bass: one flow, two skins; docs/games/crash.md): the
// flight drawn from the launch's time and growth on the server's clock, the round and its
// countdown, the two bet panels (bets through the betting every table shares,
// lib/table/useBetting, with gameMode crash_*; cash-outs and automatic cash-outs through
// their own commands), the last crash points, everybody's cash-outs, the player's win of
// the round and the help. Screen readers hear the crash and each cash-out's answer.
import './crash.css';

import { useCallback, useEffect, useMemo, useReducer, useRef, useState } from 'react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';

import { type CurrencyStyle, type Units, formatMoney, units } from '../../lib/format/money';
import { urlOf } from '../../lib/http/urls';
import type { ServerMessage } from '../../lib/realtime/realtime';
import { xmlCommand } from '../../lib/realtime/xml';
import type { TableConfig } from '../../lib/session';
import { type SpotRules, tableLimits } from '../../lib/table/bet-slip';
import { nextRequestId, useBetting } from '../../lib/table/useBetting';
import { useStudioLoaded, useTableChannel } from '../../lib/table/useTableChannel';
import { useTableChat } from '../../lib/table/useTableChat';
import { useTablePage } from '../../lib/table/useTablePage';
import { announce } from '../../ui/Announcer';
import { ChipTray } from '../../ui/BetControls';
import { ChatPanel } from '../../ui/ChatPanel';
import { HelpButton } from '../../ui/HelpButton';
import { RoundBanner } from '../../ui/RoundBanner';
import { toast } from '../../ui/Toaster';
import { BetPanel, cashedWords, refusalWords } from './BetPanel';
import {
  BETS,
  type Bet,
  type CrashView,
  type LocalAction,
  type Part,
  crashReducer,
  initialCrashView,
  panelPhase,
  roundWin,
  summaryPoints,
} from './crash-state';
import { FlightStudio, skinOf } from './Flight';
import { useLiveMultiplier } from './live';
import { type AutoTargets, DEFAULT_CAP, MIN_TARGET, parseX, xText } from './multiplier';
import { CashoutFeed, CrashHelp, ResultsStrip, RoundWin } from './parts';

const EVENTS = [
  'resync',
  'betsopen',
  'betsclosingsoon',
  'timer',
  'betsclosed',
  'gamestate',
  'launch',
  'cashouts',
  'crash',
  'gameresult',
  'cancelround',
  'table_closed',
];
/** Private answers, which may not name their table (an automatic cash-out's). */
const ANSWERS = ['cashoutack', 'autocashoutack'];

/** Crash points the strip reads at first (SMSummaryResults). */
const SUMMARY_GAMES = 50;

/**
 * The two panels' spots: BET_1 and BET_2, checked against the limits the table gives for
 * them (its spots of those names, else the main maximum).
 */
export function crashSpotRules(table: TableConfig): SpotRules {
  const kinds = new Map(table.limits.spots.map((s) => [s.kind.toUpperCase(), s.kind]));
  return {
    isSpot: (code) => (BETS as readonly string[]).includes(code),
    kindOf: (code) =>
      (BETS as readonly string[]).includes(code) ? (kinds.get(code) ?? code) : null,
    isInside: () => false,
    oppositeOf: () => null,
  };
}

function crashLimits(table: TableConfig) {
  const limits = tableLimits(table.limits, crashSpotRules(table));
  const main = table.limits.mainMax ? units(table.limits.mainMax) : undefined;
  for (const bet of BETS) {
    const kind = crashSpotRules(table).kindOf(bet)!;
    if (limits.spotMax[kind] === undefined && main !== undefined) limits.spotMax[kind] = main;
  }
  return limits;
}

type Action = { m: ServerMessage | LocalAction; now: number };

export default function CrashTable({ tableId, route }: { tableId: string; route?: string }) {
  const { t } = useTranslation();
  const { realtime, currency, loaded, http, table, player, mobile, shape, channel } =
    useTablePage(tableId);
  const [view, dispatch] = useReducer(
    (v: CrashView, a: Action) => crashReducer(v, a.m, a.now),
    initialCrashView,
  );
  const act = useCallback((m: ServerMessage | LocalAction) => dispatch({ m, now: Date.now() }), []);
  const [helpOpen, setHelpOpen] = useState(false);
  const [cancelling, setCancelling] = useState<Partial<Record<Bet, boolean>>>({});
  const [amounts, setAmounts] = useState<Partial<Record<Bet, Units>>>({});
  const chat = useTableChat(tableId, { inHeader: true }); // its button: the header's

  const limits = useMemo(() => (table ? crashLimits(table) : null), [table]);
  // No free-bet chip here: a flying stake is cashed out, which free chips are not.
  const betting = useBetting({ tableId, game: 'crash', round: view, limits, freeBets: false });
  const { follow, slip } = betting;

  const onEvent = useCallback(
    (m: ServerMessage) => {
      act(m);
      follow(m);
    },
    [act, follow],
  );
  useTableChannel(realtime, tableId, channel, EVENTS, onEvent);
  useEffect(() => {
    const offs = ANSWERS.map((type) =>
      realtime.on(type, (m) => {
        if (m.table === undefined || m.table === tableId) act(m);
      }),
    );
    return () => offs.forEach((off) => off());
  }, [realtime, tableId, act]);
  useStudioLoaded(view.ready, loaded);

  // The stakes the slip holds are the panels' until the flight.
  useEffect(() => {
    const stakes: Partial<Record<Bet, Units>> = {};
    for (const a of slip.actions)
      for (const l of a.lines)
        if (l.spot === 'BET_1' || l.spot === 'BET_2')
          stakes[l.spot] = (stakes[l.spot] ?? 0) + l.amount;
    act({ type: 'local:stakes', gameId: slip.gameId, stakes });
  }, [slip, act, view.gameId]);

  // The last crash points, read once; each result adds its own.
  useEffect(() => {
    let live = true;
    http
      .get<unknown>(urlOf('smSummaryResults'), { tableId, numberOfGames: SUMMARY_GAMES })
      .then((body) => live && act({ type: 'local:summary', points: summaryPoints(body) }))
      .catch((e: unknown) => console.error('crash: the last results could not be read', e));
    return () => {
      live = false;
    };
  }, [http, tableId, act]);

  const live = useLiveMultiplier(
    view.gameId,
    view.flight,
    view.crash?.x ?? null,
    view.serverOffset,
  );

  // What the commands need of the moment, read when they are sent.
  const latest = useRef(view);
  useEffect(() => {
    latest.current = view;
  }, [view]);
  const sending = useRef(new Set<Bet>());

  const cashOut = useCallback(
    async (bet: Bet, part: Part) => {
      const v = latest.current;
      if (!v.flight || v.crash || sending.current.has(bet) || v.panels[bet].pending) return;
      sending.current.add(bet);
      const requestId = nextRequestId();
      act({ type: 'local:cashout', requestId, bet, part });
      try {
        const xml = xmlCommand('cashout', {
          tableId,
          requestId,
          gameId: v.gameId,
          bet,
          part: part === 'half' ? 'half' : undefined,
        });
        const ack = await realtime.command(channel, requestId, xml);
        act({ ...ack, type: 'cashoutack', bet: ack.bet ?? bet, requestId });
      } finally {
        sending.current.delete(bet);
      }
    },
    [act, realtime, channel, tableId],
  );

  const setAuto = useCallback(
    async (bet: Bet, targets: AutoTargets) => {
      const requestId = nextRequestId();
      act({ type: 'local:auto', requestId, bet, targets });
      const xml = xmlCommand('autocashout', {
        tableId,
        requestId,
        bet,
        at: targets.at !== null ? xText(targets.at) : undefined,
        halfAt: targets.halfAt !== null ? xText(targets.halfAt) : undefined,
      });
      const ack = await realtime.command(channel, requestId, xml);
      act({ ...ack, type: 'autocashoutack', bet: ack.bet ?? bet, requestId });
      const refused = ack.error !== undefined || typeof ack.code === 'number';
      announce(refused ? t('CRASH_AUTO_REFUSED') : t('CRASH_AUTO_SAVED'));
    },
    [act, realtime, channel, tableId, t],
  );

  const cancel = useCallback(
    async (bet: Bet) => {
      setCancelling((c) => ({ ...c, [bet]: true }));
      try {
        const ids = slip.actions
          .filter((a) => a.status === 'confirmed' && a.lines.some((l) => l.spot === bet))
          .map((a) => a.requestId);
        for (const id of ids) await betting.takeBack(id);
      } finally {
        setCancelling((c) => ({ ...c, [bet]: false }));
      }
    },
    [slip, betting],
  );

  useAnnouncements(t, view, currency);

  if (!table || !player || table.tableId !== tableId) return null;
  const money = currency();
  const skin = skinOf(table.crash?.skin ?? (table.variant || route));
  const open = view.betsOpen && !view.closed;
  const cap = parseX(table.crash?.cap) ?? DEFAULT_CAP;
  const minTarget = parseX(table.crash?.minTarget) ?? MIN_TARGET;
  const amountOf = (bet: Bet) => amounts[bet] ?? betting.chip;

  return (
    <main
      className={`crash shape-${shape} ${mobile ? 'mobile' : 'desktop'} skin-${skin}`}
      data-testid="crash-table"
      data-skin={skin}
    >
      <section className="studio crash-studio" aria-label={table.name}>
        <FlightStudio skin={skin} flight={view.flight} crashX={view.crash?.x ?? null} live={live} />
        <div className="studio-overlay">
          <h1 className="table-name">{table.name}</h1>
          <RoundBanner
            view={view}
            waitingText={
              view.crash
                ? t('CRASH_CRASHED_AT', { x: xText(view.crash.x) })
                : t(`CRASH_FLYING_${skin}`)
            }
          />
          <RoundWin win={roundWin(view)} currency={money} />
        </div>
      </section>
      <div className="table-strip">
        <ResultsStrip points={view.history} />
        <div className="panel-toggles">
          <HelpButton onOpen={() => setHelpOpen(true)} />
        </div>
      </div>
      <section className="crash-panels" id="bets" aria-label={t('PLACE_YOUR_BETS')}>
        {BETS.map((bet) => {
          const sendingBet = slip.actions.some(
            (a) => a.status === 'sending' && a.lines.some((l) => l.spot === bet),
          );
          const phase = panelPhase(view, bet, {
            sending: sendingBet,
            cancelling: cancelling[bet] === true,
          });
          return (
            <BetPanel
              key={bet}
              bet={bet}
              panel={view.panels[bet]}
              phase={phase}
              open={open}
              amount={amountOf(bet)}
              chip={betting.chip}
              crashX={view.crash?.x ?? null}
              live={live}
              currency={money}
              cap={cap}
              minTarget={minTarget}
              onAmount={(a) => setAmounts((m) => ({ ...m, [bet]: a }))}
              onPlace={() => void betting.send([{ spot: bet, amount: amountOf(bet) }], 'place')}
              onCancel={() => void cancel(bet)}
              onCashOut={(part) => void cashOut(bet, part)}
              onAuto={(targets) => void setAuto(bet, targets)}
            />
          );
        })}
      </section>
      <section className="controls crash-controls">
        <ChipTray
          chips={betting.chips}
          selected={betting.chip}
          mobile={mobile}
          onSelect={betting.selectChip}
          currency={money}
        />
        <div className="totals">
          <span
            className="total-bet"
            data-testid="total-bet"
            data-amount={formatMoney(betting.total, money, { hideCurrency: true })}
          >
            <span className="label">{t('TOTAL_BET')}</span>{' '}
            <strong>{formatMoney(betting.total, money)}</strong>
          </span>
        </div>
      </section>
      <CashoutFeed feed={view.feed} count={view.feedCount} currency={money} />
      {chat.enabled && chat.open && (
        <ChatPanel chat={chat} canWrite float onClose={() => chat.setOpen(false)} />
      )}
      {helpOpen && <CrashHelp table={table} currency={money} onClose={() => setHelpOpen(false)} />}
    </main>
  );
}

/**
 * Tells screen readers (and, for a refusal, everybody: a toast) what happened: each
 * cash-out's answer once, and the crash of each round once.
 */
function useAnnouncements(t: TFunction, view: CrashView, currency: () => CurrencyStyle) {
  const heard = useRef(new Set<string>());
  useEffect(() => {
    const said = heard.current;
    const money = currency();
    for (const bet of BETS) {
      const p = view.panels[bet];
      for (const c of p.cashed) {
        const key = `${view.gameId}:${bet}:${c.key}`;
        if (said.has(key)) continue;
        said.add(key);
        announce(cashedWords(t, c, money));
      }
      const refusalKey = `${view.gameId}:${bet}:refused:${p.refusal}:${p.cashed.length}`;
      if (p.refusal !== null && !said.has(refusalKey)) {
        said.add(refusalKey);
        toast(refusalWords(t, p.refusal), 'error');
      }
    }
    if (view.crash && !said.has(`${view.gameId}:crash`)) {
      said.add(`${view.gameId}:crash`);
      announce(t('CRASH_CRASHED_AT', { x: xText(view.crash.x) }));
    }
  }, [t, view.gameId, view.panels, view.crash, currency]);
}
