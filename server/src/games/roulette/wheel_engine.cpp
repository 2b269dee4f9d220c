#include "games/roulette/wheel_engine.hpp"

#include <algorithm>
#include <array>
#include <bit>
#include <cassert>
#include <cstdint>
#include <numeric>
#include <unordered_map>
#include <utility>

namespace croupier::games::roulette::detail {

namespace {

constexpr int kNumbers = 37;  // 0..36, the pockets lucky and powered numbers come from

uint64_t bit(int pocket) {
  return uint64_t{1} << pocket;
}

// The even-money spot a player may not hold together with `kind` on a table that
// forbids opposite bets.
std::optional<std::string_view> opposite_code(SpotKind kind) {
  switch (kind) {
    case SpotKind::red:
      return "BLACK";
    case SpotKind::black:
      return "RED";
    case SpotKind::even:
      return "ODD";
    case SpotKind::odd:
      return "EVEN";
    case SpotKind::low:
      return "HIGH";
    case SpotKind::high:
      return "LOW";
    default:
      return std::nullopt;
  }
}

// Stakes come from clients, so a sum of them may exceed int64 even though every
// accepted total is small. Saturating keeps such a sum "above every maximum" (and
// refused) instead of aborting the server in Money's operator+.
Money saturating_add(Money a, Money b) {
  if (std::optional<Money> sum = checked_add(a, b)) return *sum;
  return Money{b.is_negative() ? INT64_MIN : INT64_MAX};
}

}  // namespace

// A player's bets this round, summed the ways the table limits are defined.
struct Book {
  std::unordered_map<std::string, Money> per_spot;  // canonical code -> total
  Money inside, outside, table;

  Money on(const std::string& code) const {
    auto it = per_spot.find(code);
    return it == per_spot.end() ? Money::zero() : it->second;
  }

