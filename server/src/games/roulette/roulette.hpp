// European single-zero roulette: bet spots, limits, payouts and the RNG draw.
//
// Spot codes (canonical form; numbers ascending, joined by '_'):
//   STRAIGHT_n            one number 0-36                       pays 35:1
//   SPLIT_a_b             two adjacent numbers (incl. 0-1, 0-2, 0-3)   17:1
//   STREET_a_b_c          a row of three (1_2_3 ... 34_35_36)     11:1
//   CORNER_a_b_c_d        four numbers meeting at a corner          8:1
//   LINE_a_b_c_d_e_f      two adjacent rows (six line)              5:1
//   TRIO_0_1_2, TRIO_0_2_3                                         11:1
//   BASKET_0_1_2_3        zero and the first row ("first four")     8:1
//   DOZEN_1|2|3           1-12, 13-24, 25-36                        2:1
//   COLUMN_1|2|3          1,4..34 / 2,5..35 / 3,6..36               2:1
//   RED BLACK EVEN ODD LOW HIGH                                    1:1 (zero loses)
// canonical_spot() accepts the numbers of a spot in any order and returns the sorted code.
// Inside spots: straight, split, street, corner, line, trio, basket. Outside: the rest.
//
// Checks, in order, for each added bet (the first failing one is reported):
//   unknown spot, non-positive amount or fractions of the currency's minor unit -> 1005;
//   the spot's total below the table minimum -> 1013;
//   the spot's total above its per-kind maximum -> 1009 (inside) or 1010 (outside);
//   the player's inside total above inside_max -> 1009; outside total above
//   outside_max -> 1010; total on the table above table_max -> 1012;
//   an opposite even-money pair (RED/BLACK, EVEN/ODD, LOW/HIGH) when the table forbids
//   opposite bets -> 1037.
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
  high
};

std::string_view kind_name(SpotKind kind);
int payout_ratio(SpotKind kind);
bool is_inside(SpotKind kind);

// A parsed spot: its kind and the pockets it covers (bit n set for pocket n).
struct Spot {
  SpotKind kind;
  uint64_t covers;   // bit 0..36
  std::string code;  // canonical
};

// Parses a code in any number order; nullopt if no such spot exists on a European
// wheel (for example SPLIT_1_5 or CORNER_1_2_3_4).
std::optional<Spot> parse_spot(std::string_view code);

// Every spot on the European layout, in canonical form (for exhaustive tests and
// the client's grid). Sorted by kind then numbers.
std::vector<Spot> all_spots();

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

}  // namespace croupier::games::roulette
