// TableLink: the gateway's way to one table, wherever the table runs (issue 17).
//
// On a single node every table runs here, in a TableActor, and the link hands each call
// straight to it. In a cluster a table runs on the node that holds its lease: there the
// link is attached to the local actor; on every other node it sends the call to the
// owner over the bus (`ask`, a request/reply on the table's command subject, in the
// format of gateway/table_codec), and the owner's node answers it with serve(). The
// methods and their answers are the actor's (table/table_actor.hpp).
//
// When the owner cannot be reached (no node holds the table for a moment, while it moves
// after a crash; or the answer does not come in time) a bet or decision is asked once
// more under its request id, then answered with a refusal, 2001 "action failed, retry".
// A command whose answer was lost may still have been taken by the owner: the client's
// retry under the same request id is answered once (a duplicate), and its resync's
// `myAcks` shows what was taken, so nothing is taken twice.
//
// Thread-safety: every member may be called from any thread; attach() and detach() may
// run while calls are in flight (a call goes to whichever was attached when it began).
// Answers from the owner are posted to `executor`.
#pragma once

#include <boost/asio/any_io_executor.hpp>
#include <boost/json/object.hpp>
#include <functional>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <string_view>

#include "table/table_actor.hpp"

namespace croupier::gateway {

class TableLink {
 public:
  using AnswerFn = std::function<void(std::optional<std::string>)>;
  // Sends a request to the table's owner; the answer, or nullopt when none came.
  using Ask = std::function<void(std::string request, AnswerFn answer)>;

  TableLink(boost::asio::any_io_executor executor, table::TableConfig config, Ask ask = {});

  // This node runs the table now (or no longer: detach() gives the actor back).
  void attach(std::shared_ptr<table::TableActor> actor);
  std::shared_ptr<table::TableActor> detach();
  std::shared_ptr<table::TableActor> local() const;

  const table::TableConfig& config() const { return config_; }

  void place_bets(table::PlaceBetsCommand command, table::AckFn ack);
  void cancel_bets(table::CancelBetsCommand command, table::AckFn ack);
  void sit(ledger::PlayerId player, table::Persona who, int seat,
           std::function<void(table::SeatReply)> reply);
  void leave(ledger::PlayerId player, int seat = 0);
  void decide(table::DecisionCommand command, table::DecisionFn ack);
  void set_blackjack_prefs(ledger::PlayerId player, table::BlackjackPrefs prefs);
  void autoplay(table::AutoplayCommand command, std::function<void(table::AutoplayAck)> reply);
  void cash_out(table::CashOutCommand command, table::CashOutFn ack);
  void auto_cash_out(table::AutoCashOutCommand command,
                     std::function<void(table::AutoCashOutAck)> reply);
  void choose(table::ChooseCommand command, std::function<void(table::ChooseAck)> reply);
  void chat(ledger::PlayerId player, table::Persona who, std::string text, std::string role,
            std::function<void(std::optional<ErrorCode>)> reply);
  void squeeze(ledger::PlayerId player, size_t index, double progress,
               std::function<void(std::optional<ErrorCode>)> reply);
  void announce_closing(int minutes);
  // The table's state for a player as the protocol writes it (a resync). From a local
  // actor the answer is ordered with the events it publishes; from the owner it comes
  // when it comes (the channel serves the events around it by their versions), and is
  // asked again every half second, for up to half a minute, while no node answers.
  void snapshot(ledger::PlayerId player, std::function<void(boost::json::object)> reply);

  // The owner's side: runs one request on `actor` and passes the encoded answer to
  // `answer` (every request is answered; one that cannot be read with an empty object,
  // which the asker takes as no answer).
  static void serve(table::TableActor& actor, std::string_view request,
                    std::function<void(std::string)> answer);

 private:
  // Sends `request` to the owner; `done` gets the answer on `executor_` (nullopt: none).
  // `again`: a command the table answers once per request id, asked a second time when
  // the first gets no answer.
  void ask(std::string request, AnswerFn done, bool again = false);
  // ask() for a command answered by an acknowledgement: `reply` gets the owner's answer as
  // `decode` reads it, or `failed` when there is none (or it does not decode).
  template <class Ack>
  void ask_for(std::string request, std::optional<Ack> (*decode)(std::string_view), Ack failed,
               std::function<void(Ack)> reply, bool again = false) {
    ask(
        std::move(request),
        [decode, failed = std::move(failed), reply = std::move(reply)](auto answer) {
          auto got = answer ? decode(*answer) : std::nullopt;
          reply(got ? std::move(*got) : failed);
        },
        again);
  }
  void snapshot_try(ledger::PlayerId player, std::function<void(boost::json::object)> reply,
                    int tries_left);

  const boost::asio::any_io_executor executor_;
  const table::TableConfig config_;
  const Ask ask_;
  mutable std::mutex mu_;
  std::shared_ptr<table::TableActor> actor_;
};

}  // namespace croupier::gateway
