// Settings: everything croupierd can be told at start-up.
//
// Each setting has a name (snake_case), and is read, in increasing precedence, from its
// default, the JSON config file (--config FILE or CROUPIER_CONFIG), the environment
// (CROUPIER_<NAME>, plus PORT and DATA_DIR), and the command line (--name value or
// --name=value; dashes and underscores are the same). Every limit is named *_max. A
// Settings value is immutable once loaded and safe to read from any thread.
#pragma once

#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "core/result.hpp"

namespace croupier::config {

struct Settings {
  // Network.
  std::string bind = "127.0.0.1";
  int port = 8080;         // 0 picks a free port (tests); see port_file
  std::string port_file;   // if set, the bound port is written there once listening
  std::string public_url;  // base of launch URLs; default http://<bind>:<port>
  std::vector<std::string> allowed_origins;  // extra origins allowed to open /ws
  bool secure_cookies = false;               // add Secure to cookies (behind TLS)
  // Cookies for a client framed by another site: SameSite=None; Secure; Partitioned.
  bool cross_site_embedding = false;

  // Files.
  std::string data_dir = "./var";
  // The ledger on PostgreSQL (a postgres:// URI, shared by a cluster's nodes); empty for
  // the SQLite file ledger.db in data_dir.
  std::string database;
  // This node's name in a cluster (labels /metrics); empty for a single node.
  std::string node_id;
  // A cluster (issue 17): the NATS servers its nodes talk through (nats://host:port, comma
  // separated); empty for a single node. Needs database (PostgreSQL) and node_id.
  std::string nats;
  // How long a node's hold on a table lasts without renewal (renewed every third of it):
  // the longest a table waits for another node after its owner died.
  int64_t lease_ttl_ms = 4000;
  std::string ledger_location() const {
    return database.empty() ? data_dir + "/ledger.db" : database;
  }
  // Players, sessions and settings (store/store.hpp): beside the ledger.
  std::string store_location() const { return database.empty() ? data_dir + "/app.db" : database; }
  std::string static_dir = "client/dist";
  // Live video (docs/studio.md): the tables' streams, each encoded by ffmpeg into
  // video_dir/<table>/ while watched; off: every table shows the client's drawn studio.
  bool video = true;
  std::string video_dir;          // default: data_dir/video
  std::string ffmpeg = "ffmpeg";  // the encoder program (found on PATH)
  int64_t video_idle_ms = 30000;  // a stream no one watched this long stops encoding
  int video_streams_max = 8;      // encoders at once (a third of a core each)
  std::string video_location() const { return video_dir.empty() ? data_dir + "/video" : video_dir; }
  // The statistics collector (docs/studio.md "Telemetry"): whether clients report their
  // playback, how often, and how many reports are kept (the newest; a week at most).
  bool capture_video_events = true;
  int64_t video_stats_interval_ms = 10000;
  size_t video_stats_rows_max = 100000;
  std::string casino_file;  // default: the casino.json installed beside the server data
  std::string rates_file;   // default: rates.json beside it

  // Process.
  int threads = 0;  // io threads; 0 = one per core
  std::string log_level = "info";
  std::optional<uint64_t> rng_seed;  // deterministic results, for tests only
  int64_t shutdown_grace_ms = 15000;

  // Table timings; 0 keeps each table's own value.
  int64_t betting_ms = 0;
  int64_t closing_soon_ms = 0;
  int64_t bets_closed_ms = 0;
  int64_t spin_ms = 0;
  int64_t result_ms = 0;
  int64_t next_game_ms = 0;
  int64_t timer_interval_ms = 0;

  // Sessions.
  int64_t session_idle_timeout_s = 1200;  // SPEC section 9: inactive session timeout 20 (min)
  int64_t launch_token_ttl_s = 300;
  int64_t operator_clock_skew_s = 300;  // accepted age of a signed operator request
  // Signs the players' tokens of the promotions socket (HS256); empty: a random one at start
  // (a cluster's nodes must share one).
  std::string token_secret;
  // A promotion period's prizes are paid this long after it ended (its last rounds settle).
  int64_t promo_prize_grace_ms = 60'000;
  // Operators' seamless wallets: credits and rollbacks left pending (by a restart, another
  // node) and cash held by their players are looked for this often.
  int64_t wallet_scan_ms = 5'000;
  // The header an edge proxy sets to the caller's country (docs/regulation.md "Location");
  // empty: no header is trusted and the launch's country counts.
  std::string country_header;

  // Bounds.
  size_t http_body_bytes_max = 64 * 1024;
  size_t http_header_bytes_max = 8 * 1024;
  size_t ws_message_bytes_max = 16 * 1024;
  size_t ws_send_queue_max = 1024;  // messages waiting for a slow client
  size_t ws_send_queue_bytes_max = 4 << 20;
  size_t ws_subscriptions_max = 16;
  size_t connections_max = 200000;
  size_t connection_refusals_max = 256;  // 503 answers pending at once (set at start-up)
  size_t ws_per_address_max = 1000;      // sockets from one address (an office behind one NAT)
  size_t ws_per_player_max = 8;          // sockets of one player (tabs, devices)
  size_t table_inbox_max = 10000;        // commands queued for one table
  size_t history_max = 512;              // events kept per table for resuming
  size_t history_bytes_max = size_t{8} << 20;  // and at most these bytes of them
  size_t ledger_batch_max = 512;
  size_t ledger_queue_max = 65536;

  // Rate limits (token buckets).
  double http_rate_per_s = 50;
  double http_burst = 100;
  double ws_rate_per_s = 20;
  double ws_burst = 40;
};

struct LoadedSettings {
  Settings settings;
  bool help = false;
  bool version = false;
  std::string command;  // "serve" (default), "ledger-check" or "hash-password"
};

// Reads settings from argv/envp (envp as in main's third argument). An unknown option,
// a bad value or an unreadable config file is an error message naming it.
Result<LoadedSettings, std::string> load_settings(int argc, const char* const* argv,
                                                  const char* const* envp);

// The --help text: usage, commands and every setting with its default.
std::string settings_help();

}  // namespace croupier::config
