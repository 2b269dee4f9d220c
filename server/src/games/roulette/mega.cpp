// Mega roulette: a European wheel with 1 to 5 lucky numbers and their multipliers.
//
// After bets close the dealer draws how many lucky numbers there are (kLuckyCounts), which
// numbers of 0..36 they are (uniformly, without replacement) and, for each one
// independently, its multiplier (kMegaMultipliers); all of it independently of the pocket.
// A straight-up that wins pays the multiplier of its number to 1 when that number is
// lucky and 29:1 otherwise; every other bet pays as on the European wheel.
//
// Return of a straight-up: its number is lucky with probability E[count] / 37 = 2/37,
// and then returns E[multiplier] + 1 = 141 stakes; otherwise a win returns 30 stakes. So
// (1/37) * (2/37 * 141 + 35/37 * 30) = 1332 / 1369 = 36/37 = 97.30 %, the same as every
// other bet (docs/games/roulette.md).
#include <array>
#include <cassert>
#include <memory>
#include <utility>

#include "games/roulette/wheel_engine.hpp"

namespace croupier::games::roulette {

namespace {

using detail::Weighted;

constexpr int kMegaStraightRatio = 29;
constexpr size_t kLuckyMax = 5;

// How many lucky numbers a round has; weights out of 100, mean exactly 2.
constexpr std::array<Weighted, 5> kLuckyCounts = {{
    {1, 40},
    {2, 33},
    {3, 17},
    {4, 7},
    {5, 3},
}};

// The multiplier of each lucky number; weights out of 100, mean exactly 140.
constexpr std::array<Weighted, 8> kMegaMultipliers = {{
    {50, 35},
    {100, 25},
    {150, 12},
    {200, 10},
    {250, 7},
    {300, 5},
    {400, 3},
    {500, 3},
}};

class Mega final : public detail::WheelEngine {
 public:
  explicit Mega(Limits limits) : WheelEngine(Layout::european, std::move(limits)) {}

  std::string_view variant() const override { return "mega"; }

  // Lucky numbers first (they are announced before the ball lands), then the pocket.
  Outcome draw(Rng& rng) const override {
    const int count = detail::draw_weighted(rng, kLuckyCounts);
    std::vector<int> lucky = detail::draw_distinct_numbers(rng, count);
    Outcome outcome{{0}};
    for (int number : lucky) {
      outcome.values.push_back(number);
      outcome.values.push_back(detail::draw_weighted(rng, kMegaMultipliers));
    }
    outcome.values[0] = static_cast<int>(rng.uniform(37));
    return outcome;
  }

  // "17|5x200,17x50": the pocket, then each lucky number with its multiplier, ascending.
  std::string encode(const Outcome& outcome) const override {
    assert(valid(outcome));
    if (!valid(outcome)) return {};
    std::string text = pocket_label(outcome.values[0]) + '|';
    for (size_t i = 1; i < outcome.values.size(); i += 2) {
      if (i > 1) text += ',';
      text += pocket_label(outcome.values[i]) + 'x' + std::to_string(outcome.values[i + 1]);
    }
    return text;
  }

  std::optional<Outcome> decode(std::string_view text) const override {
    std::vector<std::string_view> parts = detail::split(text, '|');
    if (parts.size() != 2) return std::nullopt;
    std::optional<int> pocket = parse_pocket(parts[0], Layout::european);
    if (!pocket) return std::nullopt;
    Outcome outcome{{*pocket}};
    std::vector<std::string_view> entries = detail::split(parts[1], ',');
    if (entries.size() > kLuckyMax) return std::nullopt;
    for (std::string_view entry : entries) {
      std::vector<std::string_view> pair = detail::split(entry, 'x');
      if (pair.size() != 2) return std::nullopt;
      std::optional<int> number = parse_pocket(pair[0], Layout::european);
      std::optional<int> times = detail::parse_int(pair[1], detail::kMultiplierDigitsMax);
      if (!number || !times) return std::nullopt;
      outcome.values.push_back(*number);
      outcome.values.push_back(*times);
    }
    if (!valid(outcome)) return std::nullopt;
    return outcome;
  }

  std::vector<Multiplier> announced_multipliers(const Outcome& outcome) const override {
    assert(valid(outcome));
    std::vector<Multiplier> out;
    if (!valid(outcome)) return out;
    for (size_t i = 1; i < outcome.values.size(); i += 2)
      out.push_back({detail::straight_spot(outcome.values[i]), outcome.values[i + 1]});
    return out;
  }

  // The lucky multiplier of the winning pocket, if it is lucky.
  std::vector<Multiplier> result_multipliers(const Outcome& outcome) const override {
    assert(valid(outcome));
    if (!valid(outcome)) return {};
    if (int times = lucky_multiplier(outcome))
      return {{detail::straight_spot(outcome.values[0]), times}};
    return {};
  }

 protected:
  // {pocket, n1, m1, ..., nk, mk}: 1 <= k <= 5, numbers ascending, multipliers of the set.
  bool valid(const Outcome& outcome) const override {
    const std::vector<int>& v = outcome.values;
    if (v.size() < 3 || v.size() > 1 + 2 * kLuckyMax || v.size() % 2 != 1) return false;
    if (v[0] < 0 || v[0] > 36) return false;
    std::vector<int> numbers;
    for (size_t i = 1; i < v.size(); i += 2) {
      numbers.push_back(v[i]);
      if (!detail::has_value(kMegaMultipliers, v[i + 1])) return false;
    }
    return detail::ascending_numbers(numbers);
  }

  int winning_straight_ratio(const Outcome& outcome) const override {
    int times = lucky_multiplier(outcome);
    return times ? times : kMegaStraightRatio;
  }

  int base_straight_ratio() const override { return kMegaStraightRatio; }
  int max_multiplier() const override { return detail::max_value(kMegaMultipliers); }

 private:
  // The multiplier of the pocket when it is a lucky number, else 0.
  static int lucky_multiplier(const Outcome& outcome) {
    for (size_t i = 1; i + 1 < outcome.values.size(); i += 2)
      if (outcome.values[i] == outcome.values[0]) return outcome.values[i + 1];
    return 0;
  }
};

}  // namespace

std::unique_ptr<Engine> make_mega(Limits limits) {
  return std::make_unique<Mega>(std::move(limits));
}

}  // namespace croupier::games::roulette
