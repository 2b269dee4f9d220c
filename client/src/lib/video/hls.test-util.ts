// For tests: hls.js as the stream (lib/video/stream) uses it, mocked at the module boundary
// (vi.mock('hls.js/light', () => ({ default: FakeHls }))): the instances made, their
// config, source, levels and level choices, and their events fired by hand. And the
// <video> element's parts jsdom lacks (play, a frame callback, MediaSource).
import { vi } from 'vitest';

type Handler = (event: string, data: unknown) => void;

export const LEVELS = [
  {
    name: '',
    url: ['https://casino.test/video/rou-1/high.m3u8'],
    height: 480,
    width: 854,
    bitrate: 1_540_000,
  },
  {
    name: '',
    url: ['https://casino.test/video/rou-1/medium.m3u8'],
    height: 360,
    width: 640,
    bitrate: 880_000,
  },
  {
    name: '',
    url: ['https://casino.test/video/rou-1/low.m3u8'],
    height: 240,
    width: 426,
    bitrate: 385_000,
  },
];

export class FakeHls {
  static instances: FakeHls[] = [];
  static supported = true;
  static isSupported() {
    return FakeHls.supported;
  }
  static Events = {
    MANIFEST_PARSED: 'hlsManifestParsed',
    ERROR: 'hlsError',
  };
  static ErrorTypes = {
    NETWORK_ERROR: 'networkError',
    MEDIA_ERROR: 'mediaError',
  };

  config: Record<string, unknown>;
  source: string | null = null;
  media: HTMLMediaElement | null = null;
  levels: typeof LEVELS = [];
  currentLevelSet: number[] = [];
  private current = -1;
  loadLevel = -1;
  startLevel = -1;
  playingDate: Date | null = null;
  destroyed = false;
  recovered = 0;
  private handlers = new Map<string, Handler[]>();

  constructor(config: Record<string, unknown>) {
    this.config = config;
    FakeHls.instances.push(this);
  }
  get currentLevel() {
    return this.current;
  }
  set currentLevel(level: number) {
    this.current = level;
    this.currentLevelSet.push(level);
  }
  on(event: string, handler: Handler) {
    this.handlers.set(event, [...(this.handlers.get(event) ?? []), handler]);
  }
  attachMedia(media: HTMLMediaElement) {
    this.media = media;
  }
  loadSource(url: string) {
    this.source = url;
  }
  recoverMediaError() {
    this.recovered++;
  }
  destroy() {
    this.destroyed = true;
  }
  emit(event: string, data: unknown = {}) {
    for (const h of this.handlers.get(event) ?? []) h(event, data);
  }
  /** The master playlist read: its three levels, MANIFEST_PARSED. */
  parsed() {
    this.levels = LEVELS;
    this.emit(FakeHls.Events.MANIFEST_PARSED, { levels: LEVELS });
  }
  static reset() {
    FakeHls.instances = [];
    FakeHls.supported = true;
  }
  static last(): FakeHls {
    const h = FakeHls.instances[FakeHls.instances.length - 1];
    if (!h) throw new Error('no hls.js instance');
    return h;
  }
}

/** The <video> parts jsdom lacks; `frame()` presents a frame to the callbacks waiting. */
export function fakeVideoElements() {
  const callbacks: (() => void)[] = [];
  const proto = HTMLMediaElement.prototype as unknown as Record<string, unknown>;
  const video = HTMLVideoElement.prototype as unknown as Record<string, unknown>;
  const saved = {
    play: proto.play,
    pause: proto.pause,
    load: proto.load,
    rvfc: video.requestVideoFrameCallback,
    cvfc: video.cancelVideoFrameCallback,
  };
  proto.play = vi.fn(() => Promise.resolve());
  proto.pause = vi.fn();
  proto.load = vi.fn();
  video.requestVideoFrameCallback = function (cb: () => void) {
    callbacks.push(cb);
    return callbacks.length;
  };
  video.cancelVideoFrameCallback = vi.fn();
  const g = globalThis as Record<string, unknown>;
  const hadMediaSource = 'MediaSource' in g;
  if (!hadMediaSource) g.MediaSource = function MediaSource() {};
  return {
    frame() {
      for (const cb of callbacks.splice(0)) cb();
    },
    restore() {
      proto.play = saved.play;
      proto.pause = saved.pause;
      proto.load = saved.load;
      video.requestVideoFrameCallback = saved.rvfc;
      video.cancelVideoFrameCallback = saved.cvfc;
      if (!hadMediaSource) delete g.MediaSource;
    },
  };
}

/** Sets a media element's read-only figures (jsdom keeps them at 0). */
export function setVideo(
  el: HTMLVideoElement,
  figures: Partial<{
    currentTime: number;
    videoWidth: number;
    videoHeight: number;
    paused: boolean;
  }>,
) {
  for (const [k, v] of Object.entries(figures))
    Object.defineProperty(el, k, { value: v, configurable: true, writable: true });
}
