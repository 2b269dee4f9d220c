// The roulette family in Chromium, against the real croupierd: a racetrack bet, the
// statistics panel against the server's history, an American table paying 00, and a
// mega roulette multiplier shown before the ball lands and paid at its value.
//
// The American and mega tables deal scripted results here (the casino file's
// scriptedResults, a test aid the server accepts only with --rng-seed), so that the
// journeys can wait for a 00 or a lucky number instead of hoping for one.
import { mkdirSync } from 'node:fs';

import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import {
  RESULTS,
  type Server,
  desktopContext,
  launchBrowser,
  phoneContext,
  startServer,
  screenshot,
} from './harness';
import { RED, TablePage } from './table';

const UNIT = 100_000;

let server: Server;
let browser: Browser;

beforeAll(async () => {
  mkdirSync(RESULTS, { recursive: true });
  server = await startServer({
    seed: 7,
    scripted: { 'us-1': '00', 'mega-1': '17|5x50,17x200' },
  });
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

async function openTable(
  tableId: string,
  phone = false,
): Promise<{ context: BrowserContext; table: TablePage }> {
  const context = await (phone ? phoneContext : desktopContext)(browser, server.url);
  const page: Page = await context.newPage();
  const table = new TablePage(page, tableId);
  await table.enterFromLobby(server.url);
  return { context, table };
}

/** The voisins du zéro chips (units of one chip) and the pockets each covers. */
const VOISINS: { spot: string; chips: number; covers: number[]; pays: number }[] = [
  { spot: 'TRIO_0_2_3', chips: 2, covers: [0, 2, 3], pays: 11 },
  { spot: 'SPLIT_4_7', chips: 1, covers: [4, 7], pays: 17 },
  { spot: 'SPLIT_12_15', chips: 1, covers: [12, 15], pays: 17 },
  { spot: 'SPLIT_18_21', chips: 1, covers: [18, 21], pays: 17 },
  { spot: 'SPLIT_19_22', chips: 1, covers: [19, 22], pays: 17 },
  { spot: 'CORNER_25_26_28_29', chips: 2, covers: [25, 26, 28, 29], pays: 8 },
  { spot: 'SPLIT_32_35', chips: 1, covers: [32, 35], pays: 17 },
];

describe('the roulette family', () => {
  it('a voisins du zero racetrack bet places its chips on the grid and is settled', async () => {
    const { context, table } = await openTable('rou-1');
    const { page } = table;
    await page.getByTestId('racetrack-toggle').click();
    await page.getByTestId('racetrack').waitFor();
    const gameId = await table.waitForBetting(4);
    const before = await table.balance();
    await table.chip('€1');
    await page.locator('[data-section="voisins"]').click();
    await table.expectTotal('9.00');
    for (const v of VOISINS) {
      const chip = page.locator(`[data-chip-spot="${v.spot}"]`);
      await chip.waitFor();
      expect(await chip.getAttribute('data-amount')).toBe(`${v.chips}.00`);
    }
    await table.expectBalance(before - 9 * UNIT);
    await screenshot(page, 'racetrack-desktop.png', { fullPage: true });

    await table.waitForState(3);
    await table.landedResult(gameId);
    const result = await table.serverResult(gameId);
    expect(result.gameId).toBe(gameId);
    const returned = VOISINS.filter((v) => v.covers.includes(result.result)).reduce(
      (sum, v) => sum + v.chips * (v.pays + 1) * UNIT,
      0,
    );
    await table.expectBalance(before - 9 * UNIT + returned);
    expect(await table.serverBalance()).toBe(before - 9 * UNIT + returned);
    await context.close();
  });

  it('the statistics panel shows the last results the server has, and stays open', async () => {
    const { context, table } = await openTable('rou-1');
    const { page } = table;
    await page.getByTestId('statistics-toggle').click();
    const panel = page.getByTestId('statistics');
    await panel.waitFor();
    // Compare after a result, so that both sides have settled on the same history.
    await table.waitForState(2);
    await table.waitForState(24);
    await page.waitForTimeout(500);
    const history = await page.request.get(
      '/api/ui/statisticHistory?tableId=rou-1&numberOfGames=100',
    );
    const server = ((await history.json()) as { results: { result: string }[] }).results.map(
      (r) => r.result,
    );
    expect(server.length).toBeGreaterThan(0);
    await expect
      .poll(async () => page.getByTestId('stats-results').locator('span').allTextContents(), {
        timeout: 5000,
      })
      .toEqual(server);
    expect(Number(await page.getByTestId('stats-games').getAttribute('data-games'))).toBe(
      server.length,
    );
    const red = server.filter((r) => RED.has(Number(r))).length;
    const redShare = page.locator('[data-share="red"]');
    expect(Number(await redShare.getAttribute('data-percent'))).toBe(
      Math.round((100 * red) / server.length),
    );
    // The choice is saved (toggle_rla_statistics): a reload opens the panel again.
    await page.reload();
    await page.getByTestId('statistics').waitFor({ timeout: 20_000 });
    expect(await page.getByTestId('statistics-toggle').getAttribute('aria-pressed')).toBe('true');
    await context.close();
  });

  it('an American table shows 00 and pays a straight bet on it (on a phone)', async () => {
    const { context, table } = await openTable('us-1', true);
    const { page } = table;
    await page.locator('[data-spot="STRAIGHT_00"]').waitFor();
    expect(await page.locator('[data-spot="TOPLINE_0_00_1_2_3"]').count()).toBe(1);
    const gameId = await table.waitForBetting(4);
    const before = await table.balance();
    await table.chip('€1');
    // The win shows with the result, which the next round takes away, and on a busy machine
    // the wheel's landing can leave it on screen only briefly (CI, twice): watch for it from
    // before the ball lands rather than reading it afterwards.
    const won = page
      .locator('[data-testid="result"] [data-testid="result-win"][data-win="36.00"]')
      .waitFor({ timeout: 45_000 });
    const shown00 = page
      .locator('[data-testid="result-number"]', { hasText: /^00$/ })
      .waitFor({ timeout: 45_000 });
    await table.bet('STRAIGHT_00');
    await table.bet('RED');
    await table.expectTotal('2.00');
    await table.waitForState(3);
    await page.locator('[data-testid="wheel"][data-landed="00"]').waitFor({ timeout: 20_000 });
    await Promise.all([won, shown00]);
    // The server recorded that round as 00 (by the time we ask, a later one may have ended).
    const history = await page.request.get(
      '/api/ui/statisticHistory?tableId=us-1&numberOfGames=10',
    );
    const results = ((await history.json()) as { results: { gameId: string; result: string }[] })
      .results;
    expect(results.find((r) => r.gameId === gameId)?.result).toBe('00');
    // 35 to 1 on 00 returns 36; red loses on 00.
    await table.expectBalance(before - 2 * UNIT + 36 * UNIT);
    await screenshot(page, 'american-mobile.png');
    await context.close();
  });

  it('a mega roulette multiplier shows before the ball lands and the win is paid at it', async () => {
    const { context, table } = await openTable('mega-1');
    const { page } = table;
    await table.waitForBetting(4);
    const before = await table.balance();
    await table.chip('€1');
    await table.bet('STRAIGHT_17');
    await table.bet('STRAIGHT_4');
    await table.expectTotal('2.00');
    // The lucky numbers are announced after bets close, while the ball still spins.
    const lucky = page.locator('[data-testid="multipliers"] [data-number="17"]');
    await lucky.waitFor({ timeout: 20_000 });
    expect(await lucky.getAttribute('data-x')).toBe('200');
    expect(await page.getByTestId('result-number').count()).toBe(0);
    expect(await page.getByTestId('wheel').getAttribute('data-phase')).not.toBe('landed');
    expect(await page.locator('[data-multiplier="17"]').count()).toBe(1); // marked on the grid
    await screenshot(page, 'mega-desktop.png');
    await page.locator('[data-testid="wheel"][data-landed="17"]').waitFor({ timeout: 20_000 });
    expect(await page.getByTestId('result-multiplier').textContent()).toContain('200x');
    // 200 to 1 on the lucky 17 returns 201; the straight on 4 loses.
    await table.expectBalance(before - 2 * UNIT + 201 * UNIT);
    expect(await table.serverBalance()).toBe(before - 2 * UNIT + 201 * UNIT);
    await context.close();
  });
});
