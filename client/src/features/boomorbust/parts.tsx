// The pieces of a boom or bust table around its grid: the seven bet spots (the numbers 1 to
// 6 and BOOM), the bonus panel (the total, the rolls, the players still in and, for the
// players in the bonus, the countdown with KEEP ROLLING and CASH OUT), the BUST, the
// result with the player's win, the last results and the help with the paytable.
import { memo, useEffect, useState } from 'react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';

import { useArrowKeys } from '../../lib/a11y/keyboard';
import { formatNumber, localiseDecimal } from '../../lib/format/locale';
import { type CurrencyStyle, type Units, formatMoney } from '../../lib/format/money';
import type { SpotLimit, TableConfig } from '../../lib/session';
import type { Drawn } from '../../lib/table/results';
import { useAnnounced } from '../../ui/Announcer';
import { Die } from '../../ui/Die';
import { HelpActions } from '../../ui/GuideButton';
import { LimitsSummary, LimitsTable } from '../../ui/LimitsTable';
import { Popup } from '../../ui/Popup';
import { SpotButton } from '../../ui/SpotButton';
import { RecentList, ResultWin } from '../../ui/TableResults';
import type { BoomView, ChooseStep } from './bob-state';
import {
  BONUS_VALUES,
  BOOM,
  type BoomResult,
  type Choice,
  KEEP_UP_TO,
  MAX_ROLLS,
  NUMBER_PAYS,
  NUMBER_SPOTS,
  RTP,
  defaultChoice,
} from './grid';
import { betName, refusalWords, throwWords } from './names';

// TFunction, not useTranslation's own type: with every key typed, that one is too deep
// for the compiler here (TS2589).
type T = TFunction;

/** What a spot pays in words: "2 to 1 on one die, 3 to 1 on both", or BOOM's bonus. */
export function paysWords(t: T, code: string): string {
  return code === BOOM
    ? t('BOB_PAYS_BOOM')
    : t('BOB_PAYS_NUMBER', { one: NUMBER_PAYS.one, both: NUMBER_PAYS.both });
}

export const Spots = memo(function Spots({
  totals,
  chipIndex,
  currency,
  open,
  winning,
  onPlace,
}: {
  totals: Map<string, Units>;
  chipIndex: (value: Units) => number;
  currency: CurrencyStyle;
  open: boolean;
  winning: ReadonlySet<string>; // once the dice have landed
  onPlace: (spot: string) => void;
}) {
  const { t } = useTranslation();
  const arrowKeys = useArrowKeys();
  const short = `${t('PAYS_SHORT', { ratio: NUMBER_PAYS.one })} · ${t('PAYS_SHORT', { ratio: NUMBER_PAYS.both })}`;
  return (
    <div
      className={`bob-spots ${open ? 'open' : 'closed'}`}
      data-testid="bob-spots"
      ref={arrowKeys}
    >
      {NUMBER_SPOTS.map((code) => (
        <SpotButton
          key={code}
          code={code}
          name={betName(t, code)}
          pays={paysWords(t, code)}
          amount={totals.get(code) ?? 0}
          chipIndex={chipIndex}
          currency={currency}
          open={open}
          won={winning.has(code)}
          className="bob-spot"
          onPlace={onPlace}
        >
          <Die value={Number(code)} size="1.9rem" />
          <span className="bob-spot-pays">{short}</span>
        </SpotButton>
      ))}
      <SpotButton
        code={BOOM}
        name={betName(t, BOOM)}
        pays={paysWords(t, BOOM)}
        amount={totals.get(BOOM) ?? 0}
        chipIndex={chipIndex}
        currency={currency}
        open={open}
        won={winning.has(BOOM)}
        className="bob-spot bob-spot-boom"
        onPlace={onPlace}
      >
        <span className="bob-boom-word">{t('BOB_BOOM')}</span>
        <span className="bob-spot-pays">{t('BOB_BONUS_SHORT')}</span>
      </SpotButton>
    </div>
  );
});

