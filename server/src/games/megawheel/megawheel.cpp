// Mega wheel (megawheel.hpp). The chosen number is uniform over the nine numbers and its
// multiplier is drawn from that number's own table, because the numbers' returns without
// a multiplier differ (from 31/54 for 30 to 44/54 for 10): each table makes up the
// difference to about 96.51 %, the published return of Pragmatic Play's game. A bet on N
// (c segments of 54) returns c × (1000 × (8N + 9) + S) / 486000, S being the sum of
// multiplier × weight of N's table: 5863/6075 = 96.5103 % for 1, 2, 8, 10 and 15,
// 10423/10800 = 96.5093 % for 5, 3127/3240 = 96.5123 % for 20, 30 and 40
// (docs/games/megawheel.md).
#include "games/megawheel/megawheel.hpp"

#include <algorithm>
#include <cassert>
#include <cstdint>
#include <optional>
#include <string_view>
#include <utility>
#include <vector>

#include "games/text.hpp"

namespace croupier::games::megawheel {

namespace {

using cards::CardSpot;

// Clockwise from the 40. No two neighbours bear the same number (the first and the last
// segment are neighbours too), each number's segments are spread evenly round the wheel,
// and the 30 (segment 27) faces the 40.
constexpr std::array<int, kSegments> kWheel = {
    40, 1, 2,  1, 10, 2, 1, 5, 1, 2,  8, 1, 15, 2, 1,  5, 1, 2,  //  0-17
    10, 1, 20, 2, 1,  5, 8, 1, 2, 30, 1, 5, 2,  1, 10, 1, 2, 1,  // 18-35
    5,  8, 1,  2, 15, 1, 2, 1, 5, 10, 1, 2, 20, 1, 8,  2, 1, 5,  // 36-53
};

// One spot per number; a win pays N:1 unless the number is multiplied.
constexpr std::array<CardSpot, kNumberCount> kSpots = {{
    {"1", "1", false, "", 1, 1, ""},
    {"2", "2", false, "", 2, 1, ""},
    {"5", "5", false, "", 5, 1, ""},
    {"8", "8", false, "", 8, 1, ""},
    {"10", "10", false, "", 10, 1, ""},
    {"15", "15", false, "", 15, 1, ""},
    {"20", "20", false, "", 20, 1, ""},
    {"30", "30", false, "", 30, 1, ""},
    {"40", "40", false, "", 40, 1, ""},
}};

// The multiplier tables, weights per mille. Every multiplier of N exceeds N (a multiplied
// win never pays less than a plain one) and stays within the published caps: 100 for 1,
// 200 for 2, 250 for 5, 8 and 10, 500 for the rest.
constexpr std::array<WeightedMultiplier, 10> kTable1 = {{
    {2, 403},
    {3, 232},
    {5, 145},
    {10, 100},
    {15, 50},
    {20, 30},
    {25, 20},
    {50, 10},
    {75, 5},
    {100, 5},
}};
constexpr std::array<WeightedMultiplier, 11> kTable2 = {{
    {3, 385},
    {5, 245},
    {10, 145},
    {15, 100},
    {20, 50},
    {25, 30},
    {50, 20},
    {75, 10},
    {100, 5},
    {150, 5},
    {200, 5},
}};
constexpr std::array<WeightedMultiplier, 10> kTable5 = {{
    {10, 482},
    {15, 265},
    {20, 128},
    {25, 60},
    {50, 35},
    {75, 12},
    {100, 10},
    {150, 4},
    {200, 2},
    {250, 2},
}};
constexpr std::array<WeightedMultiplier, 10> kTable8 = {{
    {10, 241},
    {15, 190},
    {20, 145},
    {25, 116},
    {50, 90},
    {75, 70},
    {100, 55},
    {150, 38},
    {200, 30},
    {250, 25},
}};
constexpr std::array<WeightedMultiplier, 9> kTable10 = {{
    {15, 459},
    {20, 250},
    {25, 135},
    {50, 73},
    {75, 40},
    {100, 20},
    {150, 10},
    {200, 8},
    {250, 5},
}};
constexpr std::array<WeightedMultiplier, 11> kTable15 = {{
    {20, 206},
    {25, 172},
    {50, 140},
    {75, 110},
    {100, 90},
    {150, 75},
    {200, 60},
    {250, 50},
    {300, 42},
    {400, 30},
    {500, 25},
}};
constexpr std::array<WeightedMultiplier, 10> kTable20 = {{
    {25, 417},
    {50, 245},
    {75, 140},
    {100, 85},
    {150, 50},
    {200, 30},
    {250, 15},
    {300, 10},
    {400, 4},
    {500, 4},
}};
constexpr std::array<WeightedMultiplier, 9> kTable30 = {{
    {50, 128},
    {75, 110},
    {100, 110},
    {150, 110},
    {200, 110},
    {250, 110},
    {300, 110},
    {400, 106},
    {500, 106},
}};
constexpr std::array<WeightedMultiplier, 9> kTable40 = {{
    {50, 261},
    {75, 200},
    {100, 150},
    {150, 115},
    {200, 90},
    {250, 65},
    {300, 50},
    {400, 40},
    {500, 29},
}};

// kNumbers' tables in the same order.
constexpr std::array<std::span<const WeightedMultiplier>, kNumberCount> kTables = {
    kTable1, kTable2, kTable5, kTable8, kTable10, kTable15, kTable20, kTable30, kTable40,
};

constexpr size_t kSegmentDigitsMax = 2;
constexpr size_t kNumberDigitsMax = 2;
constexpr size_t kMultiplierDigitsMax = 3;

// The index of `number` in kNumbers, or nullopt.
std::optional<size_t> number_index(int number) {
  auto it = std::find(kNumbers.begin(), kNumbers.end(), number);
  if (it == kNumbers.end()) return std::nullopt;
  return static_cast<size_t>(it - kNumbers.begin());
}

bool has_multiplier(int number, int times) {
  for (const WeightedMultiplier& m : multiplier_table(number))
    if (m.times == times && m.weight > 0) return true;
  return false;
}

// {segment, chosen number, multiplier} with the multiplier one of the chosen number's.
bool valid(const Outcome& outcome) {
  const std::vector<int>& v = outcome.values;
  return v.size() == 3 && v[0] >= 0 && v[0] < kSegments && has_multiplier(v[1], v[2]);
}

// A multiplier of `number`'s table, drawn with its weight by one rng.uniform.
int draw_multiplier(Rng& rng, int number) {
  uint64_t r = rng.uniform(kMultiplierWeightTotal);
  for (const WeightedMultiplier& m : multiplier_table(number)) {
    if (r < static_cast<uint64_t>(m.weight)) return m.times;
    r -= static_cast<uint64_t>(m.weight);
  }
  assert(false && "unreachable: every table's weights add up to the total");
  return multiplier_table(number).back().times;
}

// A decimal integer without sign or leading zero ("0" itself is fine), at most
// `digits_max` digits.
std::optional<int> parse_int(std::string_view text, size_t digits_max) {
  if (text.empty() || text.size() > digits_max) return std::nullopt;
  if (text.size() > 1 && text[0] == '0') return std::nullopt;
  int value = 0;
  for (char c : text) {
    if (c < '0' || c > '9') return std::nullopt;
    value = value * 10 + (c - '0');
  }
  return value;
}

// "<chosen>x<multiplier>" as the pair, or nullopt.
std::optional<std::pair<int, int>> parse_multiplied(std::string_view text) {
  std::vector<std::string_view> pair = split(text, 'x');
  if (pair.size() != 2) return std::nullopt;
  std::optional<int> number = parse_int(pair[0], kNumberDigitsMax);
  std::optional<int> times = parse_int(pair[1], kMultiplierDigitsMax);
  if (!number || !times) return std::nullopt;
  return std::pair{*number, *times};
}

class MegaWheel final : public Engine {
 public:
  explicit MegaWheel(cards::CardLimits limits) : limits_(std::move(limits)) {}

