// A roulette table of any variant (European, American, mega, power-up; auto and private
// tables): the synthetic studio (under the table's live video when it has one: ui/
// TableVideo), the round and its countdown, the betting grid and the racetrack, chips and
// bet buttons, balance and total bet, results, statistics, help and limits, special-ball
// notices, and on private tables the seats and the seated chat.
// Bets go to the server as they are placed (one command per action); undo and clear take
// them back with cancelbets, double sends placebets, rebet sends lpbet. Every refusal is
// shown with its message from the error catalogue.
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

import { useTableShape } from '../../lib/viewport';
import { HelpButton } from '../../ui/HelpButton';
import { Icon } from '../../ui/icons';
import { formatMoney, units } from '../../lib/format/money';
import type { ServerMessage } from '../../lib/realtime/realtime';
import { xmlCommand } from '../../lib/realtime/xml';
import { useServices } from '../../lib/session';
import { useStore } from '../../lib/store';
import { BettingBar } from '../../ui/BetControls';
import { RoundBanner } from '../../ui/RoundBanner';
import { toast } from '../../ui/Toaster';
import { BettingGrid } from './BettingGrid';
import { tableLimits } from '../../lib/table/bet-slip';
import { nextRequestId, useBetting } from '../../lib/table/useBetting';
import { LimitsButton, LimitsPopup, RecentNumbers, ResultBanner } from './parts';
import { Racetrack } from './Racetrack';
import { type AnnouncedLine, clampNeighbours } from './racetrack';
import { SeatsBar } from './Social';
import { PageMessage } from '../../ui/PageMessage';
import { ChatPanel, ChatToggle } from '../../ui/ChatPanel';
import { useTableChat } from '../../lib/table/useTableChat';
import { colourOf, rouletteRules, wheelVariant } from './spots';
import { StatisticsPanel } from './StatisticsPanel';
import { Studio } from './Studio';
import { initialView, pocketOf, tableReducer } from './table-state';
import { pocketLabel, wheelOf } from './wheel';
import { useAnnounce } from '../../lib/sound/useAnnounce';
import { dealerLine } from './names';
import { urlOf } from '../../lib/http/urls';
import { useFeature } from '../../lib/features';
import { BackToLobby } from '../../ui/LobbyLink';
import { TableVideo } from '../../ui/TableVideo';

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
  'multipliers',
  'seats',
];

