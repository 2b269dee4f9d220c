// A mega wheel table: the synthetic studio's wheel of the table's 54 segments, the round
// and its countdown, the mega multiplier revealed after bets close (on the wheel, in a
// banner and on its bet spot), the nine bet spots with their payouts, chips and bet
// buttons (the betting every table shares: lib/table/useBetting), the result with the
// player's win, the recent results, how often each number came, and the help.
import './megawheel.css';

import { useCallback, useEffect, useMemo, useReducer, useState } from 'react';
import { useTranslation } from 'react-i18next';

import { HelpButton } from '../../ui/HelpButton';
import type { ServerMessage } from '../../lib/realtime/realtime';
import { kindSpotRules, tableLimits } from '../../lib/table/bet-slip';
import { type WheelNumber, wheelNumberOf } from '../../lib/table/money-wheel';
import { useBetting } from '../../lib/table/useBetting';
import { useStudioLoaded, useTableChannel } from '../../lib/table/useTableChannel';
import { BettingBar } from '../../ui/BetControls';
import { ChatPanel } from '../../ui/ChatPanel';
import { useTableChat } from '../../lib/table/useTableChat';
import { useTablePage } from '../../lib/table/useTablePage';
import { RoundBanner } from '../../ui/RoundBanner';
import { useAnnounce } from '../../lib/sound/useAnnounce';
import { dealerLine } from './names';
import { MegaBanner, MegaWheelHelp, RecentResults, ResultBanner, Spots, StatsStrip } from './parts';
import {
  type MegaWheelView,
  initialMegaWheelView,
  megaState,
  megaWheelReducer,
} from './table-state';
import { MegaWheel } from './Wheel';
import { urlOf } from '../../lib/http/urls';

const EVENTS = [
  'resync',
  'betsopen',
  'betsclosingsoon',
  'timer',
  'betsclosed',
  'gamestate',
  'multipliers',
  'gameresult',
  'cancelround',
  'table_closed',
];

/** Results the statistics strip counts. */
const STATS_GAMES = 100;

export default function MegaWheelTable({ tableId }: { tableId: string }) {
  const { t } = useTranslation();
  const { realtime, currency, loaded, http, table, player, mobile, shape, channel } =
    useTablePage(tableId);
  const [view, dispatch] = useReducer(
    (v: MegaWheelView, a: { m: ServerMessage; now: number }) => megaWheelReducer(v, a.m, a.now),
    initialMegaWheelView,
  );
  const [landedKey, setLandedKey] = useState<string | null>(null);
  const [history, setHistory] = useState<WheelNumber[]>([]);
  const [helpOpen, setHelpOpen] = useState(false);
  const chat = useTableChat(tableId, { inHeader: true }); // its button: the header's
  const announce = useAnnounce(tableId, 'megawheel');

  const limits = useMemo(
    () => (table ? tableLimits(table.limits, kindSpotRules(table.limits.spots)) : null),
    [table],
  );
  const betting = useBetting({ tableId, game: 'megawheel', round: view, limits });
  const { follow } = betting;

  const onEvent = useCallback(
    (m: ServerMessage) => {
      dispatch({ m, now: Date.now() });
      follow(m);
    },
    [follow],
  );
  useTableChannel(realtime, tableId, channel, EVENTS, onEvent);
  useStudioLoaded(view.ready, loaded);

  // How often each number came: the server's last results, read again after each result.
  const resultKey = view.result?.gameId ?? '';
  useEffect(() => {
    let live = true;
    http
      .get<{ results: { result: string }[] }>(urlOf('statisticHistory'), {
        tableId,
        numberOfGames: STATS_GAMES,
      })
      .then((r) => {
        if (!live) return;
        setHistory(
          r.results.map((x) => wheelNumberOf(x.result)).filter((n): n is WheelNumber => n !== null),
        );
      })
      .catch((e: unknown) => console.error('mega wheel: the last results could not be read', e));
    return () => {
      live = false;
    };
  }, [http, tableId, resultKey]);

  if (!table || !player || table.tableId !== tableId) return null;
  const money = currency();
  const open = view.betsOpen && !view.closed;
  const landed = view.result !== null && landedKey === view.result.gameId;
  const mega = megaState(view, landed);

  return (
    <main
      className={`megawheel shape-${shape} ${mobile ? 'mobile' : 'desktop'}`}
      data-testid="megawheel-table"
    >
      <section className="studio mw-studio" aria-label={table.name}>
        <div className="mw-wheel-box">
          <MegaWheel
            labels={table.wheel}
            spinning={view.state === 6}
            segment={view.result?.segment ?? null}
            resultKey={view.result?.gameId ?? null}
            mega={view.mega}
            onLanded={(key) => {
              setLandedKey(key);
              // The dealer announces the number as the wheel stops.
              if (view.result?.gameId === key) announce(key, dealerLine(t, view.result.number));
            }}
          />
        </div>
        <div className="studio-overlay">
          <h1 className="table-name">{table.name}</h1>
          <RoundBanner view={view} waitingText={t('MEGAWHEEL_SPINNING')} />
          <MegaBanner mega={view.mega} state={mega} />
          <ResultBanner view={view} currency={money} landed={landed} state={mega} />
        </div>
      </section>
      <div className="table-strip">
        <RecentResults recent={view.recent} />
        <div className="panel-toggles">
          <HelpButton onOpen={() => setHelpOpen(true)} />
        </div>
      </div>
      <section className="betting mw-betting" aria-label={t('PLACE_YOUR_BETS')}>
        <Spots
          spots={table.limits.spots}
          mega={view.mega}
          totals={betting.totals}
          chipIndex={betting.chipIndex}
          currency={money}
          open={open}
          winner={landed ? (view.result?.number ?? null) : null}
          onPlace={betting.place}
        />
      </section>
      <BettingBar betting={betting} open={open} mobile={mobile} currency={money} />
      <StatsStrip results={history} />
      {chat.enabled && chat.open && (
        <ChatPanel chat={chat} canWrite float onClose={() => chat.setOpen(false)} />
      )}
      {helpOpen && (
        <MegaWheelHelp table={table} currency={money} onClose={() => setHelpOpen(false)} />
      )}
    </main>
  );
}
