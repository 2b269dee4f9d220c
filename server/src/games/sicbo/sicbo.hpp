// Sic bo: three dice thrown by the RNG dealer; players bet on the total, on numbers and on
// combinations of the three. docs/games/sicbo.md has the rules, the paytable with its
// source, and the exact return to player of every bet.
//
// The engine is pure: it knows no socket, clock or storage, is immutable after construction
// and is therefore safe to call from any thread.
//
// Spots (canonical codes, exact: upper case, no spaces; main spots first). Ratios are those
// of the default paytable (Paytable below, the common Macau table):
//   SMALL        total 4-10, no triple                                   1:1
//   BIG          total 11-17, no triple                                  1:1
//   ODD          odd total, no triple                                    1:1
//   EVEN         even total, no triple                                   1:1
//   TOTAL_n      total n, n = 4..17     4 and 17 50:1, 5 and 16 18:1, 6 and 15 14:1,
//                                       7 and 14 12:1, 8 and 13 8:1, 9 to 12 6:1
//   TRIPLE_n     all three dice show n, n = 1..6                       150:1
//   ANY_TRIPLE   all three dice show the same number                    24:1
//   DOUBLE_n     at least two dice show n, n = 1..6                      8:1
//   COMBO_a_b    both a and b show, 1 <= a < b <= 6 (15 spots)           5:1
//   SINGLE_n     n shows on one, two or three dice, n = 1..6     1:1, 2:1, 3:1
// SMALL, BIG, ODD and EVEN are main spots (bounded by CardLimits::main_max), every other
// spot a side bet (side_max). SMALL and BIG, and ODD and EVEN, are opposite pairs (1037
// when the table forbids opposite bets). Checks are those of cards::check_bets.
//
// Outcome::values = {d1, d2, d3}: the three dice, each 1-6, in the order thrown.
// encode(): "<label>|<throw>", the label being the three dice sorted ascending and the throw
// the same dice in the order thrown, each without separators: {3, 1, 6} is "136|316",
// {6, 6, 6} is "666|666". label() is "136". decode() accepts exactly the texts encode()
// writes.
#pragma once

#include <cstdint>
#include <memory>
#include <span>
#include <string_view>

#include "games/cards/card_limits.hpp"
#include "games/engine.hpp"

namespace croupier::games::sicbo {

inline constexpr int kDice = 3;
inline constexpr int kFaces = 6;

// What each bet wins, as "n to 1". The defaults are the Macau table of Wizard of Odds'
// sic bo page (docs/games/sicbo.md); a table of the casino file may set any of them.
struct Paytable {
  int64_t small_big = 1;  // SMALL, BIG
  int64_t odd_even = 1;   // ODD, EVEN
  int64_t total_4 = 50;   // TOTAL_4 ... TOTAL_17
  int64_t total_5 = 18;
  int64_t total_6 = 14;
  int64_t total_7 = 12;
  int64_t total_8 = 8;
  int64_t total_9 = 6;
  int64_t total_10 = 6;
  int64_t total_11 = 6;
  int64_t total_12 = 6;
  int64_t total_13 = 8;
  int64_t total_14 = 12;
  int64_t total_15 = 14;
  int64_t total_16 = 18;
  int64_t total_17 = 50;
  int64_t specific_triple = 150;  // TRIPLE_n
  int64_t any_triple = 24;        // ANY_TRIPLE
  int64_t specific_double = 8;    // DOUBLE_n
  int64_t combination = 5;        // COMBO_a_b
  int64_t single_one = 1;         // SINGLE_n when one die shows n
  int64_t single_two = 2;         // ... two dice
  int64_t single_three = 3;       // ... all three dice
  friend bool operator==(const Paytable&, const Paytable&) = default;
};

// The largest ratio a paytable may hold: far above any real sic bo payout, and small enough
// that no stake within a table's limits can overflow when multiplied by it.
inline constexpr int64_t kMaxRatio = 10'000;

// The paytable's ratios by the names a table of the casino file gives them in its
// "paytable" object: "small_big", "odd_even", "total_4" ... "total_17", "specific_triple",
// "any_triple", "specific_double", "combination", "single_one", "single_two",
// "single_three" (the field names of Paytable).
struct PaytableField {
  std::string_view name;
  int64_t Paytable::*ratio;
};
std::span<const PaytableField> paytable_fields();

// True when every ratio of `paytable` is between 1 and kMaxRatio. make_engine() requires
// it; whoever reads a paytable from a file checks it first.
bool valid_paytable(const Paytable& paytable);

// True for three dice, each 1-6: the outcomes the engine draws and accepts.
bool valid_outcome(const Outcome& outcome);

// The sum of the three dice (3-18) of a valid outcome.
int total(const Outcome& outcome);

// True when the three dice of a valid outcome show the same number.
bool is_triple(const Outcome& outcome);

// Every spot code, in board order: SMALL, BIG, ODD, EVEN, TOTAL_4..TOTAL_17,
// TRIPLE_1..TRIPLE_6, ANY_TRIPLE, DOUBLE_1..DOUBLE_6, COMBO_1_2..COMBO_5_6, SINGLE_1..SINGLE_6
// (52 in all).
std::span<const std::string_view> spot_codes();

// game() "sicbo", variant() "classic"; draw() throws three independent, uniform dice.
// limits() lists one SpotKindInfo per kind of spot, in board order: small, big, odd, even,
// total_4 ... total_17, triple, any_triple, double, combo, single; single's payout_text
// gives its three ratios ("1,2,3"). `paytable` must be valid (valid_paytable).
std::unique_ptr<Engine> make_engine(cards::CardLimits limits, Paytable paytable = {});

}  // namespace croupier::games::sicbo
