// A boom or bust table (the dice game show; the game show protocol: showstep, <choose>,
// chooseack, the resync's show): the 6×6 grid with the red and the blue die rolling while
// the server throws and landing on its square, the round and its countdown, the seven bet
// spots with chips and bet buttons (the betting every table shares: lib/table/useBetting,
// gameMode boomorbust_*), and on doubles the Boom or Bust bonus: the bonus grid with each
// roll, its value and the running total, and for the players with a stake on BOOM the
// choice after each roll (KEEP ROLLING or CASH OUT before the countdown ends, shown at once
// and then as the server confirmed or refused it; the default is the best play); a BUST;
// the result with the player's win, the last results and the help. Screen readers hear
// the throws, each roll and total, a BUST, the player's choice and their win.
import './boomorbust.css';

import { useCallback, useEffect, useMemo, useReducer, useRef, useState } from 'react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';

import { type CurrencyStyle, formatMoney } from '../../lib/format/money';
import { formatNumber } from '../../lib/format/locale';
import type { ServerMessage } from '../../lib/realtime/realtime';
import { tableLimits } from '../../lib/table/bet-slip';
import type { Face } from '../../lib/table/dice';
import { nextRequestId, useBetting } from '../../lib/table/useBetting';
import { useRollingDice } from '../../lib/table/useRollingDice';
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
import {
  type BoomShow,
  type BoomView,
  type LocalAction,
  boomReducer,
  busted,
  cashedOut,
  initialBoomView,
  myChoice,
  openChoice,
  playsBonus,
  refusalCode,
  tenthRoll,
} from './bob-state';
import { BoomGrid, DicePair } from './Grid';
import { BOOM, type Choice, MAX_ROLLS, boomRules, winningSpots } from './grid';
import { refusalWords, throwWords } from './names';
import { BonusPanel, BoomHelp, BustBanner, RecentResults, ResultBanner, Spots } from './parts';

/** How long a bonus roll tumbles before it lands (its reveal lasts 3 s). */
const ROLL_MS = 900;
const FIRST_FACES: Face[] = [3, 5];
const NO_WINS: ReadonlySet<string> = new Set();

type Action = { m: ServerMessage | LocalAction; now: number };

