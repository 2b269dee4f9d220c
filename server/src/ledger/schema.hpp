// The ledger's SQLite schema and how its connections are opened, private to the ledger.
//
// The write connection sets WAL, synchronous=FULL (a committed batch survives a power
// cut), foreign keys and a busy timeout, and brings the file to the current schema: the
// numbered migrations after the file's `schema_version` run in order, each with its new
// version in one transaction (all of them for an empty file). A file of a later version
// than this server knows, or of another application, is refused. Read connections are read-only:
// under WAL they see the last committed state without ever blocking the writer.
//
// Thread-safety: the functions may be called from any thread; each returned connection
// belongs to one thread at a time (see db/sqlite.hpp).
#pragma once

#include <memory>
#include <string>

#include "db/postgres.hpp"
#include "db/sqlite.hpp"

namespace croupier::ledger {

// The schema version this server writes (the last migration's number).
inline constexpr std::string_view kSchemaVersion = "6";
inline constexpr int kBusyTimeoutMs = 5000;

// Throws std::runtime_error (or sqlite::Error, which is one) with a message naming the
// file when it cannot be opened, is not a database, or holds another schema.
std::unique_ptr<sqlite::Db> open_write_connection(const std::string& path);
std::unique_ptr<sqlite::Db> open_read_connection(const std::string& path);

// Whether the database has a table of this name (ledger-check's first question).
bool has_table(sqlite::Db& db, std::string_view name);
bool has_table(postgres::Db& db, std::string_view name);

// Whether a ledger location names a PostgreSQL database (a postgres:// or postgresql://
// URI) rather than an SQLite file.
bool is_postgres_location(std::string_view location);
// The same on PostgreSQL: the write connection brings the database to the current schema
// (the same version numbers as SQLite's); the read connection is a plain one.
std::unique_ptr<postgres::Db> open_postgres_write_connection(const std::string& conninfo);
std::unique_ptr<postgres::Db> open_postgres_read_connection(const std::string& conninfo);

}  // namespace croupier::ledger
