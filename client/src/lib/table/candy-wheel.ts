// The candy wheel's labels (the game show "sweetbonanza", docs/games/sweetbonanza.md): the
// numbers 1, 2 and 5, the three bonuses one can bet on and the Sugar Bomb, which is no
// bet; each with its colour on the wheel, the spots, the results and the lobby's tiles.

export const CANDY_BONUSES = ['CANDY_DROP', 'BUBBLE_SURPRISE', 'SWEET_SPINS'] as const;
export const CANDY_LABELS = ['1', '2', '5', ...CANDY_BONUSES, 'SUGAR_BOMB'] as const;

export type CandyBonus = (typeof CANDY_BONUSES)[number];
export type CandyLabel = (typeof CANDY_LABELS)[number];

/** The label a text names ("CANDY_DROP", "5"); null for anything else. */
export function candyLabelOf(text: string): CandyLabel | null {
  return (CANDY_LABELS as readonly string[]).includes(text) ? (text as CandyLabel) : null;
}

export function isCandyBonus(label: string): label is CandyBonus {
  return (CANDY_BONUSES as readonly string[]).includes(label);
}

// Background and the text colour readable on it (WCAG AA for the bold labels).
const COLOURS: Record<CandyLabel, { fill: string; ink: string }> = {
  '1': { fill: '#f6c945', ink: '#1b1b1b' },
  '2': { fill: '#2a6fd0', ink: '#ffffff' },
  '5': { fill: '#8a3fc4', ink: '#ffffff' },
  CANDY_DROP: { fill: '#d6246e', ink: '#ffffff' },
  BUBBLE_SURPRISE: { fill: '#5ed0e6', ink: '#1b1b1b' },
  SWEET_SPINS: { fill: '#17733f', ink: '#ffffff' },
  SUGAR_BOMB: { fill: '#2a1736', ink: '#ffb3dc' },
};
const NONE = { fill: '#555b66', ink: '#ffffff' };

/** A label's colours (CSS colours); grey for what is not a label of the wheel. */
export function candyColour(label: string | null): { fill: string; ink: string } {
  const l = label === null ? null : candyLabelOf(label);
  return l ? COLOURS[l] : NONE;
}
