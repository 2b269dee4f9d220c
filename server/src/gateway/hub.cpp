#include "gateway/hub.hpp"

#include <boost/asio/post.hpp>
#include <boost/json/serialize.hpp>

namespace croupier::gateway {

namespace json = boost::json;

Channel::Channel(boost::asio::any_io_executor executor,
                 std::vector<boost::asio::any_io_executor> shards, std::string name,
                 std::string table_id, History history, SnapshotFn snapshot)
    : strand_(boost::asio::make_strand(executor)),
      name_(std::move(name)),
      table_id_(std::move(table_id)),
      limits_(history),
      snapshot_(std::move(snapshot)) {
  // Without socket threads every subscriber shares one shard, on a strand of its own.
  if (shards.empty()) shards.push_back(boost::asio::make_strand(executor));
  for (auto& e : shards) shards_.emplace_back(std::move(e));
}

const ws::Frame* Channel::Framed::personal_for(ledger::PlayerId player) const {
  if (personal.empty()) return nullptr;
  auto mine = personal.find(player);
  return mine == personal.end() ? nullptr : &mine->second;
}

const ws::Frame& Channel::Framed::for_player(ledger::PlayerId player) const {
  const ws::Frame* mine = personal_for(player);
  return mine ? *mine : all;
}

Channel::Shard& Channel::shard_of(const Subscriber& s) {
  return shards_[s.shard() < shards_.size() ? s.shard() : 0];
}

void Channel::post(std::function<void()> fn) {
  // Through the strand, then through every shard: the marker follows what was handed to
  // the subscribers before it.
  boost::asio::post(strand_, [self = shared_from_this(), fn = std::move(fn)]() mutable {
    auto left = std::make_shared<std::atomic<size_t>>(self->shards_.size());
    auto done = std::make_shared<std::function<void()>>(std::move(fn));
    for (auto& shard : self->shards_) {
      boost::asio::post(shard.executor, [left, done] {
        if (left->fetch_sub(1) == 1) (*done)();
      });
    }
  });
}

void Channel::publish(protocol::WireEvent event) {
  boost::asio::post(strand_, [self = shared_from_this(), e = std::move(event)]() mutable {
    self->on_publish(std::move(e));
  });
}

void Channel::subscribe(std::shared_ptr<Subscriber> subscriber, std::optional<std::string> epoch,
                        std::optional<uint64_t> version, uint64_t ticket) {
  // Held weakly until the strand runs it: a subscriber must not outlive its socket
  // thread inside the channel's queue at shutdown.
  boost::asio::post(strand_, [self = shared_from_this(), weak = std::weak_ptr(subscriber),
                              epoch = std::move(epoch), version, ticket]() mutable {
    if (auto s = weak.lock()) self->on_subscribe(std::move(s), std::move(epoch), version, ticket);
  });
}

void Channel::unsubscribe(const Subscriber* subscriber) {
  // Through the strand, so that the removal reaches the shard before the first frames of
  // any later subscription (join() goes the same way); posted even from the subscriber's
  // own shard, which may be walking its subscribers.
  Shard& shard = shard_of(*subscriber);
  boost::asio::post(strand_, [self = shared_from_this(), &shard, subscriber] {
    boost::asio::post(shard.executor, [self, &shard, subscriber] {
      if (shard.subscribers.erase(subscriber) > 0) {
        self->count_.fetch_sub(1, std::memory_order_relaxed);
        shard.members.fetch_sub(1, std::memory_order_relaxed);
      }
    });
  });
}

void Channel::on_publish(protocol::WireEvent event) {
  if (event.epoch != epoch_) {
    // A new run of the table: versions start again, so earlier history is meaningless.
    forget_all();
    const bool restarted = !epoch_.empty();
    epoch_ = event.epoch;
    if (restarted && event.version > 0) {
      // The table started again elsewhere while these subscribers stayed (it moved to
      // another node of a cluster): they are told so before its first event, and each
      // asks for its state again (docs/protocol.md, "subscribed").
      auto notice = std::make_shared<Framed>();
      notice->epoch = epoch_;
      notice->version = event.version - 1;
      notice->all = subscribed_message(false, 0, epoch_, event.version - 1, true);
      deliver_all(std::move(notice));
    }
  } else if (event.version <= latest_) {
    return;  // delivered already
  } else if (event.version > latest_ + 1) {
    // Events of this run never reached the channel: its owner held them back (a node that
    // could not renew its lease in time publishes nothing) or the cluster's bus lost them.
    // Its subscribers would see a version skipped: each is told to ask for its state
    // again, and the history, which now has a hole, goes.
    forget_all();
    auto notice = std::make_shared<Framed>();
    notice->epoch = epoch_;
    notice->version = event.version - 1;
    notice->all = subscribed_message(false, 0, epoch_, event.version - 1, false, true);
    deliver_all(std::move(notice));
  }
  latest_ = event.version;
  auto framed = std::make_shared<Framed>();
  framed->epoch = std::move(event.epoch);
  framed->version = event.version;
  framed->all = ws::text_frame(*event.json);
  framed->bytes = framed->all->size();
  for (const auto& [player, text] : event.personal) {
    auto frame = ws::text_frame(*text);
    framed->bytes += frame->size();
    framed->personal.emplace(player, std::move(frame));
  }
  FramedPtr e = std::move(framed);
  remember(e);
  deliver_all(std::move(e));
}

void Channel::remember(FramedPtr e) {
  size_t bytes = history_bytes_.load(std::memory_order_relaxed) + e->bytes;
  history_.push_back(std::move(e));
  while (history_.size() > 1 && (history_.size() > limits_.events || bytes > limits_.bytes)) {
    bytes -= history_.front()->bytes;
    history_.pop_front();
  }
  history_bytes_.store(bytes, std::memory_order_relaxed);
}

void Channel::forget_all() {
  history_.clear();
  history_bytes_.store(0, std::memory_order_relaxed);
}

void Channel::deliver_all(FramedPtr e) {
  for (auto& shard : shards_) {
    // A socket thread with no subscriber of this channel has nothing to do.
    if (shard.members.load(std::memory_order_relaxed) == 0) continue;
    boost::asio::post(shard.executor, [self = shared_from_this(), &shard, e] {
      // The shard's own copy of the shared frame: each socket's queue holds a reference,
      // and a reference count shared by every core would bounce between their caches.
      const ws::Frame all = std::make_shared<const std::string>(*e->all);
      auto& subs = shard.subscribers;
      for (auto it = subs.begin(); it != subs.end();) {
        if (auto s = it->second.lock()) {
          const ws::Frame* mine = e->personal_for(s->player());
          s->deliver(mine ? *mine : all);
          ++it;
        } else {
          it = subs.erase(it);
          self->count_.fetch_sub(1, std::memory_order_relaxed);
          shard.members.fetch_sub(1, std::memory_order_relaxed);
        }
      }
    });
  }
}

void Channel::forget_history() {
  boost::asio::post(strand_, [self = shared_from_this()] { self->forget_all(); });
}

ws::Frame Channel::subscribed_message(bool resumed, size_t replayed, std::string_view epoch,
                                      uint64_t version, bool restarted, bool missed) const {
  json::object m{{"type", "subscribed"}, {"channel", name_}, {"table", table_id_},
                 {"epoch", epoch},       {"v", version},     {"resumed", resumed},
                 {"replayed", replayed}};
  if (restarted) m["restarted"] = true;
  if (missed) m["missed"] = true;
  return ws::text_frame(json::serialize(m));
}

void Channel::on_subscribe(std::shared_ptr<Subscriber> s, std::optional<std::string> epoch,
                           std::optional<uint64_t> version, uint64_t ticket) {
  // Resumable when the client knows this run of the table and every event after its
  // version is still in the history (or it has missed nothing).
  const bool same_run = epoch && !epoch_.empty() && *epoch == epoch_;
  const bool covered =
      version && *version <= latest_ &&
      (*version == latest_ || (!history_.empty() && history_.front()->version <= *version + 1));
  if (!same_run || !covered) {
    resync(std::move(s), ticket);
    return;
  }
  std::vector<FramedPtr> missed;
  for (const auto& e : history_)
    if (e->version > *version) missed.push_back(e);
  // Built before `missed` is handed over (the order arguments are evaluated in is open).
  ws::Frame subscribed = subscribed_message(true, missed.size(), epoch_, latest_);
  join(std::move(s), ticket, {std::move(subscribed)}, std::move(missed));
}

void Channel::resync(std::shared_ptr<Subscriber> s, uint64_t ticket) {
  std::weak_ptr<Subscriber> weak = s;
  ledger::PlayerId player = s->player();
  snapshot_(player, [self = shared_from_this(), weak, ticket](json::object snapshot) mutable {
    boost::asio::post(
        self->strand_, [self, weak, ticket, snapshot = std::move(snapshot)]() mutable {
          auto s = weak.lock();
          if (!s) return;
          if (snapshot.empty()) {
            Shard& shard = self->shard_of(*s);
            boost::asio::post(shard.executor, [s = std::move(s)] { s->unavailable(); });
            return;
          }
          const uint64_t v = snapshot["v"].to_number<uint64_t>();
          const std::string epoch(snapshot["epoch"].as_string());
          // Events after the snapshot that reached the channel first (not expected, since
          // the table answers in order, but harmless to cover).
          std::vector<FramedPtr> after;
          for (const auto& e : self->history_)
            if (e->version > v && e->epoch == epoch) after.push_back(e);
          std::vector<ws::Frame> first = {self->subscribed_message(false, 0, epoch, v),
                                          ws::text_frame(json::serialize(snapshot))};
          self->join(std::move(s), ticket, std::move(first), std::move(after));
        });
  });
}

void Channel::join(std::shared_ptr<Subscriber> s, uint64_t ticket, std::vector<ws::Frame> first,
                   std::vector<FramedPtr> events) {
  Shard& shard = shard_of(*s);
  shard.members.fetch_add(1, std::memory_order_relaxed);
  boost::asio::post(shard.executor, [self = shared_from_this(), &shard, s = std::move(s), ticket,
                                     first = std::move(first), events = std::move(events)] {
    // Left (or subscribed again) while the first frames were prepared: nothing to send.
    if (!s->follows(*self, ticket)) {
      shard.members.fetch_sub(1, std::memory_order_relaxed);
      return;
    }
    for (const auto& f : first) s->deliver(f);
    for (const auto& e : events) s->deliver(e->for_player(s->player()));
    // A gone subscriber's entry at the same address (not yet swept) is taken over.
    auto [it, added] = shard.subscribers.try_emplace(s.get(), s);
    if (added) {
      self->count_.fetch_add(1, std::memory_order_relaxed);
    } else {
      it->second = s;
      shard.members.fetch_sub(1, std::memory_order_relaxed);
    }
  });
}

}  // namespace croupier::gateway
