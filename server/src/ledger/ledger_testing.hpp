// Helpers for the ledger's tests (header-only, so the module library stays free of
// test code): a fresh temporary directory, a synchronous submit, and a gate that holds
// the writer thread so that the next submissions form one batch.
//
// Thread-safety: TempDir and run() as for plain values; WriterGate is driven by one test
// thread while its callback blocks the writer.
#pragma once

#include <gtest/gtest.h>
#include <stdlib.h>

#include <filesystem>
#include <future>
#include <memory>
#include <ostream>
#include <stdexcept>
#include <string>
#include <tuple>

#include "db/postgres.hpp"
#include "db/postgres_testing.hpp"
#include "db/sqlite.hpp"
#include "ledger/ledger.hpp"

namespace croupier {
// Lets GoogleTest print amounts as "12.34" in failure messages.
inline void PrintTo(Money m, std::ostream* os) {
  *os << format_money(m);
}
}  // namespace croupier

namespace croupier::ledger::testing_support {

// A directory of its own under GoogleTest's temporary directory, removed afterwards.
class TempDir {
 public:
  TempDir() {
    std::string pattern = ::testing::TempDir() + "ledger-XXXXXX";
    if (!mkdtemp(pattern.data())) throw std::runtime_error("mkdtemp failed");
    path_ = pattern;
  }
  ~TempDir() {
    std::error_code ignored;
    std::filesystem::remove_all(path_, ignored);
  }
  TempDir(const TempDir&) = delete;
  TempDir& operator=(const TempDir&) = delete;

  std::string file(const std::string& name) const { return (path_ / name).string(); }

 private:
  std::filesystem::path path_;
};

// The engines a ledger test runs on.
enum class Database { sqlite, postgres };

inline std::string name_of(Database d) {
  return d == Database::sqlite ? "Sqlite" : "Postgres";
}

// A test's name part for (engine, inline mode): "SqliteInline", "PostgresThreaded".
inline std::string mode_name(const ::testing::TestParamInfo<std::tuple<Database, bool>>& info) {
  return name_of(std::get<0>(info.param)) + (std::get<1>(info.param) ? "Inline" : "Threaded");
}

// Where a new, empty ledger lives: a file in `dir`, or a fresh PostgreSQL database of the
// tests' server.
inline std::string new_location(Database d, const TempDir& dir, const std::string& file) {
  if (d == Database::postgres) return postgres::testing::TestServer::instance().fresh_database();
  return dir.file(file);
}

// Runs SQL on a ledger through a connection of its own (tampering, triggers).
inline void exec_sql(const std::string& location, const std::string& sql) {
  if (location.starts_with("postgres")) {
    postgres::Db::open(location)->exec(sql.c_str());
  } else {
    sqlite::Db::open(location, sqlite::Db::Mode::read_write_create)->exec(sql.c_str());
  }
}

inline int& copies_made() {
  static int n = 0;
  return n;
}

// A copy of a ledger to damage: a file beside it, or a database made from it (the ledger
// must be closed: PostgreSQL copies only a database without connections).
inline std::string copy_of(const std::string& location, const TempDir& dir) {
  if (location.starts_with("postgres")) {
    const size_t start = location.find(":///") + 4;
    const std::string name = location.substr(start, location.find('?') - start);
    return postgres::testing::TestServer::instance().fresh_database(name);
  }
  const std::string copy = dir.file("copy-" + std::to_string(++copies_made()) + ".db");
  std::filesystem::copy_file(location, copy);
  return copy;
}

template <class Op>
struct ResultOf;
template <>
struct ResultOf<Fund> {
  using type = Done;
};
template <>
struct ResultOf<OpenRound> {
  using type = Done;
};
template <>
struct ResultOf<PlaceBets> {
  using type = PlacedBets;
};
template <>
struct ResultOf<CancelBets> {
  using type = CancelledBets;
};
template <>
struct ResultOf<RecordResult> {
  using type = Done;
};
template <>
struct ResultOf<SettleRound> {
  using type = Settlement;
};
template <>
struct ResultOf<SettleBets> {
  using type = SettledBets;
};
template <>
struct ResultOf<CancelRound> {
  using type = Settlement;
};
template <>
struct ResultOf<GrantBonus> {
  using type = BonusView;
};
template <>
struct ResultOf<ChangeBonus> {
  using type = BonusView;
};

template <>
struct ResultOf<WalletCall> {
  using type = WalletCallView;
};
template <>
struct ResultOf<WalletAnswer> {
  using type = WalletCallView;
};

template <class Op>
using ResultFor = Result<typename ResultOf<Op>::type, Failure>;

// Submits and waits for the callback, in either mode.
template <class Op>
ResultFor<Op> run(Ledger& ledger, Op op) {
  // Shared, so the promise outlives a set_value() still returning on the writer thread.
  auto promise = std::make_shared<std::promise<ResultFor<Op>>>();
  auto future = promise->get_future();
  ledger.submit(std::move(op), [promise](ResultFor<Op> r) { promise->set_value(std::move(r)); });
  return future.get();
}

// Holds the writer thread inside a callback until open(), so that everything submitted
// meanwhile waits in the queue and is then taken as one batch. Threaded mode only.
class WriterGate {
 public:
  // Submits a small fund operation whose callback blocks; returns once the writer is
  // inside it.
  void close(Ledger& ledger, const std::string& key) {
    auto entered = std::make_shared<std::promise<void>>();
    auto entered_future = entered->get_future();
    auto release = release_.get_future().share();
    ledger.submit(Fund{key, 999'999, "EUR", Money::from_major(1), "gate"},
                  [entered, release](Result<Done, Failure>) {
                    entered->set_value();
                    release.wait();
                  });
    entered_future.wait();
  }
  void open() { release_.set_value(); }

 private:
  std::promise<void> release_;
};

inline Money major(int64_t units) {
  return Money::from_major(units);
}

}  // namespace croupier::ledger::testing_support
