// Sic bo in Chromium against the real croupierd: bets on small, a total and a single
// number (one by keyboard) paid exactly on a known throw, the statistics panel with the
// server's figures, and a phone held upright and sideways.
//
// sic-1 throws a scripted 3-1-6 every round here (the casino file's scriptedResults, a
// test aid the server accepts only with --rng-seed), so the payouts are known.
import { mkdirSync } from 'node:fs';

import type { Browser } from 'playwright-core';
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
import { TablePage, recordCommands, spotNamed } from './table';

const UNIT = 100_000;

let server: Server;
let browser: Browser;

beforeAll(async () => {
  mkdirSync(RESULTS, { recursive: true });
  server = await startServer({
    seed: 11,
    scripted: { 'sic-1': '136|316' },
  });
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('sic bo', () => {
  it('pays small, total 10 and a single six, placed by mouse and keyboard, on 3-1-6', async () => {
    const context = await desktopContext(browser, server.url, { width: 1366, height: 768 });
    const page = await context.newPage();
    const commands = recordCommands(page);
    const posts: string[] = [];
    page.on('request', (r) => {
      if (r.method() === 'POST') posts.push(r.postData() ?? '');
    });
    const table = new TablePage(page, 'sic-1');
    await table.enterFromLobby(server.url, 'sicbo');
    // Every spot of the board is there, each with its spoken name.
    const spots = page.getByTestId('sicbo-board').locator('[data-spot]');
    expect(await spots.count()).toBe(52);
    expect(await spotNamed(page, 'Total 10, pays 6 to 1')).toBe('TOTAL_10');

    const gameId = await table.waitForBetting(4);
    const before = await table.balance();
    await table.chip('€5');
    await table.bet('TOTAL_10');
    await table.chip('€1');
    await table.bet('SMALL');
    // The keyboard: an arrow moves from spot to spot, the focused one shows it, Enter bets.
    // From the spot drawn just before single 6 (left of it, else above it), whichever
    // that is at this size, the arrow towards it lands on it.
    const [from, key] = await page.evaluate(() => {
      const six = document.querySelector('[data-spot="SINGLE_6"]')!.getBoundingClientRect();
      const near = (ok: (r: DOMRect) => boolean, gap: (r: DOMRect) => number) => {
        let best: string | null = null;
        let d = Infinity;
        for (const e of document.querySelectorAll('[data-spot]')) {
          const r = e.getBoundingClientRect();
          if (ok(r) && gap(r) < d) [d, best] = [gap(r), e.getAttribute('data-spot')];
        }
        return best;
      };
      const left = near(
        (r) => Math.abs(r.top - six.top) < 2 && r.right <= six.left + 1,
        (r) => six.left - r.right,
      );
      if (left) return [left, 'ArrowRight'];
      const above = near(
        (r) => Math.abs(r.left - six.left) < 2 && r.bottom <= six.top + 1,
        (r) => six.top - r.bottom,
      );
      return [above!, 'ArrowDown'];
    });
    await page.locator(`[data-spot="${from}"]`).focus();
    await page.keyboard.press(key);
    expect(
      await page.evaluate(() => {
        const e = document.activeElement!;
        return [
          e.getAttribute('data-spot'),
          e.matches(':focus-visible'),
          getComputedStyle(e).outlineStyle,
        ];
      }),
    ).toEqual(['SINGLE_6', true, 'solid']);
    await page.keyboard.press('Enter');
    await table.expectTotal('7.00');
    await table.expectBalance(before - 7 * UNIT);
    expect(await page.locator('[data-chip-spot="TOTAL_10"]').getAttribute('data-amount')).toBe(
      '5.00',
    );
    expect(await spotNamed(page, 'Total 10, pays 6 to 1, your bet €5.00')).toBe('TOTAL_10');
    // The game mode of this page goes with the bets and with the chip choice saved.
    const bets = commands.filter((c) => c.startsWith('<pbet'));
    expect(bets).toHaveLength(3);
    expect(bets.every((b) => b.includes('gameMode="sicbo_desktop"'))).toBe(true);
    expect(posts.some((p) => p.includes('"gameMode":"sicbo_desktop"'))).toBe(true);

    // The dice land on the server's throw, in the order thrown.
    await table.waitForState(6);
    expect(await page.getByTestId('dice-studio').getAttribute('data-phase')).toMatch(
      /shaking|landing/,
    );
    await page
      .locator('[data-testid="dice-studio"][data-landed="3,1,6"]')
      .waitFor({ timeout: 30_000 });
    const result = page.getByTestId('result');
    expect(await result.getAttribute('data-total')).toBe('10');
    expect(await page.getByTestId('result-size').getAttribute('data-size')).toBe('small');
    const history = (await (
      await page.request.get('/api/ui/statisticHistory?tableId=sic-1&numberOfGames=10')
    ).json()) as { results: { gameId: string; result: string; outcome: string }[] };
    expect(history.results.find((r) => r.gameId === gameId)?.outcome).toBe('136|316');
    // Small 1:1 returns 2, total 10 6:1 returns 35 on 5, one six 1:1 returns 2.
    await table.expectBalance(before - 7 * UNIT + 39 * UNIT);
    expect(await table.serverBalance()).toBe(before - 7 * UNIT + 39 * UNIT);
    expect(await table.shownWin(gameId)).toBe('39.00');
    for (const code of ['SMALL', 'TOTAL_10', 'SINGLE_6', 'EVEN', 'COMBO_1_3'])
      expect(await page.locator(`[data-spot="${code}"]`).getAttribute('data-won')).toBe('true');
    expect(await page.locator('[data-spot="BIG"]').getAttribute('data-won')).toBeNull();
    expect(await page.getByTestId('recent-results').locator('li').first().textContent()).toContain(
      '10',
    );
    await screenshot(page, 'sicbo-desktop.png');

    // The statistics panel shows the server's figures for the table's last games.
    await page.getByTestId('statistics-toggle').click();
    const panel = page.getByTestId('statistics');
    const stats = await page.request.get('/api/ui/sicbo/stats?tableId=sic-1&numberOfGames=100');
    expect(stats.ok()).toBe(true);
    const body = (await stats.json()) as { numberOfGames: number };
    expect(body.numberOfGames).toBeGreaterThan(0);
    await expect
      .poll(async () => Number(await panel.getByTestId('stats-games').getAttribute('data-games')))
      .toBeGreaterThanOrEqual(body.numberOfGames);
    await screenshot(page, 'sicbo-desktop-statistics.png');
    await context.close();
  });

  it('takes a bet on a 360x640 phone, upright and sideways, with nothing cut off', async () => {
    const context = await phoneContext(browser, server.url);
    const page = await context.newPage();
    const commands = recordCommands(page);
    const table = new TablePage(page, 'sic-1');
    await table.enterFromLobby(server.url, 'sicbo');
    await table.waitForBetting(3);
    const before = await table.balance();
    await table.chip('€1');
    // The last group is reached by scrolling the board.
    await table.bet('SINGLE_3');
    await table.expectTotal('1.00');
    await table.expectBalance(before - UNIT);
    expect(commands.find((c) => c.startsWith('<pbet'))).toContain('gameMode="sicbo_mobile"');
    const overflow = () =>
      page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      );
    expect(await overflow()).toBeLessThanOrEqual(0);
    // Every spot is at least 24 px each way.
    const sizes = await page
      .locator('[data-spot]')
      .evaluateAll((els) => els.map((e) => e.getBoundingClientRect()));
    expect(sizes).toHaveLength(52);
    expect(Math.min(...sizes.map((r) => Math.min(r.width, r.height)))).toBeGreaterThanOrEqual(24);
    await screenshot(page, 'sicbo-mobile.png');

    await page
      .locator('[data-testid="dice-studio"][data-landed="3,1,6"]')
      .waitFor({ timeout: 30_000 });
    await table.expectBalance(before - UNIT + 2 * UNIT); // one three: 1 to 1
    await screenshot(page, 'sicbo-mobile-result.png');

    await page.setViewportSize({ width: 640, height: 360 });
    await page.locator('.sicbo.shape-flat').waitFor();
    expect(await overflow()).toBeLessThanOrEqual(0);
    await screenshot(page, 'sicbo-mobile-landscape.png');
    await context.close();
  });
});