export default function RouletteTable({
  tableId,
  seatNumber,
}: {
  tableId: string;
  /** The launch parameter seatNumber: the private table's seat to take on entry. */
  seatNumber?: number;
}) {
  const { t } = useTranslation();
  const services = useServices();
  const { realtime, session, currency, saveSetting, loaded } = services;
  const table = useStore(session, (s) => s.config?.tableConfig ?? null);
  const player = useStore(session, (s) => s.config?.playerConfig.player ?? null);
  const savedRacetrack = useStore(
    session,
    (s) => s.config?.playerConfig.settings.toggle_rla_racetrack === true,
  );
  const savedStatistics = useStore(
    session,
    (s) => s.config?.playerConfig.settings.toggle_rla_statistics === true,
  );
  const mobile = useStore(session, (s) => s.mobile);
  const statisticsOn = useFeature('feature_statistics');
  const chat = useTableChat(tableId);
  const announce = useAnnounce(tableId, 'roulette');
  const shape = useTableShape();
  const channel = `table-${tableId}`;

  const [view, dispatch] = useReducer(
    (v: typeof initialView, a: { m: ServerMessage; now: number }) => tableReducer(v, a.m, a.now),
    initialView,
  );
  const [helpOpen, setHelpOpen] = useState<null | 'rules' | 'payouts'>(null);
  const [racetrackOpen, setRacetrackOpen] = useState<boolean | null>(null);
  const [statisticsOpen, setStatisticsOpen] = useState<boolean | null>(null);
  const [neighbours, setNeighbours] = useState(2);
  const [history, setHistory] = useState<number[]>([]);
  const wantedSeat = useRef<number | null>(null); // the seat this player took
  const askedLaunchSeat = useRef(false);
  // The launch asked for a seat that cannot be had: the not-seated page (SPEC §2).
  const [notSeated, setNotSeated] = useState<number | null>(null);
  const [landedKey, setLandedKey] = useState<string | null>(null);

  const limits = useMemo(
    () => (table ? tableLimits(table.limits, rouletteRules(wheelVariant(table.variant))) : null),
    [table],
  );
  const wheelName = wheelVariant(table?.variant ?? 'european');

  // Roulette's own words for the refusals only its rules make.
  const explain = useCallback(
    (code: number, reason?: string) => {
      if (reason === 'safe_bets') return t('REFUSED_SAFE_BETS');
      if (reason === 'table_min' && table)
        return t('REFUSED_TABLE_MIN', {
          amount: formatMoney(units(table.limits.tableMin), currency()),
        });
      if (code === 1020 && table && table.seats > 0) return t('TAKE_SEAT_TO_BET');
      return null;
    },
    [t, table, currency],
  );
  const betting = useBetting({ tableId, game: 'roulette', round: view, limits, explain });
  const { chip, command, refuse, send, follow } = betting;

  // A special-ball round: the chosen player is told, everybody else sees who spins.
  const specialBall = useEffectEvent((m: ServerMessage) => {
    const text =
      m.youSpin === true
        ? t('SPECIAL_BALL_YOU')
        : typeof m.spinner === 'string'
          ? t('SPECIAL_BALL_SPINNER', { name: m.spinner || t('CHAT_GUEST') })
          : t('SPECIAL_BALL');
    toast(`${text} ${t('SPECIAL_BALL_SAFE_BETS')}`, 'info', 8000);
  });

  // A reconnect gives a private seat up on the server: take it again if it is still free.
  // The first snapshot also takes the seat the launch asked for (seatNumber).
  const reseat = useEffectEvent((m: ServerMessage) => {
    if (!askedLaunchSeat.current && seatNumber !== undefined && Array.isArray(m.seats)) {
      askedLaunchSeat.current = true;
      const seats = m.seats as { seat: number; playerId?: string }[];
      const asked = seats.find((s) => s.seat === seatNumber);
      if (!asked || (asked.playerId && asked.playerId !== player?.id)) setNotSeated(seatNumber);
      else if (!asked.playerId) {
        const requestId = nextRequestId();
        const xml = xmlCommand('sit', { tableId, requestId, seat: String(seatNumber) });
        void realtime.command(channel, requestId, xml).then((ack) => {
          if (typeof ack.code === 'number') setNotSeated(seatNumber);
          else wantedSeat.current = Number(ack.seat);
        });
      }
      return;
    }
    const seat = wantedSeat.current;
    if (seat === null || !Array.isArray(m.seats)) return;
    const seats = m.seats as { seat: number; playerId?: string }[];
    if (seats.some((s) => s.playerId === player?.id)) return;
    const free = seats.some((s) => s.seat === seat && !s.playerId);
    if (!free) {
      wantedSeat.current = null;
      return;
    }
    const requestId = nextRequestId();
    const xml = xmlCommand('sit', { tableId, requestId, seat: String(seat) });
    void realtime.command(channel, requestId, xml).then((ack) => {
      if (typeof ack.code === 'number') wantedSeat.current = null;
    });
  });

  // Follow the table's events.
  useEffect(() => {
    const offs = TABLE_EVENTS.map((type) =>
      realtime.on(type, (m) => {
        if (m.table !== tableId) return;
        dispatch({ m, now: Date.now() });
        if (m.type === 'resync') reseat(m);
        follow(m);
        if (m.type === 'betsopen' && m.specialBall === true) specialBall(m);
      }),
    );
    const unsubscribe = realtime.subscribe(channel);
    return () => {
      offs.forEach((off) => off());
      unsubscribe();
    };
  }, [realtime, tableId, channel, follow]);

  useEffect(() => {
    if (view.ready) loaded('game');
  }, [view.ready, loaded]);
  const loadedVideo = useCallback(() => loaded('video'), [loaded]);
  // The not-seated page replaces the table and its studio: no first frame will come, and
  // the preloader must not stay over the page's buttons.
  useEffect(() => {
    if (notSeated !== null) loaded('video');
  }, [notSeated, loaded]);

  /** A racetrack bet: its component chips, every one or none. */
  const onAnnounced = useCallback(
    (lines: AnnouncedLine[]) =>
      void send(
        lines.map((l) => ({ spot: l.spot, amount: l.chips * chip })),
        'announced',
      ),
    [send, chip],
  );

  // Panels the player opens stay open next time (SPEC toggle_rla_racetrack, _statistics).
  const showRacetrack = racetrackOpen ?? savedRacetrack;
  const showStatistics = statisticsOn && (statisticsOpen ?? savedStatistics);
  const toggle = useCallback(
    (key: 'toggle_rla_racetrack' | 'toggle_rla_statistics', value: boolean) => {
      (key === 'toggle_rla_racetrack' ? setRacetrackOpen : setStatisticsOpen)(value);
      void saveSetting(key, value).catch(() => {
        /* still open for this visit */
      });
    },
    [saveSetting],
  );

  // The statistics panel reads the server's history (last 100 games) when it opens and
  // after every result.
  const resultKey = view.result?.gameId ?? '';
  useEffect(() => {
    if (!showStatistics) return;
    let live = true;
    services.http
      .get<{ results: { result: string }[] }>(urlOf('statisticHistory'), {
        tableId,
        numberOfGames: 100,
      })
      .then((r) => {
        if (live) setHistory(r.results.map((x) => pocketOf(x.result)));
      })
      .catch(() => {
        /* the panel keeps what it had */
      });
    return () => {
      live = false;
    };
  }, [showStatistics, services.http, tableId, resultKey]);

  // Seats (private tables) and chat.
  const mySeat = view.seats.find((s) => s.playerId === player?.id)?.seat ?? null;
  const sit = useCallback(
    async (seat: number) => {
      const ack = await command('sit', nextRequestId(), { seat: String(seat) });
      if (typeof ack.code === 'number') {
        wantedSeat.current = null;
        refuse(ack.code);
      } else {
        wantedSeat.current = Number(ack.seat);
      }
    },
    [command, refuse],
  );
  const leave = useCallback(() => {
    wantedSeat.current = null;
    void command('leave', nextRequestId(), {});
  }, [command]);

  const multiplierMap = useMemo(() => {
    const map = new Map(view.multipliers.map((m) => [m.number, m.x] as const));
    if (view.resultMultiplier) map.set(view.resultMultiplier.number, view.resultMultiplier.x);
    return map;
  }, [view.multipliers, view.resultMultiplier]);
  const { totals, chipIndex } = betting;

  if (!table || !player || table.tableId !== tableId) return null;
  if (notSeated !== null)
    return (
      <PageMessage
        title={t('NOT_SEATED_TITLE')}
        text={t('NOT_SEATED_TEXT', { n: notSeated })}
        code="NOT_SEATED"
        action={
          <p className="page-actions">
            <button
              type="button"
              className="button"
              data-testid="not-seated-stay"
              onClick={() => setNotSeated(null)}
            >
              {t('NOT_SEATED_STAY')}
            </button>{' '}
            <BackToLobby />
          </p>
        }
      />
    );
  const money = currency();
  const open = view.betsOpen && !view.closed;
  const layout = shape === 'tall' ? 'vertical' : 'horizontal';
  const landed = view.result !== null && landedKey === view.result.gameId;

  const toggles = (
    <div className="panel-toggles">
      <button
        type="button"
        className={`toggle ${showRacetrack ? 'on' : ''}`}
        aria-pressed={showRacetrack}
        data-testid="racetrack-toggle"
        onClick={() => toggle('toggle_rla_racetrack', !showRacetrack)}
      >
        <Icon name="racetrack" />
        <span className="toggle-label">{t('RACETRACK_TOGGLE')}</span>
      </button>
      {statisticsOn && (
        <button
          type="button"
          className={`toggle ${showStatistics ? 'on' : ''}`}
          aria-pressed={showStatistics}
          data-testid="statistics-toggle"
          onClick={() => toggle('toggle_rla_statistics', !showStatistics)}
        >
          <Icon name="statistics" />
          <span className="toggle-label">{t('STATS_TOGGLE')}</span>
        </button>
      )}
      <ChatToggle chat={chat} />
      <HelpButton onOpen={() => setHelpOpen('rules')} />
    </div>
  );
  const showChat = chat.enabled && (chat.open || (mySeat !== null && shape === 'wide'));
  const withPanels = showRacetrack || showStatistics || showChat;

  return (
    <main
      className={`roulette shape-${shape} ${open ? 'betting-now' : ''} ${table.seats > 0 ? 'has-seats' : ''} ${withPanels ? 'with-panels' : ''} ${mobile ? 'mobile' : 'desktop'} ${table.video ? 'has-video' : ''}`}
      data-testid="roulette-table"
    >
      <section className="studio" aria-label={table.name}>
        <div className="studio-wheel">
          <TableVideo
            tableId={tableId}
            video={table.video}
            serverOffset={view.serverOffset}
            onLoaded={loadedVideo}
            label={table.name}
          >
            {(covered) => (
              <Studio
                wheel={wheelOf(wheelName)}
                spinning={view.state === 6}
                result={view.result?.number ?? null}
                resultKey={view.result?.gameId ?? null}
                hidden={covered}
                // With a live video, the video's first frame is the studio's (ui/TableVideo).
                onFirstFrame={table.video ? undefined : loadedVideo}
                onLanded={() => {
                  setLandedKey(view.result?.gameId ?? null);
                  // The dealer announces the number as the ball settles.
                  const n = view.result?.number;
                  if (n === undefined || Number.isNaN(n)) return;
                  announce(view.result?.gameId ?? '', dealerLine(t, n));
                }}
              />
            )}
          </TableVideo>
        </div>
        <div className="studio-overlay">
          <h1 className="table-name">{table.name}</h1>
          <RoundBanner view={view} />
          {view.specialBall && (
            <p className="special-ball" data-testid="special-ball" role="status">
              {view.specialBall.youSpin
                ? t('SPECIAL_BALL_YOU')
                : view.specialBall.spinner !== null
                  ? t('SPECIAL_BALL_SPINNER', { name: view.specialBall.spinner || t('CHAT_GUEST') })
                  : t('SPECIAL_BALL')}
            </p>
          )}
          {view.multipliers.length > 0 && (
            <p className="multipliers-bar" data-testid="multipliers" role="status">
              <span>
                {t(view.multipliers.some((m) => m.x === 0) ? 'POWERED_NUMBERS' : 'LUCKY_NUMBERS')}
              </span>
              {view.multipliers.map((m) => (
                <span
                  key={m.number}
                  className={`lucky recent-${colourOf(m.number)}`}
                  data-number={pocketLabel(m.number)}
                  data-x={m.x}
                >
                  {pocketLabel(m.number)}
                  {m.x > 0 ? ` ${m.x}x` : ' ⚡'}
                </span>
              ))}
            </p>
          )}
          <ResultBanner view={view} currency={money} landed={landed} />
        </div>
      </section>
      <div className="table-strip">
        <RecentNumbers recent={view.recent} />
        {toggles}
      </div>
      {table.seats > 0 && player && (
        <SeatsBar seats={view.seats} me={player.id} onSit={(n) => void sit(n)} onLeave={leave} />
      )}
      <section className="betting" aria-label={t('PLACE_YOUR_BETS')}>
        <BettingGrid
          layout={layout}
          totals={totals}
          chipIndex={chipIndex}
          currency={money}
          open={open}
          winning={landed ? (view.result?.number ?? null) : null}
          onPlace={betting.place}
          wheel={wheelName}
          multipliers={multiplierMap}
        />
      </section>
      <BettingBar betting={betting} open={open} mobile={mobile} currency={money}>
        <LimitsButton onOpen={() => setHelpOpen('payouts')} />
      </BettingBar>
      {/* Panels: a column beside the table on wide screens, sheets on phones. */}
      {withPanels && (
        <aside className="table-panels">
          {showRacetrack && (
            <Racetrack
              variant={wheelName}
              neighbours={neighbours}
              onNeighboursChange={(n) => setNeighbours(clampNeighbours(n))}
              open={open}
              onPlace={(lines) => onAnnounced(lines)}
              onClose={() => toggle('toggle_rla_racetrack', false)}
            />
          )}
          {showStatistics && (
            <StatisticsPanel
              results={history}
              variant={wheelName}
              onClose={() => toggle('toggle_rla_statistics', false)}
            />
          )}
          {showChat && player && (
            <ChatPanel
              chat={chat}
              canWrite={table.seats === 0 || mySeat !== null}
              onClose={() => chat.setOpen(false)}
            />
          )}
        </aside>
      )}
      {helpOpen && (
        <LimitsPopup
          table={table}
          currency={money}
          initialTab={helpOpen}
          onClose={() => setHelpOpen(null)}
        />
      )}
    </main>
  );
}
