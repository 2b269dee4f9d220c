import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';

import type { DeviceInfo } from '../../lib/device/device';
import type { Http } from '../../lib/http/http';
import en from '../../lib/i18n/locales/en.json';
import { initTestI18n } from '../../lib/i18n';
import { LIFECYCLE_EVENT } from '../../lib/lifecycle';
import { Realtime } from '../../lib/realtime/realtime';
import {
  type AllConfig,
  type Services,
  ServicesContext,
  type TableConfig,
} from '../../lib/session';
import { Toaster } from '../../ui/Toaster';
import BlackjackTable from './BlackjackTable';
import { testSession } from '../../lib/session.test-util';
import { FakeSocket } from '../../lib/table/table.test-util';
import { dealerSays } from '../../lib/sound/sound.test-util';

const device: DeviceInfo = {
  userAgent: 'test',
  os: 'Linux',
  browser: 'test',
  device: 'Desktop',
  os_version: '',
  browser_version: '',
  deviceType: 'desktop',
  orientation: 'landscape',
};

function tableConfig(tableId: string, game: string): TableConfig {
  return {
    tableId,
    name: game === 'onebj' ? 'One Blackjack' : 'Blackjack Classic',
    game,
    gameKind: game,
    variant: 'standard',
    tableType: game,
    dealer: 'Ava (RNG)',
    channel: `table-${tableId}`,
    currency: 'EUR',
    wheel: [],
    specialBallEvery: 0,
    seats: game === 'onebj' ? 0 : 7,
    limits: {
      min: '1.00',
      max: '2500.00',
      mainMax: '500.00',
      sideMax: '100.00',
      insideMax: '2500.00',
      outsideMax: '2500.00',
      oppositeBetsAllowed: true,
      tableMin: '1.00',
      maxMultiplier: 0,
      spots: [],
    },
    chips: ['1.00', '5.00', '25.00'],
    defaultChip: '5.00',
    timings: { bettingMs: 15000, closingSoonMs: 4000, spinMs: 0, resultMs: 5000 },
  };
}

function setup(
  tableId: string,
  game: string,
  seatNumber?: number,
  casino: Record<string, unknown> = {},
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
    tableConfig: tableConfig(tableId, game),
    casinoConfig: casino,
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
    device,
    config,
    balance: { total: 1000_00000, bonus: 0 },
    connection: { status: 'open', quality: 'good', rtt: 10 },
  });
  const http = {
    getText: vi.fn(),
    get: vi.fn(),
    post: vi.fn(),
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
      <BlackjackTable tableId={tableId} game={game} seatNumber={seatNumber} />
      <Toaster />
    </ServicesContext.Provider>,
  );
  realtime.connect();
  const socket = () => sockets[sockets.length - 1]!;
  socket().server({ type: 'welcome' });
  let v = 1;
  const event = (type: string, extra: Record<string, unknown>) =>
    socket().server({ type, table: tableId, v: ++v, ts: Date.now(), ...extra });
  return { ...view, socket, event, services };
}

const seatsOf = (taken: Record<number, [string, string]>) =>
  Array.from({ length: 7 }, (_, i) => {
    const who = taken[i + 1];
    return who ? { seat: i + 1, playerId: who[0], name: who[1] } : { seat: i + 1 };
  });

const hand = (cards: string[], total: number, extra: Record<string, unknown> = {}) => ({
  cards,
  total,
  soft: false,
  stake: '5.00',
  doubled: false,
  split: false,
  done: false,
  ...extra,
});

beforeAll(async () => {
  await initTestI18n(en);
});

afterEach(cleanup);

