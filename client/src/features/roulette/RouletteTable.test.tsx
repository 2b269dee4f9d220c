import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';

import en from '../../lib/i18n/locales/en.json';
import { dealerSays } from '../../lib/sound/sound.test-util';
import { renderTable, tableConfig } from '../../lib/table/table.test-util';
import RouletteTable from './RouletteTable';
import { initEnglishI18n } from '../../lib/i18n';
import { rawBonus } from '../../lib/bonus.test-util';
import { units } from '../../lib/format/money';
import { registerHost } from '../../lib/host/context';
import type { Host } from '../../lib/host/host';
import { FakeHls, fakeVideoElements, setVideo } from '../../lib/video/hls.test-util';

// The wheel draws on a canvas jsdom has not: a stand-in that draws its first frame at once
// and lands the ball when told.
vi.mock('./Studio', async () => {
  const { useEffect } = await import('react');
  return {
    Studio: (p: {
      result: number | null;
      onLanded?: (pocket: number) => void;
      onFirstFrame?: () => void;
      hidden?: boolean;
    }) => {
      const { onFirstFrame } = p;
      useEffect(() => onFirstFrame?.(), [onFirstFrame]);
      return (
        <button
          type="button"
          data-testid="land"
          data-hidden={String(p.hidden === true)}
          onClick={() => p.result !== null && p.onLanded?.(p.result)}
        >
          land
        </button>
      );
    },
  };
});

