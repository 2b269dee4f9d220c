// The two roulette layouts: pockets, wheel orders, every bet spot, and the factory.
#include "games/roulette/roulette.hpp"

#include <algorithm>
#include <array>
#include <cstdint>
#include <string>
#include <tuple>
#include <unordered_map>
#include <utility>

namespace croupier::games::roulette {

namespace {

constexpr int kNumberMax = 36;        // the highest number; 0 (and 00) are the zeros
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
constexpr std::array<KindTraits, 16> kKinds = {{
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
    {SpotKind::topline, "topline", 6, true},
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

// Standard wheels, clockwise from zero.
constexpr std::array<int, 37> kEuropeanWheel = {0,  32, 15, 19, 4,  21, 2,  25, 17, 34, 6, 27, 13,
                                                36, 11, 30, 8,  23, 10, 5,  24, 16, 33, 1, 20, 14,
                                                31, 9,  22, 18, 29, 7,  28, 12, 35, 3,  26};
constexpr std::array<int, 38> kAmericanWheel = {
    0,           28, 9,  26, 30, 11, 7, 20, 32, 17, 5, 22, 34, 15, 3, 24, 36, 13, 1,
    kDoubleZero, 27, 10, 25, 29, 12, 8, 19, 31, 18, 6, 21, 33, 16, 4, 23, 35, 14, 2};

uint64_t bit(int pocket) {
  return uint64_t{1} << pocket;
}

// Layout order: 0, 00, 1, 2, ..., 36.
int rank(int pocket) {
  return pocket == 0 ? 0 : pocket == kDoubleZero ? 1 : pocket + 1;
}

void sort_by_rank(std::vector<int>& pockets) {
  std::sort(pockets.begin(), pockets.end(), [](int a, int b) { return rank(a) < rank(b); });
}

std::string upper(std::string_view text) {
  std::string out(text);
  for (char& c : out)
    if (c >= 'a' && c <= 'z') c = static_cast<char>(c - 'a' + 'A');
  return out;
}

// The code with its numbers in layout order, or nullopt if a number is malformed. The
// kind word is kept verbatim: whether the result names a real spot is decided by looking
// it up among all spots, which is what rejects lower case, wrong counts and bad shapes.
std::optional<std::string> sort_numbers(std::string_view code, Layout layout) {
  size_t sep = code.find('_');
  std::string out(code.substr(0, sep));
  std::vector<int> numbers;
  while (sep != std::string_view::npos) {
    code.remove_prefix(sep + 1);
    sep = code.find('_');
    std::optional<int> n = parse_pocket(code.substr(0, sep), layout);
    if (!n) return std::nullopt;
    numbers.push_back(*n);
  }
  sort_by_rank(numbers);
  for (int n : numbers) out += '_' + pocket_label(n);
  return out;
}

// A spot while the table of all spots is being built: its numbers are kept for sorting.
struct Draft {
  SpotKind kind;
  std::vector<int> numbers;  // pockets for inside spots; the 1-3 index for dozen, column
  uint64_t covers;
};

void add_inside(std::vector<Draft>& out, SpotKind kind, std::vector<int> numbers) {
  sort_by_rank(numbers);
  uint64_t covers = 0;
  for (int n : numbers) covers |= bit(n);
  out.push_back({kind, std::move(numbers), covers});
}

// The grid: row r (1-12) holds 3r-2, 3r-1, 3r; a number n with n % 3 != 0 has a right
// neighbour n + 1, and every number below 34 has a neighbour n + 3 in the next row. The
// zeros sit above the first row: 0 alone on European; 0 above 1 and 00 above 3, meeting
// above 2, on American.
void add_inside_spots(std::vector<Draft>& out, Layout layout) {
  const bool american = layout == Layout::american;
  constexpr int z = kDoubleZero;
  for (int n = 0; n <= kNumberMax; ++n) add_inside(out, SpotKind::straight, {n});
  if (american) {
    add_inside(out, SpotKind::straight, {z});
    for (std::vector<int> s : {std::vector<int>{0, 1}, {0, 2}, {0, z}, {z, 2}, {z, 3}})
      add_inside(out, SpotKind::split, std::move(s));
    for (std::vector<int> t : {std::vector<int>{0, 1, 2}, {0, z, 2}, {z, 2, 3}})
      add_inside(out, SpotKind::trio, std::move(t));
    add_inside(out, SpotKind::topline, {0, z, 1, 2, 3});
  } else {
    for (int n = 1; n <= 3; ++n) add_inside(out, SpotKind::split, {0, n});
    add_inside(out, SpotKind::trio, {0, 1, 2});
    add_inside(out, SpotKind::trio, {0, 2, 3});
    add_inside(out, SpotKind::basket, {0, 1, 2, 3});
  }
  for (int n = 1; n <= kNumberMax; ++n) {
    if (n % 3 != 0) add_inside(out, SpotKind::split, {n, n + 1});
    if (n + 3 <= kNumberMax) add_inside(out, SpotKind::split, {n, n + 3});
    if (n % 3 != 0 && n + 4 <= kNumberMax)
      add_inside(out, SpotKind::corner, {n, n + 1, n + 3, n + 4});
  }
  for (int r = 1; r <= kRowCount; ++r) {
    int first = 3 * r - 2;
    add_inside(out, SpotKind::street, {first, first + 1, first + 2});
    if (r < kRowCount)
      add_inside(out, SpotKind::line,
                 {first, first + 1, first + 2, first + 3, first + 4, first + 5});
  }
}

// The numbers 1-36 that satisfy `covered`; the zeros are never part of an outside spot.
template <class Pred>
uint64_t numbers_where(Pred covered) {
  uint64_t mask = 0;
  for (int n = 1; n <= kNumberMax; ++n)
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
  const bool outside = !is_inside(d.kind);
  for (int n : d.numbers) code += '_' + (outside ? std::to_string(n) : pocket_label(n));
  return code;
}

std::vector<int> ranks(const std::vector<int>& numbers) {
  std::vector<int> out;
  for (int n : numbers) out.push_back(rank(n));
  return out;
}

// Every spot of a layout once, sorted by kind then numbers, with an index by canonical
// code. Built on first use (thread-safe static initialisation), never changed afterwards.
struct SpotTable {
  std::vector<Spot> spots;
  std::unordered_map<std::string, size_t> by_code;
};

SpotTable build_spot_table(Layout layout) {
  std::vector<Draft> drafts;
  add_inside_spots(drafts, layout);
  add_outside_spots(drafts);
  std::sort(drafts.begin(), drafts.end(), [](const Draft& a, const Draft& b) {
    return std::make_tuple(a.kind, ranks(a.numbers)) < std::make_tuple(b.kind, ranks(b.numbers));
  });
  SpotTable table;
  for (const Draft& d : drafts) {
    std::string code = code_of(d);
    table.by_code.emplace(code, table.spots.size());
    table.spots.push_back({d.kind, d.covers, std::move(code)});
  }
  return table;
}

const SpotTable& spot_table(Layout layout) {
  static const SpotTable european = build_spot_table(Layout::european);
  static const SpotTable american = build_spot_table(Layout::american);
  return layout == Layout::american ? american : european;
}

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

int pocket_count(Layout layout) {
  return layout == Layout::american ? 38 : 37;
}

std::string pocket_label(int pocket) {
  return pocket == kDoubleZero ? std::string("00") : std::to_string(pocket);
}

std::optional<int> parse_pocket(std::string_view label, Layout layout) {
  if (label == "00") {
    if (layout == Layout::american) return kDoubleZero;
    return std::nullopt;
  }
  if (label.empty() || label.size() > kNumberDigitsMax) return std::nullopt;
  if (label.size() > 1 && label.front() == '0') return std::nullopt;
  int value = 0;
  for (char c : label) {
    if (c < '0' || c > '9') return std::nullopt;
    value = value * 10 + (c - '0');
  }
  if (value > kNumberMax) return std::nullopt;
  return value;
}

std::vector<int> wheel_order(Layout layout) {
  if (layout == Layout::american) return {kAmericanWheel.begin(), kAmericanWheel.end()};
  return {kEuropeanWheel.begin(), kEuropeanWheel.end()};
}

std::optional<Spot> parse_spot(std::string_view code, Layout layout) {
  if (code.empty() || code.size() > kCodeBytesMax) return std::nullopt;
  std::optional<std::string> sorted = sort_numbers(code, layout);
  if (!sorted) return std::nullopt;
  const SpotTable& table = spot_table(layout);
  auto it = table.by_code.find(*sorted);
  if (it == table.by_code.end()) return std::nullopt;
  return table.spots[it->second];
}

std::optional<Spot> parse_spot(std::string_view code) {
  return parse_spot(code, Layout::european);
}

std::vector<Spot> all_spots(Layout layout) {
  return spot_table(layout).spots;
}

std::vector<Spot> all_spots() {
  return all_spots(Layout::european);
}

std::vector<SpotKind> layout_kinds(Layout layout) {
  using K = SpotKind;
  std::vector<SpotKind> kinds = {K::straight, K::split, K::street, K::corner, K::line, K::trio};
  kinds.push_back(layout == Layout::american ? K::topline : K::basket);
  for (K k : {K::dozen, K::column, K::red, K::black, K::even, K::odd, K::low, K::high})
    kinds.push_back(k);
  return kinds;
}

// Red are the odd numbers of 1-10 and 19-28 and the even numbers of 11-18 and 29-36.
bool is_red(int pocket) {
  if (pocket < 1 || pocket > kNumberMax) return false;
  bool odd_is_red = pocket <= 10 || (pocket >= 19 && pocket <= 28);
  return (pocket % 2 == 1) == odd_is_red;
}

std::unique_ptr<Engine> make_engine(std::string_view variant, Limits limits) {
  if (variant == "european") return make_european(std::move(limits));
  if (variant == "american") return make_american(std::move(limits));
  if (variant == "mega") return make_mega(std::move(limits));
  if (variant == "powerup") return make_powerup(std::move(limits));
  return nullptr;
}

}  // namespace croupier::games::roulette
