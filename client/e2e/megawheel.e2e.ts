// The mega wheel in Chromium against the real croupierd: the mega multiplier revealed
// before the wheel stops, on the wheel and on its spot; the wheel landing on the server's
// segment; a bet on the multiplied number paid at the multiplier; and a phone held upright
// and sideways.
//
// mw-1 deals a scripted "5|7|5x20" every round here (the casino file's scriptedResults, a
// test aid the server accepts only with --rng-seed): the wheel stops on segment 7, a 5,
// and 5 has the mega multiplier 20.
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
    seed: 13,
    scripted: { 'mw-1': '5|7|5x20' },
  });
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('the mega wheel', () => {
  it('reveals the mega multiplier, lands on the segment and pays the multiplied number', async () => {
    const context = await desktopContext(browser, server.url, { width: 1366, height: 768 });
    const page = await context.newPage();
    const commands = recordCommands(page);
    const table = new TablePage(page, 'mw-1');
    await table.enterFromLobby(server.url, 'megawheel');
    const spots = page.getByTestId('megawheel-spots').locator('[data-spot]');
    expect(await spots.evaluateAll((els) => els.map((e) => e.getAttribute('data-spot')))).toEqual([
      '1',
      '2',
      '5',
      '8',
      '10',
      '15',
      '20',
      '30',
      '40',
    ]);
    expect(await page.locator('.mw-segment').count()).toBe(54);

    const gameId = await table.waitForBetting(4);
    const before = await table.balance();
    await table.chip('€1');
    await table.bet('5');
    await table.bet('1');
    await table.expectTotal('2.00');
    await table.expectBalance(before - 2 * UNIT);
    const bets = commands.filter((c) => c.startsWith('<pbet'));
    expect(bets.every((b) => b.includes('gameMode="megawheel_desktop"'))).toBe(true);

    // The multiplier is announced after bets close, while the wheel still turns.
    const mega = page.locator('[data-testid="mega"][data-number="5"]');
    await mega.waitFor({ timeout: 20_000 });
    expect(await mega.getAttribute('data-x')).toBe('20');
    expect(await page.getByTestId('result').count()).toBe(0);
    expect(await page.getByTestId('wheel').getAttribute('data-phase')).not.toBe('landed');
    expect(await page.getByTestId('wheel-mega').getAttribute('data-number')).toBe('5');
    expect(await page.locator('.mw-segment.mega').count()).toBe(7);
    expect(await page.locator('[data-spot="5"] [data-testid="spot-mega"]').textContent()).toBe(
      '×20',
    );
    expect(
      await spotNamed(page, 'Number 5, pays 20 to 1 with the mega multiplier, your bet €1.00'),
    ).toBe('5');
    // The reveal pops in; the picture is taken once it has.
    await page.waitForFunction(() =>
      document
        .getAnimations()
        .every((a) => a.playState !== 'running' || a.effect?.getTiming().iterations === Infinity),
    );
    await screenshot(page, 'megawheel-desktop-mega.png');

    // The wheel stops with segment 7, a 5, under the pointer.
    const wheel = page.locator('[data-testid="wheel"][data-segment="7"]');
    await wheel.waitFor({ timeout: 30_000 });
    expect(await wheel.getAttribute('data-landed')).toBe('5');
    const history = (await (
      await page.request.get('/api/ui/statisticHistory?tableId=mw-1&numberOfGames=10')
    ).json()) as { results: { gameId: string; outcome: string }[] };
    expect(history.results.find((r) => r.gameId === gameId)?.outcome).toBe('5|7|5x20');
    // 5 pays 20 to 1 instead of 5 to 1: 21 back; the bet on 1 loses.
    await table.expectBalance(before - 2 * UNIT + 21 * UNIT);
    expect(await table.serverBalance()).toBe(before - 2 * UNIT + 21 * UNIT);
    expect(await table.shownWin(gameId)).toBe('21.00');
    expect(await page.getByTestId('result-multiplier').textContent()).toContain('20 to 1');
    expect(await page.getByTestId('mega').getAttribute('data-state')).toBe('hit');
    expect(await page.locator('[data-spot="5"]').getAttribute('data-won')).toBe('true');
    expect(await page.getByTestId('recent-results').locator('li').first().textContent()).toBe('5');
    // How often each number came: every result here was a 5.
    await expect
      .poll(async () =>
        page.getByTestId('statistics').locator('[data-number="5"]').getAttribute('data-percent'),
      )
      .toBe('100');
    await screenshot(page, 'megawheel-desktop.png');
    await context.close();
  });

  it('takes a bet on a 360x640 phone, upright and sideways, with nothing cut off', async () => {
    const context = await phoneContext(browser, server.url);
    const page = await context.newPage();
    const commands = recordCommands(page);
    const table = new TablePage(page, 'mw-1');
    await table.enterFromLobby(server.url, 'megawheel');
    await table.waitForBetting(3);
    const before = await table.balance();
    await table.chip('€1');
    await table.bet('2');
    await table.expectTotal('1.00');
    await table.expectBalance(before - UNIT);
    expect(commands.find((c) => c.startsWith('<pbet'))).toContain('gameMode="megawheel_mobile"');
    const overflow = () =>
      page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      );
    expect(await overflow()).toBeLessThanOrEqual(0);
    const sizes = await page
      .locator('[data-spot]')
      .evaluateAll((els) => els.map((e) => e.getBoundingClientRect()));
    expect(Math.min(...sizes.map((r) => Math.min(r.width, r.height)))).toBeGreaterThanOrEqual(24);
    await page.locator('[data-testid="mega"]').waitFor({ timeout: 20_000 });
    await screenshot(page, 'megawheel-mobile.png');
    await page.locator('[data-testid="wheel"][data-segment="7"]').waitFor({ timeout: 30_000 });
    await table.expectBalance(before - UNIT); // 2 lost

    await page.setViewportSize({ width: 640, height: 360 });
    await page.locator('.megawheel.shape-flat').waitFor();
    expect(await overflow()).toBeLessThanOrEqual(0);
    await screenshot(page, 'megawheel-mobile-landscape.png');
    await context.close();
  });
});
