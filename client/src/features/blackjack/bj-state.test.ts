import { describe, expect, it } from 'vitest';

import {
  type BjView,
  allowed,
  bjReducer,
  handOf,
  handValue,
  initialBjView,
  myDecision,
  myInsurance,
  mySeats,
  occupantOf,
  resultOf,
  secondsUntil,
  totalLabel,
} from './bj-state';
import { DEFAULT_STRATEGY, badStrategyField, parseBetBehind, strategyOf } from './settings';

const UNIT = 100_000;
const run = (events: Record<string, unknown>[], from: BjView = initialBjView): BjView =>
  events.reduce<BjView>((v, e) => bjReducer(v, e as never, 1000), from);

const hand = (cards: string[], extra: Record<string, unknown> = {}) => ({
  cards,
  stake: '5.00',
  doubled: false,
  split: false,
  done: false,
  ...handValue(cards),
  ...extra,
});

// Ann (7) sits in seat 3, Bob (8) in seat 5.
const seated = {
  type: 'resync',
  table: 'bj-1',
  gameId: 'bj-1-000004',
  state: 2,
  betsOpen: true,
  endsAt: 5000,
  ts: 1000,
  seats: [
    { seat: 1 },
    { seat: 2 },
    { seat: 3, playerId: '7', name: 'Ann' },
    { seat: 4 },
    { seat: 5, playerId: '8', name: 'Bob' },
    { seat: 6 },
    { seat: 7 },
  ],
  results: [{ gameId: 'bj-1-000003', result: 'D 19' }],
};

const dealt = (turn: Record<string, unknown> | null, seat3: unknown[], extra = {}) => ({
  type: 'blackjack',
  table: 'bj-1',
  gameId: 'bj-1-000004',
  ts: 2000,
  state: 11,
  dealer: { cards: ['KH'], hidden: true, total: 10, soft: false },
  seats: [
    { seat: 3, playerId: '7', name: 'Ann', insurance: '0.00', hands: seat3 },
    {
      seat: 5,
      playerId: '8',
      name: 'Bob',
      insurance: '0.00',
      behind: { players: 1, total: '2.00' },
      hands: [hand(['9S', '7D'])],
    },
  ],
  turn,
  insurance: null,
  ...extra,
});

describe('hand values and decisions', () => {
  it('counts soft and hard totals and labels them', () => {
    expect(handValue(['AS', '6D'])).toEqual({ total: 17, soft: true });
    expect(handValue(['AS', '6D', '10C'])).toEqual({ total: 17, soft: false });
    expect(handValue(['AS', 'AD', '9C'])).toEqual({ total: 21, soft: true });
    expect(handValue(['KS', 'QD', '5C'])).toEqual({ total: 25, soft: false });
    const soft = handOf(hand(['AS', '6D']));
    expect(totalLabel(soft, false)).toEqual({ kind: 'soft', low: 7, high: 17 });
    expect(totalLabel(soft, true)).toEqual({ kind: 'hard', total: 17 });
    expect(totalLabel(handOf(hand(['AS', 'KD'])), false)).toEqual({ kind: 'blackjack' });
    expect(totalLabel(handOf(hand(['AS', 'KD'], { split: true })), false)).toEqual({
      kind: 'hard',
      total: 21,
    });
    expect(totalLabel(handOf(hand(['KS', 'QD', '5C'])), false)).toEqual({
      kind: 'bust',
      total: 25,
    });
  });

  it('allows double on two cards only and split on a pair of one value in one hand', () => {
    expect(allowed(handOf(hand(['5S', '6D'])), 1)).toEqual({
      hit: true,
      stand: true,
      double: true,
      split: false,
    });
    expect(allowed(handOf(hand(['5S', '6D', '2C'])), 1).double).toBe(false);
    expect(allowed(handOf(hand(['KS', '10D'])), 1).split).toBe(true); // same value
    expect(allowed(handOf(hand(['8S', '8D'])), 2).split).toBe(false); // already split
    expect(allowed(handOf(hand(['KS', '9D'])), 1).split).toBe(false);
    expect(allowed(handOf(hand(['7S', '7D', '7C'])), 1).hit).toBe(false); // 21
    expect(allowed(handOf(hand(['7S', '7D'], { done: true })), 1)).toEqual({
      hit: false,
      stand: false,
      double: false,
      split: false,
    });
  });

  it('reads the dealer result label', () => {
    expect(resultOf('D 20')).toEqual({ kind: 'total', total: 20 });
    expect(resultOf('D BJ')).toEqual({ kind: 'bj' });
    expect(resultOf('D BUST')).toEqual({ kind: 'bust' });
  });
});

