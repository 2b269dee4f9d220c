import { beforeEach, describe, expect, it } from 'vitest';

import { FakeRealtime } from './fake-realtime.test-util';
import type { OutboundType, Payload } from './messages';
import { followTableEvents } from './table-events';

let rt: FakeRealtime;
let sent: { type: OutboundType; payload: Payload }[];
let micro: boolean;
let closed: string[];
let settled: string[];
let refunds: number;

const types = () => sent.map((s) => s.type);
const last = (type: OutboundType) => [...sent].reverse().find((s) => s.type === type)?.payload;

const T = 'rou-1';
const G1 = 'rou-1-000001';
const G2 = 'rou-1-000002';

const betack = (gameId: string, accepted: unknown[], extra: Record<string, unknown> = {}) =>
  rt.emit({ type: 'betack', table: T, gameId, requestId: 'r', accepted, rejected: [], ...extra });
const result = (gameId: string, extra: Record<string, unknown> = {}) =>
  rt.emit({ type: 'gameresult', table: T, gameId, state: 24, result: '17', ...extra });

beforeEach(() => {
  rt = new FakeRealtime();
  sent = [];
  micro = false;
  closed = [];
  settled = [];
  refunds = 0;
  followTableEvents(rt, (type, payload) => sent.push({ type, payload }), {
    microGaming: () => micro,
    onTableClosed: (t) => closed.push(t),
    onSettled: (net, stake) => settled.push(`${net} of ${stake}`),
    onRefunded: () => refunds++,
  });
});

describe('rounds', () => {
  it('starts a round with the first accepted bet and ends it with its result', () => {
    betack(G1, [{ spot: 'RED', amount: '1.00' }]);
    betack(G1, [{ spot: 'BLACK', amount: '1.00' }]);
    betack(G1, [{ spot: 'RED', amount: '1.00' }], { duplicate: true });
    expect(types()).toEqual(['ROUND_STARTED']);
    expect(last('ROUND_STARTED')).toEqual({ tableId: T, gameId: G1 });
    result(G1, { stake: '3.00', win: '4.00', net: '1.00', balance: '10001.00' });
    expect(types()).toEqual(['ROUND_STARTED', 'RESULT_SHOWN', 'ROUND_ENDED']);
    expect(last('ROUND_ENDED')).toEqual({
      tableId: T,
      gameId: G1,
      stake: '3.00',
      win: '4.00',
      net: '1.00',
      balance: '10001.00',
      result: '17',
    });
    expect(settled).toEqual(['1.00 of 3.00']);
  });

  it('does not start a round with a refused bet, nor end one that never started', () => {
    betack(G1, [], { code: 1007, rejected: [{ spot: 'RED', amount: '1.00', code: 1007 }] });
    result(G1);
    expect(types()).toEqual(['RESULT_SHOWN']);
  });

  it('ends a refunded round', () => {
    betack(G1, [{ spot: 'RED', amount: '7.00' }]);
    rt.emit({
      type: 'cancelround',
      table: T,
      gameId: G1,
      state: 21,
      refunded: '7.00',
      balance: '10000.00',
    });
    expect(types()).toEqual(['ROUND_STARTED', 'ROUND_ENDED']);
    expect(last('ROUND_ENDED')).toMatchObject({
      gameId: G1,
      cancelled: true,
      stake: '7.00',
      win: '7.00',
      net: '0.00',
      balance: '10000.00',
    });
    expect(refunds).toBe(1);
    expect(settled).toEqual([]);
  });

  it('keeps rounds of different tables apart', () => {
    betack(G1, [{ spot: 'RED', amount: '1.00' }]);
    rt.emit({
      type: 'betack',
      table: 'bac-1',
      gameId: 'bac-1-000009',
      accepted: [{ spot: 'BANKER', amount: '5.00' }],
    });
    rt.emit({ type: 'gameresult', table: 'bac-1', gameId: 'bac-1-000009', result: 'B 5-9' });
    expect(sent.filter((s) => s.type === 'ROUND_ENDED').map((s) => s.payload.tableId)).toEqual([
      'bac-1',
    ]);
    result(G1);
    expect(sent.filter((s) => s.type === 'ROUND_ENDED').map((s) => s.payload.tableId)).toEqual([
      'bac-1',
      T,
    ]);
  });

  it('starts a round whose answer came back in a resync', () => {
    rt.emit({
      type: 'resync',
      table: T,
      gameId: G1,
      state: 2,
      myAcks: [{ type: 'betack', requestId: 'r', gameId: G1, accepted: [{ spot: 'RED' }] }],
    });
    expect(types()).toEqual(['ROUND_STARTED']);
  });

  it('ends a round missed while away when a resync shows the next one', () => {
    betack(G1, [{ spot: 'RED', amount: '1.00' }]);
    rt.emit({ type: 'gamestate', table: T, gameId: G1, state: 6 });
    rt.emit({ type: 'resync', table: T, gameId: G2, state: 2, myAcks: [] });
    expect(types()).toEqual(['ROUND_STARTED', 'SPIN_START', 'ROUND_ENDED', 'SPIN_END']);
    expect(last('ROUND_ENDED')).toMatchObject({ gameId: G1, missed: true, stake: null });
    expect(last('SPIN_END')).toMatchObject({ gameId: G1, missed: true });
  });

  it('ends an open round when the player leaves the table before its result', () => {
    betack(G1, [{ spot: 'RED', amount: '1.00' }]);
    rt.emit({ type: 'unsubscribed', channel: 'table-bac-1' });
    expect(types()).toEqual(['ROUND_STARTED']);
    rt.emit({ type: 'unsubscribed', channel: `table-${T}` });
    expect(types()).toEqual(['ROUND_STARTED', 'ROUND_ENDED']);
    expect(last('ROUND_ENDED')).toEqual({
      tableId: T,
      gameId: G1,
      left: true,
      stake: null,
      win: null,
      net: null,
      balance: null,
    });
    result(G1); // not heard any more in practice; nothing to end anyway
    expect(types()).toEqual(['ROUND_STARTED', 'ROUND_ENDED', 'RESULT_SHOWN']);
  });

  it('ignores the lobby channel', () => {
    rt.emit({ type: 'resync', table: 'lobby', channel: 'lobby', tables: [] });
    expect(sent).toEqual([]);
  });
});

