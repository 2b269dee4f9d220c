// Sic bo statistics over a table's last results (SPEC section 7: sic bo statistics, stats
// and charts): how often each face and each total came, how often small, big, odd, even
// and a triple came, and the hottest and coldest faces.
//
// Pure values and functions; thread-safe.
#pragma once

#include <array>
#include <span>

#include "games/engine.hpp"

namespace croupier::games::sicbo {

// A count of games and its share of all the games counted, in tenths of a percent
// (rounded half up): 1 of 3 games is 333.
struct Share {
  int count = 0;
  int per_mille = 0;
  friend bool operator==(const Share&, const Share&) = default;
};

struct DiceStats {
  int games = 0;
  // Games in which face f + 1 showed on at least one die (a single-number bet's win).
  std::array<Share, 6> faces{};
  // Games whose total was t + 3 (3 to 18).
  std::array<Share, 16> totals{};
  // Small, big, odd and even count only games without a triple (on which they lose).
  Share small, big, odd, even, triple;
  // The two faces that showed in the most games, hottest first, and the two that showed in
  // the fewest, coldest first; a tie goes to the lower face.
  std::array<int, 2> hot{};
  std::array<int, 2> cold{};
};

// The statistics of `outcomes` (valid sic bo outcomes; others are skipped).
DiceStats dice_stats(std::span<const Outcome> outcomes);

}  // namespace croupier::games::sicbo
