import { describe, expect, it } from 'vitest';

import { bjFilterOf, isBlackjack, passesBjFilter, routeOf } from './bj-filter';

const bj = { game: 'blackjack', gameKind: 'blackjack', seats: 7 };
const one = { game: 'onebj', gameKind: 'onebj' };
const rou = { game: 'roulette', gameKind: 'classic-roulette' };

describe('blackjack lobby filter', () => {
  it('routes seated and one-hand tables to their pages', () => {
    expect(routeOf(bj)).toBe('blackjack');
    expect(routeOf(one)).toBe('onebj');
    expect(routeOf({ game: 'blackjack', gameKind: 'onebj' })).toBe('onebj');
    expect(routeOf({ game: 'blackjack', gameKind: 'blackjack', tableType: 'onebj' })).toBe('onebj');
    expect(routeOf(rou)).toBe('roulette');
    // The crash games' route is their skin.
    expect(routeOf({ game: 'crash', gameKind: 'spaceman', tableType: 'spaceman' })).toBe(
      'spaceman',
    );
    expect(routeOf({ game: 'crash', gameKind: 'bigbass', tableType: 'bigbass' })).toBe('bigbass');
    expect(isBlackjack(rou)).toBe(false);
  });

  it('filters by free seats and by seats to bet behind, never hiding other games', () => {
    const full = { ...bj, seatsTaken: 7 };
    const empty = { ...bj, seatsTaken: 0 };
    const some = { ...bj, freeSeats: 3 };
    expect(passesBjFilter(full, 'all')).toBe(true);
    expect(passesBjFilter(full, 'free')).toBe(false);
    expect(passesBjFilter(full, 'behind')).toBe(true);
    expect(passesBjFilter(empty, 'free')).toBe(true);
    expect(passesBjFilter(empty, 'behind')).toBe(false);
    expect(passesBjFilter(some, 'behind')).toBe(true);
    expect(passesBjFilter(one, 'free')).toBe(true);
    expect(passesBjFilter(one, 'behind')).toBe(false);
    expect(passesBjFilter(bj, 'free')).toBe(true); // unknown occupancy: shown
    expect(passesBjFilter(rou, 'behind')).toBe(true);
  });

  it('restores a saved filter and ignores anything else', () => {
    expect(bjFilterOf('behind')).toBe('behind');
    expect(bjFilterOf('nonsense')).toBe('all');
    expect(bjFilterOf(undefined)).toBe('all');
  });
});
