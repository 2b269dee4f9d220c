// Card tables through the real croupierd over real sockets: shoe changes with their
// events and fresh roads, the squeeze right of the highest stake, baccarat's commission,
// and the andar bahar card statistics.
#include <gtest/gtest.h>

#include <optional>

#include "support/harness.hpp"

namespace croupier::testing {
namespace {

// A small casino: a baccarat table whose one-deck shoe changes every few hands, a squeeze
// table, and an andar bahar table.
const char* kCardsCasino = R"({
  "operators": [{"id": "demo", "name": "Test Casino", "secret": "test-operator-secret-0123",
                 "demo": true, "funMoney": "10000.00", "currency": "EUR"}],
  "tables": [
    {"id": "bac-t", "name": "Short Shoe", "game": "baccarat", "shoe": {"decks": 1, "cutFromEnd": 26},
     "limits": {"EUR": {"min": "1.00", "mainMax": "500.00", "sideMax": "50.00", "tableMax": "1000.00",
                        "chips": ["1.00", "5.00"]}}},
    {"id": "bac-sq", "name": "Squeeze", "game": "baccarat", "squeeze": true,
     "limits": {"EUR": {"min": "1.00", "mainMax": "500.00", "sideMax": "50.00", "tableMax": "1000.00",
                        "chips": ["1.00", "5.00"]}}},
    {"id": "ab-t", "name": "Andar Bahar", "game": "andarbahar",
     "limits": {"EUR": {"min": "1.00", "mainMax": "500.00", "sideMax": "50.00", "tableMax": "1000.00",
                        "chips": ["1.00", "5.00"]}}}
  ]})";

class Cards : public ::testing::Test {
 protected:
  void SetUp() override {
    server = start_with_casino("croupier-cards", kCardsCasino, {"--spin-ms", "1500"});
  }
  void TearDown() override { stop_and_check_ledger(*server); }
  std::unique_ptr<ServerProcess> server;
};

size_t beads(const json::object& roads) {
  return roads.at("beadPlate").as_array().size();
}

TEST_F(Cards, AShoeChangeIsAnnouncedAndTheNextShoesRoadsStartEmpty) {
  Player p = join_as_guest(server->port(), "bac-t");
  // The first shoe's results grow the roads by one bead a hand.
  json::object shuffled = p.ws->wait_type("endshuffling", 60s);
  const int64_t shoe = shuffled.at("shoe").as_int64();
  size_t last = 0;
  for (int hand = 0; hand < 3; ++hand) {
    json::object result = p.ws->wait_for(
        [](const json::object& o) {
          return is_type(o, "gameresult") || is_type(o, "startshuffling");
        },
        20s);
    if (is_type(result, "startshuffling")) break;
    ASSERT_TRUE(result.contains("roads")) << json::serialize(result);
    EXPECT_EQ(beads(result.at("roads").as_object()), last + 1);
    last = beads(result.at("roads").as_object());
    // Cards came one at a time before the result, the last of them with the result's cards.
    EXPECT_GE(result.at("cards").as_array().size(), 4u);
  }
  // Within a few hands the one-deck shoe passes its cut card: a new shoe, empty roads.
  json::object start = p.ws->wait_type("startshuffling", 60s);
  EXPECT_EQ(start.at("shoe").as_int64(), shoe + 1);
  json::object end = p.ws->wait_type("endshuffling", 5s);
  EXPECT_EQ(end.at("shoe").as_int64(), shoe + 1);
  EXPECT_EQ(beads(end.at("roads").as_object()), 0u);
  EXPECT_EQ(end.at("roads").at("bigRoad").at("cells").as_array().size(), 0u);
  json::object next = p.ws->wait_type("gameresult", 20s);
  EXPECT_EQ(beads(next.at("roads").as_object()), 1u);
}

