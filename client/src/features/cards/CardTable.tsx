// A card table: baccarat (standard, super 6, squeeze), dragon tiger or andar bahar. The
// synthetic studio deals the server's cards one at a time (beside the table's live video
// when it has one: ui/TableVideo); bets go through the shared betting (lib/table/
// useBetting); baccarat shows its roads, andar bahar its card statistics; in squeeze mode
// the highest stake lifts the face-down cards and everyone else watches them lift. The dealer announces the winner, but not in a multi-table view
// (compact), where several tables would talk over each other.
import { useCallback, useEffect, useMemo, useReducer, useState } from 'react';
import { useTranslation } from 'react-i18next';

import { useTableShape } from '../../lib/viewport';
import { outcomeWords, winnerOf } from '../../lib/table/outcome';
import { HelpButton } from '../../ui/HelpButton';
import type { ServerMessage } from '../../lib/realtime/realtime';
import { type TableConfig, useServices } from '../../lib/session';
import { useStore } from '../../lib/store';
import { kindSpotRules, tableLimits } from '../../lib/table/bet-slip';
import { useBetting } from '../../lib/table/useBetting';
import { useStudioLoaded, useTableChannel } from '../../lib/table/useTableChannel';
import { BettingBar } from '../../ui/BetControls';
import { ChatPanel } from '../../ui/ChatPanel';
import { useTableChat } from '../../lib/table/useTableChat';
import { useAnnounce } from '../../lib/sound/useAnnounce';
import { RoundBanner } from '../../ui/RoundBanner';
import { RecentList, ResultWin } from '../../ui/TableResults';
import { toast } from '../../ui/Toaster';
import { type CardView, cardReducer, initialCardView } from './card-state';
import { MAIN_SPOTS, oppositeSpot } from './cards';
import { dealerLine } from './names';
import { type AbStats, AbStatsPanel, BetSpots, CardHelpPopup, Hands, RoadsPanel } from './parts';
import { useAnnounced } from '../../ui/Announcer';
import { urlOf } from '../../lib/http/urls';
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
  'startshuffling',
  'endshuffling',
  'card',
  'squeezer',
  'squeeze',
];

export interface CardTableProps {
  tableId: string;
  game: string;
  /** In a multi-table view: the table's own configuration, and a compact layout. */
  config?: TableConfig | null;
  compact?: boolean;
}

