#include "games/roulette/roulette.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <cstddef>
#include <cstdint>
#include <map>
#include <set>
#include <string>
#include <vector>

#include "core/rng.hpp"
#include "games/roulette/roulette_testing.hpp"

namespace croupier::games::roulette {
namespace {

using namespace roulette_testing;

// ---- The layout from first principles, independent of the engine -------------------

// The red pockets of a European wheel, as printed on every table.
constexpr std::array<int, 18> kRed = {1,  3,  5,  7,  9,  12, 14, 16, 18,
                                      19, 21, 23, 25, 27, 30, 32, 34, 36};

bool red(int n) {
  return std::find(kRed.begin(), kRed.end(), n) != kRed.end();
}

struct KindRule {
  int ratio;
  size_t covered;  // how many pockets a spot of this kind covers
};

// Keyed by the code's kind word, so the test never asks the engine what a kind pays.
const std::map<std::string, KindRule> kRules = {
    {"STRAIGHT", {35, 1}}, {"SPLIT", {17, 2}}, {"STREET", {11, 3}}, {"CORNER", {8, 4}},
    {"LINE", {5, 6}},      {"TRIO", {11, 3}},  {"BASKET", {8, 4}},  {"DOZEN", {2, 12}},
    {"COLUMN", {2, 12}},   {"RED", {1, 18}},   {"BLACK", {1, 18}},  {"EVEN", {1, 18}},
    {"ODD", {1, 18}},      {"LOW", {1, 18}},   {"HIGH", {1, 18}},
};

const std::set<std::string> kInsideWords = {"STRAIGHT", "SPLIT", "STREET", "CORNER",
                                            "LINE",     "TRIO",  "BASKET"};

std::string kind_word(const std::string& code) {
  return split_code(code)[0];
}

std::vector<int> code_numbers(const std::string& code) {
  std::vector<std::string> parts = split_code(code);
  std::vector<int> numbers;
  for (size_t i = 1; i < parts.size(); ++i) numbers.push_back(std::stoi(parts[i]));
  return numbers;
}

// The pockets a canonical code covers, read from the code itself: an inside spot covers
// the numbers it names; an outside spot covers the numbers 1-36 that fit its rule.
std::set<int> expected_cover(const std::string& code) {
  const std::string word = kind_word(code);
  const std::vector<int> numbers = code_numbers(code);
  if (kInsideWords.count(word)) return {numbers.begin(), numbers.end()};
  std::set<int> covered;
  for (int n = 1; n <= 36; ++n) {
    bool in = (word == "DOZEN" && (n - 1) / 12 + 1 == numbers.at(0)) ||
              (word == "COLUMN" && (n - 1) % 3 + 1 == numbers.at(0)) || (word == "RED" && red(n)) ||
              (word == "BLACK" && !red(n)) || (word == "EVEN" && n % 2 == 0) ||
              (word == "ODD" && n % 2 == 1) || (word == "LOW" && n <= 18) ||
              (word == "HIGH" && n >= 19);
    if (in) covered.insert(n);
  }
  return covered;
}

// Row 0-11 and column 0-2 of a number 1-36 on the layout.
int row(int n) {
  return (n - 1) / 3;
}
int col(int n) {
  return (n - 1) % 3;
}

// True if the distinct numbers exactly fill a `rows` x `cols` rectangle of the grid.
bool fills_box(const std::vector<int>& numbers, int rows, int cols) {
  if (std::set<int>(numbers.begin(), numbers.end()).size() != numbers.size()) return false;
  int r_lo = 99, r_hi = -1, c_lo = 99, c_hi = -1;
  for (int n : numbers) {
    if (n < 1 || n > 36) return false;
    r_lo = std::min(r_lo, row(n)), r_hi = std::max(r_hi, row(n));
    c_lo = std::min(c_lo, col(n)), c_hi = std::max(c_hi, col(n));
  }
  return r_hi - r_lo + 1 == rows && c_hi - c_lo + 1 == cols &&
         static_cast<int>(numbers.size()) == rows * cols;
}

// Whether a set of numbers (ascending) is a real spot of the kind, judged geometrically.
bool is_real_spot(const std::string& word, const std::vector<int>& n) {
  if (word == "SPLIT") return fills_box(n, 1, 2) || fills_box(n, 2, 1) || (n[0] == 0 && n[1] <= 3);
  if (word == "STREET") return fills_box(n, 1, 3);
  if (word == "CORNER") return fills_box(n, 2, 2);
  if (word == "LINE") return fills_box(n, 2, 3);
  if (word == "TRIO") return n == std::vector<int>{0, 1, 2} || n == std::vector<int>{0, 2, 3};
  if (word == "BASKET") return n == std::vector<int>{0, 1, 2, 3};
  return false;
}

std::string make_code(const std::string& word, const std::vector<int>& numbers) {
  std::string code = word;
  for (int n : numbers) code += "_" + std::to_string(n);
  return code;
}

Outcome pocket(int n) {
  return Outcome{{n}};
}

// ---- Spots --------------------------------------------------------------------------

TEST(RouletteSpots, AllSpotsHaveTheLayoutCounts) {
  std::map<std::string, int> per_word;
  std::set<std::string> codes;
  for (const Spot& s : all_spots()) {
    per_word[kind_word(s.code)]++;
    EXPECT_TRUE(codes.insert(s.code).second) << "duplicate " << s.code;
  }
  const std::map<std::string, int> expected = {
      {"STRAIGHT", 37}, {"SPLIT", 60}, {"STREET", 12}, {"CORNER", 22}, {"LINE", 11},
      {"TRIO", 2},      {"BASKET", 1}, {"DOZEN", 3},   {"COLUMN", 3},  {"RED", 1},
      {"BLACK", 1},     {"EVEN", 1},   {"ODD", 1},     {"LOW", 1},     {"HIGH", 1}};
  EXPECT_EQ(per_word, expected);
  EXPECT_EQ(all_spots().size(), 157u);
}

TEST(RouletteSpots, AllSpotsAreSortedByKindThenNumbers) {
  std::vector<Spot> spots = all_spots();
  for (size_t i = 1; i < spots.size(); ++i) {
    const Spot& a = spots[i - 1];
    const Spot& b = spots[i];
    bool ordered =
        a.kind < b.kind || (a.kind == b.kind && code_numbers(a.code) < code_numbers(b.code));
    EXPECT_TRUE(ordered) << a.code << " before " << b.code;
  }
}

TEST(RouletteSpots, EverySpotCoversWhatItsCodeSaysAndNoMore) {
  for (const Spot& s : all_spots()) {
    const std::set<int> cover = expected_cover(s.code);
    ASSERT_TRUE(kRules.count(kind_word(s.code))) << s.code;
    EXPECT_EQ(cover.size(), kRules.at(kind_word(s.code)).covered) << s.code;
    uint64_t mask = 0;
    for (int n : cover) mask |= uint64_t{1} << n;
    EXPECT_EQ(s.covers, mask) << s.code;
    EXPECT_EQ(kind_name(s.kind), [&] {
      std::string lower = kind_word(s.code);
      for (char& c : lower) c = static_cast<char>(c - 'A' + 'a');
      return lower;
    }()) << s.code;
    std::vector<int> numbers = code_numbers(s.code);
    if (kInsideWords.count(kind_word(s.code)) && kind_word(s.code) != "STRAIGHT") {
      EXPECT_TRUE(is_real_spot(kind_word(s.code), numbers)) << s.code;
    }
  }
}

TEST(RouletteSpots, EveryCanonicalCodeRoundTrips) {
  auto engine = make_european({});
  for (const Spot& s : all_spots()) {
    std::optional<Spot> parsed = parse_spot(s.code);
    ASSERT_TRUE(parsed.has_value()) << s.code;
    EXPECT_EQ(parsed->code, s.code);
    EXPECT_EQ(parsed->kind, s.kind);
    EXPECT_EQ(parsed->covers, s.covers);
    EXPECT_EQ(engine->canonical_spot(s.code), s.code);
  }
}

TEST(RouletteSpots, PermutedNumbersCanonicalise) {
  auto engine = make_european({});
  int permutations = 0;
  for (const Spot& s : all_spots()) {
    if (!kInsideWords.count(kind_word(s.code))) continue;
    std::vector<int> numbers = code_numbers(s.code);
    do {
      EXPECT_EQ(engine->canonical_spot(make_code(kind_word(s.code), numbers)), s.code);
      ++permutations;
    } while (std::next_permutation(numbers.begin(), numbers.end()));
  }
  // 37 + 60*2 + 12*6 + 22*24 + 11*720 + 2*6 + 24: every ordering of every inside spot.
  EXPECT_EQ(permutations, 37 + 120 + 72 + 528 + 7920 + 12 + 24);
  EXPECT_EQ(engine->canonical_spot("SPLIT_20_17"), "SPLIT_17_20");
  EXPECT_EQ(engine->canonical_spot("CORNER_5_1_4_2"), "CORNER_1_2_4_5");
}

// Writes every k-subset of `pool` as a code of kind `word` and checks that the engine
// accepts it exactly when it has that kind's shape on the layout, and that the numbers
// in descending order canonicalise to the ascending code. Returns how many it accepted.
int accepted_subsets(const std::string& word, size_t k, const std::vector<int>& pool) {
  int accepted = 0;
  std::vector<bool> chosen(pool.size(), false);
  std::fill(chosen.end() - static_cast<std::ptrdiff_t>(k), chosen.end(), true);
  do {
    std::vector<int> numbers;
    for (size_t i = 0; i < pool.size(); ++i)
      if (chosen[i]) numbers.push_back(pool[i]);
    const std::string code = make_code(word, numbers);
    const bool real = is_real_spot(word, numbers);
    EXPECT_EQ(parse_spot(code).has_value(), real) << code;
    if (real) {
      ++accepted;
      std::vector<int> reversed(numbers.rbegin(), numbers.rend());
      EXPECT_EQ(parse_spot(make_code(word, reversed))->code, code);
    }
  } while (std::next_permutation(chosen.begin(), chosen.end()));
  return accepted;
}

std::vector<int> pockets(int first, int last) {
  std::vector<int> out;
  for (int n = first; n <= last; ++n) out.push_back(n);
  return out;
}

// Exhaustive over 0-36 for every inside kind of two to four numbers.
TEST(RouletteSpots, ParseAcceptsExactlyTheGeometricSpots) {
  const std::vector<int> wheel = pockets(0, 36);
  EXPECT_EQ(accepted_subsets("SPLIT", 2, wheel), 60);
  EXPECT_EQ(accepted_subsets("STREET", 3, wheel), 12);
  EXPECT_EQ(accepted_subsets("TRIO", 3, wheel), 2);
  EXPECT_EQ(accepted_subsets("CORNER", 4, wheel), 22);
  EXPECT_EQ(accepted_subsets("BASKET", 4, wheel), 1);
}

// All 2.3 million six-number subsets of the wheel take 40 s under the sanitizers, so
// lines are checked exhaustively at both ends of the layout instead: 0 and rows 1-5
// (lines 1-4), and rows 7-12 (lines 7-11). The middle rows differ only by an offset.
TEST(RouletteSpots, ParseAcceptsExactlyTheGeometricLines) {
  EXPECT_EQ(accepted_subsets("LINE", 6, pockets(0, 15)), 4);
  EXPECT_EQ(accepted_subsets("LINE", 6, pockets(19, 36)), 5);
}

TEST(RouletteSpots, RefusesInvalidCodes) {
  std::vector<std::string> bad = {
      // Numbers that do not form the named shape on the layout.
      "SPLIT_1_5",      "SPLIT_3_4",    "SPLIT_0_4",      "SPLIT_1_1",
      "SPLIT_1_2_3",    "SPLIT_1",      "CORNER_1_2_3_4", "CORNER_3_4_6_7",
      "CORNER_0_1_2_3", "STREET_2_3_4", "STREET_0_1_2",   "LINE_1_2_3_7_8_9",
      "LINE_1_2_3_4_5", "TRIO_1_2_3",   "TRIO_0_1_3",     "BASKET_0_1_2"};
  // Numbers out of range, badly written, or too many or too few for the kind.
  const std::vector<std::string> numbers = {"STRAIGHT_37",  "STRAIGHT_07",  "STRAIGHT_00",
                                            "STRAIGHT_-1",  "STRAIGHT_+1",  "STRAIGHT_1a",
                                            "STRAIGHT_1x",  "STRAIGHT_100", "STRAIGHT_4294967313",
                                            "STRAIGHT_1_2", "DOZEN_4",      "DOZEN_0",
                                            "DOZEN_01",     "DOZEN_1_2",    "COLUMN_0",
                                            "COLUMN_4",     "RED_1",        "STRAIGHT",
                                            "DOZEN"};
  // Kind words are upper case and exact.
  const std::vector<std::string> words = {"straight_1", "Straight_1", "red",  "Red",
                                          "GREEN",      "REDX",       "RED ", ""};
  // Exactly one '_' between parts, nothing before or after.
  const std::vector<std::string> separators = {
      "_",          "STRAIGHT_", "_STRAIGHT_1", "STRAIGHT__1", "STRAIGHT_1_",
      "SPLIT_1__2", "SPLIT_1-2", "STRAIGHT_1 ", " STRAIGHT_1", "STRAIGHT_ 1"};
  for (const auto* more : {&numbers, &words, &separators})
    bad.insert(bad.end(), more->begin(), more->end());
  bad.push_back(std::string("STRAIGHT_1\0", 11));     // an embedded NUL
  bad.push_back("SPLIT_1_2" + std::string(60, ' '));  // over 64 bytes
  bad.push_back(std::string(1 << 20, 'A'));           // a megabyte
  auto engine = make_european({});
  for (const std::string& code : bad) {
    EXPECT_FALSE(parse_spot(code).has_value()) << '"' << code << '"';
    EXPECT_FALSE(engine->canonical_spot(code).has_value()) << '"' << code << '"';
  }
}

TEST(RouletteSpots, KindsPayTheirRatiosAndKnowTheirSide) {
  for (const Spot& s : all_spots()) {
    const std::string word = kind_word(s.code);
    EXPECT_EQ(payout_ratio(s.kind), kRules.at(word).ratio) << s.code;
    EXPECT_EQ(is_inside(s.kind), kInsideWords.count(word) == 1) << s.code;
  }
}

TEST(RouletteSpots, RedNumbersMatchTheTable) {
  for (int n = -1; n <= 37; ++n) EXPECT_EQ(is_red(n), red(n)) << n;
}

// ---- Payouts ------------------------------------------------------------------------

TEST(RoulettePayout, EverySpotPaysOnExactlyItsPocketsForEveryPocket) {
  auto engine = make_european({});
  const Money stake = eur("2.50");
  for (const Spot& s : all_spots()) {
    const std::set<int> cover = expected_cover(s.code);
    const int64_t win = stake.units * (kRules.at(kind_word(s.code)).ratio + 1);
    for (int p = 0; p <= 36; ++p) {
      int64_t expected = cover.count(p) ? win : 0;
      EXPECT_EQ(engine->payout(s.code, stake, pocket(p)).units, expected) << s.code << " on " << p;
    }
  }
}

TEST(RoulettePayout, ZeroLosesEveryOutsideBet) {
  auto engine = make_european({});
  for (const char* code : {"RED", "BLACK", "EVEN", "ODD", "LOW", "HIGH", "DOZEN_1", "DOZEN_2",
                           "DOZEN_3", "COLUMN_1", "COLUMN_2", "COLUMN_3"}) {
    EXPECT_TRUE(engine->payout(code, eur("10"), pocket(0)).is_zero()) << code;
  }
  EXPECT_EQ(engine->payout("STRAIGHT_0", eur("1"), pocket(0)), eur("36"));
  EXPECT_EQ(engine->payout("BASKET_0_1_2_3", eur("1"), pocket(0)), eur("9"));
}

// Each spot returns 36 stakes summed over the 37 pockets, so every bet on the European
// wheel returns 36/37 = 97.30 % of what is staked.
TEST(RoulettePayout, EverySpotReturnsThirtySixOfThirtySeven) {
  auto engine = make_european({});
  for (const Money stake : {eur("1"), eur("0.01"), eur("123.45")}) {
    for (const Spot& s : all_spots()) {
      Money total = Money::zero();
      for (int p = 0; p <= 36; ++p) total += engine->payout(s.code, stake, pocket(p));
      EXPECT_EQ(total.units, stake.units * 36) << s.code;
    }
  }
  EXPECT_NEAR(36.0 / 37.0, 0.9730, 0.00005);
}

// ---- Draw, encoding, limits -----------------------------------------------------------

TEST(RouletteDraw, SeededDrawsAreUniformOverThirtySevenPockets) {
  auto engine = make_european({});
  SeededRng rng(20240601);
  constexpr int kDraws = 370'000;
  std::array<int, 37> counts{};
  for (int i = 0; i < kDraws; ++i) {
    Outcome o = engine->draw(rng);
    ASSERT_EQ(o.values.size(), 1u);
    ASSERT_GE(o.values[0], 0);
    ASSERT_LE(o.values[0], 36);
    counts[o.values[0]]++;
  }
  double expected = kDraws / 37.0, chi = 0;
  for (int c : counts) chi += (c - expected) * (c - expected) / expected;
  EXPECT_LT(chi, 67.99);  // 99.9 % critical value, 36 degrees of freedom
}

TEST(RouletteDraw, EncodeAndDecodeRoundTrip) {
  auto engine = make_european({});
  for (int p = 0; p <= 36; ++p) {
    std::string text = engine->encode(pocket(p));
    EXPECT_EQ(text, std::to_string(p));
    EXPECT_EQ(engine->decode(text), pocket(p)) << text;
  }
  for (const char* bad : {"", "37", "00", "07", "-1", "+1", " 7", "7 ", "1a", "100", "x"})
    EXPECT_FALSE(engine->decode(bad).has_value()) << '"' << bad << '"';
}

TEST(RouletteLimits, AdvertisesEveryKindWithItsMaximum) {
  auto engine = make_european(test_limits(false));
  EXPECT_EQ(engine->game(), "roulette");
  EXPECT_EQ(engine->variant(), "european");
  TableLimitsInfo info = engine->limits();
  EXPECT_EQ(info.min_bet, eur("1"));
  EXPECT_EQ(info.inside_max, eur("100"));
  EXPECT_EQ(info.outside_max, eur("200"));
  EXPECT_EQ(info.table_max, eur("250"));
  EXPECT_FALSE(info.opposite_bets_allowed);
  const std::vector<std::string> names = {"straight", "split",  "street", "corner", "line",
                                          "trio",     "basket", "dozen",  "column", "red",
                                          "black",    "even",   "odd",    "low",    "high"};
  ASSERT_EQ(info.spots.size(), names.size());
  const std::map<std::string, Money> max = {
      {"straight", eur("10")}, {"split", eur("20")}, {"street", eur("100")}, {"corner", eur("100")},
      {"line", eur("100")},    {"trio", eur("100")}, {"basket", eur("100")}, {"dozen", eur("200")},
      {"column", eur("200")},  {"red", eur("50")},   {"black", eur("200")},  {"even", eur("200")},
      {"odd", eur("200")},     {"low", eur("200")},  {"high", eur("200")}};
  for (size_t i = 0; i < names.size(); ++i) {
    const SpotKindInfo& k = info.spots[i];
    std::string upper = names[i];
    for (char& c : upper) c = static_cast<char>(c - 'a' + 'A');
    EXPECT_EQ(k.kind, names[i]);
    EXPECT_EQ(k.payout_ratio, kRules.at(upper).ratio) << k.kind;
    EXPECT_EQ(k.inside, kInsideWords.count(upper) == 1) << k.kind;
    EXPECT_EQ(k.min, eur("1")) << k.kind;
    EXPECT_EQ(k.max.units, max.at(names[i]).units) << k.kind;
  }
}

}  // namespace
}  // namespace croupier::games::roulette
