// The candy wheel (sweet_bonanza.hpp). Every bet returns 13,104/13,770 of its stakes: a
// number N on c segments returns c (N + 1) / 54 on a spin, and a Sugar Bomb (3 segments,
// mean multiplier 19/5) adds 3/54 × 19/5 × c (N + 1) / 51 from its re-spin; the numbers'
// c (N + 1) is 42 for 1, 2 and 5, and every bonus has 3 segments and an expected X of 13,
// so X + 1 = 14 and 3 × 14 = 42 as well (docs/games/sweetbonanza.md).
#include "games/show/sweet_bonanza.hpp"

#include <algorithm>
#include <cassert>
#include <numeric>
#include <optional>

#include "games/text.hpp"

namespace croupier::games::show::candy {

namespace {

using cards::CardSpot;

constexpr std::string_view k1 = "1", k2 = "2", k5 = "5", kB = kSugarBomb, kC = "CANDY_DROP",
                           kU = "BUBBLE_SURPRISE", kS = "SWEET_SPINS";

// Each bonus three times, a third of the wheel apart; the numbers between them.
constexpr std::array<std::string_view, kSegments> kWheel = {
    k1, k2, kC, k1, k2, k1, kB, k5, k1, k2, k1, kU, k2, k1, k5, k1, kS, k2,  //  0-17
    k1, k2, kC, k1, k5, k1, kB, k2, k1, k2, k1, kU, k5, k1, k2, k1, kS, k2,  // 18-35
    k1, k5, kC, k1, k2, k1, kB, k2, k1, k5, k1, kU, k2, k1, k2, k1, kS, k5,  // 36-53
};

constexpr std::array<CardSpot, 6> kSpots = {{
    {"1", "1", false, "", 1, 1, ""},
    {"2", "2", false, "", 2, 1, ""},
    {"5", "5", false, "", 5, 1, ""},
    {"CANDY_DROP", "candy_drop", false, "", 13, 1, ""},
    {"BUBBLE_SURPRISE", "bubble_surprise", false, "", 13, 1, ""},
    {"SWEET_SPINS", "sweet_spins", false, "", 13, 1, ""},
}};

// Mean 19/5.
constexpr std::array<Weighted, 5> kBombTable = {{{2, 12}, {3, 4}, {5, 2}, {10, 1}, {20, 1}}};
constexpr int kBombTotal = 20;
// Mean 13 each.
constexpr std::array<Weighted, 8> kCandyTable = {
    {{3, 25}, {6, 15}, {8, 20}, {10, 15}, {15, 10}, {25, 7}, {50, 6}, {100, 2}}};
constexpr int kCandyTotal = 100;
// Mean 13/2 each; two bubbles.
constexpr std::array<Weighted, 6> kBubbleTable = {
    {{2, 6}, {3, 4}, {5, 4}, {8, 2}, {10, 2}, {25, 2}}};
constexpr int kBubbleTotal = 20;
// Mean 13.
constexpr std::array<int, 20> kSpinsWheel = {5, 8, 10, 5, 15, 8, 20, 5, 10, 30,
                                             8, 5, 15, 8, 50, 5, 10, 8, 15, 20};

constexpr int kCandies = 3;
constexpr int kBubbles = 2;
constexpr int kDefaultCandy = 2;

int draw_weighted(Rng& rng, std::span<const Weighted> table, int total) {
  uint64_t r = rng.uniform(static_cast<uint64_t>(total));
  for (const Weighted& w : table) {
    if (r < static_cast<uint64_t>(w.weight)) return w.value;
    r -= static_cast<uint64_t>(w.weight);
  }
  assert(false && "unreachable: the weights add up to the total");
  return table.back().value;
}

bool in_table(std::span<const Weighted> table, int value) {
  return std::any_of(table.begin(), table.end(),
                     [&](const Weighted& w) { return w.value == value; });
}

std::string_view label_at(int segment) {
  return segment >= 0 && segment < kSegments ? kWheel[static_cast<size_t>(segment)]
                                             : std::string_view{};
}

// How many bonus values the final segment's label carries.
size_t bonus_values(std::string_view label) {
  if (label == kC) return kCandies;
  if (label == kU) return kBubbles;
  if (label == kS) return 1;
  return 0;
}

bool valid(const Outcome& o) {
  const std::vector<int>& v = o.values;
  if (v.size() < 3) return false;
  const std::string_view first = label_at(v[0]), last = label_at(v[2]);
  if (first.empty() || last.empty() || last == kB) return false;
  if (first == kB) {
    if (!in_table(kBombTable, v[1])) return false;
  } else if (v[1] != 1 || v[2] != v[0]) {
    return false;
  }
  if (v.size() != 3 + bonus_values(last)) return false;
  for (size_t i = 3; i < v.size(); ++i) {
    if (last == kC && !in_table(kCandyTable, v[i])) return false;
    if (last == kU && !in_table(kBubbleTable, v[i])) return false;
    if (last == kS && std::find(kSpinsWheel.begin(), kSpinsWheel.end(), v[i]) == kSpinsWheel.end())
      return false;
  }
  return true;
}

std::optional<int> parse_int(std::string_view text) {
  if (text.empty() || text.size() > 4 || (text.size() > 1 && text[0] == '0')) return std::nullopt;
  int value = 0;
  for (char c : text) {
    if (c < '0' || c > '9') return std::nullopt;
    value = value * 10 + (c - '0');
  }
  return value;
}

class CandyWheel final : public ShowEngine {
 public:
  explicit CandyWheel(cards::CardLimits limits) : limits_(std::move(limits)) {}

