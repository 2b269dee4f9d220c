// A promotion over real sockets (issue 19, docs/protocol.md "Promotions"): three players opt
// in and bet; the leaderboard ranks them by their real stakes, live on the promotions socket
// (authenticated by the player's token); the server restarts mid-period and the standings
// stand; the period ends and the prizes are paid once, whatever restarts follow. On the
// SQLite file and on PostgreSQL, with ledger-check at the end.
#include <gtest/gtest.h>

#include <chrono>
#include <thread>

#include "db/postgres_testing.hpp"
#include "support/harness.hpp"

namespace croupier::testing {
namespace {

constexpr const char* kPromotionTable = "rou-p";
constexpr int64_t kPeriodMs = 30'000;

int64_t now_ms() {
  return std::chrono::duration_cast<std::chrono::milliseconds>(
             std::chrono::system_clock::now().time_since_epoch())
      .count();
}

// Every round lands on 17 (black): bets on red lose, so a balance is exactly what was
// staked and won in prizes.
std::string casino(int64_t starts, int64_t ends) {
  return R"({
  "operators": [{"id": "demo", "name": "Test Casino", "secret": "test-operator-secret-0123",
                 "demo": true, "funMoney": "100.00", "currency": "EUR",
                 "promotions": [{"promotionId": "race", "name": "The Race", "currency": "EUR",
                                 "games": ["roulette"], "minBet": "1.00",
                                 "scoring": "most_wagered", "prizes": ["100.00", "50.00"],
                                 "startsAt": )" +
         std::to_string(starts) + R"(, "endsAt": )" + std::to_string(ends) + R"(}]}],
  "tables": [
    {"id": "rou-p", "name": "Roulette", "game": "roulette",
     "scriptedResults": [)" +
         [] {
           std::string r;
           for (int i = 0; i < 60; ++i) r += std::string(i ? "," : "") + "\"17\"";
           return r;
         }() +
         R"(],
     "limits": {"EUR": {"min": "0.50", "tableMax": "500.00", "insideMax": "100.00",
                        "outsideMax": "500.00", "chips": ["1.00"]}}}
  ]})";
}

json::object promotion_of(HttpClient& http) {
  HttpResponse r = http.get("/v2/fetchPromotionsInfo");
  EXPECT_EQ(r.status, 200) << r.body;
  const json::value doc = r.json();
  const auto& list = doc.at("promotions").as_array();
  EXPECT_EQ(list.size(), 1u) << r.body;
  return list.empty() ? json::object{} : list[0].as_object();
}

// The leaderboard as "score,score,…" in rank order.
std::string scores(const json::object& promotion) {
  std::string out;
  for (const auto& row : promotion.at("leaderboard").as_array())
    out += (out.empty() ? "" : ",") + std::string(row.at("score").as_string());
  return out;
}

// A player's bet on red in the next round, waited for until its result.
void bet_red(Player& p, const std::string& amount, const std::string& request) {
  std::string game(p.ws->wait_type("betsopen").at("gameId").as_string());
  p.ws->send(pbet_xml("pbet", kPromotionTable, game, p.id, request, {{"RED", amount}}));
  ASSERT_EQ(p.ws->wait_type("betack").at("accepted").as_array().size(), 1u);
  json::object result = p.ws->wait_type("gameresult");
  ASSERT_EQ(result.at("result").as_string(), "17");
}

// The same player after a restart: their session holds (it is in the store), the port is new.
Player again(uint16_t port, const Player& before) {
  Player p{HttpClient(port), before.session, before.id, nullptr};
  p.http.set_cookie("JSESSIONID", before.session);
  p.http.set_cookie("XSRF-TOKEN", "t");
  return p;
}

void join_table(Player& p, uint16_t port) {
  p.ws = std::make_unique<WsClient>(port, p.session);
  p.ws->wait_type("welcome");
  p.ws->send("<subscribe channel=\"table-" + std::string(kPromotionTable) + "\"/>");
  p.ws->wait_type("resync");
}

class Promotions : public ::testing::TestWithParam<bool> {};

INSTANTIATE_TEST_SUITE_P(Ledgers, Promotions, ::testing::Bool(),
                         [](const auto& info) { return info.param ? "Postgres" : "Sqlite"; });

TEST_P(Promotions, ALeaderboardRanksRealBetsLiveSurvivesARestartAndPaysOnce) {
  std::vector<std::string> flags = {"--promo-prize-grace-ms", "1500", "--token-secret",
                                    "a-test-secret-for-the-tokens-0123"};
  std::vector<std::string> database;
  if (GetParam()) {
    database = {"--database", postgres::testing::TestServer::instance().fresh_database()};
    flags.insert(flags.end(), database.begin(), database.end());
  }
  const int64_t starts = now_ms() - 1000;
  const int64_t ends = starts + kPeriodMs;
  auto server = start_with_casino("croupier-promo", casino(starts, ends), flags);

  Player a = join_as_guest(server->port(), kPromotionTable);
  Player b = join_as_guest(server->port(), kPromotionTable);
  Player c = join_as_guest(server->port(), kPromotionTable);
  for (Player* p : {&a, &b, &c}) {
    json::object before = promotion_of(p->http);
    EXPECT_EQ(before.at("status").as_string(), "running");
    EXPECT_FALSE(before.at("optedIn").as_bool());
    HttpResponse in =
        p->http.post("/api/ui/promotions/optin", R"({"promotionId":"race","optIn":true})");
    ASSERT_EQ(in.status, 200) << in.body;
    EXPECT_TRUE(in.json().at("promotion").at("optedIn").as_bool());
  }
  EXPECT_EQ(
      a.http.post("/api/ui/promotions/optin", R"({"promotionId":"nope","optIn":true})").status,
      404);
  const json::object trophy = a.http.get("/v2/fetchPromotionsInfo").json().at("trophy").as_object();
  EXPECT_TRUE(trophy.at("enabled").as_bool());
  EXPECT_TRUE(trophy.at("active").as_bool());
  EXPECT_EQ(trophy.at("minBet").as_string(), "1.00");

  // A's promotions socket: a forged token is refused, the real one hears the race.
  EXPECT_THROW(WsClient(server->port(), "", "", "/promo/ws?token=forged"), std::exception);
  const std::string token(
      a.http.post("/api/ui/updateJwtToken", "{}").json().at("jwtToken").as_string());
  WsClient promo(server->port(), "", "", "/promo/ws?token=" + token);
  json::object first = promo.wait_type("promotions");
  EXPECT_EQ(first.at("promotions").as_array()[0].at("players").as_int64(), 3);

  // A stakes 5, B 3, C 1 and then, in another round, a half: below the minimum, that round
  // does not count.
  std::thread tb([&] { bet_red(b, "3.00", "b1"); });
  std::thread tc([&] {
    bet_red(c, "1.00", "c1");
    bet_red(c, "0.50", "c2");
  });
  bet_red(a, "5.00", "a1");
  tb.join();
  tc.join();
  json::object live = promo.wait_for([](const json::object& m) {
    return m.at("type").as_string() == "promotions" &&
           scores(m.at("promotions").as_array()[0].as_object()) == "5.00,3.00,1.00";
  });
  const auto& rows = live.at("promotions").as_array()[0].at("leaderboard").as_array();
  EXPECT_TRUE(rows[0].at("me").as_bool());  // A's own socket
  EXPECT_EQ(live.at("promotions").as_array()[0].at("standing").at("rank").as_int64(), 1);

  // A restart in the middle of the period: the standings stand, and C goes ahead.
  EXPECT_EQ(server->stop(), 0);
  server->start();
  const uint16_t port = server->port();
  Player c2 = again(port, c);
  EXPECT_EQ(scores(promotion_of(c2.http)), "5.00,3.00,1.00");
  join_table(c2, port);
  bet_red(c2, "10.00", "c3");
  json::object now = {};
  for (int i = 0; i < 50; ++i) {
    now = promotion_of(c2.http);
    if (scores(now) == "11.00,5.00,3.00") break;
    std::this_thread::sleep_for(std::chrono::milliseconds(200));
  }
  ASSERT_EQ(scores(now), "11.00,5.00,3.00");
  EXPECT_EQ(now.at("standing").at("rank").as_int64(), 1);

  // The period ends; a moment later the prizes are paid: C first, A second, B nothing.
  Player a2 = again(port, a), b2 = again(port, b);
  const auto balance = [](Player& p) {
    return units(p.http.get("/api/ui/balance").json().at("balance"));
  };
  for (int i = 0; i < 300 && !promotion_of(a2.http).at("paid").as_bool(); ++i)
    std::this_thread::sleep_for(std::chrono::milliseconds(200));
  ASSERT_TRUE(promotion_of(a2.http).at("paid").as_bool());
  EXPECT_EQ(promotion_of(a2.http).at("status").as_string(), "ended");
  EXPECT_EQ(balance(c2), 188'50000);  // 100 - 11.50 + 100
  EXPECT_EQ(balance(a2), 145'00000);  // 100 - 5 + 50
  EXPECT_EQ(balance(b2), 97'00000);   // 100 - 3
  EXPECT_EQ(
      a2.http.post("/api/ui/promotions/optin", R"({"promotionId":"race","optIn":false})").status,
      409);

  // Restarted after the payment: nothing is paid twice.
  EXPECT_EQ(server->stop(), 0);
  server->start();
  Player c3 = again(server->port(), c);
  std::this_thread::sleep_for(std::chrono::milliseconds(4500));  // two ticks and the grace
  EXPECT_TRUE(promotion_of(c3.http).at("paid").as_bool());
  EXPECT_EQ(units(c3.http.get("/api/ui/balance").json().at("balance")), 188'50000);
  stop_and_check_ledger(*server, database);
}

}  // namespace
}  // namespace croupier::testing
