#include "gateway/ws_session.hpp"

#include <boost/asio/dispatch.hpp>
#include <boost/asio/post.hpp>
#include <boost/json/serialize.hpp>
#include <span>

#include "core/log.hpp"
#include "core/metrics.hpp"
#include "gateway/api.hpp"
#include "gateway/bets.hpp"
#include "gateway/bonus.hpp"
#include "gateway/chat.hpp"
#include "gateway/connections.hpp"
#include "gateway/player_settings.hpp"
#include "gateway/protocol/json.hpp"
#include "gateway/services.hpp"

namespace croupier::gateway {

namespace asio = boost::asio;
namespace json = boost::json;
using protocol::ack_json;
using protocol::money_json;
using std::chrono::steady_clock;

namespace {

constexpr int kRateStrikesMax = 50;  // commands refused for rate before the socket is closed
constexpr size_t kGatherMax = 64;    // frames in one write (the kernel takes up to 1024)
constexpr auto kTick = std::chrono::seconds(10);
constexpr auto kPingAfter = std::chrono::seconds(15);  // of silence from the client
constexpr auto kIdleMax = std::chrono::seconds(30);
constexpr auto kCloseWait = std::chrono::seconds(5);  // for the client's close frame

// The sessions of this socket thread with frames queued since its last flush: they are
// written together after the task at hand (and whatever was queued before the flush), so
// that a burst of events leaves in one write per socket (a cork). One list per thread:
// every session on a thread belongs to that thread's shard.
thread_local std::vector<std::shared_ptr<WsSession>> t_unflushed;

bool base64_char(char c) {
  return (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '+' ||
         c == '/';
}

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

std::string handshake_problem(const Request& req) {
  auto version = req.find(http::field::sec_websocket_version);
  if (version == req.end() || version->value() != "13") return "version";
  auto key = req.find(http::field::sec_websocket_key);
  if (key == req.end()) return "the Sec-WebSocket-Key header is missing";
  // 16 bytes in base64: 22 characters and "==".
  std::string_view k = key->value();
  if (k.size() != 24 || !k.ends_with("==") ||
      !std::all_of(k.begin(), k.end() - 2, [](char c) { return base64_char(c); }))
    return "the Sec-WebSocket-Key is not a 16-byte base64 nonce";
  return {};
}

WsSession::WsSession(asio::ip::tcp::socket&& socket, size_t shard, Services& svc,
                     AuthedSession session, std::unique_ptr<SocketSlot> slot)
    : socket_(std::move(socket)),
      timer_(socket_.get_executor()),
      shard_(shard),
      svc_(svc),
      connections_(svc.connections),
      session_(std::move(session)),
      reader_(svc.settings.ws_message_bytes_max),
      slot_(std::move(slot)),
      bucket_(svc.settings.ws_rate_per_s, svc.settings.ws_burst) {}

WsSession::~WsSession() {
  if (open_) open_sockets().add(-1);
  connections_.remove(this);
}

void WsSession::run(const Request& req, std::string early) {
  const std::string answer =
      "HTTP/1.1 101 Switching Protocols\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
      "Sec-WebSocket-Accept: " +
      ws::accept_key(req[http::field::sec_websocket_key]) + "\r\nServer: croupierd\r\n\r\n";
  asio::dispatch(socket_.get_executor(), [self = shared_from_this(), answer,
                                          early = std::move(early)]() mutable {
    // Events are small and must not wait for Nagle's algorithm to gather more; writes are
    // tried at once and waited for only when the socket is full.
    boost::system::error_code ignored;
    self->socket_.set_option(asio::ip::tcp::no_delay(true), ignored);
    self->socket_.non_blocking(true, ignored);
    self->open_ = true;
    open_sockets().add(1);
    self->connections_.add(self);
    self->last_read_ = steady_clock::now();
    self->push(std::make_shared<const std::string>(std::move(answer)));
    self->send_private(json::object{{"type", "welcome"},
                                    {"playerId", std::to_string(self->session_.player.id)},
                                    {"serverTime", self->svc_.clock.wall_ms()}});
    self->arm(kTick);
    if (!early.empty()) {
      self->reader_.feed(early);
      self->on_read({}, 0);
    } else {
      self->do_read();
    }
  });
}

void WsSession::do_read() {
  socket_.async_read_some(asio::buffer(chunk_),
                          [self = shared_from_this()](boost::system::error_code ec, size_t n) {
                            // After a protocol failure what comes is drained, not read.
                            if (!ec && !self->reader_.failed())
                              self->reader_.feed(std::string_view(self->chunk_.data(), n));
                            self->on_read(ec, n);
                          });
}

void WsSession::on_read(boost::system::error_code ec, size_t) {
  if (ec) {
    // The client went away (or the socket was closed here).
    leave_channels();
    shut();
    return;
  }
  if (reader_.failed()) return do_read();  // draining until the client's end or the deadline
  last_read_ = steady_clock::now();
  pinged_ = false;
  while (!shut_) {
    auto m = reader_.next();
    if (!m) break;
    on_frame(std::move(*m));
  }
  if (shut_) return;
  if (reader_.failed()) {
    if (reader_.failed() == 1009) log::info("websocket message too big", {{"player", player()}});
    // The connection has failed (RFC 6455 7.1.7): nothing more the client sends is read.
    // The close frame goes out and the server's side is shut; what the client still sends
    // is drained until its end (closing with unread bytes would reset the connection, and
    // the client could lose the close code) or the close deadline.
    close(reader_.failed(), reader_.failure());
  }
  do_read();  // after a close, to hear the client's close frame (or its end)
}

void WsSession::on_frame(ws::Message m) {
  switch (m.op) {
    case ws::Opcode::text:
      if (!closing_) handle(m.payload);
      return;
    case ws::Opcode::ping:
      if (!closing_)
        push(std::make_shared<const std::string>(ws::server_frame(ws::Opcode::pong, m.payload)));
      return;
    case ws::Opcode::close:
      peer_closed_ = true;
      if (close_sent_) return shut();
      // The client's close, answered with its code (none when it gave none).
      if (!closing_) {
        leave_channels();
        closing_ = true;
        queue_close(ws::server_frame(ws::Opcode::close, m.close_code == 1005
                                                            ? std::string()
                                                            : ws::close_payload(m.close_code, "")));
      }
      return;
    default:
      return;  // a pong
  }
}

void WsSession::handle(std::string_view text) {
  if (!bucket_.take(svc_.clock.wall_ms())) {
    send_error(ErrorCode::ActionFailed, "too many commands; slow down", "");
    if (++rate_strikes_ > kRateStrikesMax) close(ws::kPolicyViolation, "rate limit");
    return;
  }
  // Every command finds out whether the session still holds. The player's own commands
  // count as activity; the socket's upkeep (ping, subscribe) and what does not parse do
  // not, so that a page left alone still times out for inactivity (SPEC §9).
  auto parsed = parse_command(text);
  if (promo_expires_ms_ > 0) {
    // A promotions socket: its token, not a session, says who it is, until it expires.
    if (svc_.clock.wall_ms() >= promo_expires_ms_) {
      close(ws::kPolicyViolation, "token expired");
      return;
    }
    if (parsed.ok() && std::holds_alternative<PingCommand>(parsed.value())) {
      send_private(
          json::object{{"type", "pong"}, {"id", std::get<PingCommand>(parsed.value()).id}});
    } else {
      send_error(ErrorCode::InvalidBet, "the promotions socket takes pings only", "");
    }
    return;
  }
  const bool upkeep = !parsed.ok() || std::holds_alternative<PingCommand>(parsed.value()) ||
                      std::holds_alternative<SubscribeCommand>(parsed.value()) ||
                      std::holds_alternative<UnsubscribeCommand>(parsed.value());
  auto auth = upkeep ? svc_.sessions.peek(session_.id) : svc_.sessions.authenticate(session_.id);
  if (!auth.ok()) {
    end(session_notice(auth.error()), ws::kPolicyViolation);
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
        else if constexpr (std::is_same_v<T, CashOutCommand>)
          on_cash_out(std::move(c));
        else if constexpr (std::is_same_v<T, AutoCashOutCommand>)
          on_auto_cash_out(std::move(c));
        else if constexpr (std::is_same_v<T, ChooseCommand>)
          on_choose(std::move(c));
        else
          on_bet(std::move(c));
      },
      std::move(parsed).value());
}

// A table with its own countries plays only for a socket from one of them (the country the
// socket was opened from: listener.cpp).
bool WsSession::offered(const LiveTable& live) const {
  return !live.def->countries.any() || live.def->countries.permits(session_.player.country);
}

void WsSession::refuse_country(const std::string& request_id) {
  send_error(ErrorCode::CountryUnavailable, "this table is not offered in your country",
             request_id);
}

void WsSession::on_subscribe(SubscribeCommand c) {
  const std::string prefix = "table-";
  const bool lobby = c.channel == "lobby";
  const LiveTable* live =
      c.channel.rfind(prefix, 0) == 0 ? svc_.table(c.channel.substr(prefix.size())) : nullptr;
  if (!live && !lobby)
    return send_error(ErrorCode::InvalidBet, "no such channel: " + c.channel, "");
  if (live && !offered(*live)) return refuse_country("");
  if (!channels_.contains(c.channel) && channels_.size() >= svc_.settings.ws_subscriptions_max) {
    return send_error(ErrorCode::OverMaxLimit, "too many channels on one connection", "");
  }
  if (auto old = channels_.find(c.channel); old != channels_.end())
    old->second.channel->unsubscribe(this);
  const uint64_t ticket = ++next_ticket_;
  if (lobby) {
    channels_[c.channel] = Following{svc_.lobby->channel(), ticket};
    svc_.lobby->channel()->subscribe(shared_from_this(), std::move(c.epoch), c.version, ticket);
    return;
  }
  if (live->def->family().shape == games::Shape::seated_blackjack) {
    // The player's saved preferences (a bet behind follows a seat by them; a seat allows
    // bets behind by them) reach the table once per subscription, not once per bet.
    live->table->set_blackjack_prefs(
        session_.player.id, blackjack_prefs(svc_.store, session_.player.id, live->def->config.id));
  }
  channels_[c.channel] = Following{live->channel, ticket};
  live->channel->subscribe(shared_from_this(), std::move(c.epoch), c.version, ticket);
}

bool WsSession::follows(const Channel& channel, uint64_t ticket) const {
  auto it = channels_.find(channel.name());
  return !closing_ && it != channels_.end() && it->second.channel.get() == &channel &&
         it->second.ticket == ticket;
}

void WsSession::on_unsubscribe(const UnsubscribeCommand& c) {
  auto it = channels_.find(c.channel);
  if (it == channels_.end()) return;
  it->second.channel->unsubscribe(this);
  channels_.erase(it);
  send_private(json::object{{"type", "unsubscribed"}, {"channel", c.channel}});
}

void WsSession::on_bet(BetCommand c) {
  if (c.user_id != std::to_string(session_.player.id)) {
    return send_error(ErrorCode::InvalidBet, "userId does not match the session", c.request_id);
  }
  const LiveTable* live = svc_.table(c.table_id);
  if (!live) return send_error(ErrorCode::InvalidBet, "no such table: " + c.table_id, c.request_id);
  if (!offered(*live)) return refuse_country(c.request_id);
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
      self->send(ws::text_frame(json::serialize(ack_json(ack, table_id, clock.wall_ms()))));
    }
  };
  if (c.kind == BetCommand::Kind::cancelbets) {
    live->table->cancel_bets({session_.player.id, c.request_id, c.game_id, c.of_request}, reply);
    return;
  }
  std::string free_bet;
  if (c.free_bet) {
    // The chips of a command's bets on one spot count together: spots as the engine names
    // them (any engine of the table: spots do not depend on the currency).
    std::vector<games::BetLine> bets = c.bets;
    const games::Engine& engine = *live->engines.begin()->second;
    for (auto& line : bets) line.spot = engine.canonical_spot(line.spot).value_or(line.spot);
    auto checked = check_free_bet(
        svc_, session_.player, live->def->family(),
        FreeBetClaim{c.free_bet->bonus_id, c.free_bet->chip_value, c.free_bet->chip_counts}, bets);
    if (!checked.ok()) {
      return send_error(checked.error().code,
                        "this free bet is not available: " + checked.error().reason, c.request_id,
                        checked.error().reason);
    }
    free_bet = std::move(checked).value();
  }
  auto command = place_bets_command(svc_, session_.player, screen_name(), std::move(c));
  command.free_bet = std::move(free_bet);
  live->table->place_bets(std::move(command), reply);
}

