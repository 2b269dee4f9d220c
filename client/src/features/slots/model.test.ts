import { createHash, createHmac } from 'node:crypto';

import { describe, expect, it } from 'vitest';

import { slotStops } from '../../lib/fair';
import {
  gridAt,
  parseSlotState,
  parseSpinAnswer,
  refusalOf,
  restingGrid,
  verifySpin,
  winCells,
} from './model';
import { HASH_0, HASH_1, SEED_0, STATE, STRIPS, answerTo } from './slot.test-util';

const config = () => parseSlotState(structuredClone(STATE))!.config;

describe('the slot state', () => {
  it('reads the protocol example: amounts exact, lines, pays and the commitment', () => {
    const s = parseSlotState(structuredClone(STATE))!;
    expect(s.fairHash).toBe(HASH_0);
    expect(s.balance).toBe(100_00000);
    expect(s.bonusBalance).toBe(0);
    expect(s.config).toMatchObject({
      slotId: 'fruits',
      name: 'Croupier Fruits',
      lines: 20,
      reels: 5,
      rows: 3,
      defaultLineBet: 5000,
      rtp: '96.02',
    });
    expect(s.config.lineBets).toEqual([
      1000, 2000, 5000, 10000, 20000, 50000, 100000, 200000, 500000,
    ]);
    expect(s.config.paytable.WILD).toEqual([100, 500, 2500]);
    expect(s.config.paylines[3]).toEqual([0, 1, 2, 1, 0]);
  });

  it('refuses a state with any part malformed, rather than drawing part of it', () => {
    const broken: [string, unknown][] = [
      ['lineBets', ['0.05', 'lots']],
      ['lineBets', []],
      ['paylines', STATE.paylines.slice(1)], // 19 lines for 20
      ['paylines', [[1, 1, 1, 1], ...STATE.paylines.slice(1)]], // a line over 4 reels
      ['paylines', [[1, 1, 3, 1, 1], ...STATE.paylines.slice(1)]], // a row that is not there
      ['paytable', { ...STATE.paytable, PEAR: [1, 2, 3] }], // a symbol the slot lacks
      ['symbols', ['CHERRY', '<b>']],
      ['fairHash', 'not-a-hash'],
      ['reels', 0],
      ['balance', '1,000.00'],
      ['slotId', '../etc'],
    ];
    for (const [key, value] of broken)
      expect(parseSlotState({ ...structuredClone(STATE), [key]: value }), key).toBeNull();
    expect(parseSlotState(null)).toBeNull();
    expect(parseSlotState([])).toBeNull();
  });

  it('takes the strips when the state gives them, and refuses malformed ones', () => {
    expect(parseSlotState(structuredClone(STATE))!.config.strips).toBeNull();
    const s = parseSlotState({ ...structuredClone(STATE), strips: STRIPS })!;
    expect(s.config.strips![0]!.slice(0, 3)).toEqual(['ORANGE', 'LEMON', 'CHERRY']);
    expect(parseSlotState({ ...structuredClone(STATE), strips: STRIPS.slice(1) })).toBeNull();
    const pear = STRIPS.map((strip, i) => (i === 2 ? ['PEAR', ...strip.slice(1)] : strip));
    expect(parseSlotState({ ...structuredClone(STATE), strips: pear })).toBeNull();
  });

  it('takes the first line bet when the default is not one of them', () => {
    const s = parseSlotState({ ...structuredClone(STATE), defaultLineBet: '0.03' })!;
    expect(s.config.defaultLineBet).toBe(1000);
  });

  it('rests on a grid of its own symbols before the first spin', () => {
    const grid = restingGrid(config());
    expect(grid).toHaveLength(5);
    expect(grid.every((reel) => reel.length === 3)).toBe(true);
    expect(grid.flat().every((s) => STATE.symbols.includes(s))).toBe(true);
  });
});

describe('a spin answer', () => {
  const body = { requestId: 's-1', clientSeed: 'alice' };

  it('reads the protocol example: grid[reel][row], stops, wins and the next commitment', () => {
    const a = parseSpinAnswer(answerTo(body), config())!;
    expect(a).toMatchObject({
      requestId: 's-1',
      gameId: 'fruits-12-s-1',
      stake: 1_00000,
      win: 2_50000,
      stops: [12, 5, 30, 7, 19],
      balance: 101_50000,
      clientSeed: 'alice',
      fairHash: HASH_1,
    });
    expect(a.grid[1]![0]).toBe('WILD'); // reel 1, top row
    expect(a.wins).toEqual([{ line: 1, symbol: 'BELL', count: 4, pay: 2_50000 }]);
  });

  it('refuses an answer that is not for this slot or is malformed', () => {
    const cases: Record<string, unknown>[] = [
      { slotId: 'other' },
      { grid: [['CHERRY', 'BELL', 'LEMON']] }, // one reel
      { grid: answerTo(body).grid as unknown[] }, // (sanity: valid)
      { stops: [1, 2, 3] },
      { stops: [1, 2, 3, 4, -5] },
      { wins: [{ line: 21, symbol: 'BELL', count: 4, pay: '2.50' }] }, // no line 21
      { wins: [{ line: 1, symbol: 'BELL', count: 6, pay: '2.50' }] }, // 6 of 5 reels
      { wins: [{ line: 1, symbol: 'BELL', count: 4, pay: 2.5 }] }, // a number, not a text
      { win: '-1.00' },
      { serverSeed: 'x' },
      { fairHash: undefined },
    ];
    const valid = cases.map((c) => parseSpinAnswer(answerTo(body, c), config()) !== null);
    expect(valid).toEqual([
      false,
      false,
      true,
      false,
      false,
      false,
      false,
      false,
      false,
      false,
      false,
    ]);
  });

  it('lights the cells a winning line pays on, from the leftmost reel', () => {
    const c = config();
    expect(winCells(c, { line: 1, symbol: 'BELL', count: 4, pay: 0 })).toEqual([
      [0, 1],
      [1, 1],
      [2, 1],
      [3, 1],
    ]);
    expect(winCells(c, { line: 4, symbol: 'LEMON', count: 3, pay: 0 })).toEqual([
      [0, 0],
      [1, 1],
      [2, 2],
    ]);
  });

  it("reads a refusal's code and the server's commitment", () => {
    expect(refusalOf(JSON.stringify({ error: 'STALE', code: 2001, fairHash: HASH_1 }))).toEqual({
      code: 2001,
      fairHash: HASH_1,
    });
    expect(refusalOf('{"code":10104}')).toEqual({ code: 10104, fairHash: null });
    expect(refusalOf('<html>')).toEqual({ code: null, fairHash: null });
  });
});

