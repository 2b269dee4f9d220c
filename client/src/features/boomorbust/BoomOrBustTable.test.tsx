import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';

import en from '../../lib/i18n/locales/en.json';
import { initEnglishI18n } from '../../lib/i18n';
import type { SpotLimit } from '../../lib/session';
import { renderTable, tableConfig } from '../../lib/table/table.test-util';
import { Announcer } from '../../ui/Announcer';
import BoomOrBustTable from './BoomOrBustTable';

// The limits bob-1 gives: the six numbers share their kind, BOOM has its own.
const SPOTS: SpotLimit[] = [
  ...Array.from({ length: 6 }, () => ({
    kind: 'number',
    payout: 2,
    payoutText: '2,3',
    inside: false,
    min: '0.10',
    max: '500.00',
  })),
  { kind: 'boom', payout: 0, inside: false, min: '0.10', max: '500.00' },
];
const GAME = 'bob-1-000012';
const WAIT = { timeout: 4000 };

beforeAll(async () => {
  await initEnglishI18n(en);
});

beforeEach(() => {
  // Dice settle at once (the players' animations setting off), except where a test turns
  // the motion back on.
  document.documentElement.dataset.anim = 'off';
});

afterEach(() => {
  cleanup();
  delete document.documentElement.dataset.anim;
});

function open() {
  const t = renderTable(
    <>
      <BoomOrBustTable tableId="bob-1" />
      <Announcer />
    </>,
    tableConfig('bob-1', 'boomorbust', SPOTS, { name: 'Boom or Bust' }),
  );
  t.event('resync', {
    gameId: GAME,
    state: 2,
    betsOpen: true,
    endsAt: Date.now() + 15_000,
    results: [
      { gameId: 'bob-1-000011', result: '3,5', outcome: '3,5' },
      { gameId: 'bob-1-000010', result: '2,2', outcome: '2,2|33' },
    ],
    myAcks: [],
  });
  return t;
}

const announcer = () => screen.getByTestId('announcer');
const requestOf = (xml: string) => /requestId="([^"]+)"/.exec(xml)![1]!;
const square = (red: number, blue: number) =>
  document.querySelector(`[data-red="${red}"][data-blue="${blue}"]`)!;
const keep = () => screen.getByTestId('bob-keep');
const cash = () => screen.getByTestId('bob-cash');

function step(
  t: ReturnType<typeof open>,
  index: number,
  kind: 'reveal' | 'choose',
  what: string,
  values: number[] = [],
  extra: Record<string, unknown> = {},
) {
  t.event('showstep', {
    gameId: GAME,
    bonus: 'boom',
    index,
    kind,
    what,
    values,
    options: kind === 'choose' ? ['keep', 'cash'] : [],
    until: Date.now() + (kind === 'choose' ? 8000 : 3000),
    playersIn: 2,
    ...extra,
  });
}

/** Bets €5.00 (the default chip) on `spot`, the server accepting it; then bets close. */
function betAndClose(t: ReturnType<typeof open>, spot = 'BOOM') {
  fireEvent.click(document.querySelector(`[data-spot="${spot}"]`)!);
  const [bet] = t.sent('pbet');
  t.accept(bet!);
  t.event('betsclosed', { gameId: GAME, state: 3 });
  t.event('gamestate', { gameId: GAME, state: 6, spinMs: 8000, endsAt: Date.now() + 8000 });
  return bet!;
}

/** Doubles, then roll 1 (1,6: adds 7) and the choice after it. */
async function bonusToFirstChoice(t: ReturnType<typeof open>) {
  step(t, -1, 'reveal', 'landed', [4, 4]);
  await waitFor(
    () => expect(screen.getByTestId('bob-grid')).toHaveAttribute('data-mode', 'bonus'),
    WAIT,
  );
  step(t, 0, 'reveal', 'roll', [1, 6, 7, 7]);
  await waitFor(() => expect(square(1, 6)).toHaveAttribute('data-rolls', '1'), WAIT);
  step(t, 1, 'choose', 'keep');
}

