// Bets: placed, refused, taken back and answered once per request; the last bets kept for
// a rebet; per-player state kept between rounds.

#include "core/log.hpp"
#include "core/metrics.hpp"
#include "table/table.hpp"

namespace croupier::table {

namespace {

// The sequence number of one of this table's round ids, or nullopt for anything else.
std::optional<int64_t> seq_of(const std::string& table_id, const std::string& game_id) {
  if (game_id.size() <= table_id.size() + 1 || game_id.compare(0, table_id.size(), table_id) != 0 ||
      game_id[table_id.size()] != '-') {
    return std::nullopt;
  }
  int64_t seq = 0;
  for (size_t i = table_id.size() + 1; i < game_id.size(); ++i) {
    char c = game_id[i];
    if (c < '0' || c > '9' || seq > 1'000'000'000'000) return std::nullopt;
    seq = seq * 10 + (c - '0');
  }
  return seq;
}

bool valid_request_id(const std::string& id) {
  if (id.empty() || id.size() > 64) return false;
  for (char c : id) {
    bool ok = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
              c == '-' || c == '_' || c == '.' || c == ':';
    if (!ok) return false;
  }
  return true;
}

void count_rejection(ErrorCode code, size_t lines) {
  std::string label = "code=\"" + std::to_string(to_int(code)) + "\"";
  metrics::registry()
      .counter("croupier_bets_rejected_total", "Bet lines refused, by SPEC error code.", label)
      .inc(lines);
}

metrics::Counter& accepted_counter() {
  static metrics::Counter& c =
      metrics::registry().counter("croupier_bets_accepted_total", "Bet lines accepted.");
  return c;
}

}  // namespace

ErrorCode code_for(ledger::Failure f) {
  switch (f) {
    case ledger::Failure::insufficient_funds:
      return ErrorCode::InsufficientFunds;
    case ledger::Failure::key_conflict:
      return ErrorCode::InvalidBet;
    case ledger::Failure::round_not_open:
    case ledger::Failure::round_not_found:
      return ErrorCode::BetLate;
    case ledger::Failure::invalid_request:
    case ledger::Failure::bonus_unavailable:  // a free bet on chips the player does not hold
      return ErrorCode::InvalidBet;
    case ledger::Failure::overloaded:
      return ErrorCode::BetsNotAccepted;
    case ledger::Failure::wallet_call:  // the debit was rolled back meanwhile
    case ledger::Failure::wallet_unavailable:
      return ErrorCode::CannotTransferFunds;
    case ledger::Failure::account_disabled:
      return ErrorCode::AccountDisabled;
    case ledger::Failure::account_suspended:
      return ErrorCode::AccountSuspended;
    case ledger::Failure::limit_reached:
      return ErrorCode::ResponsibleGamingLimit;
    case ledger::Failure::session_balance:
      return ErrorCode::SessionBalanceInsufficient;
    case ledger::Failure::regulation_limit:
      return ErrorCode::RegulationLimit;
    case ledger::Failure::storage:
    case ledger::Failure::fenced:  // the table moved to another node: nothing was done
      return ErrorCode::GameServerProblem;
  }
  return ErrorCode::GameServerProblem;
}

// ---- Bets -------------------------------------------------------------------------------

// Whether bets may be placed or taken back now, in the round named (or, for a command that
// came while bets were open and waited its turn, whether that round is still to be played).
std::optional<Refusal> Table::refuse_round(const std::string& game_id,
                                           const std::string& arrived_in) const {
  if (closing_) return Refusal{ErrorCode::BetsNotAccepted, "the table is closing"};
  if (!game_id.empty() && game_id != round_id_) {
    auto seq = seq_of(config_.id, game_id);
    if (seq && *seq < seq_) return Refusal{ErrorCode::BetLate, "round " + game_id + " is over"};
    return Refusal{ErrorCode::WaitForNextRound, "round " + game_id + " is not open"};
  }
  if (!arrived_in.empty() && arrived_in == round_id_ &&
      (state_ == RoundState::waiting_for_bets || state_ == RoundState::bets_closed))
    return std::nullopt;  // the round waited for it: the result is not drawn yet
  if (state_ != RoundState::waiting_for_bets || waiting_for_ledger_) {
    bool this_round_closed =
        state_ == RoundState::bets_closed || in_play() || state_ == RoundState::game_over;
    if (this_round_closed) {
      return Refusal{ErrorCode::BetLate, "bets are closed for round " + round_id_};
    }
    return Refusal{ErrorCode::WaitForNextRound, "the next round has not opened yet"};
  }
  return std::nullopt;
}

std::optional<Refusal> Table::refuse_command(const PlaceBetsCommand& c,
                                             const std::string& arrived_in) const {
  if (!valid_request_id(c.request_id)) {
    return Refusal{ErrorCode::InvalidBet,
                   "requestId must be 1-64 letters, digits, '-', '_', '.' or ':'"};
  }
  if (auto refused = refuse_round(c.game_id, arrived_in)) return refused;
  if (engines_.find(c.currency) == engines_.end()) {
    return Refusal{ErrorCode::BetsNotAccepted, "this table does not play in " + c.currency};
  }
  if (c.kind != PlaceBetsCommand::Kind::repeat_last && c.bets.empty()) {
    return Refusal{ErrorCode::InvalidBet, "no bets"};
  }
  if (c.check_total && *c.check_total != sum_of(c.bets)) {
    return Refusal{ErrorCode::InvalidBet, "checkValue " + format_money(*c.check_total) +
                                              " is not the bets' total " +
                                              format_money(sum_of(c.bets))};
  }
  if (seated_only() && !seated(c.player)) {
    return Refusal{ErrorCode::SeatError, "take a seat to bet at this private table"};
  }
  if (!book_.contains(c.player) && book_.size() >= config_.players_per_round_max) {
    return Refusal{ErrorCode::BetsNotAccepted, "the table is full this round"};
  }
  return std::nullopt;
}

std::vector<games::BetLine> Table::existing_lines(const PlayerBook* book) const {
  std::vector<games::BetLine> lines;
  if (!book) return lines;
  for (const auto& bet : book->placed) lines.push_back(bet.line);
  for (const auto& [key, pending] : book->pending)
    lines.insert(lines.end(), pending.begin(), pending.end());
  return lines;
}

void Table::place_bets(PlaceBetsCommand command, AckFn ack) {
  if (wait_turn(command.player, command.request_id, command.game_id, false, ack,
                [this, command, ack](const std::string& arrived_in) {
                  place_bets_now(command, ack, arrived_in);
                }))
    return;
  place_bets_now(std::move(command), std::move(ack), {});
}

void Table::place_bets_now(PlaceBetsCommand command, AckFn ack, const std::string& arrived_in) {
  const std::string key = std::to_string(command.player) + ":" + command.request_id;
  if (answer_repeat(key, command.player, ack)) return;

  BetAck reply;
  reply.request_id = command.request_id;
  reply.game_id = round_id_;
  reply.free_bet = command.free_bet;
  auto refuse_all = [&](ErrorCode code, std::string detail) {
    reply.refusal = Refusal{code, std::move(detail)};
    // What the player already has on the round stands: the total says so.
    if (auto b = book_.find(command.player); b != book_.end())
      reply.round_total = sum_of(existing_lines(&b->second));
    for (const auto& l : command.bets) reply.rejected.push_back({l.spot, l.amount, code});
    count_rejection(code, std::max<size_t>(1, command.bets.size()));
    remember(key, command.player, std::move(reply), ack);
  };

  if (auto refused = refuse_command(command, arrived_in))
    return refuse_all(refused->code, std::move(refused->detail));

  if (command.kind == PlaceBetsCommand::Kind::repeat_last) {
    auto last = last_bets_.find(command.player);
    if (last == last_bets_.end() || last->second.currency != command.currency) {
      return refuse_all(ErrorCode::BetsNotAccepted,
                        "there are no earlier bets at this table to repeat");
    }
    command.bets = last->second.lines;
  }
  auto book_it = book_.find(command.player);
  const PlayerBook* book = book_it == book_.end() ? nullptr : &book_it->second;
  const std::vector<games::BetLine> existing = existing_lines(book);
  if (existing.size() + command.bets.size() > config_.bets_per_player_max) {
    return refuse_all(ErrorCode::BetsNotAccepted,
                      "at most " + std::to_string(config_.bets_per_player_max) + " bets a round");
  }

  const games::Engine& engine = *engines_.find(command.currency)->second;
  auto verdicts = engine.check(existing, command.bets, command.currency);
  // The flow's say on who may bet where (blackjack: a seat's own player; behind it, others
  // when the seat's player allows it).
  std::vector<std::string> reasons(command.bets.size());
  for (size_t i = 0; i < command.bets.size(); ++i) {
    if (verdicts[i]) continue;
    if (auto refused = flow_->refuse_bet(command.player, command.bets[i].spot)) {
      verdicts[i] = refused->code;
      reasons[i] = refused->rule;
    }
  }
  const bool any_refused =
      std::any_of(verdicts.begin(), verdicts.end(), [](const auto& v) { return v.has_value(); });
  const bool all_or_nothing = command.kind != PlaceBetsCommand::Kind::add;

  // Safe bets (covering most of the wheel) are refused in a special-ball round and for a
  // player whose bonus terms block them: each line is checked with the lines before it.
  const bool no_safe_bets = special_ball_ || command.block_safe_bets;
  std::vector<games::BetLine> running = existing;
  std::vector<bool> unsafe(command.bets.size(), false);
  bool any_unsafe = false;
  for (size_t i = 0; no_safe_bets && i < command.bets.size(); ++i) {
    if (verdicts[i]) continue;
    running.push_back({*engine.canonical_spot(command.bets[i].spot), command.bets[i].amount});
    if (engine.is_safe(running)) {
      unsafe[i] = any_unsafe = true;
      running.pop_back();
    }
  }
  // In a regulated market the player's total on the table must reach the table minimum.
  bool under_table_min = false;
  std::string detail;  // why, when every line is refused
  if (command.regulated) {
    auto min = config_.table_min.find(command.currency);
    Money table_min = min != config_.table_min.end() ? min->second : engine.limits().min_bet;
    Money total = sum_of(existing);
    for (size_t i = 0; i < command.bets.size(); ++i)
      if (!verdicts[i] && !unsafe[i]) total += command.bets[i].amount;
    under_table_min = total < table_min;
    if (under_table_min)
      detail = "the total on the table must be at least " + format_money(table_min);
  }

  std::vector<games::BetLine> taken;
  for (size_t i = 0; i < command.bets.size(); ++i) {
    const auto& line = command.bets[i];
    const bool refused_line = verdicts[i] || unsafe[i] || under_table_min;
    if (refused_line || (all_or_nothing && (any_refused || any_unsafe))) {
      RejectedBet r{line.spot, line.amount, verdicts[i].value_or(ErrorCode::BetsNotAccepted),
                    reasons[i]};
      if (!verdicts[i] && unsafe[i]) r.reason = "safe_bets";
      if (!verdicts[i] && !unsafe[i] && under_table_min) {
        r.code = ErrorCode::BelowMinimum;
        r.reason = "table_min";
      }
      count_rejection(r.code, 1);
      reply.rejected.push_back(std::move(r));
    } else {
      taken.push_back({*engine.canonical_spot(line.spot), line.amount});
    }
  }
  if (taken.empty()) {
    if (all_or_nothing && (any_refused || any_unsafe))
      reply.refusal = Refusal{ErrorCode::BetsNotAccepted, std::move(detail)};
    else if (!reply.rejected.empty())
      reply.refusal = Refusal{reply.rejected.front().code, std::move(detail)};
    reply.round_total = sum_of(existing);
    remember(key, command.player, std::move(reply), ack);
    return;
  }

  // Hold the bets as pending so that further commands are checked against them, and
  // send them to the ledger. The acknowledgement waits for the commit.
  PlayerBook& player_book = book_[command.player];
  player_book.currency = command.currency;
  if (!command.name.empty()) player_book.name = command.name;
  player_book.pending[key] = taken;
  ++bet_ops_in_flight_;
  busy_.insert(command.player);
  Request& request = requests_[key];
  request.waiters.push_back(std::move(ack));
  request.ack.reset();
  player_requests_[command.player].push_back(key);
  pending_replies_[key] = std::move(reply);

  ledger::PlaceBets op;
  op.key = "bet:" + round_id_ + ":" + key;
  op.round_id = round_id_;
  op.player = command.player;
  op.currency = command.currency;
  op.at_ms = clock_.wall_ms();
  op.bonus_first = command.bonus_first;
  for (const auto& l : taken) op.bets.push_back({l.spot, l.amount, command.free_bet});
  ledger_.submit(std::move(op), [this, key, command = std::move(command)](auto r) mutable {
    post_([this, key, command = std::move(command), r]() mutable {
      on_bets_placed(key, std::move(command), r);
    });
  });
}

void Table::on_bets_placed(std::string key, PlaceBetsCommand command,
                           Result<ledger::PlacedBets, ledger::Failure> r) {
  --bet_ops_in_flight_;
  PlayerBook& book = book_[command.player];
  std::vector<games::BetLine> taken = std::move(book.pending[key]);
  book.pending.erase(key);
  BetAck reply = std::move(pending_replies_[key]);
  pending_replies_.erase(key);

  if (r.ok() && r->bet_ids.size() == taken.size()) {
    for (size_t i = 0; i < taken.size(); ++i)
      book.placed.push_back({r->bet_ids[i], taken[i], key, !command.free_bet.empty()});
    if (!round_rng_) client_seeds_.offer(command.player, command.client_seed);
    accepted_counter().inc(taken.size());
    reply.accepted = std::move(taken);
    reply.balance = r->balance;
  } else {
    ErrorCode code = r.ok() ? ErrorCode::GameServerProblem : code_for(r.error());
    for (const auto& l : taken) reply.rejected.push_back({l.spot, l.amount, code});
    count_rejection(code, taken.size());
    if (reply.accepted.empty()) reply.refusal = Refusal{code};
  }
  if (book.placed.empty() && book.pending.empty()) book_.erase(command.player);
  reply.round_total =
      sum_of(existing_lines(book_.contains(command.player) ? &book_[command.player] : nullptr));
  answer(key, std::move(reply));
  next_turn(command.player);
}

bool Table::answer_repeat(const std::string& key, ledger::PlayerId player, AckFn& ack) {
  for (auto* requests : {&requests_, &past_requests_}) {
    auto seen = requests->find(key);
    if (seen == requests->end()) continue;
    if (!seen->second.ack) {
      seen->second.waiters.push_back(std::move(ack));  // answered when the ledger is
      return true;
    }
    BetAck again = *seen->second.ack;
    again.duplicate = true;
    again.version = version_;
    if (auto book = book_.find(player); book != book_.end() && requests == &requests_) {
      again.balance = ledger_.balance(player, book->second.currency);
    }
    ack(again);
    return true;
  }
  return false;
}

void Table::remember(const std::string& key, ledger::PlayerId player, BetAck reply,
                     const AckFn& ack) {
  reply.version = version_;
  if (requests_.size() < kRequestsRememberedMax) {
    requests_[key].ack = reply;
    player_requests_[player].push_back(key);
  }
  ack(reply);
}

void Table::cancel_bets(CancelBetsCommand command, AckFn ack) {
  if (!valid_request_id(command.request_id)) {
    BetAck bad;
    bad.request_id = command.request_id;
    bad.cancel = true;
    bad.refusal = Refusal{ErrorCode::InvalidBet,
                          "requestId must be 1-64 letters, digits, '-', '_', '.' or ':'"};
    bad.version = version_;
    return ack(bad);
  }
  if (wait_turn(command.player, command.request_id, command.game_id, true, ack,
                [this, command, ack](const std::string& arrived_in) {
                  cancel_bets_now(command, ack, arrived_in);
                }))
    return;
  cancel_bets_now(std::move(command), std::move(ack), {});
}

void Table::cancel_bets_now(CancelBetsCommand command, AckFn ack, const std::string& arrived_in) {
  const std::string key = std::to_string(command.player) + ":" + command.request_id;
  if (answer_repeat(key, command.player, ack)) return;

  BetAck reply;
  reply.request_id = command.request_id;
  reply.game_id = round_id_;
  reply.cancel = true;
  auto refuse = [&](ErrorCode code, std::string detail) {
    reply.refusal = Refusal{code, std::move(detail)};
    auto book = book_.find(command.player);
    reply.round_total = sum_of(existing_lines(book == book_.end() ? nullptr : &book->second));
    remember(key, command.player, std::move(reply), ack);
  };
  if (auto refused = refuse_round(command.game_id, arrived_in))
    return refuse(refused->code, refused->detail);

  auto book = book_.find(command.player);
  const std::string of_key =
      command.of_request.empty() ? "" : std::to_string(command.player) + ":" + command.of_request;
  std::vector<ledger::BetId> ids;
  std::vector<games::BetLine> kept;  // one line per spot, of the bets that stay
  if (book != book_.end()) {
    for (const auto& bet : book->second.placed) {
      if (of_key.empty() || bet.request_key == of_key) {
        ids.push_back(bet.id);
        continue;
      }
      auto same = std::find_if(kept.begin(), kept.end(),
                               [&](const auto& l) { return l.spot == bet.line.spot; });
      if (same == kept.end())
        kept.push_back(bet.line);
      else
        same->amount += bet.line.amount;
    }
  }
  if (ids.empty()) return refuse(ErrorCode::BetsNotAccepted, "there are no such bets to take back");
  // What stays must still be a valid set of bets: a top-up does not stand alone under the
  // minimum, nor a side bet without its main bet.
  if (!kept.empty()) {
    const games::Engine& engine = *engines_.find(book->second.currency)->second;
    const auto verdicts = engine.check({}, kept, book->second.currency);
    for (size_t i = 0; i < kept.size(); ++i) {
      if (!verdicts[i]) continue;
      return refuse(*verdicts[i], "taking back those bets would leave the bet on " + kept[i].spot +
                                      " against the table's rules");
    }
  }

  ++bet_ops_in_flight_;
  busy_.insert(command.player);
  Request& request = requests_[key];
  request.waiters.push_back(std::move(ack));
  player_requests_[command.player].push_back(key);
  pending_replies_[key] = std::move(reply);
  ledger_.submit(ledger::CancelBets{"cancel:" + round_id_ + ":" + key, round_id_, command.player,
                                    ids, clock_.wall_ms()},
                 [this, key, player = command.player, ids](auto r) {
                   post_([this, key, player, ids, r] { on_bets_cancelled(key, player, ids, r); });
                 });
}

void Table::on_bets_cancelled(std::string key, ledger::PlayerId player,
                              std::vector<ledger::BetId> ids,
                              Result<ledger::CancelledBets, ledger::Failure> r) {
  --bet_ops_in_flight_;
  BetAck reply = std::move(pending_replies_[key]);
  pending_replies_.erase(key);
  PlayerBook& book = book_[player];
  if (r.ok()) {
    // One line per bet taken back, in the order they were placed.
    std::erase_if(book.placed, [&](const PlacedBet& bet) {
      if (std::find(ids.begin(), ids.end(), bet.id) == ids.end()) return false;
      reply.cancelled.push_back(bet.line);
      return true;
    });
    reply.balance = r->balance;
  } else {
    reply.refusal = Refusal{code_for(r.error()), "the bets could not be taken back"};
  }
  reply.round_total = sum_of(existing_lines(&book));
  if (book.placed.empty() && book.pending.empty()) {
    book_.erase(player);
    if (!round_rng_) client_seeds_.withdraw(player);  // no stake, no say in the round
  }
  answer(key, std::move(reply));
  next_turn(player);
}

bool Table::wait_turn(ledger::PlayerId player, const std::string& request_id,
                      const std::string& game_id, bool cancel, const AckFn& ack,
                      std::function<void(const std::string& arrived_in)> later) {
  if (!busy_.contains(player)) return false;
  auto& waiting = waiting_commands_[player];
  if (waiting.size() < kCommandsWaitingMax) {
    // In time now: the round's result waits for it (bet_ops_in_flight_) until its turn.
    std::string in_time = refuse_round(game_id) ? std::string{} : round_id_;
    if (!in_time.empty()) ++bet_ops_in_flight_;
    waiting.push_back([this, in_time = std::move(in_time), later = std::move(later)] {
      if (!in_time.empty()) --bet_ops_in_flight_;
      later(in_time);
    });
    return true;
  }
  // Not remembered: the same request sent again later is taken as new.
  BetAck refused;
  refused.request_id = request_id;
  refused.game_id = round_id_;
  refused.cancel = cancel;
  refused.refusal =
      Refusal{ErrorCode::BetsNotAccepted, "too many bet commands at once: wait for the answers"};
  refused.version = version_;
  ack(refused);
  return true;
}

void Table::next_turn(ledger::PlayerId player) {
  busy_.erase(player);
  // A command run here may send the player's next to the ledger: the rest wait for it.
  for (auto it = waiting_commands_.find(player);
       it != waiting_commands_.end() && !busy_.contains(player);
       it = waiting_commands_.find(player)) {
    if (it->second.empty()) {
      waiting_commands_.erase(it);
      break;
    }
    std::function<void()> run = std::move(it->second.front());
    it->second.pop_front();
    run();
  }
}

void Table::answer(const std::string& key, BetAck ack) {
  ack.version = version_;
  Request& request = requests_[key];
  request.ack = ack;
  std::vector<AckFn> waiters = std::move(request.waiters);
  request.waiters.clear();
  for (size_t i = 0; i < waiters.size(); ++i) {
    BetAck copy = ack;
    copy.duplicate = i > 0;
    waiters[i](copy);
  }
}

void Table::remember_last_bets() {
  for (const auto& [player, book] : book_) {
    if (book.placed.empty()) continue;
    // One line per spot, in the order the spots were first bet on.
    std::vector<games::BetLine> lines;
    const games::Engine& engine = *engines_.begin()->second;
    for (const auto& bet : book.placed) {
      // Only what a player places: not a stake taken mid-round (a blackjack double), nor a
      // free bet (the bonus's chips are not the player's to repeat).
      if (bet.free || !engine.canonical_spot(bet.line.spot)) continue;
      auto same = std::find_if(lines.begin(), lines.end(),
                               [&](const auto& l) { return l.spot == bet.line.spot; });
      if (same == lines.end())
        lines.push_back(bet.line);
      else
        same->amount += bet.line.amount;
    }
    if (lines.empty()) continue;
    last_bets_[player] = {book.currency, std::move(lines), seq_};
  }
  if (last_bets_.size() <= config_.last_bets_max) return;
  // Forget the players who bet least recently, down to 90 % of the maximum.
  std::vector<std::pair<int64_t, ledger::PlayerId>> by_age;
  for (const auto& [player, last] : last_bets_) by_age.emplace_back(last.seq, player);
  size_t drop = last_bets_.size() - config_.last_bets_max * 9 / 10;
  std::nth_element(by_age.begin(), by_age.begin() + drop, by_age.end());
  for (size_t i = 0; i < drop; ++i) last_bets_.erase(by_age[i].second);
}

// Blackjack preferences reach the table at every subscription and seat, so forgetting an
// idle player's costs nothing: they come back with the player. What a player is using now
// (a seat, bets this round, a running autoplay) is never forgotten.
void Table::forget_idle_players() {
  if (players_remembered() <= config_.players_remembered_max) return;
  auto idle = [&](ledger::PlayerId p) {
    if (seated(p) || book_.contains(p)) return false;
    const auto autoplay = flow_->autoplay_of(p);
    return !autoplay || autoplay->state != "running";
  };
  flow_->forget(idle);
  std::erase_if(lost_seats_, [&](const auto& seat) { return idle(seat.first); });
}

size_t Table::players_remembered() const {
  std::vector<games::PlayerRef> players;
  flow_->remembered(players);
  for (const auto& [p, seat] : lost_seats_) players.push_back(p);
  std::sort(players.begin(), players.end());
  return static_cast<size_t>(std::unique(players.begin(), players.end()) - players.begin());
}

Money sum_of(const std::vector<games::BetLine>& lines) {
  Money total;
  for (const auto& l : lines) {
    auto s = checked_add(total, l.amount);
    if (!s) return Money{INT64_MAX};
    total = *s;
  }
  return total;
}
}  // namespace croupier::table
