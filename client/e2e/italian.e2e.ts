// Regulated markets in Chromium against the real croupierd (docs/regulation.md): the
// Italian game session and the location rules, on one server run with `--country-header
// X-Country` whose demo operator has "regulation": {"italianSession": {"minutes": 60},
// "countries": {"blocked": ["FR"]}} and whose table rou-2 is offered in Germany only.
//   - A player in Italy meets the session-limit entry before play: an amount not above the
//     minimum is refused (by the page, and by the server: 2004), a small one is brought in,
//     a bet within it is accepted, the next one (more than is left) is refused with 3002's
//     message, bringing more lets play go on, and the history shows the session id. Roulette
//     deals 0 every round (scripted), so that red always loses and the session balance is
//     known at every step.
//   - A player in France opening "/" lands on the location page in the language asked (1052);
//     one whose page loads but whose API calls come from France is led there by the client's
//     boot; a player in Italy opening rou-2 gets the 2006 text.
//   - The entry on phones held upright (360x640) and sideways (640x360).
import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { axeFindings } from './axe';
import {
  JOURNEY_MOTION,
  RESULTS,
  ROOT,
  type Server,
  launchBrowser,
  startServer,
  screenshot,
} from './harness';
import { expectFits } from './layout';
import { TablePage } from './table';

const locale = (lang: string) =>
  JSON.parse(
    readFileSync(join(ROOT, 'client', 'src', 'lib', 'i18n', 'locales', `${lang}.json`), 'utf8'),
  ) as Record<string, string> & { ERROR: Record<string, string> };
const en = locale('en');
const de = locale('de');
const it_ = locale('it');

let server: Server;
let browser: Browser;

