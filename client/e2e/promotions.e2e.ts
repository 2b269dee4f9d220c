// The demo's Daily Race in Chromium, against the real croupierd (issue 19, docs/protocol.md
// "Promotions"): a player opens the promotions panel, opts in, and plays at a roulette
// table in another tab; the panel's leaderboard moves live, from the promotions socket, to
// the stake the server settled. The trophy at the table says the player is in the race. At
// desktop and phone sizes, both ways round.
import { mkdirSync } from 'node:fs';

import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { axeFindings } from './axe';
import {
  RESULTS,
  type Server,
  desktopContext,
  launchBrowser,
  openAsGuestAt,
  phoneContext,
  startServer,
  screenshot,
} from './harness';
import { horizontalOverflow } from './layout';
import { TablePage } from './table';

let server: Server;
let browser: Browser;

beforeAll(async () => {
  mkdirSync(RESULTS, { recursive: true });
  server = await startServer({ promotions: true });
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

async function openPanel(page: Page): Promise<void> {
  await openAsGuestAt(page, `${server.url}/play/lobby?tab=promotions`);
  await page.locator('[data-testid="promotions"][data-connection="open"]').waitFor({
    timeout: 20_000,
  });
}

/**
 * The lobby scrolls (its tab strip sideways, its cards down): nothing wider than the screen,
 * and the opt-in button, scrolled to, is in view and on top.
 */
async function expectReachable(page: Page): Promise<void> {
  expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
  const button = page.getByTestId('promo-optin');
  await button.scrollIntoViewIfNeeded();
  const box = (await button.boundingBox())!;
  const size = page.viewportSize()!;
  expect(box.y + box.height).toBeLessThanOrEqual(size.height);
  expect(box.x + box.width).toBeLessThanOrEqual(size.width);
  const onTop = await button.evaluate((b) => {
    const r = b.getBoundingClientRect();
    const top = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
    return top !== null && (top === b || b.contains(top));
  });
  expect(onTop).toBe(true);
}

/** The panel's score for the player's own row, once it shows `score`. */
async function expectMyScore(page: Page, score: string, timeout = 30_000): Promise<void> {
  await page
    .locator('[data-testid="promo-leader"][data-me="true"]', { hasText: score })
    .waitFor({ timeout });
}

async function raceFromTheLobby(context: BrowserContext, shot: string) {
  const panel = await context.newPage();
  await openPanel(panel);
  const card = panel.locator('[data-testid="promo-card"][data-promotion="daily-race"]');
  await card.waitFor();
  expect(await card.getAttribute('data-status')).toBe('running');
  expect(await card.getAttribute('data-opted-in')).toBe('false');
  await expectReachable(panel);
  expect(await axeFindings(panel)).toEqual([]);

  await panel.getByTestId('promo-optin').click();
  await panel.locator('[data-testid="promo-card"][data-opted-in="true"]').waitFor();
  await expectMyScore(panel, '0.00');
  const me = panel.locator('[data-testid="promo-leader"][data-me="true"]');
  expect(await me.getAttribute('aria-current')).toBe('true');

  // Another tab of the same player plays a round at roulette.
  const table = new TablePage(await context.newPage());
  await table.page.goto(`${server.url}/play/roulette?gameId=rou-1`);
  await table.page.getByTestId('preloader').waitFor({ state: 'detached', timeout: 20_000 });
  const trophy = table.page.getByTestId('promo-trophy');
  await trophy.waitFor({ timeout: 20_000 });
  expect(await trophy.getAttribute('data-active')).toBe('true');
  const gameId = await table.waitForBetting(4);
  await table.chip('€1');
  await table.bet('RED');
  await table.bet('BLACK');
  await table.expectTotal('2.00');
  await table.waitForResultOf(gameId);

  // The panel, left alone, moves to the settled stake: live from the socket.
  await expectMyScore(panel, '2.00');
  expect(await card.locator('[data-testid="promo-standing"]').textContent()).toContain('2.00');
  await screenshot(panel, shot);
  await table.page.close();
  await panel.close();
}

describe('promotions', () => {
  it('a player opts in to the Daily Race and sees their standing move as they play', async () => {
    const context = await desktopContext(browser, server.url);
    await raceFromTheLobby(context, 'promotions-desktop.png');
    await context.close();
  });

  it('the same on a 360x640 phone', async () => {
    const context = await phoneContext(browser, server.url);
    await raceFromTheLobby(context, 'promotions-phone.png');
    await context.close();
  });

  it('the panel fits a 640x360 phone in landscape', async () => {
    const context = await phoneContext(browser, server.url);
    const page = await context.newPage();
    await page.setViewportSize({ width: 640, height: 360 });
    await openPanel(page);
    await page.locator('[data-testid="promo-card"]').first().waitFor();
    await expectReachable(page);
    await context.close();
  });
});
