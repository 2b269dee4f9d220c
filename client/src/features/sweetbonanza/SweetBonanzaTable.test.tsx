import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';

import { initEnglishI18n } from '../../lib/i18n';
import en from '../../lib/i18n/locales/en.json';
import type { SpotLimit } from '../../lib/session';
import { renderTable, tableConfig } from '../../lib/table/table.test-util';
import { Announcer } from '../../ui/Announcer';
import SweetBonanzaTable from './SweetBonanzaTable';

// The wheel of sbz-1, clockwise from segment 0 (the server's sweet_bonanza.cpp).
const C = 'CANDY_DROP';
const B = 'SUGAR_BOMB';
const U = 'BUBBLE_SURPRISE';
const S = 'SWEET_SPINS';
const WHEEL = [
  ...['1', '2', C, '1', '2', '1', B, '5', '1', '2', '1', U, '2', '1', '5', '1', S, '2'],
  ...['1', '2', C, '1', '5', '1', B, '2', '1', '2', '1', U, '5', '1', '2', '1', S, '2'],
  ...['1', '5', C, '1', '2', '1', B, '2', '1', '5', '1', U, '2', '1', '2', '1', S, '5'],
];
const SPOTS: SpotLimit[] = [
  ['1', 1],
  ['2', 2],
  ['5', 5],
  ['candy_drop', 13],
  ['bubble_surprise', 13],
  ['sweet_spins', 13],
].map(([kind, payout]) => ({
  kind: String(kind),
  payout: Number(payout),
  inside: false,
  min: '0.10',
  max: '500.00',
}));

const G = 'sbz-1-000123';

beforeAll(async () => {
  await initEnglishI18n(en);
  document.documentElement.dataset.anim = 'off'; // the wheel lands at once
});
afterAll(() => {
  delete document.documentElement.dataset.anim;
});
afterEach(cleanup);

const spot = (code: string) => document.querySelector<HTMLElement>(`[data-spot="${code}"]`)!;

function setup() {
  const t = renderTable(
    <>
      <SweetBonanzaTable tableId="sbz-1" />
      <Announcer />
    </>,
    tableConfig('sbz-1', 'sweetbonanza', SPOTS, { name: 'Candy Land', wheel: WHEEL }),
  );
  t.event('resync', {
    gameId: G,
    state: 2,
    betsOpen: true,
    endsAt: Date.now() + 15_000,
    results: [
      { gameId: 'sbz-1-000122', result: '1', outcome: '1|6|x3|17' },
      { gameId: 'sbz-1-000121', result: C, outcome: 'CANDY_DROP|20|3,6,10' },
    ],
    myAcks: [],
  });
  return t;
}

const step = (index: number, kind: string, what: string, values: number[] = []) => ({
  gameId: G,
  bonus: 'candydrop',
  index,
  kind,
  what,
  values,
  options: kind === 'choose' ? ['1', '2', '3'] : [],
  until: Date.now() + 8000,
  playersIn: 1,
});

