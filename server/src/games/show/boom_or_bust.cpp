// Boom or bust (boom_or_bust.hpp). A number returns (10 × 3 + 1 × 4) / 36 = 34/36 of its
// stakes; BOOM returns 1/6 of the bonus's expected total under the best play, which the
// default is (docs/games/boomorbust.md: 95.60 %).
#include "games/show/boom_or_bust.hpp"

#include <cassert>
#include <cstdlib>
#include <optional>
#include <string>

#include "games/text.hpp"

namespace croupier::games::show::boom {

namespace {

using cards::CardSpot;

constexpr std::array<CardSpot, 7> kSpots = {{
    {"1", "number", false, "", 2, 1, "2,3"},
    {"2", "number", false, "", 2, 1, "2,3"},
    {"3", "number", false, "", 2, 1, "2,3"},
    {"4", "number", false, "", 2, 1, "2,3"},
    {"5", "number", false, "", 2, 1, "2,3"},
    {"6", "number", false, "", 2, 1, "2,3"},
    {"BOOM", "boom", false, "", 0, 1, ""},
}};

bool die(int v) {
  return v >= 1 && v <= 6;
}

bool valid(const Outcome& o) {
  const std::vector<int>& v = o.values;
  if (v.size() < 2 || v.size() % 2 != 0 || !die(v[0]) || !die(v[1])) return false;
  const size_t rolls = (v.size() - 2) / 2;
  if (v[0] != v[1]) return rolls == 0;
  if (rolls < 1 || rolls > static_cast<size_t>(kRolls)) return false;
  for (size_t i = 0; i < rolls; ++i) {
    const int r = v[2 + 2 * i], b = v[3 + 2 * i];
    if (!die(r) || !die(b)) return false;
    // Rolls go on until the first bust or the tenth roll.
    const bool last = i + 1 == rolls;
    if (r == b && !last) return false;
    if (last && r != b && rolls != static_cast<size_t>(kRolls)) return false;
  }
  return true;
}

std::string keep_or_cash(int64_t total) {
  return total <= kKeepUpTo ? "keep" : "cash";
}

class BoomOrBust final : public ShowEngine {
 public:
  explicit BoomOrBust(cards::CardLimits limits) : limits_(std::move(limits)) {}

  std::string_view game() const override { return "boomorbust"; }
  std::string_view variant() const override { return "classic"; }

  std::optional<std::string> canonical_spot(std::string_view code) const override {
    if (const CardSpot* spot = cards::find_spot(kSpots, code)) return std::string(spot->code);
    return std::nullopt;
  }

  std::vector<std::optional<ErrorCode>> check(const std::vector<BetLine>& existing,
                                              const std::vector<BetLine>& added,
                                              std::string_view currency) const override {
    return cards::check_bets(kSpots, limits_, existing, added, currency);
  }

  // The red die, the blue die; on doubles the bonus's rolls until a bust or the tenth.
  Outcome draw(Rng& rng) const override {
    Outcome o;
    const int red = static_cast<int>(rng.uniform(6)) + 1;
    const int blue = static_cast<int>(rng.uniform(6)) + 1;
    o.values = {red, blue};
    if (red != blue) return o;
    for (int i = 0; i < kRolls; ++i) {
      const int r = static_cast<int>(rng.uniform(6)) + 1;
      const int b = static_cast<int>(rng.uniform(6)) + 1;
      o.values.push_back(r);
      o.values.push_back(b);
      if (r == b) break;
    }
    return o;
  }

  Money payout(std::string_view spot, Money stake, const Outcome& outcome) const override {
    return returns(spot, stake, outcome, {});
  }

