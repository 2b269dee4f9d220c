// WriterLedger: the Ledger over a database, with one writer thread and group commit; the
// same code over SQLite (WriterLedger<sqlite::Db>, a file, the only writer) and
// PostgreSQL (WriterLedger<postgres::Db>, shared with other nodes' writers).
//
// submit() puts an operation on a bounded queue (queue_max; beyond it the callback is
// called at once with overloaded). The writer thread takes everything queued, up to
// batch_max, applies it in one transaction (see batch.hpp), commits once, and only then
// publishes the new balances to the committed cache and runs the callbacks in
// submission order. If anything in the transaction fails, nothing of it is kept and
// every operation of the batch is answered with storage. In inline mode there is no
// thread: submit() runs its operation as a batch of one and calls back before
// returning.
//
// Reads never touch the write connection (except for a private in-memory database in
// inline mode, where nothing else can see the data): balance() answers from the
// committed cache and otherwise, like the other reads, from a read connection that sees
// the last commit; has_bets_in_play() answers from the writer's committed counts. A read
// throws the engine's Error (a std::runtime_error) when the database fails, since the
// interface has no refusal for reads.
//
// SQLite: one process writes a ledger file at a time: the cache trusts that no other
// connection changes balances. Readers elsewhere (ledger-check, a console) are welcome.
// PostgreSQL: every node's writer writes; the cache is empty, every read goes to the
// database, and a batch that meets another writer's conflicting row (a deadlock, or the
// same new account, round or key) is rolled back and run again, up to kBatchAttempts
// times, before its operations are answered with storage.
//
// Thread-safety: every public function may be called from any thread, except that
// flush() and stop() must not be called from a callback (they would wait for
// themselves). Callbacks and the commit observer run on the writer thread (inline: on
// the submitting thread); a submission refused at the door (overloaded, or after stop)
// is answered on the submitting thread before submit() returns.
#pragma once

#include <condition_variable>
#include <cstdint>
#include <deque>
#include <memory>
#include <mutex>
#include <optional>
#include <span>
#include <thread>
#include <variant>

#include "db/postgres.hpp"
#include "db/sqlite.hpp"
#include "ledger/batch.hpp"
#include "ledger/ledger.hpp"

namespace croupier::ledger {

// Accounts kept in the committed cache before it is emptied and refilled on demand:
// bounded memory for a casino with millions of players, at the cost of a re-read.
inline constexpr size_t kCacheAccountsMax = size_t{1} << 20;
// Times a batch is run before it is given up (PostgreSQL: conflicts with other writers).
inline constexpr int kBatchAttempts = 8;

template <class Db>
class WriterLedger final : public Ledger {
 public:
  // Throws std::runtime_error, see Ledger::open.
  explicit WriterLedger(const Options& options);
  ~WriterLedger() override;

  void submit(Fund op, Callback<Done> done) override { enqueue(std::move(op), std::move(done)); }
  void submit(OpenRound op, Callback<Done> done) override {
    enqueue(std::move(op), std::move(done));
  }
  void submit(PlaceBets op, Callback<PlacedBets> done) override {
    enqueue(std::move(op), std::move(done));
  }
  void submit(CancelBets op, Callback<CancelledBets> done) override {
    enqueue(std::move(op), std::move(done));
  }
  void submit(RecordResult op, Callback<Done> done) override {
    enqueue(std::move(op), std::move(done));
  }
  void submit(SettleRound op, Callback<Settlement> done) override {
    enqueue(std::move(op), std::move(done));
  }
  void submit(SettleBets op, Callback<SettledBets> done) override {
    enqueue(std::move(op), std::move(done));
  }
  void submit(CancelRound op, Callback<Settlement> done) override {
    enqueue(std::move(op), std::move(done));
  }
  void submit(GrantBonus op, Callback<BonusView> done) override {
    enqueue(std::move(op), std::move(done));
  }
  void submit(ChangeBonus op, Callback<BonusView> done) override {
    enqueue(std::move(op), std::move(done));
  }
  void submit(WalletCall op, Callback<WalletCallView> done) override {
    enqueue(std::move(op), std::move(done));
  }
  void submit(WalletAnswer op, Callback<WalletCallView> done) override {
    enqueue(std::move(op), std::move(done));
  }

  void flush() override;
  void stop() override;
  void set_commit_observer(CommitObserver observer) override;

