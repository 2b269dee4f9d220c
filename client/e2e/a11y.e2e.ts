// Accessibility in Chromium against the real croupierd: axe-core finds no serious or
// critical problem on the lobby (its slots tab too), on the slot page, on every table kind (with its panels open in turn, and
// with a result on screen), on a phone as well as a desktop; and a player bets with the
// keyboard alone, hearing (through the live region) the bet accepted and the result.
import { mkdirSync } from 'node:fs';

import { type Browser, type BrowserContext, type Page, devices } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { axeFindings } from './axe';
import { RESULTS, type Server, launchBrowser, openAsGuest, startServer } from './harness';
import { TablePage } from './table';

let server: Server;
let browser: Browser;
let desktop: BrowserContext;
let phone: BrowserContext;

beforeAll(async () => {
  mkdirSync(RESULTS, { recursive: true });
  server = await startServer();
  browser = await launchBrowser();
  // Less motion on the desktop (the wheels stand still between spins, Studio.tsx): the same
  // page to axe for a fraction of the CPU on a 2-core machine; the phone keeps the motion.
  desktop = await browser.newContext({
    baseURL: server.url,
    viewport: { width: 1366, height: 768 },
    reducedMotion: 'reduce',
  });
  phone = await browser.newContext({ ...devices['Pixel 5']!, baseURL: server.url });
  for (const ctx of [desktop, phone]) {
    const page = await ctx.newPage();
    await openAsGuest(page, server.url);
    await page.close();
  }
}, 60_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const PAGES = [
  '/play/lobby',
  '/play/roulette?gameId=rou-1',
  '/play/roulette?gameId=prive-1',
  '/play/baccarat?gameId=bac-1',
  '/play/baccarat?gameId=bac-2',
  '/play/dragontiger?gameId=dt-1',
  '/play/andarbahar?gameId=ab-1',
  '/play/blackjack?gameId=bj-1',
  '/play/onebj?gameId=onebj-1',
  '/play/sicbo?gameId=sic-1',
  '/play/megawheel?gameId=mw-1',
  '/play/sweetbonanza?gameId=sbz-1',
  '/play/boomorbust?gameId=bob-1',
  '/play/multi-baccarat',
  '/play/lobby?tab=slots',
  '/play/slot?slotId=fruits',
];

async function open(ctx: BrowserContext, path: string): Promise<Page> {
  const page = await ctx.newPage();
  await page.goto(path);
  await page.getByTestId('preloader').waitFor({ state: 'detached', timeout: 20_000 });
  await page.waitForTimeout(600);
  return page;
}

/** Each panel a table offers, opened in turn and checked. */
async function panelFindings(page: Page): Promise<string[]> {
  const found: string[] = [];
  const toggles = page.locator(
    [
      '[data-testid$="-toggle"]', // racetrack, statistics, chat, roads…
      '[data-testid="help-button"]',
      '[data-testid="limits-button"]',
      '[data-testid="bj-settings-button"]', // blackjack's settings
      '[data-testid="lobby-button"]', // the mini lobby
    ]
      .map((s) => `${s}:visible`)
      .join(', '),
  );
  const count = await toggles.count();
  for (let i = 0; i < count; i++) {
    const toggle = toggles.nth(i);
    const id = await toggle.getAttribute('data-testid');
    await toggle.click();
    // The bet limit panel opens 500 ms after a click (SPEC §9).
    if (id === 'limits-button') await page.getByTestId('limits-popup').waitFor();
    await page.waitForTimeout(250);
    found.push(...(await axeFindings(page)).map((f) => `[${id} open] ${f}`));
    if ((await page.locator('[role="dialog"]').count()) > 0) await page.keyboard.press('Escape');
    if ((await toggle.getAttribute('aria-pressed')) === 'true') await toggle.click();
    if ((await toggle.getAttribute('aria-expanded')) === 'true') await toggle.click();
  }
  return found;
}

// Most of a table's check is waiting for a round's result, so the desktop pages are checked
// side by side (vitest.e2e.config.ts's maxConcurrency). Each table is checked on one loaded
// page: as it opened, with each panel open, then with a result on screen.
describe.concurrent('accessibility (axe-core): no serious or critical findings', () => {
  it.for(PAGES)(
    '%s on a desktop, panels included, then with a result on screen',
    { timeout: 180_000 },
    async (path, { expect }) => {
      const page = await open(desktop, path);
      const found = [...(await axeFindings(page)), ...(await panelFindings(page))];
      expect(found).toEqual([]);
      // Blackjack deals only to players, so its rounds have no result to show here.
      if (path.includes('gameId') && !path.includes('bj')) {
        await page
          .locator('[data-testid="result"]:visible, [data-testid="bj-result"]:visible')
          .first()
          .waitFor({ timeout: 60_000 });
        expect((await axeFindings(page)).map((f) => `[result on screen] ${f}`)).toEqual([]);
      }
      await page.close();
    },
  );
});

describe('accessibility (axe-core) on a phone', () => {
  it.each(PAGES)('%s on a phone', async (path) => {
    const page = await open(phone, path);
    expect(await axeFindings(page)).toEqual([]);
    await page.close();
  });
});

/** What has the keyboard focus: a spot's code, a chip's name, a link's class. */
function focused(page: Page): Promise<string> {
  return page.evaluate(() => {
    const e = document.activeElement;
    if (!e) return '';
    return (
      e.getAttribute('data-spot') ??
      (e.getAttribute('role') === 'radio' ? `chip ${e.getAttribute('aria-label')}` : null) ??
      e.className.toString()
    );
  });
}

/** The place of the chosen chip in the tray. */
function checkedChip(page: Page): Promise<number> {
  return page
    .locator('[role="radio"][aria-checked="true"]')
    .evaluate((e) => [...document.querySelectorAll('[role="radio"]')].indexOf(e));
}

async function totalBet(page: Page): Promise<number> {
  return Number(await page.getByTestId('total-bet').getAttribute('data-amount'));
}

/** Presses `key` until the focus is on what `want` accepts (at most `max` times). */
async function pressUntil(page: Page, key: string, want: (f: string) => boolean, max = 60) {
  for (let i = 0; i < max; i++) {
    if (want(await focused(page))) return;
    await page.keyboard.press(key);
  }
  throw new Error(`${key} never reached it (focus on ${await focused(page)})`);
}

describe('a player bets with the keyboard alone', () => {
  it.each([
    ['roulette', 'rou-1'],
    ['sicbo', 'sic-1'],
  ])('at %s: Tab, the arrows and Enter; the bet and the result are announced', async (game, id) => {
    const page = await desktop.newPage();
    const table = new TablePage(page, id);
    await page.goto(`/play/${game}?gameId=${id}`);
    await page.getByTestId('preloader').waitFor({ state: 'detached', timeout: 20_000 });
    await table.waitForBetting(5);
    const isSpot = (f: string) => /^[A-Z0-9_]+$/.test(f);

    // The first Tab stop skips to the bets: Enter lands on a spot.
    await page.keyboard.press('Tab');
    expect(await focused(page)).toContain('skip-link');
    await page.keyboard.press('Enter');
    const first = await focused(page);
    expect(isSpot(first), `focus on ${first}`).toBe(true);

    // An arrow moves to another spot; Enter places the chosen chip there.
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowDown');
    const spot = await focused(page);
    expect(isSpot(spot) && spot !== first, `moved to ${spot}`).toBe(true);
    const chips = await page.locator('[role="radio"]').count();
    const chip = await checkedChip(page);
    await page.keyboard.press('Enter');
    await expect.poll(() => totalBet(page)).toBeGreaterThan(0);
    await page.locator(`[data-chip-spot="${spot}"]`).waitFor();
    await expect.poll(() => page.getByTestId('announcer').textContent()).toMatch(/^Bet accepted/);
    const once = await totalBet(page);

    // Tab reaches the chips, one stop; an arrow chooses the next chip.
    await pressUntil(page, 'Tab', (f) => f.startsWith('chip '));
    await page.keyboard.press('ArrowRight');
    expect(await checkedChip(page)).toBe((chip + 1) % chips);
    const chosen = page.locator('[role="radio"][aria-checked="true"]');
    expect(await focused(page)).toBe(`chip ${await chosen.getAttribute('aria-label')}`);

    // Back to the spots: the stop is the spot last used; Enter bets the bigger chip.
    await pressUntil(page, 'Shift+Tab', isSpot);
    expect(await focused(page)).toBe(spot);
    await page.keyboard.press('Enter');
    await expect.poll(() => totalBet(page)).toBeGreaterThan(once);

    // The result is announced when it shows.
    const result = page.getByTestId('result');
    await result.waitFor({ timeout: 60_000 });
    const shown = (await result.innerText()).split(/\s+/)[0]!;
    await expect.poll(() => page.getByTestId('announcer').textContent()).toContain(shown);
    await page.close();
  });
});
