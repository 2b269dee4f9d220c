#include "games/roulette/roulette.hpp"

#include <algorithm>
#include <array>
#include <cassert>
#include <cstdint>
#include <string>
#include <tuple>
#include <unordered_map>
#include <utility>

namespace croupier::games::roulette {

namespace {

constexpr int kPocketMax = 36;        // the highest pocket; 0 is the single zero
constexpr int kRowCount = 12;         // rows of three on the layout: 1-3, 4-6, ..., 34-36
constexpr int kDozenSize = 12;        // numbers in a dozen
constexpr size_t kCodeBytesMax = 64;  // longer text is refused before it is split
constexpr size_t kNumberDigitsMax = 2;

struct KindTraits {
  SpotKind kind;
  std::string_view name;
  int ratio;
  bool inside;
};

// One row per SpotKind, in enum order so that a kind indexes its own row.
constexpr std::array<KindTraits, 15> kKinds = {{
    {SpotKind::straight, "straight", 35, true},
    {SpotKind::split, "split", 17, true},
    {SpotKind::street, "street", 11, true},
    {SpotKind::corner, "corner", 8, true},
    {SpotKind::line, "line", 5, true},
    {SpotKind::trio, "trio", 11, true},
    {SpotKind::basket, "basket", 8, true},
    {SpotKind::dozen, "dozen", 2, false},
    {SpotKind::column, "column", 2, false},
    {SpotKind::red, "red", 1, false},
    {SpotKind::black, "black", 1, false},
    {SpotKind::even, "even", 1, false},
    {SpotKind::odd, "odd", 1, false},
    {SpotKind::low, "low", 1, false},
    {SpotKind::high, "high", 1, false},
}};

constexpr bool kinds_in_enum_order() {
  for (size_t i = 0; i < kKinds.size(); ++i)
    if (static_cast<size_t>(kKinds[i].kind) != i) return false;
  return true;
}
static_assert(kinds_in_enum_order(), "kKinds must list every SpotKind in enum order");

const KindTraits& traits(SpotKind kind) {
  return kKinds[static_cast<size_t>(kind)];
}

uint64_t bit(int pocket) {
  return uint64_t{1} << pocket;
}

std::string upper(std::string_view text) {
  std::string out(text);
  for (char& c : out)
    if (c >= 'a' && c <= 'z') c = static_cast<char>(c - 'a' + 'A');
  return out;
}

// "0".."36" exactly: digits only, no sign, no leading zero, no spaces.
std::optional<int> parse_pocket(std::string_view text) {
  if (text.empty() || text.size() > kNumberDigitsMax) return std::nullopt;
  if (text.size() > 1 && text.front() == '0') return std::nullopt;
  int value = 0;
  for (char c : text) {
    if (c < '0' || c > '9') return std::nullopt;
    value = value * 10 + (c - '0');
  }
  if (value > kPocketMax) return std::nullopt;
  return value;
}

// The code with its numbers sorted ascending, or nullopt if a number is malformed. The
// kind word is kept verbatim: whether the result names a real spot is decided by looking
// it up among all spots, which is what rejects lower case, wrong counts and bad shapes.
std::optional<std::string> sort_numbers(std::string_view code) {
  size_t sep = code.find('_');
  std::string out(code.substr(0, sep));
  std::vector<int> numbers;
  while (sep != std::string_view::npos) {
    code.remove_prefix(sep + 1);
    sep = code.find('_');
    std::optional<int> n = parse_pocket(code.substr(0, sep));
    if (!n) return std::nullopt;
    numbers.push_back(*n);
  }
  std::sort(numbers.begin(), numbers.end());
  for (int n : numbers) out += '_' + std::to_string(n);
  return out;
}

// A spot while the table of all spots is being built: its numbers are kept for sorting.
struct Draft {
  SpotKind kind;
  std::vector<int> numbers;  // pockets for inside spots; the 1-3 index for dozen, column
  uint64_t covers;
};

void add_inside(std::vector<Draft>& out, SpotKind kind, std::vector<int> numbers) {
  std::sort(numbers.begin(), numbers.end());
  uint64_t covers = 0;
  for (int n : numbers) covers |= bit(n);
  out.push_back({kind, std::move(numbers), covers});
}

// The grid: row r (1-12) holds 3r-2, 3r-1, 3r; a number n with n % 3 != 0 has a right
// neighbour n + 1, and every number below 34 has a neighbour n + 3 in the next row.
void add_inside_spots(std::vector<Draft>& out) {
  for (int n = 0; n <= kPocketMax; ++n) add_inside(out, SpotKind::straight, {n});
  for (int n = 1; n <= 3; ++n) add_inside(out, SpotKind::split, {0, n});
  for (int n = 1; n <= kPocketMax; ++n) {
    if (n % 3 != 0) add_inside(out, SpotKind::split, {n, n + 1});
    if (n + 3 <= kPocketMax) add_inside(out, SpotKind::split, {n, n + 3});
    if (n % 3 != 0 && n + 4 <= kPocketMax)
      add_inside(out, SpotKind::corner, {n, n + 1, n + 3, n + 4});
  }
  for (int r = 1; r <= kRowCount; ++r) {
    int first = 3 * r - 2;
    add_inside(out, SpotKind::street, {first, first + 1, first + 2});
    if (r < kRowCount)
      add_inside(out, SpotKind::line,
                 {first, first + 1, first + 2, first + 3, first + 4, first + 5});
  }
  add_inside(out, SpotKind::trio, {0, 1, 2});
  add_inside(out, SpotKind::trio, {0, 2, 3});
  add_inside(out, SpotKind::basket, {0, 1, 2, 3});
}

// The pockets 1-36 that satisfy `covered`; zero is never part of an outside spot.
template <class Pred>
uint64_t numbers_where(Pred covered) {
  uint64_t mask = 0;
  for (int n = 1; n <= kPocketMax; ++n)
    if (covered(n)) mask |= bit(n);
  return mask;
}

void add_outside_spots(std::vector<Draft>& out) {
  for (int d = 1; d <= 3; ++d) {
    int high = d * kDozenSize, low = high - kDozenSize + 1;
    out.push_back(
        {SpotKind::dozen, {d}, numbers_where([=](int n) { return n >= low && n <= high; })});
  }
  for (int c = 1; c <= 3; ++c)
    out.push_back({SpotKind::column, {c}, numbers_where([=](int n) { return n % 3 == c % 3; })});
  out.push_back({SpotKind::red, {}, numbers_where([](int n) { return is_red(n); })});
  out.push_back({SpotKind::black, {}, numbers_where([](int n) { return !is_red(n); })});
  out.push_back({SpotKind::even, {}, numbers_where([](int n) { return n % 2 == 0; })});
  out.push_back({SpotKind::odd, {}, numbers_where([](int n) { return n % 2 == 1; })});
  out.push_back({SpotKind::low, {}, numbers_where([](int n) { return n <= 18; })});
  out.push_back({SpotKind::high, {}, numbers_where([](int n) { return n >= 19; })});
}

std::string code_of(const Draft& d) {
  std::string code = upper(kind_name(d.kind));
  for (int n : d.numbers) code += '_' + std::to_string(n);
  return code;
}

// Every spot once, sorted by kind then numbers, with an index by canonical code. Built
// on first use (thread-safe static initialisation) and never changed afterwards.
struct SpotTable {
  std::vector<Spot> spots;
  std::unordered_map<std::string, size_t> by_code;
};

SpotTable build_spot_table() {
  std::vector<Draft> drafts;
  add_inside_spots(drafts);
  add_outside_spots(drafts);
  std::sort(drafts.begin(), drafts.end(), [](const Draft& a, const Draft& b) {
    return std::tie(a.kind, a.numbers) < std::tie(b.kind, b.numbers);
  });
  SpotTable table;
  for (const Draft& d : drafts) {
    std::string code = code_of(d);
    table.by_code.emplace(code, table.spots.size());
    table.spots.push_back({d.kind, d.covers, std::move(code)});
  }
  return table;
}

const SpotTable& spot_table() {
  static const SpotTable table = build_spot_table();
  return table;
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

class European final : public Engine {
 public:
  explicit European(Limits limits) : limits_(std::move(limits)) {}

  std::string_view game() const override { return "roulette"; }
  std::string_view variant() const override { return "european"; }

  std::optional<std::string> canonical_spot(std::string_view code) const override {
    std::optional<Spot> spot = parse_spot(code);
    if (!spot) return std::nullopt;
    return std::move(spot->code);
  }

  std::vector<std::optional<ErrorCode>> check(const std::vector<BetLine>& existing,
                                              const std::vector<BetLine>& added,
                                              std::string_view currency) const override {
    Book book;
    for (const BetLine& bet : existing) book.add(parse_spot(bet.spot), bet.amount);
    std::vector<std::optional<ErrorCode>> verdicts;
    verdicts.reserve(added.size());
    for (const BetLine& bet : added) {
      std::optional<Spot> spot = parse_spot(bet.spot);
      std::optional<ErrorCode> verdict =
          spot ? refusal(book, *spot, bet.amount, currency) : ErrorCode::InvalidBet;
      // Only an accepted bet counts towards the totals of the bets after it.
      if (!verdict) book.add(spot, bet.amount);
      verdicts.push_back(verdict);
    }
    return verdicts;
  }

  Outcome draw(Rng& rng) const override {
    return Outcome{{static_cast<int>(rng.uniform(kPocketMax + 1))}};
  }

  Money payout(std::string_view spot, Money stake, const Outcome& outcome) const override {
    std::optional<Spot> parsed = parse_spot(spot);
    assert(parsed && "payout asked for a spot that check() never accepted");
    assert(!outcome.values.empty() && "a roulette outcome holds its pocket");
    if (!parsed || outcome.values.empty()) return Money::zero();
    int pocket = outcome.values[0];
    assert(pocket >= 0 && pocket <= kPocketMax);
    if (pocket < 0 || pocket > kPocketMax || !(parsed->covers & bit(pocket))) return Money::zero();
    return stake * (payout_ratio(parsed->kind) + 1);
  }

  std::string encode(const Outcome& outcome) const override {
    assert(!outcome.values.empty());
    return outcome.values.empty() ? std::string() : std::to_string(outcome.values[0]);
  }

  std::optional<Outcome> decode(std::string_view text) const override {
    std::optional<int> pocket = parse_pocket(text);
    if (!pocket) return std::nullopt;
    return Outcome{{*pocket}};
  }

  TableLimitsInfo limits() const override {
    TableLimitsInfo info{limits_.min_bet,
                         limits_.inside_max,
                         limits_.outside_max,
                         limits_.table_max,
                         limits_.opposite_bets_allowed,
                         {}};
    for (const KindTraits& k : kKinds)
      info.spots.push_back(
          {std::string(k.name), k.ratio, k.inside, limits_.min_bet, spot_max(k.kind)});
    return info;
  }

 private:
  // The per-spot maximum of a kind: its own entry, else the total of its side.
  Money spot_max(SpotKind kind) const {
    auto it = limits_.spot_max.find(kind);
    if (it != limits_.spot_max.end()) return it->second;
    return is_inside(kind) ? limits_.inside_max : limits_.outside_max;
  }

  // Why `amount` on `spot` is refused given the accepted `book`, in the order of the
  // header comment; nullopt when it is acceptable.
  std::optional<ErrorCode> refusal(const Book& book, const Spot& spot, Money amount,
                                   std::string_view currency) const {
    if (!amount.is_positive() || !is_whole_minor_unit(amount, currency))
      return ErrorCode::InvalidBet;
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

  // Constant after construction.
  const Limits limits_;
};

}  // namespace

std::string_view kind_name(SpotKind kind) {
  return traits(kind).name;
}
int payout_ratio(SpotKind kind) {
  return traits(kind).ratio;
}
bool is_inside(SpotKind kind) {
  return traits(kind).inside;
}

std::optional<Spot> parse_spot(std::string_view code) {
  if (code.empty() || code.size() > kCodeBytesMax) return std::nullopt;
  std::optional<std::string> sorted = sort_numbers(code);
  if (!sorted) return std::nullopt;
  const SpotTable& table = spot_table();
  auto it = table.by_code.find(*sorted);
  if (it == table.by_code.end()) return std::nullopt;
  return table.spots[it->second];
}

std::vector<Spot> all_spots() {
  return spot_table().spots;
}

// Red are the odd numbers of 1-10 and 19-28 and the even numbers of 11-18 and 29-36.
bool is_red(int pocket) {
  if (pocket < 1 || pocket > kPocketMax) return false;
  bool odd_is_red = pocket <= 10 || (pocket >= 19 && pocket <= 28);
  return (pocket % 2 == 1) == odd_is_red;
}

std::unique_ptr<Engine> make_european(Limits limits) {
  return std::make_unique<European>(std::move(limits));
}

}  // namespace croupier::games::roulette
