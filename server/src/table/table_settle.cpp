// The end of a round: the settlement and its result, the pause before the next round, and a
// round cancelled and refunded.

#include "core/log.hpp"
#include "core/metrics.hpp"
#include "games/blackjack/bj_record.hpp"
#include "table/table.hpp"

namespace croupier::table {

namespace {

metrics::Histogram& round_duration() {
  static metrics::Histogram& h = metrics::registry().histogram(
      "croupier_round_duration_seconds", "From a round's opening to its result.",
      {5, 10, 20, 30, 45, 60, 75, 90, 120, 180, 300});
  return h;
}

}  // namespace

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
  // A flow that settles itself records its result with the settlement (blackjack: the
  // returns depend on the players' decisions).
  const bool itself = flow_->settles_itself();
  ledger::SettleRound op{round_id_, itself ? flow_->returns(stakes()) : returns_for(outcome_),
                         clock_.wall_ms()};
  if (itself) {
    op.result = engines_.begin()->second->encode(outcome_);
    op.fair = fair_record();
  }
  // The players' hands, which the result text (the dealer's cards) cannot say.
  if (auto hands = flow_->hands_view()) op.detail = games::blackjack::record_hands(*hands);
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
  flow_->after_result();
  remember_last_bets();
  forget_idle_players();
  round_duration().observe(std::chrono::duration<double>(now - opened_at_).count());

  state_ = RoundState::game_over;
  deadline_ = now + (closing_ ? Millis{0} : config_.timings.result);
  ResultShown shown{engine.label(outcome_),
                    encoded,
                    outcome_.values,
                    engine.announced_multipliers(outcome_),
                    engine.result_multipliers(outcome_),
                    flow_->result_cards(),
                    roads(),
                    flow_->hands_view(),
                    human_ ? std::string() : server_seed_,
                    human_ ? std::string() : client_seed_};
  std::map<ledger::PlayerId, PlayerPart> personal;
  if (shown.hands)
    for (games::PlayerRef player : flow_->personal_viewers(true))
      personal[player].hands = flow_->personal_view(player);
  for (const auto& p : r->players)
    personal[p.player].settled = PlayerPart::Settled{p.staked, p.returned, p.balance};
  publish(std::move(shown), std::move(personal));
  if (closing_) close_table();
}

// The last event of a table that shuts down: the round is settled or refunded.
void Table::close_table() {
  if (!shutdown_done_) return;
  // Rounds of a previous run still being settled or refunded are waited for (on_recovered).
  rounds_closed_ = true;
  if (!recovering_.empty()) return;
  publish(TableClosed{"shutdown"});
  std::exchange(shutdown_done_, nullptr)();
}

void Table::finish_round() {
  state_ = RoundState::wait_for_next_game;
  deadline_ = clock_.now() + config_.timings.next_game;
  publish(StateChanged{state_, deadline_, std::nullopt});
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
  std::map<ledger::PlayerId, PlayerPart> personal;
  for (const auto& p : r->players)
    personal[p.player].refunded = PlayerPart::Refunded{p.returned, p.balance};
  publish(RoundCancelled{closing_ ? "shutdown" : "cancelled", true}, std::move(personal));
  book_.clear();
  if (closing_) {
    close_table();
    return;
  }
  finish_round();
}

}  // namespace croupier::table