TEST_F(Cards, OnlyTheHighestStakeSqueezesAndEveryoneSeesTheReveal) {
  Player high = join_as_guest(server->port(), "bac-sq");
  Player low = join_as_guest(server->port(), "bac-sq");
  std::string game(high.ws->wait_type("betsopen", 20s).at("gameId").as_string());
  low.ws->wait_type("betsopen", 20s);
  high.ws->send(pbet_xml("pbet", "bac-sq", game, high.id, "h", {{"PLAYER", "50.00"}}));
  low.ws->send(pbet_xml("pbet", "bac-sq", game, low.id, "l", {{"BANKER", "10.00"}}));
  ASSERT_EQ(high.ws->wait_type("betack").at("accepted").as_array().size(), 1u);
  ASSERT_EQ(low.ws->wait_type("betack").at("accepted").as_array().size(), 1u);

  json::object mine = high.ws->wait_type("squeezer", 20s);
  EXPECT_TRUE(mine.contains("youSqueeze"));
  EXPECT_EQ(mine.at("hand").as_string(), "player");
  json::object theirs = low.ws->wait_type("squeezer", 20s);
  EXPECT_FALSE(theirs.contains("youSqueeze"));

  // The player's first card is dealt face down.
  json::object down = high.ws->wait_for(
      [](const json::object& o) { return is_type(o, "card") && o.contains("faceDown"); });
  EXPECT_FALSE(down.contains("card"));
  const int64_t index = down.at("index").as_int64();

  low.ws->send("<squeeze tableId=\"bac-sq\" requestId=\"q-low\" index=\"" + std::to_string(index) +
               "\" progress=\"1\"/>");
  EXPECT_EQ(low.ws->wait_type("error").at("code").as_int64(), 1021);

  high.ws->send("<squeeze tableId=\"bac-sq\" requestId=\"q-1\" index=\"" + std::to_string(index) +
                "\" progress=\"0.4\"/>");
  json::object seen = low.ws->wait_type("squeeze");
  EXPECT_EQ(seen.at("index").as_int64(), index);
  EXPECT_DOUBLE_EQ(seen.at("progress").to_number<double>(), 0.4);
  high.ws->send("<squeeze tableId=\"bac-sq\" requestId=\"q-2\" index=\"" + std::to_string(index) +
                "\" progress=\"1\"/>");
  json::object revealed = low.ws->wait_for([&](const json::object& o) {
    return is_type(o, "card") && o.contains("reveal") && o.at("index").as_int64() == index;
  });
  EXPECT_FALSE(revealed.at("card").as_string().empty());
  json::object result = low.ws->wait_type("gameresult", 30s);
  // While the dealer waited for the squeeze, the round was in state 13 (card wait).
  bool card_wait = false;
  for (const auto& m : low.ws->seen())
    card_wait |= is_type(m, "gamestate") && m.at("state").as_int64() == 13;
  EXPECT_TRUE(card_wait);
  EXPECT_EQ(result.at("cards").as_array()[index].at("card"), revealed.at("card"));
}

// A squeezer who turns each card over as it comes holds the round up for nothing: no
// card wait, and the result comes on the deal's clock, well within one squeeze time.
TEST_F(Cards, ASqueezerWhoRevealsAtOnceGetsTheResultOnTheDealsClock) {
  Player p = join_as_guest(server->port(), "bac-sq");
  std::string game(p.ws->wait_type("betsopen", 20s).at("gameId").as_string());
  p.ws->send(pbet_xml("pbet", "bac-sq", game, p.id, "s", {{"PLAYER", "50.00"}}));
  ASSERT_EQ(p.ws->wait_type("betack").at("accepted").as_array().size(), 1u);
  const int64_t squeeze_ms = p.ws->wait_type("squeezer", 20s).at("squeezeMs").as_int64();
  std::optional<std::chrono::steady_clock::time_point> first;
  int revealed = 0;
  json::object result;
  bool card_wait = false;
  const auto deadline = std::chrono::steady_clock::now() + 40s;
  while (result.empty() && std::chrono::steady_clock::now() < deadline) {
    auto m = p.ws->next(1s);
    if (!m) continue;
    if (is_type(*m, "gamestate") && m->at("state").as_int64() == 13) card_wait = true;
    if (is_type(*m, "card") && m->contains("faceDown")) {
      if (!first) first = std::chrono::steady_clock::now();
      p.ws->send("<squeeze tableId=\"bac-sq\" requestId=\"q-" + std::to_string(revealed++) +
                 "\" index=\"" + std::to_string(m->at("index").as_int64()) + "\" progress=\"1\"/>");
    }
    if (is_type(*m, "gameresult")) result = *m;
  }
  ASSERT_FALSE(result.empty());
  ASSERT_TRUE(first.has_value());
  EXPECT_EQ(revealed, 2);
  EXPECT_FALSE(card_wait);
  const auto took = std::chrono::duration_cast<std::chrono::milliseconds>(
      std::chrono::steady_clock::now() - *first);
  EXPECT_LT(took.count(), squeeze_ms) << "the round waited for a squeeze that was over";
}

