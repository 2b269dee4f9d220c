// Batch: applies ledger operations inside one open write transaction, private to the
// ledger; the same code on SQLite and on PostgreSQL (Batch<sqlite::Db>,
// Batch<postgres::Db>; what differs is Engine<Db>).
//
// The caller (the writer) begins the transaction, applies each operation, calls
// write_balances() and COMMIT, and only after a successful commit calls publish() to
// move the batch's account balances into the committed cache. Each operation runs in
// its own SAVEPOINT: a refused operation is rolled back to it, together with its changes
// to the in-memory overlay, so it leaves no trace and does not disturb the others.
//
// Balances, the states of rounds not yet ended and the count of each player's bets in
// play are validated against an overlay on top of the committed state the writer keeps
// in memory, so a later operation of the batch sees what an earlier one did, and (on
// SQLite, the only writer) a bet reads nothing from the database to learn them. The rows
// of bets, transfers and idempotency records are buffered and written by multi-row
// INSERTs: before any operation that reads bets (all of which run in savepoints) and
// before COMMIT. Bet ids are handed out by the writer. An idempotency key recorded
// earlier in the batch is answered from the batch's own map, so buffered records need no
// read.
//
// Where writers share the database (PostgreSQL), the committed cache is empty: each
// account and round the batch reads is read with a row lock held to COMMIT, and a
// concurrent writer's conflicting row (the same new account, key or round) fails the
// batch with a unique violation, which the writer answers by running the batch again.
//
// Thread-safety: none. A Batch lives on the writer for one transaction; it reads the
// committed cache without locking because the writer is the only thread that changes it.
#pragma once

#include <cstdint>
#include <map>
#include <optional>
#include <set>
#include <span>
#include <stdexcept>
#include <string>
#include <string_view>
#include <unordered_map>
#include <unordered_set>
#include <vector>

#include "db/postgres.hpp"
#include "db/sqlite.hpp"
#include "ledger/accounts.hpp"
#include "ledger/key_filter.hpp"
#include "ledger/leases.hpp"
#include "ledger/ledger.hpp"

namespace croupier::ledger {

// Limits on what one operation may carry; beyond them it is invalid_request.
inline constexpr size_t kNameBytesMax = 256;   // keys, round, table, spot, source
inline constexpr size_t kTextBytesMax = 4096;  // results, cancellation reasons
inline constexpr size_t kLinesMax = 1024;      // stake lines or bet ids in one operation

// What differs between the engines the ledger runs on.
template <class Db>
struct Engine;
template <>
struct Engine<sqlite::Db> {
  // One writer (one process writes a file): what it keeps in memory is the truth.
  static constexpr bool shared = false;
};
template <>
struct Engine<postgres::Db> {
  // Several writers (one per node) share the database: a batch trusts no memory of an
  // earlier one, locks the rows it reads (accounts, rounds) until COMMIT, and takes its
  // bet ids in blocks from a sequence.
  static constexpr bool shared = true;
};

// Bet ids a writer takes from the shared sequence at a time: the sequence bet_ids counts
// in steps of this size (INCREMENT BY in schema.cpp), so each nextval starts a block.
inline constexpr int64_t kBetIdBlock = 1000;

// Where writers share the database, an operation reached an account the batch had not
// locked up front: the writer rolls the batch back and runs it again with the account in
// its first lock (also_lock), so that every lock is taken in the one order and none is
// taken inside a savepoint (whose rollback would release it while the batch kept the
// balance it read).
struct MissedLock : std::runtime_error {
  explicit MissedLock(std::string account_name)
      : std::runtime_error("ledger: account " + account_name + " was not locked up front"),
        name(std::move(account_name)) {}
  std::string name;
};

struct CachedAccount {
  int64_t id = 0;  // 0: the account does not exist yet (balance zero)
  Money balance;
};
// A map by name that is searched with a string_view, without building a std::string.
struct NameHash {
  using is_transparent = void;
  size_t operator()(std::string_view name) const { return std::hash<std::string_view>{}(name); }
};
template <class T>
using NameMap = std::unordered_map<std::string, T, NameHash, std::equal_to<>>;

using AccountCache = NameMap<CachedAccount>;

// What the writer knows of the committed ledger, kept in memory. Where writers share the
// database (Engine<Db>::shared), only the block of bet ids is kept: everything else is
// empty and every batch reads what it needs.
struct Committed {
  // Accounts read or changed so far (a cache: emptied when it grows too large).
  AccountCache accounts;
  // Rounds not yet ended: id -> "open" or "result" (complete: loaded at start-up, kept
  // by every batch; a round absent here has ended or does not exist).
  NameMap<std::string> unended_rounds;
  // Accepted (not yet settled or refunded) bets per player; players with none absent.
  std::unordered_map<PlayerId, int64_t> bets_in_play;
  // The id the next bet gets (the writer is the only one that inserts bets); shared: the
  // next of this writer's block, which ends before bet_ids_end.
  BetId next_bet_id = 1;
  BetId bet_ids_end = 0;
  // Every idempotency key recorded: a key it does not contain is new without a read.
  KeyFilter op_keys;
  // The active cash bonus of each player and currency that has one (complete).
  std::map<std::pair<PlayerId, std::string>, std::string> active_cash_bonus;

