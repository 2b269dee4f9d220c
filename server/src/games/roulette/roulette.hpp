// The roulette family: bet spots and layouts, limits, payouts and the RNG draw of four
// variants (docs/games/roulette.md has the rules, payouts and return to player of each).
//
//   "european"  single zero, 37 pockets
//   "american"  0 and 00, 38 pockets; no basket, the five-number TOPLINE_0_00_1_2_3 instead
//   "mega"      European wheel; 1-5 lucky numbers with multipliers 50-500 announced after
//               bets close; straight-ups pay 29:1, or the multiplier on a lucky number
//   "powerup"   European wheel; 4 numbers powered up after bets close; when the ball
//               lands on one a multiplier 40-300 is drawn for it; straight-ups pay 30:1
//
// Spot codes (canonical form; numbers in layout order 0, 00, 1, 2, ..., 36, joined by '_'):
//   STRAIGHT_n            one number (0-36, and 00 on American)     pays 35:1
//   SPLIT_a_b             two adjacent numbers                        17:1
//                         (European 0-1, 0-2, 0-3; American 0-1, 0-2, 0-00, 00-2, 00-3)
//   STREET_a_b_c          a row of three (1_2_3 ... 34_35_36)         11:1
//   CORNER_a_b_c_d        four numbers meeting at a corner              8:1
//   LINE_a_b_c_d_e_f      two adjacent rows (six line)                  5:1
//   TRIO_0_1_2, TRIO_0_2_3 (European);
//   TRIO_0_1_2, TRIO_0_00_2, TRIO_00_2_3 (American)                    11:1
//   BASKET_0_1_2_3        zero and the first row ("first four"), European only   8:1
//   TOPLINE_0_00_1_2_3    both zeros and the first row, American only            6:1
//   DOZEN_1|2|3           1-12, 13-24, 25-36                            2:1
//   COLUMN_1|2|3          1,4..34 / 2,5..35 / 3,6..36                   2:1
//   RED BLACK EVEN ODD LOW HIGH                                        1:1 (0 and 00 lose)
// canonical_spot() accepts the numbers of a spot in any order and returns the sorted code.
// Inside spots: straight, split, street, corner, line, trio, basket, topline. Outside: the
// rest.
//
// Outcomes (Engine::Outcome::values) and their text (Engine::encode):
//   european  {pocket}                          "17"
//   american  {pocket} with 37 for 00           "17", "00"
//   mega      {pocket, n1, m1, ..., nk, mk}     "17|5x200,17x50"
//             k = 1..5 lucky numbers, ascending and distinct, each with its multiplier
//   powerup   {pocket, p1, p2, p3, p4, m}       "17|3,17,22,30|x150", "5|3,17,22,30"
//             4 powered numbers ascending and distinct; m is the multiplier drawn when
//             the pocket is powered (a power-up round), else 0 and the text has no "|x"
// decode() accepts exactly the texts encode() writes and nothing else.
//
// Checks, in order, for each added bet (the first failing one is reported):
//   unknown spot, non-positive amount or fractions of the currency's minor unit -> 1005;
//   the spot's total below the table minimum -> 1013;
//   the spot's total above its per-kind maximum -> 1009 (inside) or 1010 (outside);
//   the player's inside total above inside_max -> 1009; outside total above
//   outside_max -> 1010; total on the table above table_max -> 1012;
//   an opposite even-money pair (RED/BLACK, EVEN/ODD, LOW/HIGH) when the table forbids
//   opposite bets -> 1037.
//
// Safe bets (Engine::is_safe): a player's bets of one round, taken together, cover more
// than two thirds of the wheel's pockets (at least 25 of 37, or 26 of 38 on American), or
// hold both sides of an even-money pair (RED and BLACK, EVEN and ODD, LOW and HIGH).
#pragma once

#include <cstdint>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "games/engine.hpp"

namespace croupier::games::roulette {

// The enum values are stable: configuration iterates straight..high by number, and new
// kinds are only ever added at the end.
enum class SpotKind {
  straight,
  split,
  street,
  corner,
  line,
  trio,
  basket,
  dozen,
  column,
  red,
  black,
  even,
  odd,
  low,
  high,
  topline  // American only: 0, 00, 1, 2, 3
};

std::string_view kind_name(SpotKind kind);
int payout_ratio(SpotKind kind);  // the standard ratio (a mega straight-up pays less)
bool is_inside(SpotKind kind);

// The table layout and wheel a variant plays on.
enum class Layout { european, american };

inline constexpr int kDoubleZero = 37;  // the Outcome value of the 00 pocket

// 37 or 38.
int pocket_count(Layout layout);

// "0".."36", and "00" for kDoubleZero.
std::string pocket_label(int pocket);

// The pocket a label names on `layout` ("00" only on American), or nullopt. Labels are
// exact: no sign, no leading zero, no spaces.
std::optional<int> parse_pocket(std::string_view label, Layout layout);

// The pockets in wheel order, clockwise from zero.
std::vector<int> wheel_order(Layout layout);

// A parsed spot: its kind and the pockets it covers (bit n set for pocket n; bit 37 is 00).
struct Spot {
  SpotKind kind;
  uint64_t covers;
  std::string code;  // canonical
};

// Parses a code in any number order; nullopt if no such spot exists on the layout (for
// example SPLIT_1_5, CORNER_1_2_3_4, or BASKET_0_1_2_3 on American).
std::optional<Spot> parse_spot(std::string_view code, Layout layout);
std::optional<Spot> parse_spot(std::string_view code);  // European

// Every spot on the layout, in canonical form (for exhaustive tests and the client's
// grid). Sorted by kind (enum order) then numbers (layout order).
std::vector<Spot> all_spots(Layout layout);
std::vector<Spot> all_spots();  // European

// The kinds a layout offers, inside kinds first, in the order a limits panel lists them.
std::vector<SpotKind> layout_kinds(Layout layout);

bool is_red(int pocket);

struct Limits {
  Money min_bet = Money::from_major(1);
  Money inside_max = Money::from_major(1000);
  Money outside_max = Money::from_major(2000);
  Money table_max = Money::from_major(3000);
  bool opposite_bets_allowed = true;
  // Per-kind spot maximum; a kind missing here is bounded only by the totals above.
  std::map<SpotKind, Money> spot_max;
};

std::unique_ptr<Engine> make_european(Limits limits);
std::unique_ptr<Engine> make_american(Limits limits);
std::unique_ptr<Engine> make_mega(Limits limits);
std::unique_ptr<Engine> make_powerup(Limits limits);

// The engine of a variant by its name ("european", "american", "mega", "powerup"), or
// nullptr for any other name.
std::unique_ptr<Engine> make_engine(std::string_view variant, Limits limits);

}  // namespace croupier::games::roulette
