// Blackjack through the real croupierd over real sockets: two seated players and bets
// behind one of them that follow its double (or not, by their settings), the turn order
// and its codes (1021 another player's seat, 1017 turn over, 1018 decision time over,
// 1031 seat occupied), one-hand infinite blackjack with two players deciding differently on
// the same cards, autoplay, and the bet-behind and strategy calls. The cards are scripted
// (scriptedResults, with --rng-seed) so that every hand is known.
#include <gtest/gtest.h>

#include "support/harness.hpp"

namespace croupier::testing {
namespace {

std::vector<std::string> cards_of(const json::value& hand) {
  std::vector<std::string> out;
  for (const auto& c : hand.at("cards").as_array()) out.emplace_back(c.as_string());
  return out;
}

// Seated table: round 1 deals seat 1 9S 2C (11), seat 2 10H 7C (17), dealer 6D up and 10D
// in the hole; seat 1 doubles on KS (21); the dealer draws 8H and busts. Round 2 deals
// seat 1 10C 6H (16), seat 2 9D 9H (18), dealer 7S + QD (17).
// Onebj: the common hand is 9S 2C, the dealer 6D + 10D; the first extra card is 5H (for
// everyone who takes one); the dealer draws 8H. Later rounds come from the seeded shoe.
const char* kBlackjackCasino = R"({
  "operators": [{"id": "demo", "name": "Test Casino", "secret": "test-operator-secret-0123",
                 "demo": true, "funMoney": "1000.00", "currency": "EUR"}],
  "tables": [
    {"id": "bj-t", "name": "Blackjack", "game": "blackjack", "shoe": {"decks": 8, "cutFromEnd": 80},
     "timings": {"bettingMs": 2500, "closingSoonMs": 500, "betsClosedMs": 200, "resultMs": 1500,
                 "nextGameMs": 300, "decisionMs": 4000, "insuranceMs": 1500, "cardMs": 20},
     "scriptedResults": ["9S,10H,6D,2C,7C,10D,KS,8H", "10C,9D,7S,6H,9H,QD"],
     "limits": {"EUR": {"min": "5.00", "mainMax": "500.00", "sideMax": "100.00", "tableMax": "1000.00",
                        "chips": ["5.00", "25.00"]}}},
    {"id": "bj-s", "name": "Blackjack 2", "game": "blackjack",
     "timings": {"bettingMs": 2500, "closingSoonMs": 500, "betsClosedMs": 200, "resultMs": 1500,
                 "nextGameMs": 300, "decisionMs": 4000, "insuranceMs": 3000, "cardMs": 20},
     "scriptedResults": ["10S,AH,9D,KC", "8S,6H,8D,10C,3C,2H,KD,7S"],
     "limits": {"EUR": {"min": "5.00", "mainMax": "500.00", "sideMax": "100.00", "tableMax": "1000.00",
                        "chips": ["5.00", "25.00"]}}},
    {"id": "onebj-t", "name": "Infinite", "game": "onebj",
     "timings": {"bettingMs": 2500, "closingSoonMs": 500, "betsClosedMs": 200, "resultMs": 1500,
                 "nextGameMs": 300, "decisionMs": 4000, "insuranceMs": 1500, "cardMs": 20},
     "scriptedResults": ["9S,6D,2C,10D,5H,8H"],
     "limits": {"EUR": {"min": "1.00", "mainMax": "500.00", "sideMax": "100.00", "tableMax": "1000.00",
                        "chips": ["1.00", "5.00"]}}}
  ]})";

class Blackjack : public ::testing::Test {
 protected:
  void SetUp() override {
    server = start_with_casino("croupier-bj", kBlackjackCasino, {"--rng-seed", "7"});
  }
  // Every stake, double and return is in the ledger, and it still sums to zero.
  void TearDown() override { stop_and_check_ledger(*server); }

