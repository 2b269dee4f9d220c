// The shared fixture of the table's unit tests (table_test.cpp, card_play_test.cpp,
// blackjack_play_test.cpp): one Table under a simulated clock with a
// seeded RNG and the real ledger (inline mode, on a temporary file), driven the way the
// TableActor drives it: ledger callbacks are posted and run later, advance() runs after
// every callback and every command, and otherwise only at next_deadline(). Every event is
// kept as the JSON players receive (gateway/protocol), with its per-player variants.
#pragma once

#include <gtest/gtest.h>
#include <unistd.h>

#include <boost/json.hpp>
#include <deque>
#include <filesystem>
#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/clock.hpp"
#include "core/money.hpp"
#include "core/rng.hpp"
#include "games/registry.hpp"
#include "gateway/protocol/json.hpp"
#include "ledger/ledger.hpp"
#include "table/table.hpp"

namespace croupier::table::table_testing {

namespace json = boost::json;
using games::BetLine;
using ledger::PlayerId;

// Where the simulated wall clock starts (SimClock's default).
inline constexpr int64_t kWallStart = 1'700'000'000'000;

inline Money eur(std::string_view text) {
  return *parse_money(text);
}

inline std::string temp_db(const std::string& name) {
  auto dir =
      std::filesystem::temp_directory_path() / ("croupier-flow-test-" + std::to_string(::getpid()));
  std::filesystem::create_directories(dir);
  auto path = dir / (name + ".db");
  for (const char* suffix : {"", "-wal", "-shm"}) std::filesystem::remove(path.string() + suffix);
  return path.string();
}

// The engine of a family in the registry, for EUR, with the registry's default limits
// (card tables: min 1, main 1000, side 100, table 2000).
inline Engines engines_for(std::string_view game, std::string_view variant,
                           games::EngineLimits limits = {}) {
  const games::Family* family = games::find_family(game);
  EXPECT_NE(family, nullptr) << game;
  Engines e;
  e.emplace("EUR", std::shared_ptr<const games::Engine>(family->make(variant, limits)));
  return e;
}

// Milliseconds since the simulated clock started, from an event's "ts".
inline int64_t at_ms(const json::object& event) {
  return event.at("ts").as_int64() - kWallStart;
}

inline std::string type_of(const json::object& event) {
  return std::string(event.at("type").as_string());
}

inline std::vector<std::string> types(const std::vector<json::object>& events) {
  std::vector<std::string> out;
  for (const auto& e : events) out.push_back(type_of(e));
  return out;
}

class Harness {
 public:
  Harness(const std::string& name, TableConfig cfg, Engines engines, uint64_t seed = 1)
      : path(temp_db(name)), rng(seed), config(std::move(cfg)) {
    ledger = ledger::Ledger::open({path, true});
    table = std::make_unique<Table>(
        config, std::move(engines), clock, rng, *ledger,
        [this](std::function<void()> fn) { posted.push_back(std::move(fn)); },
        [this](TableEvent typed) {
          // As players receive it: written by the gateway's protocol module.
          const gateway::protocol::WireEvent e = gateway::protocol::wire_event(typed);
          json::object o = json::parse(*e.json).as_object();
          EXPECT_EQ(o["v"].as_int64(), static_cast<int64_t>(e.version));
          events.push_back(o);
          for (auto& [player, text] : e.personal) {
            json::object mine = json::parse(*text).as_object();
            EXPECT_EQ(mine["v"].as_int64(), static_cast<int64_t>(e.version));
            personal[player].push_back(std::move(mine));
          }
        });
  }

  void start() {
    table->start();
    drain();
  }

  // Runs what the table posted, each followed by advance(), as the actor does.
  void drain() {
    while (!posted.empty()) {
      auto fn = std::move(posted.front());
      posted.pop_front();
      fn();
      table->advance();
    }
  }

  // Moves simulated time forward by `d`, calling advance() at every deadline on the way
  // (and nowhere else, as the actor's timer does).
  void run_for(Millis d) {
    const MonoTime until = clock.now() + d;
    drain();
    for (int guard = 0; guard < 100000; ++guard) {
      auto next = table->next_deadline();
      if (!next || *next > until) break;
      const size_t seen = events.size();
      const bool past = *next <= clock.now();
      clock.advance_to(*next);
      table->advance();
      drain();
      // A deadline that is already due and changes nothing would repeat forever.
      if (past && events.size() == seen && table->next_deadline() == next) break;
    }
    clock.advance_to(until);
  }

  // Runs deadline by deadline until an event of `type` is published (at most `limit`);
  // returns it.
  std::optional<json::object> run_until(std::string_view type, Millis limit = Millis{120000}) {
    return run_until_event([&](const json::object& e) { return type_of(e) == type; }, limit);
  }