describe('BlackjackTable (seated)', () => {
  it('takes a seat, bets on it and behind another, decides on its turn and shows the outcome', async () => {
    const t = setup('bj-1', 'blackjack');
    t.socket().server({
      type: 'resync',
      table: 'bj-1',
      v: 1,
      epoch: 'E',
      gameId: 'bj-1-000001',
      state: 902,
      ts: Date.now(),
      seats: seatsOf({ 5: ['8', 'Bob'] }),
      myAcks: [],
      results: [],
    });
    expect(screen.getByTestId('bj-take-seat')).toBeInTheDocument();
    expect(screen.getByTestId('round-state')).toHaveAttribute('data-state', '902');
    expect(screen.queryByTestId('bj-sit-5')).toBeNull(); // Bob's
    expect(screen.getByTestId('bj-spot-BB_5')).toBeInTheDocument();

    // Take seat 2.
    fireEvent.click(screen.getByTestId('bj-sit-2'));
    const sit = t.socket().sent.find((x) => x.startsWith('<sit'))!;
    expect(sit).toContain('tableId="bj-1"');
    expect(sit).toContain('seat="2"');
    const requestId = /requestId="([^"]+)"/.exec(sit)![1];
    t.socket().server({ type: 'seatack', table: 'bj-1', requestId, seat: 2 });
    await screen.findByTestId('bj-leave-2'); // at once, before the seats event
    t.event('seats', {
      gameId: 'bj-1-000001',
      seats: seatsOf({ 2: ['7', 'Ann'], 5: ['8', 'Bob'] }),
    });
    expect(screen.queryByTestId('bj-sit-2')).toBeNull();
    expect(screen.getByTestId('bj-leave-2')).toBeInTheDocument();

    // Bets open: a chip on my seat and one behind Bob's.
    t.event('betsopen', {
      gameId: 'bj-1-000002',
      state: 2,
      betsOpen: true,
      endsAt: Date.now() + 10_000,
    });
    fireEvent.click(screen.getByTestId('bj-spot-SEAT_2'));
    fireEvent.click(screen.getByTestId('bj-spot-BB_5'));
    const bets = t.socket().sent.filter((x) => x.startsWith('<pbet'));
    expect(bets).toHaveLength(2);
    expect(bets[0]).toContain('<bet code="SEAT_2" amount="5.00"/>');
    expect(bets[0]).toContain('gameMode="blackjack_desktop"');
    expect(bets[1]).toContain('<bet code="BB_5" amount="5.00"/>');
    expect(screen.getByTestId('bj-spot-SEAT_2')).toHaveAttribute('data-amount', '5.00');

    // Ann's turn on seat 2: 9-2, she may hit, stand or double, not split.
    const round = (turn: unknown, hands: unknown[], extra: Record<string, unknown> = {}) =>
      t.event('blackjack', {
        gameId: 'bj-1-000002',
        state: 11,
        dealer: { cards: ['KH'], hidden: true, total: 10, soft: false },
        seats: [
          { seat: 2, playerId: '7', name: 'Ann', insurance: '0.00', hands },
          {
            seat: 5,
            playerId: '8',
            name: 'Bob',
            insurance: '0.00',
            behind: { players: 1, total: '5.00' },
            hands: [hand(['10S', '7D'], 17)],
          },
        ],
        turn,
        insurance: null,
        ...extra,
      });
    round({ seat: 5, hand: 0, endsAt: Date.now() + 15_000, decisionMs: 15_000 }, [
      hand(['9S', '2D'], 11),
    ]);
    expect(screen.queryByTestId('bj-hit')).toBeNull(); // Bob's turn first
    expect(screen.getByTestId('bj-hand-2-0')).toHaveAttribute('data-cards', '9S 2D');
    expect(screen.getByTestId('bj-dealer')).toHaveTextContent('10');

    round({ seat: 2, hand: 0, endsAt: Date.now() + 15_000, decisionMs: 15_000 }, [
      hand(['9S', '2D'], 11),
    ]);
    expect(screen.getByTestId('bj-hit')).toBeEnabled();
    expect(screen.getByTestId('bj-stand')).toBeEnabled();
    expect(screen.getByTestId('bj-double')).toBeEnabled();
    expect(screen.getByTestId('bj-split')).toBeDisabled();
    expect(screen.getByTestId('bj-hit')).toHaveAttribute('aria-label', '[[BJ_HIT]]');
    expect(Number(screen.getByTestId('bj-timer').getAttribute('data-seconds'))).toBeGreaterThan(13);

    fireEvent.click(screen.getByTestId('bj-hit'));
    const decide = t.socket().sent.find((x) => x.startsWith('<decide'))!;
    expect(decide).toContain('gameId="bj-1-000002"');
    expect(decide).toContain('seat="2"');
    expect(decide).toContain('decision="hit"');
    expect(screen.getByTestId('bj-hit')).toBeDisabled(); // on its way
    const decideId = /requestId="([^"]+)"/.exec(decide)![1];
    t.socket().server({
      type: 'decisionack',
      table: 'bj-1',
      requestId: decideId,
      gameId: 'bj-1-000002',
      seat: 2,
      code: 1018,
      message: 'decision time over',
    });
    await screen.findByText('[[ERROR.1018]]');
    expect(screen.getByTestId('bj-hit')).toBeEnabled();

    // The hit lands: three cards, double no longer possible.
    round({ seat: 2, hand: 0, endsAt: Date.now() + 15_000, decisionMs: 15_000 }, [
      hand(['9S', '2D', '8C'], 19),
    ]);
    expect(screen.getByTestId('bj-double')).toBeDisabled();
    expect(screen.getByTestId('bj-hand-2-0-total')).toHaveTextContent('19');

    // The result: Ann wins, the dealer has 18.
    t.event('gameresult', {
      gameId: 'bj-1-000002',
      state: 24,
      result: 'D 18',
      dealer: { cards: ['KH', '8C'], hidden: false, total: 18, soft: false },
      seats: [
        {
          seat: 2,
          playerId: '7',
          name: 'Ann',
          hands: [hand(['9S', '2D', '8C'], 19, { done: true, outcome: 'win', returned: '10.00' })],
        },
      ],
      stake: '10.00',
      win: '10.00',
      net: '0.00',
      balance: '1000.00',
    });
    expect(screen.queryByTestId('bj-decisions')).toBeNull();
    expect(screen.getByTestId('bj-outcome-2-0')).toHaveAttribute('data-outcome', 'win');
    expect(screen.getByTestId('bj-outcome-2-0')).toHaveAttribute('data-returned', '10.00');
    expect(screen.getByTestId('bj-result')).toHaveAttribute('data-result', 'D 18');
    expect(screen.getByTestId('bj-result-win')).toHaveAttribute('data-win', '10.00');
  });

  it('asks for the launch seat on entry and tells a taken seat', async () => {
    const t = setup('bj-1', 'blackjack', 3);
    t.socket().server({
      type: 'resync',
      table: 'bj-1',
      v: 1,
      epoch: 'E',
      gameId: 'bj-1-000001',
      state: 2,
      betsOpen: true,
      ts: Date.now(),
      seats: seatsOf({}),
      myAcks: [],
      results: [],
    });
    const sit = t.socket().sent.find((x) => x.startsWith('<sit'))!;
    expect(sit).toContain('seat="3"');
    const requestId = /requestId="([^"]+)"/.exec(sit)![1];
    t.socket().server({ type: 'seatack', table: 'bj-1', requestId, seat: 3, code: 1031 });
    await screen.findByText('[[ERROR.1031]]');
  });

  it('offers insurance first and answers it', async () => {
    const t = setup('bj-1', 'blackjack');
    t.socket().server({
      type: 'resync',
      table: 'bj-1',
      v: 1,
      epoch: 'E',
      gameId: 'bj-1-000003',
      state: 12,
      ts: Date.now(),
      seats: seatsOf({ 4: ['7', 'Ann'] }),
      myAcks: [],
      results: [],
      blackjack: {
        dealer: { cards: ['AS'], hidden: true, total: 11, soft: true },
        seats: [
          {
            seat: 4,
            playerId: '7',
            name: 'Ann',
            insurance: '0.00',
            hands: [hand(['10S', '9D'], 19)],
          },
        ],
        turn: null,
        insurance: { endsAt: Date.now() + 8000, insuranceMs: 8000 },
      },
    });
    expect(screen.queryByTestId('bj-hit')).toBeNull();
    fireEvent.click(screen.getByTestId('bj-no-insurance'));
    const decide = t.socket().sent.find((x) => x.startsWith('<decide'))!;
    expect(decide).toContain('decision="no_insurance"');
    expect(decide).toContain('seat="4"');
    const requestId = /requestId="([^"]+)"/.exec(decide)![1];
    t.socket().server({
      type: 'decisionack',
      table: 'bj-1',
      requestId,
      gameId: 'bj-1-000003',
      seat: 4,
      decision: 'no_insurance',
    });
    await waitFor(() => expect(screen.queryByTestId('bj-no-insurance')).toBeNull());
  });
});

