// The pieces of a blackjack table: a hand (cards, total, stake, outcome), the dealer, a
// seat of the semicircle with its take-seat, bet and bet-behind controls, the decision
// bar with its countdown, and the one-hand infinite area (shared cards, own hands).
import { Avatar } from '../../ui/Avatar';
import { type ReactNode, memo, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';

import { type CurrencyStyle, type Units, amountText, formatMoney } from '../../lib/format/money';
import { chipText } from '../../lib/format/chips';
import { PlayingCard } from '../../ui/PlayingCard';
import {
  type BjDealer,
  type BjHand,
  type BjSeat,
  type BjView,
  type MyDecision,
  type Occupant,
  secondsUntil,
  totalLabel,
} from './bj-state';

export const DEAL_STAGGER_MS = 140;

function TotalBadge({
  hand,
  final,
  testId,
}: {
  hand: Pick<BjHand, 'cards' | 'total' | 'soft' | 'split'>;
  final: boolean;
  testId?: string;
}) {
  const { t } = useTranslation();
  const label = totalLabel(hand, final);
  if (label.kind === 'none') return null;
  let text: string;
  let aria: string;
  switch (label.kind) {
    case 'blackjack':
      text = aria = t('BJ_BLACKJACK');
      break;
    case 'bust':
      text = aria = t('BJ_BUST', { total: label.total });
      break;
    case 'soft':
      text = `${label.low}/${label.high}`;
      aria = t('BJ_SOFT_LABEL', { total: label.high });
      break;
    default:
      text = aria = String(label.total);
  }
  return (
    <span
      className={`bj-total total-${label.kind}`}
      data-testid={testId}
      data-total={hand.total}
      aria-label={aria}
    >
      {text}
    </span>
  );
}

/** One hand: its cards dealt in one after the other, its total, stake and outcome. */
export function HandView({
  hand,
  testId,
  outcomeTestId,
  label,
  active,
  currency,
  dealOrder,
}: {
  hand: BjHand;
  testId: string;
  outcomeTestId: string;
  label: string;
  active: boolean;
  currency: CurrencyStyle;
  /** Where the first two cards come in the initial deal (null: no stagger). */
  dealOrder: ((card: number) => number) | null;
}) {
  const { t } = useTranslation();
  return (
    <div
      className={`bj-hand ${active ? 'active' : ''} ${hand.outcome ? `o-${hand.outcome}` : ''}`}
      data-testid={testId}
      data-cards={hand.cards.join(' ')}
      data-done={hand.done}
      role="group"
      aria-label={label}
    >
      <div className="bj-cards">
        {hand.cards.map((c, i) => (
          <PlayingCard
            key={i}
            card={c}
            delayMs={dealOrder && i < 2 ? dealOrder(i) * DEAL_STAGGER_MS : 0}
          />
        ))}
      </div>
      <div className="bj-hand-info">
        <TotalBadge hand={hand} final={hand.done} testId={`${testId}-total`} />
        {hand.stake > 0 && (
          <span className="bj-stake" data-amount={amountText(hand.stake)}>
            {formatMoney(hand.doubled ? 2 * hand.stake : hand.stake, currency)}
            {hand.doubled && <span className="bj-doubled"> {t('BJ_DOUBLED')}</span>}
          </span>
        )}
      </div>
      {hand.outcome && (
        <span
          className={`bj-outcome o-${hand.outcome}`}
          data-testid={outcomeTestId}
          data-outcome={hand.outcome}
          data-returned={amountText(hand.returned ?? 0)}
          role="status"
        >
          {t(`BJ_OUTCOME_${hand.outcome}`)}
          {hand.returned !== null && hand.returned > 0 && (
            <> {formatMoney(hand.returned, currency)}</>
          )}
        </span>
      )}
    </div>
  );
}

/** The dealer's cards: the up card after every seat's first card, the hole card last. */
export function DealerView({ dealer, dealt }: { dealer: BjDealer; dealt: number }) {
  const { t } = useTranslation();
  const delay = (i: number) =>
    i === 0 ? dealt * DEAL_STAGGER_MS : i === 1 ? (2 * dealt + 1) * DEAL_STAGGER_MS : 0;
  return (
    <section className="bj-dealer" data-testid="bj-dealer" aria-label={t('BJ_DEALER')}>
      <h2>
        {t('BJ_DEALER')}
        <TotalBadge
          hand={{ ...dealer, split: false }}
          final={!dealer.hidden}
          testId="bj-dealer-total"
        />
      </h2>
      <div className="bj-cards">
        {dealer.cards.map((c, i) => (
          <PlayingCard key={i} card={c} delayMs={delay(i)} />
        ))}
        {dealer.hidden && <PlayingCard key="hole" card={null} progress={0} delayMs={delay(1)} />}
      </div>
    </section>
  );
}

/** A bet spot: the chip total on it, placed with the selected chip. */
export function SpotButton({
  code,
  text,
  label,
  amount,
  chipIndex,
  open,
  currency,
  onPlace,
}: {
  code: string;
  text: string;
  label: string;
  amount: Units;
  chipIndex: (value: Units) => number;
  open: boolean;
  currency: CurrencyStyle;
  onPlace: (code: string) => void;
}) {
  return (
    <button
      type="button"
      className={`bj-spot ${open ? 'open' : 'closed'} ${amount > 0 ? 'has-bet' : ''}`}
      data-testid={`bj-spot-${code}`}
      data-spot={code}
      data-amount={amountText(amount)}
      aria-disabled={!open}
      onClick={() => onPlace(code)}
    >
      <span className="sr-only">
        {amount > 0 ? `${label}: ${formatMoney(amount, currency)}` : label}
      </span>
      {amount > 0 ? (
        <span
          className="spot-chip"
          style={{ background: `var(--chip-${chipIndex(amount) % 6})` }}
          aria-hidden="true"
        >
          {chipText(amount)}
        </span>
      ) : (
        <span className="bj-spot-text" aria-hidden="true">
          {text}
        </span>
      )}
    </button>
  );
}

export interface SeatProps {
  n: number;
  me: string;
  occupant: Occupant | null;
  box: BjSeat | null;
  myBehind: BjHand[];
  turnHand: number | null; // the hand deciding now, when this seat's turn
  open: boolean;
  canSit: boolean;
  totals: Map<string, Units>;
  chipIndex: (value: Units) => number;
  currency: CurrencyStyle;
  /** How far down the semicircle the seat sits: 0 at the ends, 1 in the middle. */
  arc: number;
  /** This seat's place in the deal and how many seats are dealt to. */
  dealIndex: number;
  dealt: number;
  onSit: (n: number) => void;
  onLeave: (n: number) => void;
  onPlace: (code: string) => void;
}

export const SeatView = memo(function SeatView(p: SeatProps) {
  const { t } = useTranslation();
  const mine = p.occupant?.playerId === p.me;
  const hands = p.box?.hands ?? [];
  const behind = p.box?.behind;
  const seatCode = `SEAT_${p.n}`;
  const behindCode = `BB_${p.n}`;
  // Deal order: every seat's first card, the dealer's up card, every seat's second card.
  const order = (i: number) => i * (p.dealt + 1) + p.dealIndex;
  return (
    <li
      className={`bj-seat ${p.occupant ? 'taken' : 'free'} ${mine ? 'mine' : ''} ${p.turnHand !== null ? 'turn' : ''}`}
      data-testid={`bj-seat-${p.n}`}
      data-seat={p.n}
      style={{ ['--arc' as string]: p.arc.toFixed(3) }}
    >
      <div className="bj-seat-hands">
        {hands.map((h, i) => (
          <HandView
            key={i}
            hand={h}
            testId={`bj-hand-${p.n}-${i}`}
            outcomeTestId={`bj-outcome-${p.n}-${i}`}
            label={t('BJ_HAND_LABEL', { n: p.n, hand: i + 1 })}
            active={p.turnHand === i}
            currency={p.currency}
            dealOrder={hands.length === 1 && !h.split ? order : null}
          />
        ))}
        {p.myBehind.map((h, i) => (
          <div key={`b${i}`} className="bj-my-behind" data-testid={`bj-behind-${p.n}-${i}`}>
            <span className="label">{t('BJ_YOUR_BEHIND')}</span>
            <TotalBadge hand={h} final={h.done} />
            <span className="bj-stake">{formatMoney(h.stake, p.currency)}</span>
            {h.outcome && (
              <span
                className={`bj-outcome o-${h.outcome}`}
                data-outcome={h.outcome}
                data-returned={amountText(h.returned ?? 0)}
              >
                {t(`BJ_OUTCOME_${h.outcome}`)}
              </span>
            )}
          </div>
        ))}
      </div>
      {p.box && p.box.insurance > 0 && (
        <span className="bj-insured">
          {t('BJ_INSURED', { amount: formatMoney(p.box.insurance, p.currency) })}
        </span>
      )}
      <div className="bj-seat-base">
        <span className="bj-seat-name">
          {p.occupant && <Avatar id={p.occupant.avatar} name={p.occupant.name} size={18} />}
          {p.occupant
            ? mine
              ? t('BJ_YOU')
              : p.occupant.name || t('CHAT_GUEST')
            : t('BJ_SEAT', { n: p.n })}
        </span>
        {behind && behind.players > 0 && (
          <span className="bj-behind-count">
            {t('BJ_BEHIND_COUNT', {
              count: behind.players,
              total: formatMoney(behind.total, p.currency),
            })}
          </span>
        )}
        {!p.occupant ? (
          <button
            type="button"
            className="button small"
            data-testid={`bj-sit-${p.n}`}
            aria-label={t('BJ_SIT_LABEL', { n: p.n })}
            disabled={!p.canSit}
            onClick={() => p.onSit(p.n)}
          >
            {t('BJ_SIT')}
          </button>
        ) : mine ? (
          <>
            <SpotButton
              code={seatCode}
              text={t('BJ_BET_SEAT')}
              label={t('BJ_BET_SEAT_LABEL', { n: p.n })}
              amount={p.totals.get(seatCode) ?? 0}
              chipIndex={p.chipIndex}
              open={p.open}
              currency={p.currency}
              onPlace={p.onPlace}
            />
            <button
              type="button"
              className="link-button bj-leave"
              data-testid={`bj-leave-${p.n}`}
              aria-label={t('BJ_LEAVE_LABEL', { n: p.n })}
              onClick={() => p.onLeave(p.n)}
            >
              {t('BJ_LEAVE')}
            </button>
          </>
        ) : (
          <SpotButton
            code={behindCode}
            text={t('BJ_BET_BEHIND')}
            label={t('BJ_BET_BEHIND_LABEL', { n: p.n })}
            amount={p.totals.get(behindCode) ?? 0}
            chipIndex={p.chipIndex}
            open={p.open}
            currency={p.currency}
            onPlace={p.onPlace}
          />
        )}
      </div>
    </li>
  );
});

export type Decision = 'hit' | 'stand' | 'double' | 'split' | 'insurance' | 'no_insurance';

/** Seconds until `endsAt`, ticking while shown. */
function useCountdown(endsAt: number, view: BjView): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 250);
    return () => clearInterval(timer);
  }, []);
  return secondsUntil(endsAt, view, now);
}

