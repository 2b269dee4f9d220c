import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';

import { HttpError } from '../../lib/http/http';
import { headerChat } from '../../lib/table/useTableChat';
import { LIFECYCLE_EVENT } from '../../lib/lifecycle';
import en from '../../lib/i18n/locales/en.json';
import type { SpotLimit } from '../../lib/session';
import { dealerSays } from '../../lib/sound/sound.test-util';
import { renderTable, tableConfig } from '../../lib/table/table.test-util';
import SicBoTable from './SicBoTable';
import { FakeHls, fakeVideoElements, setVideo } from '../../lib/video/hls.test-util';

vi.mock('hls.js/light', async () => ({
  default: (await import('../../lib/video/hls.test-util')).FakeHls,
}));
import { initEnglishI18n } from '../../lib/i18n';

// The limits sic-1 gives (docs/games/sicbo.md): what each kind pays.
const PAYS: [string, number, string?][] = [
  ['small', 1],
  ['big', 1],
  ['odd', 1],
  ['even', 1],
  ...[50, 18, 14, 12, 8, 6, 6, 6, 6, 8, 12, 14, 18, 50].map(
    (p, i) => [`total_${i + 4}`, p] as [string, number],
  ),
  ['triple', 150],
  ['any_triple', 24],
  ['double', 8],
  ['combo', 5],
  ['single', 1, '1,2,3'],
];
const SPOTS: SpotLimit[] = PAYS.map(([kind, payout, payoutText]) => ({
  kind,
  payout,
  ...(payoutText ? { payoutText } : {}),
  inside: false,
  min: '0.50',
  max: '500.00',
}));

const STATS = {
  tableId: 'sic-1',
  numberOfGames: 40,
  faces: [1, 2, 3, 4, 5, 6].map((face) => ({ face, count: 20, percent: face === 6 ? 21.5 : 15.7 })),
  totals: Array.from({ length: 16 }, (_, i) => ({ total: i + 3, count: 2, percent: 5 })),
  small: { count: 18, percent: 45 },
  big: { count: 20, percent: 50 },
  odd: { count: 19, percent: 47.5 },
  even: { count: 19, percent: 47.5 },
  triple: { count: 2, percent: 5 },
  hot: [6, 5],
  cold: [1, 2],
};

const CHART = {
  tableId: 'sic-1',
  numberOfGames: 3,
  series: [
    { gameId: 'sic-1-000001', total: 8, dice: [3, 3, 2] },
    { gameId: 'sic-1-000002', total: 12, dice: [6, 3, 3] },
    { gameId: 'sic-1-000003', total: 18, dice: [6, 6, 6] },
  ],
};

beforeAll(async () => {
  // English itself, so that the spoken names can be read as players hear them.
  await initEnglishI18n(en);
});

afterEach(cleanup);

const VIDEO = { url: '/video/sic-1/master.m3u8', renditions: ['high'], delayBudgetMs: 4000 };

function open(get?: Parameters<typeof renderTable>[2], video: typeof VIDEO | null = null) {
  const t = renderTable(
    <SicBoTable tableId="sic-1" />,
    tableConfig('sic-1', 'sicbo', SPOTS, { name: 'Sic Bo', video }),
    get,
  );
  t.event('resync', {
    gameId: 'sic-1-000004',
    state: 2,
    betsOpen: true,
    endsAt: Date.now() + 15_000,
    results: [{ gameId: 'sic-1-000003', result: '666', outcome: '666|666' }],
    myAcks: [],
  });
  return t;
}

const spot = (code: string) => document.querySelector<HTMLElement>(`[data-spot="${code}"]`)!;

