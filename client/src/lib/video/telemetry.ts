// The video quality telemetry (SPEC §7 "Statistics collector"): what a table's live video
// tells the statistics collector (env/getAll's statsCollector, `<base>/eventcapture`).
// - GET {base}/settings once per page: captureVideoEvent (false: nothing is sent), the
//   interval of the reports (statsIntervalMs).
// - POST {base}/videosessionmeta once per video session (a new id each time a stream is
//   opened): the device, the country, the network, the screen.
// - POST {base}/v2/videostats every interval while the video plays and once when it closes
//   (a browser playing HLS natively, without MediaSource: {base}/videostats/ios): the
//   rendition, its bitrate, the stalls, the startup time (the first report only), the delay
//   from the studio, and the counts since the previous report.
// The posts go by beacon when the browser has one, else by a keep-alive fetch, with the
// anti-forgery token in the query (a beacon carries no header). Only a collector on this
// origin is used (collectorPath): nothing of the session goes elsewhere. PUT /quality/video (the
// site's own call) records a quality the player chose while a stream played.
// Telemetry never bothers the player: every failure is silent.
import type { DeviceInfo } from '../device/device';
import { XSRF_COOKIE, XSRF_HEADER, cookieValue } from '../http/http';
import { isSamePath } from '../http/urls';

export interface CollectorSettings {
  captureVideoEvent: boolean;
  ipAddress: string;
  statsIntervalMs: number;
}

export const DEFAULT_STATS_INTERVAL_MS = 10_000;

/** The session's description (videosessionmeta) less its ids. */
export interface VideoMeta {
  browser: string;
  os: string;
  device: string;
  country: string;
  carrier: string;
  resolution: string; // the screen's "WxH"
}

/** What the player has counted since the stream was opened (the counts are running totals). */
export interface VideoCounters {
  rendition: string; // high, medium, low ("" before the first frame)
  resolution: string; // the picture's "WxH"
  bitrateKbps: number;
  stalls: number;
  stallMs: number;
  playedMs: number;
  droppedFrames: number;
  startupMs: number | null; // open to first frame; null until then
  latencyMs: number | null; // the studio's frame to this screen, now
}

export interface VideoStatsReport {
  videoSessionId: string;
  tableId: string;
  userId: string;
  rendition: string;
  resolution: string;
  bitrateKbps: number;
  stalls: number;
  stallMs: number;
  startupMs: number | null;
  latencyMs: number | null;
  playedMs: number;
  droppedFrames: number;
}

export interface TelemetryEnv {
  fetch: typeof fetch;
  /** navigator.sendBeacon (bound), when the browser has it. */
  sendBeacon?: (url: string, data: Blob) => boolean;
  cookies: () => string;
  newId: () => string;
}

export interface VideoSessionOptions {
  tableId: string;
  userId: string;
  /** Played by the browser's own HLS (no MediaSource): the reports go to videostats/ios. */
  native: () => boolean;
  meta: VideoMeta;
  read: () => VideoCounters;
}

export interface VideoStatsSession {
  readonly id: string;
  /** The video closed: the last report (the counts since the previous one), then nothing. */
  close(): void;
}

export interface Collector {
  settings(): Promise<CollectorSettings | null>;
  open(options: VideoSessionOptions): VideoStatsSession;
}

function randomId(): string {
  const c = globalThis.crypto;
  if (c && typeof c.randomUUID === 'function') return c.randomUUID();
  return `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 12)}`;
}

function browserEnv(): TelemetryEnv {
  const nav = typeof navigator === 'undefined' ? undefined : navigator;
  return {
    fetch: (input, init) => fetch(input, init),
    sendBeacon: nav && typeof nav.sendBeacon === 'function' ? nav.sendBeacon.bind(nav) : undefined,
    cookies: () => (typeof document === 'undefined' ? '' : document.cookie),
    newId: randomId,
  };
}

/** The collector's answer read leniently: null when it is not one. */
export function parseSettings(raw: unknown): CollectorSettings | null {
  if (!raw || typeof raw !== 'object') return null;
  const r = raw as Record<string, unknown>;
  const interval = Number(r.statsIntervalMs);
  return {
    captureVideoEvent: r.captureVideoEvent === true,
    ipAddress: typeof r.ipAddress === 'string' ? r.ipAddress : '',
    statsIntervalMs:
      Number.isFinite(interval) && interval > 0
        ? Math.min(600_000, Math.max(1000, Math.round(interval)))
        : DEFAULT_STATS_INTERVAL_MS,
  };
}

/** The running totals that are reported as counts since the previous report. */
type Deltas = Pick<VideoCounters, 'stalls' | 'stallMs' | 'playedMs' | 'droppedFrames'>;
const ZERO: Deltas = { stalls: 0, stallMs: 0, playedMs: 0, droppedFrames: 0 };

/** A report from the running totals `now`, the totals at the previous report `last`. */
export function reportOf(
  ids: { videoSessionId: string; tableId: string; userId: string },
  now: VideoCounters,
  last: Deltas,
  firstReport: boolean,
): VideoStatsReport {
  const since = (k: keyof Deltas) => Math.max(0, Math.round(now[k] - last[k]));
  const int = (v: number | null) => (v === null || !Number.isFinite(v) ? null : Math.round(v));
  return {
    ...ids,
    rendition: now.rendition,
    resolution: now.resolution,
    bitrateKbps: Math.max(0, Math.round(now.bitrateKbps)),
    stalls: since('stalls'),
    stallMs: since('stallMs'),
    startupMs: firstReport ? int(now.startupMs) : null,
    latencyMs: int(now.latencyMs),
    playedMs: since('playedMs'),
    droppedFrames: since('droppedFrames'),
  };
}

