#include "table/table.hpp"

#include <boost/json/array.hpp>
#include <boost/json/parse.hpp>
#include <boost/json/serialize.hpp>
#include <cassert>
#include <cstdio>

#include "core/crypto.hpp"
#include "core/log.hpp"
#include "core/metrics.hpp"
#include "games/cards/card.hpp"
#include "games/cards/roads.hpp"
#include "games/draw_flow.hpp"
#include "table/json.hpp"

namespace croupier::table {

namespace json = boost::json;

namespace {

std::string round_id_for(const std::string& table_id, int64_t seq) {
  char buf[24];
  std::snprintf(buf, sizeof buf, "%06lld", static_cast<long long>(seq));
  return table_id + "-" + buf;
}

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
      return ErrorCode::InvalidBet;
    case ledger::Failure::overloaded:
      return ErrorCode::BetsNotAccepted;
    case ledger::Failure::storage:
      return ErrorCode::GameServerProblem;
  }
  return ErrorCode::GameServerProblem;
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

json::array lines_json(const std::vector<games::BetLine>& lines) {
  json::array out;
  out.reserve(lines.size());
  for (const auto& l : lines)
    out.push_back(json::object{{"spot", l.spot}, {"amount", money_json(l.amount)}});
  return out;
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

metrics::Histogram& round_duration() {
  static metrics::Histogram& h = metrics::registry().histogram(
      "croupier_round_duration_seconds", "From a round's opening to its result.",
      {5, 10, 20, 30, 45, 60, 75, 90, 120, 180, 300});
  return h;
}

constexpr size_t kRequestsRememberedMax = 1'000'000;
constexpr size_t kSnapshotResultsMax = 20;

}  // namespace

Table::Table(TableConfig config, Engines engines, const Clock& clock, Rng& rng,
             ledger::Ledger& ledger, Post post, Publish publish)
    : config_(std::move(config)),
      engines_(std::move(engines)),
      clock_(clock),
      rng_(rng),
      ledger_(ledger),
      post_(std::move(post)),
      publish_(std::move(publish)),
      epoch_(crypto::random_token(9)),
      seats_(static_cast<size_t>(std::max(0, config_.seats))),
      family_(games::find_family(config_.game)),
      blackjack_(family_ && family_->is_blackjack()),
      onebj_(family_ && family_->shape == games::Shape::infinite_blackjack) {
  assert(!engines_.empty());
  const games::Engine& engine = *engines_.begin()->second;
  if (blackjack_) {
    bj_shoe_.emplace(config_.shoe_decks, config_.shoe_cut_from_end, false);
  } else if (family_) {
    flow_ = games::make_flow(
        *family_, engine,
        {config_.shoe_decks, config_.shoe_cut_from_end, config_.squeeze, config_.timings.squeeze});
  }
  if (!blackjack_ && !flow_) flow_ = std::make_unique<games::DrawFlow>(engine);
}

// ---- Start-up and recovery -----------------------------------------------------------

void Table::start() {
  for (const auto& r : ledger_.recent_results(config_.id, config_.recent_results_max)) {
    recent_.push_back({r.round_id, r.result, r.at_ms});
  }
  recover();
  seq_ = ledger_.max_round_seq(config_.id);
  open_round();
}

// A previous run may have stopped (or crashed) in the middle of rounds. A round whose
// result was recorded is settled from it, exactly as it would have been; a round
// without a result is refunded and announced with cancelround. The ledger processes
// these before the first new round because it commits in submission order.
void Table::recover() {
  const games::Engine& any_engine = *engines_.begin()->second;
  for (auto& round : ledger_.unsettled_rounds(config_.id)) {
    std::optional<games::Outcome> outcome;
    if (round.result) outcome = any_engine.decode(*round.result);
    if (outcome) {
      ledger::SettleRound op{round.round_id, {}, clock_.wall_ms()};
      for (const auto& bet : round.bets) {
        auto engine = engines_.find(bet.currency);
        const games::Engine& e = engine == engines_.end() ? any_engine : *engine->second;
        op.returns.emplace_back(bet.id, e.payout(bet.spot, bet.amount, *outcome));
      }
      log::info("settling round left open",
                {{"table", config_.id}, {"round", round.round_id}, {"bets", round.bets.size()}});
      ledger_.submit(std::move(op), [id = round.round_id](auto r) {
        if (!r.ok())
          log::error("recovery settlement failed",
                     {{"round", id}, {"failure", ledger::failure_name(r.error())}});
      });
      continue;
    }
    log::info("refunding round left open",
              {{"table", config_.id}, {"round", round.round_id}, {"bets", round.bets.size()}});
    json::object body = event("cancelround");
    body["gameId"] = round.round_id;
    body["reason"] = "restart";
    publish(std::move(body));
    ledger_.submit(ledger::CancelRound{round.round_id, "restart", clock_.wall_ms()},
                   [id = round.round_id](auto r) {
                     if (!r.ok())
                       log::error("recovery refund failed",
                                  {{"round", id}, {"failure", ledger::failure_name(r.error())}});
                   });
  }
}

// ---- The round ------------------------------------------------------------------------

void Table::open_round() {
  // A seated blackjack table deals only to seated players: with nobody seated it waits
  // in state 902 (take a seat) until somebody sits.
  if (blackjack_ && !onebj_ &&
      std::none_of(seats_.begin(), seats_.end(), [](const auto& s) { return s.has_value(); })) {
    if (state_ != RoundState::take_a_seat) {
      state_ = RoundState::take_a_seat;
      json::object body = event("gamestate");
      body["state"] = to_int(state_);
      body["stateName"] = state_name(state_);
      publish(std::move(body));
    }
    return;
  }
  ++seq_;
  round_id_ = round_id_for(config_.id, seq_);
  waiting_for_ledger_ = true;
  ledger_.submit(ledger::OpenRound{round_id_, config_.id, config_.game, seq_, clock_.wall_ms()},
                 [this](auto r) { post_([this, r] { on_round_opened(r); }); });
}

void Table::on_round_opened(Result<ledger::Done, ledger::Failure> r) {
  waiting_for_ledger_ = false;
  const MonoTime now = clock_.now();
  if (!r.ok()) {
    log::error("could not open round",
               {{"round", round_id_}, {"failure", ledger::failure_name(r.error())}});
    --seq_;  // the round does not exist; try the same number again
    deadline_ = now + config_.timings.retry;
    return;
  }
  choose_special_ball_spinner();
  past_requests_ = std::move(requests_);
  requests_.clear();
  past_player_requests_ = std::move(player_requests_);
  player_requests_.clear();
  book_.clear();
  bj_ = {};
  outcome_ = {};
  result_recorded_ = false;
  round_has_result_ = false;
  closing_soon_sent_ = false;
  opened_at_ = now;
  if (closing_) {  // shut down while the round was being opened: close it at once
    cancel_round("shutdown");
    return;
  }
  before_round();
  state_ = RoundState::waiting_for_bets;
  bets_close_at_ = now + config_.timings.betting;
  next_timer_at_ = now + config_.timings.timer_interval;
  json::object body = event("betsopen");
  body["state"] = to_int(state_);
  body["betsOpen"] = true;
  body["endsAt"] = wall_at(bets_close_at_);
  body["bettingMs"] = config_.timings.betting.count();
  std::map<ledger::PlayerId, json::object> personal;
  if (special_ball_) {
    body["specialBall"] = true;
    if (spinner_) {
      body["spinner"] = spinner_name_;
      personal[*spinner_] = json::object{{"youSpin", true}};
    }
  }
  for (const auto& [player, a] : autoplay_) {
    if (a.state == "running")
      personal[player]["autoplay"] =
          json::object{{"state", a.state}, {"roundsLeft", a.rounds_left}};
  }
  publish(std::move(body), std::move(personal));
  if (onebj_) bj_autoplay_bets();
}

// A special-ball round is every Nth; the player who staked most in the round before
// (the book still holds it) spins. Ties go to the lower player id, for determinism.
void Table::choose_special_ball_spinner() {
  special_ball_ = config_.special_ball_every > 0 && seq_ % config_.special_ball_every == 0;
  spinner_.reset();
  spinner_name_.clear();
  if (!special_ball_) return;
  Money best = Money::zero();
  for (const auto& [player, book] : book_) {
    Money total = Money::zero();
    for (const auto& bet : book.placed) total += bet.line.amount;
    if (total > best || (total == best && total.is_positive() && spinner_ && player < *spinner_)) {
      best = total;
      spinner_ = player;
      spinner_name_ = book.name;
    }
  }
}

void Table::close_bets() {
  state_ = RoundState::bets_closed;
  deadline_ = clock_.now() + config_.timings.bets_closed;
  json::object body = event("betsclosed");
  body["state"] = to_int(state_);
  body["betsOpen"] = false;
  publish(std::move(body));
}

// The dealer launches the ball: the result is drawn now and recorded durably before the
// spin ends, so that a crash from here on settles the round instead of refunding it.
void Table::launch() {
  if (blackjack_) {
    if (bj_.phase == BjPhase::none) bj_begin();
    return;
  }
  const MonoTime now = clock_.now();
  if (!round_has_result_) {
    games::FlowStart start{now, closing_ ? Millis{0} : config_.timings.spin, closing_,
                           next_scripted(), stakes()};
    games::FlowOut out;
    flow_->begin(start, rng_, out);
    outcome_ = flow_->outcome();
    round_has_result_ = true;
    publish_flow(out);
    // Multipliers drawn with the result but shown before the ball lands (mega roulette).
    auto announced = engines_.begin()->second->announced_multipliers(outcome_);
    if (!announced.empty()) {
      json::object m = event("multipliers");
      m["multipliers"] = multipliers_json(announced);
      publish(std::move(m));
    }
  }
  waiting_for_ledger_ = true;
  ledger_.submit(
      ledger::RecordResult{round_id_, engines_.begin()->second->encode(outcome_), clock_.wall_ms()},
      [this](auto r) { post_([this, r] { on_result_recorded(r); }); });
}

void Table::on_result_recorded(Result<ledger::Done, ledger::Failure> r) {
  waiting_for_ledger_ = false;
  if (!r.ok()) {
    log::error("could not record result",
               {{"round", round_id_}, {"failure", ledger::failure_name(r.error())}});
    retry_at_ = clock_.now() + config_.timings.retry;
    return;
  }
  result_recorded_ = true;
}

// Tests: the next scripted result that decodes, if any are left.
std::optional<games::Outcome> Table::next_scripted() {
  const games::Engine& engine = *engines_.begin()->second;
  while (scripted_next_ < config_.scripted_results.size()) {
    const std::string& text = config_.scripted_results[scripted_next_++];
    if (auto outcome = engine.decode(text)) return outcome;
    log::warn("scripted result does not decode", {{"table", config_.id}, {"result", text}});
  }
  return std::nullopt;
}

// Every accepted stake of the round, for a flow that chooses by them (the squeeze).
std::vector<games::FlowStake> Table::stakes() const {
  std::vector<games::FlowStake> out;
  for (const auto& [player, book] : book_)
    for (const auto& bet : book.placed)
      out.push_back({player, book.name, bet.line.spot, bet.line.amount});
  return out;
}

// Before a round opens: a card table changes its shoe when the cut card has come out.
void Table::before_round() {
  games::FlowOut out;
  if (flow_)
    flow_->before_round(rng_, out);
  else if (bj_shoe_)
    bj_shoe_->change_if_due(rng_, out);
  publish_flow(out);
}

// The flow's events as the table's own: numbered, stamped and published in order.
void Table::publish_flow(const games::FlowOut& out) {
  for (const games::FlowEvent& e : out) {
    if (const auto* s = std::get_if<games::StateShown>(&e)) {
      state_ = s->state;
      json::object body = event("gamestate");
      body["state"] = to_int(state_);
      body["stateName"] = state_name(state_);
      if (s->spin) body["spinMs"] = s->spin->count();
      body["endsAt"] = wall_at(s->ends);
      publish(std::move(body));
    } else if (const auto* c = std::get_if<games::CardShown>(&e)) {
      json::object body = event("card");
      body["state"] = to_int(RoundState::dealing);
      body["hand"] = c->hand;
      if (c->reveal) body["card"] = c->card;
      body["index"] = c->index;
      body["of"] = c->of;
      if (c->reveal)
        body["reveal"] = true;
      else if (c->face_down)
        body["faceDown"] = true;
      else
        body["card"] = c->card;
      publish(std::move(body));
    } else if (const auto* q = std::get_if<games::SqueezerChosen>(&e)) {
      json::object body = event("squeezer");
      body["name"] = q->name;
      body["hand"] = q->hand;
      body["squeezeMs"] = q->squeeze.count();
      publish(std::move(body), {{q->player, json::object{{"youSqueeze", true}}}});
    } else if (const auto* m = std::get_if<games::SqueezeMoved>(&e)) {
      json::object body = event("squeeze");
      body["index"] = m->index;
      body["progress"] = m->progress;
      publish(std::move(body));
    } else if (const auto* start = std::get_if<games::ShuffleStarted>(&e)) {
      json::object body = event("startshuffling");
      body["shoe"] = start->shoe;
      publish(std::move(body));
    } else if (const auto* end = std::get_if<games::ShuffleEnded>(&e)) {
      json::object body = event("endshuffling");
      body["shoe"] = end->shoe;
      body["burnCard"] = end->burn_card;
      body["burnt"] = end->burnt;
      body["cards"] = end->cards;
      if (flow_ && flow_->roads()) body["roads"] = roads_json();
      publish(std::move(body));
    }
  }
}

// The baccarat roads of the current shoe (docs/games/baccarat.md), converted once per
// change; events and snapshots copy them.
const json::value& Table::roads_json() const {
  if (flow_->roads_version() != roads_json_version_) {
    roads_json_ = json::parse(games::cards::roads_to_json(*flow_->roads()));
    roads_json_version_ = flow_->roads_version();
  }
  return roads_json_;
}

json::array Table::multipliers_json(const std::vector<games::Multiplier>& list) const {
  json::array out;
  for (const auto& m : list) out.push_back(json::object{{"spot", m.spot}, {"x", m.times}});
  return out;
}

std::vector<std::pair<ledger::BetId, Money>> Table::returns_for(
    const games::Outcome& outcome) const {
  std::vector<std::pair<ledger::BetId, Money>> returns;
  for (const auto& [player, book] : book_) {
    const games::Engine& engine = *engines_.find(book.currency)->second;
    for (const auto& bet : book.placed) {
      returns.emplace_back(bet.id, engine.payout(bet.line.spot, bet.line.amount, outcome));
    }
  }
  return returns;
}

void Table::settle() {
  waiting_for_ledger_ = true;
  // Blackjack records its result with the settlement (the returns depend on decisions).
  ledger::SettleRound op{round_id_, blackjack_ ? bj_returns() : returns_for(outcome_),
                         clock_.wall_ms()};
  if (blackjack_) op.result = engines_.begin()->second->encode(outcome_);
  ledger_.submit(std::move(op), [this](auto r) { post_([this, r] { on_settled(r); }); });
}

void Table::on_settled(Result<ledger::Settlement, ledger::Failure> r) {
  waiting_for_ledger_ = false;
  const MonoTime now = clock_.now();
  if (!r.ok()) {
    // Never give up on a settlement: the bets are recorded and the result too, so the
    // round stays in the ledger as unsettled and is retried (or settled at restart).
    log::error("could not settle round",
               {{"round", round_id_}, {"failure", ledger::failure_name(r.error())}});
    retry_at_ = now + config_.timings.retry;
    return;
  }
  const games::Engine& engine = *engines_.begin()->second;
  const std::string encoded = engine.encode(outcome_);
  recent_.push_front({round_id_, encoded, clock_.wall_ms()});
  while (recent_.size() > config_.recent_results_max) recent_.pop_back();
  if (flow_) flow_->after_result();
  remember_last_bets();
  forget_idle_players();
  round_duration().observe(std::chrono::duration<double>(now - opened_at_).count());

  state_ = RoundState::game_over;
  deadline_ = now + (closing_ ? Millis{0} : config_.timings.result);
  json::object body = event("gameresult");
  body["state"] = to_int(state_);
  body["result"] = engine.label(outcome_);
  body["outcome"] = encoded;
  body["values"] = json::array(outcome_.values.begin(), outcome_.values.end());
  auto announced = engine.announced_multipliers(outcome_);
  auto revealed = engine.result_multipliers(outcome_);
  if (!announced.empty()) body["multipliers"] = multipliers_json(announced);
  if (!revealed.empty()) body["resultMultipliers"] = multipliers_json(revealed);
  if (flow_) {
    auto dealt = flow_->result_cards();
    if (!dealt.empty()) {
      json::array cards;
      for (const auto& c : dealt) cards.push_back(json::object{{"hand", c.hand}, {"card", c.card}});
      body["cards"] = std::move(cards);
    }
    if (flow_->roads()) body["roads"] = roads_json();
  }
  std::map<ledger::PlayerId, json::object> personal;
  if (blackjack_) {
    body["blackjack"] = bj_json();
    bj_autoplay_round_over();
    for (const auto& box : bj_.boxes)
      if (!personal.contains(box.player)) personal[box.player] = bj_personal(box.player);
    for (const auto& [player, a] : autoplay_)
      if (!personal.contains(player)) personal[player] = bj_personal(player);
  }
  for (const auto& p : r->players) {
    json::object mine;
    mine["stake"] = money_json(p.staked);
    mine["win"] = money_json(p.returned);
    mine["net"] = money_json(p.returned - p.staked);
    mine["balance"] = money_json(p.balance.total());
    mine["bonusBalance"] = money_json(p.balance.bonus);
    for (auto& [k, v] : mine) personal[p.player][k] = std::move(v);
  }
  publish(std::move(body), std::move(personal));
  bj_.phase = BjPhase::none;
  if (closing_) close_table();
}

// The last event of a table that shuts down: the round is settled or refunded.
void Table::close_table() {
  if (!shutdown_done_) return;
  json::object body = event("table_closed");
  body["reason"] = "shutdown";
  publish(std::move(body));
  std::exchange(shutdown_done_, nullptr)();
}

void Table::finish_round() {
  state_ = RoundState::wait_for_next_game;
  deadline_ = clock_.now() + config_.timings.next_game;
  json::object body = event("gamestate");
  body["state"] = to_int(state_);
  body["stateName"] = state_name(state_);
  body["endsAt"] = wall_at(deadline_);
  publish(std::move(body));
}

void Table::cancel_round(const std::string& reason) {
  state_ = RoundState::cancelled;
  waiting_for_ledger_ = true;
  std::string id = round_id_;
  ledger_.submit(ledger::CancelRound{id, reason, clock_.wall_ms()},
                 [this, id](auto r) { post_([this, id, r] { on_cancelled(id, r); }); });
}

void Table::on_cancelled(const std::string& round_id,
                         Result<ledger::Settlement, ledger::Failure> r) {
  waiting_for_ledger_ = false;
  if (!r.ok()) {
    log::error("could not cancel round",
               {{"round", round_id}, {"failure", ledger::failure_name(r.error())}});
    retry_at_ = clock_.now() + config_.timings.retry;
    return;
  }
  json::object body = event("cancelround");
  body["state"] = to_int(RoundState::cancelled);
  body["reason"] = closing_ ? "shutdown" : "cancelled";
  std::map<ledger::PlayerId, json::object> personal;
  for (const auto& p : r->players) {
    json::object mine;
    mine["refunded"] = money_json(p.returned);
    mine["balance"] = money_json(p.balance.total());
    mine["bonusBalance"] = money_json(p.balance.bonus);
    personal[p.player] = std::move(mine);
  }
  publish(std::move(body), std::move(personal));
  book_.clear();
  bj_ = {};
  if (closing_) {
    close_table();
    return;
  }
  finish_round();
}

void Table::advance() {
  // Each step moves the round on by at most one state; loop until nothing is due.
  for (int guard = 0; guard < 16 && !waiting_for_ledger_; ++guard) {
    const MonoTime now = clock_.now();
    const RoundState before = state_;
    if (retry_at_) {
      if (now < *retry_at_) return;
      retry_at_.reset();
      if (in_play() && !result_recorded_)
        launch();
      else if (in_play())
        settle();
      else if (state_ == RoundState::cancelled)
        cancel_round(closing_ ? "shutdown" : "cancelled");
      continue;
    }
    if (blackjack_ && bj_.phase != BjPhase::none) {
      bj_advance(now);
      if (state_ == before && !waiting_for_ledger_) return;
      continue;
    }
    switch (state_) {
      case RoundState::waiting_for_bets:
        if (!closing_soon_sent_ && now >= bets_close_at_ - config_.timings.closing_soon) {
          closing_soon_sent_ = true;
          json::object body = event("betsclosingsoon");
          body["endsAt"] = wall_at(bets_close_at_);
          body["remainingMs"] = std::max<int64_t>(0, (bets_close_at_ - now).count());
          publish(std::move(body));
        }
        if (now >= bets_close_at_) {
          close_bets();
        } else if (now >= next_timer_at_) {
          next_timer_at_ = now + config_.timings.timer_interval;
          json::object body = event("timer");
          body["state"] = to_int(state_);
          body["endsAt"] = wall_at(bets_close_at_);
          body["remainingMs"] = (bets_close_at_ - now).count();
          publish(std::move(body));
        }
        break;
      case RoundState::bets_closed:
        if (now >= deadline_) launch();
        break;
      case RoundState::dealing:
      case RoundState::card_wait:
      case RoundState::waiting_for_result: {
        if (!flow_) break;
        games::FlowOut out;
        flow_->advance(now, out);
        publish_flow(out);
        if (flow_->done() && now >= flow_->deadline(now) && result_recorded_ &&
            bet_ops_in_flight_ == 0)
          settle();
        break;
      }
      case RoundState::game_over:
        if (now >= deadline_ && !closing_) finish_round();
        break;
      case RoundState::wait_for_next_game:
      case RoundState::initialising:
        if (now >= deadline_ && !closing_) open_round();
        break;
      default:
        break;
    }
    if (state_ == before && !waiting_for_ledger_) return;
  }
}

std::optional<MonoTime> Table::next_deadline() const {
  if (waiting_for_ledger_) return std::nullopt;
  if (retry_at_) return retry_at_;
  if (blackjack_ && bj_.phase != BjPhase::none) return bj_deadline();
  switch (state_) {
    case RoundState::waiting_for_bets: {
      MonoTime next = std::min(bets_close_at_, next_timer_at_);
      if (!closing_soon_sent_) next = std::min(next, bets_close_at_ - config_.timings.closing_soon);
      return next;
    }
    case RoundState::card_wait:
    case RoundState::dealing:
    case RoundState::waiting_for_result: {
      if (!flow_) return std::nullopt;
      const MonoTime now = clock_.now();
      const MonoTime next = flow_->deadline(now);
      // Waiting for bets still being committed is woken by their callbacks.
      if (flow_->done() && bet_ops_in_flight_ > 0 && now >= next) return std::nullopt;
      return next;
    }
    case RoundState::bets_closed:
    case RoundState::game_over:
    case RoundState::wait_for_next_game:
    case RoundState::initialising:
      return closing_ ? std::nullopt : std::optional<MonoTime>(deadline_);
    default:
      return std::nullopt;
  }
}

void Table::shutdown(std::function<void()> done) {
  if (closing_) return;
  closing_ = true;
  shutdown_done_ = std::move(done);
  const bool idle = state_ == RoundState::game_over || state_ == RoundState::wait_for_next_game ||
                    state_ == RoundState::take_a_seat ||
                    (state_ == RoundState::initialising && !waiting_for_ledger_);
  if (idle) {
    close_table();
    return;
  }
  if (state_ == RoundState::waiting_for_bets && !waiting_for_ledger_) {
    if (bet_ops_in_flight_ > 0) {
      // Bets still committing: close betting now and finish the round instead.
      close_bets();
      deadline_ = clock_.now();
    } else {
      cancel_round("shutdown");
      return;
    }
  }
  if (state_ == RoundState::bets_closed) deadline_ = clock_.now();
  if (in_play()) {
    deadline_ = std::min(deadline_, clock_.now());
    if (flow_ && round_has_result_) flow_->hurry(clock_.now());
  }
  advance();
}

// ---- Bets -------------------------------------------------------------------------------

// Whether bets may be placed or taken back now, in the round named.
std::optional<Table::Refusal> Table::refuse_round(const std::string& game_id) const {
  if (closing_) return Refusal{ErrorCode::BetsNotAccepted, "the table is closing"};
  if (!game_id.empty() && game_id != round_id_) {
    auto seq = seq_of(config_.id, game_id);
    if (seq && *seq < seq_) return Refusal{ErrorCode::BetLate, "round " + game_id + " is over"};
    return Refusal{ErrorCode::WaitForNextRound, "round " + game_id + " is not open"};
  }
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

std::optional<Table::Refusal> Table::refuse_command(const PlaceBetsCommand& c) const {
  if (!valid_request_id(c.request_id)) {
    return Refusal{ErrorCode::InvalidBet,
                   "requestId must be 1-64 letters, digits, '-', '_', '.' or ':'"};
  }
  if (auto refused = refuse_round(c.game_id)) return refused;
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
  const std::string key = std::to_string(command.player) + ":" + command.request_id;
  if (answer_repeat(key, command.player, ack)) return;

  BetAck reply;
  reply.request_id = command.request_id;
  reply.game_id = round_id_;
  auto refuse_all = [&](ErrorCode code, std::string detail) {
    reply.error = code;
    reply.detail = std::move(detail);
    for (const auto& l : command.bets) reply.rejected.push_back({l.spot, l.amount, code});
    count_rejection(code, std::max<size_t>(1, command.bets.size()));
    remember(key, command.player, std::move(reply), ack);
  };

  if (auto refused = refuse_command(command)) return refuse_all(refused->code, refused->detail);

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
  // Blackjack: who may bet on which seat (a seat's own player; behind it, others when the
  // seat's player allows it).
  std::vector<std::string> reasons(command.bets.size());
  for (size_t i = 0; blackjack_ && i < command.bets.size(); ++i) {
    if (verdicts[i]) continue;
    if (auto refused = bj_refuse_line(command.player, command.bets[i], reasons[i]))
      verdicts[i] = refused->code;
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
  if (command.regulated) {
    auto min = config_.table_min.find(command.currency);
    Money table_min = min != config_.table_min.end() ? min->second : engine.limits().min_bet;
    Money total = sum_of(existing);
    for (size_t i = 0; i < command.bets.size(); ++i)
      if (!verdicts[i] && !unsafe[i]) total += command.bets[i].amount;
    under_table_min = total < table_min;
    if (under_table_min)
      reply.detail = "the total on the table must be at least " + format_money(table_min);
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
    reply.error = all_or_nothing && (any_refused || any_unsafe)
                      ? std::optional(ErrorCode::BetsNotAccepted)
                      : std::nullopt;
    if (!reply.error && !reply.rejected.empty()) reply.error = reply.rejected.front().code;
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
  for (const auto& l : taken) op.bets.push_back({l.spot, l.amount});
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
    for (size_t i = 0; i < taken.size(); ++i) book.placed.push_back({r->bet_ids[i], taken[i], key});
    accepted_counter().inc(taken.size());
    reply.accepted = std::move(taken);
    reply.balance = r->balance;
  } else {
    ErrorCode code = r.ok() ? ErrorCode::GameServerProblem : code_for(r.error());
    for (const auto& l : taken) reply.rejected.push_back({l.spot, l.amount, code});
    count_rejection(code, taken.size());
    if (reply.accepted.empty()) reply.error = code;
  }
  if (book.placed.empty() && book.pending.empty()) book_.erase(command.player);
  reply.round_total =
      sum_of(existing_lines(book_.contains(command.player) ? &book_[command.player] : nullptr));
  answer(key, std::move(reply));
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
  const std::string key = std::to_string(command.player) + ":" + command.request_id;
  if (!valid_request_id(command.request_id)) {
    BetAck bad;
    bad.request_id = command.request_id;
    bad.cancel = true;
    bad.error = ErrorCode::InvalidBet;
    bad.detail = "requestId must be 1-64 letters, digits, '-', '_', '.' or ':'";
    bad.version = version_;
    return ack(bad);
  }
  if (answer_repeat(key, command.player, ack)) return;

  BetAck reply;
  reply.request_id = command.request_id;
  reply.game_id = round_id_;
  reply.cancel = true;
  auto refuse = [&](ErrorCode code, std::string detail) {
    reply.error = code;
    reply.detail = std::move(detail);
    auto book = book_.find(command.player);
    reply.round_total = sum_of(existing_lines(book == book_.end() ? nullptr : &book->second));
    remember(key, command.player, std::move(reply), ack);
  };
  if (auto refused = refuse_round(command.game_id)) return refuse(refused->code, refused->detail);

  auto book = book_.find(command.player);
  const std::string of_key =
      command.of_request.empty() ? "" : std::to_string(command.player) + ":" + command.of_request;
  if (book != book_.end() && !of_key.empty() && book->second.pending.contains(of_key)) {
    return refuse(ErrorCode::BetsNotAccepted, "those bets are still being placed; try again");
  }
  std::vector<ledger::BetId> ids;
  if (book != book_.end()) {
    for (const auto& bet : book->second.placed) {
      if (of_key.empty() || bet.request_key == of_key) ids.push_back(bet.id);
    }
  }
  if (ids.empty()) return refuse(ErrorCode::BetsNotAccepted, "there are no such bets to take back");

  ++bet_ops_in_flight_;
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
    reply.error = code_for(r.error());
    reply.detail = "the bets could not be taken back";
  }
  reply.round_total = sum_of(existing_lines(&book));
  if (book.placed.empty() && book.pending.empty()) book_.erase(player);
  answer(key, std::move(reply));
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
      // Only what a player places: not a blackjack double, split or insurance.
      if (blackjack_ && !engine.canonical_spot(bet.line.spot)) continue;
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
    auto a = autoplay_.find(p);
    return !seated(p) && !book_.contains(p) &&
           (a == autoplay_.end() || a->second.state != "running");
  };
  std::erase_if(bj_prefs_, [&](const auto& kv) { return idle(kv.first); });
  std::erase_if(bj_auto_count_, [&](const auto& kv) { return idle(kv.first); });
  std::erase_if(bj_lost_seats_, [&](const auto& seat) { return idle(seat.first); });
  std::erase_if(autoplay_, [&](const auto& kv) { return idle(kv.first); });
}

size_t Table::players_remembered() const {
  std::set<ledger::PlayerId> players;
  for (const auto& [p, prefs] : bj_prefs_) players.insert(p);
  for (const auto& [p, count] : bj_auto_count_) players.insert(p);
  for (const auto& [p, seat] : bj_lost_seats_) players.insert(p);
  for (const auto& [p, a] : autoplay_) players.insert(p);
  return players.size();
}

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
    const MonoTime ends = flow_ && in_play() ? flow_->ends() : deadline_;
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
  if (blackjack_) {
    if (bj_.phase != BjPhase::none || state_ == RoundState::game_over) {
      s["blackjack"] = bj_json();
      for (auto& [k, v] : bj_personal(player)) s["blackjack"].as_object()[k] = std::move(v);
    }
    if (auto a = autoplay_.find(player); a != autoplay_.end())
      s["autoplay"] =
          json::object{{"state", a->second.state}, {"roundsLeft", a->second.rounds_left}};
  } else if (flow_) {
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

// ---- Squeeze ------------------------------------------------------------------------------

std::optional<ErrorCode> Table::squeeze(ledger::PlayerId player, size_t index, double progress) {
  if (!flow_) return ErrorCode::NotYourTurn;
  games::FlowOut out;
  auto refused = flow_->squeeze(player, index, progress, in_play(), clock_.now(), out);
  publish_flow(out);
  return refused;
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
  if (seats_.empty()) return {ErrorCode::SeatError, "this table has no seats", 0};
  if (closing_) return {ErrorCode::SeatError, "the table is closing", 0};
  if (seat > 0 && seat <= static_cast<int>(seats_.size()) && seats_[seat - 1] &&
      seats_[seat - 1]->player == player)
    return {ErrorCode::SeatError, "you already have seat " + std::to_string(seat), seat};
  if (seats_held(player) >= std::max(1, config_.seats_per_player)) {
    if (config_.seats_per_player <= 1) {
      for (size_t i = 0; i < seats_.size(); ++i)
        if (seats_[i] && seats_[i]->player == player)
          return {ErrorCode::SeatError, "you already have seat " + std::to_string(i + 1),
                  static_cast<int>(i + 1)};
    }
    return {ErrorCode::SeatError,
            "at most " + std::to_string(config_.seats_per_player) + " seats per player", 0};
  }
  if (seat < 0 || seat > static_cast<int>(seats_.size()))
    return {ErrorCode::SeatError, "no seat " + std::to_string(seat), 0};
  if (seat == 0) {
    auto free = std::find_if(seats_.begin(), seats_.end(), [](const auto& s) { return !s; });
    if (free == seats_.end()) return {ErrorCode::SeatOccupied, "every seat is taken", 0};
    seat = static_cast<int>(free - seats_.begin()) + 1;
  }
  auto& chosen = seats_[static_cast<size_t>(seat - 1)];
  if (chosen) return {ErrorCode::SeatOccupied, "seat " + std::to_string(seat) + " is taken", 0};
  chosen = Seat{player, std::move(name)};
  bj_lost_seats_.erase({player, seat});
  publish_seats();
  if (state_ == RoundState::take_a_seat && !closing_) open_round();
  return {std::nullopt, {}, seat};
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
