import { describe, expect, it } from 'vitest';

import { units } from '../../lib/format/money';
import { initialView, secondsLeft, tableReducer, type TableView } from './table-state';

const run = (events: Record<string, unknown>[], now = 1000): TableView =>
  events.reduce<TableView>((v, e) => tableReducer(v, e as never, now), initialView);

describe('tableReducer', () => {
  it('follows a round from resync to result', () => {
    let v = run([
      {
        type: 'resync',
        gameId: 'g1',
        state: 901,
        betsOpen: false,
        endsAt: 5000,
        ts: 1000,
        results: [{ gameId: 'g0', result: '7' }],
        myBets: [],
      },
    ]);
    expect(v).toMatchObject({ ready: true, state: 901, recent: [{ gameId: 'g0', number: 7 }] });
    v = tableReducer(v, { type: 'betsopen', gameId: 'g2', endsAt: 20000, ts: 2000 }, 2000);
    expect(v).toMatchObject({ gameId: 'g2', state: 2, betsOpen: true, result: null });
    v = tableReducer(v, { type: 'betsclosingsoon', gameId: 'g2', endsAt: 20000, ts: 15000 }, 15000);
    expect(v.closingSoon).toBe(true);
    v = tableReducer(v, { type: 'betsclosed', gameId: 'g2', ts: 20000 }, 20000);
    expect(v).toMatchObject({ state: 3, betsOpen: false, closingSoon: false });
    v = tableReducer(
      v,
      { type: 'gamestate', gameId: 'g2', state: 6, spinMs: 4000, endsAt: 25000, ts: 21000 },
      21000,
    );
    expect(v).toMatchObject({ state: 6, spinMs: 4000 });
    v = tableReducer(
      v,
      {
        type: 'gameresult',
        gameId: 'g2',
        result: '17',
        stake: '3.00',
        win: '36.00',
        balance: '1033.00',
        ts: 25000,
      },
      25000,
    );
    expect(v).toMatchObject({ state: 24, result: { gameId: 'g2', number: 17 } });
    expect(v.myWin).toEqual({ gameId: 'g2', stake: units('3'), win: units('36') });
    expect(v.recent.map((r) => r.number)).toEqual([17, 7]);
  });

  it('keeps the countdown in server time', () => {
    // The server is 5 s ahead of this device.
    const v = tableReducer(
      initialView,
      { type: 'betsopen', gameId: 'g', endsAt: 40_000, ts: 25_000 },
      20_000,
    );
    expect(v.serverOffset).toBe(5000);
    expect(secondsLeft(v, 20_000)).toBe(15);
    expect(secondsLeft(v, 34_500)).toBe(1);
    expect(secondsLeft(v, 60_000)).toBe(0);
  });

  it('notes cancelled rounds and a closed table', () => {
    let v = run([{ type: 'betsopen', gameId: 'g', endsAt: 1, ts: 1 }]);
    v = tableReducer(v, { type: 'cancelround', gameId: 'g', ts: 2 }, 2);
    expect(v).toMatchObject({ state: 21, cancelled: 'g', betsOpen: false });
    v = tableReducer(v, { type: 'table_closed', gameId: 'g', ts: 3 }, 3);
    expect(v.closed).toBe(true);
  });

  it('reads 00, power-up numbers and their revealed multiplier, special balls and seats', () => {
    let v = run([
      {
        type: 'resync',
        gameId: 'g1',
        state: 2,
        betsOpen: true,
        ts: 1000,
        results: [{ gameId: 'g0', result: '00' }],
        specialBall: true,
        spinner: 'Bob',
        youSpin: false,
        seats: [{ seat: 1, playerId: '7', name: 'Ann' }, { seat: 2 }],
      },
    ]);
    expect(v.recent[0]!.number).toBe(37);
    expect(v.specialBall).toEqual({ spinner: 'Bob', youSpin: false });
    expect(v.seats).toEqual([
      { seat: 1, playerId: '7', name: 'Ann' },
      { seat: 2, playerId: null, name: null },
    ]);
    v = tableReducer(
      v,
      {
        type: 'multipliers',
        gameId: 'g1',
        multipliers: [
          { spot: 'STRAIGHT_3', x: 0 },
          { spot: 'STRAIGHT_17', x: 0 },
        ],
      },
      2000,
    );
    expect(v.multipliers).toEqual([
      { number: 3, x: 0 },
      { number: 17, x: 0 },
    ]);
    v = tableReducer(
      v,
      {
        type: 'gameresult',
        gameId: 'g1',
        result: '17',
        multipliers: [
          { spot: 'STRAIGHT_3', x: 0 },
          { spot: 'STRAIGHT_17', x: 0 },
        ],
        resultMultipliers: [{ spot: 'STRAIGHT_17', x: 150 }],
      },
      3000,
    );
    expect(v.resultMultiplier).toEqual({ number: 17, x: 150 });
    // A new round clears what belonged to the last one.
    v = tableReducer(v, { type: 'betsopen', gameId: 'g2', ts: 4000 }, 4000);
    expect(v).toMatchObject({ multipliers: [], resultMultiplier: null, specialBall: null });
    v = tableReducer(v, { type: 'seats', seats: [{ seat: 1 }, { seat: 2 }] }, 4000);
    expect(v.seats.every((s) => s.playerId === null)).toBe(true);
  });
});
