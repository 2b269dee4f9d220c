// A thin RAII layer over libpq with the surface of sqlite::Db (db/sqlite.hpp), so that the
// ledger's SQL runs on PostgreSQL with the same calls.
//
// Db owns one connection and its prepared statements: query(sql) prepares `sql` once per
// connection (its `?` and `?N` placeholders rewritten to PostgreSQL's `$N`) and returns
// a Query that binds parameters and, at the first step() or run(), executes it in one
// round trip; the rows stay in memory until the Query goes. Parameters go as text,
// except Blob (bytea, binary); results come back as text and are read as SQLite's are
// (int64, text, blob). Every failure throws postgres::Error with the server's SQLSTATE,
// because a failed statement fails the whole transaction, as with SQLite.
//
// Thread-safety: a Db and its Queries belong to one thread at a time.
#pragma once

#include <libpq-fe.h>

#include <cstdint>
#include <memory>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "core/money.hpp"
#include "db/binding.hpp"

namespace croupier::postgres {

using db::Blob;

class Error : public std::runtime_error {
 public:
  Error(const std::string& what, std::string sqlstate)
      : std::runtime_error(what), sqlstate_(std::move(sqlstate)) {}
  // The five-character SQLSTATE ("40001" serialization failure, "23505" unique
  // violation), empty when the connection itself failed.
  const std::string& sqlstate() const { return sqlstate_; }

 private:
  std::string sqlstate_;
};

// `?` and `?N` placeholders outside quoted text and identifiers become `$N` (a bare `?`
// takes the next number); everything else is kept. Exposed for its tests.
std::string to_dollar_placeholders(std::string_view sql);

// A PostgreSQL array literal of text ('{"a","b"}'), to bind as one parameter
// (`= ANY(?::text[])`): every element quoted, `"` and `\` escaped.
std::string text_array(const std::vector<std::string>& items);

class Query;

class Db {
 public:
  // Connects with a libpq connection string or URI (postgres://…); throws Error.
  static std::unique_ptr<Db> open(const std::string& conninfo);
  ~Db();
  Db(const Db&) = delete;
  Db& operator=(const Db&) = delete;

  // Runs one or more statements that return no rows we need (BEGIN, DDL).
  void exec(const char* sql);
  // The prepared statement for `sql`, prepared on first use.
  Query query(std::string_view sql);
  // The first column of the first row of `sql`, as text.
  std::optional<std::string> scalar_text(std::string_view sql);

  // Ends the transaction, and throws (SQLSTATE 40000) when the server rolled it back
  // instead (a COMMIT of a transaction an error had aborted).
  void commit();
  // Whether the connection is still up (a lost one is to be replaced, not reused).
  bool ok() const { return PQstatus(conn_) == CONNECTION_OK; }

  // Rows changed by the last INSERT, UPDATE or DELETE run through a Query.
  int64_t changes() const { return changes_; }
  bool in_transaction() const;
  const std::string& conninfo() const { return conninfo_; }
  // Where the database is, for messages: "postgres database NAME on HOST:PORT" (the
  // connection string may hold a password, this does not).
  const std::string& path() const { return path_; }

 private:
  struct Prepared {
    std::string name;
    int params = 0;
  };

  Db(PGconn* conn, std::string conninfo);
  [[noreturn]] void fail(const PGresult* result, std::string_view sql) const;

  struct SqlHash {
    using is_transparent = void;
    size_t operator()(std::string_view sql) const { return std::hash<std::string_view>{}(sql); }
  };

  PGconn* conn_;
  const std::string conninfo_;
  std::string path_;
  std::unordered_map<std::string, Prepared, SqlHash, std::equal_to<>> prepared_;
  int statements_ = 0;  // names given to prepared statements (never reused)
  int64_t changes_ = 0;

  friend class Query;
};

class Query : public db::Binding<Query> {
 public:
  Query(Query&& other) noexcept;
  Query& operator=(Query&&) = delete;
  ~Query();

  // Executes at the first call; then advances to the next row: true when there is one.
  bool step();
  // Executes a statement that returns no rows.
  void run();

  bool is_null(int col) const;
  int64_t int64(int col) const;
  Money money(int col) const { return Money{int64(col)}; }
  std::string text(int col) const;
  std::optional<std::string> optional_text(int col) const;
  std::string blob(int col) const;

 private:
  Query(Db& db, const Db::Prepared& prepared, std::string_view sql);

  friend class db::Binding<Query>;
  void bind_int64(int index, int64_t value) { set(index, std::to_string(value), false); }
  void bind_text(int index, std::string_view value) { set(index, std::string(value), false); }
  void bind_blob(int index, std::string_view bytes) { set(index, std::string(bytes), true); }
  void bind_null(int index) { set(index, std::nullopt, false); }
  void set(int index, std::optional<std::string> value, bool binary);
  void execute();
  const char* cell(int col) const;

  Db* db_;
  const Db::Prepared* prepared_;
  std::string_view sql_;
  std::vector<std::optional<std::string>> values_;
  std::vector<int> binary_;
  PGresult* result_ = nullptr;
  int row_ = -1;
  bool executed_ = false;

  friend class Db;
};

}  // namespace croupier::postgres
