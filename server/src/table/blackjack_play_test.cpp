// Blackjack tables (seated "blackjack" and one-hand infinite "onebj") driven directly
// under the simulated clock with scripted cards and the real ledger: taking a seat, the
// deal, the turns with their deadlines, decisions and their acknowledgements, the dealer's
// play and exact settlement, automatic stands and lost seats, insurance, bets behind, the
// refusals, and onebj's shared cards and autoplay.
//
// A script lists one round's cards in dealing order: a card to each seat in seat order
// (onebj: one common card), the dealer's up card, a second card to each seat, the hole
// card, then every card drawn after that (hits, doubles, splits, the dealer's draws) in
// the order they are drawn.
#include <gtest/gtest.h>

#include "games/blackjack/blackjack.hpp"
#include "table/blackjack_testing.hpp"
#include "table/table_testing.hpp"

namespace croupier::table {
namespace {

using namespace blackjack_testing;
// ---- Seats ----------------------------------------------------------------------------------

TEST(BlackjackPlay, WithNobodySeatedTheTableWaitsInTakeASeatUntilSomeoneSits) {
  Harness h = seated("bj-take-a-seat", {});
  h.fund(1, "100");
  h.start();
  ASSERT_EQ(types(h.events), (std::vector<std::string>{"gamestate"}));
  EXPECT_EQ(h.events[0].at("state").as_int64(), 902);
  EXPECT_EQ(h.events[0].at("stateName").as_string(), "TAKE_A_SEAT");
  EXPECT_EQ(h.events[0].at("gameId").as_string(), "");
  EXPECT_EQ(h.table->state(), RoundState::take_a_seat);
  EXPECT_FALSE(h.table->next_deadline().has_value());
  h.run_for(Millis{60000});
  EXPECT_EQ(h.events.size(), 1u);  // no round, no shuffle
  EXPECT_EQ(h.snapshot(1).at("state").as_int64(), 902);
  EXPECT_EQ(h.bet(1, {{"SEAT_1", eur("10")}}, "early").error(), ErrorCode::WaitForNextRound);

  SeatReply sat = h.sit(1, "Ann", 3);
  EXPECT_FALSE(sat.error().has_value());
  EXPECT_EQ(sat.seat, 3);
  ASSERT_EQ(types(h.since(1)),
            (std::vector<std::string>{"seats", "startshuffling", "endshuffling", "betsopen"}));
  const json::object seats = h.events[1];
  ASSERT_EQ(seats.at("seats").as_array().size(), 7u);
  EXPECT_EQ(seats.at("seats").at(2).at("name").as_string(), "Ann");
  EXPECT_EQ(seats.at("seats").at(2).at("playerId").as_string(), "1");
  EXPECT_FALSE(seats.at("seats").at(0).as_object().contains("name"));
  auto open = h.last("betsopen");
  EXPECT_EQ(open->at("gameId").as_string(), "bj-t-000001");
  EXPECT_EQ(open->at("endsAt").as_int64(), kWallStart + 60000 + kBetting);
  EXPECT_EQ(h.table->state(), RoundState::waiting_for_bets);
  // Only the seat's player bets on it.
  BetAck wrong = h.bet(1, {{"SEAT_1", eur("10")}}, "wrong-seat");
  ASSERT_EQ(wrong.rejected.size(), 1u);
  EXPECT_EQ(wrong.rejected[0].code, ErrorCode::SeatError);
  EXPECT_EQ(h.bet(1, {{"SEAT_3", eur("10")}}, "mine").accepted.size(), 1u);
  EXPECT_EQ(h.balance(1), eur("90"));
}

// ---- A round --------------------------------------------------------------------------------

// Seat 1: 10H 2C (12) against 6D up, 10D in the hole; a hit brings 5S (17); the dealer's
// 16 draws 8H and busts.
TEST(BlackjackPlay, ARoundDealsGivesTheTurnWithItsDeadlineAndSettlesAfterTheDealer) {
  Harness h = seated("bj-round", {"10H,6D,2C,10D,5S,8H"});
  h.fund(1, "100");
  h.start();
  h.sit(1, "Ann", 1);
  ASSERT_EQ(h.bet(1, {{"SEAT_1", eur("10")}}, "b", "Ann").accepted.size(), 1u);
  const std::string game = h.table->round_id();
  h.run_for(Millis{kBetting});
  const size_t from = h.index_of_last("betsclosed");
  h.run_for(Millis{kDealAt - kBetting});

  // The deal: state 15 for four cards' time, the dealer's hole card hidden.
  std::vector<json::object> seq = h.since(from);
  ASSERT_EQ(types(seq), (std::vector<std::string>{"betsclosed", "gamestate", "blackjack"}));
  EXPECT_EQ(at_ms(seq[0]), kBetting);
  EXPECT_EQ(seq[1].at("state").as_int64(), 15);
  EXPECT_EQ(seq[1].at("endsAt").as_int64(), kWallStart + kDealAt + 4 * kCard);
  const json::object& dealt = seq[2];
  EXPECT_EQ(dealt.at("state").as_int64(), 15);
  EXPECT_EQ(cards_of(dealt.at("dealer")), (std::vector<std::string>{"6D"}));
  EXPECT_TRUE(dealt.at("dealer").at("hidden").as_bool());
  EXPECT_EQ(dealt.at("dealer").at("total").as_int64(), 6);
  ASSERT_EQ(dealt.at("seats").as_array().size(), 1u);
  EXPECT_EQ(dealt.at("seats").at(0).at("seat").as_int64(), 1);
  EXPECT_EQ(dealt.at("seats").at(0).at("name").as_string(), "Ann");
  EXPECT_EQ(dealt.at("seats").at(0).at("playerId").as_string(), "1");
  EXPECT_EQ(cards_of(hand_of(dealt, 0)), (std::vector<std::string>{"10H", "2C"}));
  EXPECT_EQ(hand_of(dealt, 0).at("total").as_int64(), 12);
  EXPECT_EQ(hand_of(dealt, 0).at("stake").as_string(), "10.00");
  EXPECT_FALSE(hand_of(dealt, 0).as_object().contains("outcome"));
  EXPECT_TRUE(dealt.at("turn").is_null());
  EXPECT_TRUE(dealt.at("insurance").is_null());

  // The turn: state 11 with the decision's deadline.
  size_t mark = h.events.size();
  h.run_for(Millis{4 * kCard});
  seq = h.since(mark);
  ASSERT_EQ(types(seq), (std::vector<std::string>{"gamestate", "blackjack"}));
  const int64_t turn_at = kDealAt + 4 * kCard;
  EXPECT_EQ(at_ms(seq[0]), turn_at);
  EXPECT_EQ(seq[0].at("state").as_int64(), 11);
  EXPECT_EQ(seq[0].at("stateName").as_string(), "DECISION_WAIT");
  EXPECT_EQ(seq[0].at("endsAt").as_int64(), kWallStart + turn_at + kDecision);
  const json::object& turn = seq[1].at("turn").as_object();
  EXPECT_EQ(turn.at("seat").as_int64(), 1);
  EXPECT_EQ(turn.at("hand").as_int64(), 0);
  EXPECT_EQ(turn.at("endsAt").as_int64(), kWallStart + turn_at + kDecision);
  EXPECT_EQ(turn.at("decisionMs").as_int64(), kDecision);
  EXPECT_EQ(h.table->state(), RoundState::decision_wait);
  EXPECT_EQ(h.snapshot(1).at("blackjack").at("turn").at("seat").as_int64(), 1);

  // A hit: the card, and a fresh decision timer.
  h.run_for(Millis{1000});
  mark = h.events.size();
  DecisionAck hit = h.decide(1, 1, D::hit, "h1");
  EXPECT_FALSE(hit.error().has_value());
  EXPECT_EQ(hit.request_id, "h1");
  EXPECT_EQ(hit.game_id, game);
  EXPECT_EQ(hit.seat, 1);
  EXPECT_EQ(hit.decision, "hit");
  EXPECT_FALSE(hit.balance.has_value());
  seq = h.since(mark);
  ASSERT_EQ(types(seq), (std::vector<std::string>{"blackjack"}));
  EXPECT_EQ(cards_of(hand_of(seq[0], 0)), (std::vector<std::string>{"10H", "2C", "5S"}));
  EXPECT_EQ(hand_of(seq[0], 0).at("total").as_int64(), 17);
  EXPECT_EQ(seq[0].at("turn").at("endsAt").as_int64(), kWallStart + turn_at + 1000 + kDecision);
  // The same request again is answered the same, not applied twice.
  DecisionAck again = h.decide(1, 1, D::hit, "h1");
  EXPECT_FALSE(again.error().has_value());
  EXPECT_EQ(h.events.size(), mark + 1);

  // A stand ends the turn: decision closing (14), then the dealer.
  h.run_for(Millis{500});
  mark = h.events.size();
  EXPECT_FALSE(h.decide(1, 1, D::stand, "s1").error().has_value());
  const int64_t stood_at = turn_at + 1500;
  seq = h.since(mark);
  ASSERT_EQ(types(seq), (std::vector<std::string>{"gamestate", "blackjack", "blackjack"}));
  EXPECT_EQ(seq[0].at("state").as_int64(), 14);
  EXPECT_EQ(seq[0].at("stateName").as_string(), "DECISION_CLOSING");
  EXPECT_EQ(seq[0].at("endsAt").as_int64(), kWallStart + stood_at + kClosing);
  EXPECT_TRUE(seq[1].at("turn").is_null());
  EXPECT_TRUE(hand_of(seq[2], 0).at("done").as_bool());

  mark = h.events.size();
  h.run_for(Millis{kClosing});
  seq = h.since(mark);
  ASSERT_EQ(types(seq), (std::vector<std::string>{"gamestate", "blackjack"}));
  EXPECT_EQ(at_ms(seq[0]), stood_at + kClosing);
  EXPECT_EQ(seq[0].at("state").as_int64(), 15);
  // The dealer turned 10D and drew one card: two cards' time.
  EXPECT_EQ(seq[0].at("endsAt").as_int64(), kWallStart + stood_at + kClosing + 2 * kCard);
  EXPECT_EQ(cards_of(seq[1].at("dealer")), (std::vector<std::string>{"6D", "10D", "8H"}));
  EXPECT_FALSE(seq[1].at("dealer").at("hidden").as_bool());
  EXPECT_EQ(seq[1].at("dealer").at("total").as_int64(), 24);
  EXPECT_FALSE(seq[1].at("dealer").at("blackjack").as_bool());
  EXPECT_EQ(hand_of(seq[1], 0).at("outcome").as_string(), "win");
  EXPECT_EQ(hand_of(seq[1], 0).at("returned").as_string(), "20.00");
  EXPECT_EQ(h.balance(1), eur("90"));  // not settled yet

  mark = h.events.size();
  h.run_for(Millis{2 * kCard});
  seq = h.since(mark);
  ASSERT_EQ(types(seq), (std::vector<std::string>{"gameresult"}));
  const json::object& result = seq[0];
  EXPECT_EQ(at_ms(result), stood_at + kClosing + 2 * kCard);
  EXPECT_EQ(result.at("state").as_int64(), 24);
  EXPECT_EQ(result.at("gameId").as_string(), game);
  EXPECT_EQ(result.at("result").as_string(), "D BUST");
  EXPECT_EQ(result.at("outcome").as_string(), "D BUST|6D,10D,8H");
  EXPECT_FALSE(result.contains("cards"));
  EXPECT_EQ(cards_of(hand_of(result.at("blackjack").as_object(), 0)),
            (std::vector<std::string>{"10H", "2C", "5S"}));
  EXPECT_EQ(h.balance(1), eur("110"));
  auto mine = h.mine(1, "gameresult");
  ASSERT_TRUE(mine.has_value());
  EXPECT_EQ(mine->at("stake").as_string(), "10.00");
  EXPECT_EQ(mine->at("win").as_string(), "20.00");
  EXPECT_EQ(mine->at("balance").as_string(), "110.00");

  // Result 2 s, the pause 1 s, the next round.
  h.run_for(Millis{2000});
  EXPECT_EQ(h.table->state(), RoundState::wait_for_next_game);
  h.run_for(Millis{1000});
  EXPECT_EQ(h.table->state(), RoundState::waiting_for_bets);
  EXPECT_TRUE(ledger::check_ledger(h.path).ok);
}

// Seat 1: 9S 2C (11) doubles on KS (21); the dealer's 6D 10D draws 8H and busts.
TEST(BlackjackPlay, ADoubleTakesASecondStakeAndItsOneCardAndWinsTwice) {
  Harness h = seated("bj-double", {"9S,6D,2C,10D,KS,8H"});
  h.fund(1, "100");
  h.start();
  h.sit(1, "Ann", 1);
  h.bet(1, {{"SEAT_1", eur("10")}}, "b");
  ASSERT_TRUE(h.run_until_event([](const json::object& e) { return turn_of_seat(e, 1); }));
  const size_t mark = h.events.size();
  DecisionAck doubled = h.decide(1, 1, D::double_down, "d");
  EXPECT_FALSE(doubled.error().has_value());
  EXPECT_EQ(doubled.decision, "double");
  ASSERT_TRUE(doubled.balance.has_value());
  EXPECT_EQ(doubled.balance->total(), eur("80"));
  // The double's one card finishes the hand: decision closing at once.
  std::vector<json::object> seq = h.since(mark);
  ASSERT_EQ(types(seq), (std::vector<std::string>{"gamestate", "blackjack", "blackjack"}));
  EXPECT_EQ(seq[0].at("state").as_int64(), 14);
  const json::value& hand = hand_of(seq[2], 0);
  EXPECT_EQ(cards_of(hand), (std::vector<std::string>{"9S", "2C", "KS"}));
  EXPECT_TRUE(hand.at("doubled").as_bool());
  EXPECT_EQ(hand.at("stake").as_string(), "10.00");
  EXPECT_EQ(h.decide(1, 1, D::hit, "late").error(), ErrorCode::TurnEnded);

  auto result = h.run_until("gameresult");
  ASSERT_TRUE(result.has_value());
  EXPECT_EQ(result->at("result").as_string(), "D BUST");
  EXPECT_EQ(hand_of(result->at("blackjack").as_object(), 0).at("returned").as_string(), "40.00");
  EXPECT_EQ(h.mine(1, "gameresult")->at("stake").as_string(), "20.00");
  EXPECT_EQ(h.mine(1, "gameresult")->at("win").as_string(), "40.00");
  EXPECT_EQ(h.balance(1), eur("120"));
  EXPECT_TRUE(ledger::check_ledger(h.path).ok);
}

// Seat 1: AS KD, a blackjack; seat 2: 10C 8C (18); the dealer 9H 9D (18) draws nothing.
TEST(BlackjackPlay, ABlackjackPaysThreeToTwoAndAPushReturnsTheStake) {
  Harness h = seated("bj-natural", {"AS,10C,9H,KD,8C,9D"});
  h.fund(1, "100");
  h.fund(2, "100");
  h.start();
  h.sit(1, "Ann", 1);
  h.sit(2, "Bob", 2);
  h.bet(1, {{"SEAT_1", eur("10")}}, "a");
  h.bet(2, {{"SEAT_2", eur("10")}}, "b");
  auto dealt = h.run_until("blackjack");
  ASSERT_TRUE(dealt.has_value());
  EXPECT_TRUE(hand_of(*dealt, 0).at("blackjack").as_bool());
  EXPECT_TRUE(hand_of(*dealt, 0).at("done").as_bool());
  EXPECT_EQ(hand_of(*dealt, 0).at("total").as_int64(), 21);
  // The blackjack has nothing to decide: the first turn is seat 2's.
  auto turn = h.run_until_event(
      [](const json::object& e) { return type_of(e) == "blackjack" && e.at("turn").is_object(); });
  ASSERT_TRUE(turn.has_value());
  EXPECT_EQ(turn->at("turn").at("seat").as_int64(), 2);
  EXPECT_EQ(h.decide(1, 1, D::stand, "a-s").error(), ErrorCode::TurnEnded);
  EXPECT_FALSE(h.decide(2, 2, D::stand, "b-s").error().has_value());
  auto result = h.run_until("gameresult");
  ASSERT_TRUE(result.has_value());
  EXPECT_EQ(result->at("result").as_string(), "D 18");
  EXPECT_EQ(result->at("outcome").as_string(), "D 18|9H,9D");
  const json::object& bj = result->at("blackjack").as_object();
  EXPECT_EQ(hand_of(bj, 0).at("outcome").as_string(), "blackjack");
  EXPECT_EQ(hand_of(bj, 0).at("returned").as_string(), "25.00");
  EXPECT_EQ(hand_of(bj, 1).at("outcome").as_string(), "push");
  EXPECT_EQ(hand_of(bj, 1).at("returned").as_string(), "10.00");
  EXPECT_EQ(h.balance(1), eur("115"));
  EXPECT_EQ(h.balance(2), eur("100"));
  EXPECT_EQ(h.mine(1, "gameresult")->at("net").as_string(), "15.00");
  EXPECT_EQ(h.mine(2, "gameresult")->at("net").as_string(), "0.00");
}

}  // namespace
}  // namespace croupier::table
