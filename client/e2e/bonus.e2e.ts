// A new player's welcome bonus in Chromium, against the real croupierd (issue 19,
// docs/bonuses-and-promotions.md): the acceptance dialog offers the demo operator's five
// free roulette chips, the player accepts, the free chip appears in the tray with its
// count, a free bet on 17 is placed and the count falls, and the round pays the winnings
// alone. At desktop and phone sizes; the dialog is checked for fit and for accessibility.
import { mkdirSync } from 'node:fs';

import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { axeFindings } from './axe';
import {
  RESULTS,
  type Server,
  desktopContext,
  launchBrowser,
  openAsGuest,
  phoneContext,
  startServer,
  screenshot,
} from './harness';
import { expectFits } from './layout';
import { TablePage } from './table';

let server: Server;
let browser: Browser;

beforeAll(async () => {
  mkdirSync(RESULTS, { recursive: true });
  // Every round lands on 17, so the free bet wins: 35 to 1 on a 1.00 chip pays 35.00.
  server = await startServer({ bonusOffers: true, seed: 19, scripted: { 'rou-1': '17' } });
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

interface Chips {
  eligible: { bonusStatus: string; bonusRemaining: number; accumulatedWins: string }[];
}

async function serverChips(page: Page): Promise<Chips['eligible'][number]> {
  const r = await page.request.get('/bonus/chips');
  const body = (await r.json()) as Chips;
  expect(body.eligible).toHaveLength(1);
  return body.eligible[0]!;
}

/** The dialog on arrival: the offer, checked; accepted with the keyboard or a tap. */
async function acceptTheOffer(page: Page, shot: string, keyboard: boolean) {
  const dialog = page.getByRole('dialog');
  await dialog.waitFor({ timeout: 20_000 });
  expect(await page.getByTestId('bonus-offer').textContent()).toContain('Welcome chips');
  expect((await serverChips(page)).bonusStatus).toBe('pending');
  await expectFits(page, '[role="dialog"]');
  expect(await axeFindings(page)).toEqual([]);
  await screenshot(page, shot);
  const accept = page.getByTestId('bonus-accept');
  if (keyboard) {
    await accept.focus();
    await page.keyboard.press('Enter');
  } else {
    await accept.click();
  }
  await dialog.waitFor({ state: 'detached' });
  const chips = await serverChips(page);
  expect(chips.bonusStatus).toBe('active');
  expect(chips.bonusRemaining).toBe(5);
}

async function betAFreeChip(table: TablePage, shot: string) {
  const { page } = table;
  await page.locator(`[data-table="${table.tableId}"]`).click();
  await page.waitForURL(/\/play\/roulette\?gameId=rou-1/);
  await page.getByTestId('preloader').waitFor({ state: 'detached', timeout: 20_000 });
  const free = page.getByTestId('free-chip');
  await free.waitFor();
  expect(await free.getAttribute('data-left')).toBe('5');
  expect(await free.getAttribute('aria-label')).toMatch(/free chip/i);

  const gameId = await table.waitForBetting(4);
  const before = await table.balance();
  await free.click();
  expect(await free.getAttribute('aria-checked')).toBe('true');
  await table.bet('STRAIGHT_17');
  // The count falls at once and stays down when the server accepts the chip; the
  // player's own balance does not move.
  await page.locator('[data-testid="free-chip"][data-left="4"]').waitFor();
  await page.locator('[data-chip-spot="STRAIGHT_17"]').waitFor();
  // The bet travels over the socket: the server's count follows a moment later.
  await expect
    .poll(async () => (await serverChips(page)).bonusRemaining, { timeout: 5_000 })
    .toBe(4);
  expect(await table.serverBalance()).toBe(before);
  await screenshot(page, shot);

  // 17: the free chip's winnings alone, 35.00, in cash.
  await table.waitForResultOf(gameId);
  await table.expectBalance(before + 35 * 100_000);
  expect(await table.serverBalance()).toBe(before + 35 * 100_000);
  const after = await serverChips(page);
  expect(after.accumulatedWins).toBe('35.00');
  expect(after.bonusRemaining).toBe(4);
  await page.locator('[data-testid="free-chip"][data-left="4"]').waitFor();
}

describe('welcome bonus', () => {
  it('a new player accepts the free chips with the keyboard, bets one and is paid its winnings', async () => {
    const context = await desktopContext(browser, server.url);
    const table = new TablePage(await context.newPage());
    await openAsGuest(table.page, server.url);
    await acceptTheOffer(table.page, 'bonus-offer-desktop.png', true);
    await betAFreeChip(table, 'bonus-free-chip-desktop.png');
    await context.close();
  });

  it('the same on a 360x640 phone, and a declined offer leaves no chip', async () => {
    const context = await phoneContext(browser, server.url);
    const table = new TablePage(await context.newPage());
    await openAsGuest(table.page, server.url);
    await acceptTheOffer(table.page, 'bonus-offer-phone.png', false);
    await betAFreeChip(table, 'bonus-free-chip-phone.png');
    await context.close();

    const other = await phoneContext(browser, server.url);
    const page = await other.newPage();
    await openAsGuest(page, server.url);
    await page.getByRole('dialog').waitFor({ timeout: 20_000 });
    await page.getByTestId('bonus-decline').click();
    await page.getByRole('dialog').waitFor({ state: 'detached' });
    const r = await page.request.get('/bonus/chips');
    expect(((await r.json()) as Chips).eligible).toEqual([]);
    await page.locator('[data-table="rou-1"]').click();
    await page.getByTestId('preloader').waitFor({ state: 'detached', timeout: 20_000 });
    await page.locator('.chip-tray').waitFor();
    expect(await page.getByTestId('free-chip').count()).toBe(0);
    await other.close();
  });

  it('in landscape on a 640x360 phone the offer fits and can be left for later', async () => {
    const context = await phoneContext(browser, server.url);
    const page = await context.newPage();
    await page.setViewportSize({ width: 640, height: 360 });
    await openAsGuest(page, server.url);
    await page.getByRole('dialog').waitFor({ timeout: 20_000 });
    await expectFits(page, '[role="dialog"]');
    await page.keyboard.press('Escape');
    await page.getByRole('dialog').waitFor({ state: 'detached' });
    // Left for later: still offered.
    expect((await serverChips(page)).bonusStatus).toBe('pending');
    await context.close();
  });
});
