// Seeded simulations of every roulette variant (in the games_sim_test binary, with the card games'
// simulations).
//
// Each test plays kRounds rounds drawn by the engine with a SeededRng and checks:
//   - for every bet kind, the empirical return to player against the documented
//     theoretical one (rtp_model_test.hpp): the sample is, per round, the return of one
//     unit staked on every spot of the kind, divided by the number of spots (the average
//     over all spots of the kind); it must be within 3 standard errors of the theory, the
//     standard error taken from the sample standard deviation;
//   - a chi-square test at the 99 % level of the pocket frequencies and, for mega and
//     power-up, of the lucky-number counts, the multipliers, which numbers are lucky or
//     powered, and how often the pocket is one of them.
// Returns are not computed by parsing codes each round: before the run, each spot's
// return is asked of the engine's payout() once for every pocket and every multiplier
// the pocket's straight-up can carry (the classes of rtp_model_test.hpp), and a round
// looks its returns up by pocket and multiplier. Every 1000th round, the engine's payout()
// of every spot on the real drawn outcome is compared with the table.
#include <gtest/gtest.h>

#include <chrono>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <map>
#include <string>
#include <vector>

#include "core/rng.hpp"
#include "games/roulette/roulette.hpp"
#include "games/roulette/rtp_model_test.hpp"

