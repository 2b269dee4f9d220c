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
    : inner_(std::move(inner)),
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
  thread_ = std::thread([this] { io_.run(); });
  asio::post(io_, [this] { scan(); });
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

Balance SeamlessLedger::reported(PlayerId player, std::string_view currency, Balance inner) const {
  if (!seamless(player)) return inner;
  std::lock_guard lock(mu_);
  auto it = held_.find(Key{player, std::string(currency)});
  if (it == held_.end()) return inner;
  inner.cash += it->second.operator_balance.value_or(Money{}) + it->second.outstanding;
  return inner;
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
  if (!who) return done(inner_->balance(player, currency));
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
                done(reported(player, currency, inner_->balance(player, currency)));
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
  inner_->flush();  // the last answers recorded
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
    if (r.ok()) {
      R value = std::move(r).value();
      adjust(value);
      if (done) done(std::move(value));
    } else if (done) {
      done(r.error());
    }
    op_done();
  };
}

void SeamlessLedger::submit(Fund op, Callback<Done> done) {
  if (!seamless(op.player)) return inner_->submit(std::move(op), std::move(done));
  const PlayerId player = op.player;
  const std::string currency = op.currency, key = op.key;
  inner_->submit(std::move(op), after(std::move(done), [=, this](Done&) {
                   sweep(player, currency, "c:" + key, "", "fund");
                 }));
}

void SeamlessLedger::submit(OpenRound op, Callback<Done> done) {
  inner_->submit(std::move(op), std::move(done));
}

void SeamlessLedger::submit(RecordResult op, Callback<Done> done) {
  inner_->submit(std::move(op), std::move(done));
}

// A refund and a cash-out answer no currency: the player's own is credited here, and the scan
// finds cash held in any other.
void SeamlessLedger::submit(CancelBets op, Callback<CancelledBets> done) {
  auto who = seamless(op.player);
  if (!who) return inner_->submit(std::move(op), std::move(done));
  const PlayerId player = op.player;
  const std::string key = op.key, round = op.round_id, currency = who->currency;
  inner_->submit(std::move(op), after(std::move(done), [=, this](CancelledBets& r) {
                   if (r.balance.cash.is_positive())
                     sweep(player, currency, "c:" + key, round, "refund");
                   r.balance = reported(player, currency, r.balance);
                 }));
}

void SeamlessLedger::submit(SettleBets op, Callback<SettledBets> done) {
  auto who = seamless(op.player);
  if (!who) return inner_->submit(std::move(op), std::move(done));
  const PlayerId player = op.player;
  const std::string key = op.key, round = op.round_id, currency = who->currency;
  inner_->submit(std::move(op), after(std::move(done), [=, this](SettledBets& r) {
                   if (r.balance.cash.is_positive())
                     sweep(player, currency, "c:" + key, round, "cashout");
                   r.balance = reported(player, currency, r.balance);
                 }));
}

void SeamlessLedger::submit(SettleRound op, Callback<Settlement> done) {
  const std::string round = op.round_id;
  inner_->submit(std::move(op), after(std::move(done), [=, this](Settlement& s) {
                   for (PlayerSettlement& p : s.players) {
                     if (!seamless(p.player)) continue;
                     if (p.balance.cash.is_positive()) {
                       sweep(p.player, p.currency,
                             "c:settle:" + round + ":" + std::to_string(p.player), round, "settle");
                     }
                     p.balance = reported(p.player, p.currency, p.balance);
                   }
                 }));
}

void SeamlessLedger::submit(CancelRound op, Callback<Settlement> done) {
  const std::string round = op.round_id;
  inner_->submit(std::move(op), after(std::move(done), [=, this](Settlement& s) {
                   for (PlayerSettlement& p : s.players) {
                     if (!seamless(p.player)) continue;
                     if (p.balance.cash.is_positive()) {
                       sweep(p.player, p.currency,
                             "c:cancel:" + round + ":" + std::to_string(p.player), round, "refund");
                     }
                     p.balance = reported(p.player, p.currency, p.balance);
                   }
                 }));
}

