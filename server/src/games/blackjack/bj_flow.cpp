// BlackjackFlow, the round: the boxes made from the round's bets, the first cards, the
// insurance offer, the turns (seated) or steps (onebj), the dealer. Every member runs on
// the table's thread.
#include "games/blackjack/bj_flow.hpp"

#include <algorithm>

#include "core/log.hpp"
#include "games/text.hpp"

namespace croupier::games::blackjack {

namespace {

bool is_ace_or_ten(cards::Card c) {
  return c.rank == 1 || c.rank >= 10;
}

}  // namespace

BlackjackFlow::BlackjackFlow(FlowConfig config, FlowHost& host)
    : config_(std::move(config)), host_(host) {
  shoe_.emplace(config_.decks, config_.cut_from_end, false);
}

cards::Card BlackjackFlow::card() {
  if (!round_.script.empty()) {
    Card c = round_.script.front();
    round_.script.pop_front();
    return c;
  }
  return shoe_->shoe().deal(*rng_);  // reshuffles by itself if the shoe runs out
}

void BlackjackFlow::before_round(Rng& rng, FlowOut& out) {
  round_ = {};
  outcome_ = {};
  closing_ = false;
  shoe_->change_if_due(rng, out);
}

void BlackjackFlow::show_state(RoundState state, MonoTime ends) {
  shown_ = state;
  host_.show({StateShown{state, ends, std::nullopt}});
}

// Seat (or MAIN) bets by seat, bets behind by seat and player. A seat's bets belong to the
// first player who bet on it (a seat changes hands only between rounds; bets of an earlier
// holder, if any, are returned). False when nobody played a hand.
bool BlackjackFlow::make_boxes(const std::vector<FlowStake>& stakes) {
  std::map<int, Box> primary;
  std::map<std::pair<int, PlayerRef>, Box> behind;
  // Players in order of their ids, each one's bets in the order they were placed.
  std::vector<FlowStake> ordered = stakes;
  std::stable_sort(ordered.begin(), ordered.end(),
                   [](const FlowStake& a, const FlowStake& b) { return a.player < b.player; });
  std::vector<PlayerRef> players;
  for (const auto& s : ordered)
    if (players.empty() || players.back() != s.player) players.push_back(s.player);
  const bool onebj = config_.onebj;
  for (const FlowStake& bet : ordered) {
    const std::string& spot = bet.spot;
    // At onebj each player's hand stands in its own place, in player order.
    const auto n = std::lower_bound(players.begin(), players.end(), bet.player) - players.begin();
    int seat = onebj ? (spot == "MAIN" ? static_cast<int>(n) + 1 : 0) : seat_of(spot, "SEAT_");
    Box* box = nullptr;
    if (seat > 0) {
      box = &primary[seat];
    } else if (int bb = seat_of(spot, "BB_"); bb > 0) {
      box = &behind[{bb, bet.player}];
      box->behind = true;
      seat = bb;
    }
    if (!box) continue;
    if (box->player != 0 && box->player != bet.player) continue;  // returned at settlement
    if (box->player == 0) {
      box->player = bet.player;
      box->name = bet.name;
      box->currency = bet.currency;
      box->seat = onebj ? 0 : seat;
      box->spot = onebj ? "MAIN" : (box->behind ? "BB_" : "SEAT_") + std::to_string(seat);
      box->bets.resize(1);
    }
    box->bets[0].push_back({bet.bet, bet.amount});
  }
  if (primary.empty()) return false;
  for (auto& [seat, box] : primary) round_.boxes.push_back(std::move(box));
  const size_t seat_boxes = round_.boxes.size();
  for (auto& [key, box] : behind) {
    const bool seat_played =
        std::any_of(round_.boxes.begin(), round_.boxes.begin() + seat_boxes,
                    [seat = key.first](const Box& b) { return b.seat == seat; });
    if (!seat_played) continue;  // returned at settlement
    auto prefs = prefs_.find(box.player);
    if (prefs != prefs_.end()) box.prefs = prefs->second;
    round_.boxes.push_back(std::move(box));
  }
  return true;
}

// Betting has closed: make the boxes from the bets and deal the first two cards of each,
// the dealer's up card and hole card.
void BlackjackFlow::begin(const FlowStart& start, Rng& rng, FlowOut&) {
  rng_ = &rng;
  closing_ = closing_ || start.closing;
  if (!make_boxes(start.stakes)) {
    host_.void_round("no_hands");  // nobody played a hand: bets behind are returned
    return;
  }
  // Tests: the round's scripted cards, dealt before the shoe's.
  round_.script.clear();
  if (script_next_ < config_.script.size()) {
    for (auto text : split(config_.script[script_next_++], ','))
      if (auto c = cards::card_from_text(text)) round_.script.push_back(*c);
  }
  scripted_ = !round_.script.empty();
  shoe_->shoe().mark();
  deal_first(start.now);
}

std::optional<FairDeal> BlackjackFlow::fair_deal() const {
  return cards::fair_deal_of(shoe_->shoe(), scripted_);
}

// Dealing order: a card to each seat, the dealer's up card, a second card to each seat,
// the hole card. At onebj the common hand stands for every seat.
void BlackjackFlow::deal_first(MonoTime now) {
  const bool onebj = config_.onebj;
  size_t seat_boxes = 0;
  while (seat_boxes < round_.boxes.size() && !round_.boxes[seat_boxes].behind) ++seat_boxes;
  std::vector<Card> first, second;
  const size_t hands = onebj ? 1 : seat_boxes;
  for (size_t i = 0; i < hands; ++i) first.push_back(card());
  round_.dealer.push_back(card());
  for (size_t i = 0; i < hands; ++i) second.push_back(card());
  round_.dealer.push_back(card());
  if (onebj) round_.shared = {first[0], second[0]};
  for (Box& box : round_.boxes) {
    size_t at = 0;
    if (!onebj) {
      while (round_.boxes[at].seat != box.seat) ++at;  // a bet behind takes its seat's cards
    }
    Money stake = Money::zero();
    for (const auto& b : box.bets[0]) stake += b.amount;
    box.st = new_seat(stake, first[at], second[at], round_.dealer[0]);
  }
  round_.phase = Phase::dealing;
  round_.ends = now + pace(config_.card * static_cast<int64_t>(hands * 2 + 2));
  show_state(RoundState::dealing, round_.ends);
  show_hands();
}

void BlackjackFlow::advance(MonoTime now, FlowOut&) {
  const bool due = closing_ || now >= round_.ends;
  switch (round_.phase) {
    case Phase::dealing:
      if (due) after_deal();
      break;
    case Phase::insurance: {
      bool open = false;
      for (Box& box : round_.boxes) {
        if (!box.st.insurance_open || box.pending) continue;
        if (due) {
          box.st = apply_decision(box.st, Decision::no_insurance, kNoCards);
        } else {
          open = true;
        }
      }
      if (!open && !busy()) {
        show_hands();
        peek();
      }
      break;
    }
    case Phase::decisions:
      if (!config_.onebj) {
        if (round_.turn >= round_.boxes.size()) {
          next_turn();
          break;
        }
        Box& box = round_.boxes[round_.turn];
        const auto holder = host_.seat_holder(box.seat);
        const bool gone = holder != box.player;  // left: no one to wait for
        if ((due || gone) && !box.pending) {
          // The automatic decision for every hand left: stand (docs/games/blackjack.md).
          while (!seat_done(box.st)) apply(round_.turn, auto_decision(box.st));
          box.timed_out = true;
          count_auto(box.player, box.seat, true);
          next_turn();
        }
      } else {
        bool waiting = false;
        for (const auto& box : round_.boxes)
          if (!seat_done(box.st) && (box.pending || !box.chosen)) waiting = true;
        if (!waiting || due) end_step();
      }
      break;
    case Phase::closing:
      if (due) dealer();
      break;
    case Phase::dealer:
    case Phase::over:
    case Phase::none:
      break;
  }
}

std::optional<MonoTime> BlackjackFlow::deadline(MonoTime now) const {
  // A stake being taken wakes the table through its callback.
  if (round_.phase == Phase::dealer && busy()) return std::nullopt;
  if (round_.phase == Phase::decisions && !config_.onebj && round_.turn < round_.boxes.size() &&
      round_.boxes[round_.turn].pending)
    return std::nullopt;
  return closing_ ? now : round_.ends;
}

bool BlackjackFlow::done() const {
  return round_.phase == Phase::dealer && !busy();
}

// Stakes or bets behind still being placed, or seat decisions a bet behind has not
// followed yet: the round cannot be settled (or move past insurance) before they are done.
bool BlackjackFlow::busy() const {
  if (host_.stakes_in_flight()) return true;
  return std::any_of(round_.boxes.begin(), round_.boxes.end(),
                     [](const Box& b) { return b.pending || !b.follow.empty(); });
}

void BlackjackFlow::after_deal() {
  const bool offered = std::any_of(round_.boxes.begin(), round_.boxes.end(),
                                   [](const Box& b) { return b.st.insurance_open; });
  if (!offered) {
    peek();
    return;
  }
  round_.phase = Phase::insurance;
  round_.ends = host_.now() + pace(config_.insurance);
  show_state(RoundState::insurance_wait, round_.ends);
  // A bet behind answers by its player's preference; autoplay by its strategy.
  for (size_t i = 0; i < round_.boxes.size(); ++i) {
    Box& box = round_.boxes[i];
    if (!box.st.insurance_open) continue;
    if (box.behind) {
      if (!box.prefs.insurance) {
        box.st = apply_decision(box.st, Decision::no_insurance, kNoCards);
        continue;
      }
      take_stake(i, Decision::insurance, [this, i](std::optional<FlowHost::Taken> ok) {
        Box& b = round_.boxes[i];
        b.st = apply_decision(b.st, ok ? Decision::insurance : Decision::no_insurance, kNoCards);
      });
    } else {
      autoplay_decide(i);
    }
  }
  show_hands();
}

// The dealer peeks with an ace or a ten up: a blackjack ends the round at once.
void BlackjackFlow::peek() {
  if (is_ace_or_ten(round_.dealer[0]) && is_natural(round_.dealer)) {
    dealer();
    return;
  }
  round_.phase = Phase::decisions;
  if (config_.onebj) {
    start_step();
  } else {
    round_.turn = SIZE_MAX;
    next_turn();
  }
}

// Seated: the next seat (in seat order) with a hand to play gets the turn.
void BlackjackFlow::next_turn() {
  for (size_t i = 0; i < round_.boxes.size(); ++i) {
    const Box& box = round_.boxes[i];
    if (box.behind || box.timed_out || seat_done(box.st)) continue;
    const bool changed = round_.turn != i || shown_ != RoundState::decision_wait;
    round_.turn = i;
    round_.ends = host_.now() + config_.decision;
    if (changed) show_state(RoundState::decision_wait, round_.ends);
    show_hands();
    return;
  }
  round_.turn = SIZE_MAX;
  closing();
}

// Onebj: every player with a hand to play decides for it; the step ends when all have
// (or its time is over).
void BlackjackFlow::start_step() {
  const bool any = std::any_of(round_.boxes.begin(), round_.boxes.end(),
                               [](const Box& b) { return !seat_done(b.st); });
  if (!any) {
    closing();
    return;
  }
  ++round_.step;
  round_.ends = host_.now() + config_.decision;
  show_state(RoundState::decision_wait, round_.ends);
  for (size_t i = 0; i < round_.boxes.size(); ++i) {
    round_.boxes[i].chosen.reset();
    if (!seat_done(round_.boxes[i].st)) autoplay_decide(i);
  }
  show_hands();
}

void BlackjackFlow::end_step() {
  for (size_t i = 0; i < round_.boxes.size(); ++i) {
    Box& box = round_.boxes[i];
    if (seat_done(box.st) || box.pending) continue;
    if (box.chosen) {
      apply(i, *box.chosen);
      count_auto(box.player, 0, false);
    } else {
      while (!seat_done(box.st)) apply(i, auto_decision(box.st));
      box.timed_out = true;
      count_auto(box.player, 0, true);
    }
    box.chosen.reset();
  }
  start_step();
}

void BlackjackFlow::closing() {
  round_.phase = Phase::closing;
  round_.ends = host_.now() + pace(config_.decision_closing);
  show_state(RoundState::decision_closing, round_.ends);
  show_hands();
}

// The hole card turns over; the dealer draws to 17 if any hand is left to beat.
void BlackjackFlow::dealer() {
  round_.hole_shown = true;
  const bool live = std::any_of(round_.boxes.begin(), round_.boxes.end(), [](const Box& b) {
    return std::any_of(b.st.hands.begin(), b.st.hands.end(),
                       [](const Hand& h) { return !busted(h) && !is_blackjack(h); });
  });
  const size_t before = round_.dealer.size();
  if (live && !is_natural(round_.dealer))
    round_.dealer = dealer_play(round_.dealer, [this] { return card(); });
  outcome_ = {};
  for (const auto& c : round_.dealer) outcome_.values.push_back(c.index());
  round_.phase = Phase::dealer;
  const auto draws = static_cast<int64_t>(round_.dealer.size() - before);
  round_.ends = host_.now() + pace(config_.card * (draws + 1));
  show_state(RoundState::dealing, round_.ends);
  show_hands();
}

// The round is settled: it stays on show until the next opens, and each autoplay that
// played it has one round less.
void BlackjackFlow::after_result() {
  round_.phase = Phase::over;
  for (auto& [player, a] : autoplay_) {
    if (a.state != "running") continue;
    if (box_of(player, 0) == SIZE_MAX) continue;
    if (--a.rounds_left <= 0) a.state = "completed";
  }
}

}  // namespace croupier::games::blackjack