  static json::object seatack(Player& p, const std::string& xml) {
    p.ws->send(xml);
    return p.ws->wait_type("seatack");
  }
  static json::object decide(Player& p, const std::string& table, const std::string& game, int seat,
                             const std::string& decision, const std::string& rid) {
    std::string seat_attr = seat > 0 ? " seat=\"" + std::to_string(seat) + "\"" : "";
    p.ws->send("<decide tableId=\"" + table + "\" requestId=\"" + rid + "\" gameId=\"" + game +
               "\"" + seat_attr + " decision=\"" + decision + "\"/>");
    return p.ws->wait_for([&](const json::object& o) {
      return is_type(o, "decisionack") && o.at("requestId").as_string() == rid;
    });
  }
  // The next blackjack event in which seat `seat` has the turn.
  static json::object turn_of(Player& p, int seat) {
    return p.ws->wait_for(
        [&](const json::object& o) {
          return is_type(o, "blackjack") && o.at("turn").is_object() &&
                 o.at("turn").as_object().contains("seat") &&
                 o.at("turn").at("seat").as_int64() == seat;
        },
        20s);
  }

  std::unique_ptr<ServerProcess> server;
};

TEST_F(Blackjack, TwoSeatsAndBetsBehindFollowTheSeatsDecisions) {
  Player ann = join_as_guest(server->port(), "bj-t");
  Player bob = join_as_guest(server->port(), "bj-t");
  Player cat = join_as_guest(server->port(), "bj-t");  // behind Ann, doubles with her
  Player dan = join_as_guest(server->port(), "bj-t");  // behind Ann, never doubles
  // Nobody is seated: the table waits in state 902 (take a seat).
  const json::object& waiting = ann.ws->seen().back();  // the resync on subscribing
  ASSERT_TRUE(is_type(waiting, "resync"));
  EXPECT_EQ(waiting.at("state").as_int64(), 902);

  EXPECT_FALSE(seatack(ann, R"(<sit tableId="bj-t" requestId="s1" seat="1"/>)").contains("code"));
  EXPECT_FALSE(seatack(bob, R"(<sit tableId="bj-t" requestId="s2" seat="2"/>)").contains("code"));
  // A taken seat is refused with 1031.
  json::object taken = seatack(cat, R"(<sit tableId="bj-t" requestId="s3" seat="1"/>)");
  EXPECT_EQ(taken.at("code").as_int64(), 1031);

  // Dan saves his bet-behind settings: do not follow doubles. The GET form answers XML.
  auto saved = dan.http.post("/api/ui/betBehindSettings",
                             R"({"tableId":"bj-t","gameType":"blackjack","doubledown":false})");
  ASSERT_EQ(saved.status, 200) << saved.body;
  EXPECT_FALSE(saved.json().at("doubledown").as_bool());
  auto xml = dan.http.get("/api/ui/betBehindSettings?tableId=bj-t");
  EXPECT_NE(xml.header("content-type").find("xml"), std::string::npos);
  EXPECT_NE(xml.body.find("doubledown=\"false\""), std::string::npos) << xml.body;
  EXPECT_EQ(dan.http
                .post("/api/ui/betBehindSettings",
                      R"({"tableId":"bj-t","gameType":"blackjack","doubledown":"no"})")
                .status,
            400);

  const int64_t ann0 = balance_of(ann.http), bob0 = balance_of(bob.http);
  const int64_t cat0 = balance_of(cat.http), dan0 = balance_of(dan.http);
  // The calls above can outlast a round's betting (the first opened when Ann sat), and a
  // round without bets ends at once: the bets go to the next round that opens from now,
  // with its whole betting time ahead (scripted cards go to the first round dealt).
  while (ann.ws->next(20ms)) {
  }
  const std::string game(ann.ws->wait_type("betsopen", 20s).at("gameId").as_string());
  for (Player* p : {&bob, &cat, &dan}) {
    p->ws->wait_for(
        [&](const json::object& o) {
          return is_type(o, "betsopen") && o.at("gameId").as_string() == game;
        },
        20s);
  }
  ann.ws->send(pbet_xml("pbet", "bj-t", game, ann.id, "a1", {{"SEAT_1", "10.00"}}));
  bob.ws->send(pbet_xml("pbet", "bj-t", game, bob.id, "b1", {{"SEAT_2", "10.00"}}));
  cat.ws->send(pbet_xml("pbet", "bj-t", game, cat.id, "c1", {{"BB_1", "5.00"}}));
  dan.ws->send(pbet_xml("pbet", "bj-t", game, dan.id, "d1", {{"BB_1", "5.00"}}));
  for (Player* p : {&ann, &bob, &cat, &dan}) {
    json::object ack = p->ws->wait_type("betack");
    ASSERT_EQ(ack.at("accepted").as_array().size(), 1u) << json::serialize(ack);
  }
  // Only the seat's player bets on it; nobody bets behind an empty seat.
  cat.ws->send(
      pbet_xml("pbet", "bj-t", game, cat.id, "c2", {{"SEAT_2", "5.00"}, {"BB_5", "5.00"}}));
  json::object refused = cat.ws->wait_type("betack");
  ASSERT_EQ(refused.at("rejected").as_array().size(), 2u);
  EXPECT_EQ(refused.at("rejected").at(0).at("code").as_int64(), 1020);
  EXPECT_EQ(refused.at("rejected").at(1).at("code").as_int64(), 1020);

  // Seat 1 has the turn first, with 9S 2C against the dealer's 6D.
  json::object turn = turn_of(bob, 1);
  EXPECT_EQ(turn.at("state").as_int64(), 11);
  EXPECT_TRUE(turn.at("dealer").at("hidden").as_bool());
  EXPECT_EQ(turn.at("dealer").at("cards").as_array().size(), 1u);
  EXPECT_EQ(cards_of(turn.at("seats").at(0).at("hands").at(0)),
            (std::vector<std::string>{"9S", "2C"}));
  // Bob acting for Ann's seat, or for his own before its turn: 1021.
  EXPECT_EQ(decide(bob, "bj-t", game, 1, "hit", "b-x").at("code").as_int64(), 1021);
  EXPECT_EQ(decide(bob, "bj-t", game, 2, "stand", "b-y").at("code").as_int64(), 1021);

  json::object doubled = decide(ann, "bj-t", game, 1, "double", "a-d");
  ASSERT_FALSE(doubled.contains("code")) << json::serialize(doubled);
  EXPECT_EQ(units(doubled.at("balance")), ann0 - units(json::value("20.00")));
  // Her hand is over: another decision is 1017.
  EXPECT_EQ(decide(ann, "bj-t", game, 1, "hit", "a-h").at("code").as_int64(), 1017);

  turn_of(bob, 2);
  EXPECT_FALSE(decide(bob, "bj-t", game, 2, "stand", "b-s").contains("code"));

  json::object result = cat.ws->wait_type("gameresult", 20s);
  EXPECT_EQ(result.at("result").as_string(), "D BUST");
  const json::object& bj = result.at("blackjack").as_object();
  EXPECT_EQ(cards_of(bj.at("dealer")), (std::vector<std::string>{"6D", "10D", "8H"}));
  const json::value& ann_hand = bj.at("seats").at(0).at("hands").at(0);
  EXPECT_EQ(cards_of(ann_hand), (std::vector<std::string>{"9S", "2C", "KS"}));
  EXPECT_TRUE(ann_hand.at("doubled").as_bool());
  EXPECT_EQ(ann_hand.at("outcome").as_string(), "win");
  EXPECT_EQ(bj.at("seats").at(0).at("behind").at("players").as_int64(), 2);
  // Cat followed the double: the same cards, doubled.
  const json::value& cat_hand = result.at("behind").at(0).at("hands").at(0);
  EXPECT_EQ(cards_of(cat_hand), cards_of(ann_hand));
  EXPECT_TRUE(cat_hand.at("doubled").as_bool());
  json::object dan_result = dan.ws->wait_type("gameresult", 5s);
  const json::value& dan_hand = dan_result.at("behind").at(0).at("hands").at(0);
  EXPECT_EQ(cards_of(dan_hand), cards_of(ann_hand));
  EXPECT_FALSE(dan_hand.at("doubled").as_bool());

  // Money: Ann and Cat win their doubled stakes, Bob and Dan their stakes.
  EXPECT_EQ(balance_of(ann.http), ann0 + units(json::value("20.00")));
  EXPECT_EQ(balance_of(bob.http), bob0 + units(json::value("10.00")));
  EXPECT_EQ(balance_of(cat.http), cat0 + units(json::value("10.00")));
  EXPECT_EQ(balance_of(dan.http), dan0 + units(json::value("5.00")));
  // Cat's history shows the round with the dealer's cards and every seat's hands.
  json::value cat_history = cat.http.get("/api/ui/history").json();
  const json::value& round1 = cat_history.at("rounds").at(0);
  EXPECT_EQ(round1.at("result").as_string(), "D BUST");
  EXPECT_EQ(round1.at("bets").at(0).at("seat").as_int64(), 1);  // behind Ann's seat
  const json::value& recorded = round1.at("detail").at("hands");
  EXPECT_EQ(recorded.at(0).at("seat").as_int64(), 1);
  EXPECT_EQ(json::serialize(recorded.at(0).at("hands").at(0)),
            R"({"cards":["9S","2C","KS"],"outcome":"win"})");
  EXPECT_EQ(recorded.at(1).at("seat").as_int64(), 2);
  EXPECT_EQ(round1.at("detail").at("cards").as_array().size(), 3u);  // the dealer's

  // Round 2: Ann lets her time run out. Her hand stands; deciding then is 1018.
  std::string game2(ann.ws->wait_type("betsopen", 20s).at("gameId").as_string());
  bob.ws->wait_type("betsopen", 20s);
  ann.ws->send(pbet_xml("pbet", "bj-t", game2, ann.id, "a2", {{"SEAT_1", "10.00"}}));
  bob.ws->send(pbet_xml("pbet", "bj-t", game2, bob.id, "b2", {{"SEAT_2", "10.00"}}));
  ASSERT_EQ(ann.ws->wait_type("betack").at("accepted").as_array().size(), 1u);
  ASSERT_EQ(bob.ws->wait_type("betack").at("accepted").as_array().size(), 1u);
  turn_of(ann, 1);
  turn_of(ann, 2);  // the timer passed the turn on
  EXPECT_EQ(decide(ann, "bj-t", game2, 1, "hit", "a-late").at("code").as_int64(), 1018);
  // Seat 2 is Bob's.
  EXPECT_EQ(decide(ann, "bj-t", game2, 2, "stand", "a-not").at("code").as_int64(), 1021);
  EXPECT_FALSE(decide(bob, "bj-t", game2, 2, "stand", "b-s2").contains("code"));
  json::object result2 = ann.ws->wait_type("gameresult", 20s);
  const json::value& stood = result2.at("blackjack").at("seats").at(0).at("hands").at(0);
  EXPECT_EQ(cards_of(stood), (std::vector<std::string>{"10C", "6H"}));
  EXPECT_EQ(stood.at("outcome").as_string(), "lose");
  EXPECT_EQ(result2.at("result").as_string(), "D 17");
}

