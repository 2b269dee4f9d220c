// Cards as the server writes them ("KH", "10S", "AD") and what the card tables show:
// rank, suit symbol, colour, and baccarat's hand totals.

export interface CardFace {
  rank: string; // A, 2-10, J, Q, K
  suit: 'S' | 'H' | 'D' | 'C';
  red: boolean;
  symbol: string; // ♠ ♥ ♦ ♣
}

const SYMBOLS = { S: '♠', H: '♥', D: '♦', C: '♣' } as const;

export function parseCard(text: string): CardFace | null {
  const m = /^(A|[2-9]|10|J|Q|K)([SHDC])$/.exec(text);
  if (!m) return null;
  const suit = m[2] as CardFace['suit'];
  return { rank: m[1]!, suit, red: suit === 'H' || suit === 'D', symbol: SYMBOLS[suit] };
}

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

/**
 * The side a result label names: its first letter, read per game (baccarat "B 5-9" is
 * banker and "T" a tie; dragon tiger "T" is tiger and "X" a tie; andar bahar "A"/"B").
 */
export function winnerOf(label: string, game: string): string {
  const letters: Record<string, Record<string, string>> = {
    baccarat: { P: 'player', B: 'banker', T: 'tie' },
    dragontiger: { D: 'dragon', T: 'tiger', X: 'tie' },
    andarbahar: { A: 'andar', B: 'bahar' },
  };
  const w = label.charAt(0);
  return letters[game]?.[w] ?? w.toLowerCase();
}