  // An existing bet that does not parse (it cannot happen for bets this engine
  // accepted) still has money on the table, so it counts towards the table total.
  void add(const std::optional<Spot>& spot, Money amount) {
    table = saturating_add(table, amount);
    if (!spot) return;
    Money& total = is_inside(spot->kind) ? inside : outside;
    total = saturating_add(total, amount);
    per_spot[spot->code] = saturating_add(on(spot->code), amount);
  }
};

int draw_weighted(Rng& rng, std::span<const Weighted> table) {
  uint64_t total = 0;
  for (const Weighted& w : table) total += static_cast<uint64_t>(w.weight);
  assert(total > 0);
  uint64_t r = rng.uniform(total);
  for (const Weighted& w : table) {
    if (r < static_cast<uint64_t>(w.weight)) return w.value;
    r -= static_cast<uint64_t>(w.weight);
  }
  assert(false && "unreachable: r < total");
  return table.back().value;
}

bool has_value(std::span<const Weighted> table, int value) {
  return std::any_of(table.begin(), table.end(),
                     [value](const Weighted& w) { return w.value == value && w.weight > 0; });
}

int max_value(std::span<const Weighted> table) {
  int out = 0;
  for (const Weighted& w : table) out = std::max(out, w.value);
  return out;
}

std::vector<int> draw_distinct_numbers(Rng& rng, int count) {
  assert(count >= 0 && count <= kNumbers);
  std::array<int, kNumbers> pool;
  std::iota(pool.begin(), pool.end(), 0);
  for (int i = 0; i < count; ++i) {
    size_t j = static_cast<size_t>(i) + static_cast<size_t>(rng.uniform(kNumbers - i));
    std::swap(pool[static_cast<size_t>(i)], pool[j]);
  }
  std::vector<int> out(pool.begin(), pool.begin() + count);
  std::sort(out.begin(), out.end());
  return out;
}

std::optional<int> parse_int(std::string_view text, size_t digits_max) {
  if (text.empty() || text.size() > digits_max) return std::nullopt;
  if (text.size() > 1 && text.front() == '0') return std::nullopt;
  int value = 0;
  for (char c : text) {
    if (c < '0' || c > '9') return std::nullopt;
    value = value * 10 + (c - '0');
  }
  return value;
}

bool ascending_numbers(std::span<const int> numbers) {
  for (size_t i = 0; i < numbers.size(); ++i) {
    if (numbers[i] < 0 || numbers[i] >= kNumbers) return false;
    if (i > 0 && numbers[i] <= numbers[i - 1]) return false;
  }
  return true;
}

WheelEngine::WheelEngine(Layout layout, Limits limits)
    : layout_(layout), limits_(std::move(limits)) {}

std::optional<std::string> WheelEngine::canonical_spot(std::string_view code) const {
  std::optional<Spot> spot = parse_spot(code, layout_);
  if (!spot) return std::nullopt;
  return std::move(spot->code);
}

std::vector<std::optional<ErrorCode>> WheelEngine::check(const std::vector<BetLine>& existing,
                                                         const std::vector<BetLine>& added,
                                                         std::string_view currency) const {
  Book book;
  for (const BetLine& bet : existing) book.add(parse_spot(bet.spot, layout_), bet.amount);
  std::vector<std::optional<ErrorCode>> verdicts;
  verdicts.reserve(added.size());
  for (const BetLine& bet : added) {
    std::optional<Spot> spot = parse_spot(bet.spot, layout_);
    std::optional<ErrorCode> verdict =
        spot ? refusal(book, *spot, bet.amount, currency) : ErrorCode::InvalidBet;
    // Only an accepted bet counts towards the totals of the bets after it.
    if (!verdict) book.add(spot, bet.amount);
    verdicts.push_back(verdict);
  }
  return verdicts;
}

Money WheelEngine::payout(std::string_view spot, Money stake, const Outcome& outcome) const {
  std::optional<Spot> parsed = parse_spot(spot, layout_);
  assert(parsed && "payout asked for a spot that check() never accepted");
  assert(valid(outcome) && "payout asked for an outcome this variant never draws");
  if (!parsed || !valid(outcome)) return Money::zero();
  if (!(parsed->covers & bit(outcome.values[0]))) return Money::zero();
  const int ratio = parsed->kind == SpotKind::straight ? winning_straight_ratio(outcome)
                                                       : payout_ratio(parsed->kind);
  return stake * (ratio + 1);
}

TableLimitsInfo WheelEngine::limits() const {
  TableLimitsInfo info;
  info.min_bet = limits_.min_bet;
  info.inside_max = limits_.inside_max;
  info.outside_max = limits_.outside_max;
  info.table_max = limits_.table_max;
  info.opposite_bets_allowed = limits_.opposite_bets_allowed;
  for (SpotKind kind : layout_kinds(layout_)) {
    const int ratio = kind == SpotKind::straight ? base_straight_ratio() : payout_ratio(kind);
    info.spots.push_back(
        {std::string(kind_name(kind)), ratio, is_inside(kind), limits_.min_bet, spot_max(kind)});
  }
  info.max_multiplier = max_multiplier();
  return info;
}

std::string WheelEngine::label(const Outcome& outcome) const {
  assert(valid(outcome));
  if (!valid(outcome)) return {};
  return pocket_label(outcome.values[0]);
}

bool WheelEngine::is_safe(const std::vector<BetLine>& bets) const {
  uint64_t covered = 0;
  std::array<bool, 16> held{};  // by SpotKind
  for (const BetLine& bet : bets) {
    if (!bet.amount.is_positive()) continue;
    std::optional<Spot> spot = parse_spot(bet.spot, layout_);
    if (!spot) continue;
    covered |= spot->covers;
    held[static_cast<size_t>(spot->kind)] = true;
  }
  auto both = [&](SpotKind a, SpotKind b) {
    return held[static_cast<size_t>(a)] && held[static_cast<size_t>(b)];
  };
  if (both(SpotKind::red, SpotKind::black) || both(SpotKind::even, SpotKind::odd) ||
      both(SpotKind::low, SpotKind::high))
    return true;
  // More than two thirds of the pockets: 25 of 37, 26 of 38.
  return 3 * std::popcount(covered) > 2 * pocket_count(layout_);
}

std::vector<std::string> WheelEngine::wheel() const {
  std::vector<std::string> labels;
  for (int pocket : wheel_order(layout_)) labels.push_back(pocket_label(pocket));
  return labels;
}

// The per-spot maximum of a kind: its own entry, else the total of its side.
Money WheelEngine::spot_max(SpotKind kind) const {
  auto it = limits_.spot_max.find(kind);
  if (it != limits_.spot_max.end()) return it->second;
  return is_inside(kind) ? limits_.inside_max : limits_.outside_max;
}

// Why `amount` on `spot` is refused given the accepted `book`, in the order of the
// header comment; nullopt when it is acceptable.
std::optional<ErrorCode> WheelEngine::refusal(const Book& book, const Spot& spot, Money amount,
                                              std::string_view currency) const {
  if (!amount.is_positive() || !is_whole_minor_unit(amount, currency)) return ErrorCode::InvalidBet;
  const bool inside = is_inside(spot.kind);
  const ErrorCode over_side = inside ? ErrorCode::OverInsideMax : ErrorCode::OverOutsideMax;

  Money spot_total = saturating_add(book.on(spot.code), amount);
  if (spot_total < limits_.min_bet) return ErrorCode::BelowMinimum;
  auto kind_max = limits_.spot_max.find(spot.kind);
  if (kind_max != limits_.spot_max.end() && spot_total > kind_max->second) return over_side;

  Money side_total = saturating_add(inside ? book.inside : book.outside, amount);
  if (side_total > (inside ? limits_.inside_max : limits_.outside_max)) return over_side;
  if (saturating_add(book.table, amount) > limits_.table_max) return ErrorCode::OverTableMax;

  std::optional<std::string_view> opposite = opposite_code(spot.kind);
  if (!limits_.opposite_bets_allowed && opposite && book.per_spot.count(std::string(*opposite)))
    return ErrorCode::OppositeBets;
  return std::nullopt;
}

}  // namespace croupier::games::roulette::detail