/** The statistics collector at `base` (its address, without a trailing slash). */
export function createCollector(base: string, env: Partial<TelemetryEnv> = {}): Collector {
  const e: TelemetryEnv = { ...browserEnv(), ...env };
  const root = base.replace(/\/+$/, '');
  let settings: Promise<CollectorSettings | null> | null = null;

  const token = () => cookieValue(e.cookies(), XSRF_COOKIE) ?? '';
  const address = (path: string) => `${root}${path}?xsrf=${encodeURIComponent(token())}`;

  /** A post by beacon when the browser has one (and takes it), else a keep-alive fetch. */
  function post(path: string, body: unknown): void {
    const url = address(path);
    const json = JSON.stringify(body);
    try {
      if (e.sendBeacon?.(url, new Blob([json], { type: 'text/plain;charset=UTF-8' }))) return;
    } catch {
      // fall through to fetch
    }
    try {
      void e
        .fetch(url, {
          method: 'POST',
          keepalive: true,
          credentials: 'same-origin',
          body: json,
          headers: { 'Content-Type': 'text/plain;charset=UTF-8', [XSRF_HEADER]: token() },
        })
        .catch(() => undefined);
    } catch {
      // telemetry is silent
    }
  }

  function readSettings(): Promise<CollectorSettings | null> {
    settings ??= Promise.resolve()
      .then(() => e.fetch(`${root}/settings`, { credentials: 'same-origin' }))
      .then((r) => (r.ok ? r.json() : null))
      .then(parseSettings)
      .catch(() => null);
    return settings;
  }

  function open(o: VideoSessionOptions): VideoStatsSession {
    const id = e.newId();
    const ids = { videoSessionId: id, tableId: o.tableId, userId: o.userId };
    let closed = false;
    let started = false; // settings allow it and the meta went
    let timer: ReturnType<typeof setInterval> | null = null;
    let last: Deltas = ZERO;
    let startupSent = false;

    const report = (final: boolean) => {
      let now: VideoCounters;
      try {
        now = o.read();
      } catch {
        return;
      }
      // Every interval while playing; before the first frame only the closing report.
      if (!final && now.startupMs === null) return;
      const first = !startupSent && now.startupMs !== null;
      if (first) startupSent = true;
      const body = reportOf(ids, now, last, first);
      last = {
        stalls: now.stalls,
        stallMs: now.stallMs,
        playedMs: now.playedMs,
        droppedFrames: now.droppedFrames,
      };
      post(o.native() ? '/videostats/ios' : '/v2/videostats', body);
    };

    void readSettings().then((s) => {
      if (closed || !s?.captureVideoEvent) return;
      started = true;
      post('/videosessionmeta', { ...ids, ...o.meta });
      timer = setInterval(() => report(false), s.statsIntervalMs);
    });

    return {
      id,
      close() {
        if (closed) return;
        closed = true;
        if (timer !== null) clearInterval(timer);
        if (started) report(true);
      },
    };
  }

  return { settings: readSettings, open };
}

/**
 * The collector's address on this origin (env's statsCollector: a path, or an address on
 * this origin, as the server gives it), or null: the session cookie and the anti-forgery
 * token go to this origin only (as lib/http's), so a collector elsewhere gets nothing.
 */
export function collectorPath(
  named: unknown,
  origin: string | undefined = globalThis.location?.origin,
): string | null {
  if (typeof named !== 'string' || named.trim() === '') return null;
  const trim = (path: string) => path.replace(/\/+$/, '') || null;
  if (isSamePath(named)) return trim(named);
  try {
    const url = new URL(named);
    if (origin && url.origin === origin && isSamePath(url.pathname)) return trim(url.pathname);
  } catch {
    // not an address
  }
  return null;
}

const collectors = new Map<string, Collector>();

/** The page's collector named by env's statsCollector (one per address: settings read once). */
export function collectorFor(named: string | null | undefined): Collector | null {
  const base = collectorPath(named);
  if (base === null) return null;
  let c = collectors.get(base);
  if (!c) {
    c = createCollector(base);
    collectors.set(base, c);
  }
  return c;
}

/** The network's kind as the browser tells it (navigator.connection), else "". */
export function carrierOf(nav: unknown = typeof navigator === 'undefined' ? undefined : navigator) {
  const conn = (nav as { connection?: { effectiveType?: unknown } } | undefined)?.connection;
  return typeof conn?.effectiveType === 'string' ? conn.effectiveType : '';
}

/** The session's description from the device, the player's country and the screen. */
export function videoMeta(
  device: Pick<DeviceInfo, 'browser' | 'os' | 'device'>,
  country: string | undefined,
  screen: { width: number; height: number } | undefined = typeof window === 'undefined'
    ? undefined
    : window.screen,
): VideoMeta {
  return {
    browser: device.browser,
    os: device.os,
    device: device.device,
    country: country ?? '',
    carrier: carrierOf(),
    resolution: screen ? `${Math.round(screen.width)}x${Math.round(screen.height)}` : '',
  };
}

/** PUT /quality/video: the quality the player chose while `tableId`'s stream played. */
export function sendQuality(
  put: (path: string, body: Record<string, unknown>) => Promise<unknown>,
  tableId: string,
  quality: string,
): void {
  try {
    void put('/quality/video', { tableId, quality }).catch(() => undefined);
  } catch {
    // silent
  }
}
