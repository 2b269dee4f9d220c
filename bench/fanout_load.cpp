// fanout_load: the independent WebSocket load client of the side-by-side fan-out benchmark
// (bench/fanout.sh). It opens N sockets to a server, reads every frame, and over a window
// measures what the server delivered and what that cost the server:
//   frames/s          text frames received per second, all sockets together
//   cpu_s_per_Mframe  the server's user + system CPU-seconds (/proc/<pid>/stat) per
//                     million frames received in the window, and the user part alone
//                     (on loopback the kernel's TCP work for both ends of each frame is
//                     charged to the sender's system time)
//   p50 / p99         delivery latency: the frame's "ts" (the server's wall clock in ms
//                     when it made the event) to its arrival here; both servers stamp the
//                     same way, so the 0-1 ms truncation is the same for both
// The same client, in a separate process, measures croupierd and the Node.js peer.
//
//   fanout_load --port P --pid PID --subscribers N [--seconds 10] [--warmup 3]
//               [--croupier]   (take guest sessions and subscribe to table-rou-1)
// A cluster's nodes: --port P1,P2,P3 --pid PID1,PID2,PID3 spreads the sockets over the
// ports in turn and counts the CPU of every process.
#include <sys/resource.h>
#include <unistd.h>

#include <algorithm>
#include <array>
#include <boost/asio/buffers_iterator.hpp>
#include <boost/asio/connect.hpp>
#include <boost/asio/io_context.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/asio/read_until.hpp>
#include <boost/asio/steady_timer.hpp>
#include <boost/asio/streambuf.hpp>
#include <boost/asio/write.hpp>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <memory>
#include <sstream>
#include <string>
#include <vector>

namespace asio = boost::asio;
using tcp = asio::ip::tcp;

