// The game's sound in Chromium against the real croupierd, seen through its <audio>
// elements (lib/sound's deck): the music plays from the first touch and a chip sounds
// when placed; with the effects and the music turned down to nothing they are muted and no
// chip sounds; turned up again, they play; the dealer announces the roulette number in
// the player's language, with subtitles when the player turns them on.
import { mkdirSync } from 'node:fs';

import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { RESULTS, type Server, desktopContext, launchBrowser, startServer } from './harness';
import { TablePage } from './table';

let server: Server;
let browser: Browser;

beforeAll(async () => {
  mkdirSync(RESULTS, { recursive: true });
  server = await startServer({ seed: 3, scripted: { 'rou-1': '22' } });
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

interface Audio {
  sound: string;
  muted: boolean;
  paused: boolean;
  volume: number;
  src: string;
}

const deck = (page: Page): Promise<Audio[]> =>
  page.evaluate(() =>
    [...document.querySelectorAll<HTMLAudioElement>('#sound-deck audio')].map((a) => ({
      sound: a.dataset.sound!,
      muted: a.muted,
      paused: a.paused,
      volume: a.volume,
      src: a.src,
    })),
  );

/** The sounds started since the last call, by name. */
const played = (page: Page): Promise<string[]> =>
  page.evaluate(() => {
    const w = window as unknown as { played?: string[] };
    const out = w.played ?? [];
    w.played = [];
    return out;
  });

async function setVolume(page: Page, name: string, key: 'Home' | 'End') {
  await page.getByRole('button', { name: 'Settings' }).click();
  const dialog = page.getByRole('dialog', { name: 'Settings' });
  const saved = page.waitForResponse((r) => r.url().includes('savePlayerConfigGeneric'));
  await dialog.getByRole('slider', { name }).press(key);
  await saved;
  await page.keyboard.press('Escape');
  await dialog.waitFor({ state: 'detached' });
}

describe('sound', () => {
  it('plays, mutes and follows the volumes; the dealer announces the number', async () => {
    const context = await desktopContext(browser, server.url, { width: 1366, height: 768 });
    const page = await context.newPage();
    const table = new TablePage(page, 'rou-1');
    await table.enterFromLobby(server.url, 'roulette');
    await page.evaluate(() => {
      const w = window as unknown as { played: string[] };
      w.played = [];
      document
        .getElementById('sound-deck')!
        .addEventListener(
          'play',
          (e) => w.played.push((e.target as HTMLElement).dataset.sound!),
          true,
        );
    });
    // The defaults: 20 % each, nothing muted; the music has played since the first touch
    // (the click on the lobby's table).
    const before = await deck(page);
    expect(before.map((a) => a.sound).sort()).toEqual(['chip', 'closed', 'dealer', 'music', 'win']);
    expect(before.every((a) => !a.muted && Math.abs(a.volume - 0.2) < 1e-6)).toBe(true);
    expect(before.find((a) => a.sound === 'music')!.paused).toBe(false);

    // A chip: its sound.
    await table.waitForBetting(4);
    await table.chip('€1');
    await table.bet('RED');
    expect(await played(page)).toContain('chip');

    // Effects and music down to nothing: muted, the music stops, a chip is silent.
    await setVolume(page, 'Game effects', 'Home');
    await setVolume(page, 'Background music', 'Home');
    let now = await deck(page);
    for (const s of ['chip', 'closed', 'win', 'music'])
      expect(now.find((a) => a.sound === s)).toMatchObject({ muted: true, paused: true });
    expect(now.find((a) => a.sound === 'dealer')!.muted).toBe(false);
    await played(page);
    await table.waitForBetting(4);
    await table.bet('BLACK');
    await page.waitForTimeout(300);
    expect(await played(page)).not.toContain('chip');

    // Up again: they play.
    await setVolume(page, 'Game effects', 'End');
    now = await deck(page);
    expect(now.find((a) => a.sound === 'chip')).toMatchObject({ muted: false, volume: 1 });
    await table.waitForBetting(4);
    await table.bet('EVEN');
    expect(await played(page)).toContain('chip');

    // The dealer: the ball lands on the scripted 22 and the dealer says "22, Black", which
    // the subtitles show once the player turns them on (the demo operator offers them).
    await page.getByTestId('subtitles-toggle').click();
    const gameId = await table.waitForBetting(2);
    await table.waitForResultOf(gameId);
    await page.getByTestId('subtitles').waitFor({ timeout: 10_000 });
    expect(await page.getByTestId('subtitles').innerText()).toBe('22, Black');
    const dealer = (await deck(page)).find((a) => a.sound === 'dealer')!;
    expect(dealer.src).toMatch(/\/sounds\/voice\/en\/roulette-22\.mp3$/);
    expect(await played(page)).toContain('dealer');
    // The clip is there, as an MP3.
    const clip = await page.request.get(`${server.url}/sounds/voice/en/roulette-22.mp3`);
    expect(clip.status()).toBe(200);
    expect((await clip.body()).length).toBeGreaterThan(1000);
    await context.close();
  });
});