/** The choice's countdown: seconds left and a bar, from the server's deadline. */
function Countdown({ left, total }: { left: number; total: number }) {
  const { t } = useTranslation();
  const seconds = Math.ceil(left / 1000);
  const share = total > 0 ? Math.max(0, Math.min(1, left / total)) : 0;
  return (
    <div
      className={`bob-countdown ${seconds <= 3 ? 'urgent' : ''}`}
      data-testid="bob-countdown"
      data-seconds={seconds}
    >
      <span className="bob-countdown-bar" aria-hidden="true">
        <span style={{ transform: `scaleX(${share})` }} />
      </span>
      <span className="bob-countdown-text">{t('BOB_SECONDS_LEFT', { seconds })}</span>
    </div>
  );
}

export interface BonusPanelProps {
  view: BoomView;
  total: number; // the bonus total now
  rollsShown: number; // rolls that have landed
  bust: boolean;
  tenth: boolean;
  plays: boolean; // the player plays this bonus
  cashed: { step: number; total: number } | null;
  open: ChooseStep | null; // the choice open to the player now
  chosen: Choice | null; // their choice at the open step (on its way or confirmed)
  confirmed: Choice | null; // the server's confirmation of it
  sending: Choice | null; // a choice on its way
  serverOffset: number; // server time minus local time
  currency: CurrencyStyle;
  onChoose: (choice: Choice) => void;
}

/** The server's time now, ticking while `on` (a choice's countdown). */
function useServerNow(on: boolean, offset: number): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!on) return;
    const tick = () => setNow(Date.now());
    const first = setTimeout(tick, 0);
    const timer = setInterval(tick, 200);
    return () => {
      clearTimeout(first);
      clearInterval(timer);
    };
  }, [on]);
  return now + offset;
}

/**
 * The bonus as it goes: its total, the rolls, the players still in; for a player in it the
 * two big buttons (kept on the page from roll to roll, so that focus stays on them) with
 * the countdown, what cashing out pays and the default; the player's choice as they made
 * it, then as the server confirmed or refused it; and what became of them.
 */
