// The lobby through the real croupierd: the lobby channel's summaries and their live
// updates (a result, the players following, a seat taken), the lobby's filters and the
// recent players, the casino configuration (languages offered) and an operator file that
// is refused at start-up naming the field.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <thread>

#include "support/harness.hpp"

namespace croupier::testing {
namespace {

const char* kLobbyCasino = R"({
  "operators": [{"id": "demo", "name": "Test Casino", "secret": "test-operator-secret-0123",
                 "demo": true, "funMoney": "1000.00", "currency": "EUR",
                 "casinoConfig": {"languages": ["de", "en", "zh"], "tables_order": ["rou-b"],
                                  "tabs_order": ["BLACKJACK", "ROULETTE"]}}],
  "tables": [
    {"id": "rou-a", "name": "Roulette A", "game": "roulette", "dealer": "Ann",
     "limits": {"EUR": {"min": "1.00", "insideMax": "100", "outsideMax": "200", "tableMax": "500",
                        "chips": ["1.00", "5.00"]}}},
    {"id": "rou-b", "name": "Roulette B", "game": "roulette", "type": "autoroulette",
     "limits": {"EUR": {"min": "1.00", "insideMax": "100", "outsideMax": "200", "tableMax": "500",
                        "chips": ["1.00", "5.00"]}}},
    {"id": "bj-t", "name": "Blackjack", "game": "blackjack",
     "timings": {"bettingMs": 2500, "closingSoonMs": 500, "betsClosedMs": 200, "resultMs": 1500,
                 "nextGameMs": 300, "decisionMs": 4000, "insuranceMs": 1500, "cardMs": 20},
     "limits": {"EUR": {"min": "5.00", "mainMax": "500.00", "sideMax": "100.00", "tableMax": "1000.00",
                        "chips": ["5.00", "25.00"]}}}
  ]})";

// The summary of `table` in a lobby resync or update, if it holds one.
std::optional<json::object> tile(const json::object& message, std::string_view table) {
  if (!message.contains("tables")) return std::nullopt;
  for (const auto& t : message.at("tables").as_array())
    if (t.as_object().at("tableId").as_string() == table) return t.as_object();
  return std::nullopt;
}

class Lobby : public ::testing::Test {
 protected:
  void SetUp() override {
    server = start_with_casino("croupier-lobby", kLobbyCasino,
                               {"--betting-ms", "1500", "--spin-ms", "500", "--result-ms", "500",
                                "--next-game-ms", "300", "--closing-soon-ms", "500"});
  }
  void TearDown() override { stop_and_check_ledger(*server); }
  std::unique_ptr<ServerProcess> server;
};

