#include "games/cards/deal_flow.hpp"

#include <algorithm>
#include <map>

namespace croupier::games::cards {

namespace {
// The squeeze holds the deal after this many cards (player, banker, player, banker).
constexpr size_t kSqueezeAfter = 4;
}  // namespace

DealFlow::DealFlow(const Engine& engine, DealFlowConfig config) : engine_(engine), config_(config) {
  if (config_.shoe) shoe_.emplace(config_.decks, config_.cut_from_end, config_.roads);
}

std::optional<FairDeal> DealFlow::fair_deal() const {
  if (!shoe_) return std::nullopt;
  return fair_deal_of(shoe_->shoe(), scripted_);
}

void DealFlow::before_round(Rng& rng, FlowOut& out) {
  // The last round's cards are done with (its result carried them): a player who joins
  // while bets are open sees none, as those present do once bets open.
  dealt_.clear();
  shown_ = 0;
  held_.clear();
  if (shoe_) shoe_->change_if_due(rng, out);
}

void DealFlow::begin(const FlowStart& start, Rng& rng, FlowOut& out) {
  scripted_ = start.scripted.has_value();
  if (shoe_) shoe_->shoe().mark();
  if (start.scripted)
    outcome_ = *start.scripted;
  else
    outcome_ = shoe_ ? engine_.deal(shoe_->shoe(), rng) : engine_.draw(rng);
  dealt_ = engine_.dealt_cards(outcome_);
  shown_ = 0;
  held_.clear();
  squeeze_started_ = false;
  closing_ = start.closing;
  spin_ = start.spin;
  if (!dealt_.empty()) choose_squeezer(start.stakes, out);
  from_ = start.now;
  state_ = dealt_.empty() ? RoundState::waiting_for_result : RoundState::dealing;
  ends_ = start.now + spin_;
  out.push_back(StateShown{state_, ends_, spin_});
}

MonoTime DealFlow::card_at(size_t i) const {
  const auto n = static_cast<int64_t>(std::max<size_t>(1, dealt_.size()));
  const Millis spin = closing_ ? Millis{0} : spin_;
  return from_ + Millis{spin.count() * static_cast<int64_t>(i) / n};
}

void DealFlow::set_state(RoundState state, MonoTime ends, FlowOut& out) {
  state_ = state;
  out.push_back(StateShown{state, ends, std::nullopt});
}

void DealFlow::reveal_due(MonoTime now, FlowOut& out) {
  if (state_ == RoundState::card_wait) {
    if (!held_.empty() && now < squeeze_until_) return;
    while (!held_.empty()) reveal_held(*held_.begin(), out);
    // The rest of the deal goes on from now: the next card (or the result) is due now.
    from_ = now - (card_at(shown_) - from_);
    ends_ = from_ + (closing_ ? Millis{0} : spin_);
    set_state(RoundState::dealing, ends_, out);
  }
  const size_t first = std::min(kSqueezeAfter, dealt_.size());
  while (shown_ < dealt_.size() && (now >= card_at(shown_) || now >= ends_)) {
    const size_t index = shown_++;
    CardShown card{dealt_[index].hand, {}, index, dealt_.size(), false, false};
    if (squeezable(index) && !closing_) {
      held_.insert(index);  // dealt face down: the squeezer reveals it
      card.face_down = true;
      if (!squeeze_started_) {
        squeeze_started_ = true;
        squeeze_until_ = now + config_.squeeze_time;
      }
    } else {
      card.card = dealt_[index].card;
    }
    out.push_back(std::move(card));
    // The first four cards are out and the squeezer still holds one: the deal waits.
    if (!held_.empty() && shown_ >= first) {
      set_state(RoundState::card_wait, squeeze_until_, out);
      return;
    }
  }
}

std::optional<MonoTime> DealFlow::deadline(MonoTime now) const {
  if (state_ == RoundState::card_wait) return held_.empty() ? now : squeeze_until_;
  if (state_ == RoundState::dealing && shown_ < dealt_.size())
    return std::min(ends_, card_at(shown_));
  return ends_;
}

bool DealFlow::done() const {
  return held_.empty() && shown_ >= dealt_.size() && state_ != RoundState::card_wait;
}

void DealFlow::hurry(MonoTime now) {
  closing_ = true;
  ends_ = std::min(ends_, now);
  squeeze_until_ = std::min(squeeze_until_, now);  // a closing table waits for no squeeze
}

void DealFlow::after_result() {
  if (shoe_) shoe_->add_result(outcome_);
}

// The player with the highest stake on the table squeezes the first two cards of the side
// they backed most (player, or banker). Ties go to the lower id.
void DealFlow::choose_squeezer(const std::vector<FlowStake>& stakes, FlowOut& out) {
  squeezer_.reset();
  squeezer_name_.clear();
  squeeze_hand_.clear();
  if (!config_.squeeze) return;
  struct Backing {
    Money total, on_player, on_banker;
    std::string name;
  };
  std::map<PlayerRef, Backing> by_player;  // ascending ids: the first of a tie wins
  for (const FlowStake& s : stakes) {
    Backing& b = by_player[s.player];
    b.total += s.amount;
    if (s.spot == "PLAYER") b.on_player += s.amount;
    if (s.spot == "BANKER") b.on_banker += s.amount;
    b.name = s.name;
  }
  Money best = Money::zero();
  for (const auto& [player, b] : by_player) {
    if (b.total <= best) continue;
    best = b.total;
    squeezer_ = player;
    squeezer_name_ = b.name;
    squeeze_hand_ = b.on_banker > b.on_player ? "banker" : "player";
  }
  if (squeezer_)
    out.push_back(SqueezerChosen{*squeezer_, squeezer_name_, squeeze_hand_, config_.squeeze_time});
}

bool DealFlow::squeezable(size_t index) const {
  // The first two cards of the squeezed hand: dealing order is P1, B1, P2, B2.
  return squeezer_ && index < kSqueezeAfter && dealt_[index].hand == squeeze_hand_;
}

std::optional<ErrorCode> DealFlow::squeeze(PlayerRef player, size_t index, double progress,
                                           bool in_play, MonoTime, FlowOut& out) {
  if (!squeezer_ || *squeezer_ != player) return ErrorCode::NotYourTurn;
  if (!in_play || index >= dealt_.size() || !held_.contains(index))
    return ErrorCode::InvalidDecision;
  progress = std::clamp(progress, 0.0, 1.0);
  out.push_back(SqueezeMoved{index, progress});
  if (progress >= 1.0) reveal_held(index, out);
  return std::nullopt;
}

void DealFlow::reveal_held(size_t index, FlowOut& out) {
  if (!held_.erase(index)) return;
  out.push_back(
      CardShown{dealt_[index].hand, dealt_[index].card, index, dealt_.size(), false, true});
}

FlowView DealFlow::view(PlayerRef player, bool over, bool in_play) const {
  FlowView v;
  v.cards_shown = true;
  const size_t count = std::min(over ? dealt_.size() : shown_, dealt_.size());
  for (size_t i = 0; i < count; ++i)
    v.cards.push_back({dealt_[i].hand, held_.contains(i) ? std::string() : dealt_[i].card});
  if (shoe_) {
    v.shoe = shoe_->shoe().number();
    v.shoe_cards = shoe_->shoe().remaining();
  }
  if (squeezer_ && in_play)
    v.squeezer = FlowView::Squeezer{squeezer_name_, squeeze_hand_, *squeezer_ == player};
  return v;
}

std::vector<DealtCard> DealFlow::result_cards() const {
  return dealt_;
}

}  // namespace croupier::games::cards
