// A sic bo table: the synthetic dice studio (under the table's live video when it has one:
// ui/TableVideo), the round and its countdown, the board with all 52 spots, chips and bet
// buttons (the betting every table shares: lib/table/useBetting), the result with the
// player's win, the recent throws, the statistics (read from the server when the panel
// opens and after every result) and the help.
import './sicbo.css';

import { useCallback, useEffect, useMemo, useReducer, useState } from 'react';
import { useTranslation } from 'react-i18next';

import { HelpButton } from '../../ui/HelpButton';
import { Icon } from '../../ui/icons';
import type { ServerMessage } from '../../lib/realtime/realtime';
import { tableLimits } from '../../lib/table/bet-slip';
import { useBetting } from '../../lib/table/useBetting';
import { useStudioLoaded, useTableChannel } from '../../lib/table/useTableChannel';
import { BettingBar } from '../../ui/BetControls';
import { ChatPanel } from '../../ui/ChatPanel';
import { useTableChat } from '../../lib/table/useTableChat';
import { useTablePage } from '../../lib/table/useTablePage';
import { RoundBanner } from '../../ui/RoundBanner';
import { useAnnounce } from '../../lib/sound/useAnnounce';
import { Board } from './Board';
import { DiceStudio } from './DiceStudio';
import { dealerLine } from './names';
import { RecentThrows, ResultBanner, SicBoHelp } from './parts';
import { sicboRules, winningSpots } from './spots';
import { CHART_GAMES, STATS_GAMES, parseCharts, parseStats } from './stats';
import { SicBoStatistics, type StatsState } from './StatisticsPanel';
import { type SicBoView, initialSicBoView, sicboReducer } from './table-state';
import { useFeature } from '../../lib/features';
import { TableVideo } from '../../ui/TableVideo';

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
];

const NO_WINS: ReadonlySet<string> = new Set();

export default function SicBoTable({ tableId }: { tableId: string }) {
  const { t } = useTranslation();
  const { realtime, currency, loaded, http, table, player, mobile, shape, channel } =
    useTablePage(tableId);
  const [view, dispatch] = useReducer(
    (v: SicBoView, a: { m: ServerMessage; now: number }) => sicboReducer(v, a.m, a.now),
    initialSicBoView,
  );
  const [landedKey, setLandedKey] = useState<string | null>(null);
  const [statsOpen, setStatsOpen] = useState(false);
  const statisticsOn = useFeature('feature_statistics');
  const [stats, setStats] = useState<StatsState>({ stats: null, chart: null, failed: false });
  const [helpOpen, setHelpOpen] = useState(false);
  const chat = useTableChat(tableId, { inHeader: true }); // its button: the header's
  const announce = useAnnounce(tableId, 'sicbo');

  const limits = useMemo(() => (table ? tableLimits(table.limits, sicboRules) : null), [table]);
  const betting = useBetting({ tableId, game: 'sicbo', round: view, limits });
  const { follow } = betting;

  const onEvent = useCallback(
    (m: ServerMessage) => {
      dispatch({ m, now: Date.now() });
      follow(m);
    },
    [follow],
  );
  useTableChannel(realtime, tableId, channel, EVENTS, onEvent);
  useStudioLoaded(view.ready, loaded, Boolean(table?.video));
  const loadedVideo = useCallback(() => loaded('video'), [loaded]);

  // The statistics, read when the panel opens and after every result. A failure keeps
  // what the panel shows; with nothing to show, the panel says the figures are missing.
  const resultKey = view.result?.gameId ?? '';
  useEffect(() => {
    if (!statsOpen) return;
    let live = true;
    Promise.all([
      http.get<unknown>('/api/ui/sicbo/stats', { tableId, numberOfGames: STATS_GAMES }),
      http.get<unknown>('/api/ui/sicbo/charts', { tableId, noOfGames: CHART_GAMES }),
    ])
      .then(([s, c]) => {
        if (live) setStats({ stats: parseStats(s), chart: parseCharts(c), failed: false });
      })
      .catch((e: unknown) => {
        console.error('sic bo: the statistics could not be read', e);
        if (live) setStats((prev) => (prev.stats ? prev : { ...prev, failed: true }));
      });
    return () => {
      live = false;
    };
  }, [statsOpen, http, tableId, resultKey]);

  const landed = view.result !== null && landedKey === view.result.gameId;
  const winning = useMemo(
    () => (landed && view.result ? winningSpots(view.result) : NO_WINS),
    [landed, view.result],
  );

  if (!table || !player || table.tableId !== tableId) return null;
  const money = currency();
  const open = view.betsOpen && !view.closed;

  return (
    <main
      className={`sicbo shape-${shape} ${open ? 'betting-now' : ''} ${mobile ? 'mobile' : 'desktop'} ${statsOpen ? 'with-stats' : ''} ${table.video ? 'has-video' : ''}`}
      data-testid="sicbo-table"
    >
      <section className="studio sb-studio" aria-label={table.name}>
        <TableVideo
          tableId={tableId}
          video={table.video}
          serverOffset={view.serverOffset}
          onLoaded={loadedVideo}
          label={table.name}
        >
          {() => (
            <DiceStudio
              shaking={view.state === 6}
              dice={view.result?.values ?? null}
              resultKey={view.result?.gameId ?? null}
              rest={view.recent[0]?.values}
              onLanded={(key) => {
                setLandedKey(key);
                // The dealer announces the throw as the dice settle.
                if (view.result?.gameId === key) announce(key, dealerLine(t, view.result));
              }}
            />
          )}
        </TableVideo>
        <div className="studio-overlay">
          <h1 className="table-name">{table.name}</h1>
          <RoundBanner view={view} waitingText={t('SICBO_SHAKING')} />
          <ResultBanner view={view} currency={money} landed={landed} />
        </div>
      </section>
      <div className="table-strip">
        <RecentThrows recent={view.recent} />
        <div className="panel-toggles">
          {statisticsOn && (
            <button
              type="button"
              className={`toggle ${statsOpen ? 'on' : ''}`}
              aria-pressed={statsOpen}
              data-testid="statistics-toggle"
              onClick={() => setStatsOpen((o) => !o)}
            >
              <Icon name="statistics" />
              <span className="toggle-label">{t('STATS_TOGGLE')}</span>
            </button>
          )}
          <HelpButton onOpen={() => setHelpOpen(true)} />
        </div>
      </div>
      <section className="betting sb-betting" aria-label={t('PLACE_YOUR_BETS')}>
        <Board
          spots={table.limits.spots}
          totals={betting.totals}
          chipIndex={betting.chipIndex}
          currency={money}
          open={open}
          winning={winning}
          onPlace={betting.place}
        />
      </section>
      <BettingBar betting={betting} open={open} mobile={mobile} currency={money} />
      {statsOpen && statisticsOn && (
        <SicBoStatistics state={stats} onClose={() => setStatsOpen(false)} />
      )}
      {chat.enabled && chat.open && (
        <ChatPanel chat={chat} canWrite float onClose={() => chat.setOpen(false)} />
      )}
      {helpOpen && <SicBoHelp table={table} currency={money} onClose={() => setHelpOpen(false)} />}
    </main>
  );
}
