#include "gateway/table_link.hpp"

#include <boost/asio/post.hpp>
#include <boost/asio/steady_timer.hpp>
#include <boost/json/parse.hpp>
#include <boost/json/serialize.hpp>

#include "gateway/protocol/json.hpp"
#include "gateway/table_codec.hpp"

namespace croupier::gateway {

namespace asio = boost::asio;
namespace json = boost::json;
namespace codec = table_codec;

namespace {

constexpr auto kSnapshotRetry = std::chrono::milliseconds(500);
// Tries for a resync, half a second apart (each waits up to the bus's timeout when the
// owner does not answer, and not at all when no node runs the table): a table moving
// after a crash is back within a lease's life.
constexpr int kSnapshotTries = 20;
constexpr auto kAskAgainAfter = std::chrono::milliseconds(500);

Refusal unreachable() {
  return Refusal{ErrorCode::ActionFailed, "the table's server did not answer; try again"};
}

}  // namespace

TableLink::TableLink(asio::any_io_executor executor, table::TableConfig config, Ask ask)
    : executor_(std::move(executor)), config_(std::move(config)), ask_(std::move(ask)) {}

void TableLink::attach(std::shared_ptr<table::TableActor> actor) {
  std::lock_guard lock(mu_);
  actor_ = std::move(actor);
}

std::shared_ptr<table::TableActor> TableLink::detach() {
  std::lock_guard lock(mu_);
  return std::exchange(actor_, nullptr);
}

std::shared_ptr<table::TableActor> TableLink::local() const {
  std::lock_guard lock(mu_);
  return actor_;
}

void TableLink::ask(std::string request, AnswerFn done, bool again) {
  if (!ask_) {
    asio::post(executor_, [done = std::move(done)] { done(std::nullopt); });
    return;
  }
  ask_(request,
       [this, executor = executor_, request, again, done = std::move(done)](auto answer) mutable {
         if (!answer && again) {
           // Asked once more, half a second later, under the same request id: an owner that
           // did it answers with what it answered then (a duplicate), one that was moving may
           // be there now.
           auto timer = std::make_shared<asio::steady_timer>(executor, kAskAgainAfter);
           timer->async_wait([this, timer, request = std::move(request),
                              done = std::move(done)](boost::system::error_code) mutable {
             ask(std::move(request), std::move(done), false);
           });
           return;
         }
         asio::post(executor, [done = std::move(done), answer = std::move(answer)]() mutable {
           done(std::move(answer));
         });
       });
}

void TableLink::place_bets(table::PlaceBetsCommand command, table::AckFn ack) {
  if (auto actor = local()) return actor->place_bets(std::move(command), std::move(ack));
  table::BetAck failed;
  failed.request_id = command.request_id;
  failed.game_id = command.game_id;
  failed.refusal = unreachable();
  for (const auto& l : command.bets)
    failed.rejected.push_back({l.spot, l.amount, ErrorCode::ActionFailed});
  ask_for<table::BetAck>(codec::encode(command), codec::decode_bet_ack, std::move(failed),
                         std::move(ack), true);
}

void TableLink::cancel_bets(table::CancelBetsCommand command, table::AckFn ack) {
  if (auto actor = local()) return actor->cancel_bets(std::move(command), std::move(ack));
  table::BetAck failed;
  failed.request_id = command.request_id;
  failed.game_id = command.game_id;
  failed.cancel = true;
  failed.refusal = unreachable();
  ask_for<table::BetAck>(codec::encode(command), codec::decode_bet_ack, std::move(failed),
                         std::move(ack), true);
}

void TableLink::sit(ledger::PlayerId player, table::Persona who, int seat,
                    std::function<void(table::SeatReply)> reply) {
  if (auto actor = local()) return actor->sit(player, std::move(who), seat, std::move(reply));
  ask_for<table::SeatReply>(codec::encode_sit(player, who, seat), codec::decode_seat_reply,
                            table::SeatReply{unreachable(), 0}, std::move(reply));
}

void TableLink::leave(ledger::PlayerId player, int seat) {
  if (auto actor = local()) return actor->leave(player, seat);
  ask(codec::encode_leave(player, seat), [](auto) {});
}

void TableLink::decide(table::DecisionCommand command, table::DecisionFn ack) {
  if (auto actor = local()) return actor->decide(std::move(command), std::move(ack));
  table::DecisionAck failed;
  failed.request_id = command.request_id;
  failed.game_id = command.game_id;
  failed.seat = command.seat;
  failed.refusal = unreachable();
  ask_for<table::DecisionAck>(codec::encode(command), codec::decode_decision_ack, std::move(failed),
                              std::move(ack), true);
}

void TableLink::set_blackjack_prefs(ledger::PlayerId player, table::BlackjackPrefs prefs) {
  if (auto actor = local()) return actor->set_blackjack_prefs(player, prefs);
  ask(codec::encode_prefs(player, prefs), [](auto) {});
}

void TableLink::autoplay(table::AutoplayCommand command,
                         std::function<void(table::AutoplayAck)> reply) {
  if (auto actor = local()) return actor->autoplay(std::move(command), std::move(reply));
  table::AutoplayAck failed;
  failed.request_id = command.request_id;
  failed.refusal = unreachable();
  ask_for<table::AutoplayAck>(codec::encode(command), codec::decode_autoplay_ack, std::move(failed),
                              std::move(reply));
}

void TableLink::cash_out(table::CashOutCommand command, table::CashOutFn ack) {
  if (auto actor = local()) return actor->cash_out(std::move(command), std::move(ack));
  table::CashOutAck failed;
  failed.request_id = command.request_id;
  failed.game_id = command.game_id;
  failed.spot = command.spot;
  failed.half = command.half;
  failed.refusal = unreachable();
  ask_for<table::CashOutAck>(codec::encode(command), codec::decode_cash_out_ack, std::move(failed),
                             table::CashOutFn(std::move(ack)), true);
}

void TableLink::auto_cash_out(table::AutoCashOutCommand command,
                              std::function<void(table::AutoCashOutAck)> reply) {
  if (auto actor = local()) return actor->auto_cash_out(std::move(command), std::move(reply));
  table::AutoCashOutAck failed;
  failed.request_id = command.request_id;
  failed.spot = command.spot;
  failed.autos = command.autos;
  failed.refusal = unreachable();
  ask_for<table::AutoCashOutAck>(codec::encode(command), codec::decode_auto_cash_out_ack,
                                 std::move(failed), std::move(reply));
}

void TableLink::choose(table::ChooseCommand command, std::function<void(table::ChooseAck)> reply) {
  if (auto actor = local()) return actor->choose(std::move(command), std::move(reply));
  table::ChooseAck failed{command.request_id, command.game_id, command.step, command.choice,
                          unreachable()};
  ask_for<table::ChooseAck>(codec::encode(command), codec::decode_choose_ack, std::move(failed),
                            std::move(reply));
}

void TableLink::chat(ledger::PlayerId player, table::Persona who, std::string text,
                     std::string role, std::function<void(std::optional<ErrorCode>)> reply) {
  if (auto actor = local())
    return actor->chat(player, std::move(who), std::move(text), std::move(role), std::move(reply));
  ask(codec::encode_chat(player, who, text, role), [reply = std::move(reply)](auto answer) {
    auto got = answer ? codec::decode_error(*answer) : std::nullopt;
    reply(got ? *got : std::optional<ErrorCode>(ErrorCode::ActionFailed));
  });
}

void TableLink::squeeze(ledger::PlayerId player, size_t index, double progress,
                        std::function<void(std::optional<ErrorCode>)> reply) {
  if (auto actor = local()) return actor->squeeze(player, index, progress, std::move(reply));
  ask(codec::encode_squeeze(player, index, progress), [reply = std::move(reply)](auto answer) {
    auto got = answer ? codec::decode_error(*answer) : std::nullopt;
    reply(got ? *got : std::optional<ErrorCode>(ErrorCode::ActionFailed));
  });
}

void TableLink::announce_closing(int minutes) {
  if (auto actor = local()) return actor->announce_closing(minutes);
  ask(codec::encode_closing(minutes), [](auto) {});
}

void TableLink::snapshot(ledger::PlayerId player, std::function<void(json::object)> reply) {
  snapshot_try(player, std::move(reply), kSnapshotTries);
}

void TableLink::snapshot_try(ledger::PlayerId player, std::function<void(json::object)> reply,
                             int tries_left) {
  if (auto actor = local()) {
    actor->snapshot(player, [reply = std::move(reply)](table::TableSnapshot s) {
      reply(protocol::snapshot_json(s));
    });
    return;
  }
  ask(codec::encode_snapshot(player),
      [this, player, reply = std::move(reply), tries_left](auto answer) mutable {
        if (answer) {
          boost::system::error_code ec;
          json::value v = json::parse(*answer, ec);
          if (!ec && v.is_object() && v.as_object().contains("v"))
            return reply(std::move(v.as_object()));
        }
        if (tries_left <= 1) return reply(json::object{});  // none: the subscriber is told
        // The table may have come here meanwhile: the next try goes wherever it runs now.
        auto timer = std::make_shared<asio::steady_timer>(executor_, kSnapshotRetry);
        timer->async_wait([this, timer, player, reply = std::move(reply),
                           tries_left](boost::system::error_code ec) mutable {
          if (!ec) snapshot_try(player, std::move(reply), tries_left - 1);
        });
      });
}

void TableLink::serve(table::TableActor& actor, std::string_view request,
                      std::function<void(std::string)> answer) {
  auto decoded = codec::decode_request(request);
  if (!decoded) return answer("{}");
  std::visit(
      [&](auto& r) {
        using R = std::decay_t<decltype(r)>;
        if constexpr (std::is_same_v<R, codec::PlaceBets>) {
          actor.place_bets(std::move(r.cmd),
                           [answer](const table::BetAck& a) { answer(codec::encode(a)); });
        } else if constexpr (std::is_same_v<R, codec::CancelBets>) {
          actor.cancel_bets(std::move(r.cmd),
                            [answer](const table::BetAck& a) { answer(codec::encode(a)); });
        } else if constexpr (std::is_same_v<R, codec::Sit>) {
          actor.sit(r.player, std::move(r.who), r.seat,
                    [answer](table::SeatReply s) { answer(codec::encode(s)); });
        } else if constexpr (std::is_same_v<R, codec::Leave>) {
          actor.leave(r.player, r.seat);
          answer(codec::encode_error(std::nullopt));
        } else if constexpr (std::is_same_v<R, codec::Decide>) {
          actor.decide(std::move(r.cmd),
                       [answer](const table::DecisionAck& a) { answer(codec::encode(a)); });
        } else if constexpr (std::is_same_v<R, codec::Prefs>) {
          actor.set_blackjack_prefs(r.player, r.prefs);
          answer(codec::encode_error(std::nullopt));
        } else if constexpr (std::is_same_v<R, codec::Autoplay>) {
          actor.autoplay(std::move(r.cmd),
                         [answer](table::AutoplayAck a) { answer(codec::encode(a)); });
        } else if constexpr (std::is_same_v<R, codec::Chat>) {
          actor.chat(r.player, std::move(r.who), std::move(r.text), std::move(r.role),
                     [answer](std::optional<ErrorCode> e) { answer(codec::encode_error(e)); });
        } else if constexpr (std::is_same_v<R, codec::Squeeze>) {
          actor.squeeze(r.player, r.index, r.progress,
                        [answer](std::optional<ErrorCode> e) { answer(codec::encode_error(e)); });
        } else if constexpr (std::is_same_v<R, codec::CashOut>) {
          actor.cash_out(std::move(r.cmd),
                         [answer](const table::CashOutAck& a) { answer(codec::encode(a)); });
        } else if constexpr (std::is_same_v<R, codec::AutoCashOut>) {
          actor.auto_cash_out(std::move(r.cmd),
                              [answer](table::AutoCashOutAck a) { answer(codec::encode(a)); });
        } else if constexpr (std::is_same_v<R, codec::Choose>) {
          actor.choose(std::move(r.cmd),
                       [answer](table::ChooseAck a) { answer(codec::encode(a)); });
        } else if constexpr (std::is_same_v<R, codec::Closing>) {
          actor.announce_closing(r.minutes);
          answer(codec::encode_error(std::nullopt));
        } else {
          static_assert(std::is_same_v<R, codec::Snapshot>);
          actor.snapshot(r.player, [answer](table::TableSnapshot s) {
            answer(json::serialize(protocol::snapshot_json(s)));
          });
        }
      },
      *decoded);
}

}  // namespace croupier::gateway
