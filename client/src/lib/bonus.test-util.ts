// For tests: bonuses as the bonus service gives them (docs/protocol.md's example).

/** The tests' clock: the bonuses' times are around it. */
export const NOW = 1_795_311_533_000;

/** The protocol's example: a free bet of 5 chips of 1.00, 3 left, for roulette; with changes. */
export function rawBonus(extra: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    bonusId: 'welcome-chips-7',
    bonusCode: 'FREECHIP',
    requestId: 'welcome-chips-7',
    campaignName: 'Welcome chips',
    kind: 'free_bet',
    bonusStatus: 'active',
    amount: '5.00',
    chipValue: '1.00',
    noOfChips: 5,
    bonusRemaining: 3,
    maxChipLimit: 9999999,
    maxBetLimit: '5.00',
    maxWinningLimit: '50.00',
    accumulatedWins: '12.00',
    wagerRequired: '0.00',
    wagered: '0.00',
    remaining: '3.00',
    games: ['roulette'],
    expiresAt: Date.now() + 7 * 86_400_000, // a week from the test's own time
    createdAt: NOW - 60_000,
    ...extra,
  };
}
