// Languages, themes and viewport layouts in Chromium against the real croupierd: Arabic
// right to left, zh loading cn, the blue theme's colours, and the SPEC §9 layout flags on
// <body> on both sides of every threshold, landscape, portrait and in a frame. It asserts
// on <html> and <body> and on the header's texts, not on the lobby's markup.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

import type { Browser, BrowserContext, Frame, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import {
  RESULTS,
  type Server,
  desktopContext,
  launchBrowser,
  startServer,
  screenshot,
} from './harness';

const ALL_LANGUAGES = [
  'ar', 'bg', 'cn', 'da', 'de', 'el', 'en', 'es', 'fa', 'fi', 'fr', 'hi', 'hu', 'hy', 'id', 'it',
  'ja', 'ka', 'ko', 'lt', 'lv', 'nf', 'nl', 'no', 'pt', 'ro', 'ru', 'sv', 'th', 'tr', 'uk', 'vi',
  'zh', 'hr', 'bn', 'sr', 'tl',
]; // prettier-ignore

let server: Server;
let browser: Browser;
let context: BrowserContext;

beforeAll(async () => {
  mkdirSync(RESULTS, { recursive: true });
  server = await startServer({
    casino: (casino) => {
      // The demo operator offers every language, with the green lobby theme.
      const op = casino.operators?.find((o) => o.id === 'demo');
      if (!op) throw new Error('no demo operator');
      const file = join(RESULTS, 'i18n-operator.json');
      writeFileSync(
        file,
        JSON.stringify({
          casino_name: 'Croupier i18n',
          languages: ALL_LANGUAGES,
          lobby_theme: 'green',
        }),
      );
      op.casinoConfigFile = file;
    },
  });
  browser = await launchBrowser();
  context = await desktopContext(browser, server.url);
  const page = await context.newPage();
  await page.goto('/'); // a guest session for the context
  await page.close();
});

afterAll(async () => {
  await context?.close();
  await browser?.close();
  await server?.stop();
});

/**
 * Opens a page and records the languages of the text chunks it fetches
 * (assets/texts-<lang>-<part>-<hash>.js), and the parts as "<lang>:<part>".
 */
async function open(path: string): Promise<{ page: Page; chunks: string[]; parts: string[] }> {
  const page = await context.newPage();
  page.on('pageerror', (e) => console.error('page error:', e.message));
  const chunks: string[] = [];
  const parts: string[] = [];
  page.on('request', (r) => {
    const m = /\/assets\/texts-([a-z]{2})-([a-z]+)-[\w-]+\.js$/.exec(new URL(r.url()).pathname);
    if (m) {
      chunks.push(m[1]!);
      parts.push(`${m[1]}:${m[2]}`);
    }
  });
  await page.goto(path);
  await page.getByTestId('balance').waitFor({ timeout: 20_000 }); // booted: the header shows
  await page.getByTestId('preloader').waitFor({ state: 'detached', timeout: 20_000 });
  return { page, chunks, parts };
}

describe('languages', () => {
  it('renders Arabic right to left, mirrored, with Arabic fonts', async () => {
    const { page, chunks, parts } = await open('/play/lobby?lang=ar');
    await page.locator('html[dir="rtl"][lang="ar"][data-lang="ar"]').waitFor();
    const label = page.getByTestId('balance').locator('.label');
    expect(await label.textContent()).toBe('الرصيد');
    expect(await label.isVisible()).toBe(true);
    expect(await page.getByRole('link', { name: 'العودة إلى الردهة' }).isVisible()).toBe(true);
    // Mirrored: the brand, first in the header, sits on the right of the balance.
    const brand = (await page.locator('.app-header .brand').boundingBox())!;
    const balance = (await page.getByTestId('balance').boundingBox())!;
    expect(brand.x).toBeGreaterThan(balance.x);
    expect(await page.evaluate(() => getComputedStyle(document.body).fontFamily)).toContain(
      '"Croupier Arabic"',
    );
    // Only the chosen language and English were fetched, and of them only the words the
    // lobby shows (the common part and the lobby's).
    expect([...new Set(chunks)].sort()).toEqual(['ar', 'en']);
    expect([...new Set(parts)].sort()).toEqual(['ar:common', 'ar:lobby', 'en:common', 'en:lobby']);
    await screenshot(page, 'i18n-ar.png');
    await page.close();
  });

  it('loads cn for zh', async () => {
    const { page, chunks } = await open('/play/lobby?lang=zh');
    await page.locator('html[dir="ltr"][lang="zh-CN"][data-lang="cn"]').waitFor();
    const label = page.getByTestId('balance').locator('.label');
    expect(await label.textContent()).toBe('余额');
    expect(await label.isVisible()).toBe(true);
    expect(chunks).toContain('cn');
    expect(chunks).not.toContain('zh');
    await page.close();
  });

  it.each([
    { lang: 'ja', family: 'Croupier JP', game: 'roulette', table: 'rou-1', sample: '残高' },
    { lang: 'ar', family: 'Croupier Arabic', game: 'baccarat', table: 'bac-1', sample: 'الرصيد' },
  ])(
    "draws $lang with the fonts it ships, and fetches no other language's",
    async ({ lang, family, game, table, sample }) => {
      const page = await context.newPage();
      const fonts: string[] = [];
      page.on('request', (r) => {
        const m = /\/fonts\/([\w-]+)\.woff2$/.exec(new URL(r.url()).pathname);
        if (m) fonts.push(m[1]!);
      });
      await page.goto(`/play/${game}?gameId=${table}&lang=${lang}`);
      await page.getByTestId('preloader').waitFor({ state: 'detached', timeout: 20_000 });
      await page.locator('[data-testid="round-state"]').waitFor();
      await page.evaluate(() => document.fonts.ready);
      // The language's shipped face is loaded and draws its text (before any system font).
      const faces = await page.evaluate(() =>
        [...document.fonts].map((f) => ({ family: f.family.replace(/"/g, ''), status: f.status })),
      );
      expect(
        faces.filter((f) => f.family === family && f.status === 'loaded').length,
      ).toBeGreaterThan(0);
      expect(
        await page.evaluate(([f, t]) => document.fonts.check(`16px "${f}"`, t), [family, sample]),
      ).toBe(true);
      // Only its own language's faces are known to the page, and only those were fetched.
      expect([...new Set(faces.map((f) => f.family))].sort()).toEqual(
        ['Croupier Sans', family].sort(),
      );
      const own = lang === 'ja' ? /^(jp|sans-[\w-]+)-\d+$/ : /^(arabic|sans-[\w-]+)-\d+$/;
      expect(fonts.length).toBeGreaterThan(0);
      for (const f of fonts) expect(f).toMatch(own);
      await screenshot(page, `fonts-${lang}-${table}.png`);
      await page.setViewportSize({ width: 360, height: 640 });
      await page.waitForTimeout(500);
      await screenshot(page, `fonts-${lang}-${table}-phone.png`);
      await page.close();
    },
  );

  it('falls back to English for a language with no file', async () => {
    const { page } = await open('/play/lobby?lang=xx');
    await page.locator('html[dir="ltr"][data-lang="en"]').waitFor();
    expect(await page.getByTestId('balance').locator('.label').textContent()).toBe('Balance');
    await page.close();
  });
});

describe('themes', () => {
  const look = (page: Page) =>
    page.evaluate(() => ({
      theme: document.documentElement.dataset.theme,
      felt: getComputedStyle(document.documentElement).getPropertyValue('--felt').trim(),
      body: getComputedStyle(document.body).backgroundImage,
      header: getComputedStyle(document.querySelector('.app-header')!).backgroundColor,
    }));

  it("blue changes the computed colours; green is the operator's default", async () => {
    const green = await open('/play/lobby');
    await green.page.locator('html[data-theme="green"]').waitFor();
    const g = await look(green.page);
    const blue = await open('/play/lobby?theme=blue');
    await blue.page.locator('html[data-theme="blue"]').waitFor();
    await blue.page.waitForFunction(
      () =>
        getComputedStyle(document.documentElement).getPropertyValue('--felt').trim() === '#114a7a',
    );
    const b = await look(blue.page);
    expect(g.felt).toBe('#0d5a3a');
    expect(b.felt).toBe('#114a7a');
    expect(b.body).not.toBe(g.body);
    expect(b.header).not.toBe(g.header);
    await screenshot(blue.page, 'i18n-blue.png');
    await green.page.close();
    await blue.page.close();
  });
});

type Flags = Record<string, string | undefined>;

const flagsOf = (target: Page | Frame): Promise<Flags> =>
  target.evaluate(() => {
    const b = document.body.dataset;
    return {
      orientation: b.orientation,
      mini: b.layoutMini,
      narrow: b.layoutNarrowMini,
      third: b.layoutThird,
      dial: b.speedDial,
    };
  });

/** Resizes and waits for the watcher to have written the new orientation's flags. */
async function sized(page: Page, width: number, height: number): Promise<Flags> {
  await page.setViewportSize({ width, height });
  await page.waitForFunction(
    ([w, h]) => window.innerWidth === w && window.innerHeight === h,
    [width, height],
  );
  // The resize event is dispatched before the next frame's callbacks: after two frames the
  // watcher has seen the new size, whether or not the orientation changed.
  await page.evaluate(
    () => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(() => r(null)))),
  );
  await page.waitForFunction(
    (o) => document.body.dataset.orientation === o,
    height >= width ? 'portrait' : 'landscape',
  );
  return flagsOf(page);
}

describe('viewport layouts', () => {
  it('switches the flags at the SPEC sizes, landscape and portrait', async () => {
    const { page } = await open('/play/lobby');
    const cases: [number, number, Partial<Flags>][] = [
      // landscape mini: height < 316
      [1000, 315, { orientation: 'landscape', mini: 'true' }],
      [1000, 316, { mini: 'false' }],
      // landscape narrow mini: width < 693 and height < 336
      [692, 335, { narrow: 'true' }],
      [693, 335, { narrow: 'false' }],
      [692, 336, { narrow: 'false' }],
      // landscape third: height < 360; and the speed dial groups under 360
      [1000, 359, { third: 'true', dial: 'grouped' }],
      [1000, 360, { third: 'false', dial: 'open' }],
      // portrait mini: height < 521
      [400, 520, { orientation: 'portrait', mini: 'true' }],
      [400, 521, { mini: 'false' }],
      // portrait narrow mini: width < 376 and height < 628
      [375, 627, { narrow: 'true' }],
      [376, 627, { narrow: 'false' }],
      [375, 628, { narrow: 'false' }],
      // portrait third: height < 656
      [400, 655, { third: 'true' }],
      [400, 656, { third: 'false' }],
      // portrait speed dial: height < 620
      [400, 619, { dial: 'grouped' }],
      [400, 620, { dial: 'open' }],
      // the 360x640 phone, both ways
      [
        360,
        640,
        { orientation: 'portrait', mini: 'false', narrow: 'false', third: 'true', dial: 'open' },
      ],
      [
        640,
        360,
        { orientation: 'landscape', mini: 'false', narrow: 'false', third: 'false', dial: 'open' },
      ],
    ];
    for (const [width, height, expected] of cases) {
      const flags = await sized(page, width, height);
      expect(flags, `${width}x${height}`).toMatchObject(expected);
    }
    // The compact header of the mini layout is really smaller.
    await sized(page, 1000, 600);
    const tall = (await page.locator('.app-header').boundingBox())!.height;
    await sized(page, 1000, 300);
    const mini = (await page.locator('.app-header').boundingBox())!.height;
    expect(mini).toBeLessThan(tall);
    await screenshot(page, 'i18n-mini-1000x300.png');
    await page.close();
  });

  it('groups the speed dial under 300 in a frame (launch parameter lobbyInFrame)', async () => {
    const { page } = await open('/play/lobby?lobbyInFrame=true');
    expect(await sized(page, 1000, 299)).toMatchObject({ dial: 'grouped' });
    expect(await sized(page, 1000, 300)).toMatchObject({ dial: 'open' });
    expect(await sized(page, 1000, 359)).toMatchObject({ dial: 'open', third: 'true' });
    expect(await sized(page, 400, 619)).toMatchObject({ dial: 'grouped' }); // portrait rule
    await page.close();
  });

  it('knows it is in a frame without the parameter', async () => {
    const page = await context.newPage();
    // A host page on the server's origin (so the frame shares the session cookie).
    await page.route('**/host-page.html', (route) =>
      route.fulfill({
        contentType: 'text/html',
        body: '<!doctype html><title>host</title><body style="margin:0"><iframe id="f" src="/play/lobby" style="border:0;width:1000px;height:299px"></iframe>',
      }),
    );
    await page.goto('/host-page.html');
    const frame = (await (await page.$('#f'))!.contentFrame())!;
    await frame.getByTestId('balance').waitFor({ timeout: 20_000 });
    await frame.waitForFunction(() => document.body.dataset.speedDial === 'grouped');
    expect(await flagsOf(frame)).toMatchObject({ dial: 'grouped', mini: 'true' });
    await page.evaluate(() => {
      document.getElementById('f')!.style.height = '300px';
    });
    await frame.waitForFunction(() => document.body.dataset.speedDial === 'open');
    expect(await flagsOf(frame)).toMatchObject({ dial: 'open', third: 'true' });
    await page.close();
  });
});
