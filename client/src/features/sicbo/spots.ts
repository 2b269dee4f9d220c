// Sic bo's 52 bet spots on the client (docs/games/sicbo.md): their exact codes in board
// order, the kind the table's limits give for each, the dice each shows, which spots a
// throw wins, and the rules the bet slip checks before a bet is sent.
import type { Dice, Face } from '../../lib/table/dice';
import type { SpotRules } from '../../lib/table/bet-slip';

/** The board's groups, in the order the board shows them. */
export const GROUPS = ['main', 'doubles', 'triples', 'totals', 'combos', 'singles'] as const;
export type SpotGroup = (typeof GROUPS)[number];

export interface SicBoSpot {
  code: string; // SMALL, TOTAL_10, TRIPLE_3, ANY_TRIPLE, DOUBLE_2, COMBO_1_2, SINGLE_6
  kind: string; // the kind the table's limits list: small, total_10, triple, combo …
  group: SpotGroup;
  faces: Face[]; // the dice drawn on it (none for small, big, odd, even and totals)
  total?: number; // TOTAL_n
}

const FACES: Face[] = [1, 2, 3, 4, 5, 6];

function build(): SicBoSpot[] {
  const spots: SicBoSpot[] = ['SMALL', 'ODD', 'EVEN', 'BIG'].map((code) => ({
    code,
    kind: code.toLowerCase(),
    group: 'main',
    faces: [],
  }));
  for (const f of FACES)
    spots.push({ code: `DOUBLE_${f}`, kind: 'double', group: 'doubles', faces: [f, f] });
  spots.push({ code: 'ANY_TRIPLE', kind: 'any_triple', group: 'triples', faces: [] });
  for (const f of FACES)
    spots.push({ code: `TRIPLE_${f}`, kind: 'triple', group: 'triples', faces: [f, f, f] });
  for (let total = 4; total <= 17; total++)
    spots.push({
      code: `TOTAL_${total}`,
      kind: `total_${total}`,
      group: 'totals',
      faces: [],
      total,
    });
  for (const a of FACES)
    for (const b of FACES)
      if (a < b)
        spots.push({ code: `COMBO_${a}_${b}`, kind: 'combo', group: 'combos', faces: [a, b] });
  for (const f of FACES)
    spots.push({ code: `SINGLE_${f}`, kind: 'single', group: 'singles', faces: [f] });
  return spots;
}

/** Every spot, in board order: 4 main, 6 doubles, any triple and 6 triples, 14 totals, 15
 * combinations and 6 single numbers. */
export const SPOTS: readonly SicBoSpot[] = Object.freeze(build());

const BY_CODE = new Map(SPOTS.map((s) => [s.code, s]));

export function spotOf(code: string): SicBoSpot | null {
  return BY_CODE.get(code) ?? null;
}

const count = (d: Dice, f: number) => d.values.filter((v) => v === f).length;

/** Whether a spot wins on a throw (small, big, odd and even lose on any triple). */
export function wins(code: string, d: Dice): boolean {
  const spot = spotOf(code);
  if (!spot) return false;
  const [f] = spot.faces;
  switch (spot.kind) {
    case 'small':
      return !d.triple && d.total <= 10;
    case 'big':
      return !d.triple && d.total >= 11;
    case 'odd':
      return !d.triple && d.total % 2 === 1;
    case 'even':
      return !d.triple && d.total % 2 === 0;
    case 'any_triple':
      return d.triple;
    case 'triple':
      return d.triple && d.values[0] === f;
    case 'double':
      return count(d, f!) >= 2;
    case 'combo':
      return count(d, spot.faces[0]!) > 0 && count(d, spot.faces[1]!) > 0;
    case 'single':
      return count(d, f!) > 0;
    default:
      return d.total === spot.total;
  }
}

/** The spots a throw wins. */
export function winningSpots(d: Dice): Set<string> {
  return new Set(SPOTS.filter((s) => wins(s.code, d)).map((s) => s.code));
}

const OPPOSITE: Record<string, string> = { SMALL: 'BIG', BIG: 'SMALL', ODD: 'EVEN', EVEN: 'ODD' };

/** The checks made before a bet is sent: every spot is an outside one. */
export const sicboRules: SpotRules = {
  isSpot: (code) => BY_CODE.has(code),
  kindOf: (code) => BY_CODE.get(code)?.kind ?? null,
  isInside: () => false,
  oppositeOf: (code) => OPPOSITE[code] ?? null,
};
