// Sic bo's three dice as the server writes a result: the label is the dice sorted
// ("136"), the outcome adds them in the order thrown ("136|316"). Read by the sic bo
// table and by the lobby's tiles, which see only labels. And a die's face as any dice game
// receives it (boom or bust's red and blue dice).

export type Face = 1 | 2 | 3 | 4 | 5 | 6;

export interface Dice {
  values: [Face, Face, Face]; // in the order thrown (sorted when only the label is known)
  total: number; // 3-18
  triple: boolean;
}

/** Small (4-10), big (11-17) or a triple, which is neither. */
export type DiceSize = 'small' | 'big' | 'triple';

const THREE = /^[1-6]{3}$/;

/** A die's face from a number or a digit ("4"); null for anything else. */
export function faceOf(v: unknown): Face | null {
  const n = typeof v === 'string' && /^[1-6]$/.test(v) ? Number(v) : v;
  return typeof n === 'number' && Number.isInteger(n) && n >= 1 && n <= 6 ? (n as Face) : null;
}

function facesOf(text: string): [Face, Face, Face] | null {
  if (!THREE.test(text)) return null;
  return [...text].map(Number) as [Face, Face, Face];
}

/**
 * The dice of a result: from the outcome's throw when it has one (and it agrees with the
 * label), else from the label. Null for anything that is not three dice.
 */
export function diceOf(label: string, outcome = label): Dice | null {
  const sorted = facesOf(label);
  if (!sorted) return null;
  const thrown = facesOf(outcome.split('|')[1] ?? '');
  const same = thrown && [...thrown].sort().join('') === sorted.join('');
  return throwOf(same ? thrown : sorted);
}

/** Three dice as a throw: their total and whether they are a triple. */
export function throwOf(values: [Face, Face, Face]): Dice {
  const [a, b, c] = values;
  return { values, total: a + b + c, triple: a === b && b === c };
}

export function sizeOf(d: Dice): DiceSize {
  if (d.triple) return 'triple';
  return d.total <= 10 ? 'small' : 'big';
}
