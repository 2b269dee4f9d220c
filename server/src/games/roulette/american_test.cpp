// American roulette (0 and 00): its layout and spots, every spot's pockets and return, the
// limits applied to American codes, the draw and the outcome text.
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

// ---- American -----------------------------------------------------------------------

constexpr int k00 = kDoubleZero;

// What a spot of the American layout covers, read from its code alone: an inside spot
// covers the numbers it names ("00" is 37); an outside spot the numbers 1-36 of its rule.
std::set<int> american_cover(const std::string& code) {
  static const std::array<int, 18> red = {1,  3,  5,  7,  9,  12, 14, 16, 18,
                                          19, 21, 23, 25, 27, 30, 32, 34, 36};
  const std::vector<std::string> parts = split_code(code);
  const std::string& word = parts[0];
  std::set<int> covered;
  if (word == "STRAIGHT" || word == "SPLIT" || word == "STREET" || word == "CORNER" ||
      word == "LINE" || word == "TRIO" || word == "TOPLINE") {
    for (size_t i = 1; i < parts.size(); ++i)
      covered.insert(parts[i] == "00" ? k00 : std::stoi(parts[i]));
    return covered;
  }
  const int index = parts.size() > 1 ? std::stoi(parts[1]) : 0;
  for (int n = 1; n <= 36; ++n) {
    const bool is_red = std::find(red.begin(), red.end(), n) != red.end();
    bool in = (word == "DOZEN" && (n - 1) / 12 + 1 == index) ||
              (word == "COLUMN" && (n - 1) % 3 + 1 == index) || (word == "RED" && is_red) ||
              (word == "BLACK" && !is_red) || (word == "EVEN" && n % 2 == 0) ||
              (word == "ODD" && n % 2 == 1) || (word == "LOW" && n <= 18) ||
              (word == "HIGH" && n >= 19);
    if (in) covered.insert(n);
  }
  return covered;
}

const std::map<std::string, int> kAmericanRatios = {
    {"STRAIGHT", 35}, {"SPLIT", 17},  {"STREET", 11}, {"CORNER", 8}, {"LINE", 5},
    {"TRIO", 11},     {"TOPLINE", 6}, {"DOZEN", 2},   {"COLUMN", 2}, {"RED", 1},
    {"BLACK", 1},     {"EVEN", 1},    {"ODD", 1},     {"LOW", 1},    {"HIGH", 1}};

TEST(RouletteAmerican, LayoutHasTheAmericanSpots) {
  std::map<std::string, int> per_word;
  std::set<std::string> codes;
  for (const Spot& s : all_spots(Layout::american)) {
    per_word[split_code(s.code)[0]]++;
    EXPECT_TRUE(codes.insert(s.code).second) << "duplicate " << s.code;
  }
  const std::map<std::string, int> expected = {
      {"STRAIGHT", 38}, {"SPLIT", 62},  {"STREET", 12}, {"CORNER", 22}, {"LINE", 11},
      {"TRIO", 3},      {"TOPLINE", 1}, {"DOZEN", 3},   {"COLUMN", 3},  {"RED", 1},
      {"BLACK", 1},     {"EVEN", 1},    {"ODD", 1},     {"LOW", 1},     {"HIGH", 1}};
  EXPECT_EQ(per_word, expected);
  EXPECT_EQ(all_spots(Layout::american).size(), 161u);
  for (const char* code :
       {"STRAIGHT_00", "SPLIT_0_1", "SPLIT_0_2", "SPLIT_0_00", "SPLIT_00_2", "SPLIT_00_3",
        "TRIO_0_1_2", "TRIO_0_00_2", "TRIO_00_2_3", "TOPLINE_0_00_1_2_3"})
    EXPECT_TRUE(codes.count(code)) << code;
  // European-only spots.
  for (const char* code : {"BASKET_0_1_2_3", "SPLIT_0_3", "TRIO_0_2_3"})
    EXPECT_FALSE(codes.count(code)) << code;
}

