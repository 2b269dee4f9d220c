// The simulator's own books: a model of the ledger built from the operations that reach it
// and their answers, kept beside the real ledger and compared with it after every step.
//
// BooksLedger sits right in front of the real ledger (inline mode), below the fault
// injector: it sees every operation that the ledger commits, at the moment it commits, even
// when the table that submitted it never hears back (a fault held the answer, or a crash
// threw it away). From those operations alone the Books compute each player's balance
// (funding, minus stakes, plus what settlements, cash-outs and refunds return) and each
// round's bets, and check the ledger's answers against them: a settlement must name every
// accepted bet once and report per player what the returns add up to; a replay must
// answer what the first did. They never read the ledger's database.
//
// Single-threaded, as the simulation is.
#pragma once

#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <set>
#include <string>
#include <utility>
#include <vector>

#include "core/money.hpp"
#include "games/engine.hpp"
#include "ledger/forwarding_ledger.hpp"
#include "ledger/ledger.hpp"

namespace croupier::sim {

using ledger::BetId;
using ledger::PlayerId;

enum class BetState { accepted, settled, refunded };

struct BookBet {
  PlayerId player = 0;
  std::string round_id;
  std::string spot;
  Money amount;
  std::string place_key;  // the PlaceBets that took it
  BetState state = BetState::accepted;
  Money returned;       // settled: stake plus winnings; refunded: the stake
  std::string end_key;  // what settled or refunded it: "settle:<round>", "co:<bet>", ...
};

struct PlayerTotal {
  Money staked;
  Money returned;
  friend bool operator==(const PlayerTotal&, const PlayerTotal&) = default;
};

enum class RoundEnd { none, settled, cancelled };

struct BookRound {
  std::string table_id;
  int open_generation = -1;  // the run of the tables that opened it
  bool result_recorded = false;
  std::string result;  // the recorded result's text
  RoundEnd end = RoundEnd::none;
  int end_generation = -1;         // the run of the tables whose operation ended it
  bool ended_in_recovery = false;  // by Table::recover (at a start, or its retry later)
  // What the round's end moved, per player: a settlement's stakes and returns, or a
  // refund's stakes (returned = staked). Cash-outs before the end are not in it.
  std::map<PlayerId, PlayerTotal> end_totals;
  std::vector<BetId> bets;
};

// A cash-out (SettleBets) as committed, to be matched with what its player was told.
struct BookCashOut {
  std::string key;
  std::string round_id;
  PlayerId player = 0;
  Money staked;    // the bets it settled
  Money returned;  // what it paid for them (a half cash-out: the half's return and the rest)
  int generation = 0;
  bool announced = false;
};

class Books {
 public:
  using Fail = std::function<void(std::string)>;
  explicit Books(Fail fail) : fail_(std::move(fail)) {}

  // A table's engine; `check_payouts`: its settlements pay engine.payout() of the recorded
  // result for every bet, and each player's stake on a spot is at least the minimum (draw
  // games: roulette, baccarat).
  void add_table(const std::string& id, std::shared_ptr<const games::Engine> engine,
                 bool check_payouts);

  // Set by the simulation: the run of the tables now live, and whether they are starting
  // (Table::start() settles or refunds what the run before left open).
  int generation = 0;
  bool recovering = false;
  // Rounds whose settlement or refund by Table::recover was failed by a fault.
  std::set<std::string> recovery_failed;

  // What the ledger committed (called from inside its inline callbacks).
  void funded(const ledger::Fund& op, const ledger::Done& r);
  void opened(const ledger::OpenRound& op, const ledger::Done& r);
  void placed(const ledger::PlaceBets& op, const ledger::PlacedBets& r);
  void bets_cancelled(const ledger::CancelBets& op, const ledger::CancelledBets& r);
  void recorded(const ledger::RecordResult& op, const ledger::Done& r);
  void settled(const ledger::SettleRound& op, const ledger::Settlement& r);
  void bets_settled(const ledger::SettleBets& op, const ledger::SettledBets& r);
  void round_cancelled(const ledger::CancelRound& op, const ledger::Settlement& r);

  // The balance the operations committed so far leave the player.
  Money expected_balance(PlayerId player) const;
  // The players whose balance the books moved since the last call.
  std::set<PlayerId> take_touched() { return std::exchange(touched_, {}); }
  Money funded_total(PlayerId player) const;
  const std::map<PlayerId, Money>& balances() const { return balance_; }
  const std::map<BetId, BookBet>& bets() const { return bets_; }
  const std::map<std::string, BookRound>& rounds() const { return rounds_; }
  const BookRound* round(const std::string& id) const;
  // The bets a PlaceBets key took (empty when none committed).
  std::vector<BetId> bets_of_key(const std::string& key) const;
  // The bets an operation key settled or refunded.
  std::vector<BetId> bets_ended_by(const std::string& end_key) const;
  std::vector<BookCashOut>& cash_outs() { return cash_outs_; }

  struct Counts {
    int64_t commits = 0, replays = 0, bets = 0, settled = 0, refunded = 0, cash_outs = 0,
            rounds_settled = 0, rounds_cancelled = 0;
  };
  const Counts& counts() const { return counts_; }

 private:
  void credit(PlayerId player, Money amount);
  BookRound* round_for(const std::string& id, const char* op);

  Fail fail_;
  std::set<PlayerId> touched_;
  struct TableInfo {
    std::shared_ptr<const games::Engine> engine;
    bool check_payouts = false;
  };
  std::map<std::string, TableInfo, std::less<>> tables_;
  std::map<PlayerId, Money> funded_;
  std::map<PlayerId, Money> balance_;
  std::map<BetId, BookBet> bets_;
  std::map<std::string, BookRound> rounds_;
  std::map<std::string, std::vector<BetId>> by_place_key_;
  std::map<std::string, std::vector<BetId>> by_end_key_;
  std::set<std::string> fund_keys_;
  std::vector<BookCashOut> cash_outs_;
  Counts counts_;
};

// The real ledger with the Books told of every commit. Reads pass straight through.
class BooksLedger final : public ledger::ForwardingLedger {
 public:
  BooksLedger(std::unique_ptr<ledger::Ledger> real, Books& books)
      : ForwardingLedger(std::move(real)), books_(books) {}
  using ForwardingLedger::submit;

  void submit(ledger::Fund op, ledger::Callback<ledger::Done> done) override;
  void submit(ledger::OpenRound op, ledger::Callback<ledger::Done> done) override;
  void submit(ledger::PlaceBets op, ledger::Callback<ledger::PlacedBets> done) override;
  void submit(ledger::CancelBets op, ledger::Callback<ledger::CancelledBets> done) override;
  void submit(ledger::RecordResult op, ledger::Callback<ledger::Done> done) override;
  void submit(ledger::SettleRound op, ledger::Callback<ledger::Settlement> done) override;
  void submit(ledger::SettleBets op, ledger::Callback<ledger::SettledBets> done) override;
  void submit(ledger::CancelRound op, ledger::Callback<ledger::Settlement> done) override;

  // The ledger under the books (the deliberately broken invariants go round them).
  ledger::Ledger& real() const { return inner(); }

 private:
  Books& books_;
};

}  // namespace croupier::sim
