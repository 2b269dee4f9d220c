#include "faults.hpp"

#include <algorithm>
#include <map>
#include <string>
#include <type_traits>

namespace croupier::sim {

using ledger::Failure;

namespace {

std::string describe(const ledger::OpenRound& op) {
  return "OpenRound " + op.round_id;
}
std::string describe(const ledger::PlaceBets& op) {
  return "PlaceBets " + op.key;
}
std::string describe(const ledger::CancelBets& op) {
  return "CancelBets " + op.key;
}
std::string describe(const ledger::RecordResult& op) {
  return "RecordResult " + op.round_id + " " + op.result;
}
std::string describe(const ledger::SettleRound& op) {
  return "SettleRound " + op.round_id + " (" + std::to_string(op.returns.size()) + " bets)";
}
std::string describe(const ledger::SettleBets& op) {
  return "SettleBets " + op.key;
}
std::string describe(const ledger::CancelRound& op) {
  return "CancelRound " + op.round_id + " " + op.reason;
}

}  // namespace

FaultyLedger::FaultyLedger(std::unique_ptr<BooksLedger> books, Books& model, Rng& rng,
                           FaultPlan plan, FaultCounts& counts)
    : ForwardingLedger(std::move(books)),
      books_(static_cast<BooksLedger*>(&inner())),
      model_(model),
      rng_(rng),
      plan_(plan),
      counts_(counts) {}

template <class Op, class T>
void FaultyLedger::route(Op op, ledger::Callback<T> done) {
  if (dead_) return;  // the process is gone: nothing it does reaches the ledger
  const std::string what = trace_ ? describe(op) : std::string();
  if (crashes_allowed_ && roll(plan_.crash_at_op)) {
    dead_ = true;
    ++counts_.crashes_at_op;
    // Before the operation reached the ledger, or after it committed.
    const bool after = rng_.uniform(2) == 0;
    if (trace_)
      trace_(what + ": CRASH " + (after ? "after it committed" : "before it reached the ledger"));
    if (after) inner().submit(std::move(op), [](Result<T, Failure>) {});
    return;
  }
  if (roll(plan_.fail)) {
    ++counts_.failed;
    const Failure f = rng_.uniform(4) == 0 ? Failure::overloaded : Failure::storage;
    if (trace_) trace_(what + ": FAILED " + std::string(ledger::failure_name(f)));
    if constexpr (std::is_same_v<Op, ledger::SettleRound> ||
                  std::is_same_v<Op, ledger::CancelRound>)
      if (const auto* round = model_.round(op.round_id);
          model_.recovering || (round && round->open_generation != model_.generation))
        model_.recovery_failed.insert(op.round_id);
    deliver([done, f] { done(f); });
    return;
  }
  inner().submit(std::move(op), [this, done, what](Result<T, Failure> r) {
    if (trace_)
      trace_(what + ": " +
             (r.ok() ? "committed" : "refused " + std::string(ledger::failure_name(r.error()))));
    if (dead_) return;
    deliver([done, r] { done(r); });
  });
}

void FaultyLedger::deliver(std::function<void()> answer) {
  const bool slow = roll(plan_.delay);
  if (held_.empty() && !slow) {
    answer();
    return;
  }
  // Behind the answers held already, so that the order of commits is kept.
  int64_t at = last_release_;
  if (slow) {
    ++counts_.delayed;
    at = std::max(at, step_ + 1 +
                          static_cast<int64_t>(rng_.uniform(
                              static_cast<uint64_t>(std::max(1, plan_.max_delay_steps)))));
  }
  at = std::max(at, step_);
  last_release_ = at;
  if (trace_) trace_("  its answer held until step " + std::to_string(at));
  held_.push_back({at, std::move(answer)});
}

void FaultyLedger::release(bool all) {
  while (!held_.empty() && !dead_ && (all || held_.front().at_step <= step_)) {
    auto answer = std::move(held_.front().answer);
    held_.pop_front();
    answer();
  }
}

void FaultyLedger::submit(ledger::OpenRound op, ledger::Callback<ledger::Done> done) {
  route(std::move(op), std::move(done));
}
void FaultyLedger::submit(ledger::PlaceBets op, ledger::Callback<ledger::PlacedBets> done) {
  route(std::move(op), std::move(done));
}
void FaultyLedger::submit(ledger::CancelBets op, ledger::Callback<ledger::CancelledBets> done) {
  route(std::move(op), std::move(done));
}
void FaultyLedger::submit(ledger::RecordResult op, ledger::Callback<ledger::Done> done) {
  route(std::move(op), std::move(done));
}
void FaultyLedger::submit(ledger::SettleBets op, ledger::Callback<ledger::SettledBets> done) {
  route(std::move(op), std::move(done));
}

void FaultyLedger::submit(ledger::SettleRound op, ledger::Callback<ledger::Settlement> done) {
  if (plan_.breakage != Breakage::pay_double) return route(std::move(op), std::move(done));
  // Broken on purpose: whatever the settlement pays is paid again, behind the books' back.
  const std::string round = op.round_id;
  route(std::move(op),
        ledger::Callback<ledger::Settlement>(
            [this, round, done](Result<ledger::Settlement, Failure> r) {
              if (r.ok() && !r->replayed) {
                for (const auto& p : r->players) {
                  if (!p.returned.is_positive()) continue;
                  ++counts_.broken;
                  // The inline ledger calls back outside its lock: a submit here is safe.
                  real().submit(ledger::Fund{"double:" + round + ":" + std::to_string(p.player),
                                             p.player, p.currency, p.returned, "sim-double", false},
                                [](auto) {});
                }
              }
              done(r);
            }));
}

void FaultyLedger::submit(ledger::CancelRound op, ledger::Callback<ledger::Settlement> done) {
  if (plan_.breakage == Breakage::skip_refund && !dead_) {
    // Broken on purpose: a refund with stakes in it is answered as made, and never made.
    std::map<PlayerId, Money> stakes;
    if (const BookRound* round = model_.round(op.round_id)) {
      for (BetId id : round->bets) {
        const BookBet& bet = model_.bets().at(id);
        if (bet.state == BetState::accepted) stakes[bet.player] += bet.amount;
      }
    }
    if (!stakes.empty()) {
      ++counts_.broken;
      ledger::Settlement made_up;
      for (const auto& [player, staked] : stakes)
        made_up.players.push_back({player, "EUR", staked, staked, real().balance(player, "EUR")});
      deliver([done, made_up] { done(made_up); });
      return;
    }
  }
  route(std::move(op), std::move(done));
}

}  // namespace croupier::sim
