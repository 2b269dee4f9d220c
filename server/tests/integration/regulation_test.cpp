// Regulated markets over real sockets (issue 20, docs/regulation.md): the reality check's
// figures for the session (time, stakes, returns, net position, the interval), the limits,
// the Italian game session, location rules and the UK's.
#include <gtest/gtest.h>

#include "db/postgres_testing.hpp"
#include "support/harness.hpp"

namespace croupier::testing {
namespace {

// A player the operator launched (signed /api/operator/launch), with a socket on `table`.
Player launched(uint16_t port, const std::string& operator_id, const std::string& secret,
                const std::string& player_id, const std::string& country, const std::string& table,
                const std::string& header_country = {}) {
  HttpClient backend(port);
  HttpResponse issued = operator_post(backend, "/api/operator/launch",
                                      {{"operatorId", operator_id},
                                       {"playerId", player_id},
                                       {"currency", "EUR"},
                                       {"country", country}},
                                      secret);
  EXPECT_EQ(issued.status, 200) << issued.body;
  std::string url(issued.json().at("launchUrl").as_string());
  Player p{HttpClient(port), "", "", nullptr};
  if (!header_country.empty()) p.http.set_header("X-Country", header_country);
  HttpResponse opened = p.http.get(url.substr(url.find("/launch")));
  EXPECT_EQ(opened.status, 302) << opened.body;
  p.http.get("/api/ge/versions");
  p.session = p.http.cookie("JSESSIONID");
  if (p.session.empty()) return p;  // refused: the caller looks at why
  p.id = std::string(p.http.get("/api/ui/playerConfig").json().at("player").at("id").as_string());
  p.ws = std::make_unique<WsClient>(port, p.session);
  p.ws->wait_type("welcome");
  p.ws->send("<subscribe channel=\"table-" + table + "\"/>");
  p.ws->wait_type("resync");
  return p;
}

// Every round lands on 17 (black): red loses, a straight-up on 17 pays 35 to 1.
constexpr const char* kRegulationCasino = R"({
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
  void SetUp() override { server = start_with_casino("croupier-regulation", kRegulationCasino); }
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
  Player p = launched(server->port(), "demo", "test-operator-secret-0123", "lim-1", "", "rou-r");
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

// The time limits: the player's reality-check interval (shorter than the operator's counts,
// at once) and a session-time limit, listed with the minutes the session has lasted.
TEST_F(Regulation, TheTimeLimitsAreTheSessionsAndTheRealityChecks) {
  Player p = join_as_guest(server->port(), "");
  auto set = [&](const std::string& body) { return p.http.post("/api/ui/limits", body); };
  ASSERT_EQ(set(R"({"kind":"reality_check","minutes":5})").status, 200);
  EXPECT_EQ(p.http.get("/api/cgibin/regulation/realityCheck").json().at("intervalMinutes"), 5);
  ASSERT_EQ(set(R"({"kind":"reality_check","minutes":45})").status, 200);  // the operator's 30
  EXPECT_EQ(p.http.get("/api/cgibin/regulation/realityCheck").json().at("intervalMinutes"), 30);
  HttpResponse r = set(R"({"kind":"session_time","minutes":120})");
  ASSERT_EQ(r.status, 200) << r.body;
  bool listed = false;
  const json::value limits = r.json();
  for (const auto& l : limits.at("limits").as_array()) {
    if (l.at("kind") != "session_time") continue;
    EXPECT_EQ(l.at("limit"), 120);
    EXPECT_EQ(l.at("player"), 120);
    EXPECT_EQ(l.at("used"), 0);
    listed = true;
  }
  EXPECT_TRUE(listed);
  EXPECT_EQ(set(R"({"kind":"session_time","minutes":0})").status, 400);
  EXPECT_EQ(set(R"({"kind":"session_time","amount":"5.00"})").status, 400);
  EXPECT_EQ(set(R"({"kind":"reality_check","minutes":"5"})").status, 400);
}

// Four operators on one casino: a plain demo one that keeps France out, an Italian one with
// the game session, a UK one for Great Britain only. One table only for Germany.
constexpr const char* kMarkets = R"({
  "operators": [
    {"id": "demo", "name": "Demo", "secret": "demo-operator-secret-0123", "demo": true,
     "funMoney": "100.00", "currency": "EUR", "regulation": {"countries": {"blocked": ["FR"]}}},
    {"id": "it", "name": "Casino Italia", "secret": "it-operator-secret-012345", "demo": true,
     "funMoney": "100.00", "currency": "EUR",
     "regulation": {"italianSession": {"minutes": 60, "maxBet": "20.00"}}},
    {"id": "uk", "name": "UK Casino", "secret": "uk-operator-secret-012345", "demo": true,
     "funMoney": "100.00", "currency": "EUR", "casinoConfig": {"uk_regulation_check": true,
     "net_position": true}, "regulation": {"countries": {"allowed": ["GB"]}}}],
  "tables": [
    {"id": "rou-r", "name": "Roulette", "game": "roulette",
     "scriptedResults": ["17", "17", "17", "17", "17", "17", "17", "17", "17", "17"],
     "limits": {"EUR": {"min": "1.00", "tableMax": "500.00", "insideMax": "100.00",
                        "outsideMax": "500.00", "chips": ["1.00", "5.00"]}}},
    {"id": "rou-de", "name": "Roulette Deutschland", "game": "roulette",
     "countries": {"allowed": ["DE"]},
     "limits": {"EUR": {"min": "2.00", "tableMax": "500.00", "insideMax": "100.00",
                        "outsideMax": "500.00", "chips": ["2.00"]}}}
  ]})";

