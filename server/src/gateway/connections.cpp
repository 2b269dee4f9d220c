#include "gateway/connections.hpp"

#include "gateway/ws_session.hpp"

namespace croupier::gateway {

void Connections::add(const std::shared_ptr<WsSession>& s) {
  std::lock_guard lock(mutex_);
  sessions_[s.get()] = s;
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
  for (const auto& [ptr, weak] : sessions_)
    if (auto s = weak.lock()) out.push_back(std::move(s));
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
