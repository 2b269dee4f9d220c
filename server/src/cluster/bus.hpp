// Bus: the messages between a cluster's nodes, over NATS (libnats, Debian's libnats-dev).
//
// A table's owner will publish its events on a subject every node relays to its own
// sockets, and a node will reach the owner of a table with a request (issue 17). This is
// the thin layer under that: publish, subscribe (optionally in a queue group: one member
// of the group gets each message), and request/reply with a timeout. The connection
// reconnects by itself when the server comes back; what was published while it was away
// is buffered by libnats up to its limit, then refused (BusError).
//
// Thread-safety: every call may be made from any thread. A subscription's handler runs
// on a thread of libnats, one message at a time and in order for that subscription; it
// must be quick (post the work elsewhere) and may call the Bus (reply, publish).
// Destroying a Subscription unsubscribes and waits (up to two seconds) until libnats says
// no handler runs or will run (so it must not be destroyed from its own handler); the
// handler's own state is libnats's to free after that, never before.
#pragma once

#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <functional>
#include <future>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <thread>

// libnats's types (nats/nats.h), kept out of this header.
struct __natsConnection;
struct __natsSubscription;
struct __natsMsg;

namespace croupier::cluster {

class BusError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

struct Message {
  std::string_view subject;
  std::string_view data;
  std::string_view reply;  // where a request wants its answer; empty for a plain message
};

class Subscription;

class Bus {
 public:
  using Handler = std::function<void(const Message&)>;

  // Connects to the NATS server at `url` (nats://host:port[,nats://…]) under the
  // connection name `name` (shown by the server's monitoring). Throws BusError.
  static std::unique_ptr<Bus> connect(const std::string& url, const std::string& name);
  ~Bus();
  Bus(const Bus&) = delete;
  Bus& operator=(const Bus&) = delete;

  void publish(const std::string& subject, std::string_view data);
  // Every message on `subject` (wildcards * and > as NATS has them); with a queue group,
  // each message goes to one member of the group only.
  std::unique_ptr<Subscription> subscribe(const std::string& subject, Handler handler,
                                          const std::string& queue_group = {});
  // Sends `data` and waits for the first answer: nullopt when none came in time (or no
  // one listens on the subject).
  std::optional<std::string> request(const std::string& subject, std::string_view data,
                                     std::chrono::milliseconds timeout);
  // The same without waiting: `answer` runs once, with the first answer, or with nullopt
  // when none came within `timeout` or no one listens on the subject (an empty answer
  // counts as none: it is what NATS sends back when there are no responders). It runs on
  // a thread of libnats or of the bus and must be quick. A bus being destroyed answers
  // what is still waiting with nullopt.
  using AnswerFn = std::function<void(std::optional<std::string>)>;
  void request_async(const std::string& subject, std::string_view data,
                     std::chrono::milliseconds timeout, AnswerFn answer);
  // Answers a request (`to` is the request's Message::reply).
  void reply(std::string_view to, std::string_view data) { publish(std::string(to), data); }
  // Waits until the server has everything published so far.
  void flush(std::chrono::milliseconds timeout = std::chrono::seconds(5));

 private:
  // The requests sent with request_async that wait for their answers: all answers come
  // to one inbox subscription (inbox_.<n>), and a thread of the bus answers those that
  // run out of time.
  struct Waiting {
    std::chrono::steady_clock::time_point deadline;
    AnswerFn answer;
  };
  explicit Bus(__natsConnection* connection) : connection_(connection) {}
  void start_inbox();  // once, under mu_
  void on_answer(const Message& m);
  void expire_loop();
  __natsConnection* connection_;

  std::mutex mu_;
  std::condition_variable wake_;
  bool closing_ = false;
  std::string inbox_;  // empty until the first request_async
  uint64_t next_request_ = 0;
  std::map<uint64_t, Waiting> waiting_;
  std::unique_ptr<Subscription> answers_;
  std::thread expirer_;
};

class Subscription {
 public:
  ~Subscription();
  Subscription(const Subscription&) = delete;
  Subscription& operator=(const Subscription&) = delete;

 private:
  friend class Bus;
  // What the handler needs, owned by libnats from the subscription on and freed by its
  // completion callback, once the last message has been handled.
  struct State;
  Subscription() = default;
  static void deliver(__natsConnection*, __natsSubscription*, __natsMsg* msg, void* closure);
  static void completed(void* closure);

  __natsSubscription* sub_ = nullptr;
  std::future<void> done_;  // ready once no handler runs or will run
};

}  // namespace croupier::cluster
