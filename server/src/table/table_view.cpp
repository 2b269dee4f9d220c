// What players see: events as the table publishes them, the snapshot for a player who
// cannot resume, and seats and chat.
#include "core/log.hpp"
#include "core/metrics.hpp"
#include "table/table.hpp"

namespace croupier::table {

namespace {

constexpr size_t kSnapshotResultsMax = 20;

}  // namespace

// ---- Events and snapshots ---------------------------------------------------------------

EventHead Table::head() const {
  return {config_.id, version_, clock_.wall_ms(), clock_.now(), round_id_};
}

void Table::publish(EventBody body, std::map<ledger::PlayerId, PlayerPart> personal) {
  publish(TableEvent{epoch_, head(), std::move(body), std::move(personal)});
}

void Table::publish(TableEvent event) {
  event.head.v = ++version_;
  event.epoch = epoch_;
  publish_(std::move(event));
}

TableSnapshot Table::snapshot(ledger::PlayerId player) const {
  const MonoTime now = clock_.now();
  TableSnapshot s;
  s.head = head();
  s.epoch = epoch_;
  s.state = state_;
  s.bets_open = state_ == RoundState::waiting_for_bets && !waiting_for_ledger_;
  if (closing_at_ && *closing_at_ > now) s.closes = closing_at_;
  if (state_ != RoundState::initialising && state_ != RoundState::take_a_seat) {
    s.fair_hash = fair_hash_;
    s.shoe_hash = shoe_hash_;
  }
  if (state_ == RoundState::waiting_for_bets) {
    s.ends = bets_close_at_;
  } else if (state_ != RoundState::initialising && state_ != RoundState::cancelled) {
    const MonoTime ends = in_play() ? flow_->ends() : deadline_;
    s.ends = std::max(ends, now);
  }
  s.betting = config_.timings.betting;
  for (size_t i = 0; i < recent_.size() && i < kSnapshotResultsMax; ++i)
    s.results.push_back(recent_[i]);
  if (state_ == RoundState::game_over && !recent_.empty() && recent_.front().game_id == round_id_)
    s.outcome = recent_.front().result;
  auto book = book_.find(player);
  s.my_bets = existing_lines(book == book_.end() ? nullptr : &book->second);
  s.my_total = sum_of(s.my_bets);
  for (const auto* index : {&past_player_requests_, &player_requests_}) {
    auto keys = index->find(player);
    if (keys == index->end()) continue;
    const auto& requests = index == &player_requests_ ? requests_ : past_requests_;
    for (const auto& key : keys->second) {
      auto r = requests.find(key);
      if (r != requests.end() && r->second.ack) s.my_acks.push_back(*r->second.ack);
    }
  }
  s.special_ball = special_ball_;
  if (special_ball_ && spinner_) {
    s.spinner = spinner_name_;
    s.you_spin = *spinner_ == player;
  }
  if (round_has_result_ && state_ != RoundState::cancelled)
    s.multipliers = engines_.begin()->second->announced_multipliers(outcome_);
  if (config_.seats > 0) s.seats = seats_info();
  s.blackjack = flow_->takes_decisions();
  if (s.blackjack) {
    if (in_play() || state_ == RoundState::game_over) s.hands = flow_->hands_view();
    if (s.hands) s.my_hands = flow_->personal_view(player);
    s.autoplay = flow_->autoplay_of(player);
  } else {
    s.flow = flow_->view(player, state_ == RoundState::game_over && round_has_result_, in_play());
    s.roads = roads();
  }
  s.show = flow_->show_view(player);
  if (flow_->chained_seeds()) {
    s.flight = flow_->flight_view(player);
    s.chain_anchor = chain_anchor_;
    s.chain_index = chain_index_;
  }
  return s;
}

// ---- Seats and chat ---------------------------------------------------------------------

bool Table::seated(ledger::PlayerId player) const {
  return std::any_of(seats_.begin(), seats_.end(),
                     [&](const auto& seat) { return seat && seat->player == player; });
}

std::vector<SeatInfo> Table::seats_info() const {
  std::vector<SeatInfo> out;
  for (size_t i = 0; i < seats_.size(); ++i) {
    SeatInfo seat{static_cast<int>(i + 1), std::nullopt, {}, {}};
    if (seats_[i]) {
      seat.player = seats_[i]->player;
      seat.name = seats_[i]->who.name;
      seat.avatar = seats_[i]->who.avatar;
    }
    out.push_back(std::move(seat));
  }
  return out;
}

void Table::publish_seats() {
  publish(SeatsChanged{seats_info()});
}

int Table::seats_held(ledger::PlayerId player) const {
  return static_cast<int>(std::count_if(seats_.begin(), seats_.end(), [&](const auto& seat) {
    return seat && seat->player == player;
  }));
}

SeatReply Table::sit(ledger::PlayerId player, Persona who, int seat) {
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
  chosen = Seat{player, std::move(who)};
  lost_seats_.erase({player, seat});
  publish_seats();
  if (state_ == RoundState::take_a_seat && !closing_ && !handed_over_) open_round();
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

void Table::announce_closing(int minutes) {
  closing_at_ = clock_.now() + std::chrono::minutes(minutes);
  publish(ClosingAnnounced{minutes, *closing_at_});
}

std::optional<ErrorCode> Table::chat(ledger::PlayerId player, const Persona& who,
                                     const std::string& text, std::string_view role) {
  if (!config_.chat_enabled) return ErrorCode::ActionFailed;
  const bool staff = role != kPlayerRole;
  const bool private_table = seated_only() && !staff;
  if (private_table && !seated(player)) return ErrorCode::SeatError;
  ChatSaid said{player, who.name, text, std::string(role), who.avatar};
  if (!private_table) {
    publish(std::move(said));
    return std::nullopt;
  }
  // Only the seated players read it; everybody else receives a placeholder with the
  // same version, so that their event stream has no gap.
  std::map<ledger::PlayerId, PlayerPart> audience;
  for (const auto& seat : seats_)
    if (seat) audience[seat->player].chat = said;
  publish(Noop{}, std::move(audience));
  return std::nullopt;
}

}  // namespace croupier::table
