// Regulated markets over real sockets (issue 20, docs/regulation.md): the reality check's
// figures for the session (time, stakes, returns, net position, the operator's interval).
#include <gtest/gtest.h>

#include "support/harness.hpp"

namespace croupier::testing {
namespace {

// Every round lands on 17 (black): red loses, a straight-up on 17 pays 35 to 1.
constexpr const char* kCasino = R"({
  "operators": [{"id": "demo", "name": "Test Casino", "secret": "test-operator-secret-0123",
                 "demo": true, "funMoney": "100.00", "currency": "EUR",
                 "casinoConfig": {"reality_check_handle": true, "reality_check_interval_min": 30}}],
  "tables": [
    {"id": "rou-r", "name": "Roulette", "game": "roulette",
     "scriptedResults": ["17", "17", "17", "17", "17", "17", "17", "17"],
     "limits": {"EUR": {"min": "1.00", "tableMax": "500.00", "insideMax": "100.00",
                        "outsideMax": "500.00", "chips": ["1.00", "5.00"]}}}
  ]})";

class Regulation : public ::testing::Test {
 protected:
  void SetUp() override { server = start_with_casino("croupier-regulation", kCasino); }
  void TearDown() override { stop_and_check_ledger(*server); }
  std::unique_ptr<ServerProcess> server;
};

TEST_F(Regulation, TheRealityCheckSumsTheSessionsBets) {
  Player p = join_as_guest(server->port(), "rou-r");
  json::value fresh = p.http.get("/api/cgibin/regulation/realityCheck").json();
  EXPECT_EQ(fresh.at("wagered").as_string(), "0.00");
  EXPECT_EQ(fresh.at("intervalMinutes").as_int64(), 30);
  std::string game(p.ws->wait_type("betsopen").at("gameId").as_string());
  p.ws->send(
      pbet_xml("pbet", "rou-r", game, p.id, "rc-1", {{"RED", "2.00"}, {"STRAIGHT_17", "1.00"}}));
  ASSERT_EQ(p.ws->wait_type("betack").at("accepted").as_array().size(), 2u);
  // While the round is open the stakes are in play and count as spent.
  json::value open = p.http.get("/api/cgibin/regulation/realityCheck").json();
  EXPECT_EQ(open.at("inPlay").as_string(), "3.00");
  EXPECT_EQ(open.at("netPosition").as_string(), "-3.00");
  p.ws->wait_type("gameresult");
  HttpResponse r = p.http.get("/api/cgibin/regulation/realityCheck");
  ASSERT_EQ(r.status, 200) << r.body;
  const json::value doc = r.json();
  EXPECT_EQ(doc.at("bets").as_int64(), 2);
  EXPECT_EQ(doc.at("wagered").as_string(), "3.00");
  EXPECT_EQ(doc.at("returned").as_string(), "36.00");
  EXPECT_EQ(doc.at("inPlay").as_string(), "0.00");
  EXPECT_EQ(doc.at("netPosition").as_string(), "33.00");
  EXPECT_EQ(doc.at("currency").as_string(), "EUR");
  EXPECT_GE(doc.at("sessionSeconds").as_int64(), 0);
  // Without a session: refused.
  HttpClient anon(server->port());
  EXPECT_EQ(anon.get("/api/cgibin/regulation/realityCheck").status, 401);
}

}  // namespace
}  // namespace croupier::testing
