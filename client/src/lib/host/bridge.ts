// The post office between the client and the page that embeds it: every outbound
// message goes to `window.parent` in the versioned envelope, once to each allowed origin.
//
// - Standalone (not in a frame) nothing is posted.
// - The allowed origins are the casino configuration's `host_origins`. Until the
//   configuration is known they are not, so messages wait in a buffer and go out in order
//   once it is (LOAD_STARTED is not lost).
// - With no `host_origins`, the embedding page's own origin as the browser reports it
//   (location.ancestorOrigins, else document.referrer) is used; see docs/host-messages.md
//   for the risk. Without either nothing is posted.
// - Inbound messages are accepted only from an origin in `host_origins` (never from the
//   referrer fallback).
import { type Envelope, type OutboundType, type Payload, envelope } from './messages';

/** What the bridge needs from the browser; tests give a fake. */
export interface HostWindow {
  /** True inside a frame (window.parent !== window). */
  framed: boolean;
  /** window.parent.postMessage(message, targetOrigin). */
  postToParent(message: Envelope, targetOrigin: string): void;
  /** The embedding page's origin as the browser tells it, or null. */
  parentOrigin(): string | null;
}

/** Messages kept while the configuration is unknown (a boot takes a few requests). */
export const BUFFER_MAX = 200;

export class HostBridge {
  private targets: string[] | null = null; // null until configured
  private accepted: string[] = [];
  private buffer: Envelope[] = [];
  private readonly sentOnce = new Set<string>();

  constructor(
    private readonly win: HostWindow,
    private readonly now: () => number = Date.now,
  ) {}

  get framed(): boolean {
    return this.win.framed;
  }

  get configured(): boolean {
    return this.targets !== null;
  }

  /** The origins messages go to (empty standalone or when none is known). */
  targetOrigins(): string[] {
    return this.targets ?? [];
  }

  /** Sets the allowed origins (the configuration's host_origins) and sends what waited. */
  configure(hostOrigins: string[]): void {
    if (this.targets !== null) return;
    this.accepted = [...hostOrigins];
    if (!this.win.framed) this.targets = [];
    else if (hostOrigins.length > 0) this.targets = [...new Set(hostOrigins)];
    else {
      const parent = this.win.parentOrigin();
      this.targets = parent ? [parent] : [];
    }
    const waiting = this.buffer;
    this.buffer = [];
    for (const m of waiting) this.deliver(m);
  }

  /** Whether a message from this origin may command the client. */
  acceptsFrom(origin: string): boolean {
    return this.accepted.includes(origin);
  }

  post(type: OutboundType, payload: Payload = {}): void {
    if (!this.win.framed) return;
    const m = envelope(type, payload, this.now());
    if (this.targets === null) {
      if (this.buffer.length < BUFFER_MAX) this.buffer.push(m);
      return;
    }
    this.deliver(m);
  }

  /** Posts a message only the first time it is asked for under this key (the type by default). */
  once(type: OutboundType, payload: Payload = {}, key: string = type): boolean {
    if (this.sentOnce.has(key)) return false;
    this.sentOnce.add(key);
    this.post(type, payload);
    return true;
  }

  private deliver(m: Envelope): void {
    for (const origin of this.targets ?? []) {
      try {
        this.win.postToParent(m, origin);
      } catch (e) {
        console.warn('croupier: could not post to the host page', origin, e);
      }
    }
  }
}

/** The real browser: the parent window, and its origin from the browser's own records. */
export function browserHostWindow(w: Window = window): HostWindow {
  return {
    framed: w.parent !== w,
    postToParent: (m, origin) => w.parent.postMessage(m, origin),
    parentOrigin: () => {
      // ancestorOrigins (Chromium, WebKit) names the parent even after the frame has
      // navigated within itself; document.referrer is the fallback (Firefox) and is the
      // parent only on the frame's first page.
      const ancestors = w.location.ancestorOrigins;
      const first = ancestors && ancestors.length > 0 ? ancestors[0] : undefined;
      for (const candidate of [first, w.document.referrer]) {
        if (!candidate) continue;
        try {
          const u = new URL(candidate);
          if (u.protocol === 'http:' || u.protocol === 'https:') return u.origin;
        } catch {
          // not a URL
        }
      }
      return null;
    },
  };
}
