// Starts the real croupierd (built by CMake) on a free loopback port with short rounds,
// serving the built client, and Debian's Chromium through playwright-core.
import { type ChildProcess, spawn } from 'node:child_process';
import { createHmac } from 'node:crypto';
import {
  copyFileSync,
  existsSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';

import {
  type Browser,
  type BrowserContext,
  type BrowserContextOptions,
  type Locator,
  type Page,
  chromium,
  devices,
} from 'playwright-core';

export const ROOT = resolve(import.meta.dirname, '..', '..');
const CROUPIERD = process.env.CROUPIERD ?? join(ROOT, 'build', 'server', 'croupierd');
const DIST = process.env.CROUPIER_DIST ?? join(ROOT, 'client', 'dist');
const DATA = join(ROOT, 'server', 'data');
/** Where the journeys save their screenshots (`screenshot`). */
export const RESULTS = join(ROOT, 'client', 'test-results');

/**
 * Saves what `target` shows as `name` in RESULTS, at one pixel per CSS pixel
 * (`scale: 'css'`): a phone's at its 2.75 device pixels cost the browser 0.66 CPU-seconds
 * to capture and encode, 0.095 at CSS pixels, and the journeys take about 150 of them
 * (docs/testing.md).
 */
export async function screenshot(
  target: Page | Locator,
  name: string,
  options: { fullPage?: boolean } = {},
): Promise<void> {
  await target.screenshot({ ...options, scale: 'css', path: join(RESULTS, name) });
}

export interface Server {
  url: string;
  dataDir: string;
  stop(): Promise<void>;
  /** SIGKILL, as a crash. */
  kill(): Promise<void>;
}

/** Round timings for the journeys: long enough to click, short enough to wait for. */
export const TIMINGS = {
  bettingMs: 7000,
  closingSoonMs: 2000,
  betsClosedMs: 500,
  spinMs: 2500,
  resultMs: 3000,
  nextGameMs: 1000,
};

export interface ServerOptions {
  /** Changes the demo casino before the server reads it (tests only: scripted results). */
  casino?: (casino: Casino) => void;
  /** A fixed RNG seed (required by scripted results). */
  seed?: number;
  /** Tables that deal one scripted outcome text every round (needs `seed`), by table id. */
  scripted?: Record<string, string>;
  /** Round timings other than the journeys' usual ones. */
  timings?: Partial<typeof TIMINGS>;
  /** The session's inactivity timeout in seconds (the server's default is 20 minutes). */
  idleTimeoutS?: number;
  /**
   * The quick guide as a newcomer meets it (it opens by itself over a table the first
   * times). Off by default: the journeys play as players who have seen it, through the
   * operators' quick_guide_disabled.
   */
  quickGuide?: boolean;
  /** Keep the demo operator's bonus campaigns (its welcome free chips); by default removed. */
  bonusOffers?: boolean;
  /** Keep the demo operator's promotions (its daily race); by default removed. */
  promotions?: boolean;
  /**
   * Stream the tables that have video (the demo's roulette and card tables) through ffmpeg.
   * Off by default: the journeys meet the drawn studio, and two cores are spared encoders.
   */
  video?: boolean;
  /** More flags for croupierd (a cluster's node: --database, --nats, --node-id). */
  args?: string[];
}

// The demo casino file's shape, as far as the tests change it.
export interface Casino {
  tables: { id: string; scriptedResults?: string[]; [key: string]: unknown }[];
  operators?: {
    id: string;
    origins?: string[];
    casinoConfigFile?: string;
    [key: string]: unknown;
  }[];
  [key: string]: unknown;
}

/**
 * The casino file a journey's server reads: the demo casino, changed by the options,
 * written to the data directory with the swear-word list beside it.
 */
function casinoFile(options: ServerOptions, dataDir: string): string {
  const casino = JSON.parse(readFileSync(join(DATA, 'casino.json'), 'utf8')) as Casino;
  // The operators' configuration files are named relative to the demo casino file.
  for (const op of casino.operators ?? [])
    if (op.casinoConfigFile) op.casinoConfigFile = join(DATA, op.casinoConfigFile);
  options.casino?.(casino);
  // The demo's welcome bonus would greet every new guest with its acceptance dialog: only
  // the journeys about bonuses keep it.
  if (!options.bonusOffers) for (const op of casino.operators ?? []) delete op.campaigns;
  // The demo's daily race adds the promotions panel and the tables' trophy: only the
  // journeys about promotions keep it.
  if (!options.promotions) for (const op of casino.operators ?? []) delete op.promotions;
  if (!options.quickGuide)
    for (const op of casino.operators ?? []) {
      const off = { quick_guide_disabled: true };
      if (op.casinoConfigFile) {
        const own = JSON.parse(readFileSync(op.casinoConfigFile, 'utf8')) as object;
        const file = join(dataDir, `${op.id}-casino-config.json`);
        writeFileSync(file, JSON.stringify({ ...own, ...off }));
        op.casinoConfigFile = file;
      } else {
        op.casinoConfig = { ...(op.casinoConfig as object | undefined), ...off };
      }
    }
  for (const t of casino.tables) {
    const outcome = options.scripted?.[t.id];
    if (outcome) t.scriptedResults = Array<string>(60).fill(outcome);
  }
  const file = join(dataDir, 'casino.json');
  writeFileSync(file, JSON.stringify(casino));
  // The swear-word list sits beside the casino file, as in a deployment.
  copyFileSync(join(DATA, 'swearwords.txt'), join(dataDir, 'swearwords.txt'));
  return file;
}

export async function startServer(options: ServerOptions = {}): Promise<Server> {
  if (!existsSync(CROUPIERD))
    throw new Error(`${CROUPIERD} is missing: build the server first (make build)`);
  if (!existsSync(join(DIST, 'index.html')))
    throw new Error(`${DIST} is missing: build the client first (npm run build)`);
  const dataDir = mkdtempSync(join(tmpdir(), 'croupier-e2e-'));
  const portFile = join(dataDir, 'port');
  const extra: string[] = [];
  extra.push('--casino-file', casinoFile(options, dataDir));
  if (options.seed !== undefined) extra.push('--rng-seed', String(options.seed));
  extra.push('--video', options.video ? 'true' : 'false');
  if (options.idleTimeoutS !== undefined)
    extra.push('--session-idle-timeout-s', String(options.idleTimeoutS));
  const timings = { ...TIMINGS, ...options.timings };
  const child: ChildProcess = spawn(
    CROUPIERD,
    [
      '--port',
      '0',
      '--port-file',
      portFile,
      '--data-dir',
      dataDir,
      '--static-dir',
      DIST,
      '--betting-ms',
      String(timings.bettingMs),
      '--closing-soon-ms',
      String(timings.closingSoonMs),
      '--bets-closed-ms',
      String(timings.betsClosedMs),
      '--spin-ms',
      String(timings.spinMs),
      '--result-ms',
      String(timings.resultMs),
      '--next-game-ms',
      String(timings.nextGameMs),
      '--timer-interval-ms',
      '2000',
      '--log-level',
      'warn',
      '--http-rate-per-s',
      '1000',
      '--http-burst',
      '2000',
      ...extra,
      ...(options.args ?? []),
    ],
    { stdio: ['ignore', 'ignore', 'inherit'] },
  );
  // 30 s: a sanitized croupierd (make test-full's) starts slower, and on a loaded machine.
  for (let i = 0; i < 600; i++) {
    if (existsSync(portFile)) {
      const port = Number(readFileSync(portFile, 'utf8').trim());
      if (port > 0) {
        const url = `http://127.0.0.1:${port}`;
        const ready = await fetch(`${url}/readyz`)
          .then((r) => r.ok)
          .catch(() => false);
        if (ready) {
          return {
            url,
            dataDir,
            // Once it has exited, its data directory goes too (a run of the journeys
            // left 34 ledgers in /tmp).
            stop: async () => {
              if (child.exitCode === null && child.signalCode === null) {
                child.kill('SIGTERM');
                await new Promise((r) => child.once('exit', r));
              }
              rmSync(dataDir, { recursive: true, force: true });
            },
            kill: async () => {
              if (child.exitCode === null && child.signalCode === null) {
                child.kill('SIGKILL');
                await new Promise((r) => child.once('exit', r));
              }
              rmSync(dataDir, { recursive: true, force: true });
            },
          };
        }
      }
    }
    if (child.exitCode !== null) {
      rmSync(dataDir, { recursive: true, force: true });
      throw new Error(`croupierd exited with ${child.exitCode}`);
    }
    await sleep(50);
  }
  child.kill('SIGKILL');
  throw new Error('croupierd did not become ready');
}

/**
 * Makes a new guest in `page`: its errors are logged, "/" creates the guest and lands on
 * the lobby, and the preloader is gone.
 */
export async function openAsGuest(page: Page, base: string): Promise<void> {
  await openAsGuestAt(page, `${base}/`); // redirected to the lobby by the server
  await page.waitForURL(/\/play\/lobby/);
}

/**
 * Makes a new guest in `page` straight at `url` (a page under /play/, which makes the guest
 * as "/" does): one page load where openAsGuest and a `goto` are two, and a page load costs
 * the headless browser about 3 CPU-seconds (docs/testing.md).
 */
export async function openAsGuestAt(page: Page, url: string): Promise<void> {
  page.on('pageerror', (e) => console.error('page error:', e.message));
  await page.goto(url);
  await page.getByTestId('preloader').waitFor({ state: 'detached', timeout: 20_000 });
}

/**
 * Chromium's features the journeys turn off. Each window of the headless browser (one per
 * context) preloads its address bar's suggestion popup, two WebUI pages
 * (`chrome://omnibox-popup.top-chrome/`) in two renderer processes of their own: about 2.3
 * of the 4.6 CPU-seconds a journey's page load cost (docs/testing.md). No page sees them.
 */
const JOURNEY_DISABLED_FEATURES = ['WebUIOmniboxPopup', 'WebUIOmniboxAimPopup'];

/**
 * Playwright's own `--disable-features` (playwright-core 1.65, `chromiumSwitches.ts`).
 * Chromium keeps only the last `--disable-features` of its command line, so the journeys'
 * switch repeats these; `launchBrowser` fails if Playwright's list has grown past it.
 */
const PLAYWRIGHT_DISABLED_FEATURES = [
  'AvoidUnnecessaryBeforeUnloadCheckSync',
  'DestroyProfileOnBrowserClose',
  'HttpsUpgrades',
  'HttpsFirstBalancedModeAutoEnable',
  'LensOverlay',
  'MediaRouter',
  'PaintHolding',
  'ThirdPartyStoragePartitioning',
  'AvoidCorsURLLoaderRestartOnRedirect',
  'TcpPortRandomizationWin',
  'OptimizationHints',
  'NetworkTimeServiceQuerying',
  'AimEnabled',
  'PreconnectToSearch',
  'msForceBrowserSignIn',
  'msEdgeUpdateLaunchServicesPreferredVersion',
];

/** The command lines of this process's children that Playwright launched (a browser). */
function launchedCommandLines(): string[][] {
  const lines: string[][] = [];
  for (const pid of readdirSync('/proc').filter((d) => /^\d+$/.test(d))) {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      if (ppid !== process.pid) continue;
      const argv = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0');
      if (argv.includes('--remote-debugging-pipe')) lines.push(argv);
    } catch {
      // gone meanwhile
    }
  }
  return lines;
}

