// LobbyFeed: every table's live summary for the lobby tiles (docs/protocol.md, "The
// lobby channel").
//
// Each table's events pass through observe() on their way to the table's channel; the
// feed keeps one summary per table (state, time left to bet, seats taken, the last
// results, baccarat roads) and, once a second, publishes the summaries that changed
// (including the number of connections following each table) as one `lobbyupdate` event
// on its own channel, "lobby". A subscriber gets a `resync` with every summary first, and
// resumes after a reconnect like a table's subscriber does.
//
// Thread-safety: observe() and snapshot() may be called from any thread; the summaries
// live on the feed's strand. start() and stop() are called by the server.
#pragma once

#include <boost/asio/any_io_executor.hpp>
#include <boost/asio/steady_timer.hpp>
#include <boost/asio/strand.hpp>
#include <boost/json/object.hpp>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/clock.hpp"
#include "gateway/hub.hpp"
#include "table/table.hpp"

namespace croupier::gateway {

struct LobbyTable {
  std::string id;
  std::string dealer;
  int seats = 0;
};

class LobbyFeed : public std::enable_shared_from_this<LobbyFeed> {
 public:
  // `players` tells how many connections follow a table; called on the feed's strand.
  LobbyFeed(boost::asio::any_io_executor executor, std::vector<boost::asio::any_io_executor> shards,
            std::vector<LobbyTable> tables, const Clock& clock, Channel::History history,
            std::function<size_t(const std::string&)> players);

  const std::shared_ptr<Channel>& channel() const { return channel_; }

  // A table's event, or its snapshot, as the table made it; called on the table's thread.
  void observe(const std::string& table_id, const table::TableEvent& event);
  void observe_snapshot(const std::string& table_id, const table::TableSnapshot& snapshot);

  // A cluster (issue 17): `out` gets the summary of each table whose own events changed it
  // here (this node runs it), without the followers count, to send to the other nodes;
  // adopt() takes such a summary of a table another node runs. Called before start().
  void share(std::function<void(const std::string& table_id, const std::string& summary)> out);
  void adopt(const std::string& table_id, std::string_view summary);

  // Starts publishing the changes every `interval`; stop() ends it.
  void start(std::chrono::milliseconds interval = std::chrono::seconds(1));
  void stop();

  // Runs `fn` with the current summaries on the strand (tests).
  void inspect(std::function<void(const boost::json::array&)> fn);

 private:
  struct Summary {
    std::string id;
    std::string dealer;
    bool open = true;
    int state = 0;
    std::string state_name = "INITIALISING";
    std::string game_id;
    bool bets_open = false;
    int64_t ends_at = 0;
    int seats = 0;
    int seats_taken = 0;
    std::vector<std::string> results;  // newest first
    boost::json::value roads;          // baccarat: bead plate and big road
    std::string last_sent;             // the summary as last published
    bool changed = true;               // an event arrived since the last flush
    bool observed = false;             // ... from this node's run of the table
    bool ran_here = false;             // the last news of it came from this node's run
    // The summary from the node that runs the table (a cluster), until this node runs
    // it again; its followers count is this node's.
    std::optional<boost::json::object> adopted;
    size_t players_sent = 0;  // the followers count last published
  };

  struct Seen;
  void apply(Summary& s, const Seen& seen);
  boost::json::object summary_json(const Summary& s, size_t players) const;
  boost::json::array all_json() const;
  void flush();
  void arm();
  void snapshot(std::function<void(boost::json::object)> reply);
  Summary* find(const std::string& id);

  boost::asio::strand<boost::asio::any_io_executor> strand_;
  boost::asio::steady_timer timer_;
  const Clock& clock_;
  const std::function<size_t(const std::string&)> players_;
  std::function<void(const std::string&, const std::string&)> share_;
  std::shared_ptr<Channel> channel_;
  std::chrono::milliseconds interval_{1000};
  bool stopped_ = false;

  // On strand_.
  std::vector<Summary> tables_;
  std::string epoch_;
  uint64_t version_ = 0;
  uint64_t flushes_ = 0;
};

}  // namespace croupier::gateway
