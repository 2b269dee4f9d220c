// Test harness for integration tests: starts the real croupierd as a child process on a
// loopback port with its own data directory, and talks to it through real sockets.
//
// ServerProcess, HttpClient and WsClient are for one test thread each; nothing here is
// thread-safe.
#pragma once

#include <sys/types.h>

#include <boost/asio/io_context.hpp>
#include <boost/beast/core.hpp>
#include <boost/beast/websocket.hpp>
#include <boost/json.hpp>
#include <chrono>
#include <deque>
#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace croupier::testing {

namespace json = boost::json;
using namespace std::chrono_literals;

// A fresh, empty directory under the system's temp dir.
std::string make_temp_dir(const std::string& prefix);

class ServerProcess {
 public:
  // Fast timings by default so that a round takes about two seconds; `extra` overrides.
  explicit ServerProcess(std::string data_dir, std::vector<std::string> extra = {});
  ~ServerProcess();

  // Starts croupierd and waits until /readyz answers 200.
  void start();
  // The same in two steps, so that several servers start together (a cluster's nodes).
  void launch();
  void wait_until_ready();
  // Sends `signal` and waits for the exit; returns the exit status (or 128+signal).
  int stop(int signal = 15);
  void kill_hard();  // SIGKILL, as a crash
  bool running() const { return pid_ > 0; }
  uint16_t port() const { return port_; }
  const std::string& data_dir() const { return data_dir_; }
  const std::string& log_path() const { return log_path_; }

 private:
  std::string data_dir_;
  std::vector<std::string> extra_;
  std::string log_path_;
  pid_t pid_ = -1;
  uint16_t port_ = 0;
};

// The reference operator wallet (croupier-wallet) on a free loopback port, as a process.
class WalletProcess {
 public:
  explicit WalletProcess(const std::string& secret, const std::string& balance = "0.00");
  ~WalletProcess();
  uint16_t port() const { return port_; }
  std::string url() const { return "http://127.0.0.1:" + std::to_string(port_) + "/wallet"; }
  // Its admin API (wallet/reference_wallet.hpp).
  void player(const std::string& id, const std::string& balance,
              const std::string& status = "active");
  void faults(const json::object& faults);
  int64_t balance_units(const std::string& id);  // 1/100000 units
  json::array transactions();

 private:
  std::string dir_;
  pid_t pid_ = -1;
  uint16_t port_ = 0;
};

// Runs `croupierd args...` to completion; returns the exit code and standard output.
std::pair<int, std::string> run_croupierd(const std::vector<std::string>& args);

struct HttpResponse {
  int status = 0;
  std::string body;
  std::multimap<std::string, std::string> headers;  // lower-case names
  json::value json() const;
  std::string header(const std::string& name) const;
};

// A browser-like client: keeps cookies and repeats the anti-forgery cookie in the
// X-XSRF-TOKEN header on non-GET requests (unless told not to).
class HttpClient {
 public:
  explicit HttpClient(uint16_t port) : port_(port) {}

  HttpResponse get(const std::string& target);
  HttpResponse post(const std::string& target, const std::string& body,
                    const std::string& content_type = "application/json", bool with_xsrf = true,
                    const std::map<std::string, std::string>& headers = {});
  HttpResponse request(const std::string& method, const std::string& target,
                       const std::string& body, const std::map<std::string, std::string>& headers);

  std::string cookie(const std::string& name) const;
  void set_cookie(const std::string& name, const std::string& value) { cookies_[name] = value; }
  void clear_cookies() { cookies_.clear(); }
  // A header sent with every request from now on (an edge proxy's country header, ...).
  void set_header(const std::string& name, const std::string& value) { headers_[name] = value; }
  // Opens "/" (which makes a demo guest), then loads the anti-forgery cookie.
  void become_guest();
  uint16_t port() const { return port_; }

 private:
  uint16_t port_;
  std::map<std::string, std::string> cookies_;
  std::map<std::string, std::string> headers_;
};

class WsClient {
 public:
  // Connects to /ws (or `target`) with the given session cookie (empty: none). A refused
  // handshake throws.
  WsClient(uint16_t port, const std::string& session_id, const std::string& origin = {},
           const std::string& target = "/ws",
           const std::map<std::string, std::string>& headers = {});
  ~WsClient();

  void send(const std::string& text);
  // The next message, or nullopt after `timeout`.
  std::optional<json::object> next(std::chrono::milliseconds timeout = 5s);
  // Every message already arrived, without waiting (for tests that pump many sockets).
  std::vector<json::object> poll();
  // Skips messages until one satisfies `pred`; fails the test after `timeout`.
  json::object wait_for(const std::function<bool(const json::object&)>& pred,
                        std::chrono::milliseconds timeout = 15s);
  json::object wait_type(const std::string& type, std::chrono::milliseconds timeout = 15s);
  // Every message received so far (including those skipped by wait_for).
  const std::vector<json::object>& seen() const { return seen_; }
  bool closed() const { return closed_; }
  // The server's close frame, once closed by it: its code (1008: a policy) and reason.
  int close_code() const { return close_code_; }
  const std::string& close_text() const { return close_text_; }
  void close();

 private:
  void start_read();
  boost::asio::io_context io_;
  boost::beast::websocket::stream<boost::beast::tcp_stream> ws_;
  boost::beast::flat_buffer buffer_;
  std::deque<json::object> inbox_;
  std::vector<json::object> seen_;
  bool reading_ = false;
  bool closed_ = false;
  int close_code_ = 0;
  std::string close_text_;
};

// A demo guest with an open socket subscribed to a table: the usual start of a test.
struct Player {
  HttpClient http;
  std::string session;
  std::string id;
  std::unique_ptr<WsClient> ws;
};
Player join_as_guest(uint16_t port, const std::string& table_id);

// Starts croupierd on its own casino file (written to a fresh data directory, with the
// repository's swear-word list beside it) with the
// given extra flags; the casino's tables are what the test plays.
std::unique_ptr<ServerProcess> start_with_casino(const std::string& prefix,
                                                 const std::string& casino_json,
                                                 std::vector<std::string> extra = {});
// Stops the server (it must exit 0) and checks its ledger: every bet recorded once and
// every currency summing to zero. For a test's TearDown. `database`: the server's
// --database flag and value, when its ledger is on PostgreSQL.
void stop_and_check_ledger(ServerProcess& server, const std::vector<std::string>& database = {});

// A signed operator request, as an operator's backend sends it (a timestamp is added when
// the body has none).
HttpResponse operator_post(HttpClient& http, const std::string& path, json::object body,
                           const std::string& secret);

// "<pbet .../>" with the given bets (code, amount).
std::string pbet_xml(const std::string& verb, const std::string& table, const std::string& game_id,
                     const std::string& user, const std::string& request_id,
                     const std::vector<std::pair<std::string, std::string>>& bets);

// Amount text ("12.50") to 1/100000 units; fails the test on bad text.
int64_t units(const json::value& amount_text);

// True when a socket message's "type" is `type`.
bool is_type(const json::object& message, std::string_view type);

// The player's balance (GET /api/ui/balance) in 1/100000 units.
int64_t balance_of(HttpClient& http);

}  // namespace croupier::testing
