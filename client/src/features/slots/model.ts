// The built-in slot's data (the slots protocol: GET /api/ui/slot/state, POST
// /api/ui/slot/spin): the slot's configuration and a spin's answer, each checked as it
// arrives (a malformed answer is refused whole, never drawn in part), the cells a winning
// line covers, the error an HTTP refusal carries, and the provably fair check of a spin.
// No React here.
import { commitmentOf, slotStops } from '../../lib/fair';
import { type Units, parseAmount } from '../../lib/format/money';

/** The slot as its state gives it: reels, lines, line bets, symbols and pays. */
export interface SlotConfig {
  slotId: string;
  name: string;
  currency: string;
  lines: number;
  rows: number;
  reels: number;
  lineBets: Units[];
  defaultLineBet: Units;
  symbols: string[];
  /** Per symbol, what 3, 4 and 5 of a kind pay, in multiples of the line bet. */
  paytable: Record<string, number[]>;
  /** Per line (line 1 first), the row it takes on each reel: 0 top, 1 middle, 2 bottom. */
  paylines: number[][];
  /**
   * The reel strips, position 0 first, when the state gives them: a reel stopped at s
   * shows strip[s], strip[s + 1], … from the top (wrapping round).
   */
  strips: string[][] | null;
  rtp: string;
}

export interface SlotState {
  config: SlotConfig;
  fairHash: string;
  balance: Units | null;
  bonusBalance: Units | null;
}

/** One winning line of a spin (`line` counts from 1). */
export interface LineWin {
  line: number;
  symbol: string;
  count: number;
  pay: Units;
}

export interface SpinAnswer {
  slotId: string;
  requestId: string;
  gameId: string;
  stake: Units;
  win: Units;
  /** grid[reel][row]: reel 0 leftmost, row 0 top. */
  grid: string[][];
  stops: number[];
  wins: LineWin[];
  balance: Units | null;
  bonusBalance: Units | null;
  serverSeed: string;
  clientSeed: string;
  /** The commitment to the next spin's seed. */
  fairHash: string;
}

/** Limits on what an answer may hold: anything bigger is not this slot's. */
export const REELS_MAX = 8;
export const ROWS_MAX = 6;
export const LINES_MAX = 100;
export const LINE_BETS_MAX = 50;
export const SYMBOLS_MAX = 32;
export const STRIP_MAX = 256;

const SYMBOL = /^[A-Z0-9_]{1,24}$/;
const HASH = /^[0-9a-f]{64}$/i;
const TOKEN = /^[A-Za-z0-9_.-]{1,64}$/;

type Json = Record<string, unknown>;

const isObject = (v: unknown): v is Json =>
  typeof v === 'object' && v !== null && !Array.isArray(v);
const isCount = (v: unknown, max: number): v is number =>
  typeof v === 'number' && Number.isInteger(v) && v > 0 && v <= max;
const amount = (v: unknown): Units | null => (typeof v === 'string' ? parseAmount(v) : null);
const optionalAmount = (v: unknown): Units | null | undefined =>
  v === undefined ? null : (amount(v) ?? undefined);

/** A commitment or seed: 64 hex digits, as the server writes them (lower case). */
export function isHash(v: unknown): v is string {
  return typeof v === 'string' && HASH.test(v);
}

function paylinesOf(v: unknown, lines: number, reels: number, rows: number): number[][] | null {
  if (!Array.isArray(v) || v.length !== lines) return null;
  const out: number[][] = [];
  for (const line of v) {
    if (!Array.isArray(line) || line.length !== reels) return null;
    if (!line.every((r) => Number.isInteger(r) && r >= 0 && r < rows)) return null;
    out.push(line as number[]);
  }
  return out;
}

function paytableOf(v: unknown, symbols: string[]): Record<string, number[]> | null {
  if (!isObject(v)) return null;
  const out: Record<string, number[]> = {};
  for (const [symbol, pays] of Object.entries(v)) {
    if (!symbols.includes(symbol)) return null;
    if (!Array.isArray(pays) || pays.length === 0 || pays.length > REELS_MAX) return null;
    if (!pays.every((p) => typeof p === 'number' && Number.isFinite(p) && p >= 0)) return null;
    out[symbol] = pays as number[];
  }
  return out;
}

