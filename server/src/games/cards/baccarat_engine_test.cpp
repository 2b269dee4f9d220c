// Baccarat engines' checks and limits: the documented refusal codes in order, added bets,
// the limits listed for the client, and the factory and the shoe.
#include <gtest/gtest.h>

#include <array>
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <map>
#include <string>
#include <vector>

#include "core/rng.hpp"
#include "games/cards/baccarat.hpp"
#include "games/cards/baccarat_testing.hpp"
#include "games/cards/shoe.hpp"

namespace croupier::games::cards {
namespace {

using namespace baccarat_testing;

// ---- Checks and limits ------------------------------------------------------------------
BaccaratLimits test_limits() {
  BaccaratLimits l;
  l.min_bet = Money::from_major(1);
  l.max_main = Money::from_major(100);
  l.max_tie = Money::from_major(20);
  l.max_pair = Money::from_major(10);
  l.max_big_small = Money::from_major(30);
  l.max_super6 = Money::from_major(5);
  l.table_max = Money::from_major(150);
  l.opposite_bets_allowed = false;
  return l;
}

std::optional<ErrorCode> one(const Engine& e, const std::vector<BetLine>& existing,
                             const std::string& spot, Money amount,
                             std::string_view currency = "EUR") {
  return e.check(existing, {{spot, amount}}, currency).at(0);
}

TEST(BaccaratCheck, RefusesByTheDocumentedCodesInOrder) {
  auto std6 = make_baccarat("standard", test_limits());
  auto sup6 = make_baccarat("super6", test_limits());
  const Money m1 = Money::from_major(1);
  // 1005: unknown spots, SUPER6 on the standard table, bad amounts.
  EXPECT_EQ(one(*std6, {}, "SUPER6", m1), ErrorCode::InvalidBet);
  EXPECT_EQ(one(*sup6, {}, "SUPER6", m1), std::nullopt);
  for (const char* bad : {"player", "PLAYER ", "", "DRAGON", "PAIR", "BANKER_6"})
    EXPECT_EQ(one(*sup6, {}, bad, m1), ErrorCode::InvalidBet) << bad;
  EXPECT_EQ(one(*sup6, {}, "PLAYER", Money::zero()), ErrorCode::InvalidBet);
  EXPECT_EQ(one(*sup6, {}, "PLAYER", Money::from_major(-5)), ErrorCode::InvalidBet);
  EXPECT_EQ(one(*sup6, {}, "PLAYER", Money::from_units(100'500)), ErrorCode::InvalidBet);
  EXPECT_EQ(one(*sup6, {}, "PLAYER", Money::from_units(150'000), "JPY"), ErrorCode::InvalidBet);
  EXPECT_EQ(one(*sup6, {}, "PLAYER", Money::from_units(150'000), "EUR"), std::nullopt);
  // 1013: the spot's total below the minimum (a second chip completes it).
  EXPECT_EQ(one(*sup6, {}, "TIE", Money::from_units(50'000)), ErrorCode::BelowMinimum);
  EXPECT_EQ(one(*sup6, {{"TIE", Money::from_units(50'000)}}, "TIE", Money::from_units(50'000)),
            std::nullopt);
  // 1010: each kind's maximum, on the spot's total.
  const std::vector<std::pair<std::string, int>> maxima = {
      {"PLAYER", 100},     {"BANKER", 100}, {"TIE", 20},   {"PLAYER_PAIR", 10},
      {"BANKER_PAIR", 10}, {"BIG", 30},     {"SMALL", 30}, {"SUPER6", 5}};
  for (const auto& [spot, max] : maxima) {
    EXPECT_EQ(one(*sup6, {}, spot, Money::from_major(max)), std::nullopt) << spot;
    EXPECT_EQ(one(*sup6, {}, spot, Money::from_units(max * 100'000 + 1000)),
              ErrorCode::OverOutsideMax)
        << spot;
    EXPECT_EQ(one(*sup6, {{spot, Money::from_major(max)}}, spot, m1), ErrorCode::OverOutsideMax)
        << spot;
  }
  // 1012: the table total.
  const std::vector<BetLine> full = {{"PLAYER", Money::from_major(100)},
                                     {"TIE", Money::from_major(20)},
                                     {"BIG", Money::from_major(25)}};
  EXPECT_EQ(one(*sup6, full, "SMALL", Money::from_major(5)), std::nullopt);
  EXPECT_EQ(one(*sup6, full, "SMALL", Money::from_major(6)), ErrorCode::OverTableMax);
  // 1037: PLAYER with BANKER when the table forbids it, either way round.
  EXPECT_EQ(one(*sup6, {{"PLAYER", m1}}, "BANKER", m1), ErrorCode::OppositeBets);
  EXPECT_EQ(one(*sup6, {{"BANKER", m1}}, "PLAYER", m1), ErrorCode::OppositeBets);
  EXPECT_EQ(one(*sup6, {{"BANKER", m1}}, "TIE", m1), std::nullopt);
  BaccaratLimits allowed = test_limits();
  allowed.opposite_bets_allowed = true;
  EXPECT_EQ(one(*make_baccarat("standard", allowed), {{"BANKER", m1}}, "PLAYER", m1), std::nullopt);
  // Earlier refusals come first: over the spot maximum before the table maximum and
  // opposite bets.
  EXPECT_EQ(one(*sup6, {{"BANKER", m1}}, "PLAYER", Money::from_major(101)),
            ErrorCode::OverOutsideMax);
}

TEST(BaccaratCheck, AddedBetsCountOnlyWhenAccepted) {
  auto e = make_baccarat("standard", test_limits());
  const Money m1 = Money::from_major(1);
  auto verdicts = e->check({},
                           {{"BANKER", Money::from_major(60)},
                            {"BANKER", Money::from_major(60)},  // 120 > 100
                            {"BANKER", Money::from_major(40)},  // 100: fine
                            {"PLAYER", m1},                     // opposite
                            {"PLAYER_PAIR", Money::from_major(10)},
                            {"TIE", Money::from_major(20)},
                            {"BIG", Money::from_major(21)},  // 171 > 150
                            {"SMALL", Money::from_major(20)}},
                           "EUR");
  EXPECT_EQ(verdicts,
            (std::vector<std::optional<ErrorCode>>{
                std::nullopt, ErrorCode::OverOutsideMax, std::nullopt, ErrorCode::OppositeBets,
                std::nullopt, std::nullopt, ErrorCode::OverTableMax, std::nullopt}));
  // Sums of hostile amounts saturate instead of overflowing: refused, not aborted.
  const Money most = Money::from_units(INT64_MAX - INT64_MAX % 1000);
  auto huge = e->check({{"BIG", most}}, {{"BIG", most}}, "EUR");
  EXPECT_EQ(huge.at(0), ErrorCode::OverOutsideMax);
}

TEST(BaccaratLimitsInfo, ListsEveryKindWithItsRatioTextAndMaximum) {
  const BaccaratLimits l = test_limits();
  const TableLimitsInfo standard = make_baccarat("standard", l)->limits();
  const TableLimitsInfo super6 = make_baccarat("super6", l)->limits();
  EXPECT_EQ(standard.min_bet, l.min_bet);
  EXPECT_EQ(standard.table_max, l.table_max);
  EXPECT_EQ(standard.inside_max, l.table_max);
  EXPECT_EQ(standard.outside_max, l.table_max);
  EXPECT_FALSE(standard.opposite_bets_allowed);
  struct Row {
    std::string kind;
    int ratio;
    std::string text;
    int max;
  };
  const std::vector<Row> rows_standard = {
      {"player", 1, "1", 100},       {"banker", 0, "0.95", 100},    {"tie", 8, "8", 20},
      {"player_pair", 11, "11", 10}, {"banker_pair", 11, "11", 10}, {"big", 0, "0.54", 30},
      {"small", 1, "1.5", 30}};
  std::vector<Row> rows_super6 = rows_standard;  // copied, then changed
  rows_super6[1] = {"banker", 1, "1,0.5", 100};
  rows_super6.push_back({"super6", 12, "12,20", 5});
  using Case = std::pair<const TableLimitsInfo*, const std::vector<Row>*>;
  for (const auto& [info, rows] : {Case{&standard, &rows_standard}, Case{&super6, &rows_super6}}) {
    ASSERT_EQ(info->spots.size(), rows->size());
    for (size_t i = 0; i < rows->size(); ++i) {
      const SpotKindInfo& s = info->spots[i];
      const Row& r = (*rows)[i];
      EXPECT_EQ(s.kind, r.kind);
      EXPECT_EQ(s.payout_ratio, r.ratio) << r.kind;
      EXPECT_EQ(s.payout_text, r.text) << r.kind;
      EXPECT_EQ(s.max, Money::from_major(r.max)) << r.kind;
      EXPECT_EQ(s.min, l.min_bet);
      EXPECT_FALSE(s.inside);
    }
  }
}

TEST(BaccaratEngine, FactoryAndIdentity) {
  EXPECT_EQ(make_baccarat("european", {}), nullptr);
  EXPECT_EQ(make_baccarat("", {}), nullptr);
  EXPECT_EQ(make_baccarat("Standard", {}), nullptr);
  for (const char* variant : {"standard", "super6"}) {
    auto e = make_baccarat(variant, {});
    ASSERT_NE(e, nullptr);
    EXPECT_EQ(e->game(), "baccarat");
    EXPECT_EQ(e->variant(), variant);
    EXPECT_TRUE(e->deals_from_shoe());
    EXPECT_TRUE(e->wheel().empty());
    EXPECT_EQ(e->canonical_spot("BANKER_PAIR"), "BANKER_PAIR");
    EXPECT_EQ(e->canonical_spot("banker_pair"), std::nullopt);
    EXPECT_TRUE(e->announced_multipliers(dealt({"4H", "KS", "5D", "7C"})).empty());
  }
  for (BaccaratSpot s :
       {BaccaratSpot::player, BaccaratSpot::banker, BaccaratSpot::tie, BaccaratSpot::player_pair,
        BaccaratSpot::banker_pair, BaccaratSpot::big, BaccaratSpot::small, BaccaratSpot::super6})
    EXPECT_EQ(parse_baccarat_spot(spot_code(s)), s);
}

TEST(BaccaratEngine, DealTakesItsCardsFromTheShoeAndDrawUsesAFreshShoe) {
  auto e = make_baccarat("standard", {});
  SeededRng rng(7);
  Shoe shoe(8);
  shoe.shuffle(rng);
  for (int i = 0; i < 50; ++i) {
    const size_t before = shoe.remaining();
    const Outcome o = e->deal(shoe, rng);
    std::optional<BaccaratCoup> coup = evaluate_baccarat(o);
    ASSERT_TRUE(coup.has_value());
    EXPECT_EQ(before - shoe.remaining(), static_cast<size_t>(coup->cards()));
  }
  for (int i = 0; i < 200; ++i) EXPECT_TRUE(evaluate_baccarat(e->draw(rng)).has_value());
}

}  // namespace
}  // namespace croupier::games::cards
