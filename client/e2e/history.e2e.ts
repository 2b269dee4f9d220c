// The player's history in Chromium against the real croupierd: a round of roulette and a
// round of sic bo (a scripted 3-1-6), then the history from the header shows both, newest
// first, each opening onto its result, its bets by name with their payoff, and its ids;
// the game filter; axe-core's checks; the dialog on a phone held upright and sideways.
// Then a finished round verified in the browser (docs/provably-fair.md): the commitment the
// player saw as bets opened, the revealed seed giving the recorded result, one changed
// character giving a mismatch, on a desktop and on a phone.
import { mkdirSync } from 'node:fs';

import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { axeFindings } from './axe';
import {
  RESULTS,
  type Server,
  desktopContext,
  launchBrowser,
  startServer,
  screenshot,
} from './harness';
import { TablePage, recordCommands } from './table';

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
    await screenshot(page, 'history-desktop.png');
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
      await screenshot(page, `history-${viewport.width}.png`);
      await page.keyboard.press('Escape');
      await phoneDialog.waitFor({ state: 'detached' });
    }
    await context.close();
  });

  it('verifies a finished round in the browser, and a changed seed fails', async () => {
    const context = await desktopContext(browser, server.url, { width: 1366, height: 768 });
    const page = await context.newPage();
    // The commitments the page was sent as bets opened, by round.
    const hashes = new Map<string, string>();
    page.on('websocket', (ws) =>
      ws.on('framereceived', (f) => {
        if (typeof f.payload !== 'string' || !f.payload.includes('fairHash')) return;
        try {
          const m = JSON.parse(f.payload) as { gameId?: string; fairHash?: string };
          if (m.gameId && m.fairHash) hashes.set(m.gameId, m.fairHash);
        } catch {
          // not one JSON message: nothing of ours
        }
      }),
    );
    const sent = recordCommands(page);
    const table = new TablePage(page, 'rou-1');
    await table.enterFromLobby(server.url, 'roulette');
    const gameId = await table.waitForBetting(4);
    await table.chip('€1');
    await table.bet('RED');
    await table.expectTotal('1.00');
    await table.waitForResultOf(gameId);
    // The bet carried the player's client seed.
    expect(sent.some((c) => c.startsWith('<pbet') && /clientSeed="[a-z0-9]{16}"/.test(c))).toBe(
      true,
    );
    const pocket = (await page.getByTestId('result-number').textContent())!.trim();

    const dialog = await openHistory(page);
    const round = dialog.getByTestId('history-round').first();
    await round.getByRole('button').first().click();
    await dialog.getByRole('button', { name: `Verify round ${gameId}` }).click();
    const check = page.getByRole('dialog', { name: `Verify round ${gameId}` });
    await check.waitFor();
    const verdict = check.getByTestId('fair-verdict');
    await check.locator('[data-testid="fair-verdict"][data-status="match"]').waitFor();
    expect(await check.getByTestId('fair-result').innerText()).toContain(pocket);
    // The commitment is the one the page was sent before anyone bet.
    expect(hashes.get(gameId)).toMatch(/^[0-9a-f]{64}$/);
    expect((await check.getByTestId('fair-commitment').innerText()).trim()).toBe(
      hashes.get(gameId),
    );
    // One character of the seed changed: a mismatch, said in words.
    const seed = check.getByLabel('Server seed');
    const revealed = await seed.inputValue();
    const changed = revealed.slice(0, 5) + (revealed[5] === 'a' ? 'b' : 'a') + revealed.slice(6);
    await seed.fill(changed);
    await check.locator('[data-testid="fair-verdict"][data-status="mismatch"]').waitFor();
    expect(await verdict.innerText()).toContain('Mismatch');
    await seed.fill(revealed);
    await check.locator('[data-testid="fair-verdict"][data-status="match"]').waitFor();
    expect(await axeFindings(page)).toEqual([]);
    await screenshot(page, 'fair-desktop.png');

    // On a phone upright and sideways: inside the screen, nothing wider than it.
    for (const viewport of [
      { width: 360, height: 640 },
      { width: 640, height: 360 },
    ]) {
      await page.setViewportSize(viewport);
      await page.waitForTimeout(300);
      const fit = await check.evaluate((d) => {
        const r = d.getBoundingClientRect();
        return {
          inside: r.left >= 0 && r.top >= 0 && r.right <= innerWidth && r.bottom <= innerHeight,
          overflow: [...d.querySelectorAll('*')].some(
            (e) =>
              e.scrollWidth > e.clientWidth + 1 &&
              getComputedStyle(e).overflowX !== 'visible' &&
              getComputedStyle(e).overflowX !== 'hidden',
          ),
          narrow: [...d.querySelectorAll('button, input, textarea')].every((c) => {
            const b = c.getBoundingClientRect();
            return b.left >= 0 && b.right <= innerWidth && b.height >= 40;
          }),
        };
      });
      expect(fit).toEqual({ inside: true, overflow: false, narrow: true });
      await screenshot(page, `fair-${viewport.width}.png`);
    }
    // Escape closes the check alone and gives the focus back to its Verify button.
    await page.keyboard.press('Escape');
    await check.waitFor({ state: 'detached' });
    expect(
      await dialog
        .getByRole('button', { name: `Verify round ${gameId}` })
        .evaluate((b) => b === document.activeElement),
    ).toBe(true);
    await context.close();
  });
});
