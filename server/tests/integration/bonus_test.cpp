// Bonuses and free bets over real sockets (issue 19, docs/bonuses-and-promotions.md): a new
// player is offered the operator's free chips, accepts them, bets them at roulette and is
// paid the winnings alone, within the campaign's limit; an operator's cash bonus is played
// through to cash, with safe bets refused meanwhile. On the SQLite file and on PostgreSQL;
// every run ends with ledger-check.
#include <gtest/gtest.h>

#include "db/postgres_testing.hpp"
#include "support/harness.hpp"

namespace croupier::testing {
namespace {

// Every round lands on 17: a straight-up on it pays 35 to 1, red loses (17 is black).
constexpr const char* kBonusCasino = R"({
  "operators": [{"id": "demo", "name": "Test Casino", "secret": "test-operator-secret-0123",
                 "demo": true, "funMoney": "100.00", "currency": "EUR",
                 "campaigns": [{"campaignId": "welcome-chips", "name": "Welcome chips",
                                "code": "FREECHIP", "kind": "free_bet", "currency": "EUR",
                                "chipValue": "1.00", "noOfChips": 5, "maxChipLimit": 3,
                                "maxWinningLimit": "30.00", "games": ["roulette"],
                                "newPlayers": true}]}],
  "tables": [
    {"id": "rou-b", "name": "Roulette", "game": "roulette",
     "scriptedResults": ["17", "17", "17", "17", "17", "17", "17", "17", "17", "17", "17", "17"],
     "limits": {"EUR": {"min": "1.00", "tableMax": "500.00", "insideMax": "100.00",
                        "outsideMax": "500.00", "chips": ["1.00", "5.00"]}}}
  ]})";

constexpr const char* kBonusTable = "rou-b";

// A free-bet command on the bonus, each bet (code, chips) of 1.00 chips.
std::string free_pbet(const std::string& game, const std::string& user, const std::string& request,
                      const std::string& bonus,
                      const std::vector<std::pair<std::string, int>>& bets) {
  std::string xml = "<pbet tableId=\"" + std::string(kBonusTable) +
                    "\" gameMode=\"roulette_mobile\" gameId=\"" + game + "\" userId=\"" + user +
                    "\" requestId=\"" + request + "\" bonusId=\"" + bonus +
                    "\" bonusCode=\"FREECHIP\" chipValue=\"1.00\" campaignName=\"Welcome chips\" "
                    "bonusRequestId=\"" +
                    bonus + "\">";
  for (const auto& [code, chips] : bets) {
    xml += "<bet code=\"" + code + "\" amount=\"" + std::to_string(chips) + ".00\" chipCount=\"" +
           std::to_string(chips) + "\"/>";
  }
  return xml + "</pbet>";
}

json::object only_chip(HttpClient& http) {
  HttpResponse r = http.get("/bonus/chips");
  EXPECT_EQ(r.status, 200) << r.body;
  const json::value doc = r.json();
  const auto& list = doc.at("eligible").as_array();
  EXPECT_EQ(list.size(), 1u) << r.body;
  return list.empty() ? json::object{} : list[0].as_object();
}

class Bonuses : public ::testing::TestWithParam<bool> {
 protected:
  void SetUp() override {
    if (GetParam())
      database = {"--database", postgres::testing::TestServer::instance().fresh_database()};
    server = start_with_casino("croupier-bonus", kBonusCasino, database);
  }
  void TearDown() override { stop_and_check_ledger(*server, database); }

  std::vector<std::string> database;
  std::unique_ptr<ServerProcess> server;
};

INSTANTIATE_TEST_SUITE_P(Ledgers, Bonuses, ::testing::Bool(),
                         [](const auto& info) { return info.param ? "Postgres" : "Sqlite"; });

