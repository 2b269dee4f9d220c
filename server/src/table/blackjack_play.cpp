// The blackjack part of a Table: after betting closes, the table deals the first cards,
// offers insurance, lets the seats decide in turn (or, at one-hand infinite blackjack,
// every player at once, step by step, on shared cards), plays the dealer and settles.
// docs/games/blackjack.md has the rules and the order of play; docs/protocol.md the
// events and the <decide> command. Every member here runs on the table's thread.
//
// Money: the main bets are the round's bets placed while betting was open; a double, a
// split and insurance are bets of their own, placed in the ledger during the round (the
// ledger round stays open until settlement) with keys made of the round, the player and
// the spot, so each is taken once. The result is recorded with the settlement, in one
// transaction: a round interrupted before it is refunded at the next start.
#include <algorithm>
#include <cassert>
#include <charconv>

#include "core/log.hpp"
#include "games/cards/card.hpp"
#include "games/cards/card_limits.hpp"
#include "games/text.hpp"
#include "table/json.hpp"
#include "table/table.hpp"

namespace croupier::table {

namespace json = boost::json;
namespace bj = games::blackjack;

namespace {

// "SEAT_3" with prefix "SEAT_" -> 3; 0 when the spot is not of that form.
int seat_of(std::string_view spot, std::string_view prefix) {
  if (!spot.starts_with(prefix)) return 0;
  spot.remove_prefix(prefix.size());
  int n = 0;
  auto [end, ec] = std::from_chars(spot.data(), spot.data() + spot.size(), n);
  if (ec != std::errc() || end != spot.data() + spot.size()) return 0;
  return n;
}

constexpr std::span<const games::cards::Card> kNoCards{};

bool takes_stake(bj::Decision d) {
  return d == bj::Decision::double_down || d == bj::Decision::split || d == bj::Decision::insurance;
}

ErrorCode stake_failure(bj::Decision d) {
  if (d == bj::Decision::double_down) return ErrorCode::DoubleFailed;
  if (d == bj::Decision::split) return ErrorCode::SplitFailed;
  return ErrorCode::InsuranceFailed;
}

bool is_ace_or_ten(games::cards::Card c) {
  return c.rank == 1 || c.rank >= 10;
}

json::array cards_json(std::span<const games::cards::Card> cards) {
  json::array out;
  for (const auto& c : cards) out.emplace_back(games::cards::to_text(c));
  return out;
}

// A hand's outcome against the dealer's final cards: what settle_hand returns, as a word.
std::string_view outcome_of(const bj::Hand& hand, Money returned) {
  if (bj::busted(hand)) return "bust";
  if (returned.is_zero()) return "lose";
  if (returned == hand.wager()) return "push";
  if (returned == hand.wager() * 2) return "win";
  return "blackjack";
}

}  // namespace

// ---- Cards ----------------------------------------------------------------------------

games::cards::Card Table::bj_card() {
  if (!bj_.script.empty()) {
    Card c = bj_.script.front();
    bj_.script.pop_front();
    return c;
  }
  return bj_shoe_->shoe().deal(rng_);  // reshuffles by itself if the shoe runs out
}

// ---- The round --------------------------------------------------------------------------

// Betting has closed: make the boxes from the bets and deal the first two cards of each,
// the dealer's up card and hole card.
void Table::bj_begin() {
  const MonoTime now = clock_.now();

  // Seat (or MAIN) bets by seat, bets behind by seat and player. A seat's bets belong to
  // the first player who bet on it (a seat changes hands only between rounds; bets of an
  // earlier holder, if any, are returned).
  std::map<int, BjBox> primary;
  std::map<std::pair<int, ledger::PlayerId>, BjBox> behind;
  std::vector<ledger::PlayerId> players;
  for (const auto& [player, book] : book_) players.push_back(player);
  std::sort(players.begin(), players.end());
  for (size_t n = 0; n < players.size(); ++n) {
    const ledger::PlayerId player = players[n];
    const PlayerBook& book = book_.at(player);
    for (const auto& bet : book.placed) {
      const std::string& spot = bet.line.spot;
      // At onebj each player's hand stands in its own place, in player order.
      int seat = onebj_ ? (spot == "MAIN" ? static_cast<int>(n) + 1 : 0) : seat_of(spot, "SEAT_");
      BjBox* box = nullptr;
      if (seat > 0) {
        box = &primary[seat];
      } else if (int bb = seat_of(spot, "BB_"); bb > 0) {
        box = &behind[{bb, player}];
        box->behind = true;
        seat = bb;
      }
      if (!box) continue;
      if (box->player != 0 && box->player != player) continue;  // returned at settlement
      if (box->player == 0) {
        box->player = player;
        box->name = book.name;
        box->currency = book.currency;
        box->seat = onebj_ ? 0 : seat;
        box->spot = onebj_ ? "MAIN" : (box->behind ? "BB_" : "SEAT_") + std::to_string(seat);
        box->bets.resize(1);
      }
      box->bets[0].push_back({bet.id, bet.line.amount});
    }
  }
  if (primary.empty()) {
    cancel_round("no_hands");  // nobody played a hand: bets behind are returned
    return;
  }
  // Tests: the round's scripted cards, dealt before the shoe's.
  bj_.script.clear();
  if (scripted_next_ < config_.scripted_results.size()) {
    for (auto text : games::split(config_.scripted_results[scripted_next_++], ','))
      if (auto card = games::cards::card_from_text(text)) bj_.script.push_back(*card);
  }
  for (auto& [seat, box] : primary) bj_.boxes.push_back(std::move(box));
  const size_t seat_boxes = bj_.boxes.size();
  for (auto& [key, box] : behind) {
    const bool seat_played = std::any_of(bj_.boxes.begin(), bj_.boxes.begin() + seat_boxes,
                                         [&](const BjBox& b) { return b.seat == key.first; });
    if (!seat_played) continue;  // returned at settlement
    auto prefs = bj_prefs_.find(box.player);
    if (prefs != bj_prefs_.end()) box.prefs = prefs->second;
    bj_.boxes.push_back(std::move(box));
  }

  // Dealing order: a card to each seat, the dealer's up card, a second card to each seat,
  // the hole card. At onebj the common hand stands for every seat.
  std::vector<Card> first, second;
  const size_t hands = onebj_ ? 1 : seat_boxes;
  for (size_t i = 0; i < hands; ++i) first.push_back(bj_card());
  bj_.dealer.push_back(bj_card());
  for (size_t i = 0; i < hands; ++i) second.push_back(bj_card());
  bj_.dealer.push_back(bj_card());
  if (onebj_) bj_.shared = {first[0], second[0]};
  for (size_t i = 0; i < bj_.boxes.size(); ++i) {
    BjBox& box = bj_.boxes[i];
    size_t at = 0;
    if (!onebj_) {
      while (bj_.boxes[at].seat != box.seat) ++at;  // a bet behind takes its seat's cards
    }
    Money stake = Money::zero();
    for (const auto& b : box.bets[0]) stake += b.amount;
    box.st = bj::new_seat(stake, first[at], second[at], bj_.dealer[0]);
  }

  bj_.phase = BjPhase::dealing;
  bj_.ends = deadline_ =
      now + (closing_ ? Millis{0} : config_.timings.card * static_cast<int64_t>(hands * 2 + 2));
  show_state(RoundState::dealing, bj_.ends);
  bj_publish();
}

void Table::bj_advance(MonoTime now) {
  const bool due = closing_ || now >= bj_.ends;
  switch (bj_.phase) {
    case BjPhase::dealing:
      if (due) bj_after_deal();
      break;
    case BjPhase::insurance: {
      bool open = false;
      for (size_t i = 0; i < bj_.boxes.size(); ++i) {
        BjBox& box = bj_.boxes[i];
        if (!box.st.insurance_open || box.pending) continue;
        if (due) {
          box.st = bj::apply_decision(box.st, bj::Decision::no_insurance, kNoCards);
        } else {
          open = true;
        }
      }
      if (!open && !bj_busy()) {
        bj_publish();
        bj_peek();
      }
      break;
    }
    case BjPhase::decisions:
      if (!onebj_) {
        if (bj_.turn >= bj_.boxes.size()) {
          bj_next_turn();
          break;
        }
        BjBox& box = bj_.boxes[bj_.turn];
        const auto& seat = seats_[static_cast<size_t>(box.seat - 1)];
        const bool gone = !seat || seat->player != box.player;  // left: no one to wait for
        if ((due || gone) && !box.pending) {
          // The automatic decision for every hand left: stand (docs/games/blackjack.md).
          while (!bj::seat_done(box.st)) bj_apply(bj_.turn, bj::auto_decision(box.st));
          box.timed_out = true;
          bj_count_auto(box.player, box.seat, true);
          bj_next_turn();
        }
      } else {
        bool waiting = false;
        for (const auto& box : bj_.boxes)
          if (!bj::seat_done(box.st) && (box.pending || !box.chosen)) waiting = true;
        if (!waiting || due) bj_end_step();
      }
      break;
    case BjPhase::closing:
      if (due) bj_dealer();
      break;
    case BjPhase::dealer:
      if (due && !bj_busy()) {
        state_ = RoundState::waiting_for_result;  // settling: no decision is open
        settle();
      }
      break;
    case BjPhase::none:
      break;
  }
}

std::optional<MonoTime> Table::bj_deadline() const {
  // A stake being taken wakes the table through its callback.
  if (bj_.phase == BjPhase::dealer && bj_busy()) return std::nullopt;
  if (bj_.phase == BjPhase::decisions && !onebj_ && bj_.turn < bj_.boxes.size() &&
      bj_.boxes[bj_.turn].pending)
    return std::nullopt;
  return closing_ ? clock_.now() : bj_.ends;
}

// Stakes or bets behind still being placed, or seat decisions a bet behind has not
// followed yet: the round cannot be settled (or move past insurance) before they are done.
bool Table::bj_busy() const {
  if (bet_ops_in_flight_ > 0) return true;
  return std::any_of(bj_.boxes.begin(), bj_.boxes.end(),
                     [](const BjBox& b) { return b.pending || !b.follow.empty(); });
}

void Table::bj_after_deal() {
  const bool offered = std::any_of(bj_.boxes.begin(), bj_.boxes.end(),
                                   [](const BjBox& b) { return b.st.insurance_open; });
  if (!offered) {
    bj_peek();
    return;
  }
  const MonoTime now = clock_.now();
  bj_.phase = BjPhase::insurance;
  bj_.ends = deadline_ = now + (closing_ ? Millis{0} : config_.timings.insurance);
  show_state(RoundState::insurance_wait, bj_.ends);
  // A bet behind answers by its player's preference; autoplay by its strategy.
  for (size_t i = 0; i < bj_.boxes.size(); ++i) {
    BjBox& box = bj_.boxes[i];
    if (!box.st.insurance_open) continue;
    if (box.behind) {
      if (!box.prefs.insurance) {
        box.st = bj::apply_decision(box.st, bj::Decision::no_insurance, kNoCards);
        continue;
      }
      bj_take_stake(i, bj::Decision::insurance, [this, i](std::optional<ledger::Balance> ok) {
        BjBox& b = bj_.boxes[i];
        b.st = bj::apply_decision(b.st, ok ? bj::Decision::insurance : bj::Decision::no_insurance,
                                  kNoCards);
      });
    } else {
      bj_autoplay_decide(i);
    }
  }
  bj_publish();
}

// The dealer peeks with an ace or a ten up: a blackjack ends the round at once.
void Table::bj_peek() {
  if (is_ace_or_ten(bj_.dealer[0]) && bj::is_natural(bj_.dealer)) {
    bj_dealer();
    return;
  }
  bj_.phase = BjPhase::decisions;
  if (onebj_) {
    bj_start_step();
  } else {
    bj_.turn = SIZE_MAX;
    bj_next_turn();
  }
}

// Seated: the next seat (in seat order) with a hand to play gets the turn.
void Table::bj_next_turn() {
  for (size_t i = 0; i < bj_.boxes.size(); ++i) {
    const BjBox& box = bj_.boxes[i];
    if (box.behind || box.timed_out || bj::seat_done(box.st)) continue;
    const bool changed = bj_.turn != i || state_ != RoundState::decision_wait;
    bj_.turn = i;
    bj_.ends = deadline_ = clock_.now() + config_.timings.decision;
    if (changed) show_state(RoundState::decision_wait, bj_.ends);
    bj_publish();
    return;
  }
  bj_.turn = SIZE_MAX;
  bj_closing();
}

// Onebj: every player with a hand to play decides for it; the step ends when all have
// (or its time is over).
void Table::bj_start_step() {
  const bool any = std::any_of(bj_.boxes.begin(), bj_.boxes.end(),
                               [](const BjBox& b) { return !bj::seat_done(b.st); });
  if (!any) {
    bj_closing();
    return;
  }
  ++bj_.step;
  bj_.ends = deadline_ = clock_.now() + config_.timings.decision;
  show_state(RoundState::decision_wait, bj_.ends);
  for (size_t i = 0; i < bj_.boxes.size(); ++i) {
    bj_.boxes[i].chosen.reset();
    if (!bj::seat_done(bj_.boxes[i].st)) bj_autoplay_decide(i);
  }
  bj_publish();
}

void Table::bj_end_step() {
  for (size_t i = 0; i < bj_.boxes.size(); ++i) {
    BjBox& box = bj_.boxes[i];
    if (bj::seat_done(box.st) || box.pending) continue;
    if (box.chosen) {
      bj_apply(i, *box.chosen);
      bj_count_auto(box.player, 0, false);
    } else {
      while (!bj::seat_done(box.st)) bj_apply(i, bj::auto_decision(box.st));
      box.timed_out = true;
      bj_count_auto(box.player, 0, true);
    }
    box.chosen.reset();
  }
  bj_start_step();
}

void Table::bj_closing() {
  bj_.phase = BjPhase::closing;
  bj_.ends = deadline_ = clock_.now() + (closing_ ? Millis{0} : config_.timings.decision_closing);
  show_state(RoundState::decision_closing, bj_.ends);
  bj_publish();
}

// The hole card turns over; the dealer draws to 17 if any hand is left to beat.
void Table::bj_dealer() {
  bj_.hole_shown = true;
  const bool live = std::any_of(bj_.boxes.begin(), bj_.boxes.end(), [](const BjBox& b) {
    return std::any_of(b.st.hands.begin(), b.st.hands.end(),
                       [](const bj::Hand& h) { return !bj::busted(h) && !bj::is_blackjack(h); });
  });
  const size_t before = bj_.dealer.size();
  if (live && !bj::is_natural(bj_.dealer))
    bj_.dealer = bj::dealer_play(bj_.dealer, [this] { return bj_card(); });
  outcome_ = {};
  for (const auto& c : bj_.dealer) outcome_.values.push_back(c.index());
  round_has_result_ = true;
  result_recorded_ = true;  // recorded with the settlement (SettleRound::result)
  bj_.phase = BjPhase::dealer;
  const auto draws = static_cast<int64_t>(bj_.dealer.size() - before);
  bj_.ends = deadline_ = clock_.now() + (closing_ ? Millis{0} : config_.timings.card * (draws + 1));
  show_state(RoundState::dealing, bj_.ends);
  bj_publish();
}

// ---- Decisions --------------------------------------------------------------------------

// Applies a decision to box `i` with the next cards (the shoe's, or at onebj the shared
// hand's in order), and has the bets behind a seat follow it.
void Table::bj_apply(size_t i, BjDecision decision) {
  BjBox& box = bj_.boxes[i];
  const int n = bj::cards_needed(box.st, decision);
  std::vector<Card> cards;
  for (int k = 0; k < n; ++k) {
    if (onebj_) {
      if (bj_.shared.size() < 2 + box.drawn + 1) bj_.shared.push_back(bj_card());
      cards.push_back(bj_.shared[2 + box.drawn++]);
    } else {
      cards.push_back(bj_card());
    }
  }
  const size_t hand = box.st.active;
  box.st = bj::apply_decision(box.st, decision, cards);
  if (decision == BjDecision::split && box.bets.size() < box.st.hands.size())
    box.bets.resize(box.st.hands.size());
  if (onebj_ || box.behind) return;
  for (size_t j = 0; j < bj_.boxes.size(); ++j) {
    BjBox& b = bj_.boxes[j];
    if (!b.behind || b.seat != box.seat) continue;
    // Decisions on a hand the bet behind does not have (it did not follow the split) are
    // not followed.
    if (hand >= b.st.hands.size() && decision != BjDecision::insurance) continue;
    if (decision == BjDecision::insurance || decision == BjDecision::no_insurance) continue;
    b.follow.emplace_back(decision, cards);
    bj_run_follow(j);
  }
}

// A bet behind plays the seat's decisions in order: hit and stand as they are; a double
// or split only if the player's preference says so (and the stake can be taken) — else
// the hand takes the double's card at its own stake, or stays on the first hand of the
// split with the card dealt to it.
void Table::bj_run_follow(size_t j) {
  while (!bj_.boxes[j].follow.empty() && !bj_.boxes[j].pending) {
    BjBox& b = bj_.boxes[j];
    auto [decision, cards] = b.follow.front();
    if (bj::seat_done(b.st) || bj::check_decision(b.st, decision)) {
      b.follow.pop_front();
      continue;
    }
    const bool wants = decision == BjDecision::double_down ? b.prefs.doubledown
                       : decision == BjDecision::split     ? b.prefs.split
                                                           : true;
    if (takes_stake(decision) && wants) {
      bj_take_stake(j, decision, [this, j](std::optional<ledger::Balance> ok) {
        BjBox& box = bj_.boxes[j];
        auto [d, c] = box.follow.front();
        box.follow.pop_front();
        if (ok) {
          box.st = bj::apply_decision(box.st, d, c);
          if (d == BjDecision::split) box.bets.resize(box.st.hands.size());
        } else {
          bj_follow_at_own_stake(box, d, c);
        }
        bj_run_follow(j);
        bj_publish();
      });
      return;
    }
    b.follow.pop_front();
    if (takes_stake(decision))
      bj_follow_at_own_stake(b, decision, cards);
    else
      b.st = bj::apply_decision(b.st, decision, cards);
  }
}

// A bet behind that does not follow the seat's double takes its card at its own stake and
// stands; one that does not follow a split stays on the first hand with the card dealt to
// it (a split hand: its 21 is no blackjack; split aces take one card).
void Table::bj_follow_at_own_stake(BjBox& b, BjDecision decision, const std::vector<Card>& cards) {
  if (decision == BjDecision::double_down) {
    b.st = bj::apply_decision(b.st, BjDecision::hit, cards[0]);
    if (!bj::seat_done(b.st)) b.st = bj::apply_decision(b.st, BjDecision::stand, kNoCards);
    return;
  }
  bj::Hand& h = b.st.hands[b.st.active];
  h.cards = {h.cards[0], cards[0]};
  h.split_from = true;
  if (bj::total(h) >= 21 || h.cards[0].rank == 1)
    b.st = bj::apply_decision(b.st, BjDecision::stand, kNoCards);
}

// Places the stake a double, split or insurance needs as a bet of the box's player, then
// calls `done` with the balance, or nullopt if it could not be taken.
void Table::bj_take_stake(size_t i, BjDecision decision,
                          std::function<void(std::optional<ledger::Balance>)> done) {
  BjBox& box = bj_.boxes[i];
  const size_t hand = box.st.active;
  Money amount = decision == BjDecision::insurance
                     ? games::cards::scaled(box.st.hands[0].stake, 1, 2)
                     : box.st.hands[std::min(hand, box.st.hands.size() - 1)].stake;
  std::string spot =
      box.spot + (decision == BjDecision::double_down ? "_DOUBLE_" + std::to_string(hand)
                  : decision == BjDecision::split     ? std::string("_SPLIT")
                                                      : std::string("_INSURANCE"));
  if (!amount.is_positive()) {
    done(std::nullopt);
    return;
  }
  box.pending = true;
  ++bet_ops_in_flight_;
  ledger::PlaceBets op;
  op.key = "bj:" + round_id_ + ":" + std::to_string(box.player) + ":" + spot;
  op.round_id = round_id_;
  op.player = box.player;
  op.currency = box.currency;
  op.bets.push_back({spot, amount});
  op.at_ms = clock_.wall_ms();
  const std::string round = round_id_;
  const std::string key = op.key;
  ledger_.submit(std::move(op), [this, i, round, key, spot, amount, decision, hand,
                                 done = std::move(done)](auto r) {
    post_([this, i, round, key, spot, amount, decision, hand, done, r] {
      --bet_ops_in_flight_;
      if (round != round_id_ || i >= bj_.boxes.size()) return;  // cannot happen: settle waits
      BjBox& b = bj_.boxes[i];
      b.pending = false;
      if (!r.ok() || r->bet_ids.size() != 1) {
        if (!r.ok() && r.error() != ledger::Failure::insufficient_funds)
          log::warn(
              "blackjack stake refused",
              {{"round", round}, {"spot", spot}, {"failure", ledger::failure_name(r.error())}});
        done(std::nullopt);
        return;
      }
      book_[b.player].placed.push_back({r->bet_ids[0], {spot, amount}, key});
      StakeRef ref{r->bet_ids[0], amount};
      if (decision == BjDecision::insurance) {
        b.insurance.push_back(ref);
      } else if (decision == BjDecision::split) {
        b.bets.resize(std::max<size_t>(b.bets.size(), 2));
        b.bets[1].push_back(ref);
      } else {
        if (b.bets.size() <= hand) b.bets.resize(hand + 1);
        b.bets[hand].push_back(ref);
      }
      done(r->balance);
    });
  });
}

size_t Table::bj_box_of(ledger::PlayerId player, int seat) const {
  for (size_t i = 0; i < bj_.boxes.size(); ++i) {
    const BjBox& b = bj_.boxes[i];
    if (b.behind) continue;
    if (onebj_ ? b.player == player : b.seat == seat) return i;
  }
  return SIZE_MAX;
}

void Table::decide(DecisionCommand c, DecisionFn ack) {
  const std::string key = std::to_string(c.player) + ":" + c.request_id;
  if (auto seen = bj_.answered.find(key); seen != bj_.answered.end()) {
    ack(seen->second);
    return;
  }
  DecisionAck reply{
      c.request_id, round_id_, c.seat,      std::string(bj::decision_name(c.decision)),
      std::nullopt, {},        std::nullopt};
  auto refuse = [&](ErrorCode code, std::string detail) {
    reply.error = code;
    reply.detail = std::move(detail);
    if (bj_.phase != BjPhase::none) bj_.answered[key] = reply;
    ack(reply);
  };
  if (!blackjack_) return refuse(ErrorCode::InvalidDecision, "this is not a blackjack table");
  if (!c.game_id.empty() && c.game_id != round_id_)
    return refuse(ErrorCode::WaitForNextRound, "round " + c.game_id + " is not the current one");
  if (!onebj_ && bj_lost_seats_.contains({c.player, c.seat}))
    return refuse(ErrorCode::SeatLost, "seat " + std::to_string(c.seat) + " was lost");
  if (bj_.phase == BjPhase::closing || bj_.phase == BjPhase::dealer)
    return refuse(ErrorCode::TurnEnded, "the decisions of this round are over");
  if (bj_.phase != BjPhase::insurance && bj_.phase != BjPhase::decisions)
    return refuse(ErrorCode::InvalidDecision, "nothing is to be decided now");
  const size_t i = bj_box_of(c.player, c.seat);
  if (i == SIZE_MAX || bj_.boxes[i].player != c.player) {
    return refuse(ErrorCode::NotYourTurn,
                  onebj_ ? "you have no hand in this round"
                         : "seat " + std::to_string(c.seat) + " is not yours in this round");
  }
  BjBox& box = bj_.boxes[i];
  if (box.pending) return refuse(ErrorCode::CannotAlterDecision, "a decision is being applied");
  BjDecision d = c.decision;
  const bool insurance_answer = d == BjDecision::insurance || d == BjDecision::no_insurance;
  if (bj_.phase == BjPhase::insurance) {
    if (d == BjDecision::no_decision) d = BjDecision::no_insurance;
    if (!insurance_answer && d != BjDecision::no_insurance)
      return refuse(ErrorCode::InvalidDecision, "answer the insurance offer first");
  } else {
    if (box.timed_out)
      return refuse(ErrorCode::DecisionTimeOver, "the time was over: the hand stood");
    if (bj::seat_done(box.st)) return refuse(ErrorCode::TurnEnded, "every hand is finished");
    if (!onebj_ && bj_.turn != i)
      return refuse(ErrorCode::NotYourTurn, "it is not seat " + std::to_string(c.seat) + "'s turn");
    if (onebj_ && box.chosen) {
      if (*box.chosen == d) {
        ack(reply);
        return;
      }
      return refuse(ErrorCode::CannotAlterDecision, "you decided this step already");
    }
    if (d == BjDecision::no_decision) d = bj::auto_decision(box.st);
  }
  if (auto code = bj::check_decision(box.st, d)) {
    return refuse(*code, std::string("you cannot ") + std::string(bj::decision_name(d)) + " now");
  }
  reply.decision = std::string(bj::decision_name(d));

  // What happens once the decision is allowed (and its stake, if any, taken).
  auto carry_out = [this, i, d, key, ack](DecisionAck reply) {
    BjBox& b = bj_.boxes[i];
    if (bj_.phase == BjPhase::insurance) {
      b.st = bj::apply_decision(b.st, d, kNoCards);
    } else if (onebj_) {
      b.chosen = d;
    } else {
      bj_apply(i, d);
      bj_count_auto(b.player, b.seat, false);
      if (bj::seat_done(b.st)) {
        bj_next_turn();
      } else {
        bj_.ends = deadline_ = clock_.now() + config_.timings.decision;  // a fresh timer
      }
    }
    bj_.answered[key] = reply;
    ack(reply);
    bj_publish();
  };
  if (!takes_stake(d)) return carry_out(std::move(reply));
  bj_take_stake(i, d, [this, key, d, ack, reply, carry_out](std::optional<ledger::Balance> b) {
    DecisionAck r = reply;
    if (!b) {
      r.error = stake_failure(d);
      r.detail = "the stake could not be taken (insufficient funds)";
      bj_.answered[key] = r;
      ack(r);
      return;
    }
    r.balance = *b;
    carry_out(std::move(r));
  });
}

void Table::set_blackjack_prefs(ledger::PlayerId player, BlackjackPrefs prefs) {
  bj_prefs_[player] = prefs;
}

// Consecutive automatic decisions: at the player's limit a seated player loses the seat.
void Table::bj_count_auto(ledger::PlayerId player, int seat, bool automatic) {
  if (!automatic) {
    bj_auto_count_.erase(player);
    return;
  }
  const int count = ++bj_auto_count_[player];
  auto prefs = bj_prefs_.find(player);
  const int limit =
      prefs != bj_prefs_.end() ? prefs->second.auto_stand : BlackjackPrefs{}.auto_stand;
  if (onebj_ || seat <= 0 || count < limit) return;
  auto& s = seats_[static_cast<size_t>(seat - 1)];
  if (!s || s->player != player) return;
  s.reset();
  bj_lost_seats_.insert({player, seat});
  bj_auto_count_.erase(player);
  log::info("seat lost to automatic decisions", {{"table", config_.id}, {"seat", seat}});
  publish_seats();
}

// ---- Autoplay (onebj) -------------------------------------------------------------------

AutoplayAck Table::autoplay(AutoplayCommand c) {
  AutoplayAck ack{c.request_id, c.rounds, {}, std::nullopt, {}};
  if (!onebj_) {
    ack.error = ErrorCode::BetsNotAccepted;
    ack.detail = "autoplay is played at one-hand blackjack";
    return ack;
  }
  auto it = autoplay_.find(c.player);
  if (c.rounds == 0) {
    if (it != autoplay_.end() && it->second.state == "running") {
      it->second.state = "stopped";
      it->second.reason = "player";
    }
    ack.state = "stopped";
    return ack;
  }
  if (c.rounds < 0 || c.rounds > 100) {
    ack.error = ErrorCode::InvalidBet;
    ack.detail = "rounds must be 1 to 100";
    return ack;
  }
  auto book = book_.find(c.player);
  const bool bets_now = book != book_.end() && !book->second.placed.empty();
  if (!last_bets_.contains(c.player) && !bets_now) {
    ack.error = ErrorCode::BetsNotAccepted;
    ack.detail = "place a bet first: autoplay repeats your last bets";
    return ack;
  }
  const ledger::PlayerId player = c.player;
  const int rounds = c.rounds;
  autoplay_[player] = Autoplay{std::move(c), rounds, "running", {}};
  ack.state = "started";
  // Decide at once for a hand waiting in this round.
  const size_t i = bj_box_of(player, 0);
  if (i != SIZE_MAX && (bj_.phase == BjPhase::decisions || bj_.phase == BjPhase::insurance))
    bj_autoplay_decide(i);
  return ack;
}

void Table::bj_autoplay_decide(size_t i) {
  const BjBox& box = bj_.boxes[i];
  auto a = autoplay_.find(box.player);
  if (a == autoplay_.end() || a->second.state != "running") return;
  if (box.pending || box.chosen || bj::seat_done(box.st)) return;
  DecisionCommand c;
  c.player = box.player;
  c.request_id = "auto-" + std::to_string(bj_.step) + (bj_.phase == BjPhase::insurance ? "i" : "d");
  c.game_id = round_id_;
  c.decision = bj::autoplay_decision(box.st, a->second.command.strategy);
  decide(std::move(c), [](const DecisionAck&) {});
}

// A new round opened: autoplay repeats each player's last bets.
void Table::bj_autoplay_bets() {
  for (auto& [player, a] : autoplay_) {
    if (a.state != "running") continue;
    PlaceBetsCommand c;
    c.kind = PlaceBetsCommand::Kind::repeat_last;
    c.player = player;
    c.currency = a.command.currency;
    c.request_id = "autoplay-" + std::to_string(seq_);
    c.game_id = round_id_;
    c.name = a.command.name;
    c.regulated = a.command.regulated;
    place_bets(std::move(c), [this, player](const BetAck& ack) {
      if (!ack.error && !ack.accepted.empty()) return;
      auto it = autoplay_.find(player);
      if (it == autoplay_.end() || it->second.state != "running") return;
      it->second.state = "stopped";
      it->second.reason = ack.error == ErrorCode::InsufficientFunds ? "funds" : "limits";
    });
  }
}

// The round is settled: each autoplay that played it has one round less.
void Table::bj_autoplay_round_over() {
  for (auto& [player, a] : autoplay_) {
    if (a.state != "running") continue;
    if (bj_box_of(player, 0) == SIZE_MAX) continue;
    if (--a.rounds_left <= 0) a.state = "completed";
  }
}

// ---- Settlement -------------------------------------------------------------------------

std::vector<std::pair<ledger::BetId, Money>> Table::bj_returns() const {
  // Every bet not in a hand (a bet behind a seat that did not play) is returned.
  std::map<ledger::BetId, Money> returns;
  for (const auto& [player, book] : book_)
    for (const auto& bet : book.placed) returns[bet.id] = bet.line.amount;
  const bool dealer_bj = bj::is_natural(bj_.dealer);
  for (const BjBox& box : bj_.boxes) {
    for (size_t h = 0; h < box.st.hands.size() && h < box.bets.size(); ++h) {
      const bj::Hand& hand = box.st.hands[h];
      const Money returned = bj::settle_hand(hand, bj_.dealer);
      const std::string_view outcome = outcome_of(hand, returned);
      for (const StakeRef& bet : box.bets[h]) {
        Money r = Money::zero();
        if (outcome == "push") r = bet.amount;
        if (outcome == "win") r = bet.amount * 2;
        if (outcome == "blackjack") r = games::cards::scaled(bet.amount, 5, 2);
        returns[bet.id] = r;
      }
    }
    for (const StakeRef& bet : box.insurance)
      returns[bet.id] = bj::settle_insurance(bet.amount, dealer_bj);
  }
  return {returns.begin(), returns.end()};
}

// ---- Events -----------------------------------------------------------------------------

json::object Table::bj_box_json(const BjBox& box) const {
  json::object o;
  json::array hands;
  const bool final = bj_.hole_shown && (bj_.phase == BjPhase::dealer || bj_.phase == BjPhase::none);
  for (size_t h = 0; h < box.st.hands.size(); ++h) {
    const bj::Hand& hand = box.st.hands[h];
    json::object j;
    j["cards"] = cards_json(hand.cards);
    j["total"] = bj::total(hand);
    j["soft"] = bj::soft(hand);
    j["stake"] = money_json(hand.stake);
    j["doubled"] = hand.doubled;
    j["split"] = hand.split_from;
    j["done"] = hand.finished;
    j["blackjack"] = bj::is_blackjack(hand);
    if (final || bj::busted(hand)) {
      const Money returned = bj::settle_hand(hand, bj_.dealer);
      j["outcome"] = outcome_of(hand, returned);
      j["returned"] = money_json(returned);
    }
    hands.push_back(std::move(j));
  }
  o["hands"] = std::move(hands);
  o["active"] = box.st.active;
  o["insurance"] = money_json(box.st.insurance_stake);
  o["insuranceOpen"] = box.st.insurance_open;
  return o;
}

json::object Table::bj_json() const {
  json::object o;
  json::object dealer;
  std::vector<Card> shown(bj_.dealer.begin(),
                          bj_.dealer.begin() + static_cast<std::ptrdiff_t>(std::min<size_t>(
                                                   bj_.dealer.size(), bj_.hole_shown ? 99 : 1)));
  dealer["cards"] = cards_json(shown);
  dealer["hidden"] = !bj_.hole_shown && bj_.dealer.size() >= 2;
  dealer["total"] = bj::total(shown);
  dealer["soft"] = bj::soft(shown);
  if (bj_.hole_shown) dealer["blackjack"] = bj::is_natural(bj_.dealer);
  o["dealer"] = std::move(dealer);
  json::array seats;
  for (const BjBox& box : bj_.boxes) {
    if (box.behind || onebj_) continue;
    json::object s = bj_box_json(box);
    s["seat"] = box.seat;
    s["playerId"] = std::to_string(box.player);
    s["name"] = box.name;
    int behind_players = 0;
    Money behind_total = Money::zero();
    for (const BjBox& b : bj_.boxes) {
      if (!b.behind || b.seat != box.seat) continue;
      ++behind_players;
      for (const auto& bet : b.bets[0]) behind_total += bet.amount;
    }
    s["behind"] = json::object{{"players", behind_players}, {"total", money_json(behind_total)}};
    seats.push_back(std::move(s));
  }
  o["seats"] = std::move(seats);
  const int64_t ends = wall_at(bj_.ends);
  if (bj_.phase == BjPhase::decisions && !onebj_ && bj_.turn < bj_.boxes.size()) {
    const BjBox& box = bj_.boxes[bj_.turn];
    o["turn"] = json::object{{"seat", box.seat},
                             {"hand", box.st.active},
                             {"endsAt", ends},
                             {"decisionMs", config_.timings.decision.count()}};
  } else if (bj_.phase == BjPhase::decisions && onebj_) {
    o["turn"] = json::object{
        {"step", bj_.step}, {"endsAt", ends}, {"decisionMs", config_.timings.decision.count()}};
  } else {
    o["turn"] = nullptr;
  }
  if (bj_.phase == BjPhase::insurance)
    o["insurance"] =
        json::object{{"endsAt", ends}, {"insuranceMs", config_.timings.insurance.count()}};
  else
    o["insurance"] = nullptr;
  if (onebj_) {
    o["shared"] = cards_json(bj_.shared);
    o["players"] = bj_.boxes.size();
  }
  return o;
}

// What only `player` sees: their hands behind seats, and at onebj their own hand.
json::object Table::bj_personal(ledger::PlayerId player) const {
  json::object o;
  json::array behind;
  for (const BjBox& box : bj_.boxes) {
    if (box.player != player) continue;
    if (box.behind) {
      json::object b = bj_box_json(box);
      b["seat"] = box.seat;
      behind.push_back(std::move(b));
    } else if (onebj_) {
      json::object you = bj_box_json(box);
      you["decided"] = box.chosen.has_value();
      if (box.chosen) you["decision"] = bj::decision_name(*box.chosen);
      you["timedOut"] = box.timed_out;
      o["you"] = std::move(you);
    }
  }
  if (!behind.empty()) o["behind"] = std::move(behind);
  if (auto count = bj_auto_count_.find(player); count != bj_auto_count_.end())
    o["autoStands"] = count->second;
  if (auto a = autoplay_.find(player); a != autoplay_.end()) {
    json::object ap{{"state", a->second.state}, {"roundsLeft", a->second.rounds_left}};
    if (!a->second.reason.empty()) ap["reason"] = a->second.reason;
    o["autoplay"] = std::move(ap);
  }
  return o;
}

void Table::bj_publish() {
  json::object body = event("blackjack");
  body["state"] = to_int(state_);
  for (auto& [k, v] : bj_json()) body[k] = std::move(v);
  std::map<ledger::PlayerId, json::object> personal;
  for (const BjBox& box : bj_.boxes)
    if ((box.behind || onebj_) && !personal.contains(box.player))
      personal[box.player] = bj_personal(box.player);
  for (const auto& [player, a] : autoplay_)
    if (!personal.contains(player)) personal[player] = bj_personal(player);
  publish(std::move(body), std::move(personal));
}

// ---- Bets -------------------------------------------------------------------------------

std::optional<Table::Refusal> Table::bj_refuse_line(ledger::PlayerId player,
                                                    const games::BetLine& line,
                                                    std::string& reason) const {
  if (onebj_) return std::nullopt;
  if (int n = seat_of(line.spot, "SEAT_"); n > 0 && n <= static_cast<int>(seats_.size())) {
    const auto& seat = seats_[static_cast<size_t>(n - 1)];
    if (seat && seat->player == player) return std::nullopt;
    if (bj_lost_seats_.contains({player, n}))
      return Refusal{ErrorCode::SeatLost, "seat " + std::to_string(n) + " was lost"};
    return Refusal{ErrorCode::SeatError, "take seat " + std::to_string(n) + " to bet on it"};
  }
  if (int n = seat_of(line.spot, "BB_"); n > 0 && n <= static_cast<int>(seats_.size())) {
    const auto& seat = seats_[static_cast<size_t>(n - 1)];
    if (!seat) return Refusal{ErrorCode::SeatError, "nobody sits at seat " + std::to_string(n)};
    if (seat->player == player)
      return Refusal{ErrorCode::SeatError, "a bet behind is on another player's seat"};
    auto prefs = bj_prefs_.find(seat->player);
    if (prefs != bj_prefs_.end() && !prefs->second.allow_bet_behind) {
      reason = "bet_behind";
      return Refusal{ErrorCode::BetsNotAccepted,
                     "seat " + std::to_string(n) + "'s player does not allow bets behind"};
    }
  }
  return std::nullopt;
}

}  // namespace croupier::table
