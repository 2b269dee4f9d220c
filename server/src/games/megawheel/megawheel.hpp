// Mega wheel: a money wheel of 54 segments, each bearing one of nine numbers, after
// Pragmatic Play's Mega Wheel. The player bets on numbers; a number N pays N:1 when the
// wheel stops on it. After bets close one number is chosen and given a mega multiplier M,
// announced before the wheel stops; a win on that number pays M:1 instead of N:1.
// docs/games/megawheel.md has the rules, the wheel, the multiplier tables and the exact
// return to player of every bet.
//
// Spots (canonical codes; all are main spots bounded by CardLimits::main_max, none is the
// opposite of another):
//   "1" "2" "5" "8" "10" "15" "20" "30" "40"   the number; pays N:1, or M:1 when multiplied
//
// Outcome::values = {segment, chosen number, multiplier}: the segment the wheel stops on
// (0-53, clockwise from the 40), the number given the mega multiplier, and that multiplier
// (one of the chosen number's table, multiplier_table()).
// encode(): "<label>|<segment>|<chosen>x<multiplier>", the label being the winning number:
// "5|7|40x100" (the wheel stops on segment 7, a 5; 40 was multiplied by 100).
// decode() accepts exactly the texts encode() writes.
// announced_multipliers(): {{"<chosen>", multiplier}}; result_multipliers() the same when the
// wheel stops on the chosen number, else nothing.
//
// Checks are those of the fixed-spot card tables (cards::check_bets): 1005, 1013, 1010,
// 1012; never 1037.
//
// Pure values and functions; the engine is immutable and thread-safe.
#pragma once

#include <array>
#include <memory>
#include <span>
#include <string>

#include "games/cards/card_limits.hpp"
#include "games/engine.hpp"

namespace croupier::games::megawheel {

inline constexpr int kSegments = 54;

// The nine numbers, ascending: also the order of the spots in limits().
inline constexpr std::array<int, 9> kNumbers = {1, 2, 5, 8, 10, 15, 20, 30, 40};

// Each number is chosen for the multiplier with the same probability, 1/9.
inline constexpr int kNumberCount = static_cast<int>(kNumbers.size());

// Every multiplier table's weights add up to this (they are per mille).
inline constexpr int kMultiplierWeightTotal = 1000;

// The highest multiplier of any table (40, 30, 20 and 15 can be given 500).
inline constexpr int kMaxMultiplier = 500;

// One entry of a multiplier table: `times` comes up with probability
// weight / kMultiplierWeightTotal when its number is chosen.
struct WeightedMultiplier {
  int times;
  int weight;
};

// The number on each segment, clockwise from segment 0 (the 40).
std::span<const int, kSegments> segments();

// The number on `segment` (0-53), or 0 for any other index.
int number_at(int segment);

// How many segments bear `number` (20 for 1 ... 1 for 40); 0 if it is not one of kNumbers.
int segment_count(int number);

// The multipliers `number` can be given when it is chosen, ascending, with their weights;
// empty if it is not one of kNumbers.
std::span<const WeightedMultiplier> multiplier_table(int number);

// The spot code of a number: its decimal text ("40").
std::string spot_code(int number);

// game() "megawheel", variant() "classic".
std::unique_ptr<Engine> make_engine(cards::CardLimits limits);

}  // namespace croupier::games::megawheel
