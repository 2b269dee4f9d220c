// Test support for the roulette return-to-player tests (roulette_rtp_test.cpp, exact) and
// the simulations (roulette_sim_test.cpp): the documented rules of each variant, copied
// from docs/games/roulette.md rather than read from the engines, and the outcome
// distribution of each variant as weighted classes of outcomes.
#pragma once

#include <algorithm>
#include <cstdint>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "games/roulette/roulette.hpp"

namespace croupier::games::roulette::model {

struct Weight {
  int value;
  int64_t weight;
};

// docs/games/roulette.md, "Mega": how many lucky numbers, and each one's multiplier.
inline const std::vector<Weight> kMegaLuckyCounts = {{1, 40}, {2, 33}, {3, 17}, {4, 7}, {5, 3}};
inline const std::vector<Weight> kMegaMultipliers = {{50, 35}, {100, 25}, {150, 12}, {200, 10},
                                                     {250, 7}, {300, 5},  {400, 3},  {500, 3}};
inline constexpr int kMegaBaseRatio = 29;

// docs/games/roulette.md, "Power-up": four powered numbers, the multiplier of a power-up
// round.
inline constexpr int kPowered = 4;
inline const std::vector<Weight> kPowerUpMultipliers = {{40, 28},  {50, 23}, {60, 13}, {75, 12},
                                                        {100, 10}, {150, 7}, {200, 5}, {300, 2}};
inline constexpr int kPowerUpBaseRatio = 30;

inline const std::vector<std::string> kVariants = {"european", "american", "mega", "powerup"};

inline Layout layout_of(std::string_view variant) {
  return variant == "american" ? Layout::american : Layout::european;
}

inline int64_t total_weight(const std::vector<Weight>& table) {
  int64_t total = 0;
  for (const Weight& w : table) total += w.weight;
  return total;
}

// The multipliers a variant's straight-up can be paid with, empty for the classic wheels.
inline const std::vector<Weight>& multipliers_of(std::string_view variant) {
  static const std::vector<Weight> none;
  if (variant == "mega") return kMegaMultipliers;
  if (variant == "powerup") return kPowerUpMultipliers;
  return none;
}

struct Fraction {
  int64_t num;
  int64_t den;
};

// The documented theoretical return of every spot of a kind (docs/games/roulette.md):
//   european: 36/37 for every bet;  american: 36/38, the top line 35/38;
//   mega: 36/37 for every bet (the straight-up 1332/1369 = 36/37);
//   powerup: 36/37, the straight-up 1331/1369.
inline Fraction documented_rtp(std::string_view variant, SpotKind kind) {
  if (variant == "american") return kind == SpotKind::topline ? Fraction{35, 38} : Fraction{36, 38};
  if (variant == "powerup" && kind == SpotKind::straight) return {1331, 1369};
  return {36, 37};
}

// The same, as the percentage with two decimals that the documentation prints.
inline std::string documented_percent(std::string_view variant, SpotKind kind) {
  if (variant == "american") return kind == SpotKind::topline ? "92.11" : "94.74";
  if (variant == "powerup" && kind == SpotKind::straight) return "97.22";
  return "97.30";
}

// One class of outcomes: every outcome of the class pays every spot the same as the
// representative `outcome` does, and the class has probability weight / total.
struct OutcomeClass {
  Outcome outcome;
  int64_t weight;
  int pocket;
  int times;  // the multiplier on the pocket's straight-up, 0 when it pays the base ratio
};

struct OutcomeDistribution {
  std::vector<OutcomeClass> classes;
  int64_t total;
};

// Pockets (kDoubleZero for 00) of a layout.
inline std::vector<int> pockets_of(Layout layout) {
  std::vector<int> out;
  for (int p = 0; p <= 36; ++p) out.push_back(p);
  if (layout == Layout::american) out.push_back(kDoubleZero);
  return out;
}

// {pocket, n1, m1, ...} with the pairs sorted by number.
inline Outcome mega_outcome(int pocket, std::vector<std::pair<int, int>> lucky) {
  std::sort(lucky.begin(), lucky.end());
  Outcome o{{pocket}};
  for (auto [n, m] : lucky) o.values.insert(o.values.end(), {n, m});
  return o;
}

inline Outcome powerup_outcome(int pocket, std::vector<int> powered, int times) {
  std::sort(powered.begin(), powered.end());
  Outcome o{{pocket}};
  o.values.insert(o.values.end(), powered.begin(), powered.end());
  o.values.push_back(times);
  return o;
}

// The outcome distribution of a variant, exactly, as classes. The classic wheels: each
// pocket with weight 1. The special-ball wheels are reduced by symmetry: what a bet
// returns depends only on the pocket and on the multiplier of the pocket's straight-up
// (the rules: only a winning straight-up is paid differently, and it wins only on the
// pocket). Given the pocket p and k lucky (or powered) numbers drawn uniformly without
// replacement from 37, p is among them with probability k/37 independently of the
// pocket; its multiplier is then drawn from the documented weights. So per pocket:
//   mega:    for k = 1..5 and each multiplier m:  weight(k) * k * weight(m)      (p lucky)
//            for k = 1..5:                       weight(k) * (37 - k) * 100     (p not lucky)
//   powerup: for each multiplier m:              4 * weight(m)                  (powered)
//                                                33 * 100                       (not powered)
// Each class's representative outcome has the other lucky (powered) numbers right after
// p around 0..36, and gives them the highest multiplier, so an engine that paid a
// straight-up with another number's multiplier would be caught.
inline OutcomeDistribution outcome_distribution(std::string_view variant) {
  OutcomeDistribution d{{}, 0};
  const Layout layout = layout_of(variant);
  auto add = [&](Outcome o, int64_t weight, int pocket, int times) {
    d.classes.push_back({std::move(o), weight, pocket, times});
    d.total += weight;
  };
  for (int p : pockets_of(layout)) {
    if (variant == "mega") {
      const int64_t multiplier_total = total_weight(kMegaMultipliers);
      for (const Weight& count : kMegaLuckyCounts) {
        const int k = count.value;
        for (const Weight& m : kMegaMultipliers) {
          std::vector<std::pair<int, int>> lucky = {{p, m.value}};
          for (int i = 1; i < k; ++i) lucky.push_back({(p + i) % 37, 500});
          add(mega_outcome(p, lucky), count.weight * k * m.weight, p, m.value);
        }
        std::vector<std::pair<int, int>> lucky;
        for (int i = 1; i <= k; ++i) lucky.push_back({(p + i) % 37, 500});
        add(mega_outcome(p, lucky), count.weight * (37 - k) * multiplier_total, p, 0);
      }
    } else if (variant == "powerup") {
      const int64_t multiplier_total = total_weight(kPowerUpMultipliers);
      for (const Weight& m : kPowerUpMultipliers) {
        std::vector<int> powered = {p};
        for (int i = 1; i < kPowered; ++i) powered.push_back((p + i) % 37);
        add(powerup_outcome(p, powered, m.value), kPowered * m.weight, p, m.value);
      }
      std::vector<int> powered;
      for (int i = 1; i <= kPowered; ++i) powered.push_back((p + i) % 37);
      add(powerup_outcome(p, powered, 0), (37 - kPowered) * multiplier_total, p, 0);
    } else {
      add(Outcome{{p}}, 1, p, 0);
    }
  }
  return d;
}

}  // namespace croupier::games::roulette::model
