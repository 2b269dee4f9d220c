// The lobby's Promotions tab: the cards as the player reads them, opting in and out, the
// live updates of the promotions socket, its disconnect icon, the filter and the empty tab.
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';

import { HttpError } from '../../lib/http/http';
import { initEnglishI18n } from '../../lib/i18n';
import en from '../../lib/i18n/locales/en.json';
import { navigate } from '../../lib/navigation';
import {
  FakeWebSocket,
  installFakeWebSocket,
  rawInfo,
  rawPromotion,
  tokenAnswer,
} from '../../lib/promotions.test-util';
import { Announcer } from '../../ui/Announcer';
import Lobby from './Lobby';
import { setupLobby } from './test-util';

beforeAll(async () => {
  await initEnglishI18n(en);
});

beforeEach(() => {
  navigate('/play/lobby?tab=promotions', { replace: true });
  installFakeWebSocket();
  vi.spyOn(console, 'error').mockImplementation(() => {});
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

type Post = (path: string, body: Record<string, unknown>) => Promise<unknown>;

/** The lobby on its Promotions tab, with fetchPromotionsInfo answering `info`. */
function openPromotions(
  info: Record<string, unknown> | (() => unknown) = rawInfo(),
  opts: { post?: Post; settings?: Record<string, unknown> } = {},
) {
  const post = vi.fn<Post>(
    opts.post ??
      (async (path) => {
        if (path === '/api/ui/updateJwtToken') return tokenAnswer();
        throw new HttpError('http', 404, '');
      }),
  );
  const s = setupLobby(
    <>
      <Lobby />
      <Announcer />
    </>,
    { answers: { '/v2/fetchPromotionsInfo': info }, post, settings: opts.settings },
  );
  return { ...s, post };
}

const card = (name: string) => screen.getByRole('article', { name }) as HTMLElement;
const rows = (c: HTMLElement) =>
  within(c)
    .getAllByTestId('promo-leader')
    .map((r) =>
      within(r)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    );

describe('the promotions panel', () => {
  it('shows each promotion: status, time left, games, minimum bet, rule, prizes, standing', async () => {
    openPromotions(
      rawInfo([
        rawPromotion(),
        rawPromotion({
          promotionId: 'weekly',
          name: 'Weekly Multiplier',
          status: 'upcoming',
          startsAt: Date.now() + 3_600_000 + 5000,
          scoring: 'biggest_multiplier',
          games: [],
          optedIn: false,
          standing: null,
          leaderboard: [],
          players: 0,
        }),
      ]),
    );
    const race = await screen.findByRole('article', { name: 'Daily Race' });
    expect(within(race).getByTestId('promo-status')).toHaveTextContent('Running');
    expect(within(race).getByTestId('promo-countdown')).toHaveTextContent(
      /^Ends in 2 days 0[23]:\d\d:\d\d$/,
    );
    expect(within(race).getByTestId('promo-games')).toHaveTextContent('Roulette and Baccarat');
    expect(within(race).getByTestId('promo-min-bet')).toHaveTextContent('€1.00');
    expect(within(race).getByTestId('promo-rule')).toHaveTextContent(
      'The most wagered in total wins. Only bets of at least the minimum bet count',
    );
    expect(
      within(within(race).getByTestId('promo-prizes'))
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Rank 1 €100.00', 'Rank 2 €50.00', 'Rank 3 €25.00']);
    expect(within(race).getByTestId('promo-standing')).toHaveTextContent(
      'Your rank: 2 · score €35.00',
    );
    expect(within(race).getByTestId('promo-players')).toHaveTextContent('12 players taking part');
    expect(within(race).getByTestId('promo-optin')).toHaveTextContent('Opt out');

    const weekly = card('Weekly Multiplier');
    expect(within(weekly).getByTestId('promo-status')).toHaveTextContent('Upcoming');
    expect(within(weekly).getByTestId('promo-countdown')).toHaveTextContent(
      /^Starts in 01:00:0\d$/,
    );
    expect(within(weekly).getByTestId('promo-games')).toHaveTextContent('Every game');
    expect(within(weekly).getByTestId('promo-rule')).toHaveTextContent(
      'The biggest win on one bet, as a multiple of its stake, wins.',
    );
    expect(within(weekly).getByTestId('promo-standing')).toHaveTextContent('Opt in to take part.');
    expect(within(weekly).getByTestId('promo-leaderboard-empty')).toHaveTextContent(
      'No scores yet.',
    );
    expect(within(weekly).getByTestId('promo-optin')).toHaveTextContent('Opt in');
  });

  it('marks the player’s own row in the leaderboard, for the eye and for screen readers', async () => {
    openPromotions();
    const race = await screen.findByRole('article', { name: 'Daily Race' });
    const table = within(race).getByRole('table', { name: /Leaderboard/ });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Rank', 'Player', 'Score']);
    expect(rows(race)).toEqual([
      ['1', 'Alice', '€120.00'],
      ['2', 'BobYou', '€35.00'],
    ]);
    const [alice, bob] = within(race).getAllByTestId('promo-leader');
    expect(bob).toHaveAttribute('data-me', 'true');
    expect(bob).toHaveAttribute('aria-current', 'true');
    expect(bob).toHaveClass('promo-me');
    expect(within(bob!).getByTestId('promo-you')).toHaveTextContent('You');
    expect(alice).not.toHaveAttribute('aria-current');
    expect(within(alice!).queryByTestId('promo-you')).toBeNull();
  });

  it('shows the names as the server gives them (masked by hide_screenname_leaderboard)', async () => {
    openPromotions(
      rawInfo([
        rawPromotion({
          scoring: 'most_wins',
          leaderboard: [
            { rank: 1, name: 'A***', score: '9', me: false },
            { rank: 2, name: 'Bob', score: '7', me: true },
            { rank: 3, name: 'C***', score: '4', me: false },
          ],
        }),
      ]),
    );
    const race = await screen.findByRole('article', { name: 'Daily Race' });
    expect(rows(race)).toEqual([
      ['1', 'A***', '9'],
      ['2', 'BobYou', '7'],
      ['3', 'C***', '4'],
    ]);
  });

  it('opts in with a POST, and the answer replaces the card', async () => {
    const { post } = openPromotions(
      rawInfo([rawPromotion({ optedIn: false, standing: null, players: 12 })]),
      {
        post: async (path) => {
          if (path === '/api/ui/promotions/optin')
            return rawPromotion({ optedIn: true, standing: null, players: 13 });
          if (path === '/api/ui/updateJwtToken') return tokenAnswer();
          throw new Error('404');
        },
      },
    );
    const race = await screen.findByRole('article', { name: 'Daily Race' });
    expect(race).toHaveAttribute('data-opted-in', 'false');
    fireEvent.click(within(race).getByRole('button', { name: 'Opt in' }));
    expect(post).toHaveBeenCalledWith('/api/ui/promotions/optin', {
      promotionId: 'daily-race',
      optIn: true,
    });
    await waitFor(() => expect(race).toHaveAttribute('data-opted-in', 'true'));
    expect(within(race).getByTestId('promo-optin')).toHaveTextContent('Opt out');
    expect(within(race).getByTestId('promo-standing')).toHaveTextContent('Not ranked yet');
    expect(within(race).getByTestId('promo-players')).toHaveTextContent('13 players taking part');
    await waitFor(() =>
      expect(screen.getByTestId('announcer')).toHaveTextContent('You are in: Daily Race'),
    );
  });

  it('opts out with optIn false', async () => {
    const { post } = openPromotions(rawInfo(), {
      post: async (path) => {
        if (path === '/api/ui/promotions/optin')
          return rawPromotion({ optedIn: false, standing: null, leaderboard: [] });
        if (path === '/api/ui/updateJwtToken') return tokenAnswer();
        throw new Error('404');
      },
    });
    const race = await screen.findByRole('article', { name: 'Daily Race' });
    fireEvent.click(within(race).getByRole('button', { name: 'Opt out' }));
    expect(post).toHaveBeenCalledWith('/api/ui/promotions/optin', {
      promotionId: 'daily-race',
      optIn: false,
    });
    await waitFor(() =>
      expect(within(race).getByTestId('promo-optin')).toHaveTextContent('Opt in'),
    );
    expect(within(race).queryByRole('table')).toBeNull();
  });

  it('says so when the period has ended (409) or the promotion is gone (404)', async () => {
    let answer = 409;
    openPromotions(rawInfo([rawPromotion({ optedIn: false })]), {
      post: async (path) => {
        if (path === '/api/ui/updateJwtToken') return tokenAnswer();
        throw new HttpError('http', answer, '{"error":"PROMOTION_ENDED"}');
      },
    });
    const race = await screen.findByRole('article', { name: 'Daily Race' });
    fireEvent.click(within(race).getByRole('button', { name: 'Opt in' }));
    expect(await within(race).findByRole('alert')).toHaveTextContent('This promotion has ended.');
    expect(race).toHaveAttribute('data-opted-in', 'false');
    answer = 404;
    fireEvent.click(within(race).getByRole('button', { name: 'Opt in' }));
    await waitFor(() =>
      expect(within(race).getByRole('alert')).toHaveTextContent(
        'This promotion is no longer offered.',
      ),
    );
  });

  it('follows the promotions socket: new standings and promotions as they come', async () => {
    const { post } = openPromotions();
    const race = await screen.findByRole('article', { name: 'Daily Race' });
    await waitFor(() => expect(FakeWebSocket.all).toHaveLength(1));
    expect(post).toHaveBeenCalledWith('/api/ui/updateJwtToken', {});
    const socket = FakeWebSocket.last();
    expect(socket.url).toBe('ws://localhost:3000/promo/ws?token=jwt-1');
    socket.open();
    socket.push({
      type: 'promotions',
      ...rawInfo([
        rawPromotion({
          standing: { rank: 1, score: '160.00' },
          leaderboard: [
            { rank: 1, name: 'Bob', score: '160.00', me: true },
            { rank: 2, name: 'Alice', score: '120.00', me: false },
          ],
        }),
        rawPromotion({ promotionId: 'flash', name: 'Flash Race' }),
      ]),
    });
    expect(within(race).getByTestId('promo-standing')).toHaveTextContent(
      'Your rank: 1 · score €160.00',
    );
    expect(rows(race)).toEqual([
      ['1', 'BobYou', '€160.00'],
      ['2', 'Alice', '€120.00'],
    ]);
    expect(card('Flash Race')).toBeInTheDocument();
  });

  it('shows a disconnect icon, labelled, while the promotions socket is down', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      openPromotions();
      await screen.findByRole('article', { name: 'Daily Race' });
      await waitFor(() => expect(FakeWebSocket.all).toHaveLength(1));
      FakeWebSocket.last().open();
      expect(screen.queryByTestId('promo-disconnected')).toBeNull();
      FakeWebSocket.last().drop(1006);
      const icon = screen.getByRole('img', {
        name: 'Live promotion updates are interrupted. Reconnecting…',
      });
      expect(icon).toHaveAttribute('data-testid', 'promo-disconnected');
      expect(icon).toHaveAttribute(
        'title',
        'Live promotion updates are interrupted. Reconnecting…',
      );
      // The cards stay, as last known.
      expect(card('Daily Race')).toBeInTheDocument();
      await act(async () => {
        await vi.advanceTimersByTimeAsync(1500); // the backoff's first step
      });
      expect(FakeWebSocket.all).toHaveLength(2);
      FakeWebSocket.last().open();
      expect(screen.queryByTestId('promo-disconnected')).toBeNull();
    } finally {
      vi.useRealTimers();
    }
  });

  it('lets the promotions filter choose: live ones, upcoming ones, or all (ended too)', async () => {
    const { saveSetting } = openPromotions(
      rawInfo([
        rawPromotion(),
        rawPromotion({ promotionId: 'next', name: 'Next Race', status: 'upcoming' }),
        rawPromotion({ promotionId: 'last', name: 'Last Race', status: 'ended', paid: true }),
      ]),
    );
    await screen.findByRole('article', { name: 'Daily Race' });
    const names = () => screen.getAllByRole('article').map((a) => a.getAttribute('data-promotion'));
    expect(names()).toEqual(['daily-race', 'next', 'last']);
    const ended = card('Last Race');
    expect(within(ended).getByTestId('promo-time')).toHaveTextContent(/^Ended .*Prizes paid$/);
    expect(within(ended).queryByTestId('promo-optin')).toBeNull(); // nothing to opt into
    fireEvent.click(screen.getByTestId('promo-filter-live'));
    expect(saveSetting).toHaveBeenLastCalledWith('selpromofilter', 'live');
    expect(names()).toEqual(['daily-race']);
    fireEvent.click(screen.getByTestId('promo-filter-upcoming'));
    expect(names()).toEqual(['next']);
  });

  it('opens on the saved filter, and says when it lets nothing through', async () => {
    openPromotions(rawInfo([rawPromotion()]), { settings: { selpromofilter: 'upcoming' } });
    expect(await screen.findByTestId('promo-no-match')).toHaveTextContent(
      'No promotion matches this filter.',
    );
    expect(screen.getByTestId('promo-filter-upcoming')).toHaveAttribute('aria-pressed', 'true');
  });

  it('says there are no promotions when there are none', async () => {
    openPromotions(rawInfo([], null));
    expect(await screen.findByTestId('lobby-no-promotions')).toHaveTextContent(
      'No promotions right now.',
    );
    expect(screen.queryByRole('article')).toBeNull();
  });
});
