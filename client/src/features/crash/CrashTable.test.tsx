import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';

import en from '../../lib/i18n/locales/en.json';
import { initEnglishI18n } from '../../lib/i18n';
import type { SpotLimit } from '../../lib/session';
import { renderTable, tableConfig } from '../../lib/table/table.test-util';
import { headerChat } from '../../lib/table/useTableChat';
import { Announcer } from '../../ui/Announcer';
import CrashTable from './CrashTable';

const SPOTS: SpotLimit[] = ['BET_1', 'BET_2'].map((kind) => ({
  kind,
  payout: 0,
  inside: false,
  min: '0.10',
  max: '1000.00',
}));
const GAME = 'sm-1-000012';

function table(extra: Record<string, unknown> = {}) {
  return tableConfig('sm-1', 'crash', SPOTS, {
    name: 'Spaceman',
    gameKind: 'spaceman',
    tableType: 'spaceman',
    variant: 'spaceman',
    crash: { skin: 'spaceman', growth: 0.0001, cap: '5000.00', minTarget: '1.01' },
    ...extra,
  });
}

const SUMMARY = {
  tableId: 'sm-1',
  results: [
    { gameId: 'sm-1-000011', x: '1.53', at: 1 },
    { gameId: 'sm-1-000010', x: '4.20', at: 0 },
    { gameId: 'sm-1-000009', x: '25.00', at: 0 },
  ],
  summary: { games: 3 },
};

beforeAll(async () => {
  await initEnglishI18n(en);
});

afterEach(cleanup);

function open(extra: Record<string, unknown> = {}) {
  const asked: { path: string; params?: Record<string, unknown> }[] = [];
  const page = (
    <>
      <CrashTable tableId="sm-1" route="spaceman" />
      <Announcer />
    </>
  );
  const t = renderTable(page, table(extra), (path, params) => {
    asked.push({ path, params });
    return Promise.resolve(SUMMARY);
  });
  t.event('resync', {
    gameId: GAME,
    state: 2,
    betsOpen: true,
    endsAt: Date.now() + 10_000,
    results: [],
    myAcks: [],
    crash: { launchedAt: null, growth: 0.0001, cap: '5000.00', x: null, my: [], auto: {} },
  });
  return { ...t, asked };
}

const action = (bet = 'BET_1') => screen.getByTestId(`action-${bet}`);
const panel = (bet = 'BET_1') => screen.getByTestId(`panel-${bet}`);
const announcer = () => screen.getByTestId('announcer');
const requestOf = (xml: string) => /requestId="([^"]+)"/.exec(xml)![1]!;

/** Bets `amount` on BET_1 at a table just opened, the server accepting it, then launches. */
function betAndLaunch(t: ReturnType<typeof open>, launchedAgoMs = 7000) {
  fireEvent.click(within(panel()).getByRole('button', { name: 'More: €5.00' })); // €5.00 → €10.00
  fireEvent.click(action());
  const [bet] = t.sent('pbet');
  t.accept(bet!);
  t.event('betsclosed', { gameId: GAME, state: 3 });
  t.event('gamestate', { gameId: GAME, state: 6 });
  t.event('launch', {
    gameId: GAME,
    launchedAt: Date.now() - launchedAgoMs,
    growth: 0.0001,
    cap: '5000.00',
  });
  return bet!;
}