/**
 * The player's decision: hit, stand, double, split, or the insurance question, with the
 * seconds left. Buttons for decisions the hand does not allow are disabled.
 */
export function DecisionBar({
  view,
  decision,
  insurance,
  busy,
  onDecide,
}: {
  view: BjView;
  decision: MyDecision | null;
  insurance: { seat: number | null; endsAt: number } | null;
  busy: boolean;
  onDecide: (d: Decision, seat: number | null) => void;
}) {
  const { t } = useTranslation();
  const endsAt = insurance?.endsAt ?? decision?.endsAt ?? 0;
  const seconds = useCountdown(endsAt, view);
  const button = (d: Decision, text: string, enabled: boolean, seat: number | null) => (
    <button
      key={d}
      type="button"
      className={`bj-decision d-${d}`}
      data-testid={`bj-${d.replace('_', '-')}`}
      aria-label={text}
      disabled={busy || !enabled}
      onClick={() => onDecide(d, seat)}
    >
      {text}
    </button>
  );
  let title: string;
  let buttons: ReactNode[];
  if (insurance) {
    title =
      insurance.seat === null
        ? t('BJ_INSURANCE_QUESTION_ONEBJ')
        : t('BJ_INSURANCE_QUESTION', { n: insurance.seat });
    buttons = [
      button('insurance', t('BJ_INSURANCE'), true, insurance.seat),
      button('no_insurance', t('BJ_NO_INSURANCE'), true, insurance.seat),
    ];
  } else if (decision) {
    title =
      decision.seat === null
        ? t('BJ_DECISION_ONEBJ', { hand: decision.hand + 1 })
        : t('BJ_DECISION_FOR', { n: decision.seat, hand: decision.hand + 1 });
    buttons = [
      button('hit', t('BJ_HIT'), decision.can.hit, decision.seat),
      button('stand', t('BJ_STAND'), decision.can.stand, decision.seat),
      button('double', t('BJ_DOUBLE'), decision.can.double, decision.seat),
      button('split', t('BJ_SPLIT'), decision.can.split, decision.seat),
    ];
  } else {
    return null;
  }
  return (
    <section className="bj-decisions" data-testid="bj-decisions" aria-label={title}>
      <p className="bj-decision-title">{title}</p>
      <span
        className={`bj-timer ${seconds <= 3 ? 'urgent' : ''}`}
        data-testid="bj-timer"
        data-seconds={seconds}
        role="timer"
        aria-label={t('BJ_TIME_LEFT', { seconds })}
      >
        {seconds}
      </span>
      <div className="bj-decision-buttons">{buttons}</div>
    </section>
  );
}