describe('spins, bonus rounds and results', () => {
  it('pairs a spin with its result', () => {
    rt.emit({ type: 'gamestate', table: T, gameId: G1, state: 6 });
    rt.emit({ type: 'gamestate', table: T, gameId: G1, state: 6 });
    rt.emit({ type: 'gamestate', table: T, gameId: G1, state: 901 });
    result(G1);
    expect(types()).toEqual(['SPIN_START', 'SPIN_END', 'RESULT_SHOWN']);
    expect(last('SPIN_END')).toEqual({ tableId: T, gameId: G1, result: '17' });
    expect(last('RESULT_SHOWN')).toEqual({ tableId: T, gameId: G1, result: '17' });
  });

  it('does not count a card deal as a spin', () => {
    rt.emit({ type: 'gamestate', table: 'bac-1', gameId: 'bac-1-1', state: 15 });
    expect(sent).toEqual([]);
  });

  it("opens a bonus game with mega roulette's multipliers and closes it with the result", () => {
    const multipliers = [{ spot: 'STRAIGHT_17', x: 200 }];
    rt.emit({ type: 'multipliers', table: 'mega-1', gameId: 'mega-1-7', multipliers });
    rt.emit({
      type: 'gameresult',
      table: 'mega-1',
      gameId: 'mega-1-7',
      result: '17',
      resultMultipliers: multipliers,
    });
    expect(types()).toEqual(['BONUS_GAME_START', 'BONUS_GAME_END', 'RESULT_SHOWN']);
    expect(last('BONUS_GAME_START')).toEqual({
      tableId: 'mega-1',
      gameId: 'mega-1-7',
      multipliers,
    });
    expect(last('BONUS_GAME_END')).toEqual({
      tableId: 'mega-1',
      gameId: 'mega-1-7',
      result: '17',
      resultMultipliers: multipliers,
    });
  });

  it('marks a result the client missed while away', () => {
    result(G1, { replayed: true });
    expect(last('RESULT_SHOWN')).toMatchObject({ replayed: true });
  });
});

describe('balance too low', () => {
  it('is told when the server refuses a bet for funds', () => {
    betack(G1, [], { code: 10104 });
    betack(G1, [], { rejected: [{ spot: 'RED', amount: '1.00', code: 10104 }] });
    betack(G1, [], { code: 10104, duplicate: true });
    betack(G1, [], { code: 1007 });
    // A free bet out of chips says nothing of the balance.
    betack(G1, [], { code: 10104, bonusId: 'welcome-chips:7' });
    expect(types()).toEqual(['BALANCE_TOO_LOW', 'BALANCE_TOO_LOW']);
    expect(last('BALANCE_TOO_LOW')).toEqual({
      tableId: T,
      gameId: G1,
      code: 10104,
      source: 'server',
    });
  });
});

describe('micro-gaming operators', () => {
  it('are told BUSY when bets close and IDLE with the result', () => {
    micro = true;
    rt.emit({ type: 'betsclosed', table: T, gameId: G1, state: 3 });
    rt.emit({ type: 'betsclosed', table: T, gameId: G1, state: 3 });
    result(G1);
    expect(types()).toEqual(['BUSY', 'RESULT_SHOWN', 'IDLE']);
    expect(last('BUSY')).toEqual({ tableId: T, gameId: G1 });
  });

  it('are told IDLE when a busy round is refunded', () => {
    micro = true;
    rt.emit({ type: 'betsclosed', table: T, gameId: G1, state: 3 });
    rt.emit({ type: 'cancelround', table: T, gameId: G1, state: 21 });
    expect(types()).toEqual(['BUSY', 'IDLE']);
  });

  it('hear nothing of it otherwise', () => {
    rt.emit({ type: 'betsclosed', table: T, gameId: G1, state: 3 });
    result(G1);
    expect(types()).toEqual(['RESULT_SHOWN']);
  });

  it('hear of a closed table', () => {
    rt.emit({ type: 'table_closed', table: T, gameId: G1, reason: 'shutdown' });
    expect(closed).toEqual([T]);
  });
});
