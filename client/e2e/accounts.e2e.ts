// Player accounts in Chromium against the real croupierd (issue 20, docs/operators.md
// "Player accounts"): the demo casino with an operator that keeps its players' accounts
// ("club"), whose voucher the test issues with a signed server-to-server call. On
// /play/login a new player registers (refused first: too young, next to the date of
// birth; then a voucher of another amount, the server's refusal next to the voucher),
// lands in the lobby without a page load with the voucher's 25.00, bets at a roulette
// table, logs out, logs in again (a wrong password first) and plays for free with an
// e-mail address. A login elsewhere ends the first session with its popup. At desktop
// size, and on phones held upright (360x640) and sideways (640x360).
import { createHmac } from 'node:crypto';
import { mkdirSync } from 'node:fs';

import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { axeFindings } from './axe';
import {
  RESULTS,
  type Server,
  desktopContext,
  launchBrowser,
  phoneContext,
  startServer,
  screenshot,
} from './harness';
import { expectFits, horizontalOverflow } from './layout';
import { TablePage, unitsOf } from './table';
import { BRAND, untranslatedTexts } from './untranslated';

const CLUB = {
  id: 'club',
  name: 'Club Casino',
  secret: 'club-operator-secret-0123456789',
  currency: 'EUR',
  accounts: { minimumAge: 18, freePlayOperator: 'demo' },
};
const PASSWORD = 'secret123';

let server: Server;
let browser: Browser;

