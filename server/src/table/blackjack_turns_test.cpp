// Seated blackjack's turns under the simulated clock with scripted cards and the real
// ledger: the decision timer and automatic stands, refusals with their codes, a decision
// answered once, insurance, and bets behind following their seat.
#include <gtest/gtest.h>

#include "games/blackjack/blackjack.hpp"
#include "table/blackjack_testing.hpp"
#include "table/table_testing.hpp"

namespace croupier::table {
namespace {

using namespace blackjack_testing;

// ---- The timer -------------------------------------------------------------------------------

// Seat 1: 10H 2C (12), seat 2: 9D 8S (17); the dealer 6D 10D draws 8H and busts.
TEST(BlackjackPlay, NoDecisionInTimeStandsAndPassesTheTurn) {
  Harness h = seated("bj-timeout", {"10H,9D,6D,2C,8S,10D,8H"});
  h.fund(1, "100");
  h.fund(2, "100");
  h.start();
  h.sit(1, "Ann", 1);
  h.sit(2, "Bob", 2);
  h.bet(1, {{"SEAT_1", eur("10")}}, "a");
  h.bet(2, {{"SEAT_2", eur("10")}}, "b");
  auto first = h.run_until_event([](const json::object& e) { return turn_of_seat(e, 1); });
  ASSERT_TRUE(first.has_value());
  const int64_t turn_at = at_ms(*first);
  EXPECT_EQ(turn_at, kDealAt + 6 * kCard);
  h.run_for(Millis{kDecision - 1});
  EXPECT_EQ(h.last("blackjack")->at("turn").at("seat").as_int64(), 1);  // still seat 1
  const size_t mark = h.events.size();
  h.run_for(Millis{1});
  std::vector<json::object> seq = h.since(mark);
  // Seat 1 stood on 12 by itself; seat 2 has the turn with a deadline of its own.
  ASSERT_EQ(types(seq), (std::vector<std::string>{"gamestate", "blackjack"}));
  EXPECT_EQ(at_ms(seq[0]), turn_at + kDecision);
  EXPECT_EQ(seq[0].at("state").as_int64(), 11);
  EXPECT_EQ(seq[0].at("endsAt").as_int64(), kWallStart + turn_at + 2 * kDecision);
  EXPECT_EQ(seq[1].at("turn").at("seat").as_int64(), 2);
  EXPECT_EQ(cards_of(hand_of(seq[1], 0)), (std::vector<std::string>{"10H", "2C"}));
  EXPECT_TRUE(hand_of(seq[1], 0).at("done").as_bool());

  EXPECT_EQ(h.decide(1, 1, D::hit, "late").error(), ErrorCode::DecisionTimeOver);
  EXPECT_FALSE(h.decide(2, 2, D::stand, "b-s").error().has_value());
  auto result = h.run_until("gameresult");
  ASSERT_TRUE(result.has_value());
  EXPECT_EQ(h.balance(1), eur("110"));  // the dealer busted: the 12 that stood wins
  EXPECT_EQ(h.balance(2), eur("110"));
  // The player's own view counts the automatic decision.
  EXPECT_EQ(h.mine(1, "gameresult")->at("autoStands").as_int64(), 1);
  EXPECT_FALSE(h.mine(2, "gameresult")->contains("autoStands"));
}

TEST(BlackjackPlay, AutomaticStandsInARowUpToThePlayersLimitLoseTheSeat) {
  // Two rounds of seat 1: 10H 2C against 6D 10D; the dealer draws 8H.
  Harness h = seated("bj-seat-lost", {"10H,6D,2C,10D,8H", "10H,6D,2C,10D,8H"});
  h.fund(1, "100");
  h.start();
  BlackjackPrefs prefs;
  prefs.auto_stand = 2;
  h.table->set_blackjack_prefs(1, prefs);
  h.sit(1, "Ann", 1);
  h.sit(2, "Bob", 2);  // keeps the table dealing
  for (int round = 1; round <= 2; ++round) {
    SCOPED_TRACE("round " + std::to_string(round));
    ASSERT_EQ(h.bet(1, {{"SEAT_1", eur("10")}}, "r" + std::to_string(round)).accepted.size(), 1u);
    ASSERT_TRUE(h.run_until_event([](const json::object& e) { return turn_of_seat(e, 1); }));
    const size_t mark = h.events.size();
    h.run_for(Millis{kDecision});
    const std::vector<std::string> seen = types(h.since(mark));
    if (round == 1) {
      EXPECT_EQ(seen, (std::vector<std::string>{"gamestate", "blackjack"}));
    } else {
      // The second automatic stand in a row costs the seat, announced at once.
      ASSERT_EQ(seen, (std::vector<std::string>{"seats", "gamestate", "blackjack"}));
      auto seats = h.last("seats");
      EXPECT_FALSE(seats->at("seats").at(0).as_object().contains("name"));
      EXPECT_EQ(seats->at("seats").at(1).at("name").as_string(), "Bob");
    }
    ASSERT_TRUE(h.run_until("gameresult").has_value());
    ASSERT_TRUE(h.run_until("betsopen").has_value());
  }
  // The hands still settled: 12 stood twice against a busting dealer.
  EXPECT_EQ(h.balance(1), eur("120"));
  // The lost seat is refused with 1004 until the player sits again.
  BetAck refused = h.bet(1, {{"SEAT_1", eur("10")}}, "r3");
  ASSERT_EQ(refused.rejected.size(), 1u);
  EXPECT_EQ(refused.rejected[0].code, ErrorCode::SeatLost);
  EXPECT_EQ(h.decide(1, 1, D::stand, "d3").error(), ErrorCode::SeatLost);
  EXPECT_EQ(h.sit(1, "Ann", 1).seat, 1);
  EXPECT_EQ(h.bet(1, {{"SEAT_1", eur("10")}}, "r3b").accepted.size(), 1u);
}

TEST(BlackjackPlay, ARoundInWhichNobodyPlaysAHandIsCancelled) {
  Harness h = seated("bj-no-hands", {});
  h.start();
  h.sit(1, "Ann", 1);
  h.run_for(Millis{kDealAt});
  auto cancelled = h.last("cancelround");
  ASSERT_TRUE(cancelled.has_value());
  EXPECT_EQ(cancelled->at("state").as_int64(), 21);
  EXPECT_EQ(cancelled->at("reason").as_string(), "cancelled");
  EXPECT_EQ(types(h.since(h.events.size() - 3)),
            (std::vector<std::string>{"betsclosed", "cancelround", "gamestate"}));
  EXPECT_EQ(h.last("gamestate")->at("state").as_int64(), 901);
  EXPECT_FALSE(h.last("blackjack").has_value());
}

// ---- Refusals -------------------------------------------------------------------------------

// Seat 1: 9S 4C (13), seat 2: 10H 7C (17), the dealer 6D 10D; seat 1 hits 3H (16);
// the dealer draws 8H.
TEST(BlackjackPlay, DecisionsOutOfTurnOrNotAllowedAreRefusedWithTheirCodes) {
  Harness h = seated("bj-refusals", {"9S,10H,6D,4C,7C,10D,3H,8H"});
  h.fund(1, "100");
  h.fund(2, "100");
  h.start();
  h.sit(1, "Ann", 1);
  h.sit(2, "Bob", 2);
  // Nothing to decide while bets are open.
  EXPECT_EQ(h.decide(1, 1, D::hit, "early").error(), ErrorCode::InvalidDecision);
  h.bet(1, {{"SEAT_1", eur("10")}}, "a");
  h.bet(2, {{"SEAT_2", eur("10")}}, "b");
  const std::string game = h.table->round_id();
  ASSERT_TRUE(h.run_until_event([](const json::object& e) { return turn_of_seat(e, 1); }));
  const size_t mark = h.events.size();
  // Another player's seat, or one's own before its turn: 1021.
  EXPECT_EQ(h.decide(2, 1, D::hit, "b-1").error(), ErrorCode::NotYourTurn);
  EXPECT_EQ(h.decide(2, 2, D::stand, "b-2").error(), ErrorCode::NotYourTurn);
  // A seat nobody plays this round.
  EXPECT_EQ(h.decide(2, 5, D::stand, "b-5").error(), ErrorCode::NotYourTurn);
  // An earlier round named: 1006.
  DecisionCommand old;
  old.player = 1;
  old.request_id = "old";
  old.game_id = "bj-t-000000";
  old.seat = 1;
  old.decision = D::hit;
  std::optional<DecisionAck> old_ack;
  h.table->decide(old, [&](const DecisionAck& a) { old_ack = a; });
  ASSERT_TRUE(old_ack.has_value());
  EXPECT_EQ(old_ack->error(), ErrorCode::WaitForNextRound);
  // 9-4 is no pair: 1023. No insurance without an ace: 1026.
  DecisionAck split = h.decide(1, 1, D::split, "a-split");
  EXPECT_EQ(split.error(), ErrorCode::SplitFailed);
  EXPECT_EQ(split.decision, "split");
  EXPECT_EQ(h.decide(1, 1, D::insurance, "a-ins").error(), ErrorCode::InsuranceFailed);
  EXPECT_EQ(h.events.size(), mark);  // a refusal publishes nothing
  EXPECT_FALSE(h.decide(1, 1, D::hit, "a-hit").error().has_value());
  // Three cards: no double (1024).
  DecisionAck doubled = h.decide(1, 1, D::double_down, "a-double");
  EXPECT_EQ(doubled.error(), ErrorCode::DoubleFailed);
  EXPECT_FALSE(doubled.balance.has_value());
  EXPECT_EQ(h.balance(1), eur("90"));
  EXPECT_FALSE(h.decide(1, 1, D::stand, "a-stand").error().has_value());
  EXPECT_EQ(h.decide(1, 1, D::hit, "a-again").error(), ErrorCode::TurnEnded);
  EXPECT_FALSE(h.decide(2, 2, D::stand, "b-stand").error().has_value());
  // Once the decisions are over: 1017 for everyone.
  EXPECT_EQ(h.decide(2, 2, D::hit, "b-late").error(), ErrorCode::TurnEnded);
  auto result = h.run_until("gameresult");
  ASSERT_TRUE(result.has_value());
  EXPECT_EQ(result->at("gameId").as_string(), game);
  EXPECT_EQ(h.balance(1), eur("110"));
  EXPECT_EQ(h.balance(2), eur("110"));
  // With the result shown, nothing is to be decided: 1022, as before the round.
  EXPECT_EQ(h.decide(1, 1, D::hit, "a-after").error(), ErrorCode::InvalidDecision);
}

TEST(BlackjackPlay, ADecisionIsAnsweredOnceAndApartFromBetsWithTheSameRequestId) {
  // Seat 1: 2S 3D (5) against 9H up, 8C in the hole; a hit takes 4C.
  Harness h = seated("bj-repeat", {"2S,9H,3D,8C,4C,5C"});
  h.fund(1, "100");
  h.start();
  h.sit(1, "Ann", 1);
  ASSERT_EQ(h.bet(1, {{"SEAT_1", eur("10")}}, "x").accepted.size(), 1u);
  ASSERT_TRUE(h.run_until_event([](const json::object& e) { return turn_of_seat(e, 1); }));
  // The bet's request id again, now for a decision: a command of another kind, carried out.
  DecisionAck hit = h.decide(1, 1, D::hit, "x");
  EXPECT_FALSE(hit.error().has_value());
  EXPECT_EQ(hit.decision, "hit");
  const size_t mark = h.events.size();
  // The same decision again: the first answer, and no second card.
  DecisionAck again = h.decide(1, 1, D::hit, "x");
  EXPECT_FALSE(again.error().has_value());
  EXPECT_EQ(h.events.size(), mark);
  EXPECT_EQ(cards_of(hand_of(*h.last("blackjack"), 0)),
            (std::vector<std::string>{"2S", "3D", "4C"}));
  EXPECT_FALSE(h.decide(1, 1, D::stand, "y").error().has_value());
  ASSERT_TRUE(h.run_until("gameresult").has_value());
  EXPECT_EQ(h.balance(1), eur("90"));  // 9 against the dealer's 17
}

// ---- Insurance ------------------------------------------------------------------------------

// Seat 4: 10S 9D (19) against AH up, KC in the hole: a dealer blackjack.
TEST(BlackjackPlay, ADealerBlackjackPaysInsuranceTwoToOne) {
  Harness h = seated("bj-insurance", {"10S,AH,9D,KC"});
  h.fund(1, "100");
  h.start();
  h.sit(1, "Ann", 4);
  h.bet(1, {{"SEAT_4", eur("10")}}, "a");
  h.run_for(Millis{kDealAt});
  const size_t mark = h.events.size();
  h.run_for(Millis{4 * kCard});
  std::vector<json::object> seq = h.since(mark);
  const int64_t offered_at = kDealAt + 4 * kCard;
  ASSERT_EQ(types(seq), (std::vector<std::string>{"gamestate", "blackjack"}));
  EXPECT_EQ(seq[0].at("state").as_int64(), 12);
  EXPECT_EQ(seq[0].at("stateName").as_string(), "INSURANCE_WAIT");
  EXPECT_EQ(seq[0].at("endsAt").as_int64(), kWallStart + offered_at + kInsurance);
  EXPECT_EQ(seq[1].at("insurance").at("endsAt").as_int64(), kWallStart + offered_at + kInsurance);
  EXPECT_EQ(seq[1].at("insurance").at("insuranceMs").as_int64(), kInsurance);
  EXPECT_TRUE(seq[1].at("turn").is_null());
  EXPECT_TRUE(seq[1].at("seats").at(0).at("insuranceOpen").as_bool());
  EXPECT_EQ(cards_of(seq[1].at("dealer")), (std::vector<std::string>{"AH"}));
  EXPECT_EQ(h.table->state(), RoundState::insurance_wait);

  // Nothing but the answer to the offer now.
  EXPECT_EQ(h.decide(1, 4, D::hit, "hit").error(), ErrorCode::InvalidDecision);
  DecisionAck bought = h.decide(1, 4, D::insurance, "ins");
  EXPECT_FALSE(bought.error().has_value());
  EXPECT_EQ(bought.decision, "insurance");
  ASSERT_TRUE(bought.balance.has_value());
  EXPECT_EQ(bought.balance->total(), eur("85"));  // half the stake
  // The last answer in: the dealer peeks, has blackjack, and the decisions are over.
  EXPECT_EQ(h.decide(1, 4, D::insurance, "ins-2").error(), ErrorCode::TurnEnded);
  auto result = h.run_until("gameresult");
  ASSERT_TRUE(result.has_value());
  EXPECT_EQ(result->at("result").as_string(), "D BJ");
  const json::object& bj = result->at("blackjack").as_object();
  EXPECT_TRUE(bj.at("dealer").at("blackjack").as_bool());
  EXPECT_EQ(bj.at("seats").at(0).at("insurance").as_string(), "5.00");
  EXPECT_EQ(hand_of(bj, 0).at("outcome").as_string(), "lose");
  // The hand loses 10; insurance returns 15 for 5.
  EXPECT_EQ(h.balance(1), eur("100"));
  EXPECT_EQ(h.mine(1, "gameresult")->at("stake").as_string(), "15.00");
  EXPECT_EQ(h.mine(1, "gameresult")->at("win").as_string(), "15.00");
  // No state 11 in a round the dealer's blackjack ended.
  for (const auto& e : h.all("gamestate", mark)) EXPECT_NE(e.at("state").as_int64(), 11);
  EXPECT_TRUE(ledger::check_ledger(h.path).ok);
}

// ---- Bets behind ----------------------------------------------------------------------------

// Seat 1 (Ann): 9S 2C doubles on KS; the dealer 6D 10D draws 8H and busts. Cat bets
// behind and follows doubles; Dan bets behind and does not.
TEST(BlackjackPlay, BetsBehindFollowTheSeatsDecisionsByTheirPreferences) {
  Harness h = seated("bj-behind", {"9S,6D,2C,10D,KS,8H"});
  for (PlayerId p : {1, 2, 3}) h.fund(p, "100");
  h.start();
  BlackjackPrefs no_double;
  no_double.doubledown = false;
  h.table->set_blackjack_prefs(3, no_double);
  h.sit(1, "Ann", 1);
  ASSERT_EQ(h.bet(1, {{"SEAT_1", eur("10")}}, "a", "Ann").accepted.size(), 1u);
  ASSERT_EQ(h.bet(2, {{"BB_1", eur("5")}}, "c", "Cat").accepted.size(), 1u);
  ASSERT_EQ(h.bet(3, {{"BB_1", eur("5")}}, "d", "Dan").accepted.size(), 1u);
  // Nobody bets behind an empty seat, on a seat not theirs, or behind their own seat.
  BetAck refused = h.bet(2, {{"BB_5", eur("5")}, {"SEAT_1", eur("5")}}, "c2");
  ASSERT_EQ(refused.rejected.size(), 2u);
  EXPECT_EQ(refused.rejected[0].code, ErrorCode::SeatError);
  EXPECT_EQ(refused.rejected[1].code, ErrorCode::SeatError);
  EXPECT_EQ(h.bet(1, {{"BB_1", eur("5")}}, "a2").rejected.at(0).code, ErrorCode::SeatError);

  auto turn = h.run_until_event([](const json::object& e) { return turn_of_seat(e, 1); });
  ASSERT_TRUE(turn.has_value());
  const json::object& behind = turn->at("seats").at(0).at("behind").as_object();
  EXPECT_EQ(behind.at("players").as_int64(), 2);
  EXPECT_EQ(behind.at("total").as_string(), "10.00");
  // Each player behind sees their own hand, with the seat's cards.
  auto cat_view = h.mine(2, "blackjack");
  ASSERT_TRUE(cat_view.has_value());
  EXPECT_EQ(cards_of(cat_view->at("behind").at(0).at("hands").at(0)),
            (std::vector<std::string>{"9S", "2C"}));
  EXPECT_EQ(cat_view->at("behind").at(0).at("seat").as_int64(), 1);
  // Those behind do not decide.
  EXPECT_EQ(h.decide(2, 1, D::hit, "c-hit").error(), ErrorCode::NotYourTurn);

  EXPECT_FALSE(h.decide(1, 1, D::double_down, "a-d").error().has_value());
  EXPECT_EQ(h.balance(2), eur("90"));  // Cat's double was taken too
  EXPECT_EQ(h.balance(3), eur("95"));
  auto result = h.run_until("gameresult");
  ASSERT_TRUE(result.has_value());
  auto cat = h.mine(2, "gameresult");
  auto dan = h.mine(3, "gameresult");
  ASSERT_TRUE(cat.has_value() && dan.has_value());
  const json::value& cat_hand = cat->at("behind").at(0).at("hands").at(0);
  const json::value& dan_hand = dan->at("behind").at(0).at("hands").at(0);
  EXPECT_EQ(cards_of(cat_hand), (std::vector<std::string>{"9S", "2C", "KS"}));
  EXPECT_TRUE(cat_hand.at("doubled").as_bool());
  EXPECT_EQ(cards_of(dan_hand), (std::vector<std::string>{"9S", "2C", "KS"}));
  EXPECT_FALSE(dan_hand.at("doubled").as_bool());
  EXPECT_EQ(dan_hand.at("outcome").as_string(), "win");
  EXPECT_FALSE(result->contains("behind"));  // only in the players' own views
  EXPECT_EQ(h.balance(1), eur("120"));
  EXPECT_EQ(h.balance(2), eur("110"));
  EXPECT_EQ(h.balance(3), eur("105"));
  EXPECT_TRUE(ledger::check_ledger(h.path).ok);
}

TEST(BlackjackPlay, ABetBehindIsRefusedWhenTheSeatsPlayerDisallowsIt) {
  Harness h = seated("bj-behind-refused", {});
  h.fund(2, "100");
  h.start();
  BlackjackPrefs closed;
  closed.allow_bet_behind = false;
  h.table->set_blackjack_prefs(1, closed);
  h.sit(1, "Ann", 1);
  BetAck refused = h.bet(2, {{"BB_1", eur("5")}}, "c");
  EXPECT_TRUE(refused.accepted.empty());
  ASSERT_EQ(refused.rejected.size(), 1u);
  EXPECT_EQ(refused.rejected[0].code, ErrorCode::BetsNotAccepted);
  EXPECT_EQ(refused.rejected[0].reason, "bet_behind");
  EXPECT_EQ(refused.error(), ErrorCode::BetsNotAccepted);
  EXPECT_EQ(h.balance(2), eur("100"));
}

}  // namespace
}  // namespace croupier::table
