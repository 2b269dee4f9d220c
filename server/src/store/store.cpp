#include "store/store.hpp"

#include <cctype>
#include <tuple>

#include "db/sqlite.hpp"

namespace croupier::store {

namespace {

constexpr const char* kSchema = R"sql(
CREATE TABLE IF NOT EXISTS meta(key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS players(
  id INTEGER PRIMARY KEY,
  operator_id TEXT NOT NULL,
  external_id TEXT NOT NULL,
  screen_name TEXT NOT NULL,
  currency TEXT NOT NULL,
  country TEXT NOT NULL,
  language TEXT NOT NULL,
  created_ms INTEGER NOT NULL,
  UNIQUE(operator_id, external_id));
CREATE TABLE IF NOT EXISTS sessions(
  id TEXT PRIMARY KEY,
  player_id INTEGER NOT NULL REFERENCES players(id),
  created_ms INTEGER NOT NULL,
  last_seen_ms INTEGER NOT NULL,
  state TEXT NOT NULL CHECK(state IN ('active','terminated')),
  reason TEXT NOT NULL DEFAULT '',
  params TEXT NOT NULL DEFAULT '{}');
CREATE INDEX IF NOT EXISTS sessions_by_player ON sessions(player_id);
CREATE TABLE IF NOT EXISTS launch_tokens(
  token TEXT PRIMARY KEY,
  player_id INTEGER NOT NULL REFERENCES players(id),
  params TEXT NOT NULL,
  expires_ms INTEGER NOT NULL,
  used INTEGER NOT NULL DEFAULT 0);
CREATE TABLE IF NOT EXISTS screen_names(
  player_id INTEGER PRIMARY KEY REFERENCES players(id),
  operator_id TEXT NOT NULL,
  name TEXT NOT NULL,
  name_key TEXT NOT NULL,
  chosen_ms INTEGER NOT NULL,
  UNIQUE(operator_id, name_key));
CREATE TABLE IF NOT EXISTS player_settings(
  player_id INTEGER NOT NULL REFERENCES players(id),
  key TEXT NOT NULL,
  value TEXT NOT NULL,
  updated_ms INTEGER NOT NULL,
  PRIMARY KEY(player_id, key));
)sql";

Player read_player(sqlite::Query& q) {
  return Player{q.int64(0), q.text(1), q.text(2), q.text(3),
                q.text(4),  q.text(5), q.text(6), q.int64(7)};
}

constexpr const char* kPlayerColumns =
    "SELECT id, operator_id, external_id, screen_name, currency, country, language, created_ms "
    "FROM players ";

}  // namespace

std::unique_ptr<Store> Store::open(const std::string& path) {
  auto db = sqlite::Db::open(path, sqlite::Db::Mode::read_write_create);
  db->exec(
      "PRAGMA journal_mode=WAL; PRAGMA synchronous=NORMAL; PRAGMA foreign_keys=ON; "
      "PRAGMA busy_timeout=5000;");
  db->exec(kSchema);
  auto version = db->scalar_text("SELECT value FROM meta WHERE key='schema_version'");
  if (!version) {
    db->exec("INSERT INTO meta(key, value) VALUES('schema_version', '1')");
  } else if (*version != "1") {
    throw std::runtime_error(path + ": app database schema version " + *version + " is not 1");
  }
  db->define_function("name_key", [](std::string_view name) {
    std::string key(name);
    for (char& c : key) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    return key;
  });
  return std::unique_ptr<Store>(new Store(std::move(db)));
}

Store::Store(std::unique_ptr<sqlite::Db> db) : db_(std::move(db)) {}
Store::~Store() = default;

std::pair<Player, bool> Store::upsert_player(const PlayerUpsert& p, int64_t now_ms) {
  std::lock_guard lock(mutex_);
  {
    auto q = db_->query(std::string(kPlayerColumns) + "WHERE operator_id=? AND external_id=?");
    q.bind(p.operator_id, p.external_id);
    if (q.step()) {
      Player existing = read_player(q);
      // A name the player chose in the client stands over the operator's.
      std::string name = p.screen_name;
      auto chosen = db_->query("SELECT name FROM screen_names WHERE player_id=?");
      chosen.bind(existing.id);
      if (chosen.step()) name = chosen.text(0);
      auto update = db_->query(
          "UPDATE players SET screen_name=?, currency=?, country=?, language=? WHERE id=?");
      update.bind(name, p.currency, p.country, p.language, existing.id).run();
      existing.screen_name = name;
      existing.currency = p.currency;
      existing.country = p.country;
      existing.language = p.language;
      return {existing, false};
    }
  }
  auto insert = db_->query(
      "INSERT INTO players(operator_id, external_id, screen_name, currency, country, language, "
      "created_ms) VALUES(?,?,?,?,?,?,?)");
  insert
      .bind(p.operator_id, p.external_id, p.screen_name, p.currency, p.country, p.language, now_ms)
      .run();
  Player created{db_->last_insert_rowid(),
                 p.operator_id,
                 p.external_id,
                 p.screen_name,
                 p.currency,
                 p.country,
                 p.language,
                 now_ms};
  return {created, true};
}

bool Store::set_screen_name(int64_t player_id, const std::string& name, const std::string& key,
                            int64_t now_ms) {
  std::lock_guard lock(mutex_);
  db_->exec("BEGIN IMMEDIATE");
  try {
    auto op = db_->query("SELECT operator_id FROM players WHERE id=?");
    op.bind(player_id);
    if (!op.step()) throw std::runtime_error("no player " + std::to_string(player_id));
    const std::string operator_id = op.text(0);
    // Taken: another player's chosen name with the same key, or another player's name
    // from the operator (compared without ASCII case).
    auto taken = db_->query(
        "SELECT 1 FROM screen_names WHERE operator_id=? AND name_key=? AND player_id<>? "
        "UNION ALL SELECT 1 FROM players WHERE operator_id=? AND name_key(screen_name)=? "
        "AND id<>? LIMIT 1");
    taken.bind(operator_id, key, player_id, operator_id, key, player_id);
    if (taken.step()) {
      db_->exec("ROLLBACK");
      return false;
    }
    db_->query(
           "INSERT INTO screen_names(player_id, operator_id, name, name_key, chosen_ms) "
           "VALUES(?,?,?,?,?) ON CONFLICT(player_id) DO UPDATE SET name=excluded.name, "
           "name_key=excluded.name_key, chosen_ms=excluded.chosen_ms")
        .bind(player_id, operator_id, name, key, now_ms)
        .run();
    db_->query("UPDATE players SET screen_name=? WHERE id=?").bind(name, player_id).run();
    db_->exec("COMMIT");
    return true;
  } catch (...) {
    db_->exec("ROLLBACK");
    throw;
  }
}

void Store::use_name_key(std::function<std::string(std::string_view)> key_of) {
  std::lock_guard lock(mutex_);
  db_->define_function("name_key", std::move(key_of));
}

size_t Store::rekey_screen_names(const std::function<std::string(const std::string&)>& key_of) {
  std::lock_guard lock(mutex_);
  std::vector<std::tuple<int64_t, std::string, std::string>> rows;  // player, name, key
  {
    auto q = db_->query("SELECT player_id, name, name_key FROM screen_names ORDER BY chosen_ms");
    while (q.step()) rows.emplace_back(q.int64(0), q.text(1), q.text(2));
  }
  size_t kept = 0;
  db_->exec("BEGIN IMMEDIATE");
  try {
    for (const auto& [player, name, old_key] : rows) {
      const std::string key = key_of(name);
      if (key == old_key) continue;
      auto clash = db_->query(
          "SELECT 1 FROM screen_names s JOIN screen_names me ON me.player_id=? "
          "WHERE s.operator_id=me.operator_id AND s.name_key=? AND s.player_id<>?");
      clash.bind(player, key, player);
      if (clash.step()) {
        ++kept;
        continue;
      }
      db_->query("UPDATE screen_names SET name_key=? WHERE player_id=?").bind(key, player).run();
    }
    db_->exec("COMMIT");
  } catch (...) {
    db_->exec("ROLLBACK");
    throw;
  }
  return kept;
}

std::optional<Player> Store::player(int64_t id) const {
  std::lock_guard lock(mutex_);
  auto q = db_->query(std::string(kPlayerColumns) + "WHERE id=?");
  q.bind(id);
  if (!q.step()) return std::nullopt;
  return read_player(q);
}

std::optional<Player> Store::player_by_external(const std::string& operator_id,
                                                const std::string& external_id) const {
  std::lock_guard lock(mutex_);
  auto q = db_->query(std::string(kPlayerColumns) + "WHERE operator_id=? AND external_id=?");
  q.bind(operator_id, external_id);
  if (!q.step()) return std::nullopt;
  return read_player(q);
}

void Store::insert_session(const Session& s) {
  std::lock_guard lock(mutex_);
  db_->query(
         "INSERT INTO sessions(id, player_id, created_ms, last_seen_ms, state, reason, params) "
         "VALUES(?,?,?,?,?,?,?)")
      .bind(s.id, s.player_id, s.created_ms, s.last_seen_ms,
            s.state == SessionState::active ? "active" : "terminated", s.reason, s.params_json)
      .run();
}

std::optional<Session> Store::session(const std::string& id) const {
  std::lock_guard lock(mutex_);
  auto q = db_->query(
      "SELECT id, player_id, created_ms, last_seen_ms, state, reason, params FROM sessions WHERE "
      "id=?");
  q.bind(id);
  if (!q.step()) return std::nullopt;
  return Session{q.text(0),
                 q.int64(1),
                 q.int64(2),
                 q.int64(3),
                 q.text(4) == "active" ? SessionState::active : SessionState::terminated,
                 q.text(5),
                 q.text(6)};
}

void Store::touch_session(const std::string& id, int64_t last_seen_ms) {
  std::lock_guard lock(mutex_);
  db_->query("UPDATE sessions SET last_seen_ms=max(last_seen_ms, ?) WHERE id=?")
      .bind(last_seen_ms, id)
      .run();
}

std::vector<std::string> Store::terminate_sessions(int64_t player_id, const std::string& reason,
                                                   const std::string& keep) {
  std::lock_guard lock(mutex_);
  std::vector<std::string> ids;
  {
    auto q = db_->query("SELECT id FROM sessions WHERE player_id=? AND state='active' AND id<>?");
    q.bind(player_id, keep);
    while (q.step()) ids.push_back(q.text(0));
  }
  db_->query(
         "UPDATE sessions SET state='terminated', reason=? WHERE player_id=? AND state='active' "
         "AND id<>?")
      .bind(reason, player_id, keep)
      .run();
  return ids;
}

void Store::insert_launch_token(const LaunchToken& t) {
  std::lock_guard lock(mutex_);
  db_->query("INSERT INTO launch_tokens(token, player_id, params, expires_ms) VALUES(?,?,?,?)")
      .bind(t.token, t.player_id, t.params_json, t.expires_ms)
      .run();
}

std::optional<LaunchToken> Store::consume_launch_token(const std::string& token, int64_t now_ms) {
  std::lock_guard lock(mutex_);
  LaunchToken t;
  {
    auto q = db_->query(
        "SELECT token, player_id, params, expires_ms FROM launch_tokens "
        "WHERE token=? AND used=0 AND expires_ms>?");
    q.bind(token, now_ms);
    if (!q.step()) return std::nullopt;
    t = LaunchToken{q.text(0), q.int64(1), q.text(2), q.int64(3)};
  }
  db_->query("UPDATE launch_tokens SET used=1 WHERE token=?").bind(token).run();
  return t;
}

std::map<std::string, std::string> Store::player_settings(int64_t player_id) const {
  std::lock_guard lock(mutex_);
  std::map<std::string, std::string> out;
  auto q = db_->query("SELECT key, value FROM player_settings WHERE player_id=?");
  q.bind(player_id);
  while (q.step()) out[q.text(0)] = q.text(1);
  return out;
}

void Store::save_player_settings(int64_t player_id,
                                 const std::map<std::string, std::string>& values, int64_t now_ms) {
  std::lock_guard lock(mutex_);
  db_->exec("BEGIN IMMEDIATE");
  try {
    for (const auto& [key, value] : values) {
      db_->query(
             "INSERT INTO player_settings(player_id, key, value, updated_ms) VALUES(?,?,?,?) "
             "ON CONFLICT(player_id, key) DO UPDATE SET value=excluded.value, "
             "updated_ms=excluded.updated_ms")
          .bind(player_id, key, value, now_ms)
          .run();
    }
    db_->exec("COMMIT");
  } catch (...) {
    db_->exec("ROLLBACK");
    throw;
  }
}

void Store::purge(int64_t now_ms, int64_t session_idle_ms) {
  std::lock_guard lock(mutex_);
  db_->query("DELETE FROM launch_tokens WHERE expires_ms<=?").bind(now_ms).run();
  db_->query("DELETE FROM sessions WHERE last_seen_ms<=?").bind(now_ms - session_idle_ms).run();
}

}  // namespace croupier::store