TEST(RouletteAmerican, NewSpotsCoverTheirPocketsAndKnowTheirKind) {
  struct Case {
    const char* code;
    SpotKind kind;
    std::set<int> covers;
  };
  const std::vector<Case> cases = {
      {"STRAIGHT_00", SpotKind::straight, {k00}},
      {"SPLIT_0_00", SpotKind::split, {0, k00}},
      {"SPLIT_0_1", SpotKind::split, {0, 1}},
      {"SPLIT_0_2", SpotKind::split, {0, 2}},
      {"SPLIT_00_2", SpotKind::split, {k00, 2}},
      {"SPLIT_00_3", SpotKind::split, {k00, 3}},
      {"TRIO_0_1_2", SpotKind::trio, {0, 1, 2}},
      {"TRIO_0_00_2", SpotKind::trio, {0, k00, 2}},
      {"TRIO_00_2_3", SpotKind::trio, {k00, 2, 3}},
      {"TOPLINE_0_00_1_2_3", SpotKind::topline, {0, k00, 1, 2, 3}},
  };
  for (const Case& c : cases) {
    std::optional<Spot> spot = parse_spot(c.code, Layout::american);
    ASSERT_TRUE(spot) << c.code;
    EXPECT_EQ(spot->code, c.code);
    EXPECT_EQ(spot->kind, c.kind) << c.code;
    uint64_t mask = 0;
    for (int n : c.covers) mask |= uint64_t{1} << n;
    EXPECT_EQ(spot->covers, mask) << c.code;
  }
  EXPECT_EQ(kind_name(SpotKind::topline), "topline");
  EXPECT_EQ(payout_ratio(SpotKind::topline), 6);
  EXPECT_TRUE(is_inside(SpotKind::topline));
  // The enum keeps its old values: configuration walks straight..high by number.
  EXPECT_EQ(static_cast<int>(SpotKind::high), 14);
  EXPECT_EQ(static_cast<int>(SpotKind::topline), 15);
}

TEST(RouletteAmerican, EverySpotCoversWhatItsCodeSays) {
  for (const Spot& s : all_spots(Layout::american)) {
    uint64_t mask = 0;
    for (int n : american_cover(s.code)) mask |= uint64_t{1} << n;
    EXPECT_EQ(s.covers, mask) << s.code;
    EXPECT_EQ(parse_spot(s.code, Layout::american)->code, s.code);
  }
  // Every European spot that does not touch zero is on the American layout unchanged.
  for (const Spot& s : all_spots(Layout::european)) {
    if (s.covers & 1) continue;
    std::optional<Spot> american = parse_spot(s.code, Layout::american);
    ASSERT_TRUE(american) << s.code;
    EXPECT_EQ(american->covers, s.covers) << s.code;
    EXPECT_EQ(american->kind, s.kind) << s.code;
  }
}

TEST(RouletteAmerican, CodesCanonicaliseWithDoubleZeroAfterZero) {
  auto engine = make_american({});
  EXPECT_EQ(engine->canonical_spot("SPLIT_00_0"), "SPLIT_0_00");
  EXPECT_EQ(engine->canonical_spot("SPLIT_2_00"), "SPLIT_00_2");
  EXPECT_EQ(engine->canonical_spot("TRIO_2_00_0"), "TRIO_0_00_2");
  EXPECT_EQ(engine->canonical_spot("TRIO_3_2_00"), "TRIO_00_2_3");
  EXPECT_EQ(engine->canonical_spot("STRAIGHT_00"), "STRAIGHT_00");
  EXPECT_EQ(engine->canonical_spot("STRAIGHT_0"), "STRAIGHT_0");
  EXPECT_EQ(engine->canonical_spot("RED"), "RED");
  std::vector<std::string> numbers = {"0", "00", "1", "2", "3"};
  std::sort(numbers.begin(), numbers.end());
  int permutations = 0;
  do {
    std::string code = "TOPLINE";
    for (const std::string& n : numbers) code += "_" + n;
    EXPECT_EQ(engine->canonical_spot(code), "TOPLINE_0_00_1_2_3") << code;
    ++permutations;
  } while (std::next_permutation(numbers.begin(), numbers.end()));
  EXPECT_EQ(permutations, 120);
}

TEST(RouletteAmerican, RefusesSpotsThatAreNotOnTheLayout) {
  auto american = make_american({});
  for (const char* code : {"BASKET_0_1_2_3",
                           "SPLIT_0_3",
                           "SPLIT_00_1",
                           "SPLIT_00_4",
                           "SPLIT_0_0",
                           "SPLIT_00_00",
                           "TRIO_0_2_3",
                           "TRIO_0_00_1",
                           "TRIO_0_00_3",
                           "TRIO_00_1_2",
                           "TOPLINE_0_1_2_3",
                           "TOPLINE_00_1_2_3_4",
                           "TOPLINE_0_00_1_2_3_3",
                           "TOPLINE_0_00_1_2",
                           "STRAIGHT_37",
                           "STRAIGHT_000",
                           "STRAIGHT_0_0",
                           "STRAIGHT_-0",
                           "STRAIGHT_ 00",
                           "STRAIGHT_00 ",
                           "straight_00",
                           "DOZEN_00",
                           "COLUMN_0",
                           "RED_00",
                           "STRAIGHT_O0",
                           "topline_0_00_1_2_3"}) {
    EXPECT_FALSE(american->canonical_spot(code).has_value()) << code;
  }
  auto european = make_european({});
  for (const char* code : {"TOPLINE_0_00_1_2_3", "STRAIGHT_00", "SPLIT_0_00", "TRIO_00_2_3"})
    EXPECT_FALSE(european->canonical_spot(code).has_value()) << code;
}

