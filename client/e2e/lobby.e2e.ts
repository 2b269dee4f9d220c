// The lobby in Chromium against the real croupierd: every table of the player's currency
// with live results from the lobby channel; the filters saved and still applied after a
// reload; entering a table and switching to another through the mini lobby without a
// page load, and back again with the browser's back button; a 360x640 phone.
import { mkdirSync } from 'node:fs';

import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

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
import { RED } from './table';

interface Assigned {
  tableId: string;
  game: string;
  gameKind: string;
  tableType: string;
}

let server: Server;
let browser: Browser;

beforeAll(async () => {
  mkdirSync(RESULTS, { recursive: true });
  // One player may hold every seat of bj-1, so that a single guest can fill the table.
  server = await startServer({
    casino: (casino) => {
      casino.tables.find((t) => t.id === 'bj-1')!.seatsPerPlayer = 7;
    },
  });
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/** A new guest on the lobby, marked so that a page load would show (the mark would go). */
async function openLobby(page: Page): Promise<void> {
  await openAsGuest(page, server.url);
  await page.getByTestId('lobby-tables').waitFor();
  await page.evaluate(() => {
    const w = window as unknown as { __noReload: boolean; __lifecycle: unknown[] };
    w.__noReload = true;
    w.__lifecycle = [];
    window.addEventListener('croupier:lifecycle', (e) =>
      w.__lifecycle.push((e as CustomEvent).detail),
    );
  });
}

const notReloaded = (page: Page) =>
  page.evaluate(() => (window as unknown as { __noReload?: boolean }).__noReload === true);

const shownTables = (page: Page) =>
  page
    .getByTestId('lobby-tables')
    .locator('[data-table]')
    .evaluateAll((els) => els.map((e) => e.getAttribute('data-table')!));

async function assigned(page: Page): Promise<Assigned[]> {
  const r = await page.request.get('/api/ui/assignedTables');
  return ((await r.json()) as { tables: Assigned[] }).tables;
}

describe('the lobby', () => {
  it('lists every table and shows a new roulette result without a reload', async () => {
    const context = await desktopContext(browser, server.url);
    const page = await context.newPage();
    await openLobby(page);
    const tables = await assigned(page);
    expect(tables).toHaveLength(23);
    await expect
      .poll(async () => (await shownTables(page)).sort())
      .toEqual(tables.map((t) => t.tableId).sort());
    // The casino's tabs, each with its family's tables.
    const tabs = await page
      .getByRole('tab')
      .evaluateAll((els) => els.map((e) => e.getAttribute('data-tab')));
    expect(tabs).toEqual([
      'ALL',
      'ROULETTE',
      'BACCARAT',
      'BLACKJACK',
      'DRAGONTIGER',
      'ANDARBAHAR',
      'SICBO',
      'MEGAWHEEL',
      'GAMESHOWS',
      'SLOTS', // the demo operator assigns Croupier Fruits (e2e/slots.e2e.ts)
      'PROMOTIONS',
    ]);
    // The game shows' tab: the candy wheel, boom or bust and the two crash games.
    await page.getByRole('tab', { name: 'Game shows' }).click();
    await expect
      .poll(async () => (await shownTables(page)).sort())
      .toEqual(['bb-1', 'bob-1', 'sbz-1', 'sm-1']);
    await page.getByRole('tab', { name: 'All games' }).click();
    await expect.poll(async () => (await shownTables(page)).length).toBe(tables.length);

    // rou-1's tile follows the table: its last results change when a round ends.
    const results = page.locator('[data-table="rou-1"] [data-testid="lobby-results"]');
    const before = await results.getAttribute('data-results');
    await expect
      .poll(() => results.getAttribute('data-results'), { timeout: 40_000, interval: 250 })
      .not.toBe(before);
    const latest = (await results.getAttribute('data-results'))!.split(' ')[0]!;
    const history = (await (
      await page.request.get('/api/ui/statisticHistory?tableId=rou-1&numberOfGames=1')
    ).json()) as { results: { result: string }[] };
    expect(latest).toBe(history.results[0]!.result);
    const n = Number(latest);
    expect(await results.locator('[data-colour]').first().getAttribute('data-colour')).toBe(
      n === 0 ? 'green' : RED.has(n) ? 'red' : 'black',
    );
    // The sic bo and mega wheel tiles show their latest results too: the dice with their
    // total, the wheel's numbers in their colours.
    for (const [tableId, shape] of [
      ['sic-1', '.lb-dice'],
      ['mw-1', '.lb-wheel-number'],
    ] as const) {
      const tile = page.locator(`[data-table="${tableId}"] [data-testid="lobby-results"]`);
      const latestOf = async () => {
        const r = await page.request.get(
          `/api/ui/statisticHistory?tableId=${tableId}&numberOfGames=1`,
        );
        return ((await r.json()) as { results: { result: string }[] }).results[0]?.result;
      };
      await expect
        .poll(
          async () => {
            const shown = (await tile.getAttribute('data-results'))?.split(' ')[0];
            return shown !== undefined && shown !== '' && shown === (await latestOf());
          },
          { timeout: 40_000, interval: 250 },
        )
        .toBe(true);
      expect(await tile.locator(shape).count()).toBeGreaterThan(0);
    }
    // A countdown runs on tiles whose bets are open.
    await page.locator('[data-testid="lobby-state"][data-left]').first().waitFor();
    expect(await notReloaded(page)).toBe(true);
    await screenshot(page, 'lobby-desktop.png');
    await context.close();
  });

  it('keeps the table type, full tables and view choices after a reload', async () => {
    // A second guest fills bj-1, every seat.
    const sitterContext = await desktopContext(browser, server.url);
    const sitter = await sitterContext.newPage();
    await openAsGuest(sitter, server.url);
    const seated = await sitter.evaluate(
      () =>
        new Promise<number>((resolve) => {
          const ws = new WebSocket(`ws://${location.host}/ws`);
          (window as unknown as { __sitter: WebSocket }).__sitter = ws;
          let acks = 0;
          ws.onmessage = (ev) => {
            const m = JSON.parse(String(ev.data)) as { type: string; seat?: number };
            if (m.type === 'welcome')
              for (let i = 1; i <= 7; i++)
                ws.send(`<sit tableId="bj-1" requestId="s-${i}" seat="${i}"/>`);
            if (m.type === 'seatack' && (m.seat ?? 0) > 0 && ++acks === 7) resolve(acks);
          };
        }),
    );
    expect(seated).toBe(7);

    const context = await desktopContext(browser, server.url);
    const page = await context.newPage();
    await openLobby(page);
    const tables = await assigned(page);

    // Full tables: bj-1 shows as full, then goes when full tables are hidden.
    await page.locator('[data-table="bj-1"][data-full="true"]').waitFor({ timeout: 10_000 });
    const showFull = page.getByTestId('lobby-show-full');
    expect(await showFull.isChecked()).toBe(true);
    await showFull.uncheck();
    await expect.poll(() => shownTables(page)).not.toContain('bj-1');

    // Grid or list: the other view than the one shown.
    const view = page.getByTestId('lobby-tables');
    const other = (await view.getAttribute('data-view')) === 'grid' ? 'list' : 'grid';
    await page.getByTestId(`lobby-view-${other}`).click();
    await expect.poll(() => view.getAttribute('data-view')).toBe(other);

    // The roulette tab's table type: American only.
    await page.getByRole('tab', { name: 'Roulette' }).click();
    await page.getByTestId('lobby-table-type').selectOption('americanroulette');
    const american = tables.filter((t) => t.gameKind === 'americanroulette').map((t) => t.tableId);
    expect(american.length).toBeGreaterThan(0);
    await expect.poll(() => shownTables(page)).toEqual(american);

    // Saved: the server reads the choices back.
    await expect
      .poll(
        async () =>
          (
            (await (await page.request.get('/api/ui/lobbyFilters')).json()) as {
              selected: { showfulltables: boolean; tableType: { ROULETTE: string } };
            }
          ).selected,
      )
      .toMatchObject({ showfulltables: false, tableType: { ROULETTE: 'americanroulette' } });
    await expect
      .poll(async () => {
        const r = await page.request.get('/api/ui/lobbyFilters');
        const s = ((await r.json()) as { selected: Record<string, unknown> }).selected;
        return s.grid_view;
      })
      .toBe(other === 'grid');

    await page.reload();
    await page.getByTestId('lobby-tables').waitFor();
    expect(await page.getByRole('tab', { name: 'Roulette' }).getAttribute('aria-selected')).toBe(
      'true',
    );
    await expect.poll(() => shownTables(page)).toEqual(american);
    expect(await page.getByTestId('lobby-table-type').inputValue()).toBe('americanroulette');
    expect(await page.getByTestId('lobby-tables').getAttribute('data-view')).toBe(other);
    await page.getByRole('tab', { name: 'All games' }).click();
    expect(await page.getByTestId('lobby-show-full').isChecked()).toBe(false);
    await page.locator('[data-table="rou-1"]').waitFor();
    expect(await shownTables(page)).not.toContain('bj-1');
    await context.close();
    await sitterContext.close();
  });

  it('enters a table and switches tables through the mini lobby without a page load', async () => {
    const context = await desktopContext(browser, server.url);
    const page = await context.newPage();
    const sent: string[] = [];
    page.on('websocket', (ws) => ws.on('framesent', (f) => sent.push(String(f.payload))));
    await openLobby(page);

    await page.locator('[data-table="rou-1"]').click();
    await page.waitForURL(/\/play\/roulette\?gameId=rou-1$/);
    await page.getByTestId('roulette-table').waitFor();
    await page.locator('[data-testid="round-state"][data-state]').waitFor();
    expect(await notReloaded(page)).toBe(true);

    // The lobby button opens the mini lobby on the table's family; pick a baccarat table.
    const button = page.getByRole('button', { name: 'Open the lobby to switch tables' });
    await button.click();
    const mini = page.getByTestId('mini-lobby');
    await mini.waitFor();
    expect(await button.getAttribute('aria-expanded')).toBe('true');
    expect(await page.getByTestId('mini-lobby-family').inputValue()).toBe('ROULETTE');
    await page.getByTestId('mini-lobby-minimise').click();
    expect(await mini.getAttribute('data-minimised')).toBe('true');
    await page.getByTestId('mini-lobby-minimise').click();
    await page.getByTestId('mini-lobby-family').selectOption('BACCARAT');
    await mini.locator('[data-mini-table="bac-1"]').click();

    await page.waitForURL(/\/play\/baccarat\?gameId=bac-1$/);
    await page.getByTestId('card-table').waitFor();
    expect(await page.getByTestId('roulette-table').count()).toBe(0);
    expect(await mini.count()).toBe(0);
    expect(await notReloaded(page)).toBe(true);
    // The roulette table stopped following its channel; the host heard the switch.
    await expect.poll(() => sent).toContain('<unsubscribe channel="table-rou-1"/>');
    expect(sent).toContain('<subscribe channel="table-bac-1"/>');
    const lifecycle = await page.evaluate(
      () => (window as unknown as { __lifecycle: unknown[] }).__lifecycle,
    );
    expect(lifecycle).toContainEqual({ name: 'switch', from: 'rou-1', to: 'bac-1' });
    expect(lifecycle).toContainEqual({ name: 'switch', from: null, to: 'rou-1' });

    // Back: the roulette table, then the lobby, still without a page load.
    await page.goBack();
    await page.waitForURL(/\/play\/roulette\?gameId=rou-1$/);
    await page.getByTestId('roulette-table').waitFor();
    await page.goBack();
    await page.waitForURL(/\/play\/lobby/);
    await page.getByTestId('lobby-tables').waitFor();
    expect(await notReloaded(page)).toBe(true);

    // Maximise goes to the main lobby.
    await page.goForward();
    await page.getByTestId('roulette-table').waitFor();
    await button.click();
    await page.getByTestId('mini-lobby-maximise').click();
    await page.waitForURL(/\/play\/lobby$/);
    await page.getByTestId('lobby-tables').waitFor();
    expect(await notReloaded(page)).toBe(true);
    await context.close();
  });

  it('fits a 360x640 phone, upright and sideways, and a frame', async () => {
    const context = await phoneContext(browser, server.url);
    const page = await context.newPage();
    await openLobby(page);
    const overflow = () =>
      page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      );
    expect(await overflow()).toBeLessThanOrEqual(0);
    // The tabs scroll sideways inside their row; the last one is reachable.
    const tablist = page.getByRole('tablist');
    expect(await tablist.evaluate((e) => e.scrollWidth > e.clientWidth)).toBe(true);
    await page.getByRole('tab', { name: 'Promotions' }).click();
    await page.getByTestId('lobby-no-promotions').waitFor();
    await page.getByRole('tab', { name: 'Baccarat' }).click();
    await expect.poll(() => shownTables(page)).toEqual(['bac-1', 'bac-2', 'bac-3']);
    expect(await overflow()).toBeLessThanOrEqual(0);
    const tile = await page.locator('[data-table="bac-1"]').boundingBox();
    expect(tile!.x).toBeGreaterThanOrEqual(0);
    expect(tile!.x + tile!.width).toBeLessThanOrEqual(360);
    await screenshot(page, 'lobby-mobile.png');

    await page.setViewportSize({ width: 640, height: 360 });
    await page.getByRole('tab', { name: 'All games' }).click();
    expect(await overflow()).toBeLessThanOrEqual(0);

    // In a frame: no header link to the lobby; a table opens in place and keeps the flag.
    await page.setViewportSize({ width: 360, height: 640 });
    await page.goto(`${server.url}/play/lobby?lobbyInFrame=true`);
    await page.getByTestId('lobby-tables').waitFor();
    expect(await page.locator('.app-header .brand').isVisible()).toBe(false);
    await page.locator('[data-table="dt-1"]').click();
    await page.waitForURL(/\/play\/dragontiger\?gameId=dt-1&lobbyInFrame=true$/);
    await page.getByTestId('card-table').waitFor();
    await page.getByRole('button', { name: 'Open the lobby to switch tables' }).click();
    await page.getByTestId('mini-lobby').waitFor();
    expect(await overflow()).toBeLessThanOrEqual(0);
    const panel = await page.getByTestId('mini-lobby').boundingBox();
    expect(panel!.x).toBeGreaterThanOrEqual(0);
    expect(panel!.x + panel!.width).toBeLessThanOrEqual(360);
    await context.close();
  });
});
