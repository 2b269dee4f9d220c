#include "gateway/limits.hpp"

#include <algorithm>
#include <atomic>
#include <ctime>

#include "core/log.hpp"

namespace croupier::gateway {

namespace {
constexpr int64_t kDayMs = 86'400'000;
constexpr int64_t kKnownForMs = 5'000;
}  // namespace

bool is_limit_kind(std::string_view kind) {
  return std::find(std::begin(kLimitKinds), std::end(kLimitKinds), kind) != std::end(kLimitKinds);
}

bool is_time_limit_kind(std::string_view kind) {
  return std::find(std::begin(kTimeLimitKinds), std::end(kTimeLimitKinds), kind) !=
         std::end(kTimeLimitKinds);
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
  store::LimitRow row = current.value_or(store::LimitRow{player, kind, "player", {}, false, {}, 0});
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

int64_t session_lifetime_ms(const store::Store& store, const config::Casino& casino,
                            const store::Player& player, int64_t now_ms) {
  int64_t most = 0;
  auto shorter = [&most](int64_t ms) {
    if (ms > 0 && (most == 0 || ms < most)) most = ms;
  };
  if (const config::Operator* op = casino.find_operator(player.operator_id)) {
    auto* minutes = op->casino_config.if_contains("estimated_micro_game_session_time");
    if (op->config_flag("micro_gaming") && minutes && minutes->is_number())
      shorter(static_cast<int64_t>(minutes->to_number<double>() * 60'000));
  }
  const auto limits = effective_limits(store.limits(player.id), now_ms);
  if (auto it = limits.find("session_time"); it != limits.end()) shorter(it->second.units * 60'000);
  return most;
}

SessionFigures session_figures(const ledger::Ledger& ledger, const store::RegulatedSession& session,
                               int64_t now_ms) {
  SessionFigures f;
  for (const auto& t : ledger.player_totals(session.player_id, session.created_ms)) {
    if (t.currency != session.currency) continue;
    f.wagered += t.wagered;
    f.returned += t.returned;
  }
  // An ended session covers no later bet (another session's, or one refused in between).
  const int64_t end = std::min(session.ended_ms.value_or(session.expires_ms), session.expires_ms);
  if (end > now_ms) return f;
  for (const auto& t : ledger.player_totals(session.player_id, end)) {
    if (t.currency != session.currency) continue;
    f.wagered -= t.wagered;
    f.returned -= t.returned;
  }
  return f;
}

Money session_balance(const ledger::Ledger& ledger, const store::RegulatedSession& session,
                      int64_t now_ms) {
  const SessionFigures f = session_figures(ledger, session, now_ms);
  return Money{session.brought} + f.returned - f.wagered;
}

LimitsLedger::LimitsLedger(std::unique_ptr<ledger::Ledger> inner, const store::Store& store,
                           const config::Casino& casino, const Clock& clock)
    : ForwardingLedger(std::move(inner)), store_(store), casino_(casino), clock_(clock) {}

LimitsLedger::Known LimitsLedger::known(ledger::PlayerId player) {
  const int64_t now = clock_.wall_ms();
  {
    std::lock_guard lock(mu_);
    auto it = known_.find(player);
    if (it != known_.end() && now < it->second.until_ms) return it->second;
  }
  Known k;
  for (auto& [kind, limit] : effective_limits(store_.limits(player), now))
    if (is_limit_kind(kind)) k.limits.emplace(kind, limit);
  if (auto p = store_.player(player)) k.op = casino_.find_operator(p->operator_id);
  k.until_ms = now + kKnownForMs;
  std::lock_guard lock(mu_);
  if (known_.size() > 100'000) known_.clear();
  known_[player] = k;
  return k;
}

void LimitsLedger::forget(ledger::PlayerId player) {
  std::lock_guard lock(mu_);
  known_.erase(player);
}

std::optional<ledger::Failure> LimitsLedger::refusal(const ledger::PlaceBets& op, Money stake,
                                                     Money in_flight) {
  const Known k = known(op.player);
  const int64_t now = clock_.wall_ms();
  if (stake.is_positive()) {
    for (const auto& [kind, limit] : k.limits)
      if (stake + in_flight + usage(inner(), op.player, op.currency, kind, now) > limit)
        return ledger::Failure::limit_reached;
  }
  if (!k.op) return std::nullopt;
  const config::OperatorRegulation& rules = k.op->regulation;
  // The operator's most per bet command is in its own currency.
  if (rules.max_bet && op.currency == k.op->currency && stake > *rules.max_bet)
    return ledger::Failure::regulation_limit;
  if (rules.italian_session) {
    // No bet outside an open session, a free bet's neither.
    auto session = store_.open_regulated_session(op.player, now);
    if (!session || session->currency != op.currency) return ledger::Failure::session_balance;
    if (stake.is_positive() && stake + in_flight > session_balance(inner(), *session, now))
      return ledger::Failure::session_balance;
  }
  return std::nullopt;
}

void LimitsLedger::submit(ledger::PlaceBets op, ledger::Callback<ledger::PlacedBets> done) {
  Money stake;
  for (const auto& line : op.bets)
    if (line.free_bet.empty()) stake += line.amount;
  const ledger::PlayerId player = op.player;
  Money in_flight;
  if (stake.is_positive()) {
    std::lock_guard lock(mu_);
    in_flight = in_flight_[player];
    in_flight_[player] += stake;  // held until the answer, so two commands cannot both fit
  }
  // Gives the hold back, once.
  auto held = std::make_shared<std::atomic<bool>>(stake.is_positive());
  auto release = [this, player, stake, held] {
    if (!held->exchange(false)) return;
    std::lock_guard lock(mu_);
    auto it = in_flight_.find(player);
    if (it == in_flight_.end()) return;
    it->second -= stake;
    if (!it->second.is_positive()) in_flight_.erase(it);
  };
  std::optional<ledger::Failure> refused;
  try {
    refused = refusal(op, stake, in_flight);
  } catch (const std::exception& e) {  // the store or the ledger could not be read
    log::warn("limits not checked: the bets are refused",
              {{"player", player}, {"error", e.what()}});
    refused = ledger::Failure::storage;
  }
  if (refused) {
    release();
    return done(*refused);
  }
  try {
    ForwardingLedger::submit(std::move(op), [release, done = std::move(done)](auto r) mutable {
      release();
      done(std::move(r));
    });
  } catch (...) {
    release();
    throw;
  }
}

}  // namespace croupier::gateway
