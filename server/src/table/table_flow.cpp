// The table and its flow: the scripted results, the round's stakes, the shoe change before a
// round, the flow's events published as the table's, the roads and the squeeze, and the
// table as the flow's host (stakes taken mid-round, seats, autoplay's bets).
#include "core/log.hpp"
#include "core/metrics.hpp"
#include "games/cards/roads.hpp"
#include "table/table.hpp"

namespace croupier::table {

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

// ---- Provably fair (docs/provably-fair.md) ------------------------------------------------

// Bets are closed: the client seeds are those of the round's first players, and every word
// the flow draws from here on (blackjack's hits too) comes from the round's seeds.
Rng& Table::start_fair_draw() {
  // A chained seed is fixed before any bet: no client seed is mixed in.
  client_seed_ = flow_->chained_seeds() ? std::string() : client_seeds_.client_seed();
  round_rng_.emplace(server_seed_, client_seed_, round_id_);
  return *round_rng_;
}

std::string Table::fair_record() const {
  const games::Engine& engine = *engines_.begin()->second;
  fair::Record r;
  r.hash = fair_hash_;
  r.game = engine.game();
  r.variant = engine.variant();
  r.seed = server_seed_;
  r.client_seed = client_seed_;
  r.scripted = scripted_round_;
  if (human_) {
    // A person dealt the round: the committed seed drew nothing, and is not revealed.
    r.human = true;
    r.seed.clear();
    return fair::encode(r);
  }
  if (auto deal = flow_->fair_deal()) {
    r.shoe = std::move(deal->shoe);
    r.shoe_hash = shoe_hash_;
    r.decks = deal->decks;
    r.cards = std::move(deal->cards);
    r.scripted = r.scripted || deal->scripted;
  }
  return fair::encode(r);
}

// Every accepted stake of the round, for a flow that chooses by them (the squeeze).
std::vector<games::FlowStake> Table::stakes() const {
  std::vector<games::FlowStake> out;
  for (const auto& [player, book] : book_)
    for (const auto& bet : book.placed)
      out.push_back({player, book.name, bet.line.spot, bet.line.amount, bet.id, book.currency});
  return out;
}

// Before a round opens: a card table changes its shoe when the cut card has come out.
void Table::before_round() {
  games::FlowOut out;
  flow_->before_round(rng_, out);
  publish_flow(out);
}

// The flow's events as the table's own: numbered, stamped and published in order.
void Table::publish_flow(const games::FlowOut& out) {
  for (const games::FlowEvent& e : out) {
    if (const auto* s = std::get_if<games::StateShown>(&e)) {
      state_ = s->state;
      publish(StateChanged{s->state, s->ends, s->spin});
    } else if (const auto* c = std::get_if<games::CardShown>(&e)) {
      publish(*c);
    } else if (const auto* q = std::get_if<games::SqueezerChosen>(&e)) {
      std::map<ledger::PlayerId, PlayerPart> personal;
      personal[q->player].you_squeeze = true;
      publish(*q, std::move(personal));
    } else if (const auto* m = std::get_if<games::SqueezeMoved>(&e)) {
      publish(*m);
    } else if (const auto* start = std::get_if<games::ShuffleStarted>(&e)) {
      publish(*start);
    } else if (const auto* end = std::get_if<games::ShuffleEnded>(&e)) {
      publish(ShuffleDone{*end, roads()});
    } else if (std::holds_alternative<games::HandsShown>(e)) {
      publish_hands();
    } else if (const auto* l = std::get_if<games::FlightLaunched>(&e)) {
      publish(FlightStarted{l->launched, chain_anchor_, chain_index_});
    } else if (const auto* c = std::get_if<games::CashOutsShown>(&e)) {
      std::map<ledger::PlayerId, PlayerPart> personal;
      for (const auto& mine : c->mine) personal[mine.player].cashed.push_back(mine);
      publish(CashOutsPaid{c->count, c->list}, std::move(personal));
    } else if (const auto* f = std::get_if<games::FlightCrashed>(&e)) {
      publish(*f);
    } else if (const auto* s = std::get_if<games::show::StepShown>(&e)) {
      publish(*s);
    }
  }
}

// The baccarat roads of the current shoe (docs/games/baccarat.md), copied once per change;
// events and snapshots share the copy.
std::shared_ptr<const games::cards::Roads> Table::roads() const {
  if (!flow_->roads()) return nullptr;
  if (flow_->roads_version() != roads_version_) {
    roads_ = std::make_shared<const games::cards::Roads>(*flow_->roads());
    roads_version_ = flow_->roads_version();
  }
  return roads_;
}

// ---- Squeeze ------------------------------------------------------------------------------

std::optional<ErrorCode> Table::squeeze(ledger::PlayerId player, size_t index, double progress) {
  games::FlowOut out;
  auto refused = flow_->squeeze(player, index, progress, in_play(), clock_.now(), out);
  publish_flow(out);
  return refused;
}

// ---- The flow's host ---------------------------------------------------------------------

// A flow that settles itself is done: its outcome is the round's, recorded with the
// settlement.
void Table::take_flow_result() {
  if (!flow_->settles_itself() || round_has_result_) return;
  outcome_ = flow_->outcome();
  round_has_result_ = true;
  result_recorded_ = true;
  state_ = RoundState::waiting_for_result;  // settling: no decision is open
}

// A stake taken mid-round (a blackjack double, split or insurance) is a bet of the round
// like any other, keyed by the round, the player and the spot so that it is taken once.
void Table::take_stake(const Stake& stake, std::function<void(std::optional<Taken>)> done) {
  ++bet_ops_in_flight_;
  ledger::PlaceBets op;
  op.key = "bj:" + round_id_ + ":" + std::to_string(stake.player) + ":" + stake.spot;
  op.round_id = round_id_;
  op.player = stake.player;
  op.currency = stake.currency;
  op.bets.push_back({stake.spot, stake.amount});
  op.at_ms = clock_.wall_ms();
  ledger_.submit(std::move(op), [this, round = round_id_, stake,
                                 done = std::move(done)](auto r) mutable {
    post_([this, round, stake, done = std::move(done), r] {
      --bet_ops_in_flight_;
      if (round != round_id_) return;  // cannot happen: settlement waits for stakes
      if (!r.ok() || r->bet_ids.size() != 1) {
        if (!r.ok() && r.error() != ledger::Failure::insufficient_funds)
          log::warn("stake refused", {{"round", round},
                                      {"spot", stake.spot},
                                      {"failure", ledger::failure_name(r.error())}});
        done(std::nullopt);
        return;
      }
      const std::string key = "bj:" + round + ":" + std::to_string(stake.player) + ":" + stake.spot;
      book_[stake.player].placed.push_back({r->bet_ids[0], {stake.spot, stake.amount}, key});
      done(Taken{r->bet_ids[0], {r->balance.cash, r->balance.bonus}});
    });
  });
}

std::optional<games::PlayerRef> Table::seat_holder(int seat) const {
  if (seat < 1 || seat > static_cast<int>(seats_.size())) return std::nullopt;
  const auto& s = seats_[static_cast<size_t>(seat - 1)];
  if (!s) return std::nullopt;
  return s->player;
}

void Table::lose_seat(games::PlayerRef player, int seat) {
  auto& s = seats_[static_cast<size_t>(seat - 1)];
  if (!s || s->player != player) return;
  s.reset();
  lost_seats_.insert({player, seat});
  log::info("seat lost to automatic decisions", {{"table", config_.id}, {"seat", seat}});
  publish_seats();
}

// A cash-out (crash tables): the bets are settled at once, then the rest of a half cash-out
// is staked again. The settlement of the round waits for both (bet_ops_in_flight_).
void Table::settle_early(const EarlySettle& settle,
                         std::function<void(std::optional<Settled>)> done) {
  ++bet_ops_in_flight_;
  ledger::SettleBets op{settle.key, round_id_, settle.player, settle.returns, clock_.wall_ms()};
  ledger_.submit(std::move(op), [this, round = round_id_, settle,
                                 done = std::move(done)](auto r) mutable {
    post_([this, round, settle, done = std::move(done), r]() mutable {
      if (!r.ok()) {
        --bet_ops_in_flight_;
        log::warn(
            "cash-out refused",
            {{"round", round}, {"key", settle.key}, {"failure", ledger::failure_name(r.error())}});
        done(std::nullopt);
        return;
      }
      Settled settled{{r->balance.cash, r->balance.bonus}, std::nullopt};
      if (!settle.restake) {
        --bet_ops_in_flight_;
        done(settled);
        return;
      }
      ledger::PlaceBets rest;
      rest.key = settle.key + ":rest";
      rest.round_id = round;
      rest.player = settle.player;
      rest.currency = settle.currency;
      rest.bets.push_back({settle.restake->spot, settle.restake->amount});
      rest.at_ms = clock_.wall_ms();
      ledger_.submit(std::move(rest), [this, settled, done = std::move(done)](auto placed) mutable {
        post_([this, settled, done = std::move(done), placed]() mutable {
          --bet_ops_in_flight_;
          if (placed.ok() && placed->bet_ids.size() == 1) {
            settled.restaked = placed->bet_ids[0];
            settled.balance = {placed->balance.cash, placed->balance.bonus};
          } else if (!placed.ok()) {
            log::warn("half cash-out's rest not restaked: returned",
                      {{"failure", ledger::failure_name(placed.error())}});
          }
          done(settled);
        });
      });
    });
  });
}

void Table::repeat_bets(const Repeat& repeat, std::function<void(std::optional<Refusal>)> done) {
  PlaceBetsCommand c;
  c.kind = PlaceBetsCommand::Kind::repeat_last;
  c.player = repeat.player;
  c.currency = repeat.currency;
  c.request_id = "autoplay-" + std::to_string(seq_);
  c.game_id = round_id_;
  c.name = repeat.name;
  c.regulated = repeat.regulated;
  place_bets(std::move(c), [done = std::move(done)](const BetAck& ack) {
    if (!ack.refusal && !ack.accepted.empty()) return done(std::nullopt);
    done(ack.refusal.value_or(Refusal{ErrorCode::BetsNotAccepted}));
  });
}

}  // namespace croupier::table
