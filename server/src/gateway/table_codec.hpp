// The requests a cluster node sends to the owner of a table, and the owner's replies,
// as JSON over the cluster bus (issue 17): a node that does not run a table drives it
// through the owner with the same commands it would hand a local table (table/table.hpp),
// and gets the same answers. table_codec is only the bytes; who sends what where is the
// bus's business.
//
// Format: one JSON object per message; keys in camelCase as in docs/protocol.md.
//   Requests carry "op": place_bets, cancel_bets, sit, leave, decide, prefs, autoplay,
//   chat, squeeze, closing, snapshot, cash_out, auto_cash_out; then the command's fields, e.g.
//     {"op":"place_bets","kind":"add","player":42,"currency":"EUR","requestId":"c-1",
//      "gameId":"rou-1-000042","bets":[{"spot":"17","amount":100000}],
//      "checkTotal":100000,"name":"Ann","regulated":false,"blockSafeBets":false}
//     {"op":"sit","player":42,"who":{"name":"Ann","avatar":"a3"},"seat":2}
//   Replies carry "reply": bet, seat, decision, autoplay, cash_out, auto_cash_out, result (the
//   answer to chat and squeeze: {"reply":"result"} or {"reply":"result","error":1021}).
// Amounts (Money) and player ids are JSON integers (1/100000 of the currency unit), never
// floating point; error codes are their SPEC section 8 numbers; a refusal is
// {"code":1007,"detail":"...","rule":"..."}, a balance {"cash":..,"bonus":..}; the bet
// command's kind is "add", "all_or_nothing" or "repeat_last", a blackjack decision its
// decision_name() ("hit", "double", ...). An optional field is left out when absent;
// every other field is always written and must be there.
//
// The decoders never throw: anything else is refused with nullopt (not JSON, not an
// object, another op or reply, a missing field or one of the wrong type, an unknown enum
// value, a number out of range: a negative seat, index or round count, a progress
// outside 0 to 1, a closing notice outside 1 to 120 minutes). Keys they do not know are
// ignored, so that a newer node may add fields. Text is passed through byte for byte
// (bytes that are not UTF-8 included), as a local table would get it.
//
// The snapshot request has no reply here: a TableSnapshot travels as the protocol's
// snapshot JSON (gateway/protocol/json.hpp).
//
// Pure functions; thread-safe.
#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <variant>

#include "core/error_code.hpp"
#include "ledger/ledger.hpp"
#include "table/events.hpp"
#include "table/table.hpp"

namespace croupier::gateway::table_codec {

// ---- Requests --------------------------------------------------------------------------

std::string encode(const table::PlaceBetsCommand& command);
std::string encode(const table::CancelBetsCommand& command);
std::string encode_sit(ledger::PlayerId player, const table::Persona& who, int seat);
std::string encode_leave(ledger::PlayerId player, int seat);
std::string encode(const table::DecisionCommand& command);
std::string encode_prefs(ledger::PlayerId player, const table::BlackjackPrefs& prefs);
std::string encode(const table::AutoplayCommand& command);
std::string encode_chat(ledger::PlayerId player, const table::Persona& who, const std::string& text,
                        const std::string& role);
std::string encode_squeeze(ledger::PlayerId player, size_t index, double progress);
std::string encode(const table::CashOutCommand& command);
std::string encode(const table::AutoCashOutCommand& command);
std::string encode(const table::ChooseCommand& command);
std::string encode_closing(int minutes);
std::string encode_snapshot(ledger::PlayerId player);

// A decoded request, one struct per op; the arguments of the Table call it stands for.
struct PlaceBets {
  table::PlaceBetsCommand cmd;
};
struct CancelBets {
  table::CancelBetsCommand cmd;
};
struct Sit {
  ledger::PlayerId player = 0;
  table::Persona who;
  int seat = 0;  // 0: any free seat
};
struct Leave {
  ledger::PlayerId player = 0;
  int seat = 0;  // 0: every seat
};
struct Decide {
  table::DecisionCommand cmd;
};
struct Prefs {
  ledger::PlayerId player = 0;
  table::BlackjackPrefs prefs;
};
struct Autoplay {
  table::AutoplayCommand cmd;
};
struct Chat {
  ledger::PlayerId player = 0;
  table::Persona who;
  std::string text;
  std::string role;
};
struct Squeeze {
  ledger::PlayerId player = 0;
  size_t index = 0;
  double progress = 0;  // 0 to 1
};
struct CashOut {
  table::CashOutCommand cmd;
};
struct AutoCashOut {
  table::AutoCashOutCommand cmd;
};
struct Choose {
  table::ChooseCommand cmd;
};
struct Closing {
  int minutes = 0;  // 1 to 120
};
struct Snapshot {
  ledger::PlayerId player = 0;
};
using Request = std::variant<PlaceBets, CancelBets, Sit, Leave, Decide, Prefs, Autoplay, Chat,
                             Squeeze, Closing, Snapshot, CashOut, AutoCashOut, Choose>;

// nullopt on any malformed input (see the top of this file).
std::optional<Request> decode_request(std::string_view text);

// ---- Replies ---------------------------------------------------------------------------

std::string encode(const table::BetAck& ack);
std::string encode(const table::SeatReply& reply);
std::string encode(const table::DecisionAck& ack);
std::string encode(const table::AutoplayAck& ack);
std::string encode(const table::CashOutAck& ack);
std::string encode(const table::AutoCashOutAck& ack);
std::string encode(const table::ChooseAck& ack);
// The answer to chat and squeeze: the refusal's code, if any.
std::string encode_error(std::optional<ErrorCode> error);

std::optional<table::BetAck> decode_bet_ack(std::string_view text);
std::optional<table::SeatReply> decode_seat_reply(std::string_view text);
std::optional<table::DecisionAck> decode_decision_ack(std::string_view text);
std::optional<table::AutoplayAck> decode_autoplay_ack(std::string_view text);
std::optional<table::CashOutAck> decode_cash_out_ack(std::string_view text);
std::optional<table::AutoCashOutAck> decode_auto_cash_out_ack(std::string_view text);
std::optional<table::ChooseAck> decode_choose_ack(std::string_view text);
// The outer optional: whether the text was a well-formed answer; the inner: its code.
std::optional<std::optional<ErrorCode>> decode_error(std::string_view text);

}  // namespace croupier::gateway::table_codec
