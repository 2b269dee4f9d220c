import { describe, expect, it } from 'vitest';

import { units } from '../../lib/format/money';
import { bonusX, parseCandyResult, spinsSegmentFor, SPINS_WHEEL } from './candy';
import {
  type CandyView,
  type PickSent,
  bonusShown,
  candyReducer,
  currentStep,
  inBonus,
  initialCandyView,
  myCandy,
  wheelTarget,
} from './show-state';

const at = 1_000_000;
const G = 'sbz-1-000123';
const ev = (type: string, extra: Record<string, unknown> = {}) => ({
  type,
  table: 'sbz-1',
  gameId: G,
  ...extra,
});
const step = (
  index: number,
  kind: 'reveal' | 'choose',
  what: string,
  values: number[] = [],
  extra: Record<string, unknown> = {},
) => ({
  bonus: 'candydrop',
  index,
  kind,
  what,
  values,
  options: kind === 'choose' ? ['1', '2', '3'] : [],
  until: at + 8000,
  playersIn: 3,
  ...extra,
});
const run = (v: CandyView, ...ms: (Record<string, unknown> | PickSent)[]) =>
  ms.reduce((x, m) => candyReducer(x, m as PickSent, at), v);

describe('candy wheel results', () => {
  it('reads every form of the outcome text', () => {
    expect(parseCandyResult('5', '5|7')).toEqual({
      label: '5',
      first: 7,
      bomb: null,
      final: 7,
      values: [],
    });
    expect(parseCandyResult('1', '1|6|x3|17')).toEqual({
      label: '1',
      first: 6,
      bomb: 3,
      final: 17,
      values: [],
    });
    expect(parseCandyResult('CANDY_DROP', 'CANDY_DROP|2|8,25,3')).toMatchObject({
      first: 2,
      final: 2,
      values: [8, 25, 3],
    });
    expect(parseCandyResult('BUBBLE_SURPRISE', 'BUBBLE_SURPRISE|6|x2|11|5,10')).toEqual({
      label: 'BUBBLE_SURPRISE',
      first: 6,
      bomb: 2,
      final: 11,
      values: [5, 10],
    });
    expect(parseCandyResult('SWEET_SPINS', 'SWEET_SPINS|16|50')?.values).toEqual([50]);
    // The label alone (a lobby's list): no segments.
    expect(parseCandyResult('2', '2')).toMatchObject({ label: '2', first: null, final: null });
    expect(parseCandyResult('7', '7|1')).toBeNull();
  });

  it('says what a bonus pays for the candy picked, the bubbles and the spin', () => {
    const candy = parseCandyResult('CANDY_DROP', 'CANDY_DROP|2|8,25,3')!;
    expect(bonusX(candy, '1')).toBe(8);
    expect(bonusX(candy)).toBe(25); // the default, the middle one
    expect(bonusX(parseCandyResult('BUBBLE_SURPRISE', 'BUBBLE_SURPRISE|11|5,10')!)).toBe(15);
    expect(bonusX(parseCandyResult('SWEET_SPINS', 'SWEET_SPINS|16|50')!)).toBe(50);
    expect(bonusX(parseCandyResult('5', '5|7')!)).toBeNull();
  });

  it('finds a Sweet Spins segment bearing the value', () => {
    expect(SPINS_WHEEL).toHaveLength(20);
    const s = spinsSegmentFor(8, 'g1')!;
    expect(SPINS_WHEEL[s]).toBe(8);
    expect(spinsSegmentFor(50, 'g2')).toBe(14);
    expect(spinsSegmentFor(7, 'g3')).toBeNull();
  });
});

