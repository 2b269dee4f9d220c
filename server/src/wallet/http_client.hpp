// HttpClient: the calls Croupier makes to other servers (an operator's wallet), as an
// asynchronous HTTP/1.1 client over Boost.Beast.
//
// One connection per call ("Connection: close"), made and answered on the executor given,
// with one deadline for the whole exchange (resolve, connect, write, read). `done` is called
// exactly once. Answers are
// bounded (kAnswerBytesMax). Plain http:// only: an operator's https wallet is reached
// through a local TLS proxy (docs/operators.md).
//
// Thread-safety: call() may be called from any thread; `done` runs on the executor.
#pragma once

#include <boost/asio/any_io_executor.hpp>
#include <chrono>
#include <cstdint>
#include <functional>
#include <string>
#include <utility>
#include <vector>

#include "core/result.hpp"

namespace croupier::wallet {

inline constexpr size_t kAnswerBytesMax = 64 * 1024;

// Where a server is: parsed from an http:// URL.
struct Endpoint {
  std::string host;
  std::string port = "80";
  std::string base_path;  // without a trailing '/'
};
// nullopt-like failure: the reason in words.
Result<Endpoint, std::string> parse_endpoint(std::string_view url);

struct HttpRequest {
  std::string method = "POST";
  std::string target;  // the path and query
  std::vector<std::pair<std::string, std::string>> headers;
  std::string body;
  std::chrono::milliseconds timeout{2000};
};

struct HttpAnswer {
  int status = 0;
  std::string body;
  std::chrono::milliseconds took{0};
};

// Why a call brought no answer: "timeout", or the transport's error in words.
using HttpDone = std::function<void(Result<HttpAnswer, std::string>)>;

void http_call(boost::asio::any_io_executor executor, const Endpoint& endpoint, HttpRequest request,
               HttpDone done);

}  // namespace croupier::wallet
