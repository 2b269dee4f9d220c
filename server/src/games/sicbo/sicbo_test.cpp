// Sic bo: the draw, every kind of spot on hand-picked dice, the paytable, outcome texts,
// checks, limits, and the exact return to player of every spot by enumerating the 216 throws
// through the engine's own payout(), compared with fractions derived here from counts of
// favourable throws and with the figures of docs/games/sicbo.md.
#include "games/sicbo/sicbo.hpp"

#include <gtest/gtest.h>

#include <cstdint>
#include <numeric>
#include <set>
#include <string>
#include <vector>

#include "core/rng.hpp"
#include "games/games_testing.hpp"

namespace croupier::games::sicbo {
namespace {

using cards::CardLimits;

Outcome dice(int a, int b, int c) {
  return Outcome{{a, b, c}};
}

// Every throw, in the order d1, d2, d3 from 1,1,1 to 6,6,6.
std::vector<Outcome> all_throws() {
  std::vector<Outcome> throws;
  for (int a = 1; a <= 6; ++a)
    for (int b = 1; b <= 6; ++b)
      for (int c = 1; c <= 6; ++c) throws.push_back(dice(a, b, c));
  return throws;
}

TEST(SicBo, DrawsThreeDiceThatRoundTrip) {
  auto engine = make_engine({});
  EXPECT_EQ(engine->game(), "sicbo");
  EXPECT_EQ(engine->variant(), "classic");
  EXPECT_FALSE(engine->deals_from_shoe());
  EXPECT_TRUE(engine->dealt_cards(dice(1, 2, 3)).empty());
  SeededRng rng(11);
  std::set<std::vector<int>> seen;
  for (int i = 0; i < 5000; ++i) {
    const Outcome o = engine->draw(rng);
    ASSERT_TRUE(valid_outcome(o)) << engine->encode(o);
    EXPECT_EQ(engine->decode(engine->encode(o)), o);
    seen.insert(o.values);
  }
  // 5000 draws miss one of the 216 ordered throws with probability below 216 * e^-23.
  EXPECT_EQ(seen.size(), 216u);
}

TEST(SicBo, TotalsAndTriples) {
  EXPECT_EQ(total(dice(1, 1, 1)), 3);
  EXPECT_EQ(total(dice(3, 1, 6)), 10);
  EXPECT_EQ(total(dice(6, 6, 6)), 18);
  EXPECT_TRUE(is_triple(dice(4, 4, 4)));
  EXPECT_FALSE(is_triple(dice(4, 4, 5)));
  EXPECT_FALSE(is_triple(dice(5, 4, 4)));
  EXPECT_TRUE(valid_outcome(dice(1, 6, 3)));
  for (const Outcome& bad : {Outcome{}, Outcome{{1, 2}}, Outcome{{1, 2, 3, 4}}, dice(0, 1, 2),
                             dice(1, 7, 2), dice(-1, 1, 1)})
    EXPECT_FALSE(valid_outcome(bad));
}

TEST(SicBo, SpotCodesAreTheBoardAndExact) {
  auto engine = make_engine({});
  const auto codes = spot_codes();
  ASSERT_EQ(codes.size(), 52u);
  EXPECT_EQ(codes.front(), "SMALL");
  EXPECT_EQ(codes[4], "TOTAL_4");
  EXPECT_EQ(codes[31], "COMBO_1_2");
  EXPECT_EQ(codes.back(), "SINGLE_6");
  EXPECT_EQ(std::set<std::string_view>(codes.begin(), codes.end()).size(), 52u);
  for (std::string_view code : codes) EXPECT_EQ(engine->canonical_spot(code), std::string(code));
  for (const char* code : {"", "small", "Small", "SMALL ", "TOTAL_3", "TOTAL_18", "TOTAL_04",
                           "TRIPLE_0", "TRIPLE_7", "DOUBLE_7", "COMBO_2_1", "COMBO_1_1",
                           "COMBO_1_7", "SINGLE_0", "SINGLE", "ANYTRIPLE", "ANY_TRIPLE_1"})
    EXPECT_FALSE(engine->canonical_spot(code).has_value()) << code;
}

// What 10 on a spot returns, in euros.
int64_t back(const Engine& engine, std::string_view spot, const Outcome& o) {
  const Money m = engine.payout(spot, eur(10), o);
  EXPECT_EQ(m.units % kMoneyScale, 0) << spot;
  return m.units / kMoneyScale;
}

TEST(SicBo, SmallBigOddEvenPayEvenMoneyAndLoseOnEveryTriple) {
  auto engine = make_engine({});
  struct Case {
    Outcome o;
    int64_t small, big, odd, even;
  };
  const Case cases[] = {
      {dice(1, 2, 1), 20, 0, 0, 20},  // 4: the smallest small
      {dice(3, 1, 6), 20, 0, 0, 20},  // 10: the largest small
      {dice(5, 1, 5), 0, 20, 20, 0},  // 11: the smallest big
      {dice(6, 5, 6), 0, 20, 20, 0},  // 17: the largest big
      {dice(2, 3, 4), 20, 0, 20, 0},  // 9
      {dice(6, 6, 2), 0, 20, 0, 20},  // 14
      {dice(1, 1, 1), 0, 0, 0, 0},    // 3, a triple
      {dice(2, 2, 2), 0, 0, 0, 0},    // 6 would be small and even
      {dice(3, 3, 3), 0, 0, 0, 0},    // 9 would be small and odd
      {dice(4, 4, 4), 0, 0, 0, 0},    // 12 would be big and even
      {dice(5, 5, 5), 0, 0, 0, 0},    // 15 would be big and odd
      {dice(6, 6, 6), 0, 0, 0, 0},    // 18, a triple
  };
  for (const Case& k : cases) {
    const std::string text = engine->encode(k.o);
    EXPECT_EQ(back(*engine, "SMALL", k.o), k.small) << text;
    EXPECT_EQ(back(*engine, "BIG", k.o), k.big) << text;
    EXPECT_EQ(back(*engine, "ODD", k.o), k.odd) << text;
    EXPECT_EQ(back(*engine, "EVEN", k.o), k.even) << text;
  }
}

TEST(SicBo, ASpecificTotalPaysItsRatioOnlyOnThatTotal) {
  auto engine = make_engine({});
  const int64_t ratio[18] = {0, 0, 0, 0, 50, 18, 14, 12, 8, 6, 6, 6, 6, 8, 12, 14, 18, 50};
  const Outcome throws[] = {dice(1, 1, 2), dice(2, 1, 2), dice(1, 2, 3), dice(5, 1, 1),
                            dice(2, 2, 4), dice(3, 3, 3), dice(4, 1, 5), dice(5, 5, 1),
                            dice(4, 4, 4), dice(6, 1, 6), dice(6, 6, 2), dice(5, 5, 5),
                            dice(6, 4, 6), dice(5, 6, 6), dice(1, 1, 1), dice(6, 6, 6)};
  for (const Outcome& o : throws)
    for (int t = 4; t <= 17; ++t)
      EXPECT_EQ(back(*engine, "TOTAL_" + std::to_string(t), o),
                total(o) == t ? 10 * (ratio[t] + 1) : 0)
          << engine->encode(o) << " TOTAL_" << t;
}

TEST(SicBo, TriplesAndDoubles) {
  auto engine = make_engine({});
  EXPECT_EQ(back(*engine, "TRIPLE_3", dice(3, 3, 3)), 1510);
  EXPECT_EQ(back(*engine, "TRIPLE_4", dice(3, 3, 3)), 0);
  EXPECT_EQ(back(*engine, "TRIPLE_3", dice(3, 3, 4)), 0);
  EXPECT_EQ(back(*engine, "ANY_TRIPLE", dice(6, 6, 6)), 250);
  EXPECT_EQ(back(*engine, "ANY_TRIPLE", dice(1, 1, 1)), 250);
  EXPECT_EQ(back(*engine, "ANY_TRIPLE", dice(1, 1, 2)), 0);
  // A double wins on two or three of its number, once: a triple pays no more.
  EXPECT_EQ(back(*engine, "DOUBLE_2", dice(2, 5, 2)), 90);
  EXPECT_EQ(back(*engine, "DOUBLE_2", dice(2, 2, 2)), 90);
  EXPECT_EQ(back(*engine, "DOUBLE_2", dice(2, 5, 3)), 0);
  EXPECT_EQ(back(*engine, "DOUBLE_5", dice(2, 5, 2)), 0);
}

TEST(SicBo, CombinationsWinOnceWhenBothNumbersShow) {
  auto engine = make_engine({});
  EXPECT_EQ(back(*engine, "COMBO_1_6", dice(6, 3, 1)), 60);
  EXPECT_EQ(back(*engine, "COMBO_1_6", dice(1, 6, 6)), 60);  // not twice for two sixes
  EXPECT_EQ(back(*engine, "COMBO_1_6", dice(1, 1, 3)), 0);
  EXPECT_EQ(back(*engine, "COMBO_1_6", dice(6, 6, 6)), 0);
  EXPECT_EQ(back(*engine, "COMBO_3_4", dice(4, 5, 3)), 60);
  EXPECT_EQ(back(*engine, "COMBO_4_5", dice(4, 5, 3)), 60);
  EXPECT_EQ(back(*engine, "COMBO_3_5", dice(4, 5, 3)), 60);
  EXPECT_EQ(back(*engine, "COMBO_2_3", dice(4, 5, 3)), 0);
}

TEST(SicBo, ASingleNumberPaysByHowManyDiceShowIt) {
  auto engine = make_engine({});
  EXPECT_EQ(back(*engine, "SINGLE_4", dice(1, 2, 3)), 0);
  EXPECT_EQ(back(*engine, "SINGLE_4", dice(4, 2, 3)), 20);
  EXPECT_EQ(back(*engine, "SINGLE_4", dice(4, 2, 4)), 30);
  EXPECT_EQ(back(*engine, "SINGLE_4", dice(4, 4, 4)), 40);
  EXPECT_EQ(back(*engine, "SINGLE_1", dice(6, 6, 1)), 20);
}

TEST(SicBo, APaytableOverridesEveryRatio) {
  Paytable p;
  p.small_big = 2;
  p.odd_even = 3;
  p.total_9 = 7;
  p.total_17 = 60;
  p.specific_triple = 180;
  p.any_triple = 30;
  p.specific_double = 10;
  p.combination = 6;
  p.single_one = 1;
  p.single_two = 3;
  p.single_three = 12;
  ASSERT_TRUE(valid_paytable(p));
  auto engine = make_engine({}, p);
  EXPECT_EQ(back(*engine, "SMALL", dice(1, 2, 3)), 30);
  EXPECT_EQ(back(*engine, "EVEN", dice(1, 2, 3)), 40);
  EXPECT_EQ(back(*engine, "TOTAL_9", dice(3, 2, 4)), 80);
  EXPECT_EQ(back(*engine, "TOTAL_12", dice(3, 5, 4)), 70);  // unchanged
  EXPECT_EQ(back(*engine, "TOTAL_17", dice(6, 5, 6)), 610);
  EXPECT_EQ(back(*engine, "TRIPLE_5", dice(5, 5, 5)), 1810);
  EXPECT_EQ(back(*engine, "ANY_TRIPLE", dice(5, 5, 5)), 310);
  EXPECT_EQ(back(*engine, "DOUBLE_5", dice(5, 5, 5)), 110);
  EXPECT_EQ(back(*engine, "COMBO_2_5", dice(5, 2, 5)), 70);
  EXPECT_EQ(back(*engine, "SINGLE_5", dice(5, 2, 1)), 20);
  EXPECT_EQ(back(*engine, "SINGLE_5", dice(5, 2, 5)), 40);
  EXPECT_EQ(back(*engine, "SINGLE_5", dice(5, 5, 5)), 130);
  const TableLimitsInfo info = engine->limits();
  EXPECT_EQ(info.spots.front().payout_ratio, 2);
  EXPECT_EQ(info.spots.back().payout_text, "1,3,12");
}

TEST(SicBo, PaytablesOutsideOneToTheMaximumAreInvalid) {
  EXPECT_TRUE(valid_paytable({}));
  Paytable zero;
  zero.total_13 = 0;
  EXPECT_FALSE(valid_paytable(zero));
  Paytable negative;
  negative.single_three = -3;
  EXPECT_FALSE(valid_paytable(negative));
  Paytable huge;
  huge.combination = kMaxRatio + 1;
  EXPECT_FALSE(valid_paytable(huge));
  huge.combination = kMaxRatio;
  EXPECT_TRUE(valid_paytable(huge));
}

TEST(SicBo, AmountsAreExactOnCents) {
  auto engine = make_engine({});
  EXPECT_EQ(engine->payout("TRIPLE_6", *parse_money("0.01"), dice(6, 6, 6)), *parse_money("1.51"));
  EXPECT_EQ(engine->payout("SINGLE_2", *parse_money("12.35"), dice(2, 2, 1)),
            *parse_money("37.05"));
  EXPECT_EQ(engine->payout("BIG", Money::from_units(1), dice(6, 5, 1)), Money::from_units(2));
}

TEST(SicBo, OutcomeTextsRoundTripForEveryThrow) {
  auto engine = make_engine({});
  EXPECT_EQ(engine->encode(dice(3, 1, 6)), "136|316");
  EXPECT_EQ(engine->encode(dice(6, 6, 6)), "666|666");
  EXPECT_EQ(engine->encode(dice(5, 2, 5)), "255|525");
  EXPECT_EQ(engine->label(dice(3, 1, 6)), "136");
  EXPECT_EQ(engine->label(dice(1, 3, 6)), "136");
  std::set<std::string> texts;
  for (const Outcome& o : all_throws()) {
    const std::string text = engine->encode(o);
    EXPECT_EQ(engine->decode(text), o) << text;
    EXPECT_EQ(engine->label(o), text.substr(0, text.find('|')));
    texts.insert(text);
  }
  EXPECT_EQ(texts.size(), 216u);
}

TEST(SicBo, MalformedTextsAreRefused) {
  auto engine = make_engine({});
  for (const char* bad : {"",         "136",       "136|",     "|316",     "136|31",   "136|3161",
                          "136|316|", "163|316",   "136|136x", "136 |316", "136| 316", "136|3 6",
                          "136,316",  "136|3,1,6", "116|316",  "106|016",  "137|317",  "036|306",
                          "136|316 ", " 136|316",  "1366|316", "13|31",    "136||316"})
    EXPECT_FALSE(engine->decode(bad).has_value()) << bad;
  EXPECT_TRUE(engine->decode("136|613").has_value());
}

CardLimits test_limits(bool opposite_allowed = true) {
  CardLimits l;
  l.min_bet = eur(1);
  l.main_max = eur(500);
  l.side_max = eur(50);
  l.table_max = eur(600);
  l.opposite_bets_allowed = opposite_allowed;
  return l;
}

using Verdicts = std::vector<std::optional<ErrorCode>>;

TEST(SicBo, ChecksRefuseEachLineForItsFirstReason) {
  auto engine = make_engine(test_limits());
  const std::optional<ErrorCode> ok;
  EXPECT_EQ(engine->check({}, {{"SMALL", eur(10)}, {"COMBO_2_5", eur(5)}}, "EUR"),
            (Verdicts{ok, ok}));
  // 1005: unknown spot, non-positive amounts, fractions of a cent (or of a yen).
  EXPECT_EQ(engine->check({},
                          {{"TOTAL_3", eur(10)},
                           {"COMBO_5_2", eur(10)},
                           {"TRIPLE_1", Money::zero()},
                           {"TRIPLE_1", eur(-5)},
                           {"SINGLE_1", *parse_money("1.005")}},
                          "EUR"),
            (Verdicts{ErrorCode::InvalidBet, ErrorCode::InvalidBet, ErrorCode::InvalidBet,
                      ErrorCode::InvalidBet, ErrorCode::InvalidBet}));
  EXPECT_EQ(engine->check({}, {{"BIG", *parse_money("100.50")}}, "JPY"),
            Verdicts{ErrorCode::InvalidBet});
  // 1013: the spot's total below the minimum; a second chip makes it enough.
  EXPECT_EQ(engine->check({}, {{"DOUBLE_3", *parse_money("0.50")}}, "EUR"),
            Verdicts{ErrorCode::BelowMinimum});
  EXPECT_EQ(engine->check({{"DOUBLE_3", *parse_money("0.50")}},
                          {{"DOUBLE_3", *parse_money("0.50")}}, "EUR"),
            Verdicts{ok});
  // 1010: main spots (SMALL, BIG, ODD, EVEN) up to 500, side bets up to 50.
  EXPECT_EQ(engine->check({}, {{"ODD", eur(500)}, {"BIG", eur(501)}}, "EUR"),
            (Verdicts{ok, ErrorCode::OverOutsideMax}));
  EXPECT_EQ(engine->check({{"ANY_TRIPLE", eur(40)}},
                          {{"ANY_TRIPLE", eur(11)}, {"ANY_TRIPLE", eur(10)}, {"TOTAL_10", eur(50)}},
                          "EUR"),
            (Verdicts{ErrorCode::OverOutsideMax, ok, ok}));
  // 1012: the table total; a refused line does not count towards the next.
  EXPECT_EQ(
      engine->check(
          {{"SMALL", eur(500)}},
          {{"EVEN", eur(101)}, {"SINGLE_6", eur(50)}, {"COMBO_1_2", eur(50)}, {"ODD", eur(1)}},
          "EUR"),
      (Verdicts{ErrorCode::OverTableMax, ok, ok, ErrorCode::OverTableMax}));
  // Opposite bets are allowed on this table.
  EXPECT_EQ(engine->check({{"SMALL", eur(10)}, {"ODD", eur(10)}},
                          {{"BIG", eur(10)}, {"EVEN", eur(10)}}, "EUR"),
            (Verdicts{ok, ok}));
}

TEST(SicBo, OppositeBetsAreRefusedWhenTheTableForbidsThem) {
  auto engine = make_engine(test_limits(false));
  const std::optional<ErrorCode> ok;
  EXPECT_EQ(engine->check({{"SMALL", eur(10)}}, {{"BIG", eur(10)}}, "EUR"),
            Verdicts{ErrorCode::OppositeBets});
  EXPECT_EQ(engine->check({{"EVEN", eur(10)}}, {{"ODD", eur(10)}}, "EUR"),
            Verdicts{ErrorCode::OppositeBets});
  // SMALL with ODD or EVEN is no opposite pair; nor is a side bet with anything.
  EXPECT_EQ(engine->check({},
                          {{"BIG", eur(10)},
                           {"ODD", eur(10)},
                           {"SMALL", eur(10)},
                           {"EVEN", eur(10)},
                           {"TOTAL_4", eur(5)}},
                          "EUR"),
            (Verdicts{ok, ok, ErrorCode::OppositeBets, ErrorCode::OppositeBets, ok}));
  // A refused line is not on the table: its opposite is still free.
  EXPECT_EQ(engine->check({}, {{"SMALL", eur(9999)}, {"BIG", eur(10)}}, "EUR"),
            (Verdicts{ErrorCode::OverOutsideMax, ok}));
}

TEST(SicBo, LimitsListEverySpotKind) {
  auto engine = make_engine(test_limits(false));
  const TableLimitsInfo info = engine->limits();
  EXPECT_EQ(info.min_bet, eur(1));
  EXPECT_EQ(info.table_max, eur(600));
  EXPECT_EQ(info.inside_max, eur(600));
  EXPECT_EQ(info.outside_max, eur(600));
  EXPECT_FALSE(info.opposite_bets_allowed);
  EXPECT_EQ(info.max_multiplier, 0);
  struct Kind {
    const char* kind;
    int ratio;
    bool main;
  };
  const Kind kinds[] = {{"small", 1, true},      {"big", 1, true},          {"odd", 1, true},
                        {"even", 1, true},       {"total_4", 50, false},    {"total_5", 18, false},
                        {"total_6", 14, false},  {"total_7", 12, false},    {"total_8", 8, false},
                        {"total_9", 6, false},   {"total_10", 6, false},    {"total_11", 6, false},
                        {"total_12", 6, false},  {"total_13", 8, false},    {"total_14", 12, false},
                        {"total_15", 14, false}, {"total_16", 18, false},   {"total_17", 50, false},
                        {"triple", 150, false},  {"any_triple", 24, false}, {"double", 8, false},
                        {"combo", 5, false},     {"single", 1, false}};
  ASSERT_EQ(info.spots.size(), std::size(kinds));
  for (size_t i = 0; i < std::size(kinds); ++i) {
    const SpotKindInfo& s = info.spots[i];
    EXPECT_EQ(s.kind, kinds[i].kind);
    EXPECT_EQ(s.payout_ratio, kinds[i].ratio) << s.kind;
    EXPECT_FALSE(s.inside);
    EXPECT_EQ(s.min, eur(1));
    EXPECT_EQ(s.max, kinds[i].main ? eur(500) : eur(50)) << s.kind;
    EXPECT_EQ(s.payout_text, s.kind == "single" ? "1,2,3" : "") << s.kind;
  }
}

// ---- Exact return to player ------------------------------------------------------------

// The number of throws of three dice whose total is t: the coefficient of x^t in
// (x + ... + x^6)^3, by inclusion-exclusion over the dice that exceed 6:
// sum over k of (-1)^k C(3,k) C(t - 6k - 1, 2).
int64_t throws_with_total(int t) {
  auto c2 = [](int64_t n) { return n < 2 ? 0 : n * (n - 1) / 2; };
  const int64_t c3[] = {1, 3, 3, 1};
  int64_t sum = 0;
  for (int k = 0; k <= 3; ++k) sum += (k % 2 ? -1 : 1) * c3[k] * c2(t - 6 * k - 1);
  return sum;
}

// A spot's total return over the 216 throws for a stake of 1, from counts of favourable
// throws and the paytable's ratios; nothing here asks the engine.
//   a given face on exactly k dice: C(3,k) 5^(3-k) throws (75, 15, 1 for k = 1, 2, 3);
//   a triple: 1 throw of each number; a double of n (two or three n): 15 + 1 = 16;
//   both a and b: 216 - 2 * 125 + 64 = 30 (inclusion-exclusion on "no a", "no b");
//   SMALL: totals 4-10 less the triples 222 and 333; BIG: 11-17 less 444 and 555;
//   ODD: the odd totals less 111, 333, 555; EVEN: the even ones less 222, 444, 666.
int64_t combinatorial_return(std::string_view spot, const Paytable& p) {
  auto totals = [](int from, int to, int step) {
    int64_t n = 0;
    for (int t = from; t <= to; t += step) n += throws_with_total(t);
    return n;
  };
  if (spot == "SMALL") return (totals(4, 10, 1) - 2) * (p.small_big + 1);
  if (spot == "BIG") return (totals(11, 17, 1) - 2) * (p.small_big + 1);
  if (spot == "ODD") return (totals(3, 17, 2) - 3) * (p.odd_even + 1);
  if (spot == "EVEN") return (totals(4, 18, 2) - 3) * (p.odd_even + 1);
  if (spot == "ANY_TRIPLE") return 6 * (p.any_triple + 1);
  if (spot.starts_with("TRIPLE_")) return 1 * (p.specific_triple + 1);
  if (spot.starts_with("DOUBLE_")) return 16 * (p.specific_double + 1);
  if (spot.starts_with("COMBO_")) return 30 * (p.combination + 1);
  if (spot.starts_with("SINGLE_"))
    return 75 * (p.single_one + 1) + 15 * (p.single_two + 1) + 1 * (p.single_three + 1);
  const int64_t ratios[] = {p.total_4,  p.total_5,  p.total_6,  p.total_7,  p.total_8,
                            p.total_9,  p.total_10, p.total_11, p.total_12, p.total_13,
                            p.total_14, p.total_15, p.total_16, p.total_17};
  const int t = std::stoi(std::string(spot.substr(6)));  // "TOTAL_n"
  return throws_with_total(t) * (ratios[t - 4] + 1);
}

// The engine's total return, in units, over the 216 throws for a stake of 1.
int64_t engine_return(const Engine& engine, std::string_view spot) {
  int64_t sum = 0;
  for (const Outcome& o : all_throws()) sum += engine.payout(spot, eur(1), o).units;
  return sum;
}

TEST(SicBo, ThrowCountsByTotal) {
  const int64_t expected[] = {1, 3, 6, 10, 15, 21, 25, 27, 27, 25, 21, 15, 10, 6, 3, 1};
  int64_t all = 0;
  for (int t = 3; t <= 18; ++t) {
    EXPECT_EQ(throws_with_total(t), expected[t - 3]) << t;
    all += throws_with_total(t);
  }
  EXPECT_EQ(all, 216);
  EXPECT_EQ(throws_with_total(2), 0);
  EXPECT_EQ(throws_with_total(19), 0);
}

// The returns to player of docs/games/sicbo.md, as fractions in lowest terms, for the default
// paytable. The engine (enumerating 216 throws) and the counts above must both give them.
TEST(SicBo, EverySpotReturnsExactlyTheDocumentedFraction) {
  struct Documented {
    const char* spot;
    int64_t num, den;
  };
  const Documented documented[] = {
      {"SMALL", 35, 36},      {"BIG", 35, 36},       {"ODD", 35, 36},       {"EVEN", 35, 36},
      {"TOTAL_4", 17, 24},    {"TOTAL_5", 19, 36},   {"TOTAL_6", 25, 36},   {"TOTAL_7", 65, 72},
      {"TOTAL_8", 7, 8},      {"TOTAL_9", 175, 216}, {"TOTAL_10", 7, 8},    {"TOTAL_11", 7, 8},
      {"TOTAL_12", 175, 216}, {"TOTAL_13", 7, 8},    {"TOTAL_14", 65, 72},  {"TOTAL_15", 25, 36},
      {"TOTAL_16", 19, 36},   {"TOTAL_17", 17, 24},  {"ANY_TRIPLE", 25, 36}};
  const Documented per_number[] = {{"TRIPLE_", 151, 216}, {"DOUBLE_", 2, 3}, {"SINGLE_", 199, 216}};
  auto engine = make_engine({});
  const int64_t unit = eur(1).units;
  std::set<std::string> checked;
  auto expect = [&](const std::string& spot, int64_t num, int64_t den) {
    EXPECT_EQ(std::gcd(num, den), 1) << spot << ": the documented fraction is not reduced";
    EXPECT_EQ(combinatorial_return(spot, Paytable{}) * den, 216 * num) << spot;
    const int64_t returned = engine_return(*engine, spot);
    EXPECT_EQ(returned * den, 216 * unit * num)
        << spot << " returns " << static_cast<double>(returned) / (216.0 * unit);
    checked.insert(spot);
  };
  for (const Documented& d : documented) expect(d.spot, d.num, d.den);
  for (const Documented& d : per_number)
    for (int n = 1; n <= 6; ++n) expect(d.spot + std::to_string(n), d.num, d.den);
  for (int a = 1; a <= 6; ++a)
    for (int b = a + 1; b <= 6; ++b)
      expect("COMBO_" + std::to_string(a) + "_" + std::to_string(b), 5, 6);
  EXPECT_EQ(checked.size(), spot_codes().size());  // every spot, each once
}

// A paytable whose every ratio differs from every other (so that a ratio read from the wrong
// field would show): the engine's enumeration still equals the counts for every spot.
TEST(SicBo, EverySpotReturnsTheCombinatorialFractionUnderAnotherPaytable) {
  Paytable p;
  int64_t next = 20;
  for (int64_t* ratio :
       {&p.small_big,  &p.odd_even,        &p.total_4,     &p.total_5,         &p.total_6,
        &p.total_7,    &p.total_8,         &p.total_9,     &p.total_10,        &p.total_11,
        &p.total_12,   &p.total_13,        &p.total_14,    &p.total_15,        &p.total_16,
        &p.total_17,   &p.specific_triple, &p.any_triple,  &p.specific_double, &p.combination,
        &p.single_one, &p.single_two,      &p.single_three})
    *ratio = next++;
  ASSERT_TRUE(valid_paytable(p));
  auto engine = make_engine({}, p);
  const int64_t unit = eur(1).units;
  for (std::string_view spot : spot_codes())
    EXPECT_EQ(engine_return(*engine, spot), combinatorial_return(spot, p) * unit) << spot;
}

}  // namespace
}  // namespace croupier::games::sicbo
