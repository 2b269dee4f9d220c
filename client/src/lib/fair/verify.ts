// The provably fair check of a round, done in the player's browser with nothing from the
// server but the round's record (docs/provably-fair.md). The server commits to a seed
// (its SHA-256) before bets open, draws the outcome from HMAC-SHA256 words keyed by that
// seed, and reveals the seed afterwards; this file recomputes the words and the game's
// draw exactly as the C++ engines do (server/src/core/fair.hpp, rng.cpp and each engine's
// draw() and encode()), so any difference, even one word consumed out of order, shows.
import { fromHex, hmacSha256, sha256, toHex, utf8 } from './sha256';

/** A round as the history gives it for checking. */
export interface FairRecord {
  gameId: string;
  tableId: string;
  game: string;
  variant: string;
  hash: string; // the commitment published before betting opened
  serverSeed?: string; // revealed after the round
  clientSeed: string; // the round's client seed text (may be empty)
  result: string; // the engine's encoded outcome as recorded
  shoe?: string; // shoe games: 52 digits, the count of each card before the round
  shoeHash?: string; // shoe games: SHA-256 of the seed's bytes and those digits, at betsopen
  decks?: number; // shoe games: what a shoe that runs out mid-round is refilled with
  cards?: string[]; // shoe games: the cards taken, in order
  scripted?: boolean; // a test table's scripted result: not derived from the seed
}

/**
 * What the check found: the outcome (or the cards, joined by ",") the seed gives when it
 * agrees with the record; the first disagreement otherwise (the commitment before the
 * outcome); or why there is nothing to check.
 */
export type Verdict =
  | { status: 'match'; expected: string }
  | { status: 'mismatch'; expected: string; reason: 'hash' | 'shoe' | 'outcome' }
  | { status: 'unsupported' | 'unrevealed' | 'scripted' };

const SEED_BYTES = 32;
const U64_MAX = (1n << 64n) - 1n;

/** The raw bytes of a server seed, or null unless it is 64 hex digits. */
function seedBytes(seedHex: string): Uint8Array | null {
  const bytes = fromHex(seedHex);
  return bytes && bytes.length === SEED_BYTES ? bytes : null;
}

/**
 * The commitment to a seed: lowercase hex SHA-256 of its 32 raw bytes, not of its hex
 * text. "" for anything that is not a seed, as the server's fair::commitment.
 */
export function commitmentOf(serverSeedHex: string): string {
  const bytes = seedBytes(serverSeedHex);
  return bytes ? toHex(sha256(bytes)) : '';
}

/**
 * A round's random words: block k is HMAC-SHA256(seed, "<client seed>:<round id>:<k>"),
 * read as four big-endian 64-bit words, used in order (fair::RoundRng).
 */
export class FairStream {
  private readonly key: Uint8Array;
  private readonly prefix: string;
  private block = 0;
  private words: bigint[] = [];

  constructor(seed: Uint8Array, clientSeed: string, roundId: string) {
    this.key = seed.slice();
    this.prefix = `${clientSeed}:${roundId}:`;
  }

  nextU64(): bigint {
    if (this.words.length === 0) {
      const bytes = hmacSha256(this.key, utf8(this.prefix + String(this.block++)));
      const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
      this.words = [0, 8, 16, 24].map((at) => view.getBigUint64(at, false));
    }
    return this.words.shift()!;
  }

  /**
   * A uniform integer in [0, n) for any 0 < n < 2^64 (Rng::uniform): words above the
   * largest multiple of n that fits in 2^64 are rejected, not folded by a modulo, so the
   * number of words consumed matches the server's too.
   */
  uniformBig(n: bigint): bigint {
    if (n <= 0n || n > U64_MAX) throw new RangeError(`uniform: ${n} is out of range`);
    const limit = U64_MAX - (((U64_MAX % n) + 1n) % n);
    for (;;) {
      const x = this.nextU64();
      if (x <= limit) return x % n;
    }
  }

  /** uniformBig as a number; n at most 2^53, so that every result is exact. */
  uniform(n: number | bigint): number {
    const big = BigInt(n);
    if (big > 1n << 53n) throw new RangeError(`uniform: ${n} is too large for a number`);
    return Number(this.uniformBig(big));
  }
}

// --- Roulette (server/src/games/roulette) ---

