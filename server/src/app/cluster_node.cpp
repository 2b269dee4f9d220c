#include "app/cluster_node.hpp"

#include <algorithm>
#include <optional>
#include <sstream>
#include <tuple>

#include "core/log.hpp"
#include "core/metrics.hpp"
#include "gateway/relay_codec.hpp"

namespace croupier::app {

namespace {

using Clock = std::chrono::steady_clock;

constexpr auto kRequestTimeout = std::chrono::seconds(3);
constexpr auto kStartupListen = std::chrono::milliseconds(1500);  // hear the others first

std::string commands_subject(std::string_view table_id) {
  return "table." + std::string(table_id) + ".commands";
}

// FNV-1a: the same on every node (std::hash need not be).
uint64_t fnv1a(std::string_view a, std::string_view b) {
  uint64_t h = 1469598103934665603ULL;
  auto mix = [&h](std::string_view s) {
    for (unsigned char c : s) {
      h ^= c;
      h *= 1099511628211ULL;
    }
  };
  mix(a);
  mix("/");
  mix(b);
  return h;
}

void count(const char* change) {
  metrics::registry()
      .counter("croupier_table_leases_total",
               "Changes of table ownership on this node (taken; lost: its lease went elsewhere; "
               "handed: to a node with fewer tables; released: at a stop).",
               std::string("change=\"") + change + "\"")
      .inc();
}

}  // namespace

ClusterNode::ClusterNode(const config::Settings& settings, gateway::Services& svc,
                         std::shared_ptr<ledger::Fences> fences, MakeActor make_actor)
    : settings_(settings),
      svc_(svc),
      fences_(std::move(fences)),
      make_actor_(std::move(make_actor)),
      tick_(std::chrono::milliseconds(std::max<int64_t>(250, settings.lease_ttl_ms / 4))) {}

ClusterNode::~ClusterNode() {
  {
    std::lock_guard lock(mu_);
    closing_ = true;
  }
  wake_.notify_all();
  if (thread_.joinable()) thread_.join();
  events_.reset();
  summaries_.reset();
  hellos_.reset();
  sessions_.reset();
  std::map<std::string, Held, std::less<>> held;
  {
    std::lock_guard lock(mu_);
    held.swap(held_);
  }
  held.clear();  // their command subscriptions, before the bus
  bus_.reset();
}

void ClusterNode::connect() {
  bus_ = cluster::Bus::connect(settings_.nats, "croupierd " + settings_.node_id);
  leases_ = std::make_unique<ledger::Leases>(settings_.database, settings_.node_id,
                                             settings_.lease_ttl_ms);
}

void ClusterNode::start() {
  events_ = bus_->subscribe("table.*.events", [this](const cluster::Message& m) { on_event(m); });
  summaries_ =
      bus_->subscribe("table.*.summary", [this](const cluster::Message& m) { on_summary(m); });
  hellos_ = bus_->subscribe("cluster.nodes", [this](const cluster::Message& m) { on_hello(m); });
  sessions_ =
      bus_->subscribe("cluster.sessions", [this](const cluster::Message& m) { on_session(m); });
  // "<node> t <player> <why> <keep>" and "<node> u <player>".
  auto say = [this](const std::string& text) {
    try {
      bus_->publish("cluster.sessions", settings_.node_id + " " + text);
    } catch (const cluster::BusError& e) {
      log::warn("session change not told to the other nodes", {{"error", e.what()}});
    }
  };
  svc_.sessions.set_announcer(
      {[say](int64_t player, gateway::AuthFailure why, const std::string& keep) {
         say("t " + std::to_string(player) + " " + std::to_string(static_cast<int>(why)) + " " +
             keep);
       },
       [say](int64_t player) { say("u " + std::to_string(player)); }});
  svc_.lobby->share([this](const std::string& table_id, const std::string& summary) {
    relay_summary(table_id, summary);
  });
  thread_ = std::thread([this] { lease_loop(); });
  log::info("cluster node started",
            {{"node", settings_.node_id}, {"lease_ttl_ms", settings_.lease_ttl_ms}});
}

gateway::TableLink::Ask ClusterNode::ask_for(const std::string& table_id) {
  return [this, subject = commands_subject(table_id)](std::string request,
                                                      gateway::TableLink::AnswerFn answer) {
    if (!bus_) return answer(std::nullopt);
    try {
      bus_->request_async(subject, request, kRequestTimeout, answer);
    } catch (const cluster::BusError& e) {
      log::warn("cluster request not sent", {{"subject", subject}, {"error", e.what()}});
      answer(std::nullopt);
    }
  };
}

bool ClusterNode::fresh(const Held& h) const {
  return Clock::now() - h.renewed <= std::chrono::milliseconds(settings_.lease_ttl_ms) * 3 / 4;
}

bool ClusterNode::owns(std::string_view table_id) const {
  std::lock_guard lock(mu_);
  auto it = held_.find(table_id);
  return it != held_.end() && fresh(it->second);
}

bool ClusterNode::owns(std::string_view table_id, int64_t epoch) const {
  std::lock_guard lock(mu_);
  auto it = held_.find(table_id);
  return it != held_.end() && it->second.epoch == epoch && fresh(it->second);
}

gateway::LiveTable* ClusterNode::live(std::string_view table_id) {
  auto it = svc_.tables.find(table_id);
  return it == svc_.tables.end() ? nullptr : &it->second;
}

// ---- Leases ---------------------------------------------------------------------------

void ClusterNode::lease_loop() {
  // Announced at once, and the others heard, before the first table is taken.
  for (auto listened = std::chrono::milliseconds(0); listened < kStartupListen; listened += tick_) {
    try {
      bus_->publish("cluster.nodes", hello());
    } catch (const cluster::BusError&) {
      // the next tick says it again
    }
    std::unique_lock lock(mu_);
    if (wake_.wait_for(lock, std::min(tick_, kStartupListen), [this] { return closing_; })) return;
  }
  for (;;) {
    try {
      tick();
    } catch (const std::exception& e) {
      log::warn("cluster lease round failed", {{"error", e.what()}});
    }
    std::unique_lock lock(mu_);
    if (wake_.wait_for(lock, tick_, [this] { return closing_ || !to_release_.empty(); })) {
      if (closing_) return;
      lock.unlock();
      release_handed();
    }
  }
}

// The leases of tables handed over, let go here rather than on the table's strand (a
// lease call can wait on the database for a moment; an io thread must not).
void ClusterNode::release_handed() {
  std::vector<std::pair<std::string, int64_t>> handed;
  {
    std::lock_guard lock(mu_);
    handed.swap(to_release_);
  }
  for (const auto& [id, epoch] : handed) {
    try {
      leases_->release(id, epoch);
    } catch (const std::exception& e) {
      log::warn("lease not released; it expires", {{"table", id}, {"error", e.what()}});
    }
  }
}

std::vector<std::string> ClusterNode::alive_nodes() {
  const auto now = Clock::now();
  std::vector<std::string> out{settings_.node_id};
  std::lock_guard lock(mu_);
  for (const auto& [node, at] : heard_)
    if (node != settings_.node_id && now - at < 3 * tick_) out.push_back(node);
  return out;
}

std::string ClusterNode::hello() const {
  // "<node> <table>=<followers> …": this node's sockets following each table, for the
  // other nodes' lobby tiles.
  std::string text = settings_.node_id;
  for (const auto& [id, live] : svc_.tables) {
    const size_t n = live.channel->subscriber_count();
    if (n > 0) text += " " + id + "=" + std::to_string(n);
  }
  return text;
}

size_t ClusterNode::followers_elsewhere(std::string_view table_id) const {
  const auto now = Clock::now();
  size_t sum = 0;
  std::lock_guard lock(mu_);
  for (const auto& [node, counts] : followers_) {
    auto heard = heard_.find(node);
    if (heard == heard_.end() || now - heard->second >= 3 * tick_) continue;
    if (auto it = counts.find(table_id); it != counts.end()) sum += it->second;
  }
  return sum;
}

void ClusterNode::tick() {
  bus_->publish("cluster.nodes", hello());
  const auto now = Clock::now();
  const auto ttl = std::chrono::milliseconds(settings_.lease_ttl_ms);

  // Renew what this node runs; give up what it cannot keep.
  std::vector<std::pair<std::string, int64_t>> mine;
  {
    std::lock_guard lock(mu_);
    for (const auto& [id, h] : held_) mine.emplace_back(id, h.epoch);
  }
  for (const auto& [id, epoch] : mine) {
    std::optional<bool> kept;
    try {
      kept = leases_->renew(id, epoch);
    } catch (const std::exception& e) {
      log::warn("lease renewal failed", {{"table", id}, {"error", e.what()}});
    }
    if (kept == false) {
      lose(id, epoch, "another node took its lease");
      continue;
    }
    bool stale = false;
    {
      std::lock_guard lock(mu_);
      auto it = held_.find(id);
      if (it == held_.end()) continue;
      if (kept) it->second.renewed = now;
      // Not renewed for most of its life: another node may take it any moment.
      stale = !kept && now - it->second.renewed > ttl * 3 / 4;
    }
    if (stale) lose(id, epoch, "its lease could not be renewed in time");
  }

  // Take the free tables this node is first in line for (or that nobody took).
  {
    std::lock_guard lock(mu_);
    if (stopping_ || closing_) return;
  }
  const auto nodes = alive_nodes();
  std::map<std::string, ledger::Lease, std::less<>> leases;
  for (auto& l : leases_->all()) leases.emplace(l.table_id, std::move(l));
  std::map<std::string, size_t, std::less<>> load;  // live leases per node
  for (const auto& [id, l] : leases)
    if (l.expires_in_ms > 0) ++load[l.node];
  const size_t share = (svc_.casino.tables.size() + nodes.size() - 1) / nodes.size();
  for (const auto& def : svc_.casino.tables) {
    const std::string& id = def.config.id;
    if (owns(id)) continue;
    auto l = leases.find(id);
    const bool held_elsewhere =
        l != leases.end() && l->second.expires_in_ms > 0 && l->second.node != settings_.node_id;
    if (held_elsewhere) {
      free_since_.erase(id);
      continue;
    }
    {
      std::lock_guard lock(mu_);
      auto cool = cooldown_.find(id);
      if (cool != cooldown_.end() && now < cool->second) continue;
    }
    auto [since, added] = free_since_.emplace(id, now);
    if (first_in_line(id, nodes, load, share) != settings_.node_id &&
        now - since->second < 2 * tick_)
      continue;
    if (auto epoch = leases_->acquire(id)) {
      free_since_.erase(id);
      ++load[settings_.node_id];
      take(def, *epoch);
    }
  }
  rebalance(nodes, load, share);
}

// The node a table goes to: the first, in the table's own order of the nodes (rendezvous
// hashing: every node computes the same order), that holds fewer than its share.
std::string ClusterNode::first_in_line(const std::string& table_id,
                                       const std::vector<std::string>& nodes,
                                       const std::map<std::string, size_t, std::less<>>& load,
                                       size_t share) const {
  std::vector<std::pair<uint64_t, std::string>> order;
  for (const auto& n : nodes) order.emplace_back(fnv1a(table_id, n), n);
  std::sort(order.rbegin(), order.rend());
  for (const auto& [score, n] : order) {
    auto it = load.find(n);
    if (it == load.end() || it->second < share) return n;
  }
  return order.front().second;
}

// A node holding more than its share (another node joined, or came back) hands one table
// at a time to the node first in line for it, between two rounds. Seated tables stay
// where they are: their seats would not follow.
void ClusterNode::rebalance(const std::vector<std::string>& nodes,
                            const std::map<std::string, size_t, std::less<>>& load, size_t share) {
  auto mine = load.find(settings_.node_id);
  if (nodes.size() < 2 || mine == load.end() || mine->second <= share) return;
  {
    std::lock_guard lock(mu_);
    if (!handing_.empty()) return;
  }
  for (const auto& def : svc_.casino.tables) {
    const std::string& id = def.config.id;
    if (def.config.seats > 0 || !owns(id)) continue;
    const std::string to = first_in_line(id, nodes, load, share);
    if (to == settings_.node_id) continue;
    gateway::LiveTable* table = live(id);
    auto actor = table ? table->table->local() : nullptr;
    if (!actor) continue;
    int64_t epoch = 0;
    {
      std::lock_guard lock(mu_);
      handing_ = id;
      epoch = held_.at(id).epoch;
    }
    log::info("table handed over after this round", {{"table", id}, {"to", to}});
    actor->hand_over([this, id, epoch] {
      // Still this node's, under this lease (it may have been lost meanwhile): stopped
      // here first, then the lease let go, so that no answer or event of this node
      // follows the other node's.
      if (!lose(id, epoch, "handed over to another node", "handed")) return;
      {
        std::lock_guard lock(mu_);
        to_release_.emplace_back(id, epoch);
      }
      wake_.notify_all();
    });
    return;
  }
}

void ClusterNode::take(const config::TableDef& def, int64_t epoch) {
  const std::string& id = def.config.id;
  gateway::LiveTable* table = live(id);
  if (!table) return;
  fences_->own(id, epoch);
  auto actor = make_actor_(def, epoch);
  std::weak_ptr<table::TableActor> weak = actor;
  auto commands =
      bus_->subscribe(commands_subject(id), [this, id, epoch, weak](const cluster::Message& m) {
        // Only the node running the table under its current lease answers: a node that lost
        // it, or is letting it go, stays silent rather than refuse what the owner would take.
        auto actor = weak.lock();
        if (!actor || m.reply.empty() || !owns(id, epoch)) return;
        gateway::TableLink::serve(*actor, m.data, [this, to = std::string(m.reply)](std::string a) {
          try {
            bus_->reply(to, a);
          } catch (const cluster::BusError& e) {
            log::warn("cluster answer not sent", {{"error", e.what()}});
          }
        });
      });
  {
    std::lock_guard lock(mu_);
    held_[id] = Held{epoch, Clock::now(), std::move(commands), actor};
    own_runs_.insert(actor->epoch());
  }
  actor->start();
  table->table->attach(actor);
  actor->snapshot(
      0, [lobby = svc_.lobby, id](table::TableSnapshot s) { lobby->observe_snapshot(id, s); });
  count("taken");
  log::info("table taken", {{"table", id}, {"node", settings_.node_id}, {"epoch", epoch}});
}

bool ClusterNode::lose(const std::string& table_id, int64_t epoch, const char* why,
                       const char* change) {
  Held gone;
  {
    std::lock_guard lock(mu_);
    auto it = held_.find(table_id);
    if (it == held_.end() || it->second.epoch != epoch) return false;
    gone = std::move(it->second);
    held_.erase(it);
    if (handing_ == table_id) handing_.clear();
    cooldown_[table_id] = Clock::now() + 2 * tick_;
  }
  fences_->drop(table_id);
  gone.commands.reset();
  if (gateway::LiveTable* table = live(table_id)) {
    // Detached only if it is still this run's actor that the link holds.
    if (table->table->local() == gone.actor) table->table->detach();
  }
  if (gone.actor) {
    gone.actor->halt();
    std::lock_guard lock(mu_);
    halted_.push_back(std::move(gone.actor));
  }
  count(change);
  const std::string what = std::string("table ") + change;
  if (std::string_view(change) == "lost")
    log::warn(
        what,
        {{"table", table_id}, {"node", settings_.node_id}, {"epoch", gone.epoch}, {"why", why}});
  else
    log::info(
        what,
        {{"table", table_id}, {"node", settings_.node_id}, {"epoch", gone.epoch}, {"why", why}});
  return true;
}

void ClusterNode::stop(std::function<void()> done) {
  std::vector<std::tuple<std::string, int64_t, std::shared_ptr<table::TableActor>>> mine;
  {
    std::lock_guard lock(mu_);
    stopping_ = true;  // the lease thread renews what is left, and takes nothing more
    for (const auto& [id, h] : held_) mine.emplace_back(id, h.epoch, h.actor);
  }
  if (mine.empty()) return done();
  auto left = std::make_shared<std::atomic<size_t>>(mine.size());
  auto finished = std::make_shared<std::function<void()>>(std::move(done));
  for (const auto& [id, epoch, actor] : mine) {
    auto release = [this, id = id, epoch = epoch, left, finished] {
      // No longer this node's before the lease is let go: the next owner's answers and
      // events are the only ones.
      std::unique_ptr<cluster::Subscription> commands;
      {
        std::lock_guard lock(mu_);
        auto it = held_.find(id);
        if (it != held_.end() && it->second.epoch == epoch) {
          commands = std::move(it->second.commands);
          held_.erase(it);
        }
      }
      commands.reset();
      fences_->drop(id);
      try {
        leases_->release(id, epoch);
        count("released");
        log::info("table released", {{"table", id}, {"node", settings_.node_id}});
      } catch (const std::exception& e) {
        log::warn("lease not released; it expires", {{"table", id}, {"error", e.what()}});
      }
      if (left->fetch_sub(1) == 1) (*finished)();
    };
    // The round is finished or refunded first; the release runs off the table's strand.
    if (actor)
      actor->shutdown(release);
    else
      release();
  }
}

// ---- Relaying ---------------------------------------------------------------------------

void ClusterNode::relay_event(const std::string& table_id, const table::TableEvent& event,
                              const gateway::protocol::WireEvent& wire) {
  // A node that stops closes its tables; for the other nodes they only move.
  if (std::holds_alternative<table::TableClosed>(event.body)) return;
  try {
    bus_->publish("table." + table_id + ".events", gateway::encode_event(table_id, wire));
  } catch (const cluster::BusError& e) {
    log::warn("table event not relayed", {{"table", table_id}, {"error", e.what()}});
  }
}

void ClusterNode::relay_summary(const std::string& table_id, const std::string& summary) {
  if (!owns(table_id)) return;
  try {
    bus_->publish("table." + table_id + ".summary", summary);
  } catch (const cluster::BusError&) {
    // the next change sends it again
  }
}

void ClusterNode::on_event(const cluster::Message& m) {
  auto decoded = gateway::decode_event(m.data);
  if (!decoded) return;
  auto& [table_id, event] = *decoded;
  {
    // This node's own run (echoed back by NATS, or late after it lost the table).
    std::lock_guard lock(mu_);
    if (own_runs_.count(event.epoch) || held_.count(table_id)) return;
  }
  gateway::LiveTable* table = live(table_id);
  if (!table) return;
  auto [last, added] = relayed_.try_emplace(table_id, event.epoch, event.version);
  if (!added) {
    if (last->second.first == event.epoch && event.version <= last->second.second) return;
    if (last->second.first == event.epoch && event.version != last->second.second + 1) {
      log::warn("relayed table events missing; subscribers resync",
                {{"table", table_id}, {"after", last->second.second}, {"got", event.version}});
      table->channel->forget_history();
    }
    last->second = {event.epoch, event.version};
  }
  table->channel->publish(std::move(event));
}

void ClusterNode::on_summary(const cluster::Message& m) {
  // table.<id>.summary
  std::string_view subject = m.subject;
  if (!subject.starts_with("table.") || !subject.ends_with(".summary")) return;
  const std::string table_id(subject.substr(6, subject.size() - 6 - 8));
  if (owns(table_id) || !live(table_id)) return;
  svc_.lobby->adopt(table_id, m.data);
}

void ClusterNode::on_session(const cluster::Message& m) {
  std::istringstream in{std::string(m.data)};
  std::string node, kind, keep;
  int64_t player = 0;
  int why = 0;
  if (!(in >> node >> kind >> player) || node == settings_.node_id) return;
  if (kind == "u") return svc_.sessions.updated_elsewhere(player);
  if (kind != "t" || !(in >> why)) return;
  in >> keep;  // none: every session of the player
  if (why != static_cast<int>(gateway::AuthFailure::replaced) &&
      why != static_cast<int>(gateway::AuthFailure::terminated))
    return;
  svc_.sessions.terminated_elsewhere(player, static_cast<gateway::AuthFailure>(why), keep);
}

void ClusterNode::on_hello(const cluster::Message& m) {
  std::istringstream in{std::string(m.data)};
  std::string node;
  // Its own (NATS echoes it) adds nothing: a node always counts itself among the living.
  if (!(in >> node) || node.size() > 64 || node == settings_.node_id) return;
  std::map<std::string, size_t, std::less<>> counts;
  for (std::string pair; in >> pair;) {
    const auto eq = pair.find('=');
    if (eq == std::string::npos || !live(std::string_view(pair).substr(0, eq))) continue;
    counts[pair.substr(0, eq)] = std::strtoull(pair.c_str() + eq + 1, nullptr, 10);
  }
  std::lock_guard lock(mu_);
  heard_[node] = Clock::now();
  followers_[node] = std::move(counts);
}

}  // namespace croupier::app
