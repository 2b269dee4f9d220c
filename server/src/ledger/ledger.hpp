// Ledger: the double-entry wallet that holds every player's money and every bet.
//
// Every movement of money is a transfer of a positive amount from one account to
// another, so the sum of all account balances of a currency never changes: it is zero,
// because money enters through a funding account that is allowed to go negative (the
// operator's issue of fun money, later its deposits). Accounts:
//   player:<id>:cash:<CUR>, player:<id>:bonus:<CUR>   never negative
//   player:<id>:freebet:<bonus_id>:<CUR>                a free-bet bonus's chips (never
//                                                       negative; kind player_bonus)
//   round:<round_id>:<CUR>                              bets in play in one round
//   house:<CUR>                                         the casino's result
//   funding:<source>:<CUR>                              money issued to players
//                                                       (funding:bonus:<CUR>: bonuses)
//
// Every operation that moves money carries an idempotency key. Submitting a key again
// with the same content returns the first result (with `replayed` set) and moves
// nothing; the same key with different content is refused with key_conflict. Round
// operations use the round id as their key.
//
// Durability and group commit: operations are queued to one writer thread that owns the
// SQLite connection (WAL, synchronous=FULL). It takes everything queued (up to
// batch_max) and commits it in one transaction, so bets that arrive together cost one
// fsync. An operation that is refused (insufficient funds, conflict) does not disturb
// the others in its batch. A round is settled or cancelled in one transaction.
//
// Threads: submit() and the read functions may be called from any thread. Callbacks run
// on the writer thread (or inside submit() in inline mode) after the transaction has
// committed; they must be quick and must not call back into the ledger synchronously
// (post to your own executor instead).
#pragma once

#include <climits>
#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/money.hpp"
#include "core/result.hpp"