/** A value with its weight, as roulette's detail::Weighted and the mega wheel's tables. */
type Weighted = readonly [value: number, weight: number];

/** mega.cpp kLuckyCounts: how many lucky numbers. */
const MEGA_LUCKY_COUNTS: readonly Weighted[] = [
  [1, 40],
  [2, 33],
  [3, 17],
  [4, 7],
  [5, 3],
];

/** mega.cpp kMultipliers: each lucky number's multiplier. */
const MEGA_MULTIPLIERS: readonly Weighted[] = [
  [50, 35],
  [100, 25],
  [150, 12],
  [200, 10],
  [250, 7],
  [300, 5],
  [400, 3],
  [500, 3],
];

/** powerup.cpp kPowered and kMultipliers. */
const POWERED = 4;
const POWERUP_MULTIPLIERS: readonly Weighted[] = [
  [40, 28],
  [50, 23],
  [60, 13],
  [75, 12],
  [100, 10],
  [150, 7],
  [200, 5],
  [300, 2],
];

/** The pockets lucky and powered numbers come from: 0..36. */
const WHEEL_NUMBERS = 37;
const DOUBLE_ZERO = 37;

/** "0".."36", and "00" for the American wheel's 37 (roulette.cpp pocket_label). */
function pocketLabel(pocket: number): string {
  return pocket === DOUBLE_ZERO ? '00' : String(pocket);
}

/**
 * A value drawn with its weight by one uniform over the total weight (draw_weighted). The
 * mega wheel's draw_multiplier passes its constant total, 1000, which every table adds up to.
 */
function drawWeighted(
  stream: FairStream,
  table: readonly Weighted[],
  total = table.reduce((sum, [, weight]) => sum + weight, 0),
): number {
  let r = stream.uniform(total);
  for (const [value, weight] of table) {
    if (r < weight) return value;
    r -= weight;
  }
  throw new Error('drawWeighted: unreachable, r < total');
}

/**
 * `count` distinct numbers of 0..36 by a partial Fisher-Yates shuffle, pool[i] swapped with
 * pool[i + uniform(37 - i)], then sorted ascending (draw_distinct_numbers).
 */
function drawDistinctNumbers(stream: FairStream, count: number): number[] {
  const pool = Array.from({ length: WHEEL_NUMBERS }, (_, i) => i);
  for (let i = 0; i < count; i++) {
    const j = i + stream.uniform(WHEEL_NUMBERS - i);
    [pool[i], pool[j]] = [pool[j]!, pool[i]!];
  }
  return pool.slice(0, count).sort((a, b) => a - b);
}

/** classic.cpp: the pocket alone, "17" or "00". */
function classicRoulette(stream: FairStream, american: boolean): string {
  return pocketLabel(stream.uniform(american ? 38 : 37));
}

/**
 * mega.cpp: the count, the lucky numbers (sorted), each one's multiplier in ascending
 * order of number, then the pocket: "17|5x200,17x50".
 */
function megaRoulette(stream: FairStream): string {
  const count = drawWeighted(stream, MEGA_LUCKY_COUNTS);
  const lucky = drawDistinctNumbers(stream, count).map(
    (n) => `${pocketLabel(n)}x${drawWeighted(stream, MEGA_MULTIPLIERS)}`,
  );
  const pocket = stream.uniform(37);
  return `${pocketLabel(pocket)}|${lucky.join(',')}`;
}

/**
 * powerup.cpp: the four powered numbers (sorted), the pocket, then a multiplier only when
 * the pocket is powered: "17|3,17,22,30|x150" or "5|3,17,22,30".
 */
function powerUpRoulette(stream: FairStream): string {
  const powered = drawDistinctNumbers(stream, POWERED);
  const pocket = stream.uniform(37);
  const text = `${pocketLabel(pocket)}|${powered.map(pocketLabel).join(',')}`;
  return powered.includes(pocket) ? `${text}|x${drawWeighted(stream, POWERUP_MULTIPLIERS)}` : text;
}

// --- Sic bo (server/src/games/sicbo/sicbo.cpp) ---

/** Three dice in the order thrown; the text is the sorted label, then the throw: "136|316". */
function sicBo(stream: FairStream): string {
  const dice = [0, 0, 0].map(() => 1 + stream.uniform(6));
  return `${[...dice].sort((a, b) => a - b).join('')}|${dice.join('')}`;
}

