// The American, mega and power-up variants, and what every roulette engine shares: the
// factory, the wheel, labels, outcome texts, multipliers and safe bets. The European
// layout, payouts and checks are in roulette_test.cpp.
#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <map>
#include <set>
#include <string>
#include <vector>

#include "core/rng.hpp"
#include "games/roulette/roulette.hpp"
#include "games/roulette/roulette_testing.hpp"

namespace croupier::games::roulette {
namespace {

using namespace roulette_testing;

// ---- Mega -------------------------------------------------------------------------

// {pocket, n1, m1, ...}
Outcome mega(int pocket, std::vector<std::pair<int, int>> lucky) {
  Outcome o{{pocket}};
  for (auto [n, m] : lucky) o.values.insert(o.values.end(), {n, m});
  return o;
}

TEST(RouletteMega, StraightUpsPayTheLuckyMultiplierOrTwentyNine) {
  auto engine = make_mega({});
  const Money one = eur("1");
  // 17 is lucky at 200x and wins: 200:1.
  const Outcome lucky_17 = mega(17, {{5, 50}, {17, 200}, {30, 500}});
  EXPECT_EQ(engine->payout("STRAIGHT_17", one, lucky_17), eur("201"));
  // Other lucky numbers lose like any straight-up that is not the pocket.
  EXPECT_TRUE(engine->payout("STRAIGHT_5", one, lucky_17).is_zero());
  EXPECT_TRUE(engine->payout("STRAIGHT_30", one, lucky_17).is_zero());
  // 17 wins but is not lucky: 29:1, however rich the lucky numbers are.
  const Outcome plain_17 = mega(17, {{5, 500}, {18, 500}});
  EXPECT_EQ(engine->payout("STRAIGHT_17", one, plain_17), eur("30"));
  EXPECT_EQ(engine->payout("STRAIGHT_17", eur("2.50"), lucky_17), eur("502.50"));
  // Zero can be lucky too.
  EXPECT_EQ(engine->payout("STRAIGHT_0", one, mega(0, {{0, 500}})), eur("501"));
  // Every other bet pays the European ratio, lucky or not.
  for (const Outcome& o : {lucky_17, plain_17}) {
    EXPECT_EQ(engine->payout("SPLIT_17_18", one, o), eur("18"));
    EXPECT_EQ(engine->payout("STREET_16_17_18", one, o), eur("12"));
    EXPECT_EQ(engine->payout("CORNER_13_14_16_17", one, o), eur("9"));
    EXPECT_EQ(engine->payout("LINE_13_14_15_16_17_18", one, o), eur("6"));
    EXPECT_EQ(engine->payout("DOZEN_2", one, o), eur("3"));
    EXPECT_EQ(engine->payout("COLUMN_2", one, o), eur("3"));
    EXPECT_EQ(engine->payout("BLACK", one, o), eur("2"));
    EXPECT_TRUE(engine->payout("RED", one, o).is_zero());
  }
  EXPECT_EQ(engine->payout("BASKET_0_1_2_3", one, mega(0, {{0, 500}})), eur("9"));
  EXPECT_FALSE(engine->canonical_spot("STRAIGHT_00").has_value());
}

TEST(RouletteMega, MultipliersAreAnnouncedAndTheWinningOneComesWithTheResult) {
  auto engine = make_mega({});
  const Outcome o = mega(17, {{5, 50}, {17, 200}, {30, 500}});
  EXPECT_EQ(
      engine->announced_multipliers(o),
      (std::vector<Multiplier>{{"STRAIGHT_5", 50}, {"STRAIGHT_17", 200}, {"STRAIGHT_30", 500}}));
  EXPECT_EQ(engine->result_multipliers(o), (std::vector<Multiplier>{{"STRAIGHT_17", 200}}));
  EXPECT_TRUE(engine->result_multipliers(mega(4, {{5, 50}})).empty());
  EXPECT_EQ(engine->label(o), "17");
}

TEST(RouletteMega, OutcomeTextRoundTrips) {
  auto engine = make_mega({});
  const std::vector<std::pair<Outcome, std::string>> cases = {
      {mega(17, {{5, 200}, {17, 50}}), "17|5x200,17x50"},
      {mega(0, {{0, 500}}), "0|0x500"},
      {mega(36, {{1, 50}, {2, 100}, {3, 150}, {35, 400}, {36, 250}}),
       "36|1x50,2x100,3x150,35x400,36x250"},
  };
  for (const auto& [outcome, text] : cases) {
    EXPECT_EQ(engine->encode(outcome), text);
    EXPECT_EQ(engine->decode(text), outcome) << text;
    EXPECT_EQ(engine->label(outcome), text.substr(0, text.find('|')));
  }
}

TEST(RouletteMega, RefusesMalformedOutcomeText) {
  auto engine = make_mega({});
  for (const char* bad : {"",
                          "17",
                          "17|",
                          "|5x50",
                          "17|5x50,",
                          "17|,5x50",
                          "17|5x50|",
                          "17|5x50|x50",
                          "17|5x201",
                          "17|5x0",
                          "17|5x49",
                          "17|5x1000",
                          "17|5x050",
                          "17|5X50",
                          "17|5*50",
                          "17|17x50,5x200",
                          "17|5x50,5x100",
                          "17|1x50,2x50,3x50,4x50,5x50,6x50",
                          "37|5x50",
                          "00|5x50",
                          "17|00x50",
                          "17|37x50",
                          "17|05x50",
                          "017|5x50",
                          " 17|5x50",
                          "17|5x50 ",
                          "17|x50",
                          "17|5x",
                          "17|5",
                          "17|5x50x2",
                          "17|5x-50",
                          "17|5x+50",
                          "-1|5x50"}) {
    EXPECT_FALSE(engine->decode(bad).has_value()) << '"' << bad << '"';
  }
}

TEST(RouletteMega, DrawsOneToFiveDistinctLuckyNumbersFromTheDocumentedMultipliers) {
  auto engine = make_mega({});
  const std::set<int> multipliers = {50, 100, 150, 200, 250, 300, 400, 500};
  SeededRng rng(7);
  std::set<size_t> counts;
  for (int i = 0; i < 20'000; ++i) {
    const Outcome o = engine->draw(rng);
    ASSERT_EQ(o.values.size() % 2, 1u);
    const size_t k = (o.values.size() - 1) / 2;
    ASSERT_GE(k, 1u);
    ASSERT_LE(k, 5u);
    counts.insert(k);
    for (size_t j = 1; j < o.values.size(); j += 2) {
      ASSERT_TRUE(multipliers.count(o.values[j + 1])) << o.values[j + 1];
      if (j > 1) {
        ASSERT_LT(o.values[j - 2], o.values[j]);
      }
    }
    ASSERT_EQ(engine->decode(engine->encode(o)), o);
  }
  EXPECT_EQ(counts, (std::set<size_t>{1, 2, 3, 4, 5}));
}

TEST(RouletteMega, LimitsAdvertiseTheBaseRatioAndTheHighestMultiplier) {
  TableLimitsInfo info = make_mega({})->limits();
  ASSERT_EQ(info.spots.size(), 15u);
  EXPECT_EQ(info.spots[0].kind, "straight");
  EXPECT_EQ(info.spots[0].payout_ratio, 29);
  EXPECT_EQ(info.spots[6].kind, "basket");
  EXPECT_EQ(info.spots[1].payout_ratio, 17);
  EXPECT_EQ(info.max_multiplier, 500);
}

// ---- Power-up ---------------------------------------------------------------------

// {pocket, p1, p2, p3, p4, multiplier}
Outcome powerup(int pocket, std::vector<int> powered, int times) {
  Outcome o{{pocket}};
  o.values.insert(o.values.end(), powered.begin(), powered.end());
  o.values.push_back(times);
  return o;
}

TEST(RoulettePowerUp, APoweredPocketPaysItsMultiplierOtherStraightUpsThirty) {
  auto engine = make_powerup({});
  const Money one = eur("1");
  const Outcome power_17 = powerup(17, {3, 17, 22, 30}, 150);
  EXPECT_EQ(engine->payout("STRAIGHT_17", one, power_17), eur("151"));
  EXPECT_TRUE(engine->payout("STRAIGHT_3", one, power_17).is_zero());
  const Outcome plain_5 = powerup(5, {3, 17, 22, 30}, 0);
  EXPECT_EQ(engine->payout("STRAIGHT_5", one, plain_5), eur("31"));
  EXPECT_TRUE(engine->payout("STRAIGHT_17", one, plain_5).is_zero());
  EXPECT_EQ(engine->payout("STRAIGHT_0", eur("2"), powerup(0, {0, 1, 2, 3}, 300)), eur("602"));
  for (const Outcome& o : {power_17, powerup(17, {3, 16, 22, 30}, 0)}) {
    EXPECT_EQ(engine->payout("SPLIT_14_17", one, o), eur("18"));
    EXPECT_EQ(engine->payout("STREET_16_17_18", one, o), eur("12"));
    EXPECT_EQ(engine->payout("CORNER_16_17_19_20", one, o), eur("9"));
    EXPECT_EQ(engine->payout("LINE_16_17_18_19_20_21", one, o), eur("6"));
    EXPECT_EQ(engine->payout("DOZEN_2", one, o), eur("3"));
    EXPECT_EQ(engine->payout("ODD", one, o), eur("2"));
    EXPECT_TRUE(engine->payout("EVEN", one, o).is_zero());
  }
  EXPECT_EQ(engine->payout("STRAIGHT_17", one, powerup(17, {3, 16, 22, 30}, 0)), eur("31"));
}

TEST(RoulettePowerUp, PoweredNumbersAreAnnouncedAndTheMultiplierComesWithTheResult) {
  auto engine = make_powerup({});
  const Outcome hit = powerup(17, {3, 17, 22, 30}, 150);
  const std::vector<Multiplier> announced = {
      {"STRAIGHT_3", 0}, {"STRAIGHT_17", 0}, {"STRAIGHT_22", 0}, {"STRAIGHT_30", 0}};
  EXPECT_EQ(engine->announced_multipliers(hit), announced);
  EXPECT_EQ(engine->result_multipliers(hit), (std::vector<Multiplier>{{"STRAIGHT_17", 150}}));
  const Outcome miss = powerup(5, {3, 17, 22, 30}, 0);
  EXPECT_EQ(engine->announced_multipliers(miss), announced);
  EXPECT_TRUE(engine->result_multipliers(miss).empty());
  EXPECT_EQ(engine->label(hit), "17");
  EXPECT_EQ(engine->label(miss), "5");
}

TEST(RoulettePowerUp, OutcomeTextRoundTrips) {
  auto engine = make_powerup({});
  const std::vector<std::pair<Outcome, std::string>> cases = {
      {powerup(17, {3, 17, 22, 30}, 150), "17|3,17,22,30|x150"},
      {powerup(5, {3, 17, 22, 30}, 0), "5|3,17,22,30"},
      {powerup(0, {0, 1, 35, 36}, 40), "0|0,1,35,36|x40"},
      {powerup(36, {0, 1, 2, 3}, 0), "36|0,1,2,3"},
  };
  for (const auto& [outcome, text] : cases) {
    EXPECT_EQ(engine->encode(outcome), text);
    EXPECT_EQ(engine->decode(text), outcome) << text;
    EXPECT_EQ(engine->label(outcome), text.substr(0, text.find('|')));
  }
}

TEST(RoulettePowerUp, RefusesMalformedOutcomeText) {
  auto engine = make_powerup({});
  for (const char* bad : {"",
                          "17",
                          "17|",
                          "17|3,17,22,30",      // a powered pocket needs its multiplier
                          "5|3,17,22,30|x150",  // and an unpowered one has none
                          "17|3,17,22,30|x151",
                          "17|3,17,22,30|x0",
                          "17|3,17,22,30|150",
                          "17|3,17,22,30|x",
                          "17|3,17,22,30|x0150",
                          "17|3,17,22,30|X150",
                          "17|3,17,22,30|x150|",
                          "5|3,17,22,30|",
                          "5|3,17,22",
                          "5|3,17,22,30,31",
                          "5|17,3,22,30",
                          "5|3,3,22,30",
                          "5|3,17,22,37",
                          "5|3,17,22,00",
                          "5|3,17,22,030",
                          "37|3,17,22,30",
                          "05|3,17,22,30",
                          "5|3,17,22,30 ",
                          "5|3,17,,30",
                          "5|3;17;22;30",
                          "5,3,17,22,30"}) {
    EXPECT_FALSE(engine->decode(bad).has_value()) << '"' << bad << '"';
  }
}

TEST(RoulettePowerUp, DrawsFourDistinctPoweredNumbersAndAMultiplierOnlyOnAHit) {
  auto engine = make_powerup({});
  const std::set<int> multipliers = {40, 50, 60, 75, 100, 150, 200, 300};
  SeededRng rng(11);
  int hits = 0;
  for (int i = 0; i < 20'000; ++i) {
    const Outcome o = engine->draw(rng);
    ASSERT_EQ(o.values.size(), 6u);
    for (size_t j = 2; j <= 4; ++j) ASSERT_LT(o.values[j - 1], o.values[j]);
    const bool hit =
        std::find(o.values.begin() + 1, o.values.begin() + 5, o.values[0]) != o.values.begin() + 5;
    if (hit) {
      ++hits;
      ASSERT_TRUE(multipliers.count(o.values[5])) << o.values[5];
    } else {
      ASSERT_EQ(o.values[5], 0);
    }
    ASSERT_EQ(engine->decode(engine->encode(o)), o);
  }
  EXPECT_GT(hits, 1800);  // 4/37 of 20 000 is 2162
  EXPECT_LT(hits, 2550);
}

TEST(RoulettePowerUp, LimitsAdvertiseTheBaseRatioAndTheHighestMultiplier) {
  TableLimitsInfo info = make_powerup({})->limits();
  ASSERT_EQ(info.spots.size(), 15u);
  EXPECT_EQ(info.spots[0].payout_ratio, 30);
  EXPECT_EQ(info.max_multiplier, 300);
}

// ---- Every variant ----------------------------------------------------------------

TEST(RouletteEngines, FactoryKnowsTheFourVariants) {
  for (const char* variant : {"european", "american", "mega", "powerup"}) {
    auto engine = make_engine(variant, {});
    ASSERT_TRUE(engine) << variant;
    EXPECT_EQ(engine->variant(), variant);
    EXPECT_EQ(engine->game(), "roulette");
  }
  for (const char* unknown : {"", "European", "french", "mega ", "power-up", "americana"})
    EXPECT_EQ(make_engine(unknown, {}), nullptr) << unknown;
  Limits l;
  l.min_bet = eur("2");
  EXPECT_EQ(make_engine("mega", l)->limits().min_bet, eur("2"));
}

TEST(RouletteEngines, ClassicWheelsHaveNoMultipliers) {
  for (const char* variant : {"european", "american"}) {
    auto engine = make_engine(variant, {});
    EXPECT_TRUE(engine->announced_multipliers(Outcome{{17}}).empty());
    EXPECT_TRUE(engine->result_multipliers(Outcome{{17}}).empty());
    EXPECT_EQ(engine->label(Outcome{{17}}), "17");
    EXPECT_EQ(engine->label(Outcome{{0}}), "0");
  }
  EXPECT_EQ(make_american({})->label(Outcome{{kDoubleZero}}), "00");
}

const std::vector<std::string> kEuropeanWheel = {
    "0",  "32", "15", "19", "4",  "21", "2",  "25", "17", "34", "6", "27", "13",
    "36", "11", "30", "8",  "23", "10", "5",  "24", "16", "33", "1", "20", "14",
    "31", "9",  "22", "18", "29", "7",  "28", "12", "35", "3",  "26"};
const std::vector<std::string> kAmericanWheel = {
    "0",  "28", "9",  "26", "30", "11", "7",  "20", "32", "17", "5",  "22", "34",
    "15", "3",  "24", "36", "13", "1",  "00", "27", "10", "25", "29", "12", "8",
    "19", "31", "18", "6",  "21", "33", "16", "4",  "23", "35", "14", "2"};

void expect_each_pocket_once(const std::vector<std::string>& wheel, Layout layout) {
  std::set<std::string> labels(wheel.begin(), wheel.end());
  EXPECT_EQ(labels.size(), wheel.size());
  std::set<std::string> expected;
  for (int p = 0; p <= 36; ++p) expected.insert(std::to_string(p));
  if (layout == Layout::american) expected.insert("00");
  EXPECT_EQ(labels, expected);
}

// Red and black alternate around both wheels, apart from the green zeros.
void expect_colours_alternate(const std::vector<std::string>& wheel) {
  for (size_t i = 0; i < wheel.size(); ++i) {
    const std::string& a = wheel[i];
    const std::string& b = wheel[(i + 1) % wheel.size()];
    if (a == "0" || a == "00" || b == "0" || b == "00") continue;
    EXPECT_NE(is_red(std::stoi(a)), is_red(std::stoi(b))) << a << " next to " << b;
  }
}

TEST(RouletteEngines, WheelsListEveryPocketOnceInStandardOrder) {
  for (const char* variant : {"european", "mega", "powerup"}) {
    const std::vector<std::string> wheel = make_engine(variant, {})->wheel();
    EXPECT_EQ(wheel, kEuropeanWheel) << variant;
    expect_each_pocket_once(wheel, Layout::european);
  }
  const std::vector<std::string> american = make_american({})->wheel();
  EXPECT_EQ(american, kAmericanWheel);
  expect_each_pocket_once(american, Layout::american);
  expect_colours_alternate(kEuropeanWheel);
  expect_colours_alternate(kAmericanWheel);
  // On the American wheel each number faces its partner of the pair (2k-1, 2k), and 0
  // faces 00.
  for (size_t i = 0; i < 19; ++i) {
    const std::string& a = american[i];
    const std::string& b = american[i + 19];
    if (a == "0") {
      EXPECT_EQ(b, "00");
      continue;
    }
    EXPECT_EQ((std::stoi(a) + 1) / 2, (std::stoi(b) + 1) / 2) << a << " faces " << b;
  }
  std::vector<int> order = wheel_order(Layout::american);
  EXPECT_EQ(order[19], kDoubleZero);
}

std::vector<BetLine> bets(const std::vector<std::string>& codes) {
  std::vector<BetLine> out;
  for (const std::string& code : codes) out.push_back({code, eur("1")});
  return out;
}

TEST(RouletteEngines, SafeBetsOnTheEuropeanWheelStartAtTwentyFivePockets) {
  for (const char* variant : {"european", "mega", "powerup"}) {
    auto e = make_engine(variant, {});
    EXPECT_FALSE(e->is_safe({})) << variant;
    EXPECT_FALSE(e->is_safe(bets({"RED"}))) << variant;
    // 24 of 37: two dozens, two columns, red and the black numbers of the first dozen.
    EXPECT_FALSE(e->is_safe(bets({"DOZEN_1", "DOZEN_2"}))) << variant;
    EXPECT_FALSE(e->is_safe(bets({"COLUMN_1", "COLUMN_3"}))) << variant;
    EXPECT_FALSE(e->is_safe(bets({"RED", "DOZEN_1"}))) << variant;
    // 25 of 37.
    EXPECT_TRUE(e->is_safe(bets({"DOZEN_1", "DOZEN_2", "STRAIGHT_0"}))) << variant;
    EXPECT_TRUE(e->is_safe(bets({"DOZEN_1", "DOZEN_2", "STRAIGHT_30"}))) << variant;
    EXPECT_TRUE(e->is_safe(bets({"RED", "DOZEN_1", "STRAIGHT_0"}))) << variant;
    // Pockets are counted once however many bets cover them: 1-2 and 5 are already in
    // the first dozen (24), the trio adds only 0 (25).
    EXPECT_FALSE(e->is_safe(bets({"DOZEN_1", "DOZEN_2", "STRAIGHT_5", "SPLIT_1_2"}))) << variant;
    EXPECT_TRUE(e->is_safe(bets({"DOZEN_1", "DOZEN_2", "TRIO_0_1_2"}))) << variant;
    // A dozen and a column share 4 numbers: 12 + 12 - 4 = 20; a second column, 28.
    EXPECT_FALSE(e->is_safe(bets({"DOZEN_1", "COLUMN_1"}))) << variant;
    EXPECT_TRUE(e->is_safe(bets({"DOZEN_1", "COLUMN_1", "COLUMN_2"}))) << variant;
    // 24 straight-ups are not safe, 25 are.
    std::vector<std::string> straights;
    for (int n = 1; n <= 24; ++n) straights.push_back("STRAIGHT_" + std::to_string(n));
    EXPECT_FALSE(e->is_safe(bets(straights))) << variant;
    straights.push_back("STRAIGHT_36");
    EXPECT_TRUE(e->is_safe(bets(straights))) << variant;
  }
}

TEST(RouletteEngines, SafeBetsOnTheAmericanWheelStartAtTwentySixPockets) {
  auto e = make_american({});
  // 24 and 25 of 38.
  EXPECT_FALSE(e->is_safe(bets({"DOZEN_1", "DOZEN_2"})));
  EXPECT_FALSE(e->is_safe(bets({"DOZEN_1", "DOZEN_2", "STRAIGHT_0"})));
  EXPECT_FALSE(e->is_safe(bets({"DOZEN_2", "DOZEN_3", "STRAIGHT_00"})));
  EXPECT_FALSE(e->is_safe(bets({"RED", "DOZEN_1", "STRAIGHT_0"})));
  EXPECT_FALSE(e->is_safe(bets({"DOZEN_1", "DOZEN_2", "TRIO_0_1_2"})));
  // 26 of 38.
  EXPECT_TRUE(e->is_safe(bets({"DOZEN_1", "DOZEN_2", "STRAIGHT_0", "STRAIGHT_00"})));
  EXPECT_TRUE(e->is_safe(bets({"DOZEN_1", "DOZEN_2", "SPLIT_0_00"})));
  EXPECT_TRUE(e->is_safe(bets({"DOZEN_1", "DOZEN_2", "TOPLINE_0_00_1_2_3", "STRAIGHT_1"})));
  EXPECT_TRUE(e->is_safe(bets({"DOZEN_2", "DOZEN_3", "STRAIGHT_00", "STRAIGHT_1"})));
  EXPECT_TRUE(e->is_safe(bets({"RED", "DOZEN_1", "TRIO_0_00_2"})));
  // 29 and 27.
  EXPECT_TRUE(e->is_safe(bets({"DOZEN_2", "DOZEN_3", "TOPLINE_0_00_1_2_3"})));
  EXPECT_TRUE(e->is_safe(bets({"DOZEN_2", "DOZEN_3", "TRIO_00_2_3"})));
}

// Each pair covers 36 pockets, so it is safe by its coverage too; the rule names it so
// that it holds whatever the coverage threshold is.
TEST(RouletteEngines, BothSidesOfAnEvenMoneyPairAreSafe) {
  for (const char* variant : {"european", "american", "mega", "powerup"}) {
    auto e = make_engine(variant, {});
    EXPECT_TRUE(e->is_safe(bets({"RED", "BLACK"}))) << variant;
    EXPECT_TRUE(e->is_safe(bets({"ODD", "STRAIGHT_7", "EVEN"}))) << variant;
    EXPECT_TRUE(e->is_safe(bets({"HIGH", "LOW"}))) << variant;
    EXPECT_FALSE(e->is_safe(bets({"RED", "STRAIGHT_0"}))) << variant;
    EXPECT_FALSE(e->is_safe(bets({"LOW", "DOZEN_2"}))) << variant;  // 1-24
    // Lines without a positive stake and unknown spots do not count.
    EXPECT_FALSE(e->is_safe({{"RED", eur("1")}, {"BLACK", Money::zero()}})) << variant;
    EXPECT_FALSE(e->is_safe(bets({"RED", "GREEN", "black"}))) << variant;
  }
}

}  // namespace
}  // namespace croupier::games::roulette
