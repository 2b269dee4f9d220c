// The mega wheel on the client (docs/games/megawheel.md): its results as the server
// writes them ("5|7|40x100": the number won, the segment the wheel stopped on, and the
// number given the mega multiplier with its multiplier), the multipliers announced after
// bets close, and the geometry that turns the wheel to the server's segment.
import { WHEEL_NUMBERS, type WheelNumber, wheelNumberOf } from '../../lib/table/money-wheel';

/** The number given the mega multiplier this round, and its multiplier (it pays x to 1). */
export interface Mega {
  number: WheelNumber;
  x: number;
}

export interface WheelResult {
  number: WheelNumber; // the number won
  segment: number | null; // the segment the wheel stopped on (null when only the label is known)
  mega: Mega | null;
}

function megaOf(text: string): Mega | null {
  const m = /^(\d+)x(\d+)$/.exec(text);
  const number = m ? wheelNumberOf(m[1]!) : null;
  return number === null ? null : { number, x: Number(m![2]) };
}

/** A result from its label ("5") and outcome ("5|7|40x100"); null if it is not one. */
export function parseWheelResult(label: string, outcome: string): WheelResult | null {
  const number = wheelNumberOf(label);
  if (number === null) return null;
  const [, segment, mega] = outcome.split('|');
  return {
    number,
    segment: segment !== undefined && /^\d{1,2}$/.test(segment) ? Number(segment) : null,
    mega: mega ? megaOf(mega) : null,
  };
}

/** The announced multiplier of a `multipliers` list ([{spot: "40", x: 100}]); null if none. */
export function multipliersOf(list: unknown): Mega | null {
  if (!Array.isArray(list)) return null;
  for (const raw of list as { spot?: unknown; x?: unknown }[]) {
    const number = wheelNumberOf(String(raw?.spot ?? ''));
    if (number !== null && typeof raw.x === 'number' && raw.x > 0) return { number, x: raw.x };
  }
  return null;
}

/** How often each number came in the results given: a count and a percentage (one decimal). */
export function numberShares(
  results: readonly WheelNumber[],
): { number: WheelNumber; count: number; percent: number }[] {
  const games = results.length;
  return WHEEL_NUMBERS.map((number) => {
    const count = results.filter((r) => r === number).length;
    return { number, count, percent: games > 0 ? Math.round((count * 1000) / games) / 10 : 0 };
  });
}

// ---- Geometry ------------------------------------------------------------------------------
// The wheel's geometry is every money wheel's (lib/table/wheel-geometry).
export {
  landingProgress,
  landingRotation,
  rotationFor,
  segmentAt,
  stepOf,
} from '../../lib/table/wheel-geometry';