/** The strips when given (undefined when malformed: the state is refused then). */
function stripsOf(v: unknown, reels: number, symbols: string[]): string[][] | null | undefined {
  if (v === undefined || v === null) return null;
  if (!Array.isArray(v) || v.length !== reels) return undefined;
  for (const strip of v) {
    if (!Array.isArray(strip) || strip.length === 0 || strip.length > STRIP_MAX) return undefined;
    if (!strip.every((s) => typeof s === 'string' && symbols.includes(s))) return undefined;
  }
  return v as string[][];
}

/** The slot's state answer, or null when any part of it is malformed. */
export function parseSlotState(raw: unknown): SlotState | null {
  if (!isObject(raw)) return null;
  const { slotId, name, currency, lines, rows, reels, rtp, fairHash } = raw;
  if (typeof slotId !== 'string' || !TOKEN.test(slotId)) return null;
  if (typeof name !== 'string' || name === '' || name.length > 80) return null;
  if (!isCount(lines, LINES_MAX) || !isCount(rows, ROWS_MAX) || !isCount(reels, REELS_MAX))
    return null;
  if (!isHash(fairHash)) return null;
  if (!Array.isArray(raw.symbols) || raw.symbols.length > SYMBOLS_MAX) return null;
  const symbols = raw.symbols;
  if (symbols.length === 0 || !symbols.every((s) => typeof s === 'string' && SYMBOL.test(s)))
    return null;
  if (!Array.isArray(raw.lineBets) || raw.lineBets.length > LINE_BETS_MAX) return null;
  const lineBets = raw.lineBets.map(amount);
  if (lineBets.length === 0 || lineBets.some((b) => b === null || b <= 0)) return null;
  const defaultLineBet = amount(raw.defaultLineBet);
  const paylines = paylinesOf(raw.paylines, lines, reels, rows);
  const paytable = paytableOf(raw.paytable, symbols as string[]);
  const strips = stripsOf(raw.strips, reels, symbols as string[]);
  const balance = optionalAmount(raw.balance);
  const bonusBalance = optionalAmount(raw.bonusBalance);
  if (!paylines || !paytable || strips === undefined) return null;
  if (balance === undefined || bonusBalance === undefined) return null;
  const bets = lineBets as Units[];
  return {
    config: {
      slotId,
      name,
      currency: typeof currency === 'string' ? currency : '',
      lines,
      rows,
      reels,
      lineBets: bets,
      defaultLineBet:
        defaultLineBet !== null && bets.includes(defaultLineBet) ? defaultLineBet : bets[0]!,
      symbols: symbols as string[],
      paytable,
      paylines,
      strips,
      rtp: typeof rtp === 'string' ? rtp : '',
    },
    fairHash: fairHash.toLowerCase(),
    balance,
    bonusBalance,
  };
}

function gridOf(v: unknown, config: SlotConfig): string[][] | null {
  if (!Array.isArray(v) || v.length !== config.reels) return null;
  for (const reel of v) {
    if (!Array.isArray(reel) || reel.length !== config.rows) return null;
    if (!reel.every((s) => typeof s === 'string' && SYMBOL.test(s))) return null;
  }
  return v as string[][];
}

function winsOf(v: unknown, config: SlotConfig): LineWin[] | null {
  if (!Array.isArray(v) || v.length > config.lines) return null;
  const out: LineWin[] = [];
  for (const w of v) {
    if (!isObject(w)) return null;
    const pay = amount(w.pay);
    if (!isCount(w.line, config.lines) || !isCount(w.count, config.reels)) return null;
    if (typeof w.symbol !== 'string' || !SYMBOL.test(w.symbol) || pay === null || pay < 0)
      return null;
    out.push({ line: w.line, symbol: w.symbol, count: w.count, pay });
  }
  return out;
}

