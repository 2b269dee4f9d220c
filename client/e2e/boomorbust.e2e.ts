// Boom or bust in Chromium against the real croupierd (the game show protocol: showstep,
// <choose>, chooseack): a bet on BOOM, doubles starting the bonus, the first roll revealed
// on the bonus grid with its value and total, CASH OUT pressed within the countdown, the
// server's chooseack confirming it, and the win of 7 times the stake in the result and in
// the balance (to the cent, and as the server keeps it); at a desktop size and on a phone,
// upright and sideways, with no horizontal overflow and every control in view.
//
// bob-1 deals a scripted "4,4|16,25,33" every round here (the casino file's
// scriptedResults, a test aid the server accepts only with --rng-seed): 4,4 are doubles;
// roll 1 is 1,6 (adds 7, total 7), roll 2 would be 2,5 (adds 3, total 10) and roll 3 3,3,
// a BUST. Cashing out after roll 1 is paid 7 times the stake; the default (keep while the
// total is 13 or less) would have ridden to the BUST. The show's steps are short here, and
// a choice stays open 6 s, long enough for a slow machine.
import { mkdirSync } from 'node:fs';

import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import {
  RESULTS,
  type Server,
  desktopContext,
  launchBrowser,
  phoneContext,
  screenshot,
} from './harness';
import { axeFindings } from './axe';
import { expectFits, horizontalOverflow } from './layout';
import { TablePage, recordCommands, startShowServer, unitsOf } from './table';

const SCRIPT = '4,4|16,25,33';

let server: Server;
let browser: Browser;

