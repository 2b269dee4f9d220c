// The values the crash games' flow (games/crash/crash_flow.hpp) takes and gives through the
// round host: a cash-out and its answer, a panel's automatic cash-out, and what a player sees
// of the flight. Plain values; the gateway's protocol module writes them as JSON
// (docs/protocol.md, crash tables).
#pragma once

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "core/clock.hpp"
#include "core/error_code.hpp"
#include "core/money.hpp"

namespace croupier::games::crash {

// A player's cash-out of the stake flying on one panel ("BET_1", "BET_2"): all of it, or
// half (half the stake is paid now, the other half keeps flying).
struct CashOutIn {
  int64_t player = 0;
  std::string spot;
  bool half = false;
  // When the table received the command (its own clock); nullopt: now.
  std::optional<MonoTime> received;
};

// A panel's automatic cash-out: the whole (remaining) stake at `at`, half of it at
// `half_at` (below `at`); hundredths of a multiplier. Neither: off.
struct AutoCashOut {
  std::optional<int64_t> at;
  std::optional<int64_t> half_at;
  bool off() const { return !at && !half_at; }
  friend bool operator==(const AutoCashOut&, const AutoCashOut&) = default;
};

// One cash-out as it was paid.
struct CashedOut {
  int64_t player = 0;
  std::string name;
  std::string spot;
  bool half = false;
  bool automatic = false;
  int64_t x = 0;   // hundredths: the multiplier it was paid at
  Money stake;     // the part of the stake cashed out
  Money returned;  // stake × x, rounded down to the currency's minor unit
  std::string currency;
  std::optional<Money> cash, bonus;  // the player's balance after it, once committed
};

// The answer to a cash-out: what was paid, or why not.
struct CashOutAnswer {
  std::optional<CashedOut> paid;
  std::optional<Refusal> refusal;
};

// A player's stake on one panel of the round, as they see it.
struct TicketView {
  std::string spot;
  Money stake;        // still flying (or lost, or cashed: the last part cashed)
  std::string state;  // "flying", "cashing", "cashed", "lost"
  int64_t x = 0;      // the last cash-out's multiplier, when one was paid
  Money returned;     // everything cash-outs of this panel paid this round
  bool half_done = false;
};

// What a player sees of the flight (a snapshot's "crash").
struct FlightView {
  std::optional<MonoTime> launched;  // while flying or after
  std::optional<int64_t> crashed;    // the crash point, once crashed
  bool capped = false;
  std::vector<TicketView> mine;
  std::map<std::string, AutoCashOut> autos;  // by panel
  size_t cashed_out = 0;                     // cash-outs paid this round, everyone's
};

}  // namespace croupier::games::crash
