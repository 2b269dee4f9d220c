import { describe, expect, it } from 'vitest';

import type { ServerMessage } from '../../lib/realtime/realtime';
import { units } from '../../lib/format/money';
import {
  type BoomView,
  type LocalAction,
  boomReducer,
  bonusTotal,
  busted,
  cashedOut,
  initialBoomView,
  myChoice,
  openChoice,
  playsBonus,
  stillIn,
  tenthRoll,
} from './bob-state';

const GAME = 'bob-1-000007';
const NOW = 1_764_400_000_000;

function run(events: (ServerMessage | LocalAction)[], from: BoomView = initialBoomView): BoomView {
  return events.reduce((v, m) => boomReducer(v, m, NOW), from);
}

const open = (gameId = GAME): ServerMessage => ({
  type: 'betsopen',
  table: 'bob-1',
  gameId,
  ts: NOW,
  endsAt: NOW + 15_000,
});

function step(
  index: number,
  kind: 'reveal' | 'choose',
  what: string,
  values: number[] = [],
  extra: Record<string, unknown> = {},
): ServerMessage {
  return {
    type: 'showstep',
    table: 'bob-1',
    gameId: GAME,
    ts: NOW,
    bonus: 'boom',
    index,
    kind,
    what,
    values,
    options: kind === 'choose' ? ['keep', 'cash'] : [],
    until: NOW + (kind === 'choose' ? 8000 : 3000),
    playersIn: 3,
    ...extra,
  };
}

const landed = (red = 4, blue = 4) => step(-1, 'reveal', 'landed', [red, blue]);
const roll = (index: number, red: number, blue: number, value: number, total: number) =>
  step(index, 'reveal', 'roll', [red, blue, value, total]);
const choose = (index: number, extra: Record<string, unknown> = {}) =>
  step(index, 'choose', 'keep', [], extra);
const stake = (amount: string): LocalAction => ({
  type: 'local:stake',
  gameId: GAME,
  stake: units(amount),
});

/** The scripted round of the journey: 4,4 then 1,6 (7), 2,5 (3, total 10), 3,3 BUST. */
const BONUS = [landed(), roll(0, 1, 6, 7, 7), choose(1)];

describe('boom or bust: the show', () => {
  it('lands the dice, starts the bonus on doubles and reveals each roll with its total', () => {
    let v = run([open(), stake('10.00'), landed()]);
    expect(v.show.landed).toEqual({ red: 4, blue: 4 });
    expect(v.show.bonus).toBe(true);
    expect(v.show.step).toMatchObject({ index: -1, what: 'landed' });
    expect(playsBonus(v.show)).toBe(true);
    expect(openChoice(v.show)).toBeNull();

    v = run([roll(0, 1, 6, 7, 7)], v);
    expect(v.show.rolls).toEqual([{ index: 0, red: 1, blue: 6, value: 7, total: 7 }]);
    expect(bonusTotal(v.show)).toBe(7);
    v = run([choose(1)], v);
    expect(v.show.chooses).toEqual([
      { index: 1, total: 7, from: NOW, until: NOW + 8000, options: ['keep', 'cash'] },
    ]);
    expect(openChoice(v.show)?.index).toBe(1);
    expect(v.show.playersIn).toBe(3);

    // The same step again (a resume) changes nothing.
    expect(run([roll(0, 1, 6, 7, 7)], v).show.rolls).toHaveLength(1);
    v = run([roll(2, 2, 5, 3, 10), choose(3), roll(4, 3, 3, 0, 0)], v);
    expect(v.show.rolls.map((r) => r.total)).toEqual([7, 10, 0]);
    expect(busted(v.show)).toBe(true);
    expect(stillIn(v.show)).toBe(false);
    expect(openChoice(v.show)).toBeNull();
  });

  it('leaves watchers out: no stake on BOOM, no choice', () => {
    const v = run([open(), stake('0'), ...BONUS]);
    expect(v.show.bonus).toBe(true);
    expect(playsBonus(v.show)).toBe(false);
    expect(openChoice(v.show)).toBeNull();
  });

  it('shows a plain result without a show, and a new round starts empty', () => {
    let v = run([
      open(),
      {
        type: 'gameresult',
        table: 'bob-1',
        gameId: GAME,
        ts: NOW,
        result: '3,5',
        outcome: '3,5',
        stake: '5.00',
        win: '15.00',
      },
    ]);
    expect(v.result).toMatchObject({ red: 3, blue: 5, doubles: false, rolls: [] });
    expect(v.show.landed).toBeNull();
    expect(v.show.over).toBe(true);
    expect(v.myWin).toMatchObject({ win: units('15.00') });
    v = run([open('bob-1-000008')], v);
    expect(v.show).toMatchObject({ gameId: 'bob-1-000008', over: false, rolls: [], stake: 0 });
  });

  it('reads a bonus result: its dice and rolls', () => {
    const v = run([
      open(),
      stake('1.00'),
      ...BONUS,
      {
        type: 'gameresult',
        table: 'bob-1',
        gameId: GAME,
        ts: NOW,
        result: '4,4',
        outcome: '4,4|16,25,33',
        stake: '1.00',
        win: '7.00',
      },
    ]);
    expect(v.result).toMatchObject({
      red: 4,
      blue: 4,
      doubles: true,
      rolls: [
        { red: 1, blue: 6 },
        { red: 2, blue: 5 },
        { red: 3, blue: 3 },
      ],
    });
    expect(v.recent[0]?.gameId).toBe(GAME);
    expect(v.show.step).toBeNull();
  });
});

