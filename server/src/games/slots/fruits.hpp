// Croupier Fruits: the built-in slot of the slots lobby (docs/games/slots.md), a five-reel,
// three-row video slot with 20 fixed paylines.
//
// Each reel is a strip of 32 symbols; a spin stops each reel at uniform(32), reel 0 first
// (the provably fair words of the spin, docs/provably-fair.md), and the three rows of a
// reel show the strip from its stop down (row 0 at the stop). A payline pays its leftmost
// run of three, four or five of a symbol, WILD standing for any symbol; a line that starts
// with WILDs pays the better of the WILDs' own run and the run of the symbol they lead into.
// Pays are multiples of the line bet; a spin stakes 20 line bets.
//
// The return to player of every line, so of every spin, is exactly 32,219,011 / 33,554,432
// = 96.0201 % (exact_rtp(), from each reel's symbol counts: every row of a reel shows a
// uniformly chosen position of its strip).
//
// Pure; thread-safe.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "core/rng.hpp"

namespace croupier::games::slots {

enum class Symbol : uint8_t { cherry, lemon, orange, plum, bell, bar, seven, wild };
inline constexpr int kSymbols = 8;
inline constexpr int kReels = 5;
inline constexpr int kRows = 3;
inline constexpr int kStrip = 32;
inline constexpr int kLines = 20;

// "CHERRY", …, "WILD".
std::string_view symbol_name(Symbol s);
// The strips, reel 0 first, each from position 0.
const std::array<std::array<Symbol, kStrip>, kReels>& strips();
// Each payline's row (0 top, 1 middle, 2 bottom) on each reel; line 1 first.
const std::array<std::array<int, kReels>, kLines>& paylines();
// What `count` (3-5) of `s` in a row pays, as a multiple of the line bet; 0 otherwise.
int64_t pay(Symbol s, int count);

struct LineWin {
  int line = 0;  // 1-based
  Symbol symbol = Symbol::cherry;
  int count = 0;
  int64_t times = 0;  // multiple of the line bet
};

struct Spin {
  std::array<int, kReels> stops{};
  std::array<std::array<Symbol, kRows>, kReels> grid{};  // grid[reel][row]
  std::vector<LineWin> wins;
  int64_t times = 0;  // the spin's total, as a multiple of the line bet
};

// The spin that stops at `stops` (each 0 to 31).
Spin spin_at(const std::array<int, kReels>& stops);
// A spin drawn from `rng`: the stops, reel 0 first, each uniform(32).
Spin draw(Rng& rng);

// "12,5,30,7,19": the stops; and back (nullopt for anything else).
std::string encode(const std::array<int, kReels>& stops);
std::optional<std::array<int, kReels>> decode(std::string_view text);

// The exact return of one line per unit of line bet (so of a spin per unit staked), as
// numerator / denominator (32^5).
std::pair<uint64_t, uint64_t> exact_rtp();

}  // namespace croupier::games::slots