TEST_F(Cards, ABankerWinPaysLessTheCommissionAndATiePushes) {
  Player p = join_as_guest(server->port(), "bac-t");
  bool saw_banker = false, saw_tie = false, saw_player = false;
  for (int round = 0; round < 60 && !(saw_banker && saw_player); ++round) {
    std::string game(p.ws->wait_type("betsopen", 20s).at("gameId").as_string());
    const int64_t before = balance_of(p.http);
    p.ws->send(
        pbet_xml("pbet", "bac-t", game, p.id, "b" + std::to_string(round), {{"BANKER", "20.00"}}));
    ASSERT_EQ(p.ws->wait_type("betack").at("accepted").as_array().size(), 1u);
    json::object result = p.ws->wait_for(
        [&](const json::object& o) {
          return is_type(o, "gameresult") && o.at("gameId").as_string() == game;
        },
        30s);
    const char winner = result.at("result").as_string()[0];
    int64_t expected = before - 20'00000;
    if (winner == 'B') expected += 39'00000;  // 20 back and 19 won: 5 % commission
    if (winner == 'T') expected += 20'00000;  // a tie pushes the banker bet
    EXPECT_EQ(units(result.at("balance")), expected) << json::serialize(result);
    EXPECT_EQ(balance_of(p.http), expected);
    saw_banker |= winner == 'B';
    saw_tie |= winner == 'T';
    saw_player |= winner == 'P';
  }
  EXPECT_TRUE(saw_banker);
  EXPECT_TRUE(saw_player);
}

TEST_F(Cards, AndarBaharStatisticsCountTheServersGames) {
  Player p = join_as_guest(server->port(), "ab-t");
  for (int i = 0; i < 3; ++i) {
    // Every result carries its cards, the joker first, as docs/protocol.md says.
    json::object result = p.ws->wait_type("gameresult", 30s);
    ASSERT_TRUE(result.contains("cards")) << json::serialize(result);
    const auto& cards = result.at("cards").as_array();
    ASSERT_GE(cards.size(), 2u);
    EXPECT_EQ(cards[0].at("hand").as_string(), "joker");
    const std::string last(cards.back().at("hand").as_string());
    EXPECT_EQ(last == "andar" ? "A" : "B", std::string(result.at("result").as_string()));
  }
  json::object history =
      p.http.get("/api/ui/statisticHistory?tableId=ab-t&numberOfGames=100").json().as_object();
  json::object stats =
      p.http.get("/api/ui/ABCardStats?tableId=ab-t&numberOfGames=100").json().as_object();
  const auto& results = history.at("results").as_array();
  ASSERT_GE(results.size(), 3u);
  EXPECT_EQ(stats.at("numberOfGames").as_int64(), static_cast<int64_t>(results.size()));
  int64_t andar = 0;
  for (const auto& r : results) andar += r.at("result").as_string() == "A";
  EXPECT_EQ(stats.at("andar").as_int64(), andar);
  EXPECT_EQ(stats.at("andar").as_int64() + stats.at("bahar").as_int64(),
            static_cast<int64_t>(results.size()));
  int64_t dealt = 0;
  for (const auto& r : stats.at("cardsDealt").as_array()) dealt += r.at("count").as_int64();
  EXPECT_EQ(dealt, static_cast<int64_t>(results.size()));
  EXPECT_EQ(p.http.get("/api/ui/ABCardStats?tableId=bac-t").status, 400);
}

}  // namespace
}  // namespace croupier::testing