export function BonusPanel(p: BonusPanelProps) {
  const { t } = useTranslation();
  const { show } = p.view;
  const stake = show.stake;
  const money = (u: Units) => formatMoney(u, p.currency);
  const stillIn = p.plays && !p.cashed && !p.bust;
  const serverNow = useServerNow(p.open !== null, p.serverOffset);
  // (Between the choice opening and the clock's first tick, never more than the choice's time.)
  const leftMs = p.open
    ? Math.max(0, Math.min(p.open.until - p.open.from, p.open.until - serverNow))
    : 0;
  const canChoose = p.open !== null && leftMs > 0 && p.sending === null;
  const x = (n: number) => formatNumber(n, 0);

  let status: { kind: string; text: string } | null = null;
  if (p.plays && p.cashed) {
    const cashed = t('BOB_CASHED', { x: x(p.cashed.total), amount: money(stake * p.cashed.total) });
    // While the show goes on, the player watches the rest of it.
    status = { kind: 'cashed', text: show.over ? cashed : `${cashed} ${t('BOB_WATCH')}` };
  } else if (p.plays && p.bust) status = { kind: 'lost', text: t('BOB_BUSTED') };
  else if (p.plays && p.tenth)
    status = {
      kind: 'cashed',
      text: t('BOB_PAID_END', { x: x(p.total), amount: money(stake * p.total) }),
    };
  else if (show.refusal !== null && p.open && show.refusal.step === p.open.index)
    status = { kind: 'error', text: refusalWords(t, show.refusal.code) };
  else if (p.sending === 'cash') status = { kind: 'sending', text: t('BOB_SENDING_CASH') };
  else if (p.sending === 'keep') status = { kind: 'sending', text: t('BOB_SENDING_KEEP') };
  else if (p.open && p.confirmed === 'cash')
    status = {
      kind: 'chosen',
      text: t('BOB_CHOSE_CASH', { x: x(p.open.total), amount: money(stake * p.open.total) }),
    };
  else if (p.open && p.confirmed === 'keep') status = { kind: 'chosen', text: t('BOB_CHOSE_KEEP') };
  else if (!p.plays) status = { kind: 'watch', text: t('BOB_NOT_IN') };

  return (
    <section
      className={`bob-bonus ${p.bust ? 'busted' : ''}`}
      data-testid="bob-bonus"
      aria-labelledby="bob-bonus-title"
      data-total={p.total}
      data-in={stillIn ? 'true' : 'false'}
    >
      <div className="bob-bonus-head">
        <h2 className="bob-bonus-title" id="bob-bonus-title">
          {t('BOB_BONUS_TITLE')}
        </h2>
        <span className="bob-bonus-total" data-testid="bob-total" data-total={p.total}>
          {p.bust ? t('BOB_BUST') : t('BOB_TOTAL', { total: x(p.total) })}
        </span>
        {p.rollsShown > 0 && (
          <span className="bob-bonus-roll" data-testid="bob-roll">
            {t('BOB_ROLL_OF', { n: Math.min(p.rollsShown, MAX_ROLLS), max: MAX_ROLLS })}
          </span>
        )}
        <span className="bob-bonus-players" data-testid="bob-players-in" data-n={show.playersIn}>
          {t('BOB_PLAYERS_IN', { n: show.playersIn })}
        </span>
      </div>
      {stillIn && (
        <div className="bob-choice" data-testid="bob-choice" data-open={p.open ? 'true' : 'false'}>
          {p.open ? (
            <Countdown left={leftMs} total={p.open.until - p.open.from} />
          ) : (
            <p className="bob-choice-wait">{t('BOB_NEXT_ROLL')}</p>
          )}
          <div className="bob-choice-buttons">
            <button
              type="button"
              className={`bob-choice-button keep ${p.chosen === 'keep' ? 'chosen' : ''}`}
              data-testid="bob-keep"
              aria-disabled={!canChoose}
              aria-pressed={p.chosen === 'keep'}
              aria-busy={p.sending === 'keep'}
              onClick={() => canChoose && p.onChoose('keep')}
            >
              <span className="bob-choice-word">{t('BOB_KEEP')}</span>
            </button>
            <button
              type="button"
              className={`bob-choice-button cash ${p.chosen === 'cash' ? 'chosen' : ''}`}
              data-testid="bob-cash"
              aria-disabled={!canChoose}
              aria-pressed={p.chosen === 'cash'}
              aria-busy={p.sending === 'cash'}
              onClick={() => canChoose && p.onChoose('cash')}
            >
              <span className="bob-choice-word">{t('BOB_CASH')}</span>{' '}
              <span className="bob-choice-amount" data-testid="bob-cash-amount">
                {t('BOB_CASH_AT', { x: x(p.total), amount: money(stake * p.total) })}
              </span>
            </button>
          </div>
          {p.open && (
            <p
              className="bob-default"
              data-testid="bob-default"
              data-choice={defaultChoice(p.open.total)}
            >
              {defaultChoice(p.open.total) === 'keep'
                ? t('BOB_DEFAULT_KEEP', { max: KEEP_UP_TO })
                : t('BOB_DEFAULT_CASH', { max: KEEP_UP_TO })}
            </p>
          )}
        </div>
      )}
      {status && (
        <p
          className={`bob-status bob-status-${status.kind}`}
          data-testid="bob-status"
          data-kind={status.kind}
        >
          {status.text}
        </p>
      )}
    </section>
  );
}

/** A BUST, drawn big over the studio. */
export function BustBanner() {
  const { t } = useTranslation();
  return (
    <div className="bob-bust" data-testid="bob-bust" aria-hidden="true">
      <span>{t('BOB_BUST')}</span>
    </div>
  );
}

