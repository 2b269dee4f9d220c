// Power-up roulette: a European wheel with four powered-up numbers.
//
// After bets close the dealer powers up kPowered numbers of 0..36 (uniformly, without
// replacement, independently of the pocket) and announces them, without multipliers.
// When the ball lands on a powered number the round is a power-up round: a multiplier is
// drawn then (kPowerUpMultipliers) and revealed with the result, and a straight-up on that number
// pays it to 1. Any other winning straight-up pays 30:1; every other bet pays as on the
// European wheel.
//
// Return of a straight-up: its number is powered with probability 4/37, and then returns
// E[multiplier] + 1 = 77 stakes; otherwise a win returns 31 stakes. So
// (1/37) * (4/37 * 77 + 33/37 * 31) = 1331 / 1369 = 97.22 % (docs/games/roulette.md).
#include <algorithm>
#include <array>
#include <cassert>
#include <memory>
#include <utility>

#include "games/roulette/wheel_engine.hpp"

namespace croupier::games::roulette {

namespace {

using detail::Weighted;

constexpr int kPowerUpStraightRatio = 30;
constexpr size_t kPowered = 4;

// The multiplier of a power-up round; weights out of 100, mean exactly 76.
constexpr std::array<Weighted, 8> kPowerUpMultipliers = {{
    {40, 28},
    {50, 23},
    {60, 13},
    {75, 12},
    {100, 10},
    {150, 7},
    {200, 5},
    {300, 2},
}};

// Outcome values: {pocket, p1, p2, p3, p4, multiplier}.
constexpr size_t kMultiplierAt = 1 + kPowered;

bool powered(const Outcome& outcome, int number) {
  auto first = outcome.values.begin() + 1, last = first + kPowered;
  return std::find(first, last, number) != last;
}

class PowerUp final : public detail::WheelEngine {
 public:
  explicit PowerUp(Limits limits) : WheelEngine(Layout::european, std::move(limits)) {}

  std::string_view variant() const override { return "powerup"; }

  // The powered numbers (announced before the ball lands), the pocket, then the
  // multiplier only when the pocket is powered.
  Outcome draw(Rng& rng) const override {
    std::vector<int> numbers = detail::draw_distinct_numbers(rng, kPowered);
    Outcome outcome{{0}};
    outcome.values.insert(outcome.values.end(), numbers.begin(), numbers.end());
    outcome.values[0] = static_cast<int>(rng.uniform(37));
    outcome.values.push_back(
        powered(outcome, outcome.values[0]) ? detail::draw_weighted(rng, kPowerUpMultipliers) : 0);
    return outcome;
  }

  // "17|3,17,22,30|x150" in a power-up round, "5|3,17,22,30" otherwise.
  std::string encode(const Outcome& outcome) const override {
    assert(valid(outcome));
    if (!valid(outcome)) return {};
    std::string text = pocket_label(outcome.values[0]) + '|';
    for (size_t i = 1; i <= kPowered; ++i) {
      if (i > 1) text += ',';
      text += pocket_label(outcome.values[i]);
    }
    if (int times = outcome.values[kMultiplierAt]) text += "|x" + std::to_string(times);
    return text;
  }

  std::optional<Outcome> decode(std::string_view text) const override {
    std::vector<std::string_view> parts = detail::split(text, '|');
    if (parts.size() != 2 && parts.size() != 3) return std::nullopt;
    std::optional<int> pocket = parse_pocket(parts[0], Layout::european);
    if (!pocket) return std::nullopt;
    Outcome outcome{{*pocket}};
    std::vector<std::string_view> numbers = detail::split(parts[1], ',');
    if (numbers.size() != kPowered) return std::nullopt;
    for (std::string_view label : numbers) {
      std::optional<int> number = parse_pocket(label, Layout::european);
      if (!number) return std::nullopt;
      outcome.values.push_back(*number);
    }
    int times = 0;
    if (parts.size() == 3) {
      if (parts[2].empty() || parts[2].front() != 'x') return std::nullopt;
      std::optional<int> parsed =
          detail::parse_int(parts[2].substr(1), detail::kMultiplierDigitsMax);
      if (!parsed || *parsed == 0) return std::nullopt;
      times = *parsed;
    }
    outcome.values.push_back(times);
    if (!valid(outcome)) return std::nullopt;
    return outcome;
  }

  // The powered numbers, each with times 0: "powered up, multiplier revealed with the
  // result if the ball lands here".
  std::vector<Multiplier> announced_multipliers(const Outcome& outcome) const override {
    assert(valid(outcome));
    std::vector<Multiplier> out;
    if (!valid(outcome)) return out;
    for (size_t i = 1; i <= kPowered; ++i)
      out.push_back({detail::straight_spot(outcome.values[i]), 0});
    return out;
  }

  // In a power-up round, the multiplier of the winning pocket.
  std::vector<Multiplier> result_multipliers(const Outcome& outcome) const override {
    assert(valid(outcome));
    if (!valid(outcome)) return {};
    if (int times = outcome.values[kMultiplierAt])
      return {{detail::straight_spot(outcome.values[0]), times}};
    return {};
  }

 protected:
  // {pocket, p1..p4 ascending, multiplier}: the multiplier is one of the set exactly when
  // the pocket is powered, else 0.
  bool valid(const Outcome& outcome) const override {
    const std::vector<int>& v = outcome.values;
    if (v.size() != kPowered + 2) return false;
    if (v[0] < 0 || v[0] > 36) return false;
    if (!detail::ascending_numbers(std::span(v).subspan(1, kPowered))) return false;
    const int times = v[kMultiplierAt];
    return powered(outcome, v[0]) ? detail::has_value(kPowerUpMultipliers, times) : times == 0;
  }

  int winning_straight_ratio(const Outcome& outcome) const override {
    const int times = outcome.values[kMultiplierAt];
    return times ? times : kPowerUpStraightRatio;
  }

  int base_straight_ratio() const override { return kPowerUpStraightRatio; }
  int max_multiplier() const override { return detail::max_value(kPowerUpMultipliers); }
};

}  // namespace

std::unique_ptr<Engine> make_powerup(Limits limits) {
  return std::make_unique<PowerUp>(std::move(limits));
}

}  // namespace croupier::games::roulette
