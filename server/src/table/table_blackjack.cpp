// The table's side of blackjack, which games/blackjack/bj_flow.hpp plays: a decision
// answered once per request, the player's preferences and autoplay handed to the flow,
// and the flow's hands published as the blackjack event. Every member here runs on the
// table's thread.
#include "table/table.hpp"

namespace croupier::table {

namespace bj = games::blackjack;

// ---- Commands ---------------------------------------------------------------------------

void Table::decide(DecisionCommand c, DecisionFn ack) {
  // Decisions are answered once within their round, in the table's one request store.
  const std::string key = "decide:" + std::to_string(c.player) + ":" + c.request_id;
  if (auto seen = requests_.find(key); seen != requests_.end() && seen->second.decision) {
    ack(*seen->second.decision);
    return;
  }
  DecisionAck reply{c.request_id, round_id_,   c.seat, std::string(bj::decision_name(c.decision)),
                    std::nullopt, std::nullopt};
  // Answers within a round are kept, so a repeated request gets the same answer.
  auto answer = [this, key, ack](DecisionAck r) {
    if (in_play() && requests_.size() < kRequestsRememberedMax) requests_[key].decision = r;
    ack(r);
  };
  auto refuse = [&](ErrorCode code, std::string detail) {
    reply.refusal = Refusal{code, std::move(detail)};
    answer(reply);
  };
  if (!flow_->takes_decisions())
    return refuse(ErrorCode::InvalidDecision, "this is not a blackjack table");
  if (!c.game_id.empty() && c.game_id != round_id_)
    return refuse(ErrorCode::WaitForNextRound, "round " + c.game_id + " is not the current one");
  if (c.seat > 0 && lost_seats_.contains({c.player, c.seat}))
    return refuse(ErrorCode::SeatLost, "seat " + std::to_string(c.seat) + " was lost");
  flow_->decide({c.player, c.seat, c.decision}, [reply, answer](games::DecisionAnswer a) {
    DecisionAck r = reply;
    r.refusal = std::move(a.refusal);
    r.decision = std::string(bj::decision_name(a.decision));
    if (a.balance) r.balance = ledger::Balance{a.balance->cash, a.balance->bonus};
    answer(std::move(r));
  });
}

void Table::set_blackjack_prefs(ledger::PlayerId player, BlackjackPrefs prefs) {
  flow_->set_prefs(player, prefs);
  // A table that settles no round (nobody seated) must not grow with every subscription.
  if (players_remembered() > config_.players_remembered_max) forget_idle_players();
}

AutoplayAck Table::autoplay(AutoplayCommand c) {
  AutoplayAck ack{c.request_id, c.rounds, {}, std::nullopt};
  auto book = book_.find(c.player);
  const bool has_bets =
      last_bets_.contains(c.player) || (book != book_.end() && !book->second.placed.empty());
  bj::AutoplayIn in{c.player, c.name, c.currency, c.rounds, c.strategy, c.regulated};
  if (auto refused = flow_->autoplay(in, has_bets)) {
    ack.refusal = std::move(refused);
    return ack;
  }
  ack.state = c.rounds == 0 ? "stopped" : "started";
  return ack;
}

// ---- Events -----------------------------------------------------------------------------

// The blackjack event: the hands as everyone sees them, with each player's own part.
void Table::publish_hands() {
  auto hands = flow_->hands_view();
  if (!hands) return;
  std::map<ledger::PlayerId, PlayerPart> personal;
  for (games::PlayerRef player : flow_->personal_viewers())
    personal[player].hands = flow_->personal_view(player);
  publish(HandsChanged{state_, std::move(*hands)}, std::move(personal));
}

}  // namespace croupier::table