describe('SicBoTable', () => {
  it('tells, in words, the result of a round that ended while the player was away', async () => {
    const t = open();
    const ts = new Date(2026, 10, 25, 21, 7).getTime();
    t.event('gameresult', {
      gameId: 'sic-1-000004',
      state: 24,
      result: '136',
      outcome: '136|316',
      stake: '5.00',
      win: '10.00',
      replayed: true,
      ts,
    });
    expect(
      await screen.findByText(
        'While you were away, the 9:07 PM round at Sic Bo ended: 1, 3, 6, total 10. You win €10.00.',
      ),
    ).toBeInTheDocument();
    // A result seen live is no news.
    t.event('gameresult', { gameId: 'sic-1-000005', state: 24, result: '222', ts });
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.queryByText(/round at Sic Bo ended: 2, 2, 2/)).toBeNull();
  });

  it('offers all 52 spots, named with their payout, by mouse and keyboard', async () => {
    const user = userEvent.setup();
    const t = open();
    const board = screen.getByTestId('sicbo-board');
    const spots = within(board).getAllByRole('button');
    expect(spots).toHaveLength(52);
    expect(spots.every((s) => s.querySelector('.sr-only')?.textContent?.includes(', pays '))).toBe(
      true,
    );
    expect(spot('TOTAL_10')).toHaveAccessibleName('Total 10, pays 6 to 1');
    expect(spot('TOTAL_4')).toHaveAccessibleName('Total 4, pays 50 to 1');
    expect(spot('TRIPLE_3')).toHaveAccessibleName('Triple 3, pays 150 to 1');
    expect(spot('COMBO_1_2')).toHaveAccessibleName('Combination 1 and 2, pays 5 to 1');
    expect(spot('SINGLE_4')).toHaveAccessibleName(
      'Single 4, pays 1 to 1 on one die, 2 to 1 on two, 3 to 1 on three',
    );
    // It shows the figures; screen readers hear them in words, not "6:1".
    expect(within(spot('TOTAL_10')).getByText('6:1')).toBeInTheDocument();
    expect(within(spot('SINGLE_4')).getByText('1–3:1')).toBeInTheDocument();
    expect(screen.getByRole('group', { name: 'Combinations' })).toBeInTheDocument();

    // A click, then Enter and Space on the focused spot: a €5 chip each time.
    fireEvent.click(spot('SMALL'));
    spot('TOTAL_10').focus();
    await user.keyboard('{Enter}');
    await user.keyboard(' ');
    const bets = t.sent('pbet');
    expect(bets).toHaveLength(3);
    expect(bets[0]).toContain('gameMode="sicbo_desktop"');
    expect(bets[0]).toContain('<bet code="SMALL" amount="5.00"/>');
    expect(bets[2]).toContain('<bet code="TOTAL_10" amount="5.00"/>');
    bets.forEach(t.accept);
    await waitFor(() =>
      expect(spot('TOTAL_10')).toHaveAccessibleName('Total 10, pays 6 to 1, your bet €10.00'),
    );
    expect(spot('TOTAL_10').querySelector('[data-chip-spot]')).toHaveAttribute(
      'data-amount',
      '10.00',
    );
    expect(screen.getByTestId('total-bet')).toHaveAttribute('data-amount', '15.00');
  });

  it('shakes the dice, lands them on the server throw and lights the winning spots', async () => {
    const t = open();
    expect(screen.getByTestId('recent-results')).toHaveTextContent('18');
    t.event('betsclosed', { gameId: 'sic-1-000004', state: 3 });
    t.event('gamestate', { gameId: 'sic-1-000004', state: 6, spinMs: 9000 });
    expect(screen.getByTestId('dice-studio')).toHaveAttribute('data-phase', 'shaking');
    expect(screen.getByTestId('round-state')).toHaveTextContent('The dice are shaking');
    t.event('gameresult', {
      gameId: 'sic-1-000004',
      state: 24,
      result: '136',
      outcome: '136|316',
      values: [3, 1, 6],
      stake: '10.00',
      win: '20.00',
    });
    // Not before the dice have landed.
    expect(screen.queryByTestId('result')).toBeNull();
    expect(document.querySelectorAll('[data-won]')).toHaveLength(0);
    const studio = screen.getByTestId('dice-studio');
    await waitFor(() => expect(studio).toHaveAttribute('data-landed', '3,1,6'), { timeout: 4000 });
    expect(studio).toHaveAccessibleName('3, 1, 6, total 10');
    const result = screen.getByTestId('result');
    expect(result).toHaveAttribute('data-total', '10');
    expect(screen.getByTestId('result-size')).toHaveTextContent('Small');
    expect(screen.getByTestId('result-win')).toHaveTextContent('You win €20.00');
    const won = [...document.querySelectorAll('[data-won="true"]')].map((e) =>
      e.getAttribute('data-spot'),
    );
    expect(won.sort()).toEqual(
      [
        'SMALL',
        'EVEN',
        'TOTAL_10',
        'COMBO_1_3',
        'COMBO_1_6',
        'COMBO_3_6',
        'SINGLE_1',
        'SINGLE_3',
        'SINGLE_6',
      ].sort(),
    );
    expect(screen.getByTestId('recent-results').querySelector('li')).toHaveAttribute(
      'data-game',
      'sic-1-000004',
    );
  });

  it("has no statistics where the operator's feature_statistics is off", () => {
    const t = open();
    expect(screen.getByTestId('statistics-toggle')).toBeInTheDocument();
    act(() =>
      t.services.session.set((s) =>
        s.config ? { ...s, config: { ...s.config, features: { feature_statistics: false } } } : s,
      ),
    );
    expect(screen.queryByTestId('statistics-toggle')).toBeNull();
  });

  it('shows the statistics the server gives, and says so when it cannot read them', async () => {
    const user = userEvent.setup();
    const failing = open(() => Promise.reject(new HttpError('http', 404, 'no such path')));
    await user.click(screen.getByTestId('statistics-toggle'));
    expect(await screen.findByTestId('stats-error')).toHaveTextContent(
      'Statistics are not available right now.',
    );
    failing.unmount();

    const t = open((path) => Promise.resolve(path === '/api/ui/sicbo/stats' ? STATS : CHART));
    await user.click(screen.getByTestId('statistics-toggle'));
    const panel = await screen.findByTestId('statistics');
    await waitFor(() => expect(screen.getByTestId('stats-games')).toHaveTextContent('40'));
    expect(t.services.http.get).toHaveBeenCalledWith('/api/ui/sicbo/stats', {
      tableId: 'sic-1',
      numberOfGames: 100,
    });
    expect(t.services.http.get).toHaveBeenCalledWith('/api/ui/sicbo/charts', {
      tableId: 'sic-1',
      noOfGames: 50,
    });
    expect(within(panel).getByText('Face 6: 21.5%')).toBeInTheDocument(); // hottest
    expect(panel.querySelector('[data-share="triple"]')).toHaveAttribute('data-percent', '5');
    expect(panel.querySelector('[data-share="face6"]')).toHaveAttribute('data-percent', '21.5');
    expect(screen.getByTestId('sicbo-chart')).toHaveAttribute('data-totals', '8,12,18');
    await user.click(within(panel).getByRole('button', { name: 'Close statistics' }));
    expect(screen.queryByTestId('statistics')).toBeNull();
  });

  it('offers the cashier instead of sending chips over the balance, or when the server refuses for funds', async () => {
    const t = open();
    const showPopup = t.services.showPopup as unknown as ReturnType<typeof vi.fn>;
    t.services.session.set((s) => ({ ...s, balance: { total: 3_00000, bonus: 0 } }));
    fireEvent.click(spot('SMALL')); // a €5 chip, €3 left
    expect(showPopup).toHaveBeenCalledWith('low-balance');
    expect(t.sent('pbet')).toHaveLength(0);
    // The server's word counts too: 10104 (funds) and 2005 (low balance).
    t.services.session.set((s) => ({ ...s, balance: { total: 1000_00000, bonus: 0 } }));
    showPopup.mockClear();
    fireEvent.click(spot('BIG'));
    await waitFor(() => expect(t.sent('pbet')).toHaveLength(1));
    const requestId = /requestId="([^"]+)"/.exec(t.sent('pbet')[0]!)![1];
    t.socket().server({
      type: 'betack',
      table: 'sic-1',
      requestId,
      accepted: [],
      rejected: [{ spot: 'BIG', amount: '5.00', code: 10104 }],
    });
    await waitFor(() => expect(showPopup).toHaveBeenCalledWith('low-balance'));
  });

  it("shows the table's minimum bet once on arrival where the casino asks (show_nl_min_bet_toaster)", async () => {
    const t = open();
    expect(screen.queryByText(/minimum bet at this table/)).toBeNull();
    t.services.session.set((s) => ({
      ...s,
      config: { ...s.config!, casinoConfig: { show_nl_min_bet_toaster: true } },
    }));
    expect(await screen.findByText('The minimum bet at this table is €0.50.')).toBeInTheDocument();
  });

  it('tells the host page of each bet answer: placed, partly refused, refused', async () => {
    const events: Record<string, unknown>[] = [];
    const listen = (e: Event) => events.push((e as CustomEvent<Record<string, unknown>>).detail);
    window.addEventListener(LIFECYCLE_EVENT, listen);
    try {
      const t = open();
      fireEvent.click(spot('SMALL'));
      await waitFor(() => expect(t.sent('pbet')).toHaveLength(1));
      t.accept(t.sent('pbet')[0]!);
      await waitFor(() =>
        expect(events.find((e) => e.name === 'place bet')).toMatchObject({
          tableId: 'sic-1',
          gameId: 'sic-1-000004',
          amount: '5.00',
        }),
      );
      fireEvent.click(spot('BIG'));
      await waitFor(() => expect(t.sent('pbet')).toHaveLength(2));
      const requestId = /requestId="([^"]+)"/.exec(t.sent('pbet')[1]!)![1];
      t.socket().server({
        type: 'betack',
        table: 'sic-1',
        requestId,
        accepted: [],
        rejected: [{ spot: 'BIG', amount: '5.00', code: 1012 }],
      });
      await waitFor(() =>
        expect(events.find((e) => e.name === 'rejected bet')).toMatchObject({ code: 1012 }),
      );
    } finally {
      window.removeEventListener(LIFECYCLE_EVENT, listen);
    }
  });

  it('counts in the header only the chat messages that came while the chat was shut', () => {
    const t = open();
    const say = (text: string) => t.event('chat', { playerId: '9', name: 'Bo', text });
    say('one');
    say('two');
    expect(headerChat.get()).toMatchObject({ tableId: 'sic-1', enabled: true, unread: 2 });
    act(() => headerChat.set((h) => ({ ...h, open: true })));
    expect(headerChat.get().unread).toBe(0);
    act(() => headerChat.set((h) => ({ ...h, open: false })));
    expect(headerChat.get().unread).toBe(0);
    say('three');
    expect(headerChat.get().unread).toBe(1);
  });

  it('leaves a zeroed balance (a balance error: not known) for the server to judge', async () => {
    const t = open();
    t.services.session.set((s) => ({ ...s, balance: { total: 0, bonus: 0 } }));
    fireEvent.click(spot('SMALL'));
    await waitFor(() => expect(t.sent('pbet')).toHaveLength(1));
  });
});

