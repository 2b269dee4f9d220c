// Fan-out benchmark: table events delivered over real WebSockets on loopback to N
// subscribers of one table, through the real gateway (App in-process: channel, session
// strands, send queues, Beast framing).
//
// Two measurements per N:
//   paced:     5 events a second for 4 seconds (a live table sends a few a second)
//              -> p50 / p99 / max delivery latency over every (event, subscriber)
//   saturated: events published in windows of 16 as fast as the subscribers drain them
//              -> events delivered per second
// Latency is from publish() to the client having read the whole frame, on one machine
// and one steady clock. Server and clients each get one thread (the machine has two).
#include <sys/resource.h>

#include <algorithm>
#include <atomic>
#include <boost/asio/connect.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/beast/core.hpp>
#include <boost/beast/http.hpp>
#include <boost/beast/websocket.hpp>
#include <chrono>
#include <cstdio>
#include <filesystem>
#include <memory>
#include <thread>
#include <vector>

#include "app/server.hpp"
#include "gateway/services.hpp"

namespace asio = boost::asio;
namespace beast = boost::beast;
namespace http = beast::http;
namespace websocket = beast::websocket;
using tcp = asio::ip::tcp;
using Clock = std::chrono::steady_clock;

namespace {

int64_t now_ns() {
  return std::chrono::duration_cast<std::chrono::nanoseconds>(Clock::now().time_since_epoch())
      .count();
}

struct Stats {
  std::atomic<uint64_t> received{0};
  std::vector<uint32_t> latency_us;  // written by the client thread only
  bool recording = false;
};

class Subscriber : public std::enable_shared_from_this<Subscriber> {
 public:
  Subscriber(asio::io_context& io, Stats& stats) : ws_(io), stats_(stats) {}

  void connect(uint16_t port, const std::string& session) {
    beast::get_lowest_layer(ws_).connect(tcp::endpoint(asio::ip::make_address("127.0.0.1"), port));
    ws_.set_option(websocket::stream_base::decorator([session](websocket::request_type& req) {
      req.set(http::field::cookie, "JSESSIONID=" + session);
    }));
    ws_.handshake("127.0.0.1", "/ws");
    ws_.write(asio::buffer(std::string("<subscribe channel=\"table-rou-1\"/>")));
  }

  void read() {
    ws_.async_read(buffer_, [self = shared_from_this()](beast::error_code ec, size_t) {
      if (ec) return;
      self->on_message();
      self->read();
    });
  }

 private:
  void on_message() {
    std::string_view text(static_cast<const char*>(buffer_.data().data()), buffer_.size());
    auto t = text.find("\"t\":");
    if (t != std::string_view::npos) {
      int64_t sent = std::strtoll(text.data() + t + 4, nullptr, 10);
      if (stats_.recording)
        stats_.latency_us.push_back(static_cast<uint32_t>((now_ns() - sent) / 1000));
      stats_.received.fetch_add(1, std::memory_order_relaxed);
    }
    buffer_.consume(buffer_.size());
  }