// --- Mega wheel (server/src/games/megawheel/megawheel.cpp) ---

/** kNumbers, ascending: the chosen number is kNumbers[uniform(9)]. */
const MEGAWHEEL_NUMBERS = [1, 2, 5, 8, 10, 15, 20, 30, 40] as const;

/** kWheel: the number on each of the 54 segments, clockwise from the 40. */
// prettier-ignore
const MEGAWHEEL_SEGMENTS: readonly number[] = [
  40, 1, 2, 1, 10, 2, 1, 5, 1, 2, 8, 1, 15, 2, 1, 5, 1, 2, //  0-17
  10, 1, 20, 2, 1, 5, 8, 1, 2, 30, 1, 5, 2, 1, 10, 1, 2, 1, // 18-35
  5, 8, 1, 2, 15, 1, 2, 1, 5, 10, 1, 2, 20, 1, 8, 2, 1, 5, // 36-53
];

/** kMultiplierWeightTotal: the multiplier is one uniform(1000), whatever the table. */
const MEGAWHEEL_WEIGHT_TOTAL = 1000;

/** kTable1 .. kTable40: each number's multipliers, weights per mille. */
// prettier-ignore
const MEGAWHEEL_TABLES: Readonly<Record<number, readonly Weighted[]>> = {
  1: [[2, 403], [3, 232], [5, 145], [10, 100], [15, 50], [20, 30], [25, 20], [50, 10], [75, 5],
    [100, 5]],
  2: [[3, 385], [5, 245], [10, 145], [15, 100], [20, 50], [25, 30], [50, 20], [75, 10], [100, 5],
    [150, 5], [200, 5]],
  5: [[10, 482], [15, 265], [20, 128], [25, 60], [50, 35], [75, 12], [100, 10], [150, 4], [200, 2],
    [250, 2]],
  8: [[10, 241], [15, 190], [20, 145], [25, 116], [50, 90], [75, 70], [100, 55], [150, 38],
    [200, 30], [250, 25]],
  10: [[15, 459], [20, 250], [25, 135], [50, 73], [75, 40], [100, 20], [150, 10], [200, 8],
    [250, 5]],
  15: [[20, 206], [25, 172], [50, 140], [75, 110], [100, 90], [150, 75], [200, 60], [250, 50],
    [300, 42], [400, 30], [500, 25]],
  20: [[25, 417], [50, 245], [75, 140], [100, 85], [150, 50], [200, 30], [250, 15], [300, 10],
    [400, 4], [500, 4]],
  30: [[50, 128], [75, 110], [100, 110], [150, 110], [200, 110], [250, 110], [300, 110], [400, 106],
    [500, 106]],
  40: [[50, 261], [75, 200], [100, 150], [150, 115], [200, 90], [250, 65], [300, 50], [400, 40],
    [500, 29]],
};

/**
 * The chosen number, its multiplier, then the segment; written as the winning number, the
 * segment and the multiplied number: "5|7|40x100".
 */
function megaWheel(stream: FairStream): string {
  const chosen = MEGAWHEEL_NUMBERS[stream.uniform(MEGAWHEEL_NUMBERS.length)]!;
  const times = drawWeighted(stream, MEGAWHEEL_TABLES[chosen]!, MEGAWHEEL_WEIGHT_TOTAL);
  const segment = stream.uniform(MEGAWHEEL_SEGMENTS.length);
  return `${MEGAWHEEL_SEGMENTS[segment]!}|${segment}|${chosen}x${times}`;
}

// --- Cards (server/src/games/cards) ---

const DECK = 52;
const RANKS = ['A', '2', '3', '4', '5', '6', '7', '8', '9', '10', 'J', 'Q', 'K'];
const SUITS = ['S', 'H', 'D', 'C']; // spades, hearts, diamonds, clubs: suit * 13 + rank - 1

/** A card's text from its index 0..51: "AS", "10H", "QD". */
function cardText(index: number): string {
  return RANKS[index % 13]! + SUITS[Math.floor(index / 13)]!;
}

/**
 * andar_bahar.cpp: a fresh deck dealt by Fisher-Yates one card at a time (deck[next]
 * swapped with deck[next + uniform(52 - next)]): the joker, then cards alternately to andar
 * and bahar, andar first, up to the first of the joker's rank. "A|J:7H|A:2S,7D|B:9C".
 */