describe('SicBoTable: the dealer', () => {
  it('announces the throw once a round, as the dice settle', async () => {
    const say = dealerSays();
    const t = open();
    t.event('gameresult', { gameId: 'sic-1-000004', state: 24, result: '136', values: [3, 1, 6] });
    expect(say).not.toHaveBeenCalled(); // the dice are still in the air
    await waitFor(() => expect(say).toHaveBeenCalledOnce());
    expect(say).toHaveBeenCalledWith('/sounds/voice/en/sicbo-10-small.mp3', 'Total 10, Small');
    // The same round again says nothing more.
    t.event('gameresult', { gameId: 'sic-1-000004', state: 24, result: '136', replayed: true });
    t.event('betsopen', { gameId: 'sic-1-000005', state: 2, endsAt: Date.now() + 15_000 });
    t.event('gameresult', { gameId: 'sic-1-000005', state: 24, result: '444', values: [4, 4, 4] });
    await waitFor(() => expect(say).toHaveBeenCalledTimes(2));
    expect(say).toHaveBeenLastCalledWith(
      '/sounds/voice/en/sicbo-12-triple.mp3',
      'Total 12, Triple',
    );
    await new Promise((r) => setTimeout(r, 300));
    expect(say).toHaveBeenCalledTimes(2);
  });
});

