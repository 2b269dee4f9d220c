// The candy wheel's rules (sweet_bonanza.hpp): the wheel and its tables as documented, the
// outcome texts, what each bet returns, and every bet's exact return to player, counted
// over every outcome the engine can draw (docs/games/sweetbonanza.md).
#include "games/show/sweet_bonanza.hpp"

#include <gtest/gtest.h>

#include <map>
#include <numeric>

#include "core/rng.hpp"

namespace croupier::games::show::candy {
namespace {

__extension__ using Wide = __int128;  // (__extension__ keeps -Wpedantic quiet)

constexpr std::string_view kSpotsAll[] = {"1",          "2", "5", "CANDY_DROP", "BUBBLE_SURPRISE",
                                          "SWEET_SPINS"};

int64_t mean_over(std::span<const Weighted> table, int64_t& total) {
  int64_t sum = 0;
  total = 0;
  for (const Weighted& w : table) {
    sum += static_cast<int64_t>(w.value) * w.weight;
    total += w.weight;
  }
  return sum;
}

TEST(CandyWheel, TheWheelAndItsTablesAreTheDocumentedOnes) {
  std::map<std::string_view, int> counts;
  for (std::string_view label : wheel_labels()) counts[label]++;
  EXPECT_EQ(counts["1"], 21);
  EXPECT_EQ(counts["2"], 14);
  EXPECT_EQ(counts["5"], 7);
  for (auto bonus : {"SUGAR_BOMB", "CANDY_DROP", "BUBBLE_SURPRISE", "SWEET_SPINS"})
    EXPECT_EQ(counts[bonus], 3) << bonus;
  int64_t total = 0;
  EXPECT_EQ(mean_over(bomb_table(), total), 76);  // 19/5 over 20
  EXPECT_EQ(total, 20);
  EXPECT_EQ(mean_over(candy_table(), total), 1300);  // 13 over 100
  EXPECT_EQ(total, 100);
  EXPECT_EQ(mean_over(bubble_table(), total), 130);  // 13/2 over 20, two bubbles
  EXPECT_EQ(total, 20);
  EXPECT_EQ(spins_wheel().size(), 20u);
  EXPECT_EQ(std::accumulate(spins_wheel().begin(), spins_wheel().end(), 0), 260);  // 13 each
}

TEST(CandyWheel, OutcomeTextsRoundTripAndOthersAreRefused) {
  auto engine = make_engine({});
  SeededRng rng(7);
  std::map<std::string, int> kinds;
  for (int i = 0; i < 20000; ++i) {
    const Outcome o = engine->draw(rng);
    const std::string text = engine->encode(o);
    auto back = engine->decode(text);
    ASSERT_TRUE(back) << text;
    EXPECT_EQ(*back, o) << text;
    kinds[text.substr(0, text.find('|'))]++;
  }
  EXPECT_EQ(kinds.size(), 6u);  // every final label came up
  EXPECT_TRUE(engine->decode("5|7"));
  EXPECT_TRUE(engine->decode("CANDY_DROP|2|8,25,3"));
  EXPECT_TRUE(engine->decode("1|6|x3|0"));
  for (auto bad : {"", "5", "1|7", "5|07", "SUGAR_BOMB|6", "1|6|x4|0", "1|6|x3|6",
                   "CANDY_DROP|2|8,25", "CANDY_DROP|2|8,25,4", "CANDY_DROP|2", "5|7|3",
                   "SWEET_SPINS|16|7", "BUBBLE_SURPRISE|11|4,10,2", "5|54", "1|6|x3"})
    EXPECT_FALSE(engine->decode(bad)) << bad;
}

TEST(CandyWheel, ReturnsByTheFinalSegmentTheBombAndTheCandyPicked) {
  auto engine = make_engine({});
  const Money stake = Money::from_major(10);
  auto at = [&](std::string_view text) { return *engine->decode(text); };
  EXPECT_EQ(engine->payout("5", stake, at("5|7")), Money::from_major(60));
  EXPECT_EQ(engine->payout("1", stake, at("5|7")), Money::zero());
  EXPECT_EQ(engine->payout("1", stake, at("1|0")), Money::from_major(20));
  // A bomb of 3 before a 2: 2:1 returns 3 stakes, times 3.
  EXPECT_EQ(engine->payout("2", stake, at("2|6|x3|1")), Money::from_major(90));
  // Candies 8, 25, 3: the middle one by default, else the one picked.
  const Outcome drop = at("CANDY_DROP|2|8,25,3");
  EXPECT_EQ(engine->payout("CANDY_DROP", stake, drop), Money::from_major(260));
  EXPECT_EQ(engine->returns("CANDY_DROP", stake, drop, {"1"}), Money::from_major(90));
  EXPECT_EQ(engine->returns("CANDY_DROP", stake, drop, {"3"}), Money::from_major(40));
  EXPECT_EQ(engine->returns("BUBBLE_SURPRISE", stake, drop, {"3"}), Money::zero());
  // Bubbles add up; a bomb of 2 doubles the bonus.
  EXPECT_EQ(engine->payout("BUBBLE_SURPRISE", stake, at("BUBBLE_SURPRISE|6|x2|11|5,10")),
            Money::from_major(320));
  EXPECT_EQ(engine->payout("SWEET_SPINS", stake, at("SWEET_SPINS|16|50")), Money::from_major(510));
}

TEST(CandyWheel, EveryBetReturnsExactly13104Over13770) {
  // Every outcome with its probability over D = 54 × 20 × 51 × 10^6: the first segment, a
  // bomb's multiplier and re-spin (or neither), and the bonus values of the final segment.
  auto engine = make_engine({});
  const Money unit{1};
  const auto labels = wheel_labels();
  std::map<std::string, Wide> sum;  // per spot and pick ("CANDY_DROP:1")
  auto add = [&](const Outcome& o, int64_t weight) {
    for (std::string_view spot : kSpotsAll) {
      if (spot == "CANDY_DROP") {
        for (std::string pick : {"1", "2", "3"})
          sum["CANDY_DROP:" + pick] +=
              static_cast<Wide>(weight) * engine->returns(spot, unit, o, {pick}).units;
      } else {
        sum[std::string(spot)] += static_cast<Wide>(weight) * engine->payout(spot, unit, o).units;
      }
    }
  };
  // The bonus values of final segment `last` with weights over 10^6.
  auto with_bonus = [&](std::vector<int> base, int64_t weight) {
    const std::string_view label = labels[static_cast<size_t>(base[2])];
    if (label == "CANDY_DROP") {
      for (const auto& a : candy_table())
        for (const auto& b : candy_table())
          for (const auto& c : candy_table()) {
            Outcome o{base};
            o.values.insert(o.values.end(), {a.value, b.value, c.value});
            add(o, weight * a.weight * b.weight * c.weight);
          }
    } else if (label == "BUBBLE_SURPRISE") {
      for (const auto& a : bubble_table())
        for (const auto& b : bubble_table()) {
          Outcome o{base};
          o.values.insert(o.values.end(), {a.value, b.value});
          add(o, weight * a.weight * b.weight * 2500);
        }
    } else if (label == "SWEET_SPINS") {
      for (int v : spins_wheel()) {
        Outcome o{base};
        o.values.push_back(v);
        add(o, weight * 50000);
      }
    } else {
      add(Outcome{base}, weight * 1'000'000);
    }
  };
  for (int first = 0; first < kSegments; ++first) {
    if (labels[static_cast<size_t>(first)] != kSugarBomb) {
      with_bonus({first, 1, first}, 20 * 51);
      continue;
    }
    for (const auto& m : bomb_table())
      for (int last = 0; last < kSegments; ++last)
        if (labels[static_cast<size_t>(last)] != kSugarBomb)
          with_bonus({first, m.value, last}, m.weight);
  }
  const Wide d = static_cast<Wide>(54) * 20 * 51 * 1'000'000;
  ASSERT_EQ(sum.size(), 8u);
  for (const auto& [spot, s] : sum) EXPECT_TRUE(s * 13770 == 13104 * d) << spot;
}

TEST(CandyWheel, DrawIsTheSameForTheSameWords) {
  auto engine = make_engine({});
  SeededRng a(99), b(99);
  for (int i = 0; i < 100; ++i) EXPECT_EQ(engine->draw(a), engine->draw(b));
}

TEST(CandyWheel, ThePlanRevealsTheBombThenTheBonus) {
  auto engine = make_engine({});
  const Plan none = engine->plan(*engine->decode("5|7"));
  EXPECT_TRUE(none.bonus.empty());
  EXPECT_TRUE(none.steps.empty());
  const Plan drop = engine->plan(*engine->decode("CANDY_DROP|24|x5|2|8,25,3"));
  EXPECT_EQ(drop.bonus, "candydrop");
  EXPECT_EQ(drop.spot, "CANDY_DROP");
  ASSERT_EQ(drop.steps.size(), 3u);
  EXPECT_EQ(drop.steps[0].what, "bomb");
  EXPECT_EQ(drop.steps[0].values, (std::vector<int64_t>{5, 2}));
  EXPECT_EQ(drop.steps[1].kind, Step::Kind::choose);
  EXPECT_EQ(drop.steps[1].options, (std::vector<std::string>{"1", "2", "3"}));
  EXPECT_EQ(drop.steps[2].values, (std::vector<int64_t>{8, 25, 3}));
  EXPECT_EQ(engine->first(*engine->decode("CANDY_DROP|24|x5|2|8,25,3")), std::vector<int64_t>{24});
}

}  // namespace
}  // namespace croupier::games::show::candy
