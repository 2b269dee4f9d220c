// Sessions with a bound on how long they last (docs/regulation.md): a micro-game session
// and a session-time limit end the session whatever the activity, and a change of the
// player's limits moves the bound of the sessions already open.
#include "gateway/sessions.hpp"

#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>

#include "config/casino.hpp"
#include "gateway/limits.hpp"

namespace croupier::gateway {
namespace {

using namespace std::chrono_literals;

class SessionLife : public ::testing::Test {
 protected:
  void SetUp() override {
    dir = std::filesystem::temp_directory_path() / ("sessions-test-" + std::to_string(::getpid()));
    std::filesystem::create_directories(dir);
    store = store::Store::open((dir / "app.db").string());
    player = store->upsert_player({"micro", "p-1", "Ada", "EUR", "", "en"}, 1).first;
  }
  void TearDown() override {
    store.reset();
    std::filesystem::remove_all(dir);
  }
  std::filesystem::path dir;
  std::unique_ptr<store::Store> store;
  store::Player player;
  SimClock clock;
};

TEST_F(SessionLife, ASessionPastItsLifetimeEndsAsExpiredWhateverTheActivity) {
  Sessions sessions(*store, clock, 20min);
  int64_t lifetime = 60'000;
  sessions.set_lifetime([&](const store::Player&) { return lifetime; });
  std::vector<std::pair<std::string, AuthFailure>> heard;
  sessions.add_listener(
      [&](const std::string& id, AuthFailure why) { heard.emplace_back(id, why); });
  AuthedSession s = sessions.create(player, "{}");
  for (int i = 0; i < 5; ++i) {  // busy all along
    clock.advance(11s);
    ASSERT_TRUE(sessions.authenticate(s.id).ok());
  }
  clock.advance(5s);  // 60 s since it opened
  auto r = sessions.authenticate(s.id);
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(r.error(), AuthFailure::expired);
  sessions.sweep();  // its sockets hear of it
  ASSERT_EQ(heard.size(), 1u);
  EXPECT_EQ(heard[0], std::pair(s.id, AuthFailure::expired));
  // A bound set later (a session-time limit lowered) applies to the open session too.
  lifetime = 0;
  AuthedSession t = sessions.create(player, "{}");
  clock.advance(10min);
  ASSERT_TRUE(sessions.authenticate(t.id).ok());
  lifetime = 5 * 60'000;
  sessions.refresh_lifetime(player.id);
  EXPECT_EQ(sessions.authenticate(t.id).error(), AuthFailure::expired);
}

TEST_F(SessionLife, TheLifetimeIsTheShorterOfTheMicroGameSessionAndTheSessionTimeLimit) {
  auto casino = config::parse_casino(R"({
    "operators": [
      {"id": "micro", "name": "Micro", "secret": "micro-operator-secret-01",
       "casinoConfig": {"micro_gaming": true, "estimated_micro_game_session_time": 20}},
      {"id": "plain", "name": "Plain", "secret": "plain-operator-secret-01"}],
    "tables": [{"id": "rou-1", "name": "Roulette", "game": "roulette",
                "limits": {"EUR": {"min": "1.00", "tableMax": "500.00", "insideMax": "100.00",
                                   "outsideMax": "500.00", "chips": ["1.00"]}}}]})",
                                     ".");
  ASSERT_TRUE(casino.ok()) << casino.error();
  const int64_t now = clock.wall_ms();
  EXPECT_EQ(session_lifetime_ms(*store, *casino, player, now), 20 * 60'000);
  store::LimitRow limit;
  limit.player_id = player.id;
  limit.kind = "session_time";
  limit.set_by = "operator";
  limit.amount = 15;
  store->save_limit(limit, now);
  EXPECT_EQ(session_lifetime_ms(*store, *casino, player, now), 15 * 60'000);
  store::Player plain = store->upsert_player({"plain", "p-2", "Bo", "EUR", "", "en"}, 1).first;
  EXPECT_EQ(session_lifetime_ms(*store, *casino, plain, now), 0);
  limit.player_id = plain.id;
  limit.amount = 90;
  store->save_limit(limit, now);
  EXPECT_EQ(session_lifetime_ms(*store, *casino, plain, now), 90 * 60'000);
}

}  // namespace
}  // namespace croupier::gateway