void SeamlessLedger::submit(GrantBonus op, Callback<BonusView> done) {
  inner_->submit(std::move(op), std::move(done));
}

void SeamlessLedger::submit(ChangeBonus op, Callback<BonusView> done) {
  const std::string key =
      "c:bonus:" + op.bonus_id + ":" + std::to_string(static_cast<int>(op.action));
  inner_->submit(std::move(op), after(std::move(done), [=, this](BonusView& v) {
                   if (seamless(v.player)) sweep(v.player, v.currency, key, "", "bonus");
                 }));
}

void SeamlessLedger::submit(WalletCall op, Callback<WalletCallView> done) {
  inner_->submit(std::move(op), std::move(done));
}

void SeamlessLedger::submit(WalletAnswer op, Callback<WalletCallView> done) {
  inner_->submit(std::move(op), std::move(done));
}

// ---- Bets: the debit first ------------------------------------------------------------------

void SeamlessLedger::submit(PlaceBets op, Callback<PlacedBets> done) {
  auto who = seamless(op.player);
  if (!who) return inner_->submit(std::move(op), std::move(done));
  Money own;
  for (const StakeLine& line : op.bets) {
    if (!line.free_bet.empty() || line.amount.is_negative()) continue;
    auto sum = checked_add(own, line.amount);
    if (!sum) return done(Failure::invalid_request);
    own = *sum;
  }
  const PlayerId player = op.player;
  const std::string currency = op.currency, key = op.key, round = op.round_id;
  const auto adjust = [=, this](PlacedBets& r) {
    if (r.balance.cash.is_positive()) sweep(player, currency, "c:" + key, round, "change");
    r.balance = reported(player, currency, r.balance);
  };
  if (!own.is_positive()) return inner_->submit(std::move(op), after(std::move(done), adjust));

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
  inner_->submit(std::move(call), [this, debit](Result<WalletCallView, Failure> r) {
    if (!r.ok()) return finish(debit, r.error());
    debit->call = r.value();
    switch (debit->call.status) {
      case WalletStatus::pending:
        return asio::post(io_, [this, debit] { attempt_debit(debit, debit->call.attempts + 1); });
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
  call_wallet(io_.get_executor(), *debit->who.wallet, request_of(debit->call, debit->who), now_ms(),
              [this, debit, attempt](WalletReply reply) {
                record_answer(debit->call.call_id, attempt, reply);
                switch (reply.outcome) {
                  case Outcome::ok:
                    note_balance(debit->op.player, debit->op.currency, reply.balance);
                    return place(debit);
                  case Outcome::refused:
                    note_balance(debit->op.player, debit->op.currency, reply.balance);
                    return finish(debit, failure_of(reply.status));
                  case Outcome::error:
                    break;
                }
                // No answer: the same call again (the operator answers a key it has seen as it
                // did), and after the last try the rollback.
                if (attempt < debit->who.wallet->debit_attempts) {
                  auto timer = std::make_shared<asio::steady_timer>(io_, options_.retry_min);
                  timer->async_wait([this, debit, attempt, timer](boost::system::error_code) {
                    attempt_debit(debit, attempt + 1);
                  });
                  return;
                }
                roll_back(debit, Failure::wallet_unavailable);
              });
}

void SeamlessLedger::place(std::shared_ptr<Debit> debit) {
  PlaceBets op = debit->op;
  op.wallet_debit = debit->call.call_id;
  op.wallet_operator = debit->call.operator_id;
  inner_->submit(std::move(op), [this, debit](Result<PlacedBets, Failure> r) {
    if (r.ok()) return finish(debit, std::move(r));
    if (r.error() == Failure::wallet_call) {
      // Rolled back meanwhile (by a scan that took it for stale): refused.
      return finish(debit, Failure::wallet_unavailable);
    }
    // The operator took the money but the bets cannot be placed (the round closed while the
    // wallet answered): the debit is reversed.
    asio::post(io_, [this, debit, why = r.error()] { roll_back(debit, why); });
  });
}

void SeamlessLedger::roll_back(std::shared_ptr<Debit> debit, Failure why) {
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
  inner_->submit(std::move(call), [this, debit, why](Result<WalletCallView, Failure> r) {
    if (r.ok()) {
      if (r->status == WalletStatus::pending) track(r.value());
      return finish(debit, why);
    }
    if (r.error() == Failure::wallet_call) {
      // No longer pending: placed after all (answer what the ledger holds), or refused.
      return asio::post(io_, [this, debit, why] {
        auto now = inner_->wallet_call(debit->call.call_id);
        if (now && now->status == WalletStatus::ok && debit->done) return place(debit);
        finish(debit, why);
      });
    }
    // The rollback could not be recorded (storage): the debit stays pending and the scan
    // rolls it back once stale; the bet is refused either way, since it was never placed.
    log::error("could not record a rollback",
               {{"debit", debit->call.call_id}, {"failure", failure_name(r.error())}});
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
    inner_->submit(std::move(call), [this, player](Result<WalletCallView, Failure> r) {
      if (r.ok() && r->status == WalletStatus::pending && r->amount.is_positive()) {
        {
          std::lock_guard lock(mu_);
          ++counts_.credits;
        }
        track(r.value());
      } else if (!r.ok()) {
        // Left in cash: the next scan credits it.
        log::warn("could not record a credit",
                  {{"player", player}, {"failure", failure_name(r.error())}});
      }
      op_done();
    });
  });
}

void SeamlessLedger::record_answer(const std::string& call_id, int64_t attempt,
                                   const WalletReply& reply) {
  WalletAnswer a;
  a.call_id = call_id;
  a.attempt = attempt;
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
  inner_->submit(std::move(a), [call_id](Result<WalletCallView, Failure> r) {
    if (!r.ok())
      log::error("could not record a wallet answer",
                 {{"call", call_id}, {"failure", failure_name(r.error())}});
  });
}

void SeamlessLedger::track(const WalletCallView& call) {
  {
    std::lock_guard lock(mu_);
    if (stopped_ || outgoing_.contains(call.call_id)) return;
    outgoing_.emplace(call.call_id, Outgoing{call, 0, false});
    held_[Key{call.player, call.currency}].outstanding += call.amount;
  }
  asio::post(io_, [this, id = call.call_id] { send(id); });
}

void SeamlessLedger::send(const std::string& call_id) {
  WalletCallView call;
  int64_t attempt = 0;
  {
    std::lock_guard lock(mu_);
    auto it = outgoing_.find(call_id);
    if (stopped_ || it == outgoing_.end() || it->second.in_flight) return;
    it->second.in_flight = true;
    call = it->second.call;
    attempt = call.attempts + ++it->second.attempts;
    ++counts_.attempts;
  }
  auto who = seamless(call.player);
  if (!who || who->wallet->operator_id != call.operator_id) {
    log::error("a wallet call names an operator without a seamless wallet",
               {{"call", call_id}, {"operator", call.operator_id}});
    std::lock_guard lock(mu_);
    outgoing_.erase(call_id);
    idle_cv_.notify_all();
    return;
  }
  call_wallet(io_.get_executor(), *who->wallet, request_of(call, *who), now_ms(),
              [this, call, attempt](WalletReply reply) {
                record_answer(call.call_id, attempt, reply);
                if (reply.outcome == Outcome::ok) {
                  note_balance(call.player, call.currency, reply.balance);
                  std::lock_guard lock(mu_);
                  if (outgoing_.erase(call.call_id) > 0)
                    held_[Key{call.player, call.currency}].outstanding -= call.amount;
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
// cash held by seamless players.
void SeamlessLedger::scan() {
  try {
    const int64_t now = now_ms();
    for (const WalletCallView& call : inner_->pending_wallet_calls(10000)) {
      if (!wallets_.contains(call.operator_id)) continue;
      if (call.kind != WalletKind::debit) {
        track(call);
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
      roll_back(debit, Failure::wallet_unavailable);
    }
    PlayerId after = 0;
    for (;;) {
      auto held = inner_->cash_held(after, 1000);
      for (const CashHeld& h : held) {
        if (seamless(h.player))
          sweep(h.player, h.currency,
                "c:held:" + std::to_string(h.player) + ":" + h.currency + ":" + std::to_string(now),
                "", "held");
      }
      if (held.size() < 1000) break;
      after = held.back().player;
    }
  } catch (const std::exception& e) {
    log::error("wallet scan failed", {{"error", e.what()}});
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
  inner_->flush();
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
  inner_->stop();
}

void SeamlessLedger::set_commit_observer(CommitObserver observer) {
  inner_->set_commit_observer(std::move(observer));
}

Balance SeamlessLedger::balance(PlayerId player, std::string_view currency) const {
  return reported(player, currency, inner_->balance(player, currency));
}
std::vector<UnsettledRound> SeamlessLedger::unsettled_rounds(std::string_view table_id) const {
  return inner_->unsettled_rounds(table_id);
}
int64_t SeamlessLedger::max_round_seq(std::string_view table_id) const {
  return inner_->max_round_seq(table_id);
}
bool SeamlessLedger::has_bets_in_play(PlayerId player) const {
  return inner_->has_bets_in_play(player);
}
std::vector<RoundResult> SeamlessLedger::recent_results(std::string_view table_id,
                                                        size_t limit) const {
  return inner_->recent_results(table_id, limit);
}
std::vector<PlayerTable> SeamlessLedger::player_tables(PlayerId player, size_t limit) const {
  return inner_->player_tables(player, limit);
}
std::vector<TablePlayer> SeamlessLedger::recent_players(int64_t since_ms, size_t limit) const {
  return inner_->recent_players(since_ms, limit);
}
std::vector<HistoryRound> SeamlessLedger::player_history(const HistoryQuery& query) const {
  return inner_->player_history(query);
}
std::optional<FairRound> SeamlessLedger::fair_round(std::string_view round_id) const {
  return inner_->fair_round(round_id);
}
std::vector<BonusView> SeamlessLedger::bonuses(PlayerId player) const {
  return inner_->bonuses(player);
}
std::optional<BonusView> SeamlessLedger::bonus(std::string_view bonus_id) const {
  return inner_->bonus(bonus_id);
}
std::vector<PromoScore> SeamlessLedger::promotion_scores(const PromoQuery& query) const {
  return inner_->promotion_scores(query);
}
bool SeamlessLedger::has_active_cash_bonus(PlayerId player, std::string_view currency) const {
  return inner_->has_active_cash_bonus(player, currency);
}
std::vector<std::string> SeamlessLedger::bonuses_due(int64_t now_ms, size_t limit) const {
  return inner_->bonuses_due(now_ms, limit);
}
std::vector<WalletCallView> SeamlessLedger::pending_wallet_calls(size_t limit) const {
  return inner_->pending_wallet_calls(limit);
}
std::optional<WalletCallView> SeamlessLedger::wallet_call(std::string_view call_id) const {
  return inner_->wallet_call(call_id);
}
std::vector<WalletCallView> SeamlessLedger::wallet_calls(const WalletCallQuery& query) const {
  return inner_->wallet_calls(query);
}
std::vector<CashHeld> SeamlessLedger::cash_held(PlayerId after_player, size_t limit) const {
  return inner_->cash_held(after_player, limit);
}

}  // namespace croupier::wallet
