import { describe, expect, it } from 'vitest';

import { GUIDE_SHOWS, guideCounts, guideDue } from './guide';

describe('the quick guide rule', () => {
  it('shows by itself the first three times at each game, while the player wants it', () => {
    expect(GUIDE_SHOWS).toBe(3);
    expect(guideDue('roulette', true, undefined)).toBe(true);
    expect(guideDue('roulette', true, { roulette: 2 })).toBe(true);
    expect(guideDue('roulette', true, { roulette: 3 })).toBe(false);
    expect(guideDue('sicbo', true, { roulette: 3 })).toBe(true); // per game
    expect(guideDue('roulette', false, {})).toBe(false); // show_quick_guide off
    expect(guideDue('all', true, {})).toBe(false); // the lobby has none
  });

  it('reads whatever was stored as counts, keeping only whole numbers', () => {
    expect(guideCounts(null)).toEqual({});
    expect(guideCounts('3')).toEqual({});
    expect(guideCounts([1, 2])).toEqual({});
    expect(guideCounts({ roulette: 2, sicbo: -1, baccarat: 1.5, dt: '2' })).toEqual({
      roulette: 2,
    });
  });
});