TEST_F(Blackjack, OneHandPlayersDecideDifferentlyOnTheSameCards) {
  Player xia = join_as_guest(server->port(), "onebj-t");
  Player yan = join_as_guest(server->port(), "onebj-t");
  const int64_t x0 = balance_of(xia.http), y0 = balance_of(yan.http);
  std::string game(xia.ws->wait_type("betsopen", 20s).at("gameId").as_string());
  yan.ws->wait_type("betsopen", 20s);
  xia.ws->send(pbet_xml("pbet", "onebj-t", game, xia.id, "x1", {{"MAIN", "5.00"}}));
  yan.ws->send(pbet_xml("pbet", "onebj-t", game, yan.id, "y1", {{"MAIN", "5.00"}}));
  ASSERT_EQ(xia.ws->wait_type("betack").at("accepted").as_array().size(), 1u);
  ASSERT_EQ(yan.ws->wait_type("betack").at("accepted").as_array().size(), 1u);

  auto step = [](Player& p, int n) {
    return p.ws->wait_for(
        [&](const json::object& o) {
          return is_type(o, "blackjack") && o.at("turn").is_object() &&
                 o.at("turn").at("step").as_int64() == n;
        },
        20s);
  };
  json::object first = step(yan, 1);
  EXPECT_EQ(cards_of(json::object{{"cards", first.at("shared")}}),
            (std::vector<std::string>{"9S", "2C"}));
  EXPECT_EQ(first.at("players").as_int64(), 2);
  EXPECT_EQ(cards_of(first.at("you").at("hands").at(0)), (std::vector<std::string>{"9S", "2C"}));

  ASSERT_FALSE(decide(yan, "onebj-t", game, 0, "double", "y-d").contains("code"));
  // One decision a step.
  EXPECT_EQ(decide(yan, "onebj-t", game, 0, "hit", "y-h").at("code").as_int64(), 1019);
  ASSERT_FALSE(decide(xia, "onebj-t", game, 0, "hit", "x-h").contains("code"));

  // Both took the same next card, 5H; Xia plays on and stands.
  json::object second = step(xia, 2);
  EXPECT_EQ(cards_of(second.at("you").at("hands").at(0)),
            (std::vector<std::string>{"9S", "2C", "5H"}));
  EXPECT_FALSE(second.at("you").at("hands").at(0).at("doubled").as_bool());
  ASSERT_FALSE(decide(xia, "onebj-t", game, 0, "stand", "x-s").contains("code"));

  json::object xr = xia.ws->wait_type("gameresult", 20s);
  json::object yr = yan.ws->wait_type("gameresult", 20s);
  EXPECT_EQ(xr.at("result").as_string(), "D BUST");
  const json::value& yh = yr.at("you").at("hands").at(0);
  EXPECT_EQ(cards_of(yh), (std::vector<std::string>{"9S", "2C", "5H"}));
  EXPECT_TRUE(yh.at("doubled").as_bool());
  EXPECT_EQ(yh.at("outcome").as_string(), "win");
  EXPECT_EQ(balance_of(xia.http), x0 + units(json::value("5.00")));
  EXPECT_EQ(balance_of(yan.http), y0 + units(json::value("10.00")));

  // Autoplay: one round played for Yan with his last bet and his strategy.
  yan.ws->send(R"(<autoplay tableId="onebj-t" requestId="ap" rounds="1"/>)");
  json::object ap = yan.ws->wait_type("autoplayack");
  EXPECT_EQ(ap.at("state").as_string(), "started");
  json::object auto_result = yan.ws->wait_for(
      [](const json::object& o) { return is_type(o, "gameresult") && o.contains("stake"); }, 30s);
  EXPECT_EQ(units(auto_result.at("stake")) >= units(json::value("5.00")), true);
  EXPECT_EQ(auto_result.at("autoplay").at("state").as_string(), "completed");
  // Nobody else can start autoplay without a bet to repeat.
  Player zed = join_as_guest(server->port(), "onebj-t");
  zed.ws->send(R"(<autoplay tableId="onebj-t" requestId="z" rounds="3"/>)");
  EXPECT_EQ(zed.ws->wait_type("autoplayack").at("code").as_int64(), 1008);
}

