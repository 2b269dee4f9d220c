#include "gateway/listener.hpp"

#include <unistd.h>

#include <array>
#include <boost/asio/dispatch.hpp>
#include <boost/asio/post.hpp>
#include <boost/asio/steady_timer.hpp>
#include <boost/asio/strand.hpp>
#include <boost/asio/write.hpp>
#include <boost/beast/core.hpp>
#include <boost/beast/http.hpp>
#include <boost/beast/websocket.hpp>
#include <boost/url/parse.hpp>
#include <cassert>
#include <optional>
#include <type_traits>

#include "core/log.hpp"
#include "core/metrics.hpp"
#include "gateway/api.hpp"
#include "gateway/connections.hpp"
#include "gateway/jwt.hpp"
#include "gateway/promotions.hpp"
#include "gateway/services.hpp"
#include "gateway/ws_session.hpp"

namespace croupier::gateway {

namespace asio = boost::asio;
namespace beast = boost::beast;
namespace websocket = beast::websocket;
using tcp = asio::ip::tcp;

namespace {

constexpr auto kReadTimeout = std::chrono::seconds(30);
constexpr auto kWriteTimeout = std::chrono::seconds(30);
// How long a bet over HTTP waits for the table (which answers after the ledger commit).
constexpr auto kLaterReplyTimeout = std::chrono::seconds(10);

std::atomic<size_t> g_http_connections{0};

class HttpSession : public std::enable_shared_from_this<HttpSession> {
 public:
  HttpSession(tcp::socket&& socket, Services& svc, Router& router)
      : stream_(std::move(socket)), svc_(svc), router_(router) {
    beast::error_code ec;
    auto remote = stream_.socket().remote_endpoint(ec);
    ip_ = ec ? "unknown" : remote.address().to_string();
    g_http_connections.fetch_add(1);
  }
  ~HttpSession() { g_http_connections.fetch_sub(1); }

  void run() {
    asio::dispatch(stream_.get_executor(), [self = shared_from_this()] { self->do_read(); });
  }

 private:
  void do_read() {
    parser_.emplace();
    parser_->header_limit(static_cast<uint32_t>(svc_.settings.http_header_bytes_max));
    parser_->body_limit(svc_.settings.http_body_bytes_max);
    stream_.expires_after(kReadTimeout);
    http::async_read(
        stream_, buffer_, *parser_,
        [self = shared_from_this()](beast::error_code ec, size_t) { self->on_read(ec); });
  }

  void on_read(beast::error_code ec) {
    if (ec == http::error::end_of_stream) return do_close();
    if (ec == http::error::body_limit) {
      return send(error_reply(parser_->get(), http::status::payload_too_large, "BODY_TOO_LARGE",
                              "the request body is larger than " +
                                  std::to_string(svc_.settings.http_body_bytes_max) + " bytes"),
                  false);
    }
    if (ec == http::error::header_limit) {
      return send(error_reply(Request{}, http::status::request_header_fields_too_large,
                              "HEADERS_TOO_LARGE", "the request headers are too large"),
                  false);
    }
    if (ec) return;  // timeout or a broken connection: nothing to answer
    Request req = parser_->release();
    if (websocket::is_upgrade(req)) return upgrade(std::move(req));
    Reply reply = router_.handle(req, ip_);
    if (auto* later = std::get_if<LaterReply>(&reply)) return wait_for(std::move(*later), req);
    bool keep_alive = std::visit(
        [](const auto& m) {
          if constexpr (std::is_same_v<std::decay_t<decltype(m)>, LaterReply>)
            return false;
          else
            return m.keep_alive();
        },
        reply);
    send(std::move(reply), keep_alive);
  }

