// The screen name in Chromium against the real croupierd (SPEC §5 "Nickname"): a guest
// renames themself through the header (keyboard only: Enter saves), sees the new name at
// once and after a reload; a second guest, on a 360x640 phone, cannot take the same name
// (the server's 1014, shown as SETTINGS_NICKNAME_EXIST) and the dialog fits the screen
// both ways. The operator's restrict_nickname_edit is covered by the unit tests
// (app/ScreenName.test.tsx): the demo operator file cannot be changed from here.
import { mkdirSync } from 'node:fs';

import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import en from '../src/lib/i18n/locales/en.json';
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

let server: Server;
let browser: Browser;

// Letters of two scripts and digits: what SPEC §5 allows; unique to this run's new server.
const NEW_NAME = 'Zoë李2024';

beforeAll(async () => {
  mkdirSync(RESULTS, { recursive: true });
  server = await startServer();
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const openLobby = (page: Page) => openAsGuest(page, server.url);

const focused = (page: Page, testId: string) =>
  page.getByTestId(testId).evaluate((el) => el === document.activeElement);

async function insideViewport(page: Page, testId: string): Promise<void> {
  const box = (await page.getByTestId(testId).boundingBox())!;
  const viewport = page.viewportSize()!;
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.y).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width).toBeLessThanOrEqual(viewport.width);
  expect(box.y + box.height).toBeLessThanOrEqual(viewport.height);
}

describe('the screen name', () => {
  it('is changed from the header and kept after a reload', async () => {
    const context = await desktopContext(browser, server.url);
    const page = await context.newPage();
    await openLobby(page);
    const button = page.getByTestId('player-name');
    const before = (await button.innerText()).trim();
    expect(before).not.toBe('');
    expect(await button.getAttribute('aria-label')).toBe(
      en.SCREEN_NAME_CHANGE.replace('{{name}}', before),
    );

    // Keyboard only: focus the name, open it with Enter, type, Enter saves.
    await button.focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: en.SCREEN_NAME_TITLE });
    await dialog.waitFor();
    const input = dialog.getByRole('textbox', { name: en.SCREEN_NAME_LABEL });
    expect(await input.inputValue()).toBe(before);
    expect(await focused(page, 'screen-name-input')).toBe(true);
    // The current name in another case is refused before anything is sent.
    await input.fill(before.toUpperCase());
    await expect
      .poll(() => page.getByTestId('screen-name-message').innerText())
      .toBe(en.SETTINGS_SELECTED_NICKNAME);
    await input.fill('Zoë 2024');
    await expect
      .poll(() => page.getByTestId('screen-name-message').innerText())
      .toBe(en.SETTINGS_CHAR_ACCEPTED_UNICODE);
    await input.fill(NEW_NAME);
    expect(await page.getByTestId('screen-name-message').innerText()).toBe('');
    await page.keyboard.press('Enter');
    await dialog.waitFor({ state: 'detached' });
    await expect.poll(() => button.innerText()).toBe(NEW_NAME);
    expect(await focused(page, 'player-name')).toBe(true);

    // The server has it: its answer, and the header after a reload.
    const stored = (await (await page.request.get('/api/user/screenName')).json()) as {
      screenName: string;
      editable: boolean;
    };
    expect(stored).toMatchObject({ screenName: NEW_NAME, editable: true });
    await page.reload();
    await page.getByTestId('preloader').waitFor({ state: 'detached', timeout: 20_000 });
    await expect.poll(() => page.getByTestId('player-name').innerText()).toBe(NEW_NAME);
    await screenshot(page, 'screen-name-desktop.png');
    await context.close();
  });

  it('cannot take a name another player has, and fits a 360x640 phone both ways', async () => {
    const context = await phoneContext(browser, server.url);
    const page = await context.newPage();
    await openLobby(page);
    const button = page.getByTestId('player-name');
    const before = (await button.getAttribute('aria-label'))!;
    for (const viewport of [
      { width: 360, height: 640 },
      { width: 640, height: 360 },
    ]) {
      await page.setViewportSize(viewport);
      await page.waitForTimeout(300);
      // On a phone the name is an icon, inside the screen and big enough to touch.
      expect(await button.isVisible()).toBe(true);
      await insideViewport(page, 'player-name');
      const box = (await button.boundingBox())!;
      expect(box.height).toBeGreaterThanOrEqual(36);
      expect(box.width).toBeGreaterThanOrEqual(36);
      const header = page.locator('header.app-header');
      expect(await header.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);

      await button.tap();
      const dialog = page.getByTestId('screen-name-dialog');
      await dialog.waitFor();
      await page.getByTestId('screen-name-input').fill(NEW_NAME);
      await page.getByTestId('screen-name-save').tap();
      const message = page.getByTestId('screen-name-message');
      await expect.poll(() => message.innerText()).toBe(en.SETTINGS_NICKNAME_EXIST);
      expect(await message.getAttribute('data-key')).toBe('SETTINGS_NICKNAME_EXIST');
      // Everything in the dialog can be reached on the screen.
      for (const id of ['screen-name-dialog', 'screen-name-input', 'screen-name-save'])
        await insideViewport(page, id);
      await screenshot(page, `screen-name-phone-${viewport.width}.png`);
      // Escape cancels: the name is unchanged and the focus is back on the name.
      await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'detached' });
      expect(await button.getAttribute('aria-label')).toBe(before);
      expect(await focused(page, 'player-name')).toBe(true);
    }
    await context.close();
  });
});
