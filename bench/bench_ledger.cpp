// bench_ledger: the durable ledger against its own database's limit.
//
// BM_LedgerPlaceBets: one driver thread keeps N bets in flight (N = 1, 8, 64: one player
// at a time up to a busy table tick; 2000 with batches of up to 1000), each a one-line
// PlaceBets into an open round, against a ledger file in a fresh temporary directory
// with synchronous=FULL, so every commit is an fsync. items_per_second is bets accepted
// per second; avg_batch is operations per commit, which shows group commit at work.
//
// BM_RawSqliteSameRows: the rows the ledger writes for those bets (the bet, the stake's
// transfer, the idempotency record, and once per transaction the balances of the
// accounts it touched), inserted straight into the same schema, in the same mode, by
// prepared statements, `batch` bets per transaction, one row per statement.
// BM_RawSqliteMultiRow: the same rows by multi-row INSERTs of 64 rows, as the ledger
// writes them: the ceiling for the ledger.
//
// Each of these two runs on SQLite (pg:0) and on PostgreSQL (pg:1, the server `make bench`
// starts on a Unix socket, fsync on, synchronous_commit on: as durable as SQLite's FULL).
//
// BM_SettleRound: settling a round of 10,000 accepted bets (1,000 players, half of the
// bets winning) in one SettleRound, from submission to the durable answer.
#include <benchmark/benchmark.h>
#include <stdlib.h>

#include <atomic>
#include <condition_variable>
#include <cstdlib>
#include <filesystem>
#include <mutex>
#include <optional>
#include <stdexcept>
#include <string>

#include "core/log.hpp"
#include "db/postgres_testing.hpp"
#include "db/sqlite.hpp"
#include "ledger/accounts.hpp"
#include "ledger/ledger.hpp"
#include "ledger/schema.hpp"

namespace {

using namespace croupier;
using namespace croupier::ledger;

constexpr int kPlayers = 64;

// The engine of a benchmark's second argument: 0 SQLite, 1 PostgreSQL.
bool on_postgres(const benchmark::State& state, int arg) {
  return state.range(arg) == 1;
}

// A fresh directory under the system's temporary directory, removed afterwards.
class ScratchDir {
 public:
  ScratchDir() {
    std::string pattern = (std::filesystem::temp_directory_path() / "bench-ledger-XXXXXX").string();
    if (!mkdtemp(pattern.data())) throw std::runtime_error("mkdtemp failed");
    path_ = pattern;
  }
  ~ScratchDir() {
    std::error_code ignored;
    std::filesystem::remove_all(path_, ignored);
  }
  std::string file(const char* name) const { return (path_ / name).string(); }

 private:
  std::filesystem::path path_;
};

// Where a benchmark's ledger lives: a file in `dir`, or a fresh database of the server
// `make bench` starts (fsync on); nullopt, with the benchmark skipped, without one.
std::optional<std::string> ledger_location(benchmark::State& state, bool postgres,
                                           const ScratchDir& dir) {
  if (!postgres) return dir.file("ledger.db");
  const char* server = std::getenv("CROUPIER_TEST_PG_DIR");
  if (!server || !*server) {
    state.SkipWithError("PostgreSQL figures need make bench's server (fsync on)");
    return std::nullopt;
  }
  return croupier::postgres::testing::TestServer::instance().fresh_database();
}

// Lets at most `max` submissions be outstanding at once.
class Window {
 public:
  explicit Window(int max) : max_(max) {}
  void acquire() {
    std::unique_lock lock(mu_);
    cv_.wait(lock, [&] { return outstanding_ < max_; });
    ++outstanding_;
  }
  void release() {
    {
      std::lock_guard lock(mu_);
      --outstanding_;
    }
    cv_.notify_one();
  }