  std::optional<json::object> run_until_event(const std::function<bool(const json::object&)>& pred,
                                              Millis limit = Millis{120000}) {
    const MonoTime until = clock.now() + limit;
    size_t checked = events.size();
    drain();
    for (int guard = 0; guard < 100000; ++guard) {
      for (; checked < events.size(); ++checked)
        if (pred(events[checked])) return events[checked];
      auto next = table->next_deadline();
      if (!next || *next > until) return std::nullopt;
      const size_t seen = events.size();
      const bool past = *next <= clock.now();
      clock.advance_to(*next);
      table->advance();
      drain();
      if (past && events.size() == seen && table->next_deadline() == next) return std::nullopt;
    }
    return std::nullopt;
  }

  void fund(PlayerId player, std::string_view amount) {
    bool ok = false;
    ledger->submit(
        ledger::Fund{"fund:" + std::to_string(player), player, "EUR", eur(amount), "test", false},
        [&](auto r) { ok = r.ok(); });
    ASSERT_TRUE(ok);
  }

  BetAck bet(PlayerId player, std::vector<BetLine> lines, std::string request_id,
             std::string name = {}) {
    PlaceBetsCommand c;
    c.player = player;
    c.currency = "EUR";
    c.request_id = std::move(request_id);
    c.bets = std::move(lines);
    c.name = std::move(name);
    return place(std::move(c));
  }

  // Sends a bet command as the actor does and returns the table's answer.
  BetAck place(PlaceBetsCommand c) {
    std::optional<BetAck> got;
    table->place_bets(std::move(c), [&](const BetAck& a) { got = a; });
    table->advance();
    drain();
    EXPECT_TRUE(got.has_value());
    return got.value_or(BetAck{});
  }

  SeatReply sit(PlayerId player, std::string name, int seat) {
    SeatReply reply = table->sit(player, std::move(name), seat);
    table->advance();
    drain();
    return reply;
  }

  DecisionAck decide(PlayerId player, int seat, games::blackjack::Decision decision,
                     std::string request_id) {
    DecisionCommand c;
    c.player = player;
    c.request_id = std::move(request_id);
    c.seat = seat;
    c.decision = decision;
    std::optional<DecisionAck> got;
    table->decide(std::move(c), [&](const DecisionAck& a) { got = a; });
    table->advance();
    drain();
    EXPECT_TRUE(got.has_value());
    return got.value_or(DecisionAck{});
  }

  std::optional<ErrorCode> squeeze(PlayerId player, size_t index, double progress) {
    auto r = table->squeeze(player, index, progress);
    table->advance();
    drain();
    return r;
  }

  Money balance(PlayerId p) const { return ledger->balance(p, "EUR").total(); }

  // The snapshot as a client reads it (serialised and parsed again: whole numbers are
  // int64, as in events).
  json::object snapshot(PlayerId player) const {
    return json::parse(json::serialize(gateway::protocol::snapshot_json(table->snapshot(player))))
        .as_object();
  }

  // The newest event of `type` (a copy: later events may move the vector).
  std::optional<json::object> last(std::string_view type) const {
    for (auto it = events.rbegin(); it != events.rend(); ++it)
      if (type_of(*it) == type) return *it;
    return std::nullopt;
  }

  // The index of the newest event of `type`, or events.size() when there is none.
  size_t index_of_last(std::string_view type) const {
    for (size_t i = events.size(); i-- > 0;)
      if (type_of(events[i]) == type) return i;
    return events.size();
  }

  // `player`'s newest personal event of `type`.
  std::optional<json::object> mine(PlayerId player, std::string_view type) const {
    auto it = personal.find(player);
    if (it == personal.end()) return std::nullopt;
    for (auto e = it->second.rbegin(); e != it->second.rend(); ++e)
      if (type_of(*e) == type) return *e;
    return std::nullopt;
  }

  // Every event of `type` from index `from` on.
  std::vector<json::object> all(std::string_view type, size_t from = 0) const {
    std::vector<json::object> out;
    for (size_t i = from; i < events.size(); ++i)
      if (type_of(events[i]) == type) out.push_back(events[i]);
    return out;
  }

  std::vector<json::object> since(size_t from) const {
    return {events.begin() + static_cast<std::ptrdiff_t>(std::min(from, events.size())),
            events.end()};
  }

  // Milliseconds since the simulated clock started.
  int64_t now_ms() const { return clock.now().time_since_epoch().count(); }

  std::string path;
  SimClock clock;
  SeededRng rng;
  TableConfig config;
  std::unique_ptr<ledger::Ledger> ledger;
  std::unique_ptr<Table> table;
  std::deque<std::function<void()>> posted;
  std::vector<json::object> events;
  std::map<PlayerId, std::vector<json::object>> personal;
};

}  // namespace croupier::table::table_testing