TEST_P(Bonuses, AFreeChipIsAcceptedBetSettledAndPaysItsWinningsWithinTheLimit) {
  Player p = join_as_guest(server->port(), kBonusTable);
  const std::string bonus = "welcome-chips:" + p.id;

  // Offered to the new player, not yet theirs.
  HttpResponse offers = p.http.get("/bonus/offers");
  ASSERT_EQ(offers.status, 200) << offers.body;
  ASSERT_EQ(offers.json().at("bonuses").as_array().size(), 1u);
  json::object offered = only_chip(p.http);
  EXPECT_EQ(offered.at("bonusId").as_string(), bonus);
  EXPECT_EQ(offered.at("bonusStatus").as_string(), "pending");
  EXPECT_EQ(offered.at("noOfChips").as_int64(), 5);
  EXPECT_EQ(offered.at("maxChipLimit").as_int64(), 3);
  EXPECT_EQ(offered.at("maxBetLimit").as_string(), "3.00");

  // A free bet before accepting is refused, and moves nothing.
  std::string game(p.ws->wait_type("betsopen").at("gameId").as_string());
  p.ws->send(free_pbet(game, p.id, "early", bonus, {{"STRAIGHT_17", 1}}));
  json::object early = p.ws->wait_type("error");
  EXPECT_EQ(early.at("code").as_int64(), 1005);
  EXPECT_EQ(early.at("reason").as_string(), "bonus");

  HttpResponse accepted = p.http.post("/bonus/accept", R"({"bonusId":")" + bonus + "\"}");
  ASSERT_EQ(accepted.status, 200) << accepted.body;
  EXPECT_EQ(accepted.json().at("bonus").at("bonusStatus").as_string(), "active");
  EXPECT_EQ(accepted.json().at("bonus").at("bonusRemaining").as_int64(), 5);
  // The chips are not the player's balance; no cash bonus, so safe bets stay allowed.
  EXPECT_EQ(accepted.json().at("balance").at("balance").as_string(), "100.00");
  EXPECT_FALSE(
      p.http.get("/api/ui/playerConfig").json().at("player").at("blocksafebets").as_bool());
  // Declining what was accepted is too late.
  EXPECT_EQ(p.http.post("/bonus/decline", R"({"bonusId":")" + bonus + "\"}").status, 409);

  // Bets that are not whole chips, over the chip limit, or more than the chips left: 1005.
  game = std::string(p.ws->wait_type("betsopen").at("gameId").as_string());
  std::string bad = free_pbet(game, p.id, "bad-count", bonus, {{"STRAIGHT_17", 2}});
  bad.replace(bad.find("chipCount=\"2\""), 13, "chipCount=\"3\"");
  p.ws->send(bad);
  EXPECT_EQ(p.ws->wait_type("error").at("reason").as_string(), "chips");
  p.ws->send(free_pbet(game, p.id, "over-limit", bonus, {{"STRAIGHT_17", 4}}));
  EXPECT_EQ(p.ws->wait_type("error").at("reason").as_string(), "chips");

  // Two chips on 17 and one on red, with one euro of her own on 17 in another command.
  p.ws->send(free_pbet(game, p.id, "free-1", bonus, {{"STRAIGHT_17", 2}, {"RED", 1}}));
  json::object ack = p.ws->wait_type("betack");
  ASSERT_EQ(ack.at("accepted").as_array().size(), 2u) << json::serialize(ack);
  EXPECT_EQ(ack.at("bonusId").as_string(), bonus);
  EXPECT_EQ(ack.at("balance").as_string(), "100.00");
  p.ws->send(pbet_xml("pbet", kBonusTable, game, p.id, "own-1", {{"STRAIGHT_17", "1.00"}}));
  EXPECT_EQ(p.ws->wait_type("betack").at("balance").as_string(), "99.00");
  EXPECT_EQ(only_chip(p.http).at("bonusRemaining").as_int64(), 2);

  // 17: the chips' straight-up returns 72 (70 won), cut to the limit 30; red loses a chip;
  // her own euro returns 36. The stake counted is her own euro alone.
  json::object result = p.ws->wait_type("gameresult");
  ASSERT_EQ(result.at("result").as_string(), "17");
  EXPECT_EQ(result.at("stake").as_string(), "1.00");
  EXPECT_EQ(result.at("win").as_string(), "66.00");
  EXPECT_EQ(result.at("balance").as_string(), "165.00");
  json::object after = only_chip(p.http);
  EXPECT_EQ(after.at("accumulatedWins").as_string(), "30.00");
  EXPECT_EQ(after.at("bonusRemaining").as_int64(), 2);

  // The limit is reached: the last two chips win nothing more.
  game = std::string(p.ws->wait_type("betsopen").at("gameId").as_string());
  p.ws->send(free_pbet(game, p.id, "free-2", bonus, {{"STRAIGHT_17", 2}}));
  ASSERT_EQ(p.ws->wait_type("betack").at("accepted").as_array().size(), 1u);
  result = p.ws->wait_type("gameresult");
  EXPECT_EQ(result.at("win").as_string(), "0.00");
  EXPECT_EQ(p.http.get("/api/ui/balance").json().at("balance").as_string(), "165.00");
  EXPECT_EQ(only_chip(p.http).at("bonusRemaining").as_int64(), 0);
  // No chip is left: another free bet is short of chips.
  game = std::string(p.ws->wait_type("betsopen").at("gameId").as_string());
  p.ws->send(free_pbet(game, p.id, "free-3", bonus, {{"RED", 1}}));
  EXPECT_EQ(p.ws->wait_type("betack").at("code").as_int64(), 10104);
}

