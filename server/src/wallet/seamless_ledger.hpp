// SeamlessLedger: the ledger in front of operators' own wallets (docs/operators.md
// "Seamless wallet").
//
// An operator whose casino-file wallet is "seamless" keeps its players' money itself; Croupier
// calls its wallet API (operator_wallet.hpp) and records every call and answer in its own
// ledger (ledger.hpp "Operators' wallets"). This class wraps the ledger and changes nothing
// for other players. For a seamless player:
//
// - A bet (PlaceBets) first records its debit (WalletCall, pending), then asks the operator.
//   Confirmed: the bets are placed with the debit (PlaceBets::wallet_debit), which brings the
//   money in and takes the stakes in one transaction. Refused: the bet is refused with the
//   operator's reason (10104, 10103, 10102, 101019). No answer (a timeout, an error): the
//   same call is made again, with the same key, up to debit_attempts times; then the debit
//   is rolled back (recorded first, so that it can never be confirmed afterwards) and the bet
//   is refused with 20103. A debit confirmed whose bets cannot be placed (the round closed
//   meanwhile) is rolled back too. A bet is thus placed or refused, never both.
// - Whatever a seamless player holds in cash afterwards (winnings, refunds, cash-outs, a
//   bonus turned into cash, a prize) is credited: the credit is recorded, taking the cash
//   from the player to the operator's funding account at once, and then made until the
//   operator acknowledges it, across restarts (credits and rollbacks left pending are
//   found again at start-up and every scan).
// - Balances reported for a seamless player (every Balance this ledger answers) are the
//   operator's balance last reported (at start-up: the last one recorded), plus what
//   Croupier holds for the player, plus credits (and rollbacks of debits the operator
//   confirmed) recorded but not yet sent. A call sent and not acknowledged is not added:
//   the operator may have made it, and a balance is never shown higher than it may be.
//
// Threads: one thread of its own makes the wallet calls and runs their timers. Callbacks of
// submit() run on the ledger's writer thread or on that thread; as with the ledger, they must
// be quick and post to their own executor.
#pragma once

#include <boost/asio/executor_work_guard.hpp>
#include <boost/asio/io_context.hpp>
#include <boost/asio/steady_timer.hpp>
#include <chrono>
#include <condition_variable>
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <thread>
#include <unordered_map>
#include <vector>

#include "core/clock.hpp"
#include "ledger/forwarding_ledger.hpp"
#include "wallet/operator_wallet.hpp"

namespace croupier::wallet {

// Who a player is at their operator.
struct WalletPlayer {
  std::string operator_id;
  std::string external_id;
  std::string currency;  // their account's
};
using PlayerLookup = std::function<std::optional<WalletPlayer>(ledger::PlayerId)>;

struct SeamlessOptions {
  std::vector<WalletConfig> wallets;  // the seamless operators'
  PlayerLookup player;                // nullopt: a player unknown (treated as internal)
  const Clock* clock = nullptr;
  // Backoff of a credit or rollback that was not acknowledged: doubling from min to max.
  std::chrono::milliseconds retry_min{250};
  std::chrono::milliseconds retry_max{30000};
  // Between two scans for calls left pending (by a restart, or by another node) and for
  // cash held by seamless players.
  std::chrono::milliseconds scan_interval{5000};
  // A debit pending for longer than this, that no bet here waits for, is rolled back.
  std::chrono::milliseconds stale_debit{30000};
};

// What the seamless wallets did, for metrics and tests.
struct SeamlessCounts {
  int64_t debits = 0, credits = 0, rollbacks = 0;  // calls recorded
  int64_t attempts = 0, errors = 0;                // HTTP calls made, and those with no answer
  int64_t outstanding = 0;                         // credits and rollbacks not acknowledged
};

class SeamlessLedger final : public ledger::ForwardingLedger {
 public:
  SeamlessLedger(std::unique_ptr<ledger::Ledger> inner, SeamlessOptions options);
  ~SeamlessLedger() override;

  // Starts the wallet thread and the scans (the first at once).
  void start();
  // Whether the player's money is at a seamless wallet.
  bool is_seamless(ledger::PlayerId player) const;
  // The player's balance asked of their operator now (GET /api/ui/balance); 20102 when the
  // operator does not answer (Failure::wallet_unavailable), or refuses.
  void fetch_balance(ledger::PlayerId player, std::string currency,
                     std::function<void(Result<ledger::Balance, ledger::Failure>)> done);
  SeamlessCounts counts() const;
  // Tests: waits until every credit and rollback has been acknowledged and the answers are
  // recorded, at most `limit`.
  bool wait_idle(std::chrono::milliseconds limit);

