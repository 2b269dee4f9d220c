// The player's settings in Chromium against the real croupierd: the video quality and
// the animations chosen, kept over a reload (saved for the player) and applied at once
// (<html data-anim>); the chat turned off at a roulette table; axe-core's checks; the
// dialog on a phone held upright and sideways.
import { mkdirSync } from 'node:fs';

import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { axeFindings } from './axe';
import {
  RESULTS,
  type Server,
  desktopContext,
  launchBrowser,
  openAsGuest,
  startServer,
  screenshot,
} from './harness';

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

async function openSettings(page: Page) {
  const menu = page.locator('header.app-header').getByRole('button', { name: 'More' });
  if (await menu.isVisible()) await menu.click();
  await page.getByRole('button', { name: 'Settings' }).click();
  const dialog = page.getByRole('dialog', { name: 'Settings' });
  await dialog.waitFor();
  return dialog;
}

/** <html data-anim> once the app has set it (a reloaded page has none until it boots). */
async function anim(page: Page): Promise<string | undefined> {
  await page.waitForFunction(() => document.documentElement.dataset.anim !== undefined);
  return page.evaluate(() => document.documentElement.dataset.anim);
}

describe('settings', () => {
  it('keeps the video quality and the animations over a reload, and turns the chat off', async () => {
    const context = await desktopContext(
      browser,
      server.url,
      { width: 1366, height: 768 },
      { reducedMotion: 'no-preference' }, // the animations setting starts from the system's
    );
    const page = await context.newPage();
    await openAsGuest(page, server.url);
    expect(await anim(page)).toBe('on');

    let dialog = await openSettings(page);
    expect(await dialog.getByRole('radio', { name: 'Auto' }).isChecked()).toBe(true);
    expect(await dialog.getByRole('slider', { name: 'Dealer voice' }).inputValue()).toBe('20');
    const saved = page.waitForResponse((r) => r.url().includes('savePlayerConfigGeneric'));
    await dialog.getByRole('radio', { name: 'Low' }).check();
    expect((await saved).status()).toBe(200);
    const savedAnim = page.waitForResponse((r) => r.url().includes('savePlayerConfigGeneric'));
    await dialog.getByRole('switch', { name: 'Animations' }).uncheck();
    expect((await savedAnim).status()).toBe(200);
    expect(await anim(page)).toBe('off'); // at once
    expect(await axeFindings(page)).toEqual([]);
    await screenshot(page, 'settings-1366.png');
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });

    await page.reload();
    await page.getByTestId('preloader').waitFor({ state: 'detached', timeout: 20_000 });
    expect(await anim(page)).toBe('off');
    dialog = await openSettings(page);
    expect(await dialog.getByRole('radio', { name: 'Low' }).isChecked()).toBe(true);
    expect(await dialog.getByRole('switch', { name: 'Animations' }).isChecked()).toBe(false);
    await dialog.getByRole('switch', { name: 'Animations' }).check();
    expect(await anim(page)).toBe('on');
    await page.keyboard.press('Escape');

    // At a roulette table the chat goes when the player turns it off.
    await page.goto(`${server.url}/play/roulette?gameId=rou-1`);
    await page.getByTestId('preloader').waitFor({ state: 'detached', timeout: 20_000 });
    await page.getByTestId('chat-toggle').waitFor();
    dialog = await openSettings(page);
    await dialog.getByRole('switch', { name: 'Show the chat' }).uncheck();
    await page.keyboard.press('Escape');
    await page.getByTestId('chat-toggle').waitFor({ state: 'detached' });

    // On a phone, upright and sideways: the whole screen, nothing wider than it, every
    // control inside it and big enough to touch.
    for (const viewport of [
      { width: 360, height: 640 },
      { width: 640, height: 360 },
    ]) {
      await page.setViewportSize(viewport);
      await page.waitForTimeout(300);
      const phoneDialog = await openSettings(page);
      const fit = await phoneDialog.evaluate((d) => {
        const r = d.getBoundingClientRect();
        return {
          box: [r.left, r.top, r.right, r.bottom],
          wide: d.scrollWidth > d.clientWidth + 1,
          controls: [...d.querySelectorAll('button, input, label')].map((c) => {
            const b = c.getBoundingClientRect();
            return { left: b.left, right: b.right, height: b.height };
          }),
        };
      });
      expect(fit.box).toEqual([0, 0, viewport.width, viewport.height]);
      expect(fit.wide).toBe(false);
      for (const c of fit.controls) {
        expect(c.left).toBeGreaterThanOrEqual(0);
        expect(c.right).toBeLessThanOrEqual(viewport.width);
      }
      const rows = await phoneDialog
        .locator('.settings-switch, .settings-choice, .settings-volume')
        .evaluateAll((els) => els.map((e) => e.getBoundingClientRect().height));
      for (const h of rows) expect(h).toBeGreaterThanOrEqual(44);
      await screenshot(page, `settings-${viewport.width}.png`);
      await page.keyboard.press('Escape');
      await phoneDialog.waitFor({ state: 'detached' });
    }
    await context.close();
  });
});