  Balance balance(PlayerId player, std::string_view currency) const override;
  std::vector<UnsettledRound> unsettled_rounds(std::string_view table_id) const override;
  int64_t max_round_seq(std::string_view table_id) const override;
  bool has_bets_in_play(PlayerId player) const override;
  std::vector<RoundResult> recent_results(std::string_view table_id, size_t limit) const override;
  std::vector<PlayerTable> player_tables(PlayerId player, size_t limit) const override;
  std::vector<TablePlayer> recent_players(int64_t since_ms, size_t limit) const override;
  std::vector<HistoryRound> player_history(const HistoryQuery& query) const override;
  std::optional<FairRound> fair_round(std::string_view round_id) const override;
  std::vector<BonusView> bonuses(PlayerId player) const override;
  std::optional<BonusView> bonus(std::string_view bonus_id) const override;
  std::vector<std::string> bonuses_due(int64_t now_ms, size_t limit) const override;
  bool has_active_cash_bonus(PlayerId player, std::string_view currency) const override;
  std::vector<PromoScore> promotion_scores(const PromoQuery& query) const override;
  std::vector<WalletCallView> pending_wallet_calls(size_t limit) const override;
  std::vector<PlayerTotals> player_totals(PlayerId player, int64_t since_ms) const override;
  std::vector<WalletAnswer> wallet_attempts(std::string_view call_id) const override;
  std::vector<HistoryRound> table_rounds(const TableRoundsQuery& query) const override;
  std::vector<GgrRow> ggr(int64_t from_ms, int64_t to_ms) const override;
  std::optional<WalletCallView> wallet_call(std::string_view call_id) const override;
  std::vector<WalletCallView> wallet_calls(const WalletCallQuery& query) const override;
  std::vector<CashHeld> cash_held(const std::optional<CashHeld>& after,
                                  size_t limit) const override;
  std::optional<Money> last_wallet_balance(PlayerId player,
                                           std::string_view currency) const override;

 private:
  template <class Op, class R>
  struct Job {
    using Value = R;
    Op op;
    Callback<R> done;
    std::optional<Result<R, Failure>> result;  // set by the writer before COMMIT
  };
  using AnyJob = std::variant<Job<Fund, Done>, Job<OpenRound, Done>, Job<PlaceBets, PlacedBets>,
                              Job<CancelBets, CancelledBets>, Job<RecordResult, Done>,
                              Job<SettleRound, Settlement>, Job<SettleBets, SettledBets>,
                              Job<CancelRound, Settlement>, Job<GrantBonus, BonusView>,
                              Job<ChangeBonus, BonusView>, Job<WalletCall, WalletCallView>,
                              Job<WalletAnswer, WalletCallView>>;

  template <class Op, class R>
  void enqueue(Op op, Callback<R> done);
  template <class Op, class R>
  void run_inline(Op op, Callback<R> done);
  void writer_loop();
  bool execute(std::span<AnyJob> jobs);
  // One attempt: returns when it committed; throws when it did not.
  void attempt(std::span<AnyJob> jobs, std::optional<Batch<Db>>& batch,
               const std::vector<std::string>& also_lock);
  // PostgreSQL: opens a new write connection when the last one was lost; false when it
  // cannot (the batch is then answered with storage).
  bool reconnect_if_lost();
  void publish(const Batch<Db>& batch);
  void observe(size_t ops, double seconds);
  void rollback();
  static void complete(std::span<AnyJob> jobs, bool committed);
  template <class F>
  auto with_reader(F&& read) const;

  // Constant after construction.
  const Options options_;
  // Null for a private in-memory database; replaced (under read_mu_) when PostgreSQL's
  // connection was lost.
  mutable std::unique_ptr<Db> read_db_;

  // Owned by the writer thread; in inline mode by whoever holds inline_mu_.
  std::unique_ptr<Db> db_;
  mutable std::mutex inline_mu_;

  // State below is protected by queue_mu_.
  std::mutex queue_mu_;
  std::condition_variable work_cv_;  // the writer waits for work or stop
  std::condition_variable done_cv_;  // flush() waits for completions
  std::deque<AnyJob> queue_;
  bool stopping_ = false;
  uint64_t submitted_ = 0;
  uint64_t completed_ = 0;

  // Changed only by the writer, under cache_mu_; the writer reads it without the lock.
  mutable std::mutex cache_mu_;
  Committed committed_;

  mutable std::mutex read_mu_;  // guards read_db_
  std::mutex observer_mu_;      // guards observer_
  CommitObserver observer_;
  std::mutex stop_mu_;  // one stop() at a time
  std::thread writer_;
};

}  // namespace croupier::ledger
