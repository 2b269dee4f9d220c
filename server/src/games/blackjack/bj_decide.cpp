// BlackjackFlow, continued: decisions (with the stakes a double, a split or insurance
// takes), bets behind following their seat, the seat lost to automatic decisions, who may
// bet on which seat, and autoplay at one-hand infinite blackjack. Every member runs on the
// table's thread.
#include <algorithm>

#include "core/log.hpp"
#include "games/blackjack/bj_flow.hpp"
#include "games/cards/card_limits.hpp"

namespace croupier::games::blackjack {

namespace {

bool takes_stake(Decision d) {
  return d == Decision::double_down || d == Decision::split || d == Decision::insurance;
}

ErrorCode stake_failure(Decision d) {
  if (d == Decision::double_down) return ErrorCode::DoubleFailed;
  if (d == Decision::split) return ErrorCode::SplitFailed;
  return ErrorCode::InsuranceFailed;
}

}  // namespace

// ---- Decisions --------------------------------------------------------------------------

// Applies a decision to box `i` with the next cards (the shoe's, or at onebj the shared
// hand's in order), and has the bets behind a seat follow it.
void BlackjackFlow::apply(size_t i, Decision decision) {
  Box& box = round_.boxes[i];
  const int n = cards_needed(box.st, decision);
  std::vector<Card> cards;
  for (int k = 0; k < n; ++k) {
    if (config_.onebj) {
      if (round_.shared.size() < 2 + box.drawn + 1) round_.shared.push_back(card());
      cards.push_back(round_.shared[2 + box.drawn++]);
    } else {
      cards.push_back(card());
    }
  }
  const size_t hand = box.st.active;
  box.st = apply_decision(box.st, decision, cards);
  if (decision == Decision::split && box.bets.size() < box.st.hands.size())
    box.bets.resize(box.st.hands.size());
  if (config_.onebj || box.behind) return;
  for (size_t j = 0; j < round_.boxes.size(); ++j) {
    Box& b = round_.boxes[j];
    if (!b.behind || b.seat != box.seat) continue;
    // Decisions on a hand the bet behind does not have (it did not follow the split) are
    // not followed.
    if (hand >= b.st.hands.size() && decision != Decision::insurance) continue;
    if (decision == Decision::insurance || decision == Decision::no_insurance) continue;
    b.follow.emplace_back(decision, cards);
    run_follow(j);
  }
}

// A bet behind plays the seat's decisions in order: hit and stand as they are; a double
// or split only if the player's preference says so (and the stake can be taken) — else
// the hand takes the double's card at its own stake, or stays on the first hand of the
// split with the card dealt to it.
void BlackjackFlow::run_follow(size_t j) {
  while (!round_.boxes[j].follow.empty() && !round_.boxes[j].pending) {
    Box& b = round_.boxes[j];
    auto [decision, cards] = b.follow.front();
    if (seat_done(b.st) || check_decision(b.st, decision)) {
      b.follow.pop_front();
      continue;
    }
    const bool wants = decision == Decision::double_down ? b.prefs.doubledown
                       : decision == Decision::split     ? b.prefs.split
                                                         : true;
    if (takes_stake(decision) && wants) {
      take_stake(j, decision, [this, j](std::optional<FlowHost::Taken> ok) {
        Box& box = round_.boxes[j];
        auto [d, c] = box.follow.front();
        box.follow.pop_front();
        if (ok) {
          box.st = apply_decision(box.st, d, c);
          if (d == Decision::split) box.bets.resize(box.st.hands.size());
        } else {
          follow_at_own_stake(box, d, c);
        }
        run_follow(j);
        show_hands();
      });
      return;
    }
    b.follow.pop_front();
    if (takes_stake(decision))
      follow_at_own_stake(b, decision, cards);
    else
      b.st = apply_decision(b.st, decision, cards);
  }
}

// A bet behind that does not follow the seat's double takes its card at its own stake and
// stands; one that does not follow a split stays on the first hand with the card dealt to
// it (a split hand: its 21 is no blackjack; split aces take one card).
void BlackjackFlow::follow_at_own_stake(Box& b, Decision decision, const std::vector<Card>& cards) {
  if (decision == Decision::double_down) {
    b.st = apply_decision(b.st, Decision::hit, cards[0]);
    if (!seat_done(b.st)) b.st = apply_decision(b.st, Decision::stand, kNoCards);
    return;
  }
  Hand& h = b.st.hands[b.st.active];
  h.cards = {h.cards[0], cards[0]};
  h.split_from = true;
  if (total(h) >= 21 || h.cards[0].rank == 1)
    b.st = apply_decision(b.st, Decision::stand, kNoCards);
}

// Asks the host for the stake a double, split or insurance needs, as a bet of the box's
// player, then calls `done` with the bet taken, or nullopt if it could not be.
void BlackjackFlow::take_stake(size_t i, Decision decision,
                               std::function<void(std::optional<FlowHost::Taken>)> done) {
  Box& box = round_.boxes[i];
  const size_t hand = box.st.active;
  Money amount = decision == Decision::insurance
                     ? cards::scaled(box.st.hands[0].stake, 1, 2)
                     : box.st.hands[std::min(hand, box.st.hands.size() - 1)].stake;
  std::string spot =
      box.spot + (decision == Decision::double_down ? "_DOUBLE_" + std::to_string(hand)
                  : decision == Decision::split     ? std::string("_SPLIT")
                                                    : std::string("_INSURANCE"));
  if (!amount.is_positive()) {
    done(std::nullopt);
    return;
  }
  box.pending = true;
  host_.take_stake({box.player, box.currency, spot, amount},
                   [this, i, amount, decision, hand,
                    done = std::move(done)](std::optional<FlowHost::Taken> taken) {
                     if (i >= round_.boxes.size()) return;  // cannot happen: settle waits
                     Box& b = round_.boxes[i];
                     b.pending = false;
                     if (!taken) {
                       done(std::nullopt);
                       return;
                     }
                     StakeRef ref{taken->bet, amount};
                     if (decision == Decision::insurance) {
                       b.insurance.push_back(ref);
                     } else if (decision == Decision::split) {
                       b.bets.resize(std::max<size_t>(b.bets.size(), 2));
                       b.bets[1].push_back(ref);
                     } else {
                       if (b.bets.size() <= hand) b.bets.resize(hand + 1);
                       b.bets[hand].push_back(ref);
                     }
                     done(taken);
                   });
}

size_t BlackjackFlow::box_of(PlayerRef player, int seat) const {
  for (size_t i = 0; i < round_.boxes.size(); ++i) {
    const Box& b = round_.boxes[i];
    if (b.behind) continue;
    if (config_.onebj ? b.player == player : b.seat == seat) return i;
  }
  return SIZE_MAX;
}

// Why `in` cannot be decided now, if it cannot; `d` becomes the decision to apply (an
// answer left to the server becomes no insurance, or the automatic decision).
std::optional<Refusal> BlackjackFlow::refuse_decision(const DecisionIn& in, size_t i,
                                                      Decision& d) const {
  if (round_.phase == Phase::closing || round_.phase == Phase::dealer)
    return Refusal{ErrorCode::TurnEnded, "the decisions of this round are over"};
  if (round_.phase != Phase::insurance && round_.phase != Phase::decisions)
    return Refusal{ErrorCode::InvalidDecision, "nothing is to be decided now"};
  if (i == SIZE_MAX || round_.boxes[i].player != in.player) {
    return Refusal{ErrorCode::NotYourTurn, config_.onebj ? "you have no hand in this round"
                                                         : "seat " + std::to_string(in.seat) +
                                                               " is not yours in this round"};
  }
  const Box& box = round_.boxes[i];
  if (box.pending) return Refusal{ErrorCode::CannotAlterDecision, "a decision is being applied"};
  const bool insurance_answer = d == Decision::insurance || d == Decision::no_insurance;
  if (round_.phase == Phase::insurance) {
    if (d == Decision::no_decision) d = Decision::no_insurance;
    if (!insurance_answer && d != Decision::no_insurance)
      return Refusal{ErrorCode::InvalidDecision, "answer the insurance offer first"};
  } else {
    if (box.timed_out)
      return Refusal{ErrorCode::DecisionTimeOver, "the time was over: the hand stood"};
    if (seat_done(box.st)) return Refusal{ErrorCode::TurnEnded, "every hand is finished"};
    if (!config_.onebj && round_.turn != i)
      return Refusal{ErrorCode::NotYourTurn,
                     "it is not seat " + std::to_string(in.seat) + "'s turn"};
    if (config_.onebj && box.chosen && *box.chosen != d)
      return Refusal{ErrorCode::CannotAlterDecision, "you decided this step already"};
    if (d == Decision::no_decision) d = auto_decision(box.st);
  }
  if (config_.onebj && box.chosen) return std::nullopt;  // the same decision again
  if (auto code = check_decision(box.st, d))
    return Refusal{*code, std::string("you cannot ") + std::string(decision_name(d)) + " now"};
  return std::nullopt;
}

void BlackjackFlow::decide(const DecisionIn& in, std::function<void(DecisionAnswer)> done) {
  const size_t i = box_of(in.player, in.seat);
  Decision d = in.decision;
  if (auto refused = refuse_decision(in, i, d)) {
    done({in.decision, std::move(refused), std::nullopt});
    return;
  }
  if (config_.onebj && round_.phase == Phase::decisions && round_.boxes[i].chosen) {
    done({in.decision, std::nullopt, std::nullopt});  // decided so already this step
    return;
  }
  // What happens once the decision is allowed (and its stake, if any, taken).
  auto carry_out = [this, i, d](DecisionAnswer answer,
                                const std::function<void(DecisionAnswer)>& done) {
    Box& b = round_.boxes[i];
    if (round_.phase == Phase::insurance) {
      b.st = apply_decision(b.st, d, kNoCards);
    } else if (config_.onebj) {
      b.chosen = d;
    } else {
      apply(i, d);
      count_auto(b.player, b.seat, false);
      if (seat_done(b.st)) {
        next_turn();
      } else {
        round_.ends = host_.now() + config_.decision;  // a fresh timer
      }
    }
    done(std::move(answer));
    show_hands();
  };
  if (!takes_stake(d)) return carry_out({d, std::nullopt, std::nullopt}, done);
  take_stake(i, d, [d, done, carry_out](std::optional<FlowHost::Taken> taken) {
    if (!taken) {
      done({d, Refusal{stake_failure(d), "the stake could not be taken (insufficient funds)"},
            std::nullopt});
      return;
    }
    carry_out({d, std::nullopt, taken->balance}, done);
  });
}

// Consecutive automatic decisions: at the player's limit a seated player loses the seat.
void BlackjackFlow::count_auto(PlayerRef player, int seat, bool automatic) {
  if (!automatic) {
    auto_count_.erase(player);
    return;
  }
  const int count = ++auto_count_[player];
  auto prefs = prefs_.find(player);
  const int limit = prefs != prefs_.end() ? prefs->second.auto_stand : Prefs{}.auto_stand;
  if (config_.onebj || seat <= 0 || count < limit) return;
  if (host_.seat_holder(seat) != player) return;
  auto_count_.erase(player);
  host_.lose_seat(player, seat);
}

// Who may bet on which seat: a seat's own player; behind it, others when the seat's
// player allows it.
std::optional<Refusal> BlackjackFlow::refuse_bet(PlayerRef player, std::string_view spot) const {
  if (config_.onebj) return std::nullopt;
  if (int n = seat_of(spot, "SEAT_"); n > 0) {
    const auto holder = host_.seat_holder(n);
    if (holder == player) return std::nullopt;
    if (host_.seat_lost(player, n))
      return Refusal{ErrorCode::SeatLost, "seat " + std::to_string(n) + " was lost"};
    return Refusal{ErrorCode::SeatError, "take seat " + std::to_string(n) + " to bet on it"};
  }
  if (int n = seat_of(spot, "BB_"); n > 0) {
    const auto holder = host_.seat_holder(n);
    if (!holder) return Refusal{ErrorCode::SeatError, "nobody sits at seat " + std::to_string(n)};
    if (*holder == player)
      return Refusal{ErrorCode::SeatError, "a bet behind is on another player's seat"};
    auto prefs = prefs_.find(*holder);
    if (prefs != prefs_.end() && !prefs->second.allow_bet_behind) {
      return Refusal{ErrorCode::BetsNotAccepted,
                     "seat " + std::to_string(n) + "'s player does not allow bets behind",
                     "bet_behind"};
    }
  }
  return std::nullopt;
}

// ---- Autoplay (onebj) -------------------------------------------------------------------

std::optional<Refusal> BlackjackFlow::autoplay(const AutoplayIn& in, bool has_bets) {
  if (!config_.onebj)
    return Refusal{ErrorCode::BetsNotAccepted, "autoplay is played at one-hand blackjack"};
  auto it = autoplay_.find(in.player);
  if (in.rounds == 0) {
    if (it != autoplay_.end() && it->second.state == "running") {
      it->second.state = "stopped";
      it->second.reason = "player";
    }
    return std::nullopt;
  }
  if (in.rounds < 0 || in.rounds > 100)
    return Refusal{ErrorCode::InvalidBet, "rounds must be 1 to 100"};
  if (!has_bets)
    return Refusal{ErrorCode::BetsNotAccepted,
                   "place a bet first: autoplay repeats your last bets"};
  autoplay_[in.player] = Autoplay{in, in.rounds, "running", {}};
  // Decide at once for a hand waiting in this round.
  const size_t i = box_of(in.player, 0);
  if (i != SIZE_MAX && (round_.phase == Phase::decisions || round_.phase == Phase::insurance))
    autoplay_decide(i);
  return std::nullopt;
}

std::optional<AutoplayView> BlackjackFlow::autoplay_of(PlayerRef player) const {
  auto a = autoplay_.find(player);
  if (a == autoplay_.end()) return std::nullopt;
  return AutoplayView{a->second.state, a->second.rounds_left, a->second.reason};
}

void BlackjackFlow::autoplay_decide(size_t i) {
  const Box& box = round_.boxes[i];
  auto a = autoplay_.find(box.player);
  if (a == autoplay_.end() || a->second.state != "running") return;
  if (box.pending || box.chosen || seat_done(box.st)) return;
  decide({box.player, 0, autoplay_decision(box.st, a->second.command.strategy)},
         [](const DecisionAnswer&) {});
}

// A new round opened: autoplay repeats each player's last bets.
void BlackjackFlow::round_opened(FlowHost& host) {
  for (auto& [player, a] : autoplay_) {
    if (a.state != "running") continue;
    FlowHost::Repeat r{player, a.command.name, a.command.currency, {}, a.command.regulated};
    host.repeat_bets(r, [this, player = player](std::optional<Refusal> refused) {
      if (!refused) return;
      auto it = autoplay_.find(player);
      if (it == autoplay_.end() || it->second.state != "running") return;
      it->second.state = "stopped";
      it->second.reason = refused->code == ErrorCode::InsufficientFunds ? "funds" : "limits";
    });
  }
}

// ---- Players remembered -----------------------------------------------------------------

void BlackjackFlow::remembered(std::vector<PlayerRef>& players) const {
  for (const auto& [p, prefs] : prefs_) players.push_back(p);
  for (const auto& [p, count] : auto_count_) players.push_back(p);
  for (const auto& [p, a] : autoplay_) players.push_back(p);
}

// What a player is using now (a running autoplay) is never forgotten.
void BlackjackFlow::forget(const std::function<bool(PlayerRef)>& idle) {
  auto gone = [&](PlayerRef p) {
    auto a = autoplay_.find(p);
    return idle(p) && (a == autoplay_.end() || a->second.state != "running");
  };
  std::erase_if(prefs_, [&](const auto& kv) { return gone(kv.first); });
  std::erase_if(auto_count_, [&](const auto& kv) { return gone(kv.first); });
  std::erase_if(autoplay_, [&](const auto& kv) { return gone(kv.first); });
}

}  // namespace croupier::games::blackjack
