// A candy wheel table, the game show "sweetbonanza" (Candy Land): the synthetic studio's
// wheel of the table's 54 segments, the round and its countdown, and the show after the
// spin (a Sugar Bomb's re-spin, the Candy Drop with the player's pick of a candy sent as a
// <choose> command and answered privately by a chooseack, the Bubble Surprise, the Sweet
// Spins wheel); the six bet spots with chips and bet buttons (the betting every table
// shares: lib/table/useBetting, game mode sbz_*), the result with the player's win, the
// recent results and the help. Screen readers hear the landing, the bonus, the pick and
// the win.
import './sweetbonanza.css';

import { useCallback, useEffect, useMemo, useReducer, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';

import type { ServerMessage } from '../../lib/realtime/realtime';
import { kindSpotRules, tableLimits } from '../../lib/table/bet-slip';
import { nextRequestId, useBetting } from '../../lib/table/useBetting';
import { SHOW_EVENTS, sendChoice } from '../../lib/table/show';
import { useStudioLoaded, useTableChannel } from '../../lib/table/useTableChannel';
import { useTableChat } from '../../lib/table/useTableChat';
import { useTablePage } from '../../lib/table/useTablePage';
import { announce } from '../../ui/Announcer';
import { BettingBar } from '../../ui/BetControls';
import { ChatPanel } from '../../ui/ChatPanel';
import { HelpButton } from '../../ui/HelpButton';
import { RoundBanner } from '../../ui/RoundBanner';
import { toast } from '../../ui/Toaster';
import { DEFAULT_CANDY } from './candy';
import { CandyWheel } from './CandyWheel';
import { labelName } from './names';
import { CandyHelp, RecentResults, ResultBanner, Spots } from './parts';
import { ShowPanel, pickRefusalWords } from './Show';
import {
  type CandyView,
  type PickSent,
  type ShowStep,
  candyReducer,
  currentStep,
  bonusShown,
  inBonus as playsBonus,
  initialCandyView,
  myCandy,
  refusalOf,
  stepShown,
  wheelTarget,
} from './show-state';

/** The game mode's prefix (sbz_desktop, sbz_mobile). */
const GAME_MODE = 'sbz';

type Action = { m: ServerMessage | PickSent; now: number };

export default function SweetBonanzaTable({ tableId }: { tableId: string }) {
  const { t } = useTranslation();
  const { realtime, currency, loaded, table, player, mobile, shape, channel } =
    useTablePage(tableId);
  const [view, dispatch] = useReducer(
    (v: CandyView, a: Action) => candyReducer(v, a.m, a.now),
    initialCandyView,
  );
  const act = useCallback((m: ServerMessage | PickSent) => dispatch({ m, now: Date.now() }), []);
  const [landed, setLanded] = useState<ReadonlySet<string>>(() => new Set());
  const [helpOpen, setHelpOpen] = useState(false);
  const chat = useTableChat(tableId, { inHeader: true }); // its button: the header's

  const limits = useMemo(
    () => (table ? tableLimits(table.limits, kindSpotRules(table.limits.spots)) : null),
    [table],
  );
  const betting = useBetting({ tableId, game: GAME_MODE, round: view, limits });
  const { follow } = betting;

  const onEvent = useCallback(
    (m: ServerMessage) => {
      act(m);
      follow(m);
    },
    [act, follow],
  );
  useTableChannel(realtime, tableId, channel, SHOW_EVENTS, onEvent);
  // The private answer to a pick (also when it answers a pick sent before a reconnect).
  useEffect(
    () =>
      realtime.on('chooseack', (m) => {
        if (m.table === undefined || m.table === tableId) act(m);
      }),
    [realtime, tableId, act],
  );
  useStudioLoaded(view.ready, loaded);

  const latest = useRef(view);
  useEffect(() => {
    latest.current = view;
  }, [view]);

  const pick = useCallback(
    async (step: ShowStep, choice: string) => {
      const v = latest.current;
      if (v.picking?.sending?.choice === choice && v.picking.step === step.index) return;
      const requestId = nextRequestId();
      act({ type: 'local:pick', requestId, gameId: v.gameId, step: step.index, choice });
      const ack = await sendChoice(realtime, channel, {
        tableId,
        requestId,
        gameId: v.gameId,
        step: step.index,
        choice,
      });
      // A command the server could not read comes back as an error event.
      act({
        ...ack,
        type: 'chooseack',
        requestId,
        gameId: ack.gameId ?? v.gameId,
        step: step.index,
      });
      const code = refusalOf(ack);
      if (code !== null) {
        const words = pickRefusalWords(t, code);
        toast(words, 'error');
        announce(words);
      } else {
        announce(
          t('SBZ_PICK_CONFIRMED', { n: typeof ack.choice === 'string' ? ack.choice : choice }),
        );
      }
    },
    [act, realtime, channel, tableId, t],
  );

  const target = wheelTarget(view);
  const onLanded = useCallback(
    (key: string) => {
      const v = latest.current;
      setLanded((s) => landedWith(s, key, v.gameId));
      const labels = table?.wheel ?? [];
      const tgt = wheelTarget(v);
      if (tgt?.key !== key) return;
      const label = labels[tgt.segment];
      if (label === undefined) return;
      if (tgt.respin) {
        const m = stepShown(v, 'bomb')?.values[0] ?? v.result?.bomb ?? null;
        announce(t('SBZ_BOMB_LANDED_ON', { label: labelName(t, label), m }));
      } else {
        announce(t('SBZ_LANDED', { label: labelName(t, label) }));
      }
    },
    [table, t],
  );
  const onSpinsLanded = useCallback(
    (key: string) => {
      setLanded((s) => landedWith(s, key, latest.current.gameId));
      const x = stepShown(latest.current, 'spin')?.values[0];
      if (x !== undefined) announce(t('SBZ_SPINS_LANDED', { x }));
    },
    [t],
  );

  const stakeOnCandy =
    betting.slip.gameId === view.gameId && (betting.totals.get('CANDY_DROP') ?? 0) > 0;
  const inCandyDrop = view.show?.bonus === 'candydrop' && playsBonus(view, stakeOnCandy);
  useShowAnnouncements(view, landed, inCandyDrop);

  if (!table || !player || table.tableId !== tableId) return null;
  const money = currency();
  const open = view.betsOpen && !view.closed;
  const finalLanded = target !== null && landed.has(target.key);
  const bombStep = stepShown(view, 'bomb');
  const bomb = bombStep
    ? (bombStep.values[0] ?? null)
    : view.result?.gameId === view.gameId && finalLanded
      ? view.result.bomb
      : null;
  const now = currentStep(view);
  const waiting =
    target === null
      ? t('SBZ_SPINNING')
      : now && now.what !== 'landed' && view.show?.bonus
        ? labelName(t, bonusLabelOf(view.show.bonus) ?? 'SUGAR_BOMB')
        : now?.what === 'bomb'
          ? labelName(t, 'SUGAR_BOMB')
          : t('SBZ_SPINNING');
  const showOn =
    view.show?.gameId === view.gameId && view.show.steps.length > 0 && view.state === 6;

  return (
    <main
      className={`sweetbonanza shape-${shape} ${mobile ? 'mobile' : 'desktop'} ${showOn ? 'with-show' : ''}`}
      data-testid="sweetbonanza-table"
    >
      <section className="studio sbz-studio" aria-label={table.name}>
        <div className="sbz-wheel-box">
          <CandyWheel
            labels={table.wheel}
            spinning={view.state === 6}
            segment={target?.segment ?? null}
            landingKey={target?.key ?? null}
            respin={target?.respin ?? false}
            bomb={bomb}
            onLanded={onLanded}
          />
        </div>
        <div className="studio-overlay">
          <h1 className="table-name">{table.name}</h1>
          <RoundBanner view={view} waitingText={waiting} />
          <ResultBanner
            view={view}
            currency={money}
            landed={finalLanded}
            candy={myCandy(view).candy}
          />
        </div>
      </section>
      <ShowPanel
        view={view}
        inBonus={inCandyDrop}
        landedKeys={landed}
        onPick={(step, choice) => void pick(step, choice)}
        onSpinsLanded={onSpinsLanded}
      />
      <div className="table-strip">
        <RecentResults recent={view.recent} />
        <div className="panel-toggles">
          <HelpButton onOpen={() => setHelpOpen(true)} />
        </div>
      </div>
      <section className="betting sbz-betting" id="bets" aria-label={t('PLACE_YOUR_BETS')}>
        <Spots
          spots={table.limits.spots}
          totals={betting.totals}
          chipIndex={betting.chipIndex}
          currency={money}
          open={open}
          winner={finalLanded && view.result ? view.result.label : null}
          onPlace={betting.place}
        />
      </section>
      <BettingBar betting={betting} open={open} mobile={mobile} currency={money} />
      {chat.enabled && chat.open && (
        <ChatPanel chat={chat} canWrite float onClose={() => chat.setOpen(false)} />
      )}
      {helpOpen && <CandyHelp table={table} currency={money} onClose={() => setHelpOpen(false)} />}
    </main>
  );
}

/** The landings seen, with `key`: this round's only (a new round forgets the last one's). */
function landedWith(seen: ReadonlySet<string>, key: string, gameId: string): ReadonlySet<string> {
  return new Set([...seen].filter((k) => k.startsWith(`${gameId}:`)).concat(key));
}

function bonusLabelOf(bonus: string): string | null {
  return bonus === 'candydrop'
    ? 'CANDY_DROP'
    : bonus === 'bubbles'
      ? 'BUBBLE_SURPRISE'
      : bonus === 'sweetspins'
        ? 'SWEET_SPINS'
        : null;
}

/**
 * Tells screen readers the show as it goes, each thing once a round: a Sugar Bomb, the
 * choice of a candy (to the players in the bonus), the candies and the player's own, the
 * bubbles. The landings are told as the wheel stops, the win by the result banner.
 */
function useShowAnnouncements(view: CandyView, landed: ReadonlySet<string>, inCandy: boolean) {
  const { t } = useTranslation();
  const heard = useRef(new Set<string>());
  useEffect(() => {
    const show = view.show;
    if (!show || show.gameId !== view.gameId) return;
    const g = view.gameId;
    const say = (key: string, text: string) => {
      if (heard.current.has(`${g}:${key}`)) return;
      heard.current.add(`${g}:${key}`);
      announce(text);
    };
    const bomb = stepShown(view, 'bomb');
    if (bomb) say('bomb', t('SBZ_BOMB', { m: bomb.values[0] }));
    if (!bonusShown(view, landed)) return;
    const now = currentStep(view);
    const choose = stepShown(view, 'candy');
    if (choose && now?.index === choose.index && inCandy)
      say('choose', `${t('SBZ_PICK_PROMPT')} ${t('SBZ_PICK_DEFAULT', { n: DEFAULT_CANDY })}`);
    const candies = stepShown(view, 'candies');
    if (candies) {
      const values = candies.values.map((x) => t('PAYS_SHORT', { ratio: x })).join(', ');
      const { candy, chosen } = myCandy(view);
      const x = candies.values[Number(candy) - 1];
      const mine =
        inCandy && x !== undefined
          ? ` ${t(chosen ? 'SBZ_MY_CANDY_PAYS' : 'SBZ_MY_CANDY_PAYS_DEFAULT', { n: candy, x })}`
          : '';
      say('candies', `${t('SBZ_CANDIES_ANNOUNCE', { values })}${mine}`);
    }
    const bubbles = stepShown(view, 'bubbles');
    if (bubbles) {
      const [a, b] = bubbles.values;
      say('bubbles', t('SBZ_BUBBLES', { a, b, x: bubbles.values.reduce((p, q) => p + q, 0) }));
    }
  }, [view, landed, inCandy, t]);
}
