import { describe, expect, it } from 'vitest';

import {
  ANNOUNCED_BETS,
  JEU_ZERO,
  ORPHELINS,
  TIERS_DU_CYLINDRE,
  VOISINS_DU_ZERO,
  announcedBetsFor,
  coveredPockets,
  mergeLines,
  neighbourPockets,
  neighbours,
  sectorOf,
  spotPockets,
  totalChips,
} from './racetrack';
import { isSpot } from './spots';
import {
  AMERICAN_WHEEL,
  DOUBLE_ZERO,
  EUROPEAN_WHEEL,
  parsePocket,
  pocketColour,
  pocketLabel,
} from './wheel';

const sorted = (list: number[]) => [...list].sort((a, b) => a - b);

describe('wheels', () => {
  it('holds every pocket once', () => {
    expect(EUROPEAN_WHEEL).toHaveLength(37);
    expect(new Set(EUROPEAN_WHEEL).size).toBe(37);
    expect(sorted([...EUROPEAN_WHEEL])).toEqual(Array.from({ length: 37 }, (_, i) => i));
    expect(AMERICAN_WHEEL).toHaveLength(38);
    expect(new Set(AMERICAN_WHEEL).size).toBe(38);
    expect(sorted([...AMERICAN_WHEEL])).toEqual(Array.from({ length: 38 }, (_, i) => i));
    // 00 sits opposite 0.
    expect(AMERICAN_WHEEL.indexOf(DOUBLE_ZERO)).toBe(19);
  });

  it('alternates red and black between the zeros', () => {
    for (const wheel of [EUROPEAN_WHEEL, AMERICAN_WHEEL]) {
      wheel.forEach((p, i) => {
        const q = wheel[(i + 1) % wheel.length]!;
        if (pocketColour(p) !== 'green' && pocketColour(q) !== 'green')
          expect(pocketColour(p)).not.toBe(pocketColour(q));
      });
    }
  });

  it('writes and reads pocket labels', () => {
    expect(pocketLabel(37)).toBe('00');
    expect(pocketLabel(0)).toBe('0');
    expect(pocketLabel(36)).toBe('36');
    expect(parsePocket('00')).toBe(37);
    expect(parsePocket('0')).toBe(0);
    expect(parsePocket('17')).toBe(17);
    for (const bad of ['37', '000', '01', '-1', '', 'x', '1.5', ' 1'])
      expect(parsePocket(bad)).toBeNull();
    expect(pocketColour(37)).toBe('green');
    expect(pocketColour(0)).toBe('green');
    expect(pocketColour(1)).toBe('red');
  });
});

describe('neighbours', () => {
  it('wraps round the wheel', () => {
    expect(neighbourPockets(0, 2)).toEqual([3, 26, 0, 32, 15]);
    expect(neighbourPockets(26, 2)).toEqual([35, 3, 26, 0, 32]);
    expect(neighbourPockets(32, 3)).toEqual([3, 26, 0, 32, 15, 19, 4]);
    expect(neighbours(26, 1)).toEqual([
      { spot: 'STRAIGHT_3', chips: 1 },
      { spot: 'STRAIGHT_26', chips: 1 },
      { spot: 'STRAIGHT_0', chips: 1 },
    ]);
  });

  it('is a straight up with no neighbours', () => {
    expect(neighbours(17, 0)).toEqual([{ spot: 'STRAIGHT_17', chips: 1 }]);
  });

  it('covers 19 distinct pockets with 9 either side', () => {
    const lines = neighbours(5, 9);
    expect(lines).toHaveLength(19);
    expect(new Set(lines.map((l) => l.spot)).size).toBe(19);
    expect(lines[0]!.spot).toBe('STRAIGHT_6'); // nine before 5
    expect(lines[9]!.spot).toBe('STRAIGHT_5');
    expect(lines[18]!.spot).toBe('STRAIGHT_22'); // nine after 5
    expect(totalChips(lines)).toBe(19);
    // Out of range counts are held to 0-9.
    expect(neighbours(5, 12)).toEqual(lines);
    expect(neighbours(5, -1)).toEqual([{ spot: 'STRAIGHT_5', chips: 1 }]);
    expect(neighbours(5, Number.NaN)).toEqual([{ spot: 'STRAIGHT_5', chips: 1 }]);
  });

  it('places 00 on an American wheel', () => {
    expect(neighbours(DOUBLE_ZERO, 1, AMERICAN_WHEEL).map((l) => l.spot)).toEqual([
      'STRAIGHT_1',
      'STRAIGHT_00',
      'STRAIGHT_27',
    ]);
    expect(neighbourPockets(2, 1, AMERICAN_WHEEL)).toEqual([14, 2, 0]);
    expect(neighbours(DOUBLE_ZERO, 2)).toEqual([]); // not on the European wheel
  });
});

