// Human-dealt tables (docs/studio.md "A human-dealt round") driven under the simulated clock
// with the real ledger: the table waits for the dealer to open betting and to spin or deal;
// each card is shown as entered, a misread card taken back; nothing is recorded or paid
// before the dealer confirms; a void refunds every bet once; a supervisor's switch between
// human and RNG dealing waits for the round boundary, and a pause lets the round in play end
// and opens no other.
#include <gtest/gtest.h>

#include "core/fair.hpp"
#include "table/card_testing.hpp"
#include "table/roulette_table_testing.hpp"

namespace croupier::table {
namespace {

using namespace card_testing;
using A = DealerCommand::Action;

// The dealer's action as the actor runs it: then the table moves on.
std::optional<Refusal> deal(table_testing::Harness& h, A action, std::string value = {}) {
  auto r = h.table->dealer({action, std::move(value)});
  h.table->advance();
  h.drain();
  return r;
}

std::string detail(const std::optional<Refusal>& r) {
  return r ? r->detail : std::string("(taken)");
}

Harness human_baccarat(const std::string& name) {
  return baccarat(name, {}, [](TableConfig& c) { c.human_dealer = true; });
}

TEST(HumanPlay, BaccaratWaitsForTheDealerShowsEachCardAndPaysOnlyOnConfirmation) {
  Harness h = human_baccarat("human-bac");
  h.fund(1, "100");
  h.fund(2, "100");
  h.start();
  // Nothing opens by itself: the table waits for the dealer (state 901).
  h.run_for(Millis{60000});
  EXPECT_FALSE(h.last("betsopen").has_value());
  EXPECT_EQ(h.table->state(), RoundState::wait_for_next_game);
  EXPECT_EQ(detail(deal(h, A::card, "2H")), "the round is not being dealt");
  EXPECT_FALSE(deal(h, A::open).has_value());
  ASSERT_TRUE(h.last("betsopen").has_value());
  ASSERT_EQ(h.bet(1, {{"PLAYER", eur("10")}}, "p1").accepted.size(), 1u);
  ASSERT_EQ(h.bet(2, {{"BANKER", eur("10")}}, "b1").accepted.size(), 1u);
  EXPECT_EQ(detail(deal(h, A::card, "2H")), "close betting first");
  EXPECT_FALSE(deal(h, A::close).has_value());
  ASSERT_TRUE(h.last("betsclosed").has_value());
  // The dealer has not dealt: the round waits, however long.
  const size_t closed = h.events.size();
  h.run_for(Millis{60000});
  EXPECT_EQ(h.events.size(), closed);
  EXPECT_EQ(h.table->state(), RoundState::bets_closed);

  // The first card starts the deal.
  EXPECT_FALSE(deal(h, A::card, "2H").has_value());
  EXPECT_EQ(h.table->state(), RoundState::dealing);
  for (const char* c : {"KS", "3D", "3C", "4C"}) EXPECT_FALSE(deal(h, A::card, c).has_value()) << c;
  EXPECT_EQ(detail(deal(h, A::card, "ZZ")), "ZZ is not a card (AS, 10H, QD, 7C)");
  EXPECT_EQ(h.table->dealer_view().next_hand, "banker");
  // A misread: the banker's third card taken back and scanned again.
  EXPECT_FALSE(deal(h, A::card, "9D").has_value());
  EXPECT_TRUE(h.table->dealer_view().can_confirm);
  EXPECT_FALSE(deal(h, A::undo).has_value());
  auto withdrawn = h.last("card");
  ASSERT_TRUE(withdrawn.has_value());
  EXPECT_TRUE(withdrawn->at("withdrawn").as_bool());
  EXPECT_EQ(withdrawn->at("index").as_int64(), 5);
  EXPECT_FALSE(withdrawn->contains("card"));
  EXPECT_FALSE(h.table->dealer_view().can_confirm);
  EXPECT_EQ(detail(deal(h, A::confirm)), "the deal is not complete: the next card goes to banker");
  EXPECT_FALSE(deal(h, A::card, "5H").has_value());
  EXPECT_EQ(detail(deal(h, A::card, "6H")),
            "the deal is complete: confirm it, or take back a card");

  // Every card as players saw it: dealing order, the withdrawn one between.
  std::vector<std::string> seen;
  for (const auto& c : h.all("card", closed))
    seen.push_back(c.contains("withdrawn") ? "withdrawn"
                                           : std::string(c.at("hand").as_string()) + ":" +
                                                 std::string(c.at("card").as_string()));
  EXPECT_EQ(seen, (std::vector<std::string>{"player:2H", "banker:KS", "player:3D", "banker:3C",
                                            "player:4C", "banker:9D", "withdrawn", "banker:5H"}));
  const table::DealerView before = h.table->dealer_view();
  EXPECT_EQ(before.result, "P 9-8");
  EXPECT_EQ(before.bettors, 2u);
  EXPECT_EQ(before.stakes.at("EUR"), eur("20"));
  // Not confirmed: nothing recorded, nothing paid, however long the dealer takes.
  h.run_for(Millis{60000});
  EXPECT_FALSE(h.last("gameresult").has_value());
  EXPECT_EQ(h.balance(1), eur("90"));

  EXPECT_FALSE(deal(h, A::confirm).has_value());
  h.run_for(Millis{10});
  auto result = h.last("gameresult");
  ASSERT_TRUE(result.has_value());
  EXPECT_EQ(result->at("result").as_string(), "P 9-8");
  EXPECT_EQ(card_texts(result->at("cards").as_array()),
            (std::vector<std::string>{"player:2H", "banker:KS", "player:3D", "banker:3C",
                                      "player:4C", "banker:5H"}));
  EXPECT_EQ(h.balance(1), eur("110"));
  EXPECT_EQ(h.balance(2), eur("90"));
  // No seed drew it: none is revealed, and the round's record says so.
  EXPECT_FALSE(result->contains("serverSeed") && !result->at("serverSeed").as_string().empty());
  auto fair = h.ledger->fair_round(std::string(result->at("gameId").as_string()));
  ASSERT_TRUE(fair && fair->fair);
  auto record = fair::decode(*fair->fair);
  ASSERT_TRUE(record.has_value());
  EXPECT_TRUE(record->human);
  EXPECT_TRUE(record->seed.empty());

  // The next round waits for the dealer again.
  h.run_for(Millis{60000});
  EXPECT_EQ(h.all("betsopen").size(), 1u);
  EXPECT_EQ(h.table->state(), RoundState::wait_for_next_game);
  EXPECT_TRUE(h.table->dealer_view().can_open);
  EXPECT_TRUE(ledger::check_ledger(h.path).ok);
}

TEST(HumanPlay, AVoidRefundsEveryBetOnceAndItsCardsLeaveTheShoe) {
  Harness h = baccarat("human-void", {}, [](TableConfig& c) {
    c.human_dealer = true;
    c.shoe_decks = 1;
  });
  h.fund(1, "100");
  h.start();
  deal(h, A::open);
  ASSERT_EQ(h.bet(1, {{"PLAYER", eur("10")}, {"TIE", eur("5")}}, "p1").accepted.size(), 2u);
  EXPECT_EQ(h.balance(1), eur("85"));
  deal(h, A::close);
  EXPECT_FALSE(deal(h, A::card, "AS").has_value());
  EXPECT_FALSE(deal(h, A::void_round).has_value());
  auto cancelled = h.last("cancelround");
  ASSERT_TRUE(cancelled.has_value());
  EXPECT_EQ(h.balance(1), eur("100"));
  EXPECT_EQ(h.personal[1].back().at("refunded").as_string(), "15.00");
  // Voided once: again is refused, and nothing moves.
  EXPECT_TRUE(deal(h, A::void_round).has_value());
  EXPECT_EQ(h.all("cancelround").size(), 1u);
  EXPECT_EQ(h.balance(1), eur("100"));
  // The ace of spades was burnt: a one-deck shoe has no other. (Betting opens once the
  // pause after a round is over.)
  deal(h, A::open);
  h.run_for(Millis{1500});
  EXPECT_FALSE(deal(h, A::close).has_value());
  EXPECT_EQ(detail(deal(h, A::card, "AS")), "AS cannot be dealt again: the shoe's 1 of it are out");
  // A new shoe between rounds brings it back.
  EXPECT_FALSE(deal(h, A::void_round).has_value());
  EXPECT_FALSE(deal(h, A::new_shoe).has_value());
  EXPECT_TRUE(h.last("endshuffling").has_value());
  deal(h, A::open);
  h.run_for(Millis{1500});
  EXPECT_FALSE(deal(h, A::close).has_value());
  EXPECT_FALSE(deal(h, A::card, "AS").has_value());
  EXPECT_TRUE(ledger::check_ledger(h.path).ok);
}

TEST(HumanPlay, RouletteWaitsForTheSpinAndTakesOnlyANumberOnTheWheel) {
  TableConfig c = roulette_table_testing::test_config();
  c.human_dealer = true;
  roulette_table_testing::Harness h("human-rou", roulette_table_testing::test_engines(), 1, c);
  h.fund(1, "100");
  h.start();
  deal(h, A::open);
  ASSERT_EQ(h.bet(1, {{"STRAIGHT_17", eur("1")}, {"RED", eur("10")}}, "r1").accepted.size(), 2u);
  deal(h, A::close);
  EXPECT_EQ(detail(deal(h, A::number, "17")), "the ball has not been spun");
  EXPECT_EQ(detail(deal(h, A::card, "AS")),
            "this table's results are numbers: spin, then enter the number");
  EXPECT_FALSE(deal(h, A::spin).has_value());
  auto spinning = h.last("gamestate");
  ASSERT_TRUE(spinning.has_value());
  EXPECT_EQ(spinning->at("state").as_int64(), 6);
  EXPECT_EQ(detail(deal(h, A::number, "37")), "no pocket 37 on a European wheel");
  EXPECT_EQ(detail(deal(h, A::number, "00")), "no pocket 00 on a European wheel");
  EXPECT_EQ(detail(deal(h, A::confirm)), "no number is entered");
  EXPECT_FALSE(deal(h, A::number, "18").has_value());
  EXPECT_FALSE(deal(h, A::number, "17").has_value());  // corrected before confirmation
  EXPECT_EQ(h.table->dealer_view().number, "17");
  h.run_for(Millis{30000});
  EXPECT_FALSE(h.last("gameresult").has_value());
  EXPECT_FALSE(deal(h, A::confirm).has_value());
  h.run_for(Millis{10});
  auto result = h.last("gameresult");
  ASSERT_TRUE(result.has_value());
  EXPECT_EQ(result->at("result").as_string(), "17");
  // 17 straight up pays 35 to 1, and 17 is black: 100 - 11 + 36.
  EXPECT_EQ(h.balance(1), eur("125"));
  EXPECT_TRUE(ledger::check_ledger(h.path).ok);
}

TEST(HumanPlay, ASwitchWaitsForTheRoundBoundaryAndAPauseOpensNoRound) {
  Harness h = baccarat("human-switch", {kSixCards});
  h.fund(1, "100");
  h.start();
  EXPECT_TRUE(h.table->dealer({A::open, ""}).has_value());  // dealt by the RNG
  ASSERT_EQ(h.bet(1, {{"PLAYER", eur("10")}}, "p1").accepted.size(), 1u);
  EXPECT_FALSE(h.table->set_dealer_mode(true).has_value());
  EXPECT_EQ(h.table->dealer_view().next_human, true);
  EXPECT_FALSE(h.table->dealer_view().human);
  // The RNG's round plays to its end, then the table waits for a person.
  auto result = h.run_until("gameresult");
  ASSERT_TRUE(result.has_value());
  EXPECT_EQ(h.balance(1), eur("110"));
  h.run_for(Millis{60000});
  EXPECT_EQ(h.all("betsopen").size(), 1u);
  EXPECT_TRUE(h.table->dealer_view().human);
  // Back to the RNG between rounds: at once.
  h.table->set_dealer_mode(false);
  h.table->advance();
  h.drain();
  h.run_for(Millis{10});
  EXPECT_EQ(h.all("betsopen").size(), 2u);
  // Paused: the round in play ends, and no other opens until resumed.
  h.table->pause(true);
  ASSERT_TRUE(h.run_until("gameresult").has_value());
  h.run_for(Millis{60000});
  EXPECT_EQ(h.all("betsopen").size(), 2u);
  h.table->pause(false);
  h.table->advance();
  h.drain();
  h.run_for(Millis{10});
  EXPECT_EQ(h.all("betsopen").size(), 3u);
  EXPECT_TRUE(ledger::check_ledger(h.path).ok);
}

TEST(HumanPlay, AShutdownRefundsARoundTheDealerHasNotConfirmed) {
  Harness h = human_baccarat("human-shutdown");
  h.fund(1, "100");
  h.start();
  deal(h, A::open);
  h.bet(1, {{"BANKER", eur("20")}}, "b1");
  deal(h, A::close);
  deal(h, A::card, "2H");
  bool done = false;
  h.table->shutdown([&] { done = true; });
  h.drain();
  EXPECT_TRUE(done);
  EXPECT_EQ(h.balance(1), eur("100"));
  EXPECT_EQ(types(h.events).back(), "table_closed");
  EXPECT_TRUE(ledger::check_ledger(h.path).ok);
}

TEST(HumanPlay, OneOpenOpensOneRoundAndARefusedFirstCardStartsNoDeal) {
  Harness h = human_baccarat("human-open-once");
  h.fund(1, "100");
  h.start();
  // A double click: the second Open comes while the ledger opens the round.
  EXPECT_FALSE(h.table->dealer({A::open, ""}).has_value());
  h.table->advance();
  EXPECT_EQ(detail(h.table->dealer({A::open, ""})), "betting is opening already");
  h.drain();
  ASSERT_EQ(h.all("betsopen").size(), 1u);
  EXPECT_FALSE(deal(h, A::close).has_value());
  EXPECT_EQ(detail(deal(h, A::card, "1X")), "1X is not a card (AS, 10H, QD, 7C)");
  EXPECT_EQ(h.table->state(), RoundState::bets_closed);  // still waiting for the first card
  deal(h, A::void_round);
  // The round is over and nothing else opens by itself.
  h.run_for(Millis{60000});
  EXPECT_EQ(h.all("betsopen").size(), 1u);
}

TEST(HumanPlay, ARoundItsDealerNeverStartedGoesToTheRngAtOnce) {
  Harness h = human_baccarat("human-to-rng");
  h.fund(1, "100");
  h.start();
  deal(h, A::open);
  ASSERT_EQ(h.bet(1, {{"PLAYER", eur("10")}}, "p1").accepted.size(), 1u);
  deal(h, A::close);
  h.run_for(Millis{30000});
  EXPECT_FALSE(h.last("gameresult").has_value());
  // The dealer has gone: the supervisor switches to the RNG, which deals this round.
  EXPECT_FALSE(h.table->set_dealer_mode(false).has_value());
  h.table->advance();
  h.drain();
  ASSERT_TRUE(h.run_until("gameresult").has_value());
  EXPECT_FALSE(h.table->dealer_view().human);
  EXPECT_TRUE(ledger::check_ledger(h.path).ok);
}

TEST(HumanPlay, ATableWaitingForItsDealerOrPausedIsHandedOverAtOnce) {
  Harness h = human_baccarat("human-hand-over");
  h.start();
  bool gone = false;
  h.table->hand_over([&] { gone = true; });
  EXPECT_TRUE(gone);
  Harness paused = baccarat("paused-hand-over", {kSixCards});
  paused.start();
  paused.table->pause(true);
  ASSERT_TRUE(paused.run_until("gameresult").has_value());
  paused.run_for(Millis{5000});
  bool moved = false;
  paused.table->hand_over([&] { moved = true; });
  EXPECT_TRUE(moved);
}

}  // namespace
}  // namespace croupier::table
