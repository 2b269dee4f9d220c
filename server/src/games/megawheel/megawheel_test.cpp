// Mega wheel: the wheel, every kind of payout, the multipliers shown, outcome texts,
// checks, limits, and the exact return of every bet by enumerating every segment, chosen
// number and multiplier through the engine's own payout(), compared with figures worked
// out here from the documented tables (docs/games/megawheel.md).
#include "games/megawheel/megawheel.hpp"

#include <gtest/gtest.h>

#include <cstdint>
#include <map>
#include <set>
#include <string>
#include <vector>

#include "core/rng.hpp"
#include "games/games_testing.hpp"

namespace croupier::games::megawheel {
namespace {

// The first segment (clockwise from 0) that bears `number`.
int segment_of(int number) {
  for (int s = 0; s < kSegments; ++s)
    if (number_at(s) == number) return s;
  ADD_FAILURE() << "no segment bears " << number;
  return 0;
}

Outcome round_of(int lands_on, int chosen, int times) {
  return Outcome{{segment_of(lands_on), chosen, times}};
}

// The documentation's tables, copied by hand: segments per number and, per number, its
// multipliers with their weights (per mille).
const std::map<int, int> kDocCounts = {{1, 20}, {2, 13}, {5, 7},  {8, 4}, {10, 4},
                                       {15, 2}, {20, 2}, {30, 1}, {40, 1}};
const std::map<int, std::map<int, int>> kDocTables = {
    {1,
     {{2, 403},
      {3, 232},
      {5, 145},
      {10, 100},
      {15, 50},
      {20, 30},
      {25, 20},
      {50, 10},
      {75, 5},
      {100, 5}}},
    {2,
     {{3, 385},
      {5, 245},
      {10, 145},
      {15, 100},
      {20, 50},
      {25, 30},
      {50, 20},
      {75, 10},
      {100, 5},
      {150, 5},
      {200, 5}}},
    {5,
     {{10, 482},
      {15, 265},
      {20, 128},
      {25, 60},
      {50, 35},
      {75, 12},
      {100, 10},
      {150, 4},
      {200, 2},
      {250, 2}}},
    {8,
     {{10, 241},
      {15, 190},
      {20, 145},
      {25, 116},
      {50, 90},
      {75, 70},
      {100, 55},
      {150, 38},
      {200, 30},
      {250, 25}}},
    {10,
     {{15, 459},
      {20, 250},
      {25, 135},
      {50, 73},
      {75, 40},
      {100, 20},
      {150, 10},
      {200, 8},
      {250, 5}}},
    {15,
     {{20, 206},
      {25, 172},
      {50, 140},
      {75, 110},
      {100, 90},
      {150, 75},
      {200, 60},
      {250, 50},
      {300, 42},
      {400, 30},
      {500, 25}}},
    {20,
     {{25, 417},
      {50, 245},
      {75, 140},
      {100, 85},
      {150, 50},
      {200, 30},
      {250, 15},
      {300, 10},
      {400, 4},
      {500, 4}}},
    {30,
     {{50, 128},
      {75, 110},
      {100, 110},
      {150, 110},
      {200, 110},
      {250, 110},
      {300, 110},
      {400, 106},
      {500, 106}}},
    {40,
     {{50, 261},
      {75, 200},
      {100, 150},
      {150, 115},
      {200, 90},
      {250, 65},
      {300, 50},
      {400, 40},
      {500, 29}}},
};

TEST(MegaWheel, TheWheelHas54SegmentsWithTheStatedCounts) {
  ASSERT_EQ(segments().size(), 54u);
  std::map<int, int> counts;
  for (int number : segments()) counts[number]++;
  EXPECT_EQ(counts, kDocCounts);
  for (int number : kNumbers) EXPECT_EQ(segment_count(number), kDocCounts.at(number));
  EXPECT_EQ(segment_count(3), 0);
  EXPECT_EQ(number_at(0), 40);
  EXPECT_EQ(number_at(27), 30);
  EXPECT_EQ(number_at(-1), 0);
  EXPECT_EQ(number_at(54), 0);
  // Neighbours always differ, round the whole circle.
  for (int s = 0; s < kSegments; ++s)
    EXPECT_NE(number_at(s), number_at((s + 1) % kSegments)) << "segments " << s;
  // The client draws the wheel from these labels.
  auto engine = make_engine({});
  const std::vector<std::string> labels = engine->wheel();
  ASSERT_EQ(labels.size(), 54u);
  for (int s = 0; s < kSegments; ++s) EXPECT_EQ(labels[s], std::to_string(number_at(s)));
  EXPECT_EQ(engine->game(), "megawheel");
  EXPECT_EQ(engine->variant(), "classic");
  EXPECT_FALSE(engine->deals_from_shoe());
}

TEST(MegaWheel, MultiplierTablesAreTheDocumentedOnes) {
  int highest = 0;
  for (int number : kNumbers) {
    std::map<int, int> table;
    int total = 0, previous = 0;
    for (const WeightedMultiplier& m : multiplier_table(number)) {
      EXPECT_GT(m.times, previous) << number;  // ascending
      EXPECT_GT(m.times, number) << number;    // never below the plain payout
      EXPECT_GT(m.weight, 0) << number;
      table[m.times] = m.weight;
      total += m.weight;
      previous = m.times;
      highest = std::max(highest, m.times);
    }
    EXPECT_EQ(total, kMultiplierWeightTotal) << number;
    EXPECT_EQ(table, kDocTables.at(number)) << number;
  }
  EXPECT_EQ(highest, kMaxMultiplier);
  EXPECT_EQ(multiplier_table(1).back().times, 100);
  EXPECT_EQ(multiplier_table(2).back().times, 200);
  EXPECT_TRUE(multiplier_table(0).empty());
  EXPECT_TRUE(multiplier_table(3).empty());
}

TEST(MegaWheel, PlainWinsPayTheNumberToOne) {
  auto engine = make_engine({});
  const Money ten = eur(10);
  for (int number : kNumbers) {
    // 40 is chosen (or, for a bet on 40, 1): the winning number is not multiplied.
    const int chosen = number == 40 ? 1 : 40;
    const Outcome o = round_of(number, chosen, multiplier_table(chosen).front().times);
    for (int bet : kNumbers) {
      const Money expected = bet == number ? ten * (number + 1) : Money::zero();
      EXPECT_EQ(engine->payout(spot_code(bet), ten, o), expected)
          << "bet " << bet << " lands " << number;
    }
  }
}

TEST(MegaWheel, AMultipliedWinPaysTheMultiplierToOneInstead) {
  auto engine = make_engine({});
  const Money ten = eur(10);
  EXPECT_EQ(engine->payout("40", ten, round_of(40, 40, 500)), eur(5010));
  EXPECT_EQ(engine->payout("1", ten, round_of(1, 1, 2)), eur(30));
  EXPECT_EQ(engine->payout("1", ten, round_of(1, 1, 100)), eur(1010));
  EXPECT_EQ(engine->payout("5", ten, round_of(5, 5, 10)), eur(110));
  EXPECT_EQ(engine->payout("30", *parse_money("0.10"), round_of(30, 30, 250)),
            *parse_money("25.10"));
  // The multiplier is the chosen number's: a loss on it is still a loss, and the other
  // numbers pay as usual.
  const Outcome other = round_of(2, 10, 250);
  EXPECT_EQ(engine->payout("2", ten, other), eur(30));
  EXPECT_EQ(engine->payout("10", ten, other), Money::zero());
  EXPECT_EQ(engine->payout("40", ten, other), Money::zero());
  // Fractions of a cent are exact: every ratio is whole.
  EXPECT_EQ(engine->payout("8", Money::from_units(7), round_of(8, 8, 150)),
            Money::from_units(7 * 151));
  EXPECT_EQ(engine->payout("8", Money::from_units(7), round_of(8, 1, 2)), Money::from_units(7 * 9));
}

TEST(MegaWheel, TheChosenNumberIsAnnouncedAndComesWithTheResult) {
  auto engine = make_engine({});
  const Outcome hit = round_of(15, 15, 300);
  const Outcome miss = round_of(1, 15, 300);
  const std::vector<Multiplier> expected = {{"15", 300}};
  EXPECT_EQ(engine->announced_multipliers(hit), expected);
  EXPECT_EQ(engine->announced_multipliers(miss), expected);
  EXPECT_EQ(engine->result_multipliers(hit), expected);
  EXPECT_TRUE(engine->result_multipliers(miss).empty());  // announced, but it did not pay
  EXPECT_EQ(engine->limits().max_multiplier, 500);
}

TEST(MegaWheel, DrawsAreInRangeAndRoundTrip) {
  auto engine = make_engine({});
  SeededRng rng(11);
  std::set<int> segments_seen, chosen_seen;
  for (int i = 0; i < 5000; ++i) {
    const Outcome o = engine->draw(rng);
    ASSERT_EQ(o.values.size(), 3u);
    EXPECT_GE(o.values[0], 0);
    EXPECT_LT(o.values[0], kSegments);
    segments_seen.insert(o.values[0]);
    chosen_seen.insert(o.values[1]);
    EXPECT_EQ(engine->decode(engine->encode(o)), o);
  }
  EXPECT_EQ(segments_seen.size(), 54u);
  EXPECT_EQ(chosen_seen, std::set<int>(kNumbers.begin(), kNumbers.end()));
}

TEST(MegaWheel, OutcomeTextsRoundTripForEverySegmentAndMultiplier) {
  auto engine = make_engine({});
  EXPECT_EQ(engine->encode(Outcome{{7, 40, 100}}), "5|7|40x100");
  EXPECT_EQ(engine->encode(Outcome{{0, 1, 2}}), "40|0|1x2");
  EXPECT_EQ(engine->encode(Outcome{{27, 30, 500}}), "30|27|30x500");
  EXPECT_EQ(engine->label(Outcome{{7, 40, 100}}), "5");
  EXPECT_EQ(engine->label(Outcome{{0, 1, 2}}), "40");
  int texts = 0;
  for (int s = 0; s < kSegments; ++s)
    for (int chosen : kNumbers)
      for (const WeightedMultiplier& m : multiplier_table(chosen)) {
        const Outcome o{{s, chosen, m.times}};
        const std::string text = engine->encode(o);
        EXPECT_EQ(engine->decode(text), o) << text;
        EXPECT_EQ(engine->label(o), std::to_string(number_at(s)));
        ++texts;
      }
  EXPECT_EQ(texts, 54 * 89);
}

TEST(MegaWheel, MalformedTextsAreRefused) {
  auto engine = make_engine({});
  ASSERT_TRUE(engine->decode("5|7|40x100").has_value());
  for (const char* bad : {"",
                          "5",
                          "5|7",
                          "5|7|",
                          "|7|40x100",
                          "5||40x100",
                          "5|7|40x",
                          "5|7|x100",
                          "5|7|40",
                          "5|7|40x100|",
                          "5|7|40x100x2",
                          "1|7|40x100",  // the label is not segment 7's number
                          "05|7|40x100",
                          "5|07|40x100",
                          "5|7|040x100",
                          "5|7|40x0100",
                          "5 |7|40x100",
                          "5|7|40X100",
                          "5|7|40x100 ",
                          "+5|7|40x100",
                          "5|-7|40x100",
                          "5|54|40x100",
                          "40|54|40x100",
                          "5|7|3x100",  // 3 is not a number of the wheel
                          "5|7|40x40",
                          "5|7|40x125",
                          "5|7|1x200",  // not a multiplier of the chosen number
                          "5|7|40x1000",
                          "5|7,40x100",
                          "5|7|40x100,5x10",
                          "5;7;40x100"})
    EXPECT_FALSE(engine->decode(bad).has_value()) << bad;
}

TEST(MegaWheel, CanonicalSpotsAreTheNumbers) {
  auto engine = make_engine({});
  for (int number : kNumbers)
    EXPECT_EQ(engine->canonical_spot(spot_code(number)), std::to_string(number));
  for (const char* code :
       {"", "0", "3", "01", "1 ", " 1", "x1", "STRAIGHT_1", "NUMBER_40", "50", "400", "+1"})
    EXPECT_FALSE(engine->canonical_spot(code).has_value()) << code;
}

cards::CardLimits test_limits() {
  cards::CardLimits l;
  l.min_bet = eur(1);
  l.main_max = eur(100);
  l.side_max = eur(5);  // no spot is a side bet: this must never apply
  l.table_max = eur(300);
  l.opposite_bets_allowed = false;  // no spot has an opposite: this must never apply
  return l;
}

using Verdicts = std::vector<std::optional<ErrorCode>>;

TEST(MegaWheel, ChecksRefuseEachLineForItsFirstReason) {
  auto engine = make_engine(test_limits());
  const std::optional<ErrorCode> ok;
  EXPECT_EQ(engine->check({}, {{"40", eur(10)}}, "EUR"), Verdicts{ok});
  // 1005: unknown spot, non-positive amounts, fractions of the minor unit.
  EXPECT_EQ(engine->check({},
                          {{"3", eur(10)},
                           {"STRAIGHT_1", eur(10)},
                           {"1", Money::zero()},
                           {"1", eur(-5)},
                           {"1", *parse_money("1.005")}},
                          "EUR"),
            (Verdicts{ErrorCode::InvalidBet, ErrorCode::InvalidBet, ErrorCode::InvalidBet,
                      ErrorCode::InvalidBet, ErrorCode::InvalidBet}));
  EXPECT_EQ(engine->check({}, {{"2", *parse_money("10.50")}}, "JPY"),
            Verdicts{ErrorCode::InvalidBet});
  // 1013: the spot's total below the minimum; a second chip makes it enough.
  EXPECT_EQ(engine->check({}, {{"5", *parse_money("0.50")}}, "EUR"),
            Verdicts{ErrorCode::BelowMinimum});
  EXPECT_EQ(engine->check({{"5", *parse_money("0.50")}}, {{"5", *parse_money("0.50")}}, "EUR"),
            Verdicts{ok});
  // 1010: every number is a main spot (main_max 100, not side_max 5).
  EXPECT_EQ(engine->check({}, {{"40", eur(100)}, {"30", eur(101)}}, "EUR"),
            (Verdicts{ok, ErrorCode::OverOutsideMax}));
  EXPECT_EQ(engine->check({{"8", eur(60)}}, {{"8", eur(41)}, {"8", eur(40)}}, "EUR"),
            (Verdicts{ErrorCode::OverOutsideMax, ok}));
  // 1012: the table total; a refused line does not count towards the next.
  EXPECT_EQ(engine->check({{"1", eur(100)}, {"2", eur(100)}},
                          {{"5", eur(101)}, {"5", eur(100)}, {"10", eur(1)}}, "EUR"),
            (Verdicts{ErrorCode::OverOutsideMax, ok, ErrorCode::OverTableMax}));
  // Any numbers together: there are no opposite pairs.
  EXPECT_EQ(engine->check({},
                          {{"1", eur(10)},
                           {"2", eur(10)},
                           {"5", eur(10)},
                           {"8", eur(10)},
                           {"10", eur(10)},
                           {"15", eur(10)},
                           {"20", eur(10)},
                           {"30", eur(10)},
                           {"40", eur(10)}},
                          "EUR"),
            Verdicts(9, ok));
}

TEST(MegaWheel, LimitsListEveryNumberWithItsRatio) {
  auto engine = make_engine(test_limits());
  const TableLimitsInfo info = engine->limits();
  EXPECT_EQ(info.min_bet, eur(1));
  EXPECT_EQ(info.table_max, eur(300));
  EXPECT_EQ(info.inside_max, eur(300));
  EXPECT_EQ(info.outside_max, eur(300));
  EXPECT_EQ(info.max_multiplier, 500);
  ASSERT_EQ(info.spots.size(), kNumbers.size());
  for (size_t i = 0; i < kNumbers.size(); ++i) {
    EXPECT_EQ(info.spots[i].kind, std::to_string(kNumbers[i]));
    EXPECT_EQ(info.spots[i].payout_ratio, kNumbers[i]);
    EXPECT_EQ(info.spots[i].payout_text, "");
    EXPECT_FALSE(info.spots[i].inside);
    EXPECT_EQ(info.spots[i].min, eur(1));
    EXPECT_EQ(info.spots[i].max, eur(100));
  }
}

// The documented return of every bet, as a fraction over 486000 = 54 segments × 9 chosen
// numbers × 1000 (the weight total of a multiplier table), copied from the documentation.
const std::map<int, int64_t> kDocReturnOver486000 = {{1, 469040},  {2, 469040},  {5, 469035},
                                                     {8, 469040},  {10, 469040}, {15, 469040},
                                                     {20, 469050}, {30, 469050}, {40, 469050}};

// Every outcome (segment, chosen number, multiplier) has weight 1 × 1 × w, w the
// multiplier's weight in the documented table; 54 × 9 × 1000 = 486000 in all. For each
// spot the weighted sum of the engine's payout() of one unit must equal, exactly, both the
// figure worked out here from the documented counts and tables (a bet on N with c segments
// returns c × (1000 × (8N + 9) + S_N) / 486000, S_N = sum of multiplier × weight) and the
// figure written in the documentation.
TEST(MegaWheel, EveryBetReturnsExactlyTheDocumentedFraction) {
  __extension__ using Int128 = __int128;
  auto engine = make_engine({});
  const Money stake = eur(1);
  for (int bet : kNumbers) {
    Int128 returned = 0, total = 0;
    for (int s = 0; s < kSegments; ++s)
      for (const auto& [chosen, table] : kDocTables)
        for (const auto& [times, weight] : table) {
          total += weight;
          const Money back = engine->payout(spot_code(bet), stake, Outcome{{s, chosen, times}});
          returned += static_cast<Int128>(weight) * back.units;
        }
    ASSERT_TRUE(total == 486000);
    int64_t sum = 0;
    for (const auto& [times, weight] : kDocTables.at(bet)) sum += int64_t{times} * weight;
    const int64_t worked_out = kDocCounts.at(bet) * (1000 * (8 * bet + 9) + sum);
    EXPECT_EQ(worked_out, kDocReturnOver486000.at(bet)) << bet;
    EXPECT_TRUE(returned == static_cast<Int128>(worked_out) * stake.units)
        << bet << " returns "
        << static_cast<double>(returned) / static_cast<double>(total * stake.units);
  }
}

// The reduced fractions and percentages of the documentation's RTP table.
TEST(MegaWheel, DocumentedFractionsAreTheReducedForms) {
  EXPECT_EQ(int64_t{469040} * 6075, int64_t{5863} * 486000);
  EXPECT_EQ(int64_t{469035} * 10800, int64_t{10423} * 486000);
  EXPECT_EQ(int64_t{469050} * 3240, int64_t{3127} * 486000);
  // 96.5103 %, 96.5093 %, 96.5123 % rounded to four decimals (in millionths).
  EXPECT_EQ((int64_t{469040} * 1'000'000 + 243000) / 486000, 965'103);
  EXPECT_EQ((int64_t{469035} * 1'000'000 + 243000) / 486000, 965'093);
  EXPECT_EQ((int64_t{469050} * 1'000'000 + 243000) / 486000, 965'123);
}

}  // namespace
}  // namespace croupier::games::megawheel