TEST_F(Lobby, TheChannelListsEveryTableAndPushesResultsPlayersAndSeats) {
  Player watcher = join_as_guest(server->port(), "");
  watcher.ws->send(R"(<subscribe channel="lobby"/>)");
  json::object subscribed = watcher.ws->wait_type("subscribed");
  EXPECT_EQ(subscribed.at("channel").as_string(), "lobby");
  json::object resync = watcher.ws->wait_type("resync");
  EXPECT_EQ(resync.at("channel").as_string(), "lobby");
  ASSERT_EQ(resync.at("tables").as_array().size(), 3u);
  json::object a = *tile(resync, "rou-a");
  EXPECT_EQ(a.at("dealer").as_string(), "Ann");
  EXPECT_TRUE(a.at("open").as_bool());
  EXPECT_EQ(tile(resync, "bj-t")->at("seats").as_int64(), 7);

  // A round's result reaches the tile, as the table announced it.
  Player bettor = join_as_guest(server->port(), "rou-a");
  json::object result = bettor.ws->wait_type("gameresult", 20s);

  const std::string number(result.at("result").as_string());
  json::object update = watcher.ws->wait_for(
      [&](const json::object& o) {
        auto t = tile(o, "rou-a");
        return is_type(o, "lobbyupdate") && t && !t->at("results").as_array().empty() &&
               t->at("results").as_array()[0].as_string() == number &&
               t->at("gameId").as_string() != "";
      },
      10s);
  EXPECT_EQ(tile(update, "rou-a")->at("players").as_int64(), 1);  // the bettor follows it

  // While bets are open the tile counts down to the end of betting.
  watcher.ws->wait_for(
      [&](const json::object& o) {
        auto t = tile(o, "rou-a");
        return is_type(o, "lobbyupdate") && t && t->at("betsOpen").as_bool() &&
               t->at("state").as_int64() == 2 &&
               t->at("endsAt").as_int64() > o.at("ts").as_int64() - 1500;
      },
      10s);

  // A seat taken at the blackjack table.
  Player sitter = join_as_guest(server->port(), "bj-t");
  sitter.ws->send(R"(<sit tableId="bj-t" requestId="s1" seat="3"/>)");
  sitter.ws->wait_type("seatack");
  watcher.ws->wait_for(
      [&](const json::object& o) {
        auto t = tile(o, "bj-t");
        return is_type(o, "lobbyupdate") && t && t->at("seatsTaken").as_int64() == 1;
      },
      10s);

  // A reconnect resumes from the last version seen: nothing is missed.
  const std::string epoch(resync.at("epoch").as_string());
  uint64_t v = 0;
  for (const auto& m : watcher.ws->seen())
    if (m.contains("channel") && m.at("channel") == "lobby" && m.contains("v"))
      v = std::max<uint64_t>(v, m.at("v").to_number<uint64_t>());
  WsClient again(server->port(), watcher.session);
  again.wait_type("welcome");
  again.send(R"(<subscribe channel="lobby" epoch=")" + epoch + R"(" v=")" + std::to_string(v) +
             R"("/>)");
  json::object resumed = again.wait_type("subscribed");
  EXPECT_TRUE(resumed.at("resumed").as_bool()) << json::serialize(resumed);
}

TEST_F(Lobby, FiltersRecentPlayersAndLastTables) {
  Player p = join_as_guest(server->port(), "rou-a");
  json::object filters = p.http.get("/api/ui/lobbyFilters").json().as_object();
  EXPECT_EQ(json::serialize(filters.at("tabs")), R"(["BLACKJACK","ROULETTE","PROMOTIONS"])");
  EXPECT_EQ(json::serialize(filters.at("tableTypes").at("ROULETTE")),
            R"(["all","classic-roulette","roulette","autoroulette"])");
  EXPECT_EQ(filters.at("selected").at("showfulltables").as_bool(), true);
  EXPECT_EQ(filters.at("selected").at("tableType").at("ROULETTE").as_string(), "all");

  auto saved = p.http.post("/api/ui/savePlayerConfigGeneric",
                           R"({"gameType":"lobby","showfulltables":false,"grid_view":false,)"
                           R"("roulette_table_type":"autoroulette","selectedbjfilter":"free",)"
                           R"("selpromofilter":"nonsense"})");
  ASSERT_EQ(saved.status, 200) << saved.body;
  filters = p.http.get("/api/ui/lobbyFilters").json().as_object();
  const auto& selected = filters.at("selected").as_object();
  EXPECT_FALSE(selected.at("showfulltables").as_bool());
  EXPECT_FALSE(selected.at("grid_view").as_bool());
  EXPECT_EQ(selected.at("tableType").at("ROULETTE").as_string(), "autoroulette");
  EXPECT_EQ(selected.at("selectedbjfilter").as_string(), "free");
  EXPECT_EQ(selected.at("selpromofilter").as_string(), "all");  // not offered: all

  EXPECT_TRUE(p.http.get("/api/info/lastPlayersTables").json().at("tables").as_array().empty());
  std::string game(p.ws->wait_type("betsopen", 20s).at("gameId").as_string());
  p.ws->send(pbet_xml("pbet", "rou-a", game, p.id, "r1", {{"RED", "1.00"}}));
  ASSERT_EQ(p.ws->wait_type("betack").at("accepted").as_array().size(), 1u);
  p.ws->wait_type("gameresult", 20s);

  json::object last = p.http.get("/api/info/lastPlayersTables").json().as_object();
  ASSERT_EQ(last.at("tables").as_array().size(), 1u);
  EXPECT_EQ(last.at("tables").as_array()[0].at("tableId").as_string(), "rou-a");
  EXPECT_EQ(last.at("tables").as_array()[0].at("rounds").as_int64(), 1);

  Player other = join_as_guest(server->port(), "");
  json::object recent = other.http.get("/api/info/recentPlayersAllTables").json().as_object();
  EXPECT_EQ(recent.at("total").as_int64(), 1);
  ASSERT_EQ(recent.at("tables").as_array().size(), 1u);
  const auto& row = recent.at("tables").as_array()[0].as_object();
  EXPECT_EQ(row.at("tableId").as_string(), "rou-a");
  EXPECT_EQ(row.at("players").as_int64(), 1);
  std::string name(p.http.get("/api/ui/playerConfig").json().at("player").at("name").as_string());
  EXPECT_EQ(json::serialize(row.at("names")), "[\"" + name + "\"]");
}

