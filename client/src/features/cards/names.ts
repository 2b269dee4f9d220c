// The card tables' bets and hands in words ("Banker", "Player pair"; "Dragon"), for the
// spots, the studio and the player's history; and what the dealer says of a result.
import type { TFunction } from 'i18next';

import type { DealerLine } from '../../lib/sound/sound';
import { winnerOf } from '../../lib/table/outcome';

/** A bet spot's name (PLAYER, BANKER_PAIR, DRAGON_SUITED_TIE …); the code when unknown. */
export function spotName(t: TFunction, code: string): string {
  return t(`CARD_SPOT_${code}` as 'CARD_SPOT_PLAYER', { defaultValue: code });
}

/** A hand's name: player, banker, dragon, tiger, joker, andar, bahar. */
export function handName(t: TFunction, hand: string): string {
  return t(`HAND_${hand}` as 'HAND_player', { defaultValue: hand });
}

/** The winners each card game's dealer announces (the clips <game>-<side>). */
const SIDES: Record<string, readonly string[]> = {
  baccarat: ['player', 'banker', 'tie'],
  dragontiger: ['dragon', 'tiger', 'tie'],
  andarbahar: ['andar', 'bahar'],
};

/** What the dealer says of a result ("B 5-9": "Banker wins"); null when it names no winner. */
export function dealerLine(t: TFunction, game: string, label: string): DealerLine | null {
  const side = winnerOf(label, game);
  if (!SIDES[game]?.includes(side)) return null;
  return { key: side, words: t(`WINNER_${side}` as 'WINNER_player') };
}