TEST_F(Blackjack, TheStrategyIsSavedAndChecked) {
  HttpClient http(server->port());
  http.become_guest();
  json::value s = http.get("/api/bjstrategy/user").json();
  EXPECT_EQ(s.at("stand").as_int64(), 12);
  EXPECT_EQ(s.at("hit").as_int64(), 15);
  EXPECT_EQ(s.at("splitMax").as_int64(), 16);
  EXPECT_EQ(s.at("insurance").as_int64(), 2);
  std::map<std::string, std::string> h{{"Content-Type", "application/json"},
                                       {"X-XSRF-TOKEN", http.cookie("XSRF-TOKEN")}};
  auto put =
      http.request("PUT", "/api/bjstrategy/user", R"({"strategy":{"stand":13,"insurance":0}})", h);
  ASSERT_EQ(put.status, 200) << put.body;
  EXPECT_EQ(http.get("/api/bjstrategy/player").json().at("stand").as_int64(), 13);
  EXPECT_EQ(http.get("/api/bjstrategy/user").json().at("insurance").as_int64(), 0);
  EXPECT_EQ(http.request("PUT", "/api/bjstrategy/user", R"({"split":17,"splitMax":16})", h).status,
            400);
  EXPECT_EQ(http.request("PUT", "/api/bjstrategy/user", R"({"insurance":3})", h).status, 400);
  // Without the anti-forgery header a PUT is refused.
  EXPECT_EQ(http.request("PUT", "/api/bjstrategy/user", R"({"stand":14})",
                         {{"Content-Type", "application/json"}})
                .status,
            403);
  EXPECT_EQ(http.get("/api/bjstrategy/user").json().at("stand").as_int64(), 13);
}