describe('boom or bust: the player\u2019s choices', () => {
  it('shows a choice on its way, then the server\u2019s confirmation', () => {
    let v = run([open(), stake('2.00'), ...BONUS]);
    v = run([{ type: 'local:choose', requestId: 'r-1', step: 1, choice: 'cash' }], v);
    expect(v.show.pending).toEqual({ requestId: 'r-1', step: 1, choice: 'cash' });
    expect(myChoice(v.show, 1)).toBe('cash');
    v = run(
      [
        {
          type: 'chooseack',
          table: 'bob-1',
          requestId: 'r-1',
          gameId: GAME,
          step: 1,
          choice: 'cash',
        },
      ],
      v,
    );
    expect(v.show.pending).toBeNull();
    expect(v.show.choices).toEqual({ 1: 'cash' });
    // Still open: they may change their mind until the deadline.
    expect(cashedOut(v.show)).toBeNull();
    expect(openChoice(v.show)?.index).toBe(1);
    // The next step closes the choice: out at 7x, and nothing after it changes that.
    v = run([roll(2, 2, 5, 3, 10)], v);
    expect(cashedOut(v.show)).toEqual({ step: 1, total: 7 });
    expect(stillIn(v.show)).toBe(false);
    v = run([choose(3), roll(4, 3, 3, 0, 0)], v);
    expect(cashedOut(v.show)).toEqual({ step: 1, total: 7 });
  });

  it('takes the last confirmed choice, and a refusal keeps the one before', () => {
    let v = run([open(), stake('2.00'), ...BONUS]);
    const ack = (requestId: string, choice: string, extra: Record<string, unknown> = {}) =>
      ({
        type: 'chooseack',
        table: 'bob-1',
        requestId,
        gameId: GAME,
        step: 1,
        choice,
        ...extra,
      }) as ServerMessage;
    v = run(
      [
        { type: 'local:choose', requestId: 'r-1', step: 1, choice: 'cash' },
        ack('r-1', 'cash'),
        { type: 'local:choose', requestId: 'r-2', step: 1, choice: 'keep' },
        ack('r-2', 'keep'),
      ],
      v,
    );
    expect(v.show.choices).toEqual({ 1: 'keep' });
    v = run(
      [
        { type: 'local:choose', requestId: 'r-3', step: 1, choice: 'cash' },
        ack('r-3', 'cash', { code: 1018, message: 'decision time is over' }),
      ],
      v,
    );
    expect(v.show.refusal).toEqual({ step: 1, code: 1018 });
    expect(v.show.pending).toBeNull();
    expect(myChoice(v.show, 1)).toBe('keep');
    v = run([roll(2, 2, 5, 3, 10)], v);
    expect(cashedOut(v.show)).toBeNull();
    expect(stillIn(v.show)).toBe(true);
    // The error fields as a cashoutack's may also nest (error.code).
    v = run(
      [
        choose(3),
        { type: 'local:choose', requestId: 'r-4', step: 3, choice: 'cash' },
        ack('r-4', 'cash', { step: 3, error: { code: 1021 } }),
      ],
      v,
    );
    expect(v.show.refusal).toEqual({ step: 3, code: 1021 });
    // Or as a number (the draft's `"error":1022`).
    v = run(
      [
        { type: 'local:choose', requestId: 'r-5', step: 3, choice: 'cash' },
        ack('r-5', 'cash', { step: 3, error: 1022 }),
      ],
      v,
    );
    expect(v.show.refusal).toEqual({ step: 3, code: 1022 });
  });

  it('ignores an answer about another round', () => {
    const v = run([
      open(),
      stake('2.00'),
      ...BONUS,
      { type: 'local:choose', requestId: 'r-1', step: 1, choice: 'cash' },
      {
        type: 'chooseack',
        table: 'bob-1',
        requestId: 'r-1',
        gameId: 'bob-1-000006',
        step: 1,
        choice: 'cash',
      },
    ]);
    expect(v.show.choices).toEqual({});
    expect(v.show.pending).not.toBeNull();
  });

  it('applies the default to a player who did not choose: keep to 13, then cash', () => {
    const v = run([
      open(),
      stake('1.00'),
      landed(2, 2),
      roll(0, 1, 6, 7, 7),
      choose(1),
      roll(2, 6, 1, 7, 14),
      choose(3),
    ]);
    // 7 keeps by default: still in after the choice closed.
    expect(cashedOut(v.show)).toBeNull();
    expect(openChoice(v.show)?.total).toBe(14);
    const after = run([roll(4, 1, 2, 1, 15)], v);
    // 14 cashes out by default.
    expect(cashedOut(after.show)).toEqual({ step: 3, total: 14 });
  });

  it('pays the tenth roll', () => {
    const events: ServerMessage[] = [landed(5, 5)];
    let total = 0;
    for (let i = 0; i < 10; i++) {
      total += 1;
      events.push(roll(i * 2, 1, 2, 1, total));
      if (i < 9) events.push(choose(i * 2 + 1));
    }
    const v = run([open(), stake('1.00'), ...events]);
    expect(tenthRoll(v.show)).toBe(true);
    expect(stillIn(v.show)).toBe(true);
    expect(bonusTotal(v.show)).toBe(10);
  });
});