TEST_F(Lobby, TheConfigurationOffersItsLanguagesOnly) {
  Player p = join_as_guest(server->port(), "");
  auto config = p.http.get("/api/ui/casinoConfig?ln=fr").json().as_object();
  EXPECT_EQ(config.at("language").as_string(), "de");  // not offered: the first offered
  EXPECT_EQ(json::serialize(config.at("languages")), R"(["de","en","cn"])");
  EXPECT_EQ(p.http.get("/api/ui/casinoConfig?ln=zh").json().at("language").as_string(), "cn");
  EXPECT_EQ(json::serialize(config.at("tables_order")), R"(["rou-b","rou-a","bj-t"])");
  EXPECT_EQ(json::serialize(config.at("voice_over_languages")), R"(["cn","en"])");
  EXPECT_EQ(p.http.get("/api/ui/getAllConfig?lang=EN").json().at("language").as_string(), "en");
}

TEST_F(Lobby, AScreenNameIsCheckedUniqueAndShownAtTheTable) {
  Player ann = join_as_guest(server->port(), "rou-a");
  Player bob = join_as_guest(server->port(), "");
  auto put = [](Player& p, const std::string& name) {
    return p.http.request(
        "PUT", "/api/user/screenName", R"({"screenName":")" + name + R"("})",
        {{"Content-Type", "application/json"}, {"X-XSRF-TOKEN", p.http.cookie("XSRF-TOKEN")}});
  };
  auto code_of = [](const HttpResponse& r) { return r.json().at("code").as_int64(); };
  json::object got = ann.http.get("/api/user/screenName").json().as_object();
  EXPECT_TRUE(got.at("editable").as_bool());
  const std::string guest(got.at("screenName").as_string());

  EXPECT_EQ(code_of(put(ann, "A")), 1013);        // too short
  EXPECT_EQ(code_of(put(ann, "Ann Lee")), 1013);  // a space
  EXPECT_EQ(code_of(put(ann, guest)), 1016);      // the current name
  auto renamed = put(ann, "Anné");
  ASSERT_EQ(renamed.status, 200) << renamed.body;
  EXPECT_EQ(renamed.json().at("screenName").as_string(), "Anné");
  auto taken = put(bob, "ANNÉ");  // the same name in other letters' case
  EXPECT_EQ(taken.status, 409);
  EXPECT_EQ(code_of(taken), 1014);
  Player cat = join_as_guest(server->port(), "");
  const std::string cats(cat.http.get("/api/user/screenName").json().at("screenName").as_string());
  EXPECT_EQ(code_of(put(bob, cats)), 1014);  // another player's name from the operator
  EXPECT_EQ(ann.http.get("/api/ui/playerConfig").json().at("player").at("name").as_string(),
            "Anné");

  // The socket opened before the change speaks with the new name.
  ann.ws->send(R"(<chat tableId="rou-a" requestId="m-1">hello</chat>)");
  json::object chat = ann.ws->wait_type("chat");
  EXPECT_EQ(chat.at("name").as_string(), "Anné");
}

