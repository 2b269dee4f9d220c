// The mega wheel's bets in words ("Number 5"), for the spots and the player's history.
import type { TFunction } from 'i18next';

export function betName(t: TFunction, code: string): string {
  return t('MEGAWHEEL_NUMBER', { number: code });
}
