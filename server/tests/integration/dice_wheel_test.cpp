// Sic bo and mega wheel through the real croupierd over real sockets, on scripted results
// (with --rng-seed) so that every payout is known: bets on the thrown dice paid exactly, a
// triple that beats small, the sic bo statistics and charts, and the mega multiplier
// announced after bets close and paid, over the socket and over HTTP.
#include <gtest/gtest.h>

#include "support/harness.hpp"

namespace croupier::testing {
namespace {

// Sic bo throws 3-1-6 (total 10) and then a triple of twos; the mega wheel stops on a 5
// while the 5 carries ×25, then on the 40 while the 5 carries ×10.
const char* kDiceWheelCasino = R"({
  "operators": [{"id": "demo", "name": "Test Casino", "secret": "test-operator-secret-0123",
                 "demo": true, "funMoney": "10000.00", "currency": "EUR"}],
  "tables": [
    {"id": "sic-t", "name": "Sic Bo", "game": "sicbo", "scriptedResults": ["136|316", "222|222"],
     "limits": {"EUR": {"min": "1.00", "mainMax": "500.00", "sideMax": "100.00", "tableMax": "1000.00",
                        "chips": ["1.00", "5.00"]}}},
    {"id": "mw-t", "name": "Mega Wheel", "game": "megawheel", "scriptedResults": ["5|7|5x25", "40|0|5x10"],
     "limits": {"EUR": {"min": "0.10", "mainMax": "500.00", "sideMax": "500.00", "tableMax": "1000.00",
                        "chips": ["0.10", "1.00"]}}}
  ]})";

class DiceAndWheel : public ::testing::Test {
 protected:
  void SetUp() override {
    // Betting long enough that a player who joins as the server starts bets in its first
    // (scripted) round.
    server = start_with_casino("croupier-dice", kDiceWheelCasino,
                               {"--rng-seed", "11", "--betting-ms", "2500"});
  }
  void TearDown() override { stop_and_check_ledger(*server); }
  std::unique_ptr<ServerProcess> server;
};

// The round the player can bet in: the one open when the player subscribed, if nothing
// has happened since, else the next to open.
std::string open_round(Player& p) {
  const json::object& last = p.ws->seen().back();
  if (last.at("type").as_string() == "resync" && last.at("betsOpen").as_bool())
    return std::string(last.at("gameId").as_string());
  return std::string(p.ws->wait_type("betsopen", 20s).at("gameId").as_string());
}

// Places `bets` in the round open now or next and returns its result as the player sees it.
json::object play_round(Player& p, const std::string& table,
                        const std::vector<std::pair<std::string, std::string>>& bets,
                        const std::string& request_id) {
  std::string game = open_round(p);
  p.ws->send(pbet_xml("pbet", table, game, p.id, request_id, bets));
  json::object ack = p.ws->wait_type("betack");
  EXPECT_EQ(ack.at("accepted").as_array().size(), bets.size()) << json::serialize(ack);
  return p.ws->wait_type("gameresult", 30s);
}

TEST_F(DiceAndWheel, SicBoPaysEachBetOnTheThrownDiceExactly) {
  Player p = join_as_guest(server->port(), "sic-t");
  const int64_t before = balance_of(p.http);
  // 3-1-6: small (1:1), total 10 (6:1), the 1-3 combination (5:1) and a single 6 (1:1) win;
  // big and the triple of ones lose. Stakes 1.00 each; 6.00 in all.
  json::object result = play_round(p, "sic-t",
                                   {{"SMALL", "1.00"},
                                    {"TOTAL_10", "1.00"},
                                    {"COMBO_1_3", "1.00"},
                                    {"SINGLE_6", "1.00"},
                                    {"BIG", "1.00"},
                                    {"TRIPLE_1", "1.00"}},
                                   "s1");
  EXPECT_EQ(result.at("result").as_string(), "136");
  EXPECT_EQ(result.at("outcome").as_string(), "136|316");
  EXPECT_EQ(json::serialize(result.at("values")), "[3,1,6]");
  const int64_t win = (2 + 7 + 6 + 2) * 100000;
  EXPECT_EQ(units(result.at("stake")), 6 * 100000);
  EXPECT_EQ(units(result.at("win")), win);
  EXPECT_EQ(units(result.at("balance")), before - 6 * 100000 + win);
  EXPECT_EQ(balance_of(p.http), before - 6 * 100000 + win);

  // 2-2-2: small loses on a triple; any triple (24:1), the triple of twos (150:1), the double
  // of twos (8:1) and a single 2 on three dice (3:1) win.
  json::object triple = play_round(p, "sic-t",
                                   {{"SMALL", "1.00"},
                                    {"ANY_TRIPLE", "1.00"},
                                    {"TRIPLE_2", "1.00"},
                                    {"DOUBLE_2", "1.00"},
                                    {"SINGLE_2", "1.00"}},
                                   "s2");
  EXPECT_EQ(triple.at("result").as_string(), "222");
  EXPECT_EQ(units(triple.at("win")), (25 + 151 + 9 + 4) * 100000);
}