  // Loads all of the above but the accounts from the database (at start-up; the key
  // filter's first layer gets room for twice the keys on file).
  template <class Db>
  void load(Db& db);
};

template <class Db>
class Batch {
 public:
  // `now_ms` stamps records of operations that carry no time of their own (Fund).
  Batch(Db& db, const Committed& committed, int64_t now_ms);

  Result<Done, Failure> apply(const Fund& op);
  Result<Done, Failure> apply(const OpenRound& op);
  Result<PlacedBets, Failure> apply(const PlaceBets& op);
  Result<CancelledBets, Failure> apply(const CancelBets& op);
  Result<Done, Failure> apply(const RecordResult& op);
  Result<Settlement, Failure> apply(const SettleRound& op);
  Result<SettledBets, Failure> apply(const SettleBets& op);
  Result<Settlement, Failure> apply(const CancelRound& op);
  Result<BonusView, Failure> apply(const GrantBonus& op);
  Result<BonusView, Failure> apply(const ChangeBonus& op);
  Result<WalletCallView, Failure> apply(const WalletCall& op);
  Result<WalletCallView, Failure> apply(const WalletAnswer& op);

  // Where writers share the database, before the first apply(): tells the batch of each
  // operation it will apply (expect), then reads and locks at once, in one order (accounts
  // by name, then rounds by id), every account and round they will touch, so that two
  // writers never wait for each other in a circle (a deadlock costs PostgreSQL's
  // deadlock_timeout and a rerun of the batch).
  // The operations' idempotency records are read in the same go, so that no operation
  // reads its key alone.
  void expect(const Fund& op);
  void expect(const OpenRound& op);
  void expect(const PlaceBets& op);
  void expect(const CancelBets& op);
  void expect(const RecordResult& op);
  void expect(const SettleRound& op);
  void expect(const SettleBets& op);
  void expect(const CancelRound& op);
  void expect(const GrantBonus& op);
  void expect(const ChangeBonus& op);
  void expect(const WalletCall& op);
  void expect(const WalletAnswer& op);
  // With `fencing` (a cluster's node), also locks the leases of the rounds' tables and
  // refuses (Failure::fenced) the operations of tables not held by this node at its epoch.
  void lock_expected(const Fencing* fencing);
  // Accounts to lock up front besides the expected ones: those an earlier attempt of the
  // same operations reached without having locked them (MissedLock). A name may also be a
  // bonus's ("bonus:<id>") or the active cash bonus of a player and currency
  // ("bonus-of:<player>:<CUR>"), whose rows are locked after the accounts.
  void also_lock(const std::vector<std::string>& names);
  // A key the batch recorded (nullopt when every operation was refused): found in the
  // database after a COMMIT whose answer was lost, it shows the batch committed.
  std::optional<std::string> witness_key() const;

