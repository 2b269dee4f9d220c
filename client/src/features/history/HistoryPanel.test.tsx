import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';

import en from '../../lib/i18n/locales/en.json';
import { initTestI18n } from '../../lib/i18n';
import { ServicesContext } from '../../lib/session';
import { historyServices } from './history.test-util';
import HistoryPanel from './HistoryPanel';
import { FAMILIES, type HistoryRound, betName, partsFor, periodOf } from './model';

const roulette: HistoryRound = {
  gameId: 'rou-1-000002',
  roundId: 2,
  tableId: 'rou-1',
  tableName: 'Roulette Azure',
  game: 'roulette',
  state: 'settled',
  startedAt: new Date(2026, 10, 25, 14, 5).getTime(),
  currency: 'EUR',
  stake: '3.00',
  payoff: '4.00',
  net: '1.00',
  winLose: 'win',
  result: '27',
  detail: { values: [27] },
  bets: [
    {
      participationId: 1,
      betType: 'RED',
      amount: '2.00',
      payoff: '4.00',
      status: 'settled',
      ticketId: 'bet:rou-1-000002:1:r1',
    },
    {
      participationId: 2,
      betType: 'STRAIGHT_17',
      amount: '1.00',
      payoff: '0.00',
      status: 'settled',
      ticketId: 'bet:rou-1-000002:1:r1',
    },
  ],
};

const blackjack: HistoryRound = {
  ...roulette,
  gameId: 'bj-1-000007',
  roundId: 7,
  tableId: 'bj-1',
  tableName: 'Blackjack Emerald',
  game: 'blackjack',
  stake: '10.00',
  payoff: '0.00',
  net: '-10.00',
  winLose: 'lose',
  result: 'D 20',
  detail: {
    cards: [
      { hand: 'dealer', card: 'KH' },
      { hand: 'dealer', card: 'QS' },
    ],
    hands: [{ seat: 3, hands: [{ cards: ['9C', '8D'], outcome: 'lose' }] }],
  },
  bets: [
    {
      participationId: 9,
      betType: 'SEAT_3',
      amount: '10.00',
      payoff: '0.00',
      status: 'settled',
      ticketId: 'bet:bj-1-000007:1:b1',
      seat: 3,
    },
  ],
};

function renderPanel(pages: Record<string, unknown>[]) {
  const get = vi.fn(async (_path: string, params?: Record<string, unknown>) => {
    const page = params?.before ? pages[1] : pages[0];
    if (!page) throw new Error('offline');
    return page;
  });
  const services = historyServices(get, [
    { tableId: 'rou-1', name: 'Roulette Azure', game: 'roulette', gameKind: 'classic-roulette' },
    { tableId: 'bj-1', name: 'Blackjack Emerald', game: 'blackjack', gameKind: 'blackjack' },
  ]);
  const onClose = vi.fn();
  render(
    <ServicesContext.Provider value={services}>
      <HistoryPanel onClose={onClose} />
    </ServicesContext.Provider>,
  );
  return { get, onClose };
}

beforeAll(async () => {
  await initTestI18n(en);
});

afterEach(cleanup);

describe('the history screen', () => {
  it('lists the rounds newest first and opens one onto its bets, result and ids', async () => {
    renderPanel([{ rounds: [blackjack, roulette], next: null }]);
    const rows = await screen.findAllByTestId('history-round');
    expect(rows.map((r) => r.dataset.game)).toEqual(['blackjack', 'roulette']);
    const summary = within(rows[1]!).getByRole('button');
    expect(summary).toHaveTextContent('[[HISTORY_OUTCOME_win]]');
    expect(summary).toHaveAttribute('aria-expanded', 'false');
    fireEvent.click(summary);
    expect(summary).toHaveAttribute('aria-expanded', 'true');
    const bets = within(rows[1]!).getAllByTestId('history-bet');
    expect(bets).toHaveLength(2);
    expect(bets[1]).toHaveTextContent('€1.00');
    expect(bets[1]).toHaveTextContent('€0.00');
    expect(rows[1]).toHaveTextContent('27');
    expect(rows[1]!.querySelector('.history-pocket.red')).not.toBeNull();
    expect(rows[1]).toHaveTextContent('bet:rou-1-000002:1:r1');

    // Blackjack: the dealer's cards and the seat's hand with its outcome.
    fireEvent.click(within(rows[0]!).getByRole('button'));
    const cards = [...rows[0]!.querySelectorAll('[data-card]')].map((c) =>
      c.getAttribute('data-card'),
    );
    expect(cards).toEqual(['KH', 'QS', '9C', '8D']);
    expect(rows[0]).toHaveTextContent('[[HISTORY_SEAT]]');
    expect(rows[0]).toHaveTextContent('[[BJ_OUTCOME_lose]]');
  });

  it("shows a regulated market's session id with the round's ids, when the round has one", async () => {
    renderPanel([{ rounds: [{ ...roulette, sessionId: 'IT9F3A41' }, blackjack], next: null }]);
    const rows = await screen.findAllByTestId('history-round');
    expect(rows[0]).toHaveAttribute('data-session', 'IT9F3A41');
    expect(rows[1]).not.toHaveAttribute('data-session');
    fireEvent.click(within(rows[0]!).getByRole('button'));
    expect(within(rows[0]!).getByTestId('history-session')).toHaveTextContent('IT9F3A41');
    expect(rows[0]).toHaveTextContent('[[IT_SESSION_ID]]');
    expect(rows[0]).toHaveTextContent('bet:rou-1-000002:1:r1'); // the bets' ticket
    fireEvent.click(within(rows[1]!).getByRole('button'));
    expect(within(rows[1]!).queryByTestId('history-session')).toBeNull();
  });

  it('pages on with the cursor and filters by game', async () => {
    const { get } = renderPanel([
      { rounds: [roulette], next: '1795647393544.rou-1-000002' },
      { rounds: [{ ...roulette, gameId: 'rou-1-000001', roundId: 1 }], next: null },
    ]);
    fireEvent.click(await screen.findByRole('button', { name: '[[HISTORY_MORE]]' }));
    await waitFor(() => expect(screen.getAllByTestId('history-round')).toHaveLength(2));
    expect(get).toHaveBeenLastCalledWith(
      '/api/ui/history',
      expect.objectContaining({ before: '1795647393544.rou-1-000002' }),
    );
    expect(screen.queryByRole('button', { name: '[[HISTORY_MORE]]' })).toBeNull();

    const select = screen.getByTestId('history-game');
    expect([...select.querySelectorAll('option')].map((o) => o.value)).toEqual([
      'all',
      'roulette',
      'blackjack',
    ]);
    fireEvent.change(select, { target: { value: 'blackjack' } });
    await waitFor(() =>
      expect(get).toHaveBeenLastCalledWith(
        '/api/ui/history',
        expect.objectContaining({ game: 'blackjack', before: undefined }),
      ),
    );
  });

  it('says when nothing was played, when the period is reversed, and when loading fails', async () => {
    renderPanel([{ rounds: [], next: null }]);
    expect(await screen.findByText('[[HISTORY_EMPTY]]')).toBeInTheDocument();
    fireEvent.change(screen.getByLabelText('[[HISTORY_FROM]]'), {
      target: { value: '2026-11-25' },
    });
    fireEvent.change(screen.getByLabelText('[[HISTORY_TO]]'), { target: { value: '2026-11-24' } });
    expect(screen.getByRole('alert')).toHaveTextContent('[[HISTORY_PERIOD_INVALID]]');
    cleanup();
    renderPanel([]);
    expect(await screen.findByRole('alert')).toHaveTextContent('[[HISTORY_FAILED]]');
    expect(screen.getByRole('button', { name: '[[RETRY]]' })).toBeInTheDocument();
  });
});

