// The promotion trophy at a roulette table: shown for the promotion's game families and
// the player's setting, hidden while the free chip is chosen, its words (name, minimum bet,
// rank), its panel and first-use hint, and the minimum-bet tip.
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';

import RouletteTable from '../features/roulette/RouletteTable';
import { rawBonus } from '../lib/bonus.test-util';
import { initEnglishI18n } from '../lib/i18n';
import en from '../lib/i18n/locales/en.json';
import { promotionsHub } from '../lib/promotions';
import { rawInfo, rawPromotion } from '../lib/promotions.test-util';
import { applySetting } from '../lib/settings';
import { renderTable, tableConfig } from '../lib/table/table.test-util';

// The wheel draws on a canvas jsdom has not.
vi.mock('../features/roulette/Studio', () => ({ Studio: () => null }));

beforeAll(async () => {
  await initEnglishI18n(en);
});

afterEach(cleanup);

const OPEN = {
  gameId: 'rou-1-000001',
  state: 2,
  betsOpen: true,
  endsAt: Date.now() + 15_000,
  results: [],
  myAcks: [],
};

/** A roulette table whose GET calls answer by path (the promotions, the free chips). */
function renderRoulette(answers: Record<string, unknown>) {
  const get = vi.fn(async (path: string) => {
    if (!(path in answers)) throw new Error(`404 ${path}`);
    return answers[path];
  });
  const t = renderTable(
    <RouletteTable tableId="rou-1" />,
    tableConfig('rou-1', 'roulette', []),
    get,
  );
  t.event('resync', OPEN);
  return { ...t, get };
}

const PROMOTIONS = '/v2/fetchPromotionsInfo';
/** Waits until the table's promotions have been read. */
async function promotionsRead(t: ReturnType<typeof renderRoulette>) {
  const { http, session } = t.services;
  await waitFor(() => expect(promotionsHub(http, session).store.get().info).not.toBeNull());
}
const trophy = () => screen.queryByTestId('promo-trophy');
const button = () => screen.getByTestId('promo-trophy-button');
const spot = (code: string) => document.querySelector<HTMLElement>(`[data-spot="${code}"]`)!;

