#include "games/human_flow.hpp"

namespace croupier::games {

namespace {

Refusal refused(std::string why) {
  return Refusal{ErrorCode::InvalidDecision, std::move(why)};
}

}  // namespace

HumanFlow::HumanFlow(const Engine& engine, int decks, bool roads)
    : engine_(engine),
      american_(engine.variant() == "american"),
      decks_(decks),
      keep_roads_(roads) {
  if (engine.game() != "roulette") entry_.emplace(std::string(engine.game()), decks);
  update_roads();
}

void HumanFlow::begin(const FlowStart& start, Rng&, FlowOut& out) {
  begun_ = true;
  confirmed_ = false;
  number_.reset();
  pending_number_.reset();
  entered_.clear();
  outcome_ = {};
  // The spin or the deal takes what it takes; the usual time is shown as an estimate.
  ends_ = start.now + start.spin;
  const RoundState state = entry_ ? RoundState::dealing : RoundState::waiting_for_result;
  out.push_back(StateShown{state, ends_, start.spin});
}

void HumanFlow::after_result() {
  if (auto r = cards::road_result(outcome_); r && keep_roads_) {
    results_.push_back(*r);
    update_roads();
  }
  if (entry_) entry_->next_round();
  begun_ = false;
}

void HumanFlow::voided() {
  if (entry_) entry_->next_round();
  begun_ = false;
  confirmed_ = false;
  number_.reset();
  pending_number_.reset();
}

void HumanFlow::new_shoe(FlowOut& out) {
  if (!entry_) return;
  entry_->new_shoe();
  ++shoe_;
  results_.clear();
  update_roads();
  out.push_back(ShuffleStarted{shoe_});
  out.push_back(ShuffleEnded{shoe_, "", 0, entry_->remaining()});
}

void HumanFlow::update_roads() {
  if (!keep_roads_) return;
  roads_ = cards::make_roads(results_);
  ++roads_version_;
}

std::optional<Refusal> HumanFlow::enter_card(std::string_view text, FlowOut& out) {
  if (!entry_) return refused("this table's results are numbers, not cards");
  if (!begun_) return refused("the round is not being dealt");
  if (confirmed_) return refused("the result is confirmed");
  auto placed = entry_->enter(text);
  if (!placed.ok()) return refused(placed.error());
  entered_.push_back({placed->hand, placed->card});
  out.push_back(CardShown{placed->hand, placed->card, placed->index, entered_.size()});
  return std::nullopt;
}

std::optional<Refusal> HumanFlow::check_card(std::string_view text) const {
  if (!entry_) return refused("this table's results are numbers, not cards");
  if (auto why = entry_->check(text)) return refused(*why);
  return std::nullopt;
}

std::optional<Refusal> HumanFlow::undo(FlowOut& out) {
  if (!entry_) return refused("this table's results are numbers, not cards");
  if (!begun_ || confirmed_) return refused("there is no card to take back");
  auto taken = entry_->undo();
  if (!taken) return refused("there is no card to take back");
  entered_.pop_back();
  CardShown shown{taken->hand, "", taken->index, entered_.size()};
  shown.withdrawn = true;
  out.push_back(std::move(shown));
  return std::nullopt;
}

std::optional<Refusal> HumanFlow::enter_number(std::string_view label) {
  if (entry_) return refused("this table's results are cards");
  if (!begun_) return refused("the ball has not been spun");
  if (confirmed_) return refused("the result is confirmed");
  auto outcome = roulette_entry(label, american_);
  if (!outcome.ok()) return refused(outcome.error());
  number_ = std::string(label);
  pending_number_ = *outcome;
  return std::nullopt;
}

std::optional<Outcome> HumanFlow::pending() const {
  if (!begun_) return std::nullopt;
  return entry_ ? entry_->outcome() : pending_number_;
}

std::optional<Refusal> HumanFlow::confirm() {
  if (!begun_) return refused("the round has not begun");
  if (confirmed_) return refused("the result is confirmed");
  auto outcome = pending();
  if (!outcome)
    return refused(entry_ ? "the deal is not complete: the next card goes to " + *next_hand()
                          : std::string("no number is entered"));
  outcome_ = *outcome;
  confirmed_ = true;
  return std::nullopt;
}

std::optional<std::string> HumanFlow::next_hand() const {
  if (!entry_ || !begun_ || confirmed_) return std::nullopt;
  return entry_->next_hand();
}

FlowView HumanFlow::view(PlayerRef, bool over, bool) const {
  FlowView v;
  if (!entry_) return v;
  v.cards_shown = true;
  if (begun_ || over)
    for (const auto& c : entered_) v.cards.push_back({c.hand, c.card});
  v.shoe = shoe_;
  v.shoe_cards = entry_->remaining();
  return v;
}

std::vector<DealtCard> HumanFlow::result_cards() const {
  if (!entry_) return {};
  return engine_.dealt_cards(outcome_);
}

}  // namespace croupier::games
