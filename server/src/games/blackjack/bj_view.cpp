// BlackjackFlow, continued: the settlement from the hands, and what players see of the
// round (everyone's view and a player's own). Every member runs on the table's thread.
#include <algorithm>

#include "games/blackjack/bj_flow.hpp"
#include "games/cards/card_limits.hpp"

namespace croupier::games::blackjack {

namespace {

// A hand's outcome against the dealer's final cards: what settle_hand returns, as a word.
std::string outcome_of(const Hand& hand, Money returned) {
  if (busted(hand)) return "bust";
  if (returned.is_zero()) return "lose";
  if (returned == hand.wager()) return "push";
  if (returned == hand.wager() * 2) return "win";
  return "blackjack";
}

}  // namespace

// ---- Settlement -------------------------------------------------------------------------

std::vector<std::pair<BetRef, Money>> BlackjackFlow::returns(
    const std::vector<FlowStake>& stakes) const {
  // Every bet not in a hand (a bet behind a seat that did not play) is returned.
  std::map<BetRef, Money> out;
  for (const auto& s : stakes) out[s.bet] = s.amount;
  const bool dealer_bj = is_natural(round_.dealer);
  for (const Box& box : round_.boxes) {
    for (size_t h = 0; h < box.st.hands.size() && h < box.bets.size(); ++h) {
      const Hand& hand = box.st.hands[h];
      const std::string outcome = outcome_of(hand, settle_hand(hand, round_.dealer));
      for (const StakeRef& bet : box.bets[h]) {
        Money r = Money::zero();
        if (outcome == "push") r = bet.amount;
        if (outcome == "win") r = bet.amount * 2;
        if (outcome == "blackjack") r = cards::scaled(bet.amount, 5, 2);
        out[bet.id] = r;
      }
    }
    for (const StakeRef& bet : box.insurance) out[bet.id] = settle_insurance(bet.amount, dealer_bj);
  }
  return {out.begin(), out.end()};
}

// ---- Views ------------------------------------------------------------------------------

BoxView BlackjackFlow::box_view(const Box& box) const {
  BoxView v;
  const bool final =
      round_.hole_shown && (round_.phase == Phase::dealer || round_.phase == Phase::over);
  for (const Hand& hand : box.st.hands) {
    HandView h;
    h.cards = hand.cards;
    h.total = total(hand);
    h.soft = soft(hand);
    h.stake = hand.stake;
    h.doubled = hand.doubled;
    h.split = hand.split_from;
    h.done = hand.finished;
    h.blackjack = is_blackjack(hand);
    if (final || busted(hand)) {
      h.returned = settle_hand(hand, round_.dealer);
      h.outcome = outcome_of(hand, h.returned);
    }
    v.hands.push_back(std::move(h));
  }
  v.active = box.st.active;
  v.insurance = box.st.insurance_stake;
  v.insurance_open = box.st.insurance_open;
  return v;
}

std::optional<RoundView> BlackjackFlow::hands_view() const {
  if (round_.phase == Phase::none) return std::nullopt;
  RoundView v;
  v.onebj = config_.onebj;
  const size_t shown = std::min<size_t>(round_.dealer.size(), round_.hole_shown ? 99 : 1);
  v.dealer.assign(round_.dealer.begin(),
                  round_.dealer.begin() + static_cast<std::ptrdiff_t>(shown));
  v.dealer_hidden = !round_.hole_shown && round_.dealer.size() >= 2;
  v.dealer_total = total(v.dealer);
  v.dealer_soft = soft(v.dealer);
  if (round_.hole_shown) v.dealer_blackjack = is_natural(round_.dealer);
  for (const Box& box : round_.boxes) {
    if (box.behind || config_.onebj) continue;
    SeatView s{box.seat, box.player, box.name, box_view(box), 0, Money::zero()};
    for (const Box& b : round_.boxes) {
      if (!b.behind || b.seat != box.seat) continue;
      ++s.behind_players;
      for (const auto& bet : b.bets[0]) s.behind_total += bet.amount;
    }
    v.seats.push_back(std::move(s));
  }
  if (round_.phase == Phase::decisions && !config_.onebj && round_.turn < round_.boxes.size()) {
    const Box& box = round_.boxes[round_.turn];
    v.turn = RoundView::Turn{box.seat, box.st.active, 0, round_.ends, config_.decision};
  } else if (round_.phase == Phase::decisions && config_.onebj) {
    v.turn = RoundView::Turn{0, 0, round_.step, round_.ends, config_.decision};
  }
  if (round_.phase == Phase::insurance)
    v.insurance = RoundView::Insurance{round_.ends, config_.insurance};
  if (config_.onebj) {
    v.shared = round_.shared;
    v.players = round_.boxes.size();
  }
  return v;
}

PersonalView BlackjackFlow::personal_view(PlayerRef player) const {
  PersonalView v;
  for (const Box& box : round_.boxes) {
    if (box.player != player) continue;
    if (box.behind) {
      v.behind.push_back({box.seat, box_view(box)});
    } else if (config_.onebj) {
      v.you = PersonalView::You{box_view(box), box.chosen, box.timed_out};
    }
  }
  if (auto count = auto_count_.find(player); count != auto_count_.end())
    v.auto_stands = count->second;
  v.autoplay = autoplay_of(player);
  return v;
}

// The players with a view of their own: those behind a seat or with an onebj hand, and
// those with an autoplay.
std::vector<PlayerRef> BlackjackFlow::personal_viewers(bool every_hand) const {
  std::vector<PlayerRef> out;
  for (const Box& box : round_.boxes)
    if (every_hand || box.behind || config_.onebj) out.push_back(box.player);
  for (const auto& [player, a] : autoplay_) out.push_back(player);
  std::sort(out.begin(), out.end());
  out.erase(std::unique(out.begin(), out.end()), out.end());
  return out;
}

}  // namespace croupier::games::blackjack
