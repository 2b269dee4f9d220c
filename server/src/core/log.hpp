// Structured logging: one JSON object per line on standard error.
//
//   log::info("round settled", {{"table", id}, {"round", round}, {"bets", n}});
//
// prints {"ts":"2026-11-22T10:00:00.123Z","level":"info","msg":"round settled",
// "table":"rou-1","round":"rou-1-42","bets":3}. Lines below the configured level are
// dropped before any formatting. Thread-safe: each line is written whole.
#pragma once

#include <cstdint>
#include <initializer_list>
#include <string>
#include <string_view>
#include <variant>

namespace croupier::log {

enum class Level { debug = 0, info = 1, warn = 2, error = 3 };

struct Field {
  using Value = std::variant<std::string_view, std::string, int64_t, uint64_t, double, bool>;
  std::string_view key;
  Value value;

  Field(std::string_view k, std::string_view v) : key(k), value(v) {}
  Field(std::string_view k, const char* v) : key(k), value(std::string_view(v)) {}
  Field(std::string_view k, const std::string& v) : key(k), value(std::string_view(v)) {}
  Field(std::string_view k, int v) : key(k), value(static_cast<int64_t>(v)) {}
  Field(std::string_view k, long v) : key(k), value(static_cast<int64_t>(v)) {}
  Field(std::string_view k, long long v) : key(k), value(static_cast<int64_t>(v)) {}
  Field(std::string_view k, unsigned v) : key(k), value(static_cast<uint64_t>(v)) {}
  Field(std::string_view k, unsigned long v) : key(k), value(static_cast<uint64_t>(v)) {}
  Field(std::string_view k, unsigned long long v) : key(k), value(static_cast<uint64_t>(v)) {}
  Field(std::string_view k, double v) : key(k), value(v) {}
  Field(std::string_view k, bool v) : key(k), value(v) {}
};

void set_level(Level level);
bool parse_level(std::string_view text, Level& out);
bool enabled(Level level);
void write(Level level, std::string_view msg, std::initializer_list<Field> fields);

inline void debug(std::string_view msg, std::initializer_list<Field> f = {}) {
  if (enabled(Level::debug)) write(Level::debug, msg, f);
}
inline void info(std::string_view msg, std::initializer_list<Field> f = {}) {
  if (enabled(Level::info)) write(Level::info, msg, f);
}
inline void warn(std::string_view msg, std::initializer_list<Field> f = {}) {
  if (enabled(Level::warn)) write(Level::warn, msg, f);
}
inline void error(std::string_view msg, std::initializer_list<Field> f = {}) {
  if (enabled(Level::error)) write(Level::error, msg, f);
}

// Appends `text` to `out` as a JSON string literal, quotes included.
void append_json_string(std::string& out, std::string_view text);

}  // namespace croupier::log