function andarBahar(stream: FairStream): string {
  const deck = Array.from({ length: DECK }, (_, i) => i);
  let next = 0;
  const take = (): number => {
    const j = next + stream.uniform(DECK - next);
    [deck[next], deck[j]] = [deck[j]!, deck[next]!];
    return deck[next++]!;
  };
  const joker = take();
  const andar: string[] = [];
  const bahar: string[] = [];
  for (let dealt = 1; ; dealt++) {
    const card = take();
    (dealt % 2 === 1 ? andar : bahar).push(cardText(card));
    if (card % 13 === joker % 13) {
      const winner = dealt % 2 === 1 ? 'A' : 'B';
      return `${winner}|J:${cardText(joker)}|A:${andar.join(',')}|B:${bahar.join(',')}`;
    }
  }
}

// --- Crash games (server/src/games/crash/crash.cpp) ---

/**
 * The crash point: r = uniform(2^52), floor(96.5 · 2^52 / (r + 1)) hundredths, capped at
 * 5000.00 ("5000.00|cap"), 1.00 below 1.01: "2.37".
 */
function crashPoint(stream: FairStream): string {
  const r = stream.uniformBig(1n << 52n);
  let hundredths = (965n << 52n) / (10n * (r + 1n));
  if (hundredths >= 500_000n) return '5000.00|cap';
  if (hundredths < 100n) hundredths = 100n;
  return `${hundredths / 100n}.${String(hundredths % 100n).padStart(2, '0')}`;
}

// --- The candy wheel (server/src/games/show/sweet_bonanza.cpp) ---

const SUGAR_BOMB = 'SUGAR_BOMB';
const CANDY_DROP = 'CANDY_DROP';
const BUBBLE_SURPRISE = 'BUBBLE_SURPRISE';
const SWEET_SPINS = 'SWEET_SPINS';

/** kWheel: the label of each of the 54 segments, clockwise from segment 0. */
const [C, U, S, B] = [CANDY_DROP, BUBBLE_SURPRISE, SWEET_SPINS, SUGAR_BOMB];
// prettier-ignore
const CANDY_WHEEL: readonly string[] = [
  '1', '2', C, '1', '2', '1', B, '5', '1', '2', '1', U, '2', '1', '5', '1', S, '2', //  0-17
  '1', '2', C, '1', '5', '1', B, '2', '1', '2', '1', U, '5', '1', '2', '1', S, '2', // 18-35
  '1', '5', C, '1', '2', '1', B, '2', '1', '5', '1', U, '2', '1', '2', '1', S, '5', // 36-53
];

/** The re-spin's segments: the 51 that are not Sugar Bombs, in wheel order. */
const CANDY_RESPIN = CANDY_WHEEL.flatMap((label, s) => (label === SUGAR_BOMB ? [] : [s]));

/** kBombTable (out of 20), kCandyTable (out of 100), kBubbleTable (out of 20). */
const CANDY_BOMB_TABLE: readonly Weighted[] = [
  [2, 12],
  [3, 4],
  [5, 2],
  [10, 1],
  [20, 1],
];
// prettier-ignore
const CANDY_CANDY_TABLE: readonly Weighted[] = [
  [3, 25], [6, 15], [8, 20], [10, 15], [15, 10], [25, 7], [50, 6], [100, 2],
];
// prettier-ignore
const CANDY_BUBBLE_TABLE: readonly Weighted[] = [
  [2, 6], [3, 4], [5, 4], [8, 2], [10, 2], [25, 2],
];

/** kSpinsWheel: the Sweet Spins wheel's 20 segments, each once. */
// prettier-ignore
const CANDY_SPINS_WHEEL: readonly number[] = [
  5, 8, 10, 5, 15, 8, 20, 5, 10, 30, 8, 5, 15, 8, 50, 5, 10, 8, 15, 20,
];

/**
 * The first segment (uniform(54)); on a Sugar Bomb its multiplier (uniform(20) over the
 * bomb table) and the re-spin (uniform(51) over the segments that are not bombs, in wheel
 * order); then only the final segment's bonus: three candies (uniform(100) each), two
 * bubbles (uniform(20) each) or a Sweet Spins segment (uniform(20)). Written as the final
 * label, the first segment, "x<M>" and the final segment after a bomb, the bonus values:
 * "5|7", "1|6|x3|17", "CANDY_DROP|2|8,25,3", "BUBBLE_SURPRISE|6|x2|11|5,10".
 */
