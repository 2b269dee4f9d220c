#include "gateway/limits.hpp"

#include <algorithm>
#include <ctime>

namespace croupier::gateway {

namespace {
constexpr int64_t kDayMs = 86'400'000;
constexpr int64_t kKnownForMs = 5'000;
}  // namespace

bool is_limit_kind(std::string_view kind) {
  return std::find(std::begin(kLimitKinds), std::end(kLimitKinds), kind) != std::end(kLimitKinds);
}

int64_t period_start(std::string_view kind, int64_t now_ms) {
  const int64_t day = now_ms / kDayMs * kDayMs;
  if (kind.ends_with("_day")) return day;
  const std::time_t s = static_cast<std::time_t>(now_ms / 1000);
  std::tm tm{};
  gmtime_r(&s, &tm);
  if (kind.ends_with("_week")) return day - static_cast<int64_t>((tm.tm_wday + 6) % 7) * kDayMs;
  return day - static_cast<int64_t>(tm.tm_mday - 1) * kDayMs;  // the month
}

std::optional<int64_t> effective_amount(const store::LimitRow& row, int64_t now_ms) {
  if (row.pending && now_ms >= row.pending_ms) return row.pending_amount;
  return row.amount;
}

std::map<std::string, Money> effective_limits(const std::vector<store::LimitRow>& rows,
                                              int64_t now_ms) {
  std::map<std::string, Money> out;
  for (const auto& r : rows) {
    auto amount = effective_amount(r, now_ms);
    if (!amount) continue;
    auto [it, fresh] = out.emplace(r.kind, Money{*amount});
    if (!fresh) it->second = std::min(it->second, Money{*amount});
  }
  return out;
}

store::LimitRow player_change(std::optional<store::LimitRow> current, int64_t player,
                              const std::string& kind, std::optional<int64_t> amount,
                              int64_t now_ms) {
  store::LimitRow row = current.value_or(store::LimitRow{player, kind, "player"});
  const std::optional<int64_t> now = effective_amount(row, now_ms);
  row.amount = now;  // a change that came due is settled first
  row.pending = false;
  row.pending_amount.reset();
  row.pending_ms = 0;
  const bool lower = amount && (!now || *amount <= *now);
  if (lower) {
    row.amount = amount;  // at once
  } else if (amount != now) {
    row.pending = true;  // a raise or a removal: after the cooling-off
    row.pending_amount = amount;
    row.pending_ms = now_ms + kLimitCoolingOffMs;
  }
  return row;
}

Money usage(const ledger::Ledger& ledger, ledger::PlayerId player, const std::string& currency,
            std::string_view kind, int64_t now_ms) {
  for (const auto& t : ledger.player_totals(player, period_start(kind, now_ms))) {
    if (t.currency != currency) continue;
    if (kind.starts_with("wager")) return t.wagered;
    const Money loss = t.wagered - t.returned;
    return loss.is_negative() ? Money{} : loss;
  }
  return Money{};
}

LimitsLedger::LimitsLedger(std::unique_ptr<ledger::Ledger> inner, const store::Store& store,
                           const Clock& clock)
    : ForwardingLedger(std::move(inner)), store_(store), clock_(clock) {}

std::map<std::string, Money> LimitsLedger::limits_of(ledger::PlayerId player) {
  const int64_t now = clock_.wall_ms();
  {
    std::lock_guard lock(mu_);
    auto it = known_.find(player);
    if (it != known_.end() && now < it->second.until_ms) return it->second.limits;
  }
  auto limits = effective_limits(store_.limits(player), now);
  std::lock_guard lock(mu_);
  if (known_.size() > 100'000) known_.clear();
  known_[player] = Known{limits, now + kKnownForMs};
  return limits;
}

void LimitsLedger::forget(ledger::PlayerId player) {
  std::lock_guard lock(mu_);
  known_.erase(player);
}

void LimitsLedger::submit(ledger::PlaceBets op, ledger::Callback<ledger::PlacedBets> done) {
  const auto limits = limits_of(op.player);
  if (!limits.empty()) {
    Money stake;
    for (const auto& line : op.bets)
      if (line.free_bet.empty()) stake += line.amount;
    const int64_t now = clock_.wall_ms();
    for (const auto& [kind, limit] : limits) {
      if (stake + usage(inner(), op.player, op.currency, kind, now) > limit)
        return done(ledger::Failure::limit_reached);
    }
  }
  ForwardingLedger::submit(std::move(op), std::move(done));
}

}  // namespace croupier::gateway
