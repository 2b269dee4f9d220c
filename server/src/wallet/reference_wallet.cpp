#include "wallet/reference_wallet.hpp"

#include <boost/asio/steady_timer.hpp>
#include <boost/beast/core.hpp>
#include <boost/beast/http.hpp>
#include <boost/json.hpp>
#include <chrono>

#include "core/crypto.hpp"
#include "wallet/operator_wallet.hpp"

namespace croupier::wallet {

namespace asio = boost::asio;
namespace beast = boost::beast;
namespace http = beast::http;
namespace json = boost::json;
using tcp = asio::ip::tcp;

namespace {

std::string answer(std::string_view status, const ReferenceWallet::Player* player) {
  json::object o;
  o["status"] = status;
  if (player) {
    o["balance"] = format_money(player->balance);
    o["currency"] = player->currency;
  }
  return json::serialize(o);
}

const json::string* text_of(const json::object& o, std::string_view key) {
  auto* v = o.if_contains(key);
  return v ? v->if_string() : nullptr;
}

}  // namespace

// One request per connection (Croupier closes after each), answered after the faults' delay.
class ReferenceWallet::Connection : public std::enable_shared_from_this<Connection> {
 public:
  Connection(ReferenceWallet& wallet, tcp::socket socket)
      : wallet_(wallet), stream_(std::move(socket)), timer_(wallet.io_) {}

  void start() {
    parser_.body_limit(64 * 1024);
    http::async_read(stream_, buffer_, parser_,
                     [self = shared_from_this()](beast::error_code ec, size_t) {
                       if (ec) return;
                       self->respond();
                     });
  }

 private:
  void respond() {
    auto& req = parser_.get();
    std::string signature;
    if (auto it = req.find(crypto::kSignatureHeader); it != req.end())
      signature = std::string(it->value());
    Reply reply = wallet_.handle(std::string(req.method_string()), std::string(req.target()),
                                 req.body(), signature);
    const int64_t wait = reply.hang ? wallet_.faults_.hang_ms : wallet_.faults_.delay_ms;
    res_.result(static_cast<unsigned>(reply.status));
    res_.version(11);
    res_.set(http::field::content_type, "application/json");
    res_.set(http::field::connection, "close");
    res_.body() = std::move(reply.body);
    res_.prepare_payload();
    const bool hang = reply.hang;
    timer_.expires_after(std::chrono::milliseconds(wait));
    timer_.async_wait([self = shared_from_this(), hang](beast::error_code) {
      beast::error_code ignored;
      if (hang) {
        self->stream_.socket().shutdown(tcp::socket::shutdown_both, ignored);
        self->stream_.socket().close(ignored);
        return;
      }
      http::async_write(self->stream_, self->res_, [self](beast::error_code, size_t) {
        beast::error_code ignored;
        self->stream_.socket().shutdown(tcp::socket::shutdown_send, ignored);
      });
    });
  }