vi.mock('hls.js/light', async () => ({
  default: (await import('../../lib/video/hls.test-util')).FakeHls,
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

describe('RouletteTable: the free chip (free bets)', () => {
  const TABLE = tableConfig('rou-1', 'roulette', []);
  const OPEN = {
    gameId: 'rou-1-000001',
    state: 2,
    betsOpen: true,
    endsAt: Date.now() + 15_000,
    results: [],
    myAcks: [],
  };

  /** The table with /bonus/chips answering `lists` in turn (the last one again after). */
  function renderWithChips(...lists: Record<string, unknown>[][]) {
    const get = vi.fn(async (path: string) => {
      if (path !== '/bonus/chips') throw new Error('404');
      return { eligible: lists.length > 1 ? lists.shift() : lists[0] };
    });
    const t = renderTable(<RouletteTable tableId="rou-1" />, TABLE, get);
    t.event('resync', OPEN);
    return { ...t, get };
  }
  const freeChip = () => screen.queryByRole('radio', { name: /^Free chip/ });
  const spot = (code: string) => document.querySelector<HTMLElement>(`[data-spot="${code}"]`)!;
  const host = { freeSpinStart: vi.fn(), freeSpinEnd: vi.fn(), balanceTooLow: vi.fn() };

  beforeAll(() => registerHost(host as unknown as Host));
  afterAll(() => registerHost(null));
  afterEach(() => {
    host.freeSpinStart.mockClear();
    host.freeSpinEnd.mockClear();
  });

  it('is in the tray for an active first eligible bonus of roulette, with the chips left', async () => {
    renderWithChips([rawBonus()]);
    const chip = await screen.findByRole('radio', { name: 'Free chip €1, 3 left' });
    expect(chip).toHaveAttribute('aria-checked', 'false');
    expect(chip).toHaveTextContent('FREE');
    expect(chip.querySelector('.free-chip-count')).toHaveTextContent('×3');
    expect(chip.querySelector('circle[fill="#322300"]')).not.toBeNull();
    // One group with the player's own chips.
    expect(
      within(screen.getByRole('radiogroup', { name: 'Chips' })).getAllByRole('radio'),
    ).toHaveLength(4);
  });

  it.each([
    [
      'the first eligible bonus is only pending',
      [rawBonus({ bonusStatus: 'pending' }), rawBonus({ bonusId: 'b-2' })],
    ],
    ['its chips are for other games', [rawBonus({ games: ['baccarat'] })]],
    ['no chip is left', [rawBonus({ bonusRemaining: 0 })]],
    ['the player has no bonus', []],
  ])('is not there when %s', async (_, eligible) => {
    const { get } = renderWithChips(eligible);
    await waitFor(() => expect(get).toHaveBeenCalledWith('/bonus/chips'));
    await act(async () => {});
    expect(freeChip()).toBeNull();
    expect(screen.getAllByRole('radio')).toHaveLength(3);
  });

  it('places free chips in a pbet of their own naming the bonus, with each bet’s chip count', async () => {
    const t = renderWithChips([rawBonus()]);
    fireEvent.click(await screen.findByRole('radio', { name: /^Free chip/ }));
    expect(freeChip()).toHaveAttribute('aria-checked', 'true');
    expect(screen.getByRole('radio', { name: 'Chip €5' })).toHaveAttribute('aria-checked', 'false');
    expect(t.services.saveSetting).toHaveBeenCalledWith('selected_chip_fb', 'welcome-chips-7');

    fireEvent.click(spot('RED'));
    const [free] = t.sent('pbet');
    expect(free).toMatch(
      /^<pbet tableId="rou-1" gameMode="roulette_desktop" gameId="rou-1-000001" userId="7" requestId="[^"]+" clientSeed="[^"]+" bonusId="welcome-chips-7" bonusCode="FREECHIP" chipValue="1.00" campaignName="Welcome chips" bonusRequestId="welcome-chips-7"><bet code="RED" amount="1.00" chipCount="1"\/><\/pbet>$/,
    );
    expect(freeChip()).toHaveAccessibleName('Free chip €1, 2 left'); // on its way
    t.accept(free!);
    await waitFor(() =>
      expect(screen.getByTestId('total-bet')).toHaveAttribute('data-amount', '1.00'),
    );
    expect(freeChip()).toHaveAccessibleName('Free chip €1, 2 left');

    // The player's own chip again: its bets go in their own command, without the bonus.
    fireEvent.click(screen.getByRole('radio', { name: 'Chip €5' }));
    expect(t.services.saveSetting).toHaveBeenCalledWith('selected_chip_fb', null);
    fireEvent.click(spot('BLACK'));
    const own = t.sent('pbet')[1]!;
    expect(own).not.toContain('bonusId');
    expect(own).not.toContain('chipCount');
    expect(own).toContain('<bet code="BLACK" amount="5.00"/>');
  });

  it('gives the chips back when the server refuses the free bet', async () => {
    const t = renderWithChips([rawBonus()]);
    fireEvent.click(await screen.findByRole('radio', { name: /^Free chip/ }));
    fireEvent.click(spot('RED'));
    expect(freeChip()).toHaveAccessibleName('Free chip €1, 2 left');
    const requestId = /requestId="([^"]+)"/.exec(t.sent('pbet')[0]!)![1];
    t.socket().server({
      type: 'betack',
      table: 'rou-1',
      requestId,
      accepted: [],
      rejected: [{ spot: 'RED', amount: '1.00', code: 1008, message: 'bets not accepted' }],
    });
    await waitFor(() => expect(freeChip()).toHaveAccessibleName('Free chip €1, 3 left'));
    expect(screen.getByText('Bets not accepted.')).toBeInTheDocument();
    expect(screen.getByTestId('total-bet')).toHaveAttribute('data-amount', '0.00');
    expect(host.freeSpinStart).not.toHaveBeenCalled();
  });

  it('places no more chips than are left, nor more than maxChipLimit on one spot', async () => {
    const t = renderWithChips([rawBonus({ bonusRemaining: 2, maxChipLimit: 1 })]);
    fireEvent.click(await screen.findByRole('radio', { name: /^Free chip/ }));
    fireEvent.click(spot('RED'));
    t.accept(t.sent('pbet')[0]!);
    await waitFor(() => expect(freeChip()).toHaveAccessibleName('Free chip €1, 1 left'));
    fireEvent.click(spot('RED'));
    expect(screen.getByText('Free chips on one spot: 1 at most.')).toBeInTheDocument();
    fireEvent.click(spot('BLACK'));
    t.accept(t.sent('pbet')[1]!);
    await waitFor(() => expect(freeChip()).toHaveAccessibleName('Free chip €1, 0 left'));
    fireEvent.click(spot('ODD'));
    expect(screen.getByText('Not enough free chips left for this bet.')).toBeInTheDocument();
    expect(t.sent('pbet')).toHaveLength(2);
  });

  it("tells the host of the free round, and takes the server's count when it settles", async () => {
    const t = renderWithChips([rawBonus()], [rawBonus({ bonusRemaining: 2 })]);
    fireEvent.click(await screen.findByRole('radio', { name: /^Free chip/ }));
    fireEvent.click(spot('RED'));
    t.accept(t.sent('pbet')[0]!);
    await waitFor(() =>
      expect(host.freeSpinStart).toHaveBeenCalledWith({
        tableId: 'rou-1',
        gameId: 'rou-1-000001',
        bonusCode: 'FREECHIP',
        chips: 1,
      }),
    );
    fireEvent.click(spot('RED'));
    t.accept(t.sent('pbet')[1]!);
    await waitFor(() => expect(freeChip()).toHaveAccessibleName('Free chip €1, 1 left'));
    expect(host.freeSpinStart).toHaveBeenCalledOnce(); // once a round
    t.event('gameresult', { gameId: 'rou-1-000001', state: 24, result: '7' });
    expect(host.freeSpinEnd).toHaveBeenCalledWith({
      tableId: 'rou-1',
      gameId: 'rou-1-000001',
      bonusCode: 'FREECHIP',
      chips: 2,
    });
    // The server's count after the round (it says 2 left): the two accepted are in it.
    await waitFor(() => expect(freeChip()).toHaveAccessibleName('Free chip €1, 2 left'));
  });

  it('is chosen again as the player saved it (selected_chip_fb)', async () => {
    const t = renderWithChips([rawBonus()]);
    act(() =>
      t.services.session.set((s) => ({
        ...s,
        config: {
          ...s.config!,
          playerConfig: {
            ...s.config!.playerConfig,
            settings: { selected_chip_fb: 'welcome-chips-7' },
          },
        },
      })),
    );
    expect(await screen.findByRole('radio', { name: /^Free chip/ })).toHaveAttribute(
      'aria-checked',
      'true',
    );
  });

  it('gives the chips back when the free bet is undone, and leaves it out of Double', async () => {
    const t = renderWithChips([rawBonus()]);
    fireEvent.click(await screen.findByRole('radio', { name: /^Free chip/ }));
    fireEvent.click(spot('RED'));
    t.accept(t.sent('pbet')[0]!);
    await waitFor(() => expect(freeChip()).toHaveAccessibleName('Free chip €1, 2 left'));
    // Only free bets on the table: nothing of the player's own to double.
    expect(screen.getByRole('button', { name: /Double/ })).toBeDisabled();
    t.get.mockClear();
    fireEvent.click(screen.getByRole('button', { name: /Undo/ }));
    const [cancel] = t.sent('cancelbets');
    const requestId = /requestId="([^"]+)"/.exec(cancel!)![1];
    t.socket().server({
      type: 'cancelack',
      table: 'rou-1',
      requestId,
      cancelled: [{ spot: 'RED', amount: '1.00' }],
      roundTotal: '0.00',
    });
    await waitFor(() => expect(freeChip()).toHaveAccessibleName('Free chip €1, 3 left'));
    expect(t.get).toHaveBeenCalledWith('/bonus/chips'); // and the server's count read again
  });

  it('is chosen for the player when the balance is below the table minimum', async () => {
    const t = renderWithChips([rawBonus()]);
    await screen.findByRole('radio', { name: /^Free chip/ });
    act(() =>
      t.services.session.set((s) => ({ ...s, balance: { total: units('0.40'), bonus: 0 } })),
    );
    expect(freeChip()).toHaveAttribute('aria-checked', 'true');
    expect(t.services.saveSetting).toHaveBeenCalledWith('selected_chip_fb', 'welcome-chips-7');
  });

  it('goes away with the minimum-bet toaster when the bonus no longer gives one', async () => {
    const t = renderWithChips([rawBonus({ bonusRemaining: 1 })], []);
    act(() =>
      t.services.session.set((s) => ({
        ...s,
        config: { ...s.config!, casinoConfig: { show_nl_min_bet_toaster: true } },
      })),
    );
    const toaster = () => screen.queryAllByText('The minimum bet at this table is €0.50.');
    expect(toaster()).toHaveLength(1); // as the player comes to the table
    fireEvent.click(await screen.findByRole('radio', { name: /^Free chip/ }));
    fireEvent.click(spot('RED'));
    t.accept(t.sent('pbet')[0]!);
    t.event('gameresult', { gameId: 'rou-1-000001', state: 24, result: '7' });
    await waitFor(() => expect(freeChip()).toBeNull());
    expect(toaster()).toHaveLength(2);
    expect(screen.getByRole('radio', { name: 'Chip €5' })).toHaveAttribute('aria-checked', 'true');
  });
});