beforeAll(async () => {
  mkdirSync(RESULTS, { recursive: true });
  server = await startShowServer('bob-1', SCRIPT, { revealMs: 1500, chooseMs: 6000 });
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/** Bets the chosen chip on BOOM and waits until the server holds it; the stake. */
async function betOnBoom(page: Page, table: TablePage): Promise<number> {
  await table.bet('BOOM');
  await page
    .locator('[data-chip-spot="BOOM"]')
    .waitFor({ timeout: 5000 })
    .catch(() => undefined);
  await page.waitForFunction(
    () => {
      const el = document.querySelector('[data-testid="total-bet"]') as HTMLElement | null;
      return el !== null && el.dataset.amount !== '0.00';
    },
    undefined,
    { timeout: 5000 },
  );
  return unitsOf((await table.totalBet())!);
}

/** Waits for the choice after roll 1: the bonus grid with the roll, CASH OUT enabled. */
async function waitForFirstChoice(page: Page): Promise<void> {
  await page.locator('[data-testid="bob-grid"][data-mode="bonus"]').waitFor({ timeout: 30_000 });
  await page
    .locator('[data-testid="bob-cash"][aria-disabled="false"]')
    .waitFor({ timeout: 20_000 });
  // Roll 1 (1,6) on the grid: it adds 7, the total is 7.
  expect(await page.locator('[data-red="1"][data-blue="6"]').getAttribute('data-rolls')).toBe('1');
  expect(await page.getByTestId('bob-total').getAttribute('data-total')).toBe('7');
}

/** Presses CASH OUT and waits for the server's confirmation; the command sent. */
async function cashOut(page: Page, commands: string[], gameId: string): Promise<string> {
  await page.getByTestId('bob-cash').click();
  await page.locator('[data-testid="bob-status"][data-kind="chosen"]').waitFor({ timeout: 5000 });
  const sent = commands.find((c) => c.startsWith('<choose'))!;
  expect(sent).toContain('tableId="bob-1"');
  expect(sent).toContain(`gameId="${gameId}"`);
  expect(sent).toContain('step="1"');
  expect(sent).toContain('choice="cash"');
  return sent;
}

describe('boom or bust', () => {
  it('bets on BOOM, cashes out after the first roll and is paid 7 times the stake', async () => {
    const context = await desktopContext(browser, server.url, { width: 1366, height: 768 });
    const page = await context.newPage();
    const commands = recordCommands(page);
    const table = new TablePage(page, 'bob-1');
    await table.enterFromLobby(server.url, 'boomorbust');
    expect(await page.locator('.bob-square').count()).toBe(36);
    // Entered during a round's bonus, the table shows the bonus where the spots go: they
    // are back for the next round's bets (and may go again as a bonus starts between two
    // looks: a make test run read none just after it had seen the first).
    const spots = page.getByTestId('bob-spots').locator('[data-spot]');
    await expect
      .poll(() => spots.evaluateAll((els) => els.map((e) => e.getAttribute('data-spot'))), {
        timeout: 90_000,
      })
      .toEqual(['1', '2', '3', '4', '5', '6', 'BOOM']);

    expect(await axeFindings(page)).toEqual([]);

    const gameId = await table.waitForBetting(5);
    const before = await table.balance();
    const stake = await betOnBoom(page, table);
    expect(stake).toBeGreaterThan(0);
    await table.expectBalance(before - stake);
    const bet = commands.find((c) => c.startsWith('<pbet'))!;
    expect(bet).toContain('gameMode="boomorbust_desktop"');
    expect(bet).toContain('<bet code="BOOM"');

    // Doubles: the dice land on 4,4 and the bonus grid takes the grid's place.
    await waitForFirstChoice(page);
    expect(await page.locator('[data-red="4"][data-blue="4"]').count()).toBe(1);
    const amount = (await page.getByTestId('bob-cash-amount').textContent())!;
    expect(amount).toMatch(/^at 7×: €\d+\.\d\d$/);
    expect(unitsOf(amount.split(':')[1]!)).toBe(7 * stake);
    expect(await page.getByTestId('bob-default').getAttribute('data-choice')).toBe('keep');
    await screenshot(page, 'boomorbust-desktop-choice.png');

    await cashOut(page, commands, gameId);
    expect(await page.getByTestId('bob-status').textContent()).toMatch(
      /^You cash out at 7×: €\d+\.\d\d\. You can change your mind until the countdown ends\.$/,
    );
    expect(await page.getByTestId('bob-cash').getAttribute('aria-pressed')).toBe('true');
    // The bonus grid, its squares and the choice, as screen readers meet them.
    expect(await axeFindings(page)).toEqual([]);

    // The deadline closes the choice: out at 7x; the result pays 7 times the stake.
    await page
      .locator('[data-testid="bob-status"][data-kind="cashed"]')
      .waitFor({ timeout: 20_000 });
    await table.waitForResultOf(gameId);
    const win = page.getByTestId('result-win');
    await win.waitFor({ timeout: 10_000 });
    expect(unitsOf((await win.getAttribute('data-win'))!)).toBe(7 * stake);
    expect(await win.textContent()).toMatch(/^You win €\d+\.\d\d$/);
    expect(await page.getByTestId('result').getAttribute('data-dice')).toBe('4,4');
    await table.expectBalance(before - stake + 7 * stake);
    expect(await table.serverBalance()).toBe(before - stake + 7 * stake);
    const first = page.getByTestId('recent-results').locator('li').first();
    expect(await first.getAttribute('data-game')).toBe(gameId);
    expect(await first.getAttribute('data-dice')).toBe('4,4');
    await screenshot(page, 'boomorbust-desktop.png');
    await context.close();
  });

  it('plays the bonus on a 360x640 phone, upright and sideways, without overflow', async () => {
    const context = await phoneContext(browser, server.url);
    const page = await context.newPage();
    const commands = recordCommands(page);
    const table = new TablePage(page, 'bob-1');
    await table.enterFromLobby(server.url, 'boomorbust');
    const gameId = await table.waitForBetting(5);
    await expectFits(page);
    await screenshot(page, 'boomorbust-mobile-betting.png');
    const before = await table.balance();
    const stake = await betOnBoom(page, table);
    expect(commands.find((c) => c.startsWith('<pbet'))).toContain('gameMode="boomorbust_mobile"');

    await waitForFirstChoice(page);
    await expectFits(page);
    await screenshot(page, 'boomorbust-mobile-choice.png');
    // Sideways while the choice is open: everything still in view, and CASH OUT there.
    await page.setViewportSize({ width: 640, height: 360 });
    await page.locator('.boomorbust.shape-flat').waitFor();
    await expectFits(page);
    await screenshot(page, 'boomorbust-mobile-landscape.png');
    await cashOut(page, commands, gameId);

    await table.waitForResultOf(gameId);
    await page.getByTestId('result-win').waitFor({ timeout: 10_000 });
    expect(unitsOf((await page.getByTestId('result-win').getAttribute('data-win'))!)).toBe(
      7 * stake,
    );
    await table.expectBalance(before - stake + 7 * stake);

    await page.setViewportSize({ width: 360, height: 640 });
    await page.locator('.boomorbust.shape-tall').waitFor();
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
    await screenshot(page, 'boomorbust-mobile.png');
    await context.close();
  });
});
