// The card tables' bets and hands in words ("Banker", "Player pair"; "Dragon"), for the
// spots, the studio and the player's history.
import type { TFunction } from 'i18next';

/** A bet spot's name (PLAYER, BANKER_PAIR, DRAGON_SUITED_TIE …); the code when unknown. */
export function spotName(t: TFunction, code: string): string {
  return t(`CARD_SPOT_${code}` as 'CARD_SPOT_PLAYER', { defaultValue: code });
}

/** A hand's name: player, banker, dragon, tiger, joker, andar, bahar. */
export function handName(t: TFunction, hand: string): string {
  return t(`HAND_${hand}` as 'HAND_player', { defaultValue: hand });
}
