// Blackjack's bets in words, for the player's history: the seat's bet ("Bet on seat 3"),
// a bet behind a seat, the one-hand table's bet, and what a decision added to them (a
// double, a split, insurance: SEAT_3_DOUBLE_0, BB_2_SPLIT, MAIN_INSURANCE). And what the
// dealer says of a round's result.
import type { TFunction } from 'i18next';

import type { DealerLine } from '../../lib/sound/sound';
import { resultOf } from './bj-state';

const ADDED: Record<string, 'BJ_DOUBLE' | 'BJ_SPLIT' | 'BJ_INSURANCE'> = {
  DOUBLE: 'BJ_DOUBLE',
  SPLIT: 'BJ_SPLIT',
  INSURANCE: 'BJ_INSURANCE',
};

/** The seat a bet is on or behind; 0 for the one-hand table's and unknown codes. */
export function seatOf(code: string): number {
  const m = /^(?:SEAT|BB)_(\d+)/.exec(code);
  return m ? Number(m[1]) : 0;
}

export function betName(t: TFunction, code: string): string {
  const m = /^(SEAT_(\d+)|BB_(\d+)|MAIN)(?:_([A-Z]+))?/.exec(code);
  if (!m) return code;
  const base = m[2]
    ? t('BJ_BET_SEAT_LABEL', { n: Number(m[2]) })
    : m[3]
      ? t('BJ_BET_BEHIND_LABEL', { n: Number(m[3]) })
      : t('BJ_BET_MAIN_LABEL');
  const added = m[4] ? ADDED[m[4]] : undefined;
  return added ? `${base}: ${t(added)}` : base;
}

/**
 * What the dealer says of the dealer's final hand ("D 18", "D BJ", "D BUST"): "Dealer has
 * 18" (the clip blackjack-18; two cards or more make 4-21), "Dealer has blackjack",
 * "Dealer busts". Null for a label that is none of these.
 */
export function dealerLine(t: TFunction, label: string): DealerLine | null {
  const r = resultOf(label);
  if (r.kind !== 'total') return { key: r.kind, words: t(`BJ_RESULT_${r.kind}`) };
  if (r.total < 4 || r.total > 21) return null;
  return { key: String(r.total), words: t('BJ_RESULT_total', { total: r.total }) };
}
