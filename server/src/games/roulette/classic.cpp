// The classic wheels: European (single zero) and American (0 and 00). Every bet pays its
// standard ratio; the outcome is the pocket alone.
#include <cassert>
#include <memory>
#include <utility>

#include "games/roulette/wheel_engine.hpp"

namespace croupier::games::roulette {

namespace {

class Classic final : public detail::WheelEngine {
 public:
  Classic(Layout layout, Limits limits) : WheelEngine(layout, std::move(limits)) {}

  std::string_view variant() const override {
    return layout() == Layout::american ? "american" : "european";
  }

  // 0..36, and on American also 37, which is 00.
  Outcome draw(Rng& rng) const override {
    const int pocket = static_cast<int>(rng.uniform(static_cast<uint64_t>(pocket_count(layout()))));
    return Outcome{{pocket}};
  }

  std::string encode(const Outcome& outcome) const override {
    assert(valid(outcome));
    return valid(outcome) ? pocket_label(outcome.values[0]) : std::string();
  }

  std::optional<Outcome> decode(std::string_view text) const override {
    std::optional<int> pocket = parse_pocket(text, layout());
    if (!pocket) return std::nullopt;
    return Outcome{{*pocket}};
  }

 protected:
  bool valid(const Outcome& outcome) const override {
    if (outcome.values.size() != 1) return false;
    const int pocket = outcome.values[0];
    return (pocket >= 0 && pocket <= 36) || (pocket == kDoubleZero && layout() == Layout::american);
  }

  int winning_straight_ratio(const Outcome&) const override { return base_straight_ratio(); }
  int base_straight_ratio() const override { return payout_ratio(SpotKind::straight); }
};

}  // namespace

std::unique_ptr<Engine> make_european(Limits limits) {
  return std::make_unique<Classic>(Layout::european, std::move(limits));
}

std::unique_ptr<Engine> make_american(Limits limits) {
  return std::make_unique<Classic>(Layout::american, std::move(limits));
}

}  // namespace croupier::games::roulette
