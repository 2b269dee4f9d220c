#include "gateway/lobby.hpp"

#include <boost/asio/post.hpp>
#include <boost/json.hpp>

#include "core/crypto.hpp"

namespace croupier::gateway {

namespace json = boost::json;
namespace asio = boost::asio;

namespace {

constexpr size_t kResultsMax = 20;

int64_t int_of(const json::object& e, std::string_view key, int64_t fallback = 0) {
  const json::value* v = e.if_contains(key);
  return v && v->is_int64() ? v->as_int64() : fallback;
}

std::string text_of(const json::object& e, std::string_view key) {
  const json::value* v = e.if_contains(key);
  return v && v->is_string() ? std::string(v->as_string()) : std::string();
}

// The part of baccarat's roads a tile shows.
json::value tile_roads(const json::value& roads) {
  const json::object* r = roads.if_object();
  if (!r) return nullptr;
  json::object out;
  for (std::string_view key : {"rows", "beadPlate", "bigRoad"})
    if (const json::value* v = r->if_contains(key)) out[key] = *v;
  return out;
}

}  // namespace

LobbyFeed::LobbyFeed(asio::any_io_executor executor, std::vector<LobbyTable> tables,
                     const Clock& clock, size_t history_max,
                     std::function<size_t(const std::string&)> players)
    : strand_(asio::make_strand(executor)),
      timer_(strand_),
      clock_(clock),
      players_(std::move(players)),
      epoch_(crypto::random_token(9)) {
  for (auto& t : tables) {
    Summary s;
    s.id = std::move(t.id);
    s.dealer = std::move(t.dealer);
    s.seats = t.seats;
    tables_.push_back(std::move(s));
  }
  // The channel asks the feed for its snapshot; the answer runs on the feed's strand,
  // ordered with the events the feed publishes.
  channel_ =
      std::make_shared<Channel>(executor, "lobby", "lobby", history_max,
                                [this](ledger::PlayerId, std::function<void(json::object)> reply) {
                                  snapshot(std::move(reply));
                                });
}

LobbyFeed::Summary* LobbyFeed::find(const std::string& id) {
  for (auto& s : tables_)
    if (s.id == id) return &s;
  return nullptr;
}

void LobbyFeed::observe(const std::string& table_id, const std::string& type,
                        std::shared_ptr<const std::string> text) {
  static const std::vector<std::string_view> kTypes = {"betsopen",  "timer",        "betsclosed",
                                                       "gamestate", "gameresult",   "cancelround",
                                                       "seats",     "table_closed", "endshuffling"};
  if (std::find(kTypes.begin(), kTypes.end(), type) == kTypes.end()) return;
  asio::post(strand_, [self = shared_from_this(), table_id, type, text] {
    Summary* s = self->find(table_id);
    if (!s) return;
    boost::system::error_code ec;
    json::value v = json::parse(*text, ec);
    if (ec || !v.is_object()) return;
    self->apply(*s, type, v.as_object());
  });
}

void LobbyFeed::observe_snapshot(const std::string& table_id, json::object snapshot) {
  asio::post(strand_, [self = shared_from_this(), table_id, snapshot = std::move(snapshot)] {
    if (Summary* s = self->find(table_id)) self->apply(*s, "resync", snapshot);
  });
}

void LobbyFeed::apply(Summary& s, const std::string& type, const json::object& e) {
  s.changed = true;
  if (type == "table_closed") {
    s.open = false;
    s.bets_open = false;
    s.ends_at = 0;
    return;
  }
  if (type == "seats" || type == "resync") {
    if (const json::value* seats = e.if_contains("seats"); seats && seats->is_array()) {
      s.seats_taken = 0;
      for (const auto& seat : seats->as_array())
        if (seat.is_object() && seat.as_object().contains("playerId")) ++s.seats_taken;
    }
    if (type == "seats") return;
  }
  if (type == "endshuffling") {
    if (const json::value* roads = e.if_contains("roads")) s.roads = tile_roads(*roads);
    return;
  }
  if (std::string id = text_of(e, "gameId"); !id.empty()) s.game_id = id;
  if (e.contains("state")) {
    s.state = static_cast<int>(int_of(e, "state"));
    std::string name = text_of(e, "stateName");
    if (!name.empty())
      s.state_name = std::move(name);
    else
      s.state_name = std::string(table::state_name(static_cast<table::RoundState>(s.state)));
  }
  // Time left to bet: only while bets are open.
  if (type == "resync") {
    const json::value* open = e.if_contains("betsOpen");
    s.bets_open = open && open->is_bool() && open->as_bool();
  } else {
    s.bets_open = type == "betsopen" || type == "timer";
  }
  s.ends_at = s.bets_open ? int_of(e, "endsAt") : 0;
  if (type == "resync") {
    s.results.clear();
    if (const json::value* rs = e.if_contains("results"); rs && rs->is_array())
      for (const auto& r : rs->as_array())
        if (r.is_object() && s.results.size() < kResultsMax)
          s.results.push_back(text_of(r.as_object(), "result"));
  }
  if (type == "gameresult") {
    std::string result = text_of(e, "result");
    if (!result.empty()) {
      s.results.insert(s.results.begin(), result);
      if (s.results.size() > kResultsMax) s.results.resize(kResultsMax);
    }
  }
  if (type == "gameresult" || type == "resync")
    if (const json::value* roads = e.if_contains("roads")) s.roads = tile_roads(*roads);
}

json::object LobbyFeed::summary_json(const Summary& s, size_t players) const {
  json::array results;
  for (const auto& r : s.results) results.push_back(json::string(r));
  json::object o{{"tableId", s.id},
                 {"open", s.open},
                 {"state", s.state},
                 {"stateName", s.state_name},
                 {"gameId", s.game_id},
                 {"betsOpen", s.bets_open},
                 {"endsAt", s.ends_at},
                 {"dealer", s.dealer},
                 {"players", players},
                 {"seats", s.seats},
                 {"seatsTaken", s.seats_taken},
                 {"results", std::move(results)}};
  if (!s.roads.is_null()) o["roads"] = s.roads;
  return o;
}

json::array LobbyFeed::all_json() const {
  json::array out;
  for (const auto& s : tables_) out.push_back(summary_json(s, players_ ? players_(s.id) : 0));
  return out;
}

void LobbyFeed::snapshot(std::function<void(json::object)> reply) {
  asio::post(strand_, [self = shared_from_this(), reply = std::move(reply)] {
    reply(json::object{{"type", "resync"},
                       {"channel", "lobby"},
                       {"table", "lobby"},
                       {"v", self->version_},
                       {"epoch", self->epoch_},
                       {"ts", self->clock_.wall_ms()},
                       {"tables", self->all_json()}});
  });
}

void LobbyFeed::flush() {
  json::array changed;
  for (auto& s : tables_) {
    // Only a table that had an event or whose followers changed is written out again.
    const size_t players = players_ ? players_(s.id) : 0;
    if (!s.changed && players == s.players_sent) continue;
    s.changed = false;
    s.players_sent = players;
    json::object o = summary_json(s, players);
    std::string text = json::serialize(o);
    if (text == s.last_sent) continue;  // e.g. a timer that moved nothing
    s.last_sent = std::move(text);
    changed.push_back(std::move(o));
  }
  if (changed.empty()) return;
  ++version_;
  json::object body{{"type", "lobbyupdate"},  {"channel", "lobby"},
                    {"table", "lobby"},       {"v", version_},
                    {"ts", clock_.wall_ms()}, {"tables", std::move(changed)}};
  table::TableEvent e;
  e.epoch = epoch_;
  e.version = version_;
  e.type = "lobbyupdate";
  e.json = std::make_shared<const std::string>(json::serialize(body));
  channel_->publish(std::move(e));
}

void LobbyFeed::start(std::chrono::milliseconds interval) {
  asio::post(strand_, [self = shared_from_this(), interval] {
    self->interval_ = interval;
    self->arm();
  });
}

void LobbyFeed::arm() {
  if (stopped_) return;
  timer_.expires_after(interval_);
  timer_.async_wait([self = shared_from_this()](boost::system::error_code ec) {
    if (ec || self->stopped_) return;
    self->flush();
    self->arm();
  });
}

void LobbyFeed::stop() {
  asio::post(strand_, [self = shared_from_this()] {
    self->stopped_ = true;
    self->timer_.cancel();
  });
}

void LobbyFeed::inspect(std::function<void(const json::array&)> fn) {
  asio::post(strand_, [self = shared_from_this(), fn = std::move(fn)] { fn(self->all_json()); });
}

}  // namespace croupier::gateway