 private:
  const int max_;
  std::mutex mu_;
  std::condition_variable cv_;
  int outstanding_ = 0;
};

void prepare(Ledger& ledger) {
  for (int p = 0; p < kPlayers; ++p) {
    ledger.submit(
        Fund{"fund-" + std::to_string(p), p + 1, "EUR", Money::from_major(1'000'000'000), "bench"},
        nullptr);
  }
  ledger.submit(OpenRound{"bench-round", "bench-table", "roulette", 1, 0}, nullptr);
  ledger.flush();
}

void BM_LedgerPlaceBets(benchmark::State& state) {
  const int in_flight = static_cast<int>(state.range(0));
  ScratchDir dir;
  const auto location = ledger_location(state, on_postgres(state, 1), dir);
  if (!location) return;
  Options options{*location};
  options.batch_max = std::max<size_t>(options.batch_max, static_cast<size_t>(in_flight / 2));
  auto ledger = Ledger::open(options);
  prepare(*ledger);
  std::atomic<int64_t> commits{0}, committed_ops{0}, accepted{0}, refused{0};
  ledger->set_commit_observer([&](size_t ops, double) {
    ++commits;
    committed_ops += static_cast<int64_t>(ops);
  });

  Window window(in_flight);
  int64_t i = 0;
  for (auto _ : state) {
    window.acquire();
    ledger->submit(PlaceBets{"bet-" + std::to_string(i),
                             "bench-round",
                             static_cast<PlayerId>(i % kPlayers + 1),
                             "EUR",
                             {{"red", Money::from_major(1)}},
                             i},
                   [&](Result<PlacedBets, Failure> r) {
                     ++(r.ok() ? accepted : refused);
                     window.release();
                   });
    ++i;
  }
  ledger->flush();  // at most in_flight bets finish after the timed loop

  if (refused > 0) state.SkipWithError("some bets were refused");
  state.SetItemsProcessed(accepted.load());
  state.counters["avg_batch"] =
      commits > 0 ? static_cast<double>(committed_ops) / static_cast<double>(commits) : 0.0;
  state.counters["commits"] = static_cast<double>(commits);
}

BENCHMARK(BM_LedgerPlaceBets)
    ->ArgNames({"in_flight", "pg"})
    ->ArgsProduct({{1, 8, 64, 2000}, {0, 1}})
    ->UseRealTime()
    ->MinTime(2.0)
    ->Unit(benchmark::kMicrosecond);

// A ledger file prepared as for the ledger's benchmark, opened for raw writes: the
// players' cash account ids and the round's in-play account.
struct RawFile {
  explicit RawFile(const ScratchDir& dir) {
    {
      auto ledger = Ledger::open(Options{dir.file("ledger.db")});
      prepare(*ledger);
      ledger->stop();
    }
    db = open_write_connection(dir.file("ledger.db"));
    for (int p = 0; p < kPlayers; ++p) {
      auto q = db->query("SELECT id FROM accounts WHERE name = ?");
      q.bind(player_cash(p + 1, "EUR").name);
      if (!q.step()) throw std::runtime_error("no account");
      cash_ids.push_back(q.int64(0));
    }
    const AccountRef round = round_account("bench-round", "EUR");
    db->query("INSERT INTO accounts (name, kind, owner, currency) VALUES (?, ?, ?, ?)")
        .bind(round.name, round.kind, round.owner, round.currency)
        .run();
    round_id = db->last_insert_rowid();
  }
  // The balances of every account a batch touched, once per transaction.
  void write_balances() {
    for (int64_t id : cash_ids)
      db->query("UPDATE accounts SET balance = balance - 1 WHERE id = ?").bind(id).run();
    db->query("UPDATE accounts SET balance = balance + 1 WHERE id = ?").bind(round_id).run();
  }
  std::unique_ptr<sqlite::Db> db;
  std::vector<int64_t> cash_ids;
  int64_t round_id = 0;
};

void BM_RawSqliteSameRows(benchmark::State& state) {
  const int64_t batch = state.range(0);
  ScratchDir dir;
  RawFile raw(dir);
  sqlite::Db* db = raw.db.get();
  const std::vector<int64_t>& cash_ids = raw.cash_ids;
  const int64_t round_id = raw.round_id;
  const std::string fingerprint(32, '\x5a');  // a SHA-256, as the ledger stores
  int64_t i = 0;
  for (auto _ : state) {
    db->exec("BEGIN IMMEDIATE");
    for (int64_t k = 0; k < batch; ++k, ++i) {
      const std::string key = "bet-" + std::to_string(i);
      const int64_t player = i % kPlayers;
      db->query(
            "INSERT INTO bets (round_id, player_id, currency, spot, amount, cash_part, bonus_part, "
            "status, place_key, placed_ms) VALUES (?, ?, ?, ?, ?, ?, 0, 'accepted', ?, ?)")
          .bind("bench-round", player + 1, "EUR", "red", 100'000, 100'000, key, i)
          .run();
      const int64_t bet = db->last_insert_rowid();
      db->query(
            "INSERT INTO transfers (op_key, debit_account, credit_account, amount, bet_id, kind) "
            "VALUES (?, ?, ?, ?, ?, 'stake')")
          .bind(key, cash_ids[player], round_id, 100'000, bet)
          .run();
      db->query(
            "INSERT INTO ops (key, kind, fingerprint, result, created_ms) VALUES (?, ?, ?, ?, ?)")
          .bind(key, "bets", sqlite::Blob{fingerprint}, "[" + std::to_string(bet) + "]", i)
          .run();
    }
    raw.write_balances();
    db->exec("COMMIT");
  }
  state.SetItemsProcessed(i);
}

BENCHMARK(BM_RawSqliteSameRows)
    ->ArgName("batch")
    ->Arg(1000)
    ->UseRealTime()
    ->MinTime(2.0)
    ->Unit(benchmark::kMillisecond);

// The same rows again, written by multi-row INSERTs of `rows` bets each (with ids chosen
// by the writer): what the statement count costs on top of the B-tree work.
using db::values_sql;

void BM_RawSqliteMultiRow(benchmark::State& state) {
  const int64_t batch = state.range(0);
  constexpr int kRows = 64;
  ScratchDir dir;
  RawFile raw(dir);
  sqlite::Db* db = raw.db.get();
  const std::vector<int64_t>& cash_ids = raw.cash_ids;
  const int64_t round_id = raw.round_id;
  const std::string bets_sql = values_sql(
      "INSERT INTO bets (id, round_id, player_id, currency, spot, amount, cash_part, bonus_part, "
      "status, place_key, placed_ms)",
      11, kRows);
  const std::string transfers_sql = values_sql(
      "INSERT INTO transfers (op_key, debit_account, credit_account, amount, bet_id, kind)", 6,
      kRows);
  const std::string ops_sql =
      values_sql("INSERT INTO ops (key, kind, fingerprint, result, created_ms)", 5, kRows);
  const std::string fingerprint(32, '\x5a');
  int64_t i = 0;
  std::vector<std::string> keys(kRows), results(kRows);
  for (auto _ : state) {
    db->exec("BEGIN IMMEDIATE");
    for (int64_t k = 0; k < batch; k += kRows) {
      auto bets = db->query(bets_sql);
      auto transfers = db->query(transfers_sql);
      auto ops = db->query(ops_sql);
      for (int r = 0; r < kRows; ++r) {
        const int64_t n = i + r;
        keys[r] = "bet-" + std::to_string(n);
        results[r] = "[" + std::to_string(n + 1) + "]";
        const int64_t player = n % kPlayers;
        bets.bind_from(r * 11 + 1, n + 1, "bench-round", player + 1, "EUR", "red", 100'000, 100'000,
                       0, "accepted", keys[r], n);
        transfers.bind_from(r * 6 + 1, keys[r], cash_ids[player], round_id, 100'000, n + 1,
                            "stake");
        ops.bind_from(r * 5 + 1, keys[r], "bets", sqlite::Blob{fingerprint}, results[r], n);
      }
      bets.run();
      transfers.run();
      ops.run();
      i += kRows;
    }
    raw.write_balances();
    db->exec("COMMIT");
  }
  state.SetItemsProcessed(i);
}

BENCHMARK(BM_RawSqliteMultiRow)
    ->ArgName("batch")
    ->Arg(1000)
    ->UseRealTime()
    ->MinTime(2.0)
    ->Unit(benchmark::kMillisecond);

void BM_SettleRound(benchmark::State& state) {
  const int bets = static_cast<int>(state.range(0));
  constexpr int kRoundPlayers = 1000;
  ScratchDir dir;
  const auto location = ledger_location(state, on_postgres(state, 1), dir);
  if (!location) return;
  Options options{*location};
  options.batch_max = 1000;
  auto ledger = Ledger::open(options);
  for (int p = 0; p < kRoundPlayers; ++p) {
    ledger->submit(
        Fund{"fund-" + std::to_string(p), p + 1, "EUR", Money::from_major(1'000'000'000), "bench"},
        nullptr);
  }
  int64_t round_seq = 0;
  for (auto _ : state) {
    state.PauseTiming();
    const std::string round = "round-" + std::to_string(++round_seq);
    ledger->submit(OpenRound{round, "bench-table", "roulette", round_seq, 0}, nullptr);
    std::vector<std::pair<BetId, Money>> returns;
    std::mutex mu;
    for (int b = 0; b < bets; ++b) {
      ledger->submit(PlaceBets{round + "-bet-" + std::to_string(b),
                               round,
                               static_cast<PlayerId>(b % kRoundPlayers + 1),
                               "EUR",
                               {{"red", Money::from_major(1)}},
                               b},
                     [&, b](Result<PlacedBets, Failure> r) {
                       if (!r.ok()) return;
                       std::lock_guard lock(mu);
                       returns.emplace_back(r->bet_ids.at(0),
                                            b % 2 ? Money::from_major(2) : Money{});
                     });
    }
    ledger->submit(RecordResult{round, "red", 0}, nullptr);
    ledger->flush();
    if (returns.size() != static_cast<size_t>(bets)) state.SkipWithError("bets were refused");
    state.ResumeTiming();
    bool settled = false;
    ledger->submit(SettleRound{round, std::move(returns), 0},
                   [&](Result<Settlement, Failure> r) { settled = r.ok(); });
    ledger->flush();
    if (!settled) state.SkipWithError("the settlement was refused");
  }
}

BENCHMARK(BM_SettleRound)
    ->ArgNames({"bets", "pg"})
    ->ArgsProduct({{10000}, {0, 1}})
    ->Iterations(5)
    ->UseRealTime()
    ->Unit(benchmark::kMillisecond);

}  // namespace

int main(int argc, char** argv) {
  croupier::log::set_level(croupier::log::Level::warn);  // keep the figures readable
  benchmark::Initialize(&argc, argv);
  if (benchmark::ReportUnrecognizedArguments(argc, argv)) return 1;
  benchmark::RunSpecifiedBenchmarks();
  benchmark::Shutdown();
  return 0;
}
