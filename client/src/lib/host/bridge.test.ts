import { describe, expect, it, vi } from 'vitest';

import { BUFFER_MAX, HostBridge, type HostWindow } from './bridge';
import { type Envelope, parseInbound } from './messages';

function fakeWindow(framed = true, parent: string | null = null) {
  const posted: { message: Envelope; origin: string }[] = [];
  const win: HostWindow = {
    framed,
    postToParent: (message, origin) => posted.push({ message, origin }),
    parentOrigin: () => parent,
  };
  return { win, posted };
}

describe('the host bridge', () => {
  it('posts the versioned envelope with the time of the event', () => {
    const { win, posted } = fakeWindow();
    let t = 1000;
    const bridge = new HostBridge(win, () => t);
    bridge.configure(['https://casino.example']);
    t = 2000;
    bridge.post('ROUND_STARTED', { tableId: 'rou-1', gameId: 'rou-1-000002' });
    expect(posted).toEqual([
      {
        origin: 'https://casino.example',
        message: {
          source: 'croupier',
          version: 1,
          type: 'ROUND_STARTED',
          payload: { tableId: 'rou-1', gameId: 'rou-1-000002' },
          ts: 2000,
        },
      },
    ]);
  });

  it('keeps messages until the origins are known, then sends them in order', () => {
    const { win, posted } = fakeWindow();
    let t = 10;
    const bridge = new HostBridge(win, () => t++);
    bridge.post('LOAD_STARTED', { game: 'all' });
    bridge.post('LIFECYCLE', { name: 'switch' });
    expect(posted).toEqual([]);
    bridge.configure(['https://a.example']);
    expect(posted.map((p) => [p.message.type, p.message.ts])).toEqual([
      ['LOAD_STARTED', 10],
      ['LIFECYCLE', 11],
    ]);
    bridge.post('LOAD_ENDED');
    expect(posted).toHaveLength(3);
  });

  it('bounds what it keeps before the configuration', () => {
    const { win, posted } = fakeWindow();
    const bridge = new HostBridge(win);
    for (let i = 0; i < BUFFER_MAX + 50; i++) bridge.post('USER_ACTIVE');
    bridge.configure(['https://a.example']);
    expect(posted).toHaveLength(BUFFER_MAX);
  });

  it('posts once to each allowed origin', () => {
    const { win, posted } = fakeWindow();
    const bridge = new HostBridge(win);
    bridge.configure(['https://a.example', 'https://b.example', 'https://a.example']);
    bridge.post('QUIT', { from: 'exit' });
    expect(posted.map((p) => p.origin)).toEqual(['https://a.example', 'https://b.example']);
  });

  it('posts nothing standalone', () => {
    const { win, posted } = fakeWindow(false, 'https://a.example');
    const bridge = new HostBridge(win);
    bridge.post('LOAD_STARTED');
    bridge.configure(['https://a.example']);
    bridge.post('LOAD_ENDED');
    expect(posted).toEqual([]);
  });

  it("without host_origins uses the embedding page's origin, and accepts no commands", () => {
    const { win, posted } = fakeWindow(true, 'https://parent.example');
    const bridge = new HostBridge(win);
    bridge.post('LOAD_STARTED');
    bridge.configure([]);
    expect(posted.map((p) => p.origin)).toEqual(['https://parent.example']);
    expect(bridge.acceptsFrom('https://parent.example')).toBe(false);
  });

  it('without host_origins and no known parent posts nothing', () => {
    const { win, posted } = fakeWindow(true, null);
    const bridge = new HostBridge(win);
    bridge.post('LOAD_STARTED');
    bridge.configure([]);
    bridge.post('LOAD_ENDED');
    expect(posted).toEqual([]);
  });

  it('accepts commands only from the allowed origins', () => {
    const bridge = new HostBridge(fakeWindow().win);
    expect(bridge.acceptsFrom('https://a.example')).toBe(false); // not configured yet
    bridge.configure(['https://a.example']);
    expect(bridge.acceptsFrom('https://a.example')).toBe(true);
    expect(bridge.acceptsFrom('https://evil.example')).toBe(false);
    expect(bridge.acceptsFrom('http://a.example')).toBe(false);
  });

  it('sends a once-only message once', () => {
    const { win, posted } = fakeWindow();
    const bridge = new HostBridge(win);
    bridge.configure(['https://a.example']);
    expect(bridge.once('LOAD_ENDED')).toBe(true);
    expect(bridge.once('LOAD_ENDED')).toBe(false);
    expect(posted).toHaveLength(1);
  });

  it('does not let a failing postMessage break the client', () => {
    const win: HostWindow = {
      framed: true,
      postToParent: () => {
        throw new Error('DataCloneError');
      },
      parentOrigin: () => null,
    };
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const bridge = new HostBridge(win);
    bridge.configure(['https://a.example']);
    expect(() => bridge.post('LOAD_ENDED')).not.toThrow();
    expect(warn).toHaveBeenCalledOnce();
    warn.mockRestore();
  });
});

describe('messages from the host', () => {
  it('reads the commands', () => {
    const m = (type: string, payload?: unknown) => ({
      source: 'croupier-host',
      version: 1,
      type,
      payload,
    });
    expect(parseInbound(m('PAUSE'))).toEqual({ type: 'PAUSE' });
    expect(parseInbound(m('RESUME'))).toEqual({ type: 'RESUME' });
    expect(parseInbound(m('UPDATE_BALANCE'))).toEqual({ type: 'UPDATE_BALANCE' });
    expect(parseInbound(m('MUTE', { muted: true }))).toEqual({ type: 'MUTE', muted: true });
    expect(parseInbound(m('MUTE', { muted: 'yes' }))).toEqual({
      refused: 'MUTE needs payload.muted',
    });
    expect(parseInbound(m('REBOOT'))).toEqual({ refused: 'unknown type REBOOT' });
    expect(parseInbound({ ...m('PAUSE'), version: 2 })).toEqual({
      refused: 'unsupported version 2',
    });
  });

  it("ignores other scripts' messages", () => {
    expect(parseInbound('PAUSE')).toBeNull();
    expect(parseInbound(null)).toBeNull();
    expect(parseInbound({ type: 'PAUSE' })).toBeNull();
    expect(parseInbound({ source: 'croupier', version: 1, type: 'PAUSE' })).toBeNull();
  });
});
