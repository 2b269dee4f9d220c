#include "cluster/bus.hpp"

#include <nats/nats.h>

#include <vector>

#include "core/log.hpp"

namespace croupier::cluster {

namespace {

[[noreturn]] void fail(const std::string& what, natsStatus status) {
  throw BusError("nats: " + what + ": " + natsStatus_GetText(status));
}

void check(natsStatus status, const std::string& what) {
  if (status != NATS_OK) fail(what, status);
}

// libnats' asynchronous events, which it would otherwise keep to itself: a subscription that
// fell behind and had messages dropped, and a connection found again after it was lost.
// Either way events published meanwhile did not reach this node (a table's subscribers
// then see a version skipped; docs/testing.md, the cluster's lead).
void on_async_error(natsConnection*, natsSubscription* sub, natsStatus err, void*) {
  int64_t dropped = 0;
  if (sub) natsSubscription_GetDropped(sub, &dropped);
  const char* subject = sub ? natsSubscription_GetSubject(sub) : nullptr;
  log::warn("nats: an error on the connection", {{"error", natsStatus_GetText(err)},
                                                 {"subject", subject ? subject : ""},
                                                 {"dropped", static_cast<long long>(dropped)}});
}

void on_reconnected(natsConnection*, void*) {
  log::warn("nats: connected again; what was published while the connection was lost is lost");
}

// Options destroyed on every path.
struct OptionsGuard {
  natsOptions* options = nullptr;
  ~OptionsGuard() { natsOptions_Destroy(options); }
};

}  // namespace

struct Subscription::State {
  Bus::Handler handler;
  std::promise<void> done;
};

std::unique_ptr<Bus> Bus::connect(const std::string& url, const std::string& name) {
  OptionsGuard guard;
  check(natsOptions_Create(&guard.options), "options");
  check(natsOptions_SetURL(guard.options, url.c_str()), "url " + url);
  check(natsOptions_SetName(guard.options, name.c_str()), "name");
  check(natsOptions_SetTimeout(guard.options, 2000), "timeout");
  // Keep trying for as long as the process lives: a node outlives a restart of NATS.
  check(natsOptions_SetMaxReconnect(guard.options, -1), "reconnects");
  check(natsOptions_SetReconnectWait(guard.options, 250), "reconnect wait");
  check(natsOptions_SetErrorHandler(guard.options, &on_async_error, nullptr), "error handler");
  check(natsOptions_SetReconnectedCB(guard.options, &on_reconnected, nullptr), "reconnected");
  natsConnection* connection = nullptr;
  const natsStatus status = natsConnection_Connect(&connection, guard.options);
  if (status != NATS_OK) fail("cannot connect to " + url, status);
  return std::unique_ptr<Bus>(new Bus(connection));
}

Bus::~Bus() {
  {
    std::lock_guard lock(mu_);
    closing_ = true;
  }
  wake_.notify_all();
  if (expirer_.joinable()) expirer_.join();
  answers_.reset();
  std::map<uint64_t, Waiting> left;
  {
    std::lock_guard lock(mu_);
    left.swap(waiting_);
  }
  for (auto& [id, w] : left) w.answer(std::nullopt);
  natsConnection_Close(connection_);
  natsConnection_Destroy(connection_);
}

void Bus::start_inbox() {
  natsInbox* created = nullptr;
  check(natsInbox_Create(&created), "inbox");
  std::string inbox = created;
  natsInbox_Destroy(created);
  // Set only once the answers have somewhere to go: a failure here is tried again by
  // the next request.
  answers_ = subscribe(inbox + ".*", [this](const Message& m) { on_answer(m); });
  inbox_ = std::move(inbox);
  expirer_ = std::thread([this] { expire_loop(); });
}

void Bus::request_async(const std::string& subject, std::string_view data,
                        std::chrono::milliseconds timeout, AnswerFn answer) {
  std::string reply_to;
  uint64_t id = 0;
  {
    std::lock_guard lock(mu_);
    if (inbox_.empty()) start_inbox();
    id = ++next_request_;
    reply_to = inbox_ + "." + std::to_string(id);
    waiting_.emplace(id, Waiting{std::chrono::steady_clock::now() + timeout, std::move(answer)});
  }
  const natsStatus status = natsConnection_PublishRequest(
      connection_, subject.c_str(), reply_to.c_str(), data.data(), static_cast<int>(data.size()));
  if (status == NATS_OK) return;
  // Not sent (the connection is away and its buffer full): answered now, as no answer.
  AnswerFn unsent;
  {
    std::lock_guard lock(mu_);
    auto it = waiting_.find(id);
    if (it == waiting_.end()) return;
    unsent = std::move(it->second.answer);
    waiting_.erase(it);
  }
  unsent(std::nullopt);
}

void Bus::on_answer(const Message& m) {
  const auto dot = m.subject.rfind('.');
  if (dot == std::string_view::npos) return;
  uint64_t id = 0;
  for (char c : m.subject.substr(dot + 1)) {
    if (c < '0' || c > '9') return;
    id = id * 10 + static_cast<uint64_t>(c - '0');
  }
  AnswerFn answer;
  {
    std::lock_guard lock(mu_);
    auto it = waiting_.find(id);
    if (it == waiting_.end()) return;  // answered already, or ran out of time
    answer = std::move(it->second.answer);
    waiting_.erase(it);
  }
  if (m.data.empty())
    answer(std::nullopt);  // no responders
  else
    answer(std::string(m.data));
}

void Bus::expire_loop() {
  std::unique_lock lock(mu_);
  while (!closing_) {
    // Every request's deadline is checked at least this often; a sweep is a map walk.
    wake_.wait_for(lock, std::chrono::milliseconds(20));
    const auto now = std::chrono::steady_clock::now();
    std::vector<AnswerFn> late;
    for (auto it = waiting_.begin(); it != waiting_.end();) {
      if (it->second.deadline <= now) {
        late.push_back(std::move(it->second.answer));
        it = waiting_.erase(it);
      } else {
        ++it;
      }
    }
    if (late.empty()) continue;
    lock.unlock();
    for (auto& answer : late) answer(std::nullopt);
    lock.lock();
  }
}

void Bus::publish(const std::string& subject, std::string_view data) {
  check(natsConnection_Publish(connection_, subject.c_str(), data.data(),
                               static_cast<int>(data.size())),
        "publish on " + subject);
}

std::unique_ptr<Subscription> Bus::subscribe(const std::string& subject, Handler handler,
                                             const std::string& queue_group) {
  std::unique_ptr<Subscription> s(new Subscription());
  auto state = std::make_unique<Subscription::State>();
  state->handler = std::move(handler);
  s->done_ = state->done.get_future();
  const natsStatus status =
      queue_group.empty()
          ? natsConnection_Subscribe(&s->sub_, connection_, subject.c_str(), &Subscription::deliver,
                                     state.get())
          : natsConnection_QueueSubscribe(&s->sub_, connection_, subject.c_str(),
                                          queue_group.c_str(), &Subscription::deliver, state.get());
  check(status, "subscribe to " + subject);
  const natsStatus hooked =
      natsSubscription_SetOnCompleteCB(s->sub_, &Subscription::completed, state.get());
  Subscription::State* owned = state.release();  // libnats's from here: freed by completed()
  if (hooked != NATS_OK) {
    // Without the callback nothing would free it; a delivery may be using it: left.
    (void)owned;
    natsSubscription_Unsubscribe(s->sub_);
    natsSubscription_Destroy(s->sub_);
    s->sub_ = nullptr;
    fail("subscribe to " + subject, hooked);
  }
  return s;
}

std::optional<std::string> Bus::request(const std::string& subject, std::string_view data,
                                        std::chrono::milliseconds timeout) {
  natsMsg* answer = nullptr;
  const natsStatus status =
      natsConnection_Request(&answer, connection_, subject.c_str(), data.data(),
                             static_cast<int>(data.size()), timeout.count());
  if (status == NATS_TIMEOUT || status == NATS_NO_RESPONDERS) return std::nullopt;
  check(status, "request on " + subject);
  std::string out(natsMsg_GetData(answer), static_cast<size_t>(natsMsg_GetDataLength(answer)));
  natsMsg_Destroy(answer);
  return out;
}

void Bus::flush(std::chrono::milliseconds timeout) {
  check(natsConnection_FlushTimeout(connection_, timeout.count()), "flush");
}

void Subscription::completed(void* closure) {
  auto* state = static_cast<State*>(closure);
  state->done.set_value();
  delete state;
}

void Subscription::deliver(natsConnection*, natsSubscription*, natsMsg* msg, void* closure) {
  auto* state = static_cast<State*>(closure);
  const char* reply = natsMsg_GetReply(msg);
  const Message m{
      natsMsg_GetSubject(msg),
      std::string_view(natsMsg_GetData(msg), static_cast<size_t>(natsMsg_GetDataLength(msg))),
      reply ? std::string_view(reply) : std::string_view()};
  try {
    state->handler(m);
  } catch (...) {
    // A handler must not throw into libnats's thread; what it was doing is its own to log.
  }
  natsMsg_Destroy(msg);
}

Subscription::~Subscription() {
  if (!sub_) return;
  // Unsubscribed (already so when the connection closed), then the completion callback
  // says the last handler has returned.
  natsSubscription_Unsubscribe(sub_);
  done_.wait_for(std::chrono::seconds(2));
  natsSubscription_Destroy(sub_);
}

}  // namespace croupier::cluster