TEST_P(Bonuses, AnOperatorsCashBonusIsPlayedThroughWithSafeBetsRefused) {
  HttpClient backend(server->port());
  // A bad campaign names its field; a good one is saved.
  HttpResponse bad = operator_post(backend, "/api/operator/bonus/campaign",
                                   {{"operatorId", "demo"},
                                    {"campaignId", "reload"},
                                    {"name", "Reload"},
                                    {"code", "RELOAD"},
                                    {"kind", "cash"},
                                    {"currency", "EUR"},
                                    {"amount", "-5"}},
                                   "test-operator-secret-0123");
  EXPECT_EQ(bad.status, 400);
  EXPECT_NE(bad.body.find("amount"), std::string::npos) << bad.body;
  HttpResponse saved = operator_post(backend, "/api/operator/bonus/campaign",
                                     {{"operatorId", "demo"},
                                      {"campaignId", "reload"},
                                      {"name", "Reload"},
                                      {"code", "RELOAD"},
                                      {"kind", "cash"},
                                      {"currency", "EUR"},
                                      {"amount", "20.00"},
                                      {"wagerMultiplier", 2}},
                                     "test-operator-secret-0123");
  ASSERT_EQ(saved.status, 200) << saved.body;

  HttpResponse issued = operator_post(backend, "/api/operator/launch",
                                      {{"operatorId", "demo"},
                                       {"playerId", "bob-1"},
                                       {"currency", "EUR"},
                                       {"params", {{"gameId", kBonusTable}}}},
                                      "test-operator-secret-0123");
  ASSERT_EQ(issued.status, 200) << issued.body;
  const std::string url(issued.json().at("launchUrl").as_string());
  Player p{HttpClient(server->port()), "", "", nullptr};
  ASSERT_EQ(p.http.get(url.substr(url.find("/launch"))).status, 302);
  p.session = p.http.cookie("JSESSIONID");
  p.id = std::string(p.http.get("/api/ui/playerConfig").json().at("player").at("id").as_string());

  EXPECT_EQ(operator_post(backend, "/api/operator/bonus/grant",
                          {{"operatorId", "demo"}, {"campaignId", "nope"}, {"playerId", "bob-1"}},
                          "test-operator-secret-0123")
                .status,
            404);
  HttpResponse granted =
      operator_post(backend, "/api/operator/bonus/grant",
                    {{"operatorId", "demo"}, {"campaignId", "reload"}, {"playerId", "bob-1"}},
                    "test-operator-secret-0123");
  ASSERT_EQ(granted.status, 200) << granted.body;
  const std::string bonus(granted.json().at("bonus").at("bonusId").as_string());
  EXPECT_EQ(granted.json().at("bonus").at("bonusStatus").as_string(), "pending");

  HttpResponse accepted = p.http.post("/bonus/accept", R"({"bonusId":")" + bonus + "\"}");
  ASSERT_EQ(accepted.status, 200) << accepted.body;
  json::object balance = accepted.json().at("balance").as_object();
  EXPECT_EQ(balance.at("balance").as_string(), "120.00");
  EXPECT_EQ(balance.at("bonusBalance").as_string(), "20.00");
  EXPECT_TRUE(p.http.get("/api/ui/playerConfig").json().at("player").at("blocksafebets").as_bool());

  p.ws = std::make_unique<WsClient>(server->port(), p.session);
  p.ws->wait_type("welcome");
  p.ws->send("<subscribe channel=\"table-" + std::string(kBonusTable) + "\"/>");
  p.ws->wait_type("resync");
  std::string game(p.ws->wait_type("betsopen").at("gameId").as_string());
  // Red and black together cover the wheel but zero: refused under the bonus.
  p.ws->send(
      pbet_xml("pbet", kBonusTable, game, p.id, "safe", {{"RED", "5.00"}, {"BLACK", "5.00"}}));
  json::object safe = p.ws->wait_type("betack");
  ASSERT_EQ(safe.at("rejected").as_array().size(), 1u) << json::serialize(safe);
  EXPECT_EQ(safe.at("rejected").as_array()[0].at("code").as_int64(), 1008);
  EXPECT_EQ(safe.at("rejected").as_array()[0].at("reason").as_string(), "safe_bets");
  EXPECT_EQ(safe.at("rejected").as_array()[0].at("spot").as_string(), "BLACK");
  // 40 staked on red (the play-through): the 5 above and 35 more, cash first.
  p.ws->send(pbet_xml("pbet", kBonusTable, game, p.id, "play", {{"RED", "35.00"}}));
  ASSERT_EQ(p.ws->wait_type("betack").at("accepted").as_array().size(), 1u);
  json::object result = p.ws->wait_type("gameresult");
  ASSERT_EQ(result.at("result").as_string(), "17");
  // 17 is black: 100 cash + 20 bonus - 40 lost = 80, and the bonus is cash now.
  json::object after = p.http.get("/api/ui/balance").json().as_object();
  EXPECT_EQ(after.at("balance").as_string(), "80.00");
  EXPECT_EQ(after.at("bonusBalance").as_string(), "0.00");
  EXPECT_EQ(after.at("actualBalance").as_string(), "80.00");
  const json::value list = p.http.get("/bonus/offers").json();
  EXPECT_EQ(list.at("bonuses").as_array()[0].at("bonusStatus").as_string(), "wagered");
  EXPECT_FALSE(
      p.http.get("/api/ui/playerConfig").json().at("player").at("blocksafebets").as_bool());

  // Only the operator's own players' bonuses can be cancelled; a wagered one no more.
  EXPECT_EQ(operator_post(backend, "/api/operator/bonus/cancel",
                          {{"operatorId", "demo"}, {"bonusId", bonus}}, "test-operator-secret-0123")
                .status,
            409);
}

}  // namespace
}  // namespace croupier::testing