  // Writes the buffered rows and the final balance of every account the batch changed
  // (before COMMIT).
  void write_balances();
  // Copies every account the batch read or changed into `committed`, drops the accounts
  // of rounds that ended, and moves the batch's round states and bets in play into it
  // (after COMMIT succeeded).
  void publish(Committed& committed) const;

 private:
  struct Entry {
    CachedAccount account;
    bool dirty = false;          // balance changed in this batch
    uint64_t remembered_in = 0;  // the operation whose undo list holds its value before
  };
  struct Undo {
    std::string name;
    Entry before;
  };
  struct RoundUndo {
    std::string round_id;
    std::optional<std::string> before;  // nullopt: not in the overlay
  };
  struct BetRow {
    BetId id = 0;
    std::string round_id;
    PlayerId player = 0;
    std::string currency;
    Money amount, cash_part, bonus_part;
    std::string status;
    std::string free_bet;  // the free-bet bonus whose chips staked it; empty: none
  };
  // A bonus's row, as the batch reads it from the database (every change is written at once,
  // inside the operation's savepoint).
  struct BonusRow {
    std::string id;
    PlayerId player = 0;
    std::string currency;
    BonusKind kind = BonusKind::cash;
    BonusStatus status = BonusStatus::pending;
    Money amount, chip_value, wager_required, wagered, max_win, won;
    int64_t expires_ms = 0;
  };
  using PlayerCurrency = std::pair<PlayerId, std::string>;
  enum class Seen { fresh, same, conflict };

  // Rows waiting for their multi-row INSERT.
  struct BetInsert {
    BetId id;
    const PlaceBets* op;
    const StakeLine* line;
    Money cash_part, bonus_part;
  };
  struct TransferInsert {
    std::string op_key;
    int64_t debit, credit;
    Money amount;
    std::optional<BetId> bet;
    std::string_view kind;  // a literal
  };
  struct OpRecord {
    std::string kind;  // a literal's copy
    std::string fingerprint;
    std::string result;
    int64_t at_ms;
  };
  struct Pending {
    std::vector<BetInsert> bets;
    std::vector<TransferInsert> transfers;
    std::vector<std::string> op_keys;  // into recorded_
  };

  template <class F>
  auto in_savepoint(F&& body) -> decltype(body());
  void expect_player(PlayerId player, const std::string& currency);
  void undo_op();
  void forget_undo();
  // Writes the buffered rows; the database then holds everything the batch did.
  void flush_rows();

  Result<Done, Failure> fund(const Fund& op);
  Result<Done, Failure> open_round(const OpenRound& op);
  Result<PlacedBets, Failure> place_bets(const PlaceBets& op);
  Result<CancelledBets, Failure> cancel_bets(const CancelBets& op);
  Result<Done, Failure> record_result(const RecordResult& op);
  Result<Settlement, Failure> settle_round(const SettleRound& op);
  Result<SettledBets, Failure> settle_bets(const SettleBets& op);
  Result<Settlement, Failure> cancel_round(const CancelRound& op);
  Result<BonusView, Failure> grant_bonus(const GrantBonus& op);
  Result<BonusView, Failure> change_bonus(const ChangeBonus& op);
  Result<WalletCallView, Failure> wallet_call(const WalletCall& op);
  Result<WalletCallView, Failure> wallet_answer(const WalletAnswer& op);
  // A wallet call's row (where writers share the database, read with its row lock).
  std::optional<WalletCallView> read_wallet_row(std::string_view id);

