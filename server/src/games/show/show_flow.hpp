// ShowFlow: the round of a game show (the candy wheel, boom or bust: show.hpp) after bets
// close. The whole outcome is drawn at once; the wheel turns or the dice roll for the spin
// time and land on the first result, and then the show plays the engine's plan step by step:
// a reveal lasts `reveal`; a choice is open for `choose` to the players whose stakes play
// the bonus, each of whom may change their mind until the deadline, and whoever has not
// chosen by then gets the engine's default. A choice is decided by the time the table
// received it: the choice closes `grace` after its deadline, so that choices received in
// time but still queued behind the table's timer count. A choice that leaves the bonus (boom or
// bust's "cash") takes its player out; when nobody is in the bonus its choices are skipped, and a
// bonus players leave stops there. The flow settles itself: each stake returns what the
// engine says for its player's choices. A stake on the bonus's spot the flow did not see as
// the show began (committed late) took no part in it and is returned.
//
// Nothing is told before the show reaches it: the bonus's name and who is in it come with
// the step that reveals the final result, and a choice that is not open yet is refused the
// same way whether or not it will ever open (so no refusal tells a future throw).
//
// A table that shuts down mid-show ends it at once: every choice not yet made is the
// default (so the result is the one the outcome and the choices made say).
//
// Pure apart from its host; one table's thread only (games/flow.hpp).
#pragma once

#include <map>
#include <set>
#include <string>
#include <vector>

#include "games/flow.hpp"
#include "games/show/show.hpp"

namespace croupier::games::show {

struct ShowFlowConfig {
  Millis reveal{3000};
  Millis choose{8000};
  Millis grace{300};  // a choice closes this long after its deadline (see above)
};

class ShowFlow : public RoundFlow {
 public:
  ShowFlow(const ShowEngine& engine, ShowFlowConfig config);

  bool wants_stakes() const override { return true; }
  bool settles_itself() const override { return true; }
  std::vector<std::pair<BetRef, Money>> returns(
      const std::vector<FlowStake>& stakes) const override;
  void begin(const FlowStart& start, Rng& rng, FlowOut& out) override;
  void advance(MonoTime now, FlowOut& out) override;
  std::optional<MonoTime> deadline(MonoTime now) const override { return closes_; }
  MonoTime ends() const override { return until_; }
  bool done() const override { return done_; }
  void hurry(MonoTime now) override;
  const Outcome& outcome() const override { return outcome_; }
  void round_opened(FlowHost&) override;
  void after_result() override { settled_ = true; }

  std::optional<Refusal> choose(const ChoiceIn& in, MonoTime now) override;
  std::optional<ShowView> show_view(PlayerRef player) const override;

 private:
  struct Player {
    std::vector<std::string> choices;    // one per choose step passed
    std::optional<std::string> pending;  // at the open choice
    bool out = false;
  };
  // Whether step `index` is played: a choice only with somebody in the bonus, and nothing
  // of a bonus players leave once nobody is in it.
  bool played(size_t index) const;
  void enter(size_t index, MonoTime now, FlowOut& out);
  // The open choice closed: each player in it chose, or gets the default.
  void close_choice();
  size_t players_in() const;
  // Whether the bonus (its name, who is in it) has been shown yet.
  bool bonus_shown() const;
  StepShown shown_as(int index, Step step) const;

  const ShowEngine& engine_;
  const ShowFlowConfig config_;
  Outcome outcome_;
  Plan plan_;
  bool landed_ = false;
  // The step on now: nullopt while the wheel turns (before landing) or after the last.
  std::optional<size_t> current_;
  MonoTime until_{};   // when the step on now ends (a choice's deadline)
  MonoTime closes_{};  // when the flow moves on from it (a choice's, with the grace)
  bool done_ = false;
  bool settled_ = false;
  std::map<PlayerRef, Player> players_;  // those with a stake on the bonus's spot
  std::set<BetRef> seen_;                // their bets, as the show began
  std::vector<StepShown> shown_;
};

}  // namespace croupier::games::show
