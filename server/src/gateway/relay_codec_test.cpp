#include "gateway/relay_codec.hpp"

#include <gtest/gtest.h>

namespace croupier::gateway {
namespace {

protocol::WireEvent sample() {
  protocol::WireEvent e;
  e.epoch = "k3x9";
  e.version = 4'294'967'301;  // beyond 32 bits
  e.type = "gameresult";
  e.json = std::make_shared<const std::string>(R"({"type":"gameresult","v":4294967301})");
  e.personal.emplace(7,
                     std::make_shared<const std::string>(R"({"type":"gameresult","win":"2.00"})"));
  e.personal.emplace(1'000'000'000'123,
                     std::make_shared<const std::string>(std::string("bytes \0 and \xff", 13)));
  return e;
}

TEST(RelayCodec, AnEventComesBackWhole) {
  const protocol::WireEvent e = sample();
  auto back = decode_event(encode_event("rou-1", e));
  ASSERT_TRUE(back.has_value());
  EXPECT_EQ(back->first, "rou-1");
  const protocol::WireEvent& d = back->second;
  EXPECT_EQ(d.epoch, e.epoch);
  EXPECT_EQ(d.version, e.version);
  EXPECT_EQ(d.type, e.type);
  EXPECT_EQ(*d.json, *e.json);
  ASSERT_EQ(d.personal.size(), 2u);
  EXPECT_EQ(*d.personal.at(7), *e.personal.at(7));
  EXPECT_EQ(*d.personal.at(1'000'000'000'123), *e.personal.at(1'000'000'000'123));

  protocol::WireEvent empty;
  empty.json = std::make_shared<const std::string>("{}");
  auto plain = decode_event(encode_event("", empty));
  ASSERT_TRUE(plain.has_value());
  EXPECT_TRUE(plain->second.personal.empty());
  EXPECT_EQ(*plain->second.json, "{}");
}

TEST(RelayCodec, DamagedBytesAreRefusedNeverReadPastTheEnd) {
  const std::string good = encode_event("bac-2", sample());
  for (size_t cut = 0; cut < good.size(); ++cut) {
    EXPECT_FALSE(decode_event(std::string_view(good).substr(0, cut)).has_value()) << cut;
  }
  EXPECT_FALSE(decode_event(good + "x").has_value());  // trailing bytes
  std::string other_format = good;
  other_format[0] = 2;
  EXPECT_FALSE(decode_event(other_format).has_value());
  std::string long_text = good;
  long_text[1] = '\xff';  // the table id claims more bytes than follow
  EXPECT_FALSE(decode_event(long_text).has_value());
}

}  // namespace
}  // namespace croupier::gateway
