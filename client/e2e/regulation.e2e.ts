// Regulated markets in Chromium against the real croupierd (docs/regulation.md): the
// reality check, the UK rules and the responsible-gaming limits.
//
// - Reality check (an operator with reality_check_interval_min 1 and net_position, its page
//   embedding the client): the page's clock (Playwright's) is moved on past a minute after a
//   bet, the popup shows the server's figures for it (stakes and net position); Continue
//   closes it and the next comes an interval later; Quit tells the host page. On a phone,
//   both ways, the popup fits.
// - The UK rules (uk_regulation_check): the bar under the header with the session's time
//   (ticking) and net position, in the lobby and at the tables, following a round's result;
//   no auto-play at blackjack; nothing covered on a phone held either way.
// - Limits: from the settings, a stake limit per day of 1.00, then a bet of 5.00 refused with
//   SPEC §8's 101019 message; the screen on a phone both ways.
// The three journeys are independent and run side by side (two servers).
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import type { Server as HttpServer } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import type { Browser, BrowserContext, Page } from 'playwright-core';
import { type ExpectStatic, afterAll, beforeAll, describe, it } from 'vitest';

import { axeFindings } from './axe';
import {
  type Casino,
  RESULTS,
  type Server,
  desktopContext,
  launchBrowser,
  openAsGuest,
  phoneContext,
  startServer,
  screenshot,
} from './harness';
import { expectFits, horizontalOverflow, layoutProblems } from './layout';
import { hostLog, openHostPage, serveHostPage } from './host-page';
import { TablePage, unitsOf } from './table';

const PHONE_SIZES = [
  { width: 360, height: 640 },
  { width: 640, height: 360 },
];

let reality: Server; // reality check every minute, net position shown, embedded by hostSite
let uk: Server; // the UK rules
let browser: Browser;
let hostSite: HttpServer;
let hostOrigin: string;

/** The demo operator's casino configuration with `settings` (and its page's origin). */
function operatorWith(settings: Record<string, unknown>, origins: string[] = []) {
  return (c: Casino) => {
    const op = c.operators![0]!;
    if (origins.length) op.origins = origins;
    if (op.casinoConfigFile) {
      const file = join(mkdtempSync(join(tmpdir(), 'croupier-reg-')), 'operator.json');
      const own = JSON.parse(readFileSync(op.casinoConfigFile, 'utf8')) as object;
      writeFileSync(file, JSON.stringify({ ...own, ...settings }));
      op.casinoConfigFile = file;
    } else {
      op.casinoConfig = { ...(op.casinoConfig as object | undefined), ...settings };
    }
  };
}

beforeAll(async () => {
  mkdirSync(RESULTS, { recursive: true });
  ({ http: hostSite, origin: hostOrigin } = await serveHostPage());
  [reality, uk, browser] = await Promise.all([
    startServer({
      casino: operatorWith({ reality_check_interval_min: 1, net_position: true }, [hostOrigin]),
    }),
    startServer({ casino: operatorWith({ uk_regulation_check: true }) }),
    launchBrowser(),
  ]);
});

afterAll(async () => {
  await browser?.close();
  await Promise.all([reality?.stop(), uk?.stop()]);
  hostSite?.close();
});

// ---- Helpers -------------------------------------------------------------------------------

function openHost(context: BrowserContext, clientPath: string) {
  return openHostPage(context, hostOrigin, reality.url, clientPath);
}

const logged = hostLog;

async function messages(page: Page, type: string, count = 1, timeout = 10_000) {
  const deadline = Date.now() + timeout;
  for (;;) {
    const found = (await logged(page)).filter((m) => m.type === type);
    if (found.length >= count) return found;
    if (Date.now() > deadline) throw new Error(`fewer than ${count} ${type} messages`);
    await page.waitForTimeout(200);
  }
}

/** Places `chip` on RED in a round with time to bet; the total then. */
async function betRed(table: TablePage, chip: string, amount: string): Promise<void> {
  for (let attempt = 0; attempt < 3; attempt++) {
    await table.waitForBetting(4);
    await table.chip(chip);
    await table.bet('RED');
    try {
      await table.expectTotal(amount);
      return;
    } catch {
      // bets closed under the click: the next round
    }
  }
  throw new Error(`no bet of ${amount} placed`);
}

