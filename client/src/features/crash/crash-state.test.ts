import { describe, expect, it } from 'vitest';

import type { ServerMessage } from '../../lib/realtime/realtime';
import {
  type CrashView,
  type LocalAction,
  type SlipState,
  crashReducer,
  flyingStake,
  initialCrashView,
  mergeHistory,
  panelPhase,
  roundWin,
  summaryPoints,
} from './crash-state';

const G = 'sm-1-000012';
const NOW = 1_795_311_395_495;
const NONE: SlipState = { sending: false, cancelling: false };

function run(...ms: (ServerMessage | LocalAction)[]): CrashView {
  return ms.reduce<CrashView>((v, m) => crashReducer(v, m, NOW), initialCrashView);
}

const ev = (type: string, extra: Record<string, unknown> = {}): ServerMessage => ({
  type,
  table: 'sm-1',
  ts: NOW,
  gameId: G,
  ...extra,
});
const open = ev('betsopen', { endsAt: NOW + 10_000 });
const staked = (bet1: number, bet2 = 0): LocalAction => ({
  type: 'local:stakes',
  gameId: G,
  stakes: { BET_1: bet1, BET_2: bet2 },
});
const launch = ev('launch', { launchedAt: NOW, growth: 0.0001, cap: '5000.00' });
const ack = (extra: Record<string, unknown>): ServerMessage => ({
  type: 'cashoutack',
  gameId: G,
  bet: 'BET_1',
  part: 'all',
  balance: { balance: '100.00' },
  auto: false,
  ...extra,
});