class Markets : public ::testing::TestWithParam<bool> {
 protected:
  void SetUp() override {
    if (GetParam())
      database = {"--database", postgres::testing::TestServer::instance().fresh_database()};
    std::vector<std::string> args = database;
    args.insert(args.end(), {"--country-header", "X-Country"});
    server = start_with_casino("croupier-markets", kMarkets, args);
  }
  void TearDown() override { stop_and_check_ledger(*server, database); }
  std::unique_ptr<ServerProcess> server;
  std::vector<std::string> database;
};

INSTANTIATE_TEST_SUITE_P(Stores, Markets, ::testing::Bool(),
                         [](const auto& info) { return info.param ? "Postgres" : "Sqlite"; });

// The Italian game session: nothing is staked before an amount is brought in; the amount
// must exceed the table minimum and fit the balance; stakes must fit the session's balance
// (3002) and the operator's most per bet (3003); wins add to it; the session ends once and a
// new one starts empty. The history names the session of each round.
TEST_P(Markets, TheItalianSessionBoundsTheStakesByWhatWasBroughtIn) {
  Player p = launched(server->port(), "it", "it-operator-secret-012345", "it-1", "IT", "rou-r");
  auto bet = [&](const std::string& key, std::vector<std::pair<std::string, std::string>> bets,
                 const std::string& game) {
    p.ws->send(pbet_xml("pbet", "rou-r", game, p.id, key, bets));
    return p.ws->wait_type("betack");
  };
  auto post = [&](const std::string& path, json::object body) {
    return p.http.post(path, json::serialize(body));
  };
  json::value config = p.http.get("/api/ui/getAllConfig").json();
  EXPECT_EQ(config.at("casinoConfig").at("italian_session"), true);
  std::string game(p.ws->wait_type("betsopen").at("gameId").as_string());
  EXPECT_EQ(bet("i-0", {{"RED", "1.00"}}, game).at("code"), 3002);  // no session yet

  EXPECT_EQ(post("/api/ui/italianSession", {{"userId", "999999"}}).status, 403);
  HttpResponse opened = post("/api/ui/italianSession", {{"userId", p.id}});
  ASSERT_EQ(opened.status, 200) << opened.body;
  const json::value s = opened.json();
  const std::string id(s.at("sessionId").as_string());
  EXPECT_EQ(s.at("state"), "needs_balance");
  EXPECT_EQ(s.at("minimum"), "1.00");
  EXPECT_EQ(s.at("maximum"), "100.00");
  EXPECT_FALSE(s.at("ticketId").as_string().empty());
  EXPECT_EQ(post("/api/ui/italianSession", {{"userId", p.id}}).json().at("sessionId").as_string(),
            id);

  HttpResponse low = post("/api/ui/rgsChoosenBalance", {{"sessionId", id}, {"amount", "1.00"}});
  EXPECT_EQ(low.status, 400);
  EXPECT_EQ(low.json().at("code"), 2004);
  HttpResponse high = post("/api/ui/rgsChoosenBalance", {{"sessionId", id}, {"amount", "100.01"}});
  EXPECT_EQ(high.json().at("code"), 2003);
  EXPECT_EQ(post("/api/ui/rgsChoosenBalance", {{"sessionId", "ITnope"}, {"amount", "10.00"}})
                .json()
                .at("code"),
            3002);
  EXPECT_EQ(post("/api/ui/rgsChoosenBalance", {{"sessionId", id}, {"amount", "ten"}}).status, 400);
  HttpResponse chosen = post("/api/ui/rgsChoosenBalance", {{"sessionId", id}, {"amount", "10.00"}});
  ASSERT_EQ(chosen.status, 200) << chosen.body;
  EXPECT_EQ(chosen.json().at("state"), "open");
  EXPECT_EQ(chosen.json().at("sessionBalance"), "10.00");
  EXPECT_EQ(chosen.json().at("maximum"), "90.00");
  json::value player = p.http.get("/api/ui/playerConfig").json().at("player");
  EXPECT_EQ(player.at("sessionId").as_string(), id);
  EXPECT_EQ(player.at("ticketId"), s.at("ticketId"));

  game = std::string(p.ws->wait_type("betsopen").at("gameId").as_string());
  EXPECT_EQ(bet("i-1", {{"RED", "25.00"}}, game).at("code"), 3003);  // over maxBet 20.00
  EXPECT_EQ(bet("i-2", {{"RED", "6.00"}}, game).at("accepted").as_array().size(), 1u);
  EXPECT_EQ(bet("i-3", {{"RED", "5.00"}}, game).at("code"), 3002);  // 4.00 left
  p.ws->wait_type("gameresult");                                    // 17: red lost
  EXPECT_EQ(post("/api/ui/italianSession", {}).json().at("sessionBalance"), "4.00");
  game = std::string(p.ws->wait_type("betsopen").at("gameId").as_string());
  EXPECT_EQ(bet("i-4", {{"STRAIGHT_17", "4.00"}}, game).at("accepted").as_array().size(), 1u);
  p.ws->wait_type("gameresult");  // 35 to 1: 144.00 back
  EXPECT_EQ(post("/api/ui/italianSession", {}).json().at("sessionBalance"), "144.00");

  json::value history = p.http.get("/api/ui/history").json();
  ASSERT_EQ(history.at("rounds").as_array().size(), 2u);
  for (const auto& r : history.at("rounds").as_array()) {
    EXPECT_EQ(r.at("sessionId").as_string(), id);
    EXPECT_EQ(r.at("bets").as_array().at(0).at("sessionId").as_string(), id);
  }

  HttpResponse ended = post("/api/ui/gameSessionExpired", {{"sessionId", id}});
  ASSERT_EQ(ended.status, 200) << ended.body;
  EXPECT_EQ(ended.json().at("state"), "ended");
  EXPECT_EQ(ended.json().at("brought"), "10.00");
  EXPECT_EQ(ended.json().at("wagered"), "10.00");
  EXPECT_EQ(ended.json().at("returned"), "144.00");
  EXPECT_EQ(post("/api/ui/gameSessionExpired", {{"sessionId", "ITnope"}}).status, 404);
  game = std::string(p.ws->wait_type("betsopen").at("gameId").as_string());
  EXPECT_EQ(bet("i-5", {{"RED", "1.00"}}, game).at("code"), 3002);  // the session is over
  json::value next = post("/api/ui/italianSession", {{"userId", p.id}}).json();
  EXPECT_NE(next.at("sessionId").as_string(), id);
  EXPECT_EQ(next.at("state"), "needs_balance");
  // Bets of the next session are not the ended one's.
  ASSERT_EQ(
      post("/api/ui/rgsChoosenBalance", {{"sessionId", next.at("sessionId")}, {"amount", "5.00"}})
          .status,
      200);
  game = std::string(p.ws->wait_type("betsopen").at("gameId").as_string());
  EXPECT_EQ(bet("i-6", {{"RED", "2.00"}}, game).at("accepted").as_array().size(), 1u);
  json::value again = post("/api/ui/gameSessionExpired", {{"sessionId", id}}).json();
  EXPECT_EQ(again.at("wagered"), "10.00");
  EXPECT_EQ(again.at("sessionBalance"), "144.00");

  // Elsewhere there is no Italian session.
  Player guest = join_as_guest(server->port(), "");
  EXPECT_EQ(guest.http.post("/api/ui/italianSession", "{}").status, 403);
}

