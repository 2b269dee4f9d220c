import { describe, expect, it } from 'vitest';

import { units } from '../format/money';
import {
  type Limits,
  type SpotRules,
  type Slip,
  addAction,
  checkLines,
  confirmAction,
  doubleLines,
  emptySlip,
  isSending,
  removeAction,
  slipFromAnswers,
  slipTotal,
  spotTotals,
  takeBack,
  undoTarget,
} from './bet-slip';

// A small game of its own, so that the slip is tested apart from any real table: straights
// and splits inside, dozens and even money outside.
const OPPOSITE: Record<string, string> = { RED: 'BLACK', BLACK: 'RED', ODD: 'EVEN', EVEN: 'ODD' };
const rules: SpotRules = {
  isSpot: (c) =>
    /^(STRAIGHT_([0-9]|[12][0-9]|3[0-6])|SPLIT_\d{1,2}_\d{1,2}|DOZEN_[123]|RED|BLACK|ODD|EVEN)$/.test(
      c,
    ),
  kindOf: (c) => c.split('_')[0]!.toLowerCase(),
  isInside: (c) => c.startsWith('STRAIGHT_') || c.startsWith('SPLIT_'),
  oppositeOf: (c) => OPPOSITE[c] ?? null,
};

const limits: Limits = {
  rules,
  min: units('0.20'),
  tableMax: units('300'),
  insideMax: units('100'),
  outsideMax: units('200'),
  oppositeBetsAllowed: false,
  spotMax: { straight: units('10'), red: units('150'), black: units('150') },
};

const line = (spot: string, amount: string) => ({ spot, amount: units(amount) });

function confirmed(...actions: [string, ReturnType<typeof line>[]][]): Slip {
  let slip = emptySlip('g1');
  for (const [id, lines] of actions)
    slip = confirmAction(addAction(slip, id, 'place', lines), id, lines);
  return slip;
}

describe('placing', () => {
  it('adds an action that the server confirms, possibly in part', () => {
    let slip = addAction(emptySlip('g1'), 'c-1', 'place', [
      line('STRAIGHT_17', '1'),
      line('RED', '5'),
    ]);
    expect(isSending(slip)).toBe(true);
    expect(undoTarget(slip)).toBeNull();
    slip = confirmAction(slip, 'c-1', [line('RED', '5')]);
    expect(isSending(slip)).toBe(false);
    expect(slipTotal(slip)).toBe(units('5'));
    expect(undoTarget(slip)?.requestId).toBe('c-1');
    // Nothing accepted: the action disappears.
    slip = confirmAction(addAction(slip, 'c-2', 'place', [line('ODD', '1')]), 'c-2', []);
    expect(slip.actions).toHaveLength(1);
  });

  it('adds up the totals per spot', () => {
    const slip = confirmed(
      ['a', [line('RED', '1')]],
      ['b', [line('RED', '2'), line('STRAIGHT_0', '1')]],
    );
    expect(spotTotals(slip).get('RED')).toBe(units('3'));
    expect(slipTotal(slip)).toBe(units('4'));
  });
});

describe('limits, checked like the server', () => {
  it('refuses each bet with the server code', () => {
    const slip = confirmed(['a', [line('STRAIGHT_1', '8'), line('RED', '100')]]);
    const { ok, refused } = checkLines(
      slip,
      [
        line('STRAIGHT_99x', '1'),
        line('SPLIT_1_2', '0.10'),
        line('STRAIGHT_1', '5'),
        line('BLACK', '1'),
        line('STRAIGHT_2', '3'),
      ],
      limits,
    );
    expect(refused.map((r) => r.code)).toEqual([1005, 1013, 1009, 1037]);
    expect(ok.map((l) => l.spot)).toEqual(['STRAIGHT_2']);
  });

  it('checks the inside, outside and table maximums as bets add up', () => {
    const slip = confirmed(['a', [line('STRAIGHT_1', '10'), line('STRAIGHT_2', '10')]]);
    const wide = { ...limits, spotMax: {} };
    expect(checkLines(slip, [line('SPLIT_4_5', '81')], wide).refused[0]?.code).toBe(1009);
    expect(
      checkLines(slip, [line('DOZEN_1', '150'), line('DOZEN_2', '60')], wide).refused[0]?.code,
    ).toBe(1010);
    const tight = { ...wide, tableMax: units('50') };
    expect(
      checkLines(slip, [line('DOZEN_1', '20'), line('DOZEN_2', '20')], tight).refused.map(
        (r) => r.code,
      ),
    ).toEqual([1012]);
  });

  it('allows opposite bets when the table does', () => {
    const slip = confirmed(['a', [line('RED', '1')]]);
    expect(
      checkLines(slip, [line('BLACK', '1')], { ...limits, oppositeBetsAllowed: true }).ok,
    ).toHaveLength(1);
  });
});

describe('undo, clear, double, rebet', () => {
  it('undo takes back the last confirmed action only', () => {
    let slip = confirmed(['a', [line('RED', '1')]], ['b', [line('STRAIGHT_5', '2')]]);
    expect(undoTarget(slip)?.requestId).toBe('b');
    slip = removeAction(slip, 'b');
    expect(slipTotal(slip)).toBe(units('1'));
    slip = addAction(slip, 'c', 'place', [line('ODD', '1')]);
    expect(undoTarget(slip)).toBeNull(); // wait for the server's answer first
  });

  it('double places each spot total once more', () => {
    const slip = confirmed(
      ['a', [line('RED', '1'), line('RED', '2')]],
      ['b', [line('STRAIGHT_5', '1')]],
    );
    expect(doubleLines(slip)).toEqual([line('RED', '3'), line('STRAIGHT_5', '1')]);
    const doubled = confirmAction(
      addAction(slip, 'd', 'double', doubleLines(slip)),
      'd',
      doubleLines(slip),
    );
    expect(slipTotal(doubled)).toBe(units('8'));
  });

  it('clear and partial take-backs remove exactly the bets the server took back', () => {
    const slip = confirmed(
      ['a', [line('RED', '1')]],
      ['b', [line('RED', '1'), line('STRAIGHT_5', '2')]],
    );
    expect(slipTotal(takeBack(slip, [line('RED', '1')]))).toBe(units('3'));
    expect(
      takeBack(slip, [line('RED', '1'), line('RED', '1'), line('STRAIGHT_5', '2')]).actions,
    ).toEqual([]);
  });

  it('rebuilds the slip from the answers the server kept', () => {
    const slip = slipFromAnswers('g1', [
      { type: 'betack', requestId: 'a', gameId: 'g1', lines: [line('RED', '1')] },
      { type: 'betack', requestId: 'b', gameId: 'g1', lines: [line('STRAIGHT_5', '2')] },
      { type: 'cancelack', requestId: 'u', gameId: 'g1', lines: [line('STRAIGHT_5', '2')] },
      { type: 'betack', requestId: 'old', gameId: 'g0', lines: [line('ODD', '9')] },
    ]);
    expect(slip.actions.map((a) => a.requestId)).toEqual(['a']);
    expect(slipTotal(slip)).toBe(units('1'));
  });
});
