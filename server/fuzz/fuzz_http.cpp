// The HTTP request path: bytes as a socket brings them, parsed by Beast with the server's
// limits (gateway/listener.cpp), then the Router (gateway/router.hpp): the rate limit, the
// target, the anti-forgery check, the route, the session and every handler behind them.
// A whole casino runs in this process: the demo's, its databases in a directory of its
// own, its tables on their actors, as croupierd runs it.
//
// The input's first byte says how the request comes:
//   0  as it is: the rest of the input is the request's bytes;
//   1  from a signed-in player: the rest is the request, to which the player's session
//      cookie and anti-forgery pair are added, so that fuzzed targets, queries and bodies
//      reach the handlers behind a session;
//   2  an operator's signed request: the next byte picks the operator's route, the rest
//      is its JSON body, "$NOW" in it replaced by the server's clock, signed with the demo
//      operator's secret as the operator API checks it.
// Properties: every request is answered, once (a later reply too, within 10 s); never with
// a 500; a JSON error body has "error" and "message" strings and, if any, a "code" of
// SPEC section 8; every reply carries the security headers.
#include <unistd.h>

#include <boost/beast/core/flat_buffer.hpp>
#include <boost/beast/http/parser.hpp>
#include <boost/json.hpp>
#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <filesystem>
#include <fstream>
#include <mutex>
#include <string>
#include <thread>

#include "app/server.hpp"
#include "core/crypto.hpp"
#include "core/error_code.hpp"
#include "core/log.hpp"
#include "fuzz.hpp"
#include "gateway/router.hpp"
#include "gateway/services.hpp"

