#include "store/store.hpp"

#include <gtest/gtest.h>
#include <unistd.h>

#include <cctype>
#include <filesystem>
#include <mutex>
#include <set>
#include <thread>

#include "db/postgres_testing.hpp"
#include "db/sqlite.hpp"

namespace croupier::store {
namespace {

enum class Engine { sqlite, postgres };

// Every test runs on both engines: a node's SQLite file, and the PostgreSQL database a
// cluster's nodes share.
class StoreTest : public ::testing::TestWithParam<Engine> {
 protected:
  void SetUp() override {
    dir = std::filesystem::temp_directory_path() / ("store-test-" + std::to_string(::getpid()));
    std::filesystem::create_directories(dir);
    location = GetParam() == Engine::sqlite
                   ? (dir / "app.db").string()
                   : postgres::testing::TestServer::instance().fresh_database();
    store = Store::open(location);
  }
  void TearDown() override {
    store.reset();
    std::filesystem::remove_all(dir);
  }
  Player launch(const std::string& external, const std::string& name) {
    return store->upsert_player({"op", external, name, "EUR", "", "en"}, 1).first;
  }
  std::filesystem::path dir;
  std::string location;
  std::unique_ptr<Store> store;
};

INSTANTIATE_TEST_SUITE_P(Engines, StoreTest, ::testing::Values(Engine::sqlite, Engine::postgres),
                         [](const auto& info) {
                           return info.param == Engine::sqlite ? "Sqlite" : "Postgres";
                         });

TEST_P(StoreTest, AChosenScreenNameIsUniqueAndOutlivesTheOperatorsName) {
  Player ann = launch("a", "ann-from-operator");
  Player bob = launch("b", "bob-from-operator");
  launch("c", "cat-from-operator");
  EXPECT_TRUE(store->set_screen_name(ann.id, "Annie", "annie", 2));
  EXPECT_FALSE(store->set_screen_name(bob.id, "ANNIE", "annie", 3));  // chosen by Ann
  EXPECT_FALSE(store->set_screen_name(bob.id, "Cat-From-Operator", "cat-from-operator", 3));
  EXPECT_EQ(store->player(bob.id)->screen_name, "bob-from-operator");
  // The operator's next launch keeps Ann's choice; Bob's name follows the operator.
  EXPECT_EQ(launch("a", "ann-renamed-by-operator").screen_name, "Annie");
  EXPECT_EQ(launch("b", "robert").screen_name, "robert");
  // Ann changes again: her old name is free for Bob.
  EXPECT_TRUE(store->set_screen_name(ann.id, "Anna", "anna", 4));
  EXPECT_TRUE(store->set_screen_name(bob.id, "Annie", "annie", 5));
  // Another operator's players may use the same name.
  Player other = store->upsert_player({"op2", "a", "x", "EUR", "", "en"}, 1).first;
  EXPECT_TRUE(store->set_screen_name(other.id, "Annie", "annie", 6));
}

TEST_P(StoreTest, ACampaignIsSavedReplacedAndListedPerOperator) {
  EXPECT_FALSE(store->campaign("demo", "welcome"));
  store->save_campaign({"demo", "welcome", R"({"name":"Welcome"})", 1});
  store->save_campaign({"demo", "reload", R"({"name":"Reload"})", 2});
  store->save_campaign({"other", "welcome", R"({"name":"Theirs"})", 3});
  store->save_campaign({"demo", "welcome", R"({"name":"Welcome back"})", 4});
  auto welcome = store->campaign("demo", "welcome");
  ASSERT_TRUE(welcome);
  EXPECT_EQ(welcome->terms_json, R"({"name":"Welcome back"})");
  EXPECT_EQ(welcome->updated_ms, 4);
  auto listed = store->campaigns("demo");
  ASSERT_EQ(listed.size(), 2u);
  EXPECT_EQ(listed[0].id, "reload");
  EXPECT_EQ(listed[1].id, "welcome");
  EXPECT_EQ(store->campaign("other", "welcome")->terms_json, R"({"name":"Theirs"})");
}

TEST_P(StoreTest, OperatorGivenNamesCompareByTheGatewaysRule) {
  Player ann = launch("a", "Jose\u0301");  // from the operator, decomposed
  Player bob = launch("b", "b");
  // The gateway's rule (here: composed é, and lower case) applies to the operator's names.
  store->use_name_key([](std::string_view name) {
    std::string k(name);
    if (auto at = k.find("e\u0301"); at != std::string::npos) k.replace(at, 3, "\u00e9");
    for (char& c : k) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    return k;
  });
  EXPECT_FALSE(store->set_screen_name(bob.id, "Jos\u00e9", "jos\u00e9", 2));  // Ann's name
  EXPECT_EQ(store->player(ann.id)->screen_name, "Jose\u0301");
  EXPECT_TRUE(store->set_screen_name(bob.id, "Josie", "josie", 2));
}

TEST_P(StoreTest, KeysMadeByAnEarlierRuleAreBroughtUpToTheNewOne) {
  Player ann = launch("a", "a");
  Player bob = launch("b", "b");
  Player cat = launch("c", "c");
  // Under the old rule "Ann" and "Anne" had keys of their own; the new one makes them one.
  EXPECT_TRUE(store->set_screen_name(ann.id, "Ann", "k-ann", 2));
  EXPECT_TRUE(store->set_screen_name(bob.id, "Anne", "k-anne", 3));
  EXPECT_TRUE(store->set_screen_name(cat.id, "Zed", "k-zed", 4));
  auto rule = [](const std::string& name) {
    return name.rfind("Ann", 0) == 0 ? std::string("ann") : "new-" + name;
  };
  EXPECT_EQ(store->rekey_screen_names(rule), 1u);  // Bob's would clash with Ann's: kept
  EXPECT_EQ(store->rekey_screen_names(rule), 1u);  // and stays so; nothing else moves
  Player dan = launch("d", "d");
  EXPECT_FALSE(store->set_screen_name(dan.id, "Zzz", "new-Zed", 5));  // Cat's, rekeyed
  EXPECT_FALSE(store->set_screen_name(dan.id, "Annie", "ann", 5));    // Ann's, rekeyed
  EXPECT_FALSE(store->set_screen_name(dan.id, "Ann2", "k-anne", 5));  // Bob's, kept
  EXPECT_TRUE(store->set_screen_name(dan.id, "Dan", "new-Dan", 5));
}

TEST_P(StoreTest, TwoNodesSeeTheSamePlayersSessionsAndSettings) {
  auto other = Store::open(location);  // a second node (or a restart) on the same database
  Player ann = launch("a", "ann");
  EXPECT_EQ(other->upsert_player({"op", "a", "ann", "EUR", "", "en"}, 2).first.id, ann.id);
  store->insert_session({"s1", ann.id, 1, 1, SessionState::active, "", "{\"x\":1}"});
  auto seen = other->session("s1");
  ASSERT_TRUE(seen.has_value());
  EXPECT_EQ(seen->player_id, ann.id);
  EXPECT_EQ(seen->params_json, "{\"x\":1}");
  other->touch_session("s1", 50);
  store->touch_session("s1", 40);  // older news from the first node: kept at 50
  EXPECT_EQ(store->session("s1")->last_seen_ms, 50);
  store->insert_session({"s2", ann.id, 2, 2, SessionState::active, "", "{}"});
  EXPECT_EQ(other->terminate_sessions(ann.id, "replaced", "s2"), std::vector<std::string>{"s1"});
  EXPECT_EQ(store->session("s1")->state, SessionState::terminated);
  EXPECT_EQ(store->session("s1")->reason, "replaced");
  other->save_player_settings(ann.id, {{"sound", "0.5"}}, 3);
  EXPECT_EQ(store->player_settings(ann.id).at("sound"), "0.5");
  EXPECT_TRUE(other->set_screen_name(ann.id, "Annie", "annie", 4));
  EXPECT_EQ(store->player(ann.id)->screen_name, "Annie");
  Player bob = launch("b", "bob");
  EXPECT_FALSE(store->set_screen_name(bob.id, "ANNIE", "annie", 5));
}

TEST_P(StoreTest, ALaunchTokenOpensOneSessionEvenWhenTwoNodesAreGivenItAtOnce) {
  Player ann = launch("a", "ann");
  store->insert_launch_token({"tok", ann.id, "{}", 1000});
  auto other = Store::open(location);
  std::optional<LaunchToken> first, second;
  std::thread a([&] { first = store->consume_launch_token("tok", 10); });
  std::thread b([&] { second = other->consume_launch_token("tok", 10); });
  a.join();
  b.join();
  EXPECT_NE(first.has_value(), second.has_value());
  EXPECT_EQ((first ? first : second)->player_id, ann.id);
  EXPECT_FALSE(store->consume_launch_token("tok", 10).has_value());
  store->insert_launch_token({"old", ann.id, "{}", 5});
  EXPECT_FALSE(store->consume_launch_token("old", 10).has_value());  // expired
}

TEST_P(StoreTest, ThePlayerLaunchedOnTwoNodesAtOnceIsOnePlayer) {
  auto other = Store::open(location);
  std::set<int64_t> ids;
  std::mutex mu;
  std::vector<std::thread> launches;
  for (int i = 0; i < 8; ++i) {
    launches.emplace_back([&, i] {
      Store& s = i % 2 ? *other : *store;
      auto [p, created] = s.upsert_player({"op", "same", "x", "EUR", "", "en"}, i);
      std::lock_guard lock(mu);
      ids.insert(p.id);
    });
  }
  for (auto& t : launches) t.join();
  EXPECT_EQ(ids.size(), 1u);
}

TEST(StoreMigration, AVersionOneFileKeepsItsPlayersAndComparesTheirNamesAfterwards) {
  const auto dir =
      std::filesystem::temp_directory_path() / ("store-v1-" + std::to_string(::getpid()));
  std::filesystem::create_directories(dir);
  const std::string path = (dir / "app.db").string();
  {
    // The file as the first version of the store left it.
    auto db = sqlite::Db::open(path, sqlite::Db::Mode::read_write_create);
    db->exec(
        "CREATE TABLE meta(key TEXT PRIMARY KEY, value TEXT NOT NULL);"
        "INSERT INTO meta VALUES('schema_version','1');"
        "CREATE TABLE players(id INTEGER PRIMARY KEY, operator_id TEXT NOT NULL, external_id "
        "TEXT NOT NULL, screen_name TEXT NOT NULL, currency TEXT NOT NULL, country TEXT NOT "
        "NULL, language TEXT NOT NULL, created_ms INTEGER NOT NULL, UNIQUE(operator_id, "
        "external_id));"
        "INSERT INTO players VALUES(7,'op','a','Zoe','EUR','','en',1);");
  }
  auto store = Store::open(path);
  ASSERT_TRUE(store->player(7).has_value());
  EXPECT_EQ(store->player(7)->screen_name, "Zoe");
  Player bob = store->upsert_player({"op", "b", "bob", "EUR", "", "en"}, 2).first;
  EXPECT_FALSE(store->set_screen_name(bob.id, "ZOE", "zoe", 3)) << "Zoe's, by the new column";
  EXPECT_TRUE(store->set_screen_name(bob.id, "Bo", "bo", 3));
  store.reset();
  EXPECT_NO_THROW(Store::open(path)) << "opened again at version 2";
  std::filesystem::remove_all(dir);
}

// Italian game sessions: one open at a time per player, money brought in only while it is
// open, ended once, and listed for the history by the time they cover.
// The statistics collector's reports: summed by table and rendition over a period, a
// session's meta kept once, and the store kept to its newest reports and last week.
TEST_P(StoreTest, VideoReportsAreSummedByTableAndRenditionAndKeptBounded) {
  Player p = launch("vid-1", "Vera");
  VideoSessionMeta meta{"vs-00000001", p.id, "rou-1", "Chrome",  "Android",
                        "mobile",      "IT", "4g",    "360x640", 1000};
  store->add_video_session(meta);
  store->add_video_session(meta);  // a repeat is ignored
  auto report = [&](std::string session, std::string rendition, int64_t at, int64_t played,
                    int64_t stalled, std::optional<int64_t> startup) {
    VideoStatsRow r;
    r.session_id = std::move(session);
    r.player_id = p.id;
    r.received_ms = at;
    r.table_id = "rou-1";
    r.rendition = std::move(rendition);
    r.bitrate_kbps = 800;
    r.stalls = stalled > 0 ? 1 : 0;
    r.stall_ms = stalled;
    r.played_ms = played;
    r.startup_ms = startup;
    r.latency_ms = 2000;
    store->add_video_stats(r);
  };
  report("vs-00000001", "high", 2000, 10'000, 0, 900);
  report("vs-00000001", "high", 12'000, 9'000, 1'000, std::nullopt);
  report("vs-00000002", "high", 13'000, 10'000, 0, 1'100);
  report("vs-00000001", "low", 22'000, 10'000, 0, std::nullopt);
  auto rows = store->video_report(0, 20'000, "op");
  ASSERT_EQ(rows.size(), 1u);  // the low report is after the period
  EXPECT_EQ(rows[0].table_id, "rou-1");
  EXPECT_EQ(rows[0].rendition, "high");
  EXPECT_EQ(rows[0].sessions, 2);
  EXPECT_EQ(rows[0].reports, 3);
  EXPECT_EQ(rows[0].played_ms, 29'000);
  EXPECT_EQ(rows[0].stall_ms, 1'000);
  EXPECT_EQ(rows[0].stalls, 1);
  EXPECT_EQ(rows[0].startup_ms_mean, 1000);  // of the reports that had one
  EXPECT_EQ(rows[0].latency_ms_mean, 2000);
  EXPECT_EQ(store->video_report(0, 30'000, "op").size(), 2u);
  // Another operator's report has none of them.
  EXPECT_TRUE(store->video_report(0, 30'000, "other-op").empty());

  // Kept: the newest two reports.
  EXPECT_EQ(store->trim_video_stats(2, 30'000, 86'400'000), 2);
  EXPECT_EQ(store->video_stats_count(), 2);
  auto kept = store->video_report(0, 30'000, "op");
  ASSERT_EQ(kept.size(), 2u);
  EXPECT_EQ(kept[0].played_ms, 10'000);  // high: the report at 13 s
  EXPECT_EQ(kept[1].rendition, "low");
  // A week later nothing is left.
  EXPECT_EQ(store->trim_video_stats(100, 30'000 + 8 * 86'400'000LL, 7 * 86'400'000LL), 2);
  EXPECT_EQ(store->video_stats_count(), 0);
}

TEST_P(StoreTest, AnItalianSessionTakesMoneyWhileOpenAndEndsOnce) {
  Player p = launch("it-1", "Giulia");
  EXPECT_FALSE(store->open_regulated_session(p.id, 1000));
  RegulatedSession s{"ITaaa", "TKaaa", p.id, "EUR", 0, 1000, 61'000, std::nullopt};
  store->create_regulated_session(s);
  auto open = store->open_regulated_session(p.id, 2000);
  ASSERT_TRUE(open);
  EXPECT_EQ(open->id, "ITaaa");
  EXPECT_EQ(open->ticket_id, "TKaaa");
  EXPECT_TRUE(store->bring_into_session("ITaaa", p.id, 10'00000, 2000));
  EXPECT_TRUE(store->bring_into_session("ITaaa", p.id, 5'00000, 3000));
  EXPECT_FALSE(store->bring_into_session("ITaaa", p.id + 1, 5'00000, 3000));  // not theirs
  EXPECT_EQ(store->open_regulated_session(p.id, 3000)->brought, 15'00000);
  // Past its time it is no longer open and takes nothing.
  EXPECT_FALSE(store->open_regulated_session(p.id, 61'000));
  EXPECT_FALSE(store->bring_into_session("ITaaa", p.id, 1'00000, 61'000));
  store->create_regulated_session({"ITbbb", "TKbbb", p.id, "EUR", 0, 70'000, 130'000, {}});
  auto ended = store->end_regulated_session("ITbbb", p.id, 80'000);
  ASSERT_TRUE(ended);
  EXPECT_EQ(ended->ended_ms, 80'000);
  EXPECT_EQ(store->end_regulated_session("ITbbb", p.id, 90'000)->ended_ms, 80'000);  // once
  EXPECT_FALSE(store->end_regulated_session("ITbbb", p.id + 1, 90'000));
  EXPECT_FALSE(store->open_regulated_session(p.id, 85'000));
  EXPECT_FALSE(store->bring_into_session("ITbbb", p.id, 1'00000, 85'000));
  auto listed = store->regulated_sessions(p.id, 0);
  ASSERT_EQ(listed.size(), 2u);
  EXPECT_EQ(listed[0].id, "ITaaa");
  EXPECT_EQ(listed[1].id, "ITbbb");
  EXPECT_EQ(store->regulated_sessions(p.id, 100'000).size(), 0u);
}

}  // namespace
}  // namespace croupier::store
