// The studio at a table (docs/studio.md "Human dealers"): a person's dealing, the
// console's view, and the supervisor's pause and switch between human and RNG dealing.
#include <algorithm>

#include "core/log.hpp"
#include "table/table.hpp"

namespace croupier::table {

namespace {

Refusal refused(std::string why) {
  return Refusal{ErrorCode::InvalidDecision, std::move(why)};
}

}  // namespace

std::optional<DealerCommand::Action> dealer_action(std::string_view name) {
  using A = DealerCommand::Action;
  static constexpr std::pair<std::string_view, A> kNames[] = {
      {"open", A::open},       {"close", A::close},     {"spin", A::spin},
      {"card", A::card},       {"undo", A::undo},       {"number", A::number},
      {"confirm", A::confirm}, {"void", A::void_round}, {"shoe", A::new_shoe}};
  for (const auto& [n, a] : kNames)
    if (n == name) return a;
  return std::nullopt;
}

bool Table::held() const {
  return paused_ || (next_round_human() && !dealer_open_);
}

void Table::apply_dealer_mode(bool human) {
  human_ = human && human_flow_;
  flow_ = human_ ? static_cast<games::RoundFlow*>(human_flow_.get()) : rng_flow_.get();
  roads_version_ = UINT64_MAX;  // the roads are the new flow's
  dealer_open_ = false;
  dealer_started_ = false;
}

std::optional<Refusal> Table::set_dealer_mode(bool human) {
  if (human && !human_flow_)
    return Refusal{ErrorCode::InvalidDecision, "this game cannot be dealt by a person"};
  // Between rounds, or (to the RNG) a round whose dealer never spun or dealt: its seed was
  // committed when betting opened, so the RNG draws it as it would have.
  const bool between =
      !waiting_for_ledger_ &&
      (state_ == RoundState::wait_for_next_game || state_ == RoundState::take_a_seat ||
       state_ == RoundState::initialising ||
       (!human && human_ && state_ == RoundState::bets_closed && !dealer_started_));
  if (human == human_) {
    next_human_.reset();
  } else if (between) {
    next_human_.reset();
    apply_dealer_mode(human);
  } else {
    next_human_ = human;
  }
  log::info("dealer mode", {{"table", config_.id},
                            {"mode", human ? "human" : "rng"},
                            {"at_once", between || human == human_}});
  return std::nullopt;
}

void Table::pause(bool paused) {
  if (paused_ == paused) return;
  paused_ = paused;
  log::info(paused ? "table paused" : "table resumed", {{"table", config_.id}});
}

std::optional<Refusal> Table::void_by_dealer() {
  if (waiting_for_ledger_ || bet_ops_in_flight_ > 0)
    return refused("the ledger is busy with this round: try again in a moment");
  const bool open = state_ == RoundState::waiting_for_bets || state_ == RoundState::bets_closed;
  if (!open && !(in_play() && !round_has_result_))
    return refused("there is no round to void: its result is recorded, or it is over");
  if (human_flow_->begun()) human_flow_->voided();
  log::info("round voided by the dealer", {{"table", config_.id}, {"round", round_id_}});
  cancel_round("void");
  return std::nullopt;
}

std::optional<Refusal> Table::dealer(const DealerCommand& c) {
  using A = DealerCommand::Action;
  if (!human_ || !human_flow_) return refused("this table is dealt by the RNG");
  if (closing_) return refused("the table is closing");
  games::HumanFlow& flow = *human_flow_;
  const bool in_round = flow.begun() && in_play();
  switch (c.action) {
    case A::open:
      if (state_ != RoundState::wait_for_next_game && state_ != RoundState::game_over)
        return refused("betting can open only between rounds");
      if (paused_) return refused("the table is paused by a supervisor");
      if (dealer_open_ || waiting_for_ledger_) return refused("betting is opening already");
      dealer_open_ = true;
      if (state_ == RoundState::game_over) deadline_ = clock_.now();  // no need to wait
      return std::nullopt;
    case A::close:
      if (state_ != RoundState::waiting_for_bets || waiting_for_ledger_)
        return refused("betting is not open");
      bets_close_at_ = clock_.now();
      closing_soon_sent_ = true;
      return std::nullopt;
    case A::spin:
    case A::card:
      if (c.action == A::spin && flow.deals_cards())
        return refused("this table's results are cards: scan the first card");
      if (c.action == A::spin && state_ != RoundState::bets_closed)
        return refused(state_ == RoundState::waiting_for_bets ? "close betting first"
                                                              : "the ball was spun already");
      if (state_ == RoundState::bets_closed) {
        if (bet_ops_in_flight_ > 0 || waiting_for_ledger_)
          return refused("bets are still being placed: try again in a moment");
        if (c.action == A::card && !flow.deals_cards())
          return refused("this table's results are numbers: spin, then enter the number");
        // A card the rules refuse does not start the deal.
        if (c.action == A::card)
          if (auto wrong = flow.check_card(c.value)) return wrong;
        dealer_started_ = true;
        launch();  // the flow begins: the spin, or the deal
        if (c.action == A::spin) return std::nullopt;
      } else if (c.action == A::card && !in_round) {
        return refused(state_ == RoundState::waiting_for_bets ? "close betting first"
                                                              : "the round is not being dealt");
      }
      {
        games::FlowOut out;
        auto r = flow.enter_card(c.value, out);
        publish_flow(out);
        return r;
      }
    case A::undo: {
      if (!in_round) return refused("the round is not being dealt");
      games::FlowOut out;
      auto r = flow.undo(out);
      publish_flow(out);
      return r;
    }
    case A::number:
      if (!in_round) return refused("the ball has not been spun");
      return flow.enter_number(c.value);
    case A::confirm:
      if (!in_round) return refused("there is nothing to confirm");
      return flow.confirm();  // advance() records and settles it
    case A::void_round:
      return void_by_dealer();
    case A::new_shoe: {
      if (!flow.deals_cards()) return refused("a roulette table has no shoe");
      if (state_ != RoundState::wait_for_next_game && state_ != RoundState::game_over)
        return refused("a new shoe starts between rounds");
      games::FlowOut out;
      flow.new_shoe(out);
      publish_flow(out);
      roads_version_ = UINT64_MAX;
      return std::nullopt;
    }
  }
  return refused("no such action");
}

DealerView Table::dealer_view() const {
  DealerView v;
  v.human = human_;
  v.next_human = next_human_;
  v.human_possible = human_flow_ != nullptr;
  v.paused = paused_;
  v.state = state_;
  v.round_id = round_id_;
  const MonoTime now = clock_.now();
  if (closing_at_ && *closing_at_ > now) v.closes = closing_at_;
  if (human_ && human_flow_) {
    const games::HumanFlow& flow = *human_flow_;
    const bool in_round = flow.begun() && in_play() && !round_has_result_;
    if (flow.begun() || state_ == RoundState::game_over) v.cards = flow.entered();
    v.next_hand = flow.next_hand();
    v.number = flow.begun() ? flow.number() : std::nullopt;
    if (auto outcome = flow.pending())
      v.result = engines_.begin()->second->label(*outcome);
    else if (state_ == RoundState::game_over && !recent_.empty())
      v.result = engines_.begin()->second->label(flow.outcome());
    const bool between =
        state_ == RoundState::wait_for_next_game || state_ == RoundState::game_over;
    v.can_open = between && !paused_ && !closing_;
    v.can_close = state_ == RoundState::waiting_for_bets && !waiting_for_ledger_;
    v.can_spin = state_ == RoundState::bets_closed && !flow.deals_cards();
    v.can_enter = flow.deals_cards() ? (state_ == RoundState::bets_closed ||
                                        (in_round && flow.next_hand().has_value()))
                                     : in_round && !flow.confirmed();
    v.can_undo = in_round && flow.deals_cards() && !flow.entered().empty() && !flow.confirmed();
    v.can_confirm = in_round && !flow.confirmed() && flow.pending().has_value();
    v.can_void = !waiting_for_ledger_ && (state_ == RoundState::waiting_for_bets ||
                                          state_ == RoundState::bets_closed || in_round);
    v.can_new_shoe = between && flow.deals_cards();
  }
  for (const auto& [player, book] : book_) {
    if (book.placed.empty()) continue;
    Money total = Money::zero();
    for (const auto& bet : book.placed) total += bet.line.amount;
    v.stakes[book.currency] += total;
    v.bets.push_back({player, book.name, book.currency, total});
  }
  v.bettors = v.bets.size();
  std::sort(v.bets.begin(), v.bets.end(), [](const auto& a, const auto& b) {
    return a.total != b.total ? a.total > b.total : a.player < b.player;
  });
  if (v.bets.size() > DealerView::kBetsShown) v.bets.resize(DealerView::kBetsShown);
  return v;
}

}  // namespace croupier::table