  // Checks the caller before the handshake; a refusal is an ordinary HTTP reply.
  void upgrade(Request req) {
    auto target = boost::urls::parse_origin_form(req.target());
    const bool promo = target && target->path() == "/promo/ws";
    if (!target || (target->path() != "/ws" && !promo)) {
      return send(error_reply(req, http::status::not_found, "NOT_FOUND",
                              "WebSocket connections go to /ws (or /promo/ws)"),
                  false);
    }
    if (std::string problem = handshake_problem(req); !problem.empty()) {
      if (problem == "version") {
        StringReply r = error_reply(req, http::status::upgrade_required, "BAD_HANDSHAKE",
                                    "this server speaks WebSocket version 13");
        r.set(http::field::sec_websocket_version, "13");
        return send(std::move(r), false);
      }
      return send(error_reply(req, http::status::bad_request, "BAD_HANDSHAKE", problem), false);
    }
    if (svc_.draining) {
      return send(error_reply(req, http::status::service_unavailable, "DRAINING",
                              "the server is restarting"),
                  false);
    }
    if (!origin_allowed(req)) {
      return send(error_reply(req, http::status::forbidden, "ORIGIN_NOT_ALLOWED",
                              "this page may not open a socket to the game server"),
                  false);
    }
    if (svc_.connections.size() >= svc_.settings.connections_max) {
      return send(error_reply(req, http::status::service_unavailable, "TOO_MANY_CONNECTIONS",
                              "try again shortly"),
                  false);
    }
    // Upgrades count against the address's request rate like any request (a flood of
    // handshakes from one address is refused, 429).
    if (!svc_.http_limiter.allow(ip_, svc_.clock.wall_ms())) {
      StringReply r =
          error_reply(req, http::status::too_many_requests, "RATE_LIMITED",
                      "too many requests; slow down and retry", ErrorCode::ActionFailed);
      r.set(http::field::retry_after, "1");
      return send(std::move(r), false);
    }
    Ctx ctx{svc_, req, *target, ip_, std::nullopt, {}};
    // The promotions socket is the token's player's (docs/protocol.md "Promotions").
    std::optional<PlayerToken> token;
    if (promo) {
      token = verify_player_token(svc_.promotions->token_secret(),
                                  ctx.has_param("token") ? ctx.param("token") : std::string(),
                                  svc_.clock.wall_ms());
      auto player = token ? svc_.store.player(token->player_id) : std::nullopt;
      if (!player)
        return send(error_reply(req, http::status::unauthorized, "BAD_TOKEN",
                                "the promotions socket needs a valid token (updateJwtToken)"),
                    false);
      return admit(req, AuthedSession{"", *player, "{}"}, token->expires_ms);
    }
    // Opening a socket (or reopening it after a drop) is the page's doing, not the
    // player's: it does not count as activity for the inactivity timeout.
    auto auth = svc_.sessions.peek(session_id_of(ctx));
    if (!auth.ok()) {
      bool terminated = auth.error() == AuthFailure::terminated;
      return send(terminated
                      ? error_reply(req, http::status::forbidden, "SESSION_TERMINATED",
                                    "session terminated: the account is restricted",
                                    ErrorCode::AccountDisabled)
                      : code_reply(req, http::status::unauthorized, ErrorCode::SessionExpired),
                  false);
    }
    // Location rules (docs/regulation.md): a socket from a country the operator keeps out is
    // refused (1052); the socket's player carries the country it was opened from, for the
    // tables offered only in some countries.
    AuthedSession session = auth.value();
    if (const config::Operator* op = svc_.casino.find_operator(session.player.operator_id))
      if (auto refused = location_refusal(ctx, *op, &session.player))
        return send(std::move(*refused), false);
    session.player.country = country_of(ctx, &session.player);
    admit(req, std::move(session), 0);
  }

  // Admits the socket of `session` (a promotions socket: with its token's expiry) and hands
  // it to a socket thread.
  void admit(const Request& req, AuthedSession session, int64_t promo_expires_ms) {
    // One address may not hold every socket. A player at their limit keeps the new
    // socket and loses the oldest (a phone on a flaky network reconnects before the
    // server notices the old connection is dead); the old page is told (logged out
    // elsewhere) and does not reconnect.
    auto admitted = svc_.connections.admit(ip_, session.player.id, svc_.settings.ws_per_address_max,
                                           svc_.settings.ws_per_player_max);
    if (!admitted.slot) {
      const bool address = admitted.full == Connections::Full::address;
      StringReply r = error_reply(
          req, http::status::too_many_requests,
          address ? "TOO_MANY_SOCKETS_FROM_ADDRESS" : "TOO_MANY_SOCKETS_FOR_PLAYER",
          address ? "too many game connections from this address"
                  : "too many game connections for this player: close another tab or device",
          ErrorCode::ActionFailed);
      r.set(http::field::retry_after, "5");
      return send(std::move(r), false);
    }
    if (auto old = admitted.evicted.lock())
      old->end(session_notice(AuthFailure::replaced), ws::kPolicyViolation);
    stream_.expires_never();
    // The socket moves to a socket thread, in turn, and the session answers the handshake
    // there, with whatever the client sent after its request.
    std::string early = beast::buffers_to_string(buffer_.data());
    // (The server always has socket threads: App makes one per io thread.)
    tcp::socket accepted = stream_.release_socket();
    const size_t shard =
        svc_.next_shard.fetch_add(1, std::memory_order_relaxed) % svc_.socket_shards.size();
    beast::error_code ec;
    const auto protocol = accepted.local_endpoint(ec).protocol();
    const auto fd = ec ? -1 : accepted.release(ec);
    if (ec) return;  // the client is already gone
    tcp::socket socket(svc_.socket_shards[shard]);
    socket.assign(protocol, fd, ec);
    if (ec) {
      ::close(fd);
      return;
    }
    const store::Player player = session.player;
    auto ws = std::make_shared<WsSession>(std::move(socket), shard, svc_, std::move(session),
                                          std::move(admitted.slot));
    if (promo_expires_ms > 0) ws->promotions_only(promo_expires_ms);
    ws->run(req, std::move(early));
    if (promo_expires_ms > 0) svc_.promotions->attach(ws, player);
  }

