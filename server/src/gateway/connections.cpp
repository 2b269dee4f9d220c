#include "gateway/connections.hpp"

#include "gateway/ws_session.hpp"

namespace croupier::gateway {

SocketSlot::~SocketSlot() {
  owner_.give_back(address_, player_);
}

std::variant<std::unique_ptr<SocketSlot>, Connections::Full> Connections::take_slot(
    const std::string& address, int64_t player, size_t address_max, size_t player_max,
    bool over_player_max) {
  std::lock_guard lock(mutex_);
  size_t& a = by_address_[address];
  size_t& p = by_player_[player];
  if (a >= address_max || (p >= player_max && !over_player_max)) {
    const Full full = a >= address_max ? Full::address : Full::player;
    if (a == 0) by_address_.erase(address);
    if (p == 0) by_player_.erase(player);
    return full;
  }
  ++a;
  ++p;
  return std::make_unique<SocketSlot>(*this, address, player);
}

void Connections::give_back(const std::string& address, int64_t player) {
  std::lock_guard lock(mutex_);
  if (auto it = by_address_.find(address); it != by_address_.end() && --it->second == 0)
    by_address_.erase(it);
  if (auto it = by_player_.find(player); it != by_player_.end() && --it->second == 0)
    by_player_.erase(it);
}

void Connections::add(const std::shared_ptr<WsSession>& s) {
  std::lock_guard lock(mutex_);
  sessions_[s.get()] = Entry{s, next_serial_++};
}

std::shared_ptr<WsSession> Connections::oldest_of(int64_t player) {
  std::shared_ptr<WsSession> oldest;
  uint64_t serial = UINT64_MAX;
  std::lock_guard lock(mutex_);
  for (const auto& [ptr, entry] : sessions_) {
    if (entry.serial >= serial) continue;
    auto s = entry.session.lock();
    if (s && s->player() == player) {
      oldest = std::move(s);
      serial = entry.serial;
    }
  }
  return oldest;
}

void Connections::remove(const WsSession* s) {
  std::lock_guard lock(mutex_);
  sessions_.erase(s);
}

size_t Connections::size() const {
  std::lock_guard lock(mutex_);
  return sessions_.size();
}

std::vector<std::shared_ptr<WsSession>> Connections::live() const {
  std::vector<std::shared_ptr<WsSession>> out;
  std::lock_guard lock(mutex_);
  out.reserve(sessions_.size());
  for (const auto& [ptr, entry] : sessions_)
    if (auto s = entry.session.lock()) out.push_back(std::move(s));
  return out;
}

void Connections::for_each(const std::function<void(WsSession&)>& fn) {
  for (const auto& s : live()) fn(*s);
}

void Connections::for_session(const std::string& session_id,
                              const std::function<void(WsSession&)>& fn) {
  for (const auto& s : live())
    if (s->session_id() == session_id) fn(*s);
}

}  // namespace croupier::gateway
