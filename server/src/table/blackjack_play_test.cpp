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
#include "table/table_testing.hpp"

namespace croupier::table {
namespace {

using namespace table_testing;
using D = games::blackjack::Decision;

// Betting 5 s (closing soon at 4 s), bets closed 0.5 s, 100 ms a card, 4 s a decision,
// 2 s for insurance, 1 s of decision closing, result 2 s, next round 1 s.
constexpr int64_t kBetting = 5000;
constexpr int64_t kDealAt = 5500;  // after the round opened
constexpr int64_t kCard = 100;
constexpr int64_t kDecision = 4000;
constexpr int64_t kInsurance = 2000;
constexpr int64_t kClosing = 1000;

TableConfig bj_config(const std::string& game, std::vector<std::string> script = {}) {
  TableConfig c;
  c.id = game == "onebj" ? "onebj-t" : "bj-t";
  c.name = "Test " + game;
  c.game = game;
  c.type = game;
  c.variant = game == "onebj" ? "infinite" : "classic";
  c.seats = game == "blackjack" ? 7 : 0;
  c.timings.betting = Millis{kBetting};
  c.timings.closing_soon = Millis{1000};
  c.timings.bets_closed = Millis{kDealAt - kBetting};
  c.timings.result = Millis{2000};
  c.timings.next_game = Millis{1000};
  c.timings.timer_interval = Millis{kBetting};
  c.timings.decision = Millis{kDecision};
  c.timings.insurance = Millis{kInsurance};
  c.timings.card = Millis{kCard};
  c.timings.decision_closing = Millis{kClosing};
  c.scripted_results = std::move(script);
  return c;
}

Harness seated(const std::string& name, std::vector<std::string> script) {
  return Harness(name, bj_config("blackjack", std::move(script)),
                 engines_for("blackjack", "classic"));
}

Harness onebj(const std::string& name, std::vector<std::string> script) {
  return Harness(name, bj_config("onebj", std::move(script)), engines_for("onebj", "infinite"));
}

std::vector<std::string> cards_of(const json::value& hand) {
  std::vector<std::string> out;
  for (const auto& c : hand.at("cards").as_array()) out.emplace_back(c.as_string());
  return out;
}

const json::value& hand_of(const json::object& bj, size_t seat_index, size_t hand = 0) {
  return bj.at("seats").at(seat_index).at("hands").at(hand);
}

bool turn_of_seat(const json::object& e, int seat) {
  return type_of(e) == "blackjack" && e.at("turn").is_object() &&
         e.at("turn").as_object().contains("seat") && e.at("turn").at("seat").as_int64() == seat;
}

bool step(const json::object& e, int n) {
  return type_of(e) == "blackjack" && e.at("turn").is_object() &&
         e.at("turn").as_object().contains("step") && e.at("turn").at("step").as_int64() == n;
}

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

// ---- One-hand infinite blackjack --------------------------------------------------------------

// The common hand 9S 2C against 6D (10D in the hole); the first extra card is 5H for
// everyone who takes one; the dealer's 16 draws 8H and busts.
TEST(BlackjackPlay, OnebjPlayersDecideDifferentlyOnTheSameCardsAndSettleApart) {
  Harness h = onebj("onebj-two", {"9S,6D,2C,10D,5H,8H"});
  h.fund(1, "100");
  h.fund(2, "100");
  h.start();
  ASSERT_EQ(h.last("betsopen")->at("gameId").as_string(), "onebj-t-000001");
  ASSERT_EQ(h.bet(1, {{"MAIN", eur("5")}}, "x", "Xia").accepted.size(), 1u);
  ASSERT_EQ(h.bet(2, {{"MAIN", eur("5")}}, "y", "Yan").accepted.size(), 1u);
  auto first = h.run_until_event([](const json::object& e) { return step(e, 1); });
  ASSERT_TRUE(first.has_value());
  const int64_t step_at = at_ms(*first);
  EXPECT_EQ(step_at, kDealAt + 4 * kCard);  // one common hand: four cards
  EXPECT_EQ(cards_of(json::object{{"cards", first->at("shared")}}),
            (std::vector<std::string>{"9S", "2C"}));
  EXPECT_EQ(first->at("players").as_int64(), 2);
  EXPECT_TRUE(first->at("seats").as_array().empty());
  EXPECT_EQ(first->at("turn").at("endsAt").as_int64(), kWallStart + step_at + kDecision);
  auto yan_view = h.mine(2, "blackjack");
  ASSERT_TRUE(yan_view.has_value());
  EXPECT_EQ(cards_of(yan_view->at("you").at("hands").at(0)),
            (std::vector<std::string>{"9S", "2C"}));
  EXPECT_FALSE(yan_view->at("you").at("decided").as_bool());

  DecisionAck doubled = h.decide(2, 0, D::double_down, "y-d");
  EXPECT_FALSE(doubled.error().has_value());
  ASSERT_TRUE(doubled.balance.has_value());
  EXPECT_EQ(doubled.balance->total(), eur("90"));
  EXPECT_TRUE(h.mine(2, "blackjack")->at("you").at("decided").as_bool());
  EXPECT_EQ(h.mine(2, "blackjack")->at("you").at("decision").as_string(), "double");
  // One decision a step: another is 1019; the same one again is simply acknowledged.
  EXPECT_EQ(h.decide(2, 0, D::hit, "y-h").error(), ErrorCode::CannotAlterDecision);
  EXPECT_FALSE(h.decide(2, 0, D::double_down, "y-d2").error().has_value());
  EXPECT_EQ(h.balance(2), eur("90"));
  // The step ends as soon as everyone has decided.
  EXPECT_FALSE(h.decide(1, 0, D::hit, "x-h").error().has_value());
  auto second = h.last("blackjack");
  ASSERT_TRUE(step(*second, 2));
  EXPECT_EQ(at_ms(*second), step_at);
  EXPECT_EQ(cards_of(json::object{{"cards", second->at("shared")}}),
            (std::vector<std::string>{"9S", "2C", "5H"}));
  auto xia_view = h.mine(1, "blackjack");
  EXPECT_EQ(cards_of(xia_view->at("you").at("hands").at(0)),
            (std::vector<std::string>{"9S", "2C", "5H"}));
  EXPECT_FALSE(xia_view->at("you").at("hands").at(0).at("doubled").as_bool());
  // Yan's doubled hand is finished: nothing more for him.
  EXPECT_EQ(h.decide(2, 0, D::stand, "y-s").error(), ErrorCode::TurnEnded);
  EXPECT_FALSE(h.decide(1, 0, D::stand, "x-s").error().has_value());

  auto result = h.run_until("gameresult");
  ASSERT_TRUE(result.has_value());
  EXPECT_EQ(result->at("result").as_string(), "D BUST");
  EXPECT_EQ(result->at("outcome").as_string(), "D BUST|6D,10D,8H");
  auto xr = h.mine(1, "gameresult");
  auto yr = h.mine(2, "gameresult");
  ASSERT_TRUE(xr.has_value() && yr.has_value());
  const json::value& yh = yr->at("you").at("hands").at(0);
  EXPECT_EQ(cards_of(yh), (std::vector<std::string>{"9S", "2C", "5H"}));
  EXPECT_TRUE(yh.at("doubled").as_bool());
  EXPECT_EQ(yh.at("outcome").as_string(), "win");
  EXPECT_EQ(xr->at("you").at("hands").at(0).at("returned").as_string(), "10.00");
  EXPECT_EQ(yr->at("win").as_string(), "20.00");
  EXPECT_EQ(h.balance(1), eur("105"));
  EXPECT_EQ(h.balance(2), eur("110"));
  EXPECT_TRUE(ledger::check_ledger(h.path).ok);
}

// 10S 7C (17) against 6D (10D in the hole) in the first round; later rounds from the shoe.
TEST(BlackjackPlay, OnebjAutoplayPlaysTheRoundsByTheStrategyAndReportsCompleted) {
  Harness h = onebj("onebj-autoplay", {"10S,6D,7C,10D"});
  h.fund(1, "100");
  h.fund(2, "100");
  h.start();
  AutoplayCommand c;
  c.player = 1;
  c.name = "Xia";
  c.currency = "EUR";
  c.request_id = "ap";
  c.rounds = 2;
  // Nothing to repeat yet: 1008.
  AutoplayAck none = h.table->autoplay(c);
  EXPECT_EQ(none.error(), ErrorCode::BetsNotAccepted);
  ASSERT_EQ(h.bet(1, {{"MAIN", eur("5")}}, "x", "Xia").accepted.size(), 1u);
  AutoplayCommand too_many = c;
  too_many.rounds = 101;
  EXPECT_EQ(h.table->autoplay(too_many).error(), ErrorCode::InvalidBet);
  AutoplayAck ack = h.table->autoplay(c);
  EXPECT_FALSE(ack.error().has_value());
  EXPECT_EQ(ack.state, "started");
  EXPECT_EQ(ack.rounds, 2);
  EXPECT_EQ(ack.request_id, "ap");

  // Round 1: the strategy stands on 17 against a 6 without the player deciding.
  auto first = h.run_until("gameresult");
  ASSERT_TRUE(first.has_value());
  auto mine = h.mine(1, "gameresult");
  ASSERT_TRUE(mine.has_value());
  EXPECT_EQ(cards_of(mine->at("you").at("hands").at(0)), (std::vector<std::string>{"10S", "7C"}));
  EXPECT_FALSE(mine->at("you").at("timedOut").as_bool());
  EXPECT_EQ(mine->at("autoplay").at("state").as_string(), "running");
  EXPECT_EQ(mine->at("autoplay").at("roundsLeft").as_int64(), 1);

  // Round 2: the last bet is repeated when the round opens.
  const Money before = h.balance(1);
  auto open = h.run_until("betsopen");
  ASSERT_TRUE(open.has_value());
  auto my_open = h.mine(1, "betsopen");
  ASSERT_TRUE(my_open.has_value());
  EXPECT_EQ(my_open->at("autoplay").at("roundsLeft").as_int64(), 1);
  EXPECT_FALSE(open->contains("autoplay"));
  EXPECT_EQ(h.balance(1), before - eur("5"));
  json::object snap = h.snapshot(1);
  EXPECT_EQ(snap.at("myTotal").as_string(), "5.00");
  EXPECT_EQ(snap.at("autoplay").at("state").as_string(), "running");
  auto second = h.run_until("gameresult");
  ASSERT_TRUE(second.has_value());
  mine = h.mine(1, "gameresult");
  EXPECT_EQ(mine->at("autoplay").at("state").as_string(), "completed");
  EXPECT_EQ(mine->at("autoplay").at("roundsLeft").as_int64(), 0);
  EXPECT_EQ(h.balance(1), before - *parse_money(mine->at("stake").as_string()) +
                              *parse_money(mine->at("win").as_string()));

  // Round 3: no more bets for the player.
  ASSERT_TRUE(h.run_until("betsopen").has_value());
  EXPECT_EQ(h.snapshot(1).at("myBets").as_array().size(), 0u);
  EXPECT_EQ(h.snapshot(1).at("autoplay").at("state").as_string(), "completed");
  EXPECT_TRUE(ledger::check_ledger(h.path).ok);
}

TEST(BlackjackPlay, AutoplayIsOnlyForOnebj) {
  Harness h = seated("bj-no-autoplay", {});
  h.start();
  AutoplayCommand c;
  c.player = 1;
  c.currency = "EUR";
  c.request_id = "ap";
  c.rounds = 3;
  AutoplayAck ack = h.table->autoplay(c);
  EXPECT_EQ(ack.error(), ErrorCode::BetsNotAccepted);
  EXPECT_TRUE(ack.state.empty());
}

TEST(BlackjackPlay, PerPlayerStateIsForgottenForIdlePlayersPastItsMaximum) {
  TableConfig cfg = bj_config("onebj");
  cfg.players_remembered_max = 3;
  Harness h("bj-remembered", std::move(cfg), engines_for("onebj", "infinite"));
  h.fund(1, "100");
  h.table->start();
  h.drain();
  // Three players' preferences fit; the table keeps them across a round.
  for (PlayerId p : {1, 2, 3}) h.table->set_blackjack_prefs(p, BlackjackPrefs{});
  h.run_for(Millis{20000});
  EXPECT_EQ(h.table->players_remembered(), 3u);
  // Past the maximum every idle player is forgotten; one who has bets this round is not.
  ASSERT_EQ(h.bet(1, {{"MAIN", eur("1")}}, "r").accepted.size(), 1u);
  for (PlayerId p : {4, 5}) {
    h.table->set_blackjack_prefs(p, BlackjackPrefs{});
    EXPECT_LE(h.table->players_remembered(), 3u);
  }
  EXPECT_EQ(h.table->players_remembered(), 2u);  // the bettor, and the last to subscribe
  h.run_for(Millis{30000});
  ASSERT_TRUE(h.last("gameresult").has_value());
  EXPECT_EQ(h.table->players_remembered(), 2u);
}

TEST(BlackjackPlay, PreferencesOfIdlePlayersAreForgottenWithoutARound) {
  // A table that settles no round (a blackjack table nobody sits at) still stays bounded.
  TableConfig cfg = bj_config("blackjack");
  cfg.players_remembered_max = 3;
  Harness h("bj-remembered-idle", std::move(cfg), engines_for("blackjack", "classic"));
  for (PlayerId p = 1; p <= 10; ++p) h.table->set_blackjack_prefs(p, BlackjackPrefs{});
  EXPECT_LE(h.table->players_remembered(), 3u);
}

}  // namespace
}  // namespace croupier::table