describe('a bet panel', () => {
  it('goes idle → placed → flying → cashing → cashed', () => {
    let v = run(open);
    expect(panelPhase(v, 'BET_1', NONE)).toBe('idle');
    expect(panelPhase(v, 'BET_1', { sending: true, cancelling: false })).toBe('placing');
    v = crashReducer(v, staked(10_00000), NOW);
    expect(panelPhase(v, 'BET_1', NONE)).toBe('placed');
    expect(panelPhase(v, 'BET_1', { sending: false, cancelling: true })).toBe('cancelling');
    expect(panelPhase(v, 'BET_2', NONE)).toBe('idle');
    v = crashReducer(v, ev('betsclosed'), NOW);
    expect(panelPhase(v, 'BET_1', NONE)).toBe('placed');
    v = crashReducer(v, launch, NOW);
    expect(panelPhase(v, 'BET_1', NONE)).toBe('flying');
    expect(panelPhase(v, 'BET_2', NONE)).toBe('idle'); // nothing staked there
    // The slip's stakes no longer move the panels once the flight started.
    expect(crashReducer(v, staked(0), NOW).panels.BET_1.stake).toBe(10_00000);

    v = crashReducer(
      v,
      { type: 'local:cashout', requestId: 'co-1', bet: 'BET_1', part: 'all' },
      NOW,
    );
    expect(panelPhase(v, 'BET_1', NONE)).toBe('cashing');
    // A second click while one is on its way changes nothing.
    const again = crashReducer(
      v,
      { type: 'local:cashout', requestId: 'co-2', bet: 'BET_1', part: 'all' },
      NOW,
    );
    expect(again.panels.BET_1.pending?.requestId).toBe('co-1');

    v = crashReducer(
      v,
      ack({ requestId: 'co-1', x: '2.15', stake: '10.00', returned: '21.50' }),
      NOW,
    );
    expect(panelPhase(v, 'BET_1', NONE)).toBe('cashed');
    expect(v.panels.BET_1.cashed).toEqual([
      { key: 'co-1', part: 'all', x: 215, stake: 10_00000, returned: 21_50000, auto: false },
    ]);
    expect(flyingStake(v.panels.BET_1)).toBe(0);
    // The same answer again (a repeated requestId is answered the same) counts once.
    v = crashReducer(
      v,
      ack({ requestId: 'co-1', x: '2.15', stake: '10.00', returned: '21.50' }),
      NOW,
    );
    expect(v.panels.BET_1.cashed).toHaveLength(1);
    v = crashReducer(v, ev('crash', { x: '2.37', capped: false }), NOW);
    expect(panelPhase(v, 'BET_1', NONE)).toBe('cashed');
    v = crashReducer(
      v,
      ev('gameresult', { result: '2.37', values: [237], stake: '0.00', win: '0.00' }),
      NOW,
    );
    expect(roundWin(v)).toBe(21_50000);
  });

  it('is lost when still flying at the crash, 1.00x included', () => {
    let v = run(open, staked(5_00000), ev('betsclosed'), launch);
    v = crashReducer(v, ev('crash', { x: '1.00', capped: false }), NOW);
    expect(panelPhase(v, 'BET_1', NONE)).toBe('lost');
    expect(v.crash).toEqual({ x: 100, capped: false });
  });

  it('is paid the cap when the flight reached it', () => {
    let v = run(open, staked(1_00000), launch, ev('crash', { x: '5000.00', capped: true }));
    expect(panelPhase(v, 'BET_1', NONE)).toBe('capped');
    v = crashReducer(
      v,
      ev('gameresult', {
        result: '5000.00',
        outcome: '5000.00|cap',
        stake: '1.00',
        win: '5000.00',
      }),
      NOW,
    );
    expect(roundWin(v)).toBe(5000_00000);
    expect(v.history[0]).toEqual({ gameId: G, x: 500_000, capped: true });
  });

  it('keeps half flying after a half cash-out, then loses or cashes the rest', () => {
    let v = run(open, staked(10_00000), launch);
    v = crashReducer(
      v,
      { type: 'local:cashout', requestId: 'co-1', bet: 'BET_1', part: 'half' },
      NOW,
    );
    v = crashReducer(
      v,
      ack({ requestId: 'co-1', part: 'half', x: '1.50', stake: '5.00', returned: '7.50' }),
      NOW,
    );
    expect(panelPhase(v, 'BET_1', NONE)).toBe('flying');
    expect(flyingStake(v.panels.BET_1)).toBe(5_00000);
    // The rest at 3.00x, automatically: an answer to nothing (no requestId).
    const auto = crashReducer(
      v,
      ack({ part: 'all', x: '3.00', stake: '5.00', returned: '15.00', auto: true }),
      NOW,
    );
    expect(panelPhase(auto, 'BET_1', NONE)).toBe('cashed');
    expect(auto.panels.BET_1.cashed.map((c) => [c.part, c.x, c.auto])).toEqual([
      ['half', 150, false],
      ['all', 300, true],
    ]);
    expect(roundWin(auto)).toBe(22_50000);
    // Or the rest still flies at the crash.
    const lost = crashReducer(v, ev('crash', { x: '2.00' }), NOW);
    expect(panelPhase(lost, 'BET_1', NONE)).toBe('lost');
    expect(flyingStake(lost.panels.BET_1)).toBe(5_00000);
    expect(roundWin(lost)).toBe(7_50000);
  });

  it('keeps a refusal (1017: too late) and leaves the stake to the crash', () => {
    let v = run(open, staked(10_00000), launch);
    v = crashReducer(
      v,
      { type: 'local:cashout', requestId: 'co-1', bet: 'BET_1', part: 'all' },
      NOW,
    );
    v = crashReducer(v, ev('crash', { x: '1.20' }), NOW);
    expect(panelPhase(v, 'BET_1', NONE)).toBe('cashing'); // the answer is still to come
    v = crashReducer(
      v,
      ack({ requestId: 'co-1', error: { code: 1017, message: 'too late' } }),
      NOW,
    );
    expect(v.panels.BET_1.refusal).toBe(1017);
    expect(v.panels.BET_1.pending).toBeNull();
    expect(panelPhase(v, 'BET_1', NONE)).toBe('lost');
  });

  it("ignores another round's answer and forgets the round at the next betsopen", () => {
    let v = run(open, staked(10_00000), launch);
    v = crashReducer(
      v,
      ack({ gameId: 'sm-1-000011', x: '2.00', stake: '10.00', returned: '20.00', auto: true }),
      NOW,
    );
    expect(v.panels.BET_1.cashed).toEqual([]);
    v = crashReducer(
      v,
      { type: 'local:auto', requestId: 'ac-1', bet: 'BET_2', targets: { at: 250, halfAt: 150 } },
      NOW,
    );
    v = crashReducer(
      v,
      { type: 'autocashoutack', requestId: 'ac-1', bet: 'BET_2', at: '2.50', halfAt: '1.50' },
      NOW,
    );
    v = crashReducer(v, ev('betsopen', { gameId: 'sm-1-000013' }), NOW);
    expect(v.flight).toBeNull();
    expect(v.panels.BET_1.stake).toBe(0);
    expect(v.panels.BET_2.auto).toEqual({ at: 250, halfAt: 150 }); // kept until changed
  });
});

