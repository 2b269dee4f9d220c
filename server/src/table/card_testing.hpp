// Helpers of the card tables' tests (card_play_test.cpp, squeeze_play_test.cpp): timings,
// the tables and readers of their events.
#pragma once

#include <gtest/gtest.h>

#include "games/cards/card.hpp"
#include "games/cards/shoe.hpp"
#include "table/table_testing.hpp"

namespace croupier::table::card_testing {

using namespace table_testing;

// Betting 10 s (closing soon at 7 s, timers every 4 s), bets closed 1 s, dealing 4 s,
// result 2 s, next round 1 s; a squeeze may last 8 s. Betting closes at 10 s, the deal
// starts at 11 s.
constexpr int64_t kBetsClosedAt = 10000;
constexpr int64_t kDealFrom = 11000;
constexpr int64_t kSpin = 4000;
constexpr int64_t kSqueeze = 8000;

inline TableConfig card_config(std::string id, std::string game, std::string variant,
                               std::vector<std::string> script = {}) {
  TableConfig c;
  c.id = std::move(id);
  c.name = "Test " + game;
  c.game = game;
  c.type = game;
  c.variant = std::move(variant);
  c.timings.betting = Millis{10000};
  c.timings.closing_soon = Millis{3000};
  c.timings.bets_closed = Millis{1000};
  c.timings.spin = Millis{kSpin};
  c.timings.result = Millis{2000};
  c.timings.next_game = Millis{1000};
  c.timings.timer_interval = Millis{4000};
  c.timings.squeeze = Millis{kSqueeze};
  c.scripted_results = std::move(script);
  return c;
}

inline Harness baccarat(const std::string& name, std::vector<std::string> script,
                        std::function<void(TableConfig&)> tweak = {},
                        std::string variant = "standard") {
  TableConfig c = card_config("bac-t", "baccarat", variant, std::move(script));
  if (tweak) tweak(c);
  return Harness(name, c, engines_for("baccarat", variant));
}

inline std::vector<std::string> card_texts(const json::array& cards) {
  std::vector<std::string> out;
  for (const auto& c : cards)
    out.push_back(std::string(c.at("hand").as_string()) + ":" +
                  (c.as_object().contains("card") ? std::string(c.at("card").as_string())
                                                  : std::string("faceDown")));
  return out;
}

inline size_t beads(const json::value& roads) {
  return roads.at("beadPlate").as_array().size();
}

// P 2H 3D (5) draws 4C: 9; B KS 3C (3) draws on the player's 4 and takes 5H: 8.
constexpr const char* kSixCards = "P 9-8|P:2H,3D,4C|B:KS,3C,5H";
// B 2S 7C: a natural 9 against the player's KH 5D (5); no third cards.
constexpr const char* kBankerNatural = "B 5-9|P:KH,5D|B:2S,7C";

}  // namespace croupier::table::card_testing
