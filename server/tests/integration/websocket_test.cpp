// The WebSocket protocol as croupierd speaks it since it owns its sockets (issue 16): the
// handshake it checks and answers, and what it does with each kind of client frame, read
// byte by byte on a raw TCP connection (the other tests use Beast's client, which also
// checks the server's frames).
#include <gtest/gtest.h>

#include <boost/asio/connect.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/asio/read.hpp>
#include <boost/asio/read_until.hpp>
#include <boost/asio/streambuf.hpp>
#include <boost/asio/write.hpp>

#include "support/harness.hpp"

namespace croupier::testing {
namespace {

namespace asio = boost::asio;
using tcp = asio::ip::tcp;

constexpr std::string_view kRfcKey = "dGhlIHNhbXBsZSBub25jZQ==";
constexpr std::string_view kRfcAccept = "s3pPLMBiTxaQ9kYGzzhZRbK+xOo=";  // RFC 6455 1.3

// A client frame, masked (unless `masked` is false) with a fixed key.
std::string client_frame(uint8_t first_byte, std::string_view payload, bool masked = true) {
  std::string f;
  f.push_back(static_cast<char>(first_byte));
  const uint8_t mask_bit = masked ? 0x80 : 0;
  if (payload.size() < 126) {
    f.push_back(static_cast<char>(mask_bit | payload.size()));
  } else {
    f.push_back(static_cast<char>(mask_bit | 126));
    f.push_back(static_cast<char>(payload.size() >> 8));
    f.push_back(static_cast<char>(payload.size() & 0xFF));
  }
  const char key[4] = {0x12, 0x34, 0x56, 0x78};
  if (masked) f.append(key, 4);
  for (size_t i = 0; i < payload.size(); ++i)
    f.push_back(masked ? static_cast<char>(payload[i] ^ key[i % 4]) : payload[i]);
  return f;
}

std::string text(std::string_view payload) {
  return client_frame(0x81, payload);
}

struct Frame {
  uint8_t op = 0;
  bool fin = false;
  bool masked = false;
  std::string payload;
  uint16_t code() const {
    return payload.size() >= 2 ? static_cast<uint16_t>((static_cast<uint8_t>(payload[0]) << 8) |
                                                       static_cast<uint8_t>(payload[1]))
                               : 0;
  }
};

class RawSocket {
 public:
  explicit RawSocket(uint16_t port) : socket_(io_) {
    socket_.connect({asio::ip::make_address("127.0.0.1"), port});
  }

  // Sends the request; returns the answer's head (status line and headers).
  std::string handshake(const std::string& session, std::string_view key = kRfcKey,
                        std::string_view version = "13", const std::string& then = {}) {
    std::string req =
        "GET /ws HTTP/1.1\r\nHost: 127.0.0.1\r\nUpgrade: websocket\r\n"
        "Connection: Upgrade\r\nSec-WebSocket-Version: " +
        std::string(version) + "\r\n";
    if (!key.empty()) req += "Sec-WebSocket-Key: " + std::string(key) + "\r\n";
    req += "Cookie: JSESSIONID=" + session + "\r\n\r\n" + then;
    asio::write(socket_, asio::buffer(req));
    const size_t n = asio::read_until(socket_, in_, "\r\n\r\n");
    std::string head(asio::buffers_begin(in_.data()), asio::buffers_begin(in_.data()) + n);
    in_.consume(n);
    return head;
  }

  void write(const std::string& bytes) { asio::write(socket_, asio::buffer(bytes)); }
  // A write the server may already have hung up on.
  void try_write(const std::string& bytes) {
    boost::system::error_code ignored;
    asio::write(socket_, asio::buffer(bytes), ignored);
  }

  Frame read() {
    Frame f;
    uint8_t h[2];
    take(h, 2);
    f.fin = (h[0] & 0x80) != 0;
    f.op = h[0] & 0x0F;
    f.masked = (h[1] & 0x80) != 0;
    uint64_t len = h[1] & 0x7F;
    if (len == 126) {
      uint8_t l[2];
      take(l, 2);
      len = (l[0] << 8) | l[1];
    } else if (len == 127) {
      uint8_t l[8];
      take(l, 8);
      len = 0;
      for (uint8_t b : l) len = (len << 8) | b;
    }
    f.payload.resize(len);
    take(f.payload.data(), len);
    return f;
  }

  // Frames until one of opcode `op` (the welcome and other events come first).
  Frame read_until_op(uint8_t op) {
    for (int i = 0; i < 50; ++i) {
      Frame f = read();
      if (f.op == op) return f;
    }
    ADD_FAILURE() << "no frame of opcode " << int(op);
    return {};
  }

  // Frames until a text containing `needle`.
  Frame read_text_with(std::string_view needle) {
    for (int i = 0; i < 50; ++i) {
      Frame f = read();
      if (f.op == 0x1 && f.payload.find(needle) != std::string::npos) return f;
      if (f.op == 0x8) break;
    }
    ADD_FAILURE() << "no text with " << needle;
    return {};
  }

  // Whether the server ended the TCP connection (reads to the end).
  bool ended() {
    boost::system::error_code ec;
    std::array<char, 512> buf{};
    in_.consume(in_.size());
    for (int i = 0; i < 100 && !ec; ++i) socket_.read_some(asio::buffer(buf), ec);
    return ec == asio::error::eof || ec == asio::error::connection_reset;
  }

