// Crash tables over real sockets (docs/games/crash.md): a thousand players hold bets on one
// flight while cash-outs arrive around its crash instant, automatic ones fire at their
// targets, some commands are sent twice; every cash-out before the crash is paid exactly
// once at its multiplier, every one after is refused with a code, and the ledger balances.
#include <gtest/gtest.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <map>
#include <set>
#include <thread>

#include "games/crash/crash.hpp"
#include "games/crash/crash_engine.hpp"
#include "support/harness.hpp"
#include "support/time_scale.hpp"

namespace croupier::testing {
namespace {

namespace crash = games::crash;

// Every round crashes at 3.00×, 10,987 ms after its launch.
constexpr int64_t kCrash = 300;
constexpr const char* kSpacemanCasino = R"({
  "operators": [{"id": "demo", "name": "Test Casino", "secret": "test-operator-secret-0123",
                 "demo": true, "funMoney": "100.00", "currency": "EUR"}],
  "tables": [
    {"id": "sm-t", "name": "Spaceman", "game": "crash", "variant": "spaceman", "type": "spaceman",
     "scriptedResults": ["3.00", "3.00", "3.00", "3.00", "3.00", "3.00", "3.00", "3.00", "3.00",
                         "3.00", "3.00", "3.00", "3.00", "3.00", "3.00", "3.00", "3.00", "3.00"],
     "timings": {"bettingMs": 8000, "closingSoonMs": 1000, "betsClosedMs": 500, "spinMs": 500,
                 "resultMs": 1000, "nextGameMs": 500},
     "limits": {"EUR": {"min": "0.10", "mainMax": "100.00", "sideMax": "100.00",
                        "tableMax": "200.00", "chips": ["0.10", "1.00"]}}}
  ]})";

int64_t wall_ms() {
  return std::chrono::duration_cast<std::chrono::milliseconds>(
             std::chrono::system_clock::now().time_since_epoch())
      .count();
}

std::string type_of(const json::object& m) {
  return std::string(m.at("type").as_string());
}

// What one player does in the flight.
struct Crasher {
  explicit Crasher(Player player) : p(std::move(player)) {}
  Player p;
  int role = 0;                   // 0 auto, 1 manual, 2 manual sent twice, 3 half then rest
  int64_t at_ms = 0;              // manual: when to send, after the launch
  std::optional<int64_t> target;  // auto: the target (hundredths)
  std::optional<int64_t> half_target;
  std::vector<std::pair<int64_t, std::string>> sends;  // (ms after launch, request id) sent
  std::vector<json::object> acks;                      // cashoutack
  std::vector<json::object> autos;                     // automatic cash-outs ("mine")
  std::string betack;                                  // the bet's answer, as received
  bool bet_ok = false, result = false, half_sent = false, full_sent = false;
};

