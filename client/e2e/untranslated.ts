// Finds text on a page that never went through i18n: with the page in the pseudo-locale
// (lang=qps, every letter of every text accented), any run of two or more plain ASCII
// letters in the page's text or in its accessible names and hints came from somewhere
// else. Names the server gives (tables, players) and the brand are allowed.
import type { Page } from 'playwright-core';

export const BRAND = ['Croupier'];

/** The untranslated pieces of the page, each with the text it was found in. */
export async function untranslatedTexts(page: Page, allowed: readonly string[]): Promise<string[]> {
  return page.evaluate((allow) => {
    const found = new Set<string>();
    const sorted = [...allow].sort((a, b) => b.length - a.length);
    const check = (raw: string | null, where: string) => {
      if (!raw) return;
      let text = raw;
      for (const a of sorted) text = text.split(a).join(' ');
      for (const m of text.matchAll(/[A-Za-z]{2,}/g))
        found.add(`"${m[0]}" in ${where} "${raw.trim().slice(0, 80)}"`);
    };
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    while (walker.nextNode()) {
      const node = walker.currentNode;
      const el = node.parentElement;
      if (!el || el.closest('script, style, [translate="no"]')) continue;
      if (!el.checkVisibility({ contentVisibilityAuto: true })) continue;
      check(node.textContent, 'text');
    }
    for (const el of document.body.querySelectorAll<HTMLElement>(
      '[aria-label], [title], [placeholder], [alt], [aria-roledescription], [aria-valuetext]',
    )) {
      if (el.closest('[translate="no"]')) continue;
      for (const attr of [
        'aria-label',
        'title',
        'placeholder',
        'alt',
        'aria-roledescription',
        'aria-valuetext',
      ])
        check(el.getAttribute(attr), attr);
    }
    return [...found];
  }, allowed);
}
