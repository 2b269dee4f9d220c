// Whole rounds through the real croupierd over real sockets: bets, results, balances,
// refusals, repeats, reconnection and isolation between players.
#include <gtest/gtest.h>

#include <set>

#include "support/harness.hpp"

namespace croupier::testing {
namespace {

const std::string kRoundTable = "rou-1";

bool red(int n) {
  for (int r : {1, 3, 5, 7, 9, 12, 14, 16, 18, 19, 21, 23, 25, 27, 30, 32, 34, 36})
    if (r == n) return true;
  return false;
}

class Rounds : public ::testing::Test {
 protected:
  void SetUp() override {
    server = std::make_unique<ServerProcess>(make_temp_dir("croupier-it"));
    server->start();
  }
  void TearDown() override {
    if (server->running()) {
      EXPECT_EQ(server->stop(), 0) << "croupierd did not stop cleanly";
    }
    auto [code, out] = run_croupierd({"ledger-check", "--data-dir", server->data_dir()});
    EXPECT_EQ(code, 0) << out;
  }

  // The next round's id, once its bets are open.
  std::string next_open_round(WsClient& ws) {
    return std::string(ws.wait_type("betsopen").at("gameId").as_string());
  }

  std::unique_ptr<ServerProcess> server;
};

TEST_F(Rounds, WinningAndLosingBetsChangeTheBalanceByExactlyTheRightAmount) {
  Player p = join_as_guest(server->port(), kRoundTable);
  EXPECT_EQ(balance_of(p.http), 10'000'00000);  // 10,000.00 of fun money
  bool saw_win = false, saw_loss = false;
  for (int round = 0; round < 40 && !(saw_win && saw_loss); ++round) {
    std::string game = next_open_round(*p.ws);
    const int64_t before = balance_of(p.http);
    p.ws->send(pbet_xml("pbet", kRoundTable, game, p.id, "w" + std::to_string(round),
                        {{"RED", "2.00"}, {"STRAIGHT_17", "0.50"}}));
    json::object ack = p.ws->wait_type("betack");
    ASSERT_EQ(ack.at("accepted").as_array().size(), 2u) << json::serialize(ack);
    EXPECT_EQ(units(ack.at("balance")), before - 2'50000);
    json::object result = p.ws->wait_type("gameresult");
    ASSERT_EQ(result.at("gameId").as_string(), game);
    int n = std::stoi(std::string(result.at("result").as_string()));
    int64_t win = (red(n) ? 4'00000 : 0) + (n == 17 ? 18'00000 : 0);
    EXPECT_EQ(units(result.at("win")), win) << "result " << n;
    EXPECT_EQ(units(result.at("balance")), before - 2'50000 + win);
    EXPECT_EQ(balance_of(p.http), before - 2'50000 + win);
    (red(n) ? saw_win : saw_loss) = true;
  }
  EXPECT_TRUE(saw_win && saw_loss) << "forty rounds without both a win and a loss on red";
}

TEST_F(Rounds, ABetAfterBetsClosedIsRefusedWith1007) {
  Player p = join_as_guest(server->port(), kRoundTable);
  std::string game = next_open_round(*p.ws);
  json::object closed = p.ws->wait_type("betsclosed");
  ASSERT_EQ(closed.at("gameId").as_string(), game);
  const int64_t before = balance_of(p.http);
  p.ws->send(pbet_xml("pbet", kRoundTable, game, p.id, "late-1", {{"RED", "1.00"}}));
  json::object ack = p.ws->wait_type("betack");
  EXPECT_EQ(ack.at("code").as_int64(), 1007);
  ASSERT_EQ(ack.at("rejected").as_array().size(), 1u);
  EXPECT_EQ(ack.at("rejected").as_array()[0].at("code").as_int64(), 1007);
  EXPECT_TRUE(ack.at("accepted").as_array().empty());
  EXPECT_EQ(balance_of(p.http), before);
}

TEST_F(Rounds, AnUnknownSpotIsRefusedWith1005AndTheRestStands) {
  Player p = join_as_guest(server->port(), kRoundTable);
  std::string game = next_open_round(*p.ws);
  p.ws->send(
      pbet_xml("pbet", kRoundTable, game, p.id, "u-1", {{"STRAIGHT_37", "1.00"}, {"ODD", "1.00"}}));
  json::object ack = p.ws->wait_type("betack");
  ASSERT_EQ(ack.at("rejected").as_array().size(), 1u);
  EXPECT_EQ(ack.at("rejected").as_array()[0].at("spot").as_string(), "STRAIGHT_37");
  EXPECT_EQ(ack.at("rejected").as_array()[0].at("code").as_int64(), 1005);
  ASSERT_EQ(ack.at("accepted").as_array().size(), 1u);
  EXPECT_EQ(ack.at("accepted").as_array()[0].at("spot").as_string(), "ODD");
}

TEST_F(Rounds, ARepeatedRequestIsAppliedOnce) {
  Player p = join_as_guest(server->port(), kRoundTable);
  std::string game = next_open_round(*p.ws);
  const int64_t before = balance_of(p.http);
  const std::string xml = pbet_xml("pbet", kRoundTable, game, p.id, "once-1", {{"EVEN", "5.00"}});
  p.ws->send(xml);
  p.ws->send(xml);
  json::object first = p.ws->wait_type("betack");
  json::object second = p.ws->wait_type("betack");
  EXPECT_EQ(first.at("duplicate").as_bool(), false);
  EXPECT_EQ(second.at("duplicate").as_bool(), true);
  EXPECT_EQ(second.at("accepted").as_array().size(), 1u);
  EXPECT_EQ(balance_of(p.http), before - 5'00000);
  // Sent again on a new connection (as after a reconnect): still applied once.
  WsClient again(server->port(), p.session);
  again.wait_type("welcome");
  again.send(xml);
  json::object third = again.wait_type("betack");
  EXPECT_EQ(third.at("duplicate").as_bool(), true);
  EXPECT_EQ(balance_of(p.http), before - 5'00000);
}

TEST_F(Rounds, AClientThatReconnectsMidRoundReceivesTheEventsItMissed) {
  Player watcher = join_as_guest(server->port(), kRoundTable);
  Player p = join_as_guest(server->port(), kRoundTable);
  next_open_round(*p.ws);
  json::object last = p.ws->wait_type("betsclosingsoon");
  // The epoch of this run of the table came with the resync after subscribing.
  std::string run_epoch;
  for (const auto& m : p.ws->seen())
    if (is_type(m, "resync")) run_epoch = std::string(m.at("epoch").as_string());
  ASSERT_FALSE(run_epoch.empty());
  const int64_t last_v = last.at("v").as_int64();
  p.ws->close();
  p.ws.reset();

  // While it is away, the round goes on: bets close and the ball is launched.
  watcher.ws->wait_type("betsclosed");
  json::object launched = watcher.ws->wait_for([](const json::object& o) {
    return is_type(o, "gamestate") && o.at("state").as_int64() == 6;
  });
  const int64_t missed_until = launched.at("v").as_int64();

  WsClient back(server->port(), p.session);
  back.wait_type("welcome");
  back.send("<subscribe channel=\"table-" + kRoundTable + "\" epoch=\"" + run_epoch + "\" v=\"" +
            std::to_string(last_v) + "\"/>");
  json::object sub = back.wait_type("subscribed");
  EXPECT_TRUE(sub.at("resumed").as_bool());
  EXPECT_GE(sub.at("replayed").as_int64(), missed_until - last_v);
  // Exactly the versions after the one it had, in order, with nothing skipped.
  int64_t expect = last_v + 1;
  while (expect <= missed_until) {
    auto m = back.next(5s);
    ASSERT_TRUE(m.has_value()) << "missing v=" << expect;
    ASSERT_TRUE(m->contains("v"));
    EXPECT_EQ(m->at("v").as_int64(), expect);
    // The same event the watcher received.
    bool found = false;
    for (const auto& w : watcher.ws->seen()) {
      if (w.contains("v") && w.at("v").as_int64() == expect && !is_type(w, "resync") &&
          !is_type(w, "subscribed")) {
        EXPECT_EQ(w.at("type"), m->at("type"));
        found = true;
      }
    }
    EXPECT_TRUE(found) << "v=" << expect;
    ++expect;
  }
}

TEST_F(Rounds, AStaleEpochGetsAResyncInsteadOfWrongEvents) {
  Player p = join_as_guest(server->port(), kRoundTable);
  p.ws->send("<subscribe channel=\"table-" + kRoundTable + "\" epoch=\"not-this-run\" v=\"3\"/>");
  json::object sub = p.ws->wait_type("subscribed");
  EXPECT_FALSE(sub.at("resumed").as_bool());
  json::object resync = p.ws->wait_type("resync");
  EXPECT_EQ(resync.at("table").as_string(), kRoundTable);
  EXPECT_TRUE(resync.contains("state"));
}

TEST_F(Rounds, AMalformedCommandGetsAnErrorAndOtherPlayersNoticeNothing) {
  Player a = join_as_guest(server->port(), kRoundTable);
  Player b = join_as_guest(server->port(), kRoundTable);
  next_open_round(*b.ws);
  const size_t b_seen_before = b.ws->seen().size();
  for (const char* bad : {"<pbet tableId=\"rou-1\"", "not xml at all", "<pbet/>",
                          "<nuke table=\"rou-1\"/>", "<subscribe channel=\"table-nope\"/>"}) {
    a.ws->send(bad);
    json::object e = a.ws->wait_type("error");
    EXPECT_EQ(e.at("code").as_int64(), 1005) << bad;
    EXPECT_FALSE(e.at("detail").as_string().empty());
  }
  // A is still connected and served.
  a.ws->send("<ping id=\"after\"/>");
  EXPECT_EQ(a.ws->wait_type("pong").at("id").as_string(), "after");
  // B's stream goes on with consecutive versions and no error.
  b.ws->wait_type("betsclosed");
  int64_t previous = -1;
  for (size_t i = b_seen_before; i < b.ws->seen().size(); ++i) {
    const json::object& m = b.ws->seen()[i];
    EXPECT_FALSE(is_type(m, "error")) << json::serialize(m);
    if (m.contains("v") && !is_type(m, "betack")) {
      if (previous >= 0) {
        EXPECT_EQ(m.at("v").as_int64(), previous + 1);
      }
      previous = m.at("v").as_int64();
    }
  }
}

TEST_F(Rounds, ABetForSomeoneElseIsRefused) {
  Player p = join_as_guest(server->port(), kRoundTable);
  std::string game = next_open_round(*p.ws);
  p.ws->send(pbet_xml("pbet", kRoundTable, game, "999999", "x-1", {{"RED", "1.00"}}));
  json::object e = p.ws->wait_type("error");
  EXPECT_EQ(e.at("code").as_int64(), 1005);
  EXPECT_EQ(e.at("requestId").as_string(), "x-1");
}

TEST_F(Rounds, RebetAndAllOrNothingOverTheSocket) {
  Player p = join_as_guest(server->port(), kRoundTable);
  std::string game = next_open_round(*p.ws);
  p.ws->send(pbet_xml("placebets", kRoundTable, game, p.id, "aon-1",
                      {{"RED", "1.00"}, {"SPLIT_1_5", "1.00"}}));
  json::object refused = p.ws->wait_type("betack");
  EXPECT_TRUE(refused.at("accepted").as_array().empty());
  EXPECT_EQ(refused.at("code").as_int64(), 1008);
  p.ws->send(pbet_xml("placebets", kRoundTable, game, p.id, "aon-2",
                      {{"RED", "1.00"}, {"SPLIT_1_2", "1.00"}}));
  EXPECT_EQ(p.ws->wait_type("betack").at("accepted").as_array().size(), 2u);
  std::string next = next_open_round(*p.ws);
  p.ws->send("<lpbet tableId=\"rou-1\" gameMode=\"roulette_desktop\" gameId=\"" + next +
             "\" userId=\"" + p.id + "\" requestId=\"again-1\"/>");
  json::object again = p.ws->wait_type("betack");
  ASSERT_EQ(again.at("accepted").as_array().size(), 2u);
  EXPECT_EQ(units(again.at("roundTotal")), 2'00000);
  // Another game's mode at this table is refused, as over HTTP.
  p.ws->send("<pbet tableId=\"rou-1\" gameMode=\"baccarat_desktop\" gameId=\"" + next +
             "\" userId=\"" + p.id +
             "\" requestId=\"mode-1\"><bet code=\"RED\" amount=\"1.00\"/></pbet>");
  json::object wrong = p.ws->wait_type("error");
  EXPECT_EQ(wrong.at("code").as_int64(), 1005);
  EXPECT_EQ(wrong.at("requestId").as_string(), "mode-1");
}

TEST_F(Rounds, UndoAndClearTakeBetsBackAndAResyncRemembersTheAnswers) {
  Player p = join_as_guest(server->port(), kRoundTable);
  std::string game = next_open_round(*p.ws);
  const int64_t before = balance_of(p.http);
  p.ws->send(pbet_xml("pbet", kRoundTable, game, p.id, "c-1", {{"RED", "5.00"}}));
  p.ws->wait_type("betack");
  p.ws->send(pbet_xml("pbet", kRoundTable, game, p.id, "c-2", {{"STRAIGHT_3", "1.00"}}));
  p.ws->wait_type("betack");
  const std::string head = "<cancelbets tableId=\"rou-1\" gameMode=\"roulette_desktop\" gameId=\"" +
                           game + "\" userId=\"" + p.id + "\" ";
  p.ws->send(head + "requestId=\"u-1\" of=\"c-2\"/>");
  json::object undo = p.ws->wait_type("cancelack");
  ASSERT_EQ(undo.at("cancelled").as_array().size(), 1u) << json::serialize(undo);
  EXPECT_EQ(undo.at("cancelled").as_array()[0].at("spot").as_string(), "STRAIGHT_3");
  EXPECT_EQ(units(undo.at("balance")), before - 5'00000);
  EXPECT_EQ(units(undo.at("roundTotal")), 5'00000);

  // A new connection that resyncs learns which commands were answered.
  WsClient again(server->port(), p.session);
  again.wait_type("welcome");
  again.send("<subscribe channel=\"table-rou-1\"/>");
  json::object resync = again.wait_type("resync");
  std::vector<std::string> answered;
  for (const auto& a : resync.at("myAcks").as_array())
    answered.emplace_back(a.at("requestId").as_string());
  EXPECT_EQ(answered, (std::vector<std::string>{"c-1", "c-2", "u-1"}));
  EXPECT_EQ(units(resync.at("myTotal")), 5'00000);

  p.ws->send(head + "requestId=\"u-2\"/>");
  json::object clear = p.ws->wait_type("cancelack");
  EXPECT_EQ(clear.at("cancelled").as_array().size(), 1u);
  EXPECT_EQ(balance_of(p.http), before);
}

TEST_F(Rounds, APrivateTableSeatsPlayersAndItsChatReachesOnlyTheSeated) {
  const std::string prive = "prive-1";
  Player ann = join_as_guest(server->port(), prive);
  Player bob = join_as_guest(server->port(), prive);
  Player cid = join_as_guest(server->port(), prive);
  std::string game = next_open_round(*ann.ws);

  // Unseated, Ann may not bet.
  ann.ws->send(pbet_xml("pbet", prive, game, ann.id, "early", {{"RED", "25.00"}}));
  EXPECT_EQ(ann.ws->wait_type("betack").at("code").as_int64(), 1020);

  ann.ws->send(R"(<sit tableId="prive-1" requestId="s-a" seat="2"/>)");
  EXPECT_EQ(ann.ws->wait_type("seatack").at("seat").as_int64(), 2);
  bob.ws->send(R"(<sit tableId="prive-1" requestId="s-b" seat="2"/>)");
  EXPECT_EQ(bob.ws->wait_type("seatack").at("code").as_int64(), 1031);
  bob.ws->send(R"(<sit tableId="prive-1" requestId="s-b2"/>)");
  EXPECT_EQ(bob.ws->wait_type("seatack").at("seat").as_int64(), 1);

  // Seated, Ann bets.
  ann.ws->send(pbet_xml("pbet", prive, game, ann.id, "seated", {{"RED", "25.00"}}));
  json::object ack = ann.ws->wait_type("betack");
  EXPECT_EQ(ack.at("accepted").as_array().size(), 1u) << json::serialize(ack);

  // Cid, not seated, cannot chat, and does not read the seated players' chat.
  cid.ws->send(R"(<chat tableId="prive-1" requestId="m-c">hello?</chat>)");
  EXPECT_EQ(cid.ws->wait_type("error").at("code").as_int64(), 1020);
  ann.ws->send(R"(<chat tableId="prive-1" requestId="m-a">&lt;b&gt;good luck&lt;/b&gt;</chat>)");
  for (Player* seated : {&ann, &bob}) {
    json::object chat = seated->ws->wait_type("chat");
    EXPECT_EQ(chat.at("text").as_string(), "<b>good luck</b>");  // text, as typed
    EXPECT_EQ(chat.at("playerId").as_string(), ann.id);
  }
  json::object placeholder = cid.ws->wait_type("noop");
  EXPECT_FALSE(placeholder.contains("text"));

  // Ann's connection closes: her seat is free again.
  ann.ws.reset();
  json::object seats = bob.ws->wait_for([&](const json::object& o) {
    if (!is_type(o, "seats")) return false;
    for (const auto& seat : o.at("seats").as_array())
      if (seat.at("seat").as_int64() == 2) return !seat.as_object().contains("playerId");
    return false;
  });
  EXPECT_TRUE(seats.contains("seats"));
}

TEST_F(Rounds, InsufficientFundsIsRefusedWith10104) {
  Player p = join_as_guest(server->port(), "rou-4");  // VIP: minimum 25
  std::string game = next_open_round(*p.ws);
  // Within every table limit, but 12,000 is more than the 10,000 the guest has.
  p.ws->send(pbet_xml("placebets", "rou-4", game, p.id, "big-1",
                      {{"DOZEN_1", "6000.00"}, {"DOZEN_2", "6000.00"}}));
  json::object ack = p.ws->wait_type("betack");
  EXPECT_EQ(ack.at("code").as_int64(), 10104) << json::serialize(ack);
  EXPECT_EQ(balance_of(p.http), 10'000'00000);
}

TEST_F(Rounds, GracefulShutdownRefundsAnOpenRound) {
  Player p = join_as_guest(server->port(), kRoundTable);
  std::string game = next_open_round(*p.ws);
  p.ws->send(pbet_xml("pbet", kRoundTable, game, p.id, "g-1", {{"RED", "7.00"}}));
  EXPECT_EQ(p.ws->wait_type("betack").at("accepted").as_array().size(), 1u);
  EXPECT_EQ(server->stop(), 0);
  // The cancellation reached the player before the socket closed.
  json::object cancel = p.ws->wait_for(
      [](const json::object& o) { return is_type(o, "cancelround") || is_type(o, "gameresult"); });
  EXPECT_EQ(p.ws->wait_type("table_closed").at("reason").as_string(), "shutdown");
  while (p.ws->next(2s)) {
  }
  EXPECT_TRUE(p.ws->closed());
  server->start();
  HttpClient again(server->port());
  again.set_cookie("JSESSIONID", p.session);
  EXPECT_EQ(balance_of(again),
            is_type(cancel, "cancelround") ? 10'000'00000 : units(cancel.at("balance")));
}

}  // namespace
}  // namespace croupier::testing