namespace {

using namespace croupier;
namespace http = boost::beast::http;
namespace json = boost::json;

constexpr const char* kClientIp = "198.51.100.7";
constexpr std::string_view kOperatorSecret = "demo-operator-secret-change-me";
constexpr const char* kOperatorRoutes[] = {"/api/operator/launch",
                                           "/api/operator/session/terminate",
                                           "/api/operator/chat",
                                           "/api/operator/chat/mute",
                                           "/api/operator/table/closing",
                                           "/api/operator/bonus/campaign",
                                           "/api/operator/bonus/grant",
                                           "/api/operator/bonus/cancel",
                                           "/api/operator/voucher",
                                           "/api/operator/player/status",
                                           "/api/operator/player/limits",
                                           "/api/operator/report/rounds",
                                           "/api/operator/report/ggr",
                                           "/api/operator/report/open-rounds",
                                           "/api/operator/report/wallet-calls"};

struct Casino {
  std::unique_ptr<app::App> app;
  std::thread io;
  std::string session;  // a demo player's
  std::string xsrf;
};

void sign_in(Casino& c);

Casino& casino() {
  static Casino* c = [] {
    auto* out = new Casino;
    config::Settings s;
    s.port = 0;
    s.data_dir = (std::filesystem::temp_directory_path() /
                  ("croupier-fuzz-http-" + std::to_string(::getpid())))
                     .string();
    std::filesystem::remove_all(s.data_dir);
    std::filesystem::create_directories(s.data_dir);
    s.casino_file = CROUPIER_SOURCE_DIR "/server/data/casino.json";
    s.rates_file = CROUPIER_SOURCE_DIR "/server/data/rates.json";
    // A client's files, for the static files' routes (and their refusal of "../").
    s.static_dir = s.data_dir + "/static";
    std::filesystem::create_directories(s.static_dir + "/assets");
    std::ofstream(s.static_dir + "/index.html") << "<!doctype html><title>fuzz</title>";
    std::ofstream(s.static_dir + "/assets/app.js") << "console.log(1)";
    std::ofstream(s.data_dir + "/secret.txt") << "outside the static files";
    s.video = false;
    s.capture_video_events = true;
    s.log_level = "error";
    s.threads = 2;
    s.rng_seed = 1;
    s.shutdown_grace_ms = 200;
    s.http_rate_per_s = 1e9;  // every request comes from one address
    s.http_burst = 1e9;
    out->app = std::make_unique<app::App>(s);
    fuzz::check(out->app->start(), "the demo casino starts");
    out->io = std::thread([app = out->app.get()] { app->run(false); });
    // Stopped before the statics it uses are destroyed (they were made before this).
    std::atexit([] {
      casino().app->stop();
      casino().io.join();
    });
    sign_in(*out);
    return out;
  }();
  return *c;
}

// The player of mode 1: the guest that "/" makes, and the anti-forgery cookie. Made again
// when a fuzzed request logged it out (an operator's terminate, a logout).
void sign_in(Casino& c) {
  gateway::Request req{http::verb::get, "/", 11};
  req.set(http::field::host, "127.0.0.1");
  auto reply = c.app->router().handle(req, kClientIp);
  auto* page = std::get_if<gateway::StringReply>(&reply);
  fuzz::check(page != nullptr, "the start page answers at once");
  c.session.clear();
  for (const auto& field : page->base()) {
    if (field.name() != http::field::set_cookie) continue;
    const std::string value(field.value());
    for (auto [name, into] :
         {std::pair{"JSESSIONID=", &c.session}, std::pair{"XSRF-TOKEN=", &c.xsrf}}) {
      if (value.rfind(name, 0) != 0) continue;
      const size_t at = std::string_view(name).size();
      *into = value.substr(at, value.find(';') - at);
    }
  }
  fuzz::check(!c.session.empty(), "the start page makes a guest");
}

// The reply, waiting for a later one.
std::optional<gateway::StringReply> answer(gateway::Reply reply) {
  if (auto* r = std::get_if<gateway::StringReply>(&reply)) return std::move(*r);
  if (auto* f = std::get_if<gateway::FileReply>(&reply)) {
    gateway::StringReply head{f->result(), f->version()};
    for (const auto& field : f->base()) head.set(field.name_string(), field.value());
    return head;
  }
  auto& later = std::get<gateway::LaterReply>(reply);
  std::mutex m;
  std::condition_variable cv;
  std::optional<gateway::StringReply> out;
  int calls = 0;
  later.start([&](gateway::StringReply r) {
    std::lock_guard lock(m);
    ++calls;
    out = std::move(r);
    cv.notify_all();
  });
  std::unique_lock lock(m);
  fuzz::check(cv.wait_for(lock, std::chrono::seconds(10), [&] { return out.has_value(); }),
              "a later reply is sent within 10 s");
  // A second call would come from another thread right after the first: give it a moment.
  lock.unlock();
  std::this_thread::sleep_for(std::chrono::milliseconds(1));
  lock.lock();
  fuzz::check(calls == 1, "a later reply is sent once");
  return out;
}

void check_reply(const gateway::StringReply& r) {
  const unsigned status = r.result_int();
  fuzz::check(status >= 200 && status < 600, "a real status");
  fuzz::check(status != 500, "no internal error");
  fuzz::check(r.base()["X-Content-Type-Options"] == "nosniff", "the security headers are set");
  if (status < 400) return;
  const auto type = r.base()[http::field::content_type];
  if (type.find("application/json") == std::string_view::npos) return;
  boost::system::error_code ec;
  json::value body = json::parse(r.body(), ec);
  fuzz::check(!ec && body.is_object(), "an error's JSON body is an object");
  const json::object& o = body.as_object();
  const auto* error = o.if_contains("error");
  const auto* message = o.if_contains("message");
  fuzz::check(error && error->is_string() && !error->as_string().empty(), "an error names itself");
  fuzz::check(message && message->is_string(), "an error has a message");
  if (const auto* code = o.if_contains("code")) {
    fuzz::check(code->is_int64() && error_code_from_int(static_cast<int>(code->as_int64())),
                "an error's code is one of SPEC section 8");
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  if (size < 2) return 0;
  Casino& c = casino();
  const uint8_t mode = data[0] % 3;
  std::string_view rest = fuzz::text(data + 1, size - 1);
  const auto& settings = c.app->services().settings;

  gateway::Request req;
  if (mode == 2) {
    const std::string_view route =
        kOperatorRoutes[static_cast<uint8_t>(rest[0]) % std::size(kOperatorRoutes)];
    std::string body(rest.substr(1));
    if (body.size() > settings.http_body_bytes_max) return 0;
    const std::string now = std::to_string(c.app->services().clock.wall_ms());
    for (size_t at = body.find("$NOW"); at != std::string::npos; at = body.find("$NOW", at))
      body.replace(at, 4, now);
    req = gateway::Request{http::verb::post, route, 11};
    req.set(http::field::host, "127.0.0.1");
    req.set(http::field::content_type, "application/json");
    req.set(crypto::kSignatureHeader,
            "sha256=" + crypto::to_hex(crypto::hmac_sha256(kOperatorSecret, body)));
    req.body() = std::move(body);
    req.prepare_payload();
  } else {
    // As the listener reads a request: Beast's parser with the server's limits.
    http::request_parser<http::string_body> parser;
    parser.header_limit(static_cast<uint32_t>(settings.http_header_bytes_max));
    parser.body_limit(settings.http_body_bytes_max);
    parser.eager(true);
    boost::system::error_code ec;
    parser.put(boost::asio::buffer(rest.data(), rest.size()), ec);
    if (!ec && !parser.is_done()) parser.put_eof(ec);
    if (ec || !parser.is_done()) return 0;  // the listener answers 400 or closes
    req = parser.release();
    if (mode == 1) {
      std::string cookie(req[http::field::cookie]);
      if (!cookie.empty()) cookie += "; ";
      req.set(http::field::cookie, cookie + "JSESSIONID=" + c.session + "; XSRF-TOKEN=" + c.xsrf);
      if (req[gateway::kXsrfHeader].empty()) req.set(gateway::kXsrfHeader, c.xsrf);
    }
  }
  auto reply = answer(c.app->router().handle(req, kClientIp));
  fuzz::check(reply.has_value(), "every request is answered");
  check_reply(*reply);
  if (mode == 1 && (reply->result_int() == 401 || reply->result_int() == 403)) sign_in(c);
  return 0;
}