  // Bonuses.
  // Where writers share the database, a bonus the batch did not lock up front throws
  // MissedLock("bonus:<id>").
  std::optional<BonusRow> read_bonus_row(std::string_view id);
  void write_bonus_row(const BonusRow& row, int64_t at_ms);
  BonusView bonus_view(std::string_view id, bool replayed);
  // The player's active cash bonus in the currency (shared database: MissedLock
  // "bonus-of:<player>:<CUR>" unless looked up front).
  std::optional<std::string> active_cash_bonus(PlayerId player, const std::string& currency);
  void set_active_cash_bonus(PlayerId player, const std::string& currency,
                             std::optional<std::string> id);
  // Whether the player has accepted bets not settled or refunded (any round, any currency).
  bool has_bets_in_play(PlayerId player);
  // Ends an active bonus: what is left of it goes back to funding:bonus.
  [[nodiscard]] bool end_active_bonus(BonusRow& row, BonusStatus status, std::string_view op_key,
                                      int64_t at_ms);
  // A cash bonus met its play-through: the bonus account's balance moves to cash.
  [[nodiscard]] bool release_bonus(BonusRow& row, std::string_view op_key, int64_t at_ms);
  // A settled stake counts toward the player's active cash bonus.
  [[nodiscard]] bool count_wager(PlayerId player, const std::string& currency, Money stake,
                                 std::string_view op_key, int64_t at_ms);
  // A bonus share paid back while the player has no active cash bonus follows the last one.
  [[nodiscard]] bool follow_bonus_share(PlayerId player, const std::string& currency, Money share,
                                        std::string_view op_key);

  // Accounts and transfers.
  Entry& load(const AccountRef& ref);
  Balance player_balance(PlayerId player, std::string_view currency);
  [[nodiscard]] bool move(const AccountRef& from, const AccountRef& to, Money amount,
                          std::string_view kind, std::optional<BetId> bet, std::string_view op_key);
  void create(const AccountRef& ref, Entry& entry);
  void remember(const std::string& name, Entry& entry);
  void retire_round_accounts(std::string_view round_id);

  // Idempotency records.
  Seen seen(std::string_view key, std::string_view fingerprint, std::string* result);
  void record_op(std::string_view key, std::string_view kind, std::string_view fingerprint,
                 std::string_view result, int64_t at_ms);

  // Rounds and bets.
  std::optional<std::string> round_state(std::string_view round_id);
  // Records a round's new state in the batch's overlay.
  void set_round_state(const std::string& round_id, std::string state);
  void count_in_play(PlayerId player, int64_t delta);
  std::optional<Failure> require_open(std::string_view round_id);
  // Fenced: the round's table must be this node's (nullopt also for an unknown round,
  // which the other checks refuse).
  std::optional<Failure> require_owned(std::string_view round_id);
  std::optional<Failure> require_unended(std::string_view round_id);
  std::optional<BetRow> read_bet(BetId id);
  std::vector<BetRow> accepted_bets(std::string_view round_id);
  BetId insert_bet(const PlaceBets& op, const StakeLine& line, Money cash_part, Money bonus_part);
  // The accounts a bet's money moves between, built once per player of a round.
  class RoundAccounts {
   public:
    struct Refs {
      const AccountRef& round;
      const AccountRef& house;
      const AccountRef& cash;
      const AccountRef& bonus;
    };
    explicit RoundAccounts(std::string_view round_id) : round_id_(round_id) {}
    Refs of(PlayerId player, const std::string& currency);

   private:
    struct InCurrency {
      AccountRef round, house;
      std::unordered_map<PlayerId, std::pair<AccountRef, AccountRef>> players;  // cash, bonus
    };
    std::string round_id_;
    std::map<std::string, InCurrency, std::less<>> by_currency_;
  };
  // The money of one bet's settlement or refund; the bet's row is marked by the caller.
  // settle_bet answers what was paid (a free bet's: its winnings, capped; otherwise
  // `returned`), nullopt when a move failed.
  [[nodiscard]] std::optional<Money> settle_bet(const BetRow& bet, Money returned,
                                                std::string_view op_key,
                                                const typename RoundAccounts::Refs& to,
                                                int64_t at_ms);
  [[nodiscard]] bool refund_bet(const BetRow& bet, std::string_view op_key,
                                const typename RoundAccounts::Refs& to);
  void mark_settled(std::string_view round_id, std::string_view op_key,
                    std::span<const std::pair<BetId, Money>> returns);
  void close_round(std::string_view round_id, std::string_view state,
                   const std::optional<std::string>& reason, int64_t at_ms);
  std::optional<std::vector<PlayerSettlement>> replayed_settlement(const std::string& stored);

