// Binding: how a statement's parameters are bound, shared by sqlite::Query and
// postgres::Query (CRTP). The engine's Query provides four primitives, bind_int64,
// bind_text, bind_blob and bind_null (each taking the 1-based parameter index), and
// befriends Binding<Query>; every value the ledger and the store bind (integers, Money,
// text, Blob, nullopt, optional text) maps onto them here, once.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "core/money.hpp"

namespace croupier::db {

// Binds a value as bytes rather than text (fingerprints are raw digest bytes).
struct Blob {
  std::string_view bytes;
};

// "<head> VALUES <row>,<row>...<tail>" with `rows` rows: a multi-row INSERT (or any
// statement over a VALUES list). `row` is "(?,...)" with `columns` parameters unless given.
inline std::string values_sql(std::string_view head, int columns, size_t rows,
                              const char* row = nullptr, std::string_view tail = {}) {
  std::string plain = "(";
  for (int c = 0; c < columns; ++c) plain += c ? ",?" : "?";
  plain += ")";
  std::string sql(head);
  for (size_t r = 0; r < rows; ++r) sql += (r ? "," : " VALUES ") + (row ? row : plain);
  sql += tail;
  return sql;
}

template <class Query>
class Binding {
 public:
  // Binds the arguments to parameters 1..n in order.
  template <class... Args>
  Query& bind(const Args&... args) {
    return bind_from(1, args...);
  }

  // Binds the arguments to parameters first..first+n-1: one row of a multi-row INSERT.
  template <class... Args>
  Query& bind_from(int first, const Args&... args) {
    int index = first - 1;
    (bind_one(++index, args), ...);
    return self();
  }

 private:
  Query& self() { return static_cast<Query&>(*this); }

  void bind_one(int index, int64_t value) { self().bind_int64(index, value); }
  void bind_one(int index, int value) { self().bind_int64(index, value); }
  void bind_one(int index, Money value) { self().bind_int64(index, value.units); }
  void bind_one(int index, std::string_view value) { self().bind_text(index, value); }
  void bind_one(int index, const std::string& value) { self().bind_text(index, value); }
  void bind_one(int index, const char* value) { self().bind_text(index, value); }
  void bind_one(int index, Blob value) { self().bind_blob(index, value.bytes); }
  void bind_one(int index, std::nullopt_t) { self().bind_null(index); }
  void bind_one(int index, const std::optional<int64_t>& value) {
    if (value)
      self().bind_int64(index, *value);
    else
      self().bind_null(index);
  }
  void bind_one(int index, const std::optional<Money>& value) {
    if (value)
      self().bind_int64(index, value->units);
    else
      self().bind_null(index);
  }
  void bind_one(int index, const std::optional<std::string>& value) {
    if (value) {
      self().bind_text(index, *value);
    } else {
      self().bind_null(index);
    }
  }
};

}  // namespace croupier::db