  void submit(ledger::Fund op, ledger::Callback<ledger::Done> done) override;
  void submit(ledger::PlaceBets op, ledger::Callback<ledger::PlacedBets> done) override;
  void submit(ledger::CancelBets op, ledger::Callback<ledger::CancelledBets> done) override;
  void submit(ledger::SettleRound op, ledger::Callback<ledger::Settlement> done) override;
  void submit(ledger::SettleBets op, ledger::Callback<ledger::SettledBets> done) override;
  void submit(ledger::CancelRound op, ledger::Callback<ledger::Settlement> done) override;
  void submit(ledger::ChangeBonus op, ledger::Callback<ledger::BonusView> done) override;

  void flush() override;
  void stop() override;
  ledger::Balance balance(ledger::PlayerId player, std::string_view currency) const override;

 private:
  struct Seamless {
    const WalletConfig* wallet;
    std::string external_id;
    std::string currency;
  };
  struct Debit;  // a bet waiting for its debit
  struct Outgoing {
    ledger::WalletCallView call;
    int64_t attempts = 0;  // made by this process
    bool in_flight = false;
    // Counted in the player's balance until first sent: a credit, or the rollback of a debit
    // the operator confirmed (its balance then lacks the amount). Once sent, the operator's
    // next balance may or may not include it, so it is not added any more.
    bool owed = false;
  };
  using Key = std::pair<ledger::PlayerId, std::string>;
  struct Held {
    std::optional<Money> operator_balance;
    bool looked_up = false;  // the last balance recorded in the ledger was read
    Money unsent;            // owed calls recorded, not yet sent
  };

  std::optional<Seamless> seamless(ledger::PlayerId player) const;
  ledger::Balance reported(ledger::PlayerId player, std::string_view currency,
                           ledger::Balance here) const;
  void note_balance(ledger::PlayerId player, const std::string& currency,
                    std::optional<Money> balance);

  void begin_debit(std::shared_ptr<Debit> debit);
  void attempt_debit(std::shared_ptr<Debit> debit, int64_t attempt);
  void place(std::shared_ptr<Debit> debit);
  // `confirmed`: the operator answered the debit ok (its balance lacks the amount).
  void roll_back(std::shared_ptr<Debit> debit, ledger::Failure why, bool confirmed);
  void finish(const std::shared_ptr<Debit>& debit, Result<ledger::PlacedBets, ledger::Failure> r);

  // Credits whatever cash the player holds (a no-op when none), keyed by `key`.
  void sweep(ledger::PlayerId player, const std::string& currency, const std::string& key,
             const std::string& round_id, const std::string& reason);
  void record_answer(const std::string& call_id, const WalletReply& reply);
  void track(const ledger::WalletCallView& call, bool owed);  // a credit or rollback to make
  void run_io();  // the wallet thread: runs io_, surviving a handler's exception
  void send(const std::string& call_id);
  void scan();
  void schedule_scan();

  WalletRequest request_of(const ledger::WalletCallView& call, const Seamless& who) const;
  int64_t now_ms() const { return options_.clock->wall_ms(); }
  // Counts a submit() whose callback has not run yet (flush waits for none).
  void op_begun();
  void op_done();

  template <class R, class F>
  ledger::Callback<R> after(ledger::Callback<R> done, F adjust);
  // A player's refund or cash-out (CancelBets, SettleBets): the cash it leaves is credited,
  // keyed c:<the operation's key>.
  template <class Op, class R>
  void credit_one(Op op, ledger::Callback<R> done, const char* reason);
  // A round's settlement or void (SettleRound, CancelRound): each seamless player's cash is
  // credited, keyed <prefix><round>:<player> (prefix c:settle: or c:void:).
  template <class Op>
  void credit_each(Op op, ledger::Callback<ledger::Settlement> done, const char* prefix,
                   const char* reason);

  const SeamlessOptions options_;
  std::map<std::string, WalletConfig, std::less<>> wallets_;

  boost::asio::io_context io_;
  boost::asio::executor_work_guard<boost::asio::io_context::executor_type> work_;
  boost::asio::steady_timer scan_timer_;
  std::thread thread_;

  mutable std::mutex mu_;  // guards everything below
  mutable std::unordered_map<ledger::PlayerId, std::optional<Seamless>> players_;
  mutable std::map<Key, Held> held_;
  std::map<std::string, Outgoing> outgoing_;    // by call id
  std::map<std::string, bool> waiting_debits_;  // debits a bet here waits for
  SeamlessCounts counts_;
  int64_t ops_in_flight_ = 0;
  bool cash_scan_due_ = true;  // look for cash held (at start-up, after a failed credit record)
  std::condition_variable idle_cv_;
  bool stopped_ = false;
};

}  // namespace croupier::wallet
