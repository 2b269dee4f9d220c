// The player's history in Chromium against the real croupierd: a round of roulette and a
// round of sic bo (a scripted 3-1-6), then the history from the header shows both, newest
// first, each opening onto its result, its bets by name with their payoff, and its ids;
// the game filter; axe-core's checks; the dialog on a phone held upright and sideways.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';

import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { axeFindings } from './axe';
import { RESULTS, type Server, desktopContext, launchBrowser, startServer } from './harness';
import { TablePage } from './table';

let server: Server;
let browser: Browser;

beforeAll(async () => {
  mkdirSync(RESULTS, { recursive: true });
  server = await startServer({
    seed: 5,
    scripted: { 'sic-1': '136|316' },
  });
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/** Bets €1 on `spot` in the next round and waits until that round's result is shown. */
async function playRound(table: TablePage, spot: string): Promise<void> {
  const gameId = await table.waitForBetting(4);
  await table.chip('€1');
  await table.bet(spot);
  await table.expectTotal('1.00');
  await table.waitForResultOf(gameId);
}

async function openHistory(page: Page) {
  await page.getByRole('button', { name: 'History' }).click();
  const dialog = page.getByRole('dialog', { name: 'History' });
  await dialog.waitFor();
  return dialog;
}

describe('history', () => {
  it('shows a round at roulette and one at sic bo with their detail', async () => {
    const context = await desktopContext(browser, server.url, { width: 1366, height: 768 });
    const page = await context.newPage();
    const roulette = new TablePage(page, 'rou-1');
    await roulette.enterFromLobby(server.url, 'roulette');
    await playRound(roulette, 'RED');
    const pocket = (await page.getByTestId('result-number').textContent())!.trim();

    await page.goto(`${server.url}/play/sicbo?gameId=sic-1`);
    await page.getByTestId('preloader').waitFor({ state: 'detached', timeout: 20_000 });
    await playRound(new TablePage(page, 'sic-1'), 'SMALL');

    const dialog = await openHistory(page);
    const rounds = dialog.getByTestId('history-round');
    await rounds.nth(1).waitFor();
    expect(await rounds.count()).toBe(2);
    // Newest first: sic bo, then roulette.
    expect(await rounds.nth(0).getAttribute('data-game')).toBe('sicbo');
    expect(await rounds.nth(1).getAttribute('data-game')).toBe('roulette');

    // Sic bo: small wins on 3-1-6 (total 10): €1 back with €1 won.
    const sicbo = rounds.nth(0);
    expect(await sicbo.getByRole('button').first().innerText()).toContain('Won €1.00');
    await sicbo.getByRole('button').first().click();
    expect(await sicbo.getByRole('button').first().getAttribute('aria-expanded')).toBe('true');
    expect(await sicbo.getByRole('img', { name: 'Dice: 3, 1, 6' }).isVisible()).toBe(true);
    const bet = sicbo.getByTestId('history-bet');
    expect(await bet.locator('th').innerText()).toContain('Small');
    expect(await bet.innerText()).toContain('€2.00');
    expect(await sicbo.innerText()).toMatch(/Game ID\s+sic-1-\d+/);

    // Roulette: the number the wheel showed, and red won or lost as that number says.
    const rou = rounds.nth(1);
    await rou.getByRole('button').first().click();
    expect(await rou.locator('.history-pocket').innerText()).toBe(pocket);
    expect(await rou.getByTestId('history-bet').locator('th').innerText()).toContain('Red');
    await page.screenshot({ path: join(RESULTS, 'history-desktop.png') });
    // Both rounds open: nothing serious for a screen reader or the eye (axe-core).
    expect(await axeFindings(page)).toEqual([]);

    // One game only.
    await dialog.getByLabel('Game').selectOption('roulette');
    await page.waitForFunction(
      () => document.querySelectorAll('[data-testid="history-round"]').length === 1,
    );
    expect(await rounds.first().getAttribute('data-game')).toBe('roulette');

    // Escape closes it and gives the focus back to the button that opened it.
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    expect(
      await page
        .getByRole('button', { name: 'History' })
        .evaluate((b) => b === document.activeElement),
    ).toBe(true);

    // On a phone, upright and sideways: the whole screen, nothing wider than it, the
    // controls inside it and big enough to touch.
    for (const viewport of [
      { width: 360, height: 640 },
      { width: 640, height: 360 },
    ]) {
      await page.setViewportSize(viewport);
      await page.waitForTimeout(300);
      const header = page.locator('header.app-header');
      const menu = header.getByRole('button', { name: 'More' });
      if (await menu.isVisible()) await menu.click();
      const phoneDialog = await openHistory(page);
      await phoneDialog.getByTestId('history-round').first().getByRole('button').click();
      const fit = await phoneDialog.evaluate((d) => {
        const r = d.getBoundingClientRect();
        const controls = [...d.querySelectorAll('button, select, input')].map((c) => {
          const b = c.getBoundingClientRect();
          return { left: b.left, right: b.right, height: b.height };
        });
        return {
          box: [r.left, r.top, r.right, r.bottom],
          overflow: [...d.querySelectorAll('*')].some(
            (e) =>
              e.scrollWidth > e.clientWidth + 1 &&
              getComputedStyle(e).overflowX !== 'visible' &&
              getComputedStyle(e).overflowX !== 'hidden',
          ),
          controls,
        };
      });
      expect(fit.box).toEqual([0, 0, viewport.width, viewport.height]);
      expect(fit.overflow).toBe(false);
      for (const c of fit.controls) {
        expect(c.left).toBeGreaterThanOrEqual(0);
        expect(c.right).toBeLessThanOrEqual(viewport.width);
        expect(c.height).toBeGreaterThanOrEqual(40);
      }
      await page.screenshot({ path: join(RESULTS, `history-${viewport.width}.png`) });
      await page.keyboard.press('Escape');
      await phoneDialog.waitFor({ state: 'detached' });
    }
    await context.close();
  });
});
