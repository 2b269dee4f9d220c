import { describe, expect, it } from 'vitest';

import { units } from '../../lib/format/money';
import { initialSicBoView, sicboReducer } from './table-state';

const at = 1_000_000;

describe('the sic bo table state', () => {
  it('follows a round: recent throws from the resync, the dice in throw order, the win', () => {
    let v = sicboReducer(
      initialSicBoView,
      {
        type: 'resync',
        table: 'sic-1',
        gameId: 'sic-1-000003',
        state: 2,
        betsOpen: true,
        endsAt: at + 5000,
        ts: at,
        results: [
          { gameId: 'sic-1-000002', result: '336', outcome: '336|633' },
          { gameId: 'sic-1-000001', result: '233', outcome: '233|332' },
        ],
      },
      at,
    );
    expect(v.betsOpen).toBe(true);
    expect(v.result).toBeNull();
    expect(v.recent.map((r) => [r.gameId, r.values, r.total])).toEqual([
      ['sic-1-000002', [6, 3, 3], 12],
      ['sic-1-000001', [3, 3, 2], 8],
    ]);

    v = sicboReducer(v, { type: 'betsclosed', table: 'sic-1', gameId: 'sic-1-000003' }, at);
    v = sicboReducer(
      v,
      { type: 'gamestate', table: 'sic-1', gameId: 'sic-1-000003', state: 6, spinMs: 2500 },
      at,
    );
    expect(v.state).toBe(6);
    v = sicboReducer(
      v,
      {
        type: 'gameresult',
        table: 'sic-1',
        gameId: 'sic-1-000003',
        state: 24,
        result: '136',
        outcome: '136|316',
        values: [3, 1, 6],
        stake: '2.00',
        win: '9.00',
      },
      at,
    );
    expect(v.result).toMatchObject({ gameId: 'sic-1-000003', values: [3, 1, 6], total: 10 });
    expect(v.recent[0]!.gameId).toBe('sic-1-000003');
    expect(v.recent).toHaveLength(3);
    expect(v.myWin).toEqual({ gameId: 'sic-1-000003', stake: units('2'), win: units('9') });

    // The same result again (a replay) is not a new recent throw.
    expect(
      sicboReducer(
        v,
        {
          type: 'gameresult',
          table: 'sic-1',
          gameId: 'sic-1-000003',
          result: '136',
          outcome: '136|316',
        },
        at,
      ).recent,
    ).toHaveLength(3);

    v = sicboReducer(
      v,
      { type: 'betsopen', table: 'sic-1', gameId: 'sic-1-000004', endsAt: at + 9000 },
      at,
    );
    expect(v.result).toBeNull();
    expect(v.recent).toHaveLength(3);
  });

  it('shows the result of a resync during the result, read from its outcome', () => {
    const v = sicboReducer(
      initialSicBoView,
      {
        type: 'resync',
        table: 'sic-1',
        gameId: 'sic-1-000009',
        state: 24,
        result: '255',
        outcome: '255|525',
        results: [{ gameId: 'sic-1-000009', result: '255', outcome: '255|525' }],
      },
      at,
    );
    expect(v.result).toMatchObject({ gameId: 'sic-1-000009', values: [5, 2, 5], total: 12 });
  });
});
