// Players at a European roulette table in Chromium, against the real croupierd.
import { mkdirSync } from 'node:fs';

import type { Browser, WebSocketRoute } from 'playwright-core';
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

let server: Server;
let browser: Browser;

beforeAll(async () => {
  mkdirSync(RESULTS, { recursive: true });
  server = await startServer();
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/** What a straight on 17 and red, one each, return for a result. */
function expectedReturn(n: number): number {
  return (n === 17 ? 36 : 0) * 100_000 + (RED.has(n) ? 2 : 0) * 100_000;
}

/**
 * The main journey: a new player enters a table, bets a straight and an outside bet
 * with chips, sees bets close and the wheel land on the server's number, and the
 * balance change by exactly the server's settlement.
 */
async function playOneRound(table: TablePage, shot: string) {
  const { page } = table;
  const gameId = await table.waitForBetting(4);
  const before = await table.balance();
  expect(before).toBe(await table.serverBalance());

  await table.chip('€1');
  await table.bet('STRAIGHT_17');
  await table.bet('RED');
  await table.expectTotal('2.00');
  await page.locator('[data-chip-spot="STRAIGHT_17"]').waitFor();
  await page.locator('[data-chip-spot="RED"]').waitFor();
  await table.expectBalance(before - 2 * 100_000);

  await table.waitForState(3);
  await page.locator('[data-testid="wheel"][data-phase="spinning"]').waitFor({ timeout: 15_000 });
  const { shown, wheel } = await table.landedResult(gameId);
  const server = await table.serverResult(gameId);
  expect(server.gameId).toBe(gameId);
  expect(shown).toBe(server.result);
  expect(wheel).toBe(server.result);

  const after = before - 2 * 100_000 + expectedReturn(server.result);
  await table.expectBalance(after);
  expect(await table.serverBalance()).toBe(after);
  expect(await table.shownWin(gameId)).toBe((expectedReturn(server.result) / 100_000).toFixed(2));
  await screenshot(page, shot);
}

describe('roulette table', () => {
  it('a new player bets a straight and an outside bet and is paid exactly the settlement', async () => {
    // The wheel turning, spinning and landing as most players see it.
    const context = await desktopContext(browser, server.url, undefined, {
      reducedMotion: 'no-preference',
    });
    const table = new TablePage(await context.newPage());
    await table.enterFromLobby(server.url);
    await playOneRound(table, 'table-desktop.png');
    await context.close();
  });

  it('the same journey works on a 360x640 portrait phone', async () => {
    const context = await phoneContext(browser, server.url);
    const table = new TablePage(await context.newPage());
    await table.enterFromLobby(server.url);
    expect(await table.page.locator('.betting-grid').getAttribute('class')).toContain('vertical');
    await playOneRound(table, 'table-mobile.png');
    await context.close();
  });

  it('undo, clear, double and rebet', async () => {
    const context = await desktopContext(browser, server.url);
    const table = new TablePage(await context.newPage());
    const { page } = table;
    await table.enterFromLobby(server.url);
    await table.waitForBetting(6);
    const start = await table.balance();

    await table.chip('€1');
    await table.bet('RED');
    await table.bet('BLACK');
    await table.expectTotal('2.00');
    await table.control('Undo');
    await table.expectTotal('1.00');
    await page.locator('[data-chip-spot="BLACK"]').waitFor({ state: 'detached' });
    await table.control('Double');
    await table.expectTotal('2.00');
    expect(await page.locator('[data-chip-spot="RED"]').getAttribute('data-amount')).toBe('2.00');
    await table.control('Clear');
    await table.expectTotal('0.00');
    await table.expectBalance(start);

    // Each command waits for the one before it: on a busy machine the round may be over.
    await table.waitForBetting(3);
    await table.chip('€5');
    await table.bet('STRAIGHT_5');
    await table.expectTotal('5.00');
    const first = await table.gameId();
    // Next round: rebet repeats the last round's bets.
    await page.waitForFunction(
      (g) => {
        const el = document.querySelector('[data-testid="round-state"]') as HTMLElement | null;
        return el?.dataset.state === '2' && el.dataset.game !== g;
      },
      first,
      { timeout: 40_000 },
    );
    await table.control('Rebet');
    await table.expectTotal('5.00');
    expect(await page.locator('[data-chip-spot="STRAIGHT_5"]').getAttribute('data-amount')).toBe(
      '5.00',
    );
    expect(await table.serverBalance()).toBe(await table.balance());
    await context.close();
  });

  it('a click after bets closed shows the rejection', async () => {
    const context = await desktopContext(browser, server.url);
    const table = new TablePage(await context.newPage());
    await table.enterFromLobby(server.url);
    await table.waitForState(3);
    const before = await table.balance();
    // The spots say they are disabled now, but a player can still click one.
    await table.page.locator('[data-spot="ODD"]').click({ force: true });
    expect(await table.toastText()).toBe('Bet late. Please try again next round.');
    await table.expectTotal('0.00');
    expect(await table.serverBalance()).toBe(before);
    await context.close();
  });

  it('cutting the socket mid-round shows no internet, then recovers and shows the missed result', async () => {
    const context = await desktopContext(browser, server.url);
    const page = await context.newPage();
    let cut = false;
    let current: WebSocketRoute | null = null;
    await page.routeWebSocket(/\/ws$/, (ws) => {
      if (cut) {
        ws.close({ code: 4001, reason: 'network down' });
        return;
      }
      current = ws;
      ws.connectToServer();
    });
    const table = new TablePage(page);
    await table.enterFromLobby(server.url);
    const gameId = await table.waitForBetting(4);
    const before = await table.balance();
    await table.chip('€1');
    await table.bet('RED');
    await table.expectTotal('1.00');

    cut = true;
    await current!.close({ code: 4001, reason: 'network down' });
    await page.getByTestId('popup-no-internet').waitFor({ timeout: 5000 });
    expect(await page.getByTestId('connection').getAttribute('data-quality')).toBe('offline');
    // The round finishes on the server while the player is away.
    let missed = await table.serverResult();
    for (let i = 0; i < 150 && missed.gameId !== gameId; i++) {
      await page.waitForTimeout(200);
      missed = await table.serverResult();
    }
    expect(missed.gameId).toBe(gameId);

    cut = false;
    await page.getByTestId('popup-no-internet').waitFor({ state: 'detached', timeout: 20_000 });
    // Back online, the player is shown the result: on the table if the round's result
    // was announced after the reconnect, else by the notice about what they missed.
    const banner = page.locator(`[data-testid="result-number"]`, {
      hasText: new RegExp(`^${missed.result}$`),
    });
    // The notice names the round by its time and table, not by its id.
    const notice = page
      .getByTestId('toast')
      .filter({ hasText: new RegExp(`round at Roulette Azure ended: ${missed.result} `) });
    await banner.or(notice).first().waitFor({ timeout: 20_000 });
    const after = before - 100_000 + (RED.has(missed.result) ? 2 * 100_000 : 0);
    await table.expectBalance(after);
    expect(await table.serverBalance()).toBe(after);
    await context.close();
  });
});
