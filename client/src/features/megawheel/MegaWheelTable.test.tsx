import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';

import en from '../../lib/i18n/locales/en.json';
import type { SpotLimit } from '../../lib/session';
import { dealerSays } from '../../lib/sound/sound.test-util';
import { renderTable, tableConfig } from '../../lib/table/table.test-util';
import MegaWheelTable from './MegaWheelTable';
import { initEnglishI18n } from '../../lib/i18n';

// The wheel of mw-1, clockwise from segment 0 (docs/games/megawheel.md).
const WHEEL = [
  ...'40,1,2,1,10,2,1,5,1,2,8,1,15,2,1,5,1,2',
  ...',10,1,20,2,1,5,8,1,2,30,1,5,2,1,10,1,2,1',
  ...',5,8,1,2,15,1,2,1,5,10,1,2,20,1,8,2,1,5',
]
  .join('')
  .split(',');
const SPOTS: SpotLimit[] = [1, 2, 5, 8, 10, 15, 20, 30, 40].map((n) => ({
  kind: String(n),
  payout: n,
  inside: false,
  min: '0.10',
  max: '1000.00',
}));

beforeAll(async () => {
  await initEnglishI18n(en);
});

afterEach(cleanup);

const spot = (code: string) => document.querySelector<HTMLElement>(`[data-spot="${code}"]`)!;

describe('MegaWheelTable', () => {
  it('reveals the mega multiplier, lands on the server segment and pays the multiplied win', async () => {
    expect(WHEEL).toHaveLength(54);
    const history = ['5', '1', '1', '2'].map((result, i) => ({ gameId: `g${i}`, result }));
    const t = renderTable(
      <MegaWheelTable tableId="mw-1" />,
      tableConfig('mw-1', 'megawheel', SPOTS, { name: 'Mega Wheel', wheel: WHEEL }),
      () => Promise.resolve({ results: history }),
    );
    t.event('resync', {
      gameId: 'mw-1-000004',
      state: 2,
      betsOpen: true,
      endsAt: Date.now() + 15_000,
      results: [{ gameId: 'mw-1-000003', result: '2', outcome: '2|26|40x50' }],
      myAcks: [],
    });
    const spots = within(screen.getByTestId('megawheel-spots')).getAllByRole('button');
    expect(spots.map((s) => s.getAttribute('data-spot'))).toEqual(SPOTS.map((s) => s.kind));
    expect(spot('40')).toHaveAccessibleName('Number 40, pays 40 to 1');
    expect(document.querySelectorAll('.mw-segment')).toHaveLength(54);
    // How often each number came in the server's last results.
    await waitFor(() =>
      expect(screen.getByTestId('statistics')).toHaveAttribute('data-games', '4'),
    );
    expect(screen.getByTestId('statistics').querySelector('[data-number="1"]')).toHaveAttribute(
      'data-percent',
      '50',
    );

    fireEvent.click(spot('5'));
    const [bet] = t.sent('pbet');
    expect(bet).toContain('gameMode="megawheel_desktop"');
    expect(bet).toContain('<bet code="5" amount="5.00"/>');
    t.accept(bet!);

    t.event('betsclosed', { gameId: 'mw-1-000004', state: 3 });
    t.event('gamestate', { gameId: 'mw-1-000004', state: 6, spinMs: 2500 });
    expect(screen.getByTestId('wheel')).toHaveAttribute('data-phase', 'spinning');
    expect(screen.getByTestId('round-state')).toHaveTextContent('The wheel is spinning');
    expect(screen.queryByTestId('mega')).toBeNull();

    // The mega multiplier: on the banner, the wheel's hub and segments, and the spot.
    t.event('multipliers', { gameId: 'mw-1-000004', multipliers: [{ spot: '5', x: 20 }] });
    const mega = screen.getByTestId('mega');
    expect(mega).toHaveAttribute('data-number', '5');
    expect(mega).toHaveAttribute('data-x', '20');
    expect(mega).toHaveAttribute('data-state', 'announced');
    expect(screen.getByTestId('wheel-mega')).toHaveAttribute('data-number', '5');
    expect(document.querySelectorAll('.mw-segment.mega')).toHaveLength(7); // the 5's segments
    expect(within(spot('5')).getByTestId('spot-mega')).toHaveTextContent('×20');
    await waitFor(() =>
      expect(spot('5')).toHaveAccessibleName(
        'Number 5, pays 20 to 1 with the mega multiplier, your bet €5.00',
      ),
    );

    t.event('gameresult', {
      gameId: 'mw-1-000004',
      state: 24,
      result: '5',
      outcome: '5|7|5x20',
      values: [7, 5, 20],
      multipliers: [{ spot: '5', x: 20 }],
      resultMultipliers: [{ spot: '5', x: 20 }],
      stake: '5.00',
      win: '105.00',
    });
    expect(screen.queryByTestId('result')).toBeNull(); // the wheel is still turning
    const wheel = screen.getByTestId('wheel');
    await waitFor(() => expect(wheel).toHaveAttribute('data-segment', '7'), { timeout: 5000 });
    expect(wheel).toHaveAttribute('data-landed', '5');
    expect(wheel).toHaveAttribute('aria-label', 'The wheel stopped on 5');
    expect(mega).toHaveAttribute('data-state', 'hit');
    expect(screen.getByTestId('result-multiplier')).toHaveTextContent('Mega win: 5 pays 20 to 1!');
    expect(screen.getByTestId('result-win')).toHaveTextContent('You win €105.00');
    expect(spot('5')).toHaveAttribute('data-won', 'true');
    expect(document.querySelectorAll('[data-won]')).toHaveLength(1);

    // The next round clears the multiplier.
    t.event('betsopen', { gameId: 'mw-1-000005', endsAt: Date.now() + 15_000 });
    expect(screen.queryByTestId('mega')).toBeNull();
    expect(spot('5')).toHaveAccessibleName('Number 5, pays 5 to 1');
  });
});

describe('MegaWheelTable: the dealer', () => {
  it('announces the number once a round, as the wheel stops', async () => {
    const say = dealerSays();
    const t = renderTable(
      <MegaWheelTable tableId="mw-1" />,
      tableConfig('mw-1', 'megawheel', SPOTS, { name: 'Mega Wheel', wheel: WHEEL }),
      () => Promise.resolve({ results: [] }),
    );
    t.event('resync', {
      gameId: 'mw-1-000004',
      state: 2,
      betsOpen: true,
      endsAt: Date.now() + 15_000,
      results: [],
      myAcks: [],
    });
    t.event('gameresult', { gameId: 'mw-1-000004', state: 24, result: '40', outcome: '40|0' });
    expect(say).not.toHaveBeenCalled(); // the wheel is still turning
    await waitFor(() => expect(say).toHaveBeenCalledOnce());
    expect(say).toHaveBeenCalledWith(
      '/sounds/voice/en/megawheel-40.mp3',
      'The wheel stopped on 40',
    );
    t.event('gameresult', { gameId: 'mw-1-000004', state: 24, result: '40', outcome: '40|0' });
    t.event('betsopen', { gameId: 'mw-1-000005', endsAt: Date.now() + 15_000 });
    t.event('gameresult', { gameId: 'mw-1-000005', state: 24, result: '2', outcome: '2|2' });
    await waitFor(() => expect(say).toHaveBeenCalledTimes(2));
    expect(say).toHaveBeenLastCalledWith(
      '/sounds/voice/en/megawheel-2.mp3',
      'The wheel stopped on 2',
    );
    await new Promise((r) => setTimeout(r, 500));
    expect(say).toHaveBeenCalledTimes(2);
  });
});
