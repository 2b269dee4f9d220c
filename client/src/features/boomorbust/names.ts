// Boom or bust in words: its bets ("Number 3", "BOOM"), a throw ("Red 3, blue 5"), the
// squares of its grids and what the page tells screen readers as the show goes on.
import type { TFunction } from 'i18next';

import type { Face } from '../../lib/table/dice';
import { BOOM, type Pair, squareValue } from './grid';

/** A bet code's name; the code itself when it is not one of the table's. */
export function betName(t: TFunction, code: string): string {
  if (code === BOOM) return t('BOB_BOOM');
  return /^[1-6]$/.test(code) ? t('BOB_NUMBER', { n: code }) : code;
}

/** A throw: "Red 3, blue 5". */
export function throwWords(t: TFunction, p: Pair): string {
  return t('BOB_DICE', { red: p.red, blue: p.blue });
}

/** A square of the first grid: "Red 4, blue 4: doubles, BOOM". */
export function squareWords(t: TFunction, red: Face, blue: Face): string {
  return red === blue ? t('BOB_SQUARE_DOUBLES', { red, blue }) : t('BOB_DICE', { red, blue });
}

/** A square of the bonus grid: "Red 1, blue 6: adds 7" or "Red 3, blue 3: BUST". */
export function bonusSquareWords(t: TFunction, red: Face, blue: Face): string {
  const value = squareValue(red, blue);
  return value === 0
    ? t('BOB_SQUARE_BUST', { red, blue })
    : t('BOB_SQUARE_VALUE', { red, blue, value });
}

/** A refused choice in words: the game's own, else the error catalogue's. */
export function refusalWords(t: TFunction, code: number): string {
  if (code === 1018) return t('BOB_ERROR_1018');
  if (code === 1021) return t('BOB_ERROR_1021');
  if (code === 1022) return t('BOB_ERROR_1022');
  return t(`ERROR.${code}` as 'ERROR.1005', { defaultValue: t('ERROR.2001') });
}
