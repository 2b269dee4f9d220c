// One-hand infinite blackjack under the simulated clock with scripted cards and the real
// ledger: players deciding differently on the same cards, autoplay; and the bound on the
// per-player state a blackjack table keeps.
#include <gtest/gtest.h>

#include "games/blackjack/blackjack.hpp"
#include "table/blackjack_testing.hpp"
#include "table/table_testing.hpp"

namespace croupier::table {
namespace {

using namespace blackjack_testing;

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
