// Registry: the one list of the game families a table can play, and what the rest of the
// server needs to know about each.
//
// A family is what the casino file names in a table's "game" ("roulette", "baccarat",
// "onebj"). The registry gives its variants with their SPEC section 1 game kinds, the table
// types it may run as, its lobby tab, its client route and game mode, the form of its
// limits in the casino file, how its rounds run after bets close (its shape) and the
// features it offers, and it makes the family's engines. Nothing outside this file and the
// families' own folders compares game names: the casino file, the table, the gateway, the
// lobby and the settings read these entries instead.
//
// Everything here is constant (made on first use) and safe to read from any thread.
#pragma once

#include <cstdint>
#include <map>
#include <memory>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "games/cards/card_limits.hpp"
#include "games/engine.hpp"
#include "games/flow.hpp"
#include "games/roulette/roulette.hpp"

namespace croupier::games {

// How a family's rounds run after bets close.
enum class Shape {
  draw,                // the dealer draws the whole result at once (wheels, dice)
  shoe,                // cards dealt one by one from the table's shoe
  seated_blackjack,    // seats take turns to decide, hand by hand
  infinite_blackjack,  // everybody plays one shared hand, deciding step by step
  crash,               // a multiplier rises until it crashes; players cash out meanwhile
  show,                // a game show: the result, then a bonus revealed step by step with choices
};

// How the casino file gives a table's limits per currency.
enum class LimitsForm {
  roulette,  // inside/outside maxima and a maximum per kind of spot
  spots,     // fixed spots: mainMax and sideMax
};

struct VariantInfo {
  std::string_view name;  // the casino file's "variant": "european"
  std::string_view kind;  // its SPEC section 1 game kind: "classic-roulette"
};

struct TableTypeInfo {
  std::string_view name;  // the casino file's "type": "priveroulette"
  // A type with its own game kind ("autoroulette"); empty: the variant's kind.
  std::string_view kind = {};
  // The only variant this type plays ("european" for auto roulette); empty: any.
  std::string_view only_variant = {};
  // The dealer's name unless the casino file gives one; empty: "RNG Dealer".
  std::string_view dealer = {};
  // Private tables: seats by default (a player must sit to bet and chat); 0: none.
  int private_seats = 0;
};

// What a table's engine is made from: its limits in one currency, in either form, and
// the ratios its casino file sets instead of the family's default paytable (by the names
// of Family::paytable; empty for the defaults).
struct EngineLimits {
  roulette::Limits roulette;
  cards::CardLimits spots;
  std::map<std::string, int64_t, std::less<>> paytable = {};
};

// A ratio a table may set in its casino file's "paytable".
struct PaytableKey {
  std::string_view name;
  int64_t max;  // the highest ratio allowed (the lowest is 1)
};

struct Family {
  std::string_view game;                  // the casino file's "game"; also the engine's game()
  std::string_view tab;                   // the lobby tab it is listed under: "ROULETTE"
  std::string_view route;                 // the client's page: /play/<route>
  std::string_view mode;                  // game modes <mode>_desktop and <mode>_mobile
  std::span<const VariantInfo> variants;  // the first is the default
  std::span<const TableTypeInfo> types;   // the first is the default
  LimitsForm limits;
  Shape shape;
  int seats = 0;            // seats at every table of the family (seated blackjack: 7)
  bool squeeze = false;     // a table may run in squeeze mode (SPEC section 4)
  bool roads = false;       // its results are drawn on the baccarat roads
  bool card_stats = false;  // /api/ui/ABCardStats
  bool dice_stats = false;  // the sic bo statistics, stats and charts
  bool http_bets = false;   // also takes bets over POST /api/ui/<mode>/placebet
  bool multi = false;       // two tables or more are offered together as "multi-<game>"
  // The ratios a table may set in its "paytable"; empty when the paytable is fixed.
  std::span<const PaytableKey> paytable = {};
  // Makes the engine of a table of this family with `variant` (one of `variants`).
  std::unique_ptr<Engine> (*make)(std::string_view variant, const EngineLimits& limits);

  bool is_blackjack() const {
    return shape == Shape::seated_blackjack || shape == Shape::infinite_blackjack;
  }
  // Its seats hold hands (blackjack): anyone may bet behind them and chat, and a table
  // with seats deals only when somebody sits (else it waits in state 902).
  bool seats_hold_hands() const { return is_blackjack(); }
  const VariantInfo* variant(std::string_view name) const;
  const TableTypeInfo* type(std::string_view name) const;
};

// What a table's flow is made from, beyond its family and engine.
struct FlowSettings {
  int shoe_decks = 8;
  size_t shoe_cut_from_end = 16;
  bool squeeze = false;  // baccarat squeeze mode
  Millis squeeze_time{8000};
  // Blackjack: the pace of play (games/blackjack/bj_flow.hpp), and the cards of each
  // round (tests only; also the crash points of a crash table's first rounds).
  Millis decision{15000};
  Millis insurance{8000};
  Millis card{600};
  Millis decision_closing{1000};
  std::vector<std::string> script;
  // Game shows: how long each reveal lasts, and each choice is open.
  Millis reveal{3000};
  Millis choose{8000};
};

// The flow that runs a table's rounds after bets close, by the family's shape: the draw,
// the card-by-card deal (from a shoe when the engine deals from one), or blackjack's play.
// `host` is the table the flow asks for stakes and seats; it outlives the flow.
std::unique_ptr<RoundFlow> make_flow(const Family& family, const Engine& engine,
                                     const FlowSettings& settings, FlowHost& host);

// Every family, in the order the casino file's errors list them.
std::span<const Family> families();

// The family named `game`, or nullptr.
const Family* find_family(std::string_view game);

// The SPEC section 1 game kinds ("all", "roulette", "classic-roulette", ..., "spaceman"),
// with "bigbass" and "lobby", which the client's settings also use as game types.
std::span<const std::string_view> game_kinds();
bool is_game_kind(std::string_view kind);

}  // namespace croupier::games
