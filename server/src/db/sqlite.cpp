#include "db/sqlite.hpp"

#include <cassert>
#include <utility>

namespace croupier::sqlite {

std::unique_ptr<Db> Db::open(const std::string& path, Mode mode) {
  int flags = SQLITE_OPEN_NOMUTEX | SQLITE_OPEN_URI;
  flags |=
      mode == Mode::read_only ? SQLITE_OPEN_READONLY : SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE;
  sqlite3* raw = nullptr;
  int rc = sqlite3_open_v2(path.c_str(), &raw, flags, nullptr);
  if (rc != SQLITE_OK) {
    std::string message = raw ? sqlite3_errmsg(raw) : sqlite3_errstr(rc);
    sqlite3_close_v2(raw);
    throw Error("cannot open ledger database " + path + ": " + message, rc);
  }
  sqlite3_extended_result_codes(raw, 1);
  return std::unique_ptr<Db>(new Db(raw, path));
}

Db::~Db() {
  for (auto& [sql, cached] : cache_) {
    assert(!cached.busy);
    sqlite3_finalize(cached.stmt);
  }
  sqlite3_close_v2(db_);
}

void Db::copy_from(Db& source) {
  sqlite3_backup* backup = sqlite3_backup_init(db_, "main", source.db_, "main");
  if (!backup) fail(sqlite3_errcode(db_), "backup");
  const int rc = sqlite3_backup_step(backup, -1);
  sqlite3_backup_finish(backup);
  if (rc != SQLITE_DONE) fail(rc, "backup");
}

void Db::define_function(const std::string& name, TextFunction fn) {
  functions_.push_back(std::make_unique<TextFunction>(std::move(fn)));
  auto call = [](sqlite3_context* ctx, int, sqlite3_value** argv) {
    if (sqlite3_value_type(argv[0]) == SQLITE_NULL) return sqlite3_result_null(ctx);
    const auto* text = reinterpret_cast<const char*>(sqlite3_value_text(argv[0]));
    const auto& f = *static_cast<TextFunction*>(sqlite3_user_data(ctx));
    const std::string out =
        f(std::string_view(text ? text : "", static_cast<size_t>(sqlite3_value_bytes(argv[0]))));
    sqlite3_result_text(ctx, out.data(), static_cast<int>(out.size()), SQLITE_TRANSIENT);
  };
  int rc = sqlite3_create_function_v2(db_, name.c_str(), 1, SQLITE_UTF8 | SQLITE_DETERMINISTIC,
                                      functions_.back().get(), call, nullptr, nullptr, nullptr);
  if (rc != SQLITE_OK) fail(rc, "define function " + name);
}

void Db::fail(int rc, std::string_view sql) const {
  throw Error(std::string(sqlite3_errmsg(db_)) + " (" + std::string(sqlite3_errstr(rc)) +
                  ") in: " + std::string(sql),
              rc);
}

void Db::exec(const char* sql) {
  int rc = sqlite3_exec(db_, sql, nullptr, nullptr, nullptr);
  if (rc != SQLITE_OK) fail(rc, sql);
}

Query Db::query(std::string_view sql) {
  auto it = cache_.find(sql);
  if (it == cache_.end()) {
    sqlite3_stmt* stmt = nullptr;
    int rc = sqlite3_prepare_v3(db_, sql.data(), static_cast<int>(sql.size()),
                                SQLITE_PREPARE_PERSISTENT, &stmt, nullptr);
    if (rc != SQLITE_OK) fail(rc, sql);
    it = cache_.emplace(std::string(sql), Cached{stmt, false}).first;
  }
  // Borrowing a statement that is still in use would reset it under its first user.
  assert(!it->second.busy);
  it->second.busy = true;
  return Query(*this, it->second.stmt, &it->second.busy, it->first);
}

std::optional<std::string> Db::scalar_text(std::string_view sql) {
  Query q = query(sql);
  if (!q.step() || q.is_null(0)) return std::nullopt;
  return q.text(0);
}

Query::Query(const Db& db, sqlite3_stmt* stmt, bool* busy, std::string_view sql)
    : db_(&db), stmt_(stmt), busy_(busy), sql_(sql) {}

Query::Query(Query&& other) noexcept
    : db_(other.db_),
      stmt_(std::exchange(other.stmt_, nullptr)),
      busy_(other.busy_),
      sql_(other.sql_) {}

Query::~Query() {
  if (!stmt_) return;
  sqlite3_reset(stmt_);
  sqlite3_clear_bindings(stmt_);
  *busy_ = false;
}

void Query::check(int rc) const {
  if (rc != SQLITE_OK) db_->fail(rc, sql_);
}

void Query::bind_int64(int index, int64_t value) {
  check(sqlite3_bind_int64(stmt_, index, value));
}

void Query::bind_text(int index, std::string_view value) {
  check(
      sqlite3_bind_text64(stmt_, index, value.data(), value.size(), SQLITE_TRANSIENT, SQLITE_UTF8));
}

void Query::bind_blob(int index, std::string_view bytes) {
  check(sqlite3_bind_blob64(stmt_, index, bytes.data(), bytes.size(), SQLITE_TRANSIENT));
}

void Query::bind_null(int index) {
  check(sqlite3_bind_null(stmt_, index));
}

bool Query::step() {
  int rc = sqlite3_step(stmt_);
  if (rc == SQLITE_ROW) return true;
  if (rc == SQLITE_DONE) return false;
  db_->fail(rc, sql_);
}

void Query::run() {
  while (step()) {
  }
}

std::string Query::text(int col) const {
  const auto* p = reinterpret_cast<const char*>(sqlite3_column_text(stmt_, col));
  if (!p) return {};
  return std::string(p, static_cast<size_t>(sqlite3_column_bytes(stmt_, col)));
}

std::optional<std::string> Query::optional_text(int col) const {
  if (is_null(col)) return std::nullopt;
  return text(col);
}

std::string Query::blob(int col) const {
  const auto* p = static_cast<const char*>(sqlite3_column_blob(stmt_, col));
  if (!p) return {};
  return std::string(p, static_cast<size_t>(sqlite3_column_bytes(stmt_, col)));
}

}  // namespace croupier::sqlite
