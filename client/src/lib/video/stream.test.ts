import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { FakeHls, LEVELS, fakeVideoElements, setVideo } from './hls.test-util';
import {
  hlsConfig,
  MANIFEST_RETRIES,
  STARTUP_TIMEOUT_MS,
  levelIndexFor,
  openStream,
  renditionOfLevel,
  retryStarting,
} from './stream';

vi.mock('hls.js/light', async () => ({ default: (await import('./hls.test-util')).FakeHls }));

const URL = '/video/rou-1/master.m3u8';
let media: ReturnType<typeof fakeVideoElements>;

beforeEach(() => {
  vi.useFakeTimers();
  FakeHls.reset();
  media = fakeVideoElements();
});

afterEach(() => {
  media.restore();
  vi.useRealTimers();
});

async function settle() {
  await vi.dynamicImportSettled();
  await vi.advanceTimersByTimeAsync(0);
}

function open(quality: 'auto' | 'high' | 'medium' | 'low' = 'auto', extra = {}) {
  const video = document.createElement('video');
  const onFirstFrame = vi.fn();
  const onError = vi.fn();
  let clock = 1000;
  const stream = openStream(video, {
    url: URL,
    quality,
    onFirstFrame,
    onError,
    now: () => clock,
    ...extra,
  });
  return { video, stream, onFirstFrame, onError, tick: (ms: number) => (clock += ms) };
}

describe('the renditions', () => {
  it('are found by name, by playlist, else by height', () => {
    expect(renditionOfLevel(LEVELS[0])).toBe('high');
    expect(renditionOfLevel({ name: 'low', height: 999, bitrate: 1 })).toBe('low');
    expect(renditionOfLevel({ height: 360, bitrate: 1, url: ['/x/other.m3u8'] })).toBe('medium');
    expect(renditionOfLevel({ height: 720, bitrate: 1 })).toBe('');
    expect(levelIndexFor(LEVELS, 'auto')).toBe(-1);
    expect(levelIndexFor(LEVELS, 'high')).toBe(0);
    expect(levelIndexFor(LEVELS, 'low')).toBe(2);
    const unnamed = LEVELS.map((l) => ({ height: l.height, bitrate: l.bitrate }));
    expect(levelIndexFor([...unnamed].reverse(), 'high')).toBe(2);
    expect(levelIndexFor([{ height: 720, bitrate: 1 }], 'medium')).toBe(-1);
  });

  it('the manifest is asked again while the encoder starts (404), not on other refusals', () => {
    const policy = hlsConfig().manifestLoadPolicy.default.errorRetry;
    expect(policy.maxNumRetry).toBe(MANIFEST_RETRIES);
    expect(policy.retryDelayMs).toBe(1000);
    expect(policy.maxRetryDelayMs).toBe(1000);
    const cfg = { maxNumRetry: 15, retryDelayMs: 1000, maxRetryDelayMs: 1000 };
    const answer = (code: number) => ({
      code,
      text: '',
      url: '/video/rou-1/master.m3u8',
      data: '',
    });
    expect(retryStarting(cfg, 0, false, answer(404), false)).toBe(true);
    expect(retryStarting(cfg, 14, false, answer(404), false)).toBe(true);
    expect(retryStarting(cfg, 15, false, answer(404), false)).toBe(false);
    expect(retryStarting(cfg, 0, false, answer(401), false)).toBe(false);
    expect(retryStarting(cfg, 0, false, answer(503), true)).toBe(true); // hls.js's own choice
  });
});

