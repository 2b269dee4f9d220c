// A player in Chromium on a cluster of two croupierd nodes (issue 17): PostgreSQL and
// nats-server on loopback, started here. The player's browser talks to one node while
// the roulette table runs on the other; that node is killed (SIGKILL) in the middle of
// the player's round, and the table comes back on the player's own node: the browser is
// told, asks for the table's state again, and plays on, with the balance exact.
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';

import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { ROOT, type Server, desktopContext, launchBrowser, startServer } from './harness';
import { RED, TablePage } from './table';

let browser: Browser;
let pgDir: string;
let nats: ChildProcess | undefined;
const nodes: Server[] = [];

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const port = (s.address() as { port: number }).port;
      s.close(() => resolve(port));
    });
  });
}

/** The node holding the table's lease now, from the cluster's database. */
function owner(table: string): string {
  return execFileSync(
    'psql',
    [
      '-h',
      pgDir,
      '-p',
      '5432',
      '-U',
      'croupier',
      '-d',
      'e2e',
      '-tAc',
      `SELECT node FROM table_leases WHERE table_id = '${table}' AND expires_ms > (extract(epoch FROM clock_timestamp()) * 1000)::bigint`,
    ],
    { encoding: 'utf8' },
  ).trim();
}

beforeAll(async () => {
  pgDir = mkdtempSync(join(tmpdir(), 'croupier-e2e-pg-'));
  execFileSync(join(ROOT, 'scripts', 'test-postgres'), ['start', pgDir], { stdio: 'ignore' });
  execFileSync('createdb', ['-h', pgDir, '-p', '5432', '-U', 'croupier', 'e2e']);
  const natsPort = await freePort();
  nats = spawn('nats-server', ['-a', '127.0.0.1', '-p', String(natsPort), '-l', '/dev/null'], {
    stdio: 'ignore',
  });
  await sleep(300);
  const database = `postgresql:///e2e?host=${pgDir}&port=5432&user=croupier`;
  // Started together, as a cluster starts: they share the tables out.
  nodes.push(
    ...(await Promise.all(
      ['n1', 'n2'].map((id) =>
        startServer({
          args: [
            '--database',
            database,
            '--nats',
            `nats://127.0.0.1:${natsPort}`,
            '--node-id',
            id,
            '--lease-ttl-ms',
            '2000',
          ],
        }),
      ),
    )),
  );
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  for (const n of nodes) await n.stop();
  nats?.kill('SIGKILL');
  if (pgDir) {
    execFileSync(join(ROOT, 'scripts', 'test-postgres'), ['stop', pgDir], { stdio: 'ignore' });
    rmSync(pgDir, { recursive: true, force: true });
  }
});

/** What one red bet of €1 returns for a result. */
function redReturn(n: number): number {
  return RED.has(n) ? 2 * 100_000 : 0;
}

describe('a cluster of two nodes', () => {
  it('plays on when the node running the table dies mid-round', async () => {
    // The table's owner, once the nodes have shared the tables out.
    let running = '';
    for (let i = 0; i < 100 && !running; i++) {
      running = owner('rou-1');
      if (!running) await sleep(100);
    }
    expect(['n1', 'n2']).toContain(running);
    const [n1, n2] = nodes as [Server, Server];
    const mine = running === 'n1' ? n2 : n1; // the player's node: the other one
    const doomed = running === 'n1' ? n1 : n2;

    const context = await desktopContext(browser, mine.url);
    const table = new TablePage(await context.newPage());
    await table.enterFromLobby(mine.url);

    // A round through the other node: the bet goes there, the result comes back.
    let gameId = await table.waitForBetting(4);
    const start = await table.serverBalance();
    await table.chip('€1');
    await table.bet('RED');
    await table.expectBalance(start - 100_000);
    const first = await table.landedResult(gameId);
    const afterFirst = start - 100_000 + redReturn(first.shown);
    await table.expectBalance(afterFirst);
    expect(await table.serverBalance()).toBe(afterFirst);

    // The owner dies with the player's next bet on the table.
    gameId = await table.waitForBetting(4);
    await table.chip('€1');
    await table.bet('RED');
    await table.expectBalance(afterFirst - 100_000);
    await doomed.kill();

    // The table comes back on the player's node: the round that was open is refunded (or
    // settled, had its result been drawn), exactly once, and betting opens again.
    let reopened = '';
    for (let i = 0; i < 3 && (!reopened || reopened === gameId); i++) {
      await table.page
        .locator(`[data-testid="round-state"][data-state="2"]:not([data-game="${gameId}"])`)
        .waitFor({ timeout: 20_000 });
      reopened = await table.waitForBetting(2);
    }
    expect(reopened).not.toBe(gameId);
    expect(owner('rou-1')).toBe(running === 'n1' ? 'n2' : 'n1');
    const settled = await table.serverResult(gameId);
    const afterMove =
      settled.gameId === gameId ? afterFirst - 100_000 + redReturn(settled.result) : afterFirst;
    await table.expectBalance(afterMove);
    expect(await table.serverBalance()).toBe(afterMove);

    // And plays on.
    await table.chip('€1');
    await table.bet('RED');
    await table.expectBalance(afterMove - 100_000);
    const last = await table.landedResult(reopened);
    const end = afterMove - 100_000 + redReturn(last.shown);
    await table.expectBalance(end);
    expect(await table.serverBalance()).toBe(end);
    await context.close();
  });
});
