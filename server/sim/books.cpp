#include "books.hpp"

#include <algorithm>

namespace croupier::sim {

namespace {

std::string money(Money m) {
  return format_money(m);
}

}  // namespace

void Books::add_table(const std::string& id, std::shared_ptr<const games::Engine> engine,
                      bool check_payouts) {
  tables_[id] = {std::move(engine), check_payouts};
}

Money Books::expected_balance(PlayerId player) const {
  auto it = balance_.find(player);
  return it == balance_.end() ? Money::zero() : it->second;
}

Money Books::funded_total(PlayerId player) const {
  auto it = funded_.find(player);
  return it == funded_.end() ? Money::zero() : it->second;
}

const BookRound* Books::round(const std::string& id) const {
  auto it = rounds_.find(id);
  return it == rounds_.end() ? nullptr : &it->second;
}

std::vector<BetId> Books::bets_of_key(const std::string& key) const {
  auto it = by_place_key_.find(key);
  return it == by_place_key_.end() ? std::vector<BetId>{} : it->second;
}

std::vector<BetId> Books::bets_ended_by(const std::string& end_key) const {
  auto it = by_end_key_.find(end_key);
  return it == by_end_key_.end() ? std::vector<BetId>{} : it->second;
}

void Books::credit(PlayerId player, Money amount) {
  balance_[player] += amount;
  touched_.insert(player);
}

BookRound* Books::round_for(const std::string& id, const char* op) {
  auto it = rounds_.find(id);
  if (it == rounds_.end()) {
    fail_(std::string("ledger: ") + op + " committed for round " + id + ", which was never opened");
    return nullptr;
  }
  return &it->second;
}

void Books::funded(const ledger::Fund& op, const ledger::Done& r) {
  if (r.replayed) {
    ++counts_.replays;
    if (!fund_keys_.contains(op.key)) fail_("ledger: funding " + op.key + " replayed, never made");
    return;
  }
  ++counts_.commits;
  if (!fund_keys_.insert(op.key).second) fail_("ledger: funding " + op.key + " made twice");
  funded_[op.player] += op.amount;
  credit(op.player, op.amount);
}

void Books::opened(const ledger::OpenRound& op, const ledger::Done& r) {
  if (r.replayed) {
    ++counts_.replays;
    if (!rounds_.contains(op.round_id))
      fail_("ledger: opening of " + op.round_id + " replayed, never made");
    return;
  }
  ++counts_.commits;
  if (rounds_.contains(op.round_id)) {
    fail_("ledger: round " + op.round_id + " opened twice");
    return;
  }
  rounds_[op.round_id].table_id = op.table_id;
  rounds_[op.round_id].open_generation = generation;
}

void Books::placed(const ledger::PlaceBets& op, const ledger::PlacedBets& r) {
  if (r.replayed) {
    ++counts_.replays;
    if (bets_of_key(op.key) != r.bet_ids)
      fail_("ledger: replayed bets " + op.key + " answered other bet ids than the first time");
    return;
  }
  ++counts_.commits;
  if (by_place_key_.contains(op.key)) {
    fail_("ledger: bets " + op.key + " taken twice");
    return;
  }
  if (r.bet_ids.size() != op.bets.size()) {
    fail_("ledger: bets " + op.key + ": " + std::to_string(op.bets.size()) + " lines, " +
          std::to_string(r.bet_ids.size()) + " bet ids");
    return;
  }
  BookRound* round = round_for(op.round_id, "PlaceBets");
  if (!round) return;
  if (round->end != RoundEnd::none || round->result_recorded)
    fail_("ledger: bets " + op.key + " taken in round " + op.round_id + ", which is not open");
  for (size_t i = 0; i < op.bets.size(); ++i) {
    const BetId id = r.bet_ids[i];
    if (bets_.contains(id)) {
      fail_("ledger: bet id " + std::to_string(id) + " given twice");
      return;
    }
    BookBet& bet = bets_[id];
    bet.player = op.player;
    bet.round_id = op.round_id;
    bet.spot = op.bets[i].spot;
    bet.amount = op.bets[i].amount;
    bet.place_key = op.key;
    round->bets.push_back(id);
    by_place_key_[op.key].push_back(id);
    credit(op.player, Money::zero() - op.bets[i].amount);
    ++counts_.bets;
  }
  if (r.balance.total() != expected_balance(op.player))
    fail_("ledger: bets " + op.key + " answered balance " + money(r.balance.total()) +
          ", the books say " + money(expected_balance(op.player)));
}

void Books::bets_cancelled(const ledger::CancelBets& op, const ledger::CancelledBets& r) {
  if (r.replayed) {
    ++counts_.replays;
    if (bets_ended_by(op.key).size() != op.bets.size())
      fail_("ledger: taking back " + op.key + " replayed, never made");
    return;
  }
  ++counts_.commits;
  Money refunded;
  for (BetId id : op.bets) {
    auto it = bets_.find(id);
    if (it == bets_.end() || it->second.state != BetState::accepted ||
        it->second.player != op.player || it->second.round_id != op.round_id) {
      fail_("ledger: bet " + std::to_string(id) + " taken back by " + op.key +
            " was not the player's accepted bet of that round");
      return;
    }
    it->second.state = BetState::refunded;
    it->second.returned = it->second.amount;
    it->second.end_key = op.key;
    by_end_key_[op.key].push_back(id);
    credit(op.player, it->second.amount);
    refunded += it->second.amount;
    ++counts_.refunded;
  }
  if (r.refunded != refunded)
    fail_("ledger: taking back " + op.key + " refunded " + money(r.refunded) + ", the bets were " +
          money(refunded));
  if (r.balance.total() != expected_balance(op.player))
    fail_("ledger: taking back " + op.key + " answered balance " + money(r.balance.total()) +
          ", the books say " + money(expected_balance(op.player)));
}

void Books::recorded(const ledger::RecordResult& op, const ledger::Done& r) {
  BookRound* round = round_for(op.round_id, "RecordResult");
  if (!round) return;
  if (r.replayed) {
    ++counts_.replays;
    if (!round->result_recorded || round->result != op.result)
      fail_("ledger: result of " + op.round_id + " replayed, never recorded");
    return;
  }
  ++counts_.commits;
  if (round->result_recorded || round->end != RoundEnd::none)
    fail_("ledger: a second result recorded for round " + op.round_id);
  round->result_recorded = true;
  round->result = op.result;
}

void Books::settled(const ledger::SettleRound& op, const ledger::Settlement& r) {
  BookRound* round = round_for(op.round_id, "SettleRound");
  if (!round) return;
  if (r.replayed) {
    ++counts_.replays;
    if (round->end != RoundEnd::settled)
      fail_("ledger: settlement of " + op.round_id + " replayed, never made");
    return;
  }
  ++counts_.commits;
  if (round->end != RoundEnd::none) {
    fail_("ledger: round " + op.round_id + " ended twice (settled after it was " +
          (round->end == RoundEnd::settled ? "settled)" : "cancelled)"));
    return;
  }
  // The returns must name exactly the round's accepted bets, each once.
  std::set<BetId> open;
  for (BetId id : round->bets)
    if (bets_.at(id).state == BetState::accepted) open.insert(id);
  std::set<BetId> named;
  for (const auto& [id, returned] : op.returns) named.insert(id);
  if (named != open || named.size() != op.returns.size()) {
    fail_("ledger: settlement of " + op.round_id + " committed naming " +
          std::to_string(op.returns.size()) + " bets where " + std::to_string(open.size()) +
          " were in play");
    return;
  }
  if (!op.result.empty()) {
    round->result_recorded = true;
    round->result = op.result;
  }
  const auto table = tables_.find(round->table_id);
  std::optional<games::Outcome> outcome;
  if (table != tables_.end() && table->second.check_payouts) {
    outcome = table->second.engine->decode(round->result);
    if (!outcome) fail_("settlement of " + op.round_id + " with no result that decodes");
  }
  std::map<PlayerId, PlayerTotal> totals;
  std::map<std::pair<PlayerId, std::string>, Money> by_spot;
  for (const auto& [id, returned] : op.returns) {
    BookBet& bet = bets_.at(id);
    by_spot[{bet.player, bet.spot}] += bet.amount;
    if (outcome) {
      const Money due = table->second.engine->payout(bet.spot, bet.amount, *outcome);
      if (due != returned)
        fail_("settlement of " + op.round_id + " pays bet " + std::to_string(id) + " (" + bet.spot +
              " " + money(bet.amount) + ") " + money(returned) + " on result " + round->result +
              "; the engine says " + money(due));
    }
    bet.state = BetState::settled;
    bet.returned = returned;
    bet.end_key = "settle:" + op.round_id;
    by_end_key_[bet.end_key].push_back(id);
    credit(bet.player, returned);
    totals[bet.player].staked += bet.amount;
    totals[bet.player].returned += returned;
    ++counts_.settled;
  }
  // Every stake that was played: a spot's total is never under the table's minimum.
  if (outcome) {
    const Money min = table->second.engine->limits().min_bet;
    for (const auto& [who, staked] : by_spot)
      if (staked < min)
        fail_("settlement of " + op.round_id + ": player " + std::to_string(who.first) +
              "'s stake on " + who.second + " is " + money(staked) + ", under the minimum " +
              money(min));
  }
  round->end = RoundEnd::settled;
  round->end_generation = generation;
  // Table::recover's: at a start, or its retry of a round an earlier run opened.
  round->ended_in_recovery = recovering || round->open_generation != generation;
  round->end_totals = totals;
  ++counts_.rounds_settled;
  // The ledger's account of it, player by player.
  std::map<PlayerId, PlayerTotal> told;
  for (const auto& p : r.players) {
    told[p.player] = {p.staked, p.returned};
    if (p.balance.total() != expected_balance(p.player))
      fail_("ledger: settlement of " + op.round_id + " answered player " +
            std::to_string(p.player) + " balance " + money(p.balance.total()) + ", the books say " +
            money(expected_balance(p.player)));
  }
  if (told != totals)
    fail_("ledger: settlement of " + op.round_id + " answered totals that are not its bets'");
}

void Books::bets_settled(const ledger::SettleBets& op, const ledger::SettledBets& r) {
  if (r.replayed) {
    ++counts_.replays;
    if (bets_ended_by(op.key).empty())
      fail_("ledger: cash-out " + op.key + " replayed, never made");
    return;
  }
  ++counts_.commits;
  BookCashOut co{op.key, op.round_id, op.player, {}, {}, generation, false};
  for (const auto& [id, returned] : op.returns) {
    auto it = bets_.find(id);
    if (it == bets_.end() || it->second.state != BetState::accepted ||
        it->second.player != op.player || it->second.round_id != op.round_id) {
      fail_("ledger: cash-out " + op.key + " settled bet " + std::to_string(id) +
            ", not the player's accepted bet of that round");
      return;
    }
    BookBet& bet = it->second;
    bet.state = BetState::settled;
    bet.returned = returned;
    bet.end_key = op.key;
    by_end_key_[op.key].push_back(id);
    credit(op.player, returned);
    co.staked += bet.amount;
    co.returned += returned;
    ++counts_.settled;
  }
  ++counts_.cash_outs;
  if (r.returned != co.returned)
    fail_("ledger: cash-out " + op.key + " answered " + money(r.returned) +
          " paid, the returns were " + money(co.returned));
  if (r.balance.total() != expected_balance(op.player))
    fail_("ledger: cash-out " + op.key + " answered balance " + money(r.balance.total()) +
          ", the books say " + money(expected_balance(op.player)));
  cash_outs_.push_back(std::move(co));
}

void Books::round_cancelled(const ledger::CancelRound& op, const ledger::Settlement& r) {
  BookRound* round = round_for(op.round_id, "CancelRound");
  if (!round) return;
  if (r.replayed) {
    ++counts_.replays;
    if (round->end != RoundEnd::cancelled)
      fail_("ledger: refund of " + op.round_id + " replayed, never made");
    return;
  }
  ++counts_.commits;
  if (round->end != RoundEnd::none) {
    fail_("ledger: round " + op.round_id + " ended twice (refunded after it was " +
          (round->end == RoundEnd::settled ? "settled)" : "cancelled)"));
    return;
  }
  std::map<PlayerId, PlayerTotal> totals;
  const std::string key = "cancel:" + op.round_id;
  for (BetId id : round->bets) {
    BookBet& bet = bets_.at(id);
    if (bet.state != BetState::accepted) continue;
    bet.state = BetState::refunded;
    bet.returned = bet.amount;
    bet.end_key = key;
    by_end_key_[key].push_back(id);
    credit(bet.player, bet.amount);
    totals[bet.player].staked += bet.amount;
    totals[bet.player].returned += bet.amount;
    ++counts_.refunded;
  }
  round->end = RoundEnd::cancelled;
  round->end_generation = generation;
  // Table::recover's: at a start, or its retry of a round an earlier run opened.
  round->ended_in_recovery = recovering || round->open_generation != generation;
  round->end_totals = totals;
  ++counts_.rounds_cancelled;
  std::map<PlayerId, PlayerTotal> told;
  for (const auto& p : r.players) {
    told[p.player] = {p.staked, p.returned};
    if (p.balance.total() != expected_balance(p.player))
      fail_("ledger: refund of " + op.round_id + " answered player " + std::to_string(p.player) +
            " balance " + money(p.balance.total()) + ", the books say " +
            money(expected_balance(p.player)));
  }
  if (told != totals)
    fail_("ledger: refund of " + op.round_id + " answered totals that are not its bets'");
}

// ---- BooksLedger ----------------------------------------------------------------------------

// Each operation goes to the real ledger; what it committed is entered in the books before
// the caller hears of it.
#define CROUPIER_SIM_BOOKED(Op, T, method)                                                         \
  void BooksLedger::submit(ledger::Op op, ledger::Callback<ledger::T> done) {                      \
    ledger::Op copy = op;                                                                          \
    inner().submit(std::move(op), [this, copy = std::move(copy),                                   \
                                   done = std::move(done)](Result<ledger::T, ledger::Failure> r) { \
      if (r.ok()) books_.method(copy, *r);                                                         \
      done(std::move(r));                                                                          \
    });                                                                                            \
  }

CROUPIER_SIM_BOOKED(Fund, Done, funded)
CROUPIER_SIM_BOOKED(OpenRound, Done, opened)
CROUPIER_SIM_BOOKED(PlaceBets, PlacedBets, placed)
CROUPIER_SIM_BOOKED(CancelBets, CancelledBets, bets_cancelled)
CROUPIER_SIM_BOOKED(RecordResult, Done, recorded)
CROUPIER_SIM_BOOKED(SettleRound, Settlement, settled)
CROUPIER_SIM_BOOKED(SettleBets, SettledBets, bets_settled)
CROUPIER_SIM_BOOKED(CancelRound, Settlement, round_cancelled)

#undef CROUPIER_SIM_BOOKED

}  // namespace croupier::sim