describe('BoomOrBustTable', () => {
  it('shows the grid, the spots and the last results, and bets on BOOM', () => {
    const t = open();
    expect(screen.getByTestId('boomorbust-table')).toBeInTheDocument();
    const grid = screen.getByRole('table', {
      name: /The grid: a row for each face of the red die/,
    });
    expect(grid).toHaveAttribute('data-mode', 'main');
    expect(grid.querySelectorAll('td[aria-label]')).toHaveLength(36);
    expect(square(4, 4)).toHaveAccessibleName('Red 4, blue 4: doubles, BOOM');
    expect(square(3, 5)).toHaveAccessibleName('Red 3, blue 5');
    expect(within(grid).getByRole('rowheader', { name: 'Red 2' })).toBeInTheDocument();
    expect(within(grid).getByRole('columnheader', { name: 'Blue 6' })).toBeInTheDocument();
    // The seven spots, named with what they pay.
    const spots = within(screen.getByTestId('bob-spots')).getAllByRole('button');
    expect(spots.map((s) => s.dataset.spot)).toEqual(['1', '2', '3', '4', '5', '6', 'BOOM']);
    expect(spots[2]).toHaveAccessibleName('Number 3, pays 2 to 1 on one die, 3 to 1 on both');
    expect(spots[6]).toHaveAccessibleName(
      'BOOM, pays doubles play the bonus: your stake times its total',
    );
    // The last results: red and blue dice, doubles marked.
    const recent = within(screen.getByTestId('recent-results')).getAllByRole('listitem');
    expect(recent.map((r) => r.textContent)).toEqual([
      'Red 3, blue 5',
      'Red 2, blue 2, Doubles: the Boom or Bust bonus!',
    ]);

    fireEvent.click(spots[6]!);
    const [bet] = t.sent('pbet');
    expect(bet).toContain('gameMode="boomorbust_desktop"');
    expect(bet).toContain(`gameId="${GAME}"`);
    expect(bet).toContain('<bet code="BOOM" amount="5.00"/>');
  });

  it('rolls the dice, lands them on a plain result and lights the numbers it wins', async () => {
    delete document.documentElement.dataset.anim; // the dice tumble and settle
    const t = open();
    betAndClose(t, '3');
    expect(screen.getByTestId('bob-dice')).toHaveAttribute('data-phase', 'shaking');
    expect(screen.getByTestId('round-state')).toHaveTextContent('The dice are rolling');
    t.event('gameresult', {
      gameId: GAME,
      state: 24,
      result: '3,5',
      outcome: '3,5',
      stake: '5.00',
      win: '15.00',
      balance: '1010.00',
    });
    expect(screen.queryByTestId('result')).toBeNull(); // not before the dice land
    const dice = screen.getByTestId('bob-dice');
    await waitFor(() => expect(dice).toHaveAttribute('data-landed', '3,5'), WAIT);
    expect(dice).toHaveAccessibleName('Red 3, blue 5');
    expect(square(3, 5)).toHaveAttribute('data-landed', 'true');
    expect(square(3, 5)).toHaveAccessibleName('Red 3, blue 5. The dice landed here.');
    expect(screen.getByTestId('result-win')).toHaveTextContent('You win €15.00');
    const won = [...document.querySelectorAll('[data-won="true"]')].map((e) =>
      e.getAttribute('data-spot'),
    );
    expect(won.sort()).toEqual(['3', '5']);
    await waitFor(() => expect(announcer()).toHaveTextContent('Red 3, blue 5'), WAIT);
  });

  it('plays the bonus: each roll and total, CASH OUT at once, then confirmed, then watched to the BUST', async () => {
    const t = open();
    betAndClose(t);
    await bonusToFirstChoice(t);
    expect(square(1, 6)).toHaveAccessibleName('Red 1, blue 6: adds 7. Roll 1 landed here.');
    expect(square(3, 3)).toHaveAccessibleName('Red 3, blue 3: BUST');
    expect(screen.getByTestId('bob-total')).toHaveTextContent('Total 7×');
    expect(screen.getByTestId('bob-players-in')).toHaveTextContent('Players in: 2');
    expect(screen.getByTestId('bob-roll')).toHaveTextContent('Roll 1 of 10');
    await waitFor(() =>
      expect(announcer()).toHaveTextContent('Roll 1: red 1, blue 6, adds 7. Total 7×.'),
    );
    // The two big buttons, the countdown and the default.
    expect(keep()).toHaveAccessibleName('Keep rolling');
    expect(cash()).toHaveAccessibleName('Cash out at 7×: €35.00');
    expect(cash()).toHaveAttribute('aria-disabled', 'false');
    await waitFor(() =>
      expect(screen.getByTestId('bob-countdown').dataset.seconds).toMatch(/^[78]$/),
    );
    expect(screen.getByTestId('bob-countdown')).toHaveTextContent(/^[78] s to choose$/);
    expect(screen.getByTestId('bob-default')).toHaveTextContent(
      'If you do not choose, you keep rolling: the best play keeps while the total is 13 or less.',
    );

    fireEvent.click(cash());
    const [sent] = t.sent('choose');
    expect(sent).toMatch(
      new RegExp(
        `^<choose tableId="bob-1" requestId="[^"]+" gameId="${GAME}" step="1" choice="cash"/>$`,
      ),
    );
    // At once: on its way, both buttons held.
    expect(screen.getByTestId('bob-status')).toHaveTextContent('Cashing out…');
    expect(cash()).toHaveAttribute('aria-busy', 'true');
    expect(cash()).toHaveAttribute('aria-pressed', 'true');
    expect(keep()).toHaveAttribute('aria-disabled', 'true');
    fireEvent.click(keep());
    expect(t.sent('choose')).toHaveLength(1);

    t.socket().server({
      type: 'chooseack',
      table: 'bob-1',
      requestId: requestOf(sent!),
      gameId: GAME,
      step: 1,
      choice: 'cash',
    });
    await waitFor(() =>
      expect(screen.getByTestId('bob-status')).toHaveTextContent(
        'You cash out at 7×: €35.00. You can change your mind until the countdown ends.',
      ),
    );
    await waitFor(() => expect(announcer()).toHaveTextContent('You cash out at 7×: €35.00.'));
    expect(keep()).toHaveAttribute('aria-disabled', 'false'); // they may change their mind

    // Roll 2 closes the choice: out at 7x, watching.
    step(t, 2, 'reveal', 'roll', [2, 5, 3, 10], { playersIn: 1 });
    await waitFor(() => expect(square(2, 5)).toHaveAttribute('data-rolls', '2'), WAIT);
    expect(screen.queryByTestId('bob-keep')).toBeNull();
    expect(screen.getByTestId('bob-status')).toHaveTextContent(
      'You cashed out at 7×: €35.00. Watch the rest of the bonus.',
    );
    expect(screen.getByTestId('bob-total')).toHaveTextContent('Total 10×');
    step(t, 3, 'choose', 'keep', [], { playersIn: 1 });
    step(t, 4, 'reveal', 'roll', [3, 3, 0, 0], { playersIn: 1 });
    await waitFor(() => expect(screen.getByTestId('bob-bust')).toHaveTextContent('BUST'), WAIT);
    await waitFor(() =>
      expect(announcer()).toHaveTextContent('BUST! Red 3, blue 3. What was still in is lost.'),
    );
    expect(screen.getByTestId('bob-status')).toHaveTextContent('You cashed out at 7×');

    t.event('gameresult', {
      gameId: GAME,
      state: 24,
      result: '4,4',
      outcome: '4,4|16,25,33',
      stake: '5.00',
      win: '35.00',
      balance: '1030.00',
    });
    await waitFor(() =>
      expect(screen.getByTestId('result-win')).toHaveTextContent('You win €35.00'),
    );
    expect(screen.getByTestId('result')).toHaveTextContent('Doubles: the Boom or Bust bonus!');
    // The show is over: nothing more to watch.
    expect(screen.getByTestId('bob-status')).toHaveTextContent(/^You cashed out at 7×: €35\.00\.$/);
    expect(screen.getByTestId('recent-results').querySelector('li')).toHaveAttribute(
      'data-game',
      GAME,
    );
    // The next round: the spots again.
    t.event('betsopen', { gameId: 'bob-1-000013', endsAt: Date.now() + 15_000 });
    expect(screen.getByTestId('bob-spots')).toBeInTheDocument();
    expect(screen.getByTestId('bob-grid')).toHaveAttribute('data-mode', 'main');
  });

  it('keeps rolling, and shows a refused choice in words', async () => {
    const t = open();
    betAndClose(t);
    await bonusToFirstChoice(t);
    keep().focus();
    fireEvent.click(keep());
    const [first] = t.sent('choose');
    expect(first).toContain('choice="keep"');
    expect(screen.getByTestId('bob-status')).toHaveTextContent('Rolling on…');
    t.socket().server({
      type: 'chooseack',
      table: 'bob-1',
      requestId: requestOf(first!),
      gameId: GAME,
      step: 1,
      choice: 'keep',
    });
    await waitFor(() =>
      expect(screen.getByTestId('bob-status')).toHaveTextContent('You keep rolling.'),
    );
    expect(keep()).toHaveAttribute('aria-pressed', 'true');
    expect(document.activeElement).toBe(keep()); // the same button throughout

    fireEvent.click(cash());
    const second = t.sent('choose')[1]!;
    t.socket().server({
      type: 'chooseack',
      table: 'bob-1',
      requestId: requestOf(second),
      gameId: GAME,
      step: 1,
      choice: 'cash',
      code: 1018,
      message: 'decision time is over',
      detail: 'this choice is closed',
    });
    await waitFor(() =>
      expect(screen.getByTestId('toast')).toHaveTextContent('Too late: the countdown had ended.'),
    );
    expect(screen.getByTestId('bob-status')).toHaveTextContent(
      'Too late: the countdown had ended.',
    );
    expect(keep()).toHaveAttribute('aria-pressed', 'true'); // what the server holds

    // Roll 2: still in, the buttons wait for the next choice.
    step(t, 2, 'reveal', 'roll', [2, 5, 3, 10]);
    await waitFor(() => expect(square(2, 5)).toHaveAttribute('data-rolls', '2'), WAIT);
    expect(keep()).toHaveAttribute('aria-disabled', 'true');
    expect(screen.getByTestId('bob-choice')).toHaveTextContent('The next roll is coming…');
    step(t, 4, 'reveal', 'roll', [3, 3, 0, 0], { playersIn: 0 });
    await waitFor(() => expect(screen.getByTestId('bob-bust')).toBeInTheDocument(), WAIT);
    expect(screen.getByTestId('bob-status')).toHaveTextContent('BUST: your BOOM bet is lost.');
  });

  it('lets players without a BOOM bet watch the bonus', async () => {
    const t = open();
    betAndClose(t, '4');
    await bonusToFirstChoice(t);
    expect(screen.queryByTestId('bob-keep')).toBeNull();
    expect(screen.getByTestId('bob-status')).toHaveTextContent(
      'Only BOOM bets play the bonus: watch the rolls.',
    );
    expect(screen.getByTestId('bob-total')).toHaveTextContent('Total 7×');
  });

  it('rebuilds the bonus from a resync, with the open choice and the player\u2019s part', async () => {
    const t = open();
    const until = Date.now() + 6000;
    t.event('resync', {
      gameId: GAME,
      state: 6,
      betsOpen: false,
      results: [],
      myAcks: [],
      show: {
        first: [4, 4],
        bonus: 'boom',
        steps: [
          { index: -1, kind: 'reveal', what: 'landed', values: [4, 4], until: Date.now() - 9000 },
          {
            index: 0,
            kind: 'reveal',
            what: 'roll',
            values: [1, 6, 7, 7],
            until: Date.now() - 8000,
          },
          {
            index: 1,
            kind: 'choose',
            what: 'keep',
            options: ['keep', 'cash'],
            until: Date.now() - 4000,
          },
          {
            index: 2,
            kind: 'reveal',
            what: 'roll',
            values: [6, 1, 7, 14],
            until: Date.now() - 1000,
          },
          { index: 3, kind: 'choose', what: 'keep', options: ['keep', 'cash'], until },
        ],
        current: { index: 3, kind: 'choose', what: 'keep', options: ['keep', 'cash'], until },
        in: true,
        out: false,
        choices: ['keep'],
        playersIn: 4,
      },
    });
    await waitFor(
      () => expect(screen.getByTestId('bob-total')).toHaveTextContent('Total 14×'),
      WAIT,
    );
    expect(screen.getByTestId('bob-grid')).toHaveAttribute('data-mode', 'bonus');
    expect(square(1, 6)).toHaveAttribute('data-rolls', '1');
    expect(square(6, 1)).toHaveAttribute('data-rolls', '2');
    expect(screen.getByTestId('bob-players-in')).toHaveTextContent('Players in: 4');
    expect(cash()).toHaveAttribute('aria-disabled', 'false');
    // Above 13 the default cashes out.
    expect(screen.getByTestId('bob-default')).toHaveTextContent(
      'If you do not choose, you cash out: the best play cashes out above 13.',
    );
    fireEvent.click(cash());
    expect(t.sent('choose')[0]).toContain('step="3" choice="cash"');
  });

  it('opens the help with the paytable, the grid values and the returns', () => {
    open();
    fireEvent.click(screen.getByTestId('help-button'));
    const help = screen.getByTestId('boomorbust-help');
    expect(help).toHaveTextContent("The numbers' return to player is 94.44 %");
    expect(help).toHaveTextContent("BOOM's return to player is 95.60 %");
    expect(help).toHaveTextContent('10 times at most');
    const values = within(screen.getByTestId('bob-values')).getAllByRole('row').slice(1);
    expect(values.map((r) => r.textContent)).toEqual([
      '0 (doubles)BUST',
      '1+1',
      '2+2',
      '3+3',
      '4+6',
      '5+7',
    ]);
    const kinds = within(help)
      .getAllByRole('rowheader')
      .map((r) => r.textContent);
    expect(kinds).toContain('Numbers 1 to 6');
    expect(kinds).toContain('BOOM');
  });
});