describe('CrashTable', () => {
  it('bets on BET_1, cashes out at the live value, and shows the answer, the crash and the win', async () => {
    const t = open();
    expect(screen.getByTestId('crash-table')).toHaveAttribute('data-skin', 'spaceman');
    expect(t.asked).toContainEqual({
      path: '/api/ui/SMSummaryResults',
      params: { tableId: 'sm-1', numberOfGames: 50 },
    });
    // The last crash points, coloured by band.
    await waitFor(() =>
      expect(screen.getByTestId('crash-results')).toHaveAttribute('data-count', '3'),
    );
    const points = within(screen.getByTestId('crash-results')).getAllByRole('listitem');
    expect(points.map((p) => [p.textContent, p.dataset.band])).toEqual([
      ['1.53x', 'low'],
      ['4.20x', 'mid'],
      ['25.00x', 'high'],
    ]);
    expect(screen.getByTestId('multiplier')).toHaveTextContent('1.00x');
    expect(action()).toHaveTextContent('Bet €5.00');

    const bet = betAndLaunch(t);
    expect(bet).toContain('gameMode="crash_desktop"');
    expect(bet).toContain(`gameId="${GAME}"`);
    expect(bet).toContain('<bet code="BET_1" amount="10.00"/>');
    expect(screen.getByTestId('round-state')).toHaveTextContent('The rocket is flying');
    expect(panel()).toHaveAttribute('data-phase', 'flying');
    // About 2.01x after 7 s: the live value of €10.00, and the big multiplier.
    await waitFor(() => expect(action()).toHaveTextContent(/^Cash out €20\.\d\d$/));
    expect(screen.getByTestId('multiplier').textContent).toMatch(/^2\.\d\dx$/);
    expect(screen.getByTestId('half-BET_1')).toHaveTextContent(/^Cash out half €10\.\d\d$/);
    expect(action('BET_2')).toHaveAttribute('aria-disabled', 'true'); // nothing staked there

    fireEvent.click(action());
    const [cashout] = t.sent('cashout');
    expect(cashout).toMatch(
      new RegExp(`^<cashout tableId="sm-1" requestId="[^"]+" gameId="${GAME}" bet="BET_1"/>$`),
    );
    // At once: pending and disabled.
    expect(action()).toHaveTextContent('Cashing out…');
    expect(action()).toHaveAttribute('aria-disabled', 'true');
    expect(action()).toHaveAttribute('aria-busy', 'true');
    fireEvent.click(action());
    expect(t.sent('cashout')).toHaveLength(1);

    t.socket().server({
      type: 'cashoutack',
      requestId: requestOf(cashout!),
      gameId: GAME,
      bet: 'BET_1',
      part: 'all',
      x: '2.15',
      stake: '10.00',
      returned: '21.50',
      balance: { balance: '1011.50' },
      auto: false,
    });
    expect(screen.getByTestId('status-BET_1')).toHaveTextContent('Cashed out at 2.15x: +€21.50');
    expect(panel()).toHaveAttribute('data-phase', 'cashed');
    await waitFor(() => expect(announcer()).toHaveTextContent('Cashed out at 2.15x: +€21.50'));

    t.event('crash', { gameId: GAME, x: '2.37', capped: false });
    expect(screen.getByTestId('multiplier')).toHaveTextContent('Crashed at 2.37x');
    expect(screen.getByTestId('flight')).toHaveAttribute('data-phase', 'crashed');
    await waitFor(() => expect(announcer()).toHaveTextContent('Crashed at 2.37x'));
    t.event('gameresult', {
      gameId: GAME,
      state: 24,
      result: '2.37',
      values: [237],
      stake: '0.00',
      win: '0.00',
    });
    expect(screen.getByTestId('round-win')).toHaveTextContent('Your win this round: €21.50');
    expect(
      within(screen.getByTestId('crash-results')).getAllByRole('listitem')[0],
    ).toHaveTextContent('2.37x');

    // The next round: a new bet, the auto settings kept.
    t.event('betsopen', { gameId: 'sm-1-000013', endsAt: Date.now() + 10_000 });
    expect(panel()).toHaveAttribute('data-phase', 'idle');
    expect(action()).toHaveTextContent('Bet €10.00');
    expect(screen.queryByTestId('round-win')).toBeNull();
  });

  it('cashes out half, leaving half flying, then the rest by the automatic cash-out', async () => {
    const t = open();
    betAndLaunch(t, 4100);
    fireEvent.click(screen.getByTestId('half-BET_1'));
    const [half] = t.sent('cashout');
    expect(half).toContain('part="half"');
    expect(action()).toHaveTextContent('Cashing out…');
    t.socket().server({
      type: 'cashoutack',
      requestId: requestOf(half!),
      gameId: GAME,
      bet: 'BET_1',
      part: 'half',
      x: '1.50',
      stake: '5.00',
      returned: '7.50',
      auto: false,
    });
    expect(panel()).toHaveAttribute('data-phase', 'flying');
    expect(screen.getByTestId('stake-BET_1')).toHaveTextContent('€5.00');
    expect(screen.getByTestId('status-BET_1')).toHaveTextContent(
      'Half cashed out at 1.50x: +€7.50',
    );
    expect(screen.queryByTestId('half-BET_1')).toBeNull(); // once a round
    // The automatic cash-out of the rest: in the player's own copy of `cashouts` (`mine`).
    t.event('cashouts', {
      gameId: GAME,
      count: 2,
      list: [{ name: 'Me', bet: 'BET_1', part: 'all', x: '3.00', win: '15.00' }],
      mine: [
        {
          bet: 'BET_1',
          part: 'all',
          x: '3.00',
          stake: '5.00',
          returned: '15.00',
          balance: '115.00',
          bonusBalance: '0.00',
          auto: true,
        },
      ],
    });
    expect(panel()).toHaveAttribute('data-phase', 'cashed');
    expect(screen.getByTestId('status-BET_1')).toHaveTextContent('Auto cash-out at 3.00x: +€15.00');
    await waitFor(() => expect(announcer()).toHaveTextContent('Auto cash-out at 3.00x: +€15.00'));
    expect(screen.getByTestId('round-win')).toHaveTextContent('€22.50');
  });

  it('shows a refused cash-out in its own words: too late', async () => {
    const t = open();
    betAndLaunch(t, 2000);
    fireEvent.click(action());
    const [cashout] = t.sent('cashout');
    t.event('crash', { gameId: GAME, x: '1.20', capped: false });
    t.socket().server({
      type: 'cashoutack',
      requestId: requestOf(cashout!),
      gameId: GAME,
      bet: 'BET_1',
      part: 'all',
      error: { code: 1017, message: 'too late' },
    });
    expect(screen.getByTestId('status-BET_1')).toHaveTextContent(
      'Too late: it had already crashed.',
    );
    expect(screen.getByTestId('status-BET_1')).toHaveTextContent(
      'Lost €10.00: it crashed at 1.20x',
    );
    expect(panel()).toHaveAttribute('data-phase', 'lost');
    await waitFor(() =>
      expect(screen.getByTestId('toast')).toHaveTextContent('Too late: it had already crashed.'),
    );
  });

  it('takes a bet back during betting', async () => {
    const t = open();
    fireEvent.click(action());
    const [bet] = t.sent('pbet');
    t.accept(bet!);
    await waitFor(() => expect(action()).toHaveTextContent('Cancel €5.00'));
    fireEvent.click(action());
    const [cancel] = t.sent('cancelbets');
    expect(cancel).toContain(`of="${requestOf(bet!)}"`);
    t.socket().server({
      type: 'cancelack',
      table: 'sm-1',
      requestId: requestOf(cancel!),
      gameId: GAME,
      cancelled: [{ spot: 'BET_1', amount: '5.00' }],
    });
    await waitFor(() => expect(panel()).toHaveAttribute('data-phase', 'idle'));
    expect(action()).toHaveTextContent('Bet €5.00');
  });

  it('checks the automatic cash-out targets, sends them and shows what the server kept', async () => {
    const t = open();
    const auto = screen.getByTestId('auto-BET_1');
    expect(within(auto).getByTestId('auto-state-BET_1')).toHaveTextContent('off');
    const at = screen.getByLabelText('Auto cash out at', { selector: '#crash-auto-BET_1-at' });
    const half = screen.getByLabelText('50 % auto at', { selector: '#crash-auto-BET_1-half' });
    fireEvent.change(at, { target: { value: '1.00' } });
    fireEvent.click(screen.getByTestId('auto-save-BET_1'));
    expect(within(auto).getByRole('alert')).toHaveTextContent('Choose from 1.01x to 5000.00x.');
    expect(at).toHaveAttribute('aria-invalid', 'true');
    fireEvent.change(at, { target: { value: '2.50' } });
    fireEvent.change(half, { target: { value: '3' } });
    fireEvent.click(screen.getByTestId('auto-save-BET_1'));
    expect(within(auto).getByRole('alert')).toHaveTextContent(
      'The 50 % target must be below the full one.',
    );
    expect(t.sent('autocashout')).toHaveLength(0);
    fireEvent.change(half, { target: { value: '1.5' } });
    fireEvent.click(screen.getByTestId('auto-save-BET_1'));
    const [command] = t.sent('autocashout');
    expect(command).toMatch(
      /^<autocashout tableId="sm-1" requestId="[^"]+" bet="BET_1" at="2.50" halfAt="1.50"\/>$/,
    );
    expect(within(auto).getByTestId('auto-state-BET_1')).toHaveTextContent('saving…');
    t.socket().server({
      type: 'autocashoutack',
      requestId: requestOf(command!),
      bet: 'BET_1',
      at: '2.50',
      halfAt: '1.50',
    });
    // Drawn afresh with what the server kept: the summary and the fields.
    expect(screen.getByTestId('auto-state-BET_1')).toHaveTextContent('all at 2.50x, 50 % at 1.50x');
    expect(screen.getByTestId('auto-at-BET_1')).toHaveValue('2.50');
    expect(screen.getByTestId('auto-half-BET_1')).toHaveValue('1.50');
    await waitFor(() => expect(announcer()).toHaveTextContent('Auto cash-out saved.'));
  });

  it('restores a flight in progress from the resync', async () => {
    const t = open();
    t.event('resync', {
      gameId: GAME,
      state: 6,
      betsOpen: false,
      results: [],
      myAcks: [
        {
          type: 'betack',
          requestId: 'b-1',
          gameId: GAME,
          accepted: [{ spot: 'BET_1', amount: '10.00' }],
        },
        {
          type: 'betack',
          requestId: 'b-2',
          gameId: GAME,
          accepted: [{ spot: 'BET_2', amount: '2.00' }],
        },
      ],
      crash: {
        launchedAt: Date.now() - 8000,
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
          { bet: 'BET_2', stake: '2.00', state: 'cashed', x: '1.20', returned: '2.40', auto: true },
        ],
        auto: { BET_2: { at: '1.20' } },
      },
    });
    expect(panel()).toHaveAttribute('data-phase', 'flying');
    expect(screen.getByTestId('stake-BET_1')).toHaveTextContent('€5.00');
    await waitFor(() => expect(action()).toHaveTextContent(/^Cash out €11\.\d\d$/)); // 5 × 2.2x
    expect(screen.getByTestId('status-BET_1')).toHaveTextContent(
      'Half cashed out at 1.30x: +€6.50',
    );
    expect(panel('BET_2')).toHaveAttribute('data-phase', 'cashed');
    expect(screen.getByTestId('status-BET_2')).toHaveTextContent('Auto cash-out at 1.20x: +€2.40');
    expect(screen.getByTestId('auto-state-BET_2')).toHaveTextContent('all at 1.20x');
    expect(screen.getByTestId('round-win')).toHaveTextContent('€8.90');
  });

  it("shows the other players' cash-outs, their names as text", () => {
    const t = open();
    betAndLaunch(t, 3000);
    t.event('cashouts', {
      gameId: GAME,
      count: 37,
      list: [
        {
          name: '<img src=x onerror=alert(1)>',
          bet: 'BET_1',
          part: 'half',
          x: '1.85',
          win: '18.50',
        },
      ],
    });
    const feed = screen.getByTestId('cashouts');
    expect(within(feed).getByTestId('cashouts-count')).toHaveTextContent('This round: 37');
    expect(feed).toHaveTextContent('<img src=x onerror=alert(1)>1.85x (half)+€18.50');
    expect(feed.querySelector('img')).toBeNull();
  });

  it('offers the chat where the table has one, and none where chatEnabled is false', () => {
    open();
    expect(headerChat.get()).toMatchObject({ tableId: 'sm-1', enabled: true });
    cleanup();
    open({ chatEnabled: false });
    expect(headerChat.get()).toMatchObject({ tableId: 'sm-1', enabled: false });
  });

  it('wears the big bass skin', () => {
    open({ crash: { skin: 'bigbass' }, gameKind: 'bigbass', tableType: 'bigbass' });
    expect(screen.getByTestId('crash-table')).toHaveAttribute('data-skin', 'bigbass');
    expect(screen.getByTestId('flight')).toHaveAttribute('data-skin', 'bigbass');
  });
});
