// For the slot's tests: the fruit slot's state and spin answers as the protocol gives them,
// and the page rendered with its services (a guest with €100, HTTP answered by hand).
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { vi } from 'vitest';

import { HttpError } from '../../lib/http/http';
import {
  type AllConfig,
  type Services,
  ServicesContext,
  type SessionState,
} from '../../lib/session';
import { testSession } from '../../lib/session.test-util';
import { Toaster } from '../../ui/Toaster';

export const HASH_0 = '630dcd2966c4336691125448bbb25b4ff412a49c732db2c8abc1b8581bd710dd';
/** The seed of the hand-checkable case: the bytes 00 01 02 ... 1f (SHA-256: HASH_0). */
export const SEED_0 = '000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f';
export const HASH_1 = 'a'.repeat(64);
export const HASH_2 = 'b'.repeat(64);
export const HASH_3 = 'c'.repeat(64);

export const PAYLINES = [
  [1, 1, 1, 1, 1],
  [0, 0, 0, 0, 0],
  [2, 2, 2, 2, 2],
  [0, 1, 2, 1, 0],
  [2, 1, 0, 1, 2],
  [0, 0, 1, 2, 2],
  [2, 2, 1, 0, 0],
  [1, 0, 0, 0, 1],
  [1, 2, 2, 2, 1],
  [0, 1, 1, 1, 0],
  [2, 1, 1, 1, 2],
  [1, 0, 1, 2, 1],
  [1, 2, 1, 0, 1],
  [0, 1, 0, 1, 0],
  [2, 1, 2, 1, 2],
  [1, 1, 0, 1, 1],
  [1, 1, 2, 1, 1],
  [0, 2, 0, 2, 0],
  [2, 0, 2, 0, 2],
  [0, 2, 2, 2, 0],
];

export const STATE = {
  slotId: 'fruits',
  name: 'Croupier Fruits',
  currency: 'EUR',
  lines: 20,
  rows: 3,
  reels: 5,
  lineBets: ['0.01', '0.02', '0.05', '0.10', '0.20', '0.50', '1.00', '2.00', '5.00'],
  defaultLineBet: '0.05',
  symbols: ['CHERRY', 'LEMON', 'ORANGE', 'PLUM', 'BELL', 'BAR', 'SEVEN', 'WILD'],
  paytable: {
    CHERRY: [5, 15, 50],
    LEMON: [5, 15, 50],
    ORANGE: [8, 25, 80],
    PLUM: [8, 25, 80],
    BELL: [12, 50, 200],
    BAR: [25, 100, 400],
    SEVEN: [50, 250, 1000],
    WILD: [100, 500, 2500],
  },
  paylines: PAYLINES,
  rtp: '96.02',
  fairHash: HASH_0,
  balance: '100.00',
  bonusBalance: '0.00',
};

/** The strips as docs/games/slots.md gives them, in letters (C cherry, … W wild). */
const LETTERS: Record<string, string> = {
  C: 'CHERRY',
  L: 'LEMON',
  O: 'ORANGE',
  P: 'PLUM',
  B: 'BELL',
  R: 'BAR',
  S: 'SEVEN',
  W: 'WILD',
};
export const STRIPS = [
  'OLCLRWSBOPCPCOLBCPLORWCLPCBOLCPL',
  'RPOCWCLPOBCLLPCORLCLWBOPSCPLOCBL',
  'LLLWBOPCCPSORBCPLOCWLCPOBLCLROPC',
  'CCWLLPOBRCCPOLLCLLWBOPCLROPCSBPO',
  'LWBORPLOPLCBCPSOLCLCROBPLCPOLCCC',
].map((strip) => [...strip].map((c) => LETTERS[c]!));

/** The protocol's example: line 1 (the middle row) pays four bells. */
export const WIN_GRID = [
  ['CHERRY', 'BELL', 'LEMON'],
  ['WILD', 'BELL', 'PLUM'],
  ['BELL', 'SEVEN', 'CHERRY'],
  ['ORANGE', 'BELL', 'BAR'],
  ['LEMON', 'PLUM', 'CHERRY'],
];
export const LOSE_GRID = [
  ['CHERRY', 'LEMON', 'ORANGE'],
  ['PLUM', 'BELL', 'BAR'],
  ['SEVEN', 'CHERRY', 'LEMON'],
  ['ORANGE', 'PLUM', 'BELL'],
  ['BAR', 'SEVEN', 'CHERRY'],
];

/** A spin's answer to `body` (the request), as the server would give it. */
export function answerTo(
  body: Record<string, unknown>,
  extra: Record<string, unknown> = {},
): Record<string, unknown> {
  const requestId = String(body.requestId);
  return {
    slotId: 'fruits',
    requestId,
    gameId: `fruits-12-${requestId}`,
    stake: '1.00',
    win: '2.50',
    grid: WIN_GRID,
    stops: [12, 5, 30, 7, 19],
    wins: [{ line: 1, symbol: 'BELL', count: 4, pay: '2.50' }],
    balance: '101.50',
    bonusBalance: '0.00',
    serverSeed: SEED_0,
    clientSeed: String(body.clientSeed ?? ''),
    fairHash: HASH_1,
    ...extra,
  };
}

/** A refusal as http.ts throws it for a JSON error body. */
export function refusal(status: number, body: Record<string, unknown>): HttpError {
  const code = typeof body.code === 'number' ? body.code : undefined;
  return new HttpError('http', status, JSON.stringify(body), code);
}

export type Post = (path: string, body: Record<string, unknown>) => Promise<unknown>;
export type Get = (path: string, params?: Record<string, unknown>) => Promise<unknown>;

/** Renders a page with the slot's services; `post` answers the spins, `get` the state. */
export function renderSlot(page: ReactElement, { post, get }: { post?: Post; get?: Get } = {}) {
  const config = {
    playerConfig: {
      player: { currencyCode: 'EUR', currency: '€', symbolBefore: true },
      settings: {},
    },
    casinoConfig: {},
  } as unknown as AllConfig;
  const session = testSession({
    device: { orientation: 'landscape', deviceType: 'desktop' } as SessionState['device'],
    config,
    balance: { total: 100_00000, bonus: 0 },
  });
  const posted: Record<string, unknown>[] = [];
  const http = {
    get: vi.fn(get ?? (async () => structuredClone(STATE))),
    getText: vi.fn(),
    post: vi.fn(async (path: string, body: Record<string, unknown>) => {
      posted.push(body);
      return post ? post(path, body) : answerTo(body);
    }),
    put: vi.fn(),
  };
  const services: Services = {
    http: http as unknown as Services['http'],
    realtime: {} as Services['realtime'],
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
  return { ...view, http, posted, session, services };
}
