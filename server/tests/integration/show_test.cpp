// The game shows through the real croupierd over real sockets, on scripted outcomes: a Candy
// Drop where one player picks a candy, one changes nothing (the middle candy) and one who did
// not bet on it may not pick; and a boom or bust bonus where both players in it cash out at
// different rolls, which ends the show. Every pick is answered (chooseack) with the refusals
// of SPEC section 8 (1018, 1021, 1022); a player who joins mid-show sees it in the resync;
// the ledger balances (TearDown).
#include <gtest/gtest.h>

#include "support/harness.hpp"

namespace croupier::testing {
namespace {

const char* kShowCasino = R"({
  "operators": [{"id": "demo", "name": "Test Casino", "secret": "test-operator-secret-0123",
                 "demo": true, "funMoney": "10000.00", "currency": "EUR"}],
  "tables": [
    {"id": "sbz-t", "name": "Candy Land", "game": "sweetbonanza",
     "scriptedResults": ["CANDY_DROP|2|8,25,3", "5|7"],
     "timings": {"revealMs": 400, "chooseMs": 4000},
     "limits": {"EUR": {"min": "1.00", "mainMax": "500.00", "sideMax": "500.00", "tableMax": "1000.00",
                        "chips": ["1.00", "5.00"]}}},
    {"id": "bob-t", "name": "Boom or Bust", "game": "boomorbust",
     "scriptedResults": ["4,4|16,25,34,33", "3,5"],
     "timings": {"revealMs": 400, "chooseMs": 4000},
     "limits": {"EUR": {"min": "1.00", "mainMax": "500.00", "sideMax": "500.00", "tableMax": "1000.00",
                        "chips": ["1.00", "5.00"]}}}
  ]})";

class Shows : public ::testing::Test {
 protected:
  void SetUp() override {
    // The command line's timings are every table's: betting long enough for three players
    // to join the first (scripted) round.
    server = start_with_casino(
        "croupier-shows", kShowCasino,
        {"--rng-seed", "5", "--betting-ms", "6000", "--spin-ms", "600", "--result-ms", "1000"});
  }
  void TearDown() override { stop_and_check_ledger(*server); }
  std::unique_ptr<ServerProcess> server;
};

std::string open_round(Player& p) {
  const json::object& last = p.ws->seen().back();
  if (last.at("type").as_string() == "resync" && last.at("betsOpen").as_bool())
    return std::string(last.at("gameId").as_string());
  return std::string(p.ws->wait_type("betsopen", 20s).at("gameId").as_string());
}

void bet(Player& p, const std::string& table, const std::string& game, const std::string& spot,
         const std::string& amount) {
  p.ws->send(pbet_xml("pbet", table, game, p.id, "b-" + spot, {{spot, amount}}));
  json::object ack = p.ws->wait_type("betack");
  ASSERT_EQ(ack.at("accepted").as_array().size(), 1u) << json::serialize(ack);
}

json::object choose(Player& p, const std::string& table, const std::string& game, int64_t step,
                    const std::string& choice, const std::string& request_id) {
  p.ws->send("<choose tableId=\"" + table + "\" requestId=\"" + request_id + "\" gameId=\"" + game +
             "\" step=\"" + std::to_string(step) + "\" choice=\"" + choice + "\"/>");
  return p.ws->wait_for(
      [&](const json::object& o) {
        return o.at("type").as_string() == "chooseack" &&
               o.at("requestId").as_string() == request_id;
      },
      10s);
}

int64_t error_of(const json::object& ack) {
  return ack.contains("code") ? ack.at("code").as_int64() : 0;
}

json::object step_of(Player& p, const std::string& kind, const std::string& what) {
  return p.ws->wait_for(
      [&](const json::object& o) {
        return o.at("type").as_string() == "showstep" && o.at("kind").as_string() == kind &&
               o.at("what").as_string() == what;
      },
      20s);
}

