// The notices a player meets at a table, in Chromium against the real croupierd: the
// studio's table-will-close notice, shown for its minutes × 60 s; the idle message before
// the session closes for inactivity (its seconds counting down, the table's sound
// paused), "I'm still here" keeping the session, and the kickout once the player stays
// away; the not-seated page when a launch asks for a private seat that is taken.
import { mkdirSync } from 'node:fs';

import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import {
  RESULTS,
  openAsGuestAt,
  type Server,
  desktopContext,
  launchBrowser,
  startServer,
  studioPost,
  withStudio,
  screenshot,
} from './harness';
import { TablePage } from './table';

let server: Server;
let browser: Browser;

// The idle message comes a quarter of the timeout before the end: 4 s of 16.
const IDLE_TIMEOUT_S = 16;

beforeAll(async () => {
  mkdirSync(RESULTS, { recursive: true });
  server = await startServer({
    idleTimeoutS: IDLE_TIMEOUT_S,
    casino: withStudio,
  });
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/** Whether every sound of the deck is muted now. */
async function allMuted(page: Page): Promise<boolean> {
  return page.evaluate(() =>
    [...document.querySelectorAll<HTMLAudioElement>('#sound-deck audio')].every((a) => a.muted),
  );
}

describe('notices', () => {
  it('shows that the table closes for the minutes the studio announced', async () => {
    const context = await desktopContext(browser, server.url, { width: 1366, height: 768 });
    const page = await context.newPage();
    const table = new TablePage(page, 'sic-1');
    await table.enterFromLobby(server.url, 'sicbo');
    // The page's clock from here, so that a minute passes at once.
    await page.clock.install();
    const posted = await studioPost(server, '/api/operator/table/closing', {
      tableId: 'sic-1',
      minutes: 1,
    });
    expect(posted.status).toBe(200);
    const notice = page.getByTestId('table-will-close');
    await notice.waitFor();
    expect(await notice.textContent()).toContain('This table closes in 1 minute');
    await screenshot(page, `notice-table-will-close.png`);
    await page.clock.fastForward(50_000);
    expect(await notice.count()).toBe(1); // 10 s left
    await page.clock.fastForward(11_000);
    await notice.waitFor({ state: 'detached' });
    await context.close();
  });

  it('seats a launch at the seat it asks for, and shows the not-seated page when it is taken', async () => {
    const first = await desktopContext(browser, server.url, { width: 1366, height: 768 });
    const ann = await first.newPage();
    await openAsGuestAt(ann, '/play/roulette?gameId=prive-1&seatNumber=2');
    await ann.getByRole('button', { name: 'Leave your seat' }).waitFor({ timeout: 20_000 });
    expect(await ann.locator('[data-seat="2"] .me').count()).toBe(1);

    const second = await desktopContext(browser, server.url, { width: 1366, height: 768 });
    const bob = await second.newPage();
    // A new guest straight at the launch (no preloader to wait for: the page is the notice).
    await bob.goto('/play/roulette?gameId=prive-1&seatNumber=2');
    const page = bob.getByTestId('page-message');
    await page.waitFor({ timeout: 20_000 });
    expect(await page.getAttribute('data-code')).toBe('NOT_SEATED');
    expect(await page.textContent()).toContain('Seat 2 at this table is not free');
    await screenshot(bob, `notice-not-seated.png`);
    await bob.getByTestId('not-seated-stay').click();
    await bob.getByRole('button', { name: 'Take seat 3' }).waitFor();
    await first.close();
    await second.close();
  });

  it('warns an idle player, keeps one who is still here, and closes the game for one who is not', async () => {
    const context = await desktopContext(browser, server.url, { width: 1366, height: 768 });
    const page = await context.newPage();
    const table = new TablePage(page, 'rou-1');
    await table.enterFromLobby(server.url, 'roulette');
    expect(await allMuted(page)).toBe(false);

    // Nothing but the page's own traffic: the idle message, counting down.
    const idle = page.getByTestId('popup-idle');
    await idle.waitFor({ timeout: IDLE_TIMEOUT_S * 1000 + 5000 });
    const seconds = page.getByTestId('idle-seconds');
    const first = Number(await seconds.getAttribute('data-seconds'));
    expect(first).toBeGreaterThan(0);
    expect(first).toBeLessThanOrEqual(4);
    expect(await idle.textContent()).toContain('Are you still there?');
    expect(await allMuted(page)).toBe(true); // the inactivity pause
    await screenshot(page, `notice-idle.png`);

    // Still here: the message goes, the sound comes back, the session lives on past the end.
    await page.getByTestId('idle-continue').click();
    await idle.waitFor({ state: 'detached' });
    expect(await allMuted(page)).toBe(false);
    await page.waitForTimeout((first + 2) * 1000);
    expect(await page.getByTestId('popup-kicked-out').count()).toBe(0);

    // Away for good: the message again, then the game closes. (The page's activity
    // heartbeat, every 30 s, may still report the click once and put the end off.)
    await idle.waitFor({ timeout: 40_000 });
    const kicked = page.getByTestId('popup-kicked-out');
    await kicked.waitFor({ timeout: 30_000 });
    expect(await kicked.textContent()).toContain('Game closed');
    expect(await page.getByTestId('popup-idle').count()).toBe(0);
    await screenshot(page, `notice-kicked-out.png`);
    await context.close();
  });
});