describe('bjReducer at a seated table', () => {
  it('seats the players, deals, and gives the turn to the seat whose hand it is', () => {
    let v = run([seated]);
    expect(v.ready).toBe(true);
    expect(occupantOf(v, 3)).toEqual({ playerId: '7', name: 'Ann' });
    expect(occupantOf(v, 1)).toBeNull();
    expect(mySeats(v, '7', 7)).toEqual([3]);
    expect(v.recent[0]!.label).toBe('D 19');

    v = run(
      [
        { type: 'betsclosed', table: 'bj-1', gameId: 'bj-1-000004' },
        dealt({ seat: 3, hand: 0, endsAt: 17_000, decisionMs: 15_000 }, [hand(['8S', '8D'])]),
      ],
      v,
    );
    expect(v.state).toBe(11);
    expect(v.dealer).toEqual({ cards: ['KH'], hidden: true, total: 10, soft: false });
    expect(v.boxes.map((b) => b.seat)).toEqual([3, 5]);
    expect(v.boxes[1]!.behind).toEqual({ players: 1, total: 2 * UNIT });
    expect(v.serverOffset).toBe(1000);
    const mine = myDecision(v, '7', false)!;
    expect(mine).toMatchObject({ seat: 3, hand: 0, endsAt: 17_000 });
    expect(mine.can).toEqual({ hit: true, stand: true, double: true, split: true });
    expect(myDecision(v, '8', false)).toBeNull(); // Bob waits for his turn
    // 17 000 in server time is 16 000 locally: 15 s left at local 1 000.
    expect(secondsUntil(mine.endsAt, v, 1000)).toBe(15);
  });

  it('shows two hands after a split and moves the turn hand by hand, then seat by seat', () => {
    let v = run([
      seated,
      dealt({ seat: 3, hand: 0, endsAt: 17_000, decisionMs: 15_000 }, [hand(['8S', '8D'])]),
    ]);
    v = run(
      [
        dealt({ seat: 3, hand: 0, endsAt: 32_000, decisionMs: 15_000 }, [
          hand(['8S', '3C'], { split: true }),
          hand(['8D', 'KC'], { split: true }),
        ]),
      ],
      v,
    );
    const ann = v.boxes.find((b) => b.seat === 3)!;
    expect(ann.hands).toHaveLength(2);
    expect(ann.hands.map((h) => h.cards)).toEqual([
      ['8S', '3C'],
      ['8D', 'KC'],
    ]);
    const first = myDecision(v, '7', false)!;
    expect(first.hand).toBe(0);
    expect(first.can.split).toBe(false); // no resplit
    expect(first.can.double).toBe(true); // double after split

    v = run(
      [
        dealt({ seat: 3, hand: 1, endsAt: 47_000, decisionMs: 15_000 }, [
          hand(['8S', '3C', 'QD'], { split: true, done: true }),
          hand(['8D', 'KC'], { split: true }),
        ]),
      ],
      v,
    );
    expect(myDecision(v, '7', false)).toMatchObject({ seat: 3, hand: 1 });

    v = run(
      [
        dealt({ seat: 5, hand: 0, endsAt: 62_000, decisionMs: 15_000 }, [
          hand(['8S', '3C', 'QD'], { split: true, done: true }),
          hand(['8D', 'KC'], { split: true, done: true }),
        ]),
      ],
      v,
    );
    expect(v.turn).toMatchObject({ seat: 5, hand: 0 });
    expect(myDecision(v, '7', false)).toBeNull();
    expect(myDecision(v, '8', false)).toMatchObject({ seat: 5 });
  });

  it('shows every outcome and the player win after the result', () => {
    const v = run([
      seated,
      dealt({ seat: 3, hand: 0, endsAt: 17_000, decisionMs: 15_000 }, [hand(['10S', '9D'])]),
      {
        type: 'gameresult',
        table: 'bj-1',
        gameId: 'bj-1-000004',
        ts: 9000,
        state: 24,
        result: 'D 18',
        outcome: 'KH 8C',
        dealer: { cards: ['KH', '8C'], hidden: false, total: 18, soft: false },
        seats: [
          {
            seat: 3,
            playerId: '7',
            name: 'Ann',
            hands: [hand(['10S', '9D'], { done: true, outcome: 'win', returned: '10.00' })],
          },
          {
            seat: 5,
            playerId: '8',
            name: 'Bob',
            hands: [hand(['9S', '7D', 'KC'], { done: true, outcome: 'bust', returned: '0.00' })],
          },
        ],
        stake: '5.00',
        win: '10.00',
        net: '5.00',
        balance: '1005.00',
      },
    ]);
    expect(v.state).toBe(24);
    expect(v.turn).toBeNull();
    expect(v.result).toEqual({ gameId: 'bj-1-000004', label: 'D 18' });
    expect(v.recent[0]!.label).toBe('D 18');
    expect(v.dealer).toMatchObject({ cards: ['KH', '8C'], hidden: false, total: 18 });
    expect(v.boxes[0]!.hands[0]).toMatchObject({ outcome: 'win', returned: 10 * UNIT });
    expect(v.boxes[1]!.hands[0]).toMatchObject({ outcome: 'bust', returned: 0, done: true });
    expect(v.myWin).toEqual({ gameId: 'bj-1-000004', stake: 5 * UNIT, win: 10 * UNIT });

    // The next round starts clean; the seats stay.
    const next = run([{ type: 'betsopen', table: 'bj-1', gameId: 'bj-1-000005', ts: 10_000 }], v);
    expect(next.boxes).toEqual([]);
    expect(next.result).toBeNull();
    expect(next.dealer.cards).toEqual([]);
    expect(occupantOf(next, 3)?.name).toBe('Ann');
  });

  it('asks each own seat once for insurance and blocks decisions until answered', () => {
    const offer = dealt(null, [hand(['10S', '6D'])], {
      state: 12,
      dealer: { cards: ['AH'], hidden: true, total: 11, soft: true },
      insurance: { endsAt: 10_000, insuranceMs: 8000 },
    });
    let v = run([seated, offer]);
    expect(myInsurance(v, '7', false)).toEqual({ seat: 3, endsAt: 10_000 });
    expect(myInsurance(v, '9', false)).toBeNull(); // not seated
    v = bjReducer(
      v,
      { type: 'decisionack', gameId: 'bj-1-000004', seat: 3, decision: 'no_insurance' },
      1000,
    );
    expect(v.answered).toEqual([3]);
    expect(myInsurance(v, '7', false)).toBeNull();
    // A refused answer does not count.
    const refused = bjReducer(
      run([seated, offer]),
      { type: 'decisionack', gameId: 'bj-1-000004', seat: 3, code: 1026 },
      1000,
    );
    expect(refused.answered).toEqual([]);
    // With a turn but the insurance still open, nobody decides yet.
    const both = run([
      seated,
      { ...offer, turn: { seat: 3, hand: 0, endsAt: 20_000, decisionMs: 15_000 } },
    ]);
    expect(myDecision(both, '7', false)).toBeNull();
  });

  it('keeps the player own bets behind another seat', () => {
    const v = run([
      seated,
      dealt({ seat: 5, hand: 0, endsAt: 17_000, decisionMs: 15_000 }, [hand(['10S', '9D'])], {
        behind: [{ seat: 5, hands: [hand(['9S', '7D'], { stake: '2.00' })], insurance: '0.00' }],
      }),
    ]);
    expect(v.behind).toHaveLength(1);
    expect(v.behind[0]).toMatchObject({ seat: 5, insurance: 0 });
    expect(v.behind[0]!.hands[0]).toMatchObject({ cards: ['9S', '7D'], stake: 2 * UNIT });
  });

  it('a resync in the middle of a round restores dealer, hands and turn', () => {
    const before = run([
      seated,
      dealt({ seat: 3, hand: 0, endsAt: 17_000, decisionMs: 15_000 }, [hand(['9S', '2D'])]),
    ]);
    const after = run(
      [
        {
          type: 'resync',
          table: 'bj-1',
          gameId: 'bj-1-000004',
          ts: 3000,
          state: 11,
          seats: seated.seats,
          results: [],
          blackjack: {
            dealer: { cards: ['KH'], hidden: true, total: 10, soft: false },
            seats: [
              {
                seat: 3,
                playerId: '7',
                name: 'Ann',
                hands: [hand(['9S', '2D', '5C'])],
              },
            ],
            turn: { seat: 3, hand: 0, endsAt: 18_000, decisionMs: 15_000 },
            insurance: null,
          },
        },
      ],
      initialBjView, // a new page: nothing known before
    );
    expect(after.dealer).toEqual(before.dealer);
    expect(after.boxes[0]!.hands[0]!.cards).toEqual(['9S', '2D', '5C']);
    expect(after.turn).toMatchObject({ seat: 3, hand: 0, endsAt: 18_000 });
    expect(mySeats(after, '7', 7)).toEqual([3]);
    expect(myDecision(after, '7', false)?.can.double).toBe(false);
    // A resync at the result restores the result too.
    const ended = run([{ ...seated, state: 24, betsOpen: false, result: 'D BUST' }]);
    expect(ended.result).toEqual({ gameId: 'bj-1-000004', label: 'D BUST' });
  });

  it('shows a seat taken or left as soon as the server answers, until the next seats event', () => {
    let v = run([seated, { type: 'seattaken', seat: 1, playerId: '7', name: 'Ann' }]);
    expect(mySeats(v, '7', 7)).toEqual([1, 3]);
    v = run([{ type: 'seatleft', seat: 3 }], v);
    expect(mySeats(v, '7', 7)).toEqual([1]);
    expect(occupantOf(v, 3)).toBeNull();
    v = run([{ type: 'seats', table: 'bj-1', seats: seated.seats }], v);
    expect(mySeats(v, '7', 7)).toEqual([3]);
  });

  it('a cancelled round stops the turn', () => {
    const v = run([
      seated,
      dealt({ seat: 3, hand: 0, endsAt: 17_000, decisionMs: 15_000 }, [hand(['9S', '2D'])]),
      { type: 'cancelround', table: 'bj-1', gameId: 'bj-1-000004', refunded: '5.00' },
    ]);
    expect(v.state).toBe(21);
    expect(v.turn).toBeNull();
    expect(myDecision(v, '7', false)).toBeNull();
  });
});