TEST_F(Shows, CandyDropPaysEachPlayerTheCandyTheyPicked) {
  Player picker = join_as_guest(server->port(), "sbz-t");
  Player idle = join_as_guest(server->port(), "sbz-t");
  Player other = join_as_guest(server->port(), "sbz-t");
  const std::string game = open_round(picker);
  ASSERT_EQ(open_round(idle), game);
  ASSERT_EQ(open_round(other), game);
  bet(picker, "sbz-t", game, "CANDY_DROP", "1.00");
  bet(idle, "sbz-t", game, "CANDY_DROP", "2.00");
  bet(other, "sbz-t", game, "1", "1.00");

  json::object landed = step_of(picker, "reveal", "landed");
  EXPECT_EQ(json::serialize(landed.at("values")), "[2]");
  json::object pick = step_of(picker, "choose", "candy");
  EXPECT_EQ(json::serialize(pick.at("options")), R"(["1","2","3"])");
  EXPECT_EQ(pick.at("playersIn").as_int64(), 2);
  const int64_t step = pick.at("index").as_int64();

  EXPECT_EQ(error_of(choose(picker, "sbz-t", game, step, "7", "c0")), 1022);
  EXPECT_EQ(error_of(choose(other, "sbz-t", game, step, "1", "c1")), 1021);
  json::object ack = choose(picker, "sbz-t", game, step, "3", "c2");
  EXPECT_EQ(error_of(ack), 0) << json::serialize(ack);
  ack = choose(picker, "sbz-t", game, step, "1", "c3");  // a change of mind: the last counts
  EXPECT_EQ(error_of(ack), 0) << json::serialize(ack);
  EXPECT_EQ(ack.at("choice").as_string(), "1");

  // Somebody who joins now sees the open pick in the resync, and is not in the bonus.
  Player late = join_as_guest(server->port(), "sbz-t");
  json::object resync;
  for (const auto& m : late.ws->seen())
    if (m.at("type").as_string() == "resync") resync = m;
  ASSERT_TRUE(resync.contains("show")) << json::serialize(resync);
  const json::object& show = resync.at("show").as_object();
  EXPECT_EQ(show.at("bonus").as_string(), "candydrop");
  EXPECT_EQ(show.at("current").at("what").as_string(), "candy");
  EXPECT_FALSE(show.at("in").as_bool());

  json::object candies = step_of(picker, "reveal", "candies");
  EXPECT_EQ(json::serialize(candies.at("values")), "[8,25,3]");
  EXPECT_EQ(error_of(choose(picker, "sbz-t", game, step, "2", "c4")), 1018);  // too late

  json::object won = picker.ws->wait_type("gameresult", 20s);
  EXPECT_EQ(won.at("result").as_string(), "CANDY_DROP");
  EXPECT_EQ(units(won.at("win")), 9 * 100000);  // candy 1: 8:1
  json::object kept = idle.ws->wait_type("gameresult", 20s);
  EXPECT_EQ(units(kept.at("win")), 2 * 26 * 100000);  // the middle candy: 25:1
  json::object lost = other.ws->wait_type("gameresult", 20s);
  EXPECT_EQ(units(lost.at("win")), 0);
}

TEST_F(Shows, BoomOrBustEndsWhenEveryPlayerInItCashedOut) {
  Player early = join_as_guest(server->port(), "bob-t");
  Player later = join_as_guest(server->port(), "bob-t");
  Player number = join_as_guest(server->port(), "bob-t");
  const std::string game = open_round(early);
  ASSERT_EQ(open_round(later), game);
  ASSERT_EQ(open_round(number), game);
  const int64_t before = units(early.http.get("/api/ui/balance").json().at("balance"));
  bet(early, "bob-t", game, "BOOM", "1.00");
  bet(later, "bob-t", game, "BOOM", "2.00");
  bet(number, "bob-t", game, "4", "1.00");

  EXPECT_EQ(json::serialize(step_of(early, "reveal", "landed").at("values")), "[4,4]");
  json::object roll = step_of(early, "reveal", "roll");
  EXPECT_EQ(json::serialize(roll.at("values")), "[1,6,7,7]");
  json::object keep = step_of(early, "choose", "keep");
  EXPECT_EQ(json::serialize(keep.at("options")), R"(["keep","cash"])");
  EXPECT_EQ(error_of(choose(early, "bob-t", game, keep.at("index").as_int64(), "cash", "k1")), 0);
  // The next choice is not open yet.
  EXPECT_EQ(error_of(choose(later, "bob-t", game, keep.at("index").as_int64() + 2, "cash", "k2")),
            1021);

  // Roll 2: 2-5 adds 3 (10); the later player, in by default, cashes out there.
  // (The later player's refused choice above already read past roll 1 on its socket.)
  roll = step_of(later, "reveal", "roll");
  EXPECT_EQ(json::serialize(roll.at("values")), "[2,5,3,10]");
  keep = step_of(later, "choose", "keep");
  EXPECT_EQ(keep.at("playersIn").as_int64(), 1);
  EXPECT_EQ(error_of(choose(early, "bob-t", game, keep.at("index").as_int64(), "keep", "k3")),
            1021);  // cashed out: no longer in
  EXPECT_EQ(error_of(choose(later, "bob-t", game, keep.at("index").as_int64(), "cash", "k4")), 0);

  // Nobody is left: no third roll, and the bust after it is never shown.
  json::object result = early.ws->wait_type("gameresult", 20s);
  for (const auto& m : early.ws->seen()) {
    if (m.at("type").as_string() == "showstep" && m.at("what").as_string() == "roll") {
      EXPECT_NE(json::serialize(m.at("values")), "[3,4,1,11]");
    }
  }
  EXPECT_EQ(result.at("result").as_string(), "4,4");
  EXPECT_EQ(units(result.at("win")), 7 * 100000);
  EXPECT_EQ(units(result.at("balance")), before - 100000 + 7 * 100000);
  EXPECT_EQ(units(later.ws->wait_type("gameresult", 20s).at("win")), 2 * 10 * 100000);
  EXPECT_EQ(units(number.ws->wait_type("gameresult", 20s).at("win")), 4 * 100000);
}

}  // namespace
}  // namespace croupier::testing