describe('BlackjackTable (one-hand infinite)', () => {
  it('shows the shared cards and the own hand, decides without a seat and runs auto-play', async () => {
    const t = setup('onebj-1', 'onebj');
    const heard: string[] = [];
    const listen = (e: Event) => heard.push((e as CustomEvent<{ name: string }>).detail.name);
    window.addEventListener(LIFECYCLE_EVENT, listen);
    t.socket().server({
      type: 'resync',
      table: 'onebj-1',
      v: 1,
      epoch: 'E',
      gameId: 'onebj-1-000001',
      state: 2,
      betsOpen: true,
      ts: Date.now(),
      myAcks: [],
      results: [],
    });
    fireEvent.click(screen.getByTestId('bj-spot-MAIN'));
    expect(t.socket().sent.find((x) => x.startsWith('<pbet'))).toContain(
      '<bet code="MAIN" amount="5.00"/>',
    );
    t.event('blackjack', {
      gameId: 'onebj-1-000001',
      state: 11,
      dealer: { cards: ['6H'], hidden: true, total: 6, soft: false },
      seats: [],
      shared: ['10S', '5D'],
      players: 3,
      turn: { step: 2, endsAt: Date.now() + 10_000, decisionMs: 10_000 },
      insurance: null,
      you: { hands: [hand(['10S', '5D'], 15)], active: 0, decided: false, insurance: '0.00' },
    });
    expect(screen.getByTestId('bj-shared').querySelectorAll('[data-card]')).toHaveLength(2);
    expect(screen.getByTestId('bj-players')).toHaveAttribute('data-count', '3');
    expect(screen.getByTestId('bj-my-hand-0')).toHaveAttribute('data-cards', '10S 5D');
    fireEvent.click(screen.getByTestId('bj-stand'));
    const decide = t.socket().sent.find((x) => x.startsWith('<decide'))!;
    expect(decide).toContain('decision="stand"');
    expect(decide).not.toContain('seat=');

    // Auto-play: 10 rounds, answered as started; the host hears it start.
    fireEvent.click(screen.getByTestId('bj-autoplay-toggle'));
    fireEvent.click(screen.getByTestId('bj-autoplay-rounds-10'));
    fireEvent.click(screen.getByTestId('bj-autoplay-start'));
    const auto = t.socket().sent.find((x) => x.startsWith('<autoplay'))!;
    expect(auto).toContain('rounds="10"');
    const requestId = /requestId="([^"]+)"/.exec(auto)![1];
    t.socket().server({ type: 'autoplayack', requestId, rounds: 10, state: 'started' });
    await screen.findByTestId('bj-autoplay-stop');
    expect(screen.getByTestId('bj-autoplay-state')).toHaveAttribute('data-state', 'running');
    // The lifecycle event is sent from an effect, after the render that shows Stop.
    await waitFor(() => expect(heard).toEqual(['autoplay start']));
    t.event('gameresult', {
      gameId: 'onebj-1-000001',
      state: 24,
      result: 'D 20',
      autoplay: { state: 'completed', roundsLeft: 0 },
    });
    await waitFor(() => expect(heard).toEqual(['autoplay start', 'autoplay completed']));
    window.removeEventListener(LIFECYCLE_EVENT, listen);
  });
});

