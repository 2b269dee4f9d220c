#include "ledger/schema.hpp"

#include <cstdlib>
#include <iterator>
#include <stdexcept>
#include <string>

namespace croupier::ledger {

namespace {

// Foreign keys are deferred so that a violation (always a bug) surfaces at COMMIT and
// fails the whole batch rather than one statement in the middle of it. Transfers carry
// their op_key without a foreign key: SQLite would scan transfers on every ops insert
// while a deferred violation is pending, and ledger-check verifies the link instead.
constexpr const char* kSchema = R"sql(
CREATE TABLE meta (
  key TEXT PRIMARY KEY,
  value TEXT NOT NULL
);
INSERT INTO meta (key, value) VALUES ('schema_version', '0');

CREATE TABLE accounts (
  id INTEGER PRIMARY KEY,
  name TEXT NOT NULL UNIQUE,
  kind TEXT NOT NULL
    CHECK (kind IN ('player_cash', 'player_bonus', 'round', 'house', 'funding')),
  owner TEXT NOT NULL,
  currency TEXT NOT NULL,
  balance INTEGER NOT NULL DEFAULT 0
);

CREATE TABLE ops (
  key TEXT PRIMARY KEY,
  kind TEXT NOT NULL,
  fingerprint BLOB NOT NULL,
  result TEXT NOT NULL,
  created_ms INTEGER NOT NULL
) WITHOUT ROWID;

CREATE TABLE rounds (
  id TEXT PRIMARY KEY,
  table_id TEXT NOT NULL,
  game TEXT NOT NULL,
  seq INTEGER NOT NULL,
  state TEXT NOT NULL CHECK (state IN ('open', 'result', 'settled', 'cancelled')),
  result TEXT,
  reason TEXT,
  opened_ms INTEGER NOT NULL,
  result_ms INTEGER,
  closed_ms INTEGER,
  UNIQUE (table_id, seq)
);

CREATE TABLE bets (
  id INTEGER PRIMARY KEY,
  round_id TEXT NOT NULL REFERENCES rounds (id) DEFERRABLE INITIALLY DEFERRED,
  player_id INTEGER NOT NULL,
  currency TEXT NOT NULL,
  spot TEXT NOT NULL,
  amount INTEGER NOT NULL CHECK (amount > 0),
  cash_part INTEGER NOT NULL CHECK (cash_part >= 0),
  bonus_part INTEGER NOT NULL CHECK (bonus_part >= 0),
  status TEXT NOT NULL CHECK (status IN ('accepted', 'settled', 'refunded')),
  returned INTEGER CHECK (returned >= 0),
  place_key TEXT NOT NULL,
  settle_key TEXT,
  placed_ms INTEGER NOT NULL,
  CHECK (cash_part + bonus_part = amount)
);
CREATE INDEX bets_by_round ON bets (round_id, status);
CREATE INDEX bets_in_play_by_player ON bets (player_id) WHERE status = 'accepted';

CREATE TABLE transfers (
  id INTEGER PRIMARY KEY,
  op_key TEXT NOT NULL,
  debit_account INTEGER NOT NULL REFERENCES accounts (id) DEFERRABLE INITIALLY DEFERRED,
  credit_account INTEGER NOT NULL REFERENCES accounts (id) DEFERRABLE INITIALLY DEFERRED,
  amount INTEGER NOT NULL CHECK (amount > 0),
  bet_id INTEGER REFERENCES bets (id) DEFERRABLE INITIALLY DEFERRED,
  kind TEXT NOT NULL CHECK (kind IN ('fund', 'stake', 'stake_in', 'payout', 'refund')),
  CHECK (debit_account <> credit_account)
);
CREATE INDEX transfers_by_bet ON transfers (bet_id) WHERE bet_id IS NOT NULL;
)sql";

bool has_table(sqlite::Db& db, std::string_view name) {
  auto q = db.query("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ?");
  q.bind(name);
  return q.step();
}

bool has_column(sqlite::Db& db, std::string_view table, std::string_view column) {
  auto q = db.query("SELECT 1 FROM pragma_table_info(?) WHERE name = ?");
  q.bind(table, column);
  return q.step();
}

// Version 2: what was added to version 1 files in place before versions were counted
// (so each step tolerates having been done: IF NOT EXISTS, a column check), and issue
// 16's indexes: whether a player has bets in play is counted in memory by the writer
// (the partial index cost about a quarter of a bet's database time), and a round's bets
// are found by round alone (with the status in the index, settling a bet moved its
// entry).
void migrate_to_2(sqlite::Db& db) {
  db.exec(
      "CREATE INDEX IF NOT EXISTS bets_by_player ON bets (player_id, round_id);"
      "CREATE INDEX IF NOT EXISTS rounds_by_opened ON rounds (opened_ms);"
      "CREATE INDEX IF NOT EXISTS rounds_unended ON rounds (table_id) "
      "WHERE state IN ('open', 'result');"
      "DROP INDEX IF EXISTS bets_in_play_by_player;"
      "CREATE INDEX IF NOT EXISTS bets_of_round ON bets (round_id);"
      "DROP INDEX IF EXISTS bets_by_round;");
  if (!has_column(db, "rounds", "detail")) db.exec("ALTER TABLE rounds ADD COLUMN detail TEXT");
}

// The migrations in order: migrations[i] takes a file from version i to i + 1.
using Migration = void (*)(sqlite::Db&);
constexpr Migration kMigrations[] = {
    [](sqlite::Db& db) { db.exec(kSchema); },  // 0 -> 1: the first schema
    migrate_to_2,
};
static_assert(std::size(kMigrations) == 2, "kSchemaVersion names the last migration");

// Brings the file to kSchemaVersion, or refuses it. Runs in one write transaction so two
// processes opening a new file cannot both create it.
void ensure_schema(sqlite::Db& db) {
  const int latest = static_cast<int>(std::size(kMigrations));
  db.exec("BEGIN IMMEDIATE");
  try {
    int version = 0;
    if (has_table(db, "meta")) {
      auto text = db.scalar_text("SELECT value FROM meta WHERE key = 'schema_version'");
      char* end = nullptr;
      const long parsed = text ? std::strtol(text->c_str(), &end, 10) : -1;
      if (!text || *end != 0 || parsed < 1 || parsed > latest) {
        throw std::runtime_error("ledger database " + db.path() + " has schema_version " +
                                 text.value_or("(none)") + ", this server reads 1 to " +
                                 std::string(kSchemaVersion));
      }
      version = static_cast<int>(parsed);
    } else if (db.scalar_text("SELECT count(*) FROM sqlite_master") != "0") {
      throw std::runtime_error("ledger database " + db.path() +
                               " is an SQLite file of another application (no meta table)");
    }
    for (int v = version; v < latest; ++v) {
      kMigrations[v](db);
      db.query("UPDATE meta SET value = ? WHERE key = 'schema_version'")
          .bind(std::to_string(v + 1))
          .run();
    }
    db.exec("COMMIT");
  } catch (...) {
    db.exec("ROLLBACK");
    throw;
  }
}

void set_busy_timeout(sqlite::Db& db) {
  db.exec(("PRAGMA busy_timeout = " + std::to_string(kBusyTimeoutMs)).c_str());
}

}  // namespace

std::unique_ptr<sqlite::Db> open_write_connection(const std::string& path) {
  auto db = sqlite::Db::open(path, sqlite::Db::Mode::read_write_create);
  try {
    set_busy_timeout(*db);
    db->exec("PRAGMA journal_mode = WAL");
    db->exec("PRAGMA synchronous = FULL");
    db->exec("PRAGMA foreign_keys = ON");
    db->exec("PRAGMA temp_store = MEMORY");
    ensure_schema(*db);
    // A settlement's returns, written in bulk and applied to its bets by one UPDATE
    // (the connection's own, in memory; emptied by every settlement).
    db->exec(
        "CREATE TEMP TABLE settle_returns (bet_id INTEGER PRIMARY KEY, returned INTEGER NOT "
        "NULL)");
  } catch (const sqlite::Error& e) {
    throw std::runtime_error("cannot open ledger database " + path + ": " + e.what());
  }
  return db;
}

std::unique_ptr<sqlite::Db> open_read_connection(const std::string& path) {
  auto db = sqlite::Db::open(path, sqlite::Db::Mode::read_only);
  set_busy_timeout(*db);
  return db;
}

}  // namespace croupier::ledger
