import { cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';

import en from '../../lib/i18n/locales/en.json';
import { dealerSays } from '../../lib/sound/sound.test-util';
import { renderTable, tableConfig } from '../../lib/table/table.test-util';
import RouletteTable from './RouletteTable';
import { initEnglishI18n } from '../../lib/i18n';

// The wheel draws on a canvas jsdom has not: a stand-in lands the ball when told.
vi.mock('./Studio', () => ({
  Studio: (p: { result: number | null; onLanded?: (pocket: number) => void }) => (
    <button
      type="button"
      data-testid="land"
      onClick={() => p.result !== null && p.onLanded?.(p.result)}
    >
      land
    </button>
  ),
}));

beforeAll(async () => {
  await initEnglishI18n(en);
});

afterEach(cleanup);

describe('RouletteTable: the dealer', () => {
  it('announces the pocket once a round, as the ball settles', () => {
    const say = dealerSays();
    const t = renderTable(<RouletteTable tableId="rou-1" />, tableConfig('rou-1', 'roulette', []));
    t.event('resync', {
      gameId: 'rou-1-000001',
      state: 2,
      betsOpen: true,
      endsAt: Date.now() + 15_000,
      results: [],
      myAcks: [],
    });
    t.event('gameresult', { gameId: 'rou-1-000001', state: 24, result: '22' });
    expect(say).not.toHaveBeenCalled(); // the ball is still running
    fireEvent.click(screen.getByTestId('land'));
    expect(say.mock.calls).toEqual([['/sounds/voice/en/roulette-22.mp3', '22, Black']]);
    fireEvent.click(screen.getByTestId('land')); // the same round landing again
    expect(say).toHaveBeenCalledOnce();
    t.event('betsopen', { gameId: 'rou-1-000002', state: 2, endsAt: Date.now() + 15_000 });
    t.event('gameresult', { gameId: 'rou-1-000002', state: 24, result: '0' });
    fireEvent.click(screen.getByTestId('land'));
    expect(say).toHaveBeenCalledTimes(2);
    expect(say).toHaveBeenLastCalledWith('/sounds/voice/en/roulette-0.mp3', '0');
  });
});
