#include "db/postgres.hpp"

#include <cassert>
#include <cstdlib>
#include <utility>

namespace croupier::postgres {

namespace {

std::string sqlstate_of(const PGresult* result) {
  const char* state = result ? PQresultErrorField(result, PG_DIAG_SQLSTATE) : nullptr;
  return state ? state : "";
}

int hex_digit(char c) {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  if (c >= 'A' && c <= 'F') return c - 'A' + 10;
  return -1;
}

}  // namespace

std::string to_dollar_placeholders(std::string_view sql) {
  std::string out;
  out.reserve(sql.size() + 16);
  int next = 0;
  char quote = 0;  // ' or " while inside quoted text or an identifier
  for (size_t i = 0; i < sql.size(); ++i) {
    const char c = sql[i];
    if (quote) {
      out += c;
      if (c == quote) quote = 0;  // a doubled quote closes and reopens: same result
      continue;
    }
    if (c == '\'' || c == '"') {
      quote = c;
      out += c;
      continue;
    }
    if (c != '?') {
      out += c;
      continue;
    }
    size_t j = i + 1;
    while (j < sql.size() && sql[j] >= '0' && sql[j] <= '9') ++j;
    if (j > i + 1) {
      const int n = std::atoi(std::string(sql.substr(i + 1, j - i - 1)).c_str());
      next = std::max(next, n);
      out += '$';
      out += sql.substr(i + 1, j - i - 1);
      i = j - 1;
    } else {
      out += '$';
      out += std::to_string(++next);
    }
  }
  return out;
}

std::string text_array(const std::vector<std::string>& items) {
  std::string out = "{";
  for (const std::string& item : items) {
    if (out.size() > 1) out += ',';
    out += '"';
    for (char ch : item) {
      if (ch == '"' || ch == '\\') out += '\\';
      out += ch;
    }
    out += '"';
  }
  out += '}';
  return out;
}

std::unique_ptr<Db> Db::open(const std::string& conninfo) {
  PGconn* conn = PQconnectdb(conninfo.c_str());
  if (!conn || PQstatus(conn) != CONNECTION_OK) {
    std::string message = conn ? PQerrorMessage(conn) : "out of memory";
    if (conn) PQfinish(conn);
    while (!message.empty() && (message.back() == '\n' || message.back() == ' '))
      message.pop_back();
    throw Error("cannot connect to PostgreSQL: " + message, "");
  }
  auto db = std::unique_ptr<Db>(new Db(conn, conninfo));
  // blob() reads bytea in hex, whatever the server's or the role's default.
  db->exec("SET bytea_output = 'hex'");
  return db;
}

Db::Db(PGconn* conn, std::string conninfo) : conn_(conn), conninfo_(std::move(conninfo)) {
  const char* host = PQhost(conn_);
  const char* port = PQport(conn_);
  path_ = std::string("postgres database ") + PQdb(conn_) + " on " + (host ? host : "") + ":" +
          (port ? port : "");
}

Db::~Db() {
  PQfinish(conn_);
}

void Db::fail(const PGresult* result, std::string_view sql) const {
  std::string message = result ? PQresultErrorMessage(result) : PQerrorMessage(conn_);
  while (!message.empty() && (message.back() == '\n' || message.back() == ' ')) message.pop_back();
  throw Error(message + " in: " + std::string(sql), sqlstate_of(result));
}

void Db::exec(const char* sql) {
  PGresult* result = PQexec(conn_, sql);
  const ExecStatusType status = result ? PQresultStatus(result) : PGRES_FATAL_ERROR;
  if (status != PGRES_COMMAND_OK && status != PGRES_TUPLES_OK) {
    std::string state = sqlstate_of(result);
    std::string message = result ? PQresultErrorMessage(result) : PQerrorMessage(conn_);
    PQclear(result);
    while (!message.empty() && (message.back() == '\n' || message.back() == ' '))
      message.pop_back();
    throw Error(message + " in: " + sql, state);
  }
  PQclear(result);
}

Query Db::query(std::string_view sql) {
  auto it = prepared_.find(sql);
  if (it == prepared_.end()) {
    Prepared p{"s" + std::to_string(++statements_), 0};
    const std::string text = to_dollar_placeholders(sql);
    PGresult* result = PQprepare(conn_, p.name.c_str(), text.c_str(), 0, nullptr);
    if (!result || PQresultStatus(result) != PGRES_COMMAND_OK) {
      std::string state = sqlstate_of(result);
      std::string message = result ? PQresultErrorMessage(result) : PQerrorMessage(conn_);
      PQclear(result);
      throw Error(message + " in: " + std::string(sql), state);
    }
    PQclear(result);
    PGresult* described = PQdescribePrepared(conn_, p.name.c_str());
    if (!described || PQresultStatus(described) != PGRES_COMMAND_OK) {
      PQclear(described);
      fail(nullptr, sql);
    }
    p.params = PQnparams(described);
    PQclear(described);
    it = prepared_.emplace(std::string(sql), std::move(p)).first;
  }
  return Query(*this, it->second, it->first);
}

void Db::commit() {
  PGresult* result = PQexec(conn_, "COMMIT");
  const bool ok = result && PQresultStatus(result) == PGRES_COMMAND_OK;
  const std::string tag = ok ? PQcmdStatus(result) : "";
  if (!ok) {
    std::string state = sqlstate_of(result);
    std::string message = result ? PQresultErrorMessage(result) : PQerrorMessage(conn_);
    PQclear(result);
    while (!message.empty() && (message.back() == '\n' || message.back() == ' '))
      message.pop_back();
    throw Error(message + " in: COMMIT", state);
  }
  PQclear(result);
  if (tag != "COMMIT") throw Error("the transaction was rolled back, not committed", "40000");
}

std::optional<std::string> Db::scalar_text(std::string_view sql) {
  Query q = query(sql);
  if (!q.step() || q.is_null(0)) return std::nullopt;
  return q.text(0);
}

bool Db::in_transaction() const {
  const PGTransactionStatusType status = PQtransactionStatus(conn_);
  return status == PQTRANS_INTRANS || status == PQTRANS_INERROR;
}

// ---- Query ----------------------------------------------------------------------------

Query::Query(Db& db, const Db::Prepared& prepared, std::string_view sql)
    : db_(&db),
      prepared_(&prepared),
      sql_(sql),
      values_(static_cast<size_t>(prepared.params)),
      binary_(static_cast<size_t>(prepared.params), 0) {}

Query::Query(Query&& other) noexcept
    : db_(other.db_),
      prepared_(other.prepared_),
      sql_(other.sql_),
      values_(std::move(other.values_)),
      binary_(std::move(other.binary_)),
      result_(std::exchange(other.result_, nullptr)),
      row_(other.row_),
      executed_(other.executed_) {}

Query::~Query() {
  PQclear(result_);
}

void Query::set(int index, std::optional<std::string> value, bool binary) {
  assert(!executed_);
  if (index < 1 || index > static_cast<int>(values_.size())) {
    throw Error("parameter " + std::to_string(index) + " out of range in: " + std::string(sql_),
                "");
  }
  values_[static_cast<size_t>(index - 1)] = std::move(value);
  binary_[static_cast<size_t>(index - 1)] = binary ? 1 : 0;
}

void Query::execute() {
  executed_ = true;
  std::vector<const char*> values(values_.size());
  std::vector<int> lengths(values_.size());
  for (size_t i = 0; i < values_.size(); ++i) {
    if (!values_[i]) continue;
    values[i] = values_[i]->data();
    lengths[i] = static_cast<int>(values_[i]->size());
  }
  result_ = PQexecPrepared(db_->conn_, prepared_->name.c_str(), static_cast<int>(values.size()),
                           values.data(), lengths.data(), binary_.data(), 0);
  const ExecStatusType status = result_ ? PQresultStatus(result_) : PGRES_FATAL_ERROR;
  if (status != PGRES_COMMAND_OK && status != PGRES_TUPLES_OK) db_->fail(result_, sql_);
  const char* changed = PQcmdTuples(result_);
  db_->changes_ = changed && *changed ? std::strtoll(changed, nullptr, 10) : 0;
}

bool Query::step() {
  if (!executed_) execute();
  ++row_;
  return row_ < PQntuples(result_);
}

void Query::run() {
  if (!executed_) execute();
}

const char* Query::cell(int col) const {
  assert(result_ && row_ >= 0 && row_ < PQntuples(result_));
  return PQgetvalue(result_, row_, col);
}

bool Query::is_null(int col) const {
  return PQgetisnull(result_, row_, col) == 1;
}

int64_t Query::int64(int col) const {
  if (is_null(col)) return 0;
  const char* v = cell(col);
  // A boolean answer (t/f) reads as 1/0, as SQLite's would.
  if (v[0] == 't' && v[1] == 0) return 1;
  if (v[0] == 'f' && v[1] == 0) return 0;
  return std::strtoll(v, nullptr, 10);
}

std::string Query::text(int col) const {
  if (is_null(col)) return {};
  return std::string(cell(col), static_cast<size_t>(PQgetlength(result_, row_, col)));
}

std::optional<std::string> Query::optional_text(int col) const {
  if (is_null(col)) return std::nullopt;
  return text(col);
}

// bytea in text form is "\x" and two hex digits per byte.
std::string Query::blob(int col) const {
  if (is_null(col)) return {};
  const std::string hex = text(col);
  if (hex.size() < 2 || hex[0] != '\\' || hex[1] != 'x' || hex.size() % 2 != 0)
    throw Error("bytea not in hex form in: " + std::string(sql_), "");
  std::string out;
  out.reserve((hex.size() - 2) / 2);
  for (size_t i = 2; i + 1 < hex.size(); i += 2) {
    const int hi = hex_digit(hex[i]), lo = hex_digit(hex[i + 1]);
    if (hi < 0 || lo < 0) throw Error("malformed bytea in: " + std::string(sql_), "");
    out += static_cast<char>(hi * 16 + lo);
  }
  return out;
}

}  // namespace croupier::postgres
