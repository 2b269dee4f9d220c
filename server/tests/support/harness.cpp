#include "support/harness.hpp"

#include <fcntl.h>
#include <gtest/gtest.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <boost/asio/connect.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/beast/http.hpp>
#include <filesystem>
#include <fstream>
#include <random>
#include <sstream>
#include <thread>

#include "core/crypto.hpp"
#include "core/money.hpp"

#ifndef CROUPIERD_PATH
#error "CROUPIERD_PATH must name the croupierd binary"
#endif

namespace croupier::testing {

namespace asio = boost::asio;
namespace beast = boost::beast;
namespace http = beast::http;
namespace websocket = beast::websocket;
using tcp = asio::ip::tcp;

std::string make_temp_dir(const std::string& prefix) {
  std::string pattern = (std::filesystem::temp_directory_path() / (prefix + "-XXXXXX")).string();
  std::vector<char> buf(pattern.begin(), pattern.end());
  buf.push_back('\0');
  if (!::mkdtemp(buf.data())) throw std::runtime_error("mkdtemp failed");
  return std::string(buf.data());
}

// ---- ServerProcess --------------------------------------------------------------------

ServerProcess::ServerProcess(std::string data_dir, std::vector<std::string> extra)
    : data_dir_(std::move(data_dir)),
      extra_(std::move(extra)),
      log_path_(data_dir_ + "/croupierd.log") {}

ServerProcess::~ServerProcess() {
  if (pid_ > 0) kill_hard();
}

void ServerProcess::launch() {
  const std::string port_file = data_dir_ + "/port";
  std::filesystem::remove(port_file);
  std::vector<std::string> args = {
      CROUPIERD_PATH, "--port", "0", "--port-file", port_file, "--data-dir", data_dir_,
      "--static-dir", data_dir_ + "/no-client", "--betting-ms", "1500", "--closing-soon-ms", "500",
      "--bets-closed-ms", "100", "--spin-ms", "300", "--result-ms", "200", "--next-game-ms", "100",
      "--timer-interval-ms", "500", "--rng-seed", "20261122", "--http-rate-per-s", "10000",
      "--http-burst", "10000", "--ws-rate-per-s", "10000", "--ws-burst", "10000",
      "--shutdown-grace-ms", "5000",
      // No encoder unless a test asks for video (--video true).
      "--video", "false"};
  args.insert(args.end(), extra_.begin(), extra_.end());
  pid_ = ::fork();
  if (pid_ == 0) {
    int fd = ::open(log_path_.c_str(), O_WRONLY | O_CREAT | O_APPEND, 0644);
    if (fd >= 0) {
      ::dup2(fd, 1);
      ::dup2(fd, 2);
    }
    std::vector<char*> argv;
    for (auto& a : args) argv.push_back(a.data());
    argv.push_back(nullptr);
    ::execv(argv[0], argv.data());
    ::_exit(127);
  }
  ASSERT_GT(pid_, 0) << "fork failed";
}

void ServerProcess::start() {
  launch();
  wait_until_ready();
}

void ServerProcess::wait_until_ready() {
  const std::string port_file = data_dir_ + "/port";
  const auto deadline = std::chrono::steady_clock::now() + 20s;
  while (std::chrono::steady_clock::now() < deadline) {
    int status = 0;
    if (::waitpid(pid_, &status, WNOHANG) == pid_) {
      pid_ = -1;
      FAIL() << "croupierd exited during start-up; see " << log_path_;
    }
    std::ifstream in(port_file);
    int port = 0;
    if (in >> port && port > 0) {
      port_ = static_cast<uint16_t>(port);
      try {
        if (HttpClient(port_).get("/readyz").status == 200) return;
      } catch (...) {
      }
    }
    std::this_thread::sleep_for(20ms);
  }
  FAIL() << "croupierd did not become ready; see " << log_path_;
}

int ServerProcess::stop(int signal) {
  if (pid_ <= 0) return -1;
  ::kill(pid_, signal);
  int status = 0;
  ::waitpid(pid_, &status, 0);
  pid_ = -1;
  if (WIFEXITED(status)) return WEXITSTATUS(status);
  return 128 + WTERMSIG(status);
}

void ServerProcess::kill_hard() {
  stop(SIGKILL);
}

std::pair<int, std::string> run_croupierd(const std::vector<std::string>& args) {
  int pipe_fds[2];
  if (::pipe(pipe_fds) != 0) return {-1, ""};
  pid_t pid = ::fork();
  if (pid == 0) {
    ::dup2(pipe_fds[1], 1);
    ::dup2(pipe_fds[1], 2);
    ::close(pipe_fds[0]);
    std::vector<std::string> all = {CROUPIERD_PATH};
    all.insert(all.end(), args.begin(), args.end());
    std::vector<char*> argv;
    for (auto& a : all) argv.push_back(a.data());
    argv.push_back(nullptr);
    ::execv(argv[0], argv.data());
    ::_exit(127);
  }
  ::close(pipe_fds[1]);
  std::string out;
  char buf[4096];
  for (ssize_t n; (n = ::read(pipe_fds[0], buf, sizeof buf)) > 0;)
    out.append(buf, static_cast<size_t>(n));
  ::close(pipe_fds[0]);
  int status = 0;
  ::waitpid(pid, &status, 0);
  return {WIFEXITED(status) ? WEXITSTATUS(status) : -1, out};
}

// ---- HTTP -------------------------------------------------------------------------------

json::value HttpResponse::json() const {
  boost::system::error_code ec;
  json::value v = json::parse(body, ec);
  EXPECT_FALSE(ec) << "not JSON: " << body;
  return v;
}

std::string HttpResponse::header(const std::string& name) const {
  auto it = headers.find(name);
  return it == headers.end() ? "" : it->second;
}

HttpResponse HttpClient::get(const std::string& target) {
  return request("GET", target, "", {});
}

HttpResponse HttpClient::post(const std::string& target, const std::string& body,
                              const std::string& content_type, bool with_xsrf,
                              const std::map<std::string, std::string>& headers) {
  std::map<std::string, std::string> h = headers;
  h["Content-Type"] = content_type;
  if (with_xsrf && !cookie("XSRF-TOKEN").empty()) h["X-XSRF-TOKEN"] = cookie("XSRF-TOKEN");
  return request("POST", target, body, h);
}

HttpResponse HttpClient::request(const std::string& method, const std::string& target,
                                 const std::string& body,
                                 const std::map<std::string, std::string>& headers) {
  asio::io_context io;
  beast::tcp_stream stream(io);
  stream.expires_after(10s);
  stream.connect(tcp::endpoint(asio::ip::make_address("127.0.0.1"), port_));
  http::request<http::string_body> req{http::string_to_verb(method), target, 11};
  req.set(http::field::host, "127.0.0.1:" + std::to_string(port_));
  std::string cookie_header;
  for (const auto& [k, v] : cookies_)
    cookie_header += (cookie_header.empty() ? "" : "; ") + k + "=" + v;
  if (!cookie_header.empty()) req.set(http::field::cookie, cookie_header);
  for (const auto& [k, v] : headers_) req.set(k, v);
  for (const auto& [k, v] : headers) req.set(k, v);
  req.body() = body;
  req.prepare_payload();
  http::write(stream, req);
  beast::flat_buffer buffer;
  http::response_parser<http::string_body> parser;
  parser.body_limit(64 * 1024 * 1024);
  if (method == "HEAD") parser.skip(true);  // the headers announce a body that never comes
  http::read(stream, buffer, parser);
  auto res = parser.release();
  HttpResponse out;
  out.status = static_cast<int>(res.result_int());
  out.body = res.body();
  for (const auto& field : res) {
    std::string name(field.name_string());
    for (char& c : name) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    out.headers.emplace(name, std::string(field.value()));
    if (name == "set-cookie") {
      std::string v(field.value());
      auto eq = v.find('=');
      auto semi = v.find(';');
      if (eq != std::string::npos) cookies_[v.substr(0, eq)] = v.substr(eq + 1, semi - eq - 1);
    }
  }
  beast::error_code ignored;
  stream.socket().shutdown(tcp::socket::shutdown_both, ignored);
  return out;
}

std::string HttpClient::cookie(const std::string& name) const {
  auto it = cookies_.find(name);
  return it == cookies_.end() ? "" : it->second;
}

void HttpClient::become_guest() {
  HttpResponse r = get("/");
  EXPECT_EQ(r.status, 302) << r.body;
  EXPECT_FALSE(cookie("JSESSIONID").empty());
  EXPECT_FALSE(cookie("XSRF-TOKEN").empty());
}

// ---- WebSocket ----------------------------------------------------------------------------

WsClient::WsClient(uint16_t port, const std::string& session_id, const std::string& origin,
                   const std::string& target, const std::map<std::string, std::string>& headers)
    : ws_(io_) {
  beast::get_lowest_layer(ws_).expires_after(10s);
  beast::get_lowest_layer(ws_).connect(tcp::endpoint(asio::ip::make_address("127.0.0.1"), port));
  beast::get_lowest_layer(ws_).expires_never();
  ws_.set_option(websocket::stream_base::decorator(
      [session_id, origin, headers](websocket::request_type& req) {
        if (!session_id.empty()) req.set(http::field::cookie, "JSESSIONID=" + session_id);
        if (!origin.empty()) req.set(http::field::origin, origin);
        for (const auto& [k, v] : headers) req.set(k, v);
      }));
  ws_.read_message_max(16 * 1024 * 1024);
  ws_.handshake("127.0.0.1:" + std::to_string(port), target);
  ws_.text(true);
}

WsClient::~WsClient() {
  beast::error_code ignored;
  beast::get_lowest_layer(ws_).socket().close(ignored);
}

void WsClient::send(const std::string& text) {
  ws_.write(asio::buffer(text));
}

// Reads the next message into the inbox, unless a read is under way.
void WsClient::start_read() {
  if (reading_) return;
  reading_ = true;
  ws_.async_read(buffer_, [this](beast::error_code ec, size_t) {
    reading_ = false;
    if (ec) {
      closed_ = true;
      close_code_ = static_cast<int>(ws_.reason().code);
      close_text_ = std::string(ws_.reason().reason.c_str());
      return;
    }
    boost::system::error_code pec;
    json::value v = json::parse(beast::buffers_to_string(buffer_.data()), pec);
    buffer_.consume(buffer_.size());
    if (!pec && v.is_object()) {
      inbox_.push_back(v.as_object());
      seen_.push_back(v.as_object());
    }
  });
}

std::optional<json::object> WsClient::next(std::chrono::milliseconds timeout) {
  if (inbox_.empty() && !closed_) {
    start_read();
    io_.restart();
    io_.run_for(timeout);
  }
  if (inbox_.empty()) return std::nullopt;
  json::object o = std::move(inbox_.front());
  inbox_.pop_front();
  return o;
}

std::vector<json::object> WsClient::poll() {
  std::vector<json::object> out;
  while (!inbox_.empty()) {
    out.push_back(std::move(inbox_.front()));
    inbox_.pop_front();
  }
  for (;;) {
    if (closed_) break;
    start_read();
    io_.restart();
    io_.poll();
    if (inbox_.empty()) break;
    while (!inbox_.empty()) {
      out.push_back(std::move(inbox_.front()));
      inbox_.pop_front();
    }
  }
  return out;
}

json::object WsClient::wait_for(const std::function<bool(const json::object&)>& pred,
                                std::chrono::milliseconds timeout) {
  const auto deadline = std::chrono::steady_clock::now() + timeout;
  while (std::chrono::steady_clock::now() < deadline) {
    auto left = std::chrono::duration_cast<std::chrono::milliseconds>(
        deadline - std::chrono::steady_clock::now());
    auto m = next(std::max(left, 1ms));
    if (m && pred(*m)) return *m;
    if (closed_ && inbox_.empty()) break;
  }
  ADD_FAILURE() << "no matching message within " << timeout.count() << " ms"
                << (closed_ ? " (socket closed)" : "");
  return {};
}

json::object WsClient::wait_type(const std::string& type, std::chrono::milliseconds timeout) {
  return wait_for([&](const json::object& o) { return is_type(o, type); }, timeout);
}

void WsClient::close() {
  beast::error_code ignored;
  ws_.close(websocket::close_code::normal, ignored);
  closed_ = true;
}

Player join_as_guest(uint16_t port, const std::string& table_id) {
  Player p{HttpClient(port), "", "", nullptr};
  p.http.become_guest();
  p.session = p.http.cookie("JSESSIONID");
  HttpResponse config = p.http.get("/api/ui/playerConfig");
  EXPECT_EQ(config.status, 200) << config.body;
  p.id = std::string(config.json().at("player").at("id").as_string());
  p.ws = std::make_unique<WsClient>(port, p.session);
  p.ws->wait_type("welcome");
  if (!table_id.empty()) {
    p.ws->send("<subscribe channel=\"table-" + table_id + "\"/>");
    p.ws->wait_type("resync");
  }
  return p;
}

HttpResponse operator_post(HttpClient& http, const std::string& path, json::object body,
                           const std::string& secret) {
  if (!body.contains("timestamp")) {
    body["timestamp"] = std::chrono::duration_cast<std::chrono::milliseconds>(
                            std::chrono::system_clock::now().time_since_epoch())
                            .count();
  }
  std::string text = json::serialize(body);
  std::string sig = "sha256=" + crypto::to_hex(crypto::hmac_sha256(secret, text));
  http.set_cookie("XSRF-TOKEN", "operator-token");
  return http.post(path, text, "application/json", false,
                   {{"X-XSRF-TOKEN", "operator-token"}, {"X-Croupier-Signature", sig}});
}

std::string pbet_xml(const std::string& verb, const std::string& table, const std::string& game_id,
                     const std::string& user, const std::string& request_id,
                     const std::vector<std::pair<std::string, std::string>>& bets) {
  // The game mode of the table's game, by the tests' table names (bj-t, sic-t, ...).
  std::string mode = "roulette";
  for (const auto& [prefix, game] :
       std::vector<std::pair<std::string, std::string>>{{"onebj", "onebj"},
                                                        {"bj", "blackjack"},
                                                        {"bac", "baccarat"},
                                                        {"dt", "dragontiger"},
                                                        {"ab", "andarbahar"},
                                                        {"sic", "sicbo"},
                                                        {"mw", "megawheel"},
                                                        {"sm", "crash"},
                                                        {"bb", "crash"},
                                                        {"sbz", "sbz"},
                                                        {"bob", "boomorbust"}}) {
    if (table.rfind(prefix, 0) == 0) {
      mode = game;
      break;
    }
  }
  std::string xml = "<" + verb + " tableId=\"" + table + "\" gameMode=\"" + mode +
                    "_desktop\" gameId=\"" + game_id + "\" userId=\"" + user + "\" requestId=\"" +
                    request_id + "\">";
  for (const auto& [code, amount] : bets)
    xml += "<bet code=\"" + code + "\" amount=\"" + amount + "\"/>";
  return xml + "</" + verb + ">";
}

int64_t units(const json::value& amount_text) {
  if (!amount_text.is_string()) {
    ADD_FAILURE() << "amount is not a string: " << json::serialize(amount_text);
    return 0;
  }
  auto m = parse_money(amount_text.as_string());
  if (!m) ADD_FAILURE() << "bad amount " << amount_text.as_string();
  return m ? m->units : 0;
}

bool is_type(const json::object& message, std::string_view type) {
  return message.contains("type") && message.at("type").as_string() == type;
}

int64_t balance_of(HttpClient& http) {
  return units(http.get("/api/ui/balance").json().at("balance"));
}

std::unique_ptr<ServerProcess> start_with_casino(const std::string& prefix,
                                                 const std::string& casino_json,
                                                 std::vector<std::string> extra) {
  std::string dir = make_temp_dir(prefix);
  std::string casino = dir + "/casino.json";
  std::ofstream(casino) << casino_json;
  // The swear-word list sits beside the casino file, as in a deployment.
  std::filesystem::copy_file(std::string(CROUPIER_SHARE_DIR) + "/swearwords.txt",
                             dir + "/swearwords.txt");
  extra.insert(extra.begin(), {"--casino-file", casino});
  auto server = std::make_unique<ServerProcess>(dir, std::move(extra));
  server->start();
  return server;
}

WalletProcess::WalletProcess(const std::string& secret, const std::string& balance)
    : dir_(make_temp_dir("croupier-wallet")) {
  const std::string port_file = dir_ + "/port";
  const std::string log = dir_ + "/wallet.log";
  std::vector<std::string> args = {CROUPIER_WALLET_PATH, "--secret", secret,      "--port", "0",
                                   "--port-file",        port_file,  "--balance", balance};
  pid_ = ::fork();
  if (pid_ == 0) {
    int fd = ::open(log.c_str(), O_WRONLY | O_CREAT | O_APPEND, 0644);
    if (fd >= 0) {
      ::dup2(fd, 1);
      ::dup2(fd, 2);
    }
    std::vector<char*> argv;
    for (auto& a : args) argv.push_back(a.data());
    argv.push_back(nullptr);
    ::execv(argv[0], argv.data());
    ::_exit(127);
  }
  for (int i = 0; i < 200 && port_ == 0; ++i) {
    std::ifstream in(port_file);
    unsigned p = 0;
    if (in >> p) port_ = static_cast<uint16_t>(p);
    if (port_ == 0) std::this_thread::sleep_for(25ms);
  }
  if (port_ == 0) throw std::runtime_error("croupier-wallet did not start (see " + log + ")");
}

WalletProcess::~WalletProcess() {
  if (pid_ > 0) {
    ::kill(pid_, SIGTERM);
    int status = 0;
    ::waitpid(pid_, &status, 0);
  }
  std::error_code ignored;
  std::filesystem::remove_all(dir_, ignored);
}

void WalletProcess::player(const std::string& id, const std::string& balance,
                           const std::string& status) {
  HttpClient http(port_);
  auto r = http.post(
      "/admin/players",
      json::serialize(json::object{{"playerId", id}, {"balance", balance}, {"status", status}}));
  EXPECT_EQ(r.status, 200) << r.body;
}

void WalletProcess::faults(const json::object& faults) {
  HttpClient http(port_);
  auto r = http.post("/admin/faults", json::serialize(faults));
  EXPECT_EQ(r.status, 200) << r.body;
}

int64_t WalletProcess::balance_units(const std::string& id) {
  HttpClient http(port_);
  const json::value all = http.get("/admin/players").json();
  for (const auto& p : all.at("players").as_array())
    if (p.at("playerId").as_string() == id) return units(p.at("balance"));
  return -1;
}

json::array WalletProcess::transactions() {
  HttpClient http(port_);
  const json::value all = http.get("/admin/transactions").json();
  return all.at("transactions").as_array();
}

void stop_and_check_ledger(ServerProcess& server, const std::vector<std::string>& database) {
  if (server.running()) {
    EXPECT_EQ(server.stop(), 0);
  }
  std::vector<std::string> args = {"ledger-check", "--data-dir", server.data_dir()};
  args.insert(args.end(), database.begin(), database.end());
  auto [code, out] = run_croupierd(args);
  EXPECT_EQ(code, 0) << out;
  EXPECT_NE(out.find("OK: money is conserved"), std::string::npos) << out;
}

}  // namespace croupier::testing
