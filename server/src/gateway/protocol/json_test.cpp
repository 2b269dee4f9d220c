// The wire JSON of the tables' events and snapshots: the roads in their documented shape,
// and events with the parts only one player receives.
#include "gateway/protocol/json.hpp"

#include <gtest/gtest.h>

#include <boost/json.hpp>
#include <string>
#include <vector>

namespace croupier::gateway::protocol {
namespace {

namespace json = boost::json;
using games::cards::make_roads;
using games::cards::RoadResult;
using games::cards::Roads;

std::vector<RoadResult> seq(std::string_view winners) {
  std::vector<RoadResult> out;
  for (char c : winners) {
    RoadResult r;
    r.winner = c;
    out.push_back(r);
  }
  return out;
}

TEST(ProtocolJson, RoadsAreWrittenInTheDocumentedShape) {
  std::vector<RoadResult> r = seq("BT");
  r[0] = {'B', false, true, true, 5, 9};
  r[1] = {'T', false, false, false, 6, 6};
  const Roads roads = make_roads(r);
  EXPECT_EQ(json::serialize(roads_json(roads)),
            "{\"rows\":6,"
            "\"beadPlate\":["
            "{\"col\":0,\"row\":0,\"winner\":\"B\",\"playerTotal\":5,\"bankerTotal\":9,"
            "\"playerPair\":false,\"bankerPair\":true,\"natural\":true},"
            "{\"col\":0,\"row\":1,\"winner\":\"T\",\"playerTotal\":6,\"bankerTotal\":6,"
            "\"playerPair\":false,\"bankerPair\":false,\"natural\":false}],"
            "\"bigRoad\":{\"leadingTies\":0,\"cells\":["
            "{\"col\":0,\"row\":0,\"streak\":0,\"position\":0,\"winner\":\"B\",\"ties\":1,"
            "\"playerPair\":false,\"bankerPair\":true,\"natural\":true}]},"
            "\"bigEyeBoy\":[],\"smallRoad\":[],\"cockroachPig\":[],"
            "\"askPlayer\":{\"bigEyeBoy\":null,\"smallRoad\":null,\"cockroachPig\":null},"
            "\"askBanker\":{\"bigEyeBoy\":null,\"smallRoad\":null,\"cockroachPig\":null},"
            "\"stats\":{\"hands\":2,\"player\":0,\"banker\":1,\"tie\":1,\"playerPair\":0,"
            "\"bankerPair\":1,\"natural\":1}}");
  const std::string full = json::serialize(roads_json(make_roads(seq("BBPBBBPPB"))));
  EXPECT_NE(full.find("\"bigEyeBoy\":[{\"col\":0,\"row\":0,\"streak\":0,\"position\":0,"
                      "\"colour\":\"blue\"},"),
            std::string::npos);
  EXPECT_NE(full.find("\"askBanker\":{\"bigEyeBoy\":\"red\",\"smallRoad\":\"red\","
                      "\"cockroachPig\":\"blue\"}"),
            std::string::npos);
}

table::TableEvent event(table::EventBody body) {
  table::EventHead head{"rou-1", 7, 1'700'000'000'000, MonoTime{Millis{5000}}, "rou-1-000003"};
  return {"ep", head, std::move(body), {}};
}

TEST(ProtocolJson, AnEventCarriesItsHeadAndWallTimes) {
  // As a client reads it: serialised and parsed again.
  json::object o = json::parse(json::serialize(event_json(event(table::BetsOpened{
                                   MonoTime{Millis{20000}}, Millis{15000}, false, {}, {}, {}}))))
                       .as_object();
  EXPECT_EQ(o.at("type").as_string(), "betsopen");
  EXPECT_EQ(o.at("table").as_string(), "rou-1");
  EXPECT_EQ(o.at("v").as_int64(), 7);
  EXPECT_EQ(o.at("gameId").as_string(), "rou-1-000003");
  EXPECT_EQ(o.at("state").as_int64(), 2);
  EXPECT_TRUE(o.at("betsOpen").as_bool());
  // Fifteen seconds after the event was made, in wall time.
  EXPECT_EQ(o.at("endsAt").as_int64(), 1'700'000'015'000);
  EXPECT_FALSE(o.contains("specialBall"));
}

TEST(ProtocolJson, EachPlayerReceivesTheirOwnPartAndOthersDoNot) {
  table::TableEvent e =
      event(table::ResultShown{"17", "17", {17}, {}, {}, {}, nullptr, {}, {}, {}});
  table::PlayerPart mine;
  mine.settled = table::PlayerPart::Settled{
      *parse_money("5"), *parse_money("180"), {*parse_money("1175"), *parse_money("0")}};
  e.personal[42] = mine;
  WireEvent w = wire_event(e);
  EXPECT_EQ(w.type, "gameresult");
  EXPECT_EQ(w.version, 7u);
  json::object everyone = json::parse(*w.json).as_object();
  EXPECT_FALSE(everyone.contains("win"));
  ASSERT_TRUE(w.personal.contains(42));
  json::object theirs = json::parse(*w.personal.at(42)).as_object();
  EXPECT_EQ(theirs.at("result").as_string(), "17");
  EXPECT_EQ(theirs.at("win").as_string(), "180.00");
  EXPECT_EQ(theirs.at("net").as_string(), "175.00");
  EXPECT_EQ(theirs.at("balance").as_string(), "1175.00");
}

TEST(ProtocolJson, APrivateChatIsAChatForTheSeatedAndANoopForOthers) {
  table::TableEvent e = event(table::Noop{});
  e.personal[3].chat = table::ChatSaid{3, "Ann", "hello", std::string(table::kPlayerRole), {}};
  WireEvent w = wire_event(e);
  json::object others = json::parse(*w.json).as_object();
  EXPECT_EQ(others.at("type").as_string(), "noop");
  EXPECT_FALSE(others.contains("text"));
  json::object seated = json::parse(*w.personal.at(3)).as_object();
  EXPECT_EQ(seated.at("type").as_string(), "chat");
  EXPECT_EQ(seated.at("v").as_int64(), 7);  // the same version: no gap for anybody
  EXPECT_EQ(seated.at("text").as_string(), "hello");
  EXPECT_EQ(seated.at("playerId").as_string(), "3");
}

}  // namespace
}  // namespace croupier::gateway::protocol
