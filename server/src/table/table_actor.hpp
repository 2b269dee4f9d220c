// TableActor: runs one Table on its own strand with one timer; the thread-safe face of a
// table for the gateway.
//
// Every call is posted to the strand, so the Table inside only ever runs on one thread
// at a time, in the order calls arrive. The inbox is bounded (inbox_max commands waiting
// on the strand); a bet command beyond it is refused at once with 1008 rather than queued
// without limit. The actor must outlive every ledger callback it caused: the owner stops
// the actor, then flushes the ledger, then destroys the actor.
#pragma once

#include <atomic>
#include <boost/asio/io_context.hpp>
#include <boost/asio/steady_timer.hpp>
#include <boost/asio/strand.hpp>
#include <memory>

#include "table/table.hpp"

namespace croupier::table {

class TableActor {
 public:
  TableActor(boost::asio::io_context& io, TableConfig config, Engines engines, const Clock& clock,
             std::unique_ptr<Rng> rng, ledger::Ledger& ledger, Table::Publish publish,
             size_t inbox_max);

  void start();
  void place_bets(PlaceBetsCommand command, AckFn ack);
  void cancel_bets(CancelBetsCommand command, AckFn ack);
  // Seats and chat; the replies run on the actor's strand.
  void sit(ledger::PlayerId player, Persona who, int seat, std::function<void(SeatReply)> reply);
  void leave(ledger::PlayerId player, int seat = 0);
  // Blackjack: a decision (the answer runs on the strand), preferences, autoplay.
  void decide(DecisionCommand command, DecisionFn ack);
  void set_blackjack_prefs(ledger::PlayerId player, BlackjackPrefs prefs);
  void autoplay(AutoplayCommand command, std::function<void(AutoplayAck)> reply);
  // Crash tables: a cash-out (the answer runs on the strand) and an automatic cash-out.
  void cash_out(CashOutCommand command, CashOutFn ack);
  void auto_cash_out(AutoCashOutCommand command, std::function<void(AutoCashOutAck)> reply);
  // Game shows: a choice in the bonus (stamped with the time of receipt).
  void choose(ChooseCommand command, std::function<void(ChooseAck)> reply);
  void chat(ledger::PlayerId player, Persona who, std::string text, std::string role,
            std::function<void(std::optional<ErrorCode>)> reply);
  void squeeze(ledger::PlayerId player, size_t index, double progress,
               std::function<void(std::optional<ErrorCode>)> reply);
  void announce_closing(int minutes);
  // The studio (Table::dealer, pause, set_dealer_mode): `fn` runs on the strand, the table
  // moves on, then `reply` gets the refusal and the console's view after it.
  void studio(std::function<std::optional<Refusal>(Table&)> fn,
              std::function<void(std::optional<Refusal>, DealerView)> reply);
  // `reply` runs on the actor's strand, ordered with the events the table publishes.
  void snapshot(ledger::PlayerId player, std::function<void(TableSnapshot)> reply);
  // Finishes or refunds the current round, then calls `done` (on the strand).
  void shutdown(std::function<void()> done);

  // Table::hand_over: `done` runs on the strand between two rounds.
  void hand_over(std::function<void()> done);
  // Stops the table where it stands, for good: its lease went to another node, which runs
  // it now. No timer and no move of its own any more; a command still reaching it runs
  // and is refused by the ledger's fencing (ledger/leases.hpp).
  void halt();

  const TableConfig& config() const { return table_.config(); }
  // This run's epoch (fixed at construction).
  const std::string& epoch() const { return table_.epoch(); }
  // The current round, state and recent results, read on the strand.
  void inspect(std::function<void(const Table&)> fn);

 private:
  // Runs `fn` on the strand, then lets the table move on and re-arms the timer.
  void run(std::function<void()> fn);
  // Takes a place in the bounded inbox; false (and `busy` answered) when it is full.
  bool enter_inbox(const std::string& request_id, const std::vector<games::BetLine>& bets,
                   const AckFn& busy);
  void arm();

  const Clock& clock_;  // read from any thread (the receipt of a cash-out)
  boost::asio::strand<boost::asio::io_context::executor_type> strand_;
  boost::asio::steady_timer timer_;
  std::unique_ptr<Rng> rng_;
  Table table_;
  const size_t inbox_max_;
  std::atomic<size_t> inbox_{0};
  bool halted_ = false;  // on the strand
};

}  // namespace croupier::table
