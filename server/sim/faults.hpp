// FaultyLedger: the ledger as the tables of one run see it, with faults drawn from the
// seed's RNG.
//
// - A failed write: the operation never reaches the ledger and its callback gets
//   Failure::storage or Failure::overloaded ("nothing was done", ledger.hpp), which the
//   table retries (round steps) or answers with a refusal (bets, cash-outs).
// - A slow write: the ledger commits at once (inline mode) but the answer is held for a few
//   steps of the simulation before the table hears of it. Answers keep the order in which
//   the ledger committed, as the real writer thread's do.
// - A crash at an operation: the process dies just before the operation reaches the ledger,
//   or just after it committed and before anyone heard of it. From then on nothing of this
//   run reaches the ledger or the players; the simulation drops the run's tables and starts
//   new ones on the reopened file.
//
// Only the tables' operations are faulted; the simulation's own funding goes round it.
//
// Deliberately broken invariants (--break-invariant), to prove the checks can fail:
// - pay-double: every settlement is paid a second time, straight into the real ledger
//   behind the books' back (a Fund from "sim-double" to every player the round paid);
// - skip-refund: a round's refund with bets in it never reaches the ledger, but the table
//   is told it was made (with a made-up settlement refunding every stake).
#pragma once

#include <deque>
#include <functional>
#include <memory>
#include <string>

#include "books.hpp"
#include "core/rng.hpp"
#include "ledger/forwarding_ledger.hpp"

namespace croupier::sim {

enum class Breakage { none, pay_double, skip_refund };

struct FaultPlan {
  double fail = 0;          // chance an operation fails
  double delay = 0;         // chance an answer is held
  int max_delay_steps = 0;  // for up to this many steps
  double crash_at_op = 0;   // chance the process dies at an operation
  Breakage breakage = Breakage::none;
};

struct FaultCounts {
  int64_t failed = 0, delayed = 0, crashes_at_op = 0, broken = 0;
};

class FaultyLedger final : public ledger::ForwardingLedger {
 public:
  // Owns `books` (which owns the real ledger); `rng` and `counts` outlive it.
  FaultyLedger(std::unique_ptr<BooksLedger> books, Books& model, Rng& rng, FaultPlan plan,
               FaultCounts& counts);
  using ForwardingLedger::submit;

  void submit(ledger::OpenRound op, ledger::Callback<ledger::Done> done) override;
  void submit(ledger::PlaceBets op, ledger::Callback<ledger::PlacedBets> done) override;
  void submit(ledger::CancelBets op, ledger::Callback<ledger::CancelledBets> done) override;
  void submit(ledger::RecordResult op, ledger::Callback<ledger::Done> done) override;
  void submit(ledger::SettleRound op, ledger::Callback<ledger::Settlement> done) override;
  void submit(ledger::SettleBets op, ledger::Callback<ledger::SettledBets> done) override;
  void submit(ledger::CancelRound op, ledger::Callback<ledger::Settlement> done) override;

  // The simulation's step: held answers are due by steps.
  void set_step(int64_t step) { step_ = step; }
  // Hands over the held answers that are due (all of them with `all`), oldest first.
  void release(bool all = false);
  bool holding() const { return !held_.empty(); }
  // The process died at an operation: nothing more of this run reaches anyone.
  bool dead() const { return dead_; }
  void allow_crashes(bool allowed) { crashes_allowed_ = allowed; }
  // --trace: every operation of the tables and what became of it.
  void set_trace(std::function<void(const std::string&)> trace) { trace_ = std::move(trace); }

  BooksLedger& books() const { return *books_; }
  ledger::Ledger& real() const { return books_->real(); }

 private:
  template <class Op, class T>
  void route(Op op, ledger::Callback<T> done);
  bool roll(double p) { return p > 0 && rng_.uniform(1'000'000) < p * 1'000'000; }
  void deliver(std::function<void()> answer);

  BooksLedger* books_;
  Books& model_;
  Rng& rng_;
  const FaultPlan plan_;
  FaultCounts& counts_;
  int64_t step_ = 0;
  int64_t last_release_ = 0;
  bool dead_ = false;
  bool crashes_allowed_ = true;
  struct Held {
    int64_t at_step;
    std::function<void()> answer;
  };
  std::deque<Held> held_;
  std::function<void(const std::string&)> trace_;
};

}  // namespace croupier::sim
