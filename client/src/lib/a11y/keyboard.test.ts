import { afterEach, describe, expect, it } from 'vitest';

import { arrowKeys, nextInDirection } from './keyboard';

/** A 3×3 board of spots laid out 40 px apart (jsdom has no layout: each says where it is). */
function board(): { root: HTMLElement; spot: (r: number, c: number) => HTMLElement } {
  const root = document.createElement('div');
  for (let r = 0; r < 3; r++)
    for (let c = 0; c < 3; c++) {
      const b = document.createElement('button');
      b.dataset.spot = `${r}${c}`;
      b.getBoundingClientRect = () =>
        ({ left: c * 40, top: r * 40, width: 36, height: 36 }) as DOMRect;
      root.append(b);
    }
  document.body.append(root);
  return { root, spot: (r, c) => root.querySelector(`[data-spot="${r}${c}"]`)! };
}

afterEach(() => {
  document.body.innerHTML = '';
});

describe('arrow keys between bet spots', () => {
  it('goes to the nearest spot in the arrow direction, straight lines first', () => {
    const { root, spot } = board();
    const all = [...root.querySelectorAll<HTMLElement>('[data-spot]')];
    expect(nextInDirection(spot(1, 1), all, [1, 0])).toBe(spot(1, 2));
    expect(nextInDirection(spot(1, 1), all, [-1, 0])).toBe(spot(1, 0));
    expect(nextInDirection(spot(1, 1), all, [0, 1])).toBe(spot(2, 1));
    expect(nextInDirection(spot(1, 1), all, [0, -1])).toBe(spot(0, 1));
    expect(nextInDirection(spot(1, 2), all, [1, 0])).toBeNull(); // the edge: nowhere to go
  });

  it('prefers a spot in line over a nearer one on the next row (sic bo singles)', () => {
    const root = document.createElement('div');
    const box = (code: string, left: number, top: number, width: number, height: number) => {
      const b = document.createElement('button');
      b.dataset.spot = code;
      b.getBoundingClientRect = () =>
        ({ left, top, width, height, right: left + width, bottom: top + height }) as DOMRect;
      root.append(b);
      return b;
    };
    const five = box('SINGLE_5', 0, 0, 100, 40);
    const six = box('SINGLE_6', 104, 0, 100, 40);
    box('COMBO_3_6', 40, 44, 30, 40); // nearer by its centre, but on the row below
    const all = [...root.querySelectorAll<HTMLElement>('[data-spot]')];
    expect(nextInDirection(five, all, [1, 0])).toBe(six);
  });

  it('keeps one Tab stop, moved by the arrows, Home and End', () => {
    const { root, spot } = board();
    const stop = () => [...root.querySelectorAll('[tabindex="0"]')];
    const undo = arrowKeys(root);
    expect(stop()).toEqual([spot(0, 0)]);
    spot(0, 0).focus();
    spot(0, 0).dispatchEvent(new KeyboardEvent('keydown', { key: 'ArrowDown', bubbles: true }));
    expect(document.activeElement).toBe(spot(1, 0));
    expect(stop()).toEqual([spot(1, 0)]);
    spot(1, 0).dispatchEvent(new KeyboardEvent('keydown', { key: 'End', bubbles: true }));
    expect(document.activeElement).toBe(spot(2, 2));
    spot(2, 2).dispatchEvent(new KeyboardEvent('keydown', { key: 'Home', bubbles: true }));
    expect(document.activeElement).toBe(spot(0, 0));
    // Clicking (or tabbing back) to a spot makes it the stop.
    spot(2, 1).focus();
    expect(stop()).toEqual([spot(2, 1)]);
    undo();
  });
});
