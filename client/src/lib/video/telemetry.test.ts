import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import {
  type TelemetryEnv,
  type VideoCounters,
  collectorFor,
  collectorPath,
  createCollector,
  parseSettings,
  reportOf,
  sendQuality,
  videoMeta,
} from './telemetry';

const BASE = 'https://casino.test/eventcapture';
const META = {
  browser: 'Chrome',
  os: 'Android',
  device: 'Google Pixel 5',
  country: 'DE',
  carrier: '4g',
  resolution: '393x851',
};

function counters(over: Partial<VideoCounters> = {}): VideoCounters {
  return {
    rendition: 'high',
    resolution: '854x480',
    bitrateKbps: 1400,
    stalls: 0,
    stallMs: 0,
    playedMs: 0,
    droppedFrames: 0,
    startupMs: null,
    latencyMs: null,
    ...over,
  };
}

/** A Blob that keeps its parts, so that a beacon's body can be read at once. */
class RecordingBlob {
  readonly type: string;
  constructor(
    readonly parts: string[],
    options: { type?: string } = {},
  ) {
    this.type = options.type ?? '';
  }
}

interface Sent {
  url: string;
  body: unknown;
  via: 'beacon' | 'fetch';
  init?: RequestInit;
}

/** A collector whose network is recorded: `settings` is what GET /settings answers. */
function collector(settings: unknown, opts: { beacon?: boolean | 'refuse'; status?: number } = {}) {
  const sent: Sent[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input);
    if (url.endsWith('/settings'))
      return new Response(JSON.stringify(settings), { status: opts.status ?? 200 });
    sent.push({ url, body: JSON.parse(String(init?.body)), via: 'fetch', init });
    return new Response(null, { status: 204 });
  });
  const env: Partial<TelemetryEnv> = {
    fetch: fetchMock as unknown as typeof fetch,
    cookies: () => 'a=1; XSRF-TOKEN=tok%2Fen; b=2',
    newId: (() => {
      let n = 0;
      return () => `vs-${++n}`;
    })(),
    sendBeacon:
      opts.beacon === undefined || opts.beacon === false
        ? undefined
        : (url: string, data: Blob) => {
            if (opts.beacon === 'refuse') return false;
            const blob = data as unknown as RecordingBlob;
            expect(blob.type).toBe('text/plain;charset=UTF-8');
            sent.push({ url, body: JSON.parse(blob.parts.join('')), via: 'beacon' });
            return true;
          },
  };
  return {
    c: createCollector(BASE, env),
    sent,
    fetchMock,
    flush: () => vi.advanceTimersByTimeAsync(0),
  };
}

const CAPTURE = { captureVideoEvent: true, ipAddress: '10.0.0.1', statsIntervalMs: 10_000 };

