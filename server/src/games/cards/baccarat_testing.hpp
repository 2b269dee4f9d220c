// Helpers of baccarat's tests (baccarat_test.cpp, baccarat_engine_test.cpp): cards from their
// texts and scripted deals.
#pragma once

#include <gtest/gtest.h>

#include <array>
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <initializer_list>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/rng.hpp"
#include "games/cards/baccarat.hpp"
#include "games/cards/card.hpp"

namespace croupier::games::cards::baccarat_testing {

inline Card card(std::string_view text) {
  std::optional<Card> c = card_from_text(text);
  EXPECT_TRUE(c.has_value()) << text;
  return c.value_or(Card{});
}

inline std::vector<Card> cards(std::initializer_list<std::string_view> texts) {
  std::vector<Card> out;
  for (std::string_view t : texts) out.push_back(card(t));
  return out;
}

inline Outcome dealt(std::initializer_list<std::string_view> texts) {
  std::vector<Card> seq = cards(texts);
  std::optional<Outcome> o = deal_baccarat(seq);
  EXPECT_TRUE(o.has_value());
  return o.value_or(Outcome{});
}

}  // namespace croupier::games::cards::baccarat_testing
