// ClusterNode: this node's part in a cluster of croupierd nodes (issue 17,
// docs/deployment.md).
//
// Every node accepts sockets and HTTP for every table; each table runs on the one node
// that holds its lease (ledger/leases.hpp, in the shared PostgreSQL database). This class
// keeps that true:
//
// - Leases. A thread of its own renews the leases held every third of their lifetime and
//   takes free or expired ones: a node announces itself on `cluster.nodes` every tick,
//   and a free table goes to the first node, in an order of the nodes heard from that is
//   the table's own (rendezvous hashing of table and node names: every node computes the
//   same), that holds fewer tables than its share (the tables divided by the nodes,
//   rounded up); or to any node once it has stayed free for two ticks. A node holding
//   more than its share (another node joined) hands a table over to the node first in
//   line for it, one at a time and between two rounds (Table::hand_over): no round is
//   cut short, and the table starts again on the other node within a tick or two.
//   Taking a table starts its actor under the new epoch: recovery settles or refunds what
//   the dead owner left open, exactly once, as after a restart. A lease that cannot be
//   renewed in time, or that another node took, halts the table here at once (the
//   ledger's fencing refuses whatever it still tries).
// - Commands. The owner answers its table's requests on `table.<id>.commands`
//   (gateway/table_link.hpp); other nodes' links send them there.
// - Events. The owner publishes each event of its tables on `table.<id>.events`
//   (gateway/relay_codec.hpp); every other node hands it to its own channel for the
//   table, with the owner's epoch and version. A relay that sees a version missing forgets
//   its history, so that a subscriber asking for the missing events gets a resync.
// - Sessions. Players and sessions are in the shared database, so a player's session
//   works on any node; a session ended on one node (a newer launch, the operator's
//   termination) or a changed screen name is told to the others on `cluster.sessions`,
//   which drop or refresh what they hold of it in memory.
// - Lobby. The owner's lobby summaries of its tables go to the other nodes the same way
//   (`table.<id>.summary`), so every node's lobby shows every table; each node's hello
//   carries how many of its sockets follow each table, and the tiles count them all.
//
// Changes of ownership are logged and counted (croupier_table_leases_total{change}).
//
// Thread-safety: owns() and the relay entry points may be called from any thread;
// start() and stop() by the server, once.
#pragma once

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <set>
#include <string>
#include <string_view>
#include <thread>
#include <vector>

#include "cluster/bus.hpp"
#include "gateway/services.hpp"
#include "ledger/leases.hpp"

namespace croupier::app {

class ClusterNode {
 public:
  // Builds (does not start) this node's actor for a table it has just taken under the
  // lease's `epoch` (its events are published while owns(table, epoch) holds).
  using MakeActor =
      std::function<std::shared_ptr<table::TableActor>(const config::TableDef&, int64_t epoch)>;

  ClusterNode(const config::Settings& settings, gateway::Services& svc,
              std::shared_ptr<ledger::Fences> fences, MakeActor make_actor);
  ~ClusterNode();

  // Connects to NATS and to the leases; throws (cluster::BusError, std::runtime_error)
  // when it cannot.
  void connect();
  // Starts relaying and taking leases.
  void start();
  // Stops taking leases; every table this node runs is shut down (its round finished or
  // refunded, its leases renewed meanwhile) and its lease released, then `done` runs (on
  // a thread of this node).
  void stop(std::function<void()> done);

  // What a table's link sends to the owner (TableLink::Ask).
  gateway::TableLink::Ask ask_for(const std::string& table_id);
  // Whether this node runs the table now (under the lease of that epoch): it holds the
  // lease and renewed it within three quarters of its life (a lease thread stuck on the
  // database stops speaking for its tables before another node may take them).
  bool owns(std::string_view table_id) const;
  bool owns(std::string_view table_id, int64_t epoch) const;
  // The owner's side: an event of a table this node runs, for the other nodes. Called on
  // the table's strand, in order.
  void relay_event(const std::string& table_id, const table::TableEvent& event,
                   const gateway::protocol::WireEvent& wire);
  // Sockets of the other nodes following a table (for the lobby's count of players).
  size_t followers_elsewhere(std::string_view table_id) const;
  // The owner's side: a lobby summary of one of its tables changed.
  void relay_summary(const std::string& table_id, const std::string& summary);

 private:
  struct Held {
    int64_t epoch = 0;
    std::chrono::steady_clock::time_point renewed;
    std::unique_ptr<cluster::Subscription> commands;
    std::shared_ptr<table::TableActor> actor;
  };
  bool fresh(const Held& h) const;  // under mu_
  void lease_loop();
  void release_handed();
  void tick();
  void take(const config::TableDef& def, int64_t epoch);
  // Stops running the table here, if this node still runs it under `epoch` (`change`:
  // "lost", or "handed" to another node). Returns whether it did.
  bool lose(const std::string& table_id, int64_t epoch, const char* why,
            const char* change = "lost");
  std::string first_in_line(const std::string& table_id, const std::vector<std::string>& nodes,
                            const std::map<std::string, size_t, std::less<>>& load,
                            size_t share) const;
  void rebalance(const std::vector<std::string>& nodes,
                 const std::map<std::string, size_t, std::less<>>& load, size_t share);
  void on_event(const cluster::Message& m);
  void on_summary(const cluster::Message& m);
  void on_hello(const cluster::Message& m);
  std::string hello() const;
  void on_session(const cluster::Message& m);
  std::vector<std::string> alive_nodes();
  gateway::LiveTable* live(std::string_view table_id);

  const config::Settings& settings_;
  gateway::Services& svc_;
  const std::shared_ptr<ledger::Fences> fences_;
  const MakeActor make_actor_;
  const std::chrono::milliseconds tick_;

  std::unique_ptr<cluster::Bus> bus_;
  std::unique_ptr<ledger::Leases> leases_;
  std::unique_ptr<cluster::Subscription> events_, summaries_, hellos_, sessions_;

  mutable std::mutex mu_;
  std::map<std::string, Held, std::less<>> held_;
  std::map<std::string, std::chrono::steady_clock::time_point> heard_;  // node -> last hello
  // node -> table -> its sockets following the table, from its last hello
  std::map<std::string, std::map<std::string, size_t, std::less<>>> followers_;
  std::map<std::string, std::chrono::steady_clock::time_point> free_since_;  // lease thread
  std::vector<std::shared_ptr<table::TableActor>> halted_;  // kept: ledger callbacks use them
  std::string handing_;  // the table being handed over, between two rounds
  std::vector<std::pair<std::string, int64_t>> to_release_;  // handed over: leases to let go
  // A table this node lost is not taken again here before its halted actor's last
  // operations have reached the ledger (they are refused there, by epoch, until then).
  std::map<std::string, std::chrono::steady_clock::time_point, std::less<>> cooldown_;
  // The runs (Table::epoch) of this node's actors: their events, echoed back by NATS, are
  // not relayed to this node's own channels again.
  std::set<std::string, std::less<>> own_runs_;
  bool stopping_ = false;  // stop(): no more taking or handing over; renewals go on
  bool closing_ = false;   // the destructor: the lease thread ends
  std::condition_variable wake_;
  std::thread thread_;

  // The relay's view of each table (on the events subscription's thread): the last
  // epoch and version handed to the channel.
  std::map<std::string, std::pair<std::string, uint64_t>, std::less<>> relayed_;
};

}  // namespace croupier::app
