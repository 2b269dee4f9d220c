// European roulette on the client: colours, the wheel's order, spot codes (the same
// canonical codes as the server, docs/protocol.md) and the numbers each spot covers.

export const RED_NUMBERS: ReadonlySet<number> = new Set([
  1, 3, 5, 7, 9, 12, 14, 16, 18, 19, 21, 23, 25, 27, 30, 32, 34, 36,
]);

export type PocketColour = 'green' | 'red' | 'black';

export function colourOf(n: number): PocketColour {
  if (n === 0) return 'green';
  return RED_NUMBERS.has(n) ? 'red' : 'black';
}

/** Pockets clockwise from zero on a European wheel. */
export const WHEEL_ORDER: readonly number[] = [
  0, 32, 15, 19, 4, 21, 2, 25, 17, 34, 6, 27, 13, 36, 11, 30, 8, 23, 10, 5, 24, 16, 33, 1, 20, 14,
  31, 9, 22, 18, 29, 7, 28, 12, 35, 3, 26,
];

const INSIDE_KINDS = ['straight', 'split', 'street', 'corner', 'line', 'trio', 'basket'] as const;
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
  const parts = code.split('_').slice(1).map(Number);
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
  return [head, ...[...numbers].sort((a, b) => a - b)].join('_');
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

/** Every inside spot with its hit area (straights cover cells; splits, corners, streets and lines sit on lines). */
export function insideSpots(): GridSpot[] {
  const spots: GridSpot[] = [{ code: 'STRAIGHT_0', x: -0.5, y: 1.5, w: 1, h: 3 }];
  for (let n = 1; n <= 36; n++) {
    const { col, row } = cellOf(n);
    spots.push({
      code: spotCode('straight', [n]),
      x: col + 0.5,
      y: row + 0.5,
      w: 1 - EDGE,
      h: 1 - EDGE,
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

let validCodes: ReadonlySet<string> | null = null;

/** Whether a code names a spot of the European layout (in canonical form). */
export function isSpot(code: string): boolean {
  validCodes ??= new Set([...insideSpots(), ...outsideSpots()].map((s) => s.code));
  return validCodes.has(code);
}
