#include "config/settings.hpp"

#include <boost/json.hpp>
#include <cctype>
#include <charconv>
#include <cstring>
#include <fstream>
#include <sstream>

#ifndef CROUPIER_SHARE_DIR
#define CROUPIER_SHARE_DIR "server/data"
#endif

namespace croupier::config {

namespace {

using Setter = std::function<std::optional<std::string>(Settings&, const std::string&)>;

struct Option {
  std::string name;
  std::string help;
  std::string default_text;
  Setter set;
};

template <class Int>
std::optional<std::string> parse_int(const std::string& text, Int& out, Int min, Int max) {
  Int value{};
  auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (ec != std::errc() || end != text.data() + text.size() || value < min || value > max) {
    return "expects a whole number from " + std::to_string(min) + " to " + std::to_string(max);
  }
  out = value;
  return std::nullopt;
}

std::optional<std::string> parse_double(const std::string& text, double& out, double min) {
  char* end = nullptr;
  double v = std::strtod(text.c_str(), &end);
  if (text.empty() || *end != '\0' || !(v >= min) || v > 1e9) {
    return "expects a number of at least " + std::to_string(min);
  }
  out = v;
  return std::nullopt;
}

std::optional<std::string> parse_bool(const std::string& text, bool& out) {
  if (text == "true" || text == "1" || text == "yes")
    out = true;
  else if (text == "false" || text == "0" || text == "no")
    out = false;
  else
    return "expects true or false";
  return std::nullopt;
}

template <class Int>
Option int_option(std::string name, std::string help, Int Settings::*field, Int min, Int max) {
  Settings defaults;
  return {std::move(name), std::move(help), std::to_string(defaults.*field),
          [field, min, max](Settings& s, const std::string& v) {
            return parse_int(v, s.*field, min, max);
          }};
}

Option string_option(std::string name, std::string help, std::string Settings::*field) {
  Settings defaults;
  return {std::move(name), std::move(help), defaults.*field,
          [field](Settings& s, const std::string& v) -> std::optional<std::string> {
            s.*field = v;
            return std::nullopt;
          }};
}

Option double_option(std::string name, std::string help, double Settings::*field, double min) {
  Settings defaults;
  std::ostringstream d;
  d << defaults.*field;
  return {
      std::move(name), std::move(help), d.str(),
      [field, min](Settings& s, const std::string& v) { return parse_double(v, s.*field, min); }};
}

const std::vector<Option>& options() {
  static const std::vector<Option> all = [] {
    constexpr int64_t kDay = 86'400'000;
    constexpr size_t kBig = size_t{1} << 40;
    std::vector<Option> o;
    o.push_back(string_option("bind", "address to listen on", &Settings::bind));
    o.push_back(int_option("port", "TCP port; 0 picks a free one", &Settings::port, 0, 65535));
    o.push_back(
        string_option("port_file", "write the bound port to this file", &Settings::port_file));
    o.push_back(string_option("public_url", "base URL of launch links (default http://bind:port)",
                              &Settings::public_url));
    o.push_back({"allowed_origins", "comma-separated extra origins allowed to open /ws", "",
                 [](Settings& s, const std::string& v) -> std::optional<std::string> {
                   s.allowed_origins.clear();
                   std::stringstream in(v);
                   for (std::string item; std::getline(in, item, ',');)
                     if (!item.empty()) s.allowed_origins.push_back(item);
                   return std::nullopt;
                 }});
    o.push_back(
        {"secure_cookies", "mark cookies Secure (serve behind TLS)", "false",
         [](Settings& s, const std::string& v) { return parse_bool(v, s.secure_cookies); }});
    o.push_back({"cross_site_embedding",
                 "cookies usable in an operator's frame on another site (SameSite=None; "
                 "Partitioned); needs secure_cookies",
                 "false", [](Settings& s, const std::string& v) {
                   return parse_bool(v, s.cross_site_embedding);
                 }});
    o.push_back(string_option("data_dir", "directory for the databases", &Settings::data_dir));
    o.push_back(string_option("country_header",
                              "a request header the edge proxy sets to the caller's country "
                              "(such as CF-IPCountry), trusted for location rules; empty: none",
                              &Settings::country_header));
    o.push_back({"node_id",
                 "this node's name in a cluster (letters, digits, - and _): every /metrics series "
                 "is labelled node=\"…\"; empty for a single node",
                 "", [](Settings& s, const std::string& v) -> std::optional<std::string> {
                   if (v.size() > 64) return "expects at most 64 characters";
                   for (char c : v) {
                     if (!std::isalnum(static_cast<unsigned char>(c)) && c != '-' && c != '_')
                       return "expects letters, digits, - and _";
                   }
                   s.node_id = v;
                   return std::nullopt;
                 }});
    o.push_back({"nats",
                 "a cluster's NATS servers (nats://host:port, comma separated): the node runs "
                 "the tables whose lease it holds and reaches the others through them; needs "
                 "database (PostgreSQL) and node_id. Empty for a single node",
                 "", [](Settings& s, const std::string& v) -> std::optional<std::string> {
                   if (!v.empty() && !v.starts_with("nats://"))
                     return "expects nats://host:port[,nats://…], or nothing for one node";
                   s.nats = v;
                   return std::nullopt;
                 }});
    o.push_back(int_option("lease_ttl_ms",
                           "a cluster node's hold on a table without renewal (the longest a table "
                           "waits for another node after its owner died)",
                           &Settings::lease_ttl_ms, int64_t{1000}, int64_t{60000}));
    o.push_back({"database",
                 "the ledger's database: empty for the SQLite file ledger.db in data_dir, or a "
                 "PostgreSQL URI (postgres://user:password@host:port/name)",
                 "", [](Settings& s, const std::string& v) -> std::optional<std::string> {
                   if (!v.empty() && !v.starts_with("postgres://") &&
                       !v.starts_with("postgresql://"))
                     return "expects a postgres:// or postgresql:// URI, or nothing for SQLite";
                   s.database = v;
                   return std::nullopt;
                 }});
    o.push_back(string_option("static_dir", "built client to serve", &Settings::static_dir));
    o.push_back({"video",
                 "stream the tables that have video (docs/studio.md) with ffmpeg; false: every "
                 "table shows the drawn studio",
                 "true", [](Settings& s, const std::string& v) { return parse_bool(v, s.video); }});
    o.push_back(string_option("video_dir",
                              "where the tables' streams are written (default "
                              "data_dir/video)",
                              &Settings::video_dir));
    o.push_back(string_option("ffmpeg", "the video encoder program", &Settings::ffmpeg));
    o.push_back(
        {"capture_video_events", "clients report their video playback to the statistics collector",
         "true",
         [](Settings& s, const std::string& v) { return parse_bool(v, s.capture_video_events); }});
    o.push_back(int_option("video_stats_interval_ms", "how often a client reports its playback",
                           &Settings::video_stats_interval_ms, int64_t{1000}, int64_t{600000}));
    o.push_back(int_option("video_stats_rows_max", "playback reports kept (the newest)",
                           &Settings::video_stats_rows_max, size_t{10}, kBig));
    o.push_back(int_option("video_streams_max",
                           "tables' video encoded at once (about a third of a core each)",
                           &Settings::video_streams_max, 1, 1000));
    o.push_back(int_option("video_idle_ms",
                           "a table's stream stops encoding when no one watched it this long",
                           &Settings::video_idle_ms, int64_t{1000}, int64_t{3'600'000}));
    o.push_back({"casino_file", "operators and tables (JSON)", CROUPIER_SHARE_DIR "/casino.json",
                 [](Settings& s, const std::string& v) -> std::optional<std::string> {
                   s.casino_file = v;
                   return std::nullopt;
                 }});
    o.push_back({"rates_file", "exchange rates (JSON)", CROUPIER_SHARE_DIR "/rates.json",
                 [](Settings& s, const std::string& v) -> std::optional<std::string> {
                   s.rates_file = v;
                   return std::nullopt;
                 }});
    o.push_back(int_option("threads", "I/O threads; 0 = one per core", &Settings::threads, 0, 256));
    o.push_back({"log_level", "debug, info, warn or error", "info",
                 [](Settings& s, const std::string& v) -> std::optional<std::string> {
                   if (v != "debug" && v != "info" && v != "warn" && v != "error")
                     return "expects debug, info, warn or error";
                   s.log_level = v;
                   return std::nullopt;
                 }});
    o.push_back({"rng_seed", "deterministic results (tests only; never in production)", "",
                 [](Settings& s, const std::string& v) -> std::optional<std::string> {
                   uint64_t seed = 0;
                   if (auto e = parse_int<uint64_t>(v, seed, 0, UINT64_MAX)) return e;
                   s.rng_seed = seed;
                   return std::nullopt;
                 }});
    o.push_back(int_option("shutdown_grace_ms", "time allowed to finish rounds on SIGTERM",
                           &Settings::shutdown_grace_ms, int64_t{0}, kDay));
    o.push_back(int_option("betting_ms", "bets open (0 = per table)", &Settings::betting_ms,
                           int64_t{0}, kDay));
    o.push_back(int_option("closing_soon_ms", "closing-soon warning before bets close",
                           &Settings::closing_soon_ms, int64_t{0}, kDay));
    o.push_back(int_option("bets_closed_ms", "bets closed before the spin",
                           &Settings::bets_closed_ms, int64_t{0}, kDay));
    o.push_back(
        int_option("spin_ms", "waiting for the result", &Settings::spin_ms, int64_t{0}, kDay));
    o.push_back(
        int_option("result_ms", "result on screen", &Settings::result_ms, int64_t{0}, kDay));
    o.push_back(int_option("next_game_ms", "pause before the next round", &Settings::next_game_ms,
                           int64_t{0}, kDay));
    o.push_back(int_option("timer_interval_ms", "timer events while bets are open",
                           &Settings::timer_interval_ms, int64_t{0}, kDay));
    o.push_back(int_option("session_idle_timeout_s", "a session expires after this idle time",
                           &Settings::session_idle_timeout_s, int64_t{1}, int64_t{30} * 86400));
    o.push_back(int_option("launch_token_ttl_s", "lifetime of a one-time launch token",
                           &Settings::launch_token_ttl_s, int64_t{1}, int64_t{86400}));
    o.push_back(string_option("token_secret",
                              "secret of the players' promotion tokens (a cluster shares one; "
                              "default: random at start)",
                              &Settings::token_secret));
    o.push_back(int_option("promo_prize_grace_ms",
                           "wait after a promotion period ends before paying its prizes",
                           &Settings::promo_prize_grace_ms, int64_t{0}, int64_t{86'400'000}));
    o.push_back(int_option("wallet_scan_ms",
                           "between two scans for operators' wallet calls left pending",
                           &Settings::wallet_scan_ms, int64_t{50}, int64_t{3'600'000}));
    o.push_back(int_option("operator_clock_skew_s", "accepted age of a signed operator request",
                           &Settings::operator_clock_skew_s, int64_t{1}, int64_t{86400}));
    o.push_back(int_option("http_body_bytes_max", "largest request body",
                           &Settings::http_body_bytes_max, size_t{1024}, kBig));
    o.push_back(int_option("http_header_bytes_max", "largest request header block",
                           &Settings::http_header_bytes_max, size_t{1024}, kBig));
    o.push_back(int_option("ws_message_bytes_max", "largest WebSocket message",
                           &Settings::ws_message_bytes_max, size_t{256}, kBig));
    o.push_back(int_option("ws_send_queue_max", "messages queued for one client",
                           &Settings::ws_send_queue_max, size_t{1}, kBig));
    o.push_back(int_option("ws_send_queue_bytes_max", "bytes queued for one client",
                           &Settings::ws_send_queue_bytes_max, size_t{1024}, kBig));
    o.push_back(int_option("ws_subscriptions_max", "channels one connection may follow",
                           &Settings::ws_subscriptions_max, size_t{1}, size_t{1024}));
    o.push_back(int_option("connections_max", "open connections", &Settings::connections_max,
                           size_t{1}, kBig));
    o.push_back(int_option("ws_per_address_max", "open WebSockets from one client address",
                           &Settings::ws_per_address_max, size_t{1}, kBig));
    o.push_back(int_option("ws_per_player_max", "open WebSockets of one player",
                           &Settings::ws_per_player_max, size_t{1}, size_t{1024}));
    o.push_back(int_option("table_inbox_max", "commands queued for one table",
                           &Settings::table_inbox_max, size_t{1}, kBig));
    o.push_back(int_option("history_max", "events kept per table for resuming",
                           &Settings::history_max, size_t{1}, size_t{1} << 20));
    o.push_back(int_option("history_bytes_max",
                           "bytes of events kept per table for resuming (fewer events when "
                           "they come to more)",
                           &Settings::history_bytes_max, size_t{1}, size_t{1} << 40));
    o.push_back(int_option("ledger_batch_max", "operations per ledger transaction",
                           &Settings::ledger_batch_max, size_t{1}, size_t{1} << 20));
    o.push_back(int_option("ledger_queue_max", "operations queued for the ledger",
                           &Settings::ledger_queue_max, size_t{1}, kBig));
    o.push_back(double_option("http_rate_per_s", "HTTP requests per second per client address",
                              &Settings::http_rate_per_s, 0.001));
    o.push_back(
        double_option("http_burst", "HTTP burst per client address", &Settings::http_burst, 1));
    o.push_back(double_option("ws_rate_per_s", "socket commands per second per connection",
                              &Settings::ws_rate_per_s, 0.001));
    o.push_back(
        double_option("ws_burst", "socket command burst per connection", &Settings::ws_burst, 1));
    return o;
  }();
  return all;
}

std::string normalise(std::string name) {
  for (char& c : name)
    if (c == '-') c = '_';
  return name;
}

const Option* find_option(const std::string& name) {
  for (const auto& o : options())
    if (o.name == name) return &o;
  return nullptr;
}

std::optional<std::string> apply(Settings& s, const std::string& name, const std::string& value,
                                 const std::string& source) {
  const Option* o = find_option(name);
  if (!o) return source + ": unknown setting '" + name + "' (see --help)";
  if (auto e = o->set(s, value)) return source + ": " + name + " " + *e + ", got '" + value + "'";
  return std::nullopt;
}

std::optional<std::string> apply_file(Settings& s, const std::string& path) {
  std::ifstream in(path);
  if (!in) return "cannot read config file " + path;
  std::stringstream buf;
  buf << in.rdbuf();
  boost::system::error_code ec;
  boost::json::value doc = boost::json::parse(buf.str(), ec);
  if (ec || !doc.is_object()) return "config file " + path + " is not a JSON object";
  for (const auto& [key, value] : doc.as_object()) {
    std::string text;
    if (value.is_string())
      text = std::string(value.as_string());
    else if (value.is_bool())
      text = value.as_bool() ? "true" : "false";
    else if (value.is_array()) {
      for (const auto& item : value.as_array()) {
        if (!item.is_string()) return path + ": " + std::string(key) + " must list strings";
        text += (text.empty() ? "" : ",") + std::string(item.as_string());
      }
    } else if (value.is_number())
      text = boost::json::serialize(value);
    else
      return path + ": " + std::string(key) + " has an unsupported value";
    if (auto e = apply(s, std::string(key), text, path)) return e;
  }
  return std::nullopt;
}

std::string upper(std::string s) {
  for (char& c : s) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
  return s;
}

}  // namespace

Result<LoadedSettings, std::string> load_settings(int argc, const char* const* argv,
                                                  const char* const* envp) {
  LoadedSettings out;
  out.command = "serve";
  out.settings.casino_file = CROUPIER_SHARE_DIR "/casino.json";
  out.settings.rates_file = CROUPIER_SHARE_DIR "/rates.json";

  // Split the command line into flags first; the config file comes before everything.
  std::vector<std::pair<std::string, std::string>> flags;
  std::string config_file;
  for (int i = 1; i < argc; ++i) {
    std::string arg = argv[i];
    if (arg == "--help" || arg == "-h") {
      out.help = true;
      continue;
    }
    if (arg == "--version") {
      out.version = true;
      continue;
    }
    if (arg.rfind("--", 0) != 0) {
      if (i == 1 && (arg == "serve" || arg == "ledger-check" || arg == "hash-password")) {
        out.command = arg;
        continue;
      }
      return std::string("unexpected argument '") + arg + "' (see --help)";
    }
    std::string name = arg.substr(2), value;
    if (auto eq = name.find('='); eq != std::string::npos) {
      value = name.substr(eq + 1);
      name = name.substr(0, eq);
    } else if (i + 1 < argc) {
      value = argv[++i];
    } else {
      return "--" + name + " needs a value";
    }
    name = normalise(name);
    if (name == "config")
      config_file = value;
    else
      flags.emplace_back(name, value);
  }

  std::vector<std::pair<std::string, std::string>> env;
  for (const char* const* e = envp; e && *e; ++e) {
    std::string entry = *e;
    auto eq = entry.find('=');
    if (eq == std::string::npos) continue;
    env.emplace_back(entry.substr(0, eq), entry.substr(eq + 1));
  }
  if (config_file.empty()) {
    for (const auto& [k, v] : env)
      if (k == "CROUPIER_CONFIG") config_file = v;
  }

  Settings& s = out.settings;
  if (!config_file.empty()) {
    if (auto e = apply_file(s, config_file)) return *e;
  }
  for (const auto& [k, v] : env) {
    if (v.empty()) continue;
    if (k == "PORT") {
      if (auto e = apply(s, "port", v, "environment PORT")) return *e;
    } else if (k == "DATA_DIR") {
      if (auto e = apply(s, "data_dir", v, "environment DATA_DIR")) return *e;
    }
  }
  for (const auto& o : options()) {
    std::string key = "CROUPIER_" + upper(o.name);
    for (const auto& [k, v] : env) {
      if (k != key) continue;
      if (auto e = apply(s, o.name, v, "environment " + key)) return *e;
    }
  }
  for (const auto& [name, value] : flags) {
    if (auto e = apply(s, name, value, "--" + name)) return *e;
  }
  if (!s.nats.empty() && (s.database.empty() || s.node_id.empty()))
    return std::string("nats (a cluster) needs database (PostgreSQL, shared) and node_id");
  // Browsers drop SameSite=None cookies that are not Secure.
  if (s.cross_site_embedding && !s.secure_cookies)
    return std::string("cross_site_embedding needs secure_cookies (cookies over TLS)");
  return out;
}

std::string settings_help() {
  std::string text =
      "croupierd: the Croupier live-casino game server.\n"
      "\n"
      "Usage:\n"
      "  croupierd [serve] [--setting value ...]   run the server (the default)\n"
      "  croupierd ledger-check [--data-dir DIR | --database URI]\n"
      "                                            verify the ledger and exit (0 = sound)\n"
      "  croupierd hash-password                   read a password from standard input and\n"
      "                                            print its hash (the studio's staff)\n"
      "  croupierd --help | --version\n"
      "\n"
      "Settings are read from their default, then --config FILE (or CROUPIER_CONFIG), a JSON\n"
      "object of the names below, then the environment as CROUPIER_<NAME> (PORT and DATA_DIR\n"
      "also work), then the command line as --name value or --name=value.\n"
      "\n";
  for (const auto& o : options()) {
    std::string flag = "  --" + o.name;
    for (char& c : flag)
      if (c == '_') c = '-';
    text += flag;
    text += std::string(flag.size() < 28 ? 28 - flag.size() : 1, ' ');
    text += o.help;
    if (!o.default_text.empty()) text += " [" + o.default_text + "]";
    text += "\n";
  }
  return text;
}

}  // namespace croupier::config
