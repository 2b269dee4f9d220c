// Channel: the fan-out of one table's events to the connections that follow it.
//
// The table publishes each event once; the channel keeps the last history_max events
// and hands each one to every subscriber, choosing the subscriber's personal variant
// when there is one. A subscriber that comes back with the epoch and the last version it
// saw receives exactly the events it missed; one that cannot be served from the history
// (new, too far behind, or from an earlier run of the table) receives a resync: the
// table's full state, after which events continue from its version.
//
// Thread-safety: every public member may be called from any thread; the channel's state
// lives on its own strand. Events published from one thread keep their order, and a
// resync snapshot is ordered with them because the table answers on the same path.
#pragma once

#include <atomic>
#include <boost/asio/any_io_executor.hpp>
#include <boost/asio/strand.hpp>
#include <boost/json/object.hpp>
#include <deque>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <unordered_map>

#include "gateway/protocol/json.hpp"
#include "ledger/ledger.hpp"

namespace croupier::gateway {

class Subscriber {
 public:
  virtual ~Subscriber() = default;
  virtual ledger::PlayerId player() const = 0;
  // Queues one message for the client. Thread-safe.
  virtual void deliver(std::shared_ptr<const std::string> message) = 0;
};

class Channel : public std::enable_shared_from_this<Channel> {
 public:
  // Asks the table for a resync snapshot for a player; the answer must be passed to the
  // callback from the thread that publishes events (so that it is ordered with them).
  using SnapshotFn =
      std::function<void(ledger::PlayerId, std::function<void(boost::json::object)>)>;

  Channel(boost::asio::any_io_executor executor, std::string name, std::string table_id,
          size_t history_max, SnapshotFn snapshot);

  const std::string& name() const { return name_; }
  const std::string& table_id() const { return table_id_; }
  size_t subscriber_count() const { return count_.load(std::memory_order_relaxed); }

  void publish(protocol::WireEvent event);
  // Sends "subscribed", then the missed events or a resync, then every later event.
  void subscribe(std::shared_ptr<Subscriber> subscriber, std::optional<std::string> epoch,
                 std::optional<uint64_t> version);
  void unsubscribe(const Subscriber* subscriber);
  // Runs `fn` on the channel's strand after everything posted before it (tests, shutdown).
  void post(std::function<void()> fn);

 private:
  void on_publish(protocol::WireEvent event);
  void on_subscribe(std::shared_ptr<Subscriber> s, std::optional<std::string> epoch,
                    std::optional<uint64_t> version);
  void resync(std::shared_ptr<Subscriber> s);
  void add(const std::shared_ptr<Subscriber>& s);
  void send(Subscriber& s, const protocol::WireEvent& e) const;
  std::shared_ptr<const std::string> subscribed_message(bool resumed, size_t replayed,
                                                        std::string_view epoch,
                                                        uint64_t version) const;

  // Constant after construction.
  boost::asio::strand<boost::asio::any_io_executor> strand_;
  const std::string name_;
  const std::string table_id_;
  const size_t history_max_;
  const SnapshotFn snapshot_;

  // State below lives on strand_.
  std::deque<protocol::WireEvent> history_;
  std::string epoch_;
  uint64_t latest_ = 0;
  std::unordered_map<const Subscriber*, std::weak_ptr<Subscriber>> subscribers_;
  std::atomic<size_t> count_{0};
};

}  // namespace croupier::gateway