beforeAll(async () => {
  mkdirSync(RESULTS, { recursive: true });
  server = await startServer({
    seed: 7,
    scripted: { 'rou-1': '0' }, // red always loses: the session balance only goes down
    args: ['--country-header', 'X-Country'],
    casino: (casino) => {
      const demo = casino.operators!.find((o) => o.id === 'demo')!;
      demo.regulation = { italianSession: { minutes: 60 }, countries: { blocked: ['FR'] } };
      const rou2 = casino.tables.find((t) => t.id === 'rou-2')!;
      rou2.countries = { allowed: ['DE'] };
    },
  });
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/** A browser context whose requests say the player is in `country` (the edge's header). */
function contextIn(
  country: string,
  viewport = { width: 1280, height: 800 },
): Promise<BrowserContext> {
  return browser.newContext({
    viewport,
    baseURL: server.url,
    extraHTTPHeaders: { 'X-Country': country },
    hasTouch: viewport.width < 700,
    ...JOURNEY_MOTION,
  });
}

/** Opens "/" as a new guest; the session-limit entry shows before play. */
async function openLobby(page: Page): Promise<void> {
  page.on('pageerror', (e) => console.error('page error:', e.message));
  await page.goto('/');
  await page.waitForURL(/\/play\/lobby/);
  await page.getByTestId('preloader').waitFor({ state: 'detached', timeout: 20_000 });
  await page.getByTestId('italian-entry').waitFor();
}

async function bring(page: Page, amount: string): Promise<void> {
  await page.getByLabel('Amount (EUR)').fill(amount);
  await page.getByTestId('italian-submit').click();
}

async function expectSessionBalance(page: Page, amount: string): Promise<void> {
  await page
    .locator(`[data-testid="italian-balance"][data-amount="${amount}"]`)
    .waitFor({ timeout: 8000 });
}

/** A call to the server from the page's session, with the anti-forgery header. */
async function post(page: Page, path: string, body: object) {
  const cookies = await page.context().cookies();
  const token = cookies.find((c) => c.name === 'XSRF-TOKEN')?.value ?? '';
  return page.request.post(path, {
    data: body,
    headers: { 'X-XSRF-TOKEN': token, 'Content-Type': 'application/json' },
  });
}

describe('the Italian game session', () => {
  it('asks for the amount before play, keeps bets within it, and lets the player bring more', async () => {
    const context = await contextIn('IT');
    const page = await context.newPage();
    const sent: string[] = [];
    page.on('request', (r) => {
      if (r.method() === 'POST') sent.push(new URL(r.url()).pathname);
    });
    await openLobby(page);
    const entry = page.getByRole('dialog', { name: en.IT_ENTRY_TITLE });
    await entry.waitFor();
    expect(
      await page.getByLabel('Amount (EUR)').evaluate((e) => e === document.activeElement),
    ).toBe(true);
    const limits = page.getByTestId('italian-limits');
    const minimum = (await limits.getAttribute('data-min'))!;
    expect(minimum).toBe('0.10'); // the lowest table minimum in euros
    expect(await limits.getAttribute('data-max')).toBe('10000.00'); // the demo's fun money
    expect(await axeFindings(page)).toEqual([]);

    // Not above the minimum: refused on the page, never sent.
    await bring(page, minimum);
    const message = page.getByTestId('italian-message');
    await page.locator('[data-testid="italian-message"][data-key="IT_AMOUNT_TOO_LOW"]').waitFor();
    expect(await message.textContent()).toBe(
      en.IT_AMOUNT_TOO_LOW!.replace('{{min}}', `€${minimum}`),
    );
    expect(sent).not.toContain('/api/ui/rgsChoosenBalance');
    // The server refuses it too (2004), and more than the balance (2003).
    const sessionId = (await page.getByTestId('italian-bar').getAttribute('data-session'))!;
    expect(sessionId).toMatch(/^IT/);
    const low = await post(page, '/api/ui/rgsChoosenBalance', { sessionId, amount: minimum });
    expect(low.status()).toBe(400);
    expect(((await low.json()) as { code: number }).code).toBe(2004);
    const high = await post(page, '/api/ui/rgsChoosenBalance', { sessionId, amount: '10000.01' });
    expect(((await high.json()) as { code: number }).code).toBe(2003);

    // A little more than the table's minimum (rou-1: €0.20) is brought in.
    await bring(page, '1.50');
    await entry.waitFor({ state: 'detached' });
    await expectSessionBalance(page, '1.50');
    expect(await page.getByTestId('italian-session-id').textContent()).toContain(sessionId);
    await screenshot(page, 'italian-lobby-desktop.png');

    // A bet within the session balance is accepted; the next, over what is left, is not.
    const table = new TablePage(page, 'rou-1');
    await page.locator('[data-table="rou-1"]').click();
    await page.waitForURL(/\/play\/roulette\?gameId=rou-1/);
    await page.getByTestId('roulette-table').waitFor();
    await page.getByTestId('preloader').waitFor({ state: 'detached', timeout: 20_000 });
    await table.waitForBetting(5);
    await table.chip('€1');
    await table.bet('RED');
    await table.expectTotal('1.00');
    await expectSessionBalance(page, '0.50');
    await table.bet('RED');
    const refused = page.getByTestId('italian-insufficient');
    await refused.waitFor();
    expect(await refused.textContent()).toContain(en.ERROR['3002']);
    expect(await table.totalBet()).toBe('1.00');
    expect(await axeFindings(page)).toEqual([]);
    await screenshot(page, 'italian-3002-desktop.png');

    // "Set new limits": more is brought in, and play goes on.
    await refused.getByRole('button', { name: en.IT_SET_LIMITS }).click();
    await page.getByRole('dialog', { name: en.IT_MORE_TITLE }).waitFor();
    await bring(page, '5');
    await page.getByTestId('italian-entry').waitFor({ state: 'detached' });
    await expectSessionBalance(page, '5.50');
    await table.waitForBetting(3);
    await table.bet('RED');
    await expectSessionBalance(page, '4.50');

    // The history names the session each round was played in.
    await page.getByRole('button', { name: 'History' }).click();
    const history = page.getByRole('dialog', { name: 'History' });
    const round = history.getByTestId('history-round').first();
    await round.waitFor();
    expect(await round.getAttribute('data-session')).toBe(sessionId);
    await round.getByRole('button').first().click();
    expect(await round.getByTestId('history-session').textContent()).toBe(sessionId);
    expect(await round.textContent()).toContain(en.IT_SESSION_ID);
    await page.keyboard.press('Escape');
    await history.waitFor({ state: 'detached' });

    // The player ends the session: its summary (red lost twice), then a new one to open.
    await page.getByTestId('italian-bar-button').click();
    const details = page.getByTestId('italian-details');
    expect(await details.textContent()).toContain(sessionId);
    await details.getByRole('button', { name: en.IT_END_SESSION }).click();
    const summary = page.getByRole('dialog', { name: en.IT_SUMMARY_TITLE });
    await summary.waitFor();
    const figure = (name: string) =>
      summary.getByTestId(`italian-summary-${name}`).locator('dd').getAttribute('data-amount');
    expect(await figure('brought')).toBe('6.50');
    expect(await figure('wagered')).toBe('2.00');
    expect(await figure('returned')).toBe('0.00');
    expect(await figure('balance')).toBe('4.50');
    await summary.getByRole('button', { name: en.IT_NEW_SESSION }).click();
    await page.getByRole('dialog', { name: en.IT_ENTRY_TITLE }).waitFor();
    const next = await page.getByTestId('italian-bar').getAttribute('data-session');
    expect(next).toMatch(/^IT/);
    expect(next).not.toBe(sessionId);
    await context.close();
  });

  for (const viewport of [
    { width: 360, height: 640 },
    { width: 640, height: 360 },
  ])
    it(`shows the entry whole on a ${viewport.width}x${viewport.height} phone`, async () => {
      const context = await contextIn('IT', viewport);
      const page = await context.newPage();
      await openLobby(page);
      await expectFits(page, '[data-testid="italian-entry"]');
      await screenshot(page, `italian-entry-${viewport.width}x${viewport.height}.png`);
      // Keyboard: the field has the focus; Tab reaches the buttons and stays in the dialog.
      await page.keyboard.type('2');
      await page.keyboard.press('Enter');
      await expectSessionBalance(page, '2.00');
      const bar = await page.getByTestId('italian-bar').boundingBox();
      expect(bar!.width).toBeLessThanOrEqual(viewport.width);
      expect(bar!.y).toBeGreaterThan(0); // under the header, not over it
      await context.close();
    });
});

describe('the location rules', () => {
  it('lead a player in a blocked country to the location page in the language asked', async () => {
    const context = await contextIn('FR');
    const page = await context.newPage();
    await page.goto('/?lang=de');
    await page.waitForURL(/\/play\/location-restrictions\?/);
    const url = new URL(page.url());
    expect(url.searchParams.get('code')).toBe('1052');
    expect(url.searchParams.get('lang')).toBe('de');
    const text = page.getByTestId('location-text');
    await text.waitFor();
    expect(await text.textContent()).toBe(de.LOCATION_1052);
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe(de.LOCATION_TITLE);
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('de');
    expect(await axeFindings(page)).toEqual([]);
    await expectFits(page);
    await screenshot(page, 'location-1052-de.png');
    // With uk=1 (an operator that allows only GB), the UK-only play message too.
    await page.goto('/play/location-restrictions?lang=en&code=1052&uk=1');
    const uk = page.getByTestId('location-uk');
    await uk.waitFor();
    expect(await uk.textContent()).toBe(en.LOCATION_UK_ONLY);
    await context.close();
  });

  it("lead there from the client's boot when the API answers 1052", async () => {
    // The page itself is served (as from Italy); the API calls come from France.
    const context = await contextIn('IT');
    const page = await context.newPage();
    await page.route('**/api/**', (route) =>
      route.continue({ headers: { ...route.request().headers(), 'x-country': 'FR' } }),
    );
    await page.goto('/play/lobby?lang=it');
    await page.waitForURL(/\/play\/location-restrictions\?/, { timeout: 20_000 });
    const url = new URL(page.url());
    expect(url.searchParams.get('code')).toBe('1052');
    expect(url.searchParams.get('lang')).toBe('it');
    expect(await page.getByTestId('location-text').textContent()).toBe(it_.LOCATION_1052);
    await context.close();
  });

  it("say that a table kept to other countries is not available in the player's", async () => {
    const context = await contextIn('IT');
    const page = await context.newPage();
    await openLobby(page);
    await page.locator('[data-table="rou-1"]').waitFor();
    expect(await page.locator('[data-table="rou-2"]').count()).toBe(0); // not in the lobby
    await page.goto('/play/roulette?gameId=rou-2&lang=it');
    await page.waitForURL(/\/play\/location-restrictions\?/, { timeout: 20_000 });
    const text = page.getByTestId('location-text');
    await text.waitFor();
    expect(await text.getAttribute('data-code')).toBe('2006');
    expect(await text.textContent()).toBe(it_.LOCATION_2006);
    // The rest of the casino is open to them: the way back to the lobby.
    await page.getByTestId('location-lobby').click();
    await page.waitForURL(/\/play\/lobby/);
    await page.getByTestId('preloader').waitFor({ state: 'detached', timeout: 20_000 });
    await context.close();
  });
});