export default function BoomOrBustTable({ tableId }: { tableId: string }) {
  const { t } = useTranslation();
  const { realtime, currency, loaded, table, player, mobile, shape, channel } =
    useTablePage(tableId);
  const [view, dispatch] = useReducer(
    (v: BoomView, a: Action) => boomReducer(v, a.m, a.now),
    initialBoomView,
  );
  const act = useCallback((m: ServerMessage | LocalAction) => dispatch({ m, now: Date.now() }), []);
  const [landedKey, setLandedKey] = useState<string | null>(null);
  const [helpOpen, setHelpOpen] = useState(false);
  const chat = useTableChat(tableId, { inHeader: true }); // its button: the header's

  const limits = useMemo(
    () => (table ? tableLimits(table.limits, boomRules(table.limits.spots)) : null),
    [table],
  );
  const betting = useBetting({ tableId, game: 'boomorbust', round: view, limits });
  const { follow, slip } = betting;

  const onEvent = useCallback(
    (m: ServerMessage) => {
      act(m);
      follow(m);
    },
    [act, follow],
  );
  useTableChannel(realtime, tableId, channel, SHOW_EVENTS, onEvent);
  useStudioLoaded(view.ready, loaded);

  // The stake on BOOM the server accepted this round: it plays the bonus.
  useEffect(() => {
    const stake = slip.actions
      .filter((a) => a.status === 'confirmed')
      .flatMap((a) => a.lines)
      .filter((l) => l.spot === BOOM)
      .reduce((sum, l) => sum + l.amount, 0);
    act({ type: 'local:stake', gameId: slip.gameId, stake });
  }, [slip, act, view.show.gameId]);

  // What the choice needs of the moment, read when it is sent.
  const latest = useRef(view);
  useEffect(() => {
    latest.current = view;
  }, [view]);

  const choose = useCallback(
    async (choice: Choice) => {
      const v = latest.current;
      const open = openChoice(v.show);
      if (!open || v.show.pending) return;
      const requestId = nextRequestId();
      act({ type: 'local:choose', requestId, step: open.index, choice });
      const ack = await sendChoice(realtime, channel, {
        tableId,
        requestId,
        gameId: v.gameId,
        step: open.index,
        choice,
      });
      act({
        ...ack,
        type: 'chooseack',
        requestId,
        step: typeof ack.step === 'number' ? ack.step : open.index,
        choice: ack.choice ?? choice,
      });
      // The server's answer, told: a refusal to everybody (a toast), a confirmation to
      // screen readers (the panel shows both).
      const code = refusalCode(ack);
      if (code !== null) return toast(refusalWords(t, code), 'error');
      const money = currency();
      const x = formatNumber(open.total, 0);
      announce(
        choice === 'cash'
          ? t('BOB_CHOSE_CASH', { x, amount: formatMoney(v.show.stake * open.total, money) })
          : t('BOB_CHOSE_KEEP'),
      );
    },
    [act, realtime, channel, tableId, t, currency],
  );

  // ---- The dice: the first throw, then each roll of the bonus ----
  const { show, gameId } = view;
  const last = show.rolls.at(-1) ?? null;
  const thisResult = view.result?.gameId === gameId ? view.result : null;
  const first = show.landed ?? thisResult;
  const target = useMemo(() => {
    if (last) return { key: `${gameId}:roll:${last.index}`, dice: [last.red, last.blue] as Face[] };
    if (first) return { key: `${gameId}:first`, dice: [first.red, first.blue] as Face[] };
    return null;
  }, [gameId, last, first]);
  const rest = useMemo(() => {
    const r = view.recent[0];
    return r ? ([r.red, r.blue] as Face[]) : null;
  }, [view.recent]);
  const dice = useRollingDice({
    shaking: view.state === 6 && target === null,
    dice: target?.dice ?? null,
    resultKey: target?.key ?? null,
    rest,
    first: FIRST_FACES,
    directMs: last ? ROLL_MS : undefined,
    onLanded: setLandedKey,
  });
  const firstLanded = landedKey !== null && landedKey.startsWith(`${gameId}:`) && first !== null;
  const lastLanded = last !== null && landedKey === target?.key;
  const rollsShown = useMemo(
    () => (last && !lastLanded ? show.rolls.slice(0, -1) : show.rolls),
    [show.rolls, last, lastLanded],
  );
  const shownShow: BoomShow = useMemo(
    () => (rollsShown === show.rolls ? show : { ...show, rolls: rollsShown }),
    [show, rollsShown],
  );
  const total = rollsShown.at(-1)?.total ?? 0;
  const bust = busted(shownShow);
  const bonusOn = show.bonus && firstLanded && !view.betsOpen;
  const winning = useMemo(
    () => (firstLanded && first ? winningSpots(first) : NO_WINS),
    [firstLanded, first],
  );

  // ---- The player's part in the bonus ----
  const open = openChoice(show);
  const sending =
    show.pending && open && show.pending.step === open.index ? show.pending.choice : null;

  useAnnouncements(t, view, shownShow, firstLanded, currency);

  if (!table || !player || table.tableId !== tableId) return null;
  const money = currency();
  const bettingOpen = view.betsOpen && !view.closed;
  const diceLabel =
    dice.phase === 'landed' && dice.shown
      ? throwWords(t, { red: dice.shown[0]!, blue: dice.shown[1]! })
      : dice.phase === 'idle' && dice.shown
        ? throwWords(t, { red: dice.shown[0]!, blue: dice.shown[1]! })
        : t('BOB_ROLLING');

  return (
    <main
      className={`boomorbust shape-${shape} ${mobile ? 'mobile' : 'desktop'} ${bonusOn ? 'bonus-on' : ''}`}
      data-testid="boomorbust-table"
    >
      <section className="studio bob-studio" aria-label={table.name}>
        <div className="bob-board">
          <BoomGrid
            mode={bonusOn ? 'bonus' : 'main'}
            landed={firstLanded ? first : null}
            rolls={rollsShown}
            bust={bust}
          />
          {bonusOn && bust && <BustBanner />}
        </div>
        <div className="studio-overlay">
          <h1 className="table-name">{table.name}</h1>
          <RoundBanner
            view={view}
            waitingText={show.bonus && firstLanded ? t('BOB_BONUS_TITLE') : t('BOB_ROLLING')}
          />
          <DicePair shown={dice.shown} phase={dice.phase} label={diceLabel} />
          {bonusOn && (
            <p className="bob-studio-total" data-testid="bob-studio-total" aria-hidden="true">
              {bust ? t('BOB_BUST') : t('BOB_TOTAL', { total: formatNumber(total, 0) })}
            </p>
          )}
          <ResultBanner
            view={view}
            currency={money}
            landed={firstLanded && (!show.bonus || show.over)}
          />
        </div>
      </section>
      <div className="table-strip">
        <RecentResults recent={view.recent} />
        <div className="panel-toggles">
          <HelpButton onOpen={() => setHelpOpen(true)} />
        </div>
      </div>
      <section className="betting bob-betting" id="bets" aria-label={t('PLACE_YOUR_BETS')}>
        {bonusOn ? (
          <BonusPanel
            view={view}
            total={total}
            rollsShown={rollsShown.length}
            bust={bust}
            tenth={tenthRoll(shownShow)}
            plays={playsBonus(show)}
            cashed={cashedOut(show)}
            open={open}
            chosen={open ? myChoice(show, open.index) : null}
            confirmed={open ? (show.choices[open.index] ?? null) : null}
            sending={sending}
            serverOffset={view.serverOffset}
            currency={money}
            onChoose={(c) => void choose(c)}
          />
        ) : (
          <Spots
            totals={betting.totals}
            chipIndex={betting.chipIndex}
            currency={money}
            open={bettingOpen}
            winning={winning}
            onPlace={betting.place}
          />
        )}
      </section>
      <BettingBar betting={betting} open={bettingOpen} mobile={mobile} currency={money} />
      {chat.enabled && chat.open && (
        <ChatPanel chat={chat} canWrite float onClose={() => chat.setOpen(false)} />
      )}
      {helpOpen && <BoomHelp table={table} currency={money} onClose={() => setHelpOpen(false)} />}
    </main>
  );
}

