// A table's live stream in a <video> element (SPEC §2 "Game table per game, with video"):
// HLS through hls.js where the browser has MediaSource (loaded on demand: the first page
// does not carry it), else the browser's own HLS (iOS Safari). The stream is the table's
// studio as the server draws it (docs/studio.md): 1 s segments, a key frame every second,
// each segment dated (#EXT-X-PROGRAM-DATE-TIME) with the time its frames were drawn.
//
// - Until the server's encoder has started, the playlist answers 404 (VIDEO_STARTING,
//   Retry-After: 1): the manifest is asked again every second for about 15 s.
// - The quality: the player's video_stream setting. auto lets hls.js choose by bandwidth
//   (never more than the player's size needs); high, medium or low plays that rendition,
//   and a change while playing switches at once.
// - The first frame: requestVideoFrameCallback where the browser has it, else the
//   `playing` event once the time has moved. None within the start-up time is an error.
// - The figures the telemetry reports (lib/video/telemetry) and the playing frame's date,
//   from which the latency meter measures the delay from the studio.
import type { ErrorData, Level, LoaderResponse, RetryConfig } from 'hls.js';
import type HlsType from 'hls.js';

import type { VideoQuality } from '../settings';
import type { VideoCounters } from './telemetry';

export const RENDITION_HEIGHTS: Record<Exclude<VideoQuality, 'auto'>, number> = {
  high: 480,
  medium: 360,
  low: 240,
};

/** How long a stream may take from opening to its first frame. */
export const STARTUP_TIMEOUT_MS = 15_000;
/** The manifest's 404s while the encoder starts: asked again this often, this many times. */
export const MANIFEST_RETRY_MS = 1000;
export const MANIFEST_RETRIES = 15;

type HlsClass = typeof HlsType;

/** hls.js's light build, loaded the first time a stream opens. */
export const loadHls = (): Promise<HlsClass> => import('hls.js/light').then((m) => m.default);

export type LevelLike = Pick<Level, 'height' | 'bitrate'> & {
  name?: string;
  url?: readonly string[] | string;
};

function levelUrl(level: LevelLike): string {
  const u = level.url;
  return (Array.isArray(u) ? u[0] : u) ?? '';
}

/** The rendition a level is (by its name, its playlist's name, else its height), or "". */
export function renditionOfLevel(level: LevelLike | undefined | null): string {
  if (!level) return '';
  for (const name of Object.keys(RENDITION_HEIGHTS)) {
    if (level.name === name) return name;
    if (new RegExp(`(^|/)${name}\\.m3u8(\\?|$)`).test(levelUrl(level))) return name;
  }
  return renditionOfHeight(level.height);
}

/** The rendition a picture of this height is, or "". */
export function renditionOfHeight(height: number | undefined): string {
  for (const [name, h] of Object.entries(RENDITION_HEIGHTS)) if (height === h) return name;
  return '';
}

/** The level that plays `quality`: -1 for auto (hls.js chooses), or when none is it. */
export function levelIndexFor(levels: readonly LevelLike[], quality: VideoQuality): number {
  if (quality === 'auto') return -1;
  const byName = levels.findIndex((l) => renditionOfLevel(l) === quality);
  if (byName >= 0) return byName;
  const height = RENDITION_HEIGHTS[quality];
  return levels.findIndex((l) => l.height === height);
}

/** The manifest's retries: hls.js gives up on a 4xx; a starting encoder answers 404. */
export function retryStarting(
  config: RetryConfig | null | undefined,
  count: number,
  _timeout: boolean,
  response: LoaderResponse | undefined,
  retry: boolean,
): boolean {
  return retry || (response?.code === 404 && count < (config?.maxNumRetry ?? 0));
}

const startingPolicy = (retries: number) => ({
  default: {
    maxTimeToFirstByteMs: 10_000,
    maxLoadTimeMs: 10_000,
    timeoutRetry: { maxNumRetry: 2, retryDelayMs: 0, maxRetryDelayMs: 0 },
    errorRetry: {
      maxNumRetry: retries,
      retryDelayMs: MANIFEST_RETRY_MS,
      maxRetryDelayMs: MANIFEST_RETRY_MS,
      backoff: 'linear' as const,
      shouldRetry: retryStarting,
    },
  },
});