describe('announced bets', () => {
  it('uses the standard chips', () => {
    expect(VOISINS_DU_ZERO.lines).toEqual([
      { spot: 'TRIO_0_2_3', chips: 2 },
      { spot: 'SPLIT_4_7', chips: 1 },
      { spot: 'SPLIT_12_15', chips: 1 },
      { spot: 'SPLIT_18_21', chips: 1 },
      { spot: 'SPLIT_19_22', chips: 1 },
      { spot: 'CORNER_25_26_28_29', chips: 2 },
      { spot: 'SPLIT_32_35', chips: 1 },
    ]);
    expect(TIERS_DU_CYLINDRE.lines).toEqual(
      ['SPLIT_5_8', 'SPLIT_10_11', 'SPLIT_13_16', 'SPLIT_23_24', 'SPLIT_27_30', 'SPLIT_33_36'].map(
        (spot) => ({ spot, chips: 1 }),
      ),
    );
    expect(ORPHELINS.lines).toEqual(
      ['STRAIGHT_1', 'SPLIT_6_9', 'SPLIT_14_17', 'SPLIT_17_20', 'SPLIT_31_34'].map((spot) => ({
        spot,
        chips: 1,
      })),
    );
    expect(JEU_ZERO.lines).toEqual(
      ['SPLIT_0_3', 'SPLIT_12_15', 'STRAIGHT_26', 'SPLIT_32_35'].map((spot) => ({
        spot,
        chips: 1,
      })),
    );
  });

  it('costs 9, 6, 5 and 4 chips', () => {
    expect(totalChips(VOISINS_DU_ZERO.lines)).toBe(9);
    expect(totalChips(TIERS_DU_CYLINDRE.lines)).toBe(6);
    expect(totalChips(ORPHELINS.lines)).toBe(5);
    expect(totalChips(JEU_ZERO.lines)).toBe(4);
  });

  it('places only spots of the European layout', () => {
    for (const bet of ANNOUNCED_BETS) for (const l of bet.lines) expect(isSpot(l.spot)).toBe(true);
  });

  it('covers exactly the published sectors of the wheel', () => {
    const voisins = [22, 18, 29, 7, 28, 12, 35, 3, 26, 0, 32, 15, 19, 4, 21, 2, 25];
    const tiers = [27, 13, 36, 11, 30, 8, 23, 10, 5, 24, 16, 33];
    const orphelins = [1, 20, 14, 31, 9, 17, 34, 6];
    const zero = [12, 35, 3, 26, 0, 32, 15];
    expect(coveredPockets(VOISINS_DU_ZERO.lines)).toEqual(sorted(voisins));
    expect(coveredPockets(TIERS_DU_CYLINDRE.lines)).toEqual(sorted(tiers));
    expect(coveredPockets(ORPHELINS.lines)).toEqual(sorted(orphelins));
    expect(coveredPockets(JEU_ZERO.lines)).toEqual(sorted(zero));
    // Voisins, tiers and orphelins share out the whole wheel.
    expect(sorted([...voisins, ...tiers, ...orphelins])).toEqual(sorted([...EUROPEAN_WHEEL]));
    // Each sector is a run of the wheel: voisins from 22 to 25, jeu zéro from 12 to 15.
    expect([...EUROPEAN_WHEEL.slice(28), ...EUROPEAN_WHEEL.slice(0, 8)]).toEqual(voisins);
    expect([...EUROPEAN_WHEEL.slice(33), ...EUROPEAN_WHEEL.slice(0, 3)]).toEqual(zero);
    expect(EUROPEAN_WHEEL.slice(11, 23)).toEqual(tiers); // 27 … 33, opposite the zero
  });

  it('are offered on European tables only', () => {
    expect(announcedBetsFor('european').map((b) => b.id)).toEqual([
      'tiers',
      'orphelins',
      'voisins',
      'zero',
    ]);
    expect(announcedBetsFor('american')).toEqual([]);
  });

  it('gives every European pocket a section to be drawn in', () => {
    expect(sectorOf(0)).toBe('zero');
    expect(sectorOf(26)).toBe('zero');
    expect(sectorOf(22)).toBe('voisins');
    expect(sectorOf(25)).toBe('voisins');
    expect(sectorOf(27)).toBe('tiers');
    expect(sectorOf(17)).toBe('orphelins');
    expect(sectorOf(DOUBLE_ZERO)).toBeNull();
    const counts = new Map<string, number>();
    for (const p of EUROPEAN_WHEEL) counts.set(sectorOf(p)!, (counts.get(sectorOf(p)!) ?? 0) + 1);
    expect(Object.fromEntries(counts)).toEqual({ zero: 7, voisins: 10, tiers: 12, orphelins: 8 });
  });
});

describe('lines', () => {
  it('merges lines on the same spot', () => {
    expect(mergeLines(VOISINS_DU_ZERO.lines, JEU_ZERO.lines)).toEqual([
      { spot: 'TRIO_0_2_3', chips: 2 },
      { spot: 'SPLIT_4_7', chips: 1 },
      { spot: 'SPLIT_12_15', chips: 2 },
      { spot: 'SPLIT_18_21', chips: 1 },
      { spot: 'SPLIT_19_22', chips: 1 },
      { spot: 'CORNER_25_26_28_29', chips: 2 },
      { spot: 'SPLIT_32_35', chips: 2 },
      { spot: 'SPLIT_0_3', chips: 1 },
      { spot: 'STRAIGHT_26', chips: 1 },
    ]);
    expect(totalChips(mergeLines(VOISINS_DU_ZERO.lines, JEU_ZERO.lines))).toBe(13);
    expect(
      mergeLines([{ spot: 'STRAIGHT_1', chips: 1 }], [{ spot: 'STRAIGHT_1', chips: 2 }]),
    ).toEqual([{ spot: 'STRAIGHT_1', chips: 3 }]);
    expect(mergeLines()).toEqual([]);
  });

  it('reads the pockets of inside spots, 00 included', () => {
    expect(spotPockets('SPLIT_0_00')).toEqual([0, 37]);
    expect(spotPockets('TRIO_0_2_3')).toEqual([0, 2, 3]);
    expect(spotPockets('RED')).toEqual([]);
    expect(spotPockets('SPLIT_1_99')).toEqual([]);
    expect(
      coveredPockets([
        { spot: 'STRAIGHT_00', chips: 1 },
        { spot: 'SPLIT_1_2', chips: 1 },
      ]),
    ).toEqual([37, 1, 2]);
  });
});
