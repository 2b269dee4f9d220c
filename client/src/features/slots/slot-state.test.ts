import { describe, expect, it } from 'vitest';

import { parseSlotState, parseSpinAnswer } from './model';
import {
  SPINS_MAX,
  type SlotAction,
  type SlotView,
  canSpin,
  canStop,
  initialSlotView,
  reelTurning,
  slotReducer,
} from './slot-state';
import { HASH_0, HASH_1, HASH_2, STATE, answerTo } from './slot.test-util';

const state = parseSlotState(structuredClone(STATE))!;
const answer = (requestId: string, extra: Record<string, unknown> = {}) =>
  parseSpinAnswer(answerTo({ requestId, clientSeed: 'c' }, extra), state.config)!;

const run = (actions: SlotAction[], from: SlotView = initialSlotView) =>
  actions.reduce(slotReducer, from);

const loaded = () => run([{ type: 'loaded', state }]);

describe('the spin state machine', () => {
  it('starts idle with the default line bet and the commitment of the state', () => {
    const v = loaded();
    expect(v).toMatchObject({ phase: 'idle', lineBet: 5000, commitment: HASH_0, stopped: 5 });
    expect(canSpin(v)).toBe(true);
    expect(canSpin(initialSlotView)).toBe(false); // nothing to spin before the state
  });

  it('goes idle → spinning → result, the reels stopping left to right', () => {
    let v = run([{ type: 'spin', requestId: 's-1', animate: true }], loaded());
    expect(v.phase).toBe('spinning');
    expect(v.pending).toEqual({
      requestId: 's-1',
      lineBet: 5000,
      commitment: HASH_0,
      retried: false,
    });
    expect([0, 1, 2, 3, 4].map((r) => reelTurning(v, r))).toEqual([true, true, true, true, true]);
    expect(canStop(v)).toBe(false); // no answer yet: nothing to stop on

    v = slotReducer(v, { type: 'answer', answer: answer('s-1') });
    expect(v.phase).toBe('spinning');
    expect(v.pending).toBeNull();
    expect(v.commitment).toBe(HASH_1); // the next spin's
    expect(v.shown?.commitment).toBe(HASH_0); // the one this spin was sent with
    expect(v.spins.map((s) => s.requestId)).toEqual(['s-1']);

    v = run(
      [
        { type: 'reel-stopped', reel: 0 },
        { type: 'reel-stopped', reel: 1 },
      ],
      v,
    );
    expect([0, 1, 2, 3, 4].map((r) => reelTurning(v, r))).toEqual([false, false, true, true, true]);
    v = run(
      [2, 3, 4].map((reel) => ({ type: 'reel-stopped', reel }) as SlotAction),
      v,
    );
    expect(v.phase).toBe('result');
    expect(canSpin(v)).toBe(true);
  });

  it('without motion shows the answer at once', () => {
    const v = run(
      [
        { type: 'spin', requestId: 's-1', animate: false },
        { type: 'answer', answer: answer('s-1') },
      ],
      loaded(),
    );
    expect(v.phase).toBe('result');
    expect(v.stopped).toBe(5);
    expect([0, 1, 2, 3, 4].some((r) => reelTurning(v, r))).toBe(false);
  });

  it('holds one spin at a time: a second press while spinning changes nothing', () => {
    const one = run([{ type: 'spin', requestId: 's-1', animate: true }], loaded());
    const two = slotReducer(one, { type: 'spin', requestId: 's-2', animate: true });
    expect(two).toBe(one);
    // Nor does an answer to another request, or a line bet chosen meanwhile.
    expect(slotReducer(one, { type: 'answer', answer: answer('s-2') })).toBe(one);
    expect(slotReducer(one, { type: 'line-bet', lineBet: 100000 })).toBe(one);
  });

  it('stops every reel at once when asked, once the answer is in', () => {
    const v = run(
      [
        { type: 'spin', requestId: 's-1', animate: true },
        { type: 'answer', answer: answer('s-1') },
        { type: 'reel-stopped', reel: 0 },
        { type: 'stop-all' },
      ],
      loaded(),
    );
    expect(v).toMatchObject({ phase: 'result', stopped: 5 });
  });

  it('takes a 409 commitment once, under a new requestId, and keeps it with the spin', () => {
    let v = run(
      [
        { type: 'spin', requestId: 's-1', animate: false },
        { type: 'new-commitment', requestId: 's-1', next: 's-2', fairHash: HASH_2 },
      ],
      loaded(),
    );
    expect(v.pending).toEqual({
      requestId: 's-2',
      lineBet: 5000,
      commitment: HASH_2,
      retried: true,
    });
    expect(v.commitment).toBe(HASH_2);
    // Not a second time.
    expect(
      slotReducer(v, { type: 'new-commitment', requestId: 's-2', next: 's-3', fairHash: HASH_0 }),
    ).toBe(v);
    // The first request's answer no longer counts; the retry's does.
    expect(slotReducer(v, { type: 'answer', answer: answer('s-1') })).toBe(v);
    v = slotReducer(v, { type: 'answer', answer: answer('s-2') });
    expect(v.shown).toMatchObject({ requestId: 's-2', commitment: HASH_2 });
    expect(v.phase).toBe('result');
  });

  it('goes back to idle on a refusal, with its code, keeping the reels as they were', () => {
    const first = run(
      [
        { type: 'spin', requestId: 's-1', animate: false },
        { type: 'answer', answer: answer('s-1') },
      ],
      loaded(),
    );
    const v = run(
      [
        { type: 'spin', requestId: 's-2', animate: true },
        { type: 'refused', requestId: 's-2', code: 10104 },
      ],
      first,
    );
    expect(v).toMatchObject({ phase: 'idle', error: 10104, pending: null, stopped: 5 });
    expect(v.shown?.requestId).toBe('s-1');
    expect(v.commitment).toBe(HASH_1);
    // The next spin clears the message.
    expect(slotReducer(v, { type: 'spin', requestId: 's-3', animate: true }).error).toBeNull();
    // A refusal that brings the server's commitment leaves the client holding it.
    const stale = run(
      [
        { type: 'spin', requestId: 's-4', animate: true },
        { type: 'refused', requestId: 's-4', code: 2001, fairHash: HASH_2 },
      ],
      v,
    );
    expect(stale.commitment).toBe(HASH_2);
  });

  it('keeps the last spins, newest first, up to a limit', () => {
    let v = loaded();
    for (let i = 1; i <= SPINS_MAX + 3; i++)
      v = run(
        [
          { type: 'spin', requestId: `s-${i}`, animate: false },
          { type: 'answer', answer: answer(`s-${i}`) },
        ],
        v,
      );
    expect(v.spins).toHaveLength(SPINS_MAX);
    expect(v.spins[0]!.requestId).toBe(`s-${SPINS_MAX + 3}`);
  });

  it('takes only the line bets the slot offers', () => {
    const v = loaded();
    expect(slotReducer(v, { type: 'line-bet', lineBet: 100000 }).lineBet).toBe(100000);
    expect(slotReducer(v, { type: 'line-bet', lineBet: 3000 })).toBe(v);
  });
});
