// JSON forms shared by the table and the gateway. Amounts are sent as exact decimal
// strings ("12.50"), never as binary floating point. Pure functions; thread-safe.
#pragma once

#include <boost/json/object.hpp>
#include <boost/json/string.hpp>
#include <boost/json/value.hpp>
#include <string>
#include <string_view>

#include "core/money.hpp"

namespace croupier::table {

struct BetAck;

inline boost::json::value money_json(Money m) {
  return boost::json::value(boost::json::string(format_money(m)));
}

// A stored result (an engine's outcome text, "17" or "17|5x50,17x200") as players see it:
// the text before the first '|' (Engine::label).
inline std::string result_label(std::string_view outcome) {
  return std::string(outcome.substr(0, outcome.find('|')));
}

// A result for lists (history, snapshots): its label, and the whole outcome when it
// says more (mega's lucky numbers).
boost::json::object result_json(const std::string& game_id, const std::string& outcome);

// A bet command's answer as sent to the player: "betack" for placing, "cancelack" for
// taking bets back (docs/protocol.md).
boost::json::object ack_json(const BetAck& ack, const std::string& table_id, int64_t now_ms);

}  // namespace croupier::table
