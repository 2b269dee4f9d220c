// A crash table's bets in words: its two panels, "Bet 1" and "Bet 2", for the panels and
// the player's history.
import type { TFunction } from 'i18next';

/** A bet code's name ("BET_2" is "Bet 2"); the code itself when it is not a panel's. */
export function betName(t: TFunction, code: string): string {
  const m = /^BET_([12])$/.exec(code);
  return m ? t('CRASH_PANEL', { n: Number(m[1]) }) : code;
}
