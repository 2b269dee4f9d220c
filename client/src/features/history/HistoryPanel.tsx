// The player's history (SPEC §2 "Player history with game detail per game type"): the
// rounds the player bet in, newest first, a page at a time, filtered by game and period.
// Each round opens (a disclosure) onto its detail: the result as its game shows it (the
// pocket, the cards by hand with baccarat's totals, the dice, the wheel's number,
// blackjack's dealer and every seat's hands), each bet with its amount and payoff, and
// the ids support asks for (with a regulated market's game session id, when the round has
// one). A settled round can be verified (FairCheck: the provably fair
// check, in a dialog over this one). A modal dialog; full screen on phones.
import './history.css';

import { type RefObject, useCallback, useEffect, useId, useMemo, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';

import { formatDateTime } from '../../lib/format/locale';
import { type CurrencyStyle, formatMoney, units } from '../../lib/format/money';
import { loadTextPart } from '../../lib/i18n';
import { type SessionState, useServices } from '../../lib/session';
import { useStore } from '../../lib/store';
import { pocketColour } from '../../lib/table/outcome';
import { Die } from '../../ui/Die';
import { PlayingCard } from '../../ui/PlayingCard';
import { Popup } from '../../ui/Popup';
import { handName } from '../cards/names';
import { HANDS, handTotal, parseCard } from '../cards/cards';
import FairCheck from './FairCheck';
import {
  FAMILIES,
  type HistoryPage,
  type HistoryRound,
  betName,
  fetchHistory,
  partsFor,
  periodOf,
} from './model';

type Status = 'loading' | 'ready' | 'failed';

interface Shown extends HistoryPage {
  key: string;
  failed: boolean;
}

function Cards({ cards }: { cards: string[] }) {
  return (
    <span className="history-cards">
      {cards.map((c, i) => (
        <PlayingCard key={i} card={c} />
      ))}
    </span>
  );
}

/** The result as the round's game shows it. */
function Result({ round, t }: { round: HistoryRound; t: TFunction }) {
  const d = round.detail ?? {};
  if (round.game === 'roulette' && round.result) {
    const colour = pocketColour(round.result) ?? 'green';
    return <span className={`history-pocket ${colour}`}>{round.result}</span>;
  }
  if (round.game === 'sicbo' && d.values?.length === 3) {
    return (
      <span
        className="history-dice"
        role="img"
        aria-label={`${t('HISTORY_DICE')}: ${d.values.join(', ')}`}
      >
        {d.values.map((v, i) => (
          <Die key={i} value={v} size="1.6rem" />
        ))}
      </span>
    );
  }
  const hands = HANDS[round.game];
  if (hands && d.cards) {
    return (
      <span className="history-hands">
        {hands.map((hand) => {
          const cards = d.cards!.filter((c) => c.hand === hand).map((c) => c.card);
          if (!cards.length) return null;
          const total =
            round.game === 'baccarat' ? ` ${handTotal(cards.map((c) => parseCard(c)))}` : '';
          return (
            <span key={hand} className="history-hand">
              <span className="history-hand-name">
                {handName(t, hand)}
                {total}
              </span>
              <Cards cards={cards} />
            </span>
          );
        })}
      </span>
    );
  }
  if ((round.game === 'blackjack' || round.game === 'onebj') && d.cards) {
    return (
      <span className="history-hands">
        <span className="history-hand">
          <span className="history-hand-name">{t('BJ_DEALER')}</span>
          <Cards cards={d.cards.map((c) => c.card)} />
        </span>
        {d.hands?.map((seat) =>
          seat.hands.map((h, i) => (
            <span key={`${seat.seat}-${i}`} className="history-hand">
              <span className="history-hand-name">
                {seat.seat ? t('HISTORY_SEAT', { n: seat.seat }) : t('HISTORY_COMMON_HAND')}
                {h.outcome && ` · ${t(`BJ_OUTCOME_${h.outcome}` as 'BJ_OUTCOME_win')}`}
              </span>
              <Cards cards={h.cards} />
            </span>
          )),
        )}
      </span>
    );
  }
  return round.result ? <span className="history-label">{round.result}</span> : null;
}

function outcomeText(t: TFunction, round: HistoryRound, money: CurrencyStyle): string {
  const net = units(round.net);
  const amount = formatMoney(Math.abs(net), money);
  return t(`HISTORY_OUTCOME_${round.winLose}`, { amount });
}

function Detail({
  round,
  t,
  money,
  onVerify,
  verifyRef,
}: {
  round: HistoryRound;
  t: TFunction;
  money: CurrencyStyle;
  onVerify: () => void;
  verifyRef: RefObject<HTMLButtonElement | null>;
}) {
  const tickets = [...new Set(round.bets.map((b) => b.ticketId))];
  return (
    <div className="history-detail">
      {round.state === 'settled' && (
        <div className="history-result">
          <span className="history-term">{t('HISTORY_RESULT')}</span>
          <Result round={round} t={t} />
          <button
            type="button"
            className="history-verify"
            ref={verifyRef}
            onClick={onVerify}
            aria-label={t('FAIR_VERIFY_ROUND', { id: round.gameId })}
            data-testid="history-verify"
          >
            {t('FAIR_VERIFY')}
          </button>
        </div>
      )}
      <table className="history-bets">
        <thead>
          <tr>
            <th scope="col">{t('HISTORY_BET')}</th>
            <th scope="col">{t('HISTORY_AMOUNT')}</th>
            <th scope="col">{t('HISTORY_PAYOFF')}</th>
          </tr>
        </thead>
        <tbody>
          {round.bets.map((b) => (
            <tr key={b.participationId} data-testid="history-bet">
              <th scope="row">
                {betName(t, round.game, b.betType)}
                <span className="history-id">
                  {t('HISTORY_PARTICIPATION')} {b.participationId}
                </span>
              </th>
              <td>{formatMoney(units(b.amount), money)}</td>
              <td>{b.payoff === null ? '–' : formatMoney(units(b.payoff), money)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <dl className="history-ids">
        <dt>{t('HISTORY_GAME_ID')}</dt>
        <dd>{round.gameId}</dd>
        <dt>{t('HISTORY_ROUND')}</dt>
        <dd>{round.roundId}</dd>
        {round.sessionId && (
          <>
            <dt>{t('IT_SESSION_ID')}</dt>
            <dd data-testid="history-session">{round.sessionId}</dd>
          </>
        )}
        <dt>{t('HISTORY_TICKET')}</dt>
        {tickets.map((id) => (
          <dd key={id}>{id}</dd>
        ))}
      </dl>
    </div>
  );
}

function RoundItem({ round, money }: { round: HistoryRound; money: CurrencyStyle }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const detailId = useId();
  // The round's fair check: on closing, the focus goes back to the button that opened it
  // (once the dialog, which puts back the focus it found, is gone).
  const [checking, setChecking] = useState(false);
  const verifyRef = useRef<HTMLButtonElement>(null);
  const refocus = useRef(false);
  const closeCheck = useCallback(() => {
    refocus.current = true;
    setChecking(false);
  }, []);
  useEffect(() => {
    if (checking || !refocus.current) return;
    refocus.current = false;
    verifyRef.current?.focus();
  }, [checking]);
  // A round in another currency than today's (rare) shows its code, not today's symbol.
  const roundMoney =
    round.currency === money.code
      ? money
      : { code: round.currency, symbol: round.currency, symbolBefore: false };
  return (
    <li
      className={`history-round ${round.winLose}`}
      data-testid="history-round"
      data-game={round.game}
      data-session={round.sessionId || undefined}
    >
      <button
        type="button"
        className="history-summary"
        aria-expanded={open}
        aria-controls={detailId}
        onClick={() => setOpen(!open)}
      >
        <span className="history-when">{formatDateTime(round.startedAt)}</span>
        <span className="history-where">
          {t('HISTORY_ROUND_OF', { table: round.tableName, round: round.roundId })}
        </span>
        <span className="history-stake">
          {t('HISTORY_STAKE')} {formatMoney(units(round.stake), roundMoney)}
        </span>
        <span className="history-outcome">{outcomeText(t, round, roundMoney)}</span>
      </button>
      {open && (
        <div id={detailId}>
          <Detail
            round={round}
            t={t}
            money={roundMoney}
            onVerify={() => setChecking(true)}
            verifyRef={verifyRef}
          />
        </div>
      )}
      {/* In the body, beside the history's dialog rather than inside it. */}
      {checking &&
        createPortal(<FairCheck gameId={round.gameId} onClose={closeCheck} />, document.body)}
    </li>
  );
}

export default function HistoryPanel({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const { http, session, currency } = useServices();
  const tables = useStore(session, (s: SessionState) => s.config?.assignedTables ?? null);
  const games = useMemo(
    () => [...new Set((tables ?? []).map((x) => x.game))].filter((g) => FAMILIES[g]),
    [tables],
  );
  const [game, setGame] = useState('all');
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const [attempt, setAttempt] = useState(0);
  const [page, setPage] = useState<Shown | null>(null);
  const [more, setMore] = useState<'idle' | 'loading' | 'failed'>('idle');
  const period = periodOf(from, to);
  // What is asked for; a page answered for another question is not shown.
  const key = period ? JSON.stringify([game, period.from, period.to, attempt]) : null;

  // A page, with the words its bets are named in (their games' text parts).
  const fetchPage = useCallback(
    async (before?: string) => {
      const answer = await fetchHistory(http, { game, ...period, before });
      await Promise.all(partsFor(answer.rounds).map((p) => loadTextPart(p)));
      return answer;
    },
    // period is from and to
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [http, game, from, to],
  );

  useEffect(() => {
    if (!key) return;
    let live = true;
    fetchPage().then(
      (answer) => live && setPage({ key, ...answer, failed: false }),
      () => live && setPage({ key, rounds: [], next: null, failed: true }),
    );
    return () => {
      live = false;
    };
  }, [key, fetchPage]);

  const current = page && page.key === key ? page : null;
  const status: Status = !current ? 'loading' : current.failed ? 'failed' : 'ready';
  const rounds = current?.rounds ?? [];
  const next = current?.next ?? null;
  const loadMore = () => {
    if (!current || !next) return;
    setMore('loading');
    fetchPage(next).then(
      (answer) => {
        setPage((shown) =>
          shown && shown.key === current.key
            ? { ...shown, rounds: [...shown.rounds, ...answer.rounds], next: answer.next }
            : shown,
        );
        setMore('idle');
      },
      () => setMore('failed'),
    );
  };

  const money = currency();
  return (
    <Popup
      title={t('HISTORY')}
      onClose={onClose}
      testId="history"
      className="popup-sheet"
      actions={
        <button type="button" onClick={onClose}>
          {t('CLOSE')}
        </button>
      }
    >
      <form className="history-filters" onSubmit={(e) => e.preventDefault()}>
        <label>
          <span>{t('HISTORY_GAME')}</span>
          <select value={game} onChange={(e) => setGame(e.target.value)} data-testid="history-game">
            <option value="all">{t('LOBBY_TAB_ALL')}</option>
            {games.map((g) => (
              <option key={g} value={g}>
                {t(FAMILIES[g]!.name)}
              </option>
            ))}
          </select>
        </label>
        <label>
          <span>{t('HISTORY_FROM')}</span>
          <input
            type="date"
            value={from}
            max={to || undefined}
            onChange={(e) => setFrom(e.target.value)}
          />
        </label>
        <label>
          <span>{t('HISTORY_TO')}</span>
          <input
            type="date"
            value={to}
            min={from || undefined}
            onChange={(e) => setTo(e.target.value)}
          />
        </label>
      </form>
      {!period && (
        <p className="popup-note" role="alert">
          {t('HISTORY_PERIOD_INVALID')}
        </p>
      )}
      {period && status === 'failed' && (
        <p className="popup-note" role="alert">
          {t('HISTORY_FAILED')}{' '}
          <button type="button" onClick={() => setAttempt((n) => n + 1)}>
            {t('RETRY')}
          </button>
        </p>
      )}
      {period && status === 'ready' && rounds.length === 0 && (
        <p className="popup-note">{t('HISTORY_EMPTY')}</p>
      )}
      {rounds.length > 0 && (
        <ul className="history-list" aria-busy={status === 'loading'}>
          {rounds.map((r) => (
            <RoundItem key={r.gameId} round={r} money={money} />
          ))}
        </ul>
      )}
      {(status === 'loading' || more === 'loading') && (
        <p className="popup-note" role="status">
          {t('HISTORY_LOADING')}
        </p>
      )}
      {more === 'failed' && (
        <p className="popup-note" role="alert">
          {t('HISTORY_FAILED')}
        </p>
      )}
      {status === 'ready' && next && more !== 'loading' && (
        <button type="button" className="history-more" onClick={loadMore}>
          {t('HISTORY_MORE')}
        </button>
      )}
    </Popup>
  );
}