beforeAll(async () => {
  mkdirSync(RESULTS, { recursive: true });
  server = await startServer({ casino: (casino) => casino.operators!.push({ ...CLUB }) });
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/** The operator issues a voucher: a signed call from its server to croupierd. */
async function issueVoucher(voucherId: string, amount: string): Promise<void> {
  const body = JSON.stringify({
    operatorId: CLUB.id,
    voucherId,
    amount,
    currency: 'EUR',
    timestamp: Date.now(),
  });
  const signature = createHmac('sha256', CLUB.secret).update(body).digest('hex');
  const r = await fetch(`${server.url}/api/operator/voucher`, {
    method: 'POST',
    headers: {
      'Content-Type': 'application/json',
      'X-Croupier-Signature': `sha256=${signature}`,
      Cookie: 'XSRF-TOKEN=t',
      'X-XSRF-TOKEN': 't',
    },
    body,
  });
  expect(r.status, await r.clone().text()).toBe(200);
}

async function openLogin(page: Page, search = ''): Promise<void> {
  await page.goto(`/play/login${search}`);
  await page.getByTestId('account-page').waitFor({ timeout: 20_000 });
}

/** The name of the element with the focus (its `name`, else its test id). */
function focused(page: Page): Promise<string | null> {
  return page.evaluate(
    () =>
      document.activeElement?.getAttribute('name') ??
      document.activeElement?.getAttribute('data-testid') ??
      null,
  );
}

/** Marks the document: the mark survives navigation in place, not a page load. */
function markDocument(page: Page): Promise<void> {
  return page.evaluate(() => {
    (window as unknown as { __sameDocument: boolean }).__sameDocument = true;
  });
}

function sameDocument(page: Page): Promise<boolean> {
  return page.evaluate(
    () => (window as unknown as { __sameDocument?: boolean }).__sameDocument === true,
  );
}

async function expectLobby(page: Page, balance: string): Promise<void> {
  await page.waitForURL(/\/play\/lobby/, { timeout: 20_000 });
  await page.getByTestId('preloader').waitFor({ state: 'detached', timeout: 20_000 });
  await page.getByTestId('lobby-tables').waitFor();
  await page.locator(`[data-testid="balance"] strong:has-text("${balance}")`).waitFor();
}

interface Registration {
  email: string;
  username: string;
  birthDate: string;
  voucherId: string;
  amount: string;
}

async function fillRegistration(page: Page, r: Registration): Promise<void> {
  const form = page.getByTestId('register-form');
  await form.getByLabel('E-mail address').fill(r.email);
  await form.getByLabel('Username').fill(r.username);
  await form.getByLabel('Password').fill(PASSWORD);
  await form.getByLabel('Date of birth').fill(r.birthDate);
  await form.getByLabel('Voucher code').fill(r.voucherId);
  await form.getByLabel('Voucher amount (EUR)').fill(r.amount);
  const terms = form.getByLabel('I accept the terms and conditions.');
  if (!(await terms.isChecked())) await terms.check();
}

/**
 * Registers on the register form: first too young (the form says so next to the date of
 * birth, nothing sent), then with the voucher's amount wrong (the server refuses, 20101,
 * and the message is next to the voucher), then right: the lobby, in place.
 */
async function register(page: Page, r: Registration, shot: string): Promise<void> {
  await page.getByRole('tab', { name: 'Register' }).click();
  expect(page.url()).toContain('form=register');
  const form = page.getByTestId('register-form');
  await fillRegistration(page, { ...r, birthDate: '2015-03-01' });
  await form.getByRole('button', { name: 'Create account' }).click();
  const age = form.getByTestId('account-error-birthDate');
  await age.waitFor();
  expect(await age.textContent()).toBe('You must be at least 18 years old to play.');
  expect(await form.getByLabel('Date of birth').getAttribute('aria-invalid')).toBe('true');
  expect(await focused(page)).toBe('birthDate');

  await form.getByLabel('Date of birth').fill(r.birthDate);
  await form.getByLabel('Voucher amount (EUR)').fill('20.00');
  const refused = page.waitForResponse((res) => res.url().endsWith('/api/account/register'));
  await form.getByRole('button', { name: 'Create account' }).click();
  const answer = await refused;
  expect(answer.status()).toBe(400);
  expect(await answer.json()).toMatchObject({ code: 20101, field: 'voucherId' });
  const voucher = form.getByTestId('account-error-voucherId');
  await voucher.waitFor();
  expect(await voucher.textContent()).toBe(
    'This voucher is unknown, already used, or of another amount.',
  );
  expect(await form.getByRole('alert').textContent()).toBe('The alias cannot be registered now.');
  expect(await focused(page)).toBe('voucherId');
  await screenshot(page, shot, { fullPage: true });

  await form.getByLabel('Voucher amount (EUR)').fill(r.amount);
  await markDocument(page);
  await form.getByRole('button', { name: 'Create account' }).click();
  await expectLobby(page, `€${r.amount}`);
  expect(await sameDocument(page)).toBe(true); // signed in and booted without a page load
}

/** The header's "Log out" (in the "More" menu where the header folds its buttons). */
async function logOut(page: Page): Promise<void> {
  const button = page.getByTestId('logout-button');
  if (!(await button.isVisible()))
    await page.getByRole('button', { name: 'More', exact: true }).click();
  const done = page.waitForResponse((res) => res.url().endsWith('/api/account/logout'));
  await button.click();
  expect((await done).status()).toBe(200);
  await page.waitForURL(/\/play\/login/);
  await page.getByTestId('account-page').waitFor();
}

async function logIn(page: Page, name: string, password: string): Promise<void> {
  const form = page.getByTestId('login-form');
  await form.getByLabel('Username or e-mail address').fill(name);
  await form.getByLabel('Password').fill(password);
  await form.getByRole('button', { name: 'Log in' }).click();
}

describe('player accounts', () => {
  it('registers with a voucher, bets at a table, logs out and in again, and plays for free', async () => {
    await issueVoucher('V-1', '25.00');
    const context = await desktopContext(browser, server.url);
    const page = await context.newPage();
    page.on('pageerror', (e) => console.error('page error:', e.message));
    await openLogin(page);
    expect(await page.getByRole('tab', { selected: true }).textContent()).toBe('Log in');
    expect(await axeFindings(page)).toEqual([]);
    await expectFits(page, '[data-testid="account-page"]');

    await register(
      page,
      {
        email: 'ann@example.com',
        username: 'club_ann',
        birthDate: '1990-04-02',
        voucherId: 'V-1',
        amount: '25.00',
      },
      'accounts-register-refused-desktop.png',
    );
    await screenshot(page, 'accounts-lobby-desktop.png');

    // A bet at a roulette table: the voucher's money is the player's.
    const table = new TablePage(page);
    await page.locator('[data-table="rou-1"]').click();
    await page.waitForURL(/\/play\/roulette\?gameId=rou-1/);
    await page.getByTestId('preloader').waitFor({ state: 'detached', timeout: 20_000 });
    const gameId = await table.waitForBetting(4);
    await table.chip('€1');
    await table.bet('RED');
    await table.expectTotal('1.00');
    await table.expectBalance(24 * 100_000);
    await table.waitForResultOf(gameId);
    const after = await table.serverBalance();
    expect([24 * 100_000, 26 * 100_000]).toContain(after);
    await table.expectBalance(after);

    // Log out: the login page. The session is gone: logging in again is needed.
    await logOut(page);
    expect(await page.getByTestId('logout-button').count()).toBe(0);
    await logIn(page, 'club_ann', 'wrong-password1');
    const alert = page.getByTestId('login-form').getByRole('alert');
    await alert.waitFor();
    expect(await alert.textContent()).toBe('Invalid credentials.');
    expect(await focused(page)).toBe('account-alert');
    // By the e-mail address too.
    await logIn(page, 'ANN@example.com', PASSWORD);
    const amount = (after / 100_000).toFixed(2);
    await expectLobby(page, `€${amount}`);
    expect(unitsOf((await page.getByTestId('balance').locator('strong').textContent())!)).toBe(
      after,
    );

    // Free play with an e-mail address: fun money at the demo operator (no log out there).
    await logOut(page);
    await page.getByRole('tab', { name: 'Play for free' }).click();
    const free = page.getByTestId('freeplay-form');
    await free.getByLabel('E-mail address').fill('fun@example.com');
    await free.getByRole('button', { name: 'Start playing' }).click();
    await expectLobby(page, '€10,000.00');
    expect(await page.getByTestId('logout-button').count()).toBe(0);
    await context.close();
  });

  it('a login elsewhere ends the session here: the popup offers to log in again', async () => {
    await issueVoucher('V-2', '30.00');
    const first = await desktopContext(browser, server.url);
    const here = await first.newPage();
    await openLogin(here, '?form=register');
    expect(await here.getByRole('tab', { selected: true }).textContent()).toBe('Register');
    await fillRegistration(here, {
      email: 'bob@example.com',
      username: 'club_bob',
      birthDate: '1985-12-24',
      voucherId: 'V-2',
      amount: '30',
    });
    await here.getByRole('button', { name: 'Create account' }).click();
    await expectLobby(here, '€30.00');

    const second = await desktopContext(browser, server.url);
    const there = await second.newPage();
    await openLogin(there);
    await logIn(there, 'club_bob', PASSWORD);
    await expectLobby(there, '€30.00');

    // The first session ends (10003): its popup says why and leads to the login page.
    const popup = here.getByTestId('popup-logged-out');
    await popup.waitFor({ timeout: 10_000 });
    expect(await popup.textContent()).toContain(
      'You were logged out because you opened the game on another device.',
    );
    const r = await here.request.get('/api/ui/balance');
    expect(r.status()).toBe(401);
    expect(((await r.json()) as { code: number }).code).toBe(10003);
    await popup.getByRole('link', { name: 'Log in again' }).click();
    await here.getByTestId('account-page').waitFor();
    expect(here.url()).toMatch(/\/play\/login$/);
    await first.close();
    await second.close();
  });

  it('on phones held upright and sideways: the forms fit, and a player registers and logs out', async () => {
    await issueVoucher('V-3', '25.00');
    const context = await phoneContext(browser, server.url);
    const page = await context.newPage();
    page.on('pageerror', (e) => console.error('page error:', e.message));
    for (const size of [
      { width: 360, height: 640 },
      { width: 640, height: 360 },
    ]) {
      await page.setViewportSize(size);
      await openLogin(page);
      // The login form fits without scrolling, every control in view and on top.
      await expectFits(page, '[data-testid="account-page"]');
      await page.getByRole('tab', { name: 'Play for free' }).click();
      await expectFits(page, '[data-testid="account-page"]');
      // The register form scrolls: nothing wider than the screen, each control on top.
      await page.getByRole('tab', { name: 'Register' }).click();
      expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
      for (const control of await page
        .getByTestId('register-form')
        .locator('input, button')
        .all()) {
        await control.scrollIntoViewIfNeeded();
        const covered = await control.evaluate((e) => {
          const r = e.getBoundingClientRect();
          const top = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
          return top && top !== e && !e.contains(top) && !top.contains(e) ? top.outerHTML : null;
        });
        expect(covered).toBeNull();
      }
      expect(await axeFindings(page)).toEqual([]);
      await screenshot(page, `accounts-register-${size.width}x${size.height}.png`);
    }

    // Upright, a new player registers, and logs out from the header's menu.
    await page.setViewportSize({ width: 360, height: 640 });
    await openLogin(page);
    await register(
      page,
      {
        email: 'cleo@example.com',
        username: 'club_cleo',
        birthDate: '2000-01-31',
        voucherId: 'V-3',
        amount: '25.00',
      },
      'accounts-register-refused-phone.png',
    );
    await logOut(page);
    await logIn(page, 'club_cleo', PASSWORD);
    await expectLobby(page, '€25.00');
    await context.close();
  });

  it('speaks the launch language, and every text of its forms goes through i18n', async () => {
    const context = await desktopContext(browser, server.url);
    const page = await context.newPage();
    await openLogin(page, '?lang=de');
    expect(await page.getByRole('tab', { selected: true }).textContent()).toBe('Anmelden');
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('de');

    // The pseudo-locale accents every letter that went through i18n; the problems too.
    await openLogin(page, '?lang=qps');
    for (const [tab, form] of [
      [0, 'login'],
      [1, 'register'],
      [2, 'freeplay'],
    ] as const) {
      await page.getByRole('tab').nth(tab).click();
      await page.getByTestId(`${form}-form`).locator('button[type="submit"]').click();
      await page.getByTestId(`${form}-form`).locator('[aria-invalid="true"]').first().waitFor();
      expect(await untranslatedTexts(page, [...BRAND, 'EUR'])).toEqual([]);
    }
    await context.close();
  });

  it('without a demo operator, a visitor with no session is led to the login page', async () => {
    // A casino of the club alone: no guest is made, so no session without logging in.
    const own = await startServer({
      casino: (casino) => {
        casino.operators = [{ ...CLUB, accounts: { minimumAge: 18 } }];
      },
    });
    try {
      const context = await desktopContext(browser, own.url);
      const page = await context.newPage();
      await page.goto('/play/lobby?lang=de');
      await page.waitForURL(/\/play\/login\?lang=de$/, { timeout: 20_000 });
      await page.getByTestId('account-page').waitFor();
      // No free play without a demo operator: two forms.
      expect(await page.getByRole('tab').allTextContents()).toEqual(['Anmelden', 'Registrieren']);
      await context.close();
    } finally {
      await own.stop();
    }
  });
});
