// European roulette on the client: colours, the wheel's order, spot codes (the same
// canonical codes as the server, docs/protocol.md) and the numbers each spot covers.

import type { SpotRules } from '../../lib/table/bet-slip';
import { DOUBLE_ZERO, RED_NUMBERS, parsePocket, pocketLabel, pocketOrder } from './wheel';

export { colourOf, type PocketColour } from './wheel';

export type Variant = 'european' | 'american' | 'mega' | 'powerup';

/** The wheel a variant plays on. */
export function wheelVariant(variant: string): 'european' | 'american' {
  return variant === 'american' ? 'american' : 'european';
}

const INSIDE_KINDS = [
  'straight',
  'split',
  'street',
  'corner',
  'line',
  'trio',
  'basket',
  'topline',
] as const;
const EVEN_MONEY = ['red', 'black', 'even', 'odd', 'low', 'high'] as const;
const KINDS = [...INSIDE_KINDS, 'dozen', 'column', ...EVEN_MONEY] as const;

export type SpotKind = (typeof KINDS)[number];

const INSIDE: ReadonlySet<SpotKind> = new Set(INSIDE_KINDS);

export function kindOf(code: string): SpotKind | null {
  const head = code.split('_')[0]!.toLowerCase();
  return (KINDS as readonly string[]).includes(head) ? (head as SpotKind) : null;
}

export function isInside(code: string): boolean {
  const k = kindOf(code);
  return k !== null && INSIDE.has(k);
}

export function payoutOf(kind: SpotKind): number {
  switch (kind) {
    case 'straight':
      return 35;
    case 'split':
      return 17;
    case 'street':
    case 'trio':
      return 11;
    case 'corner':
    case 'basket':
      return 8;
    case 'topline':
      return 6;
    case 'line':
      return 5;
    case 'dozen':
    case 'column':
      return 2;
    default:
      return 1;
  }
}

/** The numbers a spot covers (for highlighting and for the payout a player can expect). */
export function coveredNumbers(code: string): number[] {
  const kind = kindOf(code);
  const parts = code
    .split('_')
    .slice(1)
    .map((p) => parsePocket(p) ?? Number(p));
  const range = (from: number, to: number) =>
    Array.from({ length: to - from + 1 }, (_, i) => from + i);
  switch (kind) {
    case null:
      return [];
    case 'dozen':
      return range(12 * (parts[0]! - 1) + 1, 12 * parts[0]!);
    case 'column':
      return range(1, 36).filter((n) => n % 3 === parts[0]! % 3);
    case 'red':
      return range(1, 36).filter((n) => RED_NUMBERS.has(n));
    case 'black':
      return range(1, 36).filter((n) => !RED_NUMBERS.has(n));
    case 'even':
      return range(1, 36).filter((n) => n % 2 === 0);
    case 'odd':
      return range(1, 36).filter((n) => n % 2 === 1);
    case 'low':
      return range(1, 18);
    case 'high':
      return range(19, 36);
    default:
      return parts;
  }
}

/** Builds a canonical code: kind in capitals and numbers ascending. */
export function spotCode(kind: SpotKind, numbers: number[] = []): string {
  const head = kind.toUpperCase();
  if (numbers.length === 0) return head;
  return [head, ...[...numbers].sort(pocketOrder).map(pocketLabel)].join('_');
}

export function wins(code: string, pocket: number): boolean {
  return coveredNumbers(code).includes(pocket);
}

/** Opposite even-money spots (SPEC 1037 when a table forbids them). */
export function oppositeOf(code: string): string | null {
  const pairs: Record<string, string> = {
    RED: 'BLACK',
    BLACK: 'RED',
    EVEN: 'ODD',
    ODD: 'EVEN',
    LOW: 'HIGH',
    HIGH: 'LOW',
  };
  return pairs[code] ?? null;
}

// ---- The betting grid --------------------------------------------------------------------

/**
 * One place a chip can go, in grid units: numbers 1-36 sit in 12 columns and 3 rows
 * (row 0 holds 3, 6, ... 36; row 2 holds 1, 4, ... 34), zero to the left of column 0.
 * x and y are the centre of the hit area, w and h its size.
 */
export interface GridSpot {
  code: string;
  x: number;
  y: number;
  w: number;
  h: number;
}

const EDGE = 0.34; // width of the hit area on a line between numbers

function cellOf(n: number): { col: number; row: number } {
  return { col: Math.floor((n - 1) / 3), row: 2 - ((n - 1) % 3) };
}

/**
 * Every inside spot with its hit area: a straight is its whole cell; splits, corners,
 * streets and lines sit on the lines, listed after the straights so that they are drawn
 * (and hit) over the cells' edges. On an American table 00 takes the top half of the
 * zero column and 0 the bottom half.
 */
