// A promotion (docs/protocol.md "Promotions", docs/bonuses-and-promotions.md): a race
// among the players who opt in, scored from their settled bets over a period, with prizes
// for the best. Read from an operator's entry in the casino file ("promotions"). Pure
// values and functions, thread-safe.
#pragma once

#include <boost/json/object.hpp>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "core/money.hpp"
#include "core/result.hpp"

namespace croupier::config {

enum class Scoring {
  most_wagered,        // the sum of the player's stakes
  biggest_multiplier,  // the largest return of one bet over its stake
  most_wins,           // the bets that returned more than their stake
};
std::string_view scoring_name(Scoring s);

struct Promotion {
  std::string id;    // 1-40 of letters, digits, '-' and '_'
  std::string name;  // 1-80 printable characters
  std::string currency;
  std::vector<std::string> games;  // the table games it counts; empty: every one
  Money min_bet;                   // a bet below it does not count
  Scoring scoring = Scoring::most_wagered;
  std::vector<Money> prizes;  // by rank, the first first
  // Its periods: every UTC day or week ("daily", "weekly"), or the one from starts_ms to
  // ends_ms ("").
  std::string recurrence;
  int64_t starts_ms = 0, ends_ms = 0;

  struct Period {
    std::string id;  // "<promotionId>" or "<promotionId>:<first day, YYYY-MM-DD>"
    int64_t starts_ms = 0, ends_ms = 0;
  };
  // The period running at `now_ms`; for a fixed one, the period itself (it may be upcoming
  // or ended).
  Period period_at(int64_t now_ms) const;
  // The period before the one at `now_ms` (a recurring promotion's last, to be paid); a
  // fixed promotion has none (nullopt-like: empty id).
  Period period_before(int64_t now_ms) const;
  bool good_for(std::string_view game) const;
};

// Checks a promotion's terms; the error names the field.
Result<Promotion, std::string> parse_promotion(const boost::json::object& o);

}  // namespace croupier::config