  std::string_view game() const override { return "megawheel"; }
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

  // The chosen number and its multiplier first (they are announced before the wheel
  // stops), then the segment; all three independent.
  Outcome draw(Rng& rng) const override {
    const int chosen = kNumbers[rng.uniform(kNumberCount)];
    const int times = draw_multiplier(rng, chosen);
    const int segment = static_cast<int>(rng.uniform(kSegments));
    return Outcome{{segment, chosen, times}};
  }

  Money payout(std::string_view code, Money stake, const Outcome& outcome) const override {
    const CardSpot* spot = cards::find_spot(kSpots, code);
    assert(spot && "payout asked for a spot that check() never accepted");
    assert(valid(outcome) && "payout asked for an outcome this engine never draws");
    if (!spot || !valid(outcome)) return Money::zero();
    const int number = static_cast<int>(spot->num);
    if (number_at(outcome.values[0]) != number) return Money::zero();
    // The multiplier replaces the number's ratio: M:1 returns M + 1 stakes.
    if (outcome.values[1] == number) return cards::scaled(stake, outcome.values[2] + 1, 1);
    return cards::win_return(*spot, stake);
  }

  std::string encode(const Outcome& outcome) const override {
    assert(valid(outcome));
    if (!valid(outcome)) return {};
    const std::vector<int>& v = outcome.values;
    return spot_code(number_at(v[0])) + '|' + std::to_string(v[0]) + '|' + spot_code(v[1]) + 'x' +
           std::to_string(v[2]);
  }