/** One-hand infinite: the shared cards, how many play, and the player's own hands. */
export function OneHandArea({
  view,
  currency,
  deciding,
  spot,
}: {
  view: BjView;
  currency: CurrencyStyle;
  deciding: boolean;
  spot: ReactNode; // the MAIN bet spot, under the player's hands
}) {
  const { t } = useTranslation();
  const you = view.you;
  return (
    <section className="bj-onehand">
      <div className="bj-shared-row">
        <span className="bj-shared-label">{t('BJ_SHARED')}</span>
        <div
          className="bj-cards bj-shared"
          data-testid="bj-shared"
          role="group"
          aria-label={t('BJ_SHARED')}
        >
          {view.shared.map((c, i) => (
            <PlayingCard key={i} card={c} delayMs={i < 2 ? i * 2 * DEAL_STAGGER_MS : 0} />
          ))}
        </div>
        <span className="bj-players" data-testid="bj-players" data-count={view.players}>
          {t('BJ_PLAYERS', { count: view.players })}
        </span>
      </div>
      <div className="bj-my-hands" role="group" aria-label={t('BJ_YOUR_HANDS')}>
        {you && you.hands.length > 0 ? (
          you.hands.map((h, i) => (
            <HandView
              key={i}
              hand={h}
              testId={`bj-my-hand-${i}`}
              outcomeTestId={`bj-my-outcome-${i}`}
              label={t('BJ_MY_HAND_LABEL', { hand: i + 1 })}
              active={deciding && i === you.active}
              currency={currency}
              dealOrder={null}
            />
          ))
        ) : (
          <p className="bj-no-hand">{t('BJ_NO_HAND')}</p>
        )}
      </div>
      <div className="bj-main-spot">{spot}</div>
    </section>
  );
}