export async function launchBrowser(): Promise<Browser> {
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM ?? '/usr/bin/chromium',
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      `--disable-features=${[...PLAYWRIGHT_DISABLED_FEATURES, ...JOURNEY_DISABLED_FEATURES].join(',')}`,
    ],
  });
  // The browser's command line as Playwright passed it (its process is this one's child):
  // every feature an earlier --disable-features names must be in the last, the one applied.
  const launched = launchedCommandLines();
  if (launched.length === 0) throw new Error("no launched browser's command line in /proc");
  const dropped = launched
    .map((argv) =>
      argv
        .filter((a) => a.startsWith('--disable-features='))
        .map((a) => a.slice('--disable-features='.length).split(',')),
    )
    .flatMap((lists) => lists.flat().filter((f) => f && !lists.at(-1)!.includes(f)));
  if (dropped.length > 0) {
    await browser.close();
    throw new Error(
      `Playwright disables ${dropped.join(', ')}, which the journeys' --disable-features ` +
        'would drop: add them to PLAYWRIGHT_DISABLED_FEATURES in e2e/harness.ts',
    );
  }
  return browser;
}

/**
 * What the journeys' pages ask of motion: less, unless a journey is about the motion itself
 * (`{ reducedMotion: 'no-preference' }`). A turning wheel is software-composited 30 times a
 * second by the headless browser: most of a core for each roulette, money-wheel or candy
 * table left open, on a CI machine of two (docs/testing.md "Where make test spends").
 */
