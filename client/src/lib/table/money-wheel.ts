// The mega wheel's numbers (docs/games/megawheel.md): each is a bet spot that pays its
// own value to 1, and each has its colour on the wheel, the spots and the lobby's tiles.

export const WHEEL_NUMBERS = [1, 2, 5, 8, 10, 15, 20, 30, 40] as const;

export type WheelNumber = (typeof WHEEL_NUMBERS)[number];

// Background and the text colour readable on it (WCAG AA for the bold labels).
const COLOURS: Record<WheelNumber, { fill: string; ink: string }> = {
  1: { fill: '#f2c230', ink: '#1b1b1b' },
  2: { fill: '#2a6fd0', ink: '#ffffff' },
  5: { fill: '#8a3fc4', ink: '#ffffff' },
  8: { fill: '#17875f', ink: '#ffffff' },
  10: { fill: '#f08a3c', ink: '#1b1b1b' },
  15: { fill: '#c42a5f', ink: '#ffffff' },
  20: { fill: '#b8232a', ink: '#ffffff' },
  30: { fill: '#4fc7e0', ink: '#1b1b1b' },
  40: { fill: '#23262e', ink: '#f5c542' },
};
const NONE = { fill: '#555b66', ink: '#ffffff' };

/** The number a label names ("40"); null for anything that is not one of the nine. */
export function wheelNumberOf(label: string): WheelNumber | null {
  if (!/^[1-9]\d?$/.test(label)) return null;
  const n = Number(label);
  return (WHEEL_NUMBERS as readonly number[]).includes(n) ? (n as WheelNumber) : null;
}

/** A number's colours (CSS colours); grey for what is not a number of the wheel. */
export function wheelColour(n: number | null): { fill: string; ink: string } {
  return n !== null && n in COLOURS ? COLOURS[n as WheelNumber] : NONE;
}