  ReferenceWallet& wallet_;
  beast::tcp_stream stream_;
  asio::steady_timer timer_;
  beast::flat_buffer buffer_;
  http::request_parser<http::string_body> parser_;
  http::response<http::string_body> res_;
};

ReferenceWallet::ReferenceWallet(asio::io_context& io, const tcp::endpoint& listen,
                                 ReferenceWalletOptions options)
    : io_(io), acceptor_(io, listen), options_(std::move(options)), rng_(1) {
  accept();
}

ReferenceWallet::~ReferenceWallet() {
  beast::error_code ignored;
  acceptor_.close(ignored);
}

uint16_t ReferenceWallet::port() const {
  return acceptor_.local_endpoint().port();
}

void ReferenceWallet::set_faults(const WalletFaults& faults) {
  faults_ = faults;
  rng_.seed(faults.seed);
}

void ReferenceWallet::accept() {
  acceptor_.async_accept([this](beast::error_code ec, tcp::socket socket) {
    if (ec == asio::error::operation_aborted) return;
    if (!ec) std::make_shared<Connection>(*this, std::move(socket))->start();
    accept();
  });
}

bool ReferenceWallet::chance(double p) {
  return p > 0 && std::uniform_real_distribution<double>(0, 1)(rng_) < p;
}

ReferenceWallet::Reply ReferenceWallet::handle(const std::string& method, const std::string& target,
                                               const std::string& body,
                                               const std::string& signature_header) {
  const std::string path = target.substr(0, target.find('?'));
  if (path.starts_with("/admin/")) return admin(method, path, body);
  static const std::vector<std::string> kinds = {"balance", "debit", "credit", "rollback"};
  const std::string kind = path.empty() ? "" : path.substr(path.rfind('/') + 1);
  if (method != "POST" || std::find(kinds.begin(), kinds.end(), kind) == kinds.end())
    return {404, answer("NOT_FOUND", nullptr)};
  if (!crypto::constant_time_equal(signature_header, signature(options_.secret, body)))
    return {401, answer("INVALID_SIGNATURE", nullptr)};
  if (chance(faults_.error_rate)) return {503, answer("UNAVAILABLE", nullptr)};
  if (kind == "debit" && faults_.hang_debits > 0) {
    --faults_.hang_debits;
    if (!faults_.hang_applied) return {200, "", true};
    Reply applied = api(kind, body);
    applied.hang = true;
    return applied;
  }
  if (kind == "credit" && faults_.fail_credits) return {503, answer("UNAVAILABLE", nullptr)};
  if (kind == "rollback" && faults_.fail_rollbacks) return {503, answer("UNAVAILABLE", nullptr)};
  Reply reply = api(kind, body);
  if (chance(faults_.lost_answer_rate)) reply.hang = true;
  return reply;
}

ReferenceWallet::Reply ReferenceWallet::api(const std::string& kind, const std::string& body) {
  boost::system::error_code ec;
  json::value v = json::parse(body, ec);
  const json::object* o = ec ? nullptr : v.if_object();
  if (!o) return {400, answer("INVALID_REQUEST", nullptr)};
  const auto* ts = o->if_contains("timestamp");
  const int64_t now = std::chrono::duration_cast<std::chrono::milliseconds>(
                          std::chrono::system_clock::now().time_since_epoch())
                          .count();
  if (!ts || !ts->is_int64() || std::llabs(ts->as_int64() - now) > options_.timestamp_skew_ms)
    return {400, answer("INVALID_TIMESTAMP", nullptr)};
  const json::string* player_id = text_of(*o, "playerId");
  const json::string* currency = text_of(*o, "currency");
  if (!player_id || !currency) return {400, answer("INVALID_REQUEST", nullptr)};
  const std::string pid(*player_id);

  auto find_player = [&]() -> Player* {
    auto it = players_.find(pid);
    if (it != players_.end()) return &it->second;
    if (options_.starting_balance.is_zero()) return nullptr;
    return &players_.emplace(pid, Player{options_.currency, options_.starting_balance, "active"})
                .first->second;
  };
  if (kind == "balance") {
    Player* p = find_player();
    if (!p) return {404, answer("UNKNOWN_PLAYER", nullptr)};
    if (p->currency != *currency) return {400, answer("INVALID_CURRENCY", nullptr)};
    if (p->status == "disabled") return {403, answer("ACCOUNT_DISABLED", nullptr)};
    if (p->status == "suspended") return {403, answer("ACCOUNT_SUSPENDED", nullptr)};
    return {200, answer("OK", p)};
  }

  const json::string* tx = text_of(*o, "transactionId");
  const json::string* amount_text = text_of(*o, "amount");
  const auto amount = amount_text ? parse_money(*amount_text) : std::nullopt;
  if (!tx || tx->empty() || !amount || amount->is_negative())
    return {400, answer("INVALID_REQUEST", nullptr)};
  const std::string id(*tx);
  // A transaction seen before: the first answer again.
  // (Its status again, with the balance as it is now.)
  if (auto seen = transactions_.find(id); seen != transactions_.end()) {
    const Transaction& t = seen->second;
    if (t.kind != kind || t.amount != *amount || t.player != pid || t.currency != *currency)
      return {400, answer("TRANSACTION_CONFLICT", nullptr)};
    auto p = players_.find(pid);
    return {200, answer(t.status, p == players_.end() ? nullptr : &p->second)};
  }
  Player* p = find_player();
  if (!p) return {404, answer("UNKNOWN_PLAYER", nullptr)};
  if (p->currency != *currency) return {400, answer("INVALID_CURRENCY", nullptr)};

  Transaction t;
  t.id = id;
  t.kind = kind;
  t.player = pid;
  t.currency = std::string(*currency);
  t.amount = *amount;
  if (auto* r = text_of(*o, "roundId")) t.round_id = std::string(*r);
  if (kind == "debit") {
    if (auto* r = text_of(*o, "betRef")) t.ref = std::string(*r);
    if (p->status == "disabled") {
      t.status = "ACCOUNT_DISABLED";
    } else if (p->status == "suspended") {
      t.status = "ACCOUNT_SUSPENDED";
    } else if (p->balance < *amount) {
      t.status = "INSUFFICIENT_FUNDS";
    } else {
      p->balance -= *amount;
      t.status = "OK";
    }
  } else if (kind == "credit") {
    if (auto* r = text_of(*o, "reason")) t.ref = std::string(*r);
    p->balance += *amount;
    t.status = "OK";
  } else {  // rollback
    const json::string* debit_id = text_of(*o, "debitTransactionId");
    if (!debit_id) return {400, answer("INVALID_REQUEST", nullptr)};
    t.ref = std::string(*debit_id);
    auto debit = transactions_.find(t.ref);
    if (debit == transactions_.end()) {
      // Never seen: a tombstone, so that the debit arriving late is refused.
      Transaction tomb;
      tomb.id = t.ref;
      tomb.kind = "debit";
      tomb.player = pid;
      tomb.currency = t.currency;
      tomb.amount = *amount;
      tomb.status = "TRANSACTION_ROLLED_BACK";
      tomb.rolled_back = true;
      tomb.answer = answer(tomb.status, p);
      transactions_.emplace(tomb.id, tomb);
      order_.push_back(tomb.id);
      t.status = "TRANSACTION_NOT_FOUND";
    } else if (debit->second.kind != "debit" || debit->second.player != pid ||
               debit->second.amount != *amount) {
      return {400, answer("INVALID_REQUEST", nullptr)};
    } else {
      if (debit->second.status == "OK" && !debit->second.rolled_back)
        p->balance += debit->second.amount;
      debit->second.rolled_back = true;
      t.status = "OK";
    }
  }
  t.answer = answer(t.status, p);
  Reply reply{200, t.answer};
  transactions_.emplace(id, std::move(t));
  order_.push_back(id);
  return reply;
}

ReferenceWallet::Reply ReferenceWallet::admin(const std::string& method, const std::string& path,
                                              const std::string& body) {
  if (path == "/admin/players" && method == "GET") {
    json::array list;
    Money total;
    for (const auto& [id, p] : players_) {
      list.push_back(json::object{{"playerId", id},
                                  {"currency", p.currency},
                                  {"balance", format_money(p.balance)},
                                  {"status", p.status}});
      total += p.balance;
    }
    return {200, json::serialize(json::object{{"players", std::move(list)},
                                              {"total", format_money(total)},
                                              {"transactions", order_.size()}})};
  }
  if (path == "/admin/transactions" && method == "GET") {
    json::array list;
    for (const std::string& id : order_) {
      const Transaction& t = transactions_.at(id);
      list.push_back(json::object{{"transactionId", t.id},
                                  {"kind", t.kind},
                                  {"playerId", t.player},
                                  {"amount", format_money(t.amount)},
                                  {"roundId", t.round_id},
                                  {"ref", t.ref},
                                  {"status", t.status},
                                  {"rolledBack", t.rolled_back}});
    }
    return {200, json::serialize(json::object{{"transactions", std::move(list)}})};
  }
  boost::system::error_code ec;
  json::value v = json::parse(body, ec);
  const json::object* o = ec ? nullptr : v.if_object();
  if (method != "POST" || !o) return {404, answer("NOT_FOUND", nullptr)};
  if (path == "/admin/players") {
    const json::string* id = text_of(*o, "playerId");
    if (!id) return {400, answer("INVALID_REQUEST", nullptr)};
    Player& p = players_[std::string(*id)];
    if (p.currency.empty()) p.currency = options_.currency;
    if (auto* c = text_of(*o, "currency")) p.currency = std::string(*c);
    if (auto* b = text_of(*o, "balance")) {
      auto m = parse_money(*b);
      if (!m) return {400, answer("INVALID_REQUEST", nullptr)};
      p.balance = *m;
    }
    if (auto* s = text_of(*o, "status")) p.status = std::string(*s);
    return {200, answer("OK", &p)};
  }
  if (path == "/admin/faults") {
    WalletFaults f;
    auto num = [&](std::string_view key, auto fallback) {
      auto* x = o->if_contains(key);
      using T = decltype(fallback);
      if (!x) return fallback;
      if constexpr (std::is_same_v<T, bool>) {
        return x->is_bool() ? x->get_bool() : fallback;
      } else if constexpr (std::is_floating_point_v<T>) {
        return x->is_number() ? x->to_number<double>() : fallback;
      } else {
        return x->is_number() ? x->to_number<T>() : fallback;
      }
    };
    f.delay_ms = num("delayMs", int64_t{0});
    f.hang_debits = num("hangDebits", int64_t{0});
    f.hang_applied = num("hangApplied", false);
    f.hang_ms = num("hangMs", int64_t{5000});
    f.fail_credits = num("failCredits", false);
    f.fail_rollbacks = num("failRollbacks", false);
    f.error_rate = num("errorRate", 0.0);
    f.lost_answer_rate = num("lostAnswerRate", 0.0);
    f.seed = num("seed", uint64_t{1});
    set_faults(f);
    return {200, answer("OK", nullptr)};
  }
  return {404, answer("NOT_FOUND", nullptr)};
}

}  // namespace croupier::wallet
