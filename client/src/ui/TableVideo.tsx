// A table's live video (issue 21) over its drawn studio: the table pages whose
// tableConfig has `video` (roulette, the card tables, sic bo) show the studio's stream
// (lib/video/stream) where they draw the studio, which stays underneath:
// - until the first frame plays (the preloader waits for it: SPEC §4 "Loading is complete
//   when assets, game and video are all loaded"; none within 15 s is an error);
// - when the video fails: the drawn studio shows, the player is told once (ui/VideoNotice)
//   and may try again (the notice's Retry, or the button on the studio);
// - while the game is paused (the host's PAUSE, an ended session, a restricted account):
//   the stream is closed (SPEC §4 "Pausing closes the video socket"); resuming opens it
//   again, as a new video session.
// On the picture, a meter of the delay from the studio to this screen (the playing frame's
// date against the server's clock), warning above the table's delay budget.
// The host page hears video initialised, video closed and video error (lib/lifecycle); the
// statistics collector gets the session and its figures (lib/video/telemetry); a quality
// changed while a stream plays switches at once and is recorded (PUT /quality/video).
// Without `video` the page's drawn studio is all there is, exactly as before.
import './table-video.css';

import { type ReactNode, type RefObject, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';

import { localiseDecimal } from '../lib/format/locale';
import { useHostUi } from '../lib/host/context';
import { emitLifecycle } from '../lib/lifecycle';
import { type PopupKind, type TableVideoConfig, useServices } from '../lib/session';
import { settingOf } from '../lib/settings';
import { createStore, useStore } from '../lib/store';
import type { LiveVideo } from '../lib/video/live';
import type { VideoStream } from '../lib/video/stream';
import { hideVideoNotice, showVideoNotice } from './VideoNotice';

/** The popups of an ended session: the stream closes with it. */
const SESSION_ENDED: readonly PopupKind[] = [
  'session-expired',
  'account-restricted',
  'logged-out-elsewhere',
  'kicked-out',
];

/** Whether the game is paused for the video: the host's PAUSE, an ended session. */
export function useVideoPaused(): boolean {
  const { session } = useServices();
  const hostPaused = useHostUi((u) => u.paused);
  const ended = useStore(session, (s) => s.popups.some((p) => SESSION_ENDED.includes(p)));
  return hostPaused || ended;
}

export interface TableVideoProps {
  tableId: string;
  video: TableVideoConfig | null | undefined;
  /** The server's clock less the page's (ms), as the table's events give it. */
  serverOffset: number;
  /** The video is loaded for the preloader: its first frame, or it failed (or is closed). */
  onLoaded: () => void;
  /** What the video shows, for screen readers (the table's name). */
  label: string;
  /**
   * The drawn studio; `covered` while the video plays over it (it may stop drawing).
   * Without it the video is a picture of its own beside what the page draws (the card
   * tables' hands stay): it takes no room when it is not playing.
   */
  children?: (covered: boolean) => ReactNode;
}

export function TableVideo(props: TableVideoProps) {
  if (!props.video) return <>{props.children?.(false)}</>;
  return <Streamed {...props} video={props.video} />;
}

type Phase = 'closed' | 'loading' | 'playing' | 'failed';

/** The delay from the studio to this screen now, or null when the frame has no date. */
export function latencyOf(stream: VideoStream | null, serverOffset: number, localNow = Date.now()) {
  const drawn = stream?.playingDate() ?? null;
  if (drawn === null) return null;
  return Math.max(0, Math.round(localNow + serverOffset - drawn));
}

function Streamed({
  tableId,
  video,
  serverOffset,
  onLoaded,
  label,
  children,
}: TableVideoProps & { video: TableVideoConfig }) {
  const { t } = useTranslation();
  const { session, http } = useServices();
  const quality = useStore(session, (s) =>
    settingOf(s.config?.playerConfig.settings, 'video_stream'),
  );
  const paused = useVideoPaused();
  const open = !paused;

  // The stream's state: an external system, followed through a store of its own.
  const [state] = useState(() => createStore<Phase>('closed'));
  const phase = useStore(state, (p) => p);
  const [attempt, setAttempt] = useState(0);
  const videoRef = useRef<HTMLVideoElement>(null);
  const liveRef = useRef<LiveVideo | null>(null);
  const latest = useRef({ quality, serverOffset, onLoaded });
  useEffect(() => {
    latest.current = { quality, serverOffset, onLoaded };
  });

  useEffect(() => {
    const element = videoRef.current;
    if (!open || !element) {
      state.set('closed');
      latest.current.onLoaded(); // nothing to wait for while paused
      return;
    }
    state.set('loading');
    let live: LiveVideo | null = null;
    let cancelled = false;
    let failed = false;
    const loaded = () => latest.current.onLoaded();
    const fail = (reason: string, rendition: string) => {
      failed = true;
      state.set('failed');
      emitLifecycle('video error', { tableId, rendition, reason });
      loaded();
      showVideoNotice({ tableId, retry: () => setAttempt((n) => n + 1) });
    };
    import('../lib/video/live').then(
      ({ startLiveVideo }) => {
        if (cancelled) return;
        const { device, config } = session.get();
        const player = config?.playerConfig.player;
        live = startLiveVideo(element, {
          url: video.url,
          tableId,
          userId: player?.id ?? '',
          quality: latest.current.quality,
          device,
          country: player?.countryCode ?? '',
          collector: config?.env?.statsCollector ?? null,
          latency: (stream) => latencyOf(stream, latest.current.serverOffset),
          put: (path, body) => http.put(path, body),
          onFirstFrame: (rendition) => {
            state.set('playing');
            hideVideoNotice(tableId);
            emitLifecycle('video initialised', { tableId, rendition });
            loaded();
          },
          onError: fail,
        });
        liveRef.current = live;
      },
      () => !cancelled && fail('the player could not be loaded', ''),
    );
    return () => {
      cancelled = true;
      liveRef.current = null;
      const rendition = live?.close() ?? '';
      if (!failed) emitLifecycle('video closed', { tableId, rendition });
    };
  }, [open, attempt, video.url, tableId, session, http, state]);

  // Leaving the table takes its notice away.
  useEffect(() => () => hideVideoNotice(tableId), [tableId]);

  // A quality chosen while the stream plays: at once, and recorded.
  useEffect(() => {
    liveRef.current?.setQuality(quality);
  }, [quality]);

  const covered = phase === 'playing';
  return (
    <div
      className={`table-video ${children ? 'over-studio' : 'beside'}`}
      data-phase={phase}
      data-testid="table-video-box"
    >
      {children && (
        <div className="tv-studio" aria-hidden={covered || undefined}>
          {children(covered)}
        </div>
      )}
      <div className="tv-frame">
        <video
          ref={videoRef}
          className="tv-video"
          data-testid="table-video"
          aria-label={t('VIDEO_LABEL', { table: label })}
          muted
          playsInline
          autoPlay
          disablePictureInPicture
        />
        {phase === 'playing' && (
          <LatencyMeter live={liveRef} serverOffset={serverOffset} budgetMs={video.delayBudgetMs} />
        )}
        {phase === 'failed' && (
          <button
            type="button"
            className="tv-retry"
            data-testid="video-retry-studio"
            aria-label={t('VIDEO_RETRY_LABEL')}
            title={t('VIDEO_RETRY_LABEL')}
            onClick={() => {
              hideVideoNotice(tableId);
              setAttempt((n) => n + 1);
            }}
          >
            <span aria-hidden="true">↻</span>
          </button>
        )}
      </div>
    </div>
  );
}

/** The delay from the studio, refreshed every second: "Live · 2.4 s". */
function LatencyMeter({
  live,
  serverOffset,
  budgetMs,
}: {
  live: RefObject<LiveVideo | null>;
  serverOffset: number;
  budgetMs: number;
}) {
  const { t } = useTranslation();
  const [ms, setMs] = useState<number | null>(null);
  const offset = useRef(serverOffset);
  useEffect(() => {
    offset.current = serverOffset;
  }, [serverOffset]);
  useEffect(() => {
    const tick = () => setMs(latencyOf(live.current?.stream ?? null, offset.current));
    const first = setTimeout(tick, 0);
    const timer = setInterval(tick, 1000);
    return () => {
      clearTimeout(first);
      clearInterval(timer);
    };
  }, [live]);
  const over = ms !== null && budgetMs > 0 && ms > budgetMs;
  const seconds = ms === null ? null : localiseDecimal((ms / 1000).toFixed(1));
  return (
    <p
      className={`tv-meter ${over ? 'over' : ''}`}
      data-testid="video-latency"
      data-latency-ms={ms ?? undefined}
      data-over={over ? 'true' : undefined}
    >
      <span className="tv-live-dot" aria-hidden="true" />
      <span className="tv-live" aria-hidden="true">
        {t('VIDEO_LIVE')}
      </span>
      {seconds !== null && (
        <span className="tv-delay" aria-hidden="true">
          {t('VIDEO_DELAY', { seconds })}
        </span>
      )}
      <span className="sr-only">
        {seconds === null
          ? t('VIDEO_LIVE')
          : t(over ? 'VIDEO_DELAY_HIGH_LABEL' : 'VIDEO_DELAY_LABEL', { seconds })}
      </span>
    </p>
  );
}
