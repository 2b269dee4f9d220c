// The player's history through the real croupierd: rounds at two games, newest first, with
// the bets, what they returned and the result's detail; paging, the game filter, and the
// refusals of bad parameters.
#include <gtest/gtest.h>

#include "support/harness.hpp"

namespace croupier::testing {
namespace {

const char* kHistoryCasino = R"({
  "operators": [{"id": "demo", "name": "Test Casino", "secret": "test-operator-secret-0123",
                 "demo": true, "funMoney": "1000.00", "currency": "EUR"}],
  "tables": [
    {"id": "rou-h", "name": "History Roulette", "game": "roulette",
     "limits": {"EUR": {"min": "1.00", "insideMax": "100", "outsideMax": "200", "tableMax": "500",
                        "chips": ["1.00", "5.00"]}}},
    {"id": "bac-h", "name": "History Baccarat", "game": "baccarat",
     "limits": {"EUR": {"min": "1.00", "mainMax": "500.00", "sideMax": "50.00", "tableMax": "1000.00",
                        "chips": ["1.00", "5.00"]}}}
  ]})";

class History : public ::testing::Test {
 protected:
  void SetUp() override {
    server = start_with_casino("croupier-history", kHistoryCasino, {"--spin-ms", "1500"});
  }
  void TearDown() override { stop_and_check_ledger(*server); }
  std::unique_ptr<ServerProcess> server;
};

// Bets at `table` in its next round and waits for that round's result.
void play_round(Player& p, const std::string& table, const std::string& request,
                const std::vector<std::pair<std::string, std::string>>& bets) {
  p.ws->send("<subscribe channel=\"table-" + table + "\"/>");
  std::string game;
  p.ws->wait_for(
      [&](const json::object& o) {
        if (o.at("type").as_string() != "betsopen" || o.at("table").as_string() != table)
          return false;
        game = std::string(o.at("gameId").as_string());
        return true;
      },
      30s);
  p.ws->send(pbet_xml("pbet", table, game, p.id, request, bets));
  p.ws->wait_for(
      [&](const json::object& o) {
        return o.at("type").as_string() == "betack" && o.at("requestId").as_string() == request;
      },
      10s);
  p.ws->wait_for(
      [&](const json::object& o) {
        return o.at("type").as_string() == "gameresult" && o.at("gameId").as_string() == game;
      },
      30s);
}

TEST_F(History, ShowsEachRoundWithItsBetsPayoffAndDetail) {
  Player p = join_as_guest(server->port(), "");
  play_round(p, "rou-h", "r1", {{"RED", "2.00"}, {"STRAIGHT_17", "1.00"}});
  play_round(p, "bac-h", "b1", {{"BANKER", "5.00"}});

  HttpResponse page = p.http.get("/api/ui/history");
  ASSERT_EQ(page.status, 200) << page.body;
  const json::value body = page.json();
  const json::array& rounds = body.at("rounds").as_array();
  ASSERT_EQ(rounds.size(), 2u) << page.body;
  EXPECT_TRUE(body.at("next").is_null());

  const json::object& bac = rounds[0].as_object();  // newest first
  EXPECT_EQ(bac.at("tableId").as_string(), "bac-h");
  EXPECT_EQ(bac.at("tableName").as_string(), "History Baccarat");
  EXPECT_EQ(bac.at("game").as_string(), "baccarat");
  EXPECT_EQ(bac.at("state").as_string(), "settled");
  EXPECT_EQ(bac.at("stake").as_string(), "5.00");
  ASSERT_GE(bac.at("detail").at("cards").as_array().size(), 4u);
  EXPECT_FALSE(bac.at("detail").as_object().contains("values"));  // the cards say it all
  EXPECT_EQ(bac.at("bets").as_array()[0].at("betType").as_string(), "BANKER");

  const json::object& rou = rounds[1].as_object();
  EXPECT_EQ(rou.at("game").as_string(), "roulette");
  EXPECT_EQ(rou.at("stake").as_string(), "3.00");
  const int pocket = static_cast<int>(rou.at("detail").at("values").as_array()[0].as_int64());
  EXPECT_EQ(rou.at("result").as_string(), std::to_string(pocket));
  // What each bet returned adds up to the round's payoff, and the ledger agrees with it.
  int64_t payoff = 0;
  for (const auto& b : rou.at("bets").as_array()) payoff += units(b.at("payoff"));
  EXPECT_EQ(payoff, units(rou.at("payoff")));
  EXPECT_EQ(units(rou.at("net")), payoff - units(json::value("3.00")));
  const std::string win_lose(rou.at("winLose").as_string());
  EXPECT_EQ(win_lose, payoff > units(json::value("3.00")) ? "win" : "lose");
  EXPECT_EQ(rou.at("bets").as_array()[1].at("ticketId").as_string(),
            rou.at("bets").as_array()[0].at("ticketId").as_string());  // one command

  // Paging by cursor, and one game.
  json::value first = p.http.get("/api/ui/history?limit=1").json();
  ASSERT_EQ(first.at("rounds").as_array().size(), 1u);
  std::string next(first.at("next").as_string());
  json::value second = p.http.get("/api/ui/history?limit=1&before=" + next).json();
  ASSERT_EQ(second.at("rounds").as_array().size(), 1u);
  EXPECT_EQ(second.at("rounds").as_array()[0].at("tableId").as_string(), "rou-h");
  EXPECT_TRUE(second.at("next").is_null());
  HttpResponse roulette = p.http.get("/api/ui/history?game=roulette");
  ASSERT_EQ(roulette.json().at("rounds").as_array().size(), 1u);
  // A date range that ends before the rounds began holds nothing.
  EXPECT_TRUE(p.http.get("/api/ui/history?from=0&to=1000").json().at("rounds").as_array().empty());

  // Another player sees none of it.
  Player other = join_as_guest(server->port(), "");
  EXPECT_TRUE(other.http.get("/api/ui/history").json().at("rounds").as_array().empty());
}

TEST_F(History, RefusesBadParametersWithAReason) {
  Player p = join_as_guest(server->port(), "");
  for (const char* query :
       {"game=poker", "limit=0", "limit=51", "from=x", "from=5&to=4", "before=nonsense", "to=-1"}) {
    HttpResponse r = p.http.get(std::string("/api/ui/history?") + query);
    EXPECT_EQ(r.status, 400) << query;
    EXPECT_EQ(r.json().at("code").as_int64(), 2001) << query << r.body;
  }
  HttpClient stranger(server->port());
  EXPECT_EQ(stranger.get("/api/ui/history").status, 401);
}

}  // namespace
}  // namespace croupier::testing
