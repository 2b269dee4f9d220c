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

#include "db/sqlite.hpp"

namespace croupier::ledger {

// The schema version this server writes (the last migration's number).
inline constexpr std::string_view kSchemaVersion = "2";
inline constexpr int kBusyTimeoutMs = 5000;

// Throws std::runtime_error (or sqlite::Error, which is one) with a message naming the
// file when it cannot be opened, is not a database, or holds another schema.
std::unique_ptr<sqlite::Db> open_write_connection(const std::string& path);
std::unique_ptr<sqlite::Db> open_read_connection(const std::string& path);

}  // namespace croupier::ledger
