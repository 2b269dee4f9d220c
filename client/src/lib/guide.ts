// The quick guide (SPEC §3 show_quick_guide; §9 "quick-guide shown counts are stored per
// game and user"): shown by itself the first GUIDE_SHOWS times a player comes to a game's
// table, and whenever they ask for it from the table's help. The counts are one stored
// setting, `quick_guide_counts` ({ game: times shown }).
import { createStore } from './store';

export const GUIDE_SHOWS = 3;

/** The games whose route names a table (gameId) and plays it: each has a guide. */
export const TABLE_GAMES = [
  'roulette',
  'baccarat',
  'dragontiger',
  'andarbahar',
  'blackjack',
  'onebj',
  'sicbo',
  'megawheel',
  'spaceman',
  'bigbass',
  'crash',
  'sweetbonanza',
  'boomorbust',
] as const;
export type TableGame = (typeof TABLE_GAMES)[number];

/** Whether a route names a table game (each has a guide). */
export function isTableGame(game: string): game is TableGame {
  return (TABLE_GAMES as readonly string[]).includes(game);
}

/** The stored counts, whatever was saved: non-negative whole numbers by game. */
export function guideCounts(saved: unknown): Record<string, number> {
  const out: Record<string, number> = {};
  if (!saved || typeof saved !== 'object' || Array.isArray(saved)) return out;
  for (const [game, n] of Object.entries(saved as Record<string, unknown>))
    if (typeof n === 'number' && Number.isInteger(n) && n >= 0) out[game] = n;
  return out;
}

/** Whether the guide shows by itself for `game` now. */
export function guideDue(game: string, enabled: boolean, saved: unknown): boolean {
  return isTableGame(game) && enabled && (guideCounts(saved)[game] ?? 0) < GUIDE_SHOWS;
}

/** The guide's open state: the table's help opens it, the guide closes it. */
export const guideStore = createStore<{ open: boolean }>({ open: false });
export const openGuide = () => guideStore.set({ open: true });
export const closeGuide = () => guideStore.set({ open: false });
