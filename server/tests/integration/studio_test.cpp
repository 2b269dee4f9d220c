// The studio console's API through the real croupierd (docs/studio.md "The console's API"):
// the staff's sign-in and its refusals; a dealer dealing a baccarat round card by card that a
// player watches over the real socket and is paid for; a void refunding the player; the
// supervisor's chat as the game host, mute, pause and switch; and what a dealer may not do.
#include <gtest/gtest.h>

#include "support/harness.hpp"

namespace croupier::testing {
namespace {

// Staff: "anna" deals at bac-h only ("dealer-pass-1"); "sam" supervises ("super-pass-1").
const char* kStudioCasino = R"({
  "operators": [{"id": "demo", "name": "Test Casino", "secret": "test-operator-secret-0123",
                 "demo": true, "funMoney": "10000.00", "currency": "EUR"}],
  "tables": [
    {"id": "bac-h", "name": "Human Baccarat", "game": "baccarat", "dealerMode": "human",
     "limits": {"EUR": {"min": "1.00", "mainMax": "500.00", "sideMax": "50.00", "tableMax": "1000.00",
                        "chips": ["1.00", "5.00"]}}},
    {"id": "rou-r", "name": "RNG Roulette", "game": "roulette",
     "limits": {"EUR": {"min": "1.00", "max": "100.00", "insideMax": "10.00", "outsideMax": "100.00",
                        "tableMax": "500.00", "chips": ["1.00", "5.00"]}}}
  ],
  "studio": {"staff": [
    {"login": "anna", "name": "Anna", "role": "dealer", "tables": ["bac-h"],
     "passwordHash": "$argon2id$v=19$m=65536,t=2,p=1$kN5L4t2d006HO6EtFJ5alQ$kWuUrN08epQ8qjklwmu4QVAjg/n0yFWmWE/Md5fCEcE"},
    {"login": "sam", "name": "Sam", "role": "supervisor",
     "passwordHash": "$argon2id$v=19$m=65536,t=2,p=1$smlX+8qxkZY0n7RlTzROCg$RbAUf2dvwCVlSy67AWZ7jFzvkWl7sGxmbWsnmD/zN5M"}
  ]}
})";

class Studio : public ::testing::Test {
 protected:
  void SetUp() override {
    server = start_with_casino("croupier-studio", kStudioCasino, {"--spin-ms", "1500"});
  }
  void TearDown() override { stop_and_check_ledger(*server); }

  // A console signed in as `login` (the page first: it gives the anti-forgery cookie).
  HttpClient staff(const std::string& login, const std::string& password) {
    HttpClient http(server->port());
    http.get("/studio");
    HttpResponse r =
        http.post("/studio/api/login",
                  json::serialize(json::object{{"login", login}, {"password", password}}));
    EXPECT_EQ(r.status, 200) << r.body;
    return http;
  }
  static HttpResponse act(HttpClient& http, const std::string& table, const std::string& what,
                          json::object body) {
    return http.post("/studio/api/tables/" + table + "/" + what, json::serialize(body));
  }
  static HttpResponse dealer(HttpClient& http, const std::string& action,
                             const std::string& card = {}) {
    json::object body{{"action", action}};
    if (!card.empty()) body["card"] = card;
    return act(http, "bac-h", "dealer", body);
  }

  std::unique_ptr<ServerProcess> server;
};

