// WsSession: one player's WebSocket at /ws.
//
// Reads XML commands (commands.hpp), answers with JSON events, and delivers the events of
// the table channels it follows. Every message is bounded (ws_message_bytes_max), so is
// the number of channels and the rate of commands; the send queue is bounded too: a
// client that does not read its events fast enough (ws_send_queue_max messages or
// ws_send_queue_bytes_max bytes waiting) is disconnected rather than allowed to grow
// the server's memory. The stream's keep-alive pings close a silent connection.
//
// Thread-safety: deliver() and end() may be called from any thread; everything else runs
// on the session's strand.
#pragma once

#include <boost/beast/core/flat_buffer.hpp>
#include <boost/beast/core/tcp_stream.hpp>
#include <boost/beast/websocket/stream.hpp>
#include <boost/json/object.hpp>
#include <deque>
#include <map>
#include <memory>
#include <set>
#include <string>

#include "gateway/connections.hpp"
#include "gateway/http.hpp"
#include "gateway/hub.hpp"
#include "gateway/protocol/commands.hpp"
#include "gateway/rate_limit.hpp"
#include "gateway/sessions.hpp"
#include "table/events.hpp"

namespace croupier::gateway {

struct Services;
class Connections;

// The last event a socket receives when its session ends: `logout` (10003) when the
// player launched elsewhere, `session` "restricted" when the operator terminated it,
// `kickout` for inactivity when it expired, `session` "offline" otherwise.
boost::json::object session_notice(AuthFailure why);

class WsSession : public Subscriber, public std::enable_shared_from_this<WsSession> {
 public:
  WsSession(boost::asio::ip::tcp::socket&& socket, Services& svc, AuthedSession session,
            std::unique_ptr<SocketSlot> slot);
  ~WsSession() override;

  // Completes the upgrade of `req`.
  void run(Request req);

  ledger::PlayerId player() const override { return session_.player.id; }
  void deliver(std::shared_ptr<const std::string> message) override;
  // Sends a last event (none if empty), then closes with `code`.
  void end(boost::json::object last_event, boost::beast::websocket::close_code code);

  const std::string& session_id() const { return session_.id; }
  // The player's screen name now (it can change while the socket is open).
  std::string screen_name();
  // Who the player is at a table: the screen name and, from `saved` (the player's stored
  // settings), the avatar.
  table::Persona persona(const std::map<std::string, std::string>& saved);

 private:
  void on_accept(boost::beast::error_code ec);
  void do_read();
  void on_read(boost::beast::error_code ec, size_t bytes);
  void handle(std::string_view text);
  void on_subscribe(SubscribeCommand c);
  void on_unsubscribe(const UnsubscribeCommand& c);
  void on_bet(BetCommand c);
  void on_seat(SeatCommand c);
  void on_chat(ChatCommand c);
  void on_squeeze(SqueezeCommand c);
  void on_decide(DecideCommand c);
  void on_autoplay(AutoplayCommand c);
  void send_error(ErrorCode code, const std::string& detail, const std::string& request_id,
                  std::string_view reason = {});
  void send_private(boost::json::object event);

  void push(std::shared_ptr<const std::string> message);
  void do_write();
  void on_write(boost::beast::error_code ec, size_t bytes);
  void close(boost::beast::websocket::close_code code, std::string_view reason);
  void drop(std::string_view why);
  void leave_channels();

  boost::beast::websocket::stream<boost::beast::tcp_stream> ws_;
  boost::beast::flat_buffer buffer_;
  Services& svc_;
  // Held apart from svc_: a session can outlive Services when the io_context drops its
  // last handlers at shutdown, and the registry is made to outlive the io_context.
  Connections& connections_;
  const AuthedSession session_;

  // State below lives on the strand.
  std::deque<std::shared_ptr<const std::string>> queue_;
  size_t queued_bytes_ = 0;
  bool writing_ = false;
  std::unique_ptr<SocketSlot> slot_;  // its place among its address's and player's sockets
  bool closing_ = false;
  // The close a write in flight defers: sent with its code once the queue drains.
  boost::beast::websocket::close_reason close_reason_;
  bool dropped_ = false;  // cut off as a slow consumer: nothing more is written
  bool open_ = false;
  std::map<std::string, std::shared_ptr<Channel>> channels_;
  TokenBucket bucket_;
  TokenBucket chat_bucket_{1.0, 3.0};  // chat: one message a second, bursts of three
  int rate_strikes_ = 0;
  std::set<std::string> seated_;  // private tables where this connection took a seat
};

}  // namespace croupier::gateway