  // A browser always sends Origin on a WebSocket handshake: it must be this server, or
  // an origin the settings or the player's operator allow (an embedding host page).
  bool origin_allowed(const Request& req) const {
    auto origin = req.find(http::field::origin);
    if (origin == req.end()) return true;  // not a browser
    std::string_view o = origin->value();
    auto host = req.find(http::field::host);
    if (host != req.end()) {
      for (std::string_view scheme : {"http://", "https://"}) {
        if (o == std::string(scheme) + std::string(host->value())) return true;
      }
    }
    if (!svc_.settings.public_url.empty() && o == svc_.settings.public_url) return true;
    for (const auto& allowed : svc_.settings.allowed_origins)
      if (o == allowed) return true;
    for (const auto& op : svc_.casino.operators)
      for (const auto& allowed : op.origins)
        if (o == allowed) return true;
    return false;
  }

  // A reply the table gives later (a bet over HTTP). The read deadline no longer applies;
  // a table that has not answered within kLaterReplyTimeout gets the client a 504, and the
  // client sends the same request again (same requestId), which the table answers once.
  // Whichever comes first is sent, once: `answered` is only touched on this session's
  // strand, where the table's answer is posted.
  void wait_for(LaterReply later, const Request& req) {
    stream_.expires_never();
    auto answered = std::make_shared<bool>(false);
    auto timer = std::make_shared<asio::steady_timer>(stream_.get_executor(), kLaterReplyTimeout);
    Request shape;  // the 504 follows the request's HTTP version
    shape.version(req.version());
    timer->async_wait([self = shared_from_this(), answered, shape](beast::error_code ec) {
      if (ec || *answered) return;
      *answered = true;
      StringReply r = error_reply(shape, http::status::gateway_timeout, "NO_ANSWER_YET",
                                  "the table has not answered yet: send the same request again "
                                  "(same requestId); it is taken once",
                                  ErrorCode::ActionFailed);
      r.set("X-Content-Type-Options", "nosniff");
      self->send(std::move(r), false);
    });
    later.start([self = shared_from_this(), answered, timer](StringReply r) {
      asio::post(self->stream_.get_executor(), [self, answered, timer, r = std::move(r)]() mutable {
        if (*answered) return;
        *answered = true;
        timer->cancel();
        const bool keep_alive = r.keep_alive();
        self->send(std::move(r), keep_alive);
      });
    });
  }

  void send(Reply reply, bool keep_alive) {
    http::message_generator msg = std::visit(
        [](auto&& m) -> http::message_generator {
          if constexpr (std::is_same_v<std::decay_t<decltype(m)>, LaterReply>) {
            assert(false && "a later reply is started, never sent");
            return http::message_generator(StringReply{});
          } else {
            return http::message_generator(std::move(m));
          }
        },
        std::move(reply));
    stream_.expires_after(kWriteTimeout);
    beast::async_write(stream_, std::move(msg),
                       [self = shared_from_this(), keep_alive](beast::error_code ec, size_t) {
                         if (ec) return;
                         if (!keep_alive) return self->do_close();
                         self->do_read();
                       });
  }

  void do_close() {
    beast::error_code ignored;
    stream_.socket().shutdown(tcp::socket::shutdown_send, ignored);
  }