// SPEC section 7's calls that were served but ignored: the ticker in the player's
// language only, the operator's feature_chat, the return to player of a table, the
// versions, the swear words, and every address of the url list answering.
TEST(LobbyConfig, TickerFeatureFlagsRtpVersionsAndTheUrlList) {
  std::string casino = kLobbyCasino;
  const std::string from = R"("languages": ["de", "en", "zh"],)";
  casino.replace(
      casino.find(from), from.size(),
      from + R"( "ticker": {"de": "Heute Abend: Bonus"}, "conversion_currency": "USD",)");
  const std::string flags = R"("currency": "EUR",)";
  casino.replace(casino.find(flags), flags.size(),
                 flags + R"( "features": {"feature_chat": false, "feature_combineAPI": true},)");
  auto server = start_with_casino("croupier-ticker", casino);
  {
    Player p = join_as_guest(server->port(), "rou-a");
    HttpResponse de = p.http.get("/api/ui/ticker?ln=de");
    EXPECT_EQ(de.status, 200);
    EXPECT_EQ(de.body, "Heute Abend: Bonus");
    EXPECT_EQ(p.http.get("/api/ui/ticker?ln=en").status, 204);  // never another language's
    EXPECT_EQ(p.http.get("/api/ui/casinoConfig").json().at("conversion_currency").as_string(),
              "USD");

    // feature_chat off: no chat offered, and a message is refused all the same.
    json::value features = p.http.get("/api/player/features/ui/configuredFeatures").json();
    EXPECT_FALSE(features.at("feature_chat").as_bool());
    EXPECT_FALSE(
        p.http.get("/api/ui/tableConfig?tableId=rou-a").json().at("chatEnabled").as_bool());
    p.ws->send(R"(<chat tableId="rou-a" requestId="m-1">hello</chat>)");
    EXPECT_EQ(p.ws->wait_type("error").at("reason").as_string(), "off");

    json::value rtp = p.http.get("/api/ui/getRtpDetails?tableId=rou-a").json();
    EXPECT_EQ(rtp.at("min").as_string(), "97.30");  // 36/37 on a single-zero wheel
    EXPECT_EQ(rtp.at("max").as_string(), "97.30");
    json::value bj = p.http.get("/api/ui/getRtpDetails?tableId=bj-t").json();
    EXPECT_EQ(bj.at("min").as_string(), "92.53");  // insurance
    EXPECT_EQ(bj.at("max").as_string(), "99.53");
    json::value us = p.http.get("/api/ui/getRtpDetails?game=roulette&tableVariant=american").json();
    EXPECT_EQ(us.at("min").as_string(), "92.11");  // the top line
    EXPECT_EQ(us.at("max").as_string(), "94.74");
    EXPECT_EQ(p.http.get("/api/ui/getRtpDetails?tableId=nope").status, 404);
    EXPECT_EQ(p.http.get("/api/ui/getRtpDetails?game=poker&tableVariant=x").status, 400);
    // A variant misspelt has no figures, never another variant's.
    EXPECT_EQ(p.http.get("/api/ui/getRtpDetails?game=roulette&tableVariant=amercan").status, 400);

    json::value versions = p.http.get("/api/ge/versions").json();
    EXPECT_EQ(versions.at("protocol").as_int64(), 1);
    EXPECT_FALSE(versions.at("server").as_string().empty());
    EXPECT_TRUE(p.http.get("/api/ui/swearwords").json().at("swearwords").is_array());

    // Every address the url list names is served (the socket's is the upgrade).
    std::string xml = p.http.get("/assets/api/urlxml.xml").body;
    int named = 0;
    for (size_t at = xml.find("href=\""); at != std::string::npos;
         at = xml.find("href=\"", at + 1)) {
      std::string href = xml.substr(at + 6, xml.find('"', at + 6) - at - 6);
      if (href == "/ws") continue;
      ++named;
      HttpResponse r = p.http.get(href + "?tableId=rou-a");
      // Routed (andar bahar's card statistics refuse a roulette table: 400, not 404).
      EXPECT_TRUE(r.status != 404 && r.status < 500) << href << " " << r.status;
    }
    EXPECT_GE(named, 15);
  }
  stop_and_check_ledger(*server);
}