describe('bjReducer at one-hand infinite', () => {
  const step = (you: Record<string, unknown>, extra = {}) => ({
    type: 'blackjack',
    table: 'onebj-1',
    gameId: 'onebj-1-000002',
    ts: 2000,
    state: 11,
    dealer: { cards: ['6H'], hidden: true, total: 6, soft: false },
    seats: [],
    shared: ['10S', '5D'],
    players: 12,
    turn: { step: 2, endsAt: 12_000, decisionMs: 10_000 },
    insurance: null,
    you,
    ...extra,
  });

  it('shows the shared cards, the players and the own hand, decided step by step', () => {
    let v = run([
      { type: 'resync', table: 'onebj-1', gameId: 'onebj-1-000002', state: 3, ts: 1000 },
      step({ hands: [hand(['10S', '5D'])], active: 0, decided: false, insurance: '0.00' }),
    ]);
    expect(v.shared).toEqual(['10S', '5D']);
    expect(v.players).toBe(12);
    expect(v.you?.hands[0]!.total).toBe(15);
    expect(myDecision(v, '1', true)).toMatchObject({ seat: null, hand: 0 });
    v = run(
      [step({ hands: [hand(['10S', '5D'])], active: 0, decided: true, insurance: '0.00' })],
      v,
    );
    expect(myDecision(v, '1', true)).toBeNull();
    // The next step: the player who hit has the next shared card.
    v = run(
      [
        step(
          { hands: [hand(['10S', '5D', '3C'])], active: 0, decided: false, insurance: '0.00' },
          { shared: ['10S', '5D', '3C'], turn: { step: 3, endsAt: 24_000, decisionMs: 10_000 } },
        ),
      ],
      v,
    );
    expect(v.you?.hands[0]!.cards).toEqual(['10S', '5D', '3C']);
    expect(myDecision(v, '1', true)?.can.double).toBe(false);
    // A player without a bet has no hand and nothing to decide.
    const watcher = run([step({ hands: [], active: 0, decided: false })]);
    expect(myDecision(watcher, '2', true)).toBeNull();
  });

  it('follows auto-play from its answer, each round and its end', () => {
    let v = run([{ type: 'autoplayack', requestId: 'a-1', rounds: 10, state: 'started' }]);
    expect(v.autoplay).toEqual({ state: 'running', roundsLeft: 10, reason: null });
    v = run(
      [
        {
          type: 'betsopen',
          table: 'onebj-1',
          gameId: 'onebj-1-000003',
          autoplay: { state: 'running', roundsLeft: 9 },
        },
      ],
      v,
    );
    expect(v.autoplay.roundsLeft).toBe(9);
    v = run(
      [
        {
          type: 'gameresult',
          table: 'onebj-1',
          gameId: 'onebj-1-000003',
          result: 'D 20',
          autoplay: { state: 'stopped', roundsLeft: 0, reason: 'funds' },
        },
      ],
      v,
    );
    expect(v.autoplay).toEqual({ state: 'stopped', roundsLeft: 0, reason: 'funds' });
    const refused = run([{ type: 'autoplayack', requestId: 'a-2', code: 1008 }], v);
    expect(refused.autoplay.state).toBe('stopped');
  });

  it('offers insurance once at onebj', () => {
    let v = run([
      step(
        { hands: [hand(['10S', '5D'])], active: 0, decided: false, insurance: '0.00' },
        {
          state: 12,
          turn: null,
          dealer: { cards: ['AH'], hidden: true, total: 11, soft: true },
          insurance: { endsAt: 9000, insuranceMs: 8000 },
        },
      ),
    ]);
    expect(myInsurance(v, '1', true)).toEqual({ seat: null, endsAt: 9000 });
    v = bjReducer(
      v,
      { type: 'decisionack', gameId: 'onebj-1-000002', decision: 'insurance' },
      1000,
    );
    expect(myInsurance(v, '1', true)).toBeNull();
  });
});

describe('blackjack settings', () => {
  it('reads the bet-behind settings XML', () => {
    expect(
      parseBetBehind(
        '<betBehindSettings tableId="bj-1" doubledown="true" split="false" allowBetBehind="true" insurance="false" autoStand="12" autostandcounter="0"/>',
      ),
    ).toEqual({
      doubledown: true,
      split: false,
      insurance: false,
      allowBetBehind: true,
      autoStand: 12,
    });
    expect(parseBetBehind('not xml')).toBeNull();
  });

  it('reads and checks the auto-play strategy', () => {
    expect(strategyOf({ strategy: { stand: 13 } })).toEqual({ ...DEFAULT_STRATEGY, stand: 13 });
    expect(strategyOf({ hit: 16 }).hit).toBe(16);
    expect(badStrategyField(DEFAULT_STRATEGY)).toBeNull();
    expect(badStrategyField({ ...DEFAULT_STRATEGY, stand: 22 })).toBe('stand');
    expect(badStrategyField({ ...DEFAULT_STRATEGY, split: 18, splitMax: 16 })).toBe('split');
    expect(badStrategyField({ ...DEFAULT_STRATEGY, insurance: 3 })).toBe('insurance');
  });
});
