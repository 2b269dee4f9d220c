import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';

import { HostContext } from '../lib/host/context';
import type { Host, HostUi } from '../lib/host/host';
import en from '../lib/i18n/locales/en.json';
import { initTestI18n } from '../lib/i18n';
import { LIFECYCLE_EVENT } from '../lib/lifecycle';
import {
  type AllConfig,
  type PopupKind,
  type Services,
  ServicesContext,
  type TableVideoConfig,
} from '../lib/session';
import { testSession } from '../lib/session.test-util';
import { createStore } from '../lib/store';
import { FakeHls, fakeVideoElements, setVideo } from '../lib/video/hls.test-util';
import { STARTUP_TIMEOUT_MS } from '../lib/video/stream';
import { TableVideo } from './TableVideo';
import { NOTICE_MS, VideoNotice } from './VideoNotice';

vi.mock('hls.js/light', async () => ({
  default: (await import('../lib/video/hls.test-util')).FakeHls,
}));

const VIDEO: TableVideoConfig = {
  url: '/video/rou-1/master.m3u8',
  renditions: ['high', 'medium', 'low'],
  delayBudgetMs: 4000,
};

let media: ReturnType<typeof fakeVideoElements>;
let events: { name: string; [k: string]: unknown }[];
const listen = (e: Event) => events.push((e as CustomEvent).detail);

beforeAll(async () => {
  await initTestI18n(en);
});

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(1_800_000_000_000);
  FakeHls.reset();
  media = fakeVideoElements();
  events = [];
  window.addEventListener(LIFECYCLE_EVENT, listen);
});