describe('the promotion trophy at a table', () => {
  it('shows beside the chips while a promotion plays roulette, with its name, minimum bet and rank', async () => {
    renderRoulette({ [PROMOTIONS]: rawInfo() });
    const shown = await screen.findByTestId('promo-trophy');
    expect(shown).toHaveAttribute('data-active', 'true');
    const words = 'Promotion Daily Race. Minimum bet €1.00. Your rank: 2';
    expect(button()).toHaveAccessibleName(words);
    expect(button()).toHaveAttribute('title', words);
    // In the bet bar, right after the chips.
    expect(shown.previousElementSibling).toHaveClass('chip-tray');
  });

  it('is dim, and says so, when the player has not opted in', async () => {
    renderRoulette({ [PROMOTIONS]: rawInfo([rawPromotion({ optedIn: false, standing: null })]) });
    expect(await screen.findByTestId('promo-trophy')).toHaveAttribute('data-active', 'false');
    expect(button()).toHaveAccessibleName('Promotion Daily Race. Minimum bet €1.00. Not opted in');
  });

  it('is not at a table whose game the promotion does not play', async () => {
    const t = renderRoulette({
      [PROMOTIONS]: rawInfo([rawPromotion({ games: ['baccarat', 'blackjack'] })]),
    });
    await promotionsRead(t);
    expect(trophy()).toBeNull();
  });

  it('is not there when no promotion runs (no trophy)', async () => {
    const t = renderRoulette({ [PROMOTIONS]: rawInfo([rawPromotion()], null) });
    await promotionsRead(t);
    expect(trophy()).toBeNull();
  });

  it('goes when the player turns promo_ear_enabled off, and comes back when on', async () => {
    const t = renderRoulette({ [PROMOTIONS]: rawInfo() });
    await screen.findByTestId('promo-trophy');
    act(() => applySetting(t.services.session, 'promo_ear_enabled', false));
    expect(trophy()).toBeNull();
    act(() => applySetting(t.services.session, 'promo_ear_enabled', true));
    expect(await screen.findByTestId('promo-trophy')).toBeInTheDocument();
  });

  it('is hidden while the free chip is chosen (a free bet), and back with the player’s own chip', async () => {
    renderRoulette({ [PROMOTIONS]: rawInfo(), '/bonus/chips': { eligible: [rawBonus()] } });
    await screen.findByTestId('promo-trophy');
    fireEvent.click(await screen.findByRole('radio', { name: /^Free chip/ }));
    expect(trophy()).toBeNull();
    fireEvent.click(screen.getByRole('radio', { name: 'Chip €5' }));
    expect(trophy()).not.toBeNull();
  });

  it('opens a panel with the standing and a way to the promotions; the first use ends the hint', async () => {
    const t = renderRoulette({ [PROMOTIONS]: rawInfo() });
    await screen.findByTestId('promo-trophy');
    expect(screen.getByTestId('promo-hint')).toHaveTextContent(
      'New: tap the trophy to follow your promotion.',
    );
    expect(button()).toHaveAccessibleDescription('New: tap the trophy to follow your promotion.');
    expect(button()).toHaveAttribute('aria-expanded', 'false');

    fireEvent.click(button());
    expect(t.services.saveSetting).toHaveBeenCalledWith('is_first_promo_ear_interaction', false);
    expect(screen.queryByTestId('promo-hint')).toBeNull();
    expect(button()).toHaveAttribute('aria-expanded', 'true');
    const panel = screen.getByRole('group', { name: 'Daily Race' });
    expect(within(panel).getByTestId('promo-trophy-standing')).toHaveTextContent(
      'Your rank: 2 · score €35.00',
    );
    expect(within(panel).getByTestId('promo-trophy-min')).toHaveTextContent('Minimum bet €1.00');
    expect(within(panel).getByRole('link', { name: 'All promotions' })).toHaveAttribute(
      'href',
      '/play/lobby?tab=promotions',
    );

    fireEvent.keyDown(window, { key: 'Escape' });
    expect(screen.queryByRole('group', { name: 'Daily Race' })).toBeNull();
    expect(button()).toHaveFocus();
    fireEvent.click(button()); // the second use saves nothing more
    expect(
      vi
        .mocked(t.services.saveSetting)
        .mock.calls.filter(([key]) => key === 'is_first_promo_ear_interaction'),
    ).toHaveLength(1);
  });

  it('shows no hint once the player has used it (is_first_promo_ear_interaction false)', async () => {
    const t = renderRoulette({ [PROMOTIONS]: rawInfo() });
    act(() => applySetting(t.services.session, 'is_first_promo_ear_interaction', false));
    await screen.findByTestId('promo-trophy');
    expect(screen.queryByTestId('promo-hint')).toBeNull();
  });

  it('tells the minimum bet while the round’s bets total less (PROMO_BET_BELOWMIN)', async () => {
    const t = renderRoulette({ [PROMOTIONS]: rawInfo([rawPromotion({ minBet: '10.00' })]) });
    await screen.findByTestId('promo-trophy');
    expect(screen.queryByTestId('promo-bet-below-min')).toBeNull(); // no bet yet
    fireEvent.click(spot('RED')); // the €5 chip
    t.accept(t.sent('pbet')[0]!);
    await waitFor(() =>
      expect(screen.getByTestId('total-bet')).toHaveAttribute('data-amount', '5.00'),
    );
    expect(screen.getByTestId('promo-bet-below-min')).toHaveTextContent(
      'Bet at least €10.00 to score in the promotion.',
    );
    expect(trophy()).toHaveAttribute('data-below-min', 'true');
    expect(button()).toHaveAccessibleName(
      'Promotion Daily Race. Minimum bet €10.00. Your rank: 2. Bet at least €10.00 to score in the promotion.',
    );
    fireEvent.click(spot('BLACK'));
    t.accept(t.sent('pbet')[1]!);
    await waitFor(() =>
      expect(screen.getByTestId('total-bet')).toHaveAttribute('data-amount', '10.00'),
    );
    expect(screen.queryByTestId('promo-bet-below-min')).toBeNull();
    expect(trophy()).not.toHaveAttribute('data-below-min');
  });
});
