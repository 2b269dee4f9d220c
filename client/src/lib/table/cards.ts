// Playing cards as the server writes them ("KH", "10S", "AD"): rank, suit symbol and
// colour, shared by every card game (baccarat, dragon tiger, andar bahar, blackjack).

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
