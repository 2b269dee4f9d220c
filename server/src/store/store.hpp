// Store: players, sessions, one-time launch tokens, saved player settings and operators'
// bonus campaigns: in the
// SQLite file app.db (WAL) of a single node, or in PostgreSQL (the schema croupier_app of
// the ledger's database), where every node of a cluster sees the same players and
// sessions, so that a player's session opened on one node works on any other.
//
// Money is not here: balances live in the ledger. A Store owns one connection guarded
// by a mutex, so every member may be called from any thread; each call is one short
// statement or transaction, and what two nodes may do at once (the same player launched
// twice, the same name chosen twice, a launch token used twice) is settled by the
// database's unique keys and conditional updates, not by the mutex.
#pragma once

#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace croupier::store {

struct Player {
  int64_t id = 0;
  std::string operator_id;
  std::string external_id;
  std::string screen_name;
  std::string currency;
  std::string country;
  std::string language;
  int64_t created_ms = 0;
};

struct PlayerUpsert {
  std::string operator_id;
  std::string external_id;
  std::string screen_name;
  std::string currency;
  std::string country;
  std::string language;
};

enum class SessionState { active, terminated };

struct Session {
  std::string id;
  int64_t player_id = 0;
  int64_t created_ms = 0;
  int64_t last_seen_ms = 0;
  SessionState state = SessionState::active;
  std::string reason;       // why it was terminated: "restricted", "replaced", ...
  std::string params_json;  // the launch parameters it was opened with
};

struct LaunchToken {
  std::string token;
  int64_t player_id = 0;
  std::string params_json;
  int64_t expires_ms = 0;
};

// A bonus campaign of an operator (gateway/bonus.hpp reads its terms): created or replaced
// through the operator API. Bonuses given from it live in the ledger.
struct Campaign {
  std::string operator_id;
  std::string id;
  std::string terms_json;  // the campaign's terms, checked by the gateway
  int64_t updated_ms = 0;
};

// A player account of an operator without its own login (docs/operators.md "Player
// accounts"): the keys are the login name and e-mail address case-folded.
struct AccountInsert {
  std::string username;
  std::string username_key;
  std::string email_key;
  std::string password_hash;  // libsodium's Argon2id string (crypto::hash_password)
  std::string birth_date;     // YYYY-MM-DD
};
struct Account {
  int64_t player_id = 0;
  std::string username;
  std::string password_hash;
};

// An Italian game session (docs/regulation.md "The Italian session"): the amount the player
// brought into it (units, in the player's currency) and how long it lasts.
struct RegulatedSession {
  std::string id;         // the session id (ADM "id sessione")
  std::string ticket_id;  // the player's participation ticket for it
  int64_t player_id = 0;
  std::string currency;
  int64_t brought = 0;
  int64_t created_ms = 0;
  int64_t expires_ms = 0;
  std::optional<int64_t> ended_ms;
};

// The statistics collector (docs/studio.md "Telemetry"): a player's video session as its
// client described it, and one report of its playback.
struct VideoSessionMeta {
  std::string id;  // the client's video session id
  int64_t player_id = 0;
  std::string table_id;
  std::string browser, os, device, country, carrier, resolution;
  int64_t started_ms = 0;
};
struct VideoStatsRow {
  std::string session_id;
  int64_t player_id = 0;
  int64_t received_ms = 0;
  std::string table_id;
  std::string rendition;  // high, medium, low
  bool native = false;    // from a native HLS player (videostats/ios)
  int64_t bitrate_kbps = 0, stalls = 0, stall_ms = 0, played_ms = 0, dropped = 0;
  std::optional<int64_t> startup_ms, latency_ms;
};
// Playback at one table in one rendition over a period: sums, and the means of the reports
// that had a figure.
struct VideoReportRow {
  std::string table_id, rendition;
  int64_t sessions = 0, reports = 0, played_ms = 0, stall_ms = 0, stalls = 0, dropped = 0;
  std::optional<int64_t> startup_ms_mean, latency_ms_mean, bitrate_kbps_mean;
};

