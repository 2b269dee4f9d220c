// Connections: the open WebSocket sessions, so that a terminated session's sockets can
// be told and closed, and all of them closed at shutdown. Thread-safe.
#pragma once

#include <functional>
#include <memory>
#include <mutex>
#include <string>
#include <unordered_map>
#include <vector>

namespace croupier::gateway {

class WsSession;

class Connections {
 public:
  void add(const std::shared_ptr<WsSession>& s);
  void remove(const WsSession* s);
  size_t size() const;
  // Calls fn for every live session (with no lock held).
  void for_each(const std::function<void(WsSession&)>& fn);
  void for_session(const std::string& session_id, const std::function<void(WsSession&)>& fn);

 private:
  std::vector<std::shared_ptr<WsSession>> live() const;
  mutable std::mutex mutex_;
  std::unordered_map<const WsSession*, std::weak_ptr<WsSession>> sessions_;
};

}  // namespace croupier::gateway
