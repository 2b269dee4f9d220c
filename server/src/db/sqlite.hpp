// A thin RAII layer over the SQLite C API, shared by the ledger and the store.
//
// Db owns one connection and a cache of its prepared statements; Query borrows one
// cached statement for one use and resets it when it goes out of scope, so a statement
// is prepared once per connection and reused by every later call. Every failure of
// SQLite is thrown as sqlite::Error (a std::runtime_error carrying SQLite's message and
// the statement), because for the ledger any SQLite failure is an operating error that
// fails the whole transaction, never a per-operation refusal.
//
// Thread-safety: a Db and its Queries belong to one thread at a time; the ledger confines
// the write connection to its writer and guards the read connection with a mutex. A
// cached statement must not be borrowed twice at once (asserted).
#pragma once

#include <sqlite3.h>

#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "core/money.hpp"
#include "db/binding.hpp"

namespace croupier::sqlite {

class Error : public std::runtime_error {
 public:
  Error(const std::string& what, int code) : std::runtime_error(what), code_(code) {}
  int code() const { return code_; }

 private:
  int code_;
};

using db::Blob;

class Query;

class Db {
 public:
  enum class Mode { read_write_create, read_only };

  // Throws Error when the file cannot be opened.
  static std::unique_ptr<Db> open(const std::string& path, Mode mode);
  ~Db();
  Db(const Db&) = delete;
  Db& operator=(const Db&) = delete;

  // Runs one or more statements that return no rows we need (PRAGMA, BEGIN, DDL).
  void exec(const char* sql);
  // Borrows the cached statement for `sql`, preparing it on first use.
  Query query(std::string_view sql);
  // The first column of the first row of `sql`, as text (PRAGMA answers, meta lookups).
  std::optional<std::string> scalar_text(std::string_view sql);

  // Defines (or redefines) `name(x)`, a deterministic SQL function of one text argument;
  // NULL gives NULL. `fn` lives as long as the connection.
  using TextFunction = std::function<std::string(std::string_view)>;
  void define_function(const std::string& name, TextFunction fn);

  // Replaces this database's content with `source`'s, page by page (SQLite's online
  // backup). Throws Error if either is in a transaction or the copy fails.
  void copy_from(Db& source);

  int64_t last_insert_rowid() const { return sqlite3_last_insert_rowid(db_); }
  // Rows changed by the last INSERT, UPDATE or DELETE.
  int64_t changes() const { return sqlite3_changes64(db_); }
  bool in_transaction() const { return sqlite3_get_autocommit(db_) == 0; }
  const std::string& path() const { return path_; }

 private:
  struct Cached {
    sqlite3_stmt* stmt = nullptr;
    bool busy = false;
  };

  Db(sqlite3* db, std::string path) : db_(db), path_(std::move(path)) {}
  [[noreturn]] void fail(int rc, std::string_view sql) const;

  // Lets the cache be searched with a string_view without building a std::string.
  struct SqlHash {
    using is_transparent = void;
    size_t operator()(std::string_view sql) const { return std::hash<std::string_view>{}(sql); }
  };

  sqlite3* db_;
  const std::string path_;
  std::vector<std::unique_ptr<TextFunction>> functions_;
  std::unordered_map<std::string, Cached, SqlHash, std::equal_to<>> cache_;

  friend class Query;
};

// One use of a cached statement: bind, step through the rows, read columns. Resetting
// on destruction releases the statement's read snapshot and its bindings.
class Query : public db::Binding<Query> {
 public:
  Query(Query&& other) noexcept;
  Query& operator=(Query&&) = delete;
  ~Query();

  // Advances to the next row: true when a row is available, false when done.
  bool step();
  // Runs a statement that returns no rows (INSERT, UPDATE).
  void run();

  bool is_null(int col) const { return sqlite3_column_type(stmt_, col) == SQLITE_NULL; }
  int64_t int64(int col) const { return sqlite3_column_int64(stmt_, col); }
  Money money(int col) const { return Money{int64(col)}; }
  std::string text(int col) const;
  std::optional<std::string> optional_text(int col) const;
  std::string blob(int col) const;

 private:
  Query(const Db& db, sqlite3_stmt* stmt, bool* busy, std::string_view sql);

  friend class db::Binding<Query>;
  void bind_int64(int index, int64_t value);
  void bind_text(int index, std::string_view value);
  void bind_blob(int index, std::string_view bytes);
  void bind_null(int index);
  void check(int rc) const;

  const Db* db_;
  sqlite3_stmt* stmt_;
  bool* busy_;
  std::string_view sql_;

  friend class Db;
};

}  // namespace croupier::sqlite
