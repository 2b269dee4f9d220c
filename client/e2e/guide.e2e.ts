// The quick guide in Chromium against the real croupierd, as a newcomer meets it: it
// opens by itself over a game's table the first three times (the counts are kept for the
// player, per game), steps through with the keyboard, opens again from the table's help,
// and "don't show again" keeps it away; on a phone it fits the screen both ways up.
import { mkdirSync } from 'node:fs';

import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import {
  RESULTS,
  type Server,
  desktopContext,
  launchBrowser,
  openAsGuest,
  phoneContext,
  startServer,
  screenshot,
} from './harness';

let server: Server;
let browser: Browser;

beforeAll(async () => {
  mkdirSync(RESULTS, { recursive: true });
  server = await startServer({ quickGuide: true });
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

async function visit(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await page.getByTestId('preloader').waitFor({ state: 'detached', timeout: 20_000 });
}

/** Whether the guide opens by itself within a few seconds of the table showing. */
async function opensByItself(page: Page): Promise<boolean> {
  return page
    .getByTestId('quick-guide')
    .waitFor({ timeout: 4000 })
    .then(
      () => true,
      () => false,
    );
}

describe('the quick guide', () => {
  it('shows itself the first three times at a game, from help always, and never when asked not to', async () => {
    const context = await desktopContext(browser, server.url, { width: 1366, height: 768 });
    const page = await context.newPage();
    await openAsGuest(page, server.url);

    // First visit: five steps, by keyboard.
    await visit(page, '/play/roulette?gameId=rou-1');
    expect(await opensByItself(page)).toBe(true);
    const guide = page.getByTestId('quick-guide');
    expect(await guide.getByRole('heading', { level: 3 }).textContent()).toBe('Choose a chip');
    for (let step = 1; step <= 5; step++) {
      expect(await guide.getByTestId('guide-step').getAttribute('data-step')).toBe(String(step));
      if (step === 3) expect(await guide.textContent()).toContain('Guess where the ball lands');
      await guide.getByTestId('guide-next').focus();
      await page.keyboard.press('Enter');
    }
    await guide.waitFor({ state: 'detached' });

    // Second and third visits: again; the fourth: no more.
    for (const expected of [true, true, false]) {
      await visit(page, '/play/roulette?gameId=rou-1');
      expect(await opensByItself(page)).toBe(expected);
      if (expected) {
        await page.keyboard.press('Escape');
        await guide.waitFor({ state: 'detached' });
      }
    }
    // Another game counts on its own.
    await visit(page, '/play/sicbo?gameId=sic-1');
    expect(await opensByItself(page)).toBe(true);
    expect(await guide.textContent()).toContain('Step 1 of 5');
    await page.keyboard.press('Escape');

    // From help, and "don't show again".
    await page.getByTestId('help-button').click();
    await page.getByTestId('guide-button').click();
    await guide.waitFor();
    await guide.getByRole('checkbox', { name: "Don't show the quick guide again" }).check();
    await page.keyboard.press('Escape');
    await guide.waitFor({ state: 'detached' });
    await visit(page, '/play/baccarat?gameId=bac-1');
    expect(await opensByItself(page)).toBe(false);
    await context.close();
  });

  it('fits a phone held upright and sideways', async () => {
    const context = await phoneContext(browser, server.url);
    const page = await context.newPage();
    await openAsGuest(page, server.url);
    await visit(page, '/play/dragontiger?gameId=dt-1');
    expect(await opensByItself(page)).toBe(true);
    for (const size of [
      { width: 360, height: 640 },
      { width: 640, height: 360 },
    ]) {
      await page.setViewportSize(size);
      await page.waitForTimeout(300);
      const next = page.getByTestId('guide-next');
      const box = (await next.boundingBox())!;
      expect(box.y + box.height, `${size.width}x${size.height}`).toBeLessThanOrEqual(size.height);
      expect(box.x + box.width, `${size.width}x${size.height}`).toBeLessThanOrEqual(size.width);
      await screenshot(page, `guide-dt-${size.width}x${size.height}.png`);
    }
    await page.getByTestId('guide-next').tap();
    expect(await page.getByTestId('guide-step').getAttribute('data-step')).toBe('2');
    await context.close();
  });
});
