// Helpers of the round host's tests on a European roulette table (table_test.cpp,
// table_rules_test.cpp): the table, its engines and the fixture.
#pragma once

#include <gtest/gtest.h>

#include <boost/json.hpp>
#include <deque>
#include <filesystem>

#include "games/roulette/roulette.hpp"
#include "table/table.hpp"
#include "table/table_testing.hpp"

namespace croupier::table::roulette_table_testing {

namespace json = boost::json;
using games::BetLine;
using ledger::PlayerId;
using table_testing::eur;
using table_testing::temp_db;
using table_testing::types;

inline TableConfig test_config() {
  TableConfig c;
  c.id = "rou-t";
  c.name = "Test Roulette";
  c.game = "roulette";
  c.variant = "european";
  c.timings.betting = Millis{10000};
  c.timings.closing_soon = Millis{3000};
  c.timings.bets_closed = Millis{1000};
  c.timings.spin = Millis{4000};
  c.timings.result = Millis{2000};
  c.timings.next_game = Millis{1000};
  c.timings.timer_interval = Millis{4000};
  return c;
}

inline Engines test_engines(bool opposite_allowed = true) {
  games::roulette::Limits limits;
  limits.min_bet = eur("0.50");
  limits.inside_max = eur("100");
  limits.outside_max = eur("200");
  limits.table_max = eur("250");
  limits.opposite_bets_allowed = opposite_allowed;
  Engines e;
  e.emplace("EUR", std::shared_ptr<const games::Engine>(games::roulette::make_european(limits)));
  return e;
}

// Red numbers of the European wheel, written out independently of the engine.
inline bool red(int n) {
  for (int r : {1, 3, 5, 7, 9, 12, 14, 16, 18, 19, 21, 23, 25, 27, 30, 32, 34, 36})
    if (r == n) return true;
  return false;
}

// The shared fixture on a European roulette table by default, run as these tests were
// written: every run_for ends with an advance() at its last instant.
struct Harness : table_testing::Harness {
  explicit Harness(const std::string& name, Engines engines = test_engines(), uint64_t seed = 1,
                   TableConfig cfg = test_config())
      : table_testing::Harness(name, std::move(cfg), std::move(engines), seed) {}

  void run_for(Millis d) {
    table_testing::Harness::run_for(d);
    table->advance();
    drain();
  }

  BetAck bet(PlayerId player, std::vector<BetLine> lines, std::string request_id,
             PlaceBetsCommand::Kind kind = PlaceBetsCommand::Kind::add, std::string game_id = {},
             std::function<void(PlaceBetsCommand&)> tweak = {}) {
    PlaceBetsCommand c;
    c.kind = kind;
    c.player = player;
    c.currency = "EUR";
    c.request_id = std::move(request_id);
    c.game_id = std::move(game_id);
    c.bets = std::move(lines);
    if (tweak) tweak(c);
    return place(std::move(c));
  }
};

}  // namespace croupier::table::roulette_table_testing
