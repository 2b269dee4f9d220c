import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import {
  Realtime,
  type RealtimeOptions,
  type ServerMessage,
  type SocketLike,
  qualityOf,
} from './realtime';
import { xmlCommand } from './xml';

class FakeSocket implements SocketLike {
  sent: string[] = [];
  closedWith: number | undefined;
  onopen: SocketLike['onopen'] = null;
  onmessage: SocketLike['onmessage'] = null;
  onclose: SocketLike['onclose'] = null;
  onerror: SocketLike['onerror'] = null;
  send(data: string) {
    this.sent.push(data);
  }
  close(code?: number) {
    this.closedWith = code;
  }
  server(m: Record<string, unknown>) {
    this.onmessage?.({ data: JSON.stringify(m) });
  }
  drop(code = 1006) {
    this.onclose?.({ code });
  }
}

function setup(network?: RealtimeOptions['network']) {
  const sockets: FakeSocket[] = [];
  let now = 1000;
  const rt = new Realtime({
    url: 'ws://test/ws',
    createSocket: () => {
      const s = new FakeSocket();
      sockets.push(s);
      return s;
    },
    now: () => now,
    random: () => 0.5,
    ...(network ? { network } : {}),
  });
  const seen: ServerMessage[] = [];
  rt.on('*', (m) => seen.push(m));
  return {
    rt,
    sockets,
    seen,
    last: () => sockets[sockets.length - 1]!,
    advance: (ms: number) => {
      now += ms;
      vi.advanceTimersByTime(ms);
    },
    /** The clock moves but no timer runs: the page was frozen. */
    jump: (ms: number) => {
      now += ms;
    },
  };
}