describe('BlackjackTable: the UK rules (uk_regulation_check)', () => {
  const resync = {
    type: 'resync',
    table: 'onebj-1',
    v: 1,
    epoch: 'E',
    gameId: 'onebj-1-000001',
    state: 2,
    betsOpen: true,
    myAcks: [],
    results: [],
  };

  it('offer no auto-play (a quick-spin feature)', () => {
    const t = setup('onebj-1', 'onebj', undefined, { uk_regulation_check: true });
    t.socket().server({ ...resync, ts: Date.now() });
    expect(screen.getByTestId('bj-spot-MAIN')).toBeInTheDocument();
    expect(screen.queryByTestId('bj-autoplay-toggle')).toBeNull();
    expect(screen.queryByRole('button', { name: /\[\[BJ_AUTOPLAY/ })).toBeNull();
    expect(screen.queryByTestId('bj-autoplay-start')).toBeNull();
  });

  it('still show an auto-play that is running (started before), so that it can be stopped', async () => {
    const t = setup('onebj-1', 'onebj', undefined, { uk_regulation_check: true });
    t.socket().server({
      ...resync,
      ts: Date.now(),
      you: { autoplay: { state: 'running', roundsLeft: 4 } },
    });
    t.event('betsopen', {
      gameId: 'onebj-1-000002',
      autoplay: { state: 'running', roundsLeft: 3 },
    });
    expect(await screen.findByTestId('bj-autoplay-stop')).toBeInTheDocument();
    expect(screen.queryByTestId('bj-autoplay-toggle')).toBeNull();
    // Its strategy is an auto-play feature too (its popup would not show).
    expect(screen.queryByTestId('bj-strategy-button')).toBeNull();
  });

  it('leave it offered elsewhere', () => {
    const t = setup('onebj-1', 'onebj');
    t.socket().server({ ...resync, ts: Date.now() });
    expect(screen.getByTestId('bj-autoplay-toggle')).toBeInTheDocument();
    fireEvent.click(screen.getByTestId('bj-autoplay-toggle'));
    expect(screen.getByTestId('bj-strategy-button')).toBeInTheDocument();
  });
});

describe('BlackjackTable: the Italian session (italian_session)', () => {
  const resync = {
    type: 'resync',
    table: 'onebj-1',
    v: 1,
    epoch: 'E',
    gameId: 'onebj-1-000001',
    state: 2,
    betsOpen: true,
    myAcks: [],
    results: [],
  };
  const refused3002 = async (casino: Record<string, unknown>) => {
    const t = setup('onebj-1', 'onebj', undefined, casino);
    t.socket().server({ ...resync, ts: Date.now() });
    fireEvent.click(screen.getByTestId('bj-autoplay-toggle'));
    fireEvent.click(screen.getByTestId('bj-autoplay-start'));
    const auto = t.socket().sent.find((x) => x.startsWith('<autoplay'))!;
    const requestId = /requestId="([^"]+)"/.exec(auto)![1];
    t.socket().server({ type: 'autoplayack', table: 'onebj-1', requestId, code: 3002 });
    await waitFor(() => expect(screen.getByTestId('bj-autoplay-start')).toBeEnabled());
  };

  it("leaves a refusal for want of session balance (3002) to the session's dialog", async () => {
    await refused3002({ italian_session: true });
    expect(screen.queryByText('[[ERROR.3002]]')).toBeNull();
  });

  it('says it in a toast without the Italian session', async () => {
    await refused3002({});
    expect(await screen.findByText('[[ERROR.3002]]')).toBeInTheDocument();
  });
});

