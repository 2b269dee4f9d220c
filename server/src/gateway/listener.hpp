// Listener and HttpSession: the HTTP/1.1 side of the gateway.
//
// The Listener accepts connections (up to connections_max) and gives each one to an
// HttpSession on its own strand. The session reads requests with bounded headers and
// bodies (431 and 413 beyond them), answers each through the Router, keeps the
// connection alive when asked, and hands a WebSocket upgrade at /ws to a WsSession once
// the caller's session and origin are checked.
#pragma once

#include <boost/asio/io_context.hpp>
#include <boost/asio/ip/tcp.hpp>
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

  boost::asio::io_context& io_;
  boost::asio::ip::tcp::acceptor acceptor_;
  Services& svc_;
  Router& router_;
};

}  // namespace croupier::gateway
