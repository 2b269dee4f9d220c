#include "games/show/show_flow.hpp"

#include <algorithm>

namespace croupier::games::show {

ShowFlow::ShowFlow(const ShowEngine& engine, ShowFlowConfig config)
    : engine_(engine), config_(config) {}

// A new round: the last show is over for everyone.
void ShowFlow::round_opened(FlowHost&) {
  outcome_ = {};
  plan_ = {};
  landed_ = done_ = settled_ = false;
  current_.reset();
  players_.clear();
  seen_.clear();
  shown_.clear();
}

void ShowFlow::begin(const FlowStart& start, Rng& rng, FlowOut& out) {
  outcome_ = start.scripted ? *start.scripted : engine_.draw(rng);
  plan_ = engine_.plan(outcome_);
  landed_ = done_ = settled_ = false;
  current_.reset();
  players_.clear();
  seen_.clear();
  shown_.clear();
  if (!plan_.spot.empty())
    for (const FlowStake& s : start.stakes)
      if (s.spot == plan_.spot) {
        players_.try_emplace(s.player);
        seen_.insert(s.bet);
      }
  until_ = closes_ = start.now + start.spin;
  out.push_back(StateShown{RoundState::waiting_for_result, until_, start.spin});
  if (start.closing) hurry(start.now);
}

size_t ShowFlow::players_in() const {
  return static_cast<size_t>(
      std::count_if(players_.begin(), players_.end(), [](const auto& p) { return !p.second.out; }));
}

// The landing shows the final result unless a Sugar Bomb re-spins first; every later step
// is the bonus's own (the bomb's shows where the re-spin lands).
bool ShowFlow::bonus_shown() const {
  if (!landed_ || plan_.steps.empty()) return false;
  return !shown_.empty() && (shown_.size() > 1 || plan_.steps.front().what != "bomb");
}

StepShown ShowFlow::shown_as(int index, Step step) const {
  const bool known = bonus_shown();
  return StepShown{known ? plan_.bonus : std::string(), index, std::move(step), until_,
                   known ? players_in() : 0};
}

bool ShowFlow::played(size_t index) const {
  const Step& step = plan_.steps[index];
  if (players_in() > 0) return true;
  if (step.kind == Step::Kind::choose) return false;
  // A bonus players leave is over for the show once nobody is in it (its first roll
  // included: nobody played it).
  return plan_.leaves.empty();
}

void ShowFlow::enter(size_t index, MonoTime now, FlowOut& out) {
  current_ = index;
  const Step& step = plan_.steps[index];
  const bool choice = step.kind == Step::Kind::choose;
  until_ = now + (choice ? config_.choose : config_.reveal);
  closes_ = until_ + (choice ? config_.grace : Millis{0});
  shown_.push_back(StepShown{});  // counted by shown_as: this step is being shown
  shown_.back() = shown_as(static_cast<int>(index), step);
  out.push_back(shown_.back());
}

void ShowFlow::close_choice() {
  if (!current_ || plan_.steps[*current_].kind != Step::Kind::choose) return;
  for (auto& [player, p] : players_) {
    if (p.out) continue;
    std::string choice = p.pending ? *p.pending : engine_.default_choice(outcome_, *current_);
    p.pending.reset();
    if (!plan_.leaves.empty() && choice == plan_.leaves) p.out = true;
    p.choices.push_back(std::move(choice));
  }
}

void ShowFlow::advance(MonoTime now, FlowOut& out) {
  while (!done_ && now >= closes_) {
    if (!landed_) {
      landed_ = true;
      if (plan_.steps.empty()) {
        done_ = true;
        return;
      }
      // The first result, shown for a reveal's time before the show goes on.
      until_ = closes_ = now + config_.reveal;
      shown_.push_back(StepShown{});  // counted by shown_as: the landing is being shown
      shown_.back() = shown_as(-1, Step{Step::Kind::reveal, "landed", engine_.first(outcome_), {}});
      out.push_back(shown_.back());
      continue;
    }
    close_choice();
    size_t next = current_ ? *current_ + 1 : 0;
    while (next < plan_.steps.size() && !played(next)) ++next;
    if (next >= plan_.steps.size()) {
      current_.reset();
      done_ = true;
      return;
    }
    enter(next, now, out);
  }
}

void ShowFlow::hurry(MonoTime now) {
  if (done_) return;
  close_choice();
  current_.reset();
  landed_ = true;
  done_ = true;
  until_ = closes_ = std::min(closes_, now);
}

std::optional<Refusal> ShowFlow::choose(const ChoiceIn& in, MonoTime now) {
  const MonoTime at = in.received.value_or(now);
  if (in.step < 0) return Refusal{ErrorCode::InvalidDecision, "there is no such choice"};
  const size_t step_index = static_cast<size_t>(in.step);
  // A step the show has not reached gets one answer, whatever the plan holds there: a
  // refusal must not tell whether (or when) a choice will come.
  if (done_) return Refusal{ErrorCode::DecisionTimeOver, "this choice is closed"};
  if (!current_ || step_index > *current_)
    return Refusal{ErrorCode::NotYourTurn, "this choice is not open yet"};
  if (plan_.steps[step_index].kind != Step::Kind::choose)
    return Refusal{ErrorCode::InvalidDecision, "there is no such choice in this round"};
  auto player = players_.find(in.player);
  if (player == players_.end())
    return Refusal{ErrorCode::NotYourTurn, "you have no stake in this bonus"};
  if (player->second.out) return Refusal{ErrorCode::NotYourTurn, "you have left this bonus"};
  // Received by the deadline counts, even when it reaches the flow in the grace after it.
  if (step_index < *current_ || at >= until_)
    return Refusal{ErrorCode::DecisionTimeOver, "this choice is closed"};
  const Step& step = plan_.steps[*current_];
  if (std::find(step.options.begin(), step.options.end(), in.choice) == step.options.end())
    return Refusal{ErrorCode::InvalidDecision, "not one of the choices"};
  player->second.pending = in.choice;
  return std::nullopt;
}

std::vector<std::pair<BetRef, Money>> ShowFlow::returns(
    const std::vector<FlowStake>& stakes) const {
  static const std::vector<std::string> none;
  std::vector<std::pair<BetRef, Money>> out;
  out.reserve(stakes.size());
  for (const FlowStake& s : stakes) {
    const std::vector<std::string>* choices = &none;
    if (s.spot == plan_.spot) {
      // Committed after the show began: it never played the bonus.
      if (!seen_.contains(s.bet)) {
        out.emplace_back(s.bet, s.amount);
        continue;
      }
      if (auto p = players_.find(s.player); p != players_.end()) choices = &p->second.choices;
    }
    out.emplace_back(s.bet, engine_.returns(s.spot, s.amount, outcome_, *choices));
  }
  return out;
}

std::optional<ShowView> ShowFlow::show_view(PlayerRef player) const {
  ShowView v;
  if (landed_) v.first = engine_.first(outcome_);
  v.shown = shown_;
  // The step on now: the first result while it is shown, then the plan's.
  if (!done_ && landed_ && !shown_.empty()) v.current = shown_.back();
  if (!bonus_shown()) return v;
  v.bonus = plan_.bonus;
  v.players_in = players_in();
  if (auto p = players_.find(player); p != players_.end()) {
    v.in = !p->second.out;
    v.out = p->second.out;
    v.choices = p->second.choices;
    if (p->second.pending) v.choices.push_back(*p->second.pending);
  }
  return v;
}

}  // namespace croupier::games::show
