// What a player would notice about a page's layout, measured in the browser: controls
// outside the viewport, controls covered by something else, bet spots too small to tap,
// a page wider than the screen.
import type { Page } from 'playwright-core';
import { expect } from 'vitest';

export interface LayoutProblem {
  kind: 'outside' | 'covered' | 'small';
  what: string;
  detail: string;
}

/** Interactive elements a player can reach, as the journeys count them. */
const INTERACTIVE =
  'button, a[href], input, select, textarea, [role="button"], [role="radio"], [role="tab"], [role="slider"], [tabindex]:not([tabindex="-1"])';

/**
 * Every visible interactive element (of `scope`, a selector, when given: a modal dialog's,
 * over a page it covers) inside the viewport and on top where it is drawn (its
 * centre is not under another element), and every bet spot drawn as its own box at least
 * `minSpot` px in its smaller dimension. Spots on the lines between roulette cells
 * (splits, corners, streets, six lines: `data-edge`) are not boxes and are left out.
 */
export async function layoutProblems(
  page: Page,
  minSpot = 32,
  scope?: string,
): Promise<LayoutProblem[]> {
  return page.evaluate(
    ({ selector, min, within }) => {
      const out: { kind: 'outside' | 'covered' | 'small'; what: string; detail: string }[] = [];
      const vw = document.documentElement.clientWidth;
      const vh = window.innerHeight;
      const name = (e: Element) =>
        `${e.tagName.toLowerCase()}${e.getAttribute('data-testid') ? `[data-testid=${e.getAttribute('data-testid')}]` : ''}${e.getAttribute('data-spot') ? `[data-spot=${e.getAttribute('data-spot')}]` : ''} "${(e.getAttribute('aria-label') ?? e.textContent ?? '').trim().slice(0, 30)}"`;
      const px = (r: DOMRect) =>
        `${Math.round(r.left)},${Math.round(r.top)} ${Math.round(r.width)}x${Math.round(r.height)}`;
      const root = within ? document.querySelector(within) : document;
      for (const e of root?.querySelectorAll<HTMLElement>(selector) ?? []) {
        if (!e.checkVisibility({ visibilityProperty: true, opacityProperty: true })) continue;
        if (e.closest('[aria-hidden="true"], [inert], .sr-only, .visually-hidden')) continue;
        if (e.matches('.skip-link:not(:focus)')) continue; // off screen until focused
        if (e.hasAttribute('data-scroller')) continue; // a strip that scrolls, not a control
        const r = e.getBoundingClientRect();
        if (r.width < 1 || r.height < 1) continue;
        if (r.left < -1 || r.top < -1 || r.right > vw + 1 || r.bottom > vh + 1) {
          out.push({ kind: 'outside', what: name(e), detail: `${px(r)} in ${vw}x${vh}` });
          continue;
        }
        // The centre, nudged off the exact middle (a chip marker may sit on it by design
        // only if it lets taps through: pointer-events none is not a hit).
        const x = r.left + r.width / 2;
        const y = r.top + r.height / 2;
        const top = document.elementFromPoint(x, y);
        if (top && top !== e && !e.contains(top) && !top.contains(e)) {
          // Spots of one grid overlap by design (a split over two numbers).
          if (!(top.hasAttribute('data-spot') && e.hasAttribute('data-spot')))
            out.push({ kind: 'covered', what: name(e), detail: `under ${name(top)}` });
        }
        if (e.hasAttribute('data-spot') && !e.hasAttribute('data-edge')) {
          if (Math.min(r.width, r.height) < min - 0.5)
            out.push({ kind: 'small', what: name(e), detail: px(r) });
        }
      }
      return out;
    },
    { selector: INTERACTIVE, min: minSpot, within: scope },
  );
}

/** How much wider than the viewport the page is, in CSS px (0 or less: it fits). */
export function horizontalOverflow(page: Page): Promise<number> {
  return page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
}

/** Nothing wider than the screen, and no layout problem (layoutProblems). */
export async function expectFits(page: Page, scope?: string): Promise<void> {
  expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
  expect(await layoutProblems(page, 32, scope)).toEqual([]);
}

export const VIEWPORTS = [
  { width: 360, height: 640, phone: true },
  { width: 390, height: 844, phone: true },
  { width: 640, height: 360, phone: true },
  { width: 844, height: 390, phone: true },
  { width: 768, height: 1024, phone: false },
  { width: 1366, height: 768, phone: false },
  { width: 1920, height: 1080, phone: false },
  // A 1366×768 desktop zoomed to 200 %: the page lays out in half the CSS pixels.
  { width: 683, height: 384, phone: false },
] as const;