TEST_F(DiceAndWheel, SicBoStatisticsAndChartsFollowTheSettledGames) {
  Player p = join_as_guest(server->port(), "sic-t");
  p.ws->wait_for(
      [](const json::object& o) {
        return o.at("type").as_string() == "gameresult" && o.at("result").as_string() == "222";
      },
      30s);
  // The results are recorded with the settlement, before the result is announced.
  json::object stats =
      p.http.get("/api/ui/sicbo/stats?tableId=sic-t&numberOfGames=2").json().as_object();
  EXPECT_EQ(stats.at("numberOfGames").as_int64(), 2);
  const json::array& faces = stats.at("faces").as_array();
  ASSERT_EQ(faces.size(), 6u);
  EXPECT_EQ(faces[1].at("count").as_int64(), 1);  // the 2s came in one game of two
  EXPECT_DOUBLE_EQ(faces[1].at("percent").to_number<double>(), 50.0);
  EXPECT_EQ(faces[3].at("count").as_int64(), 0);  // no 4
  EXPECT_EQ(stats.at("totals").as_array()[10 - 3].at("count").as_int64(), 1);
  EXPECT_EQ(stats.at("small").at("count").as_int64(), 1);  // 10; the triple is not small
  EXPECT_EQ(stats.at("triple").at("count").as_int64(), 1);
  EXPECT_EQ(json::serialize(stats.at("hot")), "[1,2]");
  EXPECT_EQ(json::serialize(stats.at("cold")), "[4,5]");

  json::object charts =
      p.http.get("/api/ui/sicbo/charts?tableId=sic-t&noOfGames=2").json().as_object();
  const json::array& series = charts.at("series").as_array();
  ASSERT_EQ(series.size(), 2u);
  EXPECT_EQ(series[0].at("total").as_int64(), 10);  // oldest first
  EXPECT_EQ(json::serialize(series[0].at("dice")), "[3,1,6]");
  EXPECT_EQ(series[1].at("total").as_int64(), 6);

  EXPECT_EQ(p.http.get("/api/ui/sicbo/stats?tableId=mw-t").status, 400);
  EXPECT_EQ(p.http.get("/api/ui/sicbo/stats?tableId=sic-t&numberOfGames=0").status, 400);
  EXPECT_EQ(p.http.get("/api/ui/sicbo/charts?tableId=nope").status, 404);
}

