// What the roulette variants share: one base engine (spots, limits, checks, payouts,
// safe bets, the wheel) and the helpers their draws and outcome texts use. Internal to
// games/roulette; the public surface is roulette.hpp.
#pragma once

#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "games/roulette/roulette.hpp"
#include "games/text.hpp"

namespace croupier::games::roulette::detail {

// One entry of a weighted draw: `value` comes up with probability weight / total weight.
struct Weighted {
  int value;
  int weight;
};

// A value of `table` drawn with its weight (one rng.uniform over the total weight).
int draw_weighted(Rng& rng, std::span<const Weighted> table);

bool has_value(std::span<const Weighted> table, int value);
int max_value(std::span<const Weighted> table);

// `count` distinct numbers of 0..36 drawn uniformly without replacement (a partial
// Fisher-Yates shuffle over rng.uniform), returned ascending.
std::vector<int> draw_distinct_numbers(Rng& rng, int count);

// A decimal integer without sign or leading zero, at most `digits_max` digits.
std::optional<int> parse_int(std::string_view text, size_t digits_max);

// The longest multiplier an outcome text of a multiplier variant carries (up to 999x).
constexpr size_t kMultiplierDigitsMax = 3;

// The straight-up spot on `number` ("STRAIGHT_17").
inline std::string straight_spot(int number) {
  return "STRAIGHT_" + pocket_label(number);
}

using games::split;

// True when `numbers` are strictly ascending European pockets (0..36).
bool ascending_numbers(std::span<const int> numbers);

struct Book;  // a player's bets of one round, summed the ways the limits are defined

class WheelEngine : public Engine {
 public:
  WheelEngine(Layout layout, Limits limits);

  std::string_view game() const final { return "roulette"; }
  std::optional<std::string> canonical_spot(std::string_view code) const final;
  std::vector<std::optional<ErrorCode>> check(const std::vector<BetLine>& existing,
                                              const std::vector<BetLine>& added,
                                              std::string_view currency) const final;
  Money payout(std::string_view spot, Money stake, const Outcome& outcome) const final;
  TableLimitsInfo limits() const final;
  std::string label(const Outcome& outcome) const final;
  bool is_safe(const std::vector<BetLine>& bets) const final;
  std::vector<std::string> wheel() const final;

 protected:
  Layout layout() const { return layout_; }

  // Whether `outcome` is one this variant can draw; encode() and payout() assume it.
  virtual bool valid(const Outcome& outcome) const = 0;

  // What a winning straight-up on the outcome's pocket pays, to 1.
  virtual int winning_straight_ratio(const Outcome& outcome) const = 0;

  // What limits() advertises: the straight-up ratio of an ordinary win, and the highest
  // multiplier a straight-up can pay (0 when the variant has none).
  virtual int base_straight_ratio() const = 0;
  virtual int max_multiplier() const { return 0; }

 private:
  Money spot_max(SpotKind kind) const;
  std::optional<ErrorCode> refusal(const Book& book, const Spot& spot, Money amount,
                                   std::string_view currency) const;

  // Constant after construction.
  const Layout layout_;
  const Limits limits_;
};

}  // namespace croupier::games::roulette::detail