describe('SicBoTable with live video', () => {
  let media: ReturnType<typeof fakeVideoElements>;
  afterEach(() => media.restore());

  it('plays it over the dice studio, loaded only when the first frame plays', async () => {
    FakeHls.reset();
    media = fakeVideoElements();
    const t = open(undefined, VIDEO);
    expect(t.services.loaded).toHaveBeenCalledWith('game');
    expect(t.services.loaded).not.toHaveBeenCalledWith('video');
    await act(async () => {
      await vi.dynamicImportSettled();
      await vi.dynamicImportSettled();
    });
    const video = screen.getByTestId('table-video') as HTMLVideoElement;
    expect(FakeHls.last().media).toBe(video);
    expect(screen.getByTestId('dice-studio').closest('[aria-hidden="true"]')).toBeNull();
    setVideo(video, { videoWidth: 640, videoHeight: 360, currentTime: 1 });
    await act(async () => media.frame());
    expect(t.services.loaded).toHaveBeenCalledWith('video');
    // The drawn studio stays underneath, out of sight and out of the screen reader's way.
    expect(screen.getByTestId('dice-studio').closest('[aria-hidden="true"]')).not.toBeNull();
  });

  it('without video reports its drawn studio loaded with the game, and has no <video>', () => {
    const t = open();
    expect(t.services.loaded).toHaveBeenCalledWith('video');
    expect(screen.queryByTestId('table-video')).toBeNull();
    media = fakeVideoElements();
  });
});