export function ResultBanner({
  view,
  currency,
  landed,
}: {
  view: BoomView;
  currency: CurrencyStyle;
  landed: boolean;
}) {
  const { t } = useTranslation();
  const announced = useAnnounced();
  const r = view.result;
  if (!r || !landed) return null;
  const mine = view.myWin?.gameId === r.gameId ? view.myWin : null;
  return (
    <div
      className="result-banner bob-result"
      data-testid="result"
      data-dice={`${r.red},${r.blue}`}
      ref={announced}
    >
      <span className="bob-result-dice" aria-hidden="true">
        <Die value={r.red} size="1.7rem" className="die-red" />
        <Die value={r.blue} size="1.7rem" className="die-blue" />
      </span>
      <span className="bob-result-text">{throwWords(t, r)}</span>
      {r.doubles && <span className="bob-result-doubles">{t('BOB_DOUBLES')}</span>}
      <ResultWin mine={mine} currency={currency} />
    </div>
  );
}

export function RecentResults({ recent }: { recent: Drawn<BoomResult>[] }) {
  const { t } = useTranslation();
  return (
    <RecentList className="bob-recent">
      {recent.map((r) => (
        <li
          key={r.gameId}
          className={`recent ${r.doubles ? 'doubles' : ''}`}
          data-game={r.gameId}
          data-dice={`${r.red},${r.blue}`}
        >
          <span className="bob-recent-dice" aria-hidden="true">
            <Die value={r.red} size={15} className="die-red" />
            <Die value={r.blue} size={15} className="die-blue" />
          </span>
          <span className="sr-only">
            {r.doubles ? `${throwWords(t, r)}, ${t('BOB_DOUBLES')}` : throwWords(t, r)}
          </span>
        </li>
      ))}
    </RecentList>
  );
}

/** The rules, the bonus grid's values, and the live limits with what each spot pays. */
export function BoomHelp({
  table,
  currency,
  onClose,
}: {
  table: TableConfig;
  currency: CurrencyStyle;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  // One row per kind of spot (the numbers share theirs).
  const spots: SpotLimit[] = [];
  for (const s of table.limits.spots) if (!spots.some((o) => o.kind === s.kind)) spots.push(s);
  const codeOf = (kind: string) => (kind.toLowerCase() === 'boom' ? BOOM : kind);
  return (
    <Popup
      title={t('HELP_TITLE', { table: table.name })}
      onClose={onClose}
      testId="boomorbust-help"
      actions={<HelpActions tableId={table.tableId} onClose={onClose} />}
    >
      <p>
        {t('BOB_HELP_NUMBERS', {
          one: NUMBER_PAYS.one,
          both: NUMBER_PAYS.both,
          rtp: localiseDecimal(RTP.numbers),
        })}
      </p>
      <p>{t('BOB_HELP_BOOM', { rolls: MAX_ROLLS })}</p>
      <table className="limits-table bob-values" data-testid="bob-values">
        <caption>{t('BOB_HELP_VALUES')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('BOB_HELP_APART')}</th>
            <th scope="col">{t('BOB_HELP_ADDS')}</th>
          </tr>
        </thead>
        <tbody>
          {BONUS_VALUES.map((v, apart) => (
            <tr key={apart}>
              <th scope="row">{apart === 0 ? t('BOB_HELP_DOUBLES') : apart}</th>
              <td>{v === 0 ? t('BOB_BUST') : `+${v}`}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <p>{t('BOB_HELP_CHOICE', { max: KEEP_UP_TO, rtp: localiseDecimal(RTP.boom) })}</p>
      <LimitsSummary min={table.limits.min} max={table.limits.max} currency={currency} />
      <LimitsTable
        spots={spots}
        currency={currency}
        name={(kind) => (codeOf(kind) === BOOM ? betName(t, BOOM) : t('BOB_NUMBERS'))}
        pays={(s) => paysWords(t, codeOf(s.kind) === BOOM ? BOOM : '1')}
      />
    </Popup>
  );
}
