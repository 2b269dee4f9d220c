// Every screen in the pseudo-locale (lang=qps): the lobby, every table kind with each of
// its panels and popups open, and the multi-table page. Any plain English left on screen
// or in an accessible name is text that does not go through i18n, and fails the journey.
import { mkdirSync } from 'node:fs';

import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import {
  RESULTS,
  type Server,
  desktopContext,
  launchBrowser,
  startServer,
  screenshot,
} from './harness';
import { BRAND, untranslatedTexts } from './untranslated';

let server: Server;
let browser: Browser;
let context: BrowserContext;
let allowed: string[] = [];

beforeAll(async () => {
  mkdirSync(RESULTS, { recursive: true });
  server = await startServer();
  browser = await launchBrowser();
  // Words, not motion: with less motion the roulette wheels stand still between spins, the
  // same screens for a fraction of the CPU on a 2-core machine (Studio.tsx).
  context = await desktopContext(browser, server.url, undefined, { reducedMotion: 'reduce' });
  const page = await context.newPage();
  await page.goto('/'); // a guest session for the context
  await page.waitForURL(/\/play\/lobby/);
  // The names the operator and the studio give: the casino's, the tables' and their
  // dealers', and the player's own.
  const names = await page.evaluate(async () => {
    const r = await fetch('/api/ui/getAllConfig');
    const all = (await r.json()) as {
      assignedTables?: { name?: string; dealer?: string }[];
      playerConfig?: { player?: { name?: string } };
      casinoConfig?: { casino_name?: string };
    };
    return [
      ...(all.assignedTables ?? []).flatMap((t) => [t.name ?? '', t.dealer ?? '']),
      all.playerConfig?.player?.name ?? '',
      all.casinoConfig?.casino_name ?? '',
    ].filter(Boolean);
  });
  allowed = [...BRAND, ...names];
  await page.close();
}, 60_000);

afterAll(async () => {
  await context?.close();
  await browser?.close();
  await server?.stop();
});

async function open(path: string, ready: string): Promise<Page> {
  const page = await context.newPage();
  page.on('pageerror', (e) => console.error('page error:', e.message));
  await page.goto(path);
  await page.locator('html[data-lang="qps"]').waitFor({ timeout: 20_000 });
  await page.locator(ready).first().waitFor({ timeout: 20_000 });
  await page.getByTestId('preloader').waitFor({ state: 'detached', timeout: 20_000 });
  await page.waitForTimeout(500); // the first snapshot's texts
  return page;
}

async function expectTranslated(page: Page, screen: string): Promise<void> {
  const left = await untranslatedTexts(page, allowed);
  if (left.length > 0) console.log(`${screen}:\n  ${left.join('\n  ')}`);
  expect(left, `${screen}: text not through i18n`).toEqual([]);
}

/** Opens each panel and popup a table offers, checks it, and closes it again. */
async function checkPanels(page: Page, screen: string): Promise<void> {
  const toggles = page.locator(
    '[data-testid$="-toggle"], [data-testid="help-button"], [data-testid="limits-button"], [data-testid="speed-dial-menu"]',
  );
  const count = await toggles.count();
  for (let i = 0; i < count; i++) {
    const toggle = toggles.nth(i);
    if (!(await toggle.isVisible()) || !(await toggle.isEnabled())) continue;
    const id = await toggle.getAttribute('data-testid');
    await toggle.click();
    // The bet limit panel opens 500 ms after a click (SPEC §9).
    if (id === 'limits-button') await page.getByTestId('limits-popup').waitFor();
    await page.waitForTimeout(300);
    await expectTranslated(page, `${screen} with ${id} open`);
    const tabs = page.locator('[role="dialog"] [role="tab"]');
    for (let k = 0; k < (await tabs.count()); k++) {
      await tabs.nth(k).click();
      await page.waitForTimeout(150);
      await expectTranslated(page, `${screen}, ${id}, tab ${k + 1}`);
    }
    if ((await page.locator('[role="dialog"]').count()) > 0) await page.keyboard.press('Escape');
    if ((await toggle.getAttribute('aria-pressed')) === 'true') await toggle.click();
    if ((await toggle.getAttribute('aria-expanded')) === 'true')
      await page.keyboard.press('Escape');
  }
}

const TABLES: { game: string; id: string; ready: string }[] = [
  { game: 'roulette', id: 'rou-1', ready: '[data-testid="roulette-table"]' },
  { game: 'roulette', id: 'prive-1', ready: '[data-testid="roulette-table"]' },
  { game: 'roulette', id: 'us-1', ready: '[data-testid="roulette-table"]' },
  { game: 'roulette', id: 'mega-1', ready: '[data-testid="roulette-table"]' },
  { game: 'roulette', id: 'pwr-1', ready: '[data-testid="roulette-table"]' },
  { game: 'baccarat', id: 'bac-1', ready: '[data-testid="card-table"]' },
  { game: 'baccarat', id: 'bac-2', ready: '[data-testid="card-table"]' },
  { game: 'baccarat', id: 'bac-3', ready: '[data-testid="card-table"]' },
  { game: 'dragontiger', id: 'dt-1', ready: '[data-testid="card-table"]' },
  { game: 'andarbahar', id: 'ab-1', ready: '[data-testid="card-table"]' },
  { game: 'blackjack', id: 'bj-1', ready: '[data-testid="round-state"]' },
  { game: 'onebj', id: 'onebj-1', ready: '[data-testid="round-state"]' },
  { game: 'sicbo', id: 'sic-1', ready: '[data-testid="sicbo-table"]' },
  { game: 'megawheel', id: 'mw-1', ready: '[data-testid="megawheel-table"]' },
];

describe('the pseudo-locale', () => {
  it('leaves no English in the lobby', async () => {
    const page = await open('/play/lobby?lang=qps', '[data-table]');
    await expectTranslated(page, 'lobby');
    await checkPanels(page, 'lobby');
    await screenshot(page, 'pseudo-lobby.png');
    await page.close();
  });

  it.each(TABLES)(
    'leaves no English at $id ($game) and its panels',
    async ({ game, id, ready }) => {
      const page = await open(`/play/${game}?gameId=${id}&lang=qps`, ready);
      await expectTranslated(page, id);
      await checkPanels(page, id);
      await screenshot(page, `pseudo-${id}.png`);
      await page.close();
    },
  );

  it('leaves no English on the multi-table page', async () => {
    const page = await open('/play/multi-baccarat?lang=qps', '[data-testid="card-table"]');
    await expectTranslated(page, 'multi-baccarat');
    await page.close();
  });
});
