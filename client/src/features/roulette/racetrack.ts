// Bets by the wheel (the racetrack): a pocket and its neighbours, and the French announced
// bets of the single-zero wheel, each as the spot codes and chip counts a croupier would
// place. Pure: no React, no i18n. Chips are counted in units of the selected chip.
//
// The announced bets, as published:
// - Voisins du zéro, tiers du cylindre and orphelins, chip by chip: the announced bets
//   table of the Spielbank Zwiesel rules ("Folgende Kombinationen werden als Annoncen
//   angenommen": 9 Stücke = 17 Nummern: 0/2/3 = 2 Stücke, 4/7, 12/15, 18/21, 19/22, 32/35
//   je 1 Stück, Carré 25/29 = 2 Stücke; 6 Stücke = 12 Nummern: 5/8, 10/11, 13/16, 23/24,
//   27/30, 33/36; 5 Stücke = 8 Nummern: 1, 6/9, 14/17/20, 31/34),
//   http://webmuzeum.sumava.cz/retour-1996/mesta/zel_ruda/firmy/casino/fr_roul.htm
// - Tiers du cylindre: https://www.roulette17.com/bets/tiers-du-cylindre/ (six splits
//   5-8, 10-11, 13-16, 23-24, 27-30, 33-36).
// - Orphelins: https://greater-opportunities.com/roulette-terminology-high-low-bets-the-orphalins/
//   (straight up 1, splits 6-9, 14-17, 17-20, 31-34: five pieces) and
//   https://casinobullseye.com/blog/orphelins/ (the eight numbers, one straight and four splits).
// - Jeu zéro: https://casinorange.com/how-to/roulette-zero-game-bet and
//   https://casinoanswers.co.uk/what-is-a-zero-game-bet-in-roulette/ (26 straight up, splits
//   0-3, 12-15, 32-35: four chips covering 12, 35, 3, 26, 0, 32, 15).
// The tests check that each bet covers exactly its published sector of the wheel.
import { EUROPEAN_WHEEL, type WheelVariant, parsePocket, pocketLabel, pocketOrder } from './wheel';

/** `chips` of the selected chip on `spot` (a canonical spot code). */
export type AnnouncedLine = { spot: string; chips: number };

/** The sections of the European racetrack; `zero` is jeu zéro (inside voisins' sector). */
export type AnnouncedBetId = 'tiers' | 'orphelins' | 'voisins' | 'zero';

export interface AnnouncedBet {
  id: AnnouncedBetId;
  lines: readonly AnnouncedLine[];
}

export const MAX_NEIGHBOURS = 9;

const line = (spot: string, chips = 1): AnnouncedLine => Object.freeze({ spot, chips });

/** Voisins du zéro: 9 chips on the 17 numbers from 22 to 25 round the zero. */
export const VOISINS_DU_ZERO: AnnouncedBet = Object.freeze({
  id: 'voisins',
  lines: Object.freeze([
    line('TRIO_0_2_3', 2),
    line('SPLIT_4_7'),
    line('SPLIT_12_15'),
    line('SPLIT_18_21'),
    line('SPLIT_19_22'),
    line('CORNER_25_26_28_29', 2),
    line('SPLIT_32_35'),
  ]),
});

/** Tiers du cylindre: 6 splits on the 12 numbers from 27 to 33, opposite the zero. */
export const TIERS_DU_CYLINDRE: AnnouncedBet = Object.freeze({
  id: 'tiers',
  lines: Object.freeze([
    line('SPLIT_5_8'),
    line('SPLIT_10_11'),
    line('SPLIT_13_16'),
    line('SPLIT_23_24'),
    line('SPLIT_27_30'),
    line('SPLIT_33_36'),
  ]),
});

/** Orphelins: 5 chips on the 8 numbers neither voisins nor tiers covers. */
export const ORPHELINS: AnnouncedBet = Object.freeze({
  id: 'orphelins',
  lines: Object.freeze([
    line('STRAIGHT_1'),
    line('SPLIT_6_9'),
    line('SPLIT_14_17'),
    line('SPLIT_17_20'),
    line('SPLIT_31_34'),
  ]),
});

/** Jeu zéro: 4 chips on the 7 numbers from 12 to 15 round the zero. */
export const JEU_ZERO: AnnouncedBet = Object.freeze({
  id: 'zero',
  lines: Object.freeze([
    line('SPLIT_0_3'),
    line('SPLIT_12_15'),
    line('STRAIGHT_26'),
    line('SPLIT_32_35'),
  ]),
});

