// The gateway under too many connections (issue 16): one over --connections-max gets the
// documented 503, not a hang-up, and a process whose open-file limit is lower than the
// connections asked for caps them below it, so that accept never runs out of descriptors
// and the server keeps answering.
#include <gtest/gtest.h>
#include <sys/resource.h>

#include <algorithm>
#include <boost/asio/connect.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/asio/read.hpp>
#include <boost/asio/write.hpp>
#include <fstream>
#include <thread>

#include "support/harness.hpp"

namespace croupier::testing {
namespace {

namespace asio = boost::asio;
using tcp = asio::ip::tcp;

// An open TCP connection to the server that has sent nothing (an HTTP session waiting).
tcp::socket open_idle(asio::io_context& io, uint16_t port) {
  tcp::socket s(io);
  s.connect({asio::ip::make_address("127.0.0.1"), port});
  return s;
}

// Sends a GET on a new connection and reads to the end: the raw answer ("" on a reset).
std::string raw_get(asio::io_context& io, uint16_t port, const std::string& path) {
  tcp::socket s(io);
  s.connect({asio::ip::make_address("127.0.0.1"), port});
  std::string req = "GET " + path + " HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n";
  boost::system::error_code ec;
  asio::write(s, asio::buffer(req), ec);
  std::string out;
  std::array<char, 4096> buf{};
  for (;;) {
    size_t n = s.read_some(asio::buffer(buf), ec);
    out.append(buf.data(), n);
    if (ec) break;
  }
  return out;
}

// GET /healthz on new connections until an answer holds `status` (5 s at most): the last
// answer. Each 503 read on the way is counted in `refusals`.
std::string healthz_until(asio::io_context& io, uint16_t port, std::string_view status,
                          int& refusals) {
  std::string got;
  for (int i = 0; i < 50; ++i) {
    got = raw_get(io, port, "/healthz");
    if (got.find("HTTP/1.1 503") != std::string::npos) ++refusals;
    if (got.find(status) != std::string::npos) break;
    std::this_thread::sleep_for(100ms);
  }
  return got;
}

size_t count_in_file(const std::string& path, const std::string& needle) {
  std::ifstream in(path);
  std::string line;
  size_t n = 0;
  while (std::getline(in, line))
    if (line.find(needle) != std::string::npos) ++n;
  return n;
}

TEST(Limits, OneOverTheConnectionsMaxGetsA503AndTheNextFreeSlotServes) {
  ServerProcess server(make_temp_dir("croupier-connmax"), {"--connections-max", "3"});
  server.start();
  asio::io_context io;
  std::vector<tcp::socket> held;
  // Each held connection must be one the server took: one that arrives while the start-up
  // check's connection is still open is refused (it reads a 503 at once) and is opened
  // again.
  int refusals = 0;
  while (held.size() < 3 && refusals < 20) {
    tcp::socket s = open_idle(io, server.port());
    std::this_thread::sleep_for(100ms);
    if (s.available() == 0) {
      held.push_back(std::move(s));
    } else {
      ++refusals;
    }
  }
  ASSERT_EQ(held.size(), 3u);

  // Asked until the server has taken the three (a busy machine may take a moment): an
  // answer while it has not is a 200, then comes the 503.
  auto get_until = [&](std::string_view status) {
    return healthz_until(io, server.port(), status, refusals);
  };
  std::string refused = get_until("HTTP/1.1 503");
  EXPECT_NE(refused.find("HTTP/1.1 503"), std::string::npos) << refused;
  EXPECT_NE(refused.find("TOO_MANY_CONNECTIONS"), std::string::npos) << refused;
  EXPECT_NE(refused.find("Retry-After: 1"), std::string::npos) << refused;

  held.pop_back();  // one goes: its slot serves the next caller
  EXPECT_NE(get_until("HTTP/1.1 200").find("HTTP/1.1 200"), std::string::npos);
  held.clear();
  std::this_thread::sleep_for(300ms);
  HttpClient http(server.port());
  // Every 503 this test read is counted (and perhaps a refusal whose answer a busy
  // machine's client did not wait for).
  const std::string metrics = http.get("/metrics").body;
  const std::string name = "\ncroupier_connections_refused_total ";  // the sample line
  const size_t at = metrics.find(name);
  ASSERT_NE(at, std::string::npos) << metrics;
  EXPECT_GE(std::stoi(metrics.substr(at + name.size())), std::max(refusals, 1));
  EXPECT_EQ(server.stop(), 0);
}

TEST(Limits, ConnectionsAreCappedBelowTheOpenFileLimitAndTheServerKeepsAnswering) {
  // This test's process (and so the server it starts) gets a small open-file limit; the
  // server raises its soft limit to the hard one and caps its connections below that.
  rlimit small{160, 160};
  ASSERT_EQ(setrlimit(RLIMIT_NOFILE, &small), 0);
  ServerProcess server(make_temp_dir("croupier-nofile"), {"--connections-max", "100000"});
  server.start();
  // 160 files; 64 + 8 kept for the databases, the log and the loop, 16 for 503 answers:
  // 72 connections.
  EXPECT_EQ(count_in_file(server.log_path(), "connections capped by the open-file limit"), 1u);
  EXPECT_EQ(count_in_file(server.log_path(), "\"capped_to\":72"), 1u);

  asio::io_context io;
  std::vector<tcp::socket> held;
  for (int i = 0; i < 72; ++i) held.push_back(open_idle(io, server.port()));
  // The server counts a connection once its session runs, which a busy machine may delay
  // (a clean clone's make test saw 2 refusals of 20 after a fixed 300 ms): asked until the
  // 73rd is refused, then every further caller must be.
  // A held connection that arrived while one the test does not hold (the start-up check's)
  // still counted was refused, and holds a 503: the next callers were then served once
  // that one closed (a clean clone's make test saw 20 of 20). It is replaced, and the
  // limit asked again, until the 503 comes with all 72 held by the server.
  int refused = 0;
  std::string over;
  for (int round = 0; round < 10; ++round) {
    over = healthz_until(io, server.port(), "HTTP/1.1 503", refused);
    int replaced = 0;
    for (tcp::socket& s : held) {
      boost::system::error_code ec;
      if (s.available(ec) == 0 && !ec) continue;
      s = open_idle(io, server.port());
      ++replaced;
    }
    if (replaced == 0) break;
    std::this_thread::sleep_for(200ms);  // for the connection that still counts to go
  }
  EXPECT_NE(over.find("HTTP/1.1 503"), std::string::npos) << over;
  // Every further caller is refused: with a 503, or closed unanswered while the server
  // already holds its 16 refusals being answered (a busy server's drain of the ones before
  // may lag: a clean clone's make test saw 18 answered of 20). None is served.
  refused = 0;
  int closed = 0;
  for (int i = 0; i < 20; ++i) {
    const std::string answer = raw_get(io, server.port(), "/healthz");
    if (answer.find("HTTP/1.1 503") != std::string::npos)
      ++refused;
    else if (answer.empty())
      ++closed;
    else
      ADD_FAILURE() << "a caller over the cap got: " << answer;
  }
  EXPECT_EQ(refused + closed, 20);
  EXPECT_GT(refused, closed);  // one caller at a time mostly meets an answered refusal
  EXPECT_EQ(count_in_file(server.log_path(), "accept failed"), 0u);  // never out of files

  held.clear();
  std::this_thread::sleep_for(300ms);
  EXPECT_NE(raw_get(io, server.port(), "/healthz").find("HTTP/1.1 200"), std::string::npos);
  EXPECT_EQ(server.stop(), 0);
}

// The status line of a WebSocket handshake at /ws with `cookie` (the socket is kept open
// in `keep` when the server accepts, so that it counts).
std::string upgrade(asio::io_context& io, uint16_t port, const std::string& session,
                    std::vector<tcp::socket>& keep) {
  tcp::socket s(io);
  s.connect({asio::ip::make_address("127.0.0.1"), port});
  std::string req =
      "GET /ws HTTP/1.1\r\nHost: 127.0.0.1\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
      "Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n"
      "Cookie: JSESSIONID=" +
      session + "\r\n\r\n";
  asio::write(s, asio::buffer(req));
  std::string head;
  std::array<char, 1> c{};
  boost::system::error_code ec;
  while (head.find("\r\n\r\n") == std::string::npos && !ec) {
    asio::read(s, asio::buffer(c), ec);
    if (!ec) head += c[0];
  }
  if (head.find(" 101 ") != std::string::npos) keep.push_back(std::move(s));
  return head.substr(0, head.find("\r\n"));
}

TEST(Limits, OneAddressCannotHoldEverySocketAndAPlayersNewestSocketWins) {
  ServerProcess server(make_temp_dir("croupier-wscap"),
                       {"--ws-per-player-max", "2", "--ws-per-address-max", "3"});
  server.start();
  HttpClient ann(server.port()), bob(server.port());
  ann.become_guest();
  bob.become_guest();
  WsClient first(server.port(), ann.cookie("JSESSIONID"));
  first.wait_type("welcome");
  WsClient second(server.port(), ann.cookie("JSESSIONID"));
  second.wait_type("welcome");
  // A third of Ann's (her limit is 2): taken, and her oldest socket is closed (1008).
  WsClient third(server.port(), ann.cookie("JSESSIONID"));
  third.wait_type("welcome");
  EXPECT_EQ(first.wait_type("logout").at("code").as_int64(), 10003);  // told, not reconnecting
  for (int i = 0; i < 20 && !first.closed(); ++i) first.next(250ms);
  EXPECT_TRUE(first.closed());
  EXPECT_EQ(first.close_code(), 1008);
  EXPECT_FALSE(second.closed());
  std::this_thread::sleep_for(300ms);  // the closed one gives its place back

  asio::io_context io;
  std::vector<tcp::socket> open;
  EXPECT_NE(upgrade(io, server.port(), bob.cookie("JSESSIONID"), open).find("101"),
            std::string::npos);  // the address's third
  const std::string refused = upgrade(io, server.port(), bob.cookie("JSESSIONID"), open);
  EXPECT_NE(refused.find("429"), std::string::npos) << refused;  // a fourth from it
  open.clear();
  std::this_thread::sleep_for(300ms);
  EXPECT_NE(upgrade(io, server.port(), bob.cookie("JSESSIONID"), open).find("101"),
            std::string::npos);
  open.clear();
  EXPECT_EQ(server.stop(), 0);
}

TEST(Limits, HandshakesCountAgainstTheAddresssRequestRate) {
  ServerProcess server(make_temp_dir("croupier-wsrate"),
                       {"--http-rate-per-s", "1", "--http-burst", "5"});
  server.start();
  asio::io_context io;
  HttpClient ann(server.port());
  ann.become_guest();
  std::vector<tcp::socket> open;
  int limited = 0;
  for (int i = 0; i < 20; ++i) {
    std::string status = upgrade(io, server.port(), ann.cookie("JSESSIONID"), open);
    if (status.find("429") != std::string::npos) ++limited;
    open.clear();
  }
  EXPECT_GE(limited, 12);  // a burst of 5 (the guest's own requests took some), then 1/s
  EXPECT_EQ(server.stop(), 0);
}

}  // namespace
}  // namespace croupier::testing
