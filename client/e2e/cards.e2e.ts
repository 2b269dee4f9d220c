// Card tables in Chromium against the real croupierd: a banker bet settled with its
// commission, a squeeze by the highest bettor watched from a second browser, and the
// andar bahar statistics panel against the server's own figures.
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
  openAsGuest,
  screenshot,
} from './harness';
import { TablePage } from './table';

const UNIT = 100_000;

let server: Server;
let browser: Browser;

beforeAll(async () => {
  mkdirSync(RESULTS, { recursive: true });
  // bac-1 deals a banker natural every round: the commission journey needs a banker win,
  // which a drawn shoe gave in 8 rounds only 99 times in 100 (CI on 506abc7 met the
  // hundredth).
  // bac-2's squeezer has 30 s (the casino file's timings.squeezeMs; 8 s by default): under
  // a loaded CI machine's two cores, 8 s ran out before the squeeze journey's drag had
  // turned its card, and the round's result came before the watcher could see the turn.
  server = await startServer({
    seed: 20261126,
    scripted: { 'bac-1': 'B 5-9|P:KH,5D|B:2S,7C' },
    casino: (c) => {
      const bac2 = c.tables.find((t) => t.id === 'bac-2')!;
      bac2.timings = { ...(bac2.timings as object | undefined), squeezeMs: 30_000 };
    },
  });
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

async function enter(
  context: BrowserContext,
  tableId: string,
  game: string,
): Promise<{ page: Page; table: TablePage }> {
  const page = await context.newPage();
  const table = new TablePage(page, tableId);
  await table.enterFromLobby(server.url, game);
  return { page, table };
}

describe('card tables', () => {
  it('a banker bet is settled with the commission', async () => {
    const context = await desktopContext(browser, server.url);
    const { page, table } = await enter(context, 'bac-1', 'baccarat');
    let settled = false;
    for (let round = 0; round < 8 && !settled; round++) {
      const gameId = await table.waitForBetting(3);
      const before = await table.balance();
      await table.chip('€5');
      await table.bet('BANKER');
      await table.expectTotal('5.00');
      await table.expectBalance(before - 5 * UNIT);
      const result = page.locator(`[data-testid="result"]`);
      await result.waitFor({ timeout: 30_000 });
      const history = await page.request.get(
        '/api/ui/statisticHistory?tableId=bac-1&numberOfGames=1',
      );
      const latest = ((await history.json()) as { results: { gameId: string; result: string }[] })
        .results[0]!;
      expect(latest.gameId).toBe(gameId);
      const winner = latest.result.charAt(0);
      expect(await result.getAttribute('data-winner')).toBe(
        { B: 'BANKER', P: 'PLAYER', T: 'TIE' }[winner],
      );
      // Banker pays 0.95 to 1: 5 back and 4.75 won; a tie gives the 5 back.
      const back = winner === 'B' ? 975_000 : winner === 'T' ? 5 * UNIT : 0;
      await table.expectBalance(before - 5 * UNIT + back);
      expect(await table.serverBalance()).toBe(before - 5 * UNIT + back);
      if (winner === 'B') {
        expect(await table.shownWin(gameId)).toBe('9.75');
        await page.getByTestId('roads').waitFor();
        expect(await page.getByTestId('bead-plate').locator('.road-cell').count()).toBeGreaterThan(
          0,
        );
        await screenshot(page, 'baccarat-desktop.png', { fullPage: true });
        settled = true;
      }
    }
    expect(settled).toBe(true);
    // The help lists the live table's payouts: the banker's commission is in it.
    await page.getByTestId('help-button').click();
    const help = page.getByTestId('card-help');
    expect(await help.locator('[data-kind="banker"]').textContent()).toContain('0.95 to 1');
    expect(await help.locator('[data-kind="tie"]').textContent()).toContain('8 to 1');
    await help.getByRole('button', { name: 'Close' }).last().click();
    await context.close();
  });

  it('the highest bettor squeezes and a second player watches the reveal', async () => {
    // With motion: the squeeze is a card turned by hand.
    const motion = { reducedMotion: 'no-preference' } as const;
    const one = await desktopContext(browser, server.url, undefined, motion);
    const two = await desktopContext(browser, server.url, undefined, motion);
    const high = await enter(one, 'bac-2', 'baccarat');
    const low = await enter(two, 'bac-2', 'baccarat');
    await high.table.waitForBetting(4);
    await high.table.chip('€100');
    await high.table.bet('PLAYER');
    await low.table.chip('€25');
    await low.table.bet('BANKER');
    await high.table.expectTotal('100.00');
    await low.table.expectTotal('25.00');

    // Only the highest stake gets the squeeze; the other player is told who squeezes.
    const card = high.page.getByTestId('squeeze-card').first();
    await card.waitFor({ timeout: 20_000 });
    await low.page.getByTestId('squeeze-note').waitFor();
    expect(await low.page.getByTestId('squeeze-card').count()).toBe(0);
    const faceDown = low.page.locator('.hand-player .playing-card.back');
    await faceDown.first().waitFor();
    const hidden = await faceDown.count();
    expect(hidden).toBeGreaterThan(0);

    // The squeezer lifts the first card by dragging it up, then reveals the rest.
    const box = (await card.locator('.playing-card').boundingBox())!;
    await high.page.mouse.move(box.x + box.width / 2, box.y + box.height - 4);
    await high.page.mouse.down();
    for (let y = 0; y <= 130; y += 26)
      await high.page.mouse.move(box.x + box.width / 2, box.y + box.height - 4 - y);
    await high.page.mouse.up();
    // The watcher sees the card turn over before the round's result: the hand's first card,
    // not a count of face-down cards (the second held card, dealt face down meanwhile, kept
    // the count at 1 in a make test run).
    const first = low.page.locator('.hand-player .playing-card').first();
    await expect
      .poll(() => first.evaluate((e) => !e.classList.contains('back')), { timeout: 8000 })
      .toBe(true);
    expect(await low.page.getByTestId('result').count()).toBe(0);
    // The squeezer reveals the rest by its button, each as it comes (the second held card
    // may be dealt after the first is lifted), until the round's result: the deal waits for
    // them up to the squeeze time.
    const result = low.page.getByTestId('result');
    const until = Date.now() + 30_000;
    while ((await result.count()) === 0 && Date.now() < until)
      await high.page
        .getByTestId('squeeze-card')
        .first()
        .getByRole('button')
        .click({ timeout: 1000 })
        .catch(() => {});
    await result.waitFor({ timeout: 5000 });
    // The squeezer's reveal ended the wait, not the squeeze time (30 s from the first card).
    expect(until - Date.now(), 'seconds of the wait left at the result').toBeGreaterThan(5000);
    const shown = await low.page
      .locator('.hand-player .playing-card')
      .evaluateAll((els) => els.map((e) => e.getAttribute('data-card')));
    const seenByHigh = await high.page
      .locator('.hand-player .playing-card')
      .evaluateAll((els) => els.map((e) => e.getAttribute('data-card')));
    expect(shown).toEqual(seenByHigh);
    expect(shown.every((c) => c && c.length >= 2)).toBe(true);
    await one.close();
    await two.close();
  });

  it('the andar bahar statistics panel shows the server data', async () => {
    const context = await desktopContext(browser, server.url);
    const { page, table } = await enter(context, 'ab-1', 'andarbahar');
    await table.waitForState(24, 60_000);
    await page.getByTestId('ab-stats').waitFor();
    await page.waitForTimeout(500);
    const api = (await (
      await page.request.get('/api/ui/ABCardStats?tableId=ab-1&numberOfGames=100')
    ).json()) as { numberOfGames: number; andar: number; bahar: number };
    const history = (await (
      await page.request.get('/api/ui/statisticHistory?tableId=ab-1&numberOfGames=100')
    ).json()) as { results: { result: string }[] };
    expect(api.numberOfGames).toBe(history.results.length);
    expect(api.andar).toBe(history.results.filter((r) => r.result.startsWith('A')).length);
    await expect
      .poll(async () => Number(await page.getByTestId('ab-andar').getAttribute('data-count')))
      .toBe(api.andar);
    expect(Number(await page.getByTestId('ab-bahar').getAttribute('data-count'))).toBe(api.bahar);
    await context.close();
  });

  it('multi-baccarat shows every baccarat table and takes a bet on one of them', async () => {
    const context = await desktopContext(browser, server.url);
    const page = await context.newPage();
    await openAsGuest(page, server.url);
    await page.getByTestId('multi-baccarat-link').click();
    await page.waitForURL(/\/play\/multi-baccarat/);
    await page.getByTestId('preloader').waitFor({ state: 'detached', timeout: 20_000 });
    const tables = page.getByTestId('card-table');
    await expect.poll(() => tables.count(), { timeout: 10_000 }).toBe(3);
    const super6 = page.locator('[data-testid="card-table"][data-table="bac-3"]');
    // A round of bac-3 with time left to bet (on a busy machine the one open now may close
    // between the look and the tap).
    for (let i = 0; ; i++) {
      const open = super6.locator('[data-testid="round-state"][data-state="2"]');
      await open.waitFor({ timeout: 30_000 });
      const left = Number(await super6.getByTestId('countdown').textContent());
      if (left >= 4) break;
      if (i === 3) throw new Error('no round of bac-3 with time to bet');
      await super6
        .locator('[data-testid="round-state"]:not([data-state="2"])')
        .waitFor({ timeout: 30_000 });
    }
    await super6.getByRole('radio', { name: 'Chip €1', exact: true }).click();
    await super6.locator('[data-spot="PLAYER"]').click();
    await super6.locator('[data-testid="total-bet"][data-amount="1.00"]').waitFor();
    const other = page.locator('[data-testid="card-table"][data-table="bac-1"]');
    expect(await other.getByTestId('total-bet').getAttribute('data-amount')).toBe('0.00');
    await context.close();
  });

  it('dragon tiger plays on a 360x640 phone', async () => {
    const context = await phoneContext(browser, server.url);
    const { page, table } = await enter(context, 'dt-1', 'dragontiger');
    await table.waitForBetting(3);
    const before = await table.balance();
    await table.chip('€1');
    await table.bet('DRAGON');
    await table.expectTotal('1.00');
    // Nothing sticks out sideways on a phone.
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);
    const result = page.getByTestId('result');
    await result.waitFor({ timeout: 30_000 });
    const winner = await result.getAttribute('data-winner');
    // Dragon pays 1 to 1; on a tie half the stake comes back.
    const back = winner === 'DRAGON' ? 2 * UNIT : winner === 'TIE' ? UNIT / 2 : 0;
    await table.expectBalance(before - UNIT + back);
    expect(await page.locator('.hand-dragon .playing-card').count()).toBe(1);
    expect(await page.locator('.hand-tiger .playing-card').count()).toBe(1);
    await screenshot(page, 'dragontiger-mobile.png');
    await context.close();
  });
});