/** In the racetrack's order, left to right: tiers, orphelins, voisins, zero. */
export const ANNOUNCED_BETS: readonly AnnouncedBet[] = Object.freeze([
  TIERS_DU_CYLINDRE,
  ORPHELINS,
  VOISINS_DU_ZERO,
  JEU_ZERO,
]);

/** The announced bets a table offers: the French bets on European tables, none on American. */
export function announcedBetsFor(variant: WheelVariant): readonly AnnouncedBet[] {
  return variant === 'european' ? ANNOUNCED_BETS : [];
}

/** A neighbour count held to 0-9 (0 for anything that is not a number). */
export function clampNeighbours(n: number): number {
  return Number.isFinite(n) ? Math.min(Math.max(Math.trunc(n), 0), MAX_NEIGHBOURS) : 0;
}

/** The pockets from `n` before `pocket` to `n` after it, in wheel order (wrapping round). */
export function neighbourPockets(
  pocket: number,
  n: number,
  wheel: readonly number[] = EUROPEAN_WHEEL,
): number[] {
  const at = wheel.indexOf(pocket);
  if (at < 0) return [];
  const side = Math.min(clampNeighbours(n), (wheel.length - 1) >> 1);
  const out: number[] = [];
  for (let k = -side; k <= side; k++) out.push(wheel[(at + k + wheel.length) % wheel.length]!);
  return out;
}

/**
 * A neighbours bet: one chip straight up on `pocket` and on each of the `n` (0-9) pockets
 * either side of it on `wheel`, in wheel order. Empty for a pocket not on the wheel.
 */
export function neighbours(
  pocket: number,
  n: number,
  wheel: readonly number[] = EUROPEAN_WHEEL,
): AnnouncedLine[] {
  return neighbourPockets(pocket, n, wheel).map((p) => ({
    spot: `STRAIGHT_${pocketLabel(p)}`,
    chips: 1,
  }));
}

/**
 * The pockets an inside spot covers ("SPLIT_0_00" covers 0 and 37), ascending as spot
 * codes sort; empty for outside spots and codes it cannot read.
 */
export function spotPockets(spot: string): number[] {
  const parts = spot.split('_').slice(1);
  if (parts.length === 0) return [];
  const pockets = parts.map(parsePocket);
  if (pockets.some((p) => p === null)) return [];
  return (pockets as number[]).sort(pocketOrder);
}

/** Every pocket some line covers, once each, in spot order (0, 00, 1 … 36). */
export function coveredPockets(lines: readonly AnnouncedLine[]): number[] {
  const set = new Set(lines.flatMap((l) => spotPockets(l.spot)));
  return [...set].sort(pocketOrder);
}

/** Lines on the same spot as one line with their chips added, in order of first appearance. */
export function mergeLines(...lists: (readonly AnnouncedLine[])[]): AnnouncedLine[] {
  const chips = new Map<string, number>();
  for (const list of lists)
    for (const l of list) chips.set(l.spot, (chips.get(l.spot) ?? 0) + l.chips);
  return [...chips].filter(([, c]) => c > 0).map(([spot, c]) => ({ spot, chips: c }));
}

export function totalChips(lines: readonly AnnouncedLine[]): number {
  return lines.reduce((sum, l) => sum + l.chips, 0);
}

const SECTORS: ReadonlyMap<number, AnnouncedBetId> = (() => {
  const map = new Map<number, AnnouncedBetId>();
  // Jeu zéro first: its numbers are drawn in its own section inside voisins' sector.
  for (const bet of [JEU_ZERO, VOISINS_DU_ZERO, TIERS_DU_CYLINDRE, ORPHELINS])
    for (const p of coveredPockets(bet.lines)) if (!map.has(p)) map.set(p, bet.id);
  return map;
})();

/**
 * The section of the European racetrack a pocket is drawn in: the jeu zéro numbers in
 * `zero`, the rest of voisins du zéro in `voisins`, then `tiers` and `orphelins`. Null
 * for a pocket that is not on the European wheel (37).
 */
export function sectorOf(pocket: number): AnnouncedBetId | null {
  return SECTORS.get(pocket) ?? null;
}
