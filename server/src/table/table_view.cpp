// What players see: events as the table publishes them, the snapshot for a player who
// cannot resume, and seats and chat.
#include <boost/json/array.hpp>
#include <boost/json/parse.hpp>
#include <boost/json/serialize.hpp>

#include "core/log.hpp"
#include "core/metrics.hpp"
#include "table/json.hpp"
#include "table/table.hpp"

namespace croupier::table {

namespace json = boost::json;

namespace {

json::array lines_json(const std::vector<games::BetLine>& lines) {
  json::array out;
  out.reserve(lines.size());
  for (const auto& l : lines)
    out.push_back(json::object{{"spot", l.spot}, {"amount", money_json(l.amount)}});
  return out;
}

constexpr size_t kSnapshotResultsMax = 20;

}  // namespace

// ---- Events and snapshots ---------------------------------------------------------------

int64_t Table::wall_at(MonoTime t) const {
  return clock_.wall_ms() + (t - clock_.now()).count();
}

json::object Table::event(std::string_view type) {
  json::object body;
  body["type"] = type;
  body["table"] = config_.id;
  body["v"] = 0;  // set by publish()
  body["ts"] = clock_.wall_ms();
  body["gameId"] = round_id_;
  return body;
}

void Table::publish(json::object body, std::map<ledger::PlayerId, json::object> personal) {
  ++version_;
  body["v"] = version_;
  TableEvent ev;
  ev.epoch = epoch_;
  ev.version = version_;
  ev.type = std::string(body["type"].as_string());
  for (auto& [player, extra] : personal) {
    json::object mine = body;
    for (auto& [k, v] : extra) mine[k] = std::move(v);
    ev.personal.emplace(player, std::make_shared<const std::string>(json::serialize(mine)));
  }
  ev.json = std::make_shared<const std::string>(json::serialize(body));
  publish_(std::move(ev));
}

json::object Table::snapshot(ledger::PlayerId player) const {
  const MonoTime now = clock_.now();
  json::object s;
  s["type"] = "resync";
  s["table"] = config_.id;
  s["v"] = version_;
  s["epoch"] = epoch_;
  s["ts"] = clock_.wall_ms();
  s["gameId"] = round_id_;
  s["state"] = to_int(state_);
  s["stateName"] = state_name(state_);
  s["betsOpen"] = state_ == RoundState::waiting_for_bets && !waiting_for_ledger_;
  if (state_ == RoundState::waiting_for_bets) {
    s["endsAt"] = wall_at(bets_close_at_);
  } else if (state_ != RoundState::initialising && state_ != RoundState::cancelled) {
    const MonoTime ends = in_play() ? flow_->ends() : deadline_;
    s["endsAt"] = wall_at(std::max(ends, now));
  }
  s["bettingMs"] = config_.timings.betting.count();
  json::array results;
  for (size_t i = 0; i < recent_.size() && i < kSnapshotResultsMax; ++i) {
    results.push_back(result_json(recent_[i].game_id, recent_[i].result));
  }
  s["results"] = std::move(results);
  if (state_ == RoundState::game_over && !recent_.empty() && recent_.front().game_id == round_id_) {
    s["result"] = result_label(recent_.front().result);
    s["outcome"] = recent_.front().result;
  }
  auto book = book_.find(player);
  std::vector<games::BetLine> mine = existing_lines(book == book_.end() ? nullptr : &book->second);
  s["myBets"] = lines_json(mine);
  s["myTotal"] = money_json(sum_of(mine));
  json::array acks;
  for (const auto* index : {&past_player_requests_, &player_requests_}) {
    auto keys = index->find(player);
    if (keys == index->end()) continue;
    const auto& requests = index == &player_requests_ ? requests_ : past_requests_;
    for (const auto& key : keys->second) {
      auto r = requests.find(key);
      if (r != requests.end() && r->second.ack)
        acks.push_back(ack_json(*r->second.ack, config_.id, clock_.wall_ms()));
    }
  }
  s["myAcks"] = std::move(acks);
  if (special_ball_) {
    s["specialBall"] = true;
    if (spinner_) {
      s["spinner"] = spinner_name_;
      s["youSpin"] = *spinner_ == player;
    }
  }
  if (round_has_result_ && state_ != RoundState::cancelled) {
    auto announced = engines_.begin()->second->announced_multipliers(outcome_);
    if (!announced.empty()) s["multipliers"] = multipliers_json(announced);
  }
  if (config_.seats > 0) s["seats"] = seats_json();
  if (flow_->takes_decisions()) {
    auto hands = in_play() || state_ == RoundState::game_over ? hands_json() : std::nullopt;
    if (hands) {
      for (auto& [k, v] : personal_json(player)) (*hands)[k] = std::move(v);
      s["blackjack"] = std::move(*hands);
    }
    if (auto a = flow_->autoplay_of(player))
      s["autoplay"] = json::object{{"state", a->state}, {"roundsLeft", a->rounds_left}};
  } else {
    const games::FlowView v =
        flow_->view(player, state_ == RoundState::game_over && round_has_result_, in_play());
    if (v.cards_shown) {
      json::array cards;
      for (const auto& c : v.cards) {
        json::object card{{"hand", c.hand}};
        if (c.card.empty())
          card["faceDown"] = true;
        else
          card["card"] = c.card;
        cards.push_back(std::move(card));
      }
      s["cards"] = std::move(cards);
    }
    if (v.shoe) {
      s["shoe"] = *v.shoe;
      s["shoeCards"] = v.shoe_cards;
    }
    if (flow_->roads()) s["roads"] = roads_json();
    if (v.squeezer) {
      s["squeezer"] = v.squeezer->name;
      s["squeezeHand"] = v.squeezer->hand;
      s["youSqueeze"] = v.squeezer->you;
    }
  }
  return s;
}

// ---- Seats and chat ---------------------------------------------------------------------

bool Table::seated(ledger::PlayerId player) const {
  return std::any_of(seats_.begin(), seats_.end(),
                     [&](const auto& seat) { return seat && seat->player == player; });
}

json::array Table::seats_json() const {
  json::array out;
  for (size_t i = 0; i < seats_.size(); ++i) {
    json::object seat{{"seat", i + 1}};
    if (seats_[i]) {
      seat["playerId"] = std::to_string(seats_[i]->player);
      seat["name"] = seats_[i]->name;
    }
    out.push_back(std::move(seat));
  }
  return out;
}

void Table::publish_seats() {
  json::object body = event("seats");
  body["seats"] = seats_json();
  publish(std::move(body));
}

int Table::seats_held(ledger::PlayerId player) const {
  return static_cast<int>(std::count_if(seats_.begin(), seats_.end(), [&](const auto& seat) {
    return seat && seat->player == player;
  }));
}

SeatReply Table::sit(ledger::PlayerId player, std::string name, int seat) {
  if (seats_.empty()) return {Refusal{ErrorCode::SeatError, "this table has no seats"}, 0};
  if (closing_) return {Refusal{ErrorCode::SeatError, "the table is closing"}, 0};
  if (seat > 0 && seat <= static_cast<int>(seats_.size()) && seats_[seat - 1] &&
      seats_[seat - 1]->player == player)
    return {Refusal{ErrorCode::SeatError, "you already have seat " + std::to_string(seat)}, seat};
  if (seats_held(player) >= std::max(1, config_.seats_per_player)) {
    if (config_.seats_per_player <= 1) {
      for (size_t i = 0; i < seats_.size(); ++i)
        if (seats_[i] && seats_[i]->player == player)
          return {Refusal{ErrorCode::SeatError, "you already have seat " + std::to_string(i + 1)},
                  static_cast<int>(i + 1)};
    }
    return {Refusal{ErrorCode::SeatError,
                    "at most " + std::to_string(config_.seats_per_player) + " seats per player"},
            0};
  }
  if (seat < 0 || seat > static_cast<int>(seats_.size()))
    return {Refusal{ErrorCode::SeatError, "no seat " + std::to_string(seat)}, 0};
  if (seat == 0) {
    auto free = std::find_if(seats_.begin(), seats_.end(), [](const auto& s) { return !s; });
    if (free == seats_.end()) return {Refusal{ErrorCode::SeatOccupied, "every seat is taken"}, 0};
    seat = static_cast<int>(free - seats_.begin()) + 1;
  }
  auto& chosen = seats_[static_cast<size_t>(seat - 1)];
  if (chosen)
    return {Refusal{ErrorCode::SeatOccupied, "seat " + std::to_string(seat) + " is taken"}, 0};
  chosen = Seat{player, std::move(name)};
  lost_seats_.erase({player, seat});
  publish_seats();
  if (state_ == RoundState::take_a_seat && !closing_) open_round();
  return {std::nullopt, seat};
}

void Table::leave(ledger::PlayerId player, int seat) {
  bool changed = false;
  for (size_t i = 0; i < seats_.size(); ++i) {
    if (seats_[i] && seats_[i]->player == player &&
        (seat == 0 || seat == static_cast<int>(i) + 1)) {
      seats_[i].reset();
      changed = true;
    }
  }
  if (changed) publish_seats();
}

std::optional<ErrorCode> Table::chat(ledger::PlayerId player, const std::string& name,
                                     const std::string& text) {
  const bool private_table = seated_only();
  if (private_table && !seated(player)) return ErrorCode::SeatError;
  json::object body = event("chat");
  body["playerId"] = std::to_string(player);
  body["name"] = name;
  body["text"] = text;
  if (!private_table) {
    publish(std::move(body));
    return std::nullopt;
  }
  // Only the seated players read it; everybody else receives a placeholder with the
  // same version, so that their event stream has no gap.
  body.erase("v");  // the placeholder's version is the event's
  std::map<ledger::PlayerId, json::object> audience;
  for (const auto& seat : seats_)
    if (seat) audience[seat->player] = body;
  json::object placeholder = event("noop");
  publish(std::move(placeholder), std::move(audience));
  return std::nullopt;
}

}  // namespace croupier::table
