// Listener and HttpSession: the HTTP/1.1 side of the gateway.
//
// The Listener accepts connections (up to connections_max; one more gets a short 503 and
// is closed) and gives each one to an HttpSession on its own strand. When accept fails
// for want of resources (out of file descriptors, memory) it waits before trying again and
// logs once per interval, so the server keeps answering the connections it has. The session reads
// requests with bounded headers and bodies (431 and 413 beyond them), answers each through the
// Router, keeps the connection alive when asked, and hands a WebSocket upgrade at /ws to a
// WsSession once the caller's session and origin are checked.
#pragma once

#include <boost/asio/io_context.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/asio/steady_timer.hpp>
#include <chrono>
#include <memory>

#include "gateway/router.hpp"

namespace croupier::gateway {

class Listener : public std::enable_shared_from_this<Listener> {
 public:
  Listener(boost::asio::io_context& io, Services& svc, Router& router);
  // Binds and listens; the error says why not.
  boost::system::error_code open(const boost::asio::ip::tcp::endpoint& endpoint);
  uint16_t port() const;
  void run();
  void stop();

 private:
  void do_accept();
  // An accept failure: retried after a pause, logged at most once per interval.
  void accept_failed(const boost::system::error_code& ec);
  // One over the limit: a 503 written, then closed.
  void refuse(boost::asio::ip::tcp::socket socket);

  boost::asio::io_context& io_;
  boost::asio::ip::tcp::acceptor acceptor_;
  boost::asio::steady_timer retry_;
  std::chrono::steady_clock::time_point last_failure_log_{};
  size_t failures_unlogged_ = 0;
  Services& svc_;
  Router& router_;
};

}  // namespace croupier::gateway
