// The tests' PostgreSQL server (header-only, so the module library stays free of test
// code). Under CTest it is the run's shared server (scripts/test-postgres, found through
// CROUPIER_TEST_PG_DIR); a test binary run by hand starts one of its own: initdb into a
// fresh temporary directory, listening on a Unix socket there only (no TCP port), stopped
// at the process's end. Each test takes a fresh database of it (named by the process, so
// that tests running side by side never share one), dropped when the process ends.
//
// The server's programs are found with `pg_config --bindir` (Debian's libpq-dev and
// postgresql packages); as root, the server runs as the `postgres` user (PostgreSQL
// refuses to run as root). A missing PostgreSQL fails the test: nothing is skipped.
//
// Thread-safety: for one test thread.
#pragma once

#include <pwd.h>
#include <stdlib.h>
#include <sys/stat.h>
#include <unistd.h>

#include <array>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <memory>
#include <stdexcept>
#include <string>
#include <vector>

#include "db/postgres.hpp"

namespace croupier::postgres::testing {

class TestServer {
 public:
  // The process's server, started at the first call.
  static TestServer& instance() {
    static TestServer server;
    return server;
  }

  // The address (a postgresql:// URI, as croupierd's --database takes) of a new, empty
  // database; with `from`, a copy of that database (which must have no connections).
  std::string fresh_database(const std::string& from = {}) {
    const std::string name = "t" + std::to_string(getpid()) + "_" + std::to_string(++databases_);
    auto admin = Db::open(conninfo("postgres"));
    admin->exec(("CREATE DATABASE " + name + (from.empty() ? "" : " TEMPLATE " + from)).c_str());
    names_.push_back(name);
    return conninfo(name);
  }

  std::string conninfo(const std::string& database) const {
    return "postgresql:///" + database + "?host=" + dir_ + "&port=" + std::to_string(kPort) +
           "&user=croupier";
  }

  ~TestServer() {
    if (!owned_) {
      try {
        auto admin = Db::open(conninfo("postgres"));
        for (const std::string& name : names_)
          admin->exec(("DROP DATABASE IF EXISTS " + name + " WITH (FORCE)").c_str());
      } catch (const std::exception&) {
        // The run's server is gone already: nothing to drop.
      }
      return;
    }
    run(as_owner() + bin("pg_ctl") + " -D " + dir_ + "/data -m immediate -w stop >/dev/null 2>&1");
    std::error_code ignored;
    std::filesystem::remove_all(dir_, ignored);
  }

 private:
  static constexpr int kPort = 5432;  // on a socket in our own directory: no clash

  TestServer() {
    if (const char* shared = std::getenv("CROUPIER_TEST_PG_DIR"); shared && *shared) {
      dir_ = shared;
      owned_ = false;
      return;
    }
    std::string pattern = (std::filesystem::temp_directory_path() / "croupier-pg-XXXXXX").string();
    if (!mkdtemp(pattern.data())) throw std::runtime_error("mkdtemp failed");
    dir_ = pattern;
    bindir_ = output_of("pg_config --bindir");
    if (bindir_.empty()) throw std::runtime_error("pg_config not found: install libpq-dev");
    if (geteuid() == 0) {
      const passwd* pw = getpwnam("postgres");
      if (!pw) throw std::runtime_error("no postgres user: install postgresql");
      if (chown(dir_.c_str(), pw->pw_uid, pw->pw_gid) != 0)
        throw std::runtime_error("cannot hand " + dir_ + " to postgres");
    }
    if (run(as_owner() + bin("initdb") + " -D " + dir_ +
            "/data -A trust -U croupier -E UTF8 --no-sync >" + dir_ + "/initdb.log 2>&1") != 0)
      throw std::runtime_error("initdb failed: see " + dir_ + "/initdb.log");
    const std::string options = "-k " + dir_ + " -p " + std::to_string(kPort) +
                                " -c listen_addresses='' -c fsync=off -c max_connections=200";
    if (run(as_owner() + bin("pg_ctl") + " -D " + dir_ + "/data -l " + dir_ +
            "/server.log -w -t 60 -o \"" + options + "\" start >/dev/null") != 0)
      throw std::runtime_error("PostgreSQL did not start: see " + dir_ + "/server.log");
  }

  std::string bin(const std::string& name) const { return bindir_ + "/" + name; }
  static std::string as_owner() { return geteuid() == 0 ? "runuser -u postgres -- " : ""; }
  static int run(const std::string& command) { return std::system(command.c_str()); }
  static std::string output_of(const std::string& command) {
    std::string out;
    std::unique_ptr<FILE, int (*)(FILE*)> pipe(popen(command.c_str(), "r"), pclose);
    if (!pipe) return out;
    std::array<char, 256> buffer{};
    while (fgets(buffer.data(), buffer.size(), pipe.get())) out += buffer.data();
    while (!out.empty() && (out.back() == '\n' || out.back() == ' ')) out.pop_back();
    return out;
  }

  std::string dir_;
  std::string bindir_;
  bool owned_ = true;  // started here (else the run's shared server)
  int databases_ = 0;
  std::vector<std::string> names_;
};

}  // namespace croupier::postgres::testing
