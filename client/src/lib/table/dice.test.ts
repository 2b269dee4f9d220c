import { describe, expect, it } from 'vitest';

import { diceOf, faceOf, sizeOf, throwOf } from './dice';

describe('dice', () => {
  it('reads the throw order from the outcome and the dice from the label', () => {
    expect(diceOf('136', '136|316')).toEqual({ values: [3, 1, 6], total: 10, triple: false });
    expect(diceOf('255', '255|525')?.values).toEqual([5, 2, 5]);
    // Only the label (the lobby's tiles): the dice sorted.
    expect(diceOf('336')).toEqual({ values: [3, 3, 6], total: 12, triple: false });
    // An outcome that disagrees with its label is not believed.
    expect(diceOf('136', '136|325')?.values).toEqual([1, 3, 6]);
  });

  it('refuses what is not three dice', () => {
    for (const bad of ['', '13', '1367', '036', '137', 'abc', '1 3'])
      expect(diceOf(bad), bad).toBeNull();
  });

  it('tells small, big and triples apart', () => {
    expect(sizeOf(throwOf([1, 3, 6]))).toBe('small');
    expect(sizeOf(throwOf([5, 2, 3]))).toBe('small');
    expect(sizeOf(throwOf([5, 2, 4]))).toBe('big');
    expect(sizeOf(throwOf([6, 6, 5]))).toBe('big');
    expect(sizeOf(throwOf([2, 2, 2]))).toBe('triple');
    expect(throwOf([6, 6, 6])).toEqual({ values: [6, 6, 6], total: 18, triple: true });
  });

  it('reads a face from a number or a digit', () => {
    expect(faceOf(4)).toBe(4);
    expect(faceOf('6')).toBe(6);
    for (const bad of [0, 7, 2.5, '0', '12', '', null, undefined, 'x'])
      expect(faceOf(bad)).toBeNull();
  });
});