/**
 * The server's reality-check figures for the page's session; `server` when the page is a
 * host page of another origin (the game's session cookie goes with the context's requests).
 */
async function serverFigures(page: Page, server = '') {
  const r = await page.request.get(`${server}/api/cgibin/regulation/realityCheck`);
  return (await r.json()) as {
    netPosition: string;
    wagered: string;
    sessionSeconds: number;
    intervalMinutes: number;
  };
}

/** Every control of the open dialog `testId` on top once scrolled into view, nothing wider. */
async function expectDialogUsable(page: Page, testId: string, expect: ExpectStatic) {
  expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
  for (const control of await page.getByTestId(testId).locator('input, button').all()) {
    await control.scrollIntoViewIfNeeded();
    const covered = await control.evaluate((e) => {
      const r = e.getBoundingClientRect();
      const top = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
      return top && top !== e && !e.contains(top) && !top.contains(e) ? top.outerHTML : null;
    });
    expect(covered).toBeNull();
  }
}

// ---- The journeys --------------------------------------------------------------------------

describe.concurrent('regulated markets', () => {
  it('brings the reality check with the session’s figures; continue, then quit', async ({
    expect,
  }) => {
    const context = await desktopContext(browser, hostOrigin);
    // The page's clock, before the page loads, so that a minute can pass in a moment.
    await context.clock.install();
    const { page, frame } = await openHost(
      context,
      '/play/roulette?gameId=rou-1&lobbyInFrame=true',
    );
    const table = new TablePage(frame as unknown as Page, 'rou-1');
    await betRed(table, '€1', '1.00');
    // The table shows the bet as soon as it is sent; the reality check counts it once the
    // ledger has it.
    await expect
      .poll(async () => (await serverFigures(page, reality.url)).wagered, { timeout: 10_000 })
      .toBe('1.00');

    await context.clock.fastForward('01:01');
    const popup = frame.getByTestId('popup-reality-check');
    await popup.waitFor();
    // The stakes are the bet's; the net position counts it as spent until it is settled.
    const wagered = frame.getByTestId('reality-wagered');
    expect(Number(await wagered.getAttribute('data-wagered'))).toBe(unitsOf('1.00'));
    expect(await wagered.textContent()).toContain('€1.00');
    const net = Number(await frame.getByTestId('reality-net').getAttribute('data-net'));
    expect([unitsOf('-1.00'), unitsOf('1.00')]).toContain(net);
    const [shown] = await messages(page, 'REALITY_CHECK_SHOWN');
    expect(shown!.payload.net).toBe(net > 0 ? '1.00' : '-1.00');
    await screenshot(page, 'regulation-reality-check.png');

    await frame.getByTestId('reality-continue').click();
    await popup.waitFor({ state: 'detached' });
    await messages(page, 'CONTINUE');
    await context.clock.fastForward('00:30');
    await frame.waitForTimeout(300);
    expect(await popup.count()).toBe(0); // not before the interval is over
    await context.clock.fastForward('00:31');
    await popup.waitFor();
    await messages(page, 'REALITY_CHECK_SHOWN', 2);

    await frame.getByTestId('reality-quit').click();
    const [quit] = await messages(page, 'QUIT');
    expect(quit!.payload).toEqual({ from: 'reality-check' });
    await popup.waitFor({ state: 'detached' });
    await context.close();

    // On a phone, held either way, the popup fits.
    const phone = await phoneContext(browser, reality.url);
    await phone.clock.install();
    const p = await phone.newPage();
    await p.goto('/play/roulette?gameId=rou-1');
    await p.getByTestId('roulette-table').waitFor({ timeout: 20_000 }); // booted: the check runs
    await p.getByTestId('preloader').waitFor({ state: 'detached', timeout: 20_000 });
    await phone.clock.fastForward('01:01');
    await p.getByTestId('popup-reality-check').waitFor();
    for (const size of PHONE_SIZES) {
      await p.setViewportSize(size);
      await p.waitForTimeout(200);
      await expectFits(p, '[data-testid="popup-reality-check"]');
      await screenshot(p, `regulation-reality-check-${size.width}x${size.height}.png`);
    }
    await phone.close();
  });

  it('shows the session’s time and net position under UK rules, and offers no auto-play', async ({
    expect,
  }) => {
    const context = await phoneContext(browser, uk.url);
    const page = await context.newPage();
    await openAsGuest(page, uk.url);
    const bar = page.getByRole('complementary', { name: 'Your session' });
    const time = page.getByTestId('regulation-time');
    const net = page.getByTestId('regulation-net');
    await page.locator('[data-testid="regulation-time"][data-seconds]').waitFor();
    expect(await bar.textContent()).toContain('Session time');
    expect(await time.textContent()).toMatch(/^\d+:\d\d:\d\d$/);
    expect(await net.textContent()).toBe('€0.00');
    const before = Number(await time.getAttribute('data-seconds'));
    await expect
      .poll(async () => Number(await time.getAttribute('data-seconds')), { timeout: 3000 })
      .toBeGreaterThan(before);
    // The lobby scrolls under the header and the bar: nothing in view is covered by them.
    for (const size of PHONE_SIZES) {
      await page.setViewportSize(size);
      await page.waitForTimeout(300);
      expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
      const covered = (await layoutProblems(page)).filter((p) => p.kind === 'covered');
      expect(covered, `lobby at ${size.width}x${size.height}`).toEqual([]);
      await page.mouse.wheel(0, 400);
      await page.waitForTimeout(200);
      expect((await layoutProblems(page)).filter((p) => p.kind === 'covered')).toEqual([]);
      expect(await bar.isVisible()).toBe(true); // it stays with the header
      await screenshot(page, `regulation-uk-lobby-${size.width}x${size.height}.png`);
    }
    expect(await axeFindings(page)).toEqual([]);

    // At a table: the bar stays, nothing covered; a round's result moves the net position.
    await page.goto('/play/roulette?gameId=rou-1');
    await page.getByTestId('roulette-table').waitFor();
    await page.getByTestId('preloader').waitFor({ state: 'detached', timeout: 20_000 });
    const table = new TablePage(page, 'rou-1');
    // The grid as a player bets on it: once bets close, the wheel grows over it by design.
    // Each size is measured in a round with 3 s left (on a loaded machine a size's settling,
    // measuring and screenshot took the round past its close).
    for (const size of [...PHONE_SIZES].reverse()) {
      await table.waitForBetting(3);
      await page.setViewportSize(size);
      await page.waitForTimeout(600); // the layout settles (the grid measures its box)
      expect(await layoutProblems(page), `roulette at ${size.width}x${size.height}`).toEqual([]);
      expect(await bar.isVisible()).toBe(true);
      await screenshot(page, `regulation-uk-roulette-${size.width}x${size.height}.png`);
    }
    await betRed(table, '€1', '1.00');
    const round = await table.gameId();
    await table.waitForResultOf(round!);
    const settled = await serverFigures(page);
    expect(['-1.00', '1.00']).toContain(settled.netPosition);
    await page
      .locator(`[data-testid="regulation-net"][data-net="${unitsOf(settled.netPosition)}"]`)
      .waitFor({ timeout: 5000 });

    // Blackjack: no auto-play (a quick-spin feature), and the server refuses its strategy.
    await page.goto('/play/onebj?gameId=onebj-1');
    await page.getByTestId('bj-table').waitFor();
    await page.getByTestId('preloader').waitFor({ state: 'detached', timeout: 20_000 });
    await page.getByTestId('bj-spot-MAIN').waitFor();
    expect(await page.getByTestId('bj-autoplay-toggle').count()).toBe(0);
    expect(await page.getByRole('button', { name: /auto-?play/i }).count()).toBe(0);
    for (const size of PHONE_SIZES) {
      await page.setViewportSize(size);
      await page.waitForTimeout(600);
      expect(await layoutProblems(page), `onebj at ${size.width}x${size.height}`).toEqual([]);
      expect(await bar.isVisible()).toBe(true);
      await screenshot(page, `regulation-uk-onebj-${size.width}x${size.height}.png`);
    }
    const xsrf = (await context.cookies()).find((c) => c.name === 'XSRF-TOKEN')?.value ?? '';
    const put = await page.request.put('/api/bjstrategy/user', {
      data: { strategy: { stand: 13 } },
      headers: { 'X-XSRF-TOKEN': xsrf },
    });
    expect(put.status()).toBe(403);
    expect(((await put.json()) as { error?: string }).error).toBe('UK_RULES');
    await context.close();
  });

  it('sets a stake limit from the settings, and a bet over it is refused', async ({ expect }) => {
    const context = await phoneContext(browser, uk.url);
    const page = await context.newPage();
    await openAsGuest(page, uk.url);
    // From the header's settings to the limits, by keyboard.
    const settings = page.getByTestId('settings-button');
    if (!(await settings.isVisible())) await page.getByRole('button', { name: 'More' }).click();
    await settings.focus();
    await page.keyboard.press('Enter');
    await page.getByRole('dialog', { name: 'Settings' }).waitFor();
    const focused = () => page.evaluate(() => document.activeElement?.getAttribute('data-testid'));
    for (let i = 0; i < 80 && (await focused()) !== 'open-responsible-gaming'; i++)
      await page.keyboard.press('Tab');
    expect(await focused()).toBe('open-responsible-gaming');
    await page.keyboard.press('Enter');
    await page.getByRole('dialog', { name: 'Responsible gaming' }).waitFor();
    await page.getByTestId('rg-limit-wager_day').waitFor();
    const dialog = page.getByRole('dialog', { name: 'Responsible gaming' });
    for (const size of PHONE_SIZES) {
      await page.setViewportSize(size);
      await page.waitForTimeout(200);
      await expectDialogUsable(page, 'responsible-gaming', expect);
      await screenshot(page, `regulation-limits-${size.width}x${size.height}.png`);
    }
    expect(await axeFindings(page)).toEqual([]);
    await page.setViewportSize(PHONE_SIZES[0]!);

    // A wrong value is refused next to its field; then 1.00 a day.
    const stakes = dialog.getByRole('region', { name: 'Stake limit per day' });
    const input = stakes.getByLabel('New limit (EUR)');
    await input.fill('lots');
    await stakes.getByRole('button', { name: 'Set' }).click();
    expect(await stakes.getByRole('alert').textContent()).toContain('Enter an amount above zero');
    await input.fill('1.00');
    await stakes.getByRole('button', { name: 'Set' }).click();
    await stakes.getByRole('status').filter({ hasText: 'Saved.' }).waitFor();
    expect(await page.getByTestId('rg-limit-wager_day').textContent()).toBe('€1.00');
    expect(await page.getByTestId('rg-player-wager_day').textContent()).toBe('€1.00');
    // The time limits are taken in minutes.
    const check = dialog.getByRole('region', { name: 'Reality check interval' });
    await check.getByLabel('New limit (minutes)').fill('30');
    await check.getByRole('button', { name: 'Set' }).click();
    await check.getByRole('status').filter({ hasText: 'Saved.' }).waitFor();
    expect(await page.getByTestId('rg-player-reality_check').textContent()).toBe('30 min');
    // The player's interval is the reality check's now (the operator has none).
    expect((await serverFigures(page)).intervalMinutes).toBe(30);
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });

    // A bet of 5.00 goes beyond it: refused with the catalogue's message.
    await page.goto('/play/roulette?gameId=rou-1');
    await page.getByTestId('preloader').waitFor({ state: 'detached', timeout: 20_000 });
    const table = new TablePage(page, 'rou-1');
    await table.waitForBetting(4);
    await table.chip('€5');
    await table.bet('RED');
    expect(await table.toastText()).toBe('You have reached your responsible gaming limit.');
    expect(await table.totalBet()).toBe('0.00');
    expect((await serverFigures(page)).wagered).toBe('0.00');
    await context.close();
  });
});
