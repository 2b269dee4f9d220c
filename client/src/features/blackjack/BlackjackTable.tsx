// A blackjack table: seated (`/play/blackjack`, seven seats in a semicircle before the
// dealer; take a seat, bet on it, bet behind other players' seats) or one-hand infinite
// (`/play/onebj`, everybody on the same first two cards, each deciding on their own, with
// auto-play). The synthetic studio deals the server's cards in turn; bets go through the
// shared betting (lib/table/useBetting); decisions are `decide` commands answered by
// `decisionack`, and each refusal is shown with its message from the error catalogue.
// Under the UK rules (uk_regulation_check: no quick-spin features) auto-play is not
// offered, nor its strategy; one that is running (started before) can still be followed
// and stopped. With the Italian session on, a command refused with 3002 (the session
// balance) is said by the session's dialog (app/ItalianSession), not a toast here.
import './blackjack.css';

import {
  useCallback,
  useEffect,
  useEffectEvent,
  useMemo,
  useReducer,
  useRef,
  useState,
} from 'react';
import { useTranslation } from 'react-i18next';

import { winTier } from '../../lib/table/results';
import { HelpButton } from '../../ui/HelpButton';
import { amountText, formatMoney } from '../../lib/format/money';
import { emitLifecycle } from '../../lib/lifecycle';
import type { ServerMessage } from '../../lib/realtime/realtime';
import { xmlCommand } from '../../lib/realtime/xml';
import { nextRequestId, useBetting } from '../../lib/table/useBetting';
import { BettingBar } from '../../ui/BetControls';
import { ChatPanel } from '../../ui/ChatPanel';
import { useTableChat } from '../../lib/table/useTableChat';
import { useTablePage } from '../../lib/table/useTablePage';
import { useAnnounce } from '../../lib/sound/useAnnounce';
import { casinoConfigOf } from '../../lib/host/casino-config';
import { SESSION_BALANCE_INSUFFICIENT, italianSessionOn } from '../../lib/italian-session';
import { useServices } from '../../lib/session';
import { useStore } from '../../lib/store';
import { RoundBanner } from '../../ui/RoundBanner';
import { toast } from '../../ui/Toaster';
import {
  type AutoplayState,
  type BjView,
  bjReducer,
  initialBjView,
  myDecision,
  myInsurance,
  mySeats,
  occupantOf,
  resultOf,
} from './bj-state';
import { bjLimits, isOneHandTable } from './limits';
import { dealerLine } from './names';
import { AutoplayPanel, BetBehindPopup, BjHelpPopup, StrategyPopup } from './panels';
import { type Decision, DecisionBar, DealerView, OneHandArea, SeatView, SpotButton } from './parts';
import { useArrowKeys } from '../../lib/a11y/keyboard';
import { useAnnounced } from '../../ui/Announcer';

const EVENTS = [
  'resync',
  'betsopen',
  'betsclosingsoon',
  'timer',
  'betsclosed',
  'gamestate',
  'gameresult',
  'cancelround',
  'table_closed',
  'seats',
  'blackjack',
];

const SEATS_PER_PLAYER = 3;

export interface BlackjackTableProps {
  tableId: string;
  game: string; // blackjack or onebj: the route
  /** The launch parameter seatNumber: the seat to ask for on entry. */
  seatNumber?: number;
}

type Panel = null | 'help' | 'settings' | 'strategy';

