// Boom or bust (game "boomorbust", variant "classic"): a dice show on a grid, after
// Pragmatic Play's Boom City. A red die picks the grid's row and a blue die its column.
// docs/games/boomorbust.md has the rules, the grid and the exact return to player.
//
// Spots (all main spots bounded by CardLimits::main_max; none opposite another):
//   "1" ... "6"  the number: pays 2:1 when one die shows it, 3:1 when both do
//   "BOOM"       the bonus: doubles (the diagonal's six squares) start the Boom or Bust bonus
//
// The bonus: the dice are rolled again onto the bonus grid, whose diagonal squares are BUST
// and whose other squares add their value (kValues by the dice's distance |red - blue|: 1,
// 2, 3, 6, 7) to the bonus total, from 0. After each roll that is not a bust every player
// still in chooses "keep" (roll again) or "cash" (leave with the total: a stake returns
// stake × total); whoever does not choose gets the default, which is the best play: keep
// while the total is at most kKeepUpTo (13), else cash. A bust loses what is still in;
// after kRolls (10) rolls whoever is still in is paid the total.
//
// Outcome::values = {red, blue, then the bonus rolls as red, blue pairs}: every roll of the
// bonus until its first bust or its tenth roll (the show may stop earlier, when nobody is
// in). encode(): "<red>,<blue>" and, with a bonus, "|" and its rolls as two digits each,
// comma separated: "3,5", "4,4|16,25,33". decode() takes exactly these.
//
// Pure; the engine is immutable and thread-safe.
#pragma once

#include <array>
#include <memory>

#include "games/cards/card_limits.hpp"
#include "games/show/show.hpp"

namespace croupier::games::show::boom {

// A bonus square's value by the distance between the dice (index 1 to 5; 0 is BUST).
inline constexpr std::array<int, 6> kValues = {0, 1, 2, 3, 6, 7};
inline constexpr int kRolls = 10;
inline constexpr int kKeepUpTo = 13;

// The value of bonus square (red, blue): 0 for a bust.
int square_value(int red, int blue);

// game() "boomorbust", variant() "classic".
std::unique_ptr<ShowEngine> make_engine(cards::CardLimits limits);

}  // namespace croupier::games::show::boom
