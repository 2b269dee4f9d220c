// WsSession: one player's WebSocket at /ws.
//
// Reads XML commands (commands.hpp), answers with JSON events, and delivers the events of
// the table channels it follows. The session owns its socket after the handshake (which
// the listener checked and the session answers): frames are read with ws::FrameReader
// and written by this session alone, so that a table's event, framed once by its
// channel, goes out as the same bytes to every socket, and the frames waiting for one
// socket leave in one gathered write.
//
// Every message is bounded (ws_message_bytes_max), so is the number of channels and the
// rate of commands; the send queue is bounded too: a client that does not read its events
// fast enough (ws_send_queue_max messages or ws_send_queue_bytes_max bytes waiting) is
// disconnected rather than allowed to grow the server's memory. A connection silent for
// 15 s is pinged and one silent for 30 s is closed.
//
// Thread-safety: the session lives on one socket shard (a single-threaded executor);
// send() and end() may be called from any thread; deliver() and everything else run on
// the shard.
#pragma once

#include <array>
#include <boost/asio/ip/tcp.hpp>
#include <boost/asio/steady_timer.hpp>
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
#include "gateway/ws_frame.hpp"
#include "table/events.hpp"

namespace croupier::gateway {

struct LiveTable;
struct Services;
class Connections;

// The last event a socket receives when its session ends: `logout` (10003) when the
// player launched elsewhere, `session` "restricted" when the operator terminated it,
// `kickout` for inactivity when it expired, `session` "offline" otherwise.
boost::json::object session_notice(AuthFailure why);

// The handshake's refusal, if any: the Sec-WebSocket-Key must be a base64 nonce of 16
// bytes and the version 13 (RFC 6455 section 4.2.1). Empty when the request is good.
std::string handshake_problem(const Request& req);

class WsSession : public Subscriber, public std::enable_shared_from_this<WsSession> {
 public:
  // `socket` runs on socket shard `shard` of svc.socket_shards (which has at least one).
  WsSession(boost::asio::ip::tcp::socket&& socket, size_t shard, Services& svc,
            AuthedSession session, std::unique_ptr<SocketSlot> slot);
  ~WsSession() override;

  // Answers the handshake of `req` (checked by the listener) and starts reading; `early`
  // holds the bytes the client sent after its request.
  void run(const Request& req, std::string early);
  // Makes this a promotions socket (before run()): authenticated by a player token that
  // expires at `token_expires_ms` rather than by a session; it takes pings alone and
  // hears the promotions service (gateway/promotions.hpp).
  void promotions_only(int64_t token_expires_ms) { promo_expires_ms_ = token_expires_ms; }

  ledger::PlayerId player() const override { return session_.player.id; }
  size_t shard() const override { return shard_; }
  void deliver(ws::Frame frame) override;
  bool follows(const Channel& channel, uint64_t ticket) const override;
  void unavailable() override;
  // Queues a frame from any thread.
  void send(ws::Frame frame);
  // Sends a last event (none if empty), then closes with `code`.
  void end(boost::json::object last_event, uint16_t code);

  const std::string& session_id() const { return session_.id; }
  // The player's screen name now (it can change while the socket is open).
  std::string screen_name();
  // Who the player is at a table: the screen name and, from `saved` (the player's stored
  // settings), the avatar.
  table::Persona persona(const std::map<std::string, std::string>& saved);

 private:
  void do_read();
  void on_read(boost::system::error_code ec, size_t bytes);
  void on_frame(ws::Message m);
  void handle(std::string_view text);
  bool offered(const LiveTable& live) const;
  void refuse_country(const std::string& request_id);
  void on_subscribe(SubscribeCommand c);
  void on_unsubscribe(const UnsubscribeCommand& c);
  void on_bet(BetCommand c);
  void on_seat(SeatCommand c);
  void on_chat(ChatCommand c);
  void on_squeeze(SqueezeCommand c);
  void on_decide(DecideCommand c);
  void on_cash_out(CashOutCommand c);
  void on_auto_cash_out(AutoCashOutCommand c);
  void on_choose(ChooseCommand c);
  // A table's answer to a command, written by `to_json(ack, table)` and sent to this player
  // alone on the socket's executor (once the session is still there).
  template <class Ack>
  std::function<void(const Ack&)> private_reply(std::string table,
                                                boost::json::object (*to_json)(const Ack&,
                                                                               const std::string&));
  void on_autoplay(AutoplayCommand c);
  void send_error(ErrorCode code, const std::string& detail, const std::string& request_id,
                  std::string_view reason = {});
  void send_private(boost::json::object event);

  void push(ws::Frame frame);
  // Writes what the socket takes now, gathering the queued frames; waits for the socket
  // when it takes no more.
  void flush();
  void arm(std::chrono::steady_clock::duration after);
  void on_tick(boost::system::error_code ec);
  void close(uint16_t code, std::string_view reason);
  // Queues the close frame and gives the client kCloseWait to answer.
  void queue_close(std::string frame);
  void drop(std::string_view why);
  void shut();
  void leave_channels();

  boost::asio::ip::tcp::socket socket_;
  boost::asio::steady_timer timer_;
  const size_t shard_;
  Services& svc_;
  // Held apart from svc_: a session can outlive Services when the io_context drops its
  // last handlers at shutdown, and the registry is made to outlive the io_context.
  Connections& connections_;
  const AuthedSession session_;

  // State below lives on the shard.
  ws::FrameReader reader_;
  std::array<char, 1024> chunk_{};
  std::chrono::steady_clock::time_point last_read_;
  bool pinged_ = false;  // a ping went out since the client last spoke
  std::deque<ws::Frame> queue_;
  size_t sent_ = 0;  // bytes of queue_.front() already written
  size_t queued_bytes_ = 0;
  bool waiting_ = false;              // for the socket to take more
  bool flush_pending_ = false;        // in this thread's list of sessions to flush (a cork)
  std::unique_ptr<SocketSlot> slot_;  // its place among its address's and player's sockets
  bool open_ = false;
  int64_t promo_expires_ms_ = 0;  // a promotions socket's token expiry; 0: a game socket
  bool closing_ = false;          // a close frame is queued: nothing more is sent or handled
  bool close_sent_ = false;       // and written
  bool peer_closed_ = false;
  bool shut_ = false;  // the socket is closed
  // The channels followed, each with the ticket of its subscription (Channel::subscribe).
  struct Following {
    std::shared_ptr<Channel> channel;
    uint64_t ticket = 0;
  };
  std::map<std::string, Following, std::less<>> channels_;
  uint64_t next_ticket_ = 0;
  uint64_t timer_generation_ = 0;  // a wake-up of an earlier arm() is ignored
  TokenBucket bucket_;
  TokenBucket chat_bucket_{1.0, 3.0};  // chat: one message a second, bursts of three
  int rate_strikes_ = 0;
  std::set<std::string> seated_;  // private tables where this connection took a seat
};

}  // namespace croupier::gateway
