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

#include "core/log.hpp"
#include "games/blackjack/bj_engine.hpp"
#include "games/cards/card.hpp"
#include "games/cards/card_limits.hpp"
#include "games/text.hpp"
#include "table/json.hpp"
#include "table/table.hpp"

namespace croupier::table {

namespace json = boost::json;
namespace bj = games::blackjack;
using bj::kNoCards;
using bj::seat_of;

namespace {

bool is_ace_or_ten(games::cards::Card c) {
  return c.rank == 1 || c.rank >= 10;
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

}  // namespace croupier::table