/** A spin's answer checked against the slot it is for; null when malformed. */
export function parseSpinAnswer(raw: unknown, config: SlotConfig): SpinAnswer | null {
  if (!isObject(raw)) return null;
  const { slotId, requestId, gameId, serverSeed, fairHash } = raw;
  if (slotId !== config.slotId || typeof requestId !== 'string' || typeof gameId !== 'string')
    return null;
  if (gameId === '' || gameId.length > 128) return null;
  if (!isHash(serverSeed) || !isHash(fairHash)) return null;
  const clientSeed = typeof raw.clientSeed === 'string' ? raw.clientSeed : '';
  const stake = amount(raw.stake);
  const win = amount(raw.win);
  const grid = gridOf(raw.grid, config);
  const wins = winsOf(raw.wins, config);
  const balance = optionalAmount(raw.balance);
  const bonusBalance = optionalAmount(raw.bonusBalance);
  const stops = raw.stops;
  if (stake === null || win === null || stake < 0 || win < 0 || !grid || !wins) return null;
  if (balance === undefined || bonusBalance === undefined) return null;
  if (!Array.isArray(stops) || stops.length !== config.reels) return null;
  if (!stops.every((s) => Number.isInteger(s) && s >= 0)) return null;
  return {
    slotId,
    requestId,
    gameId,
    stake,
    win,
    grid,
    stops: stops as number[],
    wins,
    balance,
    bonusBalance,
    serverSeed: serverSeed.toLowerCase(),
    clientSeed,
    fairHash: fairHash.toLowerCase(),
  };
}

/** A refusal's JSON body: its code and, for 2001, the server's current commitment. */
export function refusalOf(body: string): { code: number | null; fairHash: string | null } {
  try {
    const o = JSON.parse(body) as unknown;
    if (!isObject(o)) return { code: null, fairHash: null };
    return {
      code: typeof o.code === 'number' ? o.code : null,
      fairHash: isHash(o.fairHash) ? o.fairHash.toLowerCase() : null,
    };
  } catch {
    return { code: null, fairHash: null };
  }
}

/** The cells [reel, row] a winning line pays on: its first `count` reels, from the left. */
export function winCells(config: Pick<SlotConfig, 'paylines'>, win: LineWin): [number, number][] {
  const rows = config.paylines[win.line - 1] ?? [];
  return rows.slice(0, win.count).map((row, reel) => [reel, row]);
}

/** The grid shown before the first spin: the symbols in turn, a different one in each cell. */
export function restingGrid(config: Pick<SlotConfig, 'reels' | 'rows' | 'symbols'>): string[][] {
  const n = config.symbols.length;
  return Array.from({ length: config.reels }, (_, reel) =>
    Array.from({ length: config.rows }, (_, row) => config.symbols[(reel * 2 + row * 3) % n]!),
  );
}

/** The grid a reel's stops show: each reel from its stop down, wrapping round its strip. */
export function gridAt(strips: string[][], stops: number[], rows: number): string[][] {
  return stops.map((stop, reel) => {
    const strip = strips[reel] ?? [];
    return Array.from({ length: rows }, (_, row) => strip[(stop + row) % strip.length] ?? '');
  });
}

/**
 * What the check of a spin found: the stops the seeds give, the commitment's check, and
 * (when the strips are known) whether the stops show the grid drawn.
 */
export interface SpinVerdict {
  stops: 'match' | 'mismatch';
  expected: number[];
  hash: 'match' | 'mismatch';
  grid: 'match' | 'mismatch' | null;
}

/**
 * Checks a spin in the browser: the revealed seed hashes (SHA-256 of its 32 bytes) to the
 * commitment the client held before it spun; the stops follow from the seed, the spin's
 * client seed and its game id (for each reel, uniform(strip length), 32 here); and, with
 * the strips, the stops the seeds give show the spin's grid.
 */
export function verifySpin(
  spin: Pick<SpinAnswer, 'serverSeed' | 'clientSeed' | 'gameId' | 'stops' | 'grid'>,
  commitment: string,
  strips: string[][] | null = null,
): SpinVerdict {
  const hash = commitmentOf(spin.serverSeed) === commitment.toLowerCase() ? 'match' : 'mismatch';
  let expected: number[] = [];
  try {
    expected = slotStops(
      spin.serverSeed,
      spin.clientSeed,
      spin.gameId,
      spin.stops.length,
      strips?.[0]?.length,
    );
  } catch {
    // A seed that is not 64 hex digits gives no stops at all.
  }
  const same =
    expected.length === spin.stops.length && expected.every((s, i) => s === spin.stops[i]);
  let grid: SpinVerdict['grid'] = null;
  if (strips) {
    const shown = JSON.stringify(spin.grid);
    grid =
      expected.length > 0 &&
      JSON.stringify(gridAt(strips, expected, spin.grid[0]?.length ?? 0)) === shown
        ? 'match'
        : 'mismatch';
  }
  return { stops: same ? 'match' : 'mismatch', expected, hash, grid };
}