// A responsible-gaming limit (docs/regulation.md) as the player or the operator set it:
// `amount` in units (none: no limit), and a change waiting for its cooling-off period.
struct LimitRow {
  int64_t player_id = 0;
  // loss_day, loss_week, loss_month, wager_day, wager_week, wager_month (`amount` in units);
  // session_time and reality_check (`amount` in minutes)
  std::string kind;
  std::string set_by;  // "player" or "operator"
  std::optional<int64_t> amount;
  bool pending = false;
  std::optional<int64_t> pending_amount;  // the pending change (none: the limit removed)
  int64_t pending_ms = 0;                 // when it takes effect
};

// A player's entry in a promotion's period: opted in since `since_ms`, or out.
struct PromoEntry {
  int64_t player_id = 0;
  bool opted_in = false;
  int64_t since_ms = 0;
};

class Store {
 public:
  // Opens (creating or migrating if needed) the database: a SQLite file path, or a
  // postgres:// URI. Throws std::runtime_error on failure.
  static std::unique_ptr<Store> open(const std::string& location);
  virtual ~Store() = default;

  // Creates the player, or updates name, currency, country and language of an existing
  // one (an operator's launch is the source of truth). Returns the player and whether it
  // was created.
  virtual std::pair<Player, bool> upsert_player(const PlayerUpsert& p, int64_t now_ms) = 0;
  virtual std::optional<Player> player(int64_t id) const = 0;
  // Sets the screen name the player chose (kept over the operator's at later launches);
  // false, and nothing changed, when another player of the same operator has it (`key`
  // is the name case-folded).
  virtual bool set_screen_name(int64_t player_id, const std::string& name, const std::string& key,
                               int64_t now_ms) = 0;
  // Recomputes every chosen name's key with `key_of` (when the comparison rule changes);
  // a name whose new key another already holds keeps its old one. Returns those kept.
  virtual size_t rekey_screen_names(
      const std::function<std::string(const std::string&)>& key_of) = 0;
  // How names compare (the chosen names' keys and the operator-given names): ASCII lower
  // case until the gateway gives its rule.
  virtual void use_name_key(std::function<std::string(std::string_view)> key_of) = 0;
  virtual std::optional<Player> player_by_external(const std::string& operator_id,
                                                   const std::string& external_id) const = 0;

  virtual void insert_session(const Session& s) = 0;
  virtual std::optional<Session> session(const std::string& id) const = 0;
  // Records activity (never moving last_seen back) and returns the session as stored
  // now: another node of a cluster may have terminated it. nullopt: no such session.
  virtual std::optional<Session> touch_session(const std::string& id, int64_t last_seen_ms) = 0;
  // Terminates the player's active sessions except `keep`; returns their ids.
  virtual std::vector<std::string> terminate_sessions(int64_t player_id, const std::string& reason,
                                                      const std::string& keep = {}) = 0;

  virtual void insert_launch_token(const LaunchToken& t) = 0;
  // Marks the token used and returns it, unless it is unknown, used or expired.
  virtual std::optional<LaunchToken> consume_launch_token(const std::string& token,
                                                          int64_t now_ms) = 0;

  // Saved settings of a player: key -> JSON text of the value.
  virtual std::map<std::string, std::string> player_settings(int64_t player_id) const = 0;
  virtual void save_player_settings(int64_t player_id,
                                    const std::map<std::string, std::string>& values,
                                    int64_t now_ms) = 0;

  // Creates or replaces the operator's campaign of that id.
  virtual void save_campaign(const Campaign& c) = 0;
  virtual std::optional<Campaign> campaign(const std::string& operator_id,
                                           const std::string& id) const = 0;
  // The operator's campaigns, by id.
  virtual std::vector<Campaign> campaigns(const std::string& operator_id) const = 0;

