// For tests: promotions as the server gives them (docs/protocol.md's example), and a
// stand-in for the browser's WebSocket that the promotions socket opens.
import { act } from '@testing-library/react';
import { vi } from 'vitest';

import type { SocketLike } from './realtime/realtime';

/** The protocol's example promotion: a running daily race at roulette and baccarat. */
export function rawPromotion(extra: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    promotionId: 'daily-race',
    period: 'daily-race:2026-11-29',
    name: 'Daily Race',
    status: 'running',
    startsAt: Date.now() - 3_600_000,
    endsAt: Date.now() + 2 * 86_400_000 + 3 * 3_600_000, // 2 days 3 h from the test's time
    games: ['roulette', 'baccarat'],
    minBet: '1.00',
    scoring: 'most_wagered',
    prizes: ['100.00', '50.00', '25.00'],
    optedIn: true,
    players: 12,
    standing: { rank: 2, score: '35.00' },
    leaderboard: [
      { rank: 1, name: 'Alice', score: '120.00', me: false },
      { rank: 2, name: 'Bob', score: '35.00', me: true },
    ],
    paid: false,
    ...extra,
  };
}

/** fetchPromotionsInfo's answer: the promotions and the trophy (of the first, by default). */
export function rawInfo(
  promotions: Record<string, unknown>[] = [rawPromotion()],
  trophy: Record<string, unknown> | null = {
    enabled: true,
    active: promotions[0]?.optedIn === true,
    minBet: promotions[0]?.minBet ?? '1.00',
    promotionId: promotions[0]?.promotionId ?? 'daily-race',
  },
): Record<string, unknown> {
  return { promotions, trophy };
}

/** A WebSocket stand-in; every one made is in `FakeWebSocket.all`, the newest last. */
export class FakeWebSocket implements SocketLike {
  static all: FakeWebSocket[] = [];
  static last(): FakeWebSocket {
    return FakeWebSocket.all[FakeWebSocket.all.length - 1]!;
  }
  readonly sent: string[] = [];
  closedWith: number | null = null;
  onopen: SocketLike['onopen'] = null;
  onmessage: SocketLike['onmessage'] = null;
  onclose: SocketLike['onclose'] = null;
  onerror: SocketLike['onerror'] = null;
  constructor(readonly url: string) {
    FakeWebSocket.all.push(this);
  }
  send(data: string) {
    this.sent.push(data);
  }
  close(code = 1000) {
    this.closedWith = code;
  }
  /** The server accepts the connection. */
  open() {
    act(() => this.onopen?.({}));
  }
  /** The server sends `m`. */
  push(m: Record<string, unknown>) {
    act(() => this.onmessage?.({ data: JSON.stringify(m) }));
  }
  /** The connection ends (the server closed it with `code`, or it broke: 1006). */
  drop(code = 1006) {
    act(() => this.onclose?.({ code }));
  }
}

/** Puts FakeWebSocket in place of the browser's WebSocket; undo with vi.unstubAllGlobals. */
export function installFakeWebSocket(): void {
  FakeWebSocket.all = [];
  vi.stubGlobal('WebSocket', FakeWebSocket);
}

/** updateJwtToken's answer: a token that expires in 15 minutes (or at `expiresAt`). */
export function tokenAnswer(jwtToken = 'jwt-1', expiresAt = Date.now() + 15 * 60_000) {
  return { jwtToken, expiresAt };
}