describe('boom or bust: resync', () => {
  it('rebuilds the bonus from the resync\u2019s show, the open choice and the player\u2019s choices', () => {
    // A step's body as the resync lists it: without type, table, ts and gameId.
    const body = (m: ServerMessage) =>
      Object.fromEntries(
        Object.entries(m).filter(([k]) => !['type', 'table', 'ts', 'gameId', 'v'].includes(k)),
      );
    const v = run([
      {
        type: 'resync',
        table: 'bob-1',
        gameId: GAME,
        ts: NOW,
        state: 6,
        betsOpen: false,
        results: [{ gameId: 'bob-1-000006', result: '3,5', outcome: '3,5' }],
        myAcks: [],
        show: {
          first: [4, 4],
          bonus: 'boom',
          steps: [landed(), roll(0, 1, 6, 7, 7), choose(1), roll(2, 2, 5, 3, 10), choose(3)].map(
            body,
          ),
          current: body(choose(3)),
          in: true,
          out: false,
          choices: ['keep', 'cash'],
          playersIn: 2,
        },
      },
    ]);
    expect(v.show.landed).toEqual({ red: 4, blue: 4 });
    expect(v.show.rolls.map((r) => r.total)).toEqual([7, 10]);
    expect(v.show.choices).toEqual({ 1: 'keep', 3: 'cash' });
    expect(v.show.playersIn).toBe(2);
    expect(playsBonus(v.show)).toBe(true); // by the server's word, without a stake seen
    expect(openChoice(v.show)).toMatchObject({ index: 3, total: 10 });
    expect(cashedOut(v.show)).toBeNull();
    expect(v.recent.map((r) => r.gameId)).toEqual(['bob-1-000006']);
  });

  it('knows a player who cashed out, and one who plays no part', () => {
    const show = {
      first: [4, 4],
      bonus: 'boom',
      steps: [
        { index: -1, kind: 'reveal', what: 'landed', values: [4, 4], until: NOW },
        { index: 0, kind: 'reveal', what: 'roll', values: [1, 6, 7, 7], until: NOW },
        { index: 1, kind: 'choose', what: 'keep', options: ['keep', 'cash'], until: NOW },
        { index: 2, kind: 'reveal', what: 'roll', values: [2, 5, 3, 10], until: NOW + 3000 },
      ],
      current: { index: 2, kind: 'reveal', what: 'roll', values: [2, 5, 3, 10], until: NOW + 3000 },
      playersIn: 1,
    };
    const resync = (extra: Record<string, unknown>): ServerMessage => ({
      type: 'resync',
      table: 'bob-1',
      gameId: GAME,
      ts: NOW,
      state: 6,
      betsOpen: false,
      results: [],
      myAcks: [],
      show: { ...show, ...extra },
    });
    const out = run([resync({ in: false, out: true, choices: ['cash'] })]);
    expect(cashedOut(out.show)).toEqual({ step: 1, total: 7 });
    expect(stillIn(out.show)).toBe(false);
    const none = run([resync({ in: false, out: false, choices: [] })]);
    expect(playsBonus(none.show)).toBe(false);
    expect(cashedOut(none.show)).toBeNull();
  });

  it('keeps a choice on its way through a resync of the same round', () => {
    let v = run([open(), stake('2.00'), ...BONUS]);
    v = run([{ type: 'local:choose', requestId: 'r-9', step: 1, choice: 'cash' }], v);
    v = run(
      [
        {
          type: 'resync',
          table: 'bob-1',
          gameId: GAME,
          ts: NOW,
          state: 6,
          betsOpen: false,
          results: [],
          myAcks: [],
          show: {
            first: [4, 4],
            bonus: 'boom',
            steps: [],
            current: null,
            in: true,
            out: false,
            choices: [],
            playersIn: 3,
          },
        },
      ],
      v,
    );
    expect(v.show.pending?.requestId).toBe('r-9');
    expect(v.show.stake).toBe(units('2.00'));
  });
});
