// Helpers of the blackjack tables' tests (blackjack_play_test.cpp, blackjack_turns_test.cpp,
// onebj_play_test.cpp): timings, the tables, and readers of the blackjack event.
#pragma once

#include <gtest/gtest.h>

#include "games/blackjack/blackjack.hpp"
#include "table/table_testing.hpp"

namespace croupier::table::blackjack_testing {

using namespace table_testing;
using D = games::blackjack::Decision;

// Betting 5 s (closing soon at 4 s), bets closed 0.5 s, 100 ms a card, 4 s a decision,
// 2 s for insurance, 1 s of decision closing, result 2 s, next round 1 s.
constexpr int64_t kBetting = 5000;
constexpr int64_t kDealAt = 5500;  // after the round opened
constexpr int64_t kCard = 100;
constexpr int64_t kDecision = 4000;
constexpr int64_t kInsurance = 2000;
constexpr int64_t kClosing = 1000;

inline TableConfig bj_config(const std::string& game, std::vector<std::string> script = {}) {
  TableConfig c;
  c.id = game == "onebj" ? "onebj-t" : "bj-t";
  c.name = "Test " + game;
  c.game = game;
  c.type = game;
  c.variant = game == "onebj" ? "infinite" : "classic";
  c.seats = game == "blackjack" ? 7 : 0;
  c.timings.betting = Millis{kBetting};
  c.timings.closing_soon = Millis{1000};
  c.timings.bets_closed = Millis{kDealAt - kBetting};
  c.timings.result = Millis{2000};
  c.timings.next_game = Millis{1000};
  c.timings.timer_interval = Millis{kBetting};
  c.timings.decision = Millis{kDecision};
  c.timings.insurance = Millis{kInsurance};
  c.timings.card = Millis{kCard};
  c.timings.decision_closing = Millis{kClosing};
  c.scripted_results = std::move(script);
  return c;
}

inline Harness seated(const std::string& name, std::vector<std::string> script) {
  return Harness(name, bj_config("blackjack", std::move(script)),
                 engines_for("blackjack", "classic"));
}

inline Harness onebj(const std::string& name, std::vector<std::string> script) {
  return Harness(name, bj_config("onebj", std::move(script)), engines_for("onebj", "infinite"));
}

inline std::vector<std::string> cards_of(const json::value& hand) {
  std::vector<std::string> out;
  for (const auto& c : hand.at("cards").as_array()) out.emplace_back(c.as_string());
  return out;
}

inline const json::value& hand_of(const json::object& bj, size_t seat_index, size_t hand = 0) {
  return bj.at("seats").at(seat_index).at("hands").at(hand);
}

inline bool turn_of_seat(const json::object& e, int seat) {
  return type_of(e) == "blackjack" && e.at("turn").is_object() &&
         e.at("turn").as_object().contains("seat") && e.at("turn").at("seat").as_int64() == seat;
}

inline bool step(const json::object& e, int n) {
  return type_of(e) == "blackjack" && e.at("turn").is_object() &&
         e.at("turn").as_object().contains("step") && e.at("turn").at("step").as_int64() == n;
}

}  // namespace croupier::table::blackjack_testing
