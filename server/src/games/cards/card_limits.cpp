#include "games/cards/card_limits.hpp"

#include <cassert>
#include <cstdint>
#include <map>
#include <string>
#include <utility>

namespace croupier::games::cards {

namespace {

// Stakes come from clients, so a sum of them may exceed int64 even though every accepted
// total is small: saturating keeps such a sum "above every maximum" (and refused).
Money saturating_add(Money a, Money b) {
  if (std::optional<Money> sum = checked_add(a, b)) return *sum;
  return Money{b.is_negative() ? INT64_MIN : INT64_MAX};
}

// A player's bets this round: per canonical code and on the whole table.
struct Book {
  std::map<std::string_view, Money> per_spot;  // keys point into the static spot tables
  Money table;

  Money on(std::string_view code) const {
    auto it = per_spot.find(code);
    return it == per_spot.end() ? Money::zero() : it->second;
  }

  // An existing line that is not a spot of the table (which cannot happen for bets the
  // engine accepted) still has money on the table, so it counts towards the table total.
  void add(const CardSpot* spot, Money amount) {
    table = saturating_add(table, amount);
    if (spot) per_spot[spot->code] = saturating_add(on(spot->code), amount);
  }
};

std::optional<ErrorCode> refusal(const CardLimits& limits, const Book& book, const CardSpot* spot,
                                 Money amount, std::string_view currency) {
  if (!spot || !amount.is_positive() || !is_whole_minor_unit(amount, currency))
    return ErrorCode::InvalidBet;
  const Money spot_total = saturating_add(book.on(spot->code), amount);
  if (spot_total < limits.min_bet) return ErrorCode::BelowMinimum;
  if (spot_total > (spot->side ? limits.side_max : limits.main_max))
    return ErrorCode::OverOutsideMax;
  if (saturating_add(book.table, amount) > limits.table_max) return ErrorCode::OverTableMax;
  if (!limits.opposite_bets_allowed && !spot->opposite.empty() &&
      book.on(spot->opposite).is_positive())
    return ErrorCode::OppositeBets;
  return std::nullopt;
}

}  // namespace

const CardSpot* find_spot(std::span<const CardSpot> spots, std::string_view code) {
  for (const CardSpot& spot : spots)
    if (spot.code == code) return &spot;
  return nullptr;
}

std::vector<std::optional<ErrorCode>> check_bets(std::span<const CardSpot> spots,
                                                 const CardLimits& limits,
                                                 const std::vector<BetLine>& existing,
                                                 const std::vector<BetLine>& added,
                                                 std::string_view currency) {
  Book book;
  for (const BetLine& bet : existing) book.add(find_spot(spots, bet.spot), bet.amount);
  std::vector<std::optional<ErrorCode>> verdicts;
  verdicts.reserve(added.size());
  for (const BetLine& bet : added) {
    const CardSpot* spot = find_spot(spots, bet.spot);
    std::optional<ErrorCode> verdict = refusal(limits, book, spot, bet.amount, currency);
    // Only an accepted bet counts towards the totals of the bets after it.
    if (!verdict) book.add(spot, bet.amount);
    verdicts.push_back(verdict);
  }
  return verdicts;
}

TableLimitsInfo limits_info(std::span<const CardSpot> spots, const CardLimits& limits) {
  TableLimitsInfo info;
  info.min_bet = limits.min_bet;
  info.inside_max = limits.table_max;
  info.outside_max = limits.table_max;
  info.table_max = limits.table_max;
  info.opposite_bets_allowed = limits.opposite_bets_allowed;
  for (const CardSpot& spot : spots) {
    SpotKindInfo kind;
    kind.kind = std::string(spot.kind);
    kind.payout_ratio = static_cast<int>(spot.num / spot.den);
    kind.inside = false;
    kind.min = limits.min_bet;
    kind.max = spot.side ? limits.side_max : limits.main_max;
    kind.payout_text = std::string(spot.payout_text);
    info.spots.push_back(std::move(kind));
  }
  return info;
}

}  // namespace croupier::games::cards
