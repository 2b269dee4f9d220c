// Lighthouse's mobile performance audit (its default: a mid-range phone, 4× slower CPU,
// slow 4G, simulated) of the lobby and a table, served by the built croupierd with the
// built client, in Debian's Chromium. Prints performance, LCP, TBT and CLS per page,
// the median of `--runs` runs (default 3), and writes the last full reports as JSON to
// test-results/. Not part of `make test` (figures, not a pass/fail check): `make
// lighthouse`, recorded in docs/PERFORMANCE.md.
//
//   node scripts/lighthouse.mjs [--runs N] [path ...]
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';

import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const CROUPIERD = process.env.CROUPIERD ?? join(ROOT, 'build', 'server', 'croupierd');
const DIST = process.env.CROUPIER_DIST ?? join(ROOT, 'client', 'dist');
const RESULTS = join(ROOT, 'client', 'test-results');

const args = process.argv.slice(2);
const runsAt = args.indexOf('--runs');
const runs = runsAt >= 0 ? Number(args.splice(runsAt, 2)[1]) : 3;
const paths = args.length > 0 ? args : ['/play/lobby', '/play/roulette?gameId=rou-1'];

/** The built server on a free port, with its own data directory. */
async function startServer() {
  for (const [what, file] of [
    ['the server (make build)', CROUPIERD],
    ['the client (npm run build)', join(DIST, 'index.html')],
  ])
    if (!existsSync(file)) throw new Error(`${file} is missing: build ${what} first`);
  const dataDir = mkdtempSync(join(tmpdir(), 'croupier-lighthouse-'));
  const portFile = join(dataDir, 'port');
  const child = spawn(
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
      '--log-level',
      'warn',
    ],
    { stdio: ['ignore', 'ignore', 'inherit'] },
  );
  for (let i = 0; i < 200; i++) {
    const port = existsSync(portFile) ? Number(readFileSync(portFile, 'utf8').trim()) : 0;
    if (port > 0 && (await fetch(`http://127.0.0.1:${port}/readyz`).catch(() => null))?.ok)
      return { url: `http://127.0.0.1:${port}`, stop: () => child.kill('SIGTERM') };
    if (child.exitCode !== null) throw new Error(`croupierd exited with ${child.exitCode}`);
    await sleep(50);
  }
  child.kill('SIGKILL');
  throw new Error('croupierd did not become ready');
}

/** A guest's session cookies, as "/" makes them for a new visitor. */
async function guestCookies(url) {
  const r = await fetch(`${url}/`, { redirect: 'manual' });
  return r.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

const server = await startServer();
const chrome = await chromeLauncher.launch({
  chromePath: process.env.CHROMIUM ?? '/usr/bin/chromium',
  chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--no-first-run'],
});
mkdirSync(RESULTS, { recursive: true });
const rows = [];
try {
  for (const path of paths) {
    const found = { performance: [], lcp: [], tbt: [], cls: [] };
    for (let run = 0; run < runs; run++) {
      const cookie = await guestCookies(server.url);
      const { lhr, report } = await lighthouse(`${server.url}${path}`, {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: ['performance'],
        extraHeaders: { Cookie: cookie },
      });
      found.performance.push(Math.round(lhr.categories.performance.score * 100));
      found.lcp.push(lhr.audits['largest-contentful-paint'].numericValue);
      found.tbt.push(lhr.audits['total-blocking-time'].numericValue);
      found.cls.push(lhr.audits['cumulative-layout-shift'].numericValue);
      const name = path.replace(/[^a-z0-9]+/gi, '-').replace(/^-|-$/g, '');
      writeFileSync(join(RESULTS, `lighthouse-${name}.json`), report);
    }
    rows.push({
      page: path,
      performance: median(found.performance),
      'LCP ms': Math.round(median(found.lcp)),
      'TBT ms': Math.round(median(found.tbt)),
      CLS: Number(median(found.cls).toFixed(3)),
      'TBT runs': found.tbt.map(Math.round).join(' '),
      'CLS runs': found.cls.map((c) => c.toFixed(2)).join(' '),
    });
  }
} finally {
  await chrome.kill();
  server.stop();
}
console.log(`Lighthouse mobile (simulated), median of ${runs} runs`);
console.table(rows);