describe('the candy wheel show', () => {
  const open = run(
    initialCandyView,
    ev('betsopen', { endsAt: at + 15_000 }),
    ev('betsclosed'),
    ev('gamestate', { state: 6, endsAt: at + 8000 }),
  );

  it('lands, opens the choice of a candy, takes the pick and its answer, reveals the candies', () => {
    expect(wheelTarget(open)).toBeNull();
    let v = run(open, ev('showstep', step(-1, 'reveal', 'landed', [2])));
    expect(v.show).toMatchObject({ gameId: G, bonus: 'candydrop', first: 2, current: -1 });
    expect(wheelTarget(v)).toEqual({ segment: 2, key: `${G}:first`, respin: false });
    // The wheel still turns: the bonus is not on screen until it stops or the show goes on.
    expect(bonusShown(v, new Set())).toBe(false);
    expect(bonusShown(v, new Set([`${G}:first`]))).toBe(true);

    v = run(v, ev('showstep', step(0, 'choose', 'candy')));
    expect(currentStep(v)).toMatchObject({ index: 0, kind: 'choose', until: at + 8000 });
    expect(bonusShown(v, new Set())).toBe(true);
    // In the bonus by a stake on CANDY_DROP, though the server has not said so yet.
    expect(inBonus(v, false)).toBe(false);
    expect(inBonus(v, true)).toBe(true);
    expect(myCandy(v)).toEqual({ candy: '2', chosen: false });

    v = run(v, { type: 'local:pick', requestId: 'ch-1', gameId: G, step: 0, choice: '3' });
    expect(v.picking).toEqual({
      step: 0,
      confirmed: null,
      sending: { requestId: 'ch-1', choice: '3' },
      refused: null,
    });
    // A change of mind before the first answer: the newer pick is the one on its way.
    v = run(v, { type: 'local:pick', requestId: 'ch-2', gameId: G, step: 0, choice: '1' });
    v = run(v, ev('chooseack', { requestId: 'ch-1', step: 0, choice: '3' }));
    expect(v.picking?.sending).toEqual({ requestId: 'ch-2', choice: '1' });
    expect(v.picking?.confirmed).toBe('3');
    v = run(v, ev('chooseack', { requestId: 'ch-2', step: 0, choice: '1' }));
    expect(v.picking).toMatchObject({ confirmed: '1', sending: null, refused: null });
    expect(v.show?.in).toBe(true);
    expect(myCandy(v)).toEqual({ candy: '1', chosen: true });

    v = run(v, ev('showstep', step(1, 'reveal', 'candies', [8, 25, 3])));
    expect(v.show?.steps.map((s) => s.what)).toEqual(['landed', 'candy', 'candies']);
    v = run(
      v,
      ev('gameresult', {
        result: 'CANDY_DROP',
        outcome: 'CANDY_DROP|2|8,25,3',
        stake: '1.00',
        win: '9.00',
      }),
    );
    expect(v.result).toMatchObject({ label: 'CANDY_DROP', first: 2, values: [8, 25, 3] });
    expect(v.myWin).toEqual({ gameId: G, stake: units('1'), win: units('9') });
    expect(wheelTarget(v)?.key).toBe(`${G}:first`);

    // The next round forgets the show.
    v = run(v, ev('betsopen', { gameId: 'sbz-1-000124' }));
    expect(v.show).toBeNull();
    expect(v.picking).toBeNull();
    expect(v.recent.map((r) => r.label)).toEqual(['CANDY_DROP']);
  });

  it('keeps the pick the server held when a later one is refused, with the code', () => {
    let v = run(
      open,
      ev('showstep', step(-1, 'reveal', 'landed', [2])),
      ev('showstep', step(0, 'choose', 'candy')),
      { type: 'local:pick', requestId: 'a', gameId: G, step: 0, choice: '3' },
      ev('chooseack', { requestId: 'a', step: 0, choice: '3' }),
      { type: 'local:pick', requestId: 'b', gameId: G, step: 0, choice: '1' },
    );
    v = run(v, ev('chooseack', { requestId: 'b', step: 0, choice: '1', code: 1018 }));
    expect(v.picking).toMatchObject({
      confirmed: '3',
      sending: null,
      refused: { choice: '1', code: 1018 },
    });
    // An error event for the command (a malformed one) is read as a refusal too.
    v = run(
      v,
      { type: 'local:pick', requestId: 'c', gameId: G, step: 0, choice: '2' },
      ev('chooseack', { requestId: 'c', error: { code: 1022 } }),
    );
    expect(v.picking?.refused).toEqual({ choice: '2', code: 1022 });
    // Another round's answer is not this round's.
    const other = run(v, {
      ...ev('chooseack', { requestId: 'z', step: 0, choice: '1' }),
      gameId: 'sbz-1-000001',
    });
    expect(other.picking).toBe(v.picking);
  });

  it('shows a Sugar Bomb and lands the re-spin', () => {
    let v = run(
      open,
      ev('showstep', { ...step(-1, 'reveal', 'landed', [6]), bonus: '' }),
      ev('showstep', { ...step(0, 'reveal', 'bomb', [3, 17]), bonus: '' }),
    );
    expect(wheelTarget(v)).toEqual({ segment: 17, key: `${G}:bomb`, respin: true });
    expect(bonusShown(v, new Set([`${G}:bomb`]))).toBe(false); // no bonus: a number won
    v = run(v, ev('gameresult', { result: '1', outcome: '1|6|x3|17' }));
    expect(v.result).toMatchObject({ bomb: 3, final: 17 });
    // A plain result lands from its outcome.
    const plain = run(open, ev('gameresult', { result: '5', outcome: '5|7' }));
    expect(wheelTarget(plain)).toEqual({ segment: 7, key: `${G}:first`, respin: false });
  });

  it('rebuilds the show from a resync: the steps so far, the step on now, in, the pick', () => {
    const show = {
      first: [2],
      bonus: 'candydrop',
      steps: [step(-1, 'reveal', 'landed', [2]), step(0, 'choose', 'candy')],
      current: step(0, 'choose', 'candy'),
      in: true,
      out: false,
      choices: ['3'],
      playersIn: 2,
    };
    const v = run(
      initialCandyView,
      ev('resync', { state: 6, betsOpen: false, results: [], myAcks: [], show }),
    );
    expect(v.show).toMatchObject({
      gameId: G,
      bonus: 'candydrop',
      first: 2,
      current: 0,
      in: true,
      out: false,
      playersIn: 2,
    });
    expect(v.show?.steps.map((s) => s.index)).toEqual([-1, 0]);
    expect(v.picking).toEqual({ step: 0, confirmed: '3', sending: null, refused: null });
    expect(inBonus(v, false)).toBe(true);
    expect(wheelTarget(v)).toEqual({ segment: 2, key: `${G}:first`, respin: false });

    // After the show: the candies shown, no step on now; the pick made still holds.
    const after = run(
      initialCandyView,
      ev('resync', {
        state: 24,
        result: 'CANDY_DROP',
        outcome: 'CANDY_DROP|2|8,25,3',
        results: [{ gameId: G, result: 'CANDY_DROP', outcome: 'CANDY_DROP|2|8,25,3' }],
        show: {
          ...show,
          steps: [...show.steps, step(1, 'reveal', 'candies', [8, 25, 3])],
          current: null,
          choices: ['1'],
        },
      }),
    );
    expect(after.show?.current).toBeNull();
    expect(myCandy(after)).toEqual({ candy: '1', chosen: true });
    expect(after.result?.values).toEqual([8, 25, 3]);
    // A player who left (or a table without a show) is out of it.
    const out = run(
      initialCandyView,
      ev('resync', { state: 6, show: { ...show, in: false, out: true } }),
    );
    expect(inBonus(out, true)).toBe(false);
    const none = run(initialCandyView, ev('resync', { state: 2, betsOpen: true }));
    expect(none.show).toBeNull();
    // The server's empty show while bets are open or the wheel turns is no show either.
    const empty = { first: [], bonus: '', steps: [], current: null, in: false, out: false };
    const turning = run(
      initialCandyView,
      ev('resync', { state: 6, show: { ...empty, choices: [] } }),
    );
    expect(turning.show).toBeNull();
    expect(wheelTarget(turning)).toBeNull();
  });

  it('keeps a pick on its way through a resync of the same round', () => {
    let v = run(
      open,
      ev('showstep', step(-1, 'reveal', 'landed', [2])),
      ev('showstep', step(0, 'choose', 'candy')),
      { type: 'local:pick', requestId: 'p', gameId: G, step: 0, choice: '1' },
    );
    v = run(
      v,
      ev('resync', {
        state: 6,
        show: {
          first: [2],
          bonus: 'candydrop',
          steps: [step(-1, 'reveal', 'landed', [2]), step(0, 'choose', 'candy')],
          current: step(0, 'choose', 'candy'),
          in: true,
          out: false,
          choices: [],
          playersIn: 3,
        },
      }),
    );
    expect(v.picking?.sending).toEqual({ requestId: 'p', choice: '1' });
    // The answer recovered after the reconnect still lands.
    v = run(v, ev('chooseack', { requestId: 'p', step: 0, choice: '1' }));
    expect(v.picking?.confirmed).toBe('1');
  });
});