  Money returns(std::string_view code, Money stake, const Outcome& outcome,
                const std::vector<std::string>& choices) const override {
    const CardSpot* spot = cards::find_spot(kSpots, code);
    assert(spot && valid(outcome));
    if (!spot || !valid(outcome)) return Money::zero();
    const std::vector<int>& v = outcome.values;
    if (spot->code != "BOOM") {
      const int n = spot->code[0] - '0';
      const int hits = (v[0] == n) + (v[1] == n);
      return hits == 0 ? Money::zero() : cards::scaled(stake, hits == 1 ? 3 : 4, 1);
    }
    if (v[0] != v[1]) return Money::zero();
    int64_t total = 0;
    const size_t rolls = (v.size() - 2) / 2;
    for (size_t i = 0; i < rolls; ++i) {
      const int value = square_value(v[2 + 2 * i], v[3 + 2 * i]);
      if (value == 0) return Money::zero();
      total += value;
      if (i + 1 == static_cast<size_t>(kRolls)) break;
      const std::string choice = i < choices.size() ? choices[i] : keep_or_cash(total);
      if (choice == "cash") break;
    }
    return cards::scaled(stake, total, 1);
  }

  std::string encode(const Outcome& outcome) const override {
    assert(valid(outcome));
    if (!valid(outcome)) return {};
    const std::vector<int>& v = outcome.values;
    std::string text = std::to_string(v[0]) + ',' + std::to_string(v[1]);
    for (size_t i = 2; i < v.size(); i += 2)
      text += (i == 2 ? '|' : ',') + std::to_string(v[i]) + std::to_string(v[i + 1]);
    return text;
  }

  std::optional<Outcome> decode(std::string_view text) const override {
    std::vector<std::string_view> parts = split(text, '|');
    if (parts.size() > 2) return std::nullopt;
    std::vector<std::string_view> dice = split(parts[0], ',');
    if (dice.size() != 2 || dice[0].size() != 1 || dice[1].size() != 1) return std::nullopt;
    Outcome o{{dice[0][0] - '0', dice[1][0] - '0'}};
    if (parts.size() == 2) {
      for (std::string_view roll : split(parts[1], ',')) {
        if (roll.size() != 2) return std::nullopt;
        o.values.push_back(roll[0] - '0');
        o.values.push_back(roll[1] - '0');
      }
    }
    if (!valid(o)) return std::nullopt;
    return o;
  }

  TableLimitsInfo limits() const override { return cards::limits_info(kSpots, limits_); }

  std::vector<int64_t> first(const Outcome& outcome) const override {
    if (outcome.values.size() < 2) return {};
    return {outcome.values[0], outcome.values[1]};
  }

  // On doubles: each roll (red, blue, its value, the total after it; a bust's value and
  // total are 0), and after each roll that is neither a bust nor the last a choice.
  Plan plan(const Outcome& outcome) const override {
    Plan p;
    if (!valid(outcome) || outcome.values[0] != outcome.values[1]) return p;
    p.bonus = "boom";
    p.spot = "BOOM";
    p.leaves = "cash";
    const std::vector<int>& v = outcome.values;
    int64_t total = 0;
    const size_t rolls = (v.size() - 2) / 2;
    for (size_t i = 0; i < rolls; ++i) {
      const int r = v[2 + 2 * i], b = v[3 + 2 * i];
      const int value = square_value(r, b);
      total = value == 0 ? 0 : total + value;
      p.steps.push_back({Step::Kind::reveal, "roll", {r, b, value, total}, {}});
      if (value != 0 && i + 1 < static_cast<size_t>(kRolls))
        p.steps.push_back({Step::Kind::choose, "keep", {}, {"keep", "cash"}});
    }
    return p;
  }

  std::string default_choice(const Outcome& outcome, size_t step) const override {
    const Plan p = plan(outcome);
    for (size_t i = std::min(step, p.steps.size()); i-- > 0;)
      if (p.steps[i].what == "roll") return keep_or_cash(p.steps[i].values[3]);
    return "keep";
  }

 private:
  const cards::CardLimits limits_;
};

}  // namespace

int square_value(int red, int blue) {
  if (!die(red) || !die(blue)) return 0;
  return kValues[static_cast<size_t>(std::abs(red - blue))];
}

std::unique_ptr<ShowEngine> make_engine(cards::CardLimits limits) {
  return std::make_unique<BoomOrBust>(std::move(limits));
}

}  // namespace croupier::games::show::boom
