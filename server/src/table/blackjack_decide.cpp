// The blackjack part of a Table, continued: decisions (with the stakes a double, a split
// or insurance takes), bets behind following their seat, the seat lost to automatic
// decisions, and autoplay at one-hand infinite blackjack. Every member here runs on the
// table's thread.
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

bool takes_stake(bj::Decision d) {
  return d == bj::Decision::double_down || d == bj::Decision::split || d == bj::Decision::insurance;
}

ErrorCode stake_failure(bj::Decision d) {
  if (d == bj::Decision::double_down) return ErrorCode::DoubleFailed;
  if (d == bj::Decision::split) return ErrorCode::SplitFailed;
  return ErrorCode::InsuranceFailed;
}

}  // namespace

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
  // A table that settles no round (nobody seated) must not grow with every subscription.
  if (bj_prefs_.size() > config_.players_remembered_max) forget_idle_players();
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

}  // namespace croupier::table