describe('the history model', () => {
  it('takes a period from the start of the first day to the end of the last', () => {
    const p = periodOf('2026-11-24', '2026-11-25')!;
    expect(p.from).toBe(new Date(2026, 10, 24).getTime());
    expect(p.to).toBe(new Date(2026, 10, 26).getTime());
    expect(periodOf('2026-11-25', '2026-11-25')).not.toBeNull(); // one day
    expect(periodOf('2026-11-26', '2026-11-25')).toBeNull();
    expect(periodOf('', '')).toEqual({ from: undefined, to: undefined });
  });

  it('names each game its own way', async () => {
    const i18n = (await import('i18next')).default;
    const t = i18n.t.bind(i18n);
    expect(betName(t, 'roulette', 'STRAIGHT_17')).toBe('[[SPOT_straight]]');
    expect(betName(t, 'blackjack', 'SEAT_3_DOUBLE_0')).toBe('[[BJ_BET_SEAT_LABEL]]: [[BJ_DOUBLE]]');
    expect(betName(t, 'sicbo', 'TOTAL_10')).toBe('[[SICBO_TOTAL]]');
    expect(betName(t, 'baccarat', 'BANKER')).toBe('[[CARD_SPOT_BANKER]]');
    expect(betName(t, 'poker', 'ANTE')).toBe('ANTE');
  });

  it("names the game shows' and the crash games' bets and families", async () => {
    const i18n = (await import('i18next')).default;
    const t = i18n.t.bind(i18n);
    expect(betName(t, 'sweetbonanza', 'CANDY_DROP')).toBe('[[SBZ_NAME_CANDY_DROP]]');
    expect(betName(t, 'sweetbonanza', '5')).toBe('[[SBZ_NUMBER]]');
    expect(betName(t, 'boomorbust', 'BOOM')).toBe('[[BOB_BOOM]]');
    expect(betName(t, 'boomorbust', '3')).toBe('[[BOB_NUMBER]]');
    expect(betName(t, 'crash', 'BET_1')).toBe('[[CRASH_PANEL]]');
    expect(betName(t, 'crash', 'BET_3')).toBe('BET_3');
    // In English: the family names the history's game filter shows, and the bets.
    const english = i18n.createInstance();
    await english.init({ lng: 'en', resources: { en: { translation: en } } });
    const words = english.t.bind(english) as typeof t;
    expect(words(FAMILIES.sweetbonanza!.name)).toBe('Candy Land');
    expect(words(FAMILIES.boomorbust!.name)).toBe('Boom or Bust');
    expect(words(FAMILIES.crash!.name)).toBe('Crash games');
    expect(betName(words, 'sweetbonanza', 'SWEET_SPINS')).toBe('Sweet Spins');
    expect(betName(words, 'sweetbonanza', '2')).toBe('Number 2');
    expect(betName(words, 'boomorbust', '6')).toBe('Number 6');
    expect(betName(words, 'crash', 'BET_2')).toBe('Bet 2');
    // Each loads its own feature's words.
    const round = (game: string) => ({ ...roulette, game });
    expect(partsFor(['sweetbonanza', 'boomorbust', 'crash', 'crash'].map(round))).toEqual([
      'sweetbonanza',
      'boomorbust',
      'crash',
    ]);
  });
});