export default function CardTable({ tableId, game, config, compact = false }: CardTableProps) {
  const { t } = useTranslation();
  const announced = useAnnounced();
  const { realtime, session, currency, loaded, http } = useServices();
  const pageTable = useStore(session, (s) => s.config?.tableConfig ?? null);
  const table = config ?? pageTable;
  const player = useStore(session, (s) => s.config?.playerConfig.player ?? null);
  const mobile = useStore(session, (s) => s.mobile);
  const shape = useTableShape();
  const channel = `table-${tableId}`;
  const [view, dispatch] = useReducer(
    (v: CardView, a: { m: ServerMessage; now: number }) => cardReducer(v, a.m, a.now),
    initialCardView,
  );
  const [abStats, setAbStats] = useState<AbStats | null>(null);
  const statisticsOn = useFeature('feature_statistics');
  const [helpOpen, setHelpOpen] = useState(false);
  // The chat's button is the header's; a table of a multi-table view has none.
  const chat = useTableChat(tableId, { inHeader: true, active: !compact });
  const announce = useAnnounce(tableId, game);

  const limits = useMemo(
    () =>
      table ? tableLimits(table.limits, kindSpotRules(table.limits.spots, oppositeSpot)) : null,
    [table],
  );
  const betting = useBetting({ tableId, game, round: view, limits, config });
  const { follow } = betting;

  const onEvent = useCallback(
    (m: ServerMessage) => {
      dispatch({ m, now: Date.now() });
      follow(m);
      if (m.type === 'startshuffling' && !compact) toast(t('SHUFFLING'), 'info', 4000);
    },
    [follow, t, compact],
  );
  useTableChannel(realtime, tableId, channel, EVENTS, onEvent);
  // The live video (ui/TableVideo), but not in a multi-table view.
  const liveVideo = compact ? null : (table?.video ?? null);
  useStudioLoaded(view.ready, loaded, liveVideo !== null);
  const loadedVideo = useCallback(() => loaded('video'), [loaded]);

  // The dealer announces the winner once the round's result has come.
  const resultKey = view.result?.gameId ?? '';
  const resultLabel = view.result?.label ?? null;
  useEffect(() => {
    if (compact || resultLabel === null) return;
    announce(resultKey, dealerLine(t, game, resultLabel));
  }, [compact, announce, resultKey, resultLabel, t, game]);

  // Andar bahar's statistics, refreshed after every result.
  useEffect(() => {
    if (game !== 'andarbahar' || !statisticsOn) return;
    let live = true;
    http
      .get<AbStats>(urlOf('abCardStats'), { tableId, numberOfGames: 100 })
      .then((s) => live && setAbStats(s))
      .catch(() => {
        /* the panel keeps what it had */
      });
    return () => {
      live = false;
    };
  }, [game, http, tableId, resultKey, statisticsOn]);

  const squeeze = useCallback(
    (index: number, progress: number) => {
      const requestId = `q-${Date.now()}-${index}`;
      realtime.post(
        `<squeeze tableId="${tableId}" requestId="${requestId}" index="${index}" progress="${progress.toFixed(2)}"/>`,
      );
    },
    [realtime, tableId],
  );

  if (!table || !player || table.tableId !== tableId) return null;
  const money = currency();
  const open = view.betsOpen && !view.closed;
  const winner = view.result ? winnerOf(view.result.label, game).toUpperCase() : null;
  const mine = view.myWin?.gameId === view.result?.gameId ? view.myWin : null;
  const you = view.squeeze?.you === true;

  // What the studio draws: the round, the cards and the result (beside the live video).
  const drawn = (
    <>
      <div className="studio-head">
        {compact ? (
          <h2 className="table-name">{table.name}</h2>
        ) : (
          <h1 className="table-name">{table.name}</h1>
        )}
        <RoundBanner view={view} />
      </div>
      {view.shuffling && (
        <p className="shuffling" data-testid="shuffling" role="status">
          {t('SHUFFLING')}
        </p>
      )}
      {view.squeeze && view.state !== 24 && (
        <p className="squeeze-note" data-testid="squeeze-note" role="status">
          {you
            ? t('SQUEEZE_YOU')
            : t('SQUEEZE_OTHER', { name: view.squeeze.name || t('CHAT_GUEST') })}
        </p>
      )}
      <Hands
        game={game}
        cards={view.cards}
        squeezeIndex={(i) => you && view.cards[i]?.hand === view.squeeze?.hand}
        onSqueeze={squeeze}
      />
      {view.result && (
        <div className="card-result" data-testid="result" data-winner={winner} ref={announced}>
          <strong>{t(`WINNER_${winnerOf(view.result.label, game)}` as 'WINNER_player')}</strong>
          <ResultWin mine={mine} currency={money} />
        </div>
      )}
      <p className="shoe-info">{view.shoe > 0 && t('SHOE_NUMBER', { shoe: view.shoe })}</p>
    </>
  );

  const Root = compact ? 'section' : 'main';
  return (
    <Root
      className={`card-table game-${game} ${mobile ? 'mobile' : 'desktop'} ${compact ? 'compact' : ''} ${!compact || shape !== 'wide' ? `table-page shape-${shape} ${open ? 'betting-now' : ''}` : ''}`}
      data-testid="card-table"
      data-table={tableId}
    >
      <section
        className={`card-studio tp-studio ${liveVideo ? 'has-video' : ''}`}
        aria-label={table.name}
      >
        {liveVideo ? (
          <>
            <TableVideo
              tableId={tableId}
              video={liveVideo}
              serverOffset={view.serverOffset}
              onLoaded={loadedVideo}
              label={table.name}
            />
            <div className="card-studio-main">{drawn}</div>
          </>
        ) : (
          drawn
        )}
      </section>
      <RecentList className="card-recent tp-recent" label={t('RECENT_NUMBERS')}>
        {view.recent.map((r) => (
          <li
            key={r.gameId}
            className={`recent w-${winnerOf(r.label, game)}`}
            aria-label={outcomeWords(t, game, r.label)}
          >
            {t(`SIDE_SHORT_${winnerOf(r.label, game)}` as 'SIDE_SHORT_player')}
          </li>
        ))}
      </RecentList>
      <BetSpots
        spots={table.limits.spots}
        main={MAIN_SPOTS[game] ?? []}
        totals={betting.totals}
        chipIndex={betting.chipIndex}
        currency={money}
        open={open}
        winner={winner}
        onPlace={betting.place}
      />
      <BettingBar betting={betting} open={open} mobile={mobile} currency={money} trophy={!compact}>
        <HelpButton className="link-button" onOpen={() => setHelpOpen(true)} />
      </BettingBar>
      {helpOpen && (
        <CardHelpPopup table={table} currency={money} onClose={() => setHelpOpen(false)} />
      )}
      {game === 'baccarat' && !compact && <RoadsPanel roads={view.roads} />}
      {game === 'andarbahar' && statisticsOn && <AbStatsPanel stats={abStats} />}
      {!compact && chat.enabled && chat.open && (
        <ChatPanel chat={chat} canWrite float onClose={() => chat.setOpen(false)} />
      )}
    </Root>
  );
}
