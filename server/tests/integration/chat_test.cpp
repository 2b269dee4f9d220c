// The table chat through the real croupierd (SPEC §3 roles, §5 rules): a player's message
// reaches the table as text with its role; the swear-word list, the rate, a table without
// chat, the jurisdiction's disable_chat and the balance refuse with their codes; the
// studio's supervisor speaks as the game host, mutes a player and announces that a table
// closes.
#include <gtest/gtest.h>

#include "support/harness.hpp"

namespace croupier::testing {
namespace {

constexpr const char* kStudioSecret = "studio-secret-0123456789";
constexpr const char* kDemoSecret = "test-operator-secret-0123";

const char* kChatCasino = R"({
  "operators": [
    {"id": "demo", "name": "Test Casino", "secret": "test-operator-secret-0123",
     "demo": true, "funMoney": "100.00", "currency": "EUR"},
    {"id": "studio", "name": "The Studio", "secret": "studio-secret-0123456789",
     "supervisor": true, "currency": "EUR"},
    {"id": "quiet", "name": "Quiet Market", "secret": "quiet-secret-0123456789",
     "demo": true, "funMoney": "100.00", "currency": "EUR", "functionalities": ["disable_chat"]},
    {"id": "cashless", "name": "Real Money", "secret": "cashless-secret-0123456789",
     "currency": "EUR"}
  ],
  "tables": [
    {"id": "rou-c", "name": "Chatty", "game": "roulette",
     "limits": {"EUR": {"min": "1.00", "insideMax": "100", "outsideMax": "200", "tableMax": "500",
                        "chips": ["1.00", "5.00"]}}},
    {"id": "rou-n", "name": "Silent", "game": "roulette", "chatEnabled": false,
     "limits": {"EUR": {"min": "1.00", "insideMax": "100", "outsideMax": "200", "tableMax": "500",
                        "chips": ["1.00", "5.00"]}}}
  ]})";

class Chat : public ::testing::Test {
 protected:
  void SetUp() override { server = start_with_casino("croupier-chat", kChatCasino); }
  void TearDown() override { stop_and_check_ledger(*server); }

  // A player of `op` who came through the operator's launch, subscribed to rou-c.
  Player launched(const std::string& op, const std::string& secret, const std::string& who) {
    HttpClient backend(server->port());
    HttpResponse issued = operator_post(
        backend, "/api/operator/launch",
        {{"operatorId", op}, {"playerId", who}, {"screenName", who}, {"currency", "EUR"}}, secret);
    EXPECT_EQ(issued.status, 200) << issued.body;
    std::string url(issued.json().at("launchUrl").as_string());
    Player p{HttpClient(server->port()), "", "", nullptr};
    EXPECT_EQ(p.http.get(url.substr(url.find("/launch"))).status, 302);
    p.session = p.http.cookie("JSESSIONID");
    p.id = std::string(p.http.get("/api/ui/playerConfig").json().at("player").at("id").as_string());
    p.ws = std::make_unique<WsClient>(server->port(), p.session);
    p.ws->wait_type("welcome");
    p.ws->send(R"(<subscribe channel="table-rou-c"/>)");
    p.ws->wait_type("resync");
    return p;
  }

  std::unique_ptr<ServerProcess> server;
};

std::string chat_xml(const std::string& table, const std::string& id, const std::string& text) {
  return "<chat tableId=\"" + table + "\" requestId=\"" + id + "\">" + text + "</chat>";
}

json::object error_for(WsClient& ws, const std::string& request) {
  return ws.wait_for(
      [&](const json::object& o) {
        return o.at("type").as_string() == "error" && o.contains("requestId") &&
               o.at("requestId").as_string() == request;
      },
      5s);
}

json::object chat_with(WsClient& ws, const std::string& text) {
  return ws.wait_for(
      [&](const json::object& o) {
        return o.at("type").as_string() == "chat" && o.at("text").as_string() == text;
      },
      5s);
}