TEST_F(Studio, TheStaffSignInAndEveryoneElseIsRefused) {
  HttpClient http(server->port());
  // The console's page (the client's; these tests may run without a built client), and no
  // player's session made for it.
  HttpResponse page = http.get("/studio");
  EXPECT_TRUE(page.status == 200 || page.json().at("error").as_string() == "CLIENT_NOT_BUILT")
      << page.status;
  EXPECT_TRUE(http.cookie("JSESSIONID").empty());
  EXPECT_EQ(http.get("/studio/api/me").status, 401);
  EXPECT_EQ(http.get("/studio/api/tables").json().at("error").as_string(), "NO_STAFF_SESSION");
  HttpResponse wrong = http.post("/studio/api/login", R"({"login":"anna","password":"nope"})");
  EXPECT_EQ(wrong.status, 401);
  EXPECT_EQ(wrong.json().at("error").as_string(), "BAD_LOGIN");
  EXPECT_EQ(
      http.post("/studio/api/login", R"({"login":"nobody","password":"dealer-pass-1"})").status,
      401);
  // No anti-forgery header: refused before the password is looked at.
  EXPECT_EQ(http.post("/studio/api/login", R"({"login":"anna","password":"dealer-pass-1"})",
                      "application/json", false)
                .status,
            403);

  HttpResponse ok =
      http.post("/studio/api/login", R"({"login":"anna","password":"dealer-pass-1"})");
  ASSERT_EQ(ok.status, 200) << ok.body;
  EXPECT_EQ(ok.json().at("role").as_string(), "dealer");
  const std::string set = ok.header("set-cookie");
  EXPECT_NE(set.find("STUDIO_SESSION="), std::string::npos);
  EXPECT_NE(set.find("HttpOnly"), std::string::npos);
  EXPECT_NE(set.find("SameSite=Strict"), std::string::npos);
  EXPECT_NE(set.find("Path=/studio"), std::string::npos);
  EXPECT_EQ(http.get("/studio/api/me").json().at("name").as_string(), "Anna");
  // Anna works at bac-h only.
  json::value tables = http.get("/studio/api/tables").json();
  ASSERT_EQ(tables.at("tables").as_array().size(), 1u);
  EXPECT_EQ(tables.at("tables").as_array()[0].at("id").as_string(), "bac-h");
  EXPECT_EQ(tables.at("tables").as_array()[0].at("dealerMode").as_string(), "human");
  EXPECT_EQ(http.get("/studio/api/tables/rou-r").json().at("error").as_string(), "NOT_YOUR_TABLE");
  EXPECT_EQ(http.get("/studio/api/tables/nope").status, 404);
  // A dealer has no supervisor's tools.
  HttpResponse chat = act(http, "bac-h", "chat", {{"text", "hello"}});
  EXPECT_EQ(chat.status, 403);
  EXPECT_EQ(chat.json().at("error").as_string(), "NOT_SUPERVISOR");
  EXPECT_EQ(http.post("/studio/api/mute", R"({"playerId":"1","minutes":5})").status, 403);
  HttpResponse bad = dealer(http, "dance");
  EXPECT_EQ(bad.status, 400);
  EXPECT_EQ(bad.json().at("error").as_string(), "BAD_ACTION");

  ASSERT_EQ(http.post("/studio/api/logout", "{}").status, 200);
  EXPECT_EQ(http.get("/studio/api/me").status, 401);
}

