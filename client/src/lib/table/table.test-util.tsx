// For the table pages' component tests: the page with its services (the real socket code
// over a fake socket, a guest with €1000, the table's configuration), the table's events
// pushed by hand and the commands the page sent.
import { act, render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { vi } from 'vitest';

import type { DeviceInfo } from '../device/device';
import type { Http } from '../http/http';
import { Realtime, type SocketLike } from '../realtime/realtime';
import {
  type AllConfig,
  type Services,
  ServicesContext,
  type SpotLimit,
  type TableConfig,
} from '../session';
import { testSession } from '../session.test-util';
import { Toaster } from '../../ui/Toaster';

export class FakeSocket implements SocketLike {
  sent: string[] = [];
  onopen: SocketLike['onopen'] = null;
  onmessage: SocketLike['onmessage'] = null;
  onclose: SocketLike['onclose'] = null;
  onerror: SocketLike['onerror'] = null;
  send(data: string) {
    this.sent.push(data);
  }
  close() {}
  server(m: Record<string, unknown>) {
    act(() => this.onmessage?.({ data: JSON.stringify(m) }));
  }
}

const desktop: DeviceInfo = {
  userAgent: 'test',
  os: 'Linux',
  browser: 'test',
  device: 'Desktop',
  os_version: '',
  browser_version: '',
  deviceType: 'desktop',
  orientation: 'landscape',
};

/** A table's configuration as tableConfig gives it, with the given spots. */
export function tableConfig(
  tableId: string,
  game: string,
  spots: SpotLimit[],
  extra: Partial<TableConfig> = {},
): TableConfig {
  return {
    tableId,
    name: `Table ${tableId}`,
    game,
    gameKind: game,
    variant: 'classic',
    tableType: game,
    dealer: 'Mei (RNG)',
    channel: `table-${tableId}`,
    currency: 'EUR',
    wheel: [],
    specialBallEvery: 0,
    seats: 0,
    limits: {
      min: '0.50',
      max: '5000.00',
      insideMax: '5000.00',
      outsideMax: '5000.00',
      oppositeBetsAllowed: true,
      tableMin: '0.50',
      maxMultiplier: 0,
      spots,
    },
    chips: ['1.00', '5.00', '25.00'],
    defaultChip: '5.00',
    timings: { bettingMs: 15000, closingSoonMs: 4000, spinMs: 9000, resultMs: 5000 },
    ...extra,
  };
}

/**
 * Renders a table page. `get` answers the page's GET calls (by path); unanswered ones
 * fail as a 404 would.
 */
export function renderTable(
  page: ReactElement,
  table: TableConfig,
  get: (path: string, params?: Record<string, unknown>) => Promise<unknown> = () =>
    Promise.reject(new Error('404')),
) {
  const sockets: FakeSocket[] = [];
  const realtime = new Realtime({
    url: 'ws://test/ws',
    createSocket: () => {
      const s = new FakeSocket();
      sockets.push(s);
      return s;
    },
  });
  const config = {
    language: 'en',
    urlxml: {},
    env: {},
    swearwords: [],
    playerConfig: {
      player: {
        id: '7',
        name: 'Ann',
        type: 'FUN',
        currency: '€',
        currencyCode: 'EUR',
        symbolBefore: true,
        decimals: 2,
        balance: '1000.00',
        bonusBalance: '0.00',
        actualBalance: '1000.00',
        blocksafebets: false,
        language: 'en',
      },
      settings: {},
    },
    tableConfig: table,
    casinoConfig: {},
    balance: {
      balance: '1000.00',
      bonusBalance: '0.00',
      actualBalance: '1000.00',
      currency: 'EUR',
    },
    assignedTables: [],
    features: {},
  } satisfies AllConfig;
  const session = testSession({
    device: desktop,
    config,
    balance: { total: 1000_00000, bonus: 0 },
  });
  const http = {
    getText: vi.fn(),
    get: vi.fn(get),
    post: vi.fn(async () => ({})),
    put: vi.fn(),
  } as unknown as Http;
  const services: Services = {
    http,
    realtime,
    session,
    currency: () => ({ code: 'EUR', symbol: '€', symbolBefore: true }),
    saveSetting: vi.fn(async () => {}),
    loaded: vi.fn(),
    showPopup: vi.fn(),
  };
  const view = render(
    <ServicesContext.Provider value={services}>
      {page}
      <Toaster />
    </ServicesContext.Provider>,
  );
  realtime.connect();
  const socket = () => sockets[sockets.length - 1]!;
  socket().server({ type: 'welcome' });
  let v = 1;
  const event = (type: string, extra: Record<string, unknown> = {}) =>
    socket().server({ type, table: table.tableId, v: ++v, ts: Date.now(), ...extra });
  /** The commands sent whose XML starts with `<name`. */
  const sent = (name: string) => socket().sent.filter((x) => x.startsWith(`<${name}`));
  /** Answers a bet command as the server would, accepting every line. */
  const accept = (xml: string) => {
    const requestId = /requestId="([^"]+)"/.exec(xml)![1];
    const lines = [...xml.matchAll(/<bet code="([^"]+)" amount="([^"]+)"[^>]*\/>/g)].map((m) => ({
      spot: m[1],
      amount: m[2],
    }));
    socket().server({ type: 'betack', table: table.tableId, requestId, accepted: lines });
  };
  return { ...view, socket, event, sent, accept, services };
}