  // Per-player totals of a round that is being settled or cancelled.
  struct PlayerTotals {
    std::map<std::pair<PlayerId, std::string>, PlayerSettlement> by_player;
    bool add(const BetRow& bet, Money returned);  // false on overflow
  };
  // An operation seen before whose record is an amount paid back ("<units> <CUR>": taken
  // back bets, a cash-out): the amount and the player's balance now when the content is the
  // same, key_conflict when it differs; nullopt for a new one.
  struct EarlierPayment {
    Money amount;
    Balance balance;
  };
  std::optional<Result<EarlierPayment, Failure>> earlier_payment(const std::string& key,
                                                                 std::string_view fp,
                                                                 PlayerId player);
  std::optional<Result<Settlement, Failure>> earlier_round_end(const std::string& key,
                                                               std::string_view fp);
  Result<Settlement, Failure> finish_round_end(const std::string& key, std::string_view kind,
                                               std::string_view fp, PlayerTotals totals,
                                               int64_t at_ms);
  void fill_balances(std::vector<PlayerSettlement>& players);

  Db& db_;
  const Committed& committed_;
  const int64_t now_ms_;
  BetId next_bet_id_;
  BetId bet_ids_end_;
  Pending pending_;
  // Every operation recorded by this batch, by key (answers a replay within the batch).
  NameMap<OpRecord> recorded_;
  NameMap<Entry> overlay_;
  NameMap<std::string> round_overlay_;                   // states set by the batch
  std::unordered_map<PlayerId, int64_t> in_play_delta_;  // change of bets in play
  std::vector<Undo> undo_;                               // the current operation's overlay changes
  uint64_t op_serial_ = 1;  // counts operations, for Entry::remembered_in
  std::vector<RoundUndo> round_undo_;
  std::vector<std::pair<PlayerId, int64_t>> in_play_undo_;
  // Active cash bonuses the batch changed (SQLite) or looked up front (shared): nullopt,
  // none. With the current operation's undo list.
  std::map<PlayerCurrency, std::optional<std::string>> active_cash_;
  std::vector<std::pair<PlayerCurrency, std::optional<std::optional<std::string>>>>
      active_cash_undo_;
  std::vector<std::string> retired_;  // accounts of rounds that ended in this batch
  // Shared database: what expect() gathered, and the states of the rounds locked.
  std::vector<std::string> expected_accounts_;
  std::vector<std::string> expected_rounds_;
  std::vector<std::string> refunding_rounds_;  // money goes back to their players
  bool settles_ = false;                       // and to the house
  std::set<std::string> placed_currencies_;
  // Cash-outs (SettleBets): the bets they name (ids as text), and their players and rounds,
  // whose accounts alone they touch (in the currencies of those bets).
  std::vector<std::string> cashed_out_bets_;
  std::set<std::pair<PlayerId, std::string>> cashing_out_;
  std::vector<std::string> expected_keys_;
  // Bonuses where writers share the database: the rows to lock (by id), the players and
  // currencies whose active cash bonus to lock, the bonuses whose players' accounts are
  // learnt from their rows (changes), and the rows locked.
  std::set<std::string> expected_bonuses_;
  std::set<PlayerCurrency> bonus_players_;
  std::vector<std::string> changing_bonuses_;
  std::unordered_set<std::string> locked_bonuses_;
  bool bonus_players_asked_ = false;  // also_lock named one (a rerun)
  // Fencing: each expected round's table, and the tables this node holds (locked).
  NameMap<std::string> round_tables_;
  std::optional<std::unordered_set<std::string>> owned_tables_;  // nullopt: not fenced
  NameMap<std::string> locked_rounds_;
  // The records of the expected keys: read (nullopt: none on file) before the first
  // operation. Another node recording one of them since makes this batch's INSERT fail,
  // and the batch runs again.
  NameMap<std::optional<OpRecord>> read_keys_;
};

}  // namespace croupier::ledger
