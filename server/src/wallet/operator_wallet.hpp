// The operator's wallet API, as Croupier calls it (docs/operators.md, docs/wallet-api.yaml):
// POST <url>/balance, /debit, /credit, /rollback, each a JSON body with a timestamp, signed
// "X-Croupier-Signature: sha256=<hex HMAC-SHA256 of the body with the operator's secret>",
// and carrying its idempotency key (the transaction id, also as the Idempotency-Key header).
//
// An answer is "ok" (HTTP 200, status "OK"), "refused" (the operator's status naming why:
// INSUFFICIENT_FUNDS, ACCOUNT_DISABLED, ACCOUNT_SUSPENDED, LIMIT_REACHED, ...) or "error"
// (no answer in time, a transport failure, a 5xx or an answer that cannot be read: the call
// may or may not have happened, and is made again with the same key). A rollback of a debit
// the operator never saw ("TRANSACTION_NOT_FOUND") is ok: nothing is left to reverse.
#pragma once

#include <boost/asio/any_io_executor.hpp>
#include <chrono>
#include <functional>
#include <optional>
#include <string>

#include "core/money.hpp"
#include "ledger/ledger.hpp"
#include "wallet/http_client.hpp"

namespace croupier::wallet {

// One operator's seamless wallet (the casino file's "wallet" of an operator).
struct WalletConfig {
  std::string operator_id;
  std::string secret;  // the operator's HMAC key
  Endpoint endpoint;
  std::chrono::milliseconds timeout{2000};  // one call's deadline
  int debit_attempts = 3;  // a debit's tries (the same key) before it is rolled back
};

enum class Outcome { ok, refused, error };
std::string_view outcome_name(Outcome outcome);

struct WalletReply {
  Outcome outcome = Outcome::error;
  std::string status;  // the operator's status ("OK", "INSUFFICIENT_FUNDS", ...), or the failure
  int http_status = 0;
  std::optional<Money> balance;
  std::chrono::milliseconds took{0};
};

enum class CallKind { balance, debit, credit, rollback };

struct WalletRequest {
  CallKind kind = CallKind::balance;
  std::string transaction_id;  // the idempotency key (empty for balance)
  std::string player;          // the operator's own id of the player
  std::string currency;
  Money amount;
  std::string round_id;
  std::string ref;  // a debit: the bet's reference; a credit: why; a rollback: the debit's id
};

// The signed JSON body of a request (exposed for the reference wallet's tests and the docs).
std::string request_body(const WalletRequest& request, int64_t now_ms);
std::string signature(std::string_view secret, std::string_view body);

// The failure a refusal stands for (SPEC §8 through table::code_for): insufficient funds
// (10104), account disabled (10103), suspended (10102), a responsible-gaming limit (101019);
// anything else cannot transfer funds (20103).
ledger::Failure failure_of(std::string_view status);

void call_wallet(boost::asio::any_io_executor executor, const WalletConfig& config,
                 const WalletRequest& request, int64_t now_ms,
                 std::function<void(WalletReply)> done);

}  // namespace croupier::wallet
