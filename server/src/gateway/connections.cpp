#include "gateway/connections.hpp"

#include "gateway/ws_session.hpp"

namespace croupier::gateway {

SocketSlot::~SocketSlot() {
  owner_.give_back(address_, player_);
}

Connections::Admission Connections::admit(const std::string& address, int64_t player,
                                          size_t address_max, size_t player_max) {
  std::lock_guard lock(mutex_);
  Admission out;
  size_t& a = by_address_[address];
  size_t& p = by_player_[player];
  auto refuse = [&](Full why) {
    if (a == 0) by_address_.erase(address);
    if (p == 0) by_player_.erase(player);
    out.full = why;
    return std::move(out);
  };
  if (a >= address_max) return refuse(Full::address);
  if (p >= player_max) {
    // No weak_ptr is locked here: a session's last owner dropped under this mutex would
    // run its destructor, which takes the mutex again.
    Entry* oldest = nullptr;
    for (auto& [ptr, entry] : sessions_)
      if (entry.player == player && !entry.evicted && (!oldest || entry.serial < oldest->serial))
        oldest = &entry;
    if (!oldest) return refuse(Full::player);
    oldest->evicted = true;
    out.evicted = oldest->session;
  }
  ++a;
  ++p;
  out.slot = std::make_unique<SocketSlot>(*this, address, player);
  return out;
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
  sessions_[s.get()] = Entry{s, s->player(), next_serial_++};
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
