// The theoretical return to player of every spot of every variant, computed exactly by
// enumerating each variant's outcome distribution (rtp_model_test.hpp) through the
// engine's own payout(), and compared with the figures of docs/games/roulette.md.
#include <gtest/gtest.h>

#include <cstdint>
#include <cstdio>
#include <map>
#include <string>

#include "games/roulette/roulette.hpp"
#include "games/roulette/rtp_model_test.hpp"

namespace croupier::games::roulette {
namespace {

using model::Fraction;

// Sums of weight * payout can pass 2^63 when cross-multiplied with a fraction.
__extension__ using Int128 = __int128;

std::string percent(Int128 num, Int128 den) {
  char text[32];
  std::snprintf(text, sizeof text, "%.2f",
                100.0 * static_cast<double>(num) / static_cast<double>(den));
  return text;
}

class RouletteRtp : public ::testing::TestWithParam<std::string> {};

TEST_P(RouletteRtp, ClassesAreOutcomesOfTheVariantAndWeighEveryPocketAlike) {
  const std::string variant = GetParam();
  auto engine = make_engine(variant, {});
  const model::OutcomeDistribution d = model::outcome_distribution(variant);
  std::map<int, int64_t> per_pocket;
  for (const model::OutcomeClass& c : d.classes) {
    ASSERT_GT(c.weight, 0);
    per_pocket[c.pocket] += c.weight;
    // Every representative is an outcome the engine accepts: it survives a round trip.
    const std::string text = engine->encode(c.outcome);
    EXPECT_EQ(engine->decode(text), c.outcome) << text;
    EXPECT_EQ(engine->label(c.outcome), pocket_label(c.pocket));
  }
  const Layout layout = model::layout_of(variant);
  ASSERT_EQ(per_pocket.size(), static_cast<size_t>(pocket_count(layout)));
  for (auto [pocket, weight] : per_pocket)
    EXPECT_EQ(weight * pocket_count(layout), d.total) << pocket;
}

// For every spot: sum over the classes of weight * payout equals the documented fraction
// of weight total * stake, in exact integer arithmetic.
TEST_P(RouletteRtp, EverySpotReturnsExactlyTheDocumentedFraction) {
  const std::string variant = GetParam();
  auto engine = make_engine(variant, {});
  const Layout layout = model::layout_of(variant);
  const model::OutcomeDistribution d = model::outcome_distribution(variant);
  const Money stake = Money::from_major(1);
  std::map<SpotKind, std::pair<Int128, Int128>> per_kind;  // summed returns, stakes
  for (const Spot& s : all_spots(layout)) {
    Int128 returned = 0;
    for (const model::OutcomeClass& c : d.classes)
      returned += static_cast<Int128>(c.weight) * engine->payout(s.code, stake, c.outcome).units;
    const Int128 staked = static_cast<Int128>(d.total) * stake.units;
    const Fraction rtp = model::documented_rtp(variant, s.kind);
    EXPECT_TRUE(returned * rtp.den == staked * rtp.num)
        << variant << ' ' << s.code << " returns " << percent(returned, staked) << " %";
    per_kind[s.kind].first += returned;
    per_kind[s.kind].second += staked;
  }
  // The average over all spots of a kind, as printed in the documentation.
  for (auto [kind, sums] : per_kind) {
    EXPECT_EQ(percent(sums.first, sums.second), model::documented_percent(variant, kind))
        << variant << ' ' << kind_name(kind);
  }
  EXPECT_EQ(per_kind.size(), layout_kinds(layout).size());
}

INSTANTIATE_TEST_SUITE_P(Variants, RouletteRtp, ::testing::ValuesIn(model::kVariants),
                         [](const auto& info) { return info.param; });

// The derivations of docs/games/roulette.md, checked as arithmetic.
TEST(RouletteRtpDerivation, MegaAndPowerUpStraightUps) {
  // Mega: E[lucky count] = 2, E[multiplier] = 140.
  int64_t count_sum = 0, multiplier_sum = 0;
  for (const model::Weight& w : model::kMegaLuckyCounts) count_sum += w.value * w.weight;
  for (const model::Weight& w : model::kMegaMultipliers) multiplier_sum += w.value * w.weight;
  EXPECT_EQ(model::total_weight(model::kMegaLuckyCounts), 100);
  EXPECT_EQ(model::total_weight(model::kMegaMultipliers), 100);
  EXPECT_EQ(count_sum, 200);
  EXPECT_EQ(multiplier_sum, 14000);
  // (37 - 2) * (29 + 1) + 2 * (140 + 1) = 1332 = 36 * 37.
  EXPECT_EQ(35 * (model::kMegaBaseRatio + 1) + 2 * 141, 36 * 37);

  // Power-up: 4 powered numbers, E[multiplier] = 76.
  int64_t powered_sum = 0;
  for (const model::Weight& w : model::kPowerUpMultipliers) powered_sum += w.value * w.weight;
  EXPECT_EQ(model::total_weight(model::kPowerUpMultipliers), 100);
  EXPECT_EQ(powered_sum, 7600);
  // (37 - 4) * (30 + 1) + 4 * (76 + 1) = 1331.
  EXPECT_EQ(33 * (model::kPowerUpBaseRatio + 1) + 4 * 77, 1331);
  EXPECT_NEAR(1331.0 / 1369.0, 0.972243, 0.000001);
}

TEST(RouletteRtpDerivation, LimitsAdvertiseTheDocumentedRatiosAndMultipliers) {
  const std::map<std::string, std::pair<int, int>> straight = {
      {"european", {35, 0}}, {"american", {35, 0}}, {"mega", {29, 500}}, {"powerup", {30, 300}}};
  for (const std::string& variant : model::kVariants) {
    TableLimitsInfo info = make_engine(variant, {})->limits();
    ASSERT_FALSE(info.spots.empty());
    EXPECT_EQ(info.spots[0].kind, "straight");
    EXPECT_EQ(info.spots[0].payout_ratio, straight.at(variant).first) << variant;
    EXPECT_EQ(info.max_multiplier, straight.at(variant).second) << variant;
    int highest = 0;
    for (const model::Weight& w : model::multipliers_of(variant))
      highest = std::max(highest, w.value);
    EXPECT_EQ(info.max_multiplier, highest) << variant;
  }
}

}  // namespace
}  // namespace croupier::games::roulette
