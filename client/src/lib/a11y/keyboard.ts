// Keyboard use of the tables: arrow keys between bet spots, scrolling strips as Tab stops.
//
// Arrow keys between the bet spots of a table (or any set of items laid out in two
// dimensions): the spots are one stop for Tab (the last one used, else the first), and
// an arrow key moves to the nearest spot in its direction on the screen, so it follows
// whatever layout the table has at this size (a 3×12 grid on a desktop, 12×3 on a
// phone, boxes of several sizes at sic bo). Home and End go to the first and the last.
// Enter or Space on a spot is the spot's own business (a button places the chip).
import { useCallback } from 'react';

type Item = HTMLElement | SVGElement;

const DIRECTIONS: Record<string, [number, number]> = {
  ArrowRight: [1, 0],
  ArrowLeft: [-1, 0],
  ArrowDown: [0, 1],
  ArrowUp: [0, -1],
};

function centre(el: Element): [number, number] {
  const r = el.getBoundingClientRect();
  return [r.left + r.width / 2, r.top + r.height / 2];
}

/**
 * The item an arrow key moves to from `from`: among those whose centre lies ahead in the
 * key's direction, the nearest (by centre) that is in line with it (overlapping its row
 * for Left and Right, its column for Up and Down; the most overlapping among equally
 * near); when none is in line, the nearest ahead, sideways distance counting double.
 * Null when there is none that way (the board's edge). A roulette split, drawn on the
 * line between two numbers, is in line with both, so the arrows stop on it between them.
 */
export function nextInDirection(
  from: Item,
  items: Item[],
  [dx, dy]: [number, number],
): Item | null {
  const f = from.getBoundingClientRect();
  const [fx, fy] = centre(from);
  let inLine: Item | null = null;
  let inLineScore: [number, number] = [Infinity, 0];
  let best: Item | null = null;
  let bestScore = Infinity;
  for (const item of items) {
    if (item === from) continue;
    const r = item.getBoundingClientRect();
    if (r.width <= 0 || r.height <= 0) continue;
    const [x, y] = centre(item);
    const along = (x - fx) * dx + (y - fy) * dy;
    if (along <= 0.5) continue;
    const overlap =
      dx !== 0
        ? Math.min(r.bottom, f.bottom) - Math.max(r.top, f.top)
        : Math.min(r.right, f.right) - Math.max(r.left, f.left);
    if (
      overlap > 1 &&
      (along < inLineScore[0] - 0.5 ||
        (Math.abs(along - inLineScore[0]) <= 0.5 && overlap > inLineScore[1]))
    ) {
      inLine = item;
      inLineScore = [along, overlap];
    }
    const score = along + 2 * Math.abs((x - fx) * dy - (y - fy) * dx);
    if (score < bestScore) {
      bestScore = score;
      best = item;
    }
  }
  return inLine ?? best;
}

/**
 * Makes the items matching `selector` inside `root` one Tab stop moved by the arrows;
 * returns what undoes it.
 */
export function arrowKeys(root: Item, selector = '[data-spot]'): () => void {
  let current: Item | null = null;
  const items = () => Array.from(root.querySelectorAll<HTMLElement | SVGElement>(selector));
  // Exactly one item is in the Tab order: the current one while it is there.
  const settle = () => {
    const all = items();
    if (!current || !all.includes(current)) current = all[0] ?? null;
    for (const item of all) {
      const want = item === current ? '0' : '-1';
      if (item.getAttribute('tabindex') !== want) item.setAttribute('tabindex', want);
    }
  };
  const focusIn = (e: Event) => {
    const item = (e.target as Element).closest?.(selector) as Item | null;
    if (item && root.contains(item) && item !== current) {
      current = item;
      settle();
    }
  };
  const keyDown = (e: Event) => {
    const key = (e as KeyboardEvent).key;
    const from = (e.target as Element).closest?.(selector) as Item | null;
    if (!from || !root.contains(from)) return;
    const all = items();
    let to: Item | null;
    if (key in DIRECTIONS) to = nextInDirection(from, all, DIRECTIONS[key]!);
    else if (key === 'Home') to = all[0] ?? null;
    else if (key === 'End') to = all[all.length - 1] ?? null;
    else return;
    e.preventDefault();
    if (to) {
      current = to;
      settle();
      to.focus();
    }
  };
  settle();
  const watch = new MutationObserver(settle);
  watch.observe(root, { childList: true, subtree: true });
  root.addEventListener('focusin', focusIn);
  root.addEventListener('keydown', keyDown);
  return () => {
    watch.disconnect();
    root.removeEventListener('focusin', focusIn);
    root.removeEventListener('keydown', keyDown);
  };
}

/** arrowKeys as a ref for the element holding the spots. */
export function useArrowKeys(
  selector = '[data-spot]',
): (el: Item | null) => (() => void) | undefined {
  return useCallback((el: Item | null) => (el ? arrowKeys(el, selector) : undefined), [selector]);
}

/**
 * The attributes of a strip that scrolls (recent results, roads, the chat): a Tab stop,
 * so that a keyboard scrolls it too, marked as a scroller (it is not a control: the
 * layout journey does not ask it to fit the screen).
 */
export const SCROLLER = { tabIndex: 0, 'data-scroller': '' } as const;