describe('BlackjackTable: the dealer', () => {
  it("announces the dealer's final hand once a round", () => {
    const say = dealerSays();
    const t = setup('onebj-1', 'onebj');
    t.socket().server({
      type: 'resync',
      table: 'onebj-1',
      v: 1,
      epoch: 'E',
      gameId: 'onebj-1-000001',
      state: 2,
      betsOpen: true,
      ts: Date.now(),
      myAcks: [],
      results: [],
    });
    expect(say).not.toHaveBeenCalled();
    t.event('gameresult', { gameId: 'onebj-1-000001', state: 24, result: 'D 20' });
    expect(screen.getByTestId('bj-result')).toHaveAttribute('data-result', 'D 20');
    // The words in the player's language (here the test language: the key itself).
    expect(say.mock.calls).toEqual([['/sounds/voice/en/blackjack-20.mp3', '[[BJ_RESULT_total]]']]);
    t.event('gameresult', { gameId: 'onebj-1-000001', state: 24, result: 'D 20', replayed: true });
    expect(say).toHaveBeenCalledOnce();
    t.event('betsopen', { gameId: 'onebj-1-000002', state: 2, endsAt: Date.now() + 15_000 });
    t.event('gameresult', { gameId: 'onebj-1-000002', state: 24, result: 'D BUST' });
    expect(say).toHaveBeenCalledTimes(2);
    expect(say).toHaveBeenLastCalledWith(
      '/sounds/voice/en/blackjack-bust.mp3',
      '[[BJ_RESULT_bust]]',
    );
  });
});