describe('automatic cash-out settings', () => {
  it('are pending until the server confirms them, or keep the old ones on a refusal', () => {
    let v = run(open);
    v = crashReducer(
      v,
      { type: 'local:auto', requestId: 'ac-1', bet: 'BET_1', targets: { at: 250, halfAt: null } },
      NOW,
    );
    expect(v.panels.BET_1.autoPending?.targets.at).toBe(250);
    expect(v.panels.BET_1.auto).toEqual({ at: null, halfAt: null });
    v = crashReducer(
      v,
      { type: 'autocashoutack', requestId: 'ac-1', bet: 'BET_1', at: '2.50' },
      NOW,
    );
    expect(v.panels.BET_1.auto).toEqual({ at: 250, halfAt: null });
    expect(v.panels.BET_1.autoPending).toBeNull();
    v = crashReducer(
      v,
      { type: 'local:auto', requestId: 'ac-2', bet: 'BET_1', targets: { at: 300, halfAt: 500 } },
      NOW,
    );
    v = crashReducer(
      v,
      { type: 'autocashoutack', requestId: 'ac-2', bet: 'BET_1', error: { code: 1005 } },
      NOW,
    );
    expect(v.panels.BET_1.auto).toEqual({ at: 250, halfAt: null });
    expect(v.panels.BET_1.autoRefusal).toBe(1005);
  });
});

describe('the resync', () => {
  it('restores a flight in progress: flying, half-cashed and cashed stakes, auto targets', () => {
    const v = run(
      ev('resync', {
        state: 6,
        betsOpen: false,
        results: [{ gameId: 'sm-1-000011', result: '1.53' }],
        myAcks: [],
        crash: {
          launchedAt: NOW - 5000,
          growth: 0.0001,
          cap: '5000.00',
          x: null,
          my: [
            {
              bet: 'BET_1',
              stake: '5.00',
              state: 'cashed',
              part: 'half',
              x: '1.30',
              returned: '6.50',
            },
            { bet: 'BET_1', stake: '5.00', state: 'flying' },
            { bet: 'BET_2', stake: '2.00', state: 'cashed', x: '1.20', returned: '2.40' },
          ],
          auto: { BET_1: { at: '2.50', halfAt: '1.30' } },
        },
      }),
    );
    expect(v.ready).toBe(true);
    expect(v.flight).toEqual({ launchedAt: NOW - 5000, growth: 0.0001, cap: 500_000 });
    expect(v.crash).toBeNull();
    expect(v.panels.BET_1.stake).toBe(10_00000);
    expect(flyingStake(v.panels.BET_1)).toBe(5_00000);
    expect(panelPhase(v, 'BET_1', NONE)).toBe('flying');
    expect(v.panels.BET_1.cashed[0]).toMatchObject({ part: 'half', x: 130, returned: 6_50000 });
    expect(panelPhase(v, 'BET_2', NONE)).toBe('cashed');
    expect(v.panels.BET_1.auto).toEqual({ at: 250, halfAt: 130 });
    expect(v.panels.BET_2.auto).toEqual({ at: null, halfAt: null });
    expect(v.history).toEqual([{ gameId: 'sm-1-000011', x: 153, capped: false }]);
    expect(roundWin(v)).toBe(8_90000);
  });

  it('restores a panel given whole: what still flies, what its half cash-out paid', () => {
    const v = run(
      ev('resync', {
        state: 6,
        crash: {
          launchedAt: NOW - 5000,
          growth: 0.0001,
          cap: '5000.00',
          x: null,
          my: [
            {
              bet: 'BET_1',
              stake: '5.00',
              state: 'flying',
              x: '1.50',
              returned: '7.50',
              halfDone: true,
            },
            {
              bet: 'BET_2',
              stake: '2.00',
              state: 'cashed',
              x: '1.20',
              returned: '2.40',
              halfDone: false,
            },
          ],
          auto: {},
        },
      }),
    );
    expect(panelPhase(v, 'BET_1', NONE)).toBe('flying');
    expect(flyingStake(v.panels.BET_1)).toBe(5_00000);
    expect(v.panels.BET_1.cashed).toEqual([
      { key: 'resync:0', part: 'half', x: 150, stake: 5_00000, returned: 7_50000, auto: false },
    ]);
    expect(panelPhase(v, 'BET_2', NONE)).toBe('cashed');
    expect(roundWin(v)).toBe(9_90000);
  });

  it('restores a crashed round with the lost stake, and betting with nothing', () => {
    const crashed = run(
      ev('resync', {
        state: 24,
        result: '2.37',
        crash: {
          launchedAt: NOW - 9000,
          growth: 0.0001,
          cap: '5000.00',
          x: '2.37',
          my: [{ bet: 'BET_1', stake: '10.00', state: 'lost' }],
        },
      }),
    );
    expect(crashed.crash).toEqual({ x: 237, capped: false });
    expect(panelPhase(crashed, 'BET_1', NONE)).toBe('lost');
    const betting = run(
      ev('resync', { state: 2, betsOpen: true, crash: { launchedAt: null, x: null, my: [] } }),
      staked(3_00000),
    );
    expect(betting.flight).toBeNull();
    expect(panelPhase(betting, 'BET_1', NONE)).toBe('placed');
  });
});

