#include "core/log.hpp"

#include <atomic>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <ctime>
#include <mutex>

namespace croupier::log {

namespace {
std::atomic<int> g_level{static_cast<int>(Level::info)};
std::mutex g_write_mutex;

std::string_view level_name(Level l) {
  switch (l) {
    case Level::debug:
      return "debug";
    case Level::info:
      return "info";
    case Level::warn:
      return "warn";
    case Level::error:
      return "error";
  }
  return "info";
}

void append_timestamp(std::string& out) {
  auto now = std::chrono::system_clock::now();
  auto ms = std::chrono::duration_cast<std::chrono::milliseconds>(now.time_since_epoch()).count();
  std::time_t secs = static_cast<std::time_t>(ms / 1000);
  std::tm tm{};
  gmtime_r(&secs, &tm);
  char buf[64];
  std::snprintf(buf, sizeof buf, "%04d-%02d-%02dT%02d:%02d:%02d.%03dZ", tm.tm_year + 1900,
                tm.tm_mon + 1, tm.tm_mday, tm.tm_hour, tm.tm_min, tm.tm_sec,
                static_cast<int>(ms % 1000));
  out += buf;
}

struct ValueWriter {
  std::string& out;
  void operator()(std::string_view s) const { append_json_string(out, s); }
  void operator()(const std::string& s) const { append_json_string(out, s); }
  void operator()(int64_t v) const { out += std::to_string(v); }
  void operator()(uint64_t v) const { out += std::to_string(v); }
  void operator()(double v) const {
    if (!std::isfinite(v)) {
      out += "null";
      return;
    }
    char buf[32];
    std::snprintf(buf, sizeof buf, "%.6g", v);
    out += buf;
  }
  void operator()(bool v) const { out += v ? "true" : "false"; }
};
}  // namespace

void set_level(Level level) {
  g_level = static_cast<int>(level);
}

bool parse_level(std::string_view text, Level& out) {
  for (Level l : {Level::debug, Level::info, Level::warn, Level::error}) {
    if (text == level_name(l)) {
      out = l;
      return true;
    }
  }
  return false;
}

bool enabled(Level level) {
  return static_cast<int>(level) >= g_level.load();
}

void append_json_string(std::string& out, std::string_view text) {
  out += '"';
  for (unsigned char c : text) {
    switch (c) {
      case '"':
        out += "\\\"";
        break;
      case '\\':
        out += "\\\\";
        break;
      case '\n':
        out += "\\n";
        break;
      case '\r':
        out += "\\r";
        break;
      case '\t':
        out += "\\t";
        break;
      default:
        if (c < 0x20) {
          char buf[8];
          std::snprintf(buf, sizeof buf, "\\u%04x", c);
          out += buf;
        } else {
          out += static_cast<char>(c);
        }
    }
  }
  out += '"';
}

void write(Level level, std::string_view msg, std::initializer_list<Field> fields) {
  std::string line;
  line.reserve(128);
  line += "{\"ts\":\"";
  append_timestamp(line);
  line += "\",\"level\":\"";
  line += level_name(level);
  line += "\",\"msg\":";
  append_json_string(line, msg);
  for (const Field& f : fields) {
    line += ',';
    append_json_string(line, f.key);
    line += ':';
    std::visit(ValueWriter{line}, f.value);
  }
  line += "}\n";
  std::lock_guard lock(g_write_mutex);
  std::fwrite(line.data(), 1, line.size(), stderr);
}

}  // namespace croupier::log
