// Responsible-gaming limits (docs/regulation.md "Limits"): loss and wager limits per UTC day,
// week (from Monday) and month, set by the player or by the operator, and the ledger in front
// that refuses a stake beyond one (Failure::limit_reached: SPEC §8 101019).
//
// The limit that counts for a kind is the lower of the player's and the operator's. A player
// lowers their own limit at once; a raise or a removal takes effect after a cooling-off
// period (24 hours). The operator's changes take effect at once.
//
// Thread-safety: LimitsLedger is a ledger (any thread); the functions are pure or read the
// store, which is thread-safe.
#pragma once

#include <chrono>
#include <map>
#include <mutex>
#include <optional>
#include <string>
#include <vector>

#include "config/casino.hpp"
#include "core/clock.hpp"
#include "core/money.hpp"
#include "ledger/forwarding_ledger.hpp"
#include "store/store.hpp"

namespace croupier::gateway {

inline constexpr int64_t kLimitCoolingOffMs = 24 * 3600 * 1000;
inline constexpr std::string_view kLimitKinds[] = {"loss_day",  "loss_week",  "loss_month",
                                                   "wager_day", "wager_week", "wager_month"};
// Limits in minutes: how long a session may last, and the player's reality-check interval.
inline constexpr std::string_view kTimeLimitKinds[] = {"session_time", "reality_check"};
// A money limit's kind.
bool is_limit_kind(std::string_view kind);
bool is_time_limit_kind(std::string_view kind);

// The start (Unix ms, UTC) of the period a kind counts in, at `now_ms`.
int64_t period_start(std::string_view kind, int64_t now_ms);

// A row's amount at `now_ms` (its pending change applied once due).
std::optional<int64_t> effective_amount(const store::LimitRow& row, int64_t now_ms);
// The limit of each kind that counts (the lower of the player's and the operator's).
std::map<std::string, Money> effective_limits(const std::vector<store::LimitRow>& rows,
                                              int64_t now_ms);

// A player's change to their own limit (nullopt: remove it), applied to their row.
store::LimitRow player_change(std::optional<store::LimitRow> current, int64_t player,
                              const std::string& kind, std::optional<int64_t> amount,
                              int64_t now_ms);

// The figure a limit is measured against for the bets since its period began: stakes of the
// player's own money (wager), or stakes less what came back (loss; stakes in play count).
Money usage(const ledger::Ledger& ledger, ledger::PlayerId player, const std::string& currency,
            std::string_view kind, int64_t now_ms);

// How long a session of the player may last (ms; 0: no bound): a micro-gaming operator's
// estimated_micro_game_session_time, the session_time limit, the shorter.
int64_t session_lifetime_ms(const store::Store& store, const config::Casino& casino,
                            const store::Player& player, int64_t now_ms);

// What the player staked of their own money in an Italian game session (from its start to its
// end or expiry), and what those bets paid back.
struct SessionFigures {
  Money wagered;
  Money returned;
};
SessionFigures session_figures(const ledger::Ledger& ledger, const store::RegulatedSession& session,
                               int64_t now_ms);
// Its balance: what was brought in, less the stakes, plus what came back.
Money session_balance(const ledger::Ledger& ledger, const store::RegulatedSession& session,
                      int64_t now_ms);

class LimitsLedger final : public ledger::ForwardingLedger {
 public:
  LimitsLedger(std::unique_ptr<ledger::Ledger> inner, const store::Store& store,
               const config::Casino& casino, const Clock& clock);
  // The stake of the player's own money in a bet command is refused, the whole command and
  // before anything moves, when it would take a loss or wager limit beyond itself
  // (limit_reached), is above the operator's most for one command (regulation_limit), or,
  // at an operator with the Italian session, is not covered by the open session's balance
  // (session_balance; a free bet too without an open session). Stakes of the player's commands
  // still in flight on this node count as spent. A store that cannot be read refuses the
  // command (storage).
  void submit(ledger::PlaceBets op, ledger::Callback<ledger::PlacedBets> done) override;
  // Forgets what it knows of the player's limits (after a change here).
  void forget(ledger::PlayerId player);

 private:
  struct Known {
    std::map<std::string, Money> limits;  // the money limits that count
    const config::Operator* op = nullptr;
    int64_t until_ms = 0;
  };
  Known known(ledger::PlayerId player);
  std::optional<ledger::Failure> refusal(const ledger::PlaceBets& op, Money stake, Money in_flight);

  const store::Store& store_;
  const config::Casino& casino_;
  const Clock& clock_;
  std::mutex mu_;
  std::map<ledger::PlayerId, Known> known_;      // for a few seconds (another node may change them)
  std::map<ledger::PlayerId, Money> in_flight_;  // stakes submitted, not yet answered
};

}  // namespace croupier::gateway