describe('a stream through hls.js', () => {
  it('loads the master playlist into the video and plays it, hls.js choosing the level (auto)', async () => {
    const { video } = open('auto');
    await settle();
    const hls = FakeHls.last();
    expect(hls.config).toMatchObject({ capLevelToPlayerSize: true, liveSyncDurationCount: 2 });
    expect(hls.media).toBe(video);
    expect(hls.source).toBe(URL);
    expect(HTMLMediaElement.prototype.play).toHaveBeenCalled();
    hls.parsed();
    expect(hls.loadLevel).toBe(-1);
  });

  it('plays the rendition the player chose, and switches at once when it changes', async () => {
    const { stream } = open('medium');
    await settle();
    const hls = FakeHls.last();
    hls.parsed();
    expect(hls.startLevel).toBe(1);
    expect(hls.loadLevel).toBe(1);
    stream.setQuality('low');
    expect(hls.currentLevelSet).toEqual([2]);
    stream.setQuality('low'); // no change
    stream.setQuality('auto');
    expect(hls.currentLevelSet).toEqual([2, -1]);
  });

  it('tells of the first frame once, with the time it took', async () => {
    const { stream, onFirstFrame, onError, tick, video } = open();
    await settle();
    FakeHls.last().parsed();
    expect(onFirstFrame).not.toHaveBeenCalled();
    tick(1800);
    setVideo(video, { videoWidth: 854, videoHeight: 480, currentTime: 4 });
    media.frame();
    media.frame();
    expect(onFirstFrame).toHaveBeenCalledTimes(1);
    expect(stream.counters()).toMatchObject({
      startupMs: 1800,
      rendition: 'high',
      resolution: '854x480',
      stalls: 0,
    });
    await vi.advanceTimersByTimeAsync(STARTUP_TIMEOUT_MS + 1000);
    expect(onError).not.toHaveBeenCalled();
  });

  it('without a frame in time: an error, the stream closed and the element emptied', async () => {
    const { video, onError, onFirstFrame } = open();
    video.setAttribute('src', 'blob:x');
    await settle();
    await vi.advanceTimersByTimeAsync(STARTUP_TIMEOUT_MS);
    expect(onError).toHaveBeenCalledWith('startup timeout');
    expect(FakeHls.last().destroyed).toBe(true);
    expect(video.hasAttribute('src')).toBe(false);
    expect(HTMLMediaElement.prototype.load).toHaveBeenCalled();
    media.frame();
    expect(onFirstFrame).not.toHaveBeenCalled();
  });

  it('a playing video whose frame callback never came is not an error', async () => {
    const { video, onError, onFirstFrame } = open();
    await settle();
    setVideo(video, { currentTime: 3, paused: false });
    await vi.advanceTimersByTimeAsync(STARTUP_TIMEOUT_MS);
    expect(onError).not.toHaveBeenCalled();
    expect(onFirstFrame).toHaveBeenCalledTimes(1);
  });

  it('a fatal error closes it (a media error is recovered once first); others are hls.js own', async () => {
    const { onError } = open();
    await settle();
    const hls = FakeHls.last();
    hls.emit('hlsError', { fatal: false, type: 'networkError', details: 'fragLoadError' });
    hls.emit('hlsError', { fatal: true, type: 'mediaError', details: 'bufferStalledError' });
    expect(hls.recovered).toBe(1);
    expect(onError).not.toHaveBeenCalled();
    hls.emit('hlsError', { fatal: true, type: 'mediaError', details: 'bufferStalledError' });
    expect(onError).toHaveBeenCalledWith('mediaError: bufferStalledError');
    expect(hls.destroyed).toBe(true);

    const second = open();
    await settle();
    FakeHls.last().emit('hlsError', {
      fatal: true,
      type: 'networkError',
      details: 'manifestLoadError',
    });
    expect(second.onError).toHaveBeenCalledWith('networkError: manifestLoadError');
  });

  it('counts stalls after the first frame, and dates the playing frame', async () => {
    const { stream, video, tick } = open();
    await settle();
    const hls = FakeHls.last();
    expect(stream.playingDate()).toBeNull();
    setVideo(video, { currentTime: 10, videoHeight: 240, videoWidth: 426 });
    media.frame();
    video.dispatchEvent(new Event('waiting'));
    tick(700);
    video.dispatchEvent(new Event('playing'));
    video.dispatchEvent(new Event('waiting'));
    tick(200);
    setVideo(video, { currentTime: 12.5 });
    video.dispatchEvent(new Event('timeupdate'));
    hls.playingDate = new Date(1_800_000_000_000);
    expect(stream.counters()).toMatchObject({
      stalls: 2,
      stallMs: 900, // the one still going counts so far
      playedMs: 2500,
      rendition: 'low',
      bitrateKbps: 0, // no level chosen by hls.js yet
    });
    expect(stream.playingDate()).toBe(1_800_000_000_000);
    hls.parsed();
    hls.currentLevel = 2;
    expect(stream.counters().bitrateKbps).toBe(385);
  });

  it('close() ends it: hls.js destroyed, no callback after', async () => {
    const { stream, onFirstFrame, onError } = open();
    await settle();
    stream.close();
    expect(FakeHls.last().destroyed).toBe(true);
    media.frame();
    await vi.advanceTimersByTimeAsync(STARTUP_TIMEOUT_MS * 2);
    expect(onFirstFrame).not.toHaveBeenCalled();
    expect(onError).not.toHaveBeenCalled();
  });

  it('closed before hls.js has loaded: it never starts', async () => {
    const { stream } = open();
    stream.close();
    await settle();
    expect(FakeHls.instances).toHaveLength(0);
  });

  it('without a frame callback, the first frame is the `playing` event once the time moved', async () => {
    const proto = HTMLVideoElement.prototype as unknown as Record<string, unknown>;
    const saved = proto.requestVideoFrameCallback;
    delete proto.requestVideoFrameCallback;
    try {
      const { video, onFirstFrame } = open();
      await settle();
      video.dispatchEvent(new Event('playing'));
      expect(onFirstFrame).not.toHaveBeenCalled();
      setVideo(video, { currentTime: 0.4 });
      video.dispatchEvent(new Event('playing'));
      expect(onFirstFrame).toHaveBeenCalledTimes(1);
    } finally {
      proto.requestVideoFrameCallback = saved;
    }
  });
});

describe("the browser's own HLS", () => {
  it('plays where hls.js is not supported, once the manifest answers', async () => {
    FakeHls.supported = false;
    const answers = [404, 404, 200];
    const fetchMock = vi.fn(async () => new Response('', { status: answers.shift() ?? 200 }));
    const { video, stream, onError } = open('auto', { fetch: fetchMock });
    await settle();
    expect(FakeHls.instances).toHaveLength(0);
    expect(stream.native()).toBe(true);
    expect(video.getAttribute('src')).toBeNull();
    await vi.advanceTimersByTimeAsync(2000);
    expect(fetchMock).toHaveBeenCalledTimes(3);
    expect(video.getAttribute('src')).toBe(URL);
    expect(onError).not.toHaveBeenCalled();
    setVideo(video, { error: { code: 4 } } as never);
    video.dispatchEvent(new Event('error'));
    expect(onError).toHaveBeenCalledWith('native: 4');
  });

  it('without MediaSource hls.js is not even loaded; a refused manifest is an error', async () => {
    media.restore(); // no MediaSource
    const g = globalThis as Record<string, unknown>;
    const hadMediaSource = 'MediaSource' in g;
    delete g.MediaSource;
    media = fakeVideoElements();
    delete g.MediaSource;
    try {
      const fetchMock = vi.fn(async () => new Response('', { status: 401 }));
      const { onError, stream } = open('auto', { fetch: fetchMock });
      await settle();
      expect(stream.native()).toBe(true);
      expect(FakeHls.instances).toHaveLength(0);
      expect(onError).toHaveBeenCalledWith('manifest 401');
    } finally {
      if (hadMediaSource) g.MediaSource = function MediaSource() {};
    }
  });
});
