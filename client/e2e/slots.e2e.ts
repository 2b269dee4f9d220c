// Croupier Fruits in Chromium against the real croupierd (the slots protocol: the lobby's
// SLOTS tab, SlotLaunch, /api/ui/slot/state and /api/ui/slot/spin): the demo operator's
// slot opened from its tile, spins at desktop and phone sizes with the balance moving by
// each answer's stake and win exactly (and the server agreeing), a line bet changed, the
// grid drawn as answered, every spin verified in the browser against the commitment held
// before it, and the layout at 1366x768, 360x640 and 640x360 (motion reduced on the
// phone: the grid shows at once, no reel turns), and no English left in the
// pseudo-locale.
import { mkdirSync } from 'node:fs';

import type { Browser, Page, Response } from 'playwright-core';
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
import { layoutProblems } from './layout';
import { TablePage, unitsOf } from './table';
import { BRAND, untranslatedTexts } from './untranslated';

let server: Server;
let browser: Browser;

beforeAll(async () => {
  mkdirSync(RESULTS, { recursive: true });
  server = await startServer({ seed: 23 });
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/** A spin's answer as the protocol gives it (the parts the journey checks). */
interface SpinAnswer {
  requestId: string;
  gameId: string;
  stake: string;
  win: string;
  grid: string[][];
  stops: number[];
  wins: { line: number; symbol: string; count: number; pay: string }[];
  balance: string;
  fairHash: string;
}

const overflow = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

const isSpin = (r: Response) =>
  r.url().includes('/api/ui/slot/spin') && r.request().method() === 'POST' && r.status() === 200;

/** Opens the lobby as a new guest, the SLOTS tab, and Croupier Fruits from its tile. */
async function openFruits(page: Page): Promise<void> {
  await openAsGuest(page, server.url);
  const assigned = (await (await page.request.get('/api/ui/assignedSlotsForLobby')).json()) as {
    slots: { slotId: string; name: string; builtIn: boolean }[];
  };
  expect(assigned.slots.find((s) => s.slotId === 'fruits')).toMatchObject({
    name: 'Croupier Fruits',
    builtIn: true,
  });
  const tab = page.locator('[role="tab"][data-tab="SLOTS"]');
  await tab.click();
  expect(await tab.getAttribute('aria-selected')).toBe('true');
  const tile = page.locator('[data-slot="fruits"]');
  expect(await tile.locator('img').getAttribute('alt')).toBe('Croupier Fruits');
  expect(
    await page.getByRole('button', { name: 'Play Croupier Fruits Provider: croupier' }).count(),
  ).toBe(1);
  const launched = page.waitForResponse((r) => r.url().includes('/api/ui/SlotLaunch'));
  await tile.click();
  const asked = new URL((await launched).url()).searchParams;
  expect(asked.get('slotId')).toBe('fruits');
  expect(asked.get('lang')).toBe('en');
  await page.waitForURL(/\/play\/slot\?slotId=fruits/);
  await page.getByTestId('spin-button').waitFor();
  await page.getByTestId('preloader').waitFor({ state: 'detached', timeout: 20_000 });
}

/**
 * Spins once and waits for the result on screen; checks that the page shows the answer
 * (grid, win, wins) and that the balance moved by its stake and win exactly.
 */
async function spinOnce(page: Page, table: TablePage): Promise<SpinAnswer> {
  const before = await table.balance();
  const total = unitsOf((await page.getByTestId('total-bet').getAttribute('data-amount'))!);
  const answered = page.waitForResponse(isSpin);
  await page.getByTestId('spin-button').press('Enter');
  const response = await answered;
  const request = response.request().postDataJSON() as Record<string, string>;
  expect(request.slotId).toBe('fruits');
  expect(response.request().headers()['x-xsrf-token']).toBeTruthy();
  const answer = (await response.json()) as SpinAnswer;
  expect(answer.requestId).toBe(request.requestId);
  await page.locator('[data-testid="slot-page"][data-phase="result"]').waitFor({ timeout: 15_000 });
  expect(unitsOf(answer.stake)).toBe(total);
  expect(await page.getByTestId('slot-reels').getAttribute('data-grid')).toBe(
    answer.grid.map((reel) => reel.join(',')).join('|'),
  );
  expect(unitsOf((await page.getByTestId('slot-win').getAttribute('data-amount'))!)).toBe(
    unitsOf(answer.win),
  );
  const lines = await page
    .locator('.slot-win')
    .evaluateAll((els) => els.map((e) => Number(e.getAttribute('data-line'))));
  expect(lines).toEqual(answer.wins.map((w) => w.line));
  const after = before - unitsOf(answer.stake) + unitsOf(answer.win);
  await table.expectBalance(after);
  expect(unitsOf(answer.balance)).toBe(after);
  expect(await page.getByTestId('slot-commitment').textContent()).toBe(answer.fairHash);
  return answer;
}

/** Opens the fairness dialog, verifies every spin and expects every check to match. */
async function verifyAll(page: Page, spins: number): Promise<void> {
  await page.getByTestId('fair-toggle').click();
  const dialog = page.getByTestId('slot-fair');
  await dialog.waitFor();
  const buttons = dialog.getByTestId('slot-verify');
  expect(await buttons.count()).toBe(spins);
  for (let i = 0; i < spins; i++) await buttons.nth(i).click();
  const verdicts = await dialog
    .locator('[data-testid="slot-verdict"] [data-verdict]')
    .evaluateAll((els) =>
      els.map((e) => `${e.getAttribute('data-check')}:${e.getAttribute('data-verdict')}`),
    );
  // The stops from the seeds, the seed against the commitment held before the spin, and the
  // grid the stops show on the strips the state gives.
  expect(verdicts.sort()).toEqual(
    ['grid:match', 'hash:match', 'stops:match'].flatMap((v) => Array<string>(spins).fill(v)),
  );
  await dialog.getByRole('button', { name: 'Close' }).click();
  await dialog.waitFor({ state: 'detached' });
}

describe('croupier fruits', () => {
  it('opens from the lobby and spins at 1366x768 with the balance exact', async () => {
    const context = await desktopContext(
      browser,
      server.url,
      { width: 1366, height: 768 },
      { reducedMotion: 'no-preference' }, // the reels turning as most players see them
    );
    const page = await context.newPage();
    await openFruits(page);
    const table = new TablePage(page, 'fruits');
    const state = (await (await page.request.get('/api/ui/slot/state?slotId=fruits')).json()) as {
      fairHash: string;
      lines: number;
      defaultLineBet: string;
    };
    expect(await page.getByTestId('slot-commitment').textContent()).toBe(state.fairHash);
    expect(await layoutProblems(page)).toEqual([]);
    expect(await overflow(page)).toBeLessThanOrEqual(0);

    const answers: SpinAnswer[] = [];
    for (let i = 0; i < 3; i++) answers.push(await spinOnce(page, table));
    expect(answers.every((a) => unitsOf(a.stake) === unitsOf(state.defaultLineBet) * 20)).toBe(
      true,
    );
    expect(new Set(answers.map((a) => a.requestId)).size).toBe(3);

    // A bigger line bet: the total is 20 times it, and so is the stake taken.
    await page.getByTestId('slot-line-bet').selectOption({ label: '€0.10' });
    expect(await page.getByTestId('total-bet').getAttribute('data-amount')).toBe('2.00');
    const bigger = await spinOnce(page, table);
    expect(bigger.stake).toBe('2.00');
    answers.push(bigger);
    expect(await table.serverBalance()).toBe(await table.balance());
    expect(await layoutProblems(page)).toEqual([]);
    await screenshot(page, 'slots-desktop.png');

    // The paytable with its paylines and RTP.
    await page.getByTestId('help-button').click();
    const help = page.getByTestId('slot-paytable');
    await help.waitFor();
    expect(await help.locator('.slot-payline').count()).toBe(state.lines);
    expect(await help.getByTestId('slot-rtp').textContent()).toMatch(/\d+\.\d\d/);
    await help.getByRole('button', { name: 'Close' }).click();

    await verifyAll(page, answers.length);
    await context.close();
  });

  it('plays on a 360x640 phone, upright and on its side, with motion reduced', async () => {
    const context = await phoneContext(browser, server.url);
    const page = await context.newPage();
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await openFruits(page);
    const table = new TablePage(page, 'fruits');
    await page.locator('.slot.shape-tall').waitFor();
    expect(await overflow(page)).toBeLessThanOrEqual(0);
    expect(await layoutProblems(page)).toEqual([]);

    // No reel turns with motion reduced: the answer's grid shows at once.
    let turned = false;
    await page.exposeFunction('reelTurned', () => (turned = true));
    await page.evaluate(() => {
      const seen = () => {
        if (document.querySelector('[data-turning="true"]'))
          (window as unknown as { reelTurned: () => void }).reelTurned();
      };
      new MutationObserver(seen).observe(document.body, { subtree: true, attributes: true });
    });
    const answers = [await spinOnce(page, table), await spinOnce(page, table)];
    expect(turned).toBe(false);
    expect(await overflow(page)).toBeLessThanOrEqual(0);
    expect(await layoutProblems(page)).toEqual([]);
    await screenshot(page, 'slots-mobile.png');

    await page.setViewportSize({ width: 640, height: 360 });
    await page.locator('.slot.shape-flat').waitFor();
    answers.push(await spinOnce(page, table));
    expect(await overflow(page)).toBeLessThanOrEqual(0);
    expect(await layoutProblems(page)).toEqual([]);
    await screenshot(page, 'slots-mobile-landscape.png');
    expect(await table.serverBalance()).toBe(await table.balance());

    await page.setViewportSize({ width: 360, height: 640 });
    await page.locator('.slot.shape-tall').waitFor();
    await verifyAll(page, answers.length);
    await context.close();
  });

  it('leaves no English on the slots tab, the slot page and its dialogs (pseudo-locale)', async () => {
    const context = await desktopContext(browser, server.url, { width: 1366, height: 768 });
    const page = await context.newPage();
    await openAsGuest(page, server.url);
    const all = (await (await page.request.get('/api/ui/getAllConfig')).json()) as {
      playerConfig?: { player?: { name?: string } };
      casinoConfig?: { casino_name?: string };
    };
    const slots = (await (await page.request.get('/api/ui/assignedSlotsForLobby')).json()) as {
      slots: { name: string; provider: string }[];
    };
    const names = [
      ...BRAND,
      ...slots.slots.flatMap((s) => [s.name, s.provider]),
      all.playerConfig?.player?.name ?? '',
      all.casinoConfig?.casino_name ?? '',
    ].filter(Boolean);
    const expectTranslated = async (screen: string, extra: string[] = []) =>
      expect(await untranslatedTexts(page, [...names, ...extra]), screen).toEqual([]);

    await page.goto('/play/lobby?tab=slots&lang=qps');
    await page.locator('html[data-lang="qps"]').waitFor();
    await page.locator('[data-slot="fruits"] img').waitFor();
    await expectTranslated('the slots tab');

    await page.goto('/play/slot?slotId=fruits&lang=qps');
    await page.locator('html[data-lang="qps"]').waitFor();
    await page.getByTestId('spin-button').waitFor();
    await page.getByTestId('spin-button').click();
    await page
      .locator('[data-testid="slot-page"][data-phase="result"]')
      .waitFor({ timeout: 15_000 });
    const gameIds = await page
      .locator('[data-game]')
      .evaluateAll((els) => els.map((e) => e.getAttribute('data-game') ?? ''));
    await expectTranslated('the slot page', gameIds);
    for (const id of ['help-button', 'fair-toggle']) {
      await page.getByTestId(id).click();
      await page.locator('[role="dialog"]').waitFor();
      for (const b of await page.getByTestId('slot-verify').all()) await b.click();
      await expectTranslated(`the slot page with ${id} open`, gameIds);
      await page.keyboard.press('Escape');
      await page.locator('[role="dialog"]').waitFor({ state: 'detached' });
    }
    await screenshot(page, 'pseudo-slot.png');
    await context.close();
  });
});
