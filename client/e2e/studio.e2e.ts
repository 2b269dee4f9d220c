// The studio console in Chromium against the real croupierd (docs/studio.md "Human dealers
// and the studio console"): a dealer signs in to the console in one browser and deals a
// baccarat round card by card while a player in another browser sees each card and is paid;
// the dealer voids the next round and the player's stake comes back; a supervisor's message
// reaches the player's chat as the game host. The demo casino's own staff sign in.
import { mkdirSync } from 'node:fs';

import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { axeFindings } from './axe';
import { RESULTS, type Server, desktopContext, launchBrowser, startServer } from './harness';
import { horizontalOverflow, layoutProblems } from './layout';
import { TablePage } from './table';

const UNIT = 100_000;

let server: Server;
let browser: Browser;

beforeAll(async () => {
  mkdirSync(RESULTS, { recursive: true });
  server = await startServer({
    casino: (casino) => {
      const bac = casino.tables.find((t) => t.id === 'bac-1')!;
      bac.dealerMode = 'human';
    },
  });
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/** The console signed in as one of the demo's staff, with bac-1 open. */
async function openConsole(
  context: BrowserContext,
  login: string,
  password: string,
  path = '/studio',
): Promise<Page> {
  const page = await context.newPage();
  page.on('pageerror', (e) => console.error('console page error:', e.message));
  await page.goto(path);
  await page.getByTestId('studio-login-name').fill(login);
  await page.getByTestId('studio-login-password').fill(password);
  await page.getByTestId('studio-login-submit').click();
  await page.getByTestId('studio-table-bac-1').click();
  await page.getByTestId('studio-state').waitFor();
  return page;
}

/** Scans a card as a shoe's scanner types it, and waits for the console to take it. */
async function scan(dealer: Page, card: string, taken: number): Promise<void> {
  const input = dealer.getByTestId('studio-card-input');
  await input.fill(card);
  await input.press('Enter');
  await dealer
    .getByTestId('studio-cards')
    .locator(`[data-card="${card}"]`)
    .first()
    .waitFor({ timeout: 5000 });
  expect(await dealer.getByTestId('studio-cards').locator('[data-card]').count()).toBe(taken);
}

describe('the studio console', () => {
  it('a dealer deals baccarat card by card, voids a round, and a supervisor speaks', async () => {
    const playerContext = await desktopContext(browser, server.url);
    const player = await playerContext.newPage();
    const table = new TablePage(player, 'bac-1');
    await table.enterFromLobby(server.url, 'baccarat');
    // A human table waits for its dealer: no round opens by itself.
    await table.waitForState(901);

    const dealerContext = await desktopContext(browser, server.url);
    const dealer = await openConsole(dealerContext, 'dealer', 'dealer-demo');
    // A dealer has no supervisor's tools.
    expect(await dealer.getByTestId('studio-chat-input').count()).toBe(0);

    // Round one: the player backs the player's hand, which wins 9 to 8.
    await dealer.getByTestId('studio-open').click();
    await table.waitForState(2);
    const before = await table.balance();
    await table.chip('€5');
    await table.bet('PLAYER');
    await table.expectTotal('5.00');
    await dealer.getByTestId('studio-close').click();
    await table.waitForState(3);
    const dealt = ['2H', 'KS', '3D', '3C', '4C'];
    for (const [i, card] of dealt.entries()) {
      await scan(dealer, card, i + 1);
      // The player sees each card as it is scanned, in its hand.
      const hand = i % 2 === 0 ? 'player' : 'banker';
      await player.locator(`[data-hand="${hand}"] [data-card="${card}"]`).waitFor();
    }
    // A misread, taken back before the result: the player sees it go.
    await scan(dealer, '9D', 6);
    await player.locator('[data-hand="banker"] [data-card="9D"]').waitFor();
    await dealer.getByTestId('studio-undo').click();
    await player.locator('[data-card="9D"]').waitFor({ state: 'detached' });
    const refused = dealer.getByTestId('studio-card-input');
    await refused.fill('ZZ');
    await refused.press('Enter');
    await expect
      .poll(async () => dealer.getByTestId('studio-error').textContent())
      .toContain('not a card');
    await scan(dealer, '5H', 6);
    await player.locator('[data-hand="banker"] [data-card="5H"]').waitFor();
    await expect
      .poll(async () => dealer.getByTestId('studio-result').textContent())
      .toContain('P 9-8');
    // Nothing is paid before the dealer confirms.
    await player.waitForTimeout(1000);
    expect(await table.serverBalance()).toBe(before - 5 * UNIT);
    await dealer.getByTestId('studio-confirm').click();
    await player.getByTestId('result').waitFor({ timeout: 10_000 });
    await table.expectBalance(before + 5 * UNIT);
    expect(await table.serverBalance()).toBe(before + 5 * UNIT);

    // Round two: voided after the first card; the player's stake comes back.
    await dealer.getByTestId('studio-open').click();
    await table.waitForState(2, 15_000);
    await table.bet('BANKER');
    await table.expectTotal('5.00');
    await table.expectBalance(before);
    await dealer.getByTestId('studio-close').click();
    await scan(dealer, 'AS', 1);
    await player.locator('[data-card="AS"]').waitFor();
    await dealer.getByTestId('studio-void').click();
    await dealer.getByTestId('studio-void-confirm').click();
    await table.expectBalance(before + 5 * UNIT);
    expect(await table.serverBalance()).toBe(before + 5 * UNIT);

    // A supervisor's message reaches the player's chat as the game host.
    const supervisorContext = await desktopContext(browser, server.url);
    const supervisor = await openConsole(supervisorContext, 'supervisor', 'supervisor-demo');
    await player.getByTestId('chat-toggle').click();
    await supervisor.getByTestId('studio-chat-input').fill('Good evening from the studio');
    await supervisor.getByTestId('studio-chat-send').click();
    const host = player.getByTestId('chat').locator('li[data-role="SUPERVISOR"]');
    await host.waitFor();
    expect(await host.locator('strong').textContent()).toBe('Game host');
    expect(await host.locator('span').textContent()).toBe('Good evening from the studio');

    for (const c of [playerContext, dealerContext, supervisorContext]) await c.close();
  });

  it('fits a phone held either way, in German, and reads well to a screen reader', async () => {
    for (const viewport of [
      { width: 360, height: 640 },
      { width: 640, height: 360 },
    ]) {
      const context = await desktopContext(browser, server.url, viewport);
      const page = await openConsole(context, 'supervisor', 'supervisor-demo', '/studio?lang=de');
      await page.getByTestId('studio-panel').waitFor();
      expect(await page.locator('html').getAttribute('lang')).toBe('de');
      expect(await page.getByTestId('studio-chat-send').textContent()).not.toBe('Send');
      // The console scrolls down (controls below the fold are fine), never sideways, and
      // nothing covers a control.
      expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
      expect((await layoutProblems(page)).filter((p) => p.kind !== 'outside')).toEqual([]);
      expect(await axeFindings(page)).toEqual([]);
      await context.close();
    }
  });
});
