// What the card tables show of the cards (read by lib/table/cards): baccarat's hand
// totals, the spots and hands of each game, and the winner a result names.

import type { CardFace } from '../../lib/table/cards';

export { type CardFace, parseCard } from '../../lib/table/cards';

/** Baccarat value: ace 1, two to nine face value, tens and faces 0. */
export function baccaratValue(card: CardFace): number {
  if (card.rank === 'A') return 1;
  const n = Number(card.rank);
  return Number.isNaN(n) || n >= 10 ? 0 : n;
}

/** A baccarat hand's total (cards not yet shown count nothing). */
export function handTotal(cards: (CardFace | null)[]): number {
  return cards.reduce((sum, c) => (c ? sum + baccaratValue(c) : sum), 0) % 10;
}

/** The spots a card game offers on its main row; every other spot is a side bet. */
export const MAIN_SPOTS: Record<string, string[]> = {
  baccarat: ['PLAYER', 'TIE', 'BANKER'],
  dragontiger: ['DRAGON', 'TIE', 'TIGER'],
  andarbahar: ['ANDAR', 'BAHAR'],
};

/** The hands a game deals to, in the order the studio shows them. */
export const HANDS: Record<string, string[]> = {
  baccarat: ['player', 'banker'],
  dragontiger: ['dragon', 'tiger'],
  andarbahar: ['joker', 'andar', 'bahar'],
};

const OPPOSITE: Record<string, string> = {
  PLAYER: 'BANKER',
  BANKER: 'PLAYER',
  DRAGON: 'TIGER',
  TIGER: 'DRAGON',
  ANDAR: 'BAHAR',
  BAHAR: 'ANDAR',
};

export function oppositeSpot(code: string): string | null {
  return OPPOSITE[code] ?? null;
}