// Location: the edge proxy's country (X-Country here) against the operator's rules (1052,
// the location page, in the player's language, with the UK-only message for a UK-only
// operator) and a table's (2006, out of the lobby).
TEST_P(Markets, LocationRulesSendPlayersOutsideThemToTheLocationPage) {
  HttpClient french(server->port());
  french.set_header("X-Country", "FR");
  HttpResponse home = french.get("/?lang=de");
  EXPECT_EQ(home.status, 302);
  EXPECT_EQ(home.header("location"), "/play/location-restrictions?code=1052&lang=de");
  EXPECT_TRUE(french.cookie("JSESSIONID").empty());  // no guest was made
  // The page itself is served to them (the client's; not built here: 503 rather than 302).
  EXPECT_NE(french.get("/play/location-restrictions?code=1052&lang=de").status, 302);
  EXPECT_TRUE(french.cookie("JSESSIONID").empty());

  // A UK player launched from France: the location page with the UK-only message.
  Player away =
      launched(server->port(), "uk", "uk-operator-secret-012345", "uk-1", "GB", "rou-r", "FR");
  EXPECT_TRUE(away.session.empty());
  Player home_gb =
      launched(server->port(), "uk", "uk-operator-secret-012345", "uk-1", "GB", "rou-r", "GB");
  ASSERT_FALSE(home_gb.session.empty());
  EXPECT_EQ(home_gb.http.get("/api/ui/getAllConfig").status, 200);
  home_gb.http.set_header("X-Country", "ES");  // travelled
  HttpResponse refused = home_gb.http.get("/api/ui/getAllConfig");
  EXPECT_EQ(refused.status, 403);
  EXPECT_EQ(refused.json().at("code"), 1052);
  EXPECT_EQ(refused.json().at("page"), "/play/location-restrictions?code=1052&lang=en&uk=1");
  EXPECT_EQ(home_gb.http.get("/api/env/getAll").json().at("code"), 1052);
  HttpResponse page = home_gb.http.get("/play/lobby");
  EXPECT_EQ(page.status, 302);
  EXPECT_EQ(page.header("location"), "/play/location-restrictions?code=1052&lang=en&uk=1");

  // The table for Germany only: out of an Italian visitor's lobby, 2006 when opened.
  Player italian = join_as_guest(server->port(), "");
  italian.http.set_header("X-Country", "IT");
  auto has_table = [](const json::value& config, std::string_view id) {
    for (const auto& t : config.at("assignedTables").as_array())
      if (t.at("tableId").as_string() == id) return true;
    return false;
  };
  json::value config = italian.http.get("/api/ui/getAllConfig").json();
  EXPECT_TRUE(has_table(config, "rou-r"));
  EXPECT_FALSE(has_table(config, "rou-de"));
  HttpResponse table = italian.http.get("/api/ui/getAllConfig?tableId=rou-de");
  EXPECT_EQ(table.status, 403);
  EXPECT_EQ(table.json().at("code"), 2006);
  HttpResponse table_config = italian.http.get("/api/ui/tableConfig?tableId=rou-de");
  EXPECT_EQ(table_config.status, 403) << table_config.body;
  EXPECT_EQ(table_config.json().at("code"), 2006);
  // A socket carries the country it was opened from: the table's channel and its bets are
  // refused there, and a socket from a country the operator keeps out is not opened.
  WsClient from_italy(server->port(), italian.session, {}, "/ws", {{"X-Country", "IT"}});
  from_italy.wait_type("welcome");
  from_italy.send(R"(<subscribe channel="table-rou-de"/>)");
  EXPECT_EQ(from_italy.wait_type("error").at("code"), 2006);
  from_italy.send(pbet_xml("pbet", "rou-de", "", italian.id, "de-1", {{"RED", "2.00"}}));
  EXPECT_EQ(from_italy.wait_type("error").at("code"), 2006);
  EXPECT_THROW(WsClient(server->port(), italian.session, {}, "/ws", {{"X-Country", "FR"}}),
               std::exception);
  italian.http.set_header("X-Country", "DE");
  EXPECT_TRUE(has_table(italian.http.get("/api/ui/getAllConfig").json(), "rou-de"));
  EXPECT_EQ(italian.http.get("/api/ui/getAllConfig?tableId=rou-de").status, 200);
  WsClient from_germany(server->port(), italian.session, {}, "/ws", {{"X-Country", "DE"}});
  from_germany.wait_type("welcome");
  from_germany.send(R"(<subscribe channel="table-rou-de"/>)");
  from_germany.wait_type("resync");
}