afterEach(() => {
  cleanup();
  window.removeEventListener(LIFECYCLE_EVENT, listen);
  media.restore();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

function setup(
  options: {
    video?: TableVideoConfig | null;
    quality?: string;
    paused?: boolean;
    collector?: string;
    serverOffset?: number;
  } = {},
) {
  const ui = createStore<HostUi>({
    paused: options.paused ?? false,
    muted: false,
    realityCheck: null,
  });
  const session = testSession({
    device: { browser: 'Chrome', os: 'Linux', device: 'Desktop' } as never,
    config: {
      env: options.collector ? { statsCollector: options.collector } : {},
      playerConfig: {
        player: { id: '7', countryCode: 'DE' },
        settings: { video_stream: options.quality ?? 'auto' },
      },
    } as unknown as AllConfig,
  });
  const put = vi.fn().mockResolvedValue(undefined);
  const services = { session, http: { put } } as unknown as Services;
  const onLoaded = vi.fn();
  const view = (serverOffset = options.serverOffset ?? 0) => (
    <ServicesContext.Provider value={services}>
      <HostContext.Provider value={{ ui } as unknown as Host}>
        <TableVideo
          tableId="rou-1"
          video={options.video === undefined ? VIDEO : options.video}
          serverOffset={serverOffset}
          onLoaded={onLoaded}
          label="Roulette Azure"
        >
          {(covered) => <div data-testid="drawn" data-covered={String(covered)} />}
        </TableVideo>
        <VideoNotice tableId="rou-1" />
      </HostContext.Provider>
    </ServicesContext.Provider>
  );
  const r = render(view());
  return {
    ...r,
    ui,
    session,
    put,
    onLoaded,
    rerenderWith: (offset: number) => r.rerender(view(offset)),
    setQuality: (q: string) =>
      act(() =>
        session.set((s) => ({
          ...s,
          config: {
            ...s.config!,
            playerConfig: { ...s.config!.playerConfig, settings: { video_stream: q } },
          },
        })),
      ),
    popup: (kind: PopupKind) => act(() => session.set((s) => ({ ...s, popups: [kind] }))),
  };
}

async function settle() {
  await act(async () => {
    await vi.dynamicImportSettled();
    await vi.advanceTimersByTimeAsync(0);
    await vi.dynamicImportSettled();
    await vi.advanceTimersByTimeAsync(0);
  });
}

/** The stream's first frame, at 854x480. */
async function firstFrame() {
  const video = screen.getByTestId('table-video') as HTMLVideoElement;
  setVideo(video, { videoWidth: 854, videoHeight: 480, currentTime: 5 });
  await act(async () => media.frame());
}

const phase = () => screen.getByTestId('table-video-box').dataset.phase;
const named = (name: string) => events.filter((e) => e.name === name);

describe('a table without video', () => {
  it('shows its drawn studio, exactly as before: no <video>, nothing loaded', async () => {
    const { onLoaded } = setup({ video: null });
    await settle();
    expect(screen.getByTestId('drawn').dataset.covered).toBe('false');
    expect(screen.queryByTestId('table-video')).toBeNull();
    expect(FakeHls.instances).toHaveLength(0);
    expect(onLoaded).not.toHaveBeenCalled();
  });
});

describe('a table with video', () => {
  it('is loaded only when its first frame plays, which covers the drawn studio', async () => {
    const { onLoaded } = setup();
    await settle();
    const video = screen.getByTestId('table-video') as HTMLVideoElement;
    expect(video).toHaveAttribute('aria-label', '[[VIDEO_LABEL]]');
    expect(video.muted).toBe(true);
    expect(video).toHaveAttribute('playsinline');
    expect(video.autoplay).toBe(true);
    const hls = FakeHls.last();
    expect(hls.source).toBe(VIDEO.url);
    expect(hls.media).toBe(video);
    hls.parsed();
    expect(phase()).toBe('loading');
    expect(onLoaded).not.toHaveBeenCalled();
    expect(screen.getByTestId('drawn').dataset.covered).toBe('false');

    await firstFrame();
    expect(onLoaded).toHaveBeenCalled();
    expect(phase()).toBe('playing');
    expect(screen.getByTestId('drawn').dataset.covered).toBe('true');
    expect(screen.getByTestId('drawn').parentElement).toHaveAttribute('aria-hidden', 'true');
    expect(named('video initialised')).toEqual([
      { name: 'video initialised', tableId: 'rou-1', rendition: 'high' },
    ]);
  });

  it('plays the quality the player chose; a change switches at once and is recorded', async () => {
    const { put, setQuality } = setup({ quality: 'low' });
    await settle();
    const hls = FakeHls.last();
    hls.parsed();
    expect(hls.loadLevel).toBe(2);
    await firstFrame();
    setQuality('high');
    expect(hls.currentLevelSet).toEqual([0]);
    expect(put).toHaveBeenCalledWith('/quality/video', { tableId: 'rou-1', quality: 'high' });
    setQuality('auto');
    expect(hls.currentLevelSet).toEqual([0, -1]);
    expect(put).toHaveBeenCalledTimes(2);
    expect(FakeHls.instances).toHaveLength(1); // the same stream
  });

  it('shows the delay from the studio by the server clock, warning above the budget', async () => {
    const { rerenderWith } = setup({ serverOffset: 500 });
    await settle();
    await firstFrame();
    const hls = FakeHls.last();
    // Drawn 2.9 s before the server's now (the page's clock + 500 ms); read a second later.
    hls.playingDate = new Date(Date.now() + 500 - 2900);
    await act(async () => {
      await vi.advanceTimersByTimeAsync(1000);
    });
    const meter = screen.getByTestId('video-latency');
    expect(meter.dataset.latencyMs).toBe('3900');
    expect(meter).toHaveTextContent('[[VIDEO_DELAY]]');
    expect(meter.querySelector('.sr-only')).toHaveTextContent('[[VIDEO_DELAY_LABEL]]');
    expect(meter.dataset.over).toBeUndefined();

    hls.playingDate = new Date(Date.now() + 500 - 4600);
    await act(async () => {
      await vi.advanceTimersByTimeAsync(1000);
    });
    expect(meter.dataset.latencyMs).toBe('5600');
    expect(meter.dataset.over).toBe('true');
    expect(meter.querySelector('.sr-only')).toHaveTextContent('[[VIDEO_DELAY_HIGH_LABEL]]');

    // The server's clock 2 s behind the page's after all: 2.5 s less than the last figure,
    // a second later.
    rerenderWith(-2000);
    await act(async () => {
      await vi.advanceTimersByTimeAsync(1000);
    });
    expect(meter.dataset.latencyMs).toBe('4100');
  });

  it('closes the stream while the host pauses the game, and opens a new one on resume', async () => {
    const { ui } = setup();
    await settle();
    await firstFrame();
    const first = FakeHls.last();
    act(() => ui.set((u) => ({ ...u, paused: true })));
    expect(first.destroyed).toBe(true);
    expect(phase()).toBe('closed');
    expect(screen.getByTestId('drawn').dataset.covered).toBe('false');
    expect(named('video closed')).toEqual([
      { name: 'video closed', tableId: 'rou-1', rendition: 'high' },
    ]);

    act(() => ui.set((u) => ({ ...u, paused: false })));
    await settle();
    expect(FakeHls.instances).toHaveLength(2);
    expect(FakeHls.last()).not.toBe(first);
    expect(phase()).toBe('loading');
    await firstFrame();
    expect(named('video initialised')).toHaveLength(2);
  });

  it('closes the stream when the session ends or the account is restricted', async () => {
    for (const kind of ['session-expired', 'account-restricted'] as const) {
      const { popup, unmount } = setup();
      await settle();
      const hls = FakeHls.last();
      popup(kind);
      expect(hls.destroyed).toBe(true);
      expect(phase()).toBe('closed');
      unmount();
    }
    // The no-internet alert is not an end: the stream stays.
    const { popup } = setup();
    await settle();
    popup('no-internet');
    expect(FakeHls.last().destroyed).toBe(false);
  });

  it('a game paused from the start opens nothing and keeps no preloader waiting', async () => {
    const { onLoaded } = setup({ paused: true });
    await settle();
    expect(FakeHls.instances).toHaveLength(0);
    expect(onLoaded).toHaveBeenCalled();
    expect(phase()).toBe('closed');
  });

  it('leaving the table closes the stream', async () => {
    const { unmount } = setup();
    await settle();
    await firstFrame();
    unmount();
    expect(FakeHls.last().destroyed).toBe(true);
    expect(named('video closed')).toHaveLength(1);
  });
});

describe('a video that fails', () => {
  it('falls back to the drawn studio, says so once with a way to retry, and is loaded', async () => {
    const { onLoaded } = setup();
    await settle();
    const hls = FakeHls.last();
    hls.emit('hlsError', { fatal: true, type: 'networkError', details: 'manifestLoadError' });
    await settle();
    expect(phase()).toBe('failed');
    expect(hls.destroyed).toBe(true);
    expect(onLoaded).toHaveBeenCalled();
    expect(screen.getByTestId('drawn').dataset.covered).toBe('false');
    expect(screen.getByTestId('drawn').parentElement).not.toHaveAttribute('aria-hidden');
    expect(named('video error')).toEqual([
      {
        name: 'video error',
        tableId: 'rou-1',
        rendition: '',
        reason: 'networkError: manifestLoadError',
      },
    ]);
    expect(named('video closed')).toEqual([]);
    const notice = screen.getByTestId('video-notice');
    expect(notice).toHaveTextContent('[[VIDEO_UNAVAILABLE]]');

    // Retry: a new stream, the notice gone.
    fireEvent.click(screen.getByRole('button', { name: '[[RETRY]]' }));
    await settle();
    expect(screen.queryByTestId('video-notice')).toBeNull();
    expect(FakeHls.instances).toHaveLength(2);
    expect(phase()).toBe('loading');
    await firstFrame();
    expect(phase()).toBe('playing');
  });

  it('with no frame in 15 s: the same, so the preloader never hangs; the studio has its own retry', async () => {
    const { onLoaded } = setup();
    await settle();
    await act(async () => {
      await vi.advanceTimersByTimeAsync(STARTUP_TIMEOUT_MS - 100);
    });
    expect(onLoaded).not.toHaveBeenCalled();
    await act(async () => {
      await vi.advanceTimersByTimeAsync(200);
    });
    expect(onLoaded).toHaveBeenCalled();
    expect(phase()).toBe('failed');
    expect(named('video error')[0]).toMatchObject({ reason: 'startup timeout' });

    // The notice put away; the button on the studio tries again.
    fireEvent.click(screen.getByTestId('video-notice-close'));
    expect(screen.queryByTestId('video-notice')).toBeNull();
    const retry = screen.getByRole('button', { name: '[[VIDEO_RETRY_LABEL]]' });
    fireEvent.click(retry);
    await settle();
    expect(FakeHls.instances).toHaveLength(2);
  });
});

describe('the notice of a failed video', () => {
  it('goes by itself after a while, unless the player is on it; the studio keeps its retry', async () => {
    setup();
    await settle();
    FakeHls.last().emit('hlsError', { fatal: true, type: 'networkError', details: 'x' });
    await settle();
    const retry = screen.getByRole('button', { name: '[[RETRY]]' });
    act(() => retry.focus());
    await act(async () => {
      await vi.advanceTimersByTimeAsync(NOTICE_MS + 1000);
    });
    expect(screen.getByTestId('video-notice')).toBeInTheDocument(); // held by the focus
    act(() => retry.blur());
    await act(async () => {
      await vi.advanceTimersByTimeAsync(NOTICE_MS);
    });
    expect(screen.queryByTestId('video-notice')).toBeNull();
    expect(screen.getByRole('button', { name: '[[VIDEO_RETRY_LABEL]]' })).toBeInTheDocument();
  });
});

describe('the telemetry of a video session', () => {
  it('sends the meta of each session: a new one after a pause', async () => {
    const posts: { url: string; body: Record<string, unknown> }[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
        const url = String(input);
        if (url.endsWith('/settings'))
          return new Response(
            JSON.stringify({ captureVideoEvent: true, ipAddress: '', statsIntervalMs: 10_000 }),
          );
        posts.push({ url, body: JSON.parse(String(init?.body)) });
        return new Response(null, { status: 204 });
      }),
    );
    vi.stubGlobal('navigator', { ...navigator, sendBeacon: undefined });
    const { ui } = setup({ collector: '/eventcapture-session-test' });
    await settle();
    await firstFrame();
    act(() => ui.set((u) => ({ ...u, paused: true })));
    await settle();
    act(() => ui.set((u) => ({ ...u, paused: false })));
    await settle();
    const metas = posts.filter((p) => p.url.includes('/videosessionmeta'));
    expect(metas).toHaveLength(2);
    expect(metas[0]!.body).toMatchObject({
      tableId: 'rou-1',
      userId: '7',
      browser: 'Chrome',
      os: 'Linux',
      device: 'Desktop',
      country: 'DE',
    });
    expect(metas[0]!.body.videoSessionId).not.toBe(metas[1]!.body.videoSessionId);
    // The paused session's closing report.
    const stats = posts.filter((p) => p.url.includes('/v2/videostats'));
    expect(stats).toHaveLength(1);
    expect(stats[0]!.body).toMatchObject({
      videoSessionId: metas[0]!.body.videoSessionId,
      rendition: 'high',
      resolution: '854x480',
    });
    expect(typeof stats[0]!.body.startupMs).toBe('number');
  });
});