function candyWheel(stream: FairStream): string {
  const first = stream.uniform(CANDY_WHEEL.length);
  let last = first;
  let bomb = '';
  if (CANDY_WHEEL[first] === SUGAR_BOMB) {
    const times = drawWeighted(stream, CANDY_BOMB_TABLE, 20);
    last = CANDY_RESPIN[stream.uniform(CANDY_RESPIN.length)]!;
    bomb = `|x${times}|${last}`;
  }
  const label = CANDY_WHEEL[last]!;
  const draws = (n: number, table: readonly Weighted[], total: number) =>
    Array.from({ length: n }, () => drawWeighted(stream, table, total));
  const values =
    label === CANDY_DROP
      ? draws(3, CANDY_CANDY_TABLE, 100)
      : label === BUBBLE_SURPRISE
        ? draws(2, CANDY_BUBBLE_TABLE, 20)
        : label === SWEET_SPINS
          ? [CANDY_SPINS_WHEEL[stream.uniform(CANDY_SPINS_WHEEL.length)]!]
          : [];
  return `${label}|${first}${bomb}${values.length ? `|${values.join(',')}` : ''}`;
}

// --- Boom or bust (server/src/games/show/boom_or_bust.cpp) ---

/** kRolls: the bonus rolls at most ten times. */
const BOOM_ROLLS = 10;

/**
 * The red die, then the blue, each 1 + uniform(6); on doubles the bonus's rolls, red then
 * blue, up to the first double (a bust, after which nothing is read) or the tenth roll.
 * "3,5", "4,4|16,25,33".
 */
function boomOrBust(stream: FairStream): string {
  const die = () => 1 + stream.uniform(6);
  const red = die();
  const blue = die();
  if (red !== blue) return `${red},${blue}`;
  const rolls: string[] = [];
  for (let i = 0; i < BOOM_ROLLS; i++) {
    const r = die();
    const b = die();
    rolls.push(`${r}${b}`);
    if (r === b) break;
  }
  return `${red},${blue}|${rolls.join(',')}`;
}

// --- Slots (the built-in slot "Croupier Fruits", /api/ui/slot/spin) ---

/** The built-in slot's reels: five, each strip of 32 symbols. */
export const SLOT_REELS = 5;
export const SLOT_STRIP_LENGTH = 32;

/**
 * A spin's reel stops: for each reel in order, uniform(strip length) of the spin's words
 * (the seed, the spin's client seed and its game id, as every round's). Which symbols a
 * stop shows depends on the strips, which are the server's; the stops are checked alone.
 * Throws a RangeError when the seed is not 64 hex digits.
 */
export function slotStops(
  serverSeed: string,
  clientSeed: string,
  gameId: string,
  reels = SLOT_REELS,
  stripLength = SLOT_STRIP_LENGTH,
): number[] {
  return slotStopsOf(streamOf(serverSeed, clientSeed, gameId), reels, stripLength);
}

function slotStopsOf(stream: FairStream, reels = SLOT_REELS, stripLength = SLOT_STRIP_LENGTH) {
  return Array.from({ length: reels }, () => stream.uniform(stripLength));
}

/** How each supported game and variant draws its outcome. */
const ENGINES: Readonly<Record<string, Readonly<Record<string, (s: FairStream) => string>>>> = {
  roulette: {
    european: (s) => classicRoulette(s, false),
    american: (s) => classicRoulette(s, true),
    mega: megaRoulette,
    powerup: powerUpRoulette,
  },
  sicbo: { classic: sicBo },
  megawheel: { classic: megaWheel },
  andarbahar: { classic: andarBahar },
  crash: { spaceman: crashPoint, bigbass: crashPoint },
  sweetbonanza: { candyland: candyWheel },
  boomorbust: { classic: boomOrBust },
  // The built-in slot's result is its stops: "12,5,30,7,19".
  slot: { fruits: (s) => slotStopsOf(s).join(',') },
};

function engineOf(game: string, variant: string): ((s: FairStream) => string) | null {
  const variants = Object.hasOwn(ENGINES, game) ? ENGINES[game]! : null;
  return variants && Object.hasOwn(variants, variant) ? variants[variant]! : null;
}

