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

// Limits: the player's own wager limit refuses the stake beyond it (101019) and is lowered at
// once, raised only after the cooling-off; the operator's loss limit applies at once and the
// lower of the two counts.
TEST_F(Regulation, LimitsRefuseStakesBeyondThem) {
  HttpClient backend(server->port());
  HttpResponse issued =
      operator_post(backend, "/api/operator/launch",
                    {{"operatorId", "demo"}, {"playerId", "lim-1"}, {"currency", "EUR"}},
                    "test-operator-secret-0123");
  ASSERT_EQ(issued.status, 200) << issued.body;
  std::string url(issued.json().at("launchUrl").as_string());
  Player p{HttpClient(server->port()), "", "", nullptr};
  ASSERT_EQ(p.http.get(url.substr(url.find("/launch"))).status, 302);
  p.http.get("/api/ge/versions");
  p.session = p.http.cookie("JSESSIONID");
  p.id = std::string(p.http.get("/api/ui/playerConfig").json().at("player").at("id").as_string());
  p.ws = std::make_unique<WsClient>(server->port(), p.session);
  p.ws->wait_type("welcome");
  p.ws->send(R"(<subscribe channel="table-rou-r"/>)");
  p.ws->wait_type("resync");
  auto set_limit = [&](const std::string& kind, json::value amount) {
    HttpResponse r = p.http.post("/api/ui/limits",
                                 json::serialize(json::object{{"kind", kind}, {"amount", amount}}));
    EXPECT_EQ(r.status, 200) << r.body;
    return r.json();
  };
  auto bet = [&](const std::string& request, const std::string& amount) {
    std::string game(p.ws->wait_type("betsopen").at("gameId").as_string());
    p.ws->send(pbet_xml("pbet", "rou-r", game, p.id, request, {{"RED", amount}}));
    return p.ws->wait_type("betack");
  };
  set_limit("wager_day", "5.00");
  EXPECT_EQ(bet("l-1", "3.00").at("accepted").as_array().size(), 1u);
  json::object refused = bet("l-2", "3.00");
  EXPECT_EQ(refused.at("code").as_int64(), 101019) << json::serialize(refused);
  EXPECT_EQ(bet("l-3", "2.00").at("accepted").as_array().size(), 1u);  // exactly to the limit
  // A raise waits for the cooling-off; the limit holds meanwhile.
  json::value raised = set_limit("wager_day", "100.00");
  bool pending = false;
  for (const auto& l : raised.at("limits").as_array()) {
    if (l.at("kind").as_string() != "wager_day") continue;
    EXPECT_EQ(l.at("limit").as_string(), "5.00");
    EXPECT_EQ(l.at("pending").as_string(), "100.00");
    EXPECT_EQ(l.at("used").as_string(), "5.00");
    pending = true;
  }
  EXPECT_TRUE(pending);
  EXPECT_EQ(bet("l-4", "1.00").at("code").as_int64(), 101019);
  // A bad kind or amount is refused.
  EXPECT_EQ(p.http.post("/api/ui/limits", R"({"kind":"loss_year","amount":"5.00"})").status, 400);
  EXPECT_EQ(p.http.post("/api/ui/limits", R"({"kind":"loss_day","amount":"-1"})").status, 400);
  // The operator's loss limit counts at once (the red bets lost 5.00 today), and a removal
  // waits like a raise: a euro more is beyond both.
  HttpResponse op = operator_post(
      backend, "/api/operator/player/limits",
      {{"operatorId", "demo"}, {"playerId", "lim-1"}, {"kind", "loss_day"}, {"amount", "5.50"}},
      "test-operator-secret-0123");
  ASSERT_EQ(op.status, 200) << op.body;
  set_limit("wager_day", nullptr);
  EXPECT_EQ(bet("l-5", "1.00").at("code").as_int64(), 101019);
}

}  // namespace
}  // namespace croupier::testing