  std::string_view game() const override { return "sweetbonanza"; }
  std::string_view variant() const override { return "candyland"; }

  std::optional<std::string> canonical_spot(std::string_view code) const override {
    if (const CardSpot* spot = cards::find_spot(kSpots, code)) return std::string(spot->code);
    return std::nullopt;
  }

  std::vector<std::optional<ErrorCode>> check(const std::vector<BetLine>& existing,
                                              const std::vector<BetLine>& added,
                                              std::string_view currency) const override {
    return cards::check_bets(kSpots, limits_, existing, added, currency);
  }

  // The first segment; a Sugar Bomb's multiplier and re-spin (over the 51 segments that are
  // not bombs, in wheel order); then the bonus values of the final segment.
  Outcome draw(Rng& rng) const override {
    Outcome o;
    const int first = static_cast<int>(rng.uniform(kSegments));
    int m = 1, last = first;
    if (label_at(first) == kB) {
      m = draw_weighted(rng, kBombTable, kBombTotal);
      std::vector<int> others;
      for (int s = 0; s < kSegments; ++s)
        if (label_at(s) != kB) others.push_back(s);
      last = others[rng.uniform(others.size())];
    }
    o.values = {first, m, last};
    const std::string_view label = label_at(last);
    if (label == kC)
      for (int i = 0; i < kCandies; ++i)
        o.values.push_back(draw_weighted(rng, kCandyTable, kCandyTotal));
    if (label == kU)
      for (int i = 0; i < kBubbles; ++i)
        o.values.push_back(draw_weighted(rng, kBubbleTable, kBubbleTotal));
    if (label == kS) o.values.push_back(kSpinsWheel[rng.uniform(kSpinsWheel.size())]);
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
    const std::string_view label = label_at(v[2]);
    if (label != spot->code) return Money::zero();
    int64_t x = spot->num;  // a number N pays N:1
    if (label == kC) {
      int pick = kDefaultCandy;
      if (!choices.empty() && choices[0].size() == 1 && choices[0][0] >= '1' &&
          choices[0][0] <= '0' + kCandies)
        pick = choices[0][0] - '0';
      x = v[2 + static_cast<size_t>(pick)];
    } else if (label == kU || label == kS) {
      x = std::accumulate(v.begin() + 3, v.end(), int64_t{0});
    }
    return cards::scaled(stake, (x + 1) * v[1], 1);
  }

