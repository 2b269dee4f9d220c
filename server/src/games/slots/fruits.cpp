#include "games/slots/fruits.hpp"

#include <charconv>

namespace croupier::games::slots {

namespace {

// The strips as letters (docs/games/slots.md): C cherry, L lemon, O orange, P plum, B bell,
// R bar, S seven, W wild. Reels 0-3: 7 C, 7 L, 5 O, 5 P, 3 B, 2 R, 1 S, 2 W; reel 4 has one
// W fewer and one C more.
constexpr const char* kStrips[kReels] = {
    "OLCLRWSBOPCPCOLBCPLORWCLPCBOLCPL", "RPOCWCLPOBCLLPCORLCLWBOPSCPLOCBL",
    "LLLWBOPCCPSORBCPLOCWLCPOBLCLROPC", "CCWLLPOBRCCPOLLCLLWBOPCLROPCSBPO",
    "LWBORPLOPLCBCPSOLCLCROBPLCPOLCCC",
};

Symbol of_letter(char c) {
  switch (c) {
    case 'C':
      return Symbol::cherry;
    case 'L':
      return Symbol::lemon;
    case 'O':
      return Symbol::orange;
    case 'P':
      return Symbol::plum;
    case 'B':
      return Symbol::bell;
    case 'R':
      return Symbol::bar;
    case 'S':
      return Symbol::seven;
    default:
      return Symbol::wild;
  }
}

// Pays for 3, 4 and 5 of a kind, by symbol.
constexpr int64_t kPays[kSymbols][3] = {
    {5, 15, 50},   {5, 15, 50},    {8, 25, 80},     {8, 25, 80},
    {12, 50, 200}, {25, 100, 400}, {50, 250, 1000}, {100, 500, 2500},
};

// What a line of symbols pays (see the header), and its symbol and count.
LineWin line_pay(const std::array<Symbol, kReels>& seq) {
  int wilds = 0;
  while (wilds < kReels && seq[wilds] == Symbol::wild) ++wilds;
  LineWin best;
  if (wilds >= 3) best = {0, Symbol::wild, wilds, pay(Symbol::wild, wilds)};
  if (wilds < kReels) {
    const Symbol s = seq[wilds];
    int n = wilds;
    while (n < kReels && (seq[n] == s || seq[n] == Symbol::wild)) ++n;
    const int64_t p = pay(s, n);
    if (p > best.times) best = {0, s, n, p};
  }
  return best;
}

}  // namespace

std::string_view symbol_name(Symbol s) {
  static constexpr std::string_view kNames[kSymbols] = {"CHERRY", "LEMON", "ORANGE", "PLUM",
                                                        "BELL",   "BAR",   "SEVEN",  "WILD"};
  return kNames[static_cast<int>(s)];
}

const std::array<std::array<Symbol, kStrip>, kReels>& strips() {
  static const auto all = [] {
    std::array<std::array<Symbol, kStrip>, kReels> out{};
    for (int r = 0; r < kReels; ++r)
      for (int i = 0; i < kStrip; ++i) out[r][i] = of_letter(kStrips[r][i]);
    return out;
  }();
  return all;
}

const std::array<std::array<int, kReels>, kLines>& paylines() {
  static constexpr std::array<std::array<int, kReels>, kLines> kPaylines = {{
      {1, 1, 1, 1, 1}, {0, 0, 0, 0, 0}, {2, 2, 2, 2, 2}, {0, 1, 2, 1, 0}, {2, 1, 0, 1, 2},
      {0, 0, 1, 2, 2}, {2, 2, 1, 0, 0}, {1, 0, 0, 0, 1}, {1, 2, 2, 2, 1}, {0, 1, 1, 1, 0},
      {2, 1, 1, 1, 2}, {1, 0, 1, 2, 1}, {1, 2, 1, 0, 1}, {0, 1, 0, 1, 0}, {2, 1, 2, 1, 2},
      {1, 1, 0, 1, 1}, {1, 1, 2, 1, 1}, {0, 2, 0, 2, 0}, {2, 0, 2, 0, 2}, {0, 2, 2, 2, 0},
  }};
  return kPaylines;
}

int64_t pay(Symbol s, int count) {
  if (count < 3 || count > kReels) return 0;
  return kPays[static_cast<int>(s)][count - 3];
}

Spin spin_at(const std::array<int, kReels>& stops) {
  Spin spin;
  spin.stops = stops;
  for (int r = 0; r < kReels; ++r)
    for (int row = 0; row < kRows; ++row)
      spin.grid[r][row] = strips()[r][(stops[r] + row) % kStrip];
  for (int l = 0; l < kLines; ++l) {
    std::array<Symbol, kReels> seq{};
    for (int r = 0; r < kReels; ++r) seq[r] = spin.grid[r][paylines()[l][r]];
    LineWin win = line_pay(seq);
    if (win.times == 0) continue;
    win.line = l + 1;
    spin.times += win.times;
    spin.wins.push_back(win);
  }
  return spin;
}

Spin draw(Rng& rng) {
  std::array<int, kReels> stops{};
  for (int r = 0; r < kReels; ++r) stops[r] = static_cast<int>(rng.uniform(kStrip));
  return spin_at(stops);
}

std::string encode(const std::array<int, kReels>& stops) {
  std::string out;
  for (int r = 0; r < kReels; ++r) out += (r ? "," : "") + std::to_string(stops[r]);
  return out;
}

std::optional<std::array<int, kReels>> decode(std::string_view text) {
  std::array<int, kReels> stops{};
  for (int r = 0; r < kReels; ++r) {
    const size_t comma = text.find(',');
    const std::string_view part = text.substr(0, comma);
    if ((r < kReels - 1) != (comma != std::string_view::npos)) return std::nullopt;
    int v = -1;
    auto [end, ec] = std::from_chars(part.data(), part.data() + part.size(), v);
    if (ec != std::errc() || end != part.data() + part.size() || v < 0 || v >= kStrip ||
        std::to_string(v) != part)
      return std::nullopt;
    stops[r] = v;
    text.remove_prefix(comma == std::string_view::npos ? text.size() : comma + 1);
  }
  return stops;
}

std::pair<uint64_t, uint64_t> exact_rtp() {
  // Every row of a reel shows each strip position with probability 1/32, independently of
  // the other reels: a line's expected pay is the sum over the 8^5 symbol sequences of
  // their probability (the product of each reel's count / 32) times their pay.
  std::array<std::array<uint64_t, kSymbols>, kReels> counts{};
  for (int r = 0; r < kReels; ++r)
    for (Symbol s : strips()[r]) ++counts[r][static_cast<int>(s)];
  uint64_t numerator = 0;
  std::array<Symbol, kReels> seq{};
  for (int code = 0; code < kSymbols * kSymbols * kSymbols * kSymbols * kSymbols; ++code) {
    uint64_t ways = 1;
    int c = code;
    for (int r = 0; r < kReels; ++r) {
      seq[r] = static_cast<Symbol>(c % kSymbols);
      ways *= counts[r][c % kSymbols];
      c /= kSymbols;
    }
    if (ways) numerator += ways * static_cast<uint64_t>(line_pay(seq).times);
  }
  uint64_t denominator = 1;
  for (int r = 0; r < kReels; ++r) denominator *= kStrip;
  return {numerator, denominator};
}

}  // namespace croupier::games::slots
