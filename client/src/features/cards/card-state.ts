// What a card table shows, derived from its events by a pure reducer: the round (lib/table
// /round), the cards dealt so far (face down while squeezed; a card a human dealer takes
// back comes as `withdrawn` and goes, with any after it), the result and the player's
// win, recent results, the shoe and its shuffles, baccarat's roads and the squeeze.
import { type Units, units } from '../../lib/format/money';
import type { ServerMessage } from '../../lib/realtime/realtime';
import { type RoundView, initialRound, roundReducer } from '../../lib/table/round';

export interface DealtCard {
  hand: string;
  card: string | null; // null while face down
  progress: number; // how far the squeezer has lifted it (0-1)
}

export interface CardResult {
  gameId: string;
  label: string; // "B 5-9", "D", "A"
}

export interface Squeeze {
  name: string;
  hand: string;
  you: boolean;
  ms: number;
}

export interface CardView extends RoundView {
  cards: DealtCard[];
  result: CardResult | null;
  myWin: { gameId: string; stake: Units; win: Units } | null;
  recent: CardResult[];
  shuffling: boolean;
  shoe: number;
  roads: Roads | null;
  squeeze: Squeeze | null;
}

// docs/games/baccarat.md, "Roads as JSON"
export interface RoadCell {
  col: number;
  row: number;
  winner?: string;
  colour?: 'red' | 'blue';
  ties?: number;
  playerPair?: boolean;
  bankerPair?: boolean;
}
export interface Roads {
  rows: number;
  beadPlate: RoadCell[];
  bigRoad: { leadingTies: number; cells: RoadCell[] };
  bigEyeBoy: RoadCell[];
  smallRoad: RoadCell[];
  cockroachPig: RoadCell[];
  askPlayer: Record<string, 'red' | 'blue' | null>;
  askBanker: Record<string, 'red' | 'blue' | null>;
  stats: Record<string, number>;
}

export const initialCardView: CardView = {
  ...initialRound,
  cards: [],
  result: null,
  myWin: null,
  recent: [],
  shuffling: false,
  shoe: 0,
  roads: null,
  squeeze: null,
};

const RECENT_MAX = 30;

function cardsOf(list: unknown): DealtCard[] {
  if (!Array.isArray(list)) return [];
  return (list as { hand: string; card?: string }[]).map((c) => ({
    hand: c.hand,
    card: c.card ?? null,
    progress: 0,
  }));
}

function roadsOf(v: unknown, fallback: Roads | null): Roads | null {
  return v && typeof v === 'object' ? (v as Roads) : fallback;
}

export function cardReducer(view: CardView, m: ServerMessage, localNow: number): CardView {
  const v = roundReducer(view, m, localNow);
  switch (m.type) {
    case 'resync': {
      const recent = Array.isArray(m.results)
        ? (m.results as { gameId: string; result: string }[]).map((r) => ({
            gameId: r.gameId,
            label: r.result,
          }))
        : [];
      return {
        ...v,
        cards: cardsOf(m.cards),
        result: typeof m.result === 'string' ? { gameId: v.gameId, label: m.result } : null,
        recent,
        shoe: typeof m.shoe === 'number' ? m.shoe : v.shoe,
        roads: roadsOf(m.roads, null),
        squeeze:
          typeof m.squeezer === 'string'
            ? {
                name: m.squeezer,
                hand: String(m.squeezeHand ?? 'player'),
                you: m.youSqueeze === true,
                ms: 0,
              }
            : null,
        shuffling: false,
      };
    }
    case 'betsopen':
      return { ...v, cards: [], result: null, squeeze: null, shuffling: false };
    case 'startshuffling':
      return { ...v, shuffling: true };
    case 'endshuffling':
      return {
        ...v,
        shuffling: false,
        shoe: typeof m.shoe === 'number' ? m.shoe : v.shoe,
        roads: roadsOf(m.roads, null),
        recent: [],
      };
    case 'squeezer':
      return {
        ...v,
        squeeze: {
          name: String(m.name ?? ''),
          hand: String(m.hand ?? 'player'),
          you: m.youSqueeze === true,
          ms: typeof m.squeezeMs === 'number' ? m.squeezeMs : 0,
        },
      };
    case 'card': {
      // A human dealer took back a misread card: it goes, and any dealt after it.
      if (m.withdrawn === true) {
        if (typeof m.index !== 'number' || m.index < 0 || m.index >= v.cards.length) return v;
        return { ...v, cards: v.cards.slice(0, m.index) };
      }
      const index = typeof m.index === 'number' ? m.index : v.cards.length;
      const cards = [...v.cards];
      while (cards.length <= index) cards.push({ hand: String(m.hand), card: null, progress: 0 });
      cards[index] = {
        hand: String(m.hand),
        card: typeof m.card === 'string' ? m.card : null,
        progress: typeof m.card === 'string' ? 1 : 0,
      };
      return { ...v, cards };
    }
    case 'squeeze': {
      const index = typeof m.index === 'number' ? m.index : -1;
      if (index < 0 || index >= v.cards.length) return v;
      const cards = [...v.cards];
      cards[index] = { ...cards[index]!, progress: Number(m.progress) || 0 };
      return { ...v, cards };
    }
    case 'gameresult': {
      const result = { gameId: v.gameId, label: String(m.result ?? '') };
      const mine =
        typeof m.win === 'string' && typeof m.stake === 'string'
          ? { gameId: v.gameId, stake: units(m.stake), win: units(m.win) }
          : null;
      const recent =
        v.recent[0]?.gameId === result.gameId
          ? v.recent
          : [result, ...v.recent].slice(0, RECENT_MAX);
      return {
        ...v,
        result,
        cards: Array.isArray(m.cards) ? cardsOf(m.cards) : v.cards,
        myWin: mine ?? v.myWin,
        recent,
        roads: roadsOf(m.roads, v.roads),
        squeeze: null,
      };
    }
    default:
      return v;
  }
}
