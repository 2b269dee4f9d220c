#include "gateway/slots.hpp"

#include <boost/asio/post.hpp>
#include <cstdio>

#include "core/fair.hpp"
#include "core/log.hpp"
#include "table/table.hpp"

namespace croupier::gateway {

namespace asio = boost::asio;
namespace slots = games::slots;

namespace {

std::string table_of(const std::string& slot, ledger::PlayerId player) {
  return "slot-" + slot + "-" + std::to_string(player);
}

std::string round_of(const std::string& table, int64_t seq) {
  char buf[24];
  std::snprintf(buf, sizeof buf, "%06lld", static_cast<long long>(seq));
  return table + "-" + buf;
}

Refusal failed(ledger::Failure f) {
  switch (f) {
    case ledger::Failure::insufficient_funds:
      return {ErrorCode::InsufficientFunds, "the balance does not cover the stake"};
    case ledger::Failure::key_conflict:
      return {ErrorCode::BetsAlreadyAccepted, "this request was spun before"};
    case ledger::Failure::wallet_call:
    case ledger::Failure::wallet_unavailable:
    case ledger::Failure::account_disabled:
    case ledger::Failure::account_suspended:
    case ledger::Failure::limit_reached:
    case ledger::Failure::session_balance:
    case ledger::Failure::regulation_limit:
      return {table::code_for(f), std::string(ledger::failure_name(f))};
    default:
      return {ErrorCode::ActionFailed, std::string(ledger::failure_name(f))};
  }
}

}  // namespace

SlotService::SlotService(ledger::Ledger& ledger, const Clock& clock, asio::any_io_executor executor)
    : ledger_(ledger),
      clock_(clock),
      strand_(asio::make_strand(std::move(executor))),
      rng_(std::make_unique<CsprngRng>()) {}

const std::vector<Money>& SlotService::line_bets() {
  static const std::vector<Money> bets = [] {
    std::vector<Money> out;
    for (const char* t : {"0.01", "0.02", "0.05", "0.10", "0.20", "0.50", "1.00", "2.00", "5.00"})
      out.push_back(*parse_money(t));
    return out;
  }();
  return bets;
}

// The player's slot on this node: the first time, its round numbers are read and a spin a
// run left half way is refunded.
SlotService::PlayerSlot& SlotService::prepare(ledger::PlayerId player, const std::string& slot) {
  if (players_.size() >= kPlayersMax && !players_.contains({player, slot})) {
    for (auto it = players_.begin();
         it != players_.end() && players_.size() > kPlayersMax * 9 / 10;)
      it = it->second.waiting.empty() ? players_.erase(it) : std::next(it);
  }
  PlayerSlot& s = players_[{player, slot}];
  if (!s.ready) {
    const std::string table = table_of(slot, player);
    s.seq = ledger_.max_round_seq(table);
    for (const auto& round : ledger_.unsettled_rounds(table)) {
      log::info("refunding a spin left unfinished", {{"round", round.round_id}});
      ledger_.submit(ledger::CancelRound{round.round_id, "restart", clock_.wall_ms()},
                     [id = round.round_id](auto r) {
                       if (!r.ok())
                         log::error("slot refund failed",
                                    {{"round", id}, {"failure", ledger::failure_name(r.error())}});
                     });
    }
    s.ready = true;
  }
  if (s.seed.empty()) {
    s.seed = fair::new_server_seed(*rng_);
    s.hash = fair::commitment(s.seed);
  }
  return s;
}

void SlotService::next_hash(ledger::PlayerId player, const std::string& slot,
                            std::function<void(std::string)> done) {
  asio::post(strand_, [self = shared_from_this(), player, slot, done = std::move(done)] {
    done(self->prepare(player, slot).hash);
  });
}

void SlotService::answer(PlayerSlot& s, const std::string& request_id, SpinOut out) {
  if (s.answers.size() >= kAnswersMax) s.answers.erase(s.answers.begin());
  s.answers[request_id] = out;
  auto waiting = s.waiting.extract(request_id);
  if (!waiting.empty())
    for (auto& w : waiting.mapped()) w(out);
}

void SlotService::spin(SpinIn in, std::function<void(const SpinOut&)> done) {
  asio::post(strand_, [self = shared_from_this(), in = std::move(in), done = std::move(done)] {
    PlayerSlot& s = self->prepare(in.player, in.slot);
    if (auto seen = s.answers.find(in.request_id); seen != s.answers.end())
      return done(seen->second);
    if (auto pending = s.waiting.find(in.request_id); pending != s.waiting.end()) {
      pending->second.push_back(done);
      return;
    }
    if (in.fair_hash != s.hash) {
      SpinOut stale;
      stale.refusal =
          Refusal{ErrorCode::ActionFailed, "the commitment shown is not the current one"};
      stale.fair_hash = s.hash;
      stale.stale = true;
      return done(stale);
    }
    // The seed is this spin's from here on; the next one is drawn and committed to now.
    const std::string seed = s.seed;
    s.seed = fair::new_server_seed(*self->rng_);
    s.hash = fair::commitment(s.seed);
    const int64_t seq = ++s.seq;
    const std::string table = table_of(in.slot, in.player);
    const std::string round = round_of(table, seq);
    fair::RoundRng words(seed, in.client_seed, round);
    SpinOut out;
    out.game_id = round;
    out.spin = slots::draw(words);
    out.stake = Money::from_units(in.line_bet.units * slots::kLines);
    out.win = Money::from_units(in.line_bet.units * out.spin.times);
    out.server_seed = seed;
    out.client_seed = in.client_seed;
    out.fair_hash = s.hash;
    s.waiting[in.request_id].push_back(done);

    fair::Record committed;
    committed.hash = fair::commitment(seed);
    fair::Record revealed = committed;
    revealed.game = "slot";
    revealed.variant = in.slot;
    revealed.seed = seed;
    revealed.client_seed = in.client_seed;
    const int64_t now = self->clock_.wall_ms();
    auto finish = [self, player = in.player, slot = in.slot, request = in.request_id](SpinOut o) {
      asio::post(self->strand_, [self, player, slot, request, o = std::move(o)]() mutable {
        self->answer(self->players_[{player, slot}], request, std::move(o));
      });
    };
    // Each ledger answer is handled on the strand (a ledger callback must not submit).
    auto later = [self](auto fn) {
      return [self, fn = std::move(fn)](auto r) mutable {
        asio::post(self->strand_, [fn = std::move(fn), r]() mutable { fn(r); });
      };
    };
    ledger::OpenRound open{round, table, "slot", seq, now, fair::encode(committed)};
    self->ledger_.submit(
        std::move(open), later([self, in, out, revealed, finish, later](auto opened) mutable {
          if (!opened.ok()) {
            out.refusal = failed(opened.error());
            return finish(std::move(out));
          }
          ledger::PlaceBets bet;
          bet.key = "slot:" + std::to_string(in.player) + ":" + in.request_id;
          bet.round_id = out.game_id;
          bet.player = in.player;
          bet.currency = in.currency;
          bet.bets.push_back({"LINES_20", out.stake});
          bet.at_ms = self->clock_.wall_ms();
          self->ledger_.submit(
              std::move(bet), later([self, out, revealed, finish](auto placed) mutable {
                if (!placed.ok() || placed->bet_ids.size() != 1) {
                  out.refusal =
                      failed(placed.ok() ? ledger::Failure::invalid_request : placed.error());
                  // The round holds nothing: it is closed at once.
                  self->ledger_.submit(
                      ledger::CancelRound{out.game_id, "refused", self->clock_.wall_ms()},
                      [](auto) {});
                  return finish(std::move(out));
                }
                ledger::SettleRound settle{out.game_id,
                                           {{placed->bet_ids[0], out.win}},
                                           self->clock_.wall_ms(),
                                           slots::encode(out.spin.stops),
                                           {},
                                           fair::encode(revealed)};
                self->ledger_.submit(std::move(settle), [out, finish](auto settled) mutable {
                  if (!settled.ok() || settled->players.size() != 1) {
                    // The stake stays in the round: it is refunded the next time this slot is used.
                    log::error("slot spin not settled", {{"round", out.game_id}});
                    out.refusal = Refusal{ErrorCode::ActionFailed, "the spin could not be settled"};
                    return finish(std::move(out));
                  }
                  out.balance = settled->players[0].balance;
                  finish(std::move(out));
                });
              }));
        }));
  });
}

}  // namespace croupier::gateway
