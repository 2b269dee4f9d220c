// The wire JSON of docs/protocol.md: the one place that writes what the tables tell their
// players (events, snapshots, the answers to bet commands and refusals) and the baccarat
// roads. commands.hpp beside it reads what players send. Amounts are sent as exact
// decimal strings ("12.50"), never as binary floating point. Pure functions; thread-safe.
#pragma once

#include <boost/json/object.hpp>
#include <boost/json/string.hpp>
#include <boost/json/value.hpp>
#include <cstdint>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <string_view>

#include "core/error_code.hpp"
#include "core/money.hpp"
#include "games/cards/roads.hpp"
#include "table/table.hpp"

namespace croupier::gateway::protocol {

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
// taking bets back.
boost::json::object ack_json(const table::BetAck& ack, const std::string& table_id, int64_t now_ms);

// The answers to taking a seat, a blackjack decision and autoplay: "seatack",
// "decisionack", "autoplayack", with the refusal's code, message and detail when refused.
boost::json::object seat_ack_json(const table::SeatReply& reply, const std::string& table_id,
                                  const std::string& request_id);
boost::json::object decision_ack_json(const table::DecisionAck& ack, const std::string& table_id);
boost::json::object autoplay_ack_json(const table::AutoplayAck& ack, const std::string& table_id);
// Crash tables: "cashoutack" and "autocashoutack".
boost::json::object cash_out_ack_json(const table::CashOutAck& ack, const std::string& table_id);
boost::json::object auto_cash_out_ack_json(const table::AutoCashOutAck& ack,
                                           const std::string& table_id);
// Game shows: "chooseack".
boost::json::object choose_ack_json(const table::ChooseAck& ack, const std::string& table_id);

// The baccarat roads of a shoe (docs/games/baccarat.md).
boost::json::value roads_json(const games::cards::Roads& roads);

// An event written once for everyone, and once more for each player with a part of
// their own; the channel hands each subscriber its variant.
struct WireEvent {
  std::string epoch;
  uint64_t version = 0;
  std::string type;
  std::shared_ptr<const std::string> json;
  std::map<ledger::PlayerId, std::shared_ptr<const std::string>> personal;
};
WireEvent wire_event(const table::TableEvent& event);

// The event as everyone sees it, and as `player` sees it.
boost::json::object event_json(const table::TableEvent& event);
boost::json::object event_json(const table::TableEvent& event, ledger::PlayerId player);

// The resync a player receives instead of the events it missed.
boost::json::object snapshot_json(const table::TableSnapshot& snapshot);

}  // namespace croupier::gateway::protocol
