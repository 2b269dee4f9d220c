#include "wallet/http_client.hpp"

#include <boost/asio/ip/tcp.hpp>
#include <boost/asio/steady_timer.hpp>
#include <boost/beast/core.hpp>
#include <boost/beast/http.hpp>
#include <boost/url/parse.hpp>
#include <memory>

namespace croupier::wallet {

namespace asio = boost::asio;
namespace beast = boost::beast;
namespace http = beast::http;
using tcp = asio::ip::tcp;

Result<Endpoint, std::string> parse_endpoint(std::string_view url) {
  auto parsed = boost::urls::parse_uri(url);
  if (!parsed) return std::string("is not a URL");
  if (parsed->scheme() != "http") {
    return std::string("must be an http:// URL (put a TLS proxy in front of an https wallet)");
  }
  if (parsed->host().empty()) return std::string("names no host");
  if (parsed->has_query() || parsed->has_fragment())
    return std::string("must not have a query or a fragment");
  Endpoint e;
  e.host = std::string(parsed->host());
  if (parsed->has_port()) e.port = std::string(parsed->port());
  e.base_path = std::string(parsed->encoded_path());
  while (!e.base_path.empty() && e.base_path.back() == '/') e.base_path.pop_back();
  return e;
}

namespace {

class Call : public std::enable_shared_from_this<Call> {
 public:
  Call(asio::any_io_executor ex, Endpoint endpoint, HttpRequest request, HttpDone done)
      : resolver_(ex),
        stream_(ex),
        deadline_(ex),
        endpoint_(std::move(endpoint)),
        request_(std::move(request)),
        done_(std::move(done)),
        started_(std::chrono::steady_clock::now()) {}

  void start() {
    http::verb verb = http::string_to_verb(request_.method);
    req_ = http::request<http::string_body>(verb, request_.target, 11);
    req_.set(http::field::host, endpoint_.host);
    req_.set(http::field::user_agent, "croupierd");
    req_.set(http::field::connection, "close");
    for (const auto& [name, value] : request_.headers) req_.set(name, value);
    if (!request_.body.empty() || verb == http::verb::post) {
      req_.set(http::field::content_type, "application/json");
      req_.body() = request_.body;
      req_.prepare_payload();
    }
    // One deadline for the whole exchange, the name's resolution included.
    deadline_.expires_after(request_.timeout);
    deadline_.async_wait([self = shared_from_this()](beast::error_code ec) {
      if (ec || !self->done_) return;
      self->timed_out_ = true;
      self->resolver_.cancel();
      beast::error_code ignored;
      self->stream_.socket().close(ignored);
    });
    resolver_.async_resolve(
        endpoint_.host, endpoint_.port,
        [self = shared_from_this()](beast::error_code ec, tcp::resolver::results_type results) {
          if (ec) return self->fail(ec);
          self->stream_.async_connect(results, [self](beast::error_code ec, const tcp::endpoint&) {
            if (ec) return self->fail(ec);
            http::async_write(self->stream_, self->req_, [self](beast::error_code ec, size_t) {
              if (ec) return self->fail(ec);
              self->read();
            });
          });
        });
  }

 private:
  void read() {
    parser_.body_limit(kAnswerBytesMax);
    parser_.header_limit(16 * 1024);
    http::async_read(stream_, buffer_, parser_,
                     [self = shared_from_this()](beast::error_code ec, size_t) {
                       if (ec) return self->fail(ec);
                       beast::error_code ignored;
                       self->stream_.socket().shutdown(tcp::socket::shutdown_both, ignored);
                       HttpAnswer answer;
                       answer.status = static_cast<int>(self->parser_.get().result_int());
                       answer.body = std::move(self->parser_.get().body());
                       answer.took = self->elapsed();
                       self->finish(std::move(answer));
                     });
  }

  std::chrono::milliseconds elapsed() const {
    return std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::steady_clock::now() -
                                                                 started_);
  }

  void fail(beast::error_code ec) {
    finish(timed_out_ || ec == beast::error::timeout ? std::string("timeout") : ec.message());
  }

  void finish(Result<HttpAnswer, std::string> r) {
    if (!done_) return;
    deadline_.cancel();
    auto done = std::move(done_);
    done_ = nullptr;
    done(std::move(r));
  }

  tcp::resolver resolver_;
  beast::tcp_stream stream_;
  asio::steady_timer deadline_;
  bool timed_out_ = false;
  Endpoint endpoint_;
  HttpRequest request_;
  HttpDone done_;
  std::chrono::steady_clock::time_point started_;
  http::request<http::string_body> req_;
  beast::flat_buffer buffer_;
  http::response_parser<http::string_body> parser_;
};

}  // namespace

void http_call(asio::any_io_executor executor, const Endpoint& endpoint, HttpRequest request,
               HttpDone done) {
  auto call = std::make_shared<Call>(executor, endpoint, std::move(request), std::move(done));
  asio::post(executor, [call] { call->start(); });
}

}  // namespace croupier::wallet
