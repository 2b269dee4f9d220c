import { describe, expect, it } from 'vitest';

import { units } from '../../lib/format/money';
import { initialMegaWheelView, megaState, megaWheelReducer } from './table-state';

const at = 1_000_000;
const ev = (type: string, extra: Record<string, unknown> = {}) => ({
  type,
  table: 'mw-1',
  gameId: 'mw-1-000004',
  ...extra,
});

describe('the mega wheel table state', () => {
  it('reveals the mega multiplier after bets close, pays it, and clears it for the next round', () => {
    let v = megaWheelReducer(initialMegaWheelView, ev('betsopen', { endsAt: at + 9000 }), at);
    expect(megaState(v, false)).toBe('none');
    v = megaWheelReducer(v, ev('betsclosed'), at);
    v = megaWheelReducer(v, ev('gamestate', { state: 6, spinMs: 2500 }), at);
    v = megaWheelReducer(v, ev('multipliers', { multipliers: [{ spot: '5', x: 20 }] }), at);
    expect(v.mega).toEqual({ number: 5, x: 20 });
    expect(megaState(v, false)).toBe('announced');

    v = megaWheelReducer(
      v,
      ev('gameresult', {
        state: 24,
        result: '5',
        outcome: '5|7|5x20',
        values: [7, 5, 20],
        multipliers: [{ spot: '5', x: 20 }],
        resultMultipliers: [{ spot: '5', x: 20 }],
        stake: '1.00',
        win: '21.00',
      }),
      at,
    );
    expect(v.result).toMatchObject({ gameId: 'mw-1-000004', number: 5, segment: 7 });
    expect(v.myWin).toEqual({ gameId: 'mw-1-000004', stake: units('1'), win: units('21') });
    // Until the wheel has stopped it is still only announced.
    expect(megaState(v, false)).toBe('announced');
    expect(megaState(v, true)).toBe('hit');

    v = megaWheelReducer(v, ev('betsopen', { gameId: 'mw-1-000005' }), at);
    expect(v.mega).toBeNull();
    expect(v.result).toBeNull();
    expect(v.recent.map((r) => r.number)).toEqual([5]);
  });

  it('says when the multiplied number missed', () => {
    let v = megaWheelReducer(
      initialMegaWheelView,
      ev('multipliers', { multipliers: [{ spot: '40', x: 100 }] }),
      at,
    );
    v = megaWheelReducer(
      v,
      ev('gameresult', { result: '2', outcome: '2|26|40x100', values: [26, 40, 100] }),
      at,
    );
    expect(megaState(v, true)).toBe('missed');
  });

  it('takes the multiplier from a resync while the wheel spins, or from its result', () => {
    const spinning = megaWheelReducer(
      initialMegaWheelView,
      ev('resync', { state: 6, results: [], multipliers: [{ spot: '40', x: 50 }] }),
      at,
    );
    expect(spinning.mega).toEqual({ number: 40, x: 50 });
    expect(spinning.result).toBeNull();
    const over = megaWheelReducer(
      initialMegaWheelView,
      ev('resync', {
        state: 24,
        result: '40',
        outcome: '40|0|40x50',
        results: [{ gameId: 'mw-1-000004', result: '40', outcome: '40|0|40x50' }],
      }),
      at,
    );
    expect(over.mega).toEqual({ number: 40, x: 50 });
    expect(over.result).toMatchObject({ number: 40, segment: 0 });
    expect(megaState(over, true)).toBe('hit');
  });
});
