#include "table/table.hpp"

#include <cassert>
#include <cstdio>

#include "core/crypto.hpp"
#include "core/log.hpp"
#include "core/metrics.hpp"
#include "games/cards/card.hpp"
#include "games/cards/roads.hpp"
#include "games/draw_flow.hpp"

namespace croupier::table {

namespace {

std::string round_id_for(const std::string& table_id, int64_t seq) {
  char buf[24];
  std::snprintf(buf, sizeof buf, "%06lld", static_cast<long long>(seq));
  return table_id + "-" + buf;
}

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
      family_(games::find_family(config_.game)) {
  assert(!engines_.empty());
  const games::Engine& engine = *engines_.begin()->second;
  if (family_) {
    const Timings& t = config_.timings;
    rng_flow_ = games::make_flow(*family_, engine,
                                 {config_.shoe_decks, config_.shoe_cut_from_end, config_.squeeze,
                                  t.squeeze, t.decision, t.insurance, t.card, t.decision_closing,
                                  family_->is_blackjack() || family_->shape == games::Shape::crash
                                      ? config_.scripted_results
                                      : std::vector<std::string>{},
                                  t.reveal, t.choose},
                                 *this);
  }
  if (!rng_flow_) rng_flow_ = std::make_unique<games::DrawFlow>(engine);
  flow_ = rng_flow_.get();
  if (games::human_dealing_supported(engine.game(), engine.variant()))
    human_flow_ =
        std::make_unique<games::HumanFlow>(engine, config_.shoe_decks, family_ && family_->roads);
  if (config_.human_dealer && human_flow_) apply_dealer_mode(true);
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
void Table::recover(const std::set<std::string>& only) {
  const games::Engine& any_engine = *engines_.begin()->second;
  // A retried round that is no longer open was settled or refunded after all.
  std::set<std::string> gone = only;
  for (auto& round : ledger_.unsettled_rounds(config_.id)) {
    if (!only.empty() && !only.contains(round.round_id)) continue;
    gone.erase(round.round_id);
    recovering_.insert(round.round_id);
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
      ledger_.submit(std::move(op), [this, id = round.round_id](auto r) {
        if (!r.ok())
          log::error("recovery settlement failed",
                     {{"round", id}, {"failure", ledger::failure_name(r.error())}});
        post_([this, id, ok = r.ok()] { on_recovered(id, ok); });
      });
      continue;
    }
    log::info("refunding round left open",
              {{"table", config_.id}, {"round", round.round_id}, {"bets", round.bets.size()}});
    // Announced once refunded, with each player's refund and balance (a player still
    // watching, through another node of a cluster, sees the money come back).
    ledger_.submit(ledger::CancelRound{round.round_id, "restart", clock_.wall_ms()},
                   [this, id = round.round_id](auto r) {
                     if (!r.ok()) {
                       log::error("recovery refund failed",
                                  {{"round", id}, {"failure", ledger::failure_name(r.error())}});
                       post_([this, id] { on_recovered(id, false); });
                       return;
                     }
                     post_([this, id, r] {
                       std::map<ledger::PlayerId, PlayerPart> personal;
                       for (const auto& p : r->players)
                         personal[p.player].refunded = PlayerPart::Refunded{p.returned, p.balance};
                       TableEvent cancelled{epoch_, head(), RoundCancelled{"restart", false},
                                            std::move(personal)};
                       cancelled.head.game_id = id;
                       publish(std::move(cancelled));
                       on_recovered(id, true);
                     });
                   });
  }
  for (const auto& id : gone) on_recovered(id, true);
}

// A recovered round's settlement or refund answered. One that failed is tried again (the
// round stays open in the ledger until then, its players' stakes with it); a closing table
// waits for them all.
void Table::on_recovered(const std::string& round_id, bool ok) {
  if (ok) {
    recovering_.erase(round_id);
  } else {
    recovery_failed_.insert(round_id);
    if (!recovery_retry_at_) recovery_retry_at_ = clock_.now() + config_.timings.retry;
  }
  if (rounds_closed_ && recovering_.empty()) close_table();
}

void Table::hand_over(std::function<void()> done) {
  if (closing_ || handed_over_ || hand_over_done_) return;
  // A table waiting for a seated player, for its dealer or under a pause goes at once.
  const bool still = state_ == RoundState::take_a_seat ||
                     (state_ == RoundState::wait_for_next_game && held() && !waiting_for_ledger_);
  if (!still) {
    hand_over_done_ = std::move(done);
    return;
  }
  handed_over_ = true;
  done();
}

// ---- The round ------------------------------------------------------------------------

void Table::open_round() {
  if (next_human_) apply_dealer_mode(*std::exchange(next_human_, std::nullopt));
  // Paused by a supervisor, or a human dealer has not opened betting yet: the table waits.
  if (held()) {
    if (state_ != RoundState::wait_for_next_game) {
      state_ = RoundState::wait_for_next_game;
      publish(StateChanged{state_, std::nullopt, std::nullopt});
    }
    return;
  }
  // A table whose seats hold hands (seated blackjack) deals only to seated players: with
  // nobody seated it waits in state 902 (take a seat) until somebody sits.
  if (family_ && family_->seats_hold_hands() && !seats_.empty() &&
      std::none_of(seats_.begin(), seats_.end(), [](const auto& s) { return s.has_value(); })) {
    if (state_ != RoundState::take_a_seat) {
      state_ = RoundState::take_a_seat;
      publish(StateChanged{state_, std::nullopt, std::nullopt});
    }
    return;
  }
  ++seq_;
  round_before_ = round_id_;
  round_id_ = round_id_for(config_.id, seq_);
  // The round's seed, committed to from the start; a retry of the same round keeps it.
  if (seed_round_ != round_id_ && flow_->chained_seeds()) {
    if (!chain_) chain_.emplace(rng_, std::max<size_t>(config_.seed_chain_length, 1));
    server_seed_ = chain_->next();
    chain_anchor_ = chain_->anchor();
    chain_index_ = chain_->index();
    fair_hash_ = fair::commitment(server_seed_);
    seed_round_ = round_id_;
  } else if (seed_round_ != round_id_) {
    server_seed_ = fair::new_server_seed(rng_);
    fair_hash_ = fair::commitment(server_seed_);
    seed_round_ = round_id_;
  }
  waiting_for_ledger_ = true;
  fair::Record committed;
  committed.hash = fair_hash_;
  ledger_.submit(ledger::OpenRound{round_id_, config_.id, config_.game, seq_, clock_.wall_ms(),
                                   fair::encode(committed)},
                 [this](auto r) { post_([this, r] { on_round_opened(r); }); });
}

void Table::on_round_opened(Result<ledger::Done, ledger::Failure> r) {
  waiting_for_ledger_ = false;
  const MonoTime now = clock_.now();
  if (!r.ok()) {
    log::error("could not open round",
               {{"round", round_id_}, {"failure", ledger::failure_name(r.error())}});
    // The round does not exist: the one before is still the table's (a bet for it is late),
    // and the same number is tried again; a closing table closes.
    --seq_;
    round_id_ = round_before_;
    deadline_ = now + config_.timings.retry;
    if (closing_) close_table();
    return;
  }
  dealer_open_ = false;  // the dealer's Open is spent on this round
  dealer_started_ = false;
  choose_special_ball_spinner();
  past_requests_ = std::move(requests_);
  requests_.clear();
  past_player_requests_ = std::move(player_requests_);
  player_requests_.clear();
  book_.clear();
  client_seeds_.clear();
  client_seed_.clear();
  round_rng_.reset();
  scripted_round_ = false;
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
  // The shoe the round deals from is fixed now, before any bet, and committed to.
  auto composition = flow_->shoe_composition();
  shoe_hash_ = composition ? fair::shoe_commitment(server_seed_, *composition) : std::string();
  state_ = RoundState::waiting_for_bets;
  bets_close_at_ = now + config_.timings.betting;
  next_timer_at_ = now + config_.timings.timer_interval;
  BetsOpened opened{
      bets_close_at_, config_.timings.betting, special_ball_, std::nullopt, fair_hash_, shoe_hash_};
  std::map<ledger::PlayerId, PlayerPart> personal;
  if (special_ball_ && spinner_) {
    opened.spinner = spinner_name_;
    personal[*spinner_].you_spin = true;
  }
  for (games::PlayerRef player : flow_->personal_viewers()) {
    auto a = flow_->autoplay_of(player);
    if (a && a->state == "running") personal[player].autoplay = a;
  }
  publish(std::move(opened), std::move(personal));
  flow_->round_opened(*this);
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
  publish(BetsClosed{});
}

// The dealer launches the ball: the result is drawn now and recorded durably before the
// spin ends, so that a crash from here on settles the round instead of refunding it.
void Table::launch() {
  const MonoTime now = clock_.now();
  if (flow_->settles_itself()) {
    // Its result is recorded with the settlement (blackjack: the returns depend on the
    // players' decisions).
    // Blackjack and crash read their scripts themselves (FlowSettings::script); a show
    // takes the table's, as a draw does.
    std::optional<games::Outcome> scripted;
    if (family_ && family_->shape == games::Shape::show) scripted = next_scripted();
    scripted_round_ = scripted.has_value();
    games::FlowOut out;
    flow_->begin(
        {now, closing_ ? Millis{0} : config_.timings.spin, closing_, std::move(scripted), stakes()},
        start_fair_draw(), out);
    publish_flow(out);
    return;
  }
  if (flow_->outcome_at_end() && !round_has_result_) {
    // A person deals: nothing is drawn, and the result is recorded when they confirm it.
    games::FlowOut out;
    flow_->begin({now, config_.timings.spin, closing_, std::nullopt, {}}, rng_, out);
    publish_flow(out);
    return;
  }
  if (!round_has_result_) {
    games::FlowStart start{now, closing_ ? Millis{0} : config_.timings.spin, closing_,
                           next_scripted(),
                           flow_->wants_stakes() ? stakes() : std::vector<games::FlowStake>{}};
    scripted_round_ = start.scripted.has_value();
    games::FlowOut out;
    flow_->begin(start, start_fair_draw(), out);
    outcome_ = flow_->outcome();
    round_has_result_ = true;
    publish_flow(out);
    // Multipliers drawn with the result but shown before the ball lands (mega roulette).
    auto announced = engines_.begin()->second->announced_multipliers(outcome_);
    if (!announced.empty()) publish(MultipliersShown{std::move(announced)});
  }
  waiting_for_ledger_ = true;
  ledger_.submit(ledger::RecordResult{round_id_, engines_.begin()->second->encode(outcome_),
                                      clock_.wall_ms(), fair_record()},
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

void Table::advance() {
  if (recovery_retry_at_ && clock_.now() >= *recovery_retry_at_) {
    recovery_retry_at_.reset();
    recover(std::exchange(recovery_failed_, {}));
  }
  // Each step moves the round on by at most one state; loop until nothing is due.
  for (int guard = 0; guard < 16 && !waiting_for_ledger_; ++guard) {
    const MonoTime now = clock_.now();
    const RoundState before = state_;
    if (retry_at_) {
      if (now < *retry_at_) return;
      retry_at_.reset();
      if (in_play() && !result_recorded_ && !flow_->settles_itself())
        launch();
      else if (in_play())
        settle();
      else if (state_ == RoundState::cancelled)
        cancel_round(closing_ ? "shutdown" : "cancelled");
      continue;
    }
    switch (state_) {
      case RoundState::waiting_for_bets:
        if (!closing_soon_sent_ && now >= bets_close_at_ - config_.timings.closing_soon) {
          closing_soon_sent_ = true;
          publish(BetsClosingSoon{bets_close_at_, std::max(Millis{0}, bets_close_at_ - now)});
        }
        if (now >= bets_close_at_) {
          close_bets();
        } else if (now >= next_timer_at_) {
          next_timer_at_ = now + config_.timings.timer_interval;
          publish(BetsTimer{bets_close_at_, bets_close_at_ - now});
        }
        break;
      case RoundState::bets_closed:
        // Bets still being committed (an operator's wallet answering a debit) are waited for:
        // the result is drawn once they are placed or refused.
        if (human_ && !dealer_started_) {
          // The dealer spins or deals; a closing table refunds the round instead.
          if (closing_ && bet_ops_in_flight_ == 0) cancel_round("shutdown");
          break;
        }
        if (now >= deadline_ && bet_ops_in_flight_ == 0) launch();
        break;
      case RoundState::dealing:
      case RoundState::card_wait:
      case RoundState::waiting_for_result:
      case RoundState::decision_wait:
      case RoundState::insurance_wait:
      case RoundState::decision_closing: {
        if (flow_->outcome_at_end() && !round_has_result_ && !flow_->done()) {
          // A person's round not yet confirmed: a closing table refunds it.
          if (closing_ && bet_ops_in_flight_ == 0) {
            human_flow_->voided();
            cancel_round("shutdown");
          }
          break;
        }
        if (flow_->outcome_at_end() && !round_has_result_) {
          // Confirmed: the entries are the result, recorded now.
          outcome_ = flow_->outcome();
          round_has_result_ = true;
          launch();
          break;
        }
        games::FlowOut out;
        flow_->advance(now, out);
        publish_flow(out);
        if (state_ == RoundState::cancelled) break;
        const auto due = flow_->deadline(now);
        if (!flow_->done() || !due || now < *due || bet_ops_in_flight_ > 0) break;
        take_flow_result();
        if (result_recorded_) settle();
        break;
      }
      case RoundState::game_over:
        if (now >= deadline_ && !closing_) finish_round();
        break;
      case RoundState::wait_for_next_game:
      case RoundState::initialising:
        if (handed_over_ || now < deadline_ || closing_) break;
        if (hand_over_done_) {
          handed_over_ = true;
          std::exchange(hand_over_done_, nullptr)();
          break;
        }
        if (state_ == RoundState::wait_for_next_game && held() && !next_human_) break;
        open_round();
        break;
      default:
        break;
    }
    if (state_ == before && !waiting_for_ledger_) return;
  }
}

std::optional<MonoTime> Table::next_deadline() const {
  const auto round = round_deadline();
  if (!recovery_retry_at_) return round;
  return round ? std::min(*round, *recovery_retry_at_) : recovery_retry_at_;
}

std::optional<MonoTime> Table::round_deadline() const {
  if (waiting_for_ledger_) return std::nullopt;
  if (retry_at_) return retry_at_;
  switch (state_) {
    case RoundState::waiting_for_bets: {
      MonoTime next = std::min(bets_close_at_, next_timer_at_);
      if (!closing_soon_sent_) next = std::min(next, bets_close_at_ - config_.timings.closing_soon);
      return next;
    }
    case RoundState::card_wait:
    case RoundState::dealing:
    case RoundState::waiting_for_result:
    case RoundState::decision_wait:
    case RoundState::insurance_wait:
    case RoundState::decision_closing: {
      const MonoTime now = clock_.now();
      const auto next = flow_->deadline(now);
      // Waiting for bets still being committed is woken by their callbacks.
      if (!next || (flow_->done() && bet_ops_in_flight_ > 0 && now >= *next)) return std::nullopt;
      return next;
    }
    case RoundState::bets_closed:
      // Waiting for bets still being committed is woken by their callbacks.
      if (bet_ops_in_flight_ > 0 && clock_.now() >= deadline_) return std::nullopt;
      if (human_ && !dealer_started_) return std::nullopt;  // woken by the dealer
      [[fallthrough]];
    case RoundState::wait_for_next_game:
      // Held for the dealer or by a pause: woken by the studio's command.
      if (state_ == RoundState::wait_for_next_game && held() && !next_human_ && !hand_over_done_)
        return std::nullopt;
      [[fallthrough]];
    case RoundState::game_over:
    case RoundState::initialising:
      return closing_ || handed_over_ ? std::nullopt : std::optional<MonoTime>(deadline_);
    default:
      return std::nullopt;
  }
}

void Table::shutdown(std::function<void()> done) {
  if (closing_) return;
  closing_ = true;
  shutdown_done_ = std::move(done);
  // Between rounds, unless the next round's opening is with the ledger (then it is refunded,
  // or closes the table if it fails: on_round_opened).
  const bool idle = (state_ == RoundState::game_over || state_ == RoundState::wait_for_next_game ||
                     state_ == RoundState::take_a_seat || state_ == RoundState::initialising) &&
                    !waiting_for_ledger_;
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
    flow_->hurry(clock_.now());
  }
  advance();
}

}  // namespace croupier::table
