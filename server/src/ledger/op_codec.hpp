// The canonical content of ledger operations (for idempotency) and the stored form of
// their results (the ops.result column), private to the ledger.
//
// A fingerprint is the SHA-256 of an unambiguous serialization (each field
// length-prefixed, the operation kind first) of everything an operation asks for except
// its timestamp: a retry of the same request a moment later is the same request. Lists
// whose order carries no meaning (bets to cancel, returns of a settlement or a cash-out)
// are sorted first, so a retry that lists them in another order is still the same
// content.
//
// Pure functions, thread-safe.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "ledger/ledger.hpp"

namespace croupier::ledger {

std::string fingerprint(const Fund& op);
std::string fingerprint(const OpenRound& op);
std::string fingerprint(const PlaceBets& op);
std::string fingerprint(const CancelBets& op);
std::string fingerprint(const RecordResult& op);
std::string fingerprint(const SettleRound& op);
std::string fingerprint(const SettleBets& op);
std::string fingerprint(const CancelRound& op);
std::string fingerprint(const GrantBonus& op);
std::string fingerprint(const ChangeBonus& op);
std::string fingerprint(const WalletCall& op);

std::string_view bonus_action_name(BonusAction action);

// Round operations are keyed by the round: each happens at most once per round.
inline std::string open_key(std::string_view round_id) {
  return "open:" + std::string(round_id);
}
inline std::string result_key(std::string_view round_id) {
  return "result:" + std::string(round_id);
}
inline std::string settle_key(std::string_view round_id) {
  return "settle:" + std::string(round_id);
}
inline std::string cancel_key(std::string_view round_id) {
  return "cancel:" + std::string(round_id);
}

// Bonus operations are keyed by the bonus: granted once, each change at most once.
inline std::string wallet_key(std::string_view call_id) {
  return "wallet:" + std::string(call_id);
}
inline std::string grant_key(std::string_view bonus_id) {
  return "grant:" + std::string(bonus_id);
}
inline std::string bonus_key(std::string_view bonus_id, BonusAction action) {
  return "bonus:" + std::string(bonus_id) + ":" + std::string(bonus_action_name(action));
}

// PlacedBets keeps its bet ids ("17,18,19"); the balance is read afresh on replay.
std::string encode_bet_ids(const std::vector<BetId>& ids);
std::optional<std::vector<BetId>> decode_bet_ids(std::string_view text);

// CancelledBets keeps the refunded amount and its currency ("250000 EUR"); SettledBets
// keeps the sum returned and its currency in the same form.
struct StoredRefund {
  Money refunded;
  std::string currency;
};
std::string encode_refund(const StoredRefund& refund);
std::optional<StoredRefund> decode_refund(std::string_view text);

// Settlement keeps one line per player and currency ("7 EUR 100000 3600000\n"); the
// balances are left zero by decode and read afresh on replay.
std::string encode_settlement(const std::vector<PlayerSettlement>& players);
std::optional<std::vector<PlayerSettlement>> decode_settlement(std::string_view text);

}  // namespace croupier::ledger
