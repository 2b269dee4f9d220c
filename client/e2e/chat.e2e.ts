// The table chat in Chromium against the real croupierd: a player's markup shown as text;
// a swear word caught before sending with the casino's list; the studio's supervisor,
// posting through the signed operator API, shown as the game host.
import { createHmac } from 'node:crypto';
import { mkdirSync } from 'node:fs';

import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { RESULTS, type Server, desktopContext, launchBrowser, startServer } from './harness';
import { TablePage } from './table';

const STUDIO_SECRET = 'studio-secret-0123456789';

let server: Server;
let browser: Browser;

beforeAll(async () => {
  mkdirSync(RESULTS, { recursive: true });
  server = await startServer({
    casino: (casino) => {
      casino.operators!.push({
        id: 'studio',
        name: 'The Studio',
        secret: STUDIO_SECRET,
        supervisor: true,
        currency: 'EUR',
      });
    },
  });
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/** A signed operator call, as the studio's back office makes it. */
async function studioPost(path: string, body: Record<string, unknown>): Promise<Response> {
  const text = JSON.stringify({ operatorId: 'studio', timestamp: Date.now(), ...body });
  const sig = createHmac('sha256', STUDIO_SECRET).update(text).digest('hex');
  return fetch(`${server.url}${path}`, {
    method: 'POST',
    headers: {
      'Content-Type': 'application/json',
      'X-Croupier-Signature': `sha256=${sig}`,
      'X-XSRF-TOKEN': 'studio',
      Cookie: 'XSRF-TOKEN=studio',
    },
    body: text,
  });
}

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

    await input.fill('<b>bold?</b> & more');
    await input.press('Enter');
    const mine = chat.locator('li.mine').last();
    await mine.waitFor();
    expect(await mine.locator('span').textContent()).toBe('<b>bold?</b> & more');
    expect(await chat.locator('b').count()).toBe(0);

    // A word of the casino's list: the warning, and nothing sent.
    await input.fill('what the hell');
    await input.press('Enter');
    await chat.getByTestId('chat-foul').waitFor();
    expect(await chat.getByTestId('chat-foul').textContent()).toContain('keep the chat friendly');
    expect(await input.inputValue()).toBe('what the hell');

    // The supervisor, as the game host.
    const posted = await studioPost('/api/operator/chat', {
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
});
