import { describe, expect, it } from 'vitest';

import { units } from '../../lib/format/money';
import type { TableConfig } from '../../lib/session';
import { checkLines, emptySlip, tableLimits } from '../../lib/table/bet-slip';
import { diceOf, throwOf } from '../../lib/table/dice';
import { GROUPS, SPOTS, sicboRules, spotOf, winningSpots, wins } from './spots';

const codes = SPOTS.map((s) => s.code);

/** The kinds the server's sic-1 lists in its limits (docs/games/sicbo.md), board order. */
const SERVER_KINDS = [
  'small',
  'big',
  'odd',
  'even',
  ...Array.from({ length: 14 }, (_, i) => `total_${i + 4}`),
  'triple',
  'any_triple',
  'double',
  'combo',
  'single',
];

describe('the sic bo spots', () => {
  it('cover all 52 codes of the server, exactly as it writes them', () => {
    expect(codes).toHaveLength(52);
    expect(new Set(codes).size).toBe(52);
    const expected = [
      'SMALL',
      'BIG',
      'ODD',
      'EVEN',
      ...Array.from({ length: 14 }, (_, i) => `TOTAL_${i + 4}`),
      ...[1, 2, 3, 4, 5, 6].map((f) => `TRIPLE_${f}`),
      'ANY_TRIPLE',
      ...[1, 2, 3, 4, 5, 6].map((f) => `DOUBLE_${f}`),
      ...[1, 2, 3, 4, 5].flatMap((a) =>
        [1, 2, 3, 4, 5, 6].filter((b) => b > a).map((b) => `COMBO_${a}_${b}`),
      ),
      ...[1, 2, 3, 4, 5, 6].map((f) => `SINGLE_${f}`),
    ];
    expect([...codes].sort()).toEqual([...expected].sort());
    expect(codes).not.toContain('COMBO_2_1');
    expect(codes).not.toContain('TOTAL_3');
    expect(codes).not.toContain('TOTAL_18');
  });

  it('name the kinds of the table limits, and sit in the groups the board shows', () => {
    expect(new Set(SPOTS.map((s) => s.kind))).toEqual(new Set(SERVER_KINDS));
    const count = (g: string) => SPOTS.filter((s) => s.group === g).length;
    expect(GROUPS.map(count)).toEqual([4, 6, 7, 14, 15, 6]);
    expect(spotOf('COMBO_1_2')).toMatchObject({ kind: 'combo', faces: [1, 2] });
    expect(spotOf('TRIPLE_4')).toMatchObject({ kind: 'triple', faces: [4, 4, 4] });
    expect(spotOf('TOTAL_10')).toMatchObject({ kind: 'total_10', total: 10 });
    expect(spotOf('COMBO_2_1')).toBeNull();
  });

  it('light the spots a throw wins: 3-1-6 is small, even, total 10, three combos and singles', () => {
    const d = diceOf('136', '136|316')!;
    expect([...winningSpots(d)].sort()).toEqual(
      [
        'SMALL',
        'EVEN',
        'TOTAL_10',
        'COMBO_1_3',
        'COMBO_1_6',
        'COMBO_3_6',
        'SINGLE_1',
        'SINGLE_3',
        'SINGLE_6',
      ].sort(),
    );
  });

  it('lose small, big, odd and even on a triple, which wins the triples and its double', () => {
    const d = throwOf([2, 2, 2]);
    expect([...winningSpots(d)].sort()).toEqual(
      ['ANY_TRIPLE', 'TRIPLE_2', 'DOUBLE_2', 'SINGLE_2', 'TOTAL_6'].sort(),
    );
    // 1-1-1 and 6-6-6 have no total spot.
    expect([...winningSpots(throwOf([6, 6, 6]))].sort()).toEqual(
      ['ANY_TRIPLE', 'TRIPLE_6', 'DOUBLE_6', 'SINGLE_6'].sort(),
    );
  });

  it('win a double with two of a kind and a combination once even with a pair', () => {
    const d = throwOf([5, 2, 5]);
    expect(wins('DOUBLE_5', d)).toBe(true);
    expect(wins('COMBO_2_5', d)).toBe(true);
    expect(wins('DOUBLE_2', d)).toBe(false);
    expect(wins('BIG', d)).toBe(true);
    expect(wins('EVEN', d)).toBe(true);
    expect(wins('TOTAL_12', d)).toBe(true);
    expect(wins('ANY_TRIPLE', d)).toBe(false);
  });

  it('give the bet slip the kinds, limits and opposites the server checks', () => {
    expect(sicboRules.kindOf('TRIPLE_3')).toBe('triple');
    expect(sicboRules.kindOf('TOTAL_17')).toBe('total_17');
    expect(sicboRules.kindOf('TOTAL_3')).toBeNull();
    expect(sicboRules.oppositeOf('SMALL')).toBe('BIG');
    expect(sicboRules.oppositeOf('ODD')).toBe('EVEN');
    expect(sicboRules.oppositeOf('TOTAL_10')).toBeNull();
    const config: TableConfig['limits'] = {
      min: '0.50',
      max: '5000.00',
      insideMax: '5000.00',
      outsideMax: '5000.00',
      oppositeBetsAllowed: false,
      tableMin: '0.50',
      maxMultiplier: 0,
      spots: SERVER_KINDS.map((kind) => ({
        kind,
        payout: 1,
        inside: false,
        min: '0.50',
        max: ['small', 'big', 'odd', 'even'].includes(kind) ? '2000.00' : '500.00',
      })),
    };
    const limits = tableLimits(config, sicboRules);
    const check = (spot: string, amount: string) =>
      checkLines(emptySlip('g'), [{ spot, amount: units(amount) }], limits).refused[0]?.code ?? 0;
    expect(check('SMALL', '2000.00')).toBe(0);
    expect(check('TOTAL_10', '500.50')).toBe(1010); // over a side spot's maximum
    expect(check('COMBO_2_1', '1.00')).toBe(1005);
    expect(check('SINGLE_4', '0.25')).toBe(1013);
    const slip = { gameId: 'g', actions: [] as never[] };
    const both = checkLines(
      slip,
      [
        { spot: 'SMALL', amount: units('1') },
        { spot: 'BIG', amount: units('1') },
      ],
      limits,
    );
    expect(both.refused.map((r) => r.code)).toEqual([1037]);
  });
});