TEST_F(DiceAndWheel, TheMegaMultiplierIsAnnouncedAfterBetsCloseAndPaysItsNumber) {
  Player p = join_as_guest(server->port(), "mw-t");
  const int64_t before = balance_of(p.http);
  std::string game = open_round(p);
  p.ws->send(pbet_xml("pbet", "mw-t", game, p.id, "m1", {{"5", "1.00"}, {"1", "2.00"}}));
  ASSERT_EQ(p.ws->wait_type("betack").at("accepted").as_array().size(), 2u);
  p.ws->wait_type("betsclosed", 20s);
  json::object announced = p.ws->wait_type("multipliers", 10s);
  EXPECT_EQ(json::serialize(announced.at("multipliers")), R"([{"spot":"5","x":25}])");
  json::object result = p.ws->wait_type("gameresult", 30s);
  EXPECT_EQ(result.at("result").as_string(), "5");
  EXPECT_EQ(json::serialize(result.at("values")), "[7,5,25]");
  EXPECT_EQ(json::serialize(result.at("resultMultipliers")), R"([{"spot":"5","x":25}])");
  // The 5 pays 25:1 instead of 5:1; the 1 loses.
  EXPECT_EQ(units(result.at("win")), 26 * 100000);
  EXPECT_EQ(balance_of(p.http), before - 3 * 100000 + 26 * 100000);

  // Next the wheel stops on the 40 while the 5 carries the multiplier: the 40 pays 40:1.
  json::object next = play_round(p, "mw-t", {{"40", "0.10"}, {"5", "0.10"}}, "m2");
  EXPECT_EQ(next.at("result").as_string(), "40");
  EXPECT_FALSE(next.contains("resultMultipliers"));
  EXPECT_EQ(units(next.at("win")), 41 * 10000);
}

TEST_F(DiceAndWheel, MegaWheelTakesBetsOverHttp) {
  Player p = join_as_guest(server->port(), "mw-t");
  std::string game = open_round(p);
  const int64_t before = balance_of(p.http);
  const std::string body = R"({"tableId":"mw-t","gameId":")" + game +
                           R"(","gameMode":"megawheel_mobile","requestId":"h1",)"
                           R"("bets":[{"code":"5","amount":"2.00"}]})";
  HttpResponse placed = p.http.post("/api/ui/megawheel/placebet", body);
  ASSERT_EQ(placed.status, 200) << placed.body;
  json::object ack = placed.json().as_object();
  EXPECT_EQ(ack.at("type").as_string(), "betack");
  EXPECT_EQ(ack.at("accepted").as_array().size(), 1u);
  EXPECT_EQ(units(ack.at("balance")), before - 2 * 100000);
  // The same request again is answered again, not taken twice.
  HttpResponse again = p.http.post("/api/ui/megawheel/placebet", body);
  ASSERT_EQ(again.status, 200);
  EXPECT_TRUE(again.json().at("duplicate").as_bool());
  EXPECT_EQ(balance_of(p.http), before - 2 * 100000);

  // The socket's snapshot and the result know the bet placed over HTTP: 2.00 on the 5 at ×25.
  json::object result = p.ws->wait_type("gameresult", 30s);
  EXPECT_EQ(units(result.at("win")), 52 * 100000);

  // Refusals: below the minimum (the whole command, 409 with the table's code), a wrong
  // game mode, a table of another game, a malformed body, and no anti-forgery header.
  p.ws->wait_type("betsopen", 20s);
  HttpResponse low = p.http.post("/api/ui/megawheel/placebet",
                                 R"({"tableId":"mw-t","gameMode":"megawheel_desktop",)"
                                 R"("requestId":"h2","bets":[{"code":"5","amount":"0.05"}]})");
  EXPECT_EQ(low.status, 409) << low.body;
  EXPECT_EQ(low.json().at("code").as_int64(), 1013);
  EXPECT_EQ(p.http
                .post("/api/ui/megawheel/placebet",
                      R"({"tableId":"mw-t","gameMode":"roulette_desktop","requestId":"h3",)"
                      R"("bets":[{"code":"5","amount":"1.00"}]})")
                .status,
            400);
  EXPECT_EQ(p.http
                .post("/api/ui/megawheel/placebet",
                      R"({"tableId":"sic-t","gameMode":"megawheel_desktop","requestId":"h4",)"
                      R"("bets":[{"code":"SMALL","amount":"1.00"}]})")
                .status,
            404);
  HttpResponse bad = p.http.post("/api/ui/megawheel/placebet",
                                 R"({"tableId":"mw-t","gameMode":"megawheel_desktop",)"
                                 R"("requestId":"h5","bets":[{"code":"5","amount":1}]})");
  EXPECT_EQ(bad.status, 400);
  EXPECT_EQ(bad.json().at("code").as_int64(), 1005);
  EXPECT_EQ(p.http.post("/api/ui/megawheel/placebet", body, "application/json", false).status, 403);
}

}  // namespace
}  // namespace croupier::testing
