// Every table kind at every viewport the product supports (phones upright and on their
// side, a tablet, two desktops): while bets are open no control leaves the viewport or
// hides under another, every bet spot drawn as a box is at least 32 px across, a tap
// places a bet, and once the round ends its result is on screen. One round per table: a
// phone (touch) and a desktop page play it side by side, each going through its sizes.
import { mkdirSync } from 'node:fs';

import {
  type Browser,
  type BrowserContext,
  type Locator,
  type Page,
  devices,
} from 'playwright-core';
import { type ExpectStatic, afterAll, beforeAll, describe, it } from 'vitest';

import {
  JOURNEY_MOTION,
  RESULTS,
  type Server,
  launchBrowser,
  openAsGuestAt,
  startServer,
  screenshot,
} from './harness';
import { VIEWPORTS, layoutProblems } from './layout';

let server: Server;
let browser: Browser;

beforeAll(async () => {
  mkdirSync(RESULTS, { recursive: true });
  // Time to look at seven sizes while bets are open, and at the result.
  server = await startServer({
    timings: { bettingMs: 24_000, resultMs: 9_000 },
    casino: (casino) => {
      // Blackjack tables keep their own timings: the same room to look, quick decisions.
      for (const t of casino.tables)
        if (t.timings)
          Object.assign(t.timings as object, {
            bettingMs: 24_000,
            resultMs: 9_000,
            decisionMs: 8_000, // several tables are checked at once
            insuranceMs: 2_000,
          });
    },
  });
  browser = await launchBrowser();
}, 60_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

interface TableKind {
  game: string;
  id: string;
  spot: string; // tapped at each size
  result: string; // what shows the round's result
}

const TABLES: TableKind[] = [
  { game: 'roulette', id: 'rou-1', spot: 'RED', result: '[data-testid="result-number"]' },
  { game: 'roulette', id: 'us-1', spot: 'STRAIGHT_00', result: '[data-testid="result-number"]' },
  { game: 'roulette', id: 'prive-1', spot: 'BLACK', result: '[data-testid="result-number"]' },
  { game: 'baccarat', id: 'bac-1', spot: 'BANKER', result: '[data-testid="result"]' },
  { game: 'baccarat', id: 'bac-2', spot: 'PLAYER', result: '[data-testid="result"]' },
  { game: 'baccarat', id: 'bac-3', spot: 'TIE', result: '[data-testid="result"]' },
  { game: 'dragontiger', id: 'dt-1', spot: 'DRAGON', result: '[data-testid="result"]' },
  { game: 'andarbahar', id: 'ab-1', spot: 'ANDAR', result: '[data-testid="result"]' },
  { game: 'sicbo', id: 'sic-1', spot: 'SMALL', result: '[data-testid="result"]' },
  { game: 'megawheel', id: 'mw-1', spot: '5', result: '[data-testid="result"]' },
  { game: 'sweetbonanza', id: 'sbz-1', spot: '2', result: '[data-testid="result"]' },
  { game: 'boomorbust', id: 'bob-1', spot: '3', result: '[data-testid="result"]' },
  { game: 'blackjack', id: 'bj-1', spot: 'SEAT', result: '[data-testid="bj-result"]' },
  { game: 'onebj', id: 'onebj-1', spot: 'MAIN', result: '[data-testid="bj-result"]' },
  // Every baccarat table on one page: tabs on phones and tablets, side by side on desktops.
  { game: 'multi-baccarat', id: '', spot: 'BANKER', result: '[data-testid="result"]' },
];

// Less motion (JOURNEY_MOTION): the roulette wheels stand still between spins (Studio.tsx), the
// same layout for a fraction of the CPU; several tables at once would otherwise each take
// most of a core in the browser's software compositor on a 2-core machine.
async function context(phone: boolean): Promise<BrowserContext> {
  return phone
    ? browser.newContext({ ...devices['Pixel 5']!, baseURL: server.url, ...JOURNEY_MOTION })
    : browser.newContext({ baseURL: server.url, hasTouch: false, ...JOURNEY_MOTION });
}

/** Waits for a round whose bets stay open long enough to go through every size. */
async function waitForBetting(page: Page, seconds: number): Promise<void> {
  for (let i = 0; i < 6; i++) {
    const open = page.locator('[data-testid="round-state"][data-state="2"]:visible').first();
    await open.waitFor({ timeout: 60_000 });
    const left = Number(
      await page.locator('[data-testid="countdown"]:visible').first().textContent(),
    );
    if (left >= seconds) return;
    // The next round's betting (bets closed may last less than a look on a busy machine).
    const game = await open.getAttribute('data-game');
    await page
      .locator(`[data-testid="round-state"][data-state="2"]:visible:not([data-game="${game}"])`)
      .first()
      .waitFor({ timeout: 90_000 });
  }
  throw new Error('no round with time to bet');
}

/** The round whose bets are open on the page (its game id), or null. */
async function openRound(page: Page): Promise<string | null> {
  const open = page.locator('[data-testid="round-state"][data-state="2"]:visible');
  if ((await open.count()) === 0) return null;
  return open
    .first()
    .getAttribute('data-game', { timeout: 1_000 })
    .catch(() => null); // (it closed between the two looks)
}

async function total(page: Page): Promise<number> {
  return Number(
    await page.locator('[data-testid="total-bet"]:visible').first().getAttribute('data-amount'),
  );
}

/**
 * Sits where the table needs a seat to bet (a private roulette table, a seated blackjack
 * table); returns the spot to tap.
 */
async function sit(page: Page, kind: TableKind): Promise<string> {
  if (kind.id.startsWith('prive')) {
    // The phone and the desktop page sit at the same moment: the seat one of them chose may
    // go to the other, and it takes the next free one.
    for (let tries = 0; ; tries++) {
      await page
        .getByRole('button', { name: /^Take seat/ })
        .first()
        .click();
      const seated = await page
        .getByRole('button', { name: 'Leave your seat' })
        .waitFor({ timeout: 5000 })
        .then(
          () => true,
          () => false,
        );
      if (seated) break;
      if (tries === 4) throw new Error(`no seat taken at ${kind.id}`);
    }
  }
  if (kind.spot !== 'SEAT') return kind.spot;
  for (let tries = 0; tries < 5; tries++) {
    const free = page.locator('[data-testid^="bj-sit-"]').first();
    const seat = (await free.getAttribute('data-testid'))!.replace('bj-sit-', '');
    await free.click();
    const taken = await page
      .locator(`[data-spot="SEAT_${seat}"]`)
      .waitFor({ timeout: 3000 })
      .then(
        () => true,
        () => false,
      );
    if (taken) return `SEAT_${seat}`;
  }
  throw new Error('no seat taken');
}

/**
 * Where the round's result is. On a busy machine the sizes before may have outlasted it, and
 * it may end between the look that finds it and the measure (a CI run measured nothing so):
 * then the next round's result is measured.
 */
async function resultBox(
  result: Locator,
): Promise<{ x: number; y: number; width: number; height: number }> {
  const until = Date.now() + 120_000;
  while (Date.now() < until) {
    await result.waitFor({ timeout: Math.max(1, until - Date.now()) });
    const box = await result.boundingBox({ timeout: 2_000 }).catch(() => null);
    if (box) return box;
  }
  throw new Error('no result on screen');
}

/**
 * What the page showed when a tap placed no bet: the round, its countdown, the notices, and
 * what is under the spot's centre (a failure on CI says why, not only that).
 */
async function whatTheTapMet(page: Page, spot: Locator): Promise<string> {
  const state = await page
    .locator('[data-testid="round-state"]:visible')
    .first()
    .evaluate((e) => `${e.getAttribute('data-game')} state ${e.getAttribute('data-state')}`)
    .catch(() => 'no round state');
  const countdown = await page
    .locator('[data-testid="countdown"]:visible')
    .first()
    .textContent({ timeout: 1_000 })
    .catch(() => 'none');
  const toasts = await page.getByTestId('toast').allTextContents();
  const under = await spot
    .evaluate((e) => {
      const r = e.getBoundingClientRect();
      const hit = document.elementFromPoint(r.x + r.width / 2, r.y + r.height / 2);
      const name = (n: Element | null) =>
        n
          ? `${n.tagName.toLowerCase()}.${n.className} ${n.getAttribute('data-testid') ?? ''}`
          : 'none';
      return `spot at ${Math.round(r.x)},${Math.round(r.y)} ${Math.round(r.width)}x${Math.round(
        r.height,
      )}, aria-disabled=${e.getAttribute('aria-disabled')}, under its centre: ${
        e.contains(hit) ? 'the spot' : name(hit)
      }`;
    })
    .catch((err: Error) => `spot gone: ${err.message}`);
  return `round: ${state}, countdown ${countdown}; notices: ${JSON.stringify(toasts)}; ${under}`;
}

async function play(kind: TableKind, phone: boolean, expect: ExpectStatic): Promise<void> {
  const ctx = await context(phone);
  try {
    await playIn(await ctx.newPage(), kind, phone, expect);
  } finally {
    await ctx.close(); // a failed check leaves no page painting beside the next tables
  }
}

async function playIn(page: Page, kind: TableKind, phone: boolean, expect: ExpectStatic) {
  await openAsGuestAt(page, `/play/${kind.game}${kind.id ? `?gameId=${kind.id}` : ''}`);
  const sizes = VIEWPORTS.filter((v) => v.phone === phone);
  await page.setViewportSize(sizes[0]!);
  const spotCode = await sit(page, kind);
  await waitForBetting(page, 16);
  for (const size of sizes) {
    await page.setViewportSize(size);
    const where = `${kind.id} at ${size.width}x${size.height}`;
    // The layout while bets are open. It settles (the grid measures its box), which takes
    // a while on a busy machine; a round whose betting closes before the look is done is
    // looked at again in the next round (a make test run measured a blackjack table dealing
    // at 640x360); problems in a round still open fail.
    for (let round = 1; ; round++) {
      await waitForBetting(page, 4);
      const game = await openRound(page);
      const problems = await expect
        .poll(() => layoutProblems(page), { message: where, timeout: 10_000, interval: 350 })
        .toEqual([])
        .then(
          () => null,
          (e: Error) => e,
        );
      if (!problems) break;
      if ((game !== null && (await openRound(page)) === game) || round === 3) throw problems;
    }
    // On a busy machine the sizes before may have taken the round's betting time: the tap
    // goes to a round with time left. If that round's betting still closed before the bet
    // showed (a make test run: the round was over, nothing refused; another saw the next
    // round's empty total), the tap is made again in the next round; a tap in a round
    // still open that places nothing fails.
    const spot = page.locator(`[data-spot="${spotCode}"]:visible`).first();
    for (let round = 1; ; round++) {
      await waitForBetting(page, 4);
      const game = await openRound(page);
      const before = await total(page);
      if (phone) await spot.tap();
      else await spot.click();
      const missed = await expect
        .poll(() => total(page), { message: `${where}: the tap placed a bet`, timeout: 10_000 })
        .toBeGreaterThan(before)
        .then(
          () => null,
          (e: Error) => e,
        );
      if (!missed) break;
      if ((game !== null && (await openRound(page)) === game) || round === 3)
        throw new Error(`${missed.message}\n${await whatTheTapMet(page, spot)}`);
    }
    await screenshot(page, `layout-${kind.id}-${size.width}x${size.height}.png`);
  }
  const result = page.locator(`${kind.result}:visible`).first();
  if (kind.game.endsWith('bj') || kind.game === 'blackjack') {
    // Hit and stand in view when it is the player's turn (phones on their side included).
    // A blackjack dealt to the player or the dealer ends the round with no decision.
    const decisions = page.getByTestId('bj-decisions');
    await decisions.or(result).first().waitFor({ timeout: 60_000 });
    // (The decision's time may run out between the look and the measure on a busy machine.)
    const box = await decisions.boundingBox({ timeout: 1_000 }).catch(() => null);
    if (box) {
      const last = sizes[sizes.length - 1]!;
      expect(box.y + box.height, `${kind.id}: decisions in view`).toBeLessThanOrEqual(last.height);
      await screenshot(page, `layout-${kind.id}-deciding-${last.width}x${last.height}.png`);
      // A card or a decision shown as the look is made grows the table for a frame or
      // more before it fits again (a make test run measured the bet spot 26 px below the
      // screen just after the screenshot showed it in view): the look settles, as above.
      // It is a look at the decisions: once they are gone (a dealer's blackjack after the
      // insurance offer ends the round at once) the round's next looks are other checks'.
      await expect
        .poll(async () => ((await decisions.isVisible()) ? layoutProblems(page) : []), {
          message: `${kind.id} deciding at ${last.width}x${last.height}`,
          timeout: 5_000,
          interval: 350,
        })
        .toEqual([]);
    }
  }
  await result.waitFor({ timeout: 90_000 });
  for (const size of sizes) {
    await page.setViewportSize(size);
    await page.waitForTimeout(300);
    const box = await resultBox(result);
    const where = `${kind.id} result at ${size.width}x${size.height}`;
    expect(box.y, where).toBeGreaterThanOrEqual(0);
    expect(box.y + box.height, where).toBeLessThanOrEqual(size.height);
    expect(box.x + box.width, where).toBeLessThanOrEqual(size.width);
  }
}

// The tables run their own rounds, so several are checked at once (vitest.e2e.config.ts's
// maxConcurrency): most of each check is waiting for a round to open and to end.
describe.concurrent('every table at every size', () => {
  it.for(TABLES)(
    '$game $id: nothing off screen or covered, spots big enough, a tap bets, the result shows',
    { timeout: 300_000 },
    async (kind, { expect }) => {
      await Promise.all([play(kind, true, expect), play(kind, false, expect)]);
    },
  );
});
