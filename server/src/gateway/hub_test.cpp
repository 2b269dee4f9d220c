#include "gateway/hub.hpp"

#include <gtest/gtest.h>

#include <boost/asio/io_context.hpp>
#include <boost/json.hpp>

namespace croupier::gateway {
namespace {

namespace json = boost::json;

struct Recorder : Subscriber {
  explicit Recorder(ledger::PlayerId p) : id(p) {}
  ledger::PlayerId player() const override { return id; }
  void deliver(ws::Frame m) override {
    got.push_back(json::parse(ws::frame_payload(*m)).as_object());
  }
  std::vector<std::string> types() const {
    std::vector<std::string> t;
    for (const auto& m : got) t.emplace_back(m.at("type").as_string());
    return t;
  }
  ledger::PlayerId id;
  std::vector<json::object> got;
};

protocol::WireEvent event(const std::string& epoch, uint64_t v,
                          std::map<ledger::PlayerId, std::string> personal = {}) {
  protocol::WireEvent e;
  e.epoch = epoch;
  e.version = v;
  e.type = "timer";
  e.json = std::make_shared<const std::string>(R"({"type":"timer","v":)" + std::to_string(v) + "}");
  for (auto& [p, extra] : personal) {
    e.personal[p] = std::make_shared<const std::string>(
        R"({"type":"timer","v":)" + std::to_string(v) + R"(,"mine":")" + extra + R"("})");
  }
  return e;
}

class ChannelTest : public ::testing::Test {
 protected:
  std::shared_ptr<Channel> make(size_t history_max, size_t bytes_max = size_t{8} << 20) {
    return std::make_shared<Channel>(
        io.get_executor(), std::vector<boost::asio::any_io_executor>{}, "table-t", "t",
        Channel::History{history_max, bytes_max},
        [this](ledger::PlayerId, std::function<void(json::object)> reply) {
          ++snapshots;
          reply(json::object{{"type", "resync"}, {"v", snapshot_v}, {"epoch", "E1"}});
        });
  }
  void settle() {
    io.restart();
    io.run();
  }
  boost::asio::io_context io;
  int snapshots = 0;
  uint64_t snapshot_v = 0;
};

TEST_F(ChannelTest, ResumesFromHistoryWithExactlyTheMissedEvents) {
  auto channel = make(10);
  for (uint64_t v = 1; v <= 5; ++v) channel->publish(event("E1", v));
  auto r = std::make_shared<Recorder>(1);
  channel->subscribe(r, "E1", 3);
  settle();
  EXPECT_EQ(snapshots, 0);
  ASSERT_EQ(r->got.size(), 3u);
  EXPECT_EQ(r->got[0].at("type").as_string(), "subscribed");
  EXPECT_TRUE(r->got[0].at("resumed").as_bool());
  // The client marks as replayed the number of events it is told are coming.
  EXPECT_EQ(r->got[0].at("replayed").as_int64(), 2);
  EXPECT_EQ(r->got[1].at("v").as_int64(), 4);
  EXPECT_EQ(r->got[2].at("v").as_int64(), 5);
  channel->publish(event("E1", 6));
  settle();
  EXPECT_EQ(r->got.back().at("v").as_int64(), 6);
}

TEST_F(ChannelTest, ResyncsWhenTheHistoryNoLongerCoversTheGapOrTheRunChanged) {
  auto channel = make(3);
  for (uint64_t v = 1; v <= 10; ++v) channel->publish(event("E1", v));
  snapshot_v = 10;
  auto far_behind = std::make_shared<Recorder>(1);
  channel->subscribe(far_behind, "E1", 2);  // 3..7 are gone
  auto other_run = std::make_shared<Recorder>(2);
  channel->subscribe(other_run, "E0", 9);
  auto newcomer = std::make_shared<Recorder>(3);
  channel->subscribe(newcomer, std::nullopt, std::nullopt);
  settle();
  EXPECT_EQ(snapshots, 3);
  for (auto* r : {far_behind.get(), other_run.get(), newcomer.get()}) {
    EXPECT_EQ(r->types(), (std::vector<std::string>{"subscribed", "resync"}));
    EXPECT_FALSE(r->got[0].at("resumed").as_bool());
  }
}

// A version of the table's run that never reached the channel (its owner held it back, or
// the cluster's bus lost it) is not passed over in silence: every subscriber is told before
// the next event, and asks for its state again. An event that came already is dropped.
TEST_F(ChannelTest, AVersionThatNeverCameIsToldToEverySubscriberWhoThenResyncs) {
  auto channel = make(10);
  for (uint64_t v = 1; v <= 3; ++v) channel->publish(event("E1", v));
  snapshot_v = 3;
  auto r = std::make_shared<Recorder>(1);
  channel->subscribe(r, std::nullopt, std::nullopt);
  settle();
  ASSERT_EQ(r->types(), (std::vector<std::string>{"subscribed", "resync"}));

  channel->publish(event("E1", 5));  // 4 never came
  channel->publish(event("E1", 5));  // and 5 came twice
  settle();
  ASSERT_EQ(r->types(), (std::vector<std::string>{"subscribed", "resync", "subscribed", "timer"}));
  const auto& notice = r->got[2];
  EXPECT_TRUE(notice.at("missed").as_bool());
  EXPECT_FALSE(notice.contains("restarted"));
  EXPECT_EQ(notice.at("epoch").as_string(), "E1");
  EXPECT_EQ(notice.at("v").as_int64(), 4);
  EXPECT_EQ(r->got[3].at("v").as_int64(), 5);

  // Resuming from before the hole cannot be served from the history: a resync.
  snapshot_v = 5;
  channel->subscribe(r, "E1", 3);
  settle();
  EXPECT_EQ(snapshots, 2);
  EXPECT_EQ(r->types().back(), "resync");
}

// A round's result carries a frame for each player who bet: on a crowded table a history
// counted in events alone would hold every player's result of 512 events. Past the bytes
// allowed, the oldest events go, and a player who missed one of those gets a resync.
TEST_F(ChannelTest, KeepsNoMoreBytesThanAllowedAndResyncsWhoMissedWhatWentBeyond) {
  std::map<ledger::PlayerId, std::string> crowd;
  for (ledger::PlayerId p = 1; p <= 100; ++p) crowd[p] = std::string(40, 'x');
  // One event for everyone and 100 personal ones: some 7,000 bytes framed.
  const size_t one = [&] {
    auto probe = make(10);
    probe->publish(event("E1", 1, crowd));
    settle();
    return probe->history_bytes();
  }();
  ASSERT_GT(one, 100u * 60);

  auto channel = make(512, one * 3 + one / 2);  // room for three such events, not four
  for (uint64_t v = 1; v <= 6; ++v) channel->publish(event("E1", v, crowd));
  settle();
  EXPECT_LE(channel->history_bytes(), one * 3 + one / 2);
  EXPECT_GE(channel->history_bytes(), one * 3 - 30);  // versions differ in length
  snapshot_v = 6;
  auto recent = std::make_shared<Recorder>(7);
  channel->subscribe(recent, "E1", 3);  // 4, 5 and 6 are kept
  auto behind = std::make_shared<Recorder>(8);
  channel->subscribe(behind, "E1", 2);  // 3 is gone
  settle();
  EXPECT_EQ(recent->types(), (std::vector<std::string>{"subscribed", "timer", "timer", "timer"}));
  EXPECT_EQ(recent->got[1].at("mine").as_string(), crowd[7]);
  EXPECT_EQ(behind->types(), (std::vector<std::string>{"subscribed", "resync"}));
  EXPECT_EQ(snapshots, 1);

  // One event over the whole allowance is still kept: it is the latest.
  auto tight = make(512, 10);
  tight->publish(event("E1", 1, crowd));
  tight->publish(event("E1", 2, crowd));
  settle();
  EXPECT_GE(tight->history_bytes(), one - 30);
  EXPECT_LE(tight->history_bytes(), one + 30);
  auto last = std::make_shared<Recorder>(9);
  tight->subscribe(last, "E1", 1);
  settle();
  EXPECT_EQ(last->types(), (std::vector<std::string>{"subscribed", "timer"}));
}

TEST_F(ChannelTest, DeliversPersonalVariantsAndForgetsGoneSubscribers) {
  auto channel = make(10);
  auto alice = std::make_shared<Recorder>(1);
  auto bob = std::make_shared<Recorder>(2);
  channel->subscribe(alice, std::nullopt, std::nullopt);
  channel->subscribe(bob, std::nullopt, std::nullopt);
  settle();
  EXPECT_EQ(channel->subscriber_count(), 2u);
  channel->publish(event("E1", 1, {{1, "alice's win"}}));
  settle();
  EXPECT_EQ(alice->got.back().at("mine").as_string(), "alice's win");
  EXPECT_FALSE(bob->got.back().contains("mine"));
  bob.reset();
  channel->publish(event("E1", 2));
  settle();
  EXPECT_EQ(channel->subscriber_count(), 1u);
  channel->unsubscribe(alice.get());
  channel->publish(event("E1", 3));
  settle();
  EXPECT_EQ(channel->subscriber_count(), 0u);
  EXPECT_EQ(alice->got.back().at("v").as_int64(), 2);
}

// A subscriber that says which subscription it holds, as a socket does.
struct Follower : Recorder {
  using Recorder::Recorder;
  bool follows(const Channel&, uint64_t t) const override { return ticket == t; }
  uint64_t ticket = 0;  // 0: following nothing
};

TEST_F(ChannelTest, ASubscriptionLeftBeforeItsFirstFramesGoOutIsDropped) {
  auto channel = make(10);
  auto f = std::make_shared<Follower>(1);
  f->ticket = 1;
  channel->subscribe(f, std::nullopt, std::nullopt, 1);
  // Left at once: the resync was still being prepared.
  f->ticket = 0;
  channel->unsubscribe(f.get());
  settle();
  channel->publish(event("E1", 1));
  settle();
  EXPECT_TRUE(f->got.empty());
  EXPECT_EQ(channel->subscriber_count(), 0u);
}

TEST_F(ChannelTest, SubscribingAgainRightAfterLeavingKeepsTheSubscription) {
  auto channel = make(10);
  auto f = std::make_shared<Follower>(1);
  f->ticket = 1;
  channel->subscribe(f, std::nullopt, std::nullopt, 1);
  settle();
  channel->publish(event("E1", 1));
  settle();
  // The page's effect runs again: unsubscribe and subscribe, one after the other.
  channel->unsubscribe(f.get());
  f->ticket = 2;
  channel->subscribe(f, std::string("E1"), 1, 2);
  settle();
  channel->publish(event("E1", 2));
  settle();
  EXPECT_EQ(channel->subscriber_count(), 1u);
  EXPECT_EQ(f->got.back().at("v").as_int64(), 2);
}

}  // namespace
}  // namespace croupier::gateway