void WsSession::on_seat(SeatCommand c) {
  const LiveTable* live = svc_.table(c.table_id);
  if (!live) return send_error(ErrorCode::SeatError, "no such table: " + c.table_id, c.request_id);
  if (c.sit && !offered(*live)) return refuse_country(c.request_id);
  if (!c.sit) {
    live->table->leave(session_.player.id, c.seat);
    if (c.seat == 0) seated_.erase(c.table_id);
    send_private(json::object{
        {"type", "seatack"}, {"table", c.table_id}, {"requestId", c.request_id}, {"seat", 0}});
    return;
  }
  if (live->def->family().shape == games::Shape::seated_blackjack) {
    // The seat's preferences (who may bet behind, when to lose it) go with it.
    live->table->set_blackjack_prefs(session_.player.id,
                                     blackjack_prefs(svc_.store, session_.player.id, c.table_id));
  }
  std::weak_ptr<WsSession> weak = shared_from_this();
  live->table->sit(session_.player.id, persona(svc_.store.player_settings(session_.player.id)),
                   c.seat, [weak, c](const table::SeatReply& r) {
                     auto self = weak.lock();
                     if (!self) return;
                     json::object ack = protocol::seat_ack_json(r, c.table_id, c.request_id);
                     boost::asio::post(self->socket_.get_executor(),
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
  live->table->squeeze(
      session_.player.id, c.index, c.progress,
      [weak, rid = c.request_id](std::optional<ErrorCode> refused) {
        if (!refused) return;
        if (auto self = weak.lock()) {
          boost::asio::post(self->socket_.get_executor(), [self, code = *refused, rid] {
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
  live->table->decide(std::move(cmd), [weak, table = c.table_id](const table::DecisionAck& a) {
    auto self = weak.lock();
    if (!self) return;
    json::object ack = protocol::decision_ack_json(a, table);
    boost::asio::post(self->socket_.get_executor(), [self, ack = std::move(ack)]() mutable {
      self->send_private(std::move(ack));
    });
  });
}

void WsSession::on_autoplay(AutoplayCommand c) {
  const LiveTable* live = svc_.table(c.table_id);
  if (!live)
    return send_error(ErrorCode::BetsNotAccepted, "no such table: " + c.table_id, c.request_id);
  // The UK's rules allow no auto-play (docs/regulation.md "The UK").
  const config::Operator* player_op = svc_.casino.find_operator(session_.player.operator_id);
  if (player_op && player_op->config_flag("uk_regulation_check"))
    return send_error(ErrorCode::BetsNotAccepted, "auto-play is not offered under the UK's rules",
                      c.request_id);
  table::AutoplayCommand cmd;
  cmd.player = session_.player.id;
  cmd.name = screen_name();
  cmd.currency = session_.player.currency;
  cmd.request_id = c.request_id;
  cmd.rounds = c.rounds;
  cmd.strategy = autoplay_strategy(svc_.store, session_.player.id);
  if (const config::Operator* op = svc_.casino.find_operator(session_.player.operator_id))
    cmd.regulated = op->regulated;
  live->table->autoplay(std::move(cmd), private_reply(c.table_id, &protocol::autoplay_ack_json));
}

void WsSession::on_cash_out(CashOutCommand c) {
  const LiveTable* live = svc_.table(c.table_id);
  if (!live) return send_error(ErrorCode::InvalidBet, "no such table: " + c.table_id, c.request_id);
  table::CashOutCommand cmd{session_.player.id, c.request_id, c.game_id, c.bet, c.half, {}};
  live->table->cash_out(std::move(cmd), private_reply(c.table_id, &protocol::cash_out_ack_json));
}

void WsSession::on_auto_cash_out(AutoCashOutCommand c) {
  const LiveTable* live = svc_.table(c.table_id);
  if (!live) return send_error(ErrorCode::InvalidBet, "no such table: " + c.table_id, c.request_id);
  table::AutoCashOutCommand cmd{session_.player.id, c.request_id, c.bet, {c.at, c.half_at}};
  live->table->auto_cash_out(std::move(cmd),
                             private_reply(c.table_id, &protocol::auto_cash_out_ack_json));
}

void WsSession::on_choose(ChooseCommand c) {
  const LiveTable* live = svc_.table(c.table_id);
  if (!live)
    return send_error(ErrorCode::InvalidDecision, "no such table: " + c.table_id, c.request_id);
  table::ChooseCommand cmd{session_.player.id, c.request_id, c.game_id, c.step, c.choice, {}};
  live->table->choose(std::move(cmd), private_reply(c.table_id, &protocol::choose_ack_json));
}

template <class Ack>
std::function<void(const Ack&)> WsSession::private_reply(
    std::string table, json::object (*to_json)(const Ack&, const std::string&)) {
  return [weak = weak_from_this(), table = std::move(table), to_json](const Ack& a) {
    auto self = weak.lock();
    if (!self) return;
    json::object ack = to_json(a, table);
    boost::asio::post(self->socket_.get_executor(), [self, ack = std::move(ack)]() mutable {
      self->send_private(std::move(ack));
    });
  };
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
  live->table->chat(
      session_.player.id, persona(saved), std::move(c.text), std::string(table::kPlayerRole),
      [weak, rid = c.request_id](std::optional<ErrorCode> refused) {
        if (!refused) return;
        if (auto self = weak.lock()) {
          boost::asio::post(self->socket_.get_executor(), [self, code = *refused, rid] {
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
  push(ws::text_frame(json::serialize(event)));
}

void WsSession::deliver(ws::Frame frame) {
  push(std::move(frame));
}

void WsSession::send(ws::Frame frame) {
  asio::post(socket_.get_executor(), [self = shared_from_this(), f = std::move(frame)]() mutable {
    self->push(std::move(f));
  });
}

void WsSession::unavailable() {
  // As at a restart: the client comes back and subscribes again.
  close(ws::kGoingAway, "table unavailable");
}

void WsSession::end(json::object last_event, uint16_t code) {
  asio::dispatch(socket_.get_executor(),
                 [self = shared_from_this(), e = std::move(last_event), code]() mutable {
                   if (self->closing_ || !self->open_) return;
                   if (!e.empty()) self->send_private(std::move(e));
                   self->close(code, "session ended");
                 });
}

void WsSession::push(ws::Frame frame) {
  if (closing_ || !open_) return;
  if (queue_.size() >= svc_.settings.ws_send_queue_max ||
      queued_bytes_ + frame->size() > svc_.settings.ws_send_queue_bytes_max) {
    dropped_slow().inc();
    return drop("slow consumer");
  }
  queued_bytes_ += frame->size();
  queue_.push_back(std::move(frame));
  if (waiting_ || flush_pending_) return;
  flush_pending_ = true;
  if (t_unflushed.empty()) {
    asio::post(socket_.get_executor(), [] {
      auto sessions = std::move(t_unflushed);
      t_unflushed.clear();
      for (auto& s : sessions) {
        s->flush_pending_ = false;
        if (!s->waiting_) s->flush();
      }
    });
  }
  t_unflushed.push_back(shared_from_this());
}

void WsSession::flush() {
  while (!queue_.empty() && !shut_) {
    std::array<asio::const_buffer, kGatherMax> gather;
    size_t n = 0;
    for (auto it = queue_.begin(); it != queue_.end() && n < kGatherMax; ++it, ++n)
      gather[n] = asio::buffer(**it) + (n == 0 ? sent_ : 0);
    boost::system::error_code ec;
    size_t wrote = socket_.write_some(std::span<const asio::const_buffer>(gather.data(), n), ec);
    if (ec == asio::error::would_block || ec == asio::error::try_again) {
      // The socket is full: write the rest when the client has read some.
      waiting_ = true;
      socket_.async_wait(asio::ip::tcp::socket::wait_write,
                         [self = shared_from_this()](boost::system::error_code ec) {
                           self->waiting_ = false;
                           if (ec == asio::error::operation_aborted) return;  // shut
                           if (ec) {
                             self->leave_channels();
                             return self->shut();
                           }
                           self->flush();
                         });
      return;
    }
    if (ec) {
      leave_channels();
      return shut();
    }
    while (wrote > 0) {
      const size_t left = queue_.front()->size() - sent_;
      if (wrote < left) {
        sent_ += wrote;
        break;
      }
      wrote -= left;
      queued_bytes_ -= queue_.front()->size();
      queue_.pop_front();
      sent_ = 0;
    }
  }
  if (queue_.empty() && closing_ && !close_sent_ && !shut_) {
    // The close frame is out: the closing handshake ends when the client answers, or at
    // the deadline arm() set.
    close_sent_ = true;
    if (peer_closed_) return shut();
    boost::system::error_code ignored;
    socket_.shutdown(asio::ip::tcp::socket::shutdown_send, ignored);
  }
}

void WsSession::arm(steady_clock::duration after) {
  timer_.expires_after(after);
  // A wake-up already on its way when the timer is re-armed is not cancelled: it is told
  // apart by its generation.
  timer_.async_wait(
      [self = shared_from_this(), generation = ++timer_generation_](boost::system::error_code ec) {
        if (generation == self->timer_generation_) self->on_tick(ec);
      });
}

void WsSession::on_tick(boost::system::error_code ec) {
  if (ec || shut_) return;  // re-armed, or over
  if (closing_) {
    // The client did not answer the close (or did not read it) in time.
    leave_channels();
    return shut();
  }
  const auto silent = steady_clock::now() - last_read_;
  if (silent >= kIdleMax) {
    log::debug("websocket idle", {{"player", player()}});
    leave_channels();
    return shut();
  }
  if (silent >= kPingAfter && !pinged_) {
    pinged_ = true;
    push(std::make_shared<const std::string>(ws::server_frame(ws::Opcode::ping, "")));
    if (shut_) return;
  }
  arm(kTick);
}

void WsSession::close(uint16_t code, std::string_view reason) {
  if (closing_ || shut_) return;
  closing_ = true;
  leave_channels();
  // After the frames already queued (a kickout's notice before its 1008).
  queue_close(ws::server_frame(ws::Opcode::close, ws::close_payload(code, reason)));
}

void WsSession::queue_close(std::string frame) {
  // Past the queue's limits (it is the last frame), counted like the others.
  queued_bytes_ += frame.size();
  queue_.push_back(std::make_shared<const std::string>(std::move(frame)));
  arm(kCloseWait);
  if (!waiting_) flush();
}

void WsSession::drop(std::string_view why) {
  // The client is not reading: a close frame would wait behind the unread data, so the
  // connection is cut.
  log::info("websocket dropped", {{"player", player()}, {"why", why}});
  closing_ = true;
  queue_.clear();
  leave_channels();
  shut();
}

void WsSession::shut() {
  if (shut_) return;
  shut_ = true;
  closing_ = true;
  queue_.clear();
  queued_bytes_ = 0;
  boost::system::error_code ignored;
  timer_.cancel();
  socket_.shutdown(asio::ip::tcp::socket::shutdown_both, ignored);
  socket_.close(ignored);
}

void WsSession::leave_channels() {
  for (auto& [name, following] : channels_) following.channel->unsubscribe(this);
  channels_.clear();
  // A seat at a private table is given up with the connection that took it.
  for (const auto& table_id : seated_)
    if (const LiveTable* live = svc_.table(table_id)) live->table->leave(session_.player.id);
  seated_.clear();
}

}  // namespace croupier::gateway