  std::optional<Outcome> decode(std::string_view text) const override {
    std::vector<std::string_view> parts = split(text, '|');
    if (parts.size() != 3) return std::nullopt;
    std::optional<int> segment = parse_int(parts[1], kSegmentDigitsMax);
    std::optional<std::pair<int, int>> multiplied = parse_multiplied(parts[2]);
    if (!segment || !multiplied) return std::nullopt;
    Outcome outcome{{*segment, multiplied->first, multiplied->second}};
    if (!valid(outcome) || parts[0] != spot_code(number_at(*segment))) return std::nullopt;
    return outcome;
  }

  TableLimitsInfo limits() const override {
    TableLimitsInfo info = cards::limits_info(kSpots, limits_);
    info.max_multiplier = kMaxMultiplier;
    return info;
  }

  std::vector<Multiplier> announced_multipliers(const Outcome& outcome) const override {
    assert(valid(outcome));
    if (!valid(outcome)) return {};
    return {{spot_code(outcome.values[1]), outcome.values[2]}};
  }

  // The multiplier that pays in this result: the announced one when the wheel stops on the
  // multiplied number, else none (as mega roulette's lucky numbers).
  std::vector<Multiplier> result_multipliers(const Outcome& outcome) const override {
    if (!valid(outcome) || number_at(outcome.values[0]) != outcome.values[1]) return {};
    return announced_multipliers(outcome);
  }

  std::vector<std::string> wheel() const override {
    std::vector<std::string> labels;
    labels.reserve(kSegments);
    for (int number : kWheel) labels.push_back(spot_code(number));
    return labels;
  }

 private:
  const cards::CardLimits limits_;
};

}  // namespace

std::span<const int, kSegments> segments() {
  return kWheel;
}

int number_at(int segment) {
  if (segment < 0 || segment >= kSegments) return 0;
  return kWheel[static_cast<size_t>(segment)];
}

int segment_count(int number) {
  if (!number_index(number)) return 0;
  return static_cast<int>(std::count(kWheel.begin(), kWheel.end(), number));
}

std::span<const WeightedMultiplier> multiplier_table(int number) {
  std::optional<size_t> index = number_index(number);
  if (!index) return {};
  return kTables[*index];
}

std::string spot_code(int number) {
  return std::to_string(number);
}

std::unique_ptr<Engine> make_engine(cards::CardLimits limits) {
  return std::make_unique<MegaWheel>(std::move(limits));
}

}  // namespace croupier::games::megawheel