  // Opts the player in (counting from now) or out of a promotion's period.
  virtual void set_promo_entry(const std::string& period_id, int64_t player_id, bool opted_in,
                               int64_t now_ms) = 0;
  virtual std::optional<PromoEntry> promo_entry(const std::string& period_id,
                                                int64_t player_id) const = 0;
  // The players opted in to a period, by player id.
  virtual std::vector<PromoEntry> promo_entrants(const std::string& period_id) const = 0;

  // Creates the player and their account in one transaction; nullopt when the login name or
  // the e-mail address is taken at that operator (nothing is created).
  virtual std::optional<Player> create_account(const PlayerUpsert& p, const AccountInsert& a,
                                               int64_t now_ms) = 0;
  // The account whose login name or e-mail address has that key.
  virtual std::optional<Account> account(const std::string& operator_id,
                                         const std::string& login_key) const = 0;
  // The player's status as the operator set it: "active" (the default), "disabled",
  // "suspended" or "excluded" (a regulator's).
  virtual void set_player_status(int64_t player_id, const std::string& status, int64_t now_ms) = 0;
  virtual std::string player_status(int64_t player_id) const = 0;
  // An operator's voucher: added once (false: the id is taken); redeemed once, answering its
  // amount (units) and currency.
  virtual bool add_voucher(const std::string& operator_id, const std::string& id,
                           int64_t amount_units, const std::string& currency) = 0;
  virtual std::optional<std::pair<int64_t, std::string>> redeem_voucher(
      const std::string& operator_id, const std::string& id, int64_t player_id, int64_t now_ms) = 0;
  // A voucher not yet redeemed.
  virtual std::optional<std::pair<int64_t, std::string>> voucher(const std::string& operator_id,
                                                                 const std::string& id) const = 0;

  // Responsible-gaming limits: one row per player, kind and setter.
  virtual void save_limit(const LimitRow& row, int64_t now_ms) = 0;
  virtual std::vector<LimitRow> limits(int64_t player_id) const = 0;

  // Italian game sessions. The player's session not ended and not expired at `now_ms`.
  virtual std::optional<RegulatedSession> open_regulated_session(int64_t player_id,
                                                                 int64_t now_ms) const = 0;
  // Opens a session, ending the player's one still open (two opened at once: the later counts).
  virtual void create_regulated_session(const RegulatedSession& s) = 0;
  // Adds to what the player brought into their session; false when it has ended or expired.
  virtual bool bring_into_session(const std::string& id, int64_t player_id, int64_t amount,
                                  int64_t now_ms) = 0;
  // Ends the player's session (once); the session as it ended, if it was theirs.
  virtual std::optional<RegulatedSession> end_regulated_session(const std::string& id,
                                                                int64_t player_id,
                                                                int64_t now_ms) = 0;
  // The player's sessions that began at or after `since_ms` or still covered it (until they
  // ended or expired), oldest first.
  virtual std::vector<RegulatedSession> regulated_sessions(int64_t player_id,
                                                           int64_t since_ms) const = 0;

  // The statistics collector. A session's meta is kept once (a repeat is ignored); the
  // reports are kept newest first up to `keep` rows (trim_video_stats).
  virtual void add_video_session(const VideoSessionMeta& meta) = 0;
  virtual void add_video_stats(const VideoStatsRow& row) = 0;
  // Keeps the newest `keep_rows` reports and video sessions (and any received in the same
  // millisecond as the oldest of them), none older than `keep_ms`; answers the reports
  // deleted.
  virtual int64_t trim_video_stats(size_t keep_rows, int64_t now_ms, int64_t keep_ms) = 0;
  virtual int64_t video_stats_count() const = 0;
  // Playback by table and rendition, of an operator's players' reports received in
  // [from_ms, to_ms).
  virtual std::vector<VideoReportRow> video_report(int64_t from_ms, int64_t to_ms,
                                                   const std::string& operator_id) const = 0;

  // Deletes expired tokens and sessions idle for longer than `session_idle_ms`.
  virtual void purge(int64_t now_ms, int64_t session_idle_ms) = 0;

 protected:
  Store() = default;
};

}  // namespace croupier::store
