#include "gateway/lobby.hpp"

#include <boost/asio/post.hpp>
#include <boost/json.hpp>

#include "core/crypto.hpp"
#include "gateway/protocol/json.hpp"

namespace croupier::gateway {

namespace json = boost::json;
namespace asio = boost::asio;

namespace {

constexpr size_t kResultsMax = 20;
constexpr uint64_t kShareAllEvery = 5;  // flushes (seconds)

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

LobbyFeed::LobbyFeed(asio::any_io_executor executor, std::vector<asio::any_io_executor> shards,
                     std::vector<LobbyTable> tables, const Clock& clock, Channel::History history,
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
      std::make_shared<Channel>(executor, std::move(shards), "lobby", "lobby", history,
                                [this](ledger::PlayerId, std::function<void(json::object)> reply) {
                                  snapshot(std::move(reply));
                                });
}

LobbyFeed::Summary* LobbyFeed::find(const std::string& id) {
  for (auto& s : tables_)
    if (s.id == id) return &s;
  return nullptr;
}

// What a tile needs of a table's event or snapshot, read on the table's thread so that
// only this small value travels to the feed's strand.
struct LobbyFeed::Seen {
  std::string type;
  std::string game_id;
  std::optional<int> state;
  bool bets_open = false;
  int64_t ends_at = 0;
  std::optional<int> seats_taken;
  std::optional<std::string> result;                // gameresult: its label
  std::optional<std::vector<std::string>> results;  // resync: the labels, newest first
  json::value roads;                                // the tile's part of the roads, if any
  bool closed = false;
};

namespace {

int seats_taken(const std::vector<table::SeatInfo>& seats) {
  return static_cast<int>(std::count_if(seats.begin(), seats.end(),
                                        [](const auto& s) { return s.player.has_value(); }));
}

json::value tile_roads_of(const std::shared_ptr<const games::cards::Roads>& roads) {
  return roads ? tile_roads(protocol::roads_json(*roads)) : json::value(nullptr);
}

}  // namespace

void LobbyFeed::observe(const std::string& table_id, const table::TableEvent& e) {
  Seen seen;
  seen.type = std::string(table::event_type(e.body));
  seen.game_id = e.head.game_id;
  auto state = [&](games::RoundState st) { seen.state = games::to_int(st); };
  if (const auto* s = std::get_if<table::StateChanged>(&e.body)) {
    state(s->state);
  } else if (const auto* o = std::get_if<table::BetsOpened>(&e.body)) {
    state(games::RoundState::waiting_for_bets);
    seen.bets_open = true;
    seen.ends_at = e.head.wall(o->ends);
  } else if (const auto* t = std::get_if<table::BetsTimer>(&e.body)) {
    state(games::RoundState::waiting_for_bets);
    seen.bets_open = true;
    seen.ends_at = e.head.wall(t->ends);
  } else if (std::holds_alternative<table::BetsClosed>(e.body)) {
    state(games::RoundState::bets_closed);
  } else if (const auto* r = std::get_if<table::ResultShown>(&e.body)) {
    state(games::RoundState::game_over);
    if (!r->label.empty()) seen.result = r->label;
    seen.roads = tile_roads_of(r->roads);
  } else if (const auto* c = std::get_if<table::RoundCancelled>(&e.body)) {
    if (c->with_state) state(games::RoundState::cancelled);
  } else if (const auto* seats = std::get_if<table::SeatsChanged>(&e.body)) {
    seen.seats_taken = seats_taken(seats->seats);
  } else if (const auto* shuffle = std::get_if<table::ShuffleDone>(&e.body)) {
    seen.roads = tile_roads_of(shuffle->roads);
  } else if (std::holds_alternative<table::TableClosed>(e.body)) {
    seen.closed = true;
  } else {
    return;  // nothing a tile shows
  }
  asio::post(strand_, [self = shared_from_this(), table_id, seen = std::move(seen)] {
    if (Summary* s = self->find(table_id)) self->apply(*s, seen);
  });
}

void LobbyFeed::observe_snapshot(const std::string& table_id, const table::TableSnapshot& snap) {
  Seen seen;
  seen.type = "resync";
  seen.game_id = snap.head.game_id;
  seen.state = games::to_int(snap.state);
  seen.bets_open = snap.bets_open;
  seen.ends_at = snap.ends ? snap.head.wall(*snap.ends) : 0;
  if (snap.seats) seen.seats_taken = seats_taken(*snap.seats);
  seen.results.emplace();
  for (const auto& r : snap.results)
    if (seen.results->size() < kResultsMax)
      seen.results->push_back(protocol::result_label(r.result));
  seen.roads = tile_roads_of(snap.roads);
  asio::post(strand_, [self = shared_from_this(), table_id, seen = std::move(seen)] {
    if (Summary* s = self->find(table_id)) self->apply(*s, seen);
  });
}

void LobbyFeed::apply(Summary& s, const Seen& e) {
  s.changed = true;
  s.observed = true;
  s.ran_here = true;
  s.adopted.reset();
  if (e.closed) {
    s.open = false;
    s.bets_open = false;
    s.ends_at = 0;
    return;
  }
  if (e.seats_taken) s.seats_taken = *e.seats_taken;
  if (e.type == "seats") return;
  if (e.type == "endshuffling") {
    if (!e.roads.is_null()) s.roads = e.roads;
    return;
  }
  if (!e.game_id.empty()) s.game_id = e.game_id;
  if (e.state) {
    s.state = *e.state;
    s.state_name = std::string(games::state_name(static_cast<games::RoundState>(s.state)));
  }
  // Time left to bet: only while bets are open.
  s.bets_open = e.bets_open;
  s.ends_at = s.bets_open ? e.ends_at : 0;
  if (e.results) s.results = *e.results;
  if (e.result) {
    s.results.insert(s.results.begin(), *e.result);
    if (s.results.size() > kResultsMax) s.results.resize(kResultsMax);
  }
  if (!e.roads.is_null()) s.roads = e.roads;
}

json::object LobbyFeed::summary_json(const Summary& s, size_t players) const {
  if (s.adopted) {
    json::object o = *s.adopted;
    o["players"] = players;
    return o;
  }
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
  // A cluster: the summaries of the tables this node runs go to the others when they
  // change, and all of them every few flushes (for a node that joined since, or missed
  // one: the bus keeps nothing).
  const bool share_all = share_ && ++flushes_ % kShareAllEvery == 0;
  for (auto& s : tables_) {
    if (share_ && !s.adopted && (s.observed || (share_all && s.ran_here))) {
      json::object mine = summary_json(s, 0);
      mine.erase("players");
      share_(s.id, json::serialize(mine));
    }
    s.observed = false;
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
  protocol::WireEvent e;
  e.epoch = epoch_;
  e.version = version_;
  e.type = "lobbyupdate";
  e.json = std::make_shared<const std::string>(json::serialize(body));
  channel_->publish(std::move(e));
}

void LobbyFeed::share(std::function<void(const std::string&, const std::string&)> out) {
  share_ = std::move(out);
}

void LobbyFeed::adopt(const std::string& table_id, std::string_view summary) {
  boost::system::error_code ec;
  json::value v = json::parse(summary, ec);
  if (ec || !v.is_object()) return;
  const auto* id = v.as_object().if_contains("tableId");
  if (!id || !id->is_string() || id->as_string() != table_id) return;
  asio::post(strand_, [self = shared_from_this(), table_id, o = std::move(v.as_object())] {
    if (Summary* s = self->find(table_id)) {
      s->adopted = o;
      s->ran_here = false;
      s->changed = true;
    }
  });
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
