// The client embedded in an operator's page (docs/host-example.html, served from another
// loopback port: another origin of the same site) against the real croupierd, whose demo
// operator lists that page's origin: the page hears the load and the configuration once,
// a round at a roulette table from its first bet to its result, the player's activity,
// the header's cashier and exit; it pauses, resumes and refreshes the game; a message
// from an origin the operator does not list is ignored. The header with the operator's
// buttons fits a 360x640 phone, portrait and landscape.
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { type Server as HttpServer, createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

import type { Browser, BrowserContext, Frame, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import {
  RESULTS,
  type Server,
  desktopContext,
  launchBrowser,
  phoneContext,
  startServer,
  screenshot,
} from './harness';
import { type HostMessage, hostLog, openHostPage } from './host-page';
import { TablePage } from './table';

const EXAMPLE = resolve(import.meta.dirname, '..', '..', 'docs', 'host-example.html');

type Logged = HostMessage;

let server: Server;
let browser: Browser;
let hostSite: HttpServer;
let otherSite: HttpServer;
let hostOrigin: string;
let otherOrigin: string;

/** A tiny static site: the example host page, and an empty page. */
function site(): Promise<{ http: HttpServer; origin: string }> {
  const http = createServer((req, res) => {
    if (req.url?.startsWith('/host-example.html')) {
      res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' });
      res.end(readFileSync(EXAMPLE));
    } else {
      res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' });
      res.end('<!doctype html><title>other</title><p>another site</p>');
    }
  });
  return new Promise((ok) =>
    http.listen(0, '127.0.0.1', () =>
      ok({ http, origin: `http://127.0.0.1:${(http.address() as AddressInfo).port}` }),
    ),
  );
}

beforeAll(async () => {
  mkdirSync(RESULTS, { recursive: true });
  ({ http: hostSite, origin: hostOrigin } = await site());
  ({ http: otherSite, origin: otherOrigin } = await site());
  server = await startServer({
    casino: (c) => {
      const op = c.operators![0]!;
      op.origins = [hostOrigin];
      const settings = {
        cashier_url: 'https://pay.example/cashier',
        exit_url: 'https://casino.example/bye',
        chat_disabled: true,
        bonus_balance: true,
        hide_bonus: false,
      };
      if (op.casinoConfigFile) {
        const file = join(mkdtempSync(join(tmpdir(), 'croupier-host-')), 'operator.json');
        const own = JSON.parse(readFileSync(op.casinoConfigFile, 'utf8')) as Record<
          string,
          unknown
        >;
        writeFileSync(file, JSON.stringify({ ...own, ...settings }));
        op.casinoConfigFile = file;
      } else {
        op.casinoConfig = { ...(op.casinoConfig as Record<string, unknown>), ...settings };
      }
    },
  });
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  hostSite?.close();
  otherSite?.close();
});

function openHost(context: BrowserContext, clientPath: string) {
  return openHostPage(context, hostOrigin, server.url, clientPath);
}

const logged = hostLog;

async function waitForMessage(
  page: Page,
  type: string,
  match: (p: Record<string, unknown>) => boolean = () => true,
  timeout = 30_000,
): Promise<Logged> {
  const deadline = Date.now() + timeout;
  while (Date.now() < deadline) {
    const found = (await logged(page)).find((m) => m.type === type && match(m.payload));
    if (found) return found;
    await page.waitForTimeout(200);
  }
  throw new Error(`no ${type} message within ${timeout} ms: ${JSON.stringify(await logged(page))}`);
}

const count = (list: Logged[], type: string) => list.filter((m) => m.type === type).length;

describe('the client in an operator page', () => {
  it('reports the load once and the five configuration groups once', async () => {
    const context = await desktopContext(browser, hostOrigin);
    const { page } = await openHost(context, '/play/lobby?lobbyInFrame=true');
    await waitForMessage(page, 'LOAD_ENDED');
    await page.waitForTimeout(1500); // time for any repeat to show up
    const list = await logged(page);
    expect(list[0]?.type).toBe('LOAD_STARTED');
    expect(count(list, 'LOAD_STARTED')).toBe(1);
    expect(count(list, 'LOAD_ENDED')).toBe(1);
    for (const n of [1, 2, 3, 4, 5]) expect(count(list, `CONFIG_GROUP_${n}`)).toBe(1);
    const group = (n: number) => list.find((m) => m.type === `CONFIG_GROUP_${n}`)!.payload;
    expect(group(1)).toMatchObject({ casinoId: 'demo' });
    expect(group(2)).toMatchObject({ currency: 'EUR', balance: '10000.00' });
    expect(group(3)).toMatchObject({ page: 'all', lobby: true });
    expect(group(5)).toMatchObject({ framed: true, lobbyInFrame: true });
    expect(list.findIndex((m) => m.type === 'LOAD_ENDED')).toBeGreaterThan(
      list.findIndex((m) => m.type === 'CONFIG_GROUP_5'),
    );
    await context.close();
  });

  it('reports a round at a table entered from the framed lobby, the cashier, activity and the exit', async () => {
    const context = await desktopContext(browser, hostOrigin);
    const { page, frame } = await openHost(context, '/play/lobby?lobbyInFrame=true');
    const started = Date.now();
    // Into the table from the lobby, inside the frame and without a reload: the page's
    // load is reported once, the switch is relayed.
    await waitForMessage(page, 'LOAD_ENDED');
    await frame.locator('a[data-table="rou-1"]').first().click();
    await frame.waitForURL(/\/play\/roulette\?gameId=rou-1/);

    // The operator's settings: bonus balance shown, no chat anywhere.
    await frame.getByTestId('bonus-balance').waitFor();
    expect(await frame.getByTestId('chat-toggle').count()).toBe(0);
    expect(await frame.getByTestId('chat').count()).toBe(0);

    // The cashier only tells the host page in a frame: no new tab.
    await frame.getByRole('button', { name: 'Cashier' }).click();
    const cashier = await waitForMessage(page, 'OPEN_CASHIER');
    expect(cashier.payload).toEqual({ url: 'https://pay.example/cashier' });
    expect(context.pages()).toHaveLength(1);

    // TablePage reads and clicks through a Frame as it does through a Page.
    const table = new TablePage(frame as unknown as Page, 'rou-1');
    let gameId = '';
    for (let attempt = 0; attempt < 3 && !gameId; attempt++) {
      const round = await table.waitForBetting(4);
      await table.chip('€1');
      await table.bet('RED');
      try {
        await table.expectTotal('1.00');
        gameId = round;
      } catch {
        // bets closed under the click: try the next round
      }
    }
    expect(gameId).not.toBe('');
    const forRound = (p: Record<string, unknown>) => p.gameId === gameId;
    await waitForMessage(page, 'ROUND_STARTED', forRound, 10_000);
    const ended = await waitForMessage(page, 'ROUND_ENDED', forRound, 40_000);
    expect(ended.payload).toMatchObject({ tableId: 'rou-1', stake: '1.00' });
    expect(['0.00', '2.00']).toContain(ended.payload.win);
    const list = await logged(page);
    const at = (type: string) => list.findIndex((m) => m.type === type && forRound(m.payload));
    expect(at('ROUND_STARTED')).toBeLessThan(at('SPIN_START'));
    expect(at('SPIN_START')).toBeLessThan(at('SPIN_END'));
    expect(at('RESULT_SHOWN')).toBeLessThan(at('ROUND_ENDED'));
    expect(list.filter((m) => m.type === 'ROUND_STARTED' && forRound(m.payload))).toHaveLength(1);
    expect(list.filter((m) => m.type === 'ROUND_ENDED' && forRound(m.payload))).toHaveLength(1);
    expect(list.filter((m) => m.type === 'LOAD_STARTED')).toHaveLength(1);
    expect(list.filter((m) => m.type === 'LOAD_ENDED')).toHaveLength(1);
    expect(
      list.some(
        (m) => m.type === 'LIFECYCLE' && m.payload.name === 'switch' && m.payload.to === 'rou-1',
      ),
    ).toBe(true);

    // The clicks were input: USER_ACTIVE within the 30 s heartbeat.
    await waitForMessage(
      page,
      'USER_ACTIVE',
      () => true,
      Math.max(1000, 35_000 - (Date.now() - started)),
    );

    // The exit button, always there in a frame, posts QUIT.
    await frame.getByRole('button', { name: 'Exit' }).click();
    expect((await waitForMessage(page, 'QUIT')).payload).toEqual({ from: 'exit' });
    await context.close();
  });

  it('obeys PAUSE, RESUME, UPDATE_BALANCE and MUTE, and ignores another origin', async () => {
    const context = await desktopContext(browser, hostOrigin);
    const { page, frame } = await openHost(
      context,
      '/play/roulette?gameId=rou-1&lobbyInFrame=true',
    );
    const warnings: string[] = [];
    page.on('console', (m) => {
      if (m.type() === 'warning') warnings.push(m.text());
    });
    await waitForMessage(page, 'LOAD_ENDED');
    const connection = frame.getByTestId('connection');
    await frame.locator('[data-testid="connection"]:not([data-quality="offline"])').waitFor();

    await page.getByTestId('send-pause').click();
    await frame.getByTestId('popup-paused').waitFor();
    expect(await connection.getAttribute('data-quality')).toBe('offline');

    await page.getByTestId('send-resume').click();
    await frame.getByTestId('popup-paused').waitFor({ state: 'detached' });
    await frame.locator('[data-testid="connection"]:not([data-quality="offline"])').waitFor();

    const balanceAsked = page.waitForRequest((r) => r.url().includes('/api/ui/balance'));
    await page.getByTestId('send-update-balance').click();
    await balanceAsked;

    // MUTE silences every sound of the game, and un-muting gives back each one's volume.
    const deck = () =>
      frame.evaluate(() =>
        [...document.querySelectorAll<HTMLAudioElement>('#sound-deck audio')].map((a) => ({
          sound: a.dataset.sound,
          muted: a.muted,
          paused: a.paused,
        })),
      );
    expect((await deck()).length).toBeGreaterThanOrEqual(5);
    expect((await deck()).every((a) => !a.muted)).toBe(true);
    await page.getByTestId('send-mute').click();
    await frame.waitForFunction(() =>
      [...document.querySelectorAll<HTMLAudioElement>('#sound-deck audio')].every((a) => a.muted),
    );
    expect((await deck()).every((a) => a.paused)).toBe(true);
    await page.getByTestId('send-mute').click();
    await frame.waitForFunction(() =>
      [...document.querySelectorAll<HTMLAudioElement>('#sound-deck audio')].every((a) => !a.muted),
    );

    // A page of another origin in the same operator page posts PAUSE to the game.
    await page.evaluate((url) => {
      const other = document.createElement('iframe');
      other.src = `${url}/other.html`;
      other.title = 'other';
      document.body.append(other);
    }, otherOrigin);
    let other: Frame | undefined;
    for (let i = 0; i < 50 && !other; i++) {
      other = page.frames().find((f) => f.url().startsWith(otherOrigin));
      if (!other) await page.waitForTimeout(100);
    }
    await other!.evaluate(() =>
      window.parent.frames[0]!.postMessage(
        { source: 'croupier-host', version: 1, type: 'PAUSE', payload: {} },
        '*',
      ),
    );
    await page.waitForTimeout(1000);
    expect(await frame.getByTestId('popup-paused').count()).toBe(0);
    expect(warnings.some((w) => w.includes(`ignored a host message from ${otherOrigin}`))).toBe(
      true,
    );
    await context.close();
  });

  it('fits the header with the operator buttons on a 360x640 phone, both ways', async () => {
    const context = await phoneContext(browser, server.url);
    const page = await context.newPage();
    await page.goto(`${server.url}/play/roulette?gameId=rou-1`);
    await page.getByTestId('preloader').waitFor({ state: 'detached', timeout: 20_000 });
    for (const viewport of [
      { width: 360, height: 640 },
      { width: 640, height: 360 },
    ]) {
      await page.setViewportSize(viewport);
      await page.waitForTimeout(300);
      const header = page.locator('header.app-header');
      const { scroll, client } = await header.evaluate((el) => ({
        scroll: el.scrollWidth,
        client: el.clientWidth,
      }));
      expect(scroll).toBeLessThanOrEqual(client);
      // Standalone with subtitles, cashier and exit: folded into "More" (the header's
      // SpeedDial, grouped) on a phone, and every item inside the screen, labelled and big
      // enough to touch.
      const more = header.getByRole('button', { name: 'More' });
      const menu = header.getByTestId('speed-dial-items');
      expect(await more.getAttribute('aria-controls')).toBe(await menu.getAttribute('id'));
      expect(await menu.isHidden()).toBe(true);
      const inside = async (
        box: { x: number; y: number; width: number; height: number } | null,
      ) => {
        expect(box).not.toBeNull();
        expect(box!.x).toBeGreaterThanOrEqual(0);
        expect(box!.x + box!.width).toBeLessThanOrEqual(viewport.width);
        expect(box!.y + box!.height).toBeLessThanOrEqual(viewport.height);
      };
      await inside(await more.boundingBox());
      await more.click();
      await menu.waitFor({ state: 'visible' });
      // The phone's menu slides down from the header (SPEC §2's mobile menu): measured
      // where it comes to rest.
      await menu.evaluate((el) => Promise.all(el.getAnimations().map((a) => a.finished)));
      expect(await more.getAttribute('aria-expanded')).toBe('true');
      for (const name of ['Subtitles', 'Cashier', 'Exit']) {
        const item = menu.getByRole('button', { name });
        await inside(await item.boundingBox());
        expect((await item.boundingBox())!.height).toBeGreaterThanOrEqual(44);
        expect(await item.innerText()).toContain(name);
      }
      // Above the page: the point at the middle of each item is the item.
      for (const testId of ['subtitles-toggle', 'cashier-button', 'exit-button'])
        expect(
          await menu.getByTestId(testId).evaluate((el) => {
            const r = el.getBoundingClientRect();
            return el.contains(document.elementFromPoint(r.x + r.width / 2, r.y + r.height / 2));
          }),
        ).toBe(true);
      expect(
        await menu
          .getByRole('button', { name: 'Subtitles' })
          .evaluate((el) => el === document.activeElement),
      ).toBe(true);
      await screenshot(page, `host-menu-${viewport.width}.png`);
      await page.keyboard.press('Escape');
      await menu.waitFor({ state: 'hidden' });
      expect(await menu.getAttribute('hidden')).not.toBeNull();
      expect(await more.getAttribute('aria-expanded')).toBe('false');
      expect(await more.evaluate((el) => el === document.activeElement)).toBe(true);
      await screenshot(page, `host-header-${viewport.width}.png`);
    }
    await context.close();
  });
});