  std::string encode(const Outcome& outcome) const override {
    assert(valid(outcome));
    if (!valid(outcome)) return {};
    const std::vector<int>& v = outcome.values;
    std::string text = std::string(label_at(v[2])) + '|' + std::to_string(v[0]);
    if (label_at(v[0]) == kB) text += "|x" + std::to_string(v[1]) + '|' + std::to_string(v[2]);
    for (size_t i = 3; i < v.size(); ++i) text += (i == 3 ? '|' : ',') + std::to_string(v[i]);
    return text;
  }

  std::optional<Outcome> decode(std::string_view text) const override {
    std::vector<std::string_view> parts = split(text, '|');
    if (parts.size() < 2) return std::nullopt;
    std::optional<int> first = parse_int(parts[1]);
    if (!first) return std::nullopt;
    Outcome o{{*first, 1, *first}};
    size_t next = 2;
    if (label_at(*first) == kB) {
      if (parts.size() < 4 || parts[2].size() < 2 || parts[2][0] != 'x') return std::nullopt;
      std::optional<int> m = parse_int(parts[2].substr(1));
      std::optional<int> last = parse_int(parts[3]);
      if (!m || !last) return std::nullopt;
      o.values[1] = *m;
      o.values[2] = *last;
      next = 4;
    }
    if (next < parts.size()) {
      if (next + 1 != parts.size()) return std::nullopt;
      for (std::string_view part : split(parts[next], ',')) {
        std::optional<int> value = parse_int(part);
        if (!value) return std::nullopt;
        o.values.push_back(*value);
      }
    }
    if (!valid(o) || parts[0] != label_at(o.values[2])) return std::nullopt;
    return o;
  }

  TableLimitsInfo limits() const override {
    // A bonus pays its result X:1: what is advertised is its mean, 13:1.
    TableLimitsInfo info = cards::limits_info(kSpots, limits_);
    // The most a stake can win: the best candy under the biggest bomb, (100 + 1) × 20 - 1.
    info.max_multiplier = (kCandyTable.back().value + 1) * kBombTable.back().value - 1;
    return info;
  }

  std::vector<std::string> wheel() const override {
    return std::vector<std::string>(kWheel.begin(), kWheel.end());
  }

  std::vector<int64_t> first(const Outcome& outcome) const override {
    if (outcome.values.empty()) return {};
    return {outcome.values[0]};
  }

  Plan plan(const Outcome& outcome) const override {
    Plan p;
    if (!valid(outcome)) return p;
    const std::vector<int>& v = outcome.values;
    if (label_at(v[0]) == kB) p.steps.push_back({Step::Kind::reveal, "bomb", {v[1], v[2]}, {}});
    const std::string_view label = label_at(v[2]);
    const std::vector<int64_t> values(v.begin() + 3, v.end());
    if (label == kC) {
      p.bonus = "candydrop";
      p.steps.push_back({Step::Kind::choose, "candy", {}, {"1", "2", "3"}});
      p.steps.push_back({Step::Kind::reveal, "candies", values, {}});
    } else if (label == kU) {
      p.bonus = "bubbles";
      p.steps.push_back({Step::Kind::reveal, "bubbles", values, {}});
    } else if (label == kS) {
      p.bonus = "sweetspins";
      p.steps.push_back({Step::Kind::reveal, "spin", values, {}});
    }
    if (!p.bonus.empty()) p.spot = std::string(label);
    return p;
  }

  std::string default_choice(const Outcome&, size_t) const override {
    return std::to_string(kDefaultCandy);
  }

 private:
  const cards::CardLimits limits_;
};

}  // namespace

std::span<const std::string_view, kSegments> wheel_labels() {
  return kWheel;
}
std::span<const Weighted> bomb_table() {
  return kBombTable;
}
std::span<const Weighted> candy_table() {
  return kCandyTable;
}
std::span<const Weighted> bubble_table() {
  return kBubbleTable;
}
std::span<const int> spins_wheel() {
  return kSpinsWheel;
}

std::unique_ptr<ShowEngine> make_engine(cards::CardLimits limits) {
  return std::make_unique<CandyWheel>(std::move(limits));
}

}  // namespace croupier::games::show::candy