beforeEach(() => {
  vi.useFakeTimers();
  vi.stubGlobal('Blob', RecordingBlob);
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('the collector settings', () => {
  it('reads captureVideoEvent, the address and the interval, leniently', () => {
    expect(parseSettings(CAPTURE)).toEqual(CAPTURE);
    expect(parseSettings({ captureVideoEvent: 'yes' })).toEqual({
      captureVideoEvent: false,
      ipAddress: '',
      statsIntervalMs: 10_000,
    });
    expect(parseSettings({ captureVideoEvent: true, statsIntervalMs: 50 })?.statsIntervalMs).toBe(
      1000,
    );
    expect(parseSettings(null)).toBeNull();
    expect(parseSettings('offline')).toBeNull();
  });

  it('are read once for every session of the page', async () => {
    const { c, fetchMock } = collector(CAPTURE);
    c.open({ tableId: 'rou-1', userId: '7', native: () => false, meta: META, read: counters });
    c.open({ tableId: 'rou-1', userId: '7', native: () => false, meta: META, read: counters });
    await vi.advanceTimersByTimeAsync(0);
    const settingsCalls = fetchMock.mock.calls.filter(([u]) => String(u).endsWith('/settings'));
    expect(settingsCalls).toHaveLength(1);
    expect(settingsCalls[0]![0]).toBe(`${BASE}/settings`);
  });

  it('collectorFor keeps one collector per address, none without one', () => {
    expect(collectorFor(undefined)).toBeNull();
    expect(collectorFor('')).toBeNull();
    expect(collectorFor('/eventcapture')).toBe(collectorFor('/eventcapture'));
    expect(collectorFor(`${location.origin}/eventcapture/`)).toBe(collectorFor('/eventcapture'));
  });

  it('is on this origin only: the session and its token go nowhere else', () => {
    const here = 'https://casino.test';
    expect(collectorPath('https://casino.test/eventcapture', here)).toBe('/eventcapture');
    expect(collectorPath('/stats/eventcapture/', here)).toBe('/stats/eventcapture');
    expect(collectorPath('https://stats.example/eventcapture', here)).toBeNull();
    expect(collectorPath('//stats.example/eventcapture', here)).toBeNull();
    expect(collectorPath('javascript:alert(1)', here)).toBeNull();
    expect(collectorPath(42, here)).toBeNull();
  });
});

describe('a video session', () => {
  it('sends nothing when the collector does not capture video events, or cannot be read', async () => {
    for (const [settings, status] of [
      [{ ...CAPTURE, captureVideoEvent: false }, 200],
      [CAPTURE, 500],
      ['not json', 200],
    ] as const) {
      const { c, sent } = collector(settings, { status });
      const s = c.open({
        tableId: 'rou-1',
        userId: '7',
        native: () => false,
        meta: META,
        read: () => counters({ startupMs: 900, playedMs: 5000 }),
      });
      await vi.advanceTimersByTimeAsync(25_000);
      s.close();
      await vi.advanceTimersByTimeAsync(0);
      expect(sent).toEqual([]);
    }
  });

  it('sends its meta once, a report every interval with the counts since the last one, and one when it closes', async () => {
    const { c, sent, flush } = collector(CAPTURE, { beacon: true });
    let now = counters();
    const s = c.open({
      tableId: 'rou-1',
      userId: '7',
      native: () => false,
      meta: META,
      read: () => now,
    });
    expect(s.id).toBe('vs-1');
    await flush();
    expect(sent).toEqual([
      {
        url: `${BASE}/videosessionmeta?xsrf=tok%2Fen`,
        via: 'beacon',
        body: { videoSessionId: 'vs-1', tableId: 'rou-1', userId: '7', ...META },
      },
    ]);

    // Not playing yet: no report.
    await vi.advanceTimersByTimeAsync(10_000);
    await flush();
    expect(sent).toHaveLength(1);

    now = counters({
      startupMs: 1800,
      latencyMs: 2400,
      playedMs: 8000,
      stalls: 1,
      stallMs: 300,
      droppedFrames: 2,
    });
    await vi.advanceTimersByTimeAsync(10_000);
    await flush();
    expect(sent[1]).toEqual({
      url: `${BASE}/v2/videostats?xsrf=tok%2Fen`,
      via: 'beacon',
      body: {
        videoSessionId: 'vs-1',
        tableId: 'rou-1',
        userId: '7',
        rendition: 'high',
        resolution: '854x480',
        bitrateKbps: 1400,
        stalls: 1,
        stallMs: 300,
        startupMs: 1800,
        latencyMs: 2400,
        playedMs: 8000,
        droppedFrames: 2,
      },
    });

    now = counters({
      rendition: 'low',
      resolution: '426x240',
      bitrateKbps: 350,
      startupMs: 1800,
      latencyMs: 2100,
      playedMs: 18_000,
      stalls: 1,
      stallMs: 300,
      droppedFrames: 5,
    });
    await vi.advanceTimersByTimeAsync(10_000);
    await flush();
    expect(sent[2]!.body).toMatchObject({
      rendition: 'low',
      resolution: '426x240',
      bitrateKbps: 350,
      stalls: 0,
      stallMs: 0,
      startupMs: null, // the first report only
      latencyMs: 2100,
      playedMs: 10_000,
      droppedFrames: 3,
    });

    now = { ...now, playedMs: 21_500, stalls: 3, stallMs: 1300 };
    s.close();
    s.close(); // once
    await flush();
    expect(sent).toHaveLength(4);
    expect(sent[3]!.body).toMatchObject({
      playedMs: 3500,
      stalls: 2,
      stallMs: 1000,
      startupMs: null,
    });
    // Nothing after the close.
    await vi.advanceTimersByTimeAsync(30_000);
    await flush();
    expect(sent).toHaveLength(4);
  });

  it('a new session has a new id and its own meta', async () => {
    const { c, sent, flush } = collector(CAPTURE, { beacon: true });
    c.open({
      tableId: 'rou-1',
      userId: '7',
      native: () => false,
      meta: META,
      read: counters,
    }).close();
    await flush();
    const second = c.open({
      tableId: 'rou-1',
      userId: '7',
      native: () => false,
      meta: META,
      read: counters,
    });
    await flush();
    expect(second.id).toBe('vs-2');
    const metas = sent.filter((m) => m.url.includes('/videosessionmeta'));
    expect(metas.map((m) => (m.body as { videoSessionId: string }).videoSessionId)).toEqual([
      'vs-2',
    ]); // the first closed before the settings came: nothing sent for it
  });

  it('goes by keep-alive fetch with the anti-forgery header without a beacon, or when it refuses', async () => {
    for (const beacon of [false, 'refuse'] as const) {
      const { c, sent, flush } = collector(CAPTURE, { beacon });
      const s = c.open({
        tableId: 'sic-1',
        userId: '9',
        native: () => false,
        meta: META,
        read: () => counters({ startupMs: 700, playedMs: 1000 }),
      });
      await flush();
      s.close();
      await flush();
      expect(sent.map((m) => [m.via, m.url])).toEqual([
        ['fetch', `${BASE}/videosessionmeta?xsrf=tok%2Fen`],
        ['fetch', `${BASE}/v2/videostats?xsrf=tok%2Fen`],
      ]);
      expect(sent[1]!.init).toMatchObject({
        method: 'POST',
        keepalive: true,
        credentials: 'same-origin',
        headers: { 'Content-Type': 'text/plain;charset=UTF-8', 'X-XSRF-TOKEN': 'tok/en' },
      });
      expect(sent[1]!.body).toMatchObject({ videoSessionId: 'vs-1', startupMs: 700 });
    }
  });

  it("reports a browser's own HLS to videostats/ios", async () => {
    const { c, sent, flush } = collector(CAPTURE, { beacon: true });
    const s = c.open({
      tableId: 'rou-1',
      userId: '7',
      native: () => true,
      meta: META,
      read: () => counters({ startupMs: 500 }),
    });
    await flush();
    s.close();
    await flush();
    expect(sent.map((m) => m.url)).toEqual([
      `${BASE}/videosessionmeta?xsrf=tok%2Fen`,
      `${BASE}/videostats/ios?xsrf=tok%2Fen`,
    ]);
  });

  it('never throws: a failing network or reader is silent', async () => {
    const env: Partial<TelemetryEnv> = {
      fetch: vi.fn(async (input: RequestInfo | URL) => {
        if (String(input).endsWith('/settings')) return new Response(JSON.stringify(CAPTURE));
        throw new TypeError('offline');
      }) as unknown as typeof fetch,
      cookies: () => '',
      newId: () => 'x',
    };
    const c = createCollector(BASE, env);
    const s = c.open({
      tableId: 'rou-1',
      userId: '7',
      native: () => false,
      meta: META,
      read: () => {
        throw new Error('gone');
      },
    });
    await vi.advanceTimersByTimeAsync(20_000);
    expect(() => s.close()).not.toThrow();
  });
});

describe('the parts of a report', () => {
  it('counts since the last report, the startup only in the first, whole numbers', () => {
    const ids = { videoSessionId: 's', tableId: 't', userId: 'u' };
    const now = counters({ stalls: 3, stallMs: 1200.4, playedMs: 9999.6, startupMs: 812.3 });
    const last = { stalls: 1, stallMs: 200, playedMs: 5000, droppedFrames: 0 };
    expect(reportOf(ids, now, last, true)).toMatchObject({
      stalls: 2,
      stallMs: 1000,
      playedMs: 5000,
      startupMs: 812,
      latencyMs: null,
    });
    expect(reportOf(ids, now, last, false).startupMs).toBeNull();
    // A count that went back (a new element) is never negative.
    expect(reportOf(ids, counters(), last, false).playedMs).toBe(0);
  });

  it('describes the session from the device, the country, the network and the screen', () => {
    const nav = navigator as Navigator & { connection?: unknown };
    const had = Object.getOwnPropertyDescriptor(nav, 'connection');
    Object.defineProperty(nav, 'connection', {
      value: { effectiveType: '3g' },
      configurable: true,
    });
    try {
      expect(
        videoMeta({ browser: 'Safari', os: 'iOS', device: 'Apple iPhone' }, 'IT', {
          width: 390,
          height: 844,
        }),
      ).toEqual({
        browser: 'Safari',
        os: 'iOS',
        device: 'Apple iPhone',
        country: 'IT',
        carrier: '3g',
        resolution: '390x844',
      });
    } finally {
      if (had) Object.defineProperty(nav, 'connection', had);
      else delete (nav as { connection?: unknown }).connection;
    }
    expect(
      videoMeta({ browser: 'Firefox', os: 'Linux', device: 'Desktop' }, undefined).country,
    ).toBe('');
  });
});

describe('the quality the player chose', () => {
  it('is PUT to /quality/video, and a failure is silent', async () => {
    const put = vi.fn().mockRejectedValue(new Error('404'));
    sendQuality(put, 'rou-1', 'low');
    await vi.advanceTimersByTimeAsync(0);
    expect(put).toHaveBeenCalledWith('/quality/video', { tableId: 'rou-1', quality: 'low' });
    const throwing = vi.fn(() => {
      throw new Error('no');
    });
    expect(() => sendQuality(throwing, 'rou-1', 'auto')).not.toThrow();
  });
});
