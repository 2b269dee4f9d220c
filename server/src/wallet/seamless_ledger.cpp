#include "wallet/seamless_ledger.hpp"

#include <algorithm>
#include <boost/asio/post.hpp>

#include "core/log.hpp"

namespace croupier::wallet {

namespace asio = boost::asio;
using namespace ledger;  // NOLINT: this file is the ledger's decorator

struct SeamlessLedger::Debit {
  PlaceBets op;
  Callback<PlacedBets> done;
  Seamless who;
  WalletCallView call;  // the debit as recorded
};

SeamlessLedger::SeamlessLedger(std::unique_ptr<Ledger> inner, SeamlessOptions options)
    : ForwardingLedger(std::move(inner)),
      options_(std::move(options)),
      work_(asio::make_work_guard(io_)),
      scan_timer_(io_) {
  for (const WalletConfig& w : options_.wallets) wallets_.emplace(w.operator_id, w);
}

SeamlessLedger::~SeamlessLedger() {
  stop();
}

void SeamlessLedger::start() {
  if (thread_.joinable()) return;
  thread_ = std::thread([this] { run_io(); });
  asio::post(io_, [this] { scan(); });
}

void SeamlessLedger::run_io() {
  for (;;) {
    try {
      io_.run();
      return;
    } catch (const std::exception& e) {
      log::error("wallet thread: a handler threw", {{"error", e.what()}});
    } catch (...) {
      log::error("wallet thread: a handler threw");
    }
  }
}

// ---- Who is seamless ---------------------------------------------------------------------

std::optional<SeamlessLedger::Seamless> SeamlessLedger::seamless(PlayerId player) const {
  {
    std::lock_guard lock(mu_);
    if (auto it = players_.find(player); it != players_.end()) return it->second;
  }
  std::optional<Seamless> found;
  if (auto who = options_.player ? options_.player(player) : std::nullopt) {
    if (auto w = wallets_.find(who->operator_id); w != wallets_.end())
      found = Seamless{&w->second, who->external_id, who->currency};
  }
  std::lock_guard lock(mu_);
  players_.emplace(player, found);
  return found;
}

bool SeamlessLedger::is_seamless(PlayerId player) const {
  return seamless(player).has_value();
}

Balance SeamlessLedger::reported(PlayerId player, std::string_view currency, Balance here) const {
  if (!seamless(player)) return here;
  const Key key{player, std::string(currency)};
  bool look_up = false;
  {
    std::lock_guard lock(mu_);
    auto it = held_.find(key);
    look_up = it == held_.end() || (!it->second.operator_balance && !it->second.looked_up);
  }
  // Not known since this process started: the last balance the operator reported, as the
  // ledger recorded it (a fresh one is asked at the player's next balance call).
  std::optional<Money> recorded;
  if (look_up) recorded = inner().last_wallet_balance(player, currency);
  std::lock_guard lock(mu_);
  Held& h = held_[key];
  if (look_up) {
    h.looked_up = true;
    if (!h.operator_balance) h.operator_balance = recorded;
  }
  here.cash += h.operator_balance.value_or(Money{}) + h.unsent;
  return here;
}

void SeamlessLedger::note_balance(PlayerId player, const std::string& currency,
                                  std::optional<Money> balance) {
  if (!balance) return;
  std::lock_guard lock(mu_);
  held_[Key{player, currency}].operator_balance = balance;
}

void SeamlessLedger::fetch_balance(PlayerId player, std::string currency,
                                   std::function<void(Result<Balance, Failure>)> done) {
  auto who = seamless(player);
  if (!who) return done(inner().balance(player, currency));
  WalletRequest req;
  req.kind = CallKind::balance;
  req.player = who->external_id;
  req.currency = currency;
  call_wallet(io_.get_executor(), *who->wallet, req, now_ms(),
              [this, player, currency, done = std::move(done)](WalletReply reply) {
                if (reply.outcome != Outcome::ok || !reply.balance) {
                  log::warn("operator wallet gave no balance",
                            {{"player", player}, {"status", reply.status}});
                  const Failure f = failure_of(reply.status);
                  return done(f == Failure::insufficient_funds ? Failure::wallet_unavailable : f);
                }
                note_balance(player, currency, reply.balance);
                done(reported(player, currency, inner().balance(player, currency)));
              });
}

SeamlessCounts SeamlessLedger::counts() const {
  std::lock_guard lock(mu_);
  SeamlessCounts c = counts_;
  c.outstanding = static_cast<int64_t>(outgoing_.size());
  return c;
}

bool SeamlessLedger::wait_idle(std::chrono::milliseconds limit) {
  {
    std::unique_lock lock(mu_);
    if (!idle_cv_.wait_for(lock, limit,
                           [this] { return outgoing_.empty() && ops_in_flight_ == 0; })) {
      return false;
    }
  }
  inner().flush();  // the last answers recorded
  return true;
}

void SeamlessLedger::op_begun() {
  std::lock_guard lock(mu_);
  ++ops_in_flight_;
}

void SeamlessLedger::op_done() {
  std::lock_guard lock(mu_);
  --ops_in_flight_;
  idle_cv_.notify_all();
}

// ---- Operations passed through, with the seamless players' cash credited after --------------

// Wraps a callback: on success `adjust(result)` reports balances and credits cash held.
template <class R, class F>
Callback<R> SeamlessLedger::after(Callback<R> done, F adjust) {
  op_begun();
  return [this, done = std::move(done), adjust = std::move(adjust)](Result<R, Failure> r) mutable {
    struct Done {
      SeamlessLedger* self;
      ~Done() { self->op_done(); }
    } guard{this};
    if (!r.ok()) {
      if (done) done(r.error());
      return;
    }
    R value = std::move(r).value();
    try {
      adjust(value);
    } catch (const std::exception& e) {
      // The money is committed: answered as it is (an unswept cash is found by a scan).
      log::error("seamless wallet: could not follow an operation", {{"error", e.what()}});
      std::lock_guard lock(mu_);
      cash_scan_due_ = true;
    }
    if (done) done(std::move(value));
  };
}

void SeamlessLedger::submit(Fund op, Callback<Done> done) {
  if (!seamless(op.player)) return inner().submit(std::move(op), std::move(done));
  const PlayerId player = op.player;
  const std::string currency = op.currency, key = op.key;
  inner().submit(std::move(op), after(std::move(done), [=, this](Done&) {
                   sweep(player, currency, "c:" + key, "", "fund");
                 }));
}

// A refund and a cash-out answer no currency: the player's own is credited here, and the scan
// finds cash held in any other.
template <class Op, class R>
void SeamlessLedger::credit_one(Op op, Callback<R> done, const char* reason) {
  auto who = seamless(op.player);
  if (!who) return inner().submit(std::move(op), std::move(done));
  const PlayerId player = op.player;
  const std::string key = op.key, round = op.round_id, currency = who->currency;
  inner().submit(std::move(op), after(std::move(done), [=, this](R& r) {
                   if (r.balance.cash.is_positive())
                     sweep(player, currency, "c:" + key, round, reason);
                   r.balance = reported(player, currency, r.balance);
                 }));
}

void SeamlessLedger::submit(CancelBets op, Callback<CancelledBets> done) {
  credit_one(std::move(op), std::move(done), "refund");
}

void SeamlessLedger::submit(SettleBets op, Callback<SettledBets> done) {
  credit_one(std::move(op), std::move(done), "cashout");
}

template <class Op>
void SeamlessLedger::credit_each(Op op, Callback<Settlement> done, const char* prefix,
                                 const char* reason) {
  const std::string round = op.round_id;
  inner().submit(std::move(op), after(std::move(done), [=, this](Settlement& s) {
                   for (PlayerSettlement& p : s.players) {
                     if (!seamless(p.player)) continue;
                     if (p.balance.cash.is_positive()) {
                       sweep(p.player, p.currency,
                             std::string(prefix) + round + ":" + std::to_string(p.player), round,
                             reason);
                     }
                     p.balance = reported(p.player, p.currency, p.balance);
                   }
                 }));
}

void SeamlessLedger::submit(SettleRound op, Callback<Settlement> done) {
  credit_each(std::move(op), std::move(done), "c:settle:", "settle");
}

void SeamlessLedger::submit(CancelRound op, Callback<Settlement> done) {
  credit_each(std::move(op), std::move(done), "c:void:", "refund");
}

void SeamlessLedger::submit(ChangeBonus op, Callback<BonusView> done) {
  const std::string key =
      "c:bonus:" + op.bonus_id + ":" + std::to_string(static_cast<int>(op.action));
  inner().submit(std::move(op), after(std::move(done), [=, this](BonusView& v) {
                   if (seamless(v.player)) sweep(v.player, v.currency, key, "", "bonus");
                 }));
}

// ---- Bets: the debit first ------------------------------------------------------------------

namespace {

// The operator's reasons for refusing a debit that stand for good; any other refusal, or
// any on a second try (the first may have been made, its answer lost), is reconciled with a
// rollback.
bool business_refusal(std::string_view status) {
  return status == "INSUFFICIENT_FUNDS" || status == "ACCOUNT_DISABLED" ||
         status == "ACCOUNT_SUSPENDED" || status == "LIMIT_REACHED";
}

}  // namespace

void SeamlessLedger::submit(PlaceBets op, Callback<PlacedBets> done) {
  auto who = seamless(op.player);
  if (!who) return inner().submit(std::move(op), std::move(done));
  Money own;
  for (const StakeLine& line : op.bets) {
    if (!line.free_bet.empty() || line.amount.is_negative()) continue;
    auto sum = checked_add(own, line.amount);
    if (!sum) return done(Failure::invalid_request);
    own = *sum;
  }
  // The operator's bonusFirst rule: what the player's bonus here covers is not debited.
  if (op.bonus_first && own.is_positive())
    own -= std::min(own, inner().balance(op.player, op.currency).bonus);
  const PlayerId player = op.player;
  const std::string currency = op.currency, key = op.key, round = op.round_id;
  const auto adjust = [=, this](PlacedBets& r) {
    if (r.balance.cash.is_positive()) sweep(player, currency, "c:" + key, round, "change");
    r.balance = reported(player, currency, r.balance);
  };
  if (!own.is_positive()) return inner().submit(std::move(op), after(std::move(done), adjust));

  auto debit = std::make_shared<Debit>();
  debit->op = std::move(op);
  debit->done = after(std::move(done), adjust);
  debit->who = *who;
  WalletCall call;
  call.call_id = "d:" + key;
  call.operator_id = who->wallet->operator_id;
  call.player = player;
  call.currency = currency;
  call.kind = WalletKind::debit;
  call.amount = own;
  call.round_id = round;
  call.ref = key;
  call.at_ms = now_ms();
  {
    std::lock_guard lock(mu_);
    ++counts_.debits;
    waiting_debits_[call.call_id] = true;
  }
  inner().submit(std::move(call), [this, debit](Result<WalletCallView, Failure> r) {
    if (!r.ok()) return finish(debit, r.error());
    debit->call = r.value();
    switch (debit->call.status) {
      case WalletStatus::pending:
        return asio::post(io_, [this, debit] { attempt_debit(debit, 1); });
      case WalletStatus::ok:  // the same bet again, placed already: its PlaceBets replays
        return asio::post(io_, [this, debit] { place(debit); });
      case WalletStatus::refused:
        return finish(debit, failure_of(debit->call.detail));
      case WalletStatus::rolled_back:
        return finish(debit, Failure::wallet_unavailable);
    }
  });
}

WalletRequest SeamlessLedger::request_of(const WalletCallView& call, const Seamless& who) const {
  WalletRequest req;
  req.kind = call.kind == WalletKind::debit    ? CallKind::debit
             : call.kind == WalletKind::credit ? CallKind::credit
                                               : CallKind::rollback;
  req.transaction_id = call.call_id;
  req.player = who.external_id;
  req.currency = call.currency;
  req.amount = call.amount;
  req.round_id = call.round_id;
  req.ref = call.ref;
  return req;
}

void SeamlessLedger::attempt_debit(std::shared_ptr<Debit> debit, int64_t attempt) {
  {
    std::lock_guard lock(mu_);
    ++counts_.attempts;
  }
  call_wallet(
      io_.get_executor(), *debit->who.wallet, request_of(debit->call, debit->who), now_ms(),
      [this, debit, attempt](WalletReply reply) {
        // A refusal stands only as the first answer and for a reason of the player's account;
        // otherwise the debit may have been made: it is recorded as unanswered and rolled back.
        const bool refused = reply.outcome == Outcome::refused;
        const bool final_refusal = refused && attempt == 1 && business_refusal(reply.status);
        if (refused && !final_refusal) reply.outcome = Outcome::error;
        record_answer(debit->call.call_id, reply);
        if (reply.outcome == Outcome::ok) {
          note_balance(debit->op.player, debit->op.currency, reply.balance);
          return place(debit);
        }
        if (final_refusal) {
          note_balance(debit->op.player, debit->op.currency, reply.balance);
          return finish(debit, failure_of(reply.status));
        }
        // No answer: the same call again (the operator answers a key it has seen as it did),
        // and after the last try, or an answer that cannot be taken as a refusal, the
        // rollback.
        if (!refused && attempt < debit->who.wallet->debit_attempts) {
          auto timer = std::make_shared<asio::steady_timer>(io_, options_.retry_min);
          timer->async_wait([this, debit, attempt, timer](boost::system::error_code) {
            attempt_debit(debit, attempt + 1);
          });
          return;
        }
        roll_back(debit, refused ? failure_of(reply.status) : Failure::wallet_unavailable, false);
      });
}

void SeamlessLedger::place(std::shared_ptr<Debit> debit) {
  PlaceBets op = debit->op;
  op.wallet_debit = debit->call.call_id;
  op.wallet_operator = debit->call.operator_id;
  inner().submit(std::move(op), [this, debit](Result<PlacedBets, Failure> r) {
    if (r.ok()) return finish(debit, std::move(r));
    if (r.error() == Failure::wallet_call) {
      // Rolled back meanwhile (by a scan that took it for stale), or confirmed by another
      // command of the same key: refused.
      return finish(debit, Failure::wallet_unavailable);
    }
    // The operator took the money but the bets cannot be placed (the round closed while the
    // wallet answered): the debit is reversed.
    asio::post(io_, [this, debit, why = r.error()] { roll_back(debit, why, true); });
  });
}

void SeamlessLedger::roll_back(std::shared_ptr<Debit> debit, Failure why, bool confirmed) {
  WalletCall call;
  call.call_id = "r:" + debit->call.call_id;
  call.operator_id = debit->call.operator_id;
  call.player = debit->call.player;
  call.currency = debit->call.currency;
  call.kind = WalletKind::rollback;
  call.amount = debit->call.amount;
  call.round_id = debit->call.round_id;
  call.ref = debit->call.call_id;
  call.at_ms = now_ms();
  {
    std::lock_guard lock(mu_);
    ++counts_.rollbacks;
  }
  inner().submit(std::move(call), [this, debit, why, confirmed](Result<WalletCallView, Failure> r) {
    if (r.ok()) {
      if (r->status == WalletStatus::pending) track(r.value(), confirmed);
      return finish(debit, why);
    }
    if (r.error() != Failure::wallet_call) {
      // The rollback could not be recorded (storage): the debit stays pending and the scan
      // rolls it back once stale; the bet is refused either way, since it was not placed.
      log::error("could not record a rollback",
                 {{"debit", debit->call.call_id}, {"failure", failure_name(r.error())}});
    }
    // wallet_call: the debit is no longer pending. Confirmed by another command of the same
    // key, or refused: this command's bets were not placed.
    finish(debit, why);
  });
}

void SeamlessLedger::finish(const std::shared_ptr<Debit>& debit, Result<PlacedBets, Failure> r) {
  {
    std::lock_guard lock(mu_);
    waiting_debits_.erase(debit->call.call_id.empty() ? "d:" + debit->op.key : debit->call.call_id);
  }
  auto done = std::move(debit->done);
  debit->done = nullptr;
  if (done) done(std::move(r));
}

// ---- Credits and rollbacks: made until acknowledged --------------------------------------

void SeamlessLedger::sweep(PlayerId player, const std::string& currency, const std::string& key,
                           const std::string& round_id, const std::string& reason) {
  auto who = seamless(player);
  if (!who) return;
  WalletCall call;
  call.call_id = key;
  call.operator_id = who->wallet->operator_id;
  call.player = player;
  call.currency = currency;
  call.kind = WalletKind::credit;
  call.amount = Money{};  // all the cash held
  call.round_id = round_id;
  call.ref = reason;
  call.at_ms = now_ms();
  op_begun();
  // From the wallet thread: callers are often the ledger's callbacks, which must not submit.
  asio::post(io_, [this, call = std::move(call), player]() mutable {
    inner().submit(std::move(call), [this, player](Result<WalletCallView, Failure> r) {
      if (r.ok() && r->status == WalletStatus::pending && r->amount.is_positive()) {
        {
          std::lock_guard lock(mu_);
          ++counts_.credits;
        }
        track(r.value(), true);
      } else if (!r.ok()) {
        // Left in cash: the next scan credits it.
        log::warn("could not record a credit",
                  {{"player", player}, {"failure", failure_name(r.error())}});
        std::lock_guard lock(mu_);
        cash_scan_due_ = true;
      }
      op_done();
    });
  });
}

void SeamlessLedger::record_answer(const std::string& call_id, const WalletReply& reply) {
  WalletAnswer a;
  a.call_id = call_id;
  a.attempt = 0;  // numbered by the ledger: another node may answer for the same call
  a.outcome = std::string(outcome_name(reply.outcome));
  a.detail = reply.status.substr(0, 512);
  a.http_status = reply.http_status;
  a.balance = reply.balance;
  a.latency_ms = reply.took.count();
  a.at_ms = now_ms();
  if (reply.outcome == Outcome::error) {
    std::lock_guard lock(mu_);
    ++counts_.errors;
  }
  inner().submit(std::move(a), [call_id](Result<WalletCallView, Failure> r) {
    if (!r.ok())
      log::error("could not record a wallet answer",
                 {{"call", call_id}, {"failure", failure_name(r.error())}});
  });
}

void SeamlessLedger::track(const WalletCallView& call, bool owed) {
  {
    std::lock_guard lock(mu_);
    if (stopped_ || outgoing_.contains(call.call_id)) return;
    // A call tried before (by another process) may be in the operator's balance already.
    const bool unsent_owed = owed && call.attempts == 0;
    outgoing_.emplace(call.call_id, Outgoing{call, 0, false, unsent_owed});
    if (unsent_owed) held_[Key{call.player, call.currency}].unsent += call.amount;
  }
  asio::post(io_, [this, id = call.call_id] { send(id); });
}

void SeamlessLedger::send(const std::string& call_id) {
  WalletCallView call;
  std::optional<Seamless> who;
  {
    std::lock_guard lock(mu_);
    auto it = outgoing_.find(call_id);
    if (stopped_ || it == outgoing_.end() || it->second.in_flight) return;
    call = it->second.call;
  }
  who = seamless(call.player);
  {
    std::lock_guard lock(mu_);
    auto it = outgoing_.find(call_id);
    if (it == outgoing_.end() || it->second.in_flight) return;
    if (it->second.owed) {
      held_[Key{call.player, call.currency}].unsent -= call.amount;
      it->second.owed = false;
    }
    if (!who || who->wallet->operator_id != call.operator_id) {
      log::error("a wallet call names an operator without a seamless wallet",
                 {{"call", call_id}, {"operator", call.operator_id}});
      outgoing_.erase(it);
      idle_cv_.notify_all();
      return;
    }
    it->second.in_flight = true;
    ++it->second.attempts;
    ++counts_.attempts;
  }
  call_wallet(io_.get_executor(), *who->wallet, request_of(call, *who), now_ms(),
              [this, call](WalletReply reply) {
                record_answer(call.call_id, reply);
                if (reply.outcome == Outcome::ok) {
                  std::lock_guard lock(mu_);
                  if (reply.balance)
                    held_[Key{call.player, call.currency}].operator_balance = reply.balance;
                  outgoing_.erase(call.call_id);
                  idle_cv_.notify_all();
                  return;
                }
                // Refused or unanswered: the operator owes an acknowledgement; again later.
                std::chrono::milliseconds wait = options_.retry_min;
                {
                  std::lock_guard lock(mu_);
                  auto it = outgoing_.find(call.call_id);
                  if (it == outgoing_.end()) return;
                  it->second.in_flight = false;
                  for (int64_t i = 1; i < it->second.attempts && wait < options_.retry_max; ++i)
                    wait *= 2;
                  wait = std::min(wait, options_.retry_max);
                }
                log::warn("operator wallet did not acknowledge",
                          {{"call", call.call_id}, {"status", reply.status}});
                auto timer = std::make_shared<asio::steady_timer>(io_, wait);
                timer->async_wait([this, id = call.call_id, timer](boost::system::error_code ec) {
                  if (!ec) send(id);
                });
              });
}

// Calls left pending (by a restart, by another node, by a failed record), stale debits, and
// cash held by seamless players (at start-up, and after a credit could not be recorded).
void SeamlessLedger::scan() {
  try {
    const int64_t now = now_ms();
    for (const WalletCallView& call : inner().pending_wallet_calls(10000)) {
      if (!wallets_.contains(call.operator_id)) continue;
      if (call.kind != WalletKind::debit) {
        // A rollback found pending may be of a debit never made: not counted as owed.
        track(call, call.kind == WalletKind::credit);
        continue;
      }
      {
        std::lock_guard lock(mu_);
        if (waiting_debits_.contains(call.call_id)) continue;
      }
      if (now - call.created_ms < options_.stale_debit.count()) continue;
      // Nobody waits for it: no bet was placed with it, and none will be.
      auto debit = std::make_shared<Debit>();
      debit->call = call;
      auto who = seamless(call.player);
      if (!who) continue;
      debit->who = *who;
      log::warn("rolling back a debit left pending", {{"call", call.call_id}});
      roll_back(debit, Failure::wallet_unavailable, false);
    }
    bool cash_scan = false;
    {
      std::lock_guard lock(mu_);
      std::swap(cash_scan, cash_scan_due_);
    }
    std::optional<CashHeld> after;
    for (bool more = cash_scan; more;) {
      auto held = inner().cash_held(after, 1000);
      for (const CashHeld& h : held) {
        if (seamless(h.player))
          sweep(h.player, h.currency,
                "c:held:" + std::to_string(h.player) + ":" + h.currency + ":" + std::to_string(now),
                "", "held");
      }
      more = held.size() == 1000;
      if (more) after = held.back();
    }
  } catch (const std::exception& e) {
    log::error("wallet scan failed", {{"error", e.what()}});
    std::lock_guard lock(mu_);
    cash_scan_due_ = true;
  }
  schedule_scan();
}

void SeamlessLedger::schedule_scan() {
  {
    std::lock_guard lock(mu_);
    if (stopped_) return;
  }
  scan_timer_.expires_after(options_.scan_interval);
  scan_timer_.async_wait([this](boost::system::error_code ec) {
    if (!ec) scan();
  });
}

// ---- The rest: the inner ledger's ------------------------------------------------------------

void SeamlessLedger::flush() {
  {
    std::unique_lock lock(mu_);
    idle_cv_.wait(lock, [this] { return ops_in_flight_ == 0; });
  }
  inner().flush();
}

void SeamlessLedger::stop() {
  {
    std::unique_lock lock(mu_);
    if (stopped_) return;
    // Bets waiting for their debits are answered first (each within its tries).
    idle_cv_.wait(lock, [this] { return ops_in_flight_ == 0; });
    stopped_ = true;
  }
  asio::post(io_, [this] { scan_timer_.cancel(); });
  work_.reset();
  io_.stop();
  if (thread_.joinable()) thread_.join();
  inner().stop();
}

Balance SeamlessLedger::balance(PlayerId player, std::string_view currency) const {
  return reported(player, currency, inner().balance(player, currency));
}
}  // namespace croupier::wallet
