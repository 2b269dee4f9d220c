#include "gateway/ws_frame.hpp"

#include <gtest/gtest.h>

#include <array>
#include <random>
#include <vector>

namespace croupier::gateway::ws {
namespace {

// A client's frame: masked with `mask`, FIN as given.
std::string client_frame(uint8_t op, std::string_view payload, bool fin = true,
                         std::array<uint8_t, 4> mask = {0x12, 0x34, 0x56, 0x78}) {
  std::string out;
  out.push_back(static_cast<char>((fin ? 0x80 : 0) | op));
  const size_t n = payload.size();
  if (n < 126) {
    out.push_back(static_cast<char>(0x80 | n));
  } else if (n <= 0xFFFF) {
    out.push_back(static_cast<char>(0x80 | 126));
    out.push_back(static_cast<char>(n >> 8));
    out.push_back(static_cast<char>(n & 0xFF));
  } else {
    out.push_back(static_cast<char>(0x80 | 127));
    for (int shift = 56; shift >= 0; shift -= 8)
      out.push_back(static_cast<char>((static_cast<uint64_t>(n) >> shift) & 0xFF));
  }
  for (uint8_t m : mask) out.push_back(static_cast<char>(m));
  for (size_t i = 0; i < n; ++i) out.push_back(static_cast<char>(payload[i] ^ mask[i % 4]));
  return out;
}

TEST(WsFrame, ServerFramesUseTheShortestLength) {
  EXPECT_EQ(server_frame(Opcode::text, "hi"), std::string("\x81\x02hi", 4));
  const std::string mid(300, 'x');
  const std::string f = server_frame(Opcode::text, mid);
  ASSERT_EQ(f.size(), 4 + 300u);
  EXPECT_EQ(static_cast<uint8_t>(f[1]), 126);
  EXPECT_EQ((static_cast<uint8_t>(f[2]) << 8) | static_cast<uint8_t>(f[3]), 300);
  const std::string big(70000, 'y');
  const std::string g = server_frame(Opcode::text, big);
  ASSERT_EQ(g.size(), 10 + 70000u);
  EXPECT_EQ(static_cast<uint8_t>(g[1]), 127);
  // The payload reads back from each length form.
  EXPECT_EQ(frame_payload(*text_frame("hi")), "hi");
  EXPECT_EQ(frame_payload(f), mid);
  EXPECT_EQ(frame_payload(g), big);
  EXPECT_EQ(std::string(server_frame(Opcode::close, close_payload(1008, "bye"))),
            std::string("\x88\x05\x03\xf0"
                        "bye",
                        7));
}

TEST(WsFrame, TheAcceptKeyIsTheRfcsExample) {
  // RFC 6455 section 1.3.
  EXPECT_EQ(accept_key("dGhlIHNhbXBsZSBub25jZQ=="), "s3pPLMBiTxaQ9kYGzzhZRbK+xOo=");
}

TEST(WsFrame, MessagesComeWholeHoweverTheBytesArrive) {
  const std::string wire = client_frame(0x1, "<ping id=\"1\"/>") +
                           client_frame(0x1, "<sub", false) + client_frame(0x9, "p") +
                           client_frame(0x0, "scribe/>", true) +
                           client_frame(0x1, std::string(200, 'z'));
  // Byte by byte, and all at once: the same messages.
  for (size_t step : {size_t{1}, size_t{3}, wire.size()}) {
    FrameReader r(1024);
    std::vector<Message> got;
    for (size_t i = 0; i < wire.size(); i += step) {
      r.feed(std::string_view(wire).substr(i, step));
      while (auto m = r.next()) got.push_back(std::move(*m));
    }
    ASSERT_EQ(r.failed(), 0) << r.failure();
    ASSERT_EQ(got.size(), 4u) << step;
    EXPECT_EQ(got[0].payload, "<ping id=\"1\"/>");
    EXPECT_EQ(got[1].op, Opcode::ping);  // a control frame between fragments
    EXPECT_EQ(got[1].payload, "p");
    EXPECT_EQ(got[2].payload, "<subscribe/>");
    EXPECT_EQ(got[3].payload, std::string(200, 'z'));
  }
}

TEST(WsFrame, ACloseCarriesItsCodeAndReason) {
  FrameReader r(1024);
  r.feed(client_frame(0x8, close_payload(1000, "done")));
  auto m = r.next();
  ASSERT_TRUE(m);
  EXPECT_EQ(m->op, Opcode::close);
  EXPECT_EQ(m->close_code, 1000);
  EXPECT_EQ(m->payload, "done");
  FrameReader empty(1024);
  empty.feed(client_frame(0x8, ""));
  EXPECT_EQ(empty.next()->close_code, 1005);
}

TEST(WsFrame, WhatTheRfcForbidsIsRefusedWithTheRightCode) {
  struct Case {
    std::string wire;
    uint16_t code;
  };
  std::string unmasked("\x81\x02hi", 4);
  std::string reserved = client_frame(0x1, "a");
  reserved[0] = static_cast<char>(reserved[0] | 0x40);
  std::vector<Case> cases = {
      {unmasked, 1002},
      {reserved, 1002},
      {client_frame(0x3, "a"), 1002},                                  // unknown opcode
      {client_frame(0x2, "a"), 1003},                                  // binary
      {client_frame(0x9, std::string(126, 'p')), 1002},                // control over 125
      {client_frame(0x9, "p", false), 1002},                           // fragmented control
      {client_frame(0x0, "a"), 1002},                                  // continuation of nothing
      {client_frame(0x1, "a", false) + client_frame(0x1, "b"), 1002},  // new before end
      {client_frame(0x1, std::string(2000, 'x')), 1009},               // over the limit
      {client_frame(0x1, "\xc0\xaf"), 1007},                           // overlong UTF-8
      {client_frame(0x1, "\xed\xa0\x80"), 1007},                       // a surrogate
      {client_frame(0x8, std::string("\x03", 1)), 1002},               // one-byte close payload
      {client_frame(0x8, close_payload(1005, "")), 1002},              // a code never sent
  };
  for (const auto& c : cases) {
    FrameReader r(1024);
    r.feed(c.wire);
    while (r.next()) {
    }
    EXPECT_EQ(r.failed(), c.code) << r.failure();
    r.feed(client_frame(0x1, "after"));
    EXPECT_FALSE(r.next().has_value());  // nothing after a failure
  }
}

TEST(WsFrame, Utf8IsCheckedExactly) {
  EXPECT_TRUE(valid_utf8("plain"));
  EXPECT_TRUE(valid_utf8("Jos\xc3\xa9 \xe6\x9d\x8e \xf0\x9f\x82\xa1"));
  EXPECT_FALSE(valid_utf8("\xe6\x9d"));          // cut short
  EXPECT_FALSE(valid_utf8("\xf4\x90\x80\x80"));  // over U+10FFFF
  EXPECT_FALSE(valid_utf8("\xe0\x80\xaf"));      // overlong
  EXPECT_FALSE(valid_utf8("\xff"));
}

// Found by fuzz_http: an error echoed a percent-decoded path that was not UTF-8, and the
// reply was not JSON (corpus/http/regress-path-not-utf8).
TEST(WsFrame, TextIsMadeValidUtf8ByReplacingWhatIsNot) {
  EXPECT_EQ(to_valid_utf8("Jos\xc3\xa9"), "Jos\xc3\xa9");
  EXPECT_EQ(to_valid_utf8("/api/ui/\xbalance"), "/api/ui/\xef\xbf\xbdlance");
  EXPECT_EQ(to_valid_utf8("\xe6\x9d"), "\xef\xbf\xbd\xef\xbf\xbd");  // cut short
  EXPECT_EQ(to_valid_utf8("a\xe0\x80\xaf"
                          "b"),
            "a\xef\xbf\xbd\xef\xbf\xbd\xef\xbf\xbd"
            "b");
  std::mt19937 rng(11);
  for (int round = 0; round < 2000; ++round) {
    std::string junk(rng() % 32, '\0');
    for (char& c : junk) c = static_cast<char>(rng());
    EXPECT_TRUE(valid_utf8(to_valid_utf8(junk)));
  }
}

TEST(WsFrame, RandomBytesNeverCrashAndFramedTextRoundTrips) {
  std::mt19937 rng(7);
  for (int round = 0; round < 2000; ++round) {
    std::string junk(rng() % 64, '\0');
    for (char& c : junk) c = static_cast<char>(rng());
    FrameReader r(256);
    r.feed(junk);
    while (r.next()) {
    }
    std::string text(rng() % 300, 'a');
    for (char& c : text) c = static_cast<char>('a' + rng() % 26);
    FrameReader ok(1024);
    ok.feed(client_frame(0x1, text, true,
                         {static_cast<uint8_t>(rng()), static_cast<uint8_t>(rng()),
                          static_cast<uint8_t>(rng()), static_cast<uint8_t>(rng())}));
    auto m = ok.next();
    ASSERT_TRUE(m) << ok.failure();
    EXPECT_EQ(m->payload, text);
  }
}

}  // namespace
}  // namespace croupier::gateway::ws