  beast::tcp_stream stream_;
  beast::flat_buffer buffer_;
  std::optional<http::request_parser<http::string_body>> parser_;
  Services& svc_;
  Router& router_;
  std::string ip_;
};

}  // namespace

Listener::Listener(asio::io_context& io, Services& svc, Router& router)
    : io_(io),
      acceptor_(asio::make_strand(io)),
      retry_(acceptor_.get_executor()),
      svc_(svc),
      router_(router) {}

boost::system::error_code Listener::open(const tcp::endpoint& endpoint) {
  beast::error_code ec;
  acceptor_.open(endpoint.protocol(), ec);
  if (!ec) acceptor_.set_option(asio::socket_base::reuse_address(true), ec);
  if (!ec) acceptor_.bind(endpoint, ec);
  if (!ec) acceptor_.listen(asio::socket_base::max_listen_connections, ec);
  return ec;
}

uint16_t Listener::port() const {
  beast::error_code ec;
  return acceptor_.local_endpoint(ec).port();
}

void Listener::run() {
  do_accept();
}

void Listener::stop() {
  asio::dispatch(acceptor_.get_executor(), [self = shared_from_this()] {
    beast::error_code ignored;
    self->acceptor_.close(ignored);
    self->retry_.cancel();
  });
}

void Listener::do_accept() {
  acceptor_.async_accept(asio::make_strand(io_), [self = shared_from_this()](beast::error_code ec,
                                                                             tcp::socket socket) {
    if (ec == asio::error::operation_aborted || !self->acceptor_.is_open()) return;
    if (ec) return self->accept_failed(ec);
    if (g_http_connections.load() + self->svc_.connections.size() >=
        self->svc_.settings.connections_max) {
      self->refuse(std::move(socket));  // over the limit: refuse rather than queue
    } else {
      std::make_shared<HttpSession>(std::move(socket), self->svc_, self->router_)->run();
    }
    self->do_accept();
  });
}

void Listener::accept_failed(const boost::system::error_code& ec) {
  // Out of descriptors or memory, accept fails again at once: re-arming straight away spun
  // a core and wrote the log as fast as it could, while the connections already open
  // starved. A pause lets some close; the log says it once per interval, with the count.
  constexpr auto kPause = std::chrono::milliseconds(100);
  constexpr auto kLogEvery = std::chrono::seconds(5);
  static metrics::Counter& failures = metrics::registry().counter(
      "croupier_accept_failures_total", "Accepts that failed (out of descriptors, memory).");
  failures.inc();
  ++failures_unlogged_;
  const auto now = std::chrono::steady_clock::now();
  if (now - last_failure_log_ >= kLogEvery) {
    log::warn("accept failed; retrying after a pause",
              {{"error", ec.message()}, {"failures", failures_unlogged_}});
    last_failure_log_ = now;
    failures_unlogged_ = 0;
  }
  retry_.expires_after(kPause);
  retry_.async_wait([self = shared_from_this()](beast::error_code wait_ec) {
    if (wait_ec || !self->acceptor_.is_open()) return;
    self->do_accept();
  });
}

void Listener::refuse(tcp::socket socket) {
  // A few bytes, written once, then the socket closes: the client reads a 503 (as the
  // documentation says) instead of a hang-up, and nothing is kept for it.
  static const std::string kReply = [] {
    const std::string body = R"({"error":"TOO_MANY_CONNECTIONS","detail":"try again shortly"})";
    return "HTTP/1.1 503 Service Unavailable\r\nContent-Type: application/json\r\n"
           "Retry-After: 1\r\nConnection: close\r\nContent-Length: " +
           std::to_string(body.size()) + "\r\n\r\n" + body;
  }();
  static metrics::Counter& refused = metrics::registry().counter(
      "croupier_connections_refused_total", "Connections refused over connections_max (503).");
  refused.inc();
  // Closing with the request unread would reset the connection and could lose the 503 at
  // the client: the send side is shut, what comes is read and dropped, and the socket
  // closes at the client's end of stream or after a second.
  // At most connection_refusals_max at once (their files are kept aside at start-up): in a
  // flood the rest are closed at once.
  static std::atomic<size_t> refusing{0};
  if (refusing.load() >= svc_.settings.connection_refusals_max) {
    beast::error_code ignored;
    socket.close(ignored);
    return;
  }
  struct Refusal {
    tcp::socket socket;
    asio::steady_timer timer;
    std::array<char, 512> sink{};
    Refusal(tcp::socket s, asio::steady_timer t) : socket(std::move(s)), timer(std::move(t)) {
      refusing.fetch_add(1);
    }
    Refusal(const Refusal&) = delete;
    ~Refusal() { refusing.fetch_sub(1); }
    void close() {
      beast::error_code ignored;
      timer.cancel();
      socket.close(ignored);
    }
    static void drain(const std::shared_ptr<Refusal>& r) {
      r->socket.async_read_some(asio::buffer(r->sink), [r](beast::error_code ec, size_t) {
        if (ec) return r->close();
        drain(r);
      });
    }
  };
  auto executor = socket.get_executor();
  auto r = std::make_shared<Refusal>(std::move(socket), asio::steady_timer(executor));
  asio::async_write(r->socket, asio::buffer(kReply), [r](beast::error_code ec, size_t) {
    if (ec) return r->close();
    beast::error_code ignored;
    r->socket.shutdown(tcp::socket::shutdown_send, ignored);
    r->timer.expires_after(std::chrono::seconds(1));
    r->timer.async_wait([r](beast::error_code wait_ec) {
      if (!wait_ec) r->close();
    });
    Refusal::drain(r);
  });
}

}  // namespace croupier::gateway