namespace croupier::ledger {

using PlayerId = int64_t;
using BetId = int64_t;

enum class Failure {
  insufficient_funds,  // the player's cash plus bonus does not cover the stake
  key_conflict,        // the idempotency key was used before with different content
  round_not_open,      // bets or cancellations for a round that is not open for bets
                       // (SettleBets: for a round that has ended)
  round_not_found,     // the round does not exist
  invalid_request,     // malformed: non-positive amount, unknown bet, wrong payouts list
  overloaded,          // the queue is full (queue_max); nothing was done
  storage,             // the database failed; nothing was done
  fenced,              // (a cluster) this node no longer holds the table's lease; nothing was done
  bonus_unavailable,   // the bonus is not the player's, not in a state that allows the
                       // change (accept: pending and unexpired; a free bet: active), or
                       // the player has an active cash bonus in that currency already
  wallet_call,         // the operator's wallet call named is not in a state that allows it
                       // (a debit no longer pending: refused, or rolled back)
  // An operator's wallet refused the money (wallet/seamless.hpp answers these; the ledger
  // never does): the account is disabled or suspended, a responsible-gaming limit is
  // reached, or the wallet could not be reached and the debit was rolled back.
  account_disabled,
  account_suspended,
  limit_reached,
  wallet_unavailable,
  // A regulated market's rules refused the stake (gateway/limits.hpp answers these; the
  // ledger never does): the Italian game session's balance does not cover it (3002), or it
  // is above the operator's most for one bet (3003).
  session_balance,
  regulation_limit,
};
std::string_view failure_name(Failure f);

struct Balance {
  Money cash;
  Money bonus;
  Money total() const { return cash + bonus; }
};

// ---- Operations -------------------------------------------------------------------

// Credits a player from a funding source (demo fun money, an operator top-up).
struct Fund {
  std::string key;
  PlayerId player = 0;
  std::string currency;
  Money amount;
  std::string source;     // funding account name part, e.g. "demo"
  bool to_bonus = false;  // credit the bonus account instead of cash
};

// Creates the round record; bets can be placed while it is open.
struct OpenRound {
  std::string round_id;  // unique across the casino, e.g. "rou-1-000042"
  std::string table_id;
  std::string game;  // "roulette"
  int64_t seq = 0;   // per-table round number, increasing
  int64_t at_ms = 0;
  // The commitment published as betting opens (fair::Record's text with the hash alone),
  // kept from the start; the result's record replaces it. Not part of the key's content.
  std::string fair = {};
};

struct StakeLine {
  std::string spot;
  Money amount;
  // A free bet: the active free-bet bonus whose chips stake this line (the amount a
  // multiple of its chip value, drawn from its chips); empty: the player's own money.
  std::string free_bet = {};
};

// Moves the stakes from the player to the round's in-play account, cash first and then
// bonus (or bonus first, by the operator's rule; a free bet's from its bonus's chips), all
// lines or none. Each line becomes one bet
// with its own id.
struct PlaceBets {
  std::string key;
  std::string round_id;
  PlayerId player = 0;
  std::string currency;
  std::vector<StakeLine> bets;
  int64_t at_ms = 0;
  // The operator's rule (casino file bonusFirst): the stakes draw on the bonus before cash.
  bool bonus_first = false;
  // A seamless wallet's debit (WalletCall, pending) that the operator confirmed: its amount,
  // at most the stakes of the player's own money (the rest from what the player holds here),
  // enters the player's cash from funding:wallet-<operator> just before the stakes are
  // taken, and the call becomes ok; all in the operation's transaction, or nothing (refused
  // with wallet_call when the debit is not the player's pending debit: rolled back
  // meanwhile).
  std::string wallet_debit = {};
  std::string wallet_operator = {};  // the debit's operator (its funding account's name)
};

// Returns a player's accepted bets of an open round to them (undo before bets close).
struct CancelBets {
  std::string key;
  std::string round_id;
  PlayerId player = 0;
  std::vector<BetId> bets;
  int64_t at_ms = 0;
};

// Records the drawn result (so a crash after this point settles rather than refunds)
// and closes the round to further bets.
struct RecordResult {
  std::string round_id;
  std::string result;
  int64_t at_ms = 0;
  // What verifies the result (fair::Record's text, docs/provably-fair.md), kept with it; not
  // part of what the key stands for.
  std::string fair = {};
};

// Settles every accepted bet of the round: the stake goes to the house, the house pays
// `returned` (stake plus winnings, 0 for a loss). The list must name each accepted bet
// of the round exactly once. The part of a return that stems from a bonus stake goes
// back to the bonus account (proportionally, rounded down), the rest to cash. Bonuses
// (GrantBonus) change what a settlement pays:
// - a free bet returns its winnings alone (returned minus the stake, never below zero),
//   in cash, up to what its bonus's max_win leaves; the bet records what was paid;
// - every other settled stake of a player with an active cash bonus in its currency counts
//   toward the bonus's play-through: once `wagered` reaches `wager_required` the bonus is
//   wagered and the bonus account's balance moves to cash;
// - a bonus share that comes back (paid, or refunded) when the player has no active cash
//   bonus follows the last one they accepted: to cash if it was wagered, back to
//   funding:bonus if it expired or was cancelled (with none ever accepted, it stays).
struct SettleRound {
  std::string round_id;
  std::vector<std::pair<BetId, Money>> returns;
  int64_t at_ms = 0;
  // The result, recorded in the same transaction when the round has none yet: games
  // whose outcome depends on the players' decisions (blackjack) record it only here, so
  // a round interrupted before its settlement is refunded rather than half-settled.
  std::string result = {};
  // What the result text cannot say, kept for the history (blackjack: the players' hands,
  // games/blackjack/bj_record.hpp). Recorded once, with the settlement; not part of what
  // the key stands for.
  std::string detail = {};
  std::string fair = {};  // as RecordResult::fair, with the result
};

// Settles some of one player's accepted bets of a round that has not ended, before the
// round's own settlement (a crash game's cash-out): each stake goes to the house and the
// house pays its return, as SettleRound does, for these bets alone. Every bet named must be
// the player's and accepted in that round, all in one currency (the balance answered is
// in it); the round must be neither settled nor cancelled (it may be open for bets, or
// have a result recorded). The round's SettleRound then names only the bets still
// accepted, and a CancelRound refunds only those.
struct SettleBets {
  std::string key;
  std::string round_id;
  PlayerId player = 0;
  std::vector<std::pair<BetId, Money>> returns;  // stake plus winnings, 0 for a loss
  int64_t at_ms = 0;
};

// Refunds every accepted bet of the round (to the accounts the stake came from) and
// marks the round cancelled.
struct CancelRound {
  std::string round_id;
  std::string reason;
  int64_t at_ms = 0;
};

// ---- Bonuses (docs/bonuses-and-promotions.md) --------------------------------------

enum class BonusKind { cash, free_bet };
// SPEC §4's statuses. pending -> active (accepted) -> wagered (cash, play-through met) |
// expired | cancelled; pending -> cancelled (declined) | expired.
enum class BonusStatus { pending, active, expired, wagered, cancelled };
std::string_view bonus_kind_name(BonusKind kind);
std::string_view bonus_status_name(BonusStatus status);

// Offers a bonus to a player: recorded as pending; no money moves until the player accepts
// it. The operation's key is "grant:<bonus_id>".
struct GrantBonus {
  std::string bonus_id;  // unique across the casino
  PlayerId player = 0;
  std::string currency;
  std::string campaign;  // the campaign's name (SPEC §3 campaignName)
  std::string code;      // the bonus code (bonusCode)
  BonusKind kind = BonusKind::cash;
  Money amount;          // cash: the bonus credited; a free bet: chip_value times the chips
  Money chip_value;      // a free bet: one chip's value (amount is a multiple of it); cash: 0
  Money wager_required;  // cash: stakes to settle before the bonus turns into cash (0: at once)
  Money max_win;         // a free bet: the most its chips win in all (0: no limit); cash: 0
  std::string games;     // the eligible game families, comma-separated; empty: every one
  int64_t expires_ms = 0;
  int64_t at_ms = 0;
};

enum class BonusAction { accept, decline, cancel, expire };
// A change of a bonus's status, keyed "bonus:<bonus_id>:<action>":
// - accept (the player, pending and before expires_ms): active; its money moves from
//   funding:bonus to the player's bonus account (cash) or to its chips account
//   (player:<id>:freebet:<bonus_id>:<CUR>, a free bet); a cash bonus is refused while the
//   player has another active one in the currency or any bet in play;
// - decline (the player, pending): cancelled;
// - cancel (the operator, pending or active): cancelled;
// - expire (pending or active, at_ms at or after expires_ms): expired.
// An active bonus that ends gives what is left of it (the bonus account's balance, or the
// chips not staked) back to funding:bonus; chips in play that come back later follow.
struct ChangeBonus {
  std::string bonus_id;
  BonusAction action = BonusAction::accept;
  PlayerId player = 0;  // accept and decline: the bonus's player; otherwise 0
  int64_t at_ms = 0;
};

// A bonus as the player and the operator see it.
struct BonusView {
  std::string bonus_id;
  PlayerId player = 0;
  std::string currency;
  std::string campaign;
  std::string code;
  BonusKind kind = BonusKind::cash;
  BonusStatus status = BonusStatus::pending;
  Money amount, chip_value, wager_required, wagered, max_win, won;
  // Active: what is left to play (cash: the bonus account's balance; a free bet: the chips
  // not staked), and those chips' count; otherwise zero.
  Money remaining;
  int64_t chips_left = 0;
  std::string games;
  int64_t expires_ms = 0;
  int64_t created_ms = 0;
  int64_t updated_ms = 0;
  bool replayed = false;
};

// ---- Operators' wallets (docs/operators.md "Seamless wallet") -----------------------

enum class WalletKind { debit, credit, rollback };
// pending: made or to be made; ok: the operator acknowledged it (a debit: and its bets were
// placed); refused: the operator said no (a debit only); rolled_back: a debit reversed.
enum class WalletStatus { pending, ok, refused, rolled_back };
std::string_view wallet_kind_name(WalletKind kind);
std::string_view wallet_status_name(WalletStatus status);

// Records a call to an operator's wallet before it is made (the row of wallet_calls,
// pending), keyed by `call_id`, which is also the idempotency key the operator is sent:
// - debit: nothing moves; a PlaceBets naming it (wallet_debit) confirms it;
// - credit: `amount` (zero: all of the player's cash, and nothing is recorded when there is
//   none) moves from the player's cash to funding:wallet-<operator> now: from here the money
//   is the operator's, and the call is made until the operator acknowledges it;
// - rollback: of the debit `ref`, which must be pending and becomes rolled_back (no
//   PlaceBets can confirm it afterwards). Nothing moves: its money never came in.
struct WalletCall {
  std::string call_id;
  std::string operator_id;
  PlayerId player = 0;
  std::string currency;
  WalletKind kind = WalletKind::debit;
  Money amount;
  std::string round_id;  // the round it is for ("" for a credit outside rounds)
  std::string ref;       // rollback: the debit's call id; credit: why ("settle", "refund", ...)
  int64_t at_ms = 0;
};

// One attempt at a call and what the operator answered. "ok" and "refused" end a credit or a
// rollback (a debit's "ok" only records the answer: its PlaceBets confirms it); "refused"
// ends a debit; "error" (a timeout, a transport or server error) leaves the call pending.
// An answer to a call that has ended is kept with its attempts and changes nothing else.
struct WalletAnswer {
  std::string call_id;
  int64_t attempt = 0;           // 1, 2, ... (0: the next, numbered by the ledger)
  std::string outcome;           // "ok", "refused", "error"
  std::string detail;            // the operator's status, or what failed
  int64_t http_status = 0;       // 0: no answer
  std::optional<Money> balance;  // the balance the operator reported
  int64_t latency_ms = 0;
  int64_t at_ms = 0;
};

// A wallet call as recorded.
struct WalletCallView {
  std::string call_id;
  std::string operator_id;
  PlayerId player = 0;
  std::string currency;
  WalletKind kind = WalletKind::debit;
  WalletStatus status = WalletStatus::pending;
  Money amount;
  std::string round_id;
  std::string ref;
  int64_t attempts = 0;
  std::string detail;            // the last answer's
  std::optional<Money> balance;  // the last balance the operator reported with it
  int64_t created_ms = 0;
  int64_t updated_ms = 0;
  bool replayed = false;
};

// An operator's wallet calls (the back office's audit trail), oldest first: of one player or
// all (0), created in [from_ms, to_ms), after the cursor (created_ms, call id) when given.
struct WalletCallQuery {
  std::string operator_id;
  PlayerId player = 0;
  int64_t from_ms = 0;
  int64_t to_ms = INT64_MAX;
  std::optional<std::pair<int64_t, std::string>> after;
  size_t limit = 1000;
};

// What a player staked and was paid back, per currency, for bets placed since a time (a
// reality check's figures, responsible-gaming limits): refunded bets count in neither.
struct PlayerTotals {
  std::string currency;
  int64_t bets = 0;
  Money wagered;   // stakes of the player's own money (free bets' chips not counted)
  Money returned;  // paid back by settled bets (stakes and winnings)
  Money in_play;   // stakes of bets not settled yet (part of wagered)
};

struct CashHeld {
  PlayerId player = 0;
  std::string currency;
  Money amount;
};

// ---- Results ----------------------------------------------------------------------

struct Done {
  bool replayed = false;
};

struct PlacedBets {
  std::vector<BetId> bet_ids;  // in the order of the request's lines
  Balance balance;             // after the operation (current balance when replayed)
  bool replayed = false;
};

struct CancelledBets {
  Money refunded;
  Balance balance;
  bool replayed = false;
};

struct SettledBets {
  Money returned;   // the sum paid
  Balance balance;  // the player's, after (current balance when replayed)
  bool replayed = false;
};

struct PlayerSettlement {
  PlayerId player = 0;
  std::string currency;
  Money staked;     // sum of the player's bets in the round (free bets' chips not counted)
  Money returned;   // sum paid back (stake plus winnings; the stake on a refund; a free
                    // bet's winnings, and nothing on its refund)
  Balance balance;  // after settlement
};

struct Settlement {
  std::vector<PlayerSettlement> players;  // ordered by player id
  bool replayed = false;
};

template <class T>
using Callback = std::function<void(Result<T, Failure>)>;

// ---- Reads --------------------------------------------------------------------------

struct OpenBet {
  BetId id = 0;
  PlayerId player = 0;
  std::string currency;
  std::string spot;
  Money amount;
};

// A round that has accepted bets or was opened, but is neither settled nor cancelled.
struct UnsettledRound {
  std::string round_id;
  std::string table_id;
  std::string game;
  int64_t seq = 0;
  std::optional<std::string> result;  // recorded result, if any
  std::vector<OpenBet> bets;          // accepted, not yet settled
};

// A table a player bet at: when last (the round's opening) and in how many rounds.
struct PlayerTable {
  std::string table_id;
  int64_t last_ms = 0;
  int64_t rounds = 0;
};

// A player who bet at a table since some time, and when last.
struct TablePlayer {
  std::string table_id;
  PlayerId player = 0;
  int64_t last_ms = 0;
};

struct RoundResult {
  std::string round_id;
  int64_t seq = 0;
  std::string result;
  int64_t at_ms = 0;
};

// A settled round as its verification needs it (docs/provably-fair.md).
struct FairRound {
  std::string round_id;
  std::string table_id;
  std::string game;
  std::string result;
  std::optional<std::string> fair;  // fair::Record's text; none for rounds before version 4
  int64_t at_ms = 0;
};

// A player's rounds, newest first (the history screen): rounds the player bet in that
// opened in [from_ms, to_ms), of one game family or all (empty), strictly before the
// cursor (opened_ms, round_id) when one is given.
struct HistoryQuery {
  PlayerId player = 0;
  int64_t from_ms = 0;
  int64_t to_ms = INT64_MAX;
  std::string game;
  std::optional<std::pair<int64_t, std::string>> before;
  size_t limit = 20;
};

// One of the player's bets in a history round.
struct HistoryBet {
  BetId id = 0;
  PlayerId player = 0;
  std::string spot;
  Money amount;
  std::string status;             // "accepted", "settled", "refunded"
  std::optional<Money> returned;  // settled: stake plus winnings, 0 for a loss
  std::string place_key;          // the ledger key of the command that placed it
  int64_t placed_ms = 0;
};

struct HistoryRound {
  std::string round_id;
  std::string table_id;
  std::string game;
  int64_t seq = 0;
  std::string state;  // "open", "result", "settled", "cancelled"
  std::optional<std::string> result;
  std::optional<std::string> detail;  // SettleRound::detail, when one was given
  std::string currency;
  int64_t opened_ms = 0;
  std::optional<int64_t> closed_ms;
  std::vector<HistoryBet> bets;  // the player's, in the order placed
};

// A table's rounds over a period with every player's bets (an operator's back office), newest
// first, strictly before the cursor (opened_ms, round_id) when given; only rounds with bets.
struct TableRoundsQuery {
  std::string table_id;
  int64_t from_ms = 0;
  int64_t to_ms = INT64_MAX;
  std::optional<std::pair<int64_t, std::string>> before;
  size_t limit = 100;
};

// Settled bets of one player at one table on one UTC day (rounds opened that day): what the
// house won from them (an operator's gross gaming revenue, summed over its players).
struct GgrRow {
  std::string table_id;
  int64_t day = 0;  // days since 1970-01-01 (UTC)
  PlayerId player = 0;
  std::string currency;
  int64_t rounds = 0;  // rounds the player bet in
  int64_t bets = 0;
  Money staked;    // own money (free bets' chips are not the player's)
  Money returned;  // everything paid back, free bets' winnings included
};

// A promotion's standings (docs/protocol.md "Promotions"): each entrant's settled bets of
// their own money in the currency, placed in [from_ms, to_ms) and after `since_ms` (their
// opt-in), at rounds of the games listed (every game when empty) in which their stake
// reached `min_bet`.
struct PromoEntrant {
  PlayerId player = 0;
  int64_t since_ms = 0;
};
struct PromoQuery {
  std::vector<PromoEntrant> entrants;
  std::string currency;
  int64_t from_ms = 0, to_ms = 0;
  std::vector<std::string> games;
  Money min_bet;
};
struct PromoScore {
  PlayerId player = 0;
  int64_t bets = 0;           // the rounds that count
  Money wagered;              // their stakes
  int64_t best_multiple = 0;  // the largest return over stake, in thousandths
  int64_t wins = 0;           // those that returned more than their stake
  int64_t last_ms = 0;        // when the last of them was placed
};

struct Fencing;  // ledger/leases.hpp

struct Options {
  std::string path;          // SQLite file (":memory:" is allowed in inline mode), or a
                             // postgres:// URI
  bool inline_mode = false;  // run each operation inside submit() (tests; no thread)
  size_t batch_max = 512;    // operations per transaction
  size_t queue_max = 65536;  // queued operations before submit() refuses (overloaded)
  // A cluster's node (PostgreSQL only): round operations of a table are refused with
  // Failure::fenced unless this node holds its lease at the epoch given (leases.hpp).
  std::shared_ptr<const Fencing> fencing = nullptr;
};

// Called after each committed batch with its size and commit duration (metrics).
using CommitObserver = std::function<void(size_t ops, double seconds)>;

class Ledger {
 public:
  // Opens (creating if needed) the database and starts the writer thread. Throws
  // std::runtime_error if the file cannot be opened or its schema is not ours.
  static std::unique_ptr<Ledger> open(const Options& options);
  virtual ~Ledger() = default;

