// Connections: the open WebSocket sessions, so that a terminated session's sockets can
// be told and closed, and all of them closed at shutdown; and how many sockets each
// client address and each player holds, so that one address or one player cannot take
// them all (ws_per_address_max, ws_per_player_max). Thread-safe.
#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <unordered_map>
#include <vector>

namespace croupier::gateway {

class WsSession;
class Connections;

// A socket's place among its address's and its player's sockets, given back when the
// socket's session goes.
class SocketSlot {
 public:
  SocketSlot(Connections& owner, std::string address, int64_t player)
      : owner_(owner), address_(std::move(address)), player_(player) {}
  SocketSlot(const SocketSlot&) = delete;
  SocketSlot& operator=(const SocketSlot&) = delete;
  ~SocketSlot();

 private:
  Connections& owner_;
  std::string address_;
  int64_t player_;
};

class Connections {
 public:
  enum class Full { address, player };
  struct Admission {
    std::unique_ptr<SocketSlot> slot;  // null when refused
    std::optional<Full> full;          // why it was refused
    std::weak_ptr<WsSession> evicted;  // the player's oldest socket, to be ended
  };
  // A place for one more socket of `address` and `player`. Over the address's limit it is
  // refused. Over the player's, the player's oldest open socket not already on its way
  // out is marked to go (returned in `evicted`, ended by the caller with no lock held) and
  // the new one is let in; with none to give up it is refused too.
  Admission admit(const std::string& address, int64_t player, size_t address_max,
                  size_t player_max);
  void add(const std::shared_ptr<WsSession>& s);
  void remove(const WsSession* s);
  size_t size() const;
  // Calls fn for every live session (with no lock held).
  void for_each(const std::function<void(WsSession&)>& fn);
  void for_session(const std::string& session_id, const std::function<void(WsSession&)>& fn);

 private:
  friend class SocketSlot;
  void give_back(const std::string& address, int64_t player);
  std::vector<std::shared_ptr<WsSession>> live() const;
  mutable std::mutex mutex_;
  std::unordered_map<std::string, size_t> by_address_;
  std::unordered_map<int64_t, size_t> by_player_;
  struct Entry {
    std::weak_ptr<WsSession> session;
    int64_t player;
    uint64_t serial;  // the order sockets opened in
    bool evicted = false;
  };
  std::unordered_map<const WsSession*, Entry> sessions_;
  uint64_t next_serial_ = 0;
};

}  // namespace croupier::gateway
