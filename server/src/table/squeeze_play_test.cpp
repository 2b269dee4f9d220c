// Baccarat's squeeze under the simulated clock with scripted coups and the real ledger: the
// biggest stake squeezes, the card wait, a squeeze left unanswered, and snapshots taken in the
// middle of a deal.
#include <gtest/gtest.h>

#include "games/cards/card.hpp"
#include "games/cards/shoe.hpp"
#include "table/card_testing.hpp"
#include "table/table_testing.hpp"

namespace croupier::table {
namespace {

using namespace card_testing;

// ---- Squeeze ------------------------------------------------------------------------------
//
// Every card comes on the deal's clock, face down or not. The squeeze time starts with the
// first face-down card (once a round); when the first four cards are out with one still
// held, the round waits in state 13 (card wait) until the squeezer has revealed them all or
// the squeeze time is over, and then the deal goes on at once.

Harness squeeze_table(const std::string& name, std::vector<std::string> script = {kBankerNatural}) {
  return baccarat(name, std::move(script), [](TableConfig& c) { c.squeeze = true; });
}

TEST(CardPlay, TheBiggestStakeSqueezesItsSideFaceDownAndRevealsIt) {
  Harness h = squeeze_table("bac-squeeze");
  h.fund(1, "500");
  h.fund(2, "500");
  h.start();
  ASSERT_EQ(h.bet(1, {{"PLAYER", eur("50")}}, "a", "Ann").accepted.size(), 1u);
  ASSERT_EQ(h.bet(2, {{"BANKER", eur("10")}, {"TIE", eur("5")}}, "b", "Bob").accepted.size(), 2u);
  h.run_for(Millis{kBetsClosedAt});
  const size_t from = h.events.size();
  h.run_for(Millis{kDealFrom - kBetsClosedAt});

  std::vector<json::object> seq = h.since(from);
  ASSERT_EQ(types(seq), (std::vector<std::string>{"squeezer", "gamestate", "card"}));
  const json::object& squeezer = seq[0];
  EXPECT_EQ(squeezer.at("name").as_string(), "Ann");  // 50 beats 15
  EXPECT_EQ(squeezer.at("hand").as_string(), "player");
  EXPECT_EQ(squeezer.at("squeezeMs").as_int64(), kSqueeze);
  EXPECT_FALSE(squeezer.contains("youSqueeze"));
  auto ann_view = h.mine(1, "squeezer");
  ASSERT_TRUE(ann_view.has_value());
  EXPECT_TRUE(ann_view->at("youSqueeze").as_bool());
  EXPECT_EQ(ann_view->at("v"), squeezer.at("v"));
  EXPECT_FALSE(h.mine(2, "squeezer").has_value());
  EXPECT_EQ(seq[1].at("state").as_int64(), 15);
  EXPECT_EQ(seq[1].at("endsAt").as_int64(), kWallStart + kDealFrom + kSpin);
  // The player's first card comes face down.
  EXPECT_EQ(seq[2].at("index").as_int64(), 0);
  EXPECT_EQ(seq[2].at("hand").as_string(), "player");
  EXPECT_TRUE(seq[2].at("faceDown").as_bool());
  EXPECT_FALSE(seq[2].contains("card"));

  // Only the squeezer squeezes, and only a card held face down.
  size_t mark = h.events.size();
  EXPECT_EQ(h.squeeze(2, 0, 1.0), ErrorCode::NotYourTurn);
  EXPECT_EQ(h.squeeze(1, 1, 1.0), ErrorCode::InvalidDecision);
  EXPECT_EQ(h.squeeze(1, 7, 1.0), ErrorCode::InvalidDecision);
  EXPECT_EQ(h.events.size(), mark);

  // Progress is shown to everyone.
  h.run_for(Millis{500});
  mark = h.events.size();
  EXPECT_FALSE(h.squeeze(1, 0, 0.4).has_value());
  seq = h.since(mark);
  ASSERT_EQ(types(seq), (std::vector<std::string>{"squeeze"}));
  EXPECT_EQ(seq[0].at("index").as_int64(), 0);
  EXPECT_DOUBLE_EQ(seq[0].at("progress").to_number<double>(), 0.4);

  // Progress 1 reveals the card to everyone.
  h.run_for(Millis{200});
  mark = h.events.size();
  EXPECT_FALSE(h.squeeze(1, 0, 1.0).has_value());
  seq = h.since(mark);
  ASSERT_EQ(types(seq), (std::vector<std::string>{"squeeze", "card"}));
  EXPECT_DOUBLE_EQ(seq[0].at("progress").to_number<double>(), 1.0);
  EXPECT_TRUE(seq[1].at("reveal").as_bool());
  EXPECT_EQ(seq[1].at("index").as_int64(), 0);
  EXPECT_EQ(seq[1].at("card").as_string(), "KH");
  EXPECT_EQ(seq[1].at("hand").as_string(), "player");
  EXPECT_EQ(seq[1].at("of").as_int64(), 4);
  EXPECT_EQ(h.squeeze(1, 0, 1.0), ErrorCode::InvalidDecision);  // revealed already

  // With nothing held the deal goes on by the clock: the banker's card, then the player's
  // second card, face down.
  mark = h.events.size();
  h.run_for(Millis{kDealFrom + 2000 - h.now_ms()});
  seq = h.since(mark);
  ASSERT_EQ(types(seq), (std::vector<std::string>{"card", "card"}));
  EXPECT_EQ(seq[0].at("card").as_string(), "2S");
  EXPECT_EQ(at_ms(seq[0]), kDealFrom + 1000);
  EXPECT_TRUE(seq[1].at("faceDown").as_bool());
  EXPECT_EQ(seq[1].at("index").as_int64(), 2);
  EXPECT_EQ(at_ms(seq[1]), kDealFrom + 2000);
  // The fourth card comes on the clock too. The player's second card is still held, so the
  // round waits in state 13 until the squeeze time that began with the first face-down
  // card is over: that card does not start a squeeze time of its own.
  h.run_for(Millis{1500});
  seq = h.since(mark + 2);
  ASSERT_EQ(types(seq), (std::vector<std::string>{"card", "gamestate"}));
  EXPECT_EQ(seq[0].at("card").as_string(), "7C");
  EXPECT_EQ(seq[0].at("index").as_int64(), 3);
  EXPECT_EQ(at_ms(seq[0]), kDealFrom + 3000);
  EXPECT_EQ(seq[1].at("state").as_int64(), 13);
  EXPECT_EQ(at_ms(seq[1]), kDealFrom + 3000);
  EXPECT_EQ(seq[1].at("endsAt").as_int64(), kWallStart + kDealFrom + kSqueeze);
  // Revealing the last held card ends the wait; every card being out, the result follows.
  mark = h.events.size();
  EXPECT_FALSE(h.squeeze(1, 2, 1.0).has_value());
  seq = h.since(mark);
  ASSERT_EQ(types(seq), (std::vector<std::string>{"squeeze", "card", "gamestate", "gameresult"}));
  EXPECT_EQ(seq[1].at("card").as_string(), "5D");
  EXPECT_TRUE(seq[1].at("reveal").as_bool());
  EXPECT_EQ(seq[2].at("state").as_int64(), 15);
  EXPECT_EQ(seq[2].at("endsAt").as_int64(), kWallStart + kDealFrom + 3500);
  const json::object* result = &seq[3];
  EXPECT_EQ(at_ms(*result), kDealFrom + 3500);
  EXPECT_EQ(card_texts(result->at("cards").as_array()),
            (std::vector<std::string>{"player:KH", "banker:2S", "player:5D", "banker:7C"}));
  EXPECT_EQ(h.balance(1), eur("450"));
  EXPECT_EQ(h.balance(2), eur("500") - eur("15") + eur("19.50"));
  // After the round nobody squeezes.
  EXPECT_EQ(h.squeeze(1, 0, 1.0), ErrorCode::InvalidDecision);
}

TEST(CardPlay, TheRoundWaitsInCardWaitWhileTheSqueezerHoldsTheCards) {
  Harness h = squeeze_table("bac-card-wait");
  h.fund(1, "500");
  h.fund(2, "500");
  h.start();
  ASSERT_EQ(h.bet(1, {{"PLAYER", eur("50")}}, "a", "Ann").accepted.size(), 1u);
  ASSERT_EQ(h.bet(2, {{"BANKER", eur("10")}}, "b", "Bob").accepted.size(), 1u);
  h.run_for(Millis{kDealFrom + 3000});
  // The four cards came on the clock, the player's two face down; with them held the round
  // waits in state 13 (card wait) until the squeeze time, which started with the first card
  // face down, is over.
  std::vector<json::object> cards = h.all("card");
  ASSERT_EQ(cards.size(), 4u);
  EXPECT_TRUE(cards[0].at("faceDown").as_bool());
  EXPECT_EQ(cards[1].at("card").as_string(), "2S");
  EXPECT_TRUE(cards[2].at("faceDown").as_bool());
  EXPECT_EQ(cards[3].at("card").as_string(), "7C");
  EXPECT_EQ(at_ms(cards[3]), kDealFrom + 3000);
  auto wait = h.last("gamestate");
  ASSERT_TRUE(wait.has_value());
  EXPECT_EQ(wait->at("state").as_int64(), 13);
  EXPECT_EQ(wait->at("stateName").as_string(), "CARD_WAIT");
  EXPECT_EQ(wait->at("endsAt").as_int64(), kWallStart + kDealFrom + kSqueeze);
  EXPECT_EQ(h.table->state(), RoundState::card_wait);

  h.run_for(Millis{500});
  size_t mark = h.events.size();
  EXPECT_FALSE(h.squeeze(1, 0, 0.5).has_value());
  std::vector<json::object> seq = h.since(mark);
  ASSERT_EQ(types(seq), (std::vector<std::string>{"squeeze"}));
  EXPECT_EQ(h.snapshot(1).at("state").as_int64(), 13);
  EXPECT_EQ(h.snapshot(1).at("endsAt").as_int64(), kWallStart + kDealFrom + kSqueeze);

  mark = h.events.size();
  EXPECT_FALSE(h.squeeze(1, 0, 1.0).has_value());
  seq = h.since(mark);
  ASSERT_EQ(types(seq), (std::vector<std::string>{"squeeze", "card"}));
  EXPECT_EQ(seq[1].at("card").as_string(), "KH");
  EXPECT_EQ(h.table->state(), RoundState::card_wait);  // one card still held

  h.run_for(Millis{1000});
  mark = h.events.size();
  EXPECT_FALSE(h.squeeze(1, 2, 1.0).has_value());
  seq = h.since(mark);
  ASSERT_EQ(types(seq), (std::vector<std::string>{"squeeze", "card", "gamestate", "gameresult"}));
  EXPECT_EQ(seq[1].at("card").as_string(), "5D");
  EXPECT_EQ(seq[2].at("state").as_int64(), 15);
  // Revealing early brings the result forward: it comes as soon as the last card is shown.
  EXPECT_EQ(seq[2].at("endsAt").as_int64(), kWallStart + kDealFrom + 4500);
  EXPECT_EQ(at_ms(seq[3]), kDealFrom + 4500);
  EXPECT_EQ(h.balance(1), eur("450"));
  EXPECT_EQ(h.balance(2), eur("509.50"));
}

// A squeezer who turns each card over as soon as it comes holds nothing up: no card wait,
// and the result comes on the deal's own clock (not after one or two squeeze times).
TEST(CardPlay, ASqueezerWhoRevealsEachCardAtOnceDoesNotHoldTheRound) {
  Harness h = squeeze_table("bac-quick-squeeze");
  h.fund(1, "500");
  h.start();
  ASSERT_EQ(h.bet(1, {{"PLAYER", eur("50")}}, "a", "Ann").accepted.size(), 1u);
  h.run_for(Millis{kDealFrom});
  EXPECT_FALSE(h.squeeze(1, 0, 1.0).has_value());  // the first card, as it comes
  h.run_for(Millis{2000});
  EXPECT_FALSE(h.squeeze(1, 2, 1.0).has_value());  // the third, as it comes
  h.run_for(Millis{2500});
  for (const json::object& g : h.all("gamestate")) EXPECT_NE(g.at("state").as_int64(), 13);
  auto result = h.last("gameresult");
  ASSERT_TRUE(result.has_value());
  EXPECT_EQ(at_ms(*result), kDealFrom + kSpin);
}

TEST(CardPlay, AnUnansweredSqueezeRevealsTheCardsWhenItsTimeRunsOut) {
  Harness h = squeeze_table("bac-squeeze-timeout");
  h.fund(1, "500");
  h.start();
  ASSERT_EQ(h.bet(1, {{"BANKER", eur("20")}}, "a", "Ann").accepted.size(), 1u);
  h.run_for(Millis{kBetsClosedAt});
  const size_t from = h.events.size();
  // The banker's first card is the second of the deal: the squeeze time starts with it.
  const int64_t squeeze_ends = kDealFrom + kSpin / 4 + kSqueeze;
  h.run_for(Millis{squeeze_ends - 1 - h.now_ms()});
  std::vector<json::object> seq = h.since(from);
  ASSERT_EQ(types(seq), (std::vector<std::string>{"squeezer", "gamestate", "card", "card", "card",
                                                  "card", "gamestate"}));
  EXPECT_EQ(seq[0].at("hand").as_string(), "banker");
  EXPECT_EQ(seq[2].at("card").as_string(), "KH");
  EXPECT_TRUE(seq[3].at("faceDown").as_bool());
  EXPECT_EQ(at_ms(seq[3]), kDealFrom + kSpin / 4);
  EXPECT_EQ(seq[4].at("card").as_string(), "5D");
  EXPECT_TRUE(seq[5].at("faceDown").as_bool());
  EXPECT_EQ(seq[5].at("index").as_int64(), 3);
  EXPECT_EQ(at_ms(seq[5]), kDealFrom + 3 * kSpin / 4);
  // With the four cards out and two held, state 13 until the squeeze time is over.
  EXPECT_EQ(seq[6].at("state").as_int64(), 13);
  EXPECT_EQ(seq[6].at("endsAt").as_int64(), kWallStart + squeeze_ends);
  EXPECT_EQ(h.table->state(), RoundState::card_wait);

  // On a quiet table the held cards are revealed in dealing order at the squeeze deadline,
  // and with every card out the result follows at once.
  const size_t mark = h.events.size();
  h.run_for(Millis{1});
  seq = h.since(mark);
  ASSERT_EQ(types(seq), (std::vector<std::string>{"card", "card", "gamestate", "gameresult"}));
  for (const auto& e : seq) EXPECT_EQ(at_ms(e), squeeze_ends);
  EXPECT_EQ(seq[0].at("index").as_int64(), 1);
  EXPECT_EQ(seq[0].at("card").as_string(), "2S");
  EXPECT_TRUE(seq[0].at("reveal").as_bool());
  EXPECT_EQ(seq[1].at("index").as_int64(), 3);
  EXPECT_EQ(seq[1].at("card").as_string(), "7C");
  EXPECT_EQ(seq[2].at("state").as_int64(), 15);
  EXPECT_EQ(seq[2].at("endsAt").as_int64(), kWallStart + squeeze_ends);
  EXPECT_EQ(h.balance(1), eur("519"));
}

TEST(CardPlay, WithNoBetsNobodySqueezesAndTheCardsComeFaceUp) {
  Harness h = squeeze_table("bac-squeeze-nobody");
  h.start();
  h.run_for(Millis{kBetsClosedAt});
  const size_t from = h.events.size();
  auto result = h.run_until("gameresult");
  ASSERT_TRUE(result.has_value());
  EXPECT_EQ(at_ms(*result), kDealFrom + kSpin);
  std::vector<json::object> seq = h.since(from);
  EXPECT_EQ(types(seq),
            (std::vector<std::string>{"gamestate", "card", "card", "card", "card", "gameresult"}));
  for (const auto& e : seq) {
    EXPECT_FALSE(e.contains("faceDown"));
    if (type_of(e) == "gamestate") {
      EXPECT_EQ(e.at("state").as_int64(), 15);
    }
  }
  EXPECT_EQ(h.squeeze(1, 0, 1.0), ErrorCode::NotYourTurn);
}

// ---- Snapshots in the middle of a deal ------------------------------------------------------

TEST(CardPlay, ASnapshotDuringTheDealShowsTheCardsSoFar) {
  Harness h = baccarat("bac-snapshot", {kSixCards});
  h.fund(1, "100");
  h.start();
  h.bet(1, {{"BANKER", eur("5")}}, "s");
  h.run_for(Millis{kDealFrom + 1500});  // cards 0, 1 and 2 are out (at 0, 666 and 1333 ms)
  json::object s = h.snapshot(1);
  EXPECT_EQ(s.at("state").as_int64(), 15);
  EXPECT_EQ(s.at("stateName").as_string(), "DEALING");
  EXPECT_FALSE(s.at("betsOpen").as_bool());
  EXPECT_EQ(s.at("endsAt").as_int64(), kWallStart + kDealFrom + kSpin);
  EXPECT_EQ(card_texts(s.at("cards").as_array()),
            (std::vector<std::string>{"player:2H", "banker:KS", "player:3D"}));
  EXPECT_EQ(s.at("myTotal").as_string(), "5.00");
  EXPECT_FALSE(s.contains("result"));
  EXPECT_FALSE(s.contains("squeezer"));
  h.run_for(Millis{2500});  // the result
  s = h.snapshot(1);
  EXPECT_EQ(s.at("state").as_int64(), 24);
  EXPECT_EQ(s.at("cards").as_array().size(), 6u);
  EXPECT_EQ(s.at("result").as_string(), "P 9-8");
  EXPECT_EQ(s.at("outcome").as_string(), kSixCards);
  EXPECT_EQ(beads(s.at("roads")), 1u);
}

TEST(CardPlay, ASnapshotDuringASqueezeShowsHeldCardsFaceDownAndWhoSqueezes) {
  Harness h = squeeze_table("bac-snapshot-squeeze");
  h.fund(1, "100");
  h.fund(2, "100");
  h.start();
  h.bet(1, {{"PLAYER", eur("20")}}, "a", "Ann");
  h.bet(2, {{"PLAYER", eur("5")}}, "b", "Bob");
  h.run_for(Millis{kDealFrom + 500});
  json::object ann = h.snapshot(1);
  EXPECT_EQ(card_texts(ann.at("cards").as_array()), (std::vector<std::string>{"player:faceDown"}));
  EXPECT_EQ(ann.at("squeezer").as_string(), "Ann");
  EXPECT_EQ(ann.at("squeezeHand").as_string(), "player");
  EXPECT_TRUE(ann.at("youSqueeze").as_bool());
  json::object bob = h.snapshot(2);
  EXPECT_FALSE(bob.at("youSqueeze").as_bool());
  EXPECT_EQ(bob.at("squeezer").as_string(), "Ann");
  h.run_for(Millis{2000});  // the banker's card and the player's second, face down
  ann = h.snapshot(1);
  EXPECT_EQ(card_texts(ann.at("cards").as_array()),
            (std::vector<std::string>{"player:faceDown", "banker:2S", "player:faceDown"}));
  EXPECT_EQ(h.snapshot(2).at("cards"), ann.at("cards"));
  h.squeeze(1, 0, 1.0);
  EXPECT_EQ(card_texts(h.snapshot(2).at("cards").as_array()),
            (std::vector<std::string>{"player:KH", "banker:2S", "player:faceDown"}));
}

}  // namespace
}  // namespace croupier::table
