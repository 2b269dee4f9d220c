// The table chat in Chromium against the real croupierd: a player's markup shown as text;
// a swear word caught before sending with the casino's list; the player's avatar beside
// their messages; the studio's supervisor, posting through the signed operator API, shown
// as the game host; the same chat at the card tables, blackjack, sic bo and the wheel, on
// a desktop and on a phone both ways up, and the server's refusal (a mute) told in the
// panel.
import { mkdirSync } from 'node:fs';

import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import {
  RESULTS,
  type Server,
  desktopContext,
  launchBrowser,
  openAsGuest,
  openAsGuestAt,
  phoneContext,
  startServer,
  studioPost,
  withStudio,
  screenshot,
} from './harness';
import { TablePage } from './table';

let server: Server;
let browser: Browser;

beforeAll(async () => {
  mkdirSync(RESULTS, { recursive: true });
  server = await startServer({
    casino: withStudio,
  });
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('chat', () => {
  it('shows text as text, warns before a swear word and shows the game host', async () => {
    const context = await desktopContext(browser, server.url, { width: 1366, height: 768 });
    const page = await context.newPage();
    const sent: string[] = [];
    page.on('websocket', (ws) => ws.on('framesent', (f) => sent.push(String(f.payload))));
    const table = new TablePage(page, 'rou-1');
    await table.enterFromLobby(server.url, 'roulette');
    await page.getByTestId('chat-toggle').click();
    const chat = page.getByTestId('chat');
    const input = chat.getByRole('textbox');

    // The player's avatar, chosen in the settings, goes with their messages.
    await page.getByRole('button', { name: 'Settings' }).click();
    const settings = page.getByRole('dialog', { name: 'Settings' });
    await settings.getByRole('radio', { name: 'Crown' }).check();
    await settings.getByRole('button', { name: 'Close' }).click();
    await settings.waitFor({ state: 'detached' });

    await input.fill('<b>bold?</b> & more');
    await input.press('Enter');
    const mine = chat.locator('li.mine').last();
    await mine.waitFor();
    expect(await mine.locator('span').last().textContent()).toBe('<b>bold?</b> & more');
    expect(await mine.locator('img[data-avatar="crown"]').count()).toBe(1);
    expect(await chat.locator('b').count()).toBe(0);

    // A word of the casino's list: the warning, and nothing sent.
    await input.fill('what the hell');
    await input.press('Enter');
    await chat.getByTestId('chat-foul').waitFor();
    expect(await chat.getByTestId('chat-foul').textContent()).toContain('keep the chat friendly');
    expect(await input.inputValue()).toBe('what the hell');

    // The supervisor, as the game host.
    const posted = await studioPost(server, '/api/operator/chat', {
      tableId: 'rou-1',
      text: 'Welcome to the table!',
    });
    expect(posted.status).toBe(200);
    const host = chat.locator('li[data-role="SUPERVISOR"]');
    await host.waitFor();
    expect(await host.locator('strong').textContent()).toBe('Game host');
    expect(await host.locator('span').textContent()).toBe('Welcome to the table!');
    expect(sent.some((f) => f.includes('hell'))).toBe(false);
    await context.close();
  });

  it('is the same chat at every other table, on a desktop and on a phone', async () => {
    const context = await desktopContext(browser, server.url, { width: 1366, height: 768 });
    const page = await context.newPage();
    await openAsGuest(page, server.url);
    for (const [game, id] of [
      ['baccarat', 'bac-1'],
      ['blackjack', 'bj-1'],
      ['sicbo', 'sic-1'],
      ['megawheel', 'mw-1'],
    ] as const) {
      await page.goto(`/play/${game}?gameId=${id}`);
      await page.getByTestId('preloader').waitFor({ state: 'detached', timeout: 20_000 });
      await page.getByTestId('chat-toggle').click();
      const chat = page.getByTestId('chat');
      await chat.getByRole('textbox').fill(`hello ${id}`);
      await chat.getByRole('button', { name: 'Send' }).click();
      await chat.locator('li.mine', { hasText: `hello ${id}` }).waitFor();
      // The panel floats inside the window, and its close button closes it.
      const box = (await chat.boundingBox())!;
      expect(box.x + box.width, id).toBeLessThanOrEqual(1366);
      expect(box.y + box.height, id).toBeLessThanOrEqual(768);
      await chat.getByRole('button', { name: 'Close: Chat' }).click();
      await chat.waitFor({ state: 'detached' });
    }
    await context.close();

    // A phone, upright and on its side: the chat is a sheet whose input is in view and
    // on top, and a mute set by the studio is told in the panel.
    const phone = await phoneContext(browser, server.url);
    const mobile = await phone.newPage();
    await openAsGuestAt(mobile, '/play/dragontiger?gameId=dt-1');
    // On a phone the header's buttons fold into "More"; the chat's is among them.
    await mobile.locator('header.app-header').getByRole('button', { name: 'More' }).tap();
    await mobile.getByTestId('chat-toggle').tap();
    const chat = mobile.getByTestId('chat');
    const input = chat.getByRole('textbox');
    for (const size of [
      { width: 360, height: 640 },
      { width: 640, height: 360 },
    ]) {
      await mobile.setViewportSize(size);
      await mobile.waitForTimeout(300);
      const onTop = await input.evaluate((el) => {
        const r = el.getBoundingClientRect();
        const hit = document.elementFromPoint(r.x + r.width / 2, r.y + r.height / 2);
        return r.bottom <= window.innerHeight && r.right <= window.innerWidth && hit === el;
      });
      expect(onTop, `the chat input at ${size.width}x${size.height}`).toBe(true);
      await screenshot(mobile, `chat-dt-${size.width}x${size.height}.png`);
    }
    const me = await mobile.evaluate(async () => {
      const r = await fetch('/api/ui/playerConfig', { credentials: 'include' });
      return ((await r.json()) as { player: { id: string } }).player.id;
    });
    const muted = await studioPost(server, '/api/operator/chat/mute', { playerId: me, minutes: 5 });
    expect(muted.status).toBe(200);
    await input.fill('can I still talk?');
    await chat.getByRole('button', { name: 'Send' }).tap();
    const refused = chat.getByTestId('chat-refused');
    await refused.waitFor();
    expect(await refused.getAttribute('data-reason')).toBe('muted');
    expect(await refused.textContent()).toContain('paused your chat');
    await phone.close();
  });
});