 private:
  void take(void* out, size_t n) {
    if (in_.size() < n) asio::read(socket_, in_, asio::transfer_at_least(n - in_.size()));
    asio::buffer_copy(asio::buffer(out, n), in_.data());
    in_.consume(n);
  }

  asio::io_context io_;
  tcp::socket socket_;
  asio::streambuf in_;
};

class WebSocketProtocol : public ::testing::Test {
 protected:
  static void SetUpTestSuite() {
    server_ = new ServerProcess(make_temp_dir("croupier-ws-protocol"),
                                {"--ws-message-bytes-max", "4096"});
    server_->start();
  }
  static void TearDownTestSuite() {
    EXPECT_EQ(server_->stop(), 0);
    delete server_;
  }
  std::string guest() {
    HttpClient http(server_->port());
    http.become_guest();
    return http.cookie("JSESSIONID");
  }
  uint16_t port() const { return server_->port(); }
  static ServerProcess* server_;
};
ServerProcess* WebSocketProtocol::server_ = nullptr;

TEST_F(WebSocketProtocol, TheHandshakeIsAnsweredWithTheRfcAcceptKeyAndChecked) {
  RawSocket good(port());
  std::string head = good.handshake(guest());
  EXPECT_EQ(head.rfind("HTTP/1.1 101 Switching Protocols\r\n", 0), 0u) << head;
  EXPECT_NE(head.find("Sec-WebSocket-Accept: " + std::string(kRfcAccept) + "\r\n"),
            std::string::npos)
      << head;
  Frame welcome = good.read();
  EXPECT_EQ(welcome.op, 0x1);
  EXPECT_TRUE(welcome.fin);
  EXPECT_FALSE(welcome.masked);  // a server never masks
  EXPECT_NE(welcome.payload.find("\"type\":\"welcome\""), std::string::npos);

  RawSocket no_key(port());
  head = no_key.handshake(guest(), "");
  EXPECT_EQ(head.rfind("HTTP/1.1 400", 0), 0u) << head;
  RawSocket short_key(port());
  head = short_key.handshake(guest(), "c2hvcnQ=");
  EXPECT_EQ(head.rfind("HTTP/1.1 400", 0), 0u) << head;
  RawSocket old_version(port());
  head = old_version.handshake(guest(), kRfcKey, "8");
  EXPECT_EQ(head.rfind("HTTP/1.1 426", 0), 0u) << head;
  EXPECT_NE(head.find("Sec-WebSocket-Version: 13"), std::string::npos) << head;
}

TEST_F(WebSocketProtocol, PingsAreAnsweredAndFragmentedCommandsJoined) {
  RawSocket s(port());
  // A ping sent with the request itself is read after the handshake.
  s.handshake(guest(), kRfcKey, "13", client_frame(0x89, "early"));
  Frame pong = s.read_until_op(0xA);
  EXPECT_EQ(pong.payload, "early");
  s.write(client_frame(0x89, "hello"));
  EXPECT_EQ(s.read_until_op(0xA).payload, "hello");
  // A command in three frames, with a ping between them.
  s.write(client_frame(0x01, "<subscribe chan") + client_frame(0x89, "mid") +
          client_frame(0x00, "nel=\"table-rou-") + client_frame(0x80, "1\"/>"));
  Frame subscribed = s.read_text_with("\"type\":\"subscribed\"");
  EXPECT_NE(subscribed.payload.find("\"channel\":\"table-rou-1\""), std::string::npos);
}

TEST_F(WebSocketProtocol, AClientCloseIsEchoedAndTheConnectionEnds) {
  RawSocket s(port());
  s.handshake(guest());
  s.write(client_frame(0x88, std::string("\x03\xe8", 2) + "bye"));
  Frame close = s.read_until_op(0x8);
  EXPECT_EQ(close.code(), 1000);
  EXPECT_TRUE(s.ended());
}

TEST_F(WebSocketProtocol, BrokenFramesCloseWithTheRfcCodes) {
  struct Case {
    std::string frame;
    uint16_t code;
  };
  const std::vector<Case> cases = {
      {client_frame(0x82, "binary"), 1003},           // binary messages are not taken
      {text("caf\xc3"), 1007},                        // a UTF-8 sequence cut short
      {client_frame(0x81, "unmasked", false), 1002},  // a client must mask
      {client_frame(0xC1, "rsv"), 1002},              // a reserved bit
      {text(std::string(5000, 'x')), 1009},           // over --ws-message-bytes-max
      {client_frame(0x09, "fragmented ping"), 1002},  // control frames are never fragmented
  };
  for (const auto& c : cases) {
    RawSocket s(port());
    s.handshake(guest());
    s.write(c.frame);
    Frame close = s.read_until_op(0x8);
    EXPECT_EQ(close.code(), c.code) << close.payload;
    // The server ends the connection without waiting for the client's answer.
    s.try_write(client_frame(0x88, std::string("\x03\xe8", 2)));
    EXPECT_TRUE(s.ended());
  }
}

}  // namespace
}  // namespace croupier::testing
