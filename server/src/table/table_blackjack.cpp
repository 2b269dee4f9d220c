// The table's side of blackjack, which games/blackjack/bj_flow.hpp plays: a decision
// answered once per request, the player's preferences and autoplay handed to the flow,
// and the flow's hands written as the blackjack event (docs/protocol.md). Every member
// here runs on the table's thread.
#include <boost/json/array.hpp>

#include "games/cards/card.hpp"
#include "table/json.hpp"
#include "table/table.hpp"

namespace croupier::table {

namespace json = boost::json;
namespace bj = games::blackjack;

namespace {

json::array cards_json(std::span<const games::cards::Card> cards) {
  json::array out;
  for (const auto& c : cards) out.emplace_back(games::cards::to_text(c));
  return out;
}

json::object box_json(const bj::BoxView& box) {
  json::array hands;
  for (const bj::HandView& h : box.hands) {
    json::object j;
    j["cards"] = cards_json(h.cards);
    j["total"] = h.total;
    j["soft"] = h.soft;
    j["stake"] = money_json(h.stake);
    j["doubled"] = h.doubled;
    j["split"] = h.split;
    j["done"] = h.done;
    j["blackjack"] = h.blackjack;
    if (h.outcome) {
      j["outcome"] = *h.outcome;
      j["returned"] = money_json(h.returned);
    }
    hands.push_back(std::move(j));
  }
  json::object o;
  o["hands"] = std::move(hands);
  o["active"] = box.active;
  o["insurance"] = money_json(box.insurance);
  o["insuranceOpen"] = box.insurance_open;
  return o;
}

json::object autoplay_json(const bj::AutoplayView& a, bool reason) {
  json::object o{{"state", a.state}, {"roundsLeft", a.rounds_left}};
  if (reason && !a.reason.empty()) o["reason"] = a.reason;
  return o;
}

}  // namespace

// ---- Commands ---------------------------------------------------------------------------

void Table::decide(DecisionCommand c, DecisionFn ack) {
  const std::string key = std::to_string(c.player) + ":" + c.request_id;
  if (auto seen = decisions_.find(key); seen != decisions_.end()) {
    ack(seen->second);
    return;
  }
  DecisionAck reply{c.request_id, round_id_,   c.seat, std::string(bj::decision_name(c.decision)),
                    std::nullopt, std::nullopt};
  // Answers within a round are kept, so a repeated request gets the same answer.
  auto answer = [this, key, ack](DecisionAck r) {
    if (in_play()) decisions_[key] = r;
    ack(r);
  };
  auto refuse = [&](ErrorCode code, std::string detail) {
    reply.refusal = Refusal{code, std::move(detail)};
    answer(reply);
  };
  if (!flow_->takes_decisions())
    return refuse(ErrorCode::InvalidDecision, "this is not a blackjack table");
  if (!c.game_id.empty() && c.game_id != round_id_)
    return refuse(ErrorCode::WaitForNextRound, "round " + c.game_id + " is not the current one");
  if (c.seat > 0 && lost_seats_.contains({c.player, c.seat}))
    return refuse(ErrorCode::SeatLost, "seat " + std::to_string(c.seat) + " was lost");
  flow_->decide({c.player, c.seat, c.decision}, [reply, answer](games::DecisionAnswer a) {
    DecisionAck r = reply;
    r.refusal = std::move(a.refusal);
    r.decision = std::string(bj::decision_name(a.decision));
    if (a.balance) r.balance = ledger::Balance{a.balance->cash, a.balance->bonus};
    answer(std::move(r));
  });
}

void Table::set_blackjack_prefs(ledger::PlayerId player, BlackjackPrefs prefs) {
  flow_->set_prefs(player, prefs);
  // A table that settles no round (nobody seated) must not grow with every subscription.
  if (players_remembered() > config_.players_remembered_max) forget_idle_players();
}

AutoplayAck Table::autoplay(AutoplayCommand c) {
  AutoplayAck ack{c.request_id, c.rounds, {}, std::nullopt};
  auto book = book_.find(c.player);
  const bool has_bets =
      last_bets_.contains(c.player) || (book != book_.end() && !book->second.placed.empty());
  bj::AutoplayIn in{c.player, c.name, c.currency, c.rounds, c.strategy, c.regulated};
  if (auto refused = flow_->autoplay(in, has_bets)) {
    ack.refusal = std::move(refused);
    return ack;
  }
  ack.state = c.rounds == 0 ? "stopped" : "started";
  return ack;
}

// ---- Events -----------------------------------------------------------------------------

// The round's hands as everyone sees them (the blackjack event, and the result's and the
// snapshot's "blackjack").
std::optional<json::object> Table::hands_json() const {
  const auto view = flow_->hands_view();
  if (!view) return std::nullopt;
  const bj::RoundView& v = *view;
  json::object o;
  json::object dealer;
  dealer["cards"] = cards_json(v.dealer);
  dealer["hidden"] = v.dealer_hidden;
  dealer["total"] = v.dealer_total;
  dealer["soft"] = v.dealer_soft;
  if (v.dealer_blackjack) dealer["blackjack"] = *v.dealer_blackjack;
  o["dealer"] = std::move(dealer);
  json::array seats;
  for (const bj::SeatView& seat : v.seats) {
    json::object s = box_json(seat.box);
    s["seat"] = seat.seat;
    s["playerId"] = std::to_string(seat.player);
    s["name"] = seat.name;
    s["behind"] =
        json::object{{"players", seat.behind_players}, {"total", money_json(seat.behind_total)}};
    seats.push_back(std::move(s));
  }
  o["seats"] = std::move(seats);
  if (v.turn && !v.onebj) {
    o["turn"] = json::object{{"seat", v.turn->seat},
                             {"hand", v.turn->hand},
                             {"endsAt", wall_at(v.turn->ends)},
                             {"decisionMs", v.turn->decision.count()}};
  } else if (v.turn) {
    o["turn"] = json::object{{"step", v.turn->step},
                             {"endsAt", wall_at(v.turn->ends)},
                             {"decisionMs", v.turn->decision.count()}};
  } else {
    o["turn"] = nullptr;
  }
  if (v.insurance)
    o["insurance"] = json::object{{"endsAt", wall_at(v.insurance->ends)},
                                  {"insuranceMs", v.insurance->insurance.count()}};
  else
    o["insurance"] = nullptr;
  if (v.onebj) {
    o["shared"] = cards_json(v.shared);
    o["players"] = v.players;
  }
  return o;
}

// What only `player` sees: their hands behind seats, and at onebj their own hand.
json::object Table::personal_json(ledger::PlayerId player) const {
  const bj::PersonalView v = flow_->personal_view(player);
  json::object o;
  json::array behind;
  for (const auto& b : v.behind) {
    json::object j = box_json(b.box);
    j["seat"] = b.seat;
    behind.push_back(std::move(j));
  }
  if (v.you) {
    json::object you = box_json(v.you->box);
    you["decided"] = v.you->decision.has_value();
    if (v.you->decision) you["decision"] = bj::decision_name(*v.you->decision);
    you["timedOut"] = v.you->timed_out;
    o["you"] = std::move(you);
  }
  if (!behind.empty()) o["behind"] = std::move(behind);
  if (v.auto_stands) o["autoStands"] = *v.auto_stands;
  if (v.autoplay) o["autoplay"] = autoplay_json(*v.autoplay, true);
  return o;
}

void Table::publish_hands() {
  auto hands = hands_json();
  if (!hands) return;
  json::object body = event("blackjack");
  body["state"] = to_int(state_);
  for (auto& [k, v] : *hands) body[k] = std::move(v);
  std::map<ledger::PlayerId, json::object> personal;
  for (games::PlayerRef player : flow_->personal_viewers())
    personal[player] = personal_json(player);
  publish(std::move(body), std::move(personal));
}

}  // namespace croupier::table