// The UK: no auto-play (the strategy cannot be saved); elsewhere it can.
TEST_P(Markets, TheUksRulesOfferNoAutoPlay) {
  Player uk =
      launched(server->port(), "uk", "uk-operator-secret-012345", "uk-2", "GB", "rou-r", "GB");
  const std::string strategy = R"({"stand":13,"hit":15,"split":10,"splitMax":16,"double":16,)"
                               R"("doubleMax":16,"insurance":2})";
  HttpResponse r = uk.http.request(
      "PUT", "/api/bjstrategy/user", strategy,
      {{"Content-Type", "application/json"}, {"X-XSRF-TOKEN", uk.http.cookie("XSRF-TOKEN")}});
  EXPECT_EQ(r.status, 403) << r.body;
  EXPECT_EQ(r.json().at("error"), "UK_RULES");
  uk.ws->send(R"(<autoplay tableId="rou-r" requestId="ap" rounds="5"/>)");
  json::object refused = uk.ws->wait_type("error");
  EXPECT_EQ(refused.at("code"), 1008) << json::serialize(refused);
  Player other = join_as_guest(server->port(), "");
  other.http.set_header("X-Country", "DE");
  HttpResponse ok = other.http.request(
      "PUT", "/api/bjstrategy/user", strategy,
      {{"Content-Type", "application/json"}, {"X-XSRF-TOKEN", other.http.cookie("XSRF-TOKEN")}});
  EXPECT_EQ(ok.status, 200) << ok.body;
}

}  // namespace
}  // namespace croupier::testing