// Insurance against a dealer blackjack, then a split whose first hand doubles.
// Round 1: Ann 10S 9D, dealer AH up and KC in the hole. Round 2: Ann 8S 8D against 6H
// (10C in the hole); the split deals 3C to the first hand and 2H to the second; the first
// doubles on KD; the dealer draws 7S and busts.
TEST_F(Blackjack, InsurancePaysOnADealerBlackjackAndSplitHandsSettleOnTheirOwn) {
  Player ann = join_as_guest(server->port(), "bj-s");
  ASSERT_FALSE(seatack(ann, R"(<sit tableId="bj-s" requestId="s1" seat="4"/>)").contains("code"));
  const int64_t start = balance_of(ann.http);
  std::string game(ann.ws->wait_type("betsopen", 20s).at("gameId").as_string());
  ann.ws->send(pbet_xml("pbet", "bj-s", game, ann.id, "a1", {{"SEAT_4", "10.00"}}));
  ASSERT_EQ(ann.ws->wait_type("betack").at("accepted").as_array().size(), 1u);
  json::object offer = ann.ws->wait_for(
      [](const json::object& o) {
        return is_type(o, "blackjack") && o.at("insurance").is_object();
      },
      20s);
  EXPECT_EQ(offer.at("state").as_int64(), 12);
  // Nothing but the insurance answer is taken now.
  EXPECT_EQ(decide(ann, "bj-s", game, 4, "hit", "a-h").at("code").as_int64(), 1022);
  json::object bought = decide(ann, "bj-s", game, 4, "insurance", "a-i");
  ASSERT_FALSE(bought.contains("code")) << json::serialize(bought);
  EXPECT_EQ(units(bought.at("balance")), start - units(json::value("15.00")));
  // She was the last to answer: the dealer has peeked (a blackjack), the decisions are over.
  EXPECT_EQ(decide(ann, "bj-s", game, 4, "insurance", "a-i2").at("code").as_int64(), 1017);
  json::object r1 = ann.ws->wait_type("gameresult", 20s);
  EXPECT_EQ(r1.at("result").as_string(), "D BJ");
  EXPECT_EQ(r1.at("blackjack").at("seats").at(0).at("hands").at(0).at("outcome").as_string(),
            "lose");
  // The hand loses 10.00, insurance returns 15.00 for 5.00: even.
  EXPECT_EQ(balance_of(ann.http), start);

  std::string game2(ann.ws->wait_type("betsopen", 20s).at("gameId").as_string());
  ann.ws->send(pbet_xml("pbet", "bj-s", game2, ann.id, "a2", {{"SEAT_4", "10.00"}}));
  ASSERT_EQ(ann.ws->wait_type("betack").at("accepted").as_array().size(), 1u);
  turn_of(ann, 4);
  ASSERT_FALSE(decide(ann, "bj-s", game2, 4, "split", "a-s").contains("code"));
  EXPECT_EQ(decide(ann, "bj-s", game2, 4, "split", "a-s2").at("code").as_int64(), 1023);
  ASSERT_FALSE(decide(ann, "bj-s", game2, 4, "double", "a-d").contains("code"));
  ASSERT_FALSE(decide(ann, "bj-s", game2, 4, "stand", "a-st").contains("code"));
  json::object r2 = ann.ws->wait_type("gameresult", 20s);
  const json::array& hands = r2.at("blackjack").at("seats").at(0).at("hands").as_array();
  ASSERT_EQ(hands.size(), 2u);
  EXPECT_EQ(cards_of(hands[0]), (std::vector<std::string>{"8S", "3C", "KD"}));
  EXPECT_TRUE(hands[0].at("doubled").as_bool());
  EXPECT_EQ(cards_of(hands[1]), (std::vector<std::string>{"8D", "2H"}));
  EXPECT_EQ(hands[1].at("outcome").as_string(), "win");
  EXPECT_EQ(r2.at("result").as_string(), "D BUST");
  // Staked 10 + 10 (split) + 10 (double), returned 40 + 20.
  EXPECT_EQ(units(r2.at("stake")), units(json::value("30.00")));
  EXPECT_EQ(units(r2.at("win")), units(json::value("60.00")));
  EXPECT_EQ(balance_of(ann.http), start + units(json::value("30.00")));
}

}  // namespace
}  // namespace croupier::testing