TEST_F(Chat, APlayersMessageArrivesAsTextAndTheRulesRefuseWithCodes) {
  Player ann = join_as_guest(server->port(), "rou-c");
  Player bob = join_as_guest(server->port(), "rou-c");
  // Markup travels as the text it is; the client shows it as text.
  ann.ws->send(chat_xml("rou-c", "m1", "&lt;b&gt;hi&lt;/b&gt; &amp; bye"));
  json::object said = chat_with(*bob.ws, "<b>hi</b> & bye");
  EXPECT_EQ(said.at("role").as_string(), "GAME_USER");
  EXPECT_EQ(said.at("playerId").as_string(), ann.id);
  EXPECT_FALSE(said.contains("avatar"));  // none chosen yet

  // The avatar she chooses goes with her messages; something that is not an avatar id
  // does not.
  ASSERT_EQ(
      ann.http.post("/api/ui/savePlayerConfigGeneric", R"({"gameType":"roulette","avatar":"a03"})")
          .status,
      200);
  ann.ws->send(chat_xml("rou-c", "m1b", "with a face"));
  EXPECT_EQ(chat_with(*bob.ws, "with a face").at("avatar").as_string(), "a03");
  ASSERT_EQ(ann.http
                .post("/api/ui/savePlayerConfigGeneric",
                      R"({"gameType":"roulette","avatar":"../../x.svg"})")
                .status,
            200);
  std::this_thread::sleep_for(1100ms);  // the chat's rate
  ann.ws->send(chat_xml("rou-c", "m1c", "no face"));
  EXPECT_FALSE(chat_with(*bob.ws, "no face").contains("avatar"));
  std::this_thread::sleep_for(1100ms);

  // The swear-word list (server/data/swearwords.txt), as a whole word and in any case.
  ann.ws->send(chat_xml("rou-c", "m2", "What the HELL"));
  json::object foul = error_for(*ann.ws, "m2");
  EXPECT_EQ(foul.at("code").as_int64(), 2001);
  EXPECT_NE(foul.at("detail").as_string().find("foul"), std::string::npos);
  EXPECT_EQ(foul.at("reason").as_string(), "words");     // the client says why in its language
  ann.ws->send(chat_xml("rou-c", "m3", "hello there"));  // "hell" inside a word is fine
  chat_with(*bob.ws, "hello there");

  // A table without chat: its configuration says so (no chat button), and a message is
  // refused all the same.
  auto chat_on = [&](Player& p, const char* table) {
    return p.http.get(std::string("/api/ui/tableConfig?tableId=") + table)
        .json()
        .at("chatEnabled")
        .as_bool();
  };
  EXPECT_TRUE(chat_on(ann, "rou-c"));
  EXPECT_FALSE(chat_on(ann, "rou-n"));
  ann.ws->send(R"(<subscribe channel="table-rou-n"/>)");
  std::this_thread::sleep_for(1100ms);  // three messages went: the rate allows one more
  ann.ws->send(chat_xml("rou-n", "m4", "anyone?"));
  json::object no_chat = error_for(*ann.ws, "m4");
  EXPECT_EQ(no_chat.at("code").as_int64(), 2001);
  EXPECT_EQ(no_chat.at("reason").as_string(), "off");

  // The rate: bursts of three, then one a second.
  for (const char* id : {"b1", "b2", "b3", "b4"}) bob.ws->send(chat_xml("rou-c", id, id));
  json::object fast = error_for(*bob.ws, "b4");
  EXPECT_NE(fast.at("detail").as_string().find("a second"), std::string::npos);
  EXPECT_EQ(fast.at("reason").as_string(), "rate");
}

TEST_F(Chat, TheJurisdictionAndAnEmptyBalanceKeepAPlayerOutOfTheChat) {
  Player quiet = launched("quiet", "quiet-secret-0123456789", "q-1");
  EXPECT_FALSE(
      quiet.http.get("/api/ui/tableConfig?tableId=rou-c").json().at("chatEnabled").as_bool());
  quiet.ws->send(chat_xml("rou-c", "q1", "hi"));
  EXPECT_EQ(error_for(*quiet.ws, "q1").at("code").as_int64(), 2001);
  Player broke = launched("cashless", "cashless-secret-0123456789", "c-1");
  broke.ws->send(chat_xml("rou-c", "c1", "hi"));
  json::object low = error_for(*broke.ws, "c1");
  EXPECT_EQ(low.at("code").as_int64(), 2005);
  EXPECT_EQ(low.at("reason").as_string(), "balance");
}

