// One video session of a table (ui/TableVideo loads this on demand, with the stream and the
// telemetry, so that a table's first page carries none of it): the stream in the <video>
// (lib/video/stream) and its statistics session (lib/video/telemetry), opened together
// and closed together. A quality the player chooses while it plays switches the stream at
// once and is recorded (PUT /quality/video).
import type { DeviceInfo } from '../device/device';
import type { VideoQuality } from '../settings';
import { type VideoStream, openStream } from './stream';
import { collectorFor, sendQuality, videoMeta } from './telemetry';

export interface LiveVideoOptions {
  url: string;
  tableId: string;
  userId: string;
  quality: VideoQuality;
  device: Pick<DeviceInfo, 'browser' | 'os' | 'device'>;
  country: string;
  /** env/getAll's statsCollector (null: no telemetry). */
  collector: string | null;
  /** The delay from the studio now (the caller knows the server's clock). */
  latency: (stream: VideoStream) => number | null;
  /** PUT with the anti-forgery header (lib/http). */
  put: (path: string, body: Record<string, unknown>) => Promise<unknown>;
  onFirstFrame: (rendition: string) => void;
  onError: (reason: string, rendition: string) => void;
}

export interface LiveVideo {
  stream: VideoStream;
  setQuality(quality: VideoQuality): void;
  /** Closes the stream and its statistics; returns the rendition it last played. */
  close(): string;
}

export function startLiveVideo(element: HTMLVideoElement, o: LiveVideoOptions): LiveVideo {
  const stream = openStream(element, {
    url: o.url,
    quality: o.quality,
    onFirstFrame: () => o.onFirstFrame(stream.rendition()),
    onError: (reason) => {
      stats?.close(); // its last report, then nothing
      o.onError(reason, stream.rendition());
    },
  });
  // (The stream calls back only later, once `stats` is set.)
  const stats = collectorFor(o.collector)?.open({
    tableId: o.tableId,
    userId: o.userId,
    native: stream.native,
    meta: videoMeta(o.device, o.country),
    read: () => ({ ...stream.counters(), latencyMs: o.latency(stream) }),
  });
  let quality = o.quality;
  return {
    stream,
    setQuality(q) {
      if (q === quality) return;
      quality = q;
      stream.setQuality(q);
      sendQuality(o.put, o.tableId, q);
    },
    close() {
      const rendition = stream.rendition();
      stats?.close();
      stream.close();
      return rendition;
    },
  };
}
