// The table's side of the crash games, which games/crash/crash_flow.hpp plays: a cash-out
// answered once per request (a repeat while it is being paid waits for the same answer, so
// two cash-outs of one bet pay once), and a panel's automatic cash-out handed to the flow.
// The game shows' choices (games/show/show_flow.hpp) are handed to the flow here too. Every
// member here runs on the table's thread.
#include "table/table.hpp"

namespace croupier::table {

void Table::cash_out(CashOutCommand c, CashOutFn ack) {
  const std::string key = "cashout:" + std::to_string(c.player) + ":" + c.request_id;
  if (auto seen = requests_.find(key); seen != requests_.end()) {
    if (seen->second.cash_out) {
      ack(*seen->second.cash_out);
    } else {
      seen->second.cash_out_waiters.push_back(std::move(ack));
    }
    return;
  }
  CashOutAck reply{c.request_id, round_id_, c.spot, c.half, std::nullopt, std::nullopt};
  if (!c.game_id.empty() && c.game_id != round_id_) {
    reply.refusal = Refusal{ErrorCode::WaitForNextRound, "round " + c.game_id + " is over"};
    ack(reply);
    return;
  }
  if (requests_.size() >= kRequestsRememberedMax) {
    reply.refusal = Refusal{ErrorCode::ActionFailed, "too many requests this round"};
    ack(reply);
    return;
  }
  requests_[key].cash_out_waiters.push_back(std::move(ack));
  flow_->cash_out({c.player, c.spot, c.half, c.received},
                  [this, key, reply, round = round_id_](games::crash::CashOutAnswer a) {
                    CashOutAck r = reply;
                    r.paid = std::move(a.paid);
                    r.refusal = std::move(a.refusal);
                    // The round cannot have moved on: its settlement waits for cash-outs.
                    auto it = requests_.find(key);
                    if (round != round_id_ || it == requests_.end()) return;
                    it->second.cash_out = r;
                    for (auto& waiter : std::exchange(it->second.cash_out_waiters, {})) waiter(r);
                  });
}

AutoCashOutAck Table::auto_cash_out(AutoCashOutCommand c) {
  AutoCashOutAck ack{c.request_id, c.spot, c.autos, std::nullopt};
  ack.refusal = flow_->set_auto_cash_out(c.player, c.spot, c.autos);
  // A table that settles no round must not grow with every player's setting.
  if (!ack.refusal && players_remembered() > config_.players_remembered_max) forget_idle_players();
  return ack;
}

ChooseAck Table::choose(ChooseCommand c) {
  ChooseAck ack{c.request_id, round_id_, c.step, c.choice, std::nullopt};
  if (!c.game_id.empty() && c.game_id != round_id_) {
    ack.refusal = Refusal{ErrorCode::DecisionTimeOver, "round " + c.game_id + " is over"};
    return ack;
  }
  ack.refusal = flow_->choose({c.player, c.step, c.choice, c.received}, clock_.now());
  return ack;
}

}  // namespace croupier::table