TEST(RouletteAmerican, EverySpotPaysOnExactlyItsPocketsIncludingDoubleZero) {
  auto engine = make_american({});
  const Money stake = eur("2.50");
  for (const Spot& s : all_spots(Layout::american)) {
    const std::set<int> cover = american_cover(s.code);
    const int64_t win = stake.units * (kAmericanRatios.at(split_code(s.code)[0]) + 1);
    for (int p = 0; p <= 37; ++p)
      EXPECT_EQ(engine->payout(s.code, stake, Outcome{{p}}).units, cover.count(p) ? win : 0)
          << s.code << " on " << pocket_label(p);
  }
}

TEST(RouletteAmerican, ZeroAndDoubleZeroLoseEveryOutsideBet) {
  auto engine = make_american({});
  for (const char* code : {"RED", "BLACK", "EVEN", "ODD", "LOW", "HIGH", "DOZEN_1", "DOZEN_2",
                           "DOZEN_3", "COLUMN_1", "COLUMN_2", "COLUMN_3"}) {
    EXPECT_TRUE(engine->payout(code, eur("10"), Outcome{{0}}).is_zero()) << code;
    EXPECT_TRUE(engine->payout(code, eur("10"), Outcome{{k00}}).is_zero()) << code;
  }
  EXPECT_EQ(engine->payout("STRAIGHT_00", eur("1"), Outcome{{k00}}), eur("36"));
  EXPECT_TRUE(engine->payout("STRAIGHT_0", eur("1"), Outcome{{k00}}).is_zero());
  EXPECT_TRUE(engine->payout("STRAIGHT_00", eur("1"), Outcome{{0}}).is_zero());
  EXPECT_EQ(engine->payout("SPLIT_0_00", eur("1"), Outcome{{k00}}), eur("18"));
  EXPECT_EQ(engine->payout("TRIO_00_2_3", eur("1"), Outcome{{k00}}), eur("12"));
  EXPECT_EQ(engine->payout("TOPLINE_0_00_1_2_3", eur("1"), Outcome{{k00}}), eur("7"));
  EXPECT_EQ(engine->payout("TOPLINE_0_00_1_2_3", eur("1"), Outcome{{3}}), eur("7"));
  EXPECT_TRUE(engine->payout("TOPLINE_0_00_1_2_3", eur("1"), Outcome{{4}}).is_zero());
  // Payout accepts the numbers in any order, like canonical_spot.
  EXPECT_EQ(engine->payout("SPLIT_00_0", eur("1"), Outcome{{0}}), eur("18"));
}

// 36 stakes back over the 38 pockets (94.74 %), the top line 35 (92.11 %).
TEST(RouletteAmerican, EverySpotReturnsThirtySixOfThirtyEightButTheTopLine) {
  auto engine = make_american({});
  for (const Spot& s : all_spots(Layout::american)) {
    Money total = Money::zero();
    for (int p = 0; p <= 37; ++p) total += engine->payout(s.code, eur("1"), Outcome{{p}});
    EXPECT_EQ(total, eur(s.kind == SpotKind::topline ? "35" : "36")) << s.code;
  }
}

Limits american_limits() {
  Limits l;
  l.min_bet = eur("1");
  l.inside_max = eur("100");
  l.outside_max = eur("200");
  l.table_max = eur("250");
  l.opposite_bets_allowed = false;
  l.spot_max = {
      {SpotKind::straight, eur("10")}, {SpotKind::split, eur("20")}, {SpotKind::topline, eur("5")}};
  return l;
}

std::vector<int> verdicts(const Engine& engine, const std::vector<BetLine>& existing,
                          const std::vector<BetLine>& added) {
  std::vector<int> out;
  for (const auto& v : engine.check(existing, added, "EUR")) out.push_back(v ? to_int(*v) : 0);
  return out;
}

