#include "gateway/sessions.hpp"

#include <algorithm>
#include <mutex>

#include "core/crypto.hpp"
#include "core/log.hpp"

namespace croupier::gateway {

namespace {
constexpr int64_t kPersistEveryMs = 60'000;
constexpr size_t kSessionIdMax = 64;

AuthFailure failure_for_reason(const std::string& reason) {
  if (reason == "logged_out") return AuthFailure::expired;  // the player's own logout
  return reason == "replaced" ? AuthFailure::replaced : AuthFailure::terminated;
}
}  // namespace

Sessions::Sessions(store::Store& store, const Clock& clock, Millis idle_timeout)
    : store_(store), clock_(clock), idle_timeout_(idle_timeout) {}

std::shared_ptr<Sessions::Entry> Sessions::find(const std::string& id) {
  {
    std::shared_lock lock(mutex_);
    auto it = cache_.find(id);
    if (it != cache_.end()) return it->second;
  }
  auto stored = store_.session(id);
  if (!stored) return nullptr;
  auto player = store_.player(stored->player_id);
  if (!player) return nullptr;
  auto entry = std::make_shared<Entry>();
  entry->session = AuthedSession{stored->id, *player, stored->params_json};
  entry->last_seen_ms = stored->last_seen_ms;
  entry->persisted_ms = stored->last_seen_ms;
  entry->created_ms = stored->created_ms;
  bound(*entry, *player);
  if (stored->state == store::SessionState::terminated) {
    entry->state = static_cast<int>(failure_for_reason(stored->reason));
  }
  std::unique_lock lock(mutex_);
  return cache_.try_emplace(id, entry).first->second;
}

std::optional<AuthFailure> Sessions::ended_in_store(const std::string& id, int64_t seen_ms) {
  auto stored = store_.touch_session(id, seen_ms);
  if (!stored) return AuthFailure::expired;
  if (stored->state == store::SessionState::terminated) return failure_for_reason(stored->reason);
  return std::nullopt;
}

Result<AuthedSession, AuthFailure> Sessions::check(const std::string& id, bool touch) {
  if (id.empty() || id.size() > kSessionIdMax) return AuthFailure::missing;
  auto entry = find(id);
  if (!entry) return AuthFailure::expired;
  if (int state = entry->state.load(); state != 0) return static_cast<AuthFailure>(state);
  const int64_t now = clock_.wall_ms();
  if (now - entry->last_seen_ms.load() > idle_timeout_.count()) return AuthFailure::expired;
  if (const int64_t ends = entry->ends_ms.load(); ends != 0 && now >= ends)
    return AuthFailure::expired;
  if (touch) {
    entry->last_seen_ms = now;
    if (now - entry->persisted_ms.load() >= kPersistEveryMs) {
      entry->persisted_ms = now;
      // What the store says of it now: another node may have ended it (a cluster's notice
      // of that can be lost; this bounds how long the session outlives it).
      if (auto ended = ended_in_store(id, now)) {
        entry->state = static_cast<int>(*ended);
        notify(id, *ended);
        return *ended;
      }
      // The bound again: a limit set on another node of a cluster reaches this one.
      store::Player player;
      {
        std::shared_lock lock(mutex_);
        player = entry->session.player;
      }
      bound(*entry, player);
      if (const int64_t ends = entry->ends_ms.load(); ends != 0 && now >= ends)
        return AuthFailure::expired;
    }
  }
  std::shared_lock lock(mutex_);
  return entry->session;
}

Result<AuthedSession, AuthFailure> Sessions::authenticate(const std::string& id) {
  return check(id, true);
}
Result<AuthedSession, AuthFailure> Sessions::peek(const std::string& id) {
  return check(id, false);
}

AuthedSession Sessions::create(const store::Player& player, const std::string& params_json) {
  const int64_t now = clock_.wall_ms();
  store::Session s;
  s.id = crypto::random_token(24);
  s.player_id = player.id;
  s.created_ms = now;
  s.last_seen_ms = now;
  s.params_json = params_json;
  store_.insert_session(s);
  auto entry = std::make_shared<Entry>();
  entry->session = AuthedSession{s.id, player, params_json};
  entry->last_seen_ms = now;
  entry->persisted_ms = now;
  entry->created_ms = now;
  bound(*entry, player);
  std::unique_lock lock(mutex_);
  cache_.emplace(s.id, entry);
  return entry->session;
}

void Sessions::set_lifetime(Lifetime lifetime) {
  lifetime_ = std::move(lifetime);
}

void Sessions::bound(Entry& e, const store::Player& player) {
  const int64_t most = lifetime_ ? lifetime_(player) : 0;
  e.ends_ms = most > 0 ? e.created_ms + most : 0;
}

void Sessions::refresh_lifetime(int64_t player_id) {
  std::vector<std::shared_ptr<Entry>> entries;
  std::optional<store::Player> player;
  {
    std::shared_lock lock(mutex_);
    for (auto& [id, e] : cache_)
      if (e->session.player.id == player_id) {
        entries.push_back(e);
        player = e->session.player;
      }
  }
  if (!player) return;
  // The bound is read outside the lock (it reads the store), once for all of them.
  const int64_t most = lifetime_ ? lifetime_(*player) : 0;
  for (auto& e : entries) e->ends_ms = most > 0 ? e->created_ms + most : 0;
}

void Sessions::terminate_player(int64_t player_id, AuthFailure why, const std::string& keep) {
  const std::string reason = why == AuthFailure::replaced  ? "replaced"
                             : why == AuthFailure::expired ? "logged_out"
                                                           : "restricted";
  std::vector<std::string> ids = store_.terminate_sessions(player_id, reason, keep);
  mark_terminated(player_id, why, keep, ids);
  log::info("sessions terminated",
            {{"player", player_id}, {"count", ids.size()}, {"reason", reason}});
  if (announce_.terminated) announce_.terminated(player_id, why, keep);
}

void Sessions::mark_terminated(int64_t player_id, AuthFailure why, const std::string& keep,
                               std::vector<std::string>& ids) {
  {
    std::unique_lock lock(mutex_);
    for (auto& [id, entry] : cache_) {
      if (entry->session.player.id == player_id && id != keep && entry->state == 0) {
        entry->state = static_cast<int>(why);
        if (std::find(ids.begin(), ids.end(), id) == ids.end()) ids.push_back(id);
      }
    }
  }
  for (const auto& id : ids) notify(id, why);
}

void Sessions::terminated_elsewhere(int64_t player_id, AuthFailure why, const std::string& keep) {
  std::vector<std::string> ids;
  mark_terminated(player_id, why, keep, ids);
}

void Sessions::update_player(const store::Player& player) {
  {
    std::unique_lock lock(mutex_);
    for (auto& [id, entry] : cache_)
      if (entry->session.player.id == player.id) entry->session.player = player;
  }
  if (announce_.updated) announce_.updated(player.id);
}

void Sessions::updated_elsewhere(int64_t player_id) {
  auto player = store_.player(player_id);
  if (!player) return;
  std::unique_lock lock(mutex_);
  for (auto& [id, entry] : cache_)
    if (entry->session.player.id == player_id) entry->session.player = *player;
}

void Sessions::set_announcer(Announcer announce) {
  announce_ = std::move(announce);
}

void Sessions::add_listener(Listener listener) {
  std::unique_lock lock(mutex_);
  listeners_.push_back(std::move(listener));
}

void Sessions::notify(const std::string& id, AuthFailure why) {
  std::vector<Listener> listeners;
  {
    std::shared_lock lock(mutex_);
    listeners = listeners_;
  }
  for (const auto& l : listeners) l(id, why);
}

void Sessions::add_idle_listener(IdleListener listener) {
  std::unique_lock lock(mutex_);
  idle_listeners_.push_back(std::move(listener));
}

Millis Sessions::warn_before() const {
  return std::min<Millis>(std::chrono::minutes(1), idle_timeout_ / 4);
}

void Sessions::sweep() {
  const int64_t now = clock_.wall_ms();
  const int64_t warn_at = idle_timeout_.count() - warn_before().count();
  std::vector<std::string> expired;
  std::vector<std::pair<std::string, int64_t>> warned;
  std::vector<std::pair<std::string, int64_t>> to_persist;
  {
    std::unique_lock lock(mutex_);
    for (auto it = cache_.begin(); it != cache_.end();) {
      Entry& e = *it->second;
      const int64_t ends = e.ends_ms.load();
      const bool idle =
          now - e.last_seen_ms.load() > idle_timeout_.count() || (ends != 0 && now >= ends);
      if (idle || e.state != 0) {
        if (idle && e.state == 0) expired.push_back(it->first);
        it = cache_.erase(it);
        continue;
      }
      const int64_t seen = e.last_seen_ms.load();
      if (now - seen >= warn_at && e.warned_at_seen.exchange(seen) != seen)
        warned.emplace_back(it->first, idle_timeout_.count() - (now - seen));
      if (e.last_seen_ms.load() > e.persisted_ms.load()) {
        e.persisted_ms = e.last_seen_ms.load();
        to_persist.emplace_back(it->first, e.last_seen_ms.load());
      }
      ++it;
    }
  }
  for (const auto& [id, seen] : to_persist) {
    if (auto ended = ended_in_store(id, seen)) {
      {
        std::unique_lock lock(mutex_);
        if (auto it = cache_.find(id); it != cache_.end())
          it->second->state = static_cast<int>(*ended);
      }
      notify(id, *ended);
    }
  }
  for (const auto& id : expired) notify(id, AuthFailure::expired);
  if (warned.empty()) return;
  std::vector<IdleListener> idle;
  {
    std::shared_lock lock(mutex_);
    idle = idle_listeners_;
  }
  for (const auto& [id, left] : warned)
    for (const auto& l : idle) l(id, left);
}

}  // namespace croupier::gateway