export function insideSpots(wheel: 'european' | 'american' = 'european'): GridSpot[] {
  const spots: GridSpot[] =
    wheel === 'american'
      ? [
          { code: 'STRAIGHT_00', x: -0.5, y: 0.75, w: 1, h: 1.5 },
          { code: 'STRAIGHT_0', x: -0.5, y: 2.25, w: 1, h: 1.5 },
        ]
      : [{ code: 'STRAIGHT_0', x: -0.5, y: 1.5, w: 1, h: 3 }];
  for (let n = 1; n <= 36; n++) {
    const { col, row } = cellOf(n);
    spots.push({
      code: spotCode('straight', [n]),
      x: col + 0.5,
      y: row + 0.5,
      w: 1,
      h: 1,
    });
    if (col < 11)
      spots.push({
        code: spotCode('split', [n, n + 3]),
        x: col + 1,
        y: row + 0.5,
        w: EDGE,
        h: 1 - EDGE,
      });
    if (row > 0)
      spots.push({
        code: spotCode('split', [n, n + 1]),
        x: col + 0.5,
        y: row,
        w: 1 - EDGE,
        h: EDGE,
      });
    if (row > 0 && col < 11)
      spots.push({
        code: spotCode('corner', [n, n + 1, n + 3, n + 4]),
        x: col + 1,
        y: row,
        w: EDGE,
        h: EDGE,
      });
  }
  for (let col = 0; col < 12; col++) {
    const first = col * 3 + 1;
    spots.push({
      code: spotCode('street', [first, first + 1, first + 2]),
      x: col + 0.5,
      y: 3,
      w: 1 - EDGE,
      h: EDGE,
    });
    if (col < 11)
      spots.push({
        code: spotCode('line', [first, first + 1, first + 2, first + 3, first + 4, first + 5]),
        x: col + 1,
        y: 3,
        w: EDGE,
        h: EDGE,
      });
  }
  if (wheel === 'american') {
    // 0 borders 1 and the lower half of 2; 00 borders 3 and the upper half of 2.
    const z = DOUBLE_ZERO;
    spots.push({ code: spotCode('split', [0, z]), x: -0.5, y: 1.5, w: 1 - EDGE, h: EDGE });
    spots.push({ code: spotCode('split', [0, 1]), x: 0, y: 2.5, w: EDGE, h: 1 - EDGE });
    spots.push({ code: spotCode('split', [0, 2]), x: 0, y: 1.78, w: EDGE, h: 0.2 });
    spots.push({ code: spotCode('split', [z, 2]), x: 0, y: 1.22, w: EDGE, h: 0.2 });
    spots.push({ code: spotCode('split', [z, 3]), x: 0, y: 0.5, w: EDGE, h: 1 - EDGE });
    spots.push({ code: spotCode('trio', [0, 1, 2]), x: 0, y: 2, w: EDGE, h: EDGE * 0.6 });
    spots.push({ code: spotCode('trio', [0, z, 2]), x: 0, y: 1.5, w: EDGE, h: EDGE * 0.6 });
    spots.push({ code: spotCode('trio', [z, 2, 3]), x: 0, y: 1, w: EDGE, h: EDGE * 0.6 });
    spots.push({ code: spotCode('topline', [0, z, 1, 2, 3]), x: 0, y: 3, w: EDGE, h: EDGE });
    return spots;
  }
  // Zero's neighbours on its right-hand line.
  for (const n of [1, 2, 3]) {
    const { row } = cellOf(n);
    spots.push({ code: spotCode('split', [0, n]), x: 0, y: row + 0.5, w: EDGE, h: 1 - EDGE });
  }
  spots.push({ code: 'TRIO_0_1_2', x: 0, y: 2, w: EDGE, h: EDGE });
  spots.push({ code: 'TRIO_0_2_3', x: 0, y: 1, w: EDGE, h: EDGE });
  spots.push({ code: 'BASKET_0_1_2_3', x: 0, y: 3, w: EDGE, h: EDGE });
  return spots;
}

/** The outside spots with their areas: columns at the right end, dozens and even money below. */
export function outsideSpots(): GridSpot[] {
  const spots: GridSpot[] = [];
  for (let c = 1; c <= 3; c++)
    spots.push({ code: `COLUMN_${c}`, x: 12.5, y: 2.5 - (c - 1), w: 1, h: 1 });
  for (let d = 1; d <= 3; d++)
    spots.push({ code: `DOZEN_${d}`, x: 4 * (d - 1) + 2, y: 3.5, w: 4, h: 1 });
  const row = ['LOW', 'EVEN', 'RED', 'BLACK', 'ODD', 'HIGH'];
  row.forEach((code, i) => spots.push({ code, x: 2 * i + 1, y: 4.5, w: 2, h: 1 }));
  return spots;
}

const validCodes = new Map<string, ReadonlySet<string>>();

/** Whether a code names a spot of the layout (in canonical form). */
export function isSpot(code: string, wheel: 'european' | 'american' = 'european'): boolean {
  let codes = validCodes.get(wheel);
  if (!codes) {
    codes = new Set([...insideSpots(wheel), ...outsideSpots()].map((s) => s.code));
    validCodes.set(wheel, codes);
  }
  return codes.has(code);
}

/** The roulette spots of a layout, for the checks made before a bet is sent. */
export function rouletteRules(wheel: 'european' | 'american'): SpotRules {
  return {
    isSpot: (code) => isSpot(code, wheel),
    kindOf,
    isInside,
    oppositeOf,
  };
}
