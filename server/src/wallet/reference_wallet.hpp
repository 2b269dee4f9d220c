// ReferenceWallet: an operator's wallet as docs/wallet-api.yaml describes it, small enough to
// read, for trying a seamless operator and for the tests (croupier-wallet runs it).
//
// The player API (POST /balance, /debit, /credit, /rollback) checks each request's signature
// and timestamp, and answers a transaction id it has seen with the answer it gave the first
// time. A rollback of a debit it never saw leaves a tombstone, so that the debit, arriving
// late, is refused. Balances are kept in memory.
//
// Its admin API (unsigned: bind it to loopback) sets players and injects faults:
//   POST /admin/players  {"playerId","currency","balance","status"}  (status: active,
//                        disabled, suspended)
//   GET  /admin/players  every player's balance, their total, and the transactions' count
//   GET  /admin/transactions  every transaction, in order
//   POST /admin/faults   {"delayMs", "hangDebits", "hangApplied", "hangMs", "failCredits",
//                        "failRollbacks", "errorRate", "lostAnswerRate", "seed"}
// A hung request is held without an answer for hangMs and then closed: the caller times out.
// hangDebits counts the next debits to hang (hangApplied: after applying them); errorRate
// answers 503 before applying anything, lostAnswerRate applies and then hangs, each a
// probability (of every balance, debit, credit and rollback) drawn from `seed`.
//
// Thread-safety: everything runs on the io_context given (one thread).
#pragma once

#include <boost/asio/io_context.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <cstdint>
#include <map>
#include <memory>
#include <random>
#include <string>
#include <vector>

#include "core/money.hpp"

namespace croupier::wallet {

struct ReferenceWalletOptions {
  std::string secret;  // the operator's HMAC key
  std::string currency = "EUR";
  Money starting_balance;  // a player first seen starts with this (zero: unknown players
                           // are refused with UNKNOWN_PLAYER)
  int64_t timestamp_skew_ms = 5 * 60 * 1000;
};

struct WalletFaults {
  int64_t delay_ms = 0;       // every answer waits this long
  int64_t hang_debits = 0;    // the next debits hang
  bool hang_applied = false;  // ... after being applied
  int64_t hang_ms = 5000;
  bool fail_credits = false;    // credits answer 503
  bool fail_rollbacks = false;  // rollbacks answer 503
  double error_rate = 0;
  double lost_answer_rate = 0;
  uint64_t seed = 1;
};

class ReferenceWallet {
 public:
  ReferenceWallet(boost::asio::io_context& io, const boost::asio::ip::tcp::endpoint& listen,
                  ReferenceWalletOptions options);
  ~ReferenceWallet();
  uint16_t port() const;
  void set_faults(const WalletFaults& faults);

  struct Player {
    std::string currency;
    Money balance;
    std::string status = "active";
  };
  struct Transaction {
    std::string id, kind, player, currency, round_id, ref, status;
    Money amount;
    std::string answer;  // the JSON answered
    bool rolled_back = false;
  };
  // The answer to a request: HTTP status and body; `hang` holds it back.
  struct Reply {
    int status = 200;
    std::string body;
    bool hang = false;
  };
  Reply handle(const std::string& method, const std::string& target, const std::string& body,
               const std::string& signature_header);

 private:
  class Connection;
  void accept();
  Reply api(const std::string& kind, const std::string& body);
  Reply admin(const std::string& method, const std::string& path, const std::string& body);
  bool chance(double p);

  boost::asio::io_context& io_;
  boost::asio::ip::tcp::acceptor acceptor_;
  ReferenceWalletOptions options_;
  WalletFaults faults_;
  std::mt19937_64 rng_;
  std::map<std::string, Player> players_;
  std::map<std::string, Transaction> transactions_;  // by id
  std::vector<std::string> order_;                   // transaction ids in order
};

}  // namespace croupier::wallet
