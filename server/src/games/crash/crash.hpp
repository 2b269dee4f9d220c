// The crash games' rules (spaceman, big bass: docs/games/crash.md): where a round's
// multiplier crashes, how it rises on the server's clock, and what a cash-out returns.
//
// A round's crash point comes from its words (a provably fair RoundRng whose seed is taken
// from a hash chain committed before the first round, docs/provably-fair.md): r =
// uniform(2^52), and the crash point in hundredths is floor(96.5 · 2^52 / (r + 1)), capped
// at 5000×. Below 1.01× it is 1.00×: the round crashes at once and every bet loses (4.46 %
// of rounds). So P(crash ≥ x) = 0.965 / x for every x from 1.01× to 5000×: whatever target
// a player cashes out at, the return is 96.5 % (within 2^-52), and a bet still flying at
// 5000× is paid 5000× at once.
//
// The multiplier is e^(kt) t ms after launch, floored to hundredths. Pure; thread-safe.
#pragma once

#include <cstdint>
#include <optional>

#include "core/clock.hpp"
#include "core/money.hpp"
#include "core/rng.hpp"

namespace croupier::games::crash {

// Multipliers are whole hundredths: 100 is 1.00×.
inline constexpr int64_t kOne = 100;
inline constexpr int64_t kCap = 500'000;        // 5000.00×
inline constexpr int64_t kRtpPerMille = 965;    // 96.5 %
inline constexpr int kRandomBits = 52;          // r = uniform(2^52)
inline constexpr double kGrowthPerMs = 0.0001;  // e^(kt): 2× at 6.9 s, 100× at 46 s
inline constexpr int64_t kMinTarget = 101;      // an auto cash-out's lowest target

struct CrashPoint {
  int64_t at = kOne;    // hundredths: the highest multiplier the round reaches
  bool capped = false;  // it reached 5000×: bets still flying are paid there
};

// The round's crash point from its words.
CrashPoint draw_crash_point(Rng& rng);
// The same from the random value r in [0, 2^52), for the exact analysis of its odds.
CrashPoint crash_point_of(uint64_t r);

// The multiplier `t` after launch, in hundredths, floored (1.00× at 0).
int64_t multiplier_at(Millis t);
// The first whole ms at which the multiplier is at least `hundredths`.
Millis time_to(int64_t hundredths);

// What a stake returns cashed out at `hundredths`: stake × multiplier, rounded down to the
// currency's minor unit (`minor_units`: units of 1/100000 per minor unit, 1000 for cents).
Money cash_out_return(Money stake, int64_t hundredths, int64_t minor_units = 1000);

// Exactly: how many of the 2^52 values of r give a crash point of at least `hundredths`.
uint64_t values_reaching(int64_t hundredths);

}  // namespace croupier::games::crash