  virtual void submit(Fund op, Callback<Done> done) = 0;
  virtual void submit(OpenRound op, Callback<Done> done) = 0;
  virtual void submit(PlaceBets op, Callback<PlacedBets> done) = 0;
  virtual void submit(CancelBets op, Callback<CancelledBets> done) = 0;
  virtual void submit(RecordResult op, Callback<Done> done) = 0;
  virtual void submit(SettleRound op, Callback<Settlement> done) = 0;
  virtual void submit(SettleBets op, Callback<SettledBets> done) = 0;
  virtual void submit(CancelRound op, Callback<Settlement> done) = 0;
  virtual void submit(GrantBonus op, Callback<BonusView> done) = 0;
  virtual void submit(ChangeBonus op, Callback<BonusView> done) = 0;
  virtual void submit(WalletCall op, Callback<WalletCallView> done) = 0;
  virtual void submit(WalletAnswer op, Callback<WalletCallView> done) = 0;

  // Blocks until everything submitted before the call has committed and its callback
  // has returned. Must not be called from a callback.
  virtual void flush() = 0;
  // flush(), then stops the writer thread; later submissions fail with storage.
  virtual void stop() = 0;

  virtual void set_commit_observer(CommitObserver observer) = 0;

  // Committed balance of a player (zero for an unknown player).
  virtual Balance balance(PlayerId player, std::string_view currency) const = 0;
  virtual std::vector<UnsettledRound> unsettled_rounds(std::string_view table_id) const = 0;
  virtual int64_t max_round_seq(std::string_view table_id) const = 0;
  // Whether the player has accepted bets not yet settled or refunded (SPEC §3
  // has_active_bets).
  virtual bool has_bets_in_play(PlayerId player) const = 0;
  // Settled rounds of the table with their results, newest first. A result recorded but
  // not yet settled is left out: it is not announced yet.
  virtual std::vector<RoundResult> recent_results(std::string_view table_id,
                                                  size_t limit) const = 0;
  // The tables the player bet at, most recently first (the lobby's recent tables).
  virtual std::vector<PlayerTable> player_tables(PlayerId player, size_t limit) const = 0;
  // Who bet in rounds opened since `since_ms`, per table, most recently first within a
  // table; at most `limit` rows.
  virtual std::vector<TablePlayer> recent_players(int64_t since_ms, size_t limit) const = 0;
  // A page of the player's rounds with their bets (HistoryQuery), in one snapshot.
  virtual std::vector<HistoryRound> player_history(const HistoryQuery& query) const = 0;
  // A settled round with its result and what verifies it; nullopt for a round that does
  // not exist or is not settled (its seed is not revealed before).
  virtual std::optional<FairRound> fair_round(std::string_view round_id) const = 0;
  // The player's bonuses, newest first (at most 100).
  virtual std::vector<BonusView> bonuses(PlayerId player) const = 0;
  virtual std::optional<BonusView> bonus(std::string_view bonus_id) const = 0;
  // Each entrant's score (PromoQuery), in the entrants' order.
  virtual std::vector<PromoScore> promotion_scores(const PromoQuery& query) const = 0;
  // Whether the player has an active cash bonus in the currency (their blocksafebets flag).
  virtual bool has_active_cash_bonus(PlayerId player, std::string_view currency) const = 0;
  // Bonuses pending or active whose time is up at `now_ms` (to expire), oldest first.
  virtual std::vector<std::string> bonuses_due(int64_t now_ms, size_t limit) const = 0;
  // Operators' wallet calls still pending, oldest first.
  virtual std::vector<WalletCallView> pending_wallet_calls(size_t limit) const = 0;
  virtual std::optional<WalletCallView> wallet_call(std::string_view call_id) const = 0;
  // At most 10000, whatever the query's limit.
  virtual std::vector<WalletCallView> wallet_calls(const WalletCallQuery& query) const = 0;
  // The player's totals for bets placed at or after `since_ms`, by currency.
  virtual std::vector<PlayerTotals> player_totals(PlayerId player, int64_t since_ms) const = 0;
  // Each attempt at the call and the operator's answer, in order.
  virtual std::vector<WalletAnswer> wallet_attempts(std::string_view call_id) const = 0;
  // A page of a table's rounds with their bets (at most 1000 rounds).
  virtual std::vector<HistoryRound> table_rounds(const TableRoundsQuery& query) const = 0;
  // Rows of settled bets by table, UTC day, player and currency, for rounds opened in
  // [from_ms, to_ms) (at most 100000 rows).
  virtual std::vector<GgrRow> ggr(int64_t from_ms, int64_t to_ms) const = 0;
  // Cash accounts above zero of the players who have wallet calls (a seamless wallet's
  // players hold no cash at rest: what is found at start-up, after a crash between a
  // settlement and its credit, is credited), by player and currency after `after`, at most
  // `limit`.
  virtual std::vector<CashHeld> cash_held(const std::optional<CashHeld>& after,
                                          size_t limit) const = 0;
  // The balance the player's operator last reported in a wallet call of that currency.
  virtual std::optional<Money> last_wallet_balance(PlayerId player,
                                                   std::string_view currency) const = 0;
};

// ---- ledger-check -------------------------------------------------------------------

struct CheckReport {
  bool ok = true;
  std::vector<std::string> problems;             // one line each, empty when ok
  std::map<std::string, Money> sum_by_currency;  // must all be zero
  int64_t accounts = 0;
  int64_t transfers = 0;
  int64_t bets = 0;
  int64_t bets_settled = 0;
  int64_t bets_refunded = 0;
  int64_t bets_in_play = 0;  // accepted in rounds that are still open
  int64_t rounds_open = 0;
};

// Verifies a ledger file on its own read-only connection (safe while the server runs):
// every currency sums to zero; every account balance equals its transfers; no player
// account is negative; every bet's stake was transferred once; every bet of a settled
// or cancelled round was settled or refunded exactly once (never both) for the
// recorded amount; a bet settled is settled by its round's settlement or by a recorded
// cash-out (SettleBets, which may precede the round's end); closed rounds hold nothing in
// play and open rounds hold exactly their accepted stakes.
CheckReport check_ledger(const std::string& path);

}  // namespace croupier::ledger