TEST_F(Chat, TheSupervisorSpeaksAsTheGameHostAndMutes) {
  Player ann = join_as_guest(server->port(), "rou-c");
  HttpClient studio(server->port());
  HttpResponse posted = operator_post(
      studio, "/api/operator/chat",
      {{"operatorId", "studio"}, {"tableId", "rou-c"}, {"text", "Welcome to Chatty!"}},
      kStudioSecret);
  ASSERT_EQ(posted.status, 200) << posted.body;
  json::object host = chat_with(*ann.ws, "Welcome to Chatty!");
  EXPECT_EQ(host.at("role").as_string(), "SUPERVISOR");
  EXPECT_EQ(host.at("playerId").as_string(), "0");
  ASSERT_EQ(operator_post(studio, "/api/operator/chat",
                          {{"operatorId", "studio"},
                           {"tableId", "rou-c"},
                           {"text", "How can we help?"},
                           {"role", "LIVE_SUPPORT"}},
                          kStudioSecret)
                .status,
            200);
  EXPECT_EQ(chat_with(*ann.ws, "How can we help?").at("role").as_string(), "LIVE_SUPPORT");

  // Only the studio; and only known roles and tables with chat.
  EXPECT_EQ(
      operator_post(studio, "/api/operator/chat",
                    {{"operatorId", "demo"}, {"tableId", "rou-c"}, {"text", "hi"}}, kDemoSecret)
          .status,
      403);
  EXPECT_EQ(
      operator_post(
          studio, "/api/operator/chat",
          {{"operatorId", "studio"}, {"tableId", "rou-c"}, {"text", "hi"}, {"role", "GAME_USER"}},
          kStudioSecret)
          .status,
      400);
  EXPECT_EQ(
      operator_post(studio, "/api/operator/chat",
                    {{"operatorId", "studio"}, {"tableId", "rou-n"}, {"text", "hi"}}, kStudioSecret)
          .status,
      409);

  // A mute keeps the player quiet until it is lifted.
  HttpResponse muted = operator_post(
      studio, "/api/operator/chat/mute",
      {{"operatorId", "studio"}, {"playerId", ann.id}, {"minutes", 5}}, kStudioSecret);
  ASSERT_EQ(muted.status, 200) << muted.body;
  ann.ws->send(chat_xml("rou-c", "a1", "let me speak"));
  json::object refused = error_for(*ann.ws, "a1");
  EXPECT_NE(refused.at("detail").as_string().find("muted"), std::string::npos);
  EXPECT_EQ(refused.at("reason").as_string(), "muted");
  ASSERT_EQ(
      operator_post(studio, "/api/operator/chat/mute",
                    {{"operatorId", "studio"}, {"playerId", ann.id}, {"minutes", 0}}, kStudioSecret)
          .status,
      200);
  ann.ws->send(chat_xml("rou-c", "a2", "thank you"));
  chat_with(*ann.ws, "thank you");
}

TEST_F(Chat, TheSupervisorAnnouncesThatATableCloses) {
  Player ann = join_as_guest(server->port(), "rou-c");
  HttpClient studio(server->port());
  HttpResponse posted = operator_post(
      studio, "/api/operator/table/closing",
      {{"operatorId", "studio"}, {"tableId", "rou-c"}, {"minutes", 5}}, kStudioSecret);
  ASSERT_EQ(posted.status, 200) << posted.body;
  const int64_t closes_at = posted.json().at("closesAt").as_int64();
  json::object notice = ann.ws->wait_type("tablewillclose");
  EXPECT_EQ(notice.at("table").as_string(), "rou-c");
  EXPECT_EQ(notice.at("minutes").as_int64(), 5);
  // The table's clock and the answer's agree to within a second.
  EXPECT_NEAR(static_cast<double>(notice.at("closesAt").as_int64()), static_cast<double>(closes_at),
              1000.0);
  // A player who comes later learns it from the snapshot.
  Player bob = join_as_guest(server->port(), "rou-c");
  bool found = false;
  for (const json::object& m : bob.ws->seen())
    if (m.at("type").as_string() == "resync") {
      found = true;
      EXPECT_NEAR(static_cast<double>(m.at("closesAt").as_int64()), static_cast<double>(closes_at),
                  1000.0);
    }
  EXPECT_TRUE(found);
  // Only the studio, and a sensible number of minutes.
  EXPECT_EQ(
      operator_post(studio, "/api/operator/table/closing",
                    {{"operatorId", "demo"}, {"tableId", "rou-c"}, {"minutes", 5}}, kDemoSecret)
          .status,
      403);
  EXPECT_EQ(
      operator_post(studio, "/api/operator/table/closing",
                    {{"operatorId", "studio"}, {"tableId", "rou-c"}, {"minutes", 0}}, kStudioSecret)
          .status,
      400);
  EXPECT_EQ(
      operator_post(studio, "/api/operator/table/closing",
                    {{"operatorId", "studio"}, {"tableId", "nope"}, {"minutes", 5}}, kStudioSecret)
          .status,
      404);
}

}  // namespace
}  // namespace croupier::testing
