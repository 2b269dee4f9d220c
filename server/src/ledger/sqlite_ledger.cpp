#include "ledger/sqlite_ledger.hpp"

#include <cassert>
#include <chrono>
#include <stdexcept>

#include "core/clock.hpp"
#include "core/log.hpp"
#include "ledger/accounts.hpp"
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

}  // namespace

SqliteLedger::SqliteLedger(const Options& options) : options_(options) {
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

SqliteLedger::~SqliteLedger() {
  stop();
}

// ---- Submission -----------------------------------------------------------------------

template <class Op, class R>
void SqliteLedger::enqueue(Op op, Callback<R> done) {
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
    }
  }
  if (refused) return call<R>(done, *refused);
  work_cv_.notify_one();
}

template <class Op, class R>
void SqliteLedger::run_inline(Op op, Callback<R> done) {
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

void SqliteLedger::flush() {
  if (options_.inline_mode) return;  // every submit() has already called back
  assert(std::this_thread::get_id() != writer_.get_id());
  std::unique_lock lock(queue_mu_);
  const uint64_t target = submitted_;
  done_cv_.wait(lock, [&] { return completed_ >= target; });
}

void SqliteLedger::stop() {
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

void SqliteLedger::set_commit_observer(CommitObserver observer) {
  std::lock_guard lock(observer_mu_);
  observer_ = std::move(observer);
}

// ---- Writer -------------------------------------------------------------------------

void SqliteLedger::writer_loop() {
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
    }
    done_cv_.notify_all();
    batch.clear();
  }
}

// Applies the jobs in one transaction; true when it committed. On any failure nothing
// is kept: the transaction is rolled back and the cache is left as it was.
bool SqliteLedger::execute(std::span<AnyJob> jobs) {
  const auto began = std::chrono::steady_clock::now();
  std::optional<Batch> batch;
  try {
    db_->query("BEGIN IMMEDIATE").run();
    batch.emplace(*db_, committed_, SystemClock().wall_ms());
    for (AnyJob& job : jobs) {
      std::visit([&](auto& j) { j.result.emplace(batch->apply(j.op)); }, job);
    }
    batch->write_balances();
    db_->query("COMMIT").run();
  } catch (const std::exception& e) {
    log::error("ledger batch failed, nothing committed",
               {{"error", e.what()}, {"ops", jobs.size()}});
    rollback();
    return false;
  }
  const std::chrono::duration<double> took = std::chrono::steady_clock::now() - began;
  publish(*batch);
  observe(jobs.size(), took.count());
  return true;
}

void SqliteLedger::publish(const Batch& batch) {
  std::lock_guard lock(cache_mu_);
  if (committed_.accounts.size() > kCacheAccountsMax) committed_.accounts.clear();
  batch.publish(committed_);
}

void SqliteLedger::observe(size_t ops, double seconds) {
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

void SqliteLedger::rollback() {
  if (!db_->in_transaction()) return;  // SQLite already rolled back
  try {
    db_->exec("ROLLBACK");
  } catch (const std::exception& e) {
    log::error("ledger rollback failed", {{"error", e.what()}});
  }
}

void SqliteLedger::complete(std::span<AnyJob> jobs, bool committed) {
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

template <class F>
auto SqliteLedger::with_reader(F&& read) const {
  if (read_db_) {
    std::lock_guard lock(read_mu_);
    return read(*read_db_);
  }
  std::lock_guard lock(inline_mu_);
  return read(*db_);
}

Balance SqliteLedger::balance(PlayerId player, std::string_view currency) const {
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
  return with_reader([&](sqlite::Db& db) { return read_balance(db, player, currency); });
}

std::vector<UnsettledRound> SqliteLedger::unsettled_rounds(std::string_view table_id) const {
  return with_reader([&](sqlite::Db& db) { return read_unsettled_rounds(db, table_id); });
}

int64_t SqliteLedger::max_round_seq(std::string_view table_id) const {
  return with_reader([&](sqlite::Db& db) { return read_max_round_seq(db, table_id); });
}

// From memory: the writer counts every player's accepted bets as it commits them.
bool SqliteLedger::has_bets_in_play(PlayerId player) const {
  std::lock_guard lock(cache_mu_);
  return committed_.bets_in_play.contains(player);
}

std::vector<PlayerTable> SqliteLedger::player_tables(PlayerId player, size_t limit) const {
  return with_reader([&](sqlite::Db& db) { return read_player_tables(db, player, limit); });
}

std::vector<TablePlayer> SqliteLedger::recent_players(int64_t since_ms, size_t limit) const {
  return with_reader([&](sqlite::Db& db) { return read_recent_players(db, since_ms, limit); });
}

std::vector<HistoryRound> SqliteLedger::player_history(const HistoryQuery& query) const {
  return with_reader([&](sqlite::Db& db) { return read_player_history(db, query); });
}

std::vector<RoundResult> SqliteLedger::recent_results(std::string_view table_id,
                                                      size_t limit) const {
  return with_reader([&](sqlite::Db& db) { return read_recent_results(db, table_id, limit); });
}

// ---- Ledger ---------------------------------------------------------------------------

std::unique_ptr<Ledger> Ledger::open(const Options& options) {
  return std::make_unique<SqliteLedger>(options);
}

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
  }
  return "unknown";
}

}  // namespace croupier::ledger
