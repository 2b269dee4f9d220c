// The example host page (docs/host-example.html) around the client, for journeys that check
// what the game tells its host: the page served from an origin of its own, the game opened
// in its frame, and the page's log of the game's messages.
import { readFileSync } from 'node:fs';
import { type Server as HttpServer, createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { resolve } from 'node:path';

import type { BrowserContext, Frame, Page } from 'playwright-core';

const EXAMPLE = resolve(import.meta.dirname, '..', '..', 'docs', 'host-example.html');

export interface HostMessage {
  type: string;
  payload: Record<string, unknown>;
  ts: number;
}

/** Serves the example host page on a free loopback port; its server and origin. */
export async function serveHostPage(): Promise<{ http: HttpServer; origin: string }> {
  const http = createServer((_req, res) => {
    res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' });
    res.end(readFileSync(EXAMPLE));
  });
  await new Promise<void>((ok) => http.listen(0, '127.0.0.1', ok));
  return { http, origin: `http://127.0.0.1:${(http.address() as AddressInfo).port}` };
}

/** Opens the host page at `hostOrigin` around `${gameUrl}${clientPath}`; the page and frame. */
export async function openHostPage(
  context: BrowserContext,
  hostOrigin: string,
  gameUrl: string,
  clientPath: string,
): Promise<{ page: Page; frame: Frame }> {
  const page = await context.newPage();
  page.on('pageerror', (e) => console.error('page error:', e.message));
  const src = encodeURIComponent(`${gameUrl}${clientPath}`);
  await page.goto(`${hostOrigin}/host-example.html?src=${src}`);
  let frame: Frame | undefined;
  for (let i = 0; i < 100 && !frame; i++) {
    frame = page.frames().find((f) => f.url().startsWith(`${gameUrl}/play/`));
    if (!frame) await page.waitForTimeout(100);
  }
  if (!frame) throw new Error('the game frame did not load');
  await frame.getByTestId('preloader').waitFor({ state: 'detached', timeout: 20_000 });
  return { page, frame };
}

/** The host page's log of the game's messages, oldest first. */
export async function hostLog(page: Page): Promise<HostMessage[]> {
  const items = await page.getByTestId('host-message').evaluateAll((els) =>
    els.map((el) => ({
      type: el.getAttribute('data-type') ?? '',
      payload: JSON.parse(el.getAttribute('data-payload') ?? '{}') as Record<string, unknown>,
      ts: Number(el.getAttribute('data-ts')),
    })),
  );
  return items.reverse(); // the page shows the newest first
}
