// ForwardingLedger: a ledger that hands everything to another one, for decorators that change
// a few of its operations (wallet/SeamlessLedger: operators' own wallets; gateway's
// LimitsLedger: responsible-gaming limits) and inherit the rest unchanged.
#pragma once

#include <memory>
#include <utility>

#include "ledger/ledger.hpp"

namespace croupier::ledger {

class ForwardingLedger : public Ledger {
 public:
  explicit ForwardingLedger(std::unique_ptr<Ledger> inner) : inner_(std::move(inner)) {}

  void submit(Fund op, Callback<Done> done) override {
    inner_->submit(std::move(op), std::move(done));
  }
  void submit(OpenRound op, Callback<Done> done) override {
    inner_->submit(std::move(op), std::move(done));
  }
  void submit(PlaceBets op, Callback<PlacedBets> done) override {
    inner_->submit(std::move(op), std::move(done));
  }
  void submit(CancelBets op, Callback<CancelledBets> done) override {
    inner_->submit(std::move(op), std::move(done));
  }
  void submit(RecordResult op, Callback<Done> done) override {
    inner_->submit(std::move(op), std::move(done));
  }
  void submit(SettleRound op, Callback<Settlement> done) override {
    inner_->submit(std::move(op), std::move(done));
  }
  void submit(SettleBets op, Callback<SettledBets> done) override {
    inner_->submit(std::move(op), std::move(done));
  }
  void submit(CancelRound op, Callback<Settlement> done) override {
    inner_->submit(std::move(op), std::move(done));
  }
  void submit(GrantBonus op, Callback<BonusView> done) override {
    inner_->submit(std::move(op), std::move(done));
  }
  void submit(ChangeBonus op, Callback<BonusView> done) override {
    inner_->submit(std::move(op), std::move(done));
  }
  void submit(WalletCall op, Callback<WalletCallView> done) override {
    inner_->submit(std::move(op), std::move(done));
  }
  void submit(WalletAnswer op, Callback<WalletCallView> done) override {
    inner_->submit(std::move(op), std::move(done));
  }

  void flush() override { inner_->flush(); }
  void stop() override { inner_->stop(); }
  void set_commit_observer(CommitObserver observer) override {
    inner_->set_commit_observer(std::move(observer));
  }

  Balance balance(PlayerId player, std::string_view currency) const override {
    return inner_->balance(player, currency);
  }
  std::vector<UnsettledRound> unsettled_rounds(std::string_view table_id) const override {
    return inner_->unsettled_rounds(table_id);
  }
  int64_t max_round_seq(std::string_view table_id) const override {
    return inner_->max_round_seq(table_id);
  }
  bool has_bets_in_play(PlayerId player) const override { return inner_->has_bets_in_play(player); }
  std::vector<RoundResult> recent_results(std::string_view table_id, size_t limit) const override {
    return inner_->recent_results(table_id, limit);
  }
  std::vector<PlayerTable> player_tables(PlayerId player, size_t limit) const override {
    return inner_->player_tables(player, limit);
  }
  std::vector<TablePlayer> recent_players(int64_t since_ms, size_t limit) const override {
    return inner_->recent_players(since_ms, limit);
  }
  std::vector<HistoryRound> player_history(const HistoryQuery& query) const override {
    return inner_->player_history(query);
  }
  std::optional<FairRound> fair_round(std::string_view round_id) const override {
    return inner_->fair_round(round_id);
  }
  std::vector<BonusView> bonuses(PlayerId player) const override { return inner_->bonuses(player); }
  std::optional<BonusView> bonus(std::string_view bonus_id) const override {
    return inner_->bonus(bonus_id);
  }
  std::vector<PromoScore> promotion_scores(const PromoQuery& query) const override {
    return inner_->promotion_scores(query);
  }
  bool has_active_cash_bonus(PlayerId player, std::string_view currency) const override {
    return inner_->has_active_cash_bonus(player, currency);
  }
  std::vector<std::string> bonuses_due(int64_t now_ms, size_t limit) const override {
    return inner_->bonuses_due(now_ms, limit);
  }
  std::vector<WalletCallView> pending_wallet_calls(size_t limit) const override {
    return inner_->pending_wallet_calls(limit);
  }
  std::optional<WalletCallView> wallet_call(std::string_view call_id) const override {
    return inner_->wallet_call(call_id);
  }
  std::vector<WalletCallView> wallet_calls(const WalletCallQuery& query) const override {
    return inner_->wallet_calls(query);
  }
  std::vector<PlayerTotals> player_totals(PlayerId player, int64_t since_ms) const override {
    return inner_->player_totals(player, since_ms);
  }
  std::vector<WalletAnswer> wallet_attempts(std::string_view call_id) const override {
    return inner_->wallet_attempts(call_id);
  }
  std::vector<HistoryRound> table_rounds(const TableRoundsQuery& query) const override {
    return inner_->table_rounds(query);
  }
  std::vector<GgrRow> ggr(int64_t from_ms, int64_t to_ms) const override {
    return inner_->ggr(from_ms, to_ms);
  }
  std::vector<CashHeld> cash_held(const std::optional<CashHeld>& after,
                                  size_t limit) const override {
    return inner_->cash_held(after, limit);
  }
  std::optional<Money> last_wallet_balance(PlayerId player,
                                           std::string_view currency) const override {
    return inner_->last_wallet_balance(player, currency);
  }

 protected:
  Ledger& inner() const { return *inner_; }

 private:
  std::unique_ptr<Ledger> inner_;
};

}  // namespace croupier::ledger