describe('SweetBonanzaTable', () => {
  it('shows the wheel, the six spots and the recent results, and bets with sbz_desktop', () => {
    const t = setup();
    expect(WHEEL).toHaveLength(54);
    expect(document.querySelectorAll('.sbz-segment')).toHaveLength(54);
    const spots = within(screen.getByTestId('sweetbonanza-spots')).getAllByRole('button');
    expect(spots.map((s) => s.getAttribute('data-spot'))).toEqual(['1', '2', '5', C, U, S]);
    expect(spot('5')).toHaveAccessibleName('Number 5, pays 5 to 1');
    expect(spot(C)).toHaveAccessibleName('Candy Drop, pays its result to 1');
    const recent = screen.getByTestId('recent-results');
    expect(
      within(recent)
        .getAllByRole('listitem')
        .map((li) => li.dataset.label),
    ).toEqual(['1', C]);
    expect(recent).toHaveTextContent('×3');
    fireEvent.click(spot(C));
    const [bet] = t.sent('pbet');
    expect(bet).toContain('gameMode="sbz_desktop"');
    expect(bet).toContain('<bet code="CANDY_DROP" amount="5.00"/>');
  });

  it('lands on Candy Drop, takes the pick of a candy, confirms it and pays the candy', async () => {
    const t = setup();
    fireEvent.click(spot(C));
    t.accept(t.sent('pbet')[0]!);
    await waitFor(() =>
      expect(spot(C)).toHaveAccessibleName('Candy Drop, pays its result to 1, your bet €5.00'),
    );
    t.event('betsclosed', { gameId: G, state: 3 });
    t.event('gamestate', { gameId: G, state: 6, endsAt: Date.now() + 8000 });
    expect(screen.getByTestId('wheel')).toHaveAttribute('data-phase', 'spinning');
    expect(screen.getByTestId('round-state')).toHaveTextContent('The wheel is spinning');

    t.event('showstep', step(-1, 'reveal', 'landed', [2]));
    const wheel = screen.getByTestId('wheel');
    await waitFor(() => expect(wheel).toHaveAttribute('data-segment', '2'));
    expect(wheel).toHaveAttribute('data-landed', C);
    expect(wheel).toHaveAccessibleName('The wheel stopped on Candy Drop');
    await waitFor(() =>
      expect(screen.getByTestId('announcer')).toHaveTextContent('The wheel stopped on Candy Drop'),
    );
    expect(screen.getByTestId('candydrop')).toHaveAttribute('data-phase', 'ready');

    t.event('showstep', step(0, 'choose', 'candy'));
    const drop = screen.getByTestId('candydrop');
    expect(drop).toHaveAttribute('data-phase', 'choose');
    expect(screen.getByTestId('pick-countdown')).toHaveTextContent(/^[7-9]$/);
    // The default, candy 2, is shown as such until the player picks.
    expect(screen.getByTestId('pick-2')).toHaveAttribute('data-state', 'default');
    expect(screen.getByTestId('pick-2')).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByTestId('pick-status')).toHaveTextContent(
      'If you do not pick, you get candy 2.',
    );
    await waitFor(() =>
      expect(screen.getByTestId('announcer')).toHaveTextContent('Pick a candy before they fall.'),
    );

    fireEvent.click(screen.getByRole('button', { name: 'Candy 1' }));
    const [choose] = t.sent('choose');
    expect(choose).toContain('tableId="sbz-1"');
    expect(choose).toContain(`gameId="${G}"`);
    expect(choose).toContain('step="0"');
    expect(choose).toContain('choice="1"');
    // At once: the pick is on its way.
    expect(screen.getByTestId('pick-1')).toHaveAttribute('data-state', 'sending');
    expect(screen.getByTestId('pick-status')).toHaveAttribute('data-state', 'sending');
    const requestId = /requestId="([^"]+)"/.exec(choose!)![1];
    t.socket().server({
      type: 'chooseack',
      table: 'sbz-1',
      requestId,
      gameId: G,
      step: 0,
      choice: '1',
    });
    await waitFor(() =>
      expect(screen.getByTestId('pick-status')).toHaveAttribute('data-state', 'confirmed'),
    );
    expect(screen.getByTestId('pick-status')).toHaveTextContent('Your pick: candy 1');
    expect(screen.getByTestId('pick-1')).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByTestId('pick-2')).toHaveAttribute('aria-pressed', 'false');
    await waitFor(() =>
      expect(screen.getByTestId('announcer')).toHaveTextContent('Your pick: candy 1'),
    );

    t.event('showstep', step(1, 'reveal', 'candies', [8, 25, 3]));
    const candies = within(screen.getByTestId('candies')).getAllByRole('listitem');
    expect(candies.map((c) => [c.dataset.candy, c.dataset.x, c.dataset.mine ?? ''])).toEqual([
      ['1', '8', 'true'],
      ['2', '25', ''],
      ['3', '3', ''],
    ]);
    expect(screen.getByTestId('my-candy')).toHaveTextContent('Your candy 1 pays 8 to 1.');
    await waitFor(() =>
      expect(screen.getByTestId('announcer')).toHaveTextContent(
        'The candies landed: 8:1, 25:1, 3:1. Your candy 1 pays 8 to 1.',
      ),
    );

    t.event('gameresult', {
      gameId: G,
      state: 24,
      result: C,
      outcome: 'CANDY_DROP|2|8,25,3',
      stake: '5.00',
      win: '45.00',
    });
    const result = await screen.findByTestId('result');
    expect(result).toHaveAttribute('data-label', C);
    expect(screen.getByTestId('result-x')).toHaveTextContent('Candy Drop pays 8 to 1');
    expect(screen.getByTestId('result-win')).toHaveTextContent('You win €45.00');
    expect(spot(C)).toHaveAttribute('data-won', 'true');
  });

  it('shows a refused pick in words, and the default for a player who did not pick', async () => {
    const t = setup();
    fireEvent.click(spot(C));
    t.accept(t.sent('pbet')[0]!);
    t.event('betsclosed', { gameId: G, state: 3 });
    t.event('gamestate', { gameId: G, state: 6 });
    t.event('showstep', step(-1, 'reveal', 'landed', [2]));
    t.event('showstep', step(0, 'choose', 'candy'));
    fireEvent.click(screen.getByTestId('pick-3'));
    const requestId = /requestId="([^"]+)"/.exec(t.sent('choose')[0]!)![1];
    t.socket().server({
      type: 'chooseack',
      table: 'sbz-1',
      requestId,
      gameId: G,
      step: 0,
      choice: '3',
      code: 1018,
      message: 'decision time over',
    });
    await waitFor(() =>
      expect(screen.getByTestId('pick-status')).toHaveAttribute('data-state', 'refused'),
    );
    expect(screen.getByTestId('pick-status')).toHaveTextContent(
      'Too late: the candies are already falling.',
    );
    expect(await screen.findByTestId('toast')).toHaveTextContent(
      'Too late: the candies are already falling.',
    );
    t.event('showstep', step(1, 'reveal', 'candies', [8, 25, 3]));
    expect(screen.getByTestId('my-candy')).toHaveTextContent(
      'Your candy 2 (the default) pays 25 to 1.',
    );
  });

  it('lets only the players in the bonus pick', () => {
    const t = setup();
    t.event('betsclosed', { gameId: G, state: 3 });
    t.event('gamestate', { gameId: G, state: 6 });
    t.event('showstep', step(-1, 'reveal', 'landed', [2]));
    t.event('showstep', step(0, 'choose', 'candy'));
    expect(screen.getByTestId('candydrop')).toHaveTextContent(
      'Players with a bet on Candy Drop are picking their candy.',
    );
    expect(screen.queryByRole('button', { name: 'Candy 1' })).toBeNull();
    expect(screen.getByTestId('players-in')).toHaveTextContent('Players in the bonus: 1');
  });

  it('rebuilds the show from a resync, with the pick the server holds', () => {
    const t = renderTable(
      <SweetBonanzaTable tableId="sbz-1" />,
      tableConfig('sbz-1', 'sweetbonanza', SPOTS, { name: 'Candy Land', wheel: WHEEL }),
    );
    t.event('resync', {
      gameId: G,
      state: 6,
      betsOpen: false,
      results: [],
      myAcks: [],
      show: {
        first: [2],
        bonus: 'candydrop',
        steps: [step(-1, 'reveal', 'landed', [2]), step(0, 'choose', 'candy')],
        current: step(0, 'choose', 'candy'),
        in: true,
        out: false,
        choices: ['3'],
        playersIn: 2,
      },
    });
    expect(screen.getByTestId('candydrop')).toHaveAttribute('data-phase', 'choose');
    expect(screen.getByTestId('pick-3')).toHaveAttribute('data-state', 'held');
    expect(screen.getByTestId('pick-status')).toHaveTextContent('Your pick: candy 3');
  });

  it('shows a Sugar Bomb with the re-spin, and the bubbles with their sum', async () => {
    const t = setup();
    t.event('betsclosed', { gameId: G, state: 3 });
    t.event('gamestate', { gameId: G, state: 6 });
    t.event('showstep', { ...step(-1, 'reveal', 'landed', [6]), bonus: 'bubbles' });
    const wheel = screen.getByTestId('wheel');
    await waitFor(() => expect(wheel).toHaveAttribute('data-landed', B));
    t.event('showstep', { ...step(0, 'reveal', 'bomb', [2, 11]), bonus: 'bubbles' });
    expect(screen.getByTestId('bomb')).toHaveAttribute('data-x', '2');
    expect(screen.getByTestId('wheel-bomb')).toHaveTextContent('×2');
    await waitFor(() => expect(wheel).toHaveAttribute('data-segment', '11'), { timeout: 4000 });
    expect(wheel).toHaveAttribute('data-landed', U);
    t.event('showstep', { ...step(1, 'reveal', 'bubbles', [5, 10]), bonus: 'bubbles' });
    expect(screen.getByTestId('bubbles')).toHaveAttribute('data-x', '15');
    expect(screen.getByTestId('bubbles')).toHaveTextContent('The bubbles popped: 5 + 10 = 15');
    t.event('gameresult', {
      gameId: G,
      state: 24,
      result: U,
      outcome: 'BUBBLE_SURPRISE|6|x2|11|5,10',
    });
    expect(await screen.findByTestId('result-bomb')).toHaveTextContent('Sugar Bomb ×2');
    expect(screen.getByTestId('result-x')).toHaveTextContent('Bubble Surprise pays 15 to 1');
  });

  it('lands a plain result on the segment of its outcome', async () => {
    const t = setup();
    t.event('betsclosed', { gameId: G, state: 3 });
    t.event('gamestate', { gameId: G, state: 6 });
    t.event('gameresult', { gameId: G, state: 24, result: '5', outcome: '5|7' });
    const wheel = screen.getByTestId('wheel');
    await waitFor(() => expect(wheel).toHaveAttribute('data-segment', '7'));
    expect(await screen.findByTestId('result')).toHaveTextContent('The wheel stopped on Number 5');
    expect(screen.queryByTestId('show')).toBeNull();
  });

  it('opens the help with the rules and the return to player', () => {
    setup();
    fireEvent.click(screen.getByTestId('help-button'));
    const help = screen.getByTestId('sweetbonanza-help');
    expect(help).toHaveTextContent('without a pick you get candy 2, the middle one');
    expect(help).toHaveTextContent('95.16 %');
    expect(within(help).getByText('Candy Drop', { selector: 'th' })).toBeInTheDocument();
  });
  it('counts the pick down from the moment the choice opens, however long the show was on', async () => {
    const t = setup();
    fireEvent.click(spot(C));
    t.accept(t.sent('pbet')[0]!);
    t.event('betsclosed', { gameId: G, state: 3 });
    t.event('gamestate', { gameId: G, state: 6, endsAt: Date.now() + 8000 });
    t.event('showstep', step(-1, 'reveal', 'landed', [2]));
    await waitFor(() => expect(screen.getByTestId('wheel')).toHaveAttribute('data-segment', '2'));
    expect(screen.getByTestId('candydrop')).toHaveAttribute('data-phase', 'ready');
    // The show on screen for 4 s before the choice opens (a spin, the players getting ready).
    await new Promise((r) => setTimeout(r, 4000));
    t.event('showstep', { ...step(0, 'choose', 'candy'), until: Date.now() + 6000 });
    // 6 s (7 with the clock's last tick a moment old; 8 on a machine that stalls); the clock
    // started when the pick opened showed 11.
    expect(Number(screen.getByTestId('pick-countdown').textContent)).toBeLessThanOrEqual(8);
    expect(Number(screen.getByTestId('pick-countdown').textContent)).toBeGreaterThanOrEqual(6);
  });
});