TEST(Spaceman, AThousandPlayersCashOutAroundTheCrashAndEachIsPaidOnceOrRefused) {
  constexpr int kPlayers = 1000;
  // The table's 8 s of betting, not the harness's 1.5 s: a thousand bets and targets must
  // reach the server in time on a slow build too.
  auto server = start_with_casino(
      "croupier-spaceman", kSpacemanCasino,
      {"--ws-per-address-max", "4000", "--connections-max", "5000", "--betting-ms", "8000"});
  const uint16_t port = server->port();
  std::vector<std::unique_ptr<Crasher>> players;
  for (int i = 0; i < kPlayers; ++i) {
    auto c = std::make_unique<Crasher>(join_as_guest(port, "sm-t"));
    c->role = i % 4;
    // Manual cash-outs spread from 8 s to 12.5 s after the launch: the crash is at 10.99 s
    // and the result 0.3 s later.
    c->at_ms = 8000 + (i * 4500) / kPlayers;
    if (c->role == 0) {
      // Targets from 1.10× to 4.09×; every third one also cashes half at 1.05×.
      c->target = 110 + (i * 300) / kPlayers;
      if (i % 3 == 0) c->half_target = 105;
    }
    players.push_back(std::move(c));
    // What the joined ones were sent meanwhile is read (and dropped below): on a slow build
    // the joining takes long enough for an unread socket to be closed as a slow consumer.
    if (i % 25 == 24)
      for (auto& joined : players) joined->p.ws->poll();
  }

  // The next round to open from now with most of its betting time ahead (what the sockets
  // buffered while players joined is dropped, and so is a round that opened while a slow
  // build still read it): everyone bets 1.00 on BET_1; the automatic ones set their targets.
  for (auto& c : players) c->p.ws->poll();
  std::string game;
  const int64_t no_round_after = wall_ms() + test_time(std::chrono::milliseconds(90000)).count();
  while (game.empty() && wall_ms() < no_round_after) {
    for (auto& c : players)
      for (auto& m : c->p.ws->poll())
        if (type_of(m) == "betsopen" && c.get() == players.front().get() &&
            m.at("endsAt").as_int64() - wall_ms() >= 6000)
          game = std::string(m.at("gameId").as_string());
    if (game.empty()) std::this_thread::sleep_for(std::chrono::milliseconds(5));
  }
  ASSERT_FALSE(game.empty()) << "no round opened";
  for (size_t i = 0; i < players.size(); ++i) {
    Crasher& c = *players[i];
    if (c.target) {
      std::string xml = "<autocashout tableId=\"sm-t\" requestId=\"a" + std::to_string(i) +
                        "\" bet=\"BET_1\" at=\"" + crash::multiplier_text(*c.target) + "\"";
      if (c.half_target) xml += " halfAt=\"" + crash::multiplier_text(*c.half_target) + "\"";
      c.p.ws->send(xml + "/>");
    }
    c.p.ws->send(
        pbet_xml("pbet", "sm-t", game, c.p.id, "b" + std::to_string(i), {{"BET_1", "1.00"}}));
  }

  // Pump every socket; once launched, send each manual cash-out when it is due.
  std::optional<int64_t> launched_at;
  std::optional<json::object> crashed;
  size_t results = 0;
  const int64_t give_up = wall_ms() + test_time(std::chrono::milliseconds(60000)).count();
  int64_t last_count = 0;
  auto answered = [&] {
    for (const auto& c : players)
      if (c->acks.size() < c->sends.size()) return false;
    return true;
  };
  auto all_sent = [&] { return launched_at && wall_ms() - *launched_at > 12600; };
  while ((results < players.size() || !all_sent() || !answered()) && wall_ms() < give_up) {
    for (size_t i = 0; i < players.size(); ++i) {
      Crasher& c = *players[i];
      for (auto& m : c.p.ws->poll()) {
        const std::string type = type_of(m);
        if (type == "betack") {
          c.bet_ok = m.at("accepted").as_array().size() == 1;
          c.betack = json::serialize(m);
        }
        if (type == "autocashoutack") {
          EXPECT_FALSE(m.contains("code")) << json::serialize(m);
        }
        if (type == "launch" && !launched_at) launched_at = m.at("launchedAt").as_int64();
        if (type == "crash" && !crashed) crashed = m;
        if (type == "cashoutack") c.acks.push_back(m);
        if (type == "cashouts") {
          last_count = std::max<int64_t>(last_count, m.at("count").as_int64());
          if (m.contains("mine"))
            for (auto& a : m.at("mine").as_array()) c.autos.push_back(a.as_object());
        }
        if (type == "gameresult" && m.at("gameId").as_string() == game && !c.result) {
          c.result = true;
          ++results;
        }
      }
      if (!launched_at || c.role == 0 || !c.bet_ok) continue;
      const int64_t since = wall_ms() - *launched_at;
      auto send = [&](const std::string& rid, bool half) {
        c.p.ws->send("<cashout tableId=\"sm-t\" requestId=\"" + rid + "\" gameId=\"" + game +
                     "\" bet=\"BET_1\"" + (half ? " part=\"half\"" : "") + "/>");
        c.sends.emplace_back(since, rid);
      };
      if (c.role == 3 && !c.half_sent && since >= c.at_ms - 3000) {
        c.half_sent = true;
        send("h" + std::to_string(i), true);
      }
      if (!c.full_sent && since >= c.at_ms) {
        c.full_sent = true;
        send("c" + std::to_string(i), false);
        if (c.role == 2) send("c" + std::to_string(i), false);  // the same command again
      }
    }
    // Leave the server its share of the two cores.
    std::this_thread::sleep_for(std::chrono::milliseconds(1));
  }
  ASSERT_EQ(results, players.size()) << "every player saw the round's result";
  ASSERT_TRUE(launched_at && crashed);
  EXPECT_EQ(crashed->at("x").as_string(), "3.00");
  const int64_t crash_ms = crash::time_to(kCrash).count();

  // Each cash-out: paid once at a multiplier below the crash point, stake × x to the cent,
  // or refused with a code; one sent a second before the crash instant is paid, one sent a
  // second after it is refused with 1017 (the margin covers the trip and the queue on a
  // busy machine; which side the ones in between fall is the server's receipt time).
  constexpr int64_t kMargin = 1000;
  int64_t paid_count = 0, refused_late = 0, paid_manual = 0;
  for (size_t i = 0; i < players.size(); ++i) {
    Crasher& c = *players[i];
    ASSERT_TRUE(c.bet_ok) << "player " << i << "'s bet: " << c.betack;
    Money returned = Money::zero();
    std::map<std::string, std::vector<json::object>> by_request;
    for (const auto& a : c.acks)
      by_request[std::string(a.at("requestId").as_string())].push_back(a);
    std::set<std::string> counted;
    for (const auto& sent : c.sends) {
      const int64_t sent_ms = sent.first;
      const std::string& rid = sent.second;       // not a binding: the lambda below captures it
      if (!counted.insert(rid).second) continue;  // sent twice: answered alike, counted once
      auto answers = by_request.find(rid);
      ASSERT_NE(answers, by_request.end()) << "player " << i << " got no answer to " << rid;
      ASSERT_EQ(answers->second.size(),
                static_cast<size_t>(std::count_if(c.sends.begin(), c.sends.end(),
                                                  [&](const auto& s) { return s.second == rid; })))
          << "each command sent is answered";
      auto without_ts = [](json::object o) {
        o.erase("ts");
        return json::serialize(o);
      };
      const json::object& a = answers->second.front();
      for (const auto& again : answers->second)
        EXPECT_EQ(without_ts(again), without_ts(a)) << "a repeat is answered the same";
      if (a.contains("code")) {
        // 1017 after the crash; 1006 once the next round has opened.
        const int64_t code = a.at("code").as_int64();
        EXPECT_TRUE(code == 1017 || code == 1006) << json::serialize(a);
        EXPECT_GT(sent_ms, crash_ms - kMargin) << "player " << i << " was refused too early";
        ++refused_late;
        continue;
      }
      EXPECT_LT(sent_ms, crash_ms + kMargin) << "player " << i << " was paid after the crash";
      auto x = crash::parse_multiplier(std::string(a.at("x").as_string()));
      ASSERT_TRUE(x);
      EXPECT_LT(*x, kCrash);
      const Money stake = *parse_money(std::string(a.at("stake").as_string()));
      const Money back = *parse_money(std::string(a.at("returned").as_string()));
      EXPECT_EQ(back, crash::cash_out_return(stake, *x));
      if (answers->second.front().at("part").as_string() == "all") ++paid_manual;
      returned += back;
      ++paid_count;
    }
    for (const auto& a : c.autos) {
      auto x = crash::parse_multiplier(std::string(a.at("x").as_string()));
      ASSERT_TRUE(x);
      EXPECT_TRUE((c.half_target && *x == *c.half_target) || (c.target && *x == *c.target))
          << "an automatic cash-out is paid at its target exactly";
      returned += *parse_money(std::string(a.at("returned").as_string()));
      ++paid_count;
    }
    if (c.role == 0) {
      // Paid in full at a target the round reached, else lost (after any half).
      const bool reached = *c.target <= kCrash;
      EXPECT_EQ(c.autos.size(), (c.half_target ? 1u : 0u) + (reached ? 1u : 0u)) << i;
    }
    // The ledger agrees with what the player was told.
    HttpResponse balance = c.p.http.get("/api/ui/balance");
    ASSERT_EQ(balance.status, 200);
    EXPECT_EQ(units(balance.json().at("balance")), (*parse_money("99.00") + returned).units)
        << "player " << i;
  }
  EXPECT_GT(paid_manual, 100);
  EXPECT_GT(refused_late, 100);
  EXPECT_EQ(last_count, paid_count) << "the cash-outs everyone was shown";

  // The last results panel and the table's crash settings.
  HttpClient& http = players.front()->p.http;
  HttpResponse summary = http.get("/api/ui/SMSummaryResults?tableId=sm-t&numberOfGames=5");
  ASSERT_EQ(summary.status, 200) << summary.body;
  const json::value listed = summary.json();
  bool found = false;
  for (const auto& r : listed.at("results").as_array())
    found = found || (r.at("gameId").as_string() == game && r.at("x").as_string() == "3.00");
  EXPECT_TRUE(found) << summary.body;
  EXPECT_EQ(listed.at("summary").at("median").as_string(), "3.00");
  EXPECT_EQ(http.get("/api/ui/SMSummaryResults").status, 400);
  HttpResponse config = http.get("/api/ui/tableConfig?tableId=sm-t");
  ASSERT_EQ(config.status, 200);
  const json::value table = config.json();
  EXPECT_EQ(table.at("crash").at("skin").as_string(), "spaceman");
  EXPECT_EQ(table.at("crash").at("cap").as_string(), "5000.00");
  stop_and_check_ledger(*server);
}

}  // namespace
}  // namespace croupier::testing