describe('the provably fair check of a spin', () => {
  // Computed once through lib/fair (FairStream.uniform(32) per reel) and kept: a change
  // to how the words are read shows here.
  const STOPS = [6, 17, 30, 31, 11];
  const grid = gridAt(STRIPS, STOPS, 3);
  const spin = {
    serverSeed: SEED_0,
    clientSeed: 'alice',
    gameId: 'fruits-12-s-1',
    stops: STOPS,
    grid,
  };

  it('recomputes the stops: for each reel in order, uniform(32) of the round words', () => {
    expect(slotStops(SEED_0, 'alice', 'fruits-12-s-1')).toEqual(STOPS);
    // The same from node's own HMAC: 32 divides 2^64, so no word is ever rejected and the
    // stop of reel i is word i mod 32.
    const mac = createHmac('sha256', Buffer.from(SEED_0, 'hex'))
      .update('alice:fruits-12-s-1:0')
      .digest();
    const mac2 = createHmac('sha256', Buffer.from(SEED_0, 'hex'))
      .update('alice:fruits-12-s-1:1')
      .digest();
    const words = [0, 8, 16, 24].map((at) => mac.readBigUInt64BE(at));
    words.push(mac2.readBigUInt64BE(0));
    expect(words.map((w) => Number(w % 32n))).toEqual(STOPS);
    // Another client seed or game id gives other stops.
    expect(slotStops(SEED_0, 'bob', 'fruits-12-s-1')).not.toEqual(STOPS);
    expect(slotStops(SEED_0, '', 'fruits-1-s-abc-1')).toEqual([1, 13, 7, 22, 9]);
  });

  it('matches a spin whose seed hashes to the commitment held and whose stops follow', () => {
    expect(createHash('sha256').update(Buffer.from(SEED_0, 'hex')).digest('hex')).toBe(HASH_0);
    expect(verifySpin(spin, HASH_0)).toEqual({
      stops: 'match',
      expected: STOPS,
      hash: 'match',
      grid: null, // no strips: the grid is not checked
    });
    expect(verifySpin(spin, HASH_0.toUpperCase()).hash).toBe('match');
  });

  it('shows a mismatch of the stops or of the commitment, each on its own', () => {
    expect(verifySpin({ ...spin, stops: [6, 17, 30, 31, 12] }, HASH_0)).toEqual({
      stops: 'mismatch',
      expected: STOPS,
      hash: 'match',
      grid: null,
    });
    expect(verifySpin(spin, HASH_1)).toMatchObject({ stops: 'match', hash: 'mismatch' });
    // A seed changed in one digit: neither holds.
    const other = { ...spin, serverSeed: `1${SEED_0.slice(1)}` };
    expect(verifySpin(other, HASH_0)).toMatchObject({ stops: 'mismatch', hash: 'mismatch' });
    // Not a seed at all: no stops to compare.
    expect(verifySpin({ ...spin, serverSeed: 'zz' }, HASH_0)).toEqual({
      stops: 'mismatch',
      expected: [],
      hash: 'mismatch',
      grid: null,
    });
  });

  it('with the strips, checks that the stops the seeds give show the grid drawn', () => {
    // Each reel from its stop down, wrapping round: reel 3 stops at 30 and shows 30, 31, 0.
    expect(grid[2]).toEqual([STRIPS[2]![30], STRIPS[2]![31], STRIPS[2]![0]]);
    expect(verifySpin(spin, HASH_0, STRIPS)).toMatchObject({ stops: 'match', grid: 'match' });
    const swapped = grid.map((reel, r) => (r === 4 ? [...reel].reverse() : reel));
    expect(verifySpin({ ...spin, grid: swapped }, HASH_0, STRIPS)).toMatchObject({
      stops: 'match',
      grid: 'mismatch',
    });
    // Stops that are not the seeds': the grid they were drawn at is not the seeds' either.
    const other = [0, 0, 0, 0, 0];
    const drawnAtOther = { ...spin, stops: other, grid: gridAt(STRIPS, other, 3) };
    expect(verifySpin(drawnAtOther, HASH_0, STRIPS)).toMatchObject({
      stops: 'mismatch',
      grid: 'mismatch',
    });
  });
});