namespace {

struct Options {
  std::vector<uint16_t> ports;
  std::vector<int> pids;
  size_t subscribers = 1000;
  double seconds = 10;
  double warmup = 3;
  bool croupier = false;
};

struct Stats {
  bool recording = false;
  uint64_t frames = 0;
  uint64_t payload_bytes = 0;
  std::vector<uint32_t> latency_us;
};

int64_t wall_us() {
  return std::chrono::duration_cast<std::chrono::microseconds>(
             std::chrono::system_clock::now().time_since_epoch())
      .count();
}

struct Cpu {
  double user = 0;
  double system = 0;
};

// The user and system CPU-seconds of a process so far.
Cpu cpu_seconds(int pid) {
  std::ifstream in("/proc/" + std::to_string(pid) + "/stat");
  std::string stat((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  // Fields after the command name (which may hold spaces) start after the last ')'.
  std::istringstream rest(stat.substr(stat.rfind(')') + 2));
  std::string field;
  unsigned long long utime = 0, stime = 0;
  for (int i = 3; i <= 15 && rest >> field; ++i) {
    if (i == 14) utime = std::stoull(field);
    if (i == 15) stime = std::stoull(field);
  }
  const auto tick = static_cast<double>(sysconf(_SC_CLK_TCK));
  return {static_cast<double>(utime) / tick, static_cast<double>(stime) / tick};
}

// The same, summed over several processes (a cluster's nodes).
Cpu cpu_seconds(const std::vector<int>& pids) {
  Cpu sum;
  for (int pid : pids) {
    const Cpu c = cpu_seconds(pid);
    sum.user += c.user;
    sum.system += c.system;
  }
  return sum;
}

// A masked client text frame (the mask is all zeros: allowed, and the bytes stay readable).
std::string client_frame(const std::string& text) {
  std::string f;
  f.push_back(static_cast<char>(0x81));
  if (text.size() < 126) {
    f.push_back(static_cast<char>(0x80 | text.size()));
  } else {
    f.push_back(static_cast<char>(0x80 | 126));
    f.push_back(static_cast<char>(text.size() >> 8));
    f.push_back(static_cast<char>(text.size() & 0xff));
  }
  f.append(4, '\0');
  return f + text;
}

std::string guest_session(asio::io_context& io, uint16_t port) {
  tcp::socket s(io);
  s.connect(tcp::endpoint(asio::ip::make_address("127.0.0.1"), port));
  std::string req = "GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n";
  asio::write(s, asio::buffer(req));
  asio::streambuf b;
  boost::system::error_code ec;
  asio::read_until(s, b, "\r\n\r\n", ec);
  std::string head(asio::buffers_begin(b.data()), asio::buffers_end(b.data()));
  auto at = head.find("JSESSIONID=");
  if (at == std::string::npos) return {};
  at += 11;
  return head.substr(at, head.find_first_of(";\r", at) - at);
}

class Connection : public std::enable_shared_from_this<Connection> {
 public:
  Connection(asio::io_context& io, Stats& stats) : socket_(io), stats_(stats) {}

  bool open(uint16_t port, const std::string& session) {
    boost::system::error_code ec;
    socket_.connect(tcp::endpoint(asio::ip::make_address("127.0.0.1"), port), ec);
    if (ec) return false;
    socket_.set_option(tcp::no_delay(true), ec);
    std::string req =
        "GET /ws HTTP/1.1\r\nHost: 127.0.0.1\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
        "Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n";
    if (!session.empty()) req += "Cookie: JSESSIONID=" + session + "\r\n";
    req += "\r\n";
    asio::write(socket_, asio::buffer(req), ec);
    if (ec) return false;
    asio::streambuf b;
    size_t head = asio::read_until(socket_, b, "\r\n\r\n", ec);
    if (ec) return false;
    std::string text(asio::buffers_begin(b.data()), asio::buffers_end(b.data()));
    if (text.rfind("HTTP/1.1 101", 0) != 0) {
      std::fprintf(stderr, "handshake refused: %s\n", text.substr(0, text.find('\r')).c_str());
      return false;
    }
    pending_ = text.substr(head);  // frames that came with the answer
    if (!session.empty()) {
      asio::write(socket_, asio::buffer(client_frame("<subscribe channel=\"table-rou-1\"/>")), ec);
      if (ec) return false;
    }
    return true;
  }

  void read() {
    parse();
    socket_.async_read_some(
        asio::buffer(chunk_), [self = shared_from_this()](boost::system::error_code ec, size_t n) {
          if (ec) {
            if (ec != asio::error::operation_aborted)
              std::fprintf(stderr, "a socket closed: %s\n", ec.message().c_str());
            return;
          }
          self->pending_.append(self->chunk_.data(), n);
          self->read();
        });
  }

  void close() {
    boost::system::error_code ec;
    socket_.close(ec);
  }

 private:
  // Takes every whole frame from pending_.
  void parse() {
    size_t at = 0;
    while (pending_.size() - at >= 2) {
      const auto* p = reinterpret_cast<const unsigned char*>(pending_.data() + at);
      uint64_t len = p[1] & 0x7f;
      size_t header = 2;
      if (len == 126) {
        if (pending_.size() - at < 4) break;
        len = (uint64_t{p[2]} << 8) | p[3];
        header = 4;
      } else if (len == 127) {
        if (pending_.size() - at < 10) break;
        len = 0;
        for (int i = 2; i < 10; ++i) len = (len << 8) | p[i];
        header = 10;
      }
      if (pending_.size() - at < header + len) break;
      if ((p[0] & 0x0f) == 0x1) on_text(std::string_view(pending_.data() + at + header, len));
      at += header + len;
    }
    pending_.erase(0, at);
  }

  void on_text(std::string_view text) {
    if (!stats_.recording) return;
    auto t = text.find("\"ts\":");
    if (t == std::string_view::npos) return;
    const int64_t ts_ms = std::strtoll(text.data() + t + 5, nullptr, 10);
    ++stats_.frames;
    stats_.payload_bytes += text.size();
    const int64_t us = wall_us() - ts_ms * 1000;
    stats_.latency_us.push_back(static_cast<uint32_t>(std::max<int64_t>(0, us)));
  }

  tcp::socket socket_;
  Stats& stats_;
  std::array<char, 16384> chunk_;
  std::string pending_;
};

Options parse_options(int argc, char** argv) {
  Options o;
  for (int i = 1; i < argc; ++i) {
    std::string a = argv[i];
    auto value = [&] { return i + 1 < argc ? std::string(argv[++i]) : std::string(); };
    auto list = [&] {
      std::vector<int> out;
      std::stringstream in(value());
      for (std::string item; std::getline(in, item, ',');) out.push_back(std::stoi(item));
      return out;
    };
    if (a == "--port") {
      for (int p : list()) o.ports.push_back(static_cast<uint16_t>(p));
    } else if (a == "--pid") {
      o.pids = list();
    } else if (a == "--subscribers")
      o.subscribers = std::stoul(value());
    else if (a == "--seconds")
      o.seconds = std::stod(value());
    else if (a == "--warmup")
      o.warmup = std::stod(value());
    else if (a == "--croupier")
      o.croupier = true;
    else {
      std::fprintf(stderr, "unknown option %s\n", a.c_str());
      std::exit(2);
    }
  }
  if (o.ports.empty() || o.pids.empty()) {
    std::fprintf(stderr, "usage: fanout_load --port P --pid PID --subscribers N [--croupier]\n");
    std::exit(2);
  }
  return o;
}

}  // namespace

int main(int argc, char** argv) {
  const Options o = parse_options(argc, argv);
  rlimit lim{};
  getrlimit(RLIMIT_NOFILE, &lim);
  lim.rlim_cur = lim.rlim_max;
  setrlimit(RLIMIT_NOFILE, &lim);

  asio::io_context io(1);
  Stats stats;
  std::vector<std::shared_ptr<Connection>> connections;
  std::vector<std::string> sessions(o.ports.size());
  constexpr size_t kSocketsPerGuest = 1000;  // croupierd's ws_per_player_max allows up to 1024
  for (size_t i = 0; i < o.subscribers; ++i) {
    const size_t node = i % o.ports.size();
    const uint16_t port = o.ports[node];
    // A guest per node and per thousand sockets (a session works on every node; one per
    // node keeps each node's per-player socket limit apart).
    if (o.croupier && (i / o.ports.size()) % kSocketsPerGuest == 0)
      sessions[node] = guest_session(io, port);
    auto c = std::make_shared<Connection>(io, stats);
    if (!c->open(port, o.croupier ? sessions[node] : std::string())) {
      std::fprintf(stderr, "could not open socket %zu of %zu\n", i + 1, o.subscribers);
      return 1;
    }
    c->read();
    connections.push_back(std::move(c));
  }

  // Warm-up, then the measured window.
  asio::steady_timer timer(io);
  Cpu cpu0;
  auto t0 = std::chrono::steady_clock::now();
  timer.expires_after(std::chrono::milliseconds(static_cast<int64_t>(o.warmup * 1000)));
  timer.async_wait([&](boost::system::error_code) {
    stats.latency_us.reserve(static_cast<size_t>(o.subscribers * 12 * o.seconds));
    stats.recording = true;
    cpu0 = cpu_seconds(o.pids);
    t0 = std::chrono::steady_clock::now();
    timer.expires_after(std::chrono::milliseconds(static_cast<int64_t>(o.seconds * 1000)));
    timer.async_wait([&](boost::system::error_code) {
      stats.recording = false;
      io.stop();
    });
  });
  io.run();
  const Cpu cpu1 = cpu_seconds(o.pids);
  const double user = cpu1.user - cpu0.user;
  const double cpu = user + cpu1.system - cpu0.system;
  const double elapsed =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  for (auto& c : connections) c->close();

  std::vector<uint32_t>& lat = stats.latency_us;
  std::sort(lat.begin(), lat.end());
  auto pct = [&](double p) {
    return lat.empty()
               ? 0.0
               : lat[std::min(lat.size() - 1, static_cast<size_t>(p * lat.size()))] / 1000.0;
  };
  const double frames = static_cast<double>(stats.frames);
  // One line, read by bench/fanout.sh:
  //   subscribers frames/s cpu_s_per_Mframe (of which user) p50 p99 bytes
  std::printf("%zu %.0f %.2f %.2f %.1f %.1f %.0f\n", o.subscribers, frames / elapsed,
              frames > 0 ? cpu / frames * 1e6 : 0.0, frames > 0 ? user / frames * 1e6 : 0.0,
              pct(0.50), pct(0.99),
              frames > 0 ? static_cast<double>(stats.payload_bytes) / frames : 0.0);
  return 0;
}
