#include "gateway/hub.hpp"

#include <boost/asio/post.hpp>
#include <boost/json/serialize.hpp>

namespace croupier::gateway {

namespace json = boost::json;

Channel::Channel(boost::asio::any_io_executor executor, std::string name, std::string table_id,
                 size_t history_max, SnapshotFn snapshot)
    : strand_(boost::asio::make_strand(executor)),
      name_(std::move(name)),
      table_id_(std::move(table_id)),
      history_max_(history_max),
      snapshot_(std::move(snapshot)) {}

void Channel::post(std::function<void()> fn) {
  boost::asio::post(strand_, std::move(fn));
}

void Channel::publish(protocol::WireEvent event) {
  boost::asio::post(strand_, [self = shared_from_this(), e = std::move(event)]() mutable {
    self->on_publish(std::move(e));
  });
}

void Channel::subscribe(std::shared_ptr<Subscriber> subscriber, std::optional<std::string> epoch,
                        std::optional<uint64_t> version) {
  boost::asio::post(strand_, [self = shared_from_this(), s = std::move(subscriber),
                              epoch = std::move(epoch), version]() mutable {
    self->on_subscribe(std::move(s), std::move(epoch), version);
  });
}

void Channel::unsubscribe(const Subscriber* subscriber) {
  boost::asio::post(strand_, [self = shared_from_this(), subscriber] {
    if (self->subscribers_.erase(subscriber) > 0)
      self->count_.fetch_sub(1, std::memory_order_relaxed);
  });
}

void Channel::send(Subscriber& s, const protocol::WireEvent& e) const {
  auto mine = e.personal.find(s.player());
  s.deliver(mine == e.personal.end() ? e.json : mine->second);
}

void Channel::on_publish(protocol::WireEvent event) {
  if (event.epoch != epoch_) {
    // A new run of the table: versions start again, so earlier history is meaningless.
    history_.clear();
    epoch_ = event.epoch;
  }
  latest_ = event.version;
  history_.push_back(std::move(event));
  while (history_.size() > history_max_) history_.pop_front();
  const protocol::WireEvent& e = history_.back();
  for (auto it = subscribers_.begin(); it != subscribers_.end();) {
    if (auto s = it->second.lock()) {
      send(*s, e);
      ++it;
    } else {
      it = subscribers_.erase(it);
      count_.fetch_sub(1, std::memory_order_relaxed);
    }
  }
}

std::shared_ptr<const std::string> Channel::subscribed_message(bool resumed, size_t replayed,
                                                               std::string_view epoch,
                                                               uint64_t version) const {
  json::object m{{"type", "subscribed"}, {"channel", name_}, {"table", table_id_},
                 {"epoch", epoch},       {"v", version},     {"resumed", resumed},
                 {"replayed", replayed}};
  return std::make_shared<const std::string>(json::serialize(m));
}

void Channel::on_subscribe(std::shared_ptr<Subscriber> s, std::optional<std::string> epoch,
                           std::optional<uint64_t> version) {
  // Resumable when the client knows this run of the table and every event after its
  // version is still in the history (or it has missed nothing).
  const bool same_run = epoch && !epoch_.empty() && *epoch == epoch_;
  const bool covered =
      version && *version <= latest_ &&
      (*version == latest_ || (!history_.empty() && history_.front().version <= *version + 1));
  if (!same_run || !covered) {
    resync(std::move(s));
    return;
  }
  size_t missed = 0;
  for (const auto& e : history_)
    if (e.version > *version) ++missed;
  s->deliver(subscribed_message(true, missed, epoch_, latest_));
  for (const auto& e : history_)
    if (e.version > *version) send(*s, e);
  add(s);
}

void Channel::resync(std::shared_ptr<Subscriber> s) {
  std::weak_ptr<Subscriber> weak = s;
  ledger::PlayerId player = s->player();
  snapshot_(player, [self = shared_from_this(), weak](json::object snapshot) mutable {
    boost::asio::post(self->strand_, [self, weak, snapshot = std::move(snapshot)]() mutable {
      auto s = weak.lock();
      if (!s) return;
      const uint64_t v = snapshot["v"].to_number<uint64_t>();
      const std::string epoch(snapshot["epoch"].as_string());
      s->deliver(self->subscribed_message(false, 0, epoch, v));
      s->deliver(std::make_shared<const std::string>(json::serialize(snapshot)));
      // Events after the snapshot that reached the channel first (not expected, since
      // the table answers in order, but harmless to cover).
      for (const auto& e : self->history_)
        if (e.version > v && e.epoch == epoch) self->send(*s, e);
      self->add(s);
    });
  });
}

void Channel::add(const std::shared_ptr<Subscriber>& s) {
  if (subscribers_.emplace(s.get(), s).second) count_.fetch_add(1, std::memory_order_relaxed);
}

}  // namespace croupier::gateway
