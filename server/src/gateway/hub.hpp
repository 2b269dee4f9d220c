// Channel: the fan-out of one table's events to the connections that follow it.
//
// The table publishes each event once; the channel frames it once (one WebSocket frame
// for everyone, one more for each player with a part of their own), keeps the last events
// within its History limits (a count, and bytes: a round's result carries a frame for
// every player who bet, so on a crowded table a count alone would hold gigabytes), and
// hands the same bytes to every subscriber. A subscriber that comes back with the epoch
// and the last version it saw receives exactly the events it missed; one that cannot be
// served from the history (new, too far behind, or from an earlier run of the table)
// receives a resync: the table's full state, after which events continue from its
// version. When the table starts a new run while subscribers stay (in a cluster, it moved
// to another node), each gets `subscribed` with `restarted: true` before the new run's
// first event, and asks for a resync.
//
// Shards: the subscribers are spread over the socket threads (each subscriber names its
// shard, the executor its socket runs on). The channel's own state (versions, history)
// lives on its strand; an event is handed to each shard in one task, which walks that
// shard's subscribers on their own thread: no task, lock or allocation per subscriber,
// and one table's subscribers use every core.
//
// Thread-safety: every public member may be called from any thread. Events published
// from one thread keep their order, and a resync snapshot is ordered with them because
// the table answers on the same path; each shard receives the channel's tasks in order.
#pragma once

#include <atomic>
#include <boost/asio/any_io_executor.hpp>
#include <boost/asio/strand.hpp>
#include <boost/json/object.hpp>
#include <deque>
#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <unordered_map>
#include <vector>

#include "gateway/protocol/json.hpp"
#include "gateway/ws_frame.hpp"
#include "ledger/ledger.hpp"

namespace croupier::gateway {

class Subscriber {
 public:
  virtual ~Subscriber() = default;
  virtual ledger::PlayerId player() const = 0;
  // The shard (an index into the channel's shard executors) the subscriber lives on.
  virtual size_t shard() const { return 0; }
  // Queues one frame for the client. Called on the subscriber's shard only.
  virtual void deliver(ws::Frame frame) = 0;
  // Whether the subscription `ticket` to `channel` still stands (the subscriber may have
  // left, or subscribed again, while the channel prepared its first frames). Called on
  // the subscriber's shard only.
  virtual bool follows(const class Channel& /*channel*/, uint64_t /*ticket*/) const { return true; }
  // The table's state could not be had for a resync (in a cluster: no node answered for
  // it for half a minute). Called on the subscriber's shard; a socket closes so that its
  // client connects and subscribes again.
  virtual void unavailable() {}
};

class Channel : public std::enable_shared_from_this<Channel> {
 public:
  // What the channel keeps for resuming: the last `events` events, fewer when they come to
  // more than `bytes` (the frames for everyone and each player's own). The latest event is
  // always kept. The server's come from its settings (history_max, history_bytes_max).
  struct History {
    size_t events;
    size_t bytes;
  };
  // Asks the table for a resync snapshot for a player; the answer must be passed to the
  // callback from the thread that publishes events (so that it is ordered with them). An
  // empty object means none can be had (Subscriber::unavailable).
  using SnapshotFn =
      std::function<void(ledger::PlayerId, std::function<void(boost::json::object)>)>;

  // `shards`: the executors subscribers live on (one per socket thread; a single one
  // when every subscriber shares an executor).
  Channel(boost::asio::any_io_executor executor, std::vector<boost::asio::any_io_executor> shards,
          std::string name, std::string table_id, History history, SnapshotFn snapshot);

  const std::string& name() const { return name_; }
  const std::string& table_id() const { return table_id_; }
  size_t subscriber_count() const { return count_.load(std::memory_order_relaxed); }
  // The bytes of the events kept for resuming (the croupier_table_history_bytes gauge).
  size_t history_bytes() const { return history_bytes_.load(std::memory_order_relaxed); }

  void publish(protocol::WireEvent event);
  // Sends "subscribed", then the missed events or a resync, then every later event, unless
  // by then the subscriber no longer follows the channel with `ticket`.
  void subscribe(std::shared_ptr<Subscriber> subscriber, std::optional<std::string> epoch,
                 std::optional<uint64_t> version, uint64_t ticket = 0);
  // Ordered with subscribe(): a later subscription of the same subscriber stands.
  void unsubscribe(const Subscriber* subscriber);
  // Forgets the events kept for resuming (a relay that missed some: a subscriber that
  // asks for them gets a resync instead of a replay with a hole in it).
  void forget_history();
  // Runs `fn` once everything posted before it has been handed to every subscriber
  // (tests, shutdown).
  void post(std::function<void()> fn);

 private:
  // An event as it goes out: framed once for everyone, once per player with a variant.
  struct Framed {
    std::string epoch;
    uint64_t version = 0;
    ws::Frame all;
    std::map<ledger::PlayerId, ws::Frame> personal;
    size_t bytes = 0;  // the frames' bytes, counted against History::bytes
    const ws::Frame& for_player(ledger::PlayerId player) const;
    const ws::Frame* personal_for(ledger::PlayerId player) const;  // null: none
  };
  using FramedPtr = std::shared_ptr<const Framed>;
  struct Shard {
    explicit Shard(boost::asio::any_io_executor e) : executor(std::move(e)) {}
    boost::asio::any_io_executor executor;
    // Touched on `executor` only.
    std::unordered_map<const Subscriber*, std::weak_ptr<Subscriber>> subscribers;
    // Subscribers in the map plus joins on their way to it: counted up on the strand
    // before a join is posted, down on `executor` when an entry goes or a join is
    // dropped, so the strand never reads zero while the shard has someone to serve.
    std::atomic<size_t> members{0};
  };

  void on_publish(protocol::WireEvent event);
  void on_subscribe(std::shared_ptr<Subscriber> s, std::optional<std::string> epoch,
                    std::optional<uint64_t> version, uint64_t ticket);
  void resync(std::shared_ptr<Subscriber> s, uint64_t ticket);
  // On the strand: `first` frames and then `events` go to `s` on its shard, after which
  // it receives every later event (if it still follows the channel with `ticket`).
  void join(std::shared_ptr<Subscriber> s, uint64_t ticket, std::vector<ws::Frame> first,
            std::vector<FramedPtr> events);
  // `restarted`: sent unasked, the table started a new run; `missed`: sent unasked, events
  // of this run never reached the channel. Either way the subscriber asks for its state.
  ws::Frame subscribed_message(bool resumed, size_t replayed, std::string_view epoch,
                               uint64_t version, bool restarted = false, bool missed = false) const;
  // On the strand: `e` to every subscriber, on its shard.
  void deliver_all(FramedPtr e);
  // On the strand: keeps `e` and forgets the oldest events beyond the limits.
  void remember(FramedPtr e);
  void forget_all();
  Shard& shard_of(const Subscriber& s);

  // Constant after construction.
  boost::asio::strand<boost::asio::any_io_executor> strand_;
  std::deque<Shard> shards_;  // fixed after construction; each shard's map lives on its executor
  const std::string name_;
  const std::string table_id_;
  const History limits_;
  const SnapshotFn snapshot_;

  // State below lives on strand_.
  std::deque<FramedPtr> history_;
  std::atomic<size_t> history_bytes_{0};  // written on strand_ only
  std::string epoch_;
  uint64_t latest_ = 0;
  std::atomic<size_t> count_{0};
};

}  // namespace croupier::gateway
