// A roulette table's live video in Chromium against the real croupierd streaming its
// synthetic studio (startServer's `video`: HLS through ffmpeg): the preloader waits for
// the first frame, the picture moves, the delay meter shows a figure, the quality setting
// switches the rendition at once, and what the video shows is the table's own result: the
// frame code the studio draws along the bottom of every frame (docs/studio.md), read off
// the playing <video>, carries the number the page announced. And on a phone: the video
// and its meter in view, nothing wider than the screen, no accessibility finding.
import { mkdirSync } from 'node:fs';

import type { Browser, Page } from 'playwright-core';
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
import { axeFindings } from './axe';
import { horizontalOverflow } from './layout';
import { TablePage } from './table';

let server: Server;
let browser: Browser;

beforeAll(async () => {
  mkdirSync(RESULTS, { recursive: true });
  server = await startServer({ video: true });
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/** Keeps the page's lifecycle events (lib/lifecycle) in window.__lifecycle, from its start. */
async function recordLifecycle(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const w = window as unknown as { __lifecycle: { name: string; at: number }[] };
    w.__lifecycle = [];
    window.addEventListener('croupier:lifecycle', (e) => {
      const detail = (e as CustomEvent<{ name: string }>).detail;
      w.__lifecycle.push({ ...detail, at: performance.now() });
    });
  });
}

function lifecycle(page: Page): Promise<{ name: string; at: number; rendition?: string }[]> {
  return page.evaluate(
    () =>
      (window as unknown as { __lifecycle: { name: string; at: number; rendition?: string }[] })
        .__lifecycle,
  );
}

/** The <video>'s state: its time, its picture's size, whether it has a frame. */
function videoState(page: Page) {
  return page.getByTestId('table-video').evaluate((v: HTMLVideoElement) => ({
    currentTime: v.currentTime,
    width: v.videoWidth,
    height: v.videoHeight,
    readyState: v.readyState,
    paused: v.paused,
  }));
}

/**
 * The frame code of the frame the <video> shows now, or null when it does not read: 48
 * squares along the bottom of the 854x480 picture (scaled to the rendition), white is 1;
 * 1011 sync, 8 bits of value, 32 of time, and a 4-bit XOR of the ten nibbles before it.
 */
function readFrameCode(page: Page): Promise<{ value: number; time: number } | null> {
  return page.getByTestId('table-video').evaluate((v: HTMLVideoElement) => {
    const w = v.videoWidth;
    const h = v.videoHeight;
    if (w === 0 || h === 0) return null;
    const canvas = document.createElement('canvas');
    canvas.width = w;
    canvas.height = h;
    const g = canvas.getContext('2d', { willReadFrequently: true });
    if (!g) return null;
    g.drawImage(v, 0, 0, w, h);
    const sx = w / 854;
    const sy = h / 480;
    const bits: number[] = [];
    for (let i = 0; i < 48; i++) {
      // The square's centre, averaged over a few pixels (a small rendition blurs edges).
      const x = Math.round((43 + 16 * i + 8) * sx);
      const y = Math.round(470 * sy);
      const d = g.getImageData(x - 1, y - 1, 3, 3).data;
      let luma = 0;
      for (let p = 0; p < d.length; p += 4)
        luma += 0.299 * d[p]! + 0.587 * d[p + 1]! + 0.114 * d[p + 2]!;
      bits.push(luma / 9 >= 128 ? 1 : 0);
    }
    const field = (from: number, n: number) =>
      bits.slice(from, from + n).reduce((acc, b) => acc * 2 + b, 0);
    if (field(0, 4) !== 0b1011) return null;
    let xor = 0;
    for (let k = 0; k < 10; k++) xor ^= field(4 + 4 * k, 4);
    if (xor !== field(44, 4)) return null;
    return { value: field(4, 8), time: field(12, 32) };
  });
}