describe('cash-outs and results', () => {
  it('keeps the feed newest first with the round count', () => {
    let v = run(open, launch);
    v = crashReducer(
      v,
      ev('cashouts', {
        v: 40,
        count: 2,
        list: [
          { name: 'Ann', bet: 'BET_1', part: 'all', x: '1.50', win: '15.00' },
          { name: '<b>Bo</b>', bet: 'BET_2', part: 'half', x: '1.85', win: '9.25' },
        ],
      }),
      NOW,
    );
    v = crashReducer(
      v,
      ev('cashouts', { v: 41, count: 3, list: [{ name: 'Cy', x: '2.00', win: '2.00' }] }),
      NOW,
    );
    // The same event again (a resync in the same round, then the event replayed) counts once.
    v = crashReducer(
      v,
      ev('cashouts', { v: 41, count: 3, list: [{ name: 'Cy', x: '2.00', win: '2.00' }] }),
      NOW,
    );
    expect(v.feedCount).toBe(3);
    expect(v.feed.map((e) => [e.name, e.x, e.part])).toEqual([
      ['Cy', 200, 'all'],
      ['<b>Bo</b>', 185, 'half'],
      ['Ann', 150, 'all'],
    ]);
    expect(crashReducer(v, ev('betsopen', { gameId: 'sm-1-000013' }), NOW).feed).toEqual([]);
  });

  it('reads the summary, and adds each result once, newest first', () => {
    const points = summaryPoints({
      tableId: 'sm-1',
      results: [
        { gameId: 'sm-1-000011', x: '2.37', at: NOW },
        { gameId: 'sm-1-000010', x: '12.00', at: NOW - 1 },
        { gameId: 'bad' },
      ],
      summary: { games: 2 },
    });
    expect(points).toEqual([
      { gameId: 'sm-1-000011', x: 237, capped: false },
      { gameId: 'sm-1-000010', x: 1200, capped: false },
    ]);
    expect(summaryPoints(null)).toEqual([]);
    let v = run({ type: 'local:summary', points }, open, launch, ev('crash', { x: '1.05' }));
    v = crashReducer(v, ev('gameresult', { result: '1.05', values: [105] }), NOW);
    v = crashReducer(v, ev('gameresult', { result: '1.05', values: [105] }), NOW);
    expect(v.history.map((p) => p.x)).toEqual([105, 237, 1200]);
    expect(mergeHistory(v.history, points)).toHaveLength(3);
  });
});
