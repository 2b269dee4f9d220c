// Helpers of the roulette engines' tests: amounts in euros, a spot code's parts, and the
// limits the European checks are tested with.
#pragma once

#include <string>
#include <vector>

#include "core/money.hpp"
#include "games/roulette/roulette.hpp"

namespace croupier::games::roulette::roulette_testing {

inline Money eur(const char* text) {
  return *parse_money(text);
}

inline std::vector<std::string> split_code(const std::string& code) {
  std::vector<std::string> parts;
  size_t start = 0, sep;
  while ((sep = code.find('_', start)) != std::string::npos) {
    parts.push_back(code.substr(start, sep - start));
    start = sep + 1;
  }
  parts.push_back(code.substr(start));
  return parts;
}

// Min 1, inside 100, outside 200, table 250; straight 10, split 20, red 50 at most.
inline Limits test_limits(bool opposite_allowed = true) {
  Limits l;
  l.min_bet = eur("1");
  l.inside_max = eur("100");
  l.outside_max = eur("200");
  l.table_max = eur("250");
  l.opposite_bets_allowed = opposite_allowed;
  l.spot_max = {
      {SpotKind::straight, eur("10")}, {SpotKind::split, eur("20")}, {SpotKind::red, eur("50")}};
  return l;
}

}  // namespace croupier::games::roulette::roulette_testing
