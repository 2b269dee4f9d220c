#include "gateway/ws_session.hpp"

#include <boost/asio/dispatch.hpp>
#include <boost/asio/post.hpp>
#include <boost/beast/core/buffers_to_string.hpp>
#include <boost/beast/websocket.hpp>
#include <boost/json/serialize.hpp>

#include "core/log.hpp"
#include "core/metrics.hpp"
#include "gateway/api.hpp"
#include "gateway/bets.hpp"
#include "gateway/chat.hpp"
#include "gateway/connections.hpp"
#include "gateway/player_settings.hpp"
#include "gateway/protocol/json.hpp"
#include "gateway/services.hpp"

namespace croupier::gateway {

namespace beast = boost::beast;
namespace websocket = beast::websocket;
namespace json = boost::json;
using protocol::ack_json;
using protocol::money_json;

namespace {

constexpr int kRateStrikesMax = 50;  // commands refused for rate before the socket is closed

metrics::Gauge& open_sockets() {
  static metrics::Gauge& g =
      metrics::registry().gauge("croupier_ws_connections", "Open WebSocket connections.");
  return g;
}

metrics::Counter& dropped_slow() {
  static metrics::Counter& c =
      metrics::registry().counter("croupier_ws_slow_consumers_total",
                                  "Connections closed because they did not read their events.");
  return c;
}

}  // namespace

json::object session_notice(AuthFailure why) {
  switch (why) {
    case AuthFailure::replaced:
      return {
          {"type", "logout"}, {"code", 10003}, {"message", meaning(ErrorCode::LoggedInElsewhere)}};
    case AuthFailure::terminated:
      return {{"type", "session"}, {"message", "restricted"}};
    case AuthFailure::expired:
      return {{"type", "kickout"},
              {"reason", "inactivity"},
              {"code", 2400},
              {"message", meaning(ErrorCode::SessionExpired)}};
    case AuthFailure::missing:
      break;
  }
  return {{"type", "session"}, {"message", "offline"}};
}

WsSession::WsSession(boost::asio::ip::tcp::socket&& socket, Services& svc, AuthedSession session,
                     std::unique_ptr<SocketSlot> slot)
    : ws_(std::move(socket)),
      svc_(svc),
      connections_(svc.connections),
      session_(std::move(session)),
      bucket_(svc.settings.ws_rate_per_s, svc.settings.ws_burst),
      slot_(std::move(slot)) {}

WsSession::~WsSession() {
  if (open_) open_sockets().add(-1);
  connections_.remove(this);
}

void WsSession::run(Request req) {
  // Events are small and must not wait for Nagle's algorithm to gather more.
  beast::error_code ignored;
  beast::get_lowest_layer(ws_).socket().set_option(boost::asio::ip::tcp::no_delay(true), ignored);
  ws_.set_option(
      websocket::stream_base::timeout{std::chrono::seconds(30), std::chrono::seconds(30), true});
  ws_.set_option(websocket::stream_base::decorator(
      [](websocket::response_type& res) { res.set(http::field::server, "croupierd"); }));
  ws_.read_message_max(svc_.settings.ws_message_bytes_max);
  ws_.text(true);
  boost::asio::dispatch(
      ws_.get_executor(), [self = shared_from_this(), req = std::move(req)]() mutable {
        self->ws_.async_accept(req, [self](beast::error_code ec) { self->on_accept(ec); });
      });
}

void WsSession::on_accept(beast::error_code ec) {
  if (ec) {
    log::debug("websocket accept failed", {{"error", ec.message()}});
    return;
  }
  open_ = true;
  open_sockets().add(1);
  connections_.add(shared_from_this());
  send_private(json::object{{"type", "welcome"},
                            {"playerId", std::to_string(session_.player.id)},
                            {"serverTime", svc_.clock.wall_ms()}});
  do_read();
}

void WsSession::do_read() {
  ws_.async_read(buffer_, [self = shared_from_this()](beast::error_code ec, size_t n) {
    self->on_read(ec, n);
  });
}

void WsSession::on_read(beast::error_code ec, size_t bytes) {
  if (ec) {
    if (ec == websocket::error::message_too_big)
      log::info("websocket message too big", {{"player", player()}});
    leave_channels();
    return;
  }
  std::string text = beast::buffers_to_string(buffer_.data());
  buffer_.consume(bytes);
  if (!closing_) handle(text);
  if (!closing_) do_read();
}

void WsSession::handle(std::string_view text) {
  if (!bucket_.take(svc_.clock.wall_ms())) {
    send_error(ErrorCode::ActionFailed, "too many commands; slow down", "");
    if (++rate_strikes_ > kRateStrikesMax) close(websocket::close_code::policy_error, "rate limit");
    return;
  }
  // Every command finds out whether the session still holds. The player's own commands
  // count as activity; the socket's upkeep (ping, subscribe) and what does not parse do
  // not, so that a page left alone still times out for inactivity (SPEC §9).
  auto parsed = parse_command(text);
  const bool upkeep = !parsed.ok() || std::holds_alternative<PingCommand>(parsed.value()) ||
                      std::holds_alternative<SubscribeCommand>(parsed.value()) ||
                      std::holds_alternative<UnsubscribeCommand>(parsed.value());
  auto auth = upkeep ? svc_.sessions.peek(session_.id) : svc_.sessions.authenticate(session_.id);
  if (!auth.ok()) {
    end(session_notice(auth.error()), websocket::close_code::policy_error);
    return;
  }
  if (!parsed.ok()) {
    send_error(parsed.error().code, parsed.error().detail, parsed.error().request_id);
    return;
  }
  std::visit(
      [this](auto&& c) {
        using T = std::decay_t<decltype(c)>;
        if constexpr (std::is_same_v<T, SubscribeCommand>)
          on_subscribe(std::move(c));
        else if constexpr (std::is_same_v<T, UnsubscribeCommand>)
          on_unsubscribe(c);
        else if constexpr (std::is_same_v<T, PingCommand>)
          send_private(json::object{{"type", "pong"}, {"id", c.id}});
        else if constexpr (std::is_same_v<T, ActiveCommand>)
          return;  // the activity is recorded above
        else if constexpr (std::is_same_v<T, SeatCommand>)
          on_seat(std::move(c));
        else if constexpr (std::is_same_v<T, ChatCommand>)
          on_chat(std::move(c));
        else if constexpr (std::is_same_v<T, SqueezeCommand>)
          on_squeeze(std::move(c));
        else if constexpr (std::is_same_v<T, DecideCommand>)
          on_decide(std::move(c));
        else if constexpr (std::is_same_v<T, AutoplayCommand>)
          on_autoplay(std::move(c));
        else
          on_bet(std::move(c));
      },
      std::move(parsed).value());
}

void WsSession::on_subscribe(SubscribeCommand c) {
  const std::string prefix = "table-";
  const bool lobby = c.channel == "lobby";
  const LiveTable* live =
      c.channel.rfind(prefix, 0) == 0 ? svc_.table(c.channel.substr(prefix.size())) : nullptr;
  if (!live && !lobby)
    return send_error(ErrorCode::InvalidBet, "no such channel: " + c.channel, "");
  if (!channels_.contains(c.channel) && channels_.size() >= svc_.settings.ws_subscriptions_max) {
    return send_error(ErrorCode::OverMaxLimit, "too many channels on one connection", "");
  }
  if (auto old = channels_.find(c.channel); old != channels_.end()) old->second->unsubscribe(this);
  if (lobby) {
    channels_[c.channel] = svc_.lobby->channel();
    svc_.lobby->channel()->subscribe(shared_from_this(), std::move(c.epoch), c.version);
    return;
  }
  if (live->def->family().shape == games::Shape::seated_blackjack) {
    // The player's saved preferences (a bet behind follows a seat by them; a seat allows
    // bets behind by them) reach the table once per subscription, not once per bet.
    live->actor->set_blackjack_prefs(
        session_.player.id, blackjack_prefs(svc_.store, session_.player.id, live->def->config.id));
  }
  channels_[c.channel] = live->channel;
  live->channel->subscribe(shared_from_this(), std::move(c.epoch), c.version);
}

void WsSession::on_unsubscribe(const UnsubscribeCommand& c) {
  auto it = channels_.find(c.channel);
  if (it == channels_.end()) return;
  it->second->unsubscribe(this);
  channels_.erase(it);
  send_private(json::object{{"type", "unsubscribed"}, {"channel", c.channel}});
}

void WsSession::on_bet(BetCommand c) {
  if (c.user_id != std::to_string(session_.player.id)) {
    return send_error(ErrorCode::InvalidBet, "userId does not match the session", c.request_id);
  }
  const LiveTable* live = svc_.table(c.table_id);
  if (!live) return send_error(ErrorCode::InvalidBet, "no such table: " + c.table_id, c.request_id);
  // The game mode names the table's game (roulette_mobile at a roulette table), as a bet
  // over HTTP must.
  const std::string mode(live->def->family().mode);
  if (!c.game_mode.starts_with(mode + "_"))
    return send_error(ErrorCode::InvalidBet, "gameMode must be " + mode + "_desktop or _mobile",
                      c.request_id);
  if (svc_.draining)
    return send_error(ErrorCode::BetsNotAccepted, "the server is restarting", c.request_id);

  std::weak_ptr<WsSession> weak = shared_from_this();
  auto reply = [weak, table_id = c.table_id, &clock = svc_.clock](const table::BetAck& ack) {
    if (auto self = weak.lock()) {
      self->deliver(std::make_shared<const std::string>(
          json::serialize(ack_json(ack, table_id, clock.wall_ms()))));
    }
  };
  if (c.kind == BetCommand::Kind::cancelbets) {
    live->actor->cancel_bets({session_.player.id, c.request_id, c.game_id, c.of_request}, reply);
    return;
  }
  live->actor->place_bets(place_bets_command(svc_, session_.player, screen_name(), std::move(c)),
                          reply);
}

void WsSession::on_seat(SeatCommand c) {
  const LiveTable* live = svc_.table(c.table_id);
  if (!live) return send_error(ErrorCode::SeatError, "no such table: " + c.table_id, c.request_id);
  if (!c.sit) {
    live->actor->leave(session_.player.id, c.seat);
    if (c.seat == 0) seated_.erase(c.table_id);
    send_private(json::object{
        {"type", "seatack"}, {"table", c.table_id}, {"requestId", c.request_id}, {"seat", 0}});
    return;
  }
  if (live->def->family().shape == games::Shape::seated_blackjack) {
    // The seat's preferences (who may bet behind, when to lose it) go with it.
    live->actor->set_blackjack_prefs(session_.player.id,
                                     blackjack_prefs(svc_.store, session_.player.id, c.table_id));
  }
  std::weak_ptr<WsSession> weak = shared_from_this();
  live->actor->sit(session_.player.id, persona(svc_.store.player_settings(session_.player.id)),
                   c.seat, [weak, c](const table::SeatReply& r) {
                     auto self = weak.lock();
                     if (!self) return;
                     json::object ack = protocol::seat_ack_json(r, c.table_id, c.request_id);
                     boost::asio::post(self->ws_.get_executor(),
                                       [self, ack = std::move(ack), ok = !r.refusal,
                                        table = c.table_id]() mutable {
                                         if (ok) self->seated_.insert(table);
                                         self->send_private(std::move(ack));
                                       });
                   });
}

void WsSession::on_squeeze(SqueezeCommand c) {
  const LiveTable* live = svc_.table(c.table_id);
  if (!live) return send_error(ErrorCode::InvalidBet, "no such table: " + c.table_id, c.request_id);
  std::weak_ptr<WsSession> weak = shared_from_this();
  live->actor->squeeze(
      session_.player.id, c.index, c.progress,
      [weak, rid = c.request_id](std::optional<ErrorCode> refused) {
        if (!refused) return;
        if (auto self = weak.lock()) {
          boost::asio::post(self->ws_.get_executor(), [self, code = *refused, rid] {
            self->send_error(code,
                             code == ErrorCode::NotYourTurn ? "only the highest stake squeezes"
                                                            : "no card to squeeze now",
                             rid);
          });
        }
      });
}

void WsSession::on_decide(DecideCommand c) {
  const LiveTable* live = svc_.table(c.table_id);
  if (!live)
    return send_error(ErrorCode::InvalidDecision, "no such table: " + c.table_id, c.request_id);
  std::weak_ptr<WsSession> weak = shared_from_this();
  table::DecisionCommand cmd{session_.player.id, c.request_id, c.game_id, c.seat, c.decision};
  live->actor->decide(std::move(cmd), [weak, table = c.table_id](const table::DecisionAck& a) {
    auto self = weak.lock();
    if (!self) return;
    json::object ack = protocol::decision_ack_json(a, table);
    boost::asio::post(self->ws_.get_executor(), [self, ack = std::move(ack)]() mutable {
      self->send_private(std::move(ack));
    });
  });
}

void WsSession::on_autoplay(AutoplayCommand c) {
  const LiveTable* live = svc_.table(c.table_id);
  if (!live)
    return send_error(ErrorCode::BetsNotAccepted, "no such table: " + c.table_id, c.request_id);
  table::AutoplayCommand cmd;
  cmd.player = session_.player.id;
  cmd.name = screen_name();
  cmd.currency = session_.player.currency;
  cmd.request_id = c.request_id;
  cmd.rounds = c.rounds;
  cmd.strategy = autoplay_strategy(svc_.store, session_.player.id);
  if (const config::Operator* op = svc_.casino.find_operator(session_.player.operator_id))
    cmd.regulated = op->regulated;
  std::weak_ptr<WsSession> weak = shared_from_this();
  live->actor->autoplay(std::move(cmd), [weak, table = c.table_id](const table::AutoplayAck& a) {
    auto self = weak.lock();
    if (!self) return;
    json::object ack = protocol::autoplay_ack_json(a, table);
    boost::asio::post(self->ws_.get_executor(), [self, ack = std::move(ack)]() mutable {
      self->send_private(std::move(ack));
    });
  });
}

std::string WsSession::screen_name() {
  // The player may have changed it (PUT /api/user/screenName) since the socket opened.
  auto current = svc_.sessions.peek(session_.id);
  return current.ok() ? current->player.screen_name : session_.player.screen_name;
}

table::Persona WsSession::persona(const std::map<std::string, std::string>& saved) {
  return table::Persona(screen_name(), avatar_of(saved));
}

void WsSession::on_chat(ChatCommand c) {
  const LiveTable* live = svc_.table(c.table_id);
  if (!live) return send_error(ErrorCode::InvalidBet, "no such table: " + c.table_id, c.request_id);
  if (!chat_bucket_.take(svc_.clock.wall_ms()))
    return send_error(ErrorCode::ActionFailed, "one chat message a second at most", c.request_id,
                      "rate");
  // The operator, the jurisdiction, the table, a mute, the balance, the words (gateway/chat).
  const auto saved = svc_.store.player_settings(session_.player.id);
  if (auto refused = chat_refusal(svc_, session_.player, saved, *live, c.text))
    return send_error(refused->code, refused->detail, c.request_id, refused->reason);
  std::weak_ptr<WsSession> weak = shared_from_this();
  live->actor->chat(
      session_.player.id, persona(saved), std::move(c.text), std::string(table::kPlayerRole),
      [weak, rid = c.request_id](std::optional<ErrorCode> refused) {
        if (!refused) return;
        if (auto self = weak.lock()) {
          boost::asio::post(self->ws_.get_executor(), [self, code = *refused, rid] {
            const bool seat = code == ErrorCode::SeatError;
            self->send_error(
                code, seat ? "take a seat to chat at this private table" : "this table has no chat",
                rid, seat ? "seat" : "off");
          });
        }
      });
}

void WsSession::send_error(ErrorCode code, const std::string& detail, const std::string& request_id,
                           std::string_view reason) {
  json::object e{
      {"type", "error"}, {"code", to_int(code)}, {"message", meaning(code)}, {"detail", detail}};
  if (!request_id.empty()) e["requestId"] = request_id;
  if (!reason.empty()) e["reason"] = reason;
  send_private(std::move(e));
}

void WsSession::send_private(json::object event) {
  if (!event.contains("ts")) event["ts"] = svc_.clock.wall_ms();
  push(std::make_shared<const std::string>(json::serialize(event)));
}

void WsSession::deliver(std::shared_ptr<const std::string> message) {
  boost::asio::post(
      ws_.get_executor(),
      [self = shared_from_this(), m = std::move(message)]() mutable { self->push(std::move(m)); });
}

void WsSession::end(json::object last_event, websocket::close_code code) {
  boost::asio::dispatch(ws_.get_executor(),
                        [self = shared_from_this(), e = std::move(last_event), code]() mutable {
                          if (self->closing_ || !self->open_) return;
                          if (!e.empty()) self->send_private(std::move(e));
                          self->close(code, "session ended");
                        });
}

void WsSession::push(std::shared_ptr<const std::string> message) {
  if (closing_ || !open_) return;
  if (queue_.size() >= svc_.settings.ws_send_queue_max ||
      queued_bytes_ + message->size() > svc_.settings.ws_send_queue_bytes_max) {
    dropped_slow().inc();
    return drop("slow consumer");
  }
  queued_bytes_ += message->size();
  queue_.push_back(std::move(message));
  if (!writing_) do_write();
}

void WsSession::do_write() {
  writing_ = true;
  ws_.async_write(
      boost::asio::buffer(*queue_.front()),
      [self = shared_from_this()](beast::error_code ec, size_t n) { self->on_write(ec, n); });
}

void WsSession::on_write(beast::error_code ec, size_t) {
  writing_ = false;
  if (ec || dropped_) {
    leave_channels();
    return;
  }
  queued_bytes_ -= queue_.front()->size();
  queue_.pop_front();
  if (!queue_.empty()) {
    do_write();
  } else if (closing_) {
    // The close asked for while this write was in flight, with its own code and reason
    // (1008 after a kickout, a logout, a restriction or the rate limit), not a plain 1000.
    ws_.async_close(close_reason_, [self = shared_from_this()](beast::error_code) {});
  }
}

void WsSession::close(websocket::close_code code, std::string_view reason) {
  if (closing_) return;
  closing_ = true;
  close_reason_ = websocket::close_reason(code, reason);
  leave_channels();
  if (writing_) return;  // on_write closes once the queue has drained
  ws_.async_close(close_reason_, [self = shared_from_this()](beast::error_code) {});
}

void WsSession::drop(std::string_view why) {
  // The client is not reading: a close frame would wait behind the unread data, so the
  // connection is cut.
  log::info("websocket dropped", {{"player", player()}, {"why", why}});
  closing_ = true;
  dropped_ = true;
  // A write in flight still reads the front message: keep it until the write returns.
  while (queue_.size() > (writing_ ? 1u : 0u)) queue_.pop_back();
  leave_channels();
  beast::error_code ignored;
  beast::get_lowest_layer(ws_).socket().shutdown(boost::asio::ip::tcp::socket::shutdown_both,
                                                 ignored);
  beast::get_lowest_layer(ws_).socket().close(ignored);
}

void WsSession::leave_channels() {
  for (auto& [name, channel] : channels_) channel->unsubscribe(this);
  channels_.clear();
  // A seat at a private table is given up with the connection that took it.
  for (const auto& table_id : seated_)
    if (const LiveTable* live = svc_.table(table_id)) live->actor->leave(session_.player.id);
  seated_.clear();
}

}  // namespace croupier::gateway