const event = (type: string, v: number, extra: Record<string, unknown> = {}) => ({
  type,
  table: 'rou-1',
  v,
  ts: 1,
  ...extra,
});

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('Realtime', () => {
  it('subscribes once welcomed and delivers events in order, dropping duplicates', () => {
    const t = setup();
    t.rt.subscribe('table-rou-1');
    t.rt.connect();
    expect(t.last().sent).toEqual([]);
    t.last().server({ type: 'welcome' });
    expect(t.last().sent[0]).toBe('<subscribe channel="table-rou-1"/>');
    t.last().server({
      type: 'subscribed',
      channel: 'table-rou-1',
      epoch: 'E1',
      v: 5,
      resumed: false,
    });
    t.last().server({ type: 'resync', table: 'rou-1', epoch: 'E1', v: 5, myAcks: [] });
    t.last().server(event('betsopen', 6));
    t.last().server(event('betsopen', 6)); // duplicate
    t.last().server(event('timer', 5)); // old
    t.last().server(event('timer', 7));
    expect(
      t.seen.filter((m) => m.type !== 'welcome').map((m) => `${m.type}:${String(m.v)}`),
    ).toEqual(['subscribed:5', 'resync:5', 'betsopen:6', 'timer:7']);
  });

  it('asks for missed events on a gap', () => {
    const t = setup();
    t.rt.subscribe('table-rou-1');
    t.rt.connect();
    t.last().server({ type: 'welcome' });
    t.last().server({ type: 'resync', table: 'rou-1', epoch: 'E1', v: 5, myAcks: [] });
    t.last().server(event('timer', 8));
    expect(t.last().sent.at(-1)).toBe('<subscribe channel="table-rou-1" epoch="E1" v="5"/>');
    expect(t.seen.some((m) => m.v === 8)).toBe(false);
  });

  it('asks for the state again when the table restarts on another server', () => {
    const t = setup();
    t.rt.subscribe('table-rou-1');
    t.rt.connect();
    t.last().server({ type: 'welcome' });
    t.last().server({ type: 'resync', table: 'rou-1', epoch: 'E1', v: 900, myAcks: [] });
    t.last().server(event('timer', 901));
    // The new run's versions start again: without the notice they would look old.
    t.last().server({
      type: 'subscribed',
      channel: 'table-rou-1',
      table: 'rou-1',
      epoch: 'E2',
      v: 3,
      resumed: false,
      replayed: 0,
      restarted: true,
    });
    expect(t.last().sent.at(-1)).toBe('<subscribe channel="table-rou-1"/>');
    t.last().server(event('cancelround', 4));
    t.last().server({ type: 'resync', table: 'rou-1', epoch: 'E2', v: 6, myAcks: [] });
    t.last().server(event('timer', 5)); // before the state: already in it
    t.last().server(event('betsopen', 7));
    expect(
      t.seen
        .filter((m) => m.type !== 'welcome' && m.type !== 'subscribed')
        .map((m) => `${m.type}:${String(m.v)}`),
    ).toEqual(['resync:900', 'timer:901', 'cancelround:4', 'resync:6', 'betsopen:7']);
  });

  it('asks for the state again when events of the run never reached the server', () => {
    const t = setup();
    t.rt.subscribe('table-rou-1');
    t.rt.connect();
    t.last().server({ type: 'welcome' });
    t.last().server({ type: 'resync', table: 'rou-1', epoch: 'E1', v: 900, myAcks: [] });
    t.last().server(event('timer', 901));
    const sent = t.last().sent.length;
    // 902 was lost before it reached the server, which says so before 903 (in order after
    // the notice's version, so shown; the state then comes as after a restart).
    t.last().server({
      type: 'subscribed',
      channel: 'table-rou-1',
      table: 'rou-1',
      epoch: 'E1',
      v: 902,
      resumed: false,
      replayed: 0,
      missed: true,
    });
    expect(t.last().sent.slice(sent)).toEqual(['<subscribe channel="table-rou-1"/>']);
    t.last().server(event('timer', 903));
    t.last().server({ type: 'resync', table: 'rou-1', epoch: 'E1', v: 903, myAcks: [] });
    t.last().server(event('betsopen', 904));
    expect(
      t.seen
        .filter((m) => m.type !== 'welcome' && m.type !== 'subscribed')
        .map((m) => `${m.type}:${String(m.v)}`),
    ).toEqual(['resync:900', 'timer:901', 'timer:903', 'resync:903', 'betsopen:904']);
  });

  it('reconnects with backoff and resumes from the last version', () => {
    const t = setup();
    const statuses: string[] = [];
    t.rt.onStatus((s) => statuses.push(s));
    t.rt.subscribe('table-rou-1');
    t.rt.connect();
    t.last().server({ type: 'welcome' });
    t.last().server({ type: 'resync', table: 'rou-1', epoch: 'E1', v: 9, myAcks: [] });
    t.last().drop();
    expect(t.rt.getStatus()).toBe('reconnecting');
    t.advance(499);
    expect(t.sockets).toHaveLength(1);
    t.advance(1); // 500 ms x jitter 1.0
    expect(t.sockets).toHaveLength(2);
    t.last().drop();
    t.advance(999);
    expect(t.sockets).toHaveLength(2);
    t.advance(1); // doubled
    expect(t.sockets).toHaveLength(3);
    t.last().server({ type: 'welcome' });
    expect(t.last().sent[0]).toBe('<subscribe channel="table-rou-1" epoch="E1" v="9"/>');
    expect(statuses).toEqual(['connecting', 'open', 'reconnecting', 'open']);
  });

  it('marks the events replayed after a resume', () => {
    const t = setup();
    t.rt.subscribe('table-rou-1');
    t.rt.connect();
    t.last().server({ type: 'welcome' });
    t.last().server({ type: 'resync', table: 'rou-1', epoch: 'E1', v: 3, myAcks: [] });
    t.last().drop();
    t.advance(500);
    t.last().server({ type: 'welcome' });
    t.last().server({
      type: 'subscribed',
      channel: 'table-rou-1',
      epoch: 'E1',
      v: 5,
      resumed: true,
      replayed: 2,
    });
    t.last().server(event('gamestate', 4));
    t.last().server(event('gameresult', 5));
    t.last().server(event('betsopen', 6));
    const tail = t.seen.filter(
      (m) => typeof m.v === 'number' && m.v > 3 && m.type !== 'subscribed',
    );
    expect(tail.map((m) => [m.type, m.replayed === true])).toEqual([
      ['gamestate', true],
      ['gameresult', true],
      ['betsopen', false],
    ]);
  });

  it('does not reconnect when the server ended the session', () => {
    const t = setup();
    t.rt.connect();
    t.last().server({ type: 'welcome' });
    t.last().server({ type: 'kickout', reason: 'inactivity' });
    t.last().drop(1008);
    t.advance(60_000);
    expect(t.sockets).toHaveLength(1);
    expect(t.rt.getStatus()).toBe('ended');
    expect(t.seen.some((m) => m.type === 'kickout')).toBe(true);
  });

  it('resolves a command with its answer', async () => {
    const t = setup();
    t.rt.subscribe('table-rou-1');
    t.rt.connect();
    t.last().server({ type: 'welcome' });
    const xml = xmlCommand('pbet', { tableId: 'rou-1', requestId: 'c-1' }, [
      { code: 'RED', amount: '1.00' },
    ]);
    const answer = t.rt.command('table-rou-1', 'c-1', xml);
    expect(t.last().sent.at(-1)).toBe(xml);
    t.last().server({ type: 'betack', table: 'rou-1', v: 3, requestId: 'c-1', accepted: [] });
    await expect(answer).resolves.toMatchObject({ type: 'betack', requestId: 'c-1' });
    expect(t.rt.pendingCount()).toBe(0);
  });

  it('resolves blackjack decisions and auto-play with their answers, refusals included', async () => {
    const t = setup();
    t.rt.subscribe('table-bj-1');
    t.rt.connect();
    t.last().server({ type: 'welcome' });
    const hit = t.rt.command('table-bj-1', 'd-1', '<decide requestId="d-1" decision="hit"/>');
    const late = t.rt.command('table-bj-1', 'd-2', '<decide requestId="d-2" decision="stand"/>');
    const auto = t.rt.command('table-onebj-1', 'a-1', '<autoplay requestId="a-1" rounds="10"/>');
    t.last().server({ type: 'decisionack', table: 'bj-1', requestId: 'd-1', decision: 'hit' });
    t.last().server({ type: 'decisionack', table: 'bj-1', requestId: 'd-2', code: 1018 });
    t.last().server({ type: 'autoplayack', requestId: 'a-1', rounds: 10, state: 'started' });
    await expect(hit).resolves.toMatchObject({ type: 'decisionack', decision: 'hit' });
    await expect(late).resolves.toMatchObject({ code: 1018 });
    await expect(auto).resolves.toMatchObject({ type: 'autoplayack', state: 'started' });
    expect(t.rt.pendingCount()).toBe(0);
  });

  it('after a reconnect resends only the commands the server never answered', async () => {
    const t = setup();
    t.rt.subscribe('table-rou-1');
    t.rt.connect();
    t.last().server({ type: 'welcome' });
    t.last().server({ type: 'resync', table: 'rou-1', epoch: 'E1', v: 2, myAcks: [] });
    const seenByServer = t.rt.command('table-rou-1', 'c-1', '<pbet requestId="c-1"/>');
    const lost = t.rt.command('table-rou-1', 'c-2', '<pbet requestId="c-2"/>');
    t.last().drop(); // both answers are lost with the connection
    const whileDown = t.rt.command('table-rou-1', 'c-3', '<pbet requestId="c-3"/>');
    t.advance(500);
    const s = t.last();
    s.server({ type: 'welcome' });
    // Commands are waiting, so the channel asks for a resync rather than resuming.
    expect(s.sent).toContain('<subscribe channel="table-rou-1"/>');
    expect(s.sent.filter((x) => x.startsWith('<pbet'))).toEqual([]);
    s.server({ type: 'subscribed', channel: 'table-rou-1', epoch: 'E1', v: 4, resumed: false });
    s.server({
      type: 'resync',
      table: 'rou-1',
      epoch: 'E1',
      v: 4,
      myAcks: [{ type: 'betack', requestId: 'c-1', accepted: [{ spot: 'RED' }] }],
    });
    await expect(seenByServer).resolves.toMatchObject({ requestId: 'c-1', recovered: true });
    expect(s.sent.filter((x) => x.startsWith('<pbet'))).toEqual([
      '<pbet requestId="c-2"/>',
      '<pbet requestId="c-3"/>',
    ]);
    s.server({ type: 'betack', requestId: 'c-2' });
    s.server({ type: 'betack', requestId: 'c-3' });
    await expect(lost).resolves.toMatchObject({ requestId: 'c-2' });
    await expect(whileDown).resolves.toMatchObject({ requestId: 'c-3' });
  });

  it('measures the round trip and treats a silent connection as dead within 3 s', () => {
    const t = setup();
    t.rt.connect();
    t.last().server({ type: 'welcome' });
    expect(t.last().sent[0]).toBe('<ping id="p1"/>');
    t.advance(80);
    t.last().server({ type: 'pong', id: 'p1' });
    expect(t.rt.latency()).toBe(80);
    expect(t.rt.quality()).toBe('good');
    // The server falls silent (a dead link the browser has not noticed): it is pinged once
    // quiet for 0.75 s, and given up before 3 s of silence.
    t.advance(1000);
    expect(t.last().sent).toContain('<ping id="p2"/>');
    t.advance(1500);
    expect(t.rt.getStatus()).toBe('open');
    t.advance(500);
    expect(t.sockets[0]!.closedWith).toBe(4000);
    expect(t.rt.getStatus()).toBe('reconnecting');
  });

  it('does not ping a busy connection but for the round trip every 5 s', () => {
    const t = setup();
    t.rt.subscribe('table-rou-1');
    t.rt.connect();
    const s = t.last();
    s.server({ type: 'welcome' });
    s.server({ type: 'subscribed', channel: 'table-rou-1', epoch: 'E1', v: 0, resumed: false });
    s.server({ type: 'resync', table: 'rou-1', epoch: 'E1', v: 0, myAcks: [] });
    for (let v = 1; v <= 40; v++) {
      t.advance(250);
      s.server(event('timer', v));
    }
    // 10 s of events every 250 ms: the welcome ping and two round-trip pings, no idle ones.
    expect(s.sent.filter((x) => x.startsWith('<ping'))).toHaveLength(3);
    expect(t.rt.getStatus()).toBe('open');
  });

  it('asks again rather than give up when the page itself was frozen', () => {
    const t = setup();
    t.rt.connect();
    const s = t.last();
    s.server({ type: 'welcome' });
    t.advance(250);
    // The page sleeps 10 s (no timer runs; the clock moves): the first tick after it pings
    // instead of declaring the link dead, and the link lives on when the answer comes.
    t.jump(10_000);
    t.advance(250);
    expect(t.rt.getStatus()).toBe('open');
    const ping = s.sent[s.sent.length - 1]!;
    expect(ping).toMatch(/^<ping id="p\d+"\/>$/);
    s.server({ type: 'pong', id: /id="(p\d+)"/.exec(ping)![1] });
    t.advance(1000);
    expect(t.rt.getStatus()).toBe('open');
  });

  it('gives up a socket the server never greets', () => {
    const t = setup();
    t.rt.connect();
    t.advance(5100);
    expect(t.sockets[0]!.closedWith).toBe(4000);
    expect(t.rt.getStatus()).toBe('reconnecting');
  });

  it('reconnects at once when the browser is online again, and gives up when it is offline', () => {
    const listeners = new Map<string, () => void>();
    const target = {
      addEventListener: (type: string, f: () => void) => listeners.set(type, f),
      removeEventListener: (type: string) => listeners.delete(type),
    };
    const { rt, sockets, advance } = setup({ window: target, document: target });
    rt.connect();
    sockets[0]!.server({ type: 'welcome' });
    // The browser says the network is gone: the socket is given up without waiting.
    listeners.get('offline')!();
    expect(sockets[0]!.closedWith).toBe(4000);
    expect(rt.getStatus()).toBe('reconnecting');
    // Attempts fail while offline, so the backoff grows ...
    for (let i = 0; i < 4; i++) {
      advance(20_000);
      sockets[sockets.length - 1]!.drop();
    }
    const before = sockets.length;
    // ... but online again means a new socket now, not after the backoff's 8 s.
    listeners.get('online')!();
    expect(sockets).toHaveLength(before + 1);
    sockets[before]!.server({ type: 'welcome' });
    expect(rt.getStatus()).toBe('open');
    rt.close();
    expect(listeners.size).toBe(0);
  });

  it('follows the lobby channel by the channel its events name, and resumes it', () => {
    const t = setup();
    const lobby = (type: string, v: number) => ({
      type,
      channel: 'lobby',
      table: 'lobby',
      v,
      ts: 1,
    });
    t.rt.subscribe('lobby');
    t.rt.subscribe('table-rou-1');
    t.rt.connect();
    t.last().server({ type: 'welcome' });
    expect(t.last().sent.slice(0, 2)).toEqual([
      '<subscribe channel="lobby"/>',
      '<subscribe channel="table-rou-1"/>',
    ]);
    t.last().server({ type: 'subscribed', channel: 'lobby', table: 'lobby', epoch: 'L1', v: 40 });
    t.last().server({ ...lobby('resync', 41), epoch: 'L1', tables: [] });
    t.last().server({ type: 'resync', table: 'rou-1', epoch: 'E1', v: 5, myAcks: [] });
    t.last().server(lobby('lobbyupdate', 42));
    t.last().server(lobby('lobbyupdate', 42)); // duplicate
    t.last().server(event('betsopen', 6)); // the table's own versions are separate
    t.last().server(lobby('lobbyupdate', 43));
    expect(
      t.seen
        .filter((m) => m.type === 'lobbyupdate' || m.type === 'betsopen')
        .map((m) => `${m.type}:${String(m.v)}`),
    ).toEqual(['lobbyupdate:42', 'betsopen:6', 'lobbyupdate:43']);
    // A gap asks the lobby channel (not a table channel) for what was missed.
    t.last().server(lobby('lobbyupdate', 45));
    expect(t.last().sent.at(-1)).toBe('<subscribe channel="lobby" epoch="L1" v="43"/>');
    expect(t.seen.some((m) => m.type === 'lobbyupdate' && m.v === 45)).toBe(false);
    // After a reconnect both channels resume from their own versions.
    t.last().drop();
    t.advance(500);
    t.last().server({ type: 'welcome' });
    expect(t.last().sent.slice(0, 2)).toEqual([
      '<subscribe channel="lobby" epoch="L1" v="43"/>',
      '<subscribe channel="table-rou-1" epoch="E1" v="6"/>',
    ]);
    t.last().server({
      type: 'subscribed',
      channel: 'lobby',
      table: 'lobby',
      epoch: 'L1',
      v: 44,
      resumed: true,
      replayed: 1,
    });
    t.last().server(lobby('lobbyupdate', 44));
    expect(t.seen.at(-1)).toMatchObject({ type: 'lobbyupdate', v: 44, replayed: true });
  });

  it('stops delivering the lobby channel once it is no longer followed', () => {
    const t = setup();
    const stop = t.rt.subscribe('lobby');
    t.rt.connect();
    t.last().server({ type: 'welcome' });
    t.last().server({ type: 'resync', channel: 'lobby', table: 'lobby', epoch: 'L', v: 1 });
    stop();
    expect(t.last().sent.at(-1)).toBe('<unsubscribe channel="lobby"/>');
    t.last().server({ type: 'lobbyupdate', channel: 'lobby', table: 'lobby', v: 2, ts: 1 });
    expect(t.seen.some((m) => m.type === 'lobbyupdate')).toBe(false);
  });

  it('grades latency', () => {
    expect(qualityOf(100, 'open')).toBe('good');
    expect(qualityOf(250, 'open')).toBe('fair');
    expect(qualityOf(900, 'open')).toBe('poor');
    expect(qualityOf(50, 'reconnecting')).toBe('offline');
  });
});

describe('xmlCommand', () => {
  it('escapes values and lists bets', () => {
    expect(
      xmlCommand('pbet', { a: 'x"<y>&', b: undefined }, [{ code: 'RED', amount: '1.00' }]),
    ).toBe('<pbet a="x&quot;&lt;y&gt;&amp;"><bet code="RED" amount="1.00"/></pbet>');
    expect(xmlCommand('lpbet', { requestId: 'r' })).toBe('<lpbet requestId="r"/>');
  });
});