/** hls.js for a live table: close to the live edge, small buffers, the 404s of a start. */
export const hlsConfig = () => ({
  capLevelToPlayerSize: true,
  liveSyncDurationCount: 2, // two 1 s segments behind the live edge
  liveMaxLatencyDurationCount: 6,
  maxLiveSyncPlaybackRate: 1.25, // catch up after a stall by playing a little faster
  maxBufferLength: 6,
  backBufferLength: 4,
  manifestLoadPolicy: startingPolicy(MANIFEST_RETRIES),
  playlistLoadPolicy: startingPolicy(5),
});

export interface StreamOptions {
  url: string;
  quality: VideoQuality;
  onFirstFrame: () => void;
  /** The stream failed (or gave no frame in time); it is closed already. */
  onError: (reason: string) => void;
  startupTimeoutMs?: number;
  now?: () => number;
  load?: () => Promise<HlsClass>;
  fetch?: typeof fetch;
}

export interface VideoStream {
  /** Played by the browser's own HLS (known once the stream has started). */
  native(): boolean;
  setQuality(quality: VideoQuality): void;
  /** The rendition playing ("" until known). */
  rendition(): string;
  /** The running totals since opening (latencyMs is the caller's: it knows the clock). */
  counters(): Omit<VideoCounters, 'latencyMs'>;
  /** When the playing frame was drawn (ms since the epoch, the studio's clock), or null. */
  playingDate(): number | null;
  close(): void;
}

function hasMediaSource(): boolean {
  const w = globalThis as Record<string, unknown>;
  return (
    typeof w.MediaSource !== 'undefined' ||
    typeof w.ManagedMediaSource !== 'undefined' ||
    typeof w.WebKitMediaSource !== 'undefined'
  );
}

type FrameCallbackVideo = HTMLVideoElement & {
  requestVideoFrameCallback?: (cb: () => void) => number;
  cancelVideoFrameCallback?: (handle: number) => void;
  getStartDate?: () => Date;
};