export default function BlackjackTable({ tableId, game, seatNumber }: BlackjackTableProps) {
  const { t } = useTranslation();
  const arrowKeys = useArrowKeys();
  const announced = useAnnounced();
  const { realtime, currency, loaded, table, player, mobile, shape, channel } =
    useTablePage(tableId);
  const oneHand = game === 'onebj' || (table !== null && isOneHandTable(table));
  const { session } = useServices();
  const ukRules = useStore(
    session,
    (s) => casinoConfigOf(s.config?.casinoConfig ?? null).uk_regulation_check,
  );
  const seatCount = table && table.seats > 0 ? table.seats : 7;
  const me = player?.id ?? '';
  const name = player?.name ?? '';

  const [view, dispatch] = useReducer(
    (v: BjView, a: { m: ServerMessage; now: number }) => bjReducer(v, a.m, a.now),
    initialBjView,
  );
  const [panel, setPanel] = useState<Panel>(null);
  const [autoplayOpen, setAutoplayOpen] = useState(false);
  const chat = useTableChat(tableId, { inHeader: true }); // its button: the header's
  const announce = useAnnounce(tableId, 'blackjack'); // the one-hand table's clips too
  const [autoplayBusy, setAutoplayBusy] = useState(false);
  const [sentFor, setSentFor] = useState<string | null>(null); // the decision on its way
  const wanted = useRef(new Set<number>()); // seats this player took (taken again after a reconnect)
  const askedLaunchSeat = useRef(false);

  const closePanel = useCallback(() => setPanel(null), []); // stable: the popup keeps focus
  const limits = useMemo(() => (table ? bjLimits(table) : null), [table]);
  const explain = useCallback(
    (code: number, reason?: string) => {
      if (reason === 'bet_behind') return t('BJ_REFUSED_BET_BEHIND');
      if (code === 1020 && !oneHand) return t('BJ_TAKE_SEAT_TO_BET');
      return null;
    },
    [t, oneHand],
  );
  const betting = useBetting({
    tableId,
    // The game mode names the table's own game (the server checks it), whatever the route.
    game: (table ? isOneHandTable(table) : oneHand) ? 'onebj' : 'blackjack',
    round: view,
    limits,
    explain,
  });
  const { follow, command } = betting;

  const italian = useStore(session, italianSessionOn);
  const refuse = useCallback(
    (code: number) => {
      // Not enough session balance: the Italian session's dialog says it (app/ItalianSession).
      if (code === SESSION_BALANCE_INSUFFICIENT && italian) return;
      toast(
        t(`ERROR.${code}` as 'ERROR.1005', { defaultValue: t('ERROR_CODE', { code }) }),
        'error',
      );
    },
    [t, italian],
  );

  // ---- Seats ----------------------------------------------------------------------------
  const sit = useCallback(
    async (seat: number) => {
      wanted.current.add(seat);
      const ack = await command('sit', nextRequestId(), { seat: String(seat) });
      if (typeof ack.code === 'number') {
        wanted.current.delete(seat);
        refuse(ack.code);
      } else {
        const m = { type: 'seattaken', seat: Number(ack.seat) || seat, playerId: me, name };
        dispatch({ m, now: Date.now() });
      }
    },
    [command, refuse, me, name],
  );
  const leave = useCallback(
    async (seat: number) => {
      wanted.current.delete(seat);
      const ack = await command('leave', nextRequestId(), { seat: String(seat) });
      if (typeof ack.code === 'number') refuse(ack.code);
      else dispatch({ m: { type: 'seatleft', seat }, now: Date.now() });
    },
    [command, refuse],
  );

  // After a resync: take again the seats a reconnect lost (if still free), and on entry
  // the seat the launch asked for.
  const afterResync = useEffectEvent((m: ServerMessage) => {
    if (oneHand || !player) return;
    const seen = bjReducer(initialBjView, m, Date.now());
    const known = seen.seats.length > 0 || seen.boxes.length > 0; // who sits where
    for (const seat of known ? [...wanted.current] : []) {
      const who = occupantOf(seen, seat);
      if (who === null) void sit(seat);
      else if (who.playerId !== player.id) wanted.current.delete(seat);
    }
    if (!askedLaunchSeat.current && seatNumber !== undefined) {
      askedLaunchSeat.current = true;
      if (seatNumber >= 1 && seatNumber <= seatCount && !wanted.current.has(seatNumber)) {
        if (occupantOf(seen, seatNumber)?.playerId !== player.id) void sit(seatNumber);
      }
    }
  });

  useEffect(() => {
    const offs = EVENTS.map((type) =>
      realtime.on(type, (m) => {
        if (m.table !== tableId) return;
        dispatch({ m, now: Date.now() });
        follow(m);
        if (m.type === 'resync') afterResync(m);
      }),
    );
    const unsubscribe = realtime.subscribe(channel);
    return () => {
      offs.forEach((off) => off());
      unsubscribe();
    };
  }, [realtime, tableId, channel, follow]);

  useEffect(() => {
    if (view.ready) {
      loaded('game');
      loaded('video'); // the studio is drawn with the page
    }
  }, [view.ready, loaded]);

  // The dealer announces the dealer's final hand once the round's result has come.
  const resultKey = view.result?.gameId ?? '';
  const resultLabel = view.result?.label ?? null;
  useEffect(() => {
    if (resultLabel !== null) announce(resultKey, dealerLine(t, resultLabel));
  }, [announce, resultKey, resultLabel, t]);

  // ---- Decisions --------------------------------------------------------------------------
  const decision = me ? myDecision(view, me, oneHand, seatCount) : null;
  const insurance = me ? myInsurance(view, me, oneHand, seatCount) : null;
  // What is being decided: a new card, hand or step makes a new question.
  const decisionKey = insurance
    ? `i:${view.gameId}:${insurance.seat}`
    : decision
      ? `d:${view.gameId}:${decision.seat}:${decision.hand}:${decision.current.cards.length}:${view.turn?.step ?? ''}:${view.turn?.endsAt ?? ''}`
      : null;

  const decide = useCallback(
    async (d: Decision, seat: number | null, key: string | null) => {
      setSentFor(key);
      const requestId = nextRequestId();
      const xml = xmlCommand('decide', {
        tableId,
        requestId,
        gameId: view.gameId,
        seat: seat === null ? undefined : String(seat),
        decision: d,
      });
      const ack = await realtime.command(channel, requestId, xml);
      dispatch({ m: ack, now: Date.now() });
      if (typeof ack.code === 'number') {
        setSentFor(null);
        refuse(ack.code);
      }
    },
    [realtime, channel, tableId, view.gameId, refuse],
  );
  const onDecide = useCallback(
    (d: Decision, seat: number | null) => void decide(d, seat, decisionKey),
    [decide, decisionKey],
  );

  // On a phone the seats scroll sideways: bring the seat whose decision it is into view.
  const turnSeat = decision?.seat ?? insurance?.seat ?? null;
  useEffect(() => {
    if (!mobile || turnSeat === null) return;
    document
      .querySelector(`[data-testid="bj-seat-${turnSeat}"]`)
      ?.scrollIntoView?.({ block: 'nearest', inline: 'center', behavior: 'smooth' });
  }, [mobile, turnSeat]);

  // ---- Auto-play (one-hand infinite) ----------------------------------------------------------
  const autoplay = useCallback(
    async (rounds: number) => {
      setAutoplayBusy(true);
      const requestId = nextRequestId();
      const xml = xmlCommand('autoplay', { tableId, requestId, rounds: String(rounds) });
      try {
        const ack = await realtime.command(channel, requestId, xml);
        if (typeof ack.code === 'number') refuse(ack.code);
        else {
          // rounds 0 stops it: the player's own stop.
          const m =
            rounds === 0
              ? { ...ack, type: 'autoplayack', state: 'stopped', reason: ack.reason ?? 'player' }
              : { ...ack, type: 'autoplayack', state: ack.state ?? 'started', rounds };
          dispatch({ m, now: Date.now() });
        }
      } finally {
        setAutoplayBusy(false);
      }
    },
    [realtime, channel, tableId, refuse],
  );

  // The host hears when auto-play starts, stops early or completes.
  const lastAutoplay = useRef<AutoplayState>('off');
  const { state: autoState, roundsLeft, reason } = view.autoplay;
  useEffect(() => {
    const before = lastAutoplay.current;
    lastAutoplay.current = autoState;
    if (before === autoState) return;
    if (autoState === 'running') emitLifecycle('autoplay start', { tableId, rounds: roundsLeft });
    else if (before === 'running' && autoState === 'stopped')
      emitLifecycle('autoplay stopped', { tableId, reason });
    else if (before === 'running' && autoState === 'completed')
      emitLifecycle('autoplay completed', { tableId });
  }, [autoState, roundsLeft, reason, tableId]);

  // Autoplay plays for the player: each round it plays is their activity, so the
  // inactivity timeout does not close the game under a running autoplay.
  useEffect(() => {
    if (autoState === 'running' && view.gameId) realtime.post('<active/>');
  }, [autoState, view.gameId, realtime]);

  if (!table || !player || table.tableId !== tableId) return null;
  const money = currency();
  const open = view.betsOpen && !view.closed;
  const mine = mySeats(view, me, seatCount);
  const canSit = mine.length < (table.seatsPerPlayer ?? SEATS_PER_PLAYER);
  const dealtSeats = view.boxes
    .filter((b) => b.hands.length > 0)
    .map((b) => b.seat)
    .sort((a, b) => a - b);
  const dealt = oneHand ? 1 : Math.max(1, dealtSeats.length);
  const result = view.result;
  const won = result && view.myWin?.gameId === result.gameId ? view.myWin : null;
  const dealerResult = result ? resultOf(result.label) : null;
  const middle = (seatCount - 1) / 2;
  const arc = (n: number) => (middle > 0 ? 1 - ((n - 1 - middle) / middle) ** 2 : 0);
  const turnHand = (n: number) =>
    !view.insurance && view.turn?.seat === n && view.state !== 24 ? view.turn.hand : null;

  return (
    <main
      className={`bj-table ${oneHand ? 'onebj' : 'seated'} ${mobile ? 'mobile' : 'desktop'} table-page shape-${shape} ${open ? 'betting-now' : ''}`}
      data-testid="bj-table"
      data-table={tableId}
    >
      <section className="bj-studio tp-studio" aria-label={table.name}>
        <div className="studio-head">
          <h1 className="table-name">{table.name}</h1>
          <RoundBanner view={view} />
        </div>
        {view.state === 902 && (
          <p className="bj-note bj-take-seat" data-testid="bj-take-seat" role="status">
            {t('BJ_TAKE_SEAT_NOTE')}
          </p>
        )}
        <DealerView dealer={view.dealer} dealt={dealt} />
        {result && dealerResult && (
          <div
            className="bj-result"
            data-testid="bj-result"
            data-result={result.label}
            ref={announced}
          >
            <strong>
              {dealerResult.kind === 'total'
                ? t('BJ_RESULT_total', { total: dealerResult.total })
                : t(`BJ_RESULT_${dealerResult.kind}`)}
            </strong>
            {won && (
              <span
                className="result-win"
                data-testid="bj-result-win"
                data-tier={winTier(won)}
                data-win={amountText(won.win)}
                data-stake={amountText(won.stake)}
              >
                {won.win > 0 ? t('YOU_WIN', { amount: formatMoney(won.win, money) }) : t('NO_WIN')}
              </span>
            )}
          </div>
        )}
        {oneHand ? (
          <OneHandArea
            view={view}
            currency={money}
            deciding={decision !== null}
            spot={
              <SpotButton
                code="MAIN"
                text={t('BJ_BET_MAIN')}
                label={t('BJ_BET_MAIN_LABEL')}
                amount={betting.totals.get('MAIN') ?? 0}
                chipIndex={betting.chipIndex}
                open={open}
                currency={money}
                onPlace={betting.place}
              />
            }
          />
        ) : (
          <ol
            className="bj-seats"
            aria-label={t('BJ_SEATS')}
            data-testid="bj-seats"
            ref={arrowKeys}
            style={{ ['--seats' as string]: seatCount }}
          >
            {Array.from({ length: seatCount }, (_, i) => i + 1).map((n) => (
              <SeatView
                key={n}
                n={n}
                me={me}
                occupant={occupantOf(view, n)}
                box={view.boxes.find((b) => b.seat === n) ?? null}
                myBehind={view.behind.find((b) => b.seat === n)?.hands ?? []}
                turnHand={turnHand(n)}
                open={open}
                canSit={canSit}
                totals={betting.totals}
                chipIndex={betting.chipIndex}
                currency={money}
                arc={arc(n)}
                dealIndex={Math.max(0, dealtSeats.indexOf(n))}
                dealt={dealt}
                onSit={(s) => void sit(s)}
                onLeave={(s) => void leave(s)}
                onPlace={betting.place}
              />
            ))}
          </ol>
        )}
      </section>
      {(decision || insurance) && (
        <DecisionBar
          view={view}
          decision={decision}
          insurance={insurance}
          busy={decisionKey !== null && sentFor === decisionKey}
          onDecide={onDecide}
        />
      )}
      <BettingBar betting={betting} open={open} mobile={mobile} currency={money}>
        <div className="bj-extras">
          <HelpButton className="link-button" onOpen={() => setPanel('help')} />
          {oneHand ? (
            !ukRules && (
              <button
                type="button"
                className={`toggle ${autoplayOpen ? 'on' : ''}`}
                aria-pressed={autoplayOpen}
                data-testid="bj-autoplay-toggle"
                onClick={() => setAutoplayOpen((o) => !o)}
              >
                {t('BJ_AUTOPLAY')}
                {view.autoplay.state === 'running' ? ` (${view.autoplay.roundsLeft})` : ''}
              </button>
            )
          ) : (
            <button
              type="button"
              className="link-button"
              data-testid="bj-settings-button"
              onClick={() => setPanel('settings')}
            >
              {t('BJ_SETTINGS')}
            </button>
          )}
        </div>
      </BettingBar>
      {oneHand && ((autoplayOpen && !ukRules) || view.autoplay.state === 'running') && (
        <AutoplayPanel
          autoplay={view.autoplay}
          busy={autoplayBusy}
          onStart={(n) => void autoplay(n)}
          onStop={() => void autoplay(0)}
          onStrategy={ukRules ? undefined : () => setPanel('strategy')}
        />
      )}
      {panel === 'help' && (
        <BjHelpPopup table={table} oneHand={oneHand} currency={money} onClose={closePanel} />
      )}
      {chat.enabled && chat.open && (
        <ChatPanel chat={chat} canWrite float onClose={() => chat.setOpen(false)} />
      )}
      {panel === 'settings' && <BetBehindPopup tableId={tableId} onClose={closePanel} />}
      {panel === 'strategy' && !ukRules && <StrategyPopup onClose={closePanel} />}
    </main>
  );
}