TEST(LobbyConfig, ChatAndScreenNameChangesAreRefusedWhenTheOperatorTurnsThemOff) {
  std::string casino = kLobbyCasino;
  const std::string from = R"("languages": ["de", "en", "zh"],)";
  casino.replace(casino.find(from), from.size(),
                 from + R"( "chat_disabled": true, "restrict_nickname_edit": true,)");
  auto server = start_with_casino("croupier-nochat", casino);
  {
    Player p = join_as_guest(server->port(), "rou-a");
    EXPECT_TRUE(p.http.get("/api/ui/casinoConfig").json().at("chat_disabled").as_bool());
    p.ws->send(R"(<chat tableId="rou-a" requestId="m-1">hello</chat>)");
    json::object error = p.ws->wait_type("error");
    EXPECT_EQ(error.at("code").as_int64(), 2001);
    EXPECT_EQ(error.at("requestId").as_string(), "m-1");
    EXPECT_NE(std::string(error.at("detail").as_string()).find("chat is turned off"),
              std::string::npos);
    // The same operator also keeps screen names as they are.
    EXPECT_FALSE(p.http.get("/api/user/screenName").json().at("editable").as_bool());
    auto refused = p.http.request(
        "PUT", "/api/user/screenName", R"({"screenName":"Zed"})",
        {{"Content-Type", "application/json"}, {"X-XSRF-TOKEN", p.http.cookie("XSRF-TOKEN")}});
    EXPECT_EQ(refused.status, 403);
    EXPECT_EQ(refused.json().at("error").as_string(), "NICKNAME_EDIT_RESTRICTED");
  }
  stop_and_check_ledger(*server);
}

TEST(LobbyConfig, AMalformedOperatorFileIsRefusedAtStartUpNamingTheField) {
  std::string dir = make_temp_dir("croupier-opfile");
  std::filesystem::create_directories(dir + "/operators");
  std::string casino = kLobbyCasino;
  const std::string from = casino.substr(casino.find("\"casinoConfig\""),
                                         casino.find("}}],") + 1 - casino.find("\"casinoConfig\""));
  casino.replace(casino.find(from), from.size(), R"("casinoConfigFile": "operators/demo.json")");
  std::ofstream(dir + "/casino.json") << casino;
  std::ofstream(dir + "/operators/demo.json") << R"({"tabs_order": ["ROULETTE", "POKER"]})";
  auto [code, out] =
      run_croupierd({"--casino-file", dir + "/casino.json", "--data-dir", dir, "--port", "0"});
  EXPECT_NE(code, 0);
  EXPECT_NE(out.find("operators/demo.json: tabs_order[1]: "), std::string::npos) << out;
  EXPECT_NE(out.find("POKER"), std::string::npos) << out;

  // A conversion currency the rates file does not price stops the start too.
  std::ofstream(dir + "/operators/demo.json") << R"({"conversion_currency": "XTS"})";
  auto [code2, out2] =
      run_croupierd({"--casino-file", dir + "/casino.json", "--data-dir", dir, "--port", "0"});
  EXPECT_NE(code2, 0);
  EXPECT_NE(out2.find("is not in the rates file"), std::string::npos) << out2;
  EXPECT_NE(out2.find("XTS"), std::string::npos) << out2;
}

}  // namespace
}  // namespace croupier::testing
