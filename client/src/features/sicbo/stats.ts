// Sic bo's statistics as the server gives them (SPEC §7; docs/protocol.md): how often
// each face, total, small, big, odd, even and triple came in the last games, the hot and
// cold faces, and the totals of the last games for the chart. Each answer is checked
// before it is shown: a malformed one is an error, like a failed call.
import type { Face } from '../../lib/table/dice';

export const STATS_GAMES = 100;
export const CHART_GAMES = 50;

export interface Share {
  count: number;
  percent: number; // of the games counted, one decimal
}

export interface SicBoStats {
  games: number;
  faces: (Share & { face: Face })[]; // 1-6
  totals: (Share & { total: number })[]; // 3-18
  small: Share;
  big: Share;
  odd: Share;
  even: Share;
  triple: Share;
  hot: Face[]; // hottest first
  cold: Face[]; // coldest first
}

export interface ChartPoint {
  gameId: string;
  total: number;
  dice: [Face, Face, Face]; // in the order thrown
}

export interface SicBoChart {
  games: number;
  series: ChartPoint[]; // oldest first
}

const isNum = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);
const isFace = (v: unknown): v is Face => isNum(v) && Number.isInteger(v) && v >= 1 && v <= 6;

class Malformed extends Error {
  constructor(what: string) {
    super(`sic bo statistics: ${what}`);
  }
}

function share(raw: unknown, what: string): Share {
  const o = (raw ?? {}) as Record<string, unknown>;
  if (!isNum(o.count) || !isNum(o.percent)) throw new Malformed(what);
  return { count: o.count, percent: o.percent };
}

function list(raw: unknown, what: string): Record<string, unknown>[] {
  if (!Array.isArray(raw)) throw new Malformed(what);
  return raw as Record<string, unknown>[];
}

/** GET /api/ui/sicbo/stats, checked; throws on anything else. */
export function parseStats(raw: unknown): SicBoStats {
  const o = (raw ?? {}) as Record<string, unknown>;
  if (!isNum(o.numberOfGames)) throw new Malformed('numberOfGames');
  const faces = list(o.faces, 'faces').map((f) => {
    if (!isFace(f.face)) throw new Malformed('faces');
    return { face: f.face, ...share(f, 'faces') };
  });
  const totals = list(o.totals, 'totals').map((x) => {
    if (!isNum(x.total)) throw new Malformed('totals');
    return { total: x.total, ...share(x, 'totals') };
  });
  const faceList = (v: unknown, what: string) => {
    if (!Array.isArray(v) || !v.every(isFace)) throw new Malformed(what);
    return v;
  };
  return {
    games: o.numberOfGames,
    faces,
    totals,
    small: share(o.small, 'small'),
    big: share(o.big, 'big'),
    odd: share(o.odd, 'odd'),
    even: share(o.even, 'even'),
    triple: share(o.triple, 'triple'),
    hot: faceList(o.hot, 'hot'),
    cold: faceList(o.cold, 'cold'),
  };
}

/** GET /api/ui/sicbo/charts, checked; throws on anything else. */
export function parseCharts(raw: unknown): SicBoChart {
  const o = (raw ?? {}) as Record<string, unknown>;
  if (!isNum(o.numberOfGames)) throw new Malformed('numberOfGames');
  const series = list(o.series, 'series').map((p) => {
    if (!isNum(p.total) || !Array.isArray(p.dice) || p.dice.length !== 3 || !p.dice.every(isFace))
      throw new Malformed('series');
    return { gameId: String(p.gameId ?? ''), total: p.total, dice: p.dice as ChartPoint['dice'] };
  });
  return { games: o.numberOfGames, series };
}
