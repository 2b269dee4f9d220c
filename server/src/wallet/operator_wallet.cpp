#include "wallet/operator_wallet.hpp"

#include <boost/json.hpp>

#include "core/crypto.hpp"

namespace croupier::wallet {

namespace json = boost::json;

std::string_view outcome_name(Outcome outcome) {
  switch (outcome) {
    case Outcome::ok:
      return "ok";
    case Outcome::refused:
      return "refused";
    case Outcome::error:
      return "error";
  }
  return "error";
}

namespace {

std::string_view path_of(CallKind kind) {
  switch (kind) {
    case CallKind::balance:
      return "/balance";
    case CallKind::debit:
      return "/debit";
    case CallKind::credit:
      return "/credit";
    case CallKind::rollback:
      return "/rollback";
  }
  return "/balance";
}

WalletReply read_reply(CallKind kind, const HttpAnswer& answer) {
  WalletReply reply;
  reply.http_status = answer.status;
  reply.took = answer.took;
  // Server errors, and "try again" answers (a timeout, a conflict with the same key still
  // being processed, too many requests), are no answer.
  if (answer.status >= 500 || answer.status < 200 || answer.status == 408 || answer.status == 409 ||
      answer.status == 429) {
    reply.status = "HTTP " + std::to_string(answer.status);
    return reply;
  }
  boost::system::error_code ec;
  json::value v = json::parse(answer.body, ec);
  const json::object* o = ec ? nullptr : v.if_object();
  const json::string* status =
      o ? o->contains("status") ? o->at("status").if_string() : nullptr : nullptr;
  if (!status) {
    reply.status = "unreadable answer (HTTP " + std::to_string(answer.status) + ")";
    return reply;
  }
  reply.status = std::string(*status);
  if (auto* b = o->if_contains("balance"); b && b->is_string()) {
    reply.balance = parse_money(b->get_string());
  }
  if (reply.status == "OK" && answer.status == 200) {
    reply.outcome = Outcome::ok;
  } else if (kind == CallKind::rollback && reply.status == "TRANSACTION_NOT_FOUND") {
    reply.outcome = Outcome::ok;  // the debit never happened: nothing to reverse
  } else if (reply.status == "OK") {
    reply.status = "OK with HTTP " + std::to_string(answer.status);
  } else {
    reply.outcome = Outcome::refused;
  }
  return reply;
}

}  // namespace

std::string request_body(const WalletRequest& r, int64_t now_ms) {
  json::object o;
  if (!r.transaction_id.empty()) o["transactionId"] = r.transaction_id;
  o["playerId"] = r.player;
  o["currency"] = r.currency;
  if (r.kind != CallKind::balance) {
    o["amount"] = format_money(r.amount);
    if (!r.round_id.empty()) o["roundId"] = r.round_id;
  }
  switch (r.kind) {
    case CallKind::debit:
      o["betRef"] = r.ref;
      break;
    case CallKind::credit:
      o["reason"] = r.ref;
      break;
    case CallKind::rollback:
      o["debitTransactionId"] = r.ref;
      break;
    case CallKind::balance:
      break;
  }
  o["timestamp"] = now_ms;
  return json::serialize(o);
}

std::string signature(std::string_view secret, std::string_view body) {
  return "sha256=" + crypto::to_hex(crypto::hmac_sha256(secret, body));
}

ledger::Failure failure_of(std::string_view status) {
  if (status == "INSUFFICIENT_FUNDS") return ledger::Failure::insufficient_funds;
  if (status == "ACCOUNT_DISABLED") return ledger::Failure::account_disabled;
  if (status == "ACCOUNT_SUSPENDED") return ledger::Failure::account_suspended;
  if (status == "LIMIT_REACHED") return ledger::Failure::limit_reached;
  return ledger::Failure::wallet_unavailable;
}

void call_wallet(boost::asio::any_io_executor executor, const WalletConfig& config,
                 const WalletRequest& request, int64_t now_ms,
                 std::function<void(WalletReply)> done) {
  HttpRequest http;
  http.target = config.endpoint.base_path + std::string(path_of(request.kind));
  http.body = request_body(request, now_ms);
  http.headers.emplace_back(std::string(crypto::kSignatureHeader),
                            signature(config.secret, http.body));
  if (!request.transaction_id.empty())
    http.headers.emplace_back("Idempotency-Key", request.transaction_id);
  http.timeout = config.timeout;
  http_call(executor, config.endpoint, std::move(http),
            [kind = request.kind, done = std::move(done)](Result<HttpAnswer, std::string> r) {
              if (!r.ok()) {
                WalletReply reply;
                reply.status = r.error();
                return done(std::move(reply));
              }
              done(read_reply(kind, r.value()));
            });
}

}  // namespace croupier::wallet