TEST_F(Studio, ADealerDealsABaccaratRoundCardByCardAndThePlayerIsPaid) {
  Player ann = join_as_guest(server->port(), "bac-h");
  HttpClient anna = staff("anna", "dealer-pass-1");
  json::value table = anna.get("/studio/api/tables/bac-h").json();
  EXPECT_EQ(table.at("stateName").as_string(), "WAIT_FOR_NEXT_GAME");
  EXPECT_TRUE(table.at("round").at("canOpen").as_bool());

  ASSERT_EQ(dealer(anna, "open").status, 200);
  std::string game(ann.ws->wait_type("betsopen", 10s).at("gameId").as_string());
  const int64_t before = units(ann.http.get("/api/ui/balance").json().at("balance"));
  ann.ws->send(pbet_xml("pbet", "bac-h", game, ann.id, "p1", {{"PLAYER", "10.00"}}));
  ASSERT_EQ(ann.ws->wait_type("betack").at("accepted").as_array().size(), 1u);
  json::value seen = anna.get("/studio/api/tables/bac-h").json();
  EXPECT_EQ(seen.at("bettors").as_int64(), 1);
  EXPECT_EQ(seen.at("stakes").at("EUR").as_string(), "10.00");
  EXPECT_EQ(seen.at("bets").as_array()[0].at("total").as_string(), "10.00");

  ASSERT_EQ(dealer(anna, "close").status, 200);
  ann.ws->wait_type("betsclosed");
  // Player 2H 3D 4C (9) against the banker's KS 3C 5H (8); a misread taken back.
  for (const char* card : {"2H", "KS", "3D", "3C", "4C"}) {
    HttpResponse r = dealer(anna, "card", card);
    ASSERT_EQ(r.status, 200) << card << " " << r.body;
    json::object shown = ann.ws->wait_type("card");
    EXPECT_EQ(shown.at("card").as_string(), card);
  }
  HttpResponse misread = dealer(anna, "card", "QQ");
  EXPECT_EQ(misread.status, 409);
  EXPECT_EQ(misread.json().at("error").as_string(), "REFUSED");
  EXPECT_NE(misread.json().at("message").as_string().find("not a card"), std::string::npos);
  ASSERT_EQ(dealer(anna, "card", "9D").status, 200);
  ann.ws->wait_type("card");
  json::value undone = dealer(anna, "undo").json();
  EXPECT_EQ(undone.at("round").at("nextHand").as_string(), "banker");
  EXPECT_TRUE(ann.ws->wait_type("card").at("withdrawn").as_bool());
  json::value complete = dealer(anna, "card", "5H").json();
  EXPECT_EQ(complete.at("round").at("result").as_string(), "P 9-8");
  EXPECT_TRUE(complete.at("round").at("canConfirm").as_bool());
  EXPECT_EQ(complete.at("round").at("cards").as_array().size(), 6u);

  ASSERT_EQ(dealer(anna, "confirm").status, 200);
  json::object result = ann.ws->wait_type("gameresult", 10s);
  EXPECT_EQ(result.at("result").as_string(), "P 9-8");
  EXPECT_EQ(units(result.at("win")), 20'00000);
  EXPECT_EQ(units(ann.http.get("/api/ui/balance").json().at("balance")), before + 10'00000);
  // The history's verification says a person dealt it.
  HttpResponse fair = ann.http.get("/api/ui/fairRound?gameId=" + game);
  EXPECT_EQ(fair.status, 404);
  EXPECT_EQ(fair.json().at("error").as_string(), "HUMAN_DEALT");
}

TEST_F(Studio, AVoidRefundsThePlayerAndTheSupervisorSpeaksAsTheGameHost) {
  Player ann = join_as_guest(server->port(), "bac-h");
  HttpClient sam = staff("sam", "super-pass-1");
  const int64_t before = units(ann.http.get("/api/ui/balance").json().at("balance"));
  ASSERT_EQ(dealer(sam, "open").status, 200);  // a supervisor deals too
  std::string game(ann.ws->wait_type("betsopen", 10s).at("gameId").as_string());
  ann.ws->send(pbet_xml("pbet", "bac-h", game, ann.id, "p1", {{"BANKER", "25.00"}}));
  ASSERT_EQ(ann.ws->wait_type("betack").at("accepted").as_array().size(), 1u);
  ASSERT_EQ(dealer(sam, "close").status, 200);
  ASSERT_EQ(dealer(sam, "card", "AS").status, 200);
  ASSERT_EQ(dealer(sam, "void").status, 200);
  json::object cancelled = ann.ws->wait_for(
      [](const json::object& o) { return is_type(o, "cancelround") && o.contains("refunded"); });
  EXPECT_EQ(cancelled.at("refunded").as_string(), "25.00");
  EXPECT_EQ(units(ann.http.get("/api/ui/balance").json().at("balance")), before);
  EXPECT_EQ(dealer(sam, "void").status, 409);  // once

  HttpResponse said = act(sam, "bac-h", "chat", {{"text", "Good evening from the studio"}});
  ASSERT_EQ(said.status, 200) << said.body;
  json::object host = ann.ws->wait_for([](const json::object& o) {
    return is_type(o, "chat") && o.at("text").as_string() == "Good evening from the studio";
  });
  EXPECT_EQ(host.at("role").as_string(), "SUPERVISOR");
  EXPECT_EQ(act(sam, "bac-h", "chat", {{"text", ""}}).status, 400);
  HttpResponse closing = act(sam, "bac-h", "closing", {{"minutes", 15}});
  ASSERT_EQ(closing.status, 200);
  EXPECT_EQ(ann.ws->wait_type("tablewillclose").at("minutes").as_int64(), 15);
  EXPECT_EQ(act(sam, "bac-h", "closing", {{"minutes", 0}}).status, 400);
  HttpResponse muted = sam.post(
      "/studio/api/mute", json::serialize(json::object{{"playerId", ann.id}, {"minutes", 5}}));
  ASSERT_EQ(muted.status, 200) << muted.body;
  EXPECT_GT(muted.json().at("mutedUntil").as_int64(), 0);
}

TEST_F(Studio, TheSupervisorSwitchesARouletteTableToAPersonAndPausesIt) {
  HttpClient sam = staff("sam", "super-pass-1");
  Player bob = join_as_guest(server->port(), "rou-r");
  HttpResponse rng = sam.post("/studio/api/tables/rou-r/dealer", R"({"action":"open"})");
  EXPECT_EQ(rng.status, 409);
  EXPECT_EQ(rng.json().at("error").as_string(), "NOT_HUMAN");
  json::value switched = act(sam, "rou-r", "mode", {{"dealerMode", "human"}}).json();
  EXPECT_TRUE(switched.at("humanDealing").as_bool());
  // Mid-round, the switch waits for the round's end; then the table waits for the dealer.
  bob.ws->wait_type("gameresult", 60s);
  json::value human;
  for (int i = 0; i < 100; ++i) {
    human = sam.get("/studio/api/tables/rou-r").json();
    if (human.at("dealerMode").as_string() == "human" &&
        human.at("stateName").as_string() == "WAIT_FOR_NEXT_GAME")
      break;
    std::this_thread::sleep_for(100ms);
  }
  ASSERT_EQ(human.at("dealerMode").as_string(), "human") << json::serialize(human);
  EXPECT_FALSE(human.as_object().contains("nextDealerMode"));
  EXPECT_TRUE(human.at("round").at("canOpen").as_bool());
  // Paused: the dealer cannot open.
  json::value paused = act(sam, "rou-r", "pause", {{"paused", true}}).json();
  EXPECT_TRUE(paused.at("paused").as_bool());
  EXPECT_FALSE(paused.at("round").at("canOpen").as_bool());
  EXPECT_EQ(sam.post("/studio/api/tables/rou-r/dealer", R"({"action":"open"})").status, 409);
  act(sam, "rou-r", "pause", {{"paused", false}});
  // Back to the RNG between rounds: a round opens by itself.
  act(sam, "rou-r", "mode", {{"dealerMode", "rng"}});
  bob.ws->wait_type("betsopen", 10s);
}

}  // namespace
}  // namespace croupier::testing