/** Opens `url` in `video`. The stream starts at once and runs until close(). */
export function openStream(element: HTMLVideoElement, o: StreamOptions): VideoStream {
  const video = element as FrameCallbackVideo;
  const now = o.now ?? (() => performance.now());
  const doFetch = o.fetch ?? ((input, init) => fetch(input, init));
  const openedAt = now();
  let closed = false;
  let first = false;
  let native = false;
  let hls: InstanceType<HlsClass> | null = null;
  let quality = o.quality;
  let mediaRecovered = false;
  let lastRendition = '';
  const offs: (() => void)[] = [];

  // The running totals.
  let startupMs: number | null = null;
  let stalls = 0;
  let stallMs = 0;
  let stalledAt: number | null = null;
  let playedMs = 0;
  let lastTime: number | null = null;
  let droppedBase: number | null = null;

  const listen = (type: string, fn: () => void) => {
    video.addEventListener(type, fn);
    offs.push(() => video.removeEventListener(type, fn));
  };
  const dropped = () => video.getVideoPlaybackQuality?.().droppedVideoFrames ?? 0;
  const played = () => {
    const t = video.currentTime;
    if (lastTime !== null && t > lastTime && t - lastTime < 5) playedMs += (t - lastTime) * 1000;
    lastTime = t;
  };

  const fail = (reason: string) => {
    if (closed) return;
    stop();
    o.onError(reason);
  };

  const firstFrame = () => {
    if (closed || first) return;
    first = true;
    clearTimeout(startup);
    startupMs = Math.max(0, Math.round(now() - openedAt));
    droppedBase = dropped();
    lastTime = video.currentTime;
    o.onFirstFrame();
  };

  // No frame in time: an error (unless the time moved and only the callback was missed).
  const startup = setTimeout(() => {
    if (video.currentTime > 0 && !video.paused) firstFrame();
    else fail('startup timeout');
  }, o.startupTimeoutMs ?? STARTUP_TIMEOUT_MS);

  let frameHandle: number | null = null;
  if (typeof video.requestVideoFrameCallback === 'function') {
    frameHandle = video.requestVideoFrameCallback(() => {
      frameHandle = null;
      firstFrame();
    });
  } else {
    listen('playing', () => {
      if (video.currentTime > 0) firstFrame();
    });
    listen('timeupdate', () => {
      if (video.currentTime > 0 && !video.paused) firstFrame();
    });
  }
  listen('waiting', () => {
    if (!first || stalledAt !== null) return;
    stalls++;
    stalledAt = now();
  });
  listen('playing', () => {
    if (stalledAt !== null) stallMs += now() - stalledAt;
    stalledAt = null;
  });
  listen('timeupdate', played);

  const play = () => {
    try {
      const p = video.play() as Promise<void> | undefined;
      p?.catch(() => undefined); // autoplay refused: the startup timeout tells
    } catch {
      // not playable here
    }
  };

  const applyQuality = (immediately: boolean) => {
    if (!hls || hls.levels.length === 0) return;
    const index = levelIndexFor(hls.levels, quality);
    if (immediately) hls.currentLevel = index;
    else {
      if (index >= 0) hls.startLevel = index;
      hls.loadLevel = index;
    }
  };

  function startHls(Hls: HlsClass) {
    const h = new Hls(hlsConfig());
    hls = h;
    h.on(Hls.Events.MANIFEST_PARSED, () => applyQuality(false));
    h.on(Hls.Events.ERROR, (_event: unknown, data: ErrorData) => {
      if (!data.fatal) return;
      if (data.type === Hls.ErrorTypes.MEDIA_ERROR && !mediaRecovered) {
        mediaRecovered = true;
        h.recoverMediaError();
        return;
      }
      fail(`${data.type}: ${data.details}`);
    });
    h.attachMedia(video);
    h.loadSource(o.url);
    play();
  }

  /** The browser's own HLS: it gives up on a 404, so the manifest is awaited first. */
  async function startNative() {
    native = true;
    for (let i = 0; i <= MANIFEST_RETRIES && !closed; i++) {
      const status = await doFetch(o.url, { credentials: 'same-origin', cache: 'no-store' }).then(
        (r) => r.status,
        () => 0,
      );
      if (closed) return;
      if (status >= 200 && status < 300) break;
      if (status !== 404 && status !== 0) return fail(`manifest ${status}`);
      if (i === MANIFEST_RETRIES) return fail('manifest 404');
      await new Promise((r) => setTimeout(r, MANIFEST_RETRY_MS));
    }
    if (closed) return;
    listen('error', () => fail(`native: ${video.error?.code ?? 0}`));
    video.src = o.url;
    play();
  }

  function stop() {
    if (closed) return;
    rendition(); // kept for after the element is unloaded
    closed = true;
    clearTimeout(startup);
    if (frameHandle !== null) video.cancelVideoFrameCallback?.(frameHandle);
    offs.forEach((off) => off());
    if (hls) {
      try {
        hls.destroy();
      } catch {
        // gone anyway
      }
      hls = null;
    }
    // Unload the element: no more requests, its picture cleared.
    try {
      video.pause();
      video.removeAttribute('src');
      video.load();
    } catch {
      // not loadable here
    }
  }

  if (!hasMediaSource()) void startNative();
  else
    void (o.load ?? loadHls)().then(
      (Hls) => {
        if (closed) return;
        if (Hls.isSupported()) startHls(Hls);
        else void startNative();
      },
      () => {
        if (!closed && video.canPlayType('application/vnd.apple.mpegurl')) void startNative();
        else fail('hls.js could not be loaded');
      },
    );

  function rendition(): string {
    // The picture's own height first (a switch shows when its frames do), else the level
    // loading; once closed, the last one known.
    const now =
      renditionOfHeight(video.videoHeight) ||
      (hls && hls.currentLevel >= 0 ? renditionOfLevel(hls.levels[hls.currentLevel]) : '');
    if (now && !closed) lastRendition = now;
    return lastRendition;
  }

  return {
    native: () => native,
    setQuality(q) {
      if (q === quality) return;
      quality = q;
      applyQuality(true);
    },
    rendition,
    counters() {
      if (!closed) played();
      const level = hls && hls.currentLevel >= 0 ? hls.levels[hls.currentLevel] : undefined;
      const stalledNow = stalledAt !== null ? now() - stalledAt : 0;
      return {
        rendition: rendition(),
        resolution: video.videoWidth > 0 ? `${video.videoWidth}x${video.videoHeight}` : '',
        bitrateKbps: level ? Math.round(level.bitrate / 1000) : 0,
        stalls,
        stallMs: Math.round(stallMs + stalledNow),
        playedMs: Math.round(playedMs),
        droppedFrames: droppedBase === null ? 0 : Math.max(0, dropped() - droppedBase),
        startupMs,
      };
    },
    playingDate() {
      if (!first) return null;
      if (hls) return hls.playingDate?.getTime() ?? null;
      const start = video.getStartDate?.().getTime();
      return start !== undefined && Number.isFinite(start)
        ? start + video.currentTime * 1000
        : null;
    },
    close: stop,
  };
}
