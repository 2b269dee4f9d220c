// The player's blackjack preferences (docs/protocol.md): the bet-behind settings of a
// table, read from the XML the GET form answers, and the auto-play strategy with the
// server's ranges, checked before it is saved.

export interface BetBehindSettings {
  doubledown: boolean;
  split: boolean;
  insurance: boolean;
  allowBetBehind: boolean;
  autoStand: number;
}

/** The defaults of SPEC section 3. */
export const DEFAULT_BET_BEHIND: BetBehindSettings = {
  doubledown: true,
  split: true,
  insurance: false,
  allowBetBehind: true,
  autoStand: 12,
};

/** `<betBehindSettings tableId="bj-1" doubledown="true" …/>` as settings; null if it is not. */
export function parseBetBehind(xml: string): BetBehindSettings | null {
  const doc = new DOMParser().parseFromString(xml, 'application/xml');
  if (doc.getElementsByTagName('parsererror').length > 0) return null;
  const el = doc.getElementsByTagName('betBehindSettings')[0];
  if (!el) return null;
  const flag = (name: keyof BetBehindSettings): boolean => {
    const v = el.getAttribute(name);
    return v === null ? (DEFAULT_BET_BEHIND[name] as boolean) : v === 'true';
  };
  const autoStand = Number(el.getAttribute('autoStand'));
  return {
    doubledown: flag('doubledown'),
    split: flag('split'),
    insurance: flag('insurance'),
    allowBetBehind: flag('allowBetBehind'),
    autoStand: Number.isInteger(autoStand) && autoStand > 0 ? autoStand : 12,
  };
}

export interface Strategy {
  stand: number;
  hit: number;
  split: number;
  splitMax: number;
  double: number;
  doubleMax: number;
  insurance: number; // 0 never, 1 always, 2 only on a blackjack
}

export const STRATEGY_FIELDS: (keyof Strategy)[] = [
  'stand',
  'hit',
  'split',
  'splitMax',
  'double',
  'doubleMax',
  'insurance',
];

export const DEFAULT_STRATEGY: Strategy = {
  stand: 12,
  hit: 15,
  split: 10,
  splitMax: 16,
  double: 16,
  doubleMax: 16,
  insurance: 2,
};

/** Each field's range as the server checks it. */
export const STRATEGY_RANGE: Record<keyof Strategy, [number, number]> = {
  stand: [4, 21],
  hit: [4, 21],
  split: [4, 22],
  splitMax: [4, 22],
  double: [4, 22],
  doubleMax: [4, 22],
  insurance: [0, 2],
};

/** The strategy in an answer ({…} or {strategy:{…}}), defaults for what it lacks. */
export function strategyOf(answer: unknown): Strategy {
  const a = (answer ?? {}) as Record<string, unknown>;
  const src = (a.strategy && typeof a.strategy === 'object' ? a.strategy : a) as Record<
    string,
    unknown
  >;
  const out = { ...DEFAULT_STRATEGY };
  for (const k of STRATEGY_FIELDS) if (typeof src[k] === 'number') out[k] = src[k];
  return out;
}

/** The first field out of range (split above splitMax counts for split), or null. */
export function badStrategyField(s: Strategy): keyof Strategy | null {
  for (const k of STRATEGY_FIELDS) {
    const [lo, hi] = STRATEGY_RANGE[k];
    if (!Number.isInteger(s[k]) || s[k] < lo || s[k] > hi) return k;
  }
  if (s.split > s.splitMax) return 'split';
  return null;
}