  websocket::stream<beast::tcp_stream> ws_;
  beast::flat_buffer buffer_;
  Stats& stats_;
};

std::string guest_session(uint16_t port) {
  asio::io_context io;
  beast::tcp_stream s(io);
  s.connect(tcp::endpoint(asio::ip::make_address("127.0.0.1"), port));
  http::request<http::empty_body> req{http::verb::get, "/", 11};
  req.set(http::field::host, "127.0.0.1");
  http::write(s, req);
  beast::flat_buffer b;
  http::response<http::string_body> res;
  http::read(s, b, res);
  for (const auto& f : res) {
    std::string v(f.value());
    if (f.name() == http::field::set_cookie && v.rfind("JSESSIONID=", 0) == 0)
      return v.substr(11, v.find(';') - 11);
  }
  return {};
}

void publish(croupier::gateway::Channel& channel, uint64_t v) {
  croupier::gateway::protocol::WireEvent e;
  e.epoch = "bench";
  e.version = v;
  e.type = "bench";
  // About the size of a real event (a timer or betsclosed is 120-200 bytes).
  e.json = std::make_shared<const std::string>(
      "{\"type\":\"timer\",\"table\":\"rou-1\",\"v\":" + std::to_string(v) +
      ",\"ts\":1763800000000,\"gameId\":\"rou-1-000042\",\"state\":2,\"endsAt\":1763800030000,"
      "\"remainingMs\":12000,\"t\":" +
      std::to_string(now_ns()) + "}");
  channel.publish(std::move(e));
}

bool wait_received(Stats& s, uint64_t target, std::chrono::seconds limit) {
  auto deadline = Clock::now() + limit;
  while (s.received.load() < target) {
    if (Clock::now() > deadline) return false;
    std::this_thread::sleep_for(std::chrono::microseconds(200));
  }
  return true;
}

void run(croupier::app::App& app, size_t subscribers) {
  const uint16_t port = app.port();
  const std::string session = guest_session(port);
  auto& channel = *app.services().tables.at("rou-1").channel;

  asio::io_context client_io;
  Stats stats;
  std::vector<std::shared_ptr<Subscriber>> subs;
  for (size_t i = 0; i < subscribers; ++i) {
    auto s = std::make_shared<Subscriber>(client_io, stats);
    s->connect(port, session);
    s->read();
    subs.push_back(s);
  }
  auto guard = asio::make_work_guard(client_io);
  std::thread client([&] { client_io.run(); });
  // Let every subscription land before measuring.
  while (channel.subscriber_count() < subscribers)
    std::this_thread::sleep_for(std::chrono::milliseconds(5));
  std::this_thread::sleep_for(std::chrono::milliseconds(200));

  uint64_t v = 1;
  // Paced: 5 events a second for 4 seconds.
  constexpr int kPaced = 20;
  stats.latency_us.reserve(subscribers * kPaced);
  stats.recording = true;
  uint64_t base = stats.received.load();
  auto next = Clock::now();
  for (int i = 0; i < kPaced; ++i) {
    publish(channel, v++);
    next += std::chrono::milliseconds(200);
    std::this_thread::sleep_until(next);
  }
  bool complete = wait_received(stats, base + kPaced * subscribers, std::chrono::seconds(30));
  stats.recording = false;
  std::vector<uint32_t> lat = stats.latency_us;
  std::sort(lat.begin(), lat.end());
  auto pct = [&](double p) {
    return lat.empty() ? 0u : lat[std::min(lat.size() - 1, static_cast<size_t>(p * lat.size()))];
  };

  // Saturated: windows of 16 events, each fully delivered before the next.
  base = stats.received.load();
  const int windows = static_cast<int>(std::max<size_t>(20, 200000 / (16 * subscribers)));
  auto t0 = Clock::now();
  for (int w = 0; w < windows && complete; ++w) {
    for (int i = 0; i < 16; ++i) publish(channel, v++);
    complete = wait_received(stats, base + static_cast<uint64_t>(w + 1) * 16 * subscribers,
                             std::chrono::seconds(30));
  }
  double seconds = std::chrono::duration<double>(Clock::now() - t0).count();
  double delivered = static_cast<double>(stats.received.load() - base);

  std::printf("%-12zu %12.0f %12.0f %10u %10u %10u %s\n", subscribers, delivered / seconds,
              delivered / seconds / static_cast<double>(subscribers), pct(0.50), pct(0.99),
              lat.empty() ? 0 : lat.back(), complete ? "" : "(INCOMPLETE: messages lost)");
  std::fflush(stdout);

  guard.reset();
  client_io.stop();
  client.join();
}

}  // namespace

int main(int argc, char** argv) {
  rlimit lim{};
  getrlimit(RLIMIT_NOFILE, &lim);
  lim.rlim_cur = lim.rlim_max;
  setrlimit(RLIMIT_NOFILE, &lim);
  const size_t max_subscribers = std::min<size_t>(5000, (lim.rlim_cur - 200) / 2);

  std::string dir = (std::filesystem::temp_directory_path() / "croupier-bench-fanout").string();
  std::filesystem::remove_all(dir);
  croupier::config::Settings s;
  s.port = 0;
  s.data_dir = dir;
  s.casino_file = CROUPIER_SHARE_DIR "/casino.json";
  s.rates_file = CROUPIER_SHARE_DIR "/rates.json";
  s.threads = 1;
  s.log_level = "warn";
  s.betting_ms = 86'400'000;  // the tables stay quiet: only bench events flow
  s.timer_interval_ms = 86'400'000;
  s.ws_send_queue_max = 4096;
  s.connections_max = 20000;
  // One load client on one address, every socket one guest's, connecting as fast as it can.
  s.ws_per_address_max = 20000;
  s.ws_per_player_max = 20000;
  s.http_rate_per_s = 1e9;
  s.http_burst = 1e9;
  croupier::app::App app(s);
  if (!app.start()) return 1;
  std::thread server([&] { app.run(false); });

  std::printf("bench_fanout: one table's events to N WebSocket subscribers on loopback\n");
  std::printf("%-12s %12s %12s %10s %10s %10s\n", "subscribers", "events/s", "per-sub/s", "p50_us",
              "p99_us", "max_us");
  std::vector<size_t> sizes = {100, 1000, 5000};
  if (argc > 1) sizes = {static_cast<size_t>(std::atoll(argv[1]))};
  for (size_t n : sizes) run(app, std::min(n, max_subscribers));

  app.stop();
  server.join();
  std::filesystem::remove_all(dir);
  return 0;
}
