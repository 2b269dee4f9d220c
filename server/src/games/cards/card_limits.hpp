// What the tables with fixed spots (dragon tiger, andar bahar, blackjack, sic bo, the mega
// wheel) share: their limits,
// the checks of a player's bets against them, what limits() advertises, and payouts of
// fractional ratios on Money.
//
// A table of this kind has a few fixed spots, each either a main spot (DRAGON, TIGER;
// ANDAR, BAHAR) or a side bet (TIE, SUITED_TIE; the card-count ranges of andar bahar).
// Checks, in order, for each added bet (the first failing one is reported):
//   unknown spot, non-positive amount or fractions of the currency's minor unit -> 1005;
//   the spot's total below min_bet -> 1013;
//   the spot's total above main_max (main spot) or side_max (side bet) -> 1010;
//   the player's total on the table above table_max -> 1012;
//   both spots of an opposite pair (DRAGON and TIGER, ANDAR and BAHAR) when the table
//   forbids opposite bets -> 1037.
// Each added bet is checked as if the earlier added bets that passed were accepted.
// Pure values and functions; thread-safe.
#pragma once

#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "core/error_code.hpp"
#include "core/money.hpp"
#include "games/engine.hpp"

namespace croupier::games::cards {

struct CardLimits {
  Money min_bet = Money::from_major(1);       // per-spot minimum (a spot's total this round)
  Money main_max = Money::from_major(1000);   // per main spot (DRAGON, TIGER; ANDAR, BAHAR)
  Money side_max = Money::from_major(100);    // per side-bet spot
  Money table_max = Money::from_major(2000);  // a player's total on the table in one round
  bool opposite_bets_allowed = true;          // DRAGON with TIGER, ANDAR with BAHAR
};

// One spot of a card table. A win returns stake * (num + den) / den: the spot pays num/den
// to 1 (DRAGON 1/1, ANDAR 9/10, CARDS_1_5 5/2).
struct CardSpot {
  std::string_view code;      // canonical code: "DRAGON", "CARDS_1_5"
  std::string_view kind;      // lower-case kind for the limits panel: "dragon", "cards_1_5"
  bool side;                  // a side bet (bounded by side_max), else a main spot (main_max)
  std::string_view opposite;  // the spot it may not be held with when opposite bets are
                              // forbidden; empty if none
  int64_t num;                // pays num/den to 1
  int64_t den;
  std::string_view payout_text;  // SpotKindInfo::payout_text: the exact ratio when it is not
                                 // whole ("0.9", "2.5"), else empty
};

// The spot of `spots` whose code is exactly `code`, or nullptr. Codes are exact: upper case,
// no spaces.
const CardSpot* find_spot(std::span<const CardSpot> spots, std::string_view code);

// Engine::check for a table whose spots are `spots` (see the header comment).
std::vector<std::optional<ErrorCode>> check_bets(std::span<const CardSpot> spots,
                                                 const CardLimits& limits,
                                                 const std::vector<BetLine>& existing,
                                                 const std::vector<BetLine>& added,
                                                 std::string_view currency);

// Engine::limits: one SpotKindInfo per spot in the order of `spots`; payout_ratio is the
// whole part of the ratio (0 for 0.9:1, 2 for 2.5:1) and payout_text the exact one when it
// is not whole. Card tables have no inside/outside
// totals: inside_max and outside_max are the table maximum, and no spot is inside.
TableLimitsInfo limits_info(std::span<const CardSpot> spots, const CardLimits& limits);

// The one money scaling (core/money.hpp), named here for the card games' payouts.
using croupier::scaled;

// What a winning stake on `spot` returns: stake plus winnings, rounded down.
inline Money win_return(const CardSpot& spot, Money stake) {
  return scaled(stake, spot.num + spot.den, spot.den);
}

}  // namespace croupier::games::cards