namespace croupier::games::roulette {
namespace {

constexpr int64_t kRounds = 10'000'000;
constexpr int64_t kSpotCheckEvery = 1000;

// Chi-square critical values at the 99 % level by degrees of freedom.
const std::map<int, double> kChiSquare99 = {
    {1, 6.635}, {4, 13.277}, {7, 18.475}, {36, 58.619}, {37, 59.893}};

// Pearson's statistic of `counts` against `probabilities` (summing to 1).
double chi_square(const std::vector<int64_t>& counts, const std::vector<double>& probabilities) {
  int64_t total = 0;
  for (int64_t c : counts) total += c;
  double chi = 0;
  for (size_t i = 0; i < counts.size(); ++i) {
    const double expected = static_cast<double>(total) * probabilities[i];
    const double d = static_cast<double>(counts[i]) - expected;
    chi += d * d / expected;
  }
  return chi;
}

void expect_fits(const char* what, const std::vector<int64_t>& counts,
                 const std::vector<double>& probabilities) {
  const int df = static_cast<int>(counts.size()) - 1;
  const double chi = chi_square(counts, probabilities);
  std::printf("  chi-square %-28s %8.2f  (df %d, 99 %% critical %.3f)\n", what, chi, df,
              kChiSquare99.at(df));
  EXPECT_LT(chi, kChiSquare99.at(df)) << what;
}

std::vector<double> from_weights(const std::vector<model::Weight>& table) {
  std::vector<double> p;
  for (const model::Weight& w : table)
    p.push_back(static_cast<double>(w.weight) / static_cast<double>(model::total_weight(table)));
  return p;
}

size_t index_of(const std::vector<model::Weight>& table, int value) {
  for (size_t i = 0; i < table.size(); ++i)
    if (table[i].value == value) return i;
  ADD_FAILURE() << "value " << value << " is not in the documented table";
  return 0;
}

// The multiplier on the pocket's straight-up, read from the documented outcome layout.
int pocket_times(std::string_view variant, const Outcome& o) {
  if (variant == "mega") {
    for (size_t i = 1; i + 1 < o.values.size(); i += 2)
      if (o.values[i] == o.values[0]) return o.values[i + 1];
  } else if (variant == "powerup") {
    return o.values.at(5);
  }
  return 0;
}

// Every spot's return, in stakes, for each pocket and each multiplier class of the pocket.
struct ReturnTable {
  std::vector<Spot> spots;
  std::vector<SpotKind> kinds;          // layout_kinds order
  std::vector<size_t> kind_of;          // spot -> index in kinds
  std::vector<int64_t> spots_per_kind;  // by kind index
  std::vector<int> times;               // class -> multiplier (class 0 is "none")
  std::map<int, size_t> class_of;       // multiplier -> class
  // [pocket][class][spot] and [pocket][class][kind] (the sum over the kind's spots).
  std::vector<std::vector<std::vector<int64_t>>> per_spot, per_kind;
};

ReturnTable build_table(std::string_view variant, const Engine& engine) {
  ReturnTable t;
  const Layout layout = model::layout_of(variant);
  t.spots = all_spots(layout);
  t.kinds = layout_kinds(layout);
  t.spots_per_kind.assign(t.kinds.size(), 0);
  for (const Spot& s : t.spots) {
    size_t k = 0;
    while (t.kinds.at(k) != s.kind) ++k;
    t.kind_of.push_back(k);
    t.spots_per_kind[k]++;
  }
  t.times = {0};
  for (const model::Weight& w : model::multipliers_of(variant)) t.times.push_back(w.value);
  for (size_t c = 0; c < t.times.size(); ++c) t.class_of[t.times[c]] = c;
  const size_t pockets = 38;  // index by pocket value; 37 is 00
  t.per_spot.assign(pockets, std::vector<std::vector<int64_t>>(
                                 t.times.size(), std::vector<int64_t>(t.spots.size(), -1)));
  t.per_kind.assign(pockets, std::vector<std::vector<int64_t>>(
                                 t.times.size(), std::vector<int64_t>(t.kinds.size(), 0)));
  const Money stake = Money::from_major(1);
  for (const model::OutcomeClass& c : model::outcome_distribution(variant).classes) {
    auto& row = t.per_spot[static_cast<size_t>(c.pocket)][t.class_of.at(c.times)];
    for (size_t s = 0; s < t.spots.size(); ++s) {
      const Money paid = engine.payout(t.spots[s].code, stake, c.outcome);
      EXPECT_EQ(paid.units % stake.units, 0) << t.spots[s].code;
      const int64_t stakes = paid.units / stake.units;
      // Several classes share a pocket and a multiplier (mega: one per lucky count): they
      // must all pay alike, which is what lets a round be looked up by the two.
      if (row[s] >= 0) {
        EXPECT_EQ(row[s], stakes) << t.spots[s].code << " on " << c.pocket;
      }
      row[s] = stakes;
    }
  }
  for (size_t p = 0; p < pockets; ++p)
    for (size_t c = 0; c < t.times.size(); ++c)
      for (size_t s = 0; s < t.spots.size(); ++s)
        t.per_kind[p][c][t.kind_of[s]] += std::max<int64_t>(t.per_spot[p][c][s], 0);
  return t;
}

struct KindSums {
  int64_t sum = 0;  // of the per-round return of one stake on every spot of the kind
  double sum2 = 0;  // of its square
};

void simulate(const std::string& variant, uint64_t seed) {
  auto engine = make_engine(variant, {});
  ASSERT_TRUE(engine);
  const Layout layout = model::layout_of(variant);
  const ReturnTable table = build_table(variant, *engine);
  const bool mega = variant == "mega", powerup = variant == "powerup";

  std::vector<KindSums> sums(table.kinds.size());
  std::vector<int64_t> pockets(static_cast<size_t>(pocket_count(layout)), 0);
  std::vector<int64_t> lucky_counts(model::kMegaLuckyCounts.size(), 0);
  std::vector<int64_t> multipliers(model::multipliers_of(variant).size(), 0);
  std::vector<int64_t> marked_numbers(37, 0);  // how often each number is lucky / powered
  std::vector<int64_t> pocket_marked(2, 0);    // rounds whose pocket is not / is marked

  const auto start = std::chrono::steady_clock::now();
  SeededRng rng(seed);
  const Money stake = Money::from_major(1);
  for (int64_t round = 0; round < kRounds; ++round) {
    const Outcome o = engine->draw(rng);
    const int pocket = o.values[0];
    const int times = pocket_times(variant, o);
    const auto& returns = table.per_kind[static_cast<size_t>(pocket)][table.class_of.at(times)];
    for (size_t k = 0; k < returns.size(); ++k) {
      sums[k].sum += returns[k];
      sums[k].sum2 += static_cast<double>(returns[k] * returns[k]);
    }
    pockets[static_cast<size_t>(pocket == kDoubleZero ? 37 : pocket)]++;

    if (mega) {
      const size_t k = (o.values.size() - 1) / 2;
      lucky_counts.at(k - 1)++;
      bool marked = false;
      for (size_t i = 1; i < o.values.size(); i += 2) {
        marked_numbers.at(static_cast<size_t>(o.values[i]))++;
        multipliers[index_of(model::kMegaMultipliers, o.values[i + 1])]++;
        marked = marked || o.values[i] == pocket;
      }
      pocket_marked[marked]++;
    } else if (powerup) {
      for (size_t i = 1; i <= 4; ++i) marked_numbers.at(static_cast<size_t>(o.values[i]))++;
      pocket_marked[times != 0]++;
      if (times) multipliers[index_of(model::kPowerUpMultipliers, times)]++;
    }

    if (round % kSpotCheckEvery == 0) {
      const auto& row = table.per_spot[static_cast<size_t>(pocket)][table.class_of.at(times)];
      for (size_t s = 0; s < table.spots.size(); ++s)
        ASSERT_EQ(engine->payout(table.spots[s].code, stake, o).units, row[s] * stake.units)
            << table.spots[s].code << " on " << engine->encode(o);
      const std::vector<Multiplier> result = engine->result_multipliers(o);
      if (times) {
        ASSERT_EQ(result, (std::vector<Multiplier>{{"STRAIGHT_" + pocket_label(pocket), times}}));
      } else {
        ASSERT_TRUE(result.empty()) << engine->encode(o);
      }
    }
  }
  const double seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();

  std::printf("%s: %lld rounds in %.2f s (seed %llu)\n", variant.c_str(),
              static_cast<long long>(kRounds), seconds, static_cast<unsigned long long>(seed));
  std::printf("  %-9s %9s %9s %9s %7s\n", "kind", "rtp %", "theory %", "SE %", "z");
  const double n = static_cast<double>(kRounds);
  for (size_t k = 0; k < table.kinds.size(); ++k) {
    const double spots = static_cast<double>(table.spots_per_kind[k]);
    const double mean_sum = static_cast<double>(sums[k].sum) / n;
    const double var_sum = (sums[k].sum2 - n * mean_sum * mean_sum) / (n - 1);
    const double rtp = mean_sum / spots;
    const double se = std::sqrt(std::max(var_sum, 0.0) / n) / spots;
    const model::Fraction f = model::documented_rtp(variant, table.kinds[k]);
    const double theory = static_cast<double>(f.num) / static_cast<double>(f.den);
    const double z = se > 0 ? (rtp - theory) / se : 0;
    std::printf("  %-9s %9.4f %9.4f %9.4f %7.2f\n", std::string(kind_name(table.kinds[k])).c_str(),
                100 * rtp, 100 * theory, 100 * se, z);
    // A kind whose average over its spots is the same every round (the European straight-
    // up: exactly one of the 37 wins, paying 36) has no variance: it must match exactly.
    EXPECT_LE(std::abs(rtp - theory), 3 * se + 1e-12)
        << variant << ' ' << kind_name(table.kinds[k]) << ": z = " << z;
  }

  expect_fits("pockets", pockets,
              std::vector<double>(pockets.size(), 1.0 / static_cast<double>(pockets.size())));
  if (mega || powerup) {
    const double marked = mega ? 2.0 : 4.0;  // E[lucky count] = 2; 4 powered numbers
    // Which numbers are marked: each one equally often. (The numbers of one round are
    // distinct, which makes the statistic slightly smaller than a chi-square's, so this
    // test errs on the lenient side.)
    expect_fits("marked numbers", marked_numbers, std::vector<double>(37, 1.0 / 37));
    // Whether the pocket is marked: independent of the pocket, so with probability
    // E[count] / 37.
    expect_fits("pocket marked", pocket_marked, {1 - marked / 37, marked / 37});
    expect_fits("multipliers", multipliers, from_weights(model::multipliers_of(variant)));
  }
  if (mega) expect_fits("lucky counts", lucky_counts, from_weights(model::kMegaLuckyCounts));
}

TEST(RouletteSim, European) {
  simulate("european", 0x5EED0001);
}
TEST(RouletteSim, American) {
  simulate("american", 0x5EED0002);
}
TEST(RouletteSim, Mega) {
  simulate("mega", 0x5EED0003);
}
TEST(RouletteSim, PowerUp) {
  simulate("powerup", 0x5EED0004);
}

}  // namespace
}  // namespace croupier::games::roulette