export const JOURNEY_MOTION: BrowserContextOptions = { reducedMotion: 'reduce' };

export async function desktopContext(
  browser: Browser,
  baseURL: string,
  viewport = { width: 1280, height: 800 },
  options: BrowserContextOptions = {},
): Promise<BrowserContext> {
  return browser.newContext({ viewport, baseURL, ...JOURNEY_MOTION, ...options });
}

/** A 360x640 portrait phone with touch. */
export async function phoneContext(
  browser: Browser,
  baseURL: string,
  options: BrowserContextOptions = {},
): Promise<BrowserContext> {
  const pixel = devices['Pixel 5']!;
  return browser.newContext({
    ...pixel,
    viewport: { width: 360, height: 640 },
    screen: { width: 360, height: 640 },
    baseURL,
    ...JOURNEY_MOTION,
    ...options,
  });
}

/** The studio's back office: an operator entry with "supervisor": true (chat, notices). */
const STUDIO = { id: 'studio', secret: 'studio-secret-0123456789' };

/** Adds the studio to a casino (for startServer's `casino`). */
export function withStudio(casino: Casino): void {
  casino.operators!.push({
    id: STUDIO.id,
    name: 'The Studio',
    secret: STUDIO.secret,
    supervisor: true,
    currency: 'EUR',
  });
}

/** A signed call of the studio's back office, as its server makes it. */
export async function studioPost(
  server: Server,
  path: string,
  body: Record<string, unknown>,
): Promise<Response> {
  const text = JSON.stringify({ operatorId: STUDIO.id, timestamp: Date.now(), ...body });
  const sig = createHmac('sha256', STUDIO.secret).update(text).digest('hex');
  return fetch(`${server.url}${path}`, {
    method: 'POST',
    headers: {
      'Content-Type': 'application/json',
      'X-Croupier-Signature': `sha256=${sig}`,
      'X-XSRF-TOKEN': 'studio',
      Cookie: 'XSRF-TOKEN=studio',
    },
    body: text,
  });
}
