// The show flow (show_flow.hpp) under a simulated clock: the first result, then each step of
// the plan in time; choices open to the bonus's players only, until their deadline, the
// last one counting; defaults for the rest; a bonus everybody left stops; a table that shuts
// down gets the defaults; each stake returns what its player's choices say.
#include "games/show/show_flow.hpp"

#include <gtest/gtest.h>

#include "core/rng.hpp"
#include "games/show/boom_or_bust.hpp"
#include "games/show/sweet_bonanza.hpp"

namespace croupier::games::show {
namespace {

constexpr Millis kSpin{5000}, kReveal{1000}, kChoose{2000}, kGrace{300};

struct Rig {
  std::unique_ptr<ShowEngine> engine;
  ShowFlow flow;
  MonoTime now{};
  SeededRng rng{1};
  FlowOut out;
  // Most tests close a choice at its deadline (no grace); the grace has its own test.
  explicit Rig(std::unique_ptr<ShowEngine> e, Millis grace = Millis{0})
      : engine(std::move(e)), flow(*engine, ShowFlowConfig{kReveal, kChoose, grace}) {}

  void begin(const std::string& outcome, std::vector<FlowStake> stakes) {
    FlowStart start;
    start.now = now;
    start.spin = kSpin;
    start.scripted = engine->decode(outcome);
    ASSERT_TRUE(start.scripted) << outcome;
    start.stakes = std::move(stakes);
    flow.begin(start, rng, out);
  }
  // Runs the flow to `t` ms after now, calling advance at each deadline on the way.
  void run_for(int64_t ms) {
    const MonoTime end = now + Millis{ms};
    while (!flow.done()) {
      auto d = flow.deadline(now);
      if (!d || *d > end) break;
      now = *d;
      flow.advance(now, out);
    }
    now = end;
    flow.advance(now, out);
  }
  std::vector<StepShown> steps() const {
    std::vector<StepShown> s;
    for (const auto& e : out)
      if (auto p = std::get_if<StepShown>(&e)) s.push_back(*p);
    return s;
  }
  Money returned(const std::vector<FlowStake>& stakes, size_t i) const {
    return flow.returns(stakes)[i].second;
  }
};

FlowStake stake(PlayerRef player, std::string spot, int64_t major, BetRef bet) {
  return {player, "p" + std::to_string(player), std::move(spot), Money::from_major(major), bet,
          "EUR"};
}

TEST(ShowFlow, APlainResultEndsWithTheSpin) {
  Rig r(candy::make_engine({}));
  const std::vector<FlowStake> stakes = {stake(1, "5", 10, 1), stake(2, "1", 10, 2)};
  r.begin("5|7", stakes);
  EXPECT_FALSE(r.flow.done());
  r.run_for(kSpin.count());
  EXPECT_TRUE(r.flow.done());
  EXPECT_TRUE(r.steps().empty());
  EXPECT_EQ(r.returned(stakes, 0), Money::from_major(60));
  EXPECT_EQ(r.returned(stakes, 1), Money::zero());
}

TEST(ShowFlow, CandyDropPicksTheLastChoiceAndDefaultsTheRest) {
  Rig r(candy::make_engine({}));
  const std::vector<FlowStake> stakes = {stake(1, "CANDY_DROP", 10, 1),
                                         stake(2, "CANDY_DROP", 10, 2), stake(3, "1", 10, 3)};
  r.begin("CANDY_DROP|2|8,25,3", stakes);
  // Nothing to choose while the wheel turns.
  EXPECT_EQ(r.flow.choose({1, 0, "1", std::nullopt}, r.now)->code, ErrorCode::NotYourTurn);
  r.run_for(kSpin.count());
  ASSERT_EQ(r.steps().size(), 1u);
  EXPECT_EQ(r.steps()[0].step.what, "landed");
  EXPECT_EQ(r.steps()[0].step.values, std::vector<int64_t>{2});
  // A player who joins now sees the landing as the step on.
  ASSERT_TRUE(r.flow.show_view(9)->current);
  EXPECT_EQ(r.flow.show_view(9)->current->step.what, "landed");
  EXPECT_EQ(r.flow.show_view(1)->bonus, "candydrop");
  EXPECT_TRUE(r.flow.show_view(1)->in);
  r.run_for(kReveal.count());
  ASSERT_EQ(r.steps().size(), 2u);
  EXPECT_EQ(r.steps()[1].step.kind, Step::Kind::choose);
  EXPECT_EQ(r.steps()[1].players_in, 2u);
  EXPECT_EQ(r.steps()[1].until, r.now + kChoose);
  // Player 3 bet on a number: not in the bonus. A wrong option, a wrong step.
  EXPECT_EQ(r.flow.choose({3, 0, "1", std::nullopt}, r.now)->code, ErrorCode::NotYourTurn);
  EXPECT_EQ(r.flow.choose({1, 0, "4", std::nullopt}, r.now)->code, ErrorCode::InvalidDecision);
  EXPECT_EQ(r.flow.choose({1, 1, "1", std::nullopt}, r.now)->code, ErrorCode::NotYourTurn);
  EXPECT_FALSE(r.flow.choose({1, 0, "3", std::nullopt}, r.now));
  EXPECT_FALSE(r.flow.choose({1, 0, "1", std::nullopt}, r.now));  // changed: the last counts
  auto view = r.flow.show_view(1);
  ASSERT_TRUE(view);
  EXPECT_TRUE(view->in);
  EXPECT_EQ(view->choices, std::vector<std::string>{"1"});
  // Received at the deadline: too late.
  EXPECT_EQ(r.flow.choose({2, 0, "1", r.now + kChoose}, r.now)->code, ErrorCode::DecisionTimeOver);
  r.run_for(kChoose.count());
  EXPECT_EQ(r.flow.choose({2, 0, "1", std::nullopt}, r.now)->code, ErrorCode::DecisionTimeOver);
  ASSERT_EQ(r.steps().size(), 3u);
  EXPECT_EQ(r.steps()[2].step.values, (std::vector<int64_t>{8, 25, 3}));
  r.run_for(kReveal.count());
  EXPECT_TRUE(r.flow.done());
  EXPECT_EQ(r.returned(stakes, 0), Money::from_major(90));   // candy 1: 8:1
  EXPECT_EQ(r.returned(stakes, 1), Money::from_major(260));  // the default, candy 2: 25:1
  EXPECT_EQ(r.returned(stakes, 2), Money::zero());
}

TEST(ShowFlow, NobodyInTheBonusSkipsItsChoices) {
  Rig r(candy::make_engine({}));
  const std::vector<FlowStake> stakes = {stake(1, "2", 10, 1)};
  r.begin("CANDY_DROP|2|8,25,3", stakes);
  r.run_for(kSpin.count() + kReveal.count() + kReveal.count());
  EXPECT_TRUE(r.flow.done());
  ASSERT_EQ(r.steps().size(), 2u);  // landed, the candies
  EXPECT_EQ(r.steps()[1].step.what, "candies");
}

TEST(ShowFlow, BoomOrBustStopsWhenEverybodyCashedOut) {
  Rig r(boom::make_engine({}));
  const std::vector<FlowStake> stakes = {stake(1, "BOOM", 10, 1), stake(2, "BOOM", 10, 2),
                                         stake(2, "BOOM", 5, 3), stake(3, "4", 10, 4)};
  // Rolls 1-6 (7), 2-5 (10), 3-4 (11), 3-3 bust.
  r.begin("4,4|16,25,34,33", stakes);
  r.run_for(kSpin.count() + kReveal.count());  // landed, then roll 1
  ASSERT_EQ(r.steps().size(), 2u);
  EXPECT_EQ(r.steps()[1].step.values, (std::vector<int64_t>{1, 6, 7, 7}));
  r.run_for(kReveal.count());  // the choice after roll 1
  EXPECT_FALSE(r.flow.choose({1, 1, "cash", std::nullopt}, r.now));
  r.run_for(kChoose.count() + kReveal.count());  // roll 2; player 2 kept by default
  EXPECT_EQ(r.flow.show_view(1)->out, true);
  EXPECT_EQ(r.flow.choose({1, 3, "keep", std::nullopt}, r.now + kReveal)->code,
            ErrorCode::NotYourTurn);  // left
  r.run_for(kReveal.count());
  EXPECT_FALSE(r.flow.choose({2, 3, "cash", std::nullopt}, r.now));
  r.run_for(kChoose.count());
  EXPECT_TRUE(r.flow.done());  // nobody in: roll 3 and the bust are not shown
  EXPECT_EQ(r.steps().back().step.kind, Step::Kind::choose);
  EXPECT_EQ(r.returned(stakes, 0), Money::from_major(70));
  EXPECT_EQ(r.returned(stakes, 1), Money::from_major(100));
  EXPECT_EQ(r.returned(stakes, 2), Money::from_major(50));
  EXPECT_EQ(r.returned(stakes, 3), Money::from_major(40));  // both dice showed 4
}

TEST(ShowFlow, BoomOrBustWithNobodyInEndsAfterTheRoll) {
  Rig r(boom::make_engine({}));
  const std::vector<FlowStake> stakes = {stake(3, "4", 10, 1)};
  r.begin("4,4|16,25,34,33", stakes);
  r.run_for(kSpin.count() + kReveal.count());
  EXPECT_TRUE(r.flow.done());
}

TEST(ShowFlow, AShutDownTakesTheDefaults) {
  Rig r(boom::make_engine({}));
  const std::vector<FlowStake> stakes = {stake(1, "BOOM", 10, 1), stake(2, "BOOM", 10, 2)};
  r.begin("2,2|16,61,12,33", stakes);  // 7, 14: the default cashes out at 14
  r.run_for(kSpin.count() + 2 * kReveal.count());
  EXPECT_FALSE(r.flow.choose({1, 1, "cash", std::nullopt}, r.now));
  r.flow.hurry(r.now);
  EXPECT_TRUE(r.flow.done());
  EXPECT_EQ(r.returned(stakes, 0), Money::from_major(70));
  EXPECT_EQ(r.returned(stakes, 1), Money::from_major(140));
}

}  // namespace
}  // namespace croupier::games::show