function streamOf(serverSeed: string, clientSeed: string, roundId: string): FairStream {
  const seed = seedBytes(serverSeed);
  if (!seed) throw new RangeError('the server seed is not 64 hex digits');
  return new FairStream(seed, clientSeed, roundId);
}

/**
 * The outcome text the engine would write for this round, or null for a game or variant
 * this verifier does not know. Throws a RangeError when the seed is not 64 hex digits.
 */
export function deriveOutcome(
  game: string,
  variant: string,
  serverSeed: string,
  clientSeed: string,
  roundId: string,
): string | null {
  const engine = engineOf(game, variant);
  return engine ? engine(streamOf(serverSeed, clientSeed, roundId)) : null;
}

/** The 52 counts of a shoe text, or null unless it is 52 digits 0-8. */
function shoeCounts(shoe: string): number[] | null {
  if (!/^[0-8]{52}$/.test(shoe)) return null;
  return [...shoe].map(Number);
}

/**
 * The first `count` cards the seed takes from a shoe (its 52 card counts as digits): each
 * card is uniform(cards left), walked through the counts in card order, and leaves the
 * shoe. Shoe games are checked this way whatever their rules, since the rules only decide
 * how many cards a round takes. Throws a RangeError for a malformed shoe or seed, or when
 * the shoe runs out.
 */
export function drawFromShoe(
  shoe: string,
  count: number,
  serverSeed: string,
  clientSeed: string,
  roundId: string,
  decks = 8,
): string[] {
  let counts = shoeCounts(shoe);
  if (!counts) throw new RangeError('the shoe is not 52 digits 0-8');
  if (!Number.isInteger(decks) || decks < 1 || decks > 8) throw new RangeError('bad decks');
  if (!Number.isInteger(count) || count < 0) throw new RangeError(`bad card count ${count}`);
  const stream = streamOf(serverSeed, clientSeed, roundId);
  let left = counts.reduce((sum, n) => sum + n, 0);
  const cards: string[] = [];
  while (cards.length < count) {
    // Run out mid-round: refilled with its full decks, no burn (games/cards/shoe.cpp).
    if (left === 0) {
      counts = new Array<number>(52).fill(decks);
      left = 52 * decks;
    }
    let r = stream.uniform(left);
    let card = 0;
    while (r >= counts[card]!) r -= counts[card++]!;
    counts[card]!--;
    left--;
    cards.push(cardText(card));
  }
  return cards;
}

/**
 * Checks a round: the revealed seed against the commitment first, then the outcome (or,
 * for a shoe game, the cards) against what the seed gives. Never throws: a seed or shoe
 * that cannot be read is a mismatch.
 */
export function verifyRound(r: FairRecord): Verdict {
  if (r.scripted) return { status: 'scripted' };
  if (!r.serverSeed) return { status: 'unrevealed' };
  const seed = r.serverSeed;
  const commitment = commitmentOf(seed);
  if (commitment === '' || commitment !== r.hash.toLowerCase())
    return { status: 'mismatch', expected: commitment, reason: 'hash' };

  if (r.shoe !== undefined) {
    // The shoe was committed to as bets opened, with the seed: its counts were fixed then.
    if (r.shoeHash !== undefined) {
      const bytes = fromHex(seed);
      const shoeCommitment = bytes
        ? toHex(sha256(new Uint8Array([...bytes, ...utf8(r.shoe)])))
        : '';
      if (shoeCommitment !== r.shoeHash.toLowerCase())
        return { status: 'mismatch', expected: shoeCommitment, reason: 'shoe' };
    }
    const taken = r.cards ?? [];
    let expected: string;
    try {
      expected = drawFromShoe(
        r.shoe,
        taken.length,
        seed,
        r.clientSeed,
        r.gameId,
        r.decks ?? 8,
      ).join(',');
    } catch {
      return { status: 'mismatch', expected: '', reason: 'outcome' };
    }
    return r.cards !== undefined && expected === taken.join(',')
      ? { status: 'match', expected }
      : { status: 'mismatch', expected, reason: 'outcome' };
  }

  const expected = deriveOutcome(r.game, r.variant, seed, r.clientSeed, r.gameId);
  if (expected === null) return { status: 'unsupported' };
  return expected === r.result
    ? { status: 'match', expected }
    : { status: 'mismatch', expected, reason: 'outcome' };
}