describe('live video at a roulette table', () => {
  it('plays the studio: first frame before the preloader goes, a delay meter, the quality setting, the result in the picture', async () => {
    const context = await desktopContext(browser, server.url);
    const page = await context.newPage();
    await recordLifecycle(page);
    const qualityCalls: string[] = [];
    page.on('request', (r) => {
      if (r.method() === 'PUT' && r.url().endsWith('/quality/video'))
        qualityCalls.push(r.postData() ?? '');
    });
    await openAsGuest(page, server.url);

    // Straight to the table: the preloader stays until the video's first frame has played.
    await page.goto(`${server.url}/play/roulette?gameId=rou-1`);
    await page.getByTestId('roulette-table').waitFor({ timeout: 20_000 });
    await page.getByTestId('preloader').waitFor({ state: 'detached', timeout: 25_000 });
    const events = await lifecycle(page);
    const initialised = events.find((e) => e.name === 'video initialised');
    const launchEnd = events.find((e) => e.name === 'launch end');
    expect(initialised, JSON.stringify(events.map((e) => e.name))).toBeDefined();
    expect(launchEnd).toBeDefined();
    expect(initialised!.at).toBeLessThan(launchEnd!.at);
    expect(events.some((e) => e.name === 'video error')).toBe(false);
    expect(await page.getByTestId('table-video-box').getAttribute('data-phase')).toBe('playing');
    const first = await videoState(page);
    expect(first.readyState).toBeGreaterThanOrEqual(2); // it has a frame

    // The picture moves.
    await expect
      .poll(async () => (await videoState(page)).currentTime, { timeout: 5000 })
      .toBeGreaterThan(first.currentTime + 0.5);

    // The delay meter: a figure of seconds, in its data a plausible delay.
    const meter = page.getByTestId('video-latency');
    await meter.locator('.tv-delay').waitFor({ timeout: 5000 });
    expect(await meter.textContent()).toMatch(/\d\.\d s/);
    const latencyMs = Number(await meter.getAttribute('data-latency-ms'));
    expect(latencyMs).toBeGreaterThan(0);
    expect(latencyMs).toBeLessThan(20_000);

    // Settings: video quality Low plays the low rendition, and is recorded.
    const menu = page.locator('header.app-header').getByRole('button', { name: 'More' });
    if (await menu.isVisible()) await menu.click();
    await page.getByRole('button', { name: 'Settings' }).click();
    const dialog = page.getByRole('dialog', { name: 'Settings' });
    await dialog.getByRole('radio', { name: 'Low' }).check();
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    await expect.poll(async () => (await videoState(page)).height, { timeout: 10_000 }).toBe(240);
    expect(qualityCalls.map((b) => JSON.parse(b) as unknown)).toEqual([
      { tableId: 'rou-1', quality: 'low' },
    ]);

    // A round's result: the frame code on the video shows the number the page announced.
    const table = new TablePage(page);
    await table.waitForState(6, 40_000);
    const gameId = (await table.gameId())!;
    await table.waitForResultOf(gameId);
    const announced = Number(await page.getByTestId('result-number').textContent());
    let seen: number[] = [];
    await expect
      .poll(
        async () => {
          const code = await readFrameCode(page);
          if (code) seen = [...seen.slice(-5), code.value];
          return code?.value;
        },
        { timeout: 15_000, interval: 250 },
      )
      .toBe(announced);
    expect(seen.length).toBeGreaterThan(0);
    await screenshot(page, 'video-desktop.png');
    await context.close();
  });

  it('on a 360x640 phone: the video and its meter in view, nothing wider than the screen', async () => {
    const context = await phoneContext(browser, server.url);
    const page = await context.newPage();
    await openAsGuest(page, server.url);
    await page.goto(`${server.url}/play/roulette?gameId=rou-1`);
    await page.getByTestId('roulette-table').waitFor({ timeout: 20_000 });
    await page.getByTestId('preloader').waitFor({ state: 'detached', timeout: 25_000 });
    await page.getByTestId('video-latency').locator('.tv-delay').waitFor({ timeout: 5000 });
    const boxes = await page.evaluate(() => {
      const box = (s: string) => {
        const r = document.querySelector(s)!.getBoundingClientRect();
        return { left: r.left, top: r.top, right: r.right, bottom: r.bottom, width: r.width };
      };
      return {
        video: box('[data-testid="table-video"]'),
        meter: box('[data-testid="video-latency"]'),
        vw: document.documentElement.clientWidth,
        vh: window.innerHeight,
      };
    });
    for (const b of [boxes.video, boxes.meter]) {
      expect(b.width).toBeGreaterThan(0);
      expect(b.left).toBeGreaterThanOrEqual(0);
      expect(b.top).toBeGreaterThanOrEqual(0);
      expect(b.right).toBeLessThanOrEqual(boxes.vw);
      expect(b.bottom).toBeLessThanOrEqual(boxes.vh);
    }
    // The meter sits on the picture.
    expect(boxes.meter.left).toBeGreaterThanOrEqual(boxes.video.left);
    expect(boxes.meter.top).toBeGreaterThanOrEqual(boxes.video.top);
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
    expect(await axeFindings(page)).toEqual([]);
    await screenshot(page, 'video-mobile.png');
    await context.close();
  });
});