describe('RouletteTable with live video', () => {
  const VIDEO = { url: '/video/rou-1/master.m3u8', renditions: ['high'], delayBudgetMs: 4000 };
  const open = (video: typeof VIDEO | null) => {
    const t = renderTable(
      <RouletteTable tableId="rou-1" />,
      tableConfig('rou-1', 'roulette', [], { video }),
    );
    t.event('resync', {
      gameId: 'rou-1-000001',
      state: 2,
      betsOpen: true,
      endsAt: Date.now() + 15_000,
      results: [],
      myAcks: [],
    });
    return t;
  };

  it("without video: the drawn wheel's first frame is the video loaded", () => {
    const t = open(null);
    expect(t.services.loaded).toHaveBeenCalledWith('video');
    expect(screen.queryByTestId('table-video')).toBeNull();
  });

  it("with video: loaded at the video's first frame, the wheel then drawn no more", async () => {
    FakeHls.reset();
    const media = fakeVideoElements();
    try {
      const t = open(VIDEO);
      expect(t.services.loaded).toHaveBeenCalledWith('game');
      expect(t.services.loaded).not.toHaveBeenCalledWith('video');
      expect(screen.getByTestId('land')).toHaveAttribute('data-hidden', 'false');
      await act(async () => {
        await vi.dynamicImportSettled();
        await vi.dynamicImportSettled();
      });
      const video = screen.getByTestId('table-video') as HTMLVideoElement;
      expect(FakeHls.last().source).toBe(VIDEO.url);
      setVideo(video, { videoWidth: 854, videoHeight: 480, currentTime: 3 });
      await act(async () => media.frame());
      expect(t.services.loaded).toHaveBeenCalledWith('video');
      expect(screen.getByTestId('land')).toHaveAttribute('data-hidden', 'true');
      expect(screen.getByTestId('roulette-table')).toHaveClass('has-video');
    } finally {
      media.restore();
    }
  });
});
