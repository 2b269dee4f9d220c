// The lobby's component tests: a session with the demo-like tables, a socket stand-in
// whose lobby events are pushed by hand, and HTTP answers by path (POST answers by a
// function of the test's).
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { vi } from 'vitest';

import type { ServerMessage } from '../../lib/realtime/realtime';
import {
  type AllConfig,
  type AssignedTable,
  type Services,
  ServicesContext,
  type SessionState,
} from '../../lib/session';
import { testSession } from '../../lib/session.test-util';

export const table = (
  tableId: string,
  game: string,
  extra: Partial<AssignedTable> = {},
): AssignedTable => ({
  tableId,
  name: `Table ${tableId}`,
  game,
  gameKind: game,
  tableType: game,
  dealer: 'Ava',
  players: 0,
  limits: { min: '1.00', max: '500.00' },
  ...extra,
});

export const TABLES: AssignedTable[] = [
  table('bac-1', 'baccarat'),
  table('bac-2', 'baccarat'),
  table('bj-1', 'blackjack'),
  table('onebj-1', 'onebj'),
  table('rou-1', 'roulette', { gameKind: 'classic-roulette', tableType: 'roulette' }),
  table('us-1', 'roulette', { gameKind: 'americanroulette', tableType: 'roulette' }),
  table('dt-1', 'dragontiger'),
];

export class LobbySocket {
  private readonly handlers = new Map<string, Set<(m: ServerMessage) => void>>();
  readonly subscribed: string[] = [];
  readonly unsubscribed: string[] = [];

  on(type: string, handler: (m: ServerMessage) => void): () => void {
    let set = this.handlers.get(type);
    if (!set) this.handlers.set(type, (set = new Set()));
    set.add(handler);
    return () => set.delete(handler);
  }

  subscribe(channel: string): () => void {
    this.subscribed.push(channel);
    return () => this.unsubscribed.push(channel);
  }

  push(m: ServerMessage): void {
    for (const h of [...(this.handlers.get(m.type) ?? [])]) h(m);
  }

  lobby(type: 'resync' | 'lobbyupdate', tables: Record<string, unknown>[], ts = Date.now()) {
    this.push({ type, channel: 'lobby', table: 'lobby', v: 1, ts, tables });
  }
}

export const summary = (tableId: string, extra: Record<string, unknown> = {}) => ({
  tableId,
  open: true,
  state: 2,
  stateName: 'WAITING_FOR_BETS',
  gameId: `${tableId}-000001`,
  betsOpen: false,
  endsAt: 0,
  dealer: 'Ava',
  players: 0,
  seats: 0,
  seatsTaken: 0,
  results: [],
  ...extra,
});

export interface Setup {
  tables?: AssignedTable[];
  casino?: Record<string, unknown>;
  settings?: Record<string, unknown>;
  mobile?: boolean;
  /** Answers by path; a function may throw (the call fails). */
  answers?: Record<string, unknown | (() => unknown)>;
  /** Answers POST calls (the promotions' opt-in and token); none: they fail. */
  post?: (path: string, body: Record<string, unknown>) => Promise<unknown>;
}

export function setupLobby(ui: ReactNode, o: Setup = {}) {
  const session = testSession({
    device: { orientation: 'landscape' } as SessionState['device'],
    mobile: o.mobile ?? false,
    config: {
      playerConfig: { player: {}, settings: o.settings ?? {} },
      assignedTables: o.tables ?? TABLES,
      casinoConfig: {
        tabs_order: ['ROULETTE', 'BACCARAT', 'BLACKJACK', 'SICBO', 'PROMOTIONS'],
        tables_order: ['rou-1', 'us-1'],
        ...o.casino,
      },
    } as unknown as AllConfig,
  });
  const socket = new LobbySocket();
  const calls: string[] = [];
  const answers = o.answers ?? {};
  const http = {
    get: vi.fn(async (path: string) => {
      calls.push(path);
      if (!(path in answers)) throw new Error(`404 ${path}`);
      const a = answers[path];
      return typeof a === 'function' ? (a as () => unknown)() : a;
    }),
    post: vi.fn(o.post ?? (async (path: string) => Promise.reject(new Error(`404 ${path}`)))),
    getText: vi.fn(async (path: string) => {
      calls.push(path);
      if (!(path in answers)) throw new Error(`404 ${path}`);
      return String(answers[path]);
    }),
  };
  const saveSetting = vi.fn(async () => {});
  const services = {
    session,
    http,
    realtime: socket,
    currency: () => ({ code: 'EUR', symbol: '€', symbolBefore: true }),
    saveSetting,
    loaded: () => {},
    showPopup: () => {},
  } as unknown as Services;
  const view = render(<ServicesContext.Provider value={services}>{ui}</ServicesContext.Provider>);
  return { session, socket, http, calls, saveSetting, view };
}

/** The table ids of the tiles shown, in order. */
export const tiles = (): (string | null)[] =>
  Array.from(document.querySelectorAll('[data-table]')).map((a) => a.getAttribute('data-table'));