namespace croupier::games::show {
namespace {

TEST(ShowFlow, NoRefusalTellsAThrowToCome) {
  Rig r(boom::make_engine({}));
  const std::vector<FlowStake> stakes = {stake(1, "BOOM", 10, 1)};
  // 7, 10, then a bust on the third throw: a choice follows throws 1 and 2 (steps 1, 3), none
  // the bust (step 5 does not exist).
  r.begin("4,4|16,25,33", stakes);
  for (int step : {1, 3, 5, 7}) {
    auto refused = r.flow.choose({1, step, "cash", std::nullopt}, r.now);
    ASSERT_TRUE(refused) << step;
    EXPECT_EQ(refused->code, ErrorCode::NotYourTurn) << step;
    EXPECT_EQ(refused->detail, "this choice is not open yet") << step;
  }
  // Nor does the resync before the landing.
  EXPECT_TRUE(r.flow.show_view(1)->bonus.empty());
  EXPECT_FALSE(r.flow.show_view(1)->in);
  r.run_for(kSpin.count() + 2 * kReveal.count());  // the landing, throw 1, the choice
  for (int step : {3, 5})
    EXPECT_EQ(r.flow.choose({1, step, "cash", std::nullopt}, r.now)->detail,
              "this choice is not open yet");
  EXPECT_EQ(r.flow.show_view(1)->bonus, "boom");
}

TEST(ShowFlow, TheBonusIsNamedOnlyOnceTheBombsReSpinLands) {
  Rig r(candy::make_engine({}));
  r.begin("CANDY_DROP|24|x5|2|8,25,3", {stake(1, "CANDY_DROP", 10, 1)});
  r.run_for(kSpin.count());
  ASSERT_EQ(r.steps().size(), 1u);
  EXPECT_TRUE(r.steps()[0].bonus.empty());  // the landing on the bomb
  EXPECT_EQ(r.steps()[0].players_in, 0u);
  EXPECT_TRUE(r.flow.show_view(1)->bonus.empty());
  r.run_for(kReveal.count());
  ASSERT_EQ(r.steps().size(), 2u);
  EXPECT_EQ(r.steps()[1].step.what, "bomb");
  EXPECT_EQ(r.steps()[1].bonus, "candydrop");
  EXPECT_EQ(r.steps()[1].players_in, 1u);
}

TEST(ShowFlow, AChoiceReceivedByItsDeadlineCountsInTheGrace) {
  Rig r(boom::make_engine({}), kGrace);
  const std::vector<FlowStake> stakes = {stake(1, "BOOM", 10, 1), stake(2, "BOOM", 10, 2)};
  r.begin("4,4|16,25,33", stakes);
  r.run_for(kSpin.count() + 2 * kReveal.count());  // the choice after throw 1 opens
  const MonoTime deadline = r.steps().back().until;
  r.run_for(kChoose.count() + kGrace.count() / 2);            // past the deadline, within the grace
  EXPECT_EQ(r.steps().back().step.kind, Step::Kind::choose);  // not closed yet
  // Received a millisecond before the deadline, handled after it: it counts.
  EXPECT_FALSE(r.flow.choose({1, 1, "cash", deadline - Millis{1}}, r.now));
  // Received at the deadline: too late.
  EXPECT_EQ(r.flow.choose({2, 1, "cash", deadline}, r.now)->code, ErrorCode::DecisionTimeOver);
  r.run_for(kGrace.count());
  EXPECT_EQ(r.steps().back().step.what, "roll");
  r.flow.hurry(r.now);
  EXPECT_EQ(r.returned(stakes, 0), Money::from_major(70));
  EXPECT_EQ(r.returned(stakes, 1), Money::zero());  // kept by default, and bust
}

TEST(ShowFlow, ABonusStakeCommittedAfterTheShowBeganIsReturned) {
  Rig r(boom::make_engine({}));
  // Bet 2 was still being committed as the show began: the flow never saw it.
  r.begin("2,2|16,61,12,33", {stake(1, "BOOM", 10, 1)});
  r.run_for(kSpin.count() + 10 * kReveal.count() + 4 * kChoose.count());
  EXPECT_TRUE(r.flow.done());
  const std::vector<FlowStake> all = {stake(1, "BOOM", 10, 1), stake(3, "BOOM", 5, 2),
                                      stake(3, "2", 5, 3)};
  EXPECT_EQ(r.returned(all, 0), Money::from_major(140));  // 7 + 7: the default cashes out
  EXPECT_EQ(r.returned(all, 1), Money::from_major(5));    // returned
  EXPECT_EQ(r.returned(all, 2), Money::from_major(20));   // a number is paid as drawn
}

}  // namespace
}  // namespace croupier::games::show
