// The candy wheel (game "sweetbonanza", variant "candyland"), after Pragmatic Play's Sweet
// Bonanza CandyLand: a wheel of 54 segments of the numbers 1, 2 and 5 and four bonuses.
// docs/games/sweetbonanza.md has the rules, the wheel, every table of multipliers and the
// exact return to player of every bet (13,104/13,770 = 95.16 % for each).
//
// Spots (all main spots bounded by CardLimits::main_max; none opposite another):
//   "1" "2" "5"                       the number: pays N:1
//   "CANDY_DROP" "BUBBLE_SURPRISE" "SWEET_SPINS"   the bonus: pays X:1, X its result
// The fourth bonus, the Sugar Bomb, is not a bet: the wheel is spun again over its 51 other
// segments and every win of that re-spin is multiplied by the bomb's M (2, 3, 5, 10, 20).
//
// Candy Drop: three candies fall through the pegs; each lands on a multiplier of its own
// (kCandyTable). Each player with a stake on CANDY_DROP picks a candy (choose step "candy",
// options "1" "2" "3"; the middle one, "2", for whoever does not pick) and is paid that
// candy's multiplier. Bubble Surprise: two bubbles pop, X their sum (kBubbleTable each).
// Sweet Spins: a wheel of 20 multipliers spun once (kSpinsWheel).
//
// Outcome::values = {first segment, M, final segment, bonus values...}: M is 1 and the final
// segment the first when there was no Sugar Bomb; the bonus values are the three candies,
// the two bubbles or the spin's multiplier, when the final segment is that bonus.
// encode(): "<final label>|<first>[|x<M>|<final>][|<v>,<v>,...]": "5|7", "1|6|x3|17",
// "CANDY_DROP|2|8,25,3", "BUBBLE_SURPRISE|6|x2|11|5,10". decode() takes exactly these.
//
// Pure; the engine is immutable and thread-safe.
#pragma once

#include <array>
#include <memory>
#include <span>
#include <string>
#include <string_view>

#include "games/cards/card_limits.hpp"
#include "games/show/show.hpp"

namespace croupier::games::show::candy {

inline constexpr int kSegments = 54;
inline constexpr std::string_view kSugarBomb = "SUGAR_BOMB";

// A value with its weight out of the table's total.
struct Weighted {
  int value;
  int weight;
};

// The label of each segment clockwise from segment 0: "1", "2", "5", "SUGAR_BOMB",
// "CANDY_DROP", "BUBBLE_SURPRISE", "SWEET_SPINS".
std::span<const std::string_view, kSegments> wheel_labels();
// The Sugar Bomb's multipliers (weights out of 20), a candy's (out of 100), a bubble's (out
// of 20), and the Sweet Spins wheel's 20 segments (each once).
std::span<const Weighted> bomb_table();
std::span<const Weighted> candy_table();
std::span<const Weighted> bubble_table();
std::span<const int> spins_wheel();

// game() "sweetbonanza", variant() "candyland".
std::unique_ptr<ShowEngine> make_engine(cards::CardLimits limits);

}  // namespace croupier::games::show::candy