/**
 * Tells screen readers (and, for a refusal, everybody: a toast) what happens, each once:
 * doubles and the bonus, each roll as it lands with its value and the total, a BUST, the
 * tenth roll, the player's choice as the server confirmed it, and their cash-out.
 */
function useAnnouncements(
  t: TFunction,
  view: BoomView,
  show: BoomShow, // with the rolls that have landed
  firstLanded: boolean,
  currency: () => CurrencyStyle,
) {
  const heard = useRef(new Set<string>());
  useEffect(() => {
    const said = heard.current;
    const once = (key: string, say: () => void) => {
      if (said.has(key)) return;
      said.add(key);
      say();
    };
    const g = view.gameId;
    const money = currency();
    const x = (n: number) => formatNumber(n, 0);
    if (firstLanded && show.bonus && show.landed)
      once(`${g}:first`, () => announce(`${throwWords(t, show.landed!)}. ${t('BOB_DOUBLES')}`));
    show.rolls.forEach((r, i) =>
      once(`${g}:roll:${r.index}`, () => {
        if (r.value === 0) return announce(t('BOB_BUST_SAID', { red: r.red, blue: r.blue }));
        const words = t('BOB_ROLL_SAID', {
          n: i + 1,
          red: r.red,
          blue: r.blue,
          value: r.value,
          total: x(r.total),
        });
        announce(i + 1 >= MAX_ROLLS ? `${words} ${t('BOB_TENTH', { x: x(r.total) })}` : words);
      }),
    );
    const out = cashedOut(show);
    if (out)
      once(`${g}:out`, () =>
        announce(
          t('BOB_CASHED', { x: x(out.total), amount: formatMoney(show.stake * out.total, money) }),
        ),
      );
  }, [t, view.gameId, show, firstLanded, currency]);
}
