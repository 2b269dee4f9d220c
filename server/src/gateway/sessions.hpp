// Sessions: who is calling. Resolves a session id (JSESSIONID) to its player, keeps the
// sessions in use in memory, and expires them after idle_timeout without activity.
//
// Activity is recorded in memory on every authenticated call and written to the store
// at most once a minute per session, so a busy player costs no write per request; each
// write also reads the session back, so one ended elsewhere (another node of a cluster)
// ends here within that minute, even if the cluster's notice of it was lost.
// Terminating a session (restriction by the operator, or a newer launch of the same
// player) notifies the listeners, which close that session's sockets.
//
// Thread-safe: every member may be called from any thread.
#pragma once

#include <atomic>
#include <functional>
#include <memory>
#include <optional>
#include <shared_mutex>
#include <string>
#include <unordered_map>
#include <vector>

#include "core/clock.hpp"
#include "core/result.hpp"
#include "store/store.hpp"

namespace croupier::gateway {

struct AuthedSession {
  std::string id;
  store::Player player;
  std::string params_json;  // launch parameters
};

enum class AuthFailure {
  missing,     // no session id given
  expired,     // unknown, or idle for too long: 401, code 2400
  replaced,    // the player launched again elsewhere: 401, code 10003
  terminated,  // closed by the operator (restricted account): 403 "session terminated"
};

class Sessions {
 public:
  using Listener = std::function<void(const std::string& session_id, AuthFailure why)>;
  // A session about to expire for inactivity: it closes in `closes_in_ms` without activity.
  using IdleListener = std::function<void(const std::string& session_id, int64_t closes_in_ms)>;

  Sessions(store::Store& store, const Clock& clock, Millis idle_timeout);

  // Checks the session and records activity.
  Result<AuthedSession, AuthFailure> authenticate(const std::string& session_id);
  // Checks without recording activity (socket keep-alive checks).
  Result<AuthedSession, AuthFailure> peek(const std::string& session_id);

  AuthedSession create(const store::Player& player, const std::string& params_json);
  // Terminates the player's sessions except `keep`: `replaced` or `terminated`.
  // `why`: replaced (a login elsewhere, 10003), terminated (the account restricted), expired
  // (the player logged out).
  void terminate_player(int64_t player_id, AuthFailure why, const std::string& keep = {});
  // Updates the player copy held by the player's cached sessions (new screen name).
  void update_player(const store::Player& player);

  // A cluster (issue 17): the other nodes hold sessions of the same players in memory.
  // `announce` is told of every termination and player update made here, to pass on;
  // what the other nodes did arrives through the two calls below (memory only: the
  // shared store has it already).
  struct Announcer {
    std::function<void(int64_t player_id, AuthFailure why, const std::string& keep)> terminated;
    std::function<void(int64_t player_id)> updated;
  };
  void set_announcer(Announcer announce);
  void terminated_elsewhere(int64_t player_id, AuthFailure why, const std::string& keep);
  void updated_elsewhere(int64_t player_id);

  // How long a session of the player may last at most, in ms from its start (0: no bound):
  // a micro-gaming operator's session, a session-time limit (docs/regulation.md). A session
  // past it ends as expired. Set before use.
  using Lifetime = std::function<int64_t(const store::Player& player)>;
  void set_lifetime(Lifetime lifetime);
  // Recomputes the bound of the player's sessions (after a change of their limits here; a
  // session also recomputes its own when it records its activity, once a minute).
  void refresh_lifetime(int64_t player_id);

  void add_listener(Listener listener);
  void add_idle_listener(IdleListener listener);
  // How long before it expires an idle session is warned (SPEC §8 IDLE_MESSAGE): a minute,
  // or a quarter of the idle timeout when that is shorter.
  Millis warn_before() const;
  // Drops expired sessions from memory, persists recent activity and tells listeners
  // about sessions that expired; called periodically.
  void sweep();

 private:
  struct Entry {
    AuthedSession session;
    std::atomic<int64_t> last_seen_ms{0};
    std::atomic<int64_t> persisted_ms{0};
    std::atomic<int64_t> warned_at_seen{0};  // last_seen_ms when the idle warning went out
    std::atomic<int> state{0};               // 0 active, else an AuthFailure
    int64_t created_ms = 0;
    std::atomic<int64_t> ends_ms{0};  // when it ends whatever the activity (0: never)
  };
  void bound(Entry& e, const store::Player& player);  // sets e.ends_ms
  std::shared_ptr<Entry> find(const std::string& id);
  // Records activity in the store; how the session ended if the store says it did.
  std::optional<AuthFailure> ended_in_store(const std::string& id, int64_t seen_ms);
  Result<AuthedSession, AuthFailure> check(const std::string& id, bool touch);
  void notify(const std::string& id, AuthFailure why);

  store::Store& store_;
  const Clock& clock_;
  const Millis idle_timeout_;

  mutable std::shared_mutex mutex_;
  std::unordered_map<std::string, std::shared_ptr<Entry>> cache_;  // guarded by mutex_
  // The cached sessions of the player, but `keep`, marked `why`; their ids added to `ids`.
  void mark_terminated(int64_t player_id, AuthFailure why, const std::string& keep,
                       std::vector<std::string>& ids);
  std::vector<Listener> listeners_;           // guarded by mutex_
  Announcer announce_;                        // set before use
  std::vector<IdleListener> idle_listeners_;  // guarded by mutex_
  Lifetime lifetime_;                         // set before use
};

}  // namespace croupier::gateway
