#include "config/settings.hpp"

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>

namespace croupier::config {
namespace {

Result<LoadedSettings, std::string> load(std::vector<const char*> args,
                                         std::vector<const char*> env = {}) {
  args.insert(args.begin(), "croupierd");
  env.push_back(nullptr);
  return load_settings(static_cast<int>(args.size()), args.data(), env.data());
}

TEST(Settings, DefaultsFileEnvironmentAndFlagsInIncreasingPrecedence) {
  auto dir = std::filesystem::temp_directory_path() / "croupier-settings-test";
  std::filesystem::create_directories(dir);
  std::string file = (dir / "c.json").string();
  std::ofstream(file)
      << R"({"port": 9000, "data_dir": "/from/file", "spin_ms": 777, "allowed_origins": ["https://a.example"]})";

  auto defaults = load({});
  ASSERT_TRUE(defaults.ok());
  EXPECT_EQ(defaults->settings.port, 8080);
  EXPECT_EQ(defaults->settings.data_dir, "./var");
  EXPECT_EQ(defaults->command, "serve");

  auto from_file = load({"--config", file.c_str()});
  ASSERT_TRUE(from_file.ok()) << from_file.error();
  EXPECT_EQ(from_file->settings.port, 9000);
  EXPECT_EQ(from_file->settings.spin_ms, 777);
  ASSERT_EQ(from_file->settings.allowed_origins.size(), 1u);

  auto env = load({"--config", file.c_str()}, {"PORT=9100", "CROUPIER_DATA_DIR=/from/env"});
  EXPECT_EQ(env->settings.port, 9100);
  EXPECT_EQ(env->settings.data_dir, "/from/env");

  auto flags =
      load({"--config", file.c_str(), "--port=9200", "--data-dir", "/from/flag", "--rng-seed", "5"},
           {"PORT=9100"});
  EXPECT_EQ(flags->settings.port, 9200);
  EXPECT_EQ(flags->settings.data_dir, "/from/flag");
  EXPECT_EQ(flags->settings.rng_seed, 5u);
}

TEST(Settings, BadInputIsAnErrorNamingTheSetting) {
  auto unknown = load({"--no-such-thing", "1"});
  ASSERT_FALSE(unknown.ok());
  EXPECT_NE(unknown.error().find("no_such_thing"), std::string::npos);
  auto bad_port = load({"--port", "99999"});
  ASSERT_FALSE(bad_port.ok());
  EXPECT_NE(bad_port.error().find("port"), std::string::npos);
  auto bad_env = load({}, {"CROUPIER_BETTING_MS=soon"});
  ASSERT_FALSE(bad_env.ok());
  EXPECT_NE(bad_env.error().find("CROUPIER_BETTING_MS"), std::string::npos);
  EXPECT_FALSE(load({"--port"}).ok());
  EXPECT_FALSE(load({"--config", "/no/such/file.json"}).ok());
  auto embedding = load({"--cross-site-embedding", "true"});
  ASSERT_FALSE(embedding.ok());
  EXPECT_NE(embedding.error().find("secure_cookies"), std::string::npos);
  EXPECT_TRUE(load({"--cross-site-embedding", "true", "--secure-cookies", "true"}).ok());
}

TEST(Settings, TheLedgerIsAFileInTheDataDirOrAPostgresDatabase) {
  auto file = load({"--data-dir", "/srv/casino"});
  ASSERT_TRUE(file.ok());
  EXPECT_EQ(file->settings.ledger_location(), "/srv/casino/ledger.db");
  auto pg = load({"--database", "postgres://croupier:secret@db.internal:5432/casino"});
  ASSERT_TRUE(pg.ok());
  EXPECT_EQ(pg->settings.ledger_location(), "postgres://croupier:secret@db.internal:5432/casino");
  EXPECT_TRUE(load({}, {"CROUPIER_DATABASE=postgresql:///casino?host=/run/pg"}).ok());
  EXPECT_EQ(load({"--node-id", "node-2"})->settings.node_id, "node-2");
  EXPECT_FALSE(load({"--node-id", "a b"}).ok());  // it becomes a metrics label
  auto other = load({"--database", "mysql://db/casino"});
  ASSERT_FALSE(other.ok());
  EXPECT_NE(other.error().find("postgres://"), std::string::npos);
}

TEST(Settings, CommandsAndHelp) {
  EXPECT_EQ(load({"ledger-check", "--data-dir", "/x"})->command, "ledger-check");
  EXPECT_TRUE(load({"--help"})->help);
  std::string help = settings_help();
  for (const char* name :
       {"--port", "--data-dir", "--betting-ms", "--rng-seed", "--ws-send-queue-max"}) {
    EXPECT_NE(help.find(name), std::string::npos) << name;
  }
}

}  // namespace
}  // namespace croupier::config