TEST(RouletteAmerican, CheckAppliesTheLimitsToAmericanCodes) {
  auto e = make_american(american_limits());
  EXPECT_EQ(verdicts(*e, {}, {{"STRAIGHT_00", eur("10")}}), std::vector<int>{0});
  EXPECT_EQ(verdicts(*e, {}, {{"STRAIGHT_00", eur("10.01")}}), std::vector<int>{1009});
  EXPECT_EQ(verdicts(*e, {}, {{"STRAIGHT_00", eur("0.99")}}), std::vector<int>{1013});
  // The spot's total is kept by canonical code, whatever order the numbers came in.
  EXPECT_EQ(verdicts(*e, {{"SPLIT_0_00", eur("15")}},
                     {{"SPLIT_00_0", eur("5")}, {"SPLIT_0_00", eur("0.01")}}),
            (std::vector<int>{0, 1009}));
  // The top line has its own maximum and counts towards the inside total.
  EXPECT_EQ(verdicts(*e, {}, {{"TOPLINE_0_00_1_2_3", eur("5")}, {"TOPLINE_3_2_1_00_0", eur("1")}}),
            (std::vector<int>{0, 1009}));
  EXPECT_EQ(verdicts(*e, {{"STREET_1_2_3", eur("96")}},
                     {{"TOPLINE_0_00_1_2_3", eur("5")}, {"TOPLINE_0_00_1_2_3", eur("4")}}),
            (std::vector<int>{1009, 0}));
  EXPECT_EQ(verdicts(*e, {{"DOZEN_1", eur("200")}, {"STREET_4_5_6", eur("49")}},
                     {{"TRIO_00_2_3", eur("2")}}),
            std::vector<int>{1012});
  EXPECT_EQ(verdicts(*e, {{"RED", eur("5")}}, {{"BLACK", eur("5")}}), std::vector<int>{1037});
  EXPECT_EQ(verdicts(*e, {}, {{"BASKET_0_1_2_3", eur("5")}, {"STRAIGHT_37", eur("5")}}),
            (std::vector<int>{1005, 1005}));
}

TEST(RouletteAmerican, DrawsEveryPocketIncludingDoubleZero) {
  auto engine = make_american({});
  SeededRng rng(38);
  std::array<int, 38> seen{};
  for (int i = 0; i < 38'000; ++i) {
    Outcome o = engine->draw(rng);
    ASSERT_EQ(o.values.size(), 1u);
    ASSERT_GE(o.values[0], 0);
    ASSERT_LE(o.values[0], 37);
    seen[static_cast<size_t>(o.values[0])]++;
  }
  for (int p = 0; p < 38; ++p) EXPECT_GT(seen[static_cast<size_t>(p)], 800) << p;
}

TEST(RouletteAmerican, OutcomeTextIsThePocketWithDoubleZeroAs00) {
  auto engine = make_american({});
  for (int p = 0; p <= 37; ++p) {
    const std::string text = engine->encode(Outcome{{p}});
    EXPECT_EQ(text, p == 37 ? "00" : std::to_string(p));
    EXPECT_EQ(engine->label(Outcome{{p}}), text);
    EXPECT_EQ(engine->decode(text), Outcome{{p}}) << text;
  }
  for (const char* bad : {"", "37", "000", "07", "-0", "0 ", " 00", "00|", "0|0", "x", "38"})
    EXPECT_FALSE(engine->decode(bad).has_value()) << '"' << bad << '"';
  EXPECT_FALSE(make_european({})->decode("00").has_value());
}

TEST(RouletteAmerican, LimitsListTheTopLineInsteadOfTheBasket) {
  TableLimitsInfo info = make_american(american_limits())->limits();
  std::vector<std::string> kinds;
  for (const SpotKindInfo& k : info.spots) kinds.push_back(k.kind);
  EXPECT_EQ(kinds, (std::vector<std::string>{"straight", "split", "street", "corner", "line",
                                             "trio", "topline", "dozen", "column", "red", "black",
                                             "even", "odd", "low", "high"}));
  EXPECT_EQ(info.spots[6].payout_ratio, 6);
  EXPECT_TRUE(info.spots[6].inside);
  EXPECT_EQ(info.spots[6].max, eur("5"));
  EXPECT_EQ(info.spots[5].max, eur("100"));
  EXPECT_EQ(info.max_multiplier, 0);
  EXPECT_EQ(make_american({})->variant(), "american");
  EXPECT_EQ(make_american({})->game(), "roulette");
}

}  // namespace
}  // namespace croupier::games::roulette
