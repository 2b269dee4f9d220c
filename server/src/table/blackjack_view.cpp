// The blackjack part of a Table, continued: the settlement from the hands, the blackjack
// event and a player's own view of it, and who may bet on which seat. Every member here
// runs on the table's thread.
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
