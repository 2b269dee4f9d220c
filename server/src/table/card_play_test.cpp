// The card tables (baccarat, dragon tiger, andar bahar) driven directly under the simulated
// clock with scripted coups, a seeded shoe and the real ledger: the cards shown one at a
// time across the dealing time, exact payouts, shoe changes and their roads, the baccarat
// squeeze, and what a snapshot shows in the middle of a deal.
#include <gtest/gtest.h>

#include "games/cards/card.hpp"
#include "games/cards/shoe.hpp"
#include "table/card_testing.hpp"
#include "table/table_testing.hpp"

namespace croupier::table {
namespace {

using namespace card_testing;
// ---- Baccarat: the deal ------------------------------------------------------------------

TEST(CardPlay, BaccaratShowsEachCardAtItsShareOfTheDealingTimeThenTheResult) {
  Harness h = baccarat("bac-deal", {kSixCards});
  h.fund(1, "100");
  h.start();
  EXPECT_EQ(types(h.events),
            (std::vector<std::string>{"startshuffling", "endshuffling", "betsopen"}));
  ASSERT_EQ(h.bet(1, {{"PLAYER", eur("10")}}, "p1").accepted.size(), 1u);
  h.run_for(Millis{kBetsClosedAt});
  const size_t from = h.index_of_last("betsclosed");
  EXPECT_EQ(at_ms(h.events[from]), kBetsClosedAt);
  h.run_for(Millis{kDealFrom + kSpin - kBetsClosedAt - 1});
  EXPECT_FALSE(h.last("gameresult").has_value());  // the last card is out, the result not yet
  EXPECT_EQ(h.table->state(), RoundState::dealing);
  h.run_for(Millis{1});

  std::vector<json::object> seq = h.since(from);
  ASSERT_EQ(types(seq), (std::vector<std::string>{"betsclosed", "gamestate", "card", "card", "card",
                                                  "card", "card", "card", "gameresult"}));
  const json::object& dealing = seq[1];
  EXPECT_EQ(dealing.at("state").as_int64(), 15);
  EXPECT_EQ(dealing.at("stateName").as_string(), "DEALING");
  EXPECT_EQ(dealing.at("spinMs").as_int64(), kSpin);
  EXPECT_EQ(dealing.at("endsAt").as_int64(), kWallStart + kDealFrom + kSpin);
  EXPECT_EQ(at_ms(dealing), kDealFrom);

  // Dealing order P1 B1 P2 B2 P3 B3; card i at deal start + i * spin / 6 (whole ms).
  const std::vector<std::pair<std::string, std::string>> expected = {
      {"player", "2H"}, {"banker", "KS"}, {"player", "3D"},
      {"banker", "3C"}, {"player", "4C"}, {"banker", "5H"}};
  for (size_t i = 0; i < expected.size(); ++i) {
    const json::object& card = seq[2 + i];
    SCOPED_TRACE("card " + std::to_string(i));
    EXPECT_EQ(card.at("hand").as_string(), expected[i].first);
    EXPECT_EQ(card.at("card").as_string(), expected[i].second);
    EXPECT_EQ(card.at("index").as_int64(), static_cast<int64_t>(i));
    EXPECT_EQ(card.at("of").as_int64(), 6);
    EXPECT_EQ(card.at("state").as_int64(), 15);
    EXPECT_FALSE(card.contains("faceDown"));
    EXPECT_FALSE(card.contains("reveal"));
    EXPECT_EQ(at_ms(card), kDealFrom + static_cast<int64_t>(i) * kSpin / 6);
  }

  const json::object& result = seq.back();
  EXPECT_EQ(at_ms(result), kDealFrom + kSpin);
  EXPECT_EQ(result.at("state").as_int64(), 24);
  EXPECT_EQ(result.at("result").as_string(), "P 9-8");
  EXPECT_EQ(result.at("outcome").as_string(), kSixCards);
  EXPECT_EQ(card_texts(result.at("cards").as_array()),
            (std::vector<std::string>{"player:2H", "banker:KS", "player:3D", "banker:3C",
                                      "player:4C", "banker:5H"}));
  ASSERT_TRUE(result.contains("roads"));
  ASSERT_EQ(beads(result.at("roads")), 1u);
  const json::value& bead = result.at("roads").at("beadPlate").at(0);
  EXPECT_EQ(bead.at("winner").as_string(), "P");
  EXPECT_EQ(bead.at("playerTotal").as_int64(), 9);
  EXPECT_EQ(bead.at("bankerTotal").as_int64(), 8);
  EXPECT_FALSE(bead.at("natural").as_bool());
  EXPECT_EQ(result.at("roads").at("bigRoad").at("cells").as_array().size(), 1u);

  // PLAYER pays 1:1.
  EXPECT_EQ(h.balance(1), eur("110"));
  auto mine = h.mine(1, "gameresult");
  ASSERT_TRUE(mine.has_value());
  EXPECT_EQ(mine->at("stake").as_string(), "10.00");
  EXPECT_EQ(mine->at("win").as_string(), "20.00");
  EXPECT_EQ(mine->at("net").as_string(), "10.00");
  EXPECT_EQ(mine->at("balance").as_string(), "110.00");
  EXPECT_FALSE(result.contains("stake"));  // only in the personal variant

  // The result stays 2 s, then the pause, then the next round.
  h.run_for(Millis{2000});
  EXPECT_EQ(h.table->state(), RoundState::wait_for_next_game);
  h.run_for(Millis{1000});
  EXPECT_EQ(h.table->state(), RoundState::waiting_for_bets);
  EXPECT_EQ(h.table->round_id(), "bac-t-000002");
  EXPECT_TRUE(ledger::check_ledger(h.path).ok);
}

TEST(CardPlay, ABankerWinPaysNinetyFiveHundredthsToOne) {
  Harness h = baccarat("bac-banker", {kBankerNatural});
  for (PlayerId p : {1, 2, 3}) h.fund(p, "100");
  h.start();
  ASSERT_EQ(h.bet(1, {{"BANKER", eur("20")}}, "b1").accepted.size(), 1u);
  ASSERT_EQ(h.bet(2, {{"BANKER", eur("7")}}, "b2").accepted.size(), 1u);
  ASSERT_EQ(h.bet(3, {{"PLAYER", eur("10")}, {"TIE", eur("5")}}, "b3").accepted.size(), 2u);
  auto result = h.run_until("gameresult");
  ASSERT_TRUE(result.has_value());
  EXPECT_EQ(result->at("result").as_string(), "B 5-9");
  EXPECT_EQ(result->at("cards").as_array().size(), 4u);  // a natural: no third cards
  EXPECT_TRUE(result->at("roads").at("beadPlate").at(0).at("natural").as_bool());
  // 20 returns 39 (19 won, 1 commission); 7 returns 13.65; the player and the tie lose.
  EXPECT_EQ(h.balance(1), eur("119"));
  EXPECT_EQ(h.balance(2), eur("106.65"));
  EXPECT_EQ(h.balance(3), eur("85"));
  EXPECT_EQ(h.mine(1, "gameresult")->at("win").as_string(), "39.00");
  EXPECT_EQ(h.mine(2, "gameresult")->at("win").as_string(), "13.65");
  EXPECT_EQ(h.mine(2, "gameresult")->at("net").as_string(), "6.65");
  EXPECT_EQ(h.mine(3, "gameresult")->at("win").as_string(), "0.00");
  EXPECT_EQ(h.mine(3, "gameresult")->at("net").as_string(), "-15.00");
  EXPECT_TRUE(ledger::check_ledger(h.path).ok);
}

TEST(CardPlay, ATieReturnsPlayerAndBankerBetsAndPaysTheTieEightToOne) {
  // P 10H 7D (7) stands; B 3S 4C (7) stands.
  Harness h = baccarat("bac-tie", {"T 7-7|P:10H,7D|B:3S,4C"});
  h.fund(1, "100");
  h.start();
  ASSERT_EQ(h.bet(1, {{"BANKER", eur("10")}, {"PLAYER", eur("10")}, {"TIE", eur("5")}}, "t")
                .accepted.size(),
            3u);
  EXPECT_EQ(h.balance(1), eur("75"));
  auto result = h.run_until("gameresult");
  ASSERT_TRUE(result.has_value());
  EXPECT_EQ(result->at("result").as_string(), "T 7-7");
  EXPECT_EQ(result->at("roads").at("beadPlate").at(0).at("winner").as_string(), "T");
  EXPECT_EQ(h.balance(1), eur("140"));  // 10 + 10 back, 45 for the tie
  EXPECT_EQ(h.mine(1, "gameresult")->at("win").as_string(), "65.00");
}

TEST(CardPlay, SuperSixPaysHalfOnABankerSixAndEvenMoneyOtherwise) {
  // Round 1: P 10H 5D (5) draws KC: 5; B 4S 2C (6) stands on the player's 0: banker 6.
  // Round 2: the banker's natural 9.
  Harness h = baccarat("bac-super6", {"B 5-6|P:10H,5D,KC|B:4S,2C", kBankerNatural}, {}, "super6");
  h.fund(1, "100");
  h.start();
  ASSERT_EQ(h.bet(1, {{"BANKER", eur("10")}, {"SUPER6", eur("5")}, {"PLAYER", eur("2")}}, "s1")
                .accepted.size(),
            3u);
  auto first = h.run_until("gameresult");
  ASSERT_TRUE(first.has_value());
  EXPECT_EQ(first->at("result").as_string(), "B 5-6");
  // BANKER 10 returns 15 (0.5:1), SUPER6 with two cards 5 returns 65 (12:1), PLAYER loses.
  EXPECT_EQ(h.mine(1, "gameresult")->at("win").as_string(), "80.00");
  EXPECT_EQ(h.balance(1), eur("100") - eur("17") + eur("80"));
  ASSERT_TRUE(h.run_until("betsopen").has_value());
  const Money before = h.balance(1);
  ASSERT_EQ(h.bet(1, {{"BANKER", eur("10")}}, "s2").accepted.size(), 1u);
  auto second = h.run_until("gameresult");
  ASSERT_TRUE(second.has_value());
  EXPECT_EQ(second->at("result").as_string(), "B 5-9");
  EXPECT_EQ(h.balance(1), before + eur("10"));  // no commission: 1:1
}

// ---- Shoes and roads ------------------------------------------------------------------------

TEST(CardPlay, AShoeIsChangedBeforeTheFirstRoundAndAfterTheCutCardWithFreshRoads) {
  Harness h = baccarat("bac-shoe", {}, [](TableConfig& c) {
    c.shoe_decks = 1;
    c.shoe_cut_from_end = 26;
  });
  h.start();
  ASSERT_EQ(types(h.events),
            (std::vector<std::string>{"startshuffling", "endshuffling", "betsopen"}));
  EXPECT_EQ(h.events[0].at("shoe").as_int64(), 1);
  const json::object first = h.events[1];
  EXPECT_EQ(first.at("shoe").as_int64(), 1);
  auto burn = games::cards::card_from_text(first.at("burnCard").as_string());
  ASSERT_TRUE(burn.has_value());
  const int64_t burnt = first.at("burnt").as_int64();
  EXPECT_EQ(burnt, std::min<int64_t>(burn->rank, 10));  // ace 1, ten to king 10
  EXPECT_EQ(first.at("cards").as_int64(), 52 - 1 - burnt);
  EXPECT_EQ(beads(first.at("roads")), 0u);
  json::object snap = h.snapshot(1);
  EXPECT_EQ(snap.at("shoe").as_int64(), 1);
  EXPECT_EQ(snap.at("shoeCards").as_int64(), 52 - 1 - burnt);
  EXPECT_EQ(beads(snap.at("roads")), 0u);
  EXPECT_TRUE(snap.at("cards").as_array().empty());

  // Each hand grows the roads by a bead and takes its cards from the shoe; the hand in
  // which the cut card (26 from the end) comes out is finished, and the shoe is changed
  // when the next round opens.
  int64_t remaining = 52 - 1 - burnt;
  size_t hands = 0;
  for (;;) {
    auto next = h.run_until_event([](const json::object& e) {
      return type_of(e) == "gameresult" || type_of(e) == "startshuffling";
    });
    ASSERT_TRUE(next.has_value());
    if (type_of(*next) == "startshuffling") break;
    ++hands;
    ASSERT_LE(hands, 10u);
    EXPECT_GT(remaining, 26) << "a hand was dealt past the cut card";
    remaining -= static_cast<int64_t>(next->at("cards").as_array().size());
    EXPECT_EQ(beads(next->at("roads")), hands);
    EXPECT_EQ(h.snapshot(1).at("shoeCards").as_int64(), remaining);
  }
  EXPECT_GE(hands, 2u);
  EXPECT_LE(remaining, 26);
  const size_t at = h.index_of_last("startshuffling");
  ASSERT_GE(at, 1u);
  ASSERT_EQ(h.events.size(), at + 3);
  EXPECT_EQ(type_of(h.events[at - 1]), "gamestate");
  EXPECT_EQ(h.events[at - 1].at("state").as_int64(), 901);
  EXPECT_EQ(h.events[at].at("shoe").as_int64(), 2);
  const json::object second = h.events[at + 1];
  EXPECT_EQ(type_of(second), "endshuffling");
  EXPECT_EQ(second.at("shoe").as_int64(), 2);
  EXPECT_EQ(beads(second.at("roads")), 0u);
  EXPECT_TRUE(second.at("roads").at("bigRoad").at("cells").as_array().empty());
  EXPECT_EQ(type_of(h.events[at + 2]), "betsopen");
  snap = h.snapshot(1);
  EXPECT_EQ(snap.at("shoe").as_int64(), 2);
  EXPECT_EQ(beads(snap.at("roads")), 0u);
  EXPECT_EQ(snap.at("results").as_array().size(), hands);  // recent results are kept

  auto after = h.run_until("gameresult");
  ASSERT_TRUE(after.has_value());
  EXPECT_EQ(beads(after->at("roads")), 1u);
}

// ---- Dragon tiger and andar bahar ------------------------------------------------------------

TEST(CardPlay, DragonTigerTieReturnsHalfTheMainBetsAndPaysTheTie) {
  Harness h("dt-tie", card_config("dt-t", "dragontiger", "classic", {"X|D:7C|T:7H"}),
            engines_for("dragontiger", "classic"));
  h.fund(1, "100");
  h.fund(2, "100");
  h.start();
  EXPECT_EQ(types(h.events),
            (std::vector<std::string>{"startshuffling", "endshuffling", "betsopen"}));
  ASSERT_EQ(h.bet(1, {{"DRAGON", eur("10")}, {"TIE", eur("2")}, {"SUITED_TIE", eur("1")}}, "d")
                .accepted.size(),
            3u);
  ASSERT_EQ(h.bet(2, {{"TIGER", eur("10")}}, "t").accepted.size(), 1u);
  h.run_for(Millis{kBetsClosedAt});
  const size_t from = h.events.size();
  auto result = h.run_until("gameresult");
  ASSERT_TRUE(result.has_value());
  std::vector<json::object> seq = h.since(from);
  ASSERT_EQ(types(seq), (std::vector<std::string>{"gamestate", "card", "card", "gameresult"}));
  EXPECT_EQ(seq[1].at("hand").as_string(), "dragon");
  EXPECT_EQ(seq[1].at("card").as_string(), "7C");
  EXPECT_EQ(seq[1].at("of").as_int64(), 2);
  EXPECT_EQ(at_ms(seq[1]), kDealFrom);
  EXPECT_EQ(seq[2].at("hand").as_string(), "tiger");
  EXPECT_EQ(seq[2].at("card").as_string(), "7H");
  EXPECT_EQ(at_ms(seq[2]), kDealFrom + kSpin / 2);
  EXPECT_EQ(at_ms(*result), kDealFrom + kSpin);
  EXPECT_EQ(result->at("result").as_string(), "X");
  EXPECT_EQ(card_texts(result->at("cards").as_array()),
            (std::vector<std::string>{"dragon:7C", "tiger:7H"}));
  EXPECT_FALSE(result->contains("roads"));
  // DRAGON 10 returns 5 (half lost), TIE 2 returns 24 (11:1), the suited tie loses.
  EXPECT_EQ(h.balance(1), eur("100") - eur("13") + eur("29"));
  EXPECT_EQ(h.mine(1, "gameresult")->at("win").as_string(), "29.00");
  EXPECT_EQ(h.balance(2), eur("95"));
  EXPECT_TRUE(ledger::check_ledger(h.path).ok);
}

TEST(CardPlay, AndarBaharDealsTheJokerThenAlternatesAndPaysTheWinningSide) {
  // Joker 7H; andar 2S, bahar 9C, andar 7D matches: andar wins on the third card.
  Harness h("ab-andar", card_config("ab-t", "andarbahar", "classic", {"A|J:7H|A:2S,7D|B:9C"}),
            engines_for("andarbahar", "classic"));
  h.fund(1, "100");
  h.start();
  // Every round is a fresh deck: no shoe, no shuffle events.
  EXPECT_EQ(types(h.events), (std::vector<std::string>{"betsopen"}));
  ASSERT_EQ(h.bet(1, {{"ANDAR", eur("10")}, {"CARDS_1_5", eur("2")}, {"BAHAR", eur("5")}}, "a")
                .accepted.size(),
            3u);
  h.run_for(Millis{kBetsClosedAt});
  const size_t from = h.events.size();
  h.run_for(Millis{kDealFrom + 2500 - kBetsClosedAt});
  // A player who joins in the middle of the deal sees the cards dealt so far (the joker,
  // then andar's first card); there is no shoe to report.
  json::object s = h.snapshot(1);
  EXPECT_EQ(s.at("state").as_int64(), 15);
  EXPECT_EQ(card_texts(s.at("cards").as_array()),
            (std::vector<std::string>{"joker:7H", "andar:2S", "bahar:9C"}));
  EXPECT_FALSE(s.contains("shoe"));
  auto result = h.run_until("gameresult");
  ASSERT_TRUE(result.has_value());
  std::vector<json::object> seq = h.since(from);
  ASSERT_EQ(types(seq),
            (std::vector<std::string>{"gamestate", "card", "card", "card", "card", "gameresult"}));
  const std::vector<std::pair<std::string, std::string>> expected = {
      {"joker", "7H"}, {"andar", "2S"}, {"bahar", "9C"}, {"andar", "7D"}};
  for (size_t i = 0; i < expected.size(); ++i) {
    SCOPED_TRACE("card " + std::to_string(i));
    EXPECT_EQ(seq[1 + i].at("hand").as_string(), expected[i].first);
    EXPECT_EQ(seq[1 + i].at("card").as_string(), expected[i].second);
    EXPECT_EQ(seq[1 + i].at("of").as_int64(), 4);
    EXPECT_EQ(at_ms(seq[1 + i]), kDealFrom + static_cast<int64_t>(i) * kSpin / 4);
  }
  EXPECT_EQ(result->at("result").as_string(), "A");
  EXPECT_EQ(result->at("outcome").as_string(), "A|J:7H|A:2S,7D|B:9C");
  // The result carries every card, as at the shoe tables; andar bahar has no roads.
  EXPECT_EQ(card_texts(result->at("cards").as_array()),
            (std::vector<std::string>{"joker:7H", "andar:2S", "bahar:9C", "andar:7D"}));
  EXPECT_FALSE(result->contains("roads"));
  // ANDAR 10 returns 19 (0.9:1); three cards dealt: CARDS_1_5 2 returns 7 (2.5:1).
  EXPECT_EQ(h.balance(1), eur("100") - eur("17") + eur("26"));
  EXPECT_EQ(h.mine(1, "gameresult")->at("win").as_string(), "26.00");
  // A player who joins once the next round's bets are open sees none of this round's
  // cards: those present had them taken away by betsopen.
  ASSERT_TRUE(h.run_until("betsopen").has_value());
  EXPECT_EQ(h.table->state(), RoundState::waiting_for_bets);
  s = h.snapshot(1);
  ASSERT_TRUE(s.contains("cards"));
  EXPECT_TRUE(s.at("cards").as_array().empty());
  EXPECT_TRUE(ledger::check_ledger(h.path).ok);
}

}  // namespace
}  // namespace croupier::table
