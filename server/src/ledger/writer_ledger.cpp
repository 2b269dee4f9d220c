#include "ledger/writer_ledger.hpp"

#include <cassert>
#include <chrono>
#include <stdexcept>

#include "core/clock.hpp"
#include "core/log.hpp"
#include "core/metrics.hpp"
#include "ledger/accounts.hpp"
#include "ledger/leases.hpp"
#include "ledger/reads.hpp"
#include "ledger/schema.hpp"

namespace croupier::ledger {

namespace {

bool is_private_database(const std::string& path) {
  return path.empty() || path == ":memory:";
}

// Callbacks must not throw; if one does, the money is committed all the same, so the
// writer logs it and goes on rather than dying with the queue half answered.
template <class R>
void call(const Callback<R>& done, Result<R, Failure> result) {
  if (!done) return;
  try {
    done(std::move(result));
  } catch (const std::exception& e) {
    log::error("ledger callback threw", {{"error", e.what()}});
  } catch (...) {
    log::error("ledger callback threw");
  }
}

// A PostgreSQL error the same batch may not meet again: another writer's (a
// serialization failure, a deadlock, a unique row it inserted too, a lock it held too
// long) or the connection's (class 08, once a new connection is open).
bool is_retryable(const postgres::Error& e) {
  const std::string& s = e.sqlstate();
  return s == "40001" || s == "40P01" || s == "23505" || s == "55P03" || s.starts_with("08");
}

// Operations that reached accounts not locked up front, before the batch is given up
// (each run adds the one it met).
constexpr int kMissedLocksMax = 64;

}  // namespace

template <>
WriterLedger<sqlite::Db>::WriterLedger(const Options& options) : options_(options) {
  if (is_private_database(options.path) && !options.inline_mode) {
    throw std::runtime_error(
        "ledger: an in-memory database needs inline_mode (a read connection cannot see it)");
  }
  db_ = open_write_connection(options.path);
  committed_.load(*db_);
  if (!is_private_database(options.path)) read_db_ = open_read_connection(options.path);
  if (!options.inline_mode) writer_ = std::thread([this] { writer_loop(); });
  log::info("ledger opened", {{"path", options.path}, {"inline", options.inline_mode}});
}

template <>
WriterLedger<postgres::Db>::WriterLedger(const Options& options) : options_(options) {
  try {
    db_ = open_postgres_write_connection(options.path);
    read_db_ = open_postgres_read_connection(options.path);
  } catch (const postgres::Error& e) {
    throw std::runtime_error(std::string("ledger: ") + e.what());
  }
  committed_.load(*db_);
  if (!options.inline_mode) writer_ = std::thread([this] { writer_loop(); });
  log::info("ledger opened", {{"path", db_->path()}, {"inline", options.inline_mode}});
}

template <class Db>
WriterLedger<Db>::~WriterLedger() {
  stop();
}

// ---- Submission -----------------------------------------------------------------------

namespace {

// Operations submitted and not yet committed (`make soak` watches it).
metrics::Gauge& queue_depth() {
  static metrics::Gauge& g = metrics::registry().gauge(
      "croupier_ledger_queue_depth", "Ledger operations waiting or being committed.");
  return g;
}

}  // namespace

template <class Db>
template <class Op, class R>
void WriterLedger<Db>::enqueue(Op op, Callback<R> done) {
  if (options_.inline_mode) return run_inline(std::move(op), std::move(done));
  std::optional<Failure> refused;
  {
    std::lock_guard lock(queue_mu_);
    if (stopping_) {
      refused = Failure::storage;
    } else if (queue_.size() >= options_.queue_max) {
      refused = Failure::overloaded;
    } else {
      queue_.push_back(Job<Op, R>{std::move(op), std::move(done), std::nullopt});
      ++submitted_;
      queue_depth().set(static_cast<int64_t>(submitted_ - completed_));
    }
  }
  if (refused) return call<R>(done, *refused);
  work_cv_.notify_one();
}

template <class Db>
template <class Op, class R>
void WriterLedger<Db>::run_inline(Op op, Callback<R> done) {
  {
    std::lock_guard lock(queue_mu_);
    if (stopping_) return call<R>(done, Failure::storage);
  }
  AnyJob job = Job<Op, R>{std::move(op), std::move(done), std::nullopt};
  bool committed;
  {
    std::lock_guard lock(inline_mu_);
    committed = execute(std::span(&job, 1));
  }
  // Outside the lock, so that a callback may read the ledger.
  complete(std::span(&job, 1), committed);
}

template <class Db>
void WriterLedger<Db>::flush() {
  if (options_.inline_mode) return;  // every submit() has already called back
  assert(std::this_thread::get_id() != writer_.get_id());
  std::unique_lock lock(queue_mu_);
  const uint64_t target = submitted_;
  done_cv_.wait(lock, [&] { return completed_ >= target; });
}

template <class Db>
void WriterLedger<Db>::stop() {
  std::lock_guard stop_lock(stop_mu_);
  assert(std::this_thread::get_id() != writer_.get_id());
  {
    std::lock_guard lock(queue_mu_);
    stopping_ = true;
  }
  work_cv_.notify_all();
  // The writer drains the queue before it leaves, so this is flush() and then stop.
  if (writer_.joinable()) writer_.join();
}

template <class Db>
void WriterLedger<Db>::set_commit_observer(CommitObserver observer) {
  std::lock_guard lock(observer_mu_);
  observer_ = std::move(observer);
}

// ---- Writer -------------------------------------------------------------------------

template <class Db>
void WriterLedger<Db>::writer_loop() {
  const size_t batch_max = std::max<size_t>(options_.batch_max, 1);
  std::vector<AnyJob> batch;
  for (;;) {
    {
      std::unique_lock lock(queue_mu_);
      work_cv_.wait(lock, [&] { return stopping_ || !queue_.empty(); });
      if (queue_.empty()) return;  // stopping, and everything is answered
      const size_t n = std::min(queue_.size(), batch_max);
      auto end = queue_.begin() + static_cast<std::ptrdiff_t>(n);
      batch.assign(std::make_move_iterator(queue_.begin()), std::make_move_iterator(end));
      queue_.erase(queue_.begin(), end);
    }
    const bool committed = execute(batch);
    complete(batch, committed);
    {
      std::lock_guard lock(queue_mu_);
      completed_ += batch.size();
      queue_depth().set(static_cast<int64_t>(submitted_ - completed_));
    }
    done_cv_.notify_all();
    batch.clear();
  }
}

// Applies the jobs in one transaction; true when it committed. On any failure nothing
// is kept: the transaction is rolled back and the cache is left as it was. A conflict
// with another writer (PostgreSQL) runs the whole batch again.
template <class Db>
bool WriterLedger<Db>::execute(std::span<AnyJob> jobs) {
  const auto began = std::chrono::steady_clock::now();
  std::optional<Batch<Db>> batch;
  std::vector<std::string> also_lock;
  for (int attempts = 1, misses = 0;;) {
    try {
      attempt(jobs, batch, also_lock);
      break;
    } catch (const MissedLock& e) {
      rollback();
      if (++misses > kMissedLocksMax) {
        log::error("ledger batch failed, nothing committed", {{"error", e.what()}});
        return false;
      }
      also_lock.push_back(e.name);
    } catch (const postgres::Error& e) {
      rollback();
      bool lost = false;
      if constexpr (Engine<Db>::shared) lost = !db_->ok();
      if (!reconnect_if_lost()) return false;
      if ((lost || is_retryable(e)) && ++attempts <= kBatchAttempts) {
        log::info("ledger batch met another writer or a lost connection, run again",
                  {{"sqlstate", e.sqlstate()}, {"attempt", attempts - 1}});
        continue;
      }
      log::error("ledger batch failed, nothing committed",
                 {{"error", e.what()}, {"ops", jobs.size()}});
      return false;
    } catch (const std::exception& e) {
      log::error("ledger batch failed, nothing committed",
                 {{"error", e.what()}, {"ops", jobs.size()}});
      rollback();
      return false;
    }
  }
  const std::chrono::duration<double> took = std::chrono::steady_clock::now() - began;
  publish(*batch);
  observe(jobs.size(), took.count());
  return true;
}

template <class Db>
bool WriterLedger<Db>::reconnect_if_lost() {
  if constexpr (Engine<Db>::shared) {
    if (db_->ok()) return true;
    try {
      db_ = open_postgres_write_connection(options_.path);
      log::warn("ledger: the database connection was lost and is open again");
    } catch (const std::exception& e) {
      log::error("ledger: the database connection was lost and cannot be opened again",
                 {{"error", e.what()}});
      return false;
    }
  }
  return true;
}

template <class Db>
void WriterLedger<Db>::attempt(std::span<AnyJob> jobs, std::optional<Batch<Db>>& batch,
                               const std::vector<std::string>& also_lock) {
  if constexpr (Engine<Db>::shared) {
    db_->exec("BEGIN");
  } else {
    db_->query("BEGIN IMMEDIATE").run();  // a cached statement: one parse per connection
  }
  batch.emplace(*db_, committed_, SystemClock().wall_ms());
  if constexpr (Engine<Db>::shared) {
    for (AnyJob& job : jobs) std::visit([&](auto& j) { batch->expect(j.op); }, job);
    batch->also_lock(also_lock);
    batch->lock_expected(options_.fencing.get());
  }
  for (AnyJob& job : jobs) {
    std::visit([&](auto& j) { j.result.emplace(batch->apply(j.op)); }, job);
  }
  batch->write_balances();
  if constexpr (Engine<Db>::shared) {
    const std::optional<std::string> witness = batch->witness_key();
    try {
      db_->commit();
    } catch (const postgres::Error& e) {
      if (db_->ok()) throw;  // the server answered: not committed
      // The connection broke during COMMIT, which may have committed: a new connection
      // looks for one of the batch's records.
      if (!reconnect_if_lost()) throw;
      if (witness) {
        auto q = db_->query("SELECT 1 FROM ops WHERE key = ?");
        q.bind(*witness);
        if (q.step()) return;  // it did
      }
      throw postgres::Error(std::string("connection lost at COMMIT, not committed: ") + e.what(),
                            "08006");
    }
  } else {
    db_->query("COMMIT").run();
  }
}

template <class Db>
void WriterLedger<Db>::publish(const Batch<Db>& batch) {
  std::lock_guard lock(cache_mu_);
  if (committed_.accounts.size() > kCacheAccountsMax) committed_.accounts.clear();
  batch.publish(committed_);
}

template <class Db>
void WriterLedger<Db>::observe(size_t ops, double seconds) {
  CommitObserver observer;
  {
    std::lock_guard lock(observer_mu_);
    observer = observer_;
  }
  if (!observer) return;
  try {
    observer(ops, seconds);
  } catch (const std::exception& e) {
    log::error("ledger commit observer threw", {{"error", e.what()}});
  }
}

template <class Db>
void WriterLedger<Db>::rollback() {
  if (!db_->in_transaction()) return;  // SQLite already rolled back
  try {
    db_->exec("ROLLBACK");
  } catch (const std::exception& e) {
    log::error("ledger rollback failed", {{"error", e.what()}});
  }
}

template <class Db>
void WriterLedger<Db>::complete(std::span<AnyJob> jobs, bool committed) {
  for (AnyJob& job : jobs) {
    std::visit(
        [&](auto& j) {
          using R = typename std::decay_t<decltype(j)>::Value;
          if (committed) {
            call<R>(j.done, std::move(*j.result));
          } else {
            call<R>(j.done, Failure::storage);
          }
        },
        job);
  }
}

// ---- Reads --------------------------------------------------------------------------

template <class Db>
template <class F>
auto WriterLedger<Db>::with_reader(F&& read) const {
  if (read_db_) {
    std::lock_guard lock(read_mu_);
    if constexpr (Engine<Db>::shared) {
      // A read on a connection found lost is made again, once, on a new one.
      if (!read_db_->ok()) read_db_ = open_postgres_read_connection(options_.path);
      try {
        return read(*read_db_);
      } catch (const postgres::Error&) {
        if (read_db_->ok()) throw;
        read_db_ = open_postgres_read_connection(options_.path);
      }
    }
    return read(*read_db_);
  }
  std::lock_guard lock(inline_mu_);
  return read(*db_);
}

template <class Db>
Balance WriterLedger<Db>::balance(PlayerId player, std::string_view currency) const {
  if constexpr (Engine<Db>::shared) {
    return with_reader([&](Db& db) { return read_balance(db, player, currency); });
  }
  const std::string cash = player_cash(player, currency).name;
  const std::string bonus = player_bonus(player, currency).name;
  {
    std::lock_guard lock(cache_mu_);
    auto c = committed_.accounts.find(cash);
    auto b = committed_.accounts.find(bonus);
    if (c != committed_.accounts.end() && b != committed_.accounts.end())
      return {c->second.balance, b->second.balance};
  }
  // Not cached: the committed rows. Not inserted into the cache, because the writer may
  // commit a newer value between this read and any insert.
  return with_reader([&](Db& db) { return read_balance(db, player, currency); });
}

template <class Db>
std::vector<UnsettledRound> WriterLedger<Db>::unsettled_rounds(std::string_view table_id) const {
  return with_reader([&](Db& db) { return read_unsettled_rounds(db, table_id); });
}

template <class Db>
int64_t WriterLedger<Db>::max_round_seq(std::string_view table_id) const {
  return with_reader([&](Db& db) { return read_max_round_seq(db, table_id); });
}

// From memory: the writer counts every player's accepted bets as it commits them
// (PostgreSQL: other nodes' writers place bets too, so the database is asked).
template <class Db>
bool WriterLedger<Db>::has_bets_in_play(PlayerId player) const {
  if constexpr (Engine<Db>::shared) {
    return with_reader([&](Db& db) { return read_has_bets_in_play(db, player); });
  }
  std::lock_guard lock(cache_mu_);
  return committed_.bets_in_play.contains(player);
}

template <class Db>
std::vector<PlayerTable> WriterLedger<Db>::player_tables(PlayerId player, size_t limit) const {
  return with_reader([&](Db& db) { return read_player_tables(db, player, limit); });
}

template <class Db>
std::vector<TablePlayer> WriterLedger<Db>::recent_players(int64_t since_ms, size_t limit) const {
  return with_reader([&](Db& db) { return read_recent_players(db, since_ms, limit); });
}

template <class Db>
std::vector<HistoryRound> WriterLedger<Db>::player_history(const HistoryQuery& query) const {
  return with_reader([&](Db& db) { return read_player_history(db, query); });
}

template <class Db>
std::vector<RoundResult> WriterLedger<Db>::recent_results(std::string_view table_id,
                                                          size_t limit) const {
  return with_reader([&](Db& db) { return read_recent_results(db, table_id, limit); });
}

template <class Db>
std::optional<FairRound> WriterLedger<Db>::fair_round(std::string_view round_id) const {
  return with_reader([&](Db& db) { return read_fair_round(db, round_id); });
}

template <class Db>
std::vector<BonusView> WriterLedger<Db>::bonuses(PlayerId player) const {
  return with_reader([&](Db& db) { return read_bonuses(db, player); });
}

template <class Db>
std::optional<BonusView> WriterLedger<Db>::bonus(std::string_view bonus_id) const {
  return with_reader([&](Db& db) { return read_bonus(db, bonus_id); });
}

template <class Db>
std::vector<std::string> WriterLedger<Db>::bonuses_due(int64_t now_ms, size_t limit) const {
  return with_reader([&](Db& db) { return read_bonuses_due(db, now_ms, limit); });
}

template <class Db>
bool WriterLedger<Db>::has_active_cash_bonus(PlayerId player, std::string_view currency) const {
  if constexpr (Engine<Db>::shared) {
    return with_reader([&](Db& db) { return read_has_active_cash_bonus(db, player, currency); });
  }
  std::lock_guard lock(cache_mu_);
  return committed_.active_cash_bonus.contains({player, std::string(currency)});
}

template <class Db>
std::vector<PromoScore> WriterLedger<Db>::promotion_scores(const PromoQuery& query) const {
  return with_reader([&](Db& db) { return read_promotion_scores(db, query); });
}

template <class Db>
std::vector<WalletCallView> WriterLedger<Db>::pending_wallet_calls(size_t limit) const {
  return with_reader([&](Db& db) { return read_pending_wallet_calls(db, limit); });
}

template <class Db>
std::optional<WalletCallView> WriterLedger<Db>::wallet_call(std::string_view call_id) const {
  return with_reader([&](Db& db) { return read_wallet_call(db, call_id); });
}

template <class Db>
std::vector<WalletCallView> WriterLedger<Db>::wallet_calls(const WalletCallQuery& query) const {
  return with_reader([&](Db& db) { return read_wallet_calls(db, query); });
}

template <class Db>
std::vector<PlayerTotals> WriterLedger<Db>::player_totals(PlayerId player, int64_t since_ms) const {
  return with_reader([&](Db& db) { return read_player_totals(db, player, since_ms); });
}

template <class Db>
std::vector<WalletAnswer> WriterLedger<Db>::wallet_attempts(std::string_view call_id) const {
  return with_reader([&](Db& db) { return read_wallet_attempts(db, call_id); });
}

template <class Db>
std::vector<HistoryRound> WriterLedger<Db>::table_rounds(const TableRoundsQuery& query) const {
  return with_reader([&](Db& db) { return read_table_rounds(db, query); });
}

template <class Db>
std::vector<GgrRow> WriterLedger<Db>::ggr(int64_t from_ms, int64_t to_ms) const {
  return with_reader([&](Db& db) { return read_ggr(db, from_ms, to_ms); });
}

template <class Db>
std::vector<CashHeld> WriterLedger<Db>::cash_held(const std::optional<CashHeld>& after,
                                                  size_t limit) const {
  return with_reader([&](Db& db) { return read_cash_held(db, after, limit); });
}

template <class Db>
std::optional<Money> WriterLedger<Db>::last_wallet_balance(PlayerId player,
                                                           std::string_view currency) const {
  return with_reader([&](Db& db) { return read_last_wallet_balance(db, player, currency); });
}

// ---- Ledger ---------------------------------------------------------------------------

std::unique_ptr<Ledger> Ledger::open(const Options& options) {
  if (is_postgres_location(options.path))
    return std::make_unique<WriterLedger<postgres::Db>>(options);
  return std::make_unique<WriterLedger<sqlite::Db>>(options);
}

template class WriterLedger<sqlite::Db>;
template class WriterLedger<postgres::Db>;

std::string_view failure_name(Failure f) {
  switch (f) {
    case Failure::insufficient_funds:
      return "insufficient_funds";
    case Failure::key_conflict:
      return "key_conflict";
    case Failure::round_not_open:
      return "round_not_open";
    case Failure::round_not_found:
      return "round_not_found";
    case Failure::invalid_request:
      return "invalid_request";
    case Failure::overloaded:
      return "overloaded";
    case Failure::storage:
      return "storage";
    case Failure::fenced:
      return "fenced";
    case Failure::bonus_unavailable:
      return "bonus_unavailable";
    case Failure::wallet_call:
      return "wallet_call";
    case Failure::account_disabled:
      return "account_disabled";
    case Failure::account_suspended:
      return "account_suspended";
    case Failure::limit_reached:
      return "limit_reached";
    case Failure::wallet_unavailable:
      return "wallet_unavailable";
    case Failure::session_balance:
      return "session_balance";
    case Failure::regulation_limit:
      return "regulation_limit";
  }
  return "unknown";
}

std::string_view bonus_kind_name(BonusKind kind) {
  return kind == BonusKind::cash ? "cash" : "free_bet";
}

std::string_view bonus_status_name(BonusStatus status) {
  switch (status) {
    case BonusStatus::pending:
      return "pending";
    case BonusStatus::active:
      return "active";
    case BonusStatus::expired:
      return "expired";
    case BonusStatus::wagered:
      return "wagered";
    case BonusStatus::cancelled:
      return "cancelled";
  }
  return "unknown";
}

std::string_view wallet_kind_name(WalletKind kind) {
  switch (kind) {
    case WalletKind::debit:
      return "debit";
    case WalletKind::credit:
      return "credit";
    case WalletKind::rollback:
      return "rollback";
  }
  return "unknown";
}

std::string_view wallet_status_name(WalletStatus status) {
  switch (status) {
    case WalletStatus::pending:
      return "pending";
    case WalletStatus::ok:
      return "ok";
    case WalletStatus::refused:
      return "refused";
    case WalletStatus::rolled_back:
      return "rolled_back";
  }
  return "unknown";
}

}  // namespace croupier::ledger
