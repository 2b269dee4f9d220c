// soak_load: the load client of the soak (bench/soak.sh, `make soak`). It plays N simulated
// players against a running croupierd over real sockets for a given time, samples the
// server every interval, and judges at the end whether anything went wrong or grew without
// levelling off. Exit status 0 when the soak passed, 1 when it failed, 2 for bad usage.
//
// Each player is a guest of the demo operator (GET /: its own session and fun money) with one
// WebSocket following one table (the tables are spread over the players in turn). Like a
// person it bets in some rounds (each player 30-50 % of them), one to three commands a round
// at a random moment while bets are open, now and then the all-or-nothing form or a repeat
// of its last bets, sometimes takes a command back (undo) or clears its bets, now and then
// closes its socket (cleanly or not) and comes back a moment later resuming from the last
// version it saw (or, like a reloaded page, with a fresh subscription and its resync), and
// rarely chats. It answers the server's pings and its idle warnings, and checks what it is
// told: every answer comes, only the expected refusals happen, the table's versions follow
// one another without a gap, and every round's stake in `gameresult` is what its own
// accepted and taken-back bets add up to.
//
//   soak_load --port P --pid PID [--players 5000] [--seconds 3600] [--interval 10]
//             [--csv FILE] [--tables rou-1,bac-1,...] [--seed N]
//   soak_load --self-test      (checks the growth rule on synthetic series)
//
// Every interval one line goes to stdout (and to the CSV file): the server's RSS, open
// descriptors and CPU, the players connected, bets sent / acknowledged / refused (by code),
// the bets' acknowledgement latency, the events' delivery latency (their "ts" to arrival),
// reconnects, errors, and the server's queue gauges from GET /metrics. The rules of the
// verdict are in judge() and verdict() below, and in docs/testing.md "The soak".
#include <dirent.h>
#include <signal.h>
#include <sys/resource.h>
#include <sys/socket.h>
#include <sys/time.h>
#include <unistd.h>

#include <algorithm>
#include <array>
#include <atomic>
#include <boost/asio/buffers_iterator.hpp>
#include <boost/asio/connect.hpp>
#include <boost/asio/io_context.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/asio/post.hpp>
#include <boost/asio/read.hpp>
#include <boost/asio/read_until.hpp>
#include <boost/asio/signal_set.hpp>
#include <boost/asio/steady_timer.hpp>
#include <boost/asio/streambuf.hpp>
#include <boost/asio/write.hpp>
#include <boost/json.hpp>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <deque>
#include <fstream>
#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <random>
#include <set>
#include <sstream>
#include <string>
#include <thread>
#include <unordered_map>
#include <vector>

#include "core/money.hpp"

namespace asio = boost::asio;
namespace json = boost::json;
using tcp = asio::ip::tcp;
using Clock = std::chrono::steady_clock;
using namespace std::chrono_literals;

namespace {

constexpr auto kNever = Clock::time_point::max();
constexpr auto kTick = 50ms;                      // the players' clock
constexpr auto kAnswerMax = 30s;                  // a command unanswered this long is lost
constexpr auto kSilentMax = 45s;                  // a socket that hears nothing this long is stuck
constexpr auto kConnectMax = 15s;                 // to open a socket and hear its subscription
constexpr auto kDrainMax = 15s;                   // after the run, for the last answers
constexpr double kBetBeforeCloseS = 1.0;          // no command later than this before bets close
constexpr size_t kRampWindow = 64;                // players starting at once
constexpr int64_t kUnit = croupier::kMoneyScale;  // amounts in 1/100000 (as the server)
constexpr std::array kExpectedCodes{1006, 1007};  // refusals of timing (docs/testing.md)

// ---------------------------------------------------------------------------------------
// Options

struct Options {
  uint16_t port = 0;
  int pid = 0;
  size_t players = 5000;
  double seconds = 3600;
  double interval = 10;
  std::string csv;
  std::vector<std::string> tables = {"rou-1", "rou-3", "us-1", "mega-1", "pwr-1", "auto-1",
                                     "bac-1", "bac-3", "dt-1", "ab-1",   "sic-1", "mw-1"};
  uint64_t seed = 1;
  double reconnect_every = 600;  // s, mean time between a player's reconnects
  double chat_every = 3600;      // s, mean time between a player's chat messages
  double late_max = 0.10;        // share of bet commands refused as late before it fails
  double ramp_max = 600;         // s to get every player connected
  // The server's limits (croupierd's defaults), for "a queue stays well under its limit".
  double ledger_queue_max = 65536;
  double table_inbox_max = 10000;
  double ws_send_queue_max = 1024;
  bool self_test = false;
};

[[noreturn]] void usage(const std::string& why) {
  std::fprintf(stderr,
               "%s\nusage: soak_load --port P --pid PID [--players 5000] [--seconds 3600] "
               "[--interval 10] [--csv FILE] [--tables a,b,...] [--seed N] "
               "[--reconnect-every S] [--chat-every S] [--late-max SHARE] [--ramp-max S] "
               "[--ledger-queue-max N] [--table-inbox-max N] [--ws-send-queue-max N]\n"
               "       soak_load --self-test\n",
               why.c_str());
  std::exit(2);
}

Options parse_options(int argc, char** argv) {
  Options o;
  for (int i = 1; i < argc; ++i) {
    const std::string a = argv[i];
    auto value = [&]() -> std::string {
      if (i + 1 >= argc) usage(a + " needs a value");
      return argv[++i];
    };
    auto number = [&]() {
      const std::string v = value();
      char* end = nullptr;
      const double d = std::strtod(v.c_str(), &end);
      if (v.empty() || *end != '\0' || !std::isfinite(d) || d < 0) usage(a + ": not a number");
      return d;
    };
    if (a == "--port")
      o.port = static_cast<uint16_t>(number());
    else if (a == "--pid")
      o.pid = static_cast<int>(number());
    else if (a == "--players")
      o.players = static_cast<size_t>(number());
    else if (a == "--seconds")
      o.seconds = number();
    else if (a == "--interval")
      o.interval = number();
    else if (a == "--csv")
      o.csv = value();
    else if (a == "--seed")
      o.seed = static_cast<uint64_t>(number());
    else if (a == "--reconnect-every")
      o.reconnect_every = number();
    else if (a == "--chat-every")
      o.chat_every = number();
    else if (a == "--late-max")
      o.late_max = number();
    else if (a == "--ramp-max")
      o.ramp_max = number();
    else if (a == "--ledger-queue-max")
      o.ledger_queue_max = number();
    else if (a == "--table-inbox-max")
      o.table_inbox_max = number();
    else if (a == "--ws-send-queue-max")
      o.ws_send_queue_max = number();
    else if (a == "--self-test")
      o.self_test = true;
    else if (a == "--tables") {
      o.tables.clear();
      std::stringstream in(value());
      for (std::string t; std::getline(in, t, ',');)
        if (!t.empty()) o.tables.push_back(t);
    } else {
      usage("unknown option " + a);
    }
  }
  if (o.self_test) return o;
  if (o.port == 0 || o.pid <= 0) usage("--port and --pid are needed");
  if (o.players == 0 || o.tables.empty()) usage("no players or no tables");
  if (o.interval < 1) usage("--interval is at least 1 s");
  return o;
}

// ---------------------------------------------------------------------------------------
// Small helpers

int64_t wall_us() {
  return std::chrono::duration_cast<std::chrono::microseconds>(
             std::chrono::system_clock::now().time_since_epoch())
      .count();
}

double seconds_between(Clock::time_point a, Clock::time_point b) {
  return std::chrono::duration<double>(b - a).count();
}

Clock::duration seconds(double s) {
  return std::chrono::duration_cast<Clock::duration>(std::chrono::duration<double>(s));
}

// Money text ("12.50") in 1/100000, read and written as the server does.
std::optional<int64_t> parse_money(std::string_view s) {
  auto m = croupier::parse_money(s);
  return m ? std::optional<int64_t>(m->units) : std::nullopt;
}

std::string money_text(int64_t v) {
  return croupier::format_money(croupier::Money::from_units(v));
}

std::string_view str(const json::object& o, std::string_view key) {
  const json::value* v = o.if_contains(key);
  return v && v->is_string() ? std::string_view(v->get_string()) : std::string_view();
}

std::optional<int64_t> integer(const json::object& o, std::string_view key) {
  const json::value* v = o.if_contains(key);
  if (!v) return std::nullopt;
  if (v->is_int64()) return v->get_int64();
  if (v->is_uint64()) return static_cast<int64_t>(v->get_uint64());
  if (v->is_double()) return static_cast<int64_t>(v->get_double());
  return std::nullopt;
}

bool flag(const json::object& o, std::string_view key) {
  const json::value* v = o.if_contains(key);
  return v && v->is_bool() && v->get_bool();
}

// The sum of the "amount"s of a list of bet lines.
int64_t sum_amounts(const json::object& o, std::string_view key) {
  int64_t sum = 0;
  if (const json::value* v = o.if_contains(key); v && v->is_array()) {
    for (const auto& line : v->get_array())
      if (line.is_object()) sum += parse_money(str(line.get_object(), "amount")).value_or(0);
  }
  return sum;
}

// A masked client frame (the mask is all zeros: allowed, and the bytes stay readable).
std::string client_frame(uint8_t opcode, std::string_view payload) {
  std::string f;
  f.push_back(static_cast<char>(0x80 | opcode));
  if (payload.size() < 126) {
    f.push_back(static_cast<char>(0x80 | payload.size()));
  } else {
    f.push_back(static_cast<char>(0x80 | 126));
    f.push_back(static_cast<char>(payload.size() >> 8));
    f.push_back(static_cast<char>(payload.size() & 0xff));
  }
  f.append(4, '\0');
  f.append(payload);
  return f;
}

std::string xml_escape(std::string_view s) {
  std::string out;
  for (char c : s) {
    if (c == '&')
      out += "&amp;";
    else if (c == '<')
      out += "&lt;";
    else if (c == '>')
      out += "&gt;";
    else if (c == '"')
      out += "&quot;";
    else
      out += c;
  }
  return out;
}

// ---------------------------------------------------------------------------------------
// A latency histogram: buckets 2 % wide above 64 us (exact below), so that whole-run
// percentiles cost a fixed amount of memory however long the soak runs.

class Hist {
 public:
  void add(int64_t us) {
    const uint64_t v = us < 0 ? 0 : static_cast<uint64_t>(us);
    ++buckets_[index(v)];
    ++count_;
    max_ = std::max(max_, v);
  }
  void merge(const Hist& o) {
    for (size_t i = 0; i < buckets_.size(); ++i) buckets_[i] += o.buckets_[i];
    count_ += o.count_;
    max_ = std::max(max_, o.max_);
  }
  uint64_t count() const { return count_; }
  // The p-quantile in milliseconds (0 when empty); p = 1 is the exact maximum.
  double ms(double p) const {
    if (count_ == 0) return 0;
    if (p >= 1) return static_cast<double>(max_) / 1000;
    const uint64_t rank = std::max<uint64_t>(1, static_cast<uint64_t>(std::ceil(p * count_)));
    uint64_t seen = 0;
    for (size_t i = 0; i < buckets_.size(); ++i) {
      seen += buckets_[i];
      if (seen >= rank) return std::min(upper(i), static_cast<double>(max_)) / 1000;
    }
    return static_cast<double>(max_) / 1000;
  }

 private:
  static constexpr size_t kExact = 64;
  static size_t index(uint64_t v) {
    if (v < kExact) return v;
    const size_t i =
        kExact + static_cast<size_t>(std::log(static_cast<double>(v) / kExact) / std::log(1.02));
    return std::min(i, kBuckets - 1);
  }
  static double upper(size_t i) {
    return i < kExact ? static_cast<double>(i) : kExact * std::pow(1.02, i - kExact + 1);
  }
  static constexpr size_t kBuckets = 1200;  // up to about 3 hours
  std::array<uint64_t, kBuckets> buckets_{};
  uint64_t count_ = 0;
  uint64_t max_ = 0;
};

// ---------------------------------------------------------------------------------------
// The growth rule (docs/testing.md "The soak").
//
// A series of samples (time, value) "grows without levelling off" when, after a warm-up:
//   - warm-up: the first max(20 %, 2) samples are ignored (caches, pools and the players'
//     first rounds fill then);
//   - the rest is cut in thirds; growth = median(last third) - median(first third);
//   - threshold = max(absolute allowance, relative allowance x median(first third));
//   - rise = the least-squares slope of the last half of the rest x that half's duration;
//   - it fails when growth > threshold AND rise > threshold / 2: it grew by more than the
//     allowance and is still rising at the end. Growth that stopped (levels off) passes;
//     so does noise, which medians absorb.
// With fewer than 3 samples after the warm-up the series is not judged.

struct Judgement {
  bool judged = false;
  bool fail = false;
  double first = 0, last = 0, growth = 0, threshold = 0, rise = 0;
};

double median(std::vector<double> v) {
  if (v.empty()) return 0;
  std::sort(v.begin(), v.end());
  const size_t n = v.size();
  return n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
}

Judgement judge(const std::vector<double>& t, const std::vector<double>& y, double absolute,
                double relative) {
  Judgement j;
  const size_t n = std::min(t.size(), y.size());
  const size_t warm = std::max<size_t>(2, static_cast<size_t>(std::ceil(0.2 * n)));
  if (n < warm + 3) return j;
  j.judged = true;
  const size_t rest = n - warm;
  const size_t third = std::max<size_t>(1, rest / 3);
  j.first = median(std::vector<double>(y.begin() + warm, y.begin() + warm + third));
  j.last = median(std::vector<double>(y.begin() + n - third, y.begin() + n));
  j.growth = j.last - j.first;
  j.threshold = std::max(absolute, relative * std::abs(j.first));
  const size_t from = warm + rest / 2 - (rest / 2 == rest - 1 ? 1 : 0);  // at least 2 points
  const size_t m = n - from;
  double st = 0, sy = 0;
  for (size_t i = from; i < n; ++i) st += t[i], sy += y[i];
  const double mt = st / m, my = sy / m;
  double num = 0, den = 0;
  for (size_t i = from; i < n; ++i) {
    num += (t[i] - mt) * (y[i] - my);
    den += (t[i] - mt) * (t[i] - mt);
  }
  const double slope = den > 0 ? num / den : 0;
  j.rise = slope * (t[n - 1] - t[from]);
  j.fail = j.growth > j.threshold && j.rise > j.threshold / 2;
  return j;
}

// Synthetic series the rule must judge right; non-zero when it misjudges one.
int self_test() {
  std::mt19937_64 rng(7);
  std::normal_distribution<double> noise(0, 1);
  struct Case {
    const char* name;
    size_t n;
    double absolute, relative;
    std::function<double(double)> f;  // of the run's fraction 0..1
    double noise;
    bool fail;
  };
  const std::vector<Case> cases = {
      {"flat RSS with noise (1 h)", 360, 16, 0.10, [](double) { return 300.0; }, 3, false},
      {"flat RSS with noise (2 min)", 12, 16, 0.10, [](double) { return 300.0; }, 3, false},
      {"RSS levelling off early", 360, 16, 0.10,
       [](double x) { return 200 + 150 * (1 - std::exp(-x / 0.1)); }, 2, false},
      {"RSS levelling off late", 360, 16, 0.10,
       [](double x) { return 200 + 100 * (1 - std::exp(-x / 0.25)); }, 2, false},
      {"RSS stepping up once, early", 360, 16, 0.10,
       [](double x) { return x < 0.4 ? 200.0 : 260.0; }, 2, false},
      {"RSS sawtooth (allocator) on a flat base", 360, 16, 0.10,
       [](double x) { return 300 + 20 * std::fmod(x * 30, 1.0); }, 1, false},
      // A steady leak is caught once it adds about twice the allowance over the run (the
      // thirds' medians are 0.53 of the run apart): on 300 MiB, above about 60 MiB/h.
      {"RSS leaking 100 MiB/h on 300 MiB", 360, 16, 0.10, [](double x) { return 300 + 100 * x; }, 3,
       true},
      {"RSS leaking 40 MiB/h on 300 MiB (tolerated)", 360, 16, 0.10,
       [](double x) { return 300 + 40 * x; }, 3, false},
      {"RSS leaking 40 MiB/h on 60 MiB", 360, 16, 0.10, [](double x) { return 60 + 40 * x; }, 1,
       true},
      {"RSS leaking 200 MiB/h (2 min)", 12, 16, 0.10,
       [](double x) { return 100 + 200 * x * 2 / 60; }, 0.5, false},  // too little to see
      {"RSS leaking 30 MiB/min (2 min)", 12, 16, 0.10, [](double x) { return 100 + 60 * x; }, 1,
       true},
      {"RSS leaking, then levelling off at 2/3", 360, 16, 0.10,
       [](double x) { return 200 + 120 * std::min(x, 0.6); }, 2, false},
      {"RSS growing faster and faster", 360, 16, 0.10, [](double x) { return 200 + 100 * x * x; },
       2, true},
      {"fds flat with reconnect jitter", 360, 100, 0, [](double) { return 5020.0; }, 8, false},
      {"fds leaking five a minute", 360, 100, 0, [](double x) { return 5020 + 60 * 5 * x; }, 8,
       true},
      {"fds leaking slowly, within allowance", 360, 100, 0, [](double x) { return 5020 + 40 * x; },
       5, false},
      {"queue flat at zero with bursts", 360, 100, 0.5,
       [](double x) { return std::fmod(x * 97, 1.0) < 0.05 ? 400.0 : 0.0; }, 0, false},
      {"queue backing up", 360, 100, 0.5, [](double x) { return 5000 * x; }, 10, true},
  };
  int wrong = 0;
  for (const auto& c : cases) {
    std::vector<double> t, y;
    for (size_t i = 0; i < c.n; ++i) {
      const double x = static_cast<double>(i) / (c.n - 1);
      t.push_back(static_cast<double>(i) * 10);
      y.push_back(c.f(x) + c.noise * noise(rng));
    }
    const Judgement j = judge(t, y, c.absolute, c.relative);
    const bool ok = j.judged && j.fail == c.fail;
    if (!ok) ++wrong;
    std::printf("%-4s %-42s growth %8.1f (threshold %7.1f), last-half rise %8.1f -> %s\n",
                ok ? "ok" : "BAD", c.name, j.growth, j.threshold, j.rise,
                j.fail ? "grows" : "levels off");
  }
  // Too short to judge: not judged, and not a failure.
  const Judgement shortj = judge({0, 10, 20, 30}, {1, 2, 3, 4}, 1, 0);
  if (shortj.judged || shortj.fail) ++wrong;
  std::printf("%-4s %-42s %s\n", shortj.judged ? "BAD" : "ok", "4 samples: not judged",
              shortj.judged ? "judged" : "not judged");
  std::printf("self-test: %s\n", wrong ? "FAILED" : "passed");
  return wrong ? 1 : 0;
}

// ---------------------------------------------------------------------------------------
// The server from outside: /proc and GET /metrics.

struct ProcSample {
  bool alive = false;
  double rss_kib = 0;
  double fds = 0;
  double cpu_s = 0;  // user + system so far
};

ProcSample read_proc(int pid) {
  ProcSample s;
  const std::string base = "/proc/" + std::to_string(pid);
  std::ifstream status(base + "/status");
  if (!status) return s;
  for (std::string line; std::getline(status, line);) {
    if (line.rfind("VmRSS:", 0) == 0) s.rss_kib = std::strtod(line.c_str() + 6, nullptr);
    if (line.rfind("State:", 0) == 0 && line.find('Z') != std::string::npos) return s;
  }
  std::ifstream statf(base + "/stat");
  std::string stat((std::istreambuf_iterator<char>(statf)), std::istreambuf_iterator<char>());
  const size_t paren = stat.rfind(')');
  if (paren == std::string::npos) return s;
  std::istringstream rest(stat.substr(paren + 2));
  std::string field;
  unsigned long long utime = 0, stime = 0;
  for (int i = 3; i <= 15 && rest >> field; ++i) {
    if (i == 14) utime = std::stoull(field);
    if (i == 15) stime = std::stoull(field);
  }
  s.cpu_s = static_cast<double>(utime + stime) / static_cast<double>(sysconf(_SC_CLK_TCK));
  if (DIR* d = opendir((base + "/fd").c_str())) {
    while (dirent* e = readdir(d))
      if (e->d_name[0] != '.') ++s.fds;
    closedir(d);
  }
  s.alive = true;
  return s;
}

// Every CPU's busy time so far (user, nice, system, irq, softirq, steal), in seconds.
double host_busy_s() {
  std::ifstream in("/proc/stat");
  std::string cpu;
  unsigned long long user = 0, nice = 0, system = 0, idle = 0, iowait = 0, irq = 0, softirq = 0,
                     steal = 0;
  in >> cpu >> user >> nice >> system >> idle >> iowait >> irq >> softirq >> steal;
  return static_cast<double>(user + nice + system + irq + softirq + steal) /
         static_cast<double>(sysconf(_SC_CLK_TCK));
}

double own_cpu_s() {
  rusage u{};
  getrusage(RUSAGE_SELF, &u);
  return static_cast<double>(u.ru_utime.tv_sec + u.ru_stime.tv_sec) +
         static_cast<double>(u.ru_utime.tv_usec + u.ru_stime.tv_usec) / 1e6;
}

// A blocking HTTP/1.1 GET on loopback (Connection: close): status, head and body.
struct HttpAnswer {
  int status = 0;
  std::string head, body;
};

std::optional<HttpAnswer> http_get(uint16_t port, const std::string& target,
                                   const std::string& cookie = {}) {
  try {
    asio::io_context io;
    tcp::socket s(io);
    s.connect(tcp::endpoint(asio::ip::make_address("127.0.0.1"), port));
    timeval tv{5, 0};
    setsockopt(s.native_handle(), SOL_SOCKET, SO_RCVTIMEO, &tv, sizeof tv);
    std::string req = "GET " + target + " HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n";
    if (!cookie.empty()) req += "Cookie: JSESSIONID=" + cookie + "\r\n";
    req += "\r\n";
    asio::write(s, asio::buffer(req));
    std::string all;
    std::array<char, 65536> buf;
    boost::system::error_code ec;
    for (;;) {
      const size_t n = s.read_some(asio::buffer(buf), ec);
      all.append(buf.data(), n);
      if (ec) break;
    }
    const size_t head_end = all.find("\r\n\r\n");
    if (all.rfind("HTTP/1.1 ", 0) != 0 || head_end == std::string::npos) return std::nullopt;
    HttpAnswer a;
    a.status = std::atoi(all.c_str() + 9);
    a.head = all.substr(0, head_end);
    a.body = all.substr(head_end + 4);
    std::string lower = a.head;
    for (auto& c : lower) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    if (lower.find("transfer-encoding: chunked") != std::string::npos) {
      std::string out;
      size_t at = 0;
      while (at < a.body.size()) {
        const size_t eol = a.body.find("\r\n", at);
        if (eol == std::string::npos) break;
        const size_t len = std::strtoul(a.body.c_str() + at, nullptr, 16);
        if (len == 0) break;
        out.append(a.body, eol + 2, len);
        at = eol + 2 + len + 2;
      }
      a.body = std::move(out);
    }
    return a;
  } catch (const std::exception&) {
    return std::nullopt;
  }
}

// The session cookie a head sets, or "".
std::string session_cookie(const std::string& head) {
  const size_t at = head.find("JSESSIONID=");
  if (at == std::string::npos) return {};
  return head.substr(at + 11, head.find_first_of(";\r", at + 11) - at - 11);
}

// The gauges of GET /metrics whose name says queue, mailbox, inbox, in_flight, depth or
// history, and the socket count, each summed over its labels; `series` counts the labelled
// series of each.
struct Gauges {
  bool ok = false;
  std::map<std::string, double> sum;
  std::map<std::string, size_t> series;
};

Gauges read_gauges(uint16_t port) {
  Gauges g;
  auto got = http_get(port, "/metrics");
  if (!got || got->status != 200) return g;
  g.ok = true;
  std::set<std::string> gauges;
  std::istringstream in(got->body);
  for (std::string line; std::getline(in, line);) {
    if (line.rfind("# TYPE ", 0) == 0) {
      std::istringstream words(line.substr(7));
      std::string name, type;
      words >> name >> type;
      if (type == "gauge") gauges.insert(name);
      continue;
    }
    if (line.empty() || line[0] == '#') continue;
    const size_t end = line.find_first_of("{ ");
    if (end == std::string::npos) continue;
    const std::string name = line.substr(0, end);
    if (!gauges.contains(name)) continue;
    bool wanted = name == "croupier_ws_connections";
    for (const char* word : {"queue", "mailbox", "inbox", "in_flight", "depth", "history"})
      wanted = wanted || name.find(word) != std::string::npos;
    if (!wanted) continue;
    const size_t value_at = line.rfind(' ');
    g.sum[name] += std::strtod(line.c_str() + value_at + 1, nullptr);
    ++g.series[name];
  }
  return g;
}

// ---------------------------------------------------------------------------------------
// What the run counts: one set per interval, merged into the whole run's.

struct Counters {
  uint64_t bets_sent = 0, bets_acked = 0, bets_refused = 0;
  uint64_t cancels_sent = 0, cancels_acked = 0, cancels_refused = 0;
  std::map<int, uint64_t> bet_refusals, cancel_refusals;
  uint64_t events = 0, reconnects = 0, resumes = 0, resyncs = 0, chats = 0, idles = 0;
  uint64_t socket_errors = 0, unexpected = 0, settlements_checked = 0, settlements_unchecked = 0;
  Hist bet_latency, cancel_latency, event_latency;
  std::map<std::string, Hist> event_latency_by_type;

  void merge(const Counters& o) {
    bets_sent += o.bets_sent, bets_acked += o.bets_acked, bets_refused += o.bets_refused;
    cancels_sent += o.cancels_sent, cancels_acked += o.cancels_acked;
    cancels_refused += o.cancels_refused;
    for (auto [k, v] : o.bet_refusals) bet_refusals[k] += v;
    for (auto [k, v] : o.cancel_refusals) cancel_refusals[k] += v;
    events += o.events, reconnects += o.reconnects, resumes += o.resumes, resyncs += o.resyncs;
    chats += o.chats, idles += o.idles, socket_errors += o.socket_errors;
    unexpected += o.unexpected, settlements_checked += o.settlements_checked;
    settlements_unchecked += o.settlements_unchecked;
    bet_latency.merge(o.bet_latency);
    cancel_latency.merge(o.cancel_latency);
    event_latency.merge(o.event_latency);
    for (const auto& [type, h] : o.event_latency_by_type) event_latency_by_type[type].merge(h);
  }
};

std::string codes_text(const std::map<int, uint64_t>& codes, const char* sep) {
  std::string out;
  for (auto [code, n] : codes) {
    if (!out.empty()) out += sep;
    out += std::to_string(code) + ":" + std::to_string(n);
  }
  return out.empty() ? "-" : out;
}

struct Sample {
  double t = 0;
  ProcSample proc;
  double cpu_pct = 0, client_cpu_pct = 0, other_cpu_pct = 0;
  size_t connected = 0;
  Gauges gauges;
};

// ---------------------------------------------------------------------------------------
// The tables and what a player bets at each.

struct TableInfo {
  std::string id, game, variant, mode;
  std::vector<std::string> chips;  // the stakes a player picks from
};

// The spots a player bets on in one round: never both sides of an even-money pair, never
// most of a roulette wheel (a special-ball round refuses "safe bets" covering over 2/3).
std::vector<std::string> make_plan(const TableInfo& t, std::mt19937_64& rng) {
  auto pick = [&](std::vector<std::string> v) {
    return v[std::uniform_int_distribution<size_t>(0, v.size() - 1)(rng)];
  };
  auto chance = [&](double p) { return std::uniform_real_distribution<>(0, 1)(rng) < p; };
  auto n = [&](int lo, int hi) { return std::uniform_int_distribution<int>(lo, hi)(rng); };
  std::vector<std::string> plan;
  if (t.game == "roulette") {
    const int kind = n(0, 2);
    if (kind == 0) {  // an even-money bet and a couple of numbers: 20 numbers at most
      plan.push_back(pick({"RED", "BLACK", "EVEN", "ODD", "LOW", "HIGH"}));
      for (int i = n(0, 2); i > 0; --i) plan.push_back("STRAIGHT_" + std::to_string(n(1, 36)));
    } else if (kind == 1) {  // a dozen and a column: 20 numbers
      plan.push_back("DOZEN_" + std::to_string(n(1, 3)));
      plan.push_back("COLUMN_" + std::to_string(n(1, 3)));
    } else {  // numbers and a street
      for (int i = n(1, 4); i > 0; --i) plan.push_back("STRAIGHT_" + std::to_string(n(0, 36)));
      if (chance(0.5)) {
        const int row = n(0, 11) * 3 + 1;
        plan.push_back("STREET_" + std::to_string(row) + "_" + std::to_string(row + 1) + "_" +
                       std::to_string(row + 2));
      }
    }
  } else if (t.game == "baccarat") {
    plan.push_back(pick({"PLAYER", "BANKER"}));
    if (chance(0.4)) {
      std::vector<std::string> side = {"TIE", "PLAYER_PAIR", "BANKER_PAIR"};
      if (t.variant == "super6") side.push_back("SUPER6");
      plan.push_back(pick(side));
    }
  } else if (t.game == "dragontiger") {
    plan.push_back(pick({"DRAGON", "TIGER"}));
    if (chance(0.3)) plan.push_back(pick({"TIE", "SUITED_TIE"}));
  } else if (t.game == "andarbahar") {
    plan.push_back(pick({"ANDAR", "BAHAR"}));
    if (chance(0.3))
      plan.push_back(pick({"CARDS_1_5", "CARDS_6_10", "CARDS_11_15", "CARDS_16_25"}));
  } else if (t.game == "sicbo") {
    plan.push_back(pick({"SMALL", "BIG", "ODD", "EVEN"}));
    if (chance(0.5)) {
      plan.push_back(pick({"TOTAL_" + std::to_string(n(4, 17)), "SINGLE_" + std::to_string(n(1, 6)),
                           "DOUBLE_" + std::to_string(n(1, 6)), "ANY_TRIPLE"}));
    }
  } else {  // megawheel
    const std::vector<std::string> numbers = {"1", "2", "5", "8", "10", "15", "20", "30", "40"};
    plan.push_back(pick(numbers));
    if (chance(0.4)) plan.push_back(pick(numbers));
  }
  return plan;
}

// ---------------------------------------------------------------------------------------
// A player and its connection.

struct Conn {
  explicit Conn(asio::io_context& io) : socket(io) {}
  tcp::socket socket;
  asio::streambuf head;
  std::array<char, 8192> chunk{};
  std::string in;       // bytes not yet parsed into frames
  std::string message;  // a text message arriving in fragments
  std::deque<std::string> out;
  bool writing = false;
  bool open = false;             // the handshake succeeded
  bool ours = false;             // we are closing it: what happens next is not an error
  bool ended_by_server = false;  // a kickout/logout notice came first (already counted)
  bool done = false;             // closed; every handler returns
  Clock::time_point started{}, closing_since = kNever, last_frame{};
};

struct Pending {
  Clock::time_point sent;
  bool cancel = false;
  std::string game_id;
};

struct Player {
  size_t index = 0;
  const TableInfo* table = nullptr;
  std::string session, user_id;
  std::shared_ptr<Conn> conn;
  enum class Phase { idle, session, connecting, open, offline } phase = Phase::idle;
  bool session_dead = false;
  bool subscribed = false;  // following the table (after its subscribed/resync)
  bool ever_subscribed = false;
  bool awaiting_resync = false;
  std::string epoch;
  uint64_t last_v = 0;
  bool have_v = false;
  size_t replay_left = 0;
  // The round.
  std::string game_id, decided;
  bool bets_open = false;
  Clock::time_point ends_at{};
  std::vector<std::string> plan;
  int bets_left = 0;
  bool rebet_round = false;
  Clock::time_point next_bet = kNever, next_cancel = kNever;
  std::string cancel_of;
  std::vector<std::string> undoable;  // this round's accepted requests not taken back
  // Upkeep.
  Clock::time_point back_at = kNever, reconnect_at = kNever, chat_at = kNever;
  bool fresh_subscribe = false;  // the next subscription starts afresh (a reloaded page)
  std::unordered_map<std::string, Pending> pending;
  std::map<std::string, int64_t> expected;  // round -> our stake in it, by our answers
  std::set<std::string> uncertain;          // rounds where an answer was lost
  int64_t balance = 0;
  bool has_last_bets = false;
  double bet_share = 0.4;
  uint64_t seq = 0;
  // The last messages, shown when a money check fails.
  std::array<std::string, 24> recent;
  size_t recent_at = 0;
  void remember(std::string line) { recent[recent_at++ % recent.size()] = std::move(line); }
};

class Soak {
 public:
  explicit Soak(Options o) : o_(std::move(o)), rng_(o_.seed), tick_(io_) {}

  int run();

 private:
  // Set-up.
  bool load_tables();
  void start_player(Player& p);
  void get_session(Player& p);
  void connect(Player& p);
  // The socket.
  void read(Player& p, std::shared_ptr<Conn> c);
  void parse(Player& p, const std::shared_ptr<Conn>& c);
  void send(Player& p, std::string text, uint8_t opcode = 0x1);
  void send_on(const std::shared_ptr<Conn>& c, std::string text, uint8_t opcode);
  void write_next(const std::shared_ptr<Conn>& c);
  void lost(Player& p, const std::shared_ptr<Conn>& c, const std::string& why);
  void close_conn(const std::shared_ptr<Conn>& c);
  void go_offline(Player& p, Clock::duration for_how_long);
  void begin_reconnect(Player& p);
  // The messages.
  void on_text(Player& p, std::string_view text);
  void on_table_event(Player& p, const json::object& m, std::string_view type);
  void on_resync(Player& p, const json::object& m);
  void on_round(Player& p, const json::object& m, bool open);
  void on_ack(Player& p, const json::object& m, bool cancel);
  void check_stake(Player& p, const std::string& game, std::optional<int64_t> told,
                   const char* what);
  // The player's actions.
  void decide(Player& p);
  void fire_bet(Player& p);
  void fire_cancel(Player& p);
  void fire_chat(Player& p);
  std::string attrs(Player& p, const std::string& request_id);
  void on_tick();
  // Reporting.
  void unexpected(Player* p, const std::string& kind, const std::string& detail);
  void take_sample(double t, ProcSample proc, Gauges gauges, double cpu_pct, double own_pct,
                   double other_pct);
  void sampler();
  void finish();
  int verdict();

  double uniform(double a, double b) { return std::uniform_real_distribution<>(a, b)(rng_); }
  bool chance(double p) { return uniform(0, 1) < p; }
  Clock::duration exponential(double mean_s) {
    return mean_s <= 0 ? Clock::duration::max() / 4
                       : seconds(std::exponential_distribution<>(1 / mean_s)(rng_));
  }
  Counters& now() { return interval_; }

  Options o_;
  std::mt19937_64 rng_;
  asio::io_context io_{1};
  asio::steady_timer tick_;
  std::vector<TableInfo> tables_;
  std::vector<std::unique_ptr<Player>> players_;
  size_t next_start_ = 0, starting_ = 0, ramped_ = 0;
  Clock::time_point ramp_start_{}, run_start_ = kNever, stop_at_ = kNever, drain_until_ = kNever;
  Clock::time_point last_tick_{}, last_sweep_{};
  bool stopping_ = false, finished_ = false, ramp_failed_ = false, last_sample_taken_ = false;
  bool interrupted_ = false;
  std::atomic<bool> sampler_stop_{false};
  std::atomic<bool> server_gone_{false};
  std::thread sampler_thread_;
  Counters interval_, total_;
  uint64_t client_lags_ = 0, lost_answers_ = 0, broke_ = 0;
  std::map<std::string, uint64_t> unexpected_by_kind_;
  std::vector<Sample> samples_;
  std::vector<uint64_t> interval_errors_;  // unexpected, per sample
  double idle_rss_kib_ = 0, idle_fds_ = 0;
  FILE* csv_ = nullptr;
  size_t lines_printed_ = 0;
};

// ---------------------------------------------------------------------------------------
// Set-up

bool Soak::load_tables() {
  // The server answers once its tables run.
  for (int i = 0;; ++i) {
    auto ready = http_get(o_.port, "/readyz");
    if (ready && ready->status == 200) break;
    if (i == 300) {
      std::fprintf(stderr, "soak: the server on port %u is not ready\n", o_.port);
      return false;
    }
    std::this_thread::sleep_for(100ms);
  }
  auto guest = http_get(o_.port, "/");
  const std::string cookie = guest ? session_cookie(guest->head) : std::string();
  if (cookie.empty()) {
    std::fprintf(stderr, "soak: GET / gave no guest session (is the demo operator there?)\n");
    return false;
  }
  for (const auto& id : o_.tables) {
    auto got = http_get(o_.port, "/api/ui/tableConfig?tableId=" + id, cookie);
    if (!got || got->status != 200) {
      std::fprintf(stderr, "soak: tableConfig of %s: %s\n", id.c_str(),
                   got ? got->body.c_str() : "no answer");
      return false;
    }
    boost::system::error_code ec;
    json::value v = json::parse(got->body, ec);
    if (ec || !v.is_object()) return false;
    const json::object& c = v.get_object();
    TableInfo t;
    t.id = id;
    t.game = std::string(str(c, "game"));
    t.variant = std::string(str(c, "variant"));
    static const std::map<std::string, std::string> modes = {
        {"roulette", "roulette"},     {"baccarat", "baccarat"}, {"dragontiger", "dragontiger"},
        {"andarbahar", "andarbahar"}, {"sicbo", "sicbo"},       {"megawheel", "megawheel"}};
    auto mode = modes.find(t.game);
    if (mode == modes.end()) {
      std::fprintf(stderr,
                   "soak: %s is a %s table; the soak's players play roulette, baccarat, "
                   "dragon tiger, andar bahar, sic bo and the mega wheel\n",
                   id.c_str(), t.game.c_str());
      return false;
    }
    t.mode = mode->second;
    // Stakes every spot takes: at least every spot's minimum, within five times it, well
    // under every spot's maximum.
    int64_t floor = 0, ceiling = INT64_MAX;
    if (const json::value* l = c.if_contains("limits"); l && l->is_object()) {
      floor = parse_money(str(l->get_object(), "min")).value_or(0);
      if (const json::value* spots = l->get_object().if_contains("spots");
          spots && spots->is_array()) {
        for (const auto& s : spots->get_array()) {
          if (!s.is_object()) continue;
          floor = std::max(floor, parse_money(str(s.get_object(), "min")).value_or(0));
          if (auto mx = parse_money(str(s.get_object(), "max")); mx && *mx > 0)
            ceiling = std::min(ceiling, *mx / 10);
        }
      }
    }
    if (const json::value* chips = c.if_contains("chips"); chips && chips->is_array()) {
      for (const auto& chip : chips->get_array()) {
        if (!chip.is_string()) continue;
        const int64_t a = parse_money(chip.get_string()).value_or(0);
        if (a >= floor && a <= std::max(floor * 5, floor) && a <= std::max(ceiling, floor))
          t.chips.emplace_back(chip.get_string());
      }
    }
    if (t.chips.empty()) {
      std::fprintf(stderr, "soak: %s has no chip the soak can stake\n", id.c_str());
      return false;
    }
    tables_.push_back(std::move(t));
  }
  return true;
}

void Soak::start_player(Player& p) {
  ++starting_;
  p.phase = Player::Phase::session;
  get_session(p);
}

// A guest of the demo operator: GET / answers with a new player's session cookie.
void Soak::get_session(Player& p) {
  p.phase = Player::Phase::session;
  auto c = std::make_shared<Conn>(io_);
  c->started = Clock::now();
  p.conn = c;
  auto fail = [this, &p, c](const std::string& why) {
    if (c->done) return;
    close_conn(c);
    unexpected(&p, "guest session", why);
    go_offline(p, 1s);
    p.session_dead = true;
  };
  c->socket.async_connect(
      tcp::endpoint(asio::ip::make_address("127.0.0.1"), o_.port),
      [this, &p, c, fail](boost::system::error_code ec) {
        if (c->done) return;
        if (ec) return fail("connect: " + ec.message());
        c->out.push_back("GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n");
        asio::async_write(c->socket, asio::buffer(c->out.front()),
                          [this, &p, c, fail](boost::system::error_code ec, size_t) {
                            if (c->done) return;
                            if (ec) return fail("write: " + ec.message());
                            asio::async_read_until(
                                c->socket, c->head, "\r\n\r\n",
                                [this, &p, c, fail](boost::system::error_code ec, size_t n) {
                                  if (c->done) return;
                                  if (ec) return fail("read: " + ec.message());
                                  std::string head(asio::buffers_begin(c->head.data()),
                                                   asio::buffers_begin(c->head.data()) + n);
                                  p.session = session_cookie(head);
                                  if (head.rfind("HTTP/1.1 302", 0) != 0 || p.session.empty())
                                    return fail(head.substr(0, head.find('\r')));
                                  p.session_dead = false;
                                  close_conn(c);
                                  if (!p.user_id.empty()) {
                                    // A new player in the old one's place: its rounds are not
                                    // this one's to check.
                                    now().settlements_unchecked += p.expected.size();
                                    p.expected.clear();
                                    p.uncertain.clear();
                                    p.has_last_bets = false;
                                    p.balance = 0;
                                  }
                                  connect(p);
                                });
                          });
      });
}

void Soak::connect(Player& p) {
  if (p.session_dead) return get_session(p);
  if (p.conn && !p.conn->done) close_conn(p.conn);  // a close handshake left unanswered
  p.phase = Player::Phase::connecting;
  p.subscribed = false;
  auto c = std::make_shared<Conn>(io_);
  c->started = Clock::now();
  c->last_frame = c->started;
  p.conn = c;
  auto fail = [this, &p, c](const std::string& why) {
    if (c->done) return;
    lost(p, c, why);
  };
  c->socket.async_connect(
      tcp::endpoint(asio::ip::make_address("127.0.0.1"), o_.port),
      [this, &p, c, fail](boost::system::error_code ec) {
        if (c->done) return;
        if (ec) return fail("connect: " + ec.message());
        boost::system::error_code ignored;
        c->socket.set_option(tcp::no_delay(true), ignored);
        c->out.push_back(
            "GET /ws HTTP/1.1\r\nHost: 127.0.0.1\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
            "Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n"
            "Cookie: JSESSIONID=" +
            p.session + "\r\n\r\n");
        asio::async_write(
            c->socket, asio::buffer(c->out.front()),
            [this, &p, c, fail](boost::system::error_code ec, size_t) {
              if (c->done) return;
              c->out.pop_front();
              if (ec) return fail("handshake write: " + ec.message());
              asio::async_read_until(
                  c->socket, c->head, "\r\n\r\n",
                  [this, &p, c, fail](boost::system::error_code ec, size_t n) {
                    if (c->done) return;
                    if (ec) return fail("handshake read: " + ec.message());
                    std::string all(asio::buffers_begin(c->head.data()),
                                    asio::buffers_end(c->head.data()));
                    if (all.rfind("HTTP/1.1 101", 0) != 0) {
                      const std::string status = all.substr(0, all.find('\r'));
                      if (status.find(" 401") != std::string::npos) p.session_dead = true;
                      return fail("handshake refused: " + status);
                    }
                    c->in = all.substr(n);  // frames that came with the answer
                    c->open = true;
                    c->last_frame = Clock::now();
                    p.phase = Player::Phase::open;
                    p.awaiting_resync = false;
                    std::string sub = "<subscribe channel=\"table-" + p.table->id + "\"";
                    if (!p.fresh_subscribe && !p.epoch.empty() && p.have_v)
                      sub += " epoch=\"" + p.epoch + "\" v=\"" + std::to_string(p.last_v) + "\"";
                    sub += "/>";
                    if (p.fresh_subscribe) {
                      p.have_v = false;
                      p.epoch.clear();
                    }
                    p.fresh_subscribe = false;
                    send(p, sub);
                    read(p, c);
                  });
            });
      });
}

// ---------------------------------------------------------------------------------------
// The socket

void Soak::read(Player& p, std::shared_ptr<Conn> c) {
  parse(p, c);
  if (c->done) return;
  c->socket.async_read_some(asio::buffer(c->chunk),
                            [this, &p, c](boost::system::error_code ec, size_t n) {
                              if (c->done) return;
                              if (ec) {
                                if (c->ours || c->ended_by_server) return close_conn(c);
                                return lost(p, c, "read: " + ec.message());
                              }
                              c->in.append(c->chunk.data(), n);
                              c->last_frame = Clock::now();
                              read(p, c);
                            });
}

void Soak::parse(Player& p, const std::shared_ptr<Conn>& c) {
  size_t at = 0;
  while (!c->done && c->in.size() - at >= 2) {
    const auto* b = reinterpret_cast<const unsigned char*>(c->in.data() + at);
    uint64_t len = b[1] & 0x7f;
    size_t header = 2;
    if (len == 126) {
      if (c->in.size() - at < 4) break;
      len = (uint64_t{b[2]} << 8) | b[3];
      header = 4;
    } else if (len == 127) {
      if (c->in.size() - at < 10) break;
      len = 0;
      for (int i = 2; i < 10; ++i) len = (len << 8) | b[i];
      header = 10;
    }
    if (c->in.size() - at < header + len) break;
    const bool fin = b[0] & 0x80;
    const int opcode = b[0] & 0x0f;
    const std::string_view payload(c->in.data() + at + header, len);
    at += header + len;
    // What still comes on a socket the player is leaving is not read (it has moved on).
    const bool leaving = c->ours || c->ended_by_server || p.conn != c;
    if (opcode == 0x1 || opcode == 0x0) {
      c->message.append(payload);
      if (!fin) continue;
      std::string text = std::move(c->message);
      c->message.clear();
      if (!leaving) on_text(p, text);
    } else if (opcode == 0x9) {  // a ping: the same payload back
      if (!leaving) send_on(c, std::string(payload), 0xA);
    } else if (opcode == 0x8) {  // a close
      const int code = len >= 2 ? (b[header] << 8) | b[header + 1] : 1005;
      if (c->ours || c->ended_by_server) {
        close_conn(c);
      } else {
        const std::string reason(payload.substr(std::min<size_t>(2, payload.size())));
        lost(p, c, "the server closed the socket: " + std::to_string(code) + " " + reason);
      }
      return;
    }
  }
  c->in.erase(0, at);
}

void Soak::send(Player& p, std::string text, uint8_t opcode) {
  if (p.conn) send_on(p.conn, std::move(text), opcode);
}

void Soak::send_on(const std::shared_ptr<Conn>& c, std::string text, uint8_t opcode) {
  if (!c->open || c->done) return;
  c->out.push_back(client_frame(opcode, text));
  if (!c->writing) write_next(c);
}

void Soak::write_next(const std::shared_ptr<Conn>& c) {
  if (c->out.empty() || c->done) return;
  c->writing = true;
  asio::async_write(c->socket, asio::buffer(c->out.front()),
                    [this, c](boost::system::error_code ec, size_t) {
                      c->writing = false;
                      if (c->done) return;
                      c->out.pop_front();
                      if (ec) return;  // the read side notices and tells
                      write_next(c);
                    });
}

void Soak::close_conn(const std::shared_ptr<Conn>& c) {
  if (c->done) return;
  c->done = true;
  boost::system::error_code ignored;
  c->socket.close(ignored);
}

// The connection failed without the player asking for it: an error, and the player comes
// back a second later.
void Soak::lost(Player& p, const std::shared_ptr<Conn>& c, const std::string& why) {
  close_conn(c);
  if (p.conn != c) return;
  ++now().socket_errors;
  unexpected(&p, "socket", why);
  go_offline(p, 1s);
}

void Soak::go_offline(Player& p, Clock::duration for_how_long) {
  p.phase = Player::Phase::offline;
  p.subscribed = false;
  p.back_at = Clock::now() + for_how_long;
  p.next_bet = p.next_cancel = kNever;
  p.bets_left = 0;
  // Answers that can no longer come: their rounds' stakes are not checked.
  for (const auto& [rid, pend] : p.pending) p.uncertain.insert(pend.game_id);
  lost_answers_ += p.pending.size();
  p.pending.clear();
}

// The player closes its socket on purpose: half the time with a close handshake, half the
// time by dropping the connection; a tenth of the time it then starts afresh (a reloaded
// page) instead of resuming.
void Soak::begin_reconnect(Player& p) {
  auto c = p.conn;
  c->ours = true;
  if (chance(0.5)) {
    c->closing_since = Clock::now();
    send(p, std::string("\x03\xe8", 2), 0x8);  // 1000, normal
  } else {
    close_conn(c);
  }
  ++now().reconnects;
  p.fresh_subscribe = chance(0.1);
  p.remember(std::to_string(seconds_between(ramp_start_, Clock::now())) + " reconnect" +
             (p.fresh_subscribe ? " (fresh)" : ""));
  p.phase = Player::Phase::offline;
  p.subscribed = false;
  p.back_at = Clock::now() + seconds(uniform(0.2, 3.0));
  p.next_bet = p.next_cancel = kNever;
  p.bets_left = 0;
}

// ---------------------------------------------------------------------------------------
// The messages

void Soak::on_text(Player& p, std::string_view text) {
  boost::system::error_code ec;
  json::value v = json::parse(text, ec);
  if (ec || !v.is_object()) {
    unexpected(&p, "protocol", "not a JSON object: " + std::string(text.substr(0, 120)));
    return;
  }
  const json::object& m = v.get_object();
  const std::string_view type = str(m, "type");
  {
    std::string line = std::to_string(seconds_between(ramp_start_, Clock::now())) + " " +
                       std::string(type) + " v=" + std::to_string(integer(m, "v").value_or(-1)) +
                       " " + std::string(str(m, "gameId"));
    if (m.contains("stake")) line += " stake=" + std::string(str(m, "stake"));
    if (m.contains("requestId")) line += " rid=" + std::string(str(m, "requestId"));
    if (m.contains("roundTotal")) line += " total=" + std::string(str(m, "roundTotal"));
    p.remember(std::move(line));
  }
  if (type == "welcome") {
    p.user_id = std::string(str(m, "playerId"));
  } else if (type == "subscribed") {
    if (flag(m, "restarted")) {
      unexpected(&p, "protocol", "the table restarted (subscribed restarted)");
      p.fresh_subscribe = true;
      return;
    }
    p.epoch = std::string(str(m, "epoch"));
    if (flag(m, "resumed")) {
      p.replay_left = static_cast<size_t>(integer(m, "replayed").value_or(0));
      p.subscribed = true;
      ++now().resumes;
    } else {
      p.awaiting_resync = true;
    }
  } else if (type == "resync") {
    on_resync(p, m);
  } else if (type == "betack") {
    on_ack(p, m, false);
  } else if (type == "cancelack") {
    on_ack(p, m, true);
  } else if (type == "idle") {
    ++now().idles;
    send(p, "<active/>");
  } else if (type == "kickout" || type == "logout" || type == "session") {
    unexpected(&p, "session ended", std::string(text.substr(0, 160)));
    p.conn->ended_by_server = true;
    p.session_dead = true;
    go_offline(p, 1s);
  } else if (type == "error") {
    unexpected(&p, "error " + std::to_string(integer(m, "code").value_or(0)),
               std::string(text.substr(0, 200)));
  } else if (type == "pong" || type == "unsubscribed") {
    // nothing
  } else if (m.contains("v") && m.contains("table")) {
    on_table_event(p, m, type);
  } else {
    unexpected(&p, "protocol", "unknown message: " + std::string(text.substr(0, 120)));
  }
}

void Soak::on_table_event(Player& p, const json::object& m, std::string_view type) {
  const uint64_t v = static_cast<uint64_t>(integer(m, "v").value_or(0));
  if (p.awaiting_resync || !p.subscribed) {
    unexpected(&p, "protocol", "a table event before the subscription's first answer");
  } else if (p.have_v && v != p.last_v + 1) {
    unexpected(&p, "version gap",
               p.table->id + ": v " + std::to_string(v) + " after " + std::to_string(p.last_v));
  }
  p.last_v = v;
  p.have_v = true;
  ++now().events;
  if (p.replay_left > 0) {
    --p.replay_left;  // missed while away: its "ts" is old
  } else if (auto ts = integer(m, "ts")) {
    const int64_t us = wall_us() - *ts * 1000;
    now().event_latency.add(us);
    now().event_latency_by_type[std::string(type)].add(us);
  }
  if (type == "betsopen") {
    on_round(p, m, true);
  } else if (type == "betsclosed") {
    p.bets_open = false;
    p.bets_left = 0;
    p.next_bet = p.next_cancel = kNever;
  } else if (type == "gameresult") {
    const std::string game(str(m, "gameId"));
    std::optional<int64_t> stake;
    if (m.contains("stake")) stake = parse_money(str(m, "stake"));
    if (auto b = parse_money(str(m, "balance"))) p.balance = *b;
    if (stake && *stake > 0) p.has_last_bets = true;
    check_stake(p, game, stake.value_or(0), "gameresult stake");
  } else if (type == "cancelround") {
    const std::string game(str(m, "gameId"));
    if (auto b = parse_money(str(m, "balance"))) p.balance = *b;
    check_stake(p, game, parse_money(str(m, "refunded")).value_or(0), "cancelround refund");
  } else if (type == "table_closed") {
    unexpected(&p, "table closed", p.table->id);
  }
}

// What the server says the player had on a round against what its own answers add up to.
void Soak::check_stake(Player& p, const std::string& game, std::optional<int64_t> told,
                       const char* what) {
  auto it = p.expected.find(game);
  const int64_t mine = it == p.expected.end() ? 0 : it->second;
  if (it != p.expected.end()) p.expected.erase(it);
  if (p.uncertain.erase(game)) {
    ++now().settlements_unchecked;
    return;
  }
  if (mine == 0 && (!told || *told == 0)) return;
  ++now().settlements_checked;
  if (!told || *told != mine) {
    unexpected(&p, "money",
               p.table->id + " " + game + ": " + what + " " +
                   (told ? money_text(*told) : "missing") + ", the player's answers say " +
                   money_text(mine));
  }
}

void Soak::on_resync(Player& p, const json::object& m) {
  if (!p.awaiting_resync) unexpected(&p, "protocol", "a resync nobody asked for");
  p.awaiting_resync = false;
  p.subscribed = true;
  p.epoch = std::string(str(m, "epoch"));
  p.last_v = static_cast<uint64_t>(integer(m, "v").value_or(0));
  p.have_v = true;
  p.replay_left = 0;
  const std::string game(str(m, "gameId"));
  // The round the snapshot shows: its total is checked; rounds before it may have ended
  // while the player was away, unseen.
  for (auto it = p.expected.begin(); it != p.expected.end();) {
    if (it->first == game) {
      ++it;
      continue;
    }
    ++now().settlements_unchecked;
    p.uncertain.erase(it->first);
    it = p.expected.erase(it);
  }
  if (p.expected.contains(game) && !p.uncertain.contains(game)) {
    const int64_t told = parse_money(str(m, "myTotal")).value_or(0);
    ++now().settlements_checked;
    if (told != p.expected[game]) {
      unexpected(&p, "money",
                 p.table->id + " " + game + ": resync myTotal " + money_text(told) +
                     ", the player's answers say " + money_text(p.expected[game]));
      p.expected[game] = told;
    }
  }
  // A snapshot taken after the round's result (states 24, 901: the round is among the
  // results, its bets still shown until the next opens): its gameresult went out before it
  // and is not sent again, so the snapshot's total was the check.
  if (const json::value* results = m.if_contains("results"); results && results->is_array()) {
    for (const auto& r : results->get_array()) {
      if (r.is_object() && str(r.get_object(), "gameId") == game) {
        p.expected.erase(game);
        p.uncertain.erase(game);
        break;
      }
    }
  }
  if (!p.ever_subscribed) {
    p.ever_subscribed = true;
    --starting_;
    ++ramped_;
  } else {
    ++now().resyncs;
  }
  if (flag(m, "betsOpen"))
    on_round(p, m, true);
  else
    p.bets_open = false;
}

void Soak::on_round(Player& p, const json::object& m, bool open) {
  const std::string game(str(m, "gameId"));
  if (game != p.game_id) {
    p.undoable.clear();
    p.next_cancel = kNever;
    // A round of ours that never got its gameresult (nor cancelround).
    for (auto it = p.expected.begin(); it != p.expected.end();) {
      if (it->first == p.game_id || it->first == game) {
        ++it;
        continue;
      }
      if (!p.uncertain.erase(it->first) && it->second != 0)
        unexpected(&p, "money",
                   p.table->id + " " + it->first + ": no gameresult for a stake of " +
                       money_text(it->second));
      it = p.expected.erase(it);
    }
  }
  p.game_id = game;
  p.bets_open = open;
  const auto ends = integer(m, "endsAt").value_or(0);
  p.ends_at = Clock::now() + std::chrono::milliseconds(ends - wall_us() / 1000);
  decide(p);
}

void Soak::on_ack(Player& p, const json::object& m, bool cancel) {
  const std::string rid(str(m, "requestId"));
  auto it = p.pending.find(rid);
  if (it == p.pending.end()) {
    unexpected(&p, "protocol", "an answer to no command of ours: " + rid);
    return;
  }
  const auto latency =
      std::chrono::duration_cast<std::chrono::microseconds>(Clock::now() - it->second.sent);
  p.pending.erase(it);
  Counters& n = now();
  (cancel ? n.cancel_latency : n.bet_latency).add(latency.count());
  if (flag(m, "duplicate")) unexpected(&p, "protocol", "a first command answered as a repeat");
  if (auto b = parse_money(str(m, "balance"))) p.balance = *b;
  const std::string game(str(m, "gameId"));
  if (auto code = integer(m, "code")) {
    const int c = static_cast<int>(*code);
    ++(cancel ? n.cancel_refusals : n.bet_refusals)[c];
    ++(cancel ? n.cancels_refused : n.bets_refused);
    if (std::find(kExpectedCodes.begin(), kExpectedCodes.end(), c) == kExpectedCodes.end()) {
      unexpected(&p, std::string(cancel ? "take-back" : "bet") + " refused " + std::to_string(c),
                 p.table->id + ": " + std::string(str(m, "message")) + ": " +
                     std::string(str(m, "detail")));
    }
    return;
  }
  if (cancel) {
    ++n.cancels_acked;
    p.expected[game] -= sum_amounts(m, "cancelled");
    return;
  }
  ++n.bets_acked;
  const int64_t accepted = sum_amounts(m, "accepted");
  p.expected[game] += accepted;
  if (const json::value* r = m.if_contains("rejected");
      r && r->is_array() && !r->get_array().empty()) {
    for (const auto& line : r->get_array()) {
      if (!line.is_object()) continue;
      const int c = static_cast<int>(integer(line.get_object(), "code").value_or(0));
      unexpected(&p, "bet line refused " + std::to_string(c),
                 p.table->id + " " + std::string(str(line.get_object(), "spot")) + " " +
                     std::string(str(line.get_object(), "amount")) + ": " +
                     std::string(str(line.get_object(), "message")));
    }
  }
  if (accepted > 0 && game == p.game_id) {
    p.undoable.push_back(rid);
    if (p.next_cancel == kNever && !stopping_ && chance(0.12)) {
      p.next_cancel = Clock::now() + seconds(uniform(0.3, 2.0));
      p.cancel_of = chance(0.85) ? rid : std::string();  // else clear every bet
    }
  }
}

// ---------------------------------------------------------------------------------------
// The player's actions

std::string Soak::attrs(Player& p, const std::string& request_id) {
  return " tableId=\"" + p.table->id + "\" gameMode=\"" + p.table->mode + "_desktop\" gameId=\"" +
         p.game_id + "\" userId=\"" + p.user_id + "\" requestId=\"" + request_id + "\"";
}

void Soak::decide(Player& p) {
  if (!p.bets_open || p.decided == p.game_id) return;
  p.decided = p.game_id;
  const double left = seconds_between(Clock::now(), p.ends_at) - kBetBeforeCloseS;
  if (stopping_ || left < 0.5 || !chance(p.bet_share)) return;
  if (p.balance > 0 && p.balance < 100 * kUnit) {
    ++broke_;
    return;
  }
  p.plan = make_plan(*p.table, rng_);
  p.rebet_round = p.has_last_bets && chance(0.05);
  const double r = uniform(0, 1);
  p.bets_left = p.rebet_round ? 1 : r < 0.6 ? 1 : r < 0.9 ? 2 : 3;
  p.next_bet = Clock::now() + seconds(uniform(0.3, std::max(0.4, left * 0.8)));
}

void Soak::fire_bet(Player& p) {
  p.next_bet = kNever;
  const double left = seconds_between(Clock::now(), p.ends_at);
  if (!p.bets_open || p.bets_left <= 0 || left < kBetBeforeCloseS) {
    p.bets_left = 0;
    return;
  }
  --p.bets_left;
  const std::string rid = "b" + std::to_string(p.index) + "-" + std::to_string(++p.seq);
  std::string cmd;
  if (p.rebet_round) {
    cmd = "<lpbet" + attrs(p, rid) + "/>";
  } else {
    const char* kind = chance(0.15) ? "placebets" : "pbet";
    cmd = std::string("<") + kind + attrs(p, rid) + ">";
    const int lines = std::min<int>(static_cast<int>(p.plan.size()), chance(0.5) ? 1 : 2);
    std::vector<std::string> spots = p.plan;
    std::shuffle(spots.begin(), spots.end(), rng_);
    for (int i = 0; i < lines; ++i) {
      const auto& chips = p.table->chips;
      const auto& chip = chips[std::uniform_int_distribution<size_t>(0, chips.size() - 1)(rng_)];
      cmd += "<bet code=\"" + spots[i] + "\" amount=\"" + chip + "\"/>";
    }
    cmd += std::string("</") + kind + ">";
  }
  p.pending[rid] = Pending{Clock::now(), false, p.game_id};
  p.remember(std::to_string(seconds_between(ramp_start_, Clock::now())) + " sent " + rid + " " +
             p.game_id + (p.rebet_round ? " lpbet" : ""));
  ++now().bets_sent;
  send(p, cmd);
  if (p.bets_left > 0) {
    const double gap = uniform(0.3, 3.0);
    if (left - gap > kBetBeforeCloseS) p.next_bet = Clock::now() + seconds(gap);
  }
}

void Soak::fire_cancel(Player& p) {
  p.next_cancel = kNever;
  const double left = seconds_between(Clock::now(), p.ends_at);
  if (!p.bets_open || left < kBetBeforeCloseS) return;
  const bool all = p.cancel_of.empty();
  if (all && !p.pending.empty()) return;  // clear only what is known
  if (!all && std::find(p.undoable.begin(), p.undoable.end(), p.cancel_of) == p.undoable.end())
    return;
  const std::string rid = "u" + std::to_string(p.index) + "-" + std::to_string(++p.seq);
  std::string cmd = "<cancelbets" + attrs(p, rid);
  if (!all) cmd += " of=\"" + p.cancel_of + "\"";
  cmd += "/>";
  if (all)
    p.undoable.clear();
  else
    std::erase(p.undoable, p.cancel_of);
  p.pending[rid] = Pending{Clock::now(), true, p.game_id};
  p.remember(std::to_string(seconds_between(ramp_start_, Clock::now())) + " sent " + rid + " " +
             p.game_id + " cancel of " + (all ? std::string("all") : p.cancel_of));
  ++now().cancels_sent;
  send(p, cmd);
}

void Soak::fire_chat(Player& p) {
  static const std::array<const char*, 8> kLines = {
      "good luck everyone",  "come on red!", "nice one",     "so close",
      "hello from the soak", "gl",           "what a round", "one more"};
  const std::string rid = "m" + std::to_string(p.index) + "-" + std::to_string(++p.seq);
  const char* text = kLines[std::uniform_int_distribution<size_t>(0, kLines.size() - 1)(rng_)];
  send(p, "<chat tableId=\"" + p.table->id + "\" requestId=\"" + rid + "\">" + xml_escape(text) +
              "</chat>");
  ++now().chats;
}

void Soak::on_tick() {
  const auto t = Clock::now();
  if (last_tick_ != Clock::time_point{} && t - last_tick_ > 1s) ++client_lags_;
  last_tick_ = t;
  const bool sweep = t - last_sweep_ >= 1s;
  if (sweep) last_sweep_ = t;

  // The ramp: a few players at a time get a session and a socket.
  while (next_start_ < players_.size() && starting_ < kRampWindow && !stopping_)
    start_player(*players_[next_start_++]);
  if (run_start_ == kNever) {
    if (ramped_ == players_.size()) {
      run_start_ = t;
      stop_at_ = t + seconds(o_.seconds);
      std::printf("soak: %zu players connected in %.1f s; running for %.0f s\n", players_.size(),
                  seconds_between(ramp_start_, t), o_.seconds);
      std::fflush(stdout);
      sampler_thread_ = std::thread([this] { sampler(); });
    } else if (seconds_between(ramp_start_, t) > o_.ramp_max) {
      std::printf("soak: only %zu of %zu players connected after %.0f s\n", ramped_,
                  players_.size(), o_.ramp_max);
      ramp_failed_ = true;
      return finish();
    } else if (sweep && static_cast<int64_t>(seconds_between(ramp_start_, t)) % 10 == 9) {
      std::printf("soak: ramp-up, %zu of %zu players connected\n", ramped_, players_.size());
      std::fflush(stdout);
    }
  }
  if (!stopping_ && t >= stop_at_) {
    stopping_ = true;
    drain_until_ = t + kDrainMax;
  }
  if (stopping_) {
    size_t pending = 0;
    for (const auto& p : players_) pending += p->pending.size();
    if ((pending == 0 || t >= drain_until_) && last_sample_taken_) return finish();
  }

  for (auto& pp : players_) {
    Player& p = *pp;
    switch (p.phase) {
      case Player::Phase::offline:
        if (t >= p.back_at && !stopping_) {
          if (p.session_dead)
            get_session(p);
          else
            connect(p);
        }
        break;
      case Player::Phase::session:
      case Player::Phase::connecting:
        if (p.conn && !p.conn->done && t - p.conn->started > kConnectMax) {
          close_conn(p.conn);
          unexpected(&p, "socket", "no answer within 15 s to open the session or socket");
          go_offline(p, 1s);
        }
        break;
      case Player::Phase::open: {
        if (!p.subscribed) {
          if (t - p.conn->started > kConnectMax) lost(p, p.conn, "no subscription within 15 s");
          break;
        }
        if (t - p.conn->last_frame > kSilentMax) {
          lost(p, p.conn, "nothing heard for 45 s");
          break;
        }
        if (!stopping_) {
          if (t >= p.next_bet) fire_bet(p);
          if (t >= p.next_cancel) fire_cancel(p);
          if (t >= p.chat_at) {
            if (p.table->id != "bb-1") fire_chat(p);
            p.chat_at = t + exponential(o_.chat_every);
          }
          if (t >= p.reconnect_at) {
            if (p.pending.empty()) {
              begin_reconnect(p);
              p.reconnect_at = t + exponential(o_.reconnect_every);
            }
          }
        }
        break;
      }
      case Player::Phase::idle:
        break;
    }
    // A socket we are closing whose server does not answer: dropped.
    if (p.conn && p.conn->ours && !p.conn->done && t - p.conn->closing_since > 3s &&
        p.conn->closing_since != kNever)
      close_conn(p.conn);
    if (sweep && !p.pending.empty()) {
      for (auto it = p.pending.begin(); it != p.pending.end();) {
        if (t - it->second.sent > kAnswerMax) {
          unexpected(&p, "unanswered", p.table->id + " " + it->first + " unanswered for 30 s");
          p.uncertain.insert(it->second.game_id);
          it = p.pending.erase(it);
        } else {
          ++it;
        }
      }
    }
  }
  tick_.expires_at(t + kTick);
  tick_.async_wait([this](boost::system::error_code ec) {
    if (!ec && !finished_) on_tick();
  });
}

// ---------------------------------------------------------------------------------------
// Reporting

void Soak::unexpected(Player* p, const std::string& kind, const std::string& detail) {
  ++now().unexpected;
  const uint64_t n = ++unexpected_by_kind_[kind];
  if (n <= 5) {
    std::fprintf(stderr, "soak: unexpected %s%s: %s\n", kind.c_str(),
                 p ? (" (player " + std::to_string(p->index) + ")").c_str() : "", detail.c_str());
    if (p && kind == "money") {
      std::fprintf(stderr, "  the player's last messages (s since start, type, v, round):\n");
      for (size_t i = 0; i < p->recent.size(); ++i) {
        const std::string& line = p->recent[(p->recent_at + i) % p->recent.size()];
        if (!line.empty()) std::fprintf(stderr, "    %s\n", line.c_str());
      }
    }
  } else if (n == 6) {
    std::fprintf(stderr, "soak: unexpected %s: more of these, counted only\n", kind.c_str());
  }
}

std::string gauge_text(const Gauges& g, const std::string& name) {
  auto it = g.sum.find(name);
  if (it == g.sum.end()) return "";
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.0f", it->second);
  return buf;
}

const std::array<std::string, 5> kKnownGauges = {
    "croupier_ws_connections", "croupier_ledger_queue_depth", "croupier_table_mailbox_depth",
    "croupier_table_inbox_depth", "croupier_ws_send_queue_messages"};

void Soak::take_sample(double t, ProcSample proc, Gauges gauges, double cpu_pct, double own_pct,
                       double other_pct) {
  Sample s;
  s.t = t;
  s.proc = proc;
  s.cpu_pct = cpu_pct;
  s.client_cpu_pct = own_pct;
  s.other_cpu_pct = other_pct;
  for (const auto& p : players_)
    if (p->phase == Player::Phase::open && p->subscribed) ++s.connected;
  s.gauges = std::move(gauges);
  Counters c = std::move(interval_);
  interval_ = Counters{};
  total_.merge(c);
  samples_.push_back(s);
  interval_errors_.push_back(c.unexpected);

  // The queue gauges: the known ones by name, any other one as name=value.
  std::string others, short_q;
  for (const auto& [name, v] : s.gauges.sum) {
    if (std::find(kKnownGauges.begin(), kKnownGauges.end(), name) != kKnownGauges.end()) continue;
    char buf[96];
    std::snprintf(buf, sizeof buf, "%s%s=%.0f", others.empty() ? "" : " ", name.c_str(), v);
    others += buf;
  }
  auto q = [&](const std::string& name, const char* label) {
    const std::string v = gauge_text(s.gauges, name);
    if (!v.empty()) short_q += std::string(short_q.empty() ? "" : " ") + label + "=" + v;
  };
  q("croupier_ws_connections", "ws");
  q("croupier_ledger_queue_depth", "ledger");
  q("croupier_table_mailbox_depth", "mailbox");
  q("croupier_table_inbox_depth", "inbox");
  q("croupier_ws_send_queue_messages", "sendq");
  if (!others.empty()) short_q += (short_q.empty() ? "" : " ") + others;
  if (!s.gauges.ok) short_q = "(no /metrics)";

  if (lines_printed_++ % 20 == 0) {
    std::printf("%7s %8s %6s %5s %5s %5s %7s %6s %6s %6s %-12s %-27s %-13s %6s %6s %5s  %s\n",
                "t_s", "rss_MiB", "fds", "cpu%", "cli%", "oth%", "players", "bets", "acked",
                "refus", "by_code", "ack_ms p50/p95/p99/max", "ev_ms p50/p99", "reconn", "resync",
                "errs", "queues (GET /metrics)");
  }
  char lat[64], ev[40];
  std::snprintf(lat, sizeof lat, "%.1f/%.1f/%.1f/%.0f", c.bet_latency.ms(0.5),
                c.bet_latency.ms(0.95), c.bet_latency.ms(0.99), c.bet_latency.ms(1));
  std::snprintf(ev, sizeof ev, "%.1f/%.1f", c.event_latency.ms(0.5), c.event_latency.ms(0.99));
  std::printf(
      "%7.0f %8.1f %6.0f %5.0f %5.0f %5.0f %7zu %6llu %6llu %6llu %-12s %-27s %-13s %6llu "
      "%6llu %5llu  %s\n",
      t, proc.rss_kib / 1024, proc.fds, cpu_pct, own_pct, other_pct, s.connected,
      static_cast<unsigned long long>(c.bets_sent), static_cast<unsigned long long>(c.bets_acked),
      static_cast<unsigned long long>(c.bets_refused), codes_text(c.bet_refusals, ",").c_str(), lat,
      ev, static_cast<unsigned long long>(c.reconnects), static_cast<unsigned long long>(c.resyncs),
      static_cast<unsigned long long>(c.unexpected), short_q.c_str());
  std::fflush(stdout);

  if (csv_) {
    std::fprintf(
        csv_,
        "%.1f,%.0f,%.0f,%.1f,%.1f,%.1f,%zu,%llu,%llu,%llu,%s,%llu,%llu,%llu,%s,%.2f,%.2f,%.2f,"
        "%.2f,%.2f,%.2f,%llu,%llu,%llu,%llu,%llu,%llu,%llu,%s,%s,%s,%s,%s,%s\n",
        t, proc.rss_kib, proc.fds, cpu_pct, own_pct, other_pct, s.connected,
        static_cast<unsigned long long>(c.bets_sent), static_cast<unsigned long long>(c.bets_acked),
        static_cast<unsigned long long>(c.bets_refused), codes_text(c.bet_refusals, ";").c_str(),
        static_cast<unsigned long long>(c.cancels_sent),
        static_cast<unsigned long long>(c.cancels_acked),
        static_cast<unsigned long long>(c.cancels_refused),
        codes_text(c.cancel_refusals, ";").c_str(), c.bet_latency.ms(0.5), c.bet_latency.ms(0.95),
        c.bet_latency.ms(0.99), c.bet_latency.ms(1), c.event_latency.ms(0.5),
        c.event_latency.ms(0.99), static_cast<unsigned long long>(c.events),
        static_cast<unsigned long long>(c.reconnects), static_cast<unsigned long long>(c.resumes),
        static_cast<unsigned long long>(c.resyncs), static_cast<unsigned long long>(c.chats),
        static_cast<unsigned long long>(c.socket_errors),
        static_cast<unsigned long long>(c.unexpected),
        gauge_text(s.gauges, kKnownGauges[0]).c_str(),
        gauge_text(s.gauges, kKnownGauges[1]).c_str(),
        gauge_text(s.gauges, kKnownGauges[2]).c_str(),
        gauge_text(s.gauges, kKnownGauges[3]).c_str(),
        gauge_text(s.gauges, kKnownGauges[4]).c_str(), others.c_str());
    std::fflush(csv_);
  }
}

// Its own thread: reads /proc and GET /metrics at each interval (blocking calls that must not
// hold up the players), then hands the figures to the players' thread.
void Soak::sampler() {
  const auto start = Clock::now();
  ProcSample prev = read_proc(o_.pid);
  double prev_own = own_cpu_s(), prev_host = host_busy_s();
  auto prev_at = start;
  for (size_t k = 0;; ++k) {
    double t = static_cast<double>(k) * o_.interval;
    const bool last = t >= o_.seconds;
    if (last) t = o_.seconds;
    while (!sampler_stop_ && Clock::now() < start + seconds(t)) std::this_thread::sleep_for(100ms);
    if (sampler_stop_) break;
    const auto at = Clock::now();
    ProcSample proc = read_proc(o_.pid);
    Gauges gauges = read_gauges(o_.port);
    const double own = own_cpu_s(), host = host_busy_s();
    const double dt = std::max(1e-3, seconds_between(prev_at, at));
    const double cpu = k == 0 || !proc.alive ? 0 : (proc.cpu_s - prev.cpu_s) / dt * 100;
    const double own_pct = k == 0 ? 0 : (own - prev_own) / dt * 100;
    // What the rest of the machine took (a build next to the soak shows here).
    const double other_pct =
        k == 0 ? 0 : std::max(0.0, (host - prev_host) / dt * 100 - cpu - own_pct);
    prev = proc, prev_own = own, prev_host = host, prev_at = at;
    if (!proc.alive) server_gone_ = true;
    asio::post(
        io_, [this, t, last, proc, gauges = std::move(gauges), cpu, own_pct, other_pct]() mutable {
          if (finished_) return;
          take_sample(t, proc, std::move(gauges), cpu, own_pct, other_pct);
          if (last) last_sample_taken_ = true;
          if (server_gone_) {
            std::printf("soak: the server process %d is gone\n", o_.pid);
            finish();
          }
        });
    if (last || server_gone_ || sampler_stop_) break;
  }
  sampler_stop_ = true;
}

void Soak::finish() {
  if (finished_) return;
  finished_ = true;
  sampler_stop_ = true;
  total_.merge(interval_);
  interval_ = Counters{};
  for (auto& p : players_) {
    lost_answers_ += p->pending.size();
    if (p->conn) close_conn(p->conn);
  }
  tick_.cancel();
  io_.stop();
}

int Soak::verdict() {
  std::vector<std::string> failures;
  const Counters& c = total_;
  std::printf("\nsoak: %zu players, %.0f s, %zu samples every %.0f s\n", players_.size(),
              o_.seconds, samples_.size(), o_.interval);
  if (ramp_failed_) failures.push_back("not every player could connect");
  if (interrupted_) failures.push_back("interrupted before the end");
  if (server_gone_) failures.push_back("the server process is gone");

  // Growth.
  std::vector<double> t, rss, fds;
  for (const auto& s : samples_) {
    if (!s.proc.alive) continue;
    t.push_back(s.t);
    rss.push_back(s.proc.rss_kib / 1024);
    fds.push_back(s.proc.fds);
  }
  auto report = [&](const char* what, const char* unit, const std::vector<double>& y,
                    const Judgement& j) {
    if (y.empty()) return;
    std::printf("  %-28s start %.1f, end %.1f %s; ", what, y.front(), y.back(), unit);
    if (!j.judged) {
      std::printf("too few samples to judge growth\n");
      return;
    }
    std::printf(
        "after warm-up median %.1f -> %.1f (growth %+.1f, allowed %.1f), last-half rise "
        "%+.1f: %s\n",
        j.first, j.last, j.growth, j.threshold, j.rise, j.fail ? "GROWS, not levelling off" : "ok");
    if (j.fail) failures.push_back(std::string(what) + " grows without levelling off");
  };
  if (idle_rss_kib_ > 0)
    std::printf("  server before the players:   RSS %.1f MiB, %.0f descriptors\n",
                idle_rss_kib_ / 1024, idle_fds_);
  report("server RSS (MiB):", "MiB", rss, judge(t, rss, 16, 0.10));
  const double fd_allow = std::max(20.0, 0.02 * static_cast<double>(players_.size()));
  report("open descriptors:", "", fds, judge(t, fds, fd_allow, 0));

  // Queues and the socket count.
  std::set<std::string> names;
  for (const auto& s : samples_)
    for (const auto& [name, v] : s.gauges.sum) names.insert(name);
  for (const auto& name : names) {
    std::vector<double> qt, qy;
    size_t series = 1;
    for (const auto& s : samples_) {
      auto it = s.gauges.sum.find(name);
      if (it == s.gauges.sum.end()) continue;
      qt.push_back(s.t);
      qy.push_back(it->second);
      series = std::max(series, s.gauges.series.at(name));
    }
    double limit = 0;  // the sum's bound, when the server has one
    if (name == "croupier_ledger_queue_depth") limit = o_.ledger_queue_max;
    // A table's mailbox (inbox) holds table_inbox_max commands; a gauge summing every table
    // into one series is held to one table's bound.
    if (name == "croupier_table_mailbox_depth" || name == "croupier_table_inbox_depth")
      limit = o_.table_inbox_max * static_cast<double>(series);
    if (name == "croupier_ws_send_queue_messages")
      limit = o_.ws_send_queue_max * static_cast<double>(players_.size());
    const bool sockets = name == "croupier_ws_connections";
    const double absolute = sockets ? fd_allow : std::max(100.0, 0.01 * limit);
    const Judgement j = judge(qt, qy, absolute, sockets ? 0 : 0.5);
    std::string label = name.size() > 27 ? name.substr(0, 27) : name;
    report((label + ":").c_str(), "", qy, j);
    if (limit > 0 && j.judged && j.last > limit / 2) {
      std::printf("  %-28s last-third median %.0f is over half its limit %.0f\n", "", j.last,
                  limit);
      failures.push_back(name + " near its limit");
    }
  }

  // Traffic.
  std::printf(
      "  bets:      %llu commands sent, %llu acknowledged, %llu refused (%s), "
      "%llu answers lost with a dropped socket\n",
      static_cast<unsigned long long>(c.bets_sent), static_cast<unsigned long long>(c.bets_acked),
      static_cast<unsigned long long>(c.bets_refused), codes_text(c.bet_refusals, ", ").c_str(),
      static_cast<unsigned long long>(lost_answers_));
  std::printf("  take-backs: %llu sent, %llu acknowledged, %llu refused (%s)\n",
              static_cast<unsigned long long>(c.cancels_sent),
              static_cast<unsigned long long>(c.cancels_acked),
              static_cast<unsigned long long>(c.cancels_refused),
              codes_text(c.cancel_refusals, ", ").c_str());
  std::printf(
      "  rounds:    %llu stakes checked against gameresult/resync, %llu not checkable "
      "(an answer lost, or a result missed while away)\n",
      static_cast<unsigned long long>(c.settlements_checked),
      static_cast<unsigned long long>(c.settlements_unchecked));
  std::printf(
      "  sockets:   %llu reconnects (%llu resumed, %llu resynced), %llu chats, "
      "%llu idle warnings, %llu socket errors\n",
      static_cast<unsigned long long>(c.reconnects), static_cast<unsigned long long>(c.resumes),
      static_cast<unsigned long long>(c.resyncs), static_cast<unsigned long long>(c.chats),
      static_cast<unsigned long long>(c.idles), static_cast<unsigned long long>(c.socket_errors));
  std::printf(
      "  latency (whole run, ms): bet ack p50 %.1f p95 %.1f p99 %.1f p99.9 %.1f max %.0f "
      "(%llu); take-back p50 %.1f p99 %.1f; events p50 %.1f p95 %.1f p99 %.1f max %.0f "
      "(%llu)\n",
      c.bet_latency.ms(0.5), c.bet_latency.ms(0.95), c.bet_latency.ms(0.99),
      c.bet_latency.ms(0.999), c.bet_latency.ms(1),
      static_cast<unsigned long long>(c.bet_latency.count()), c.cancel_latency.ms(0.5),
      c.cancel_latency.ms(0.99), c.event_latency.ms(0.5), c.event_latency.ms(0.95),
      c.event_latency.ms(0.99), c.event_latency.ms(1),
      static_cast<unsigned long long>(c.event_latency.count()));
  std::printf("  events by type (ms, p50/p99/max):");
  for (const auto& [type, h] : c.event_latency_by_type)
    std::printf(" %s %.1f/%.1f/%.0f (%llu)", type.c_str(), h.ms(0.5), h.ms(0.99), h.ms(1),
                static_cast<unsigned long long>(h.count()));
  std::printf("\n");
  double cpu_sum = 0, own_sum = 0, other_sum = 0;
  size_t cpu_n = 0;
  for (const auto& s : samples_) {
    if (s.t == 0) continue;
    cpu_sum += s.cpu_pct, own_sum += s.client_cpu_pct, other_sum += s.other_cpu_pct, ++cpu_n;
  }
  if (cpu_n)
    std::printf(
        "  CPU:       server %.0f %% on average, this client %.0f %%, other processes %.0f %% "
        "(100 %% = one core of %ld)%s\n",
        cpu_sum / cpu_n, own_sum / cpu_n, other_sum / cpu_n, sysconf(_SC_NPROCESSORS_ONLN),
        client_lags_
            ? (", the client's clock ran late " + std::to_string(client_lags_) + " times").c_str()
            : "");
  if (broke_)
    std::printf("  %llu rounds skipped by players short of money\n",
                static_cast<unsigned long long>(broke_));

  // A soak shares its machine: when other processes took the CPU, latencies, late bets and
  // sockets cut for silence may be theirs. Said, not judged.
  size_t busy = 0, busy_with_errors = 0, with_errors = 0;
  double other_max = 0;
  for (const auto& s : samples_) other_max = std::max(other_max, s.other_cpu_pct);
  for (size_t i = 1; i < samples_.size(); ++i) {
    const bool errors = interval_errors_.size() > i && interval_errors_[i] > 0;
    with_errors += errors;
    if (samples_[i].other_cpu_pct < 100) continue;
    ++busy;
    busy_with_errors += errors;
  }
  if (busy > 0) {
    std::printf(
        "  note:      other processes took over one core in %zu of %zu intervals (up to %.0f %%)"
        "%s\n",
        busy, samples_.size() - 1, other_max,
        busy_with_errors ? (", among them " + std::to_string(busy_with_errors) + " of the " +
                            std::to_string(with_errors) +
                            " intervals with unexpected errors: was the machine too busy for the "
                            "soak?")
                               .c_str()
                         : "");
  }
  if (c.unexpected > 0) {
    std::string kinds;
    for (const auto& [k, n] : unexpected_by_kind_)
      kinds += (kinds.empty() ? "" : ", ") + k + " x" + std::to_string(n);
    failures.push_back(std::to_string(c.unexpected) + " unexpected: " + kinds);
  }
  if (!ramp_failed_ && c.bets_acked == 0) failures.push_back("no bet was acknowledged");
  const uint64_t late = c.bet_refusals.count(1007) ? c.bet_refusals.at(1007) : 0;
  const uint64_t early = c.bet_refusals.count(1006) ? c.bet_refusals.at(1006) : 0;
  if (c.bets_sent > 0 && static_cast<double>(late + early) > o_.late_max * c.bets_sent) {
    failures.push_back("bets refused as late or early: " + std::to_string(late + early) + " of " +
                       std::to_string(c.bets_sent) + " (over " +
                       std::to_string(static_cast<int>(o_.late_max * 100)) + " %)");
  }
  if (failures.empty()) {
    std::printf("soak: PASSED\n");
    return 0;
  }
  std::printf("soak: FAILED\n");
  for (const auto& f : failures) std::printf("  - %s\n", f.c_str());
  return 1;
}

int Soak::run() {
  if (!load_tables()) return 1;
  const ProcSample idle = read_proc(o_.pid);
  if (!idle.alive) {
    std::fprintf(stderr, "soak: no process %d\n", o_.pid);
    return 1;
  }
  idle_rss_kib_ = idle.rss_kib;
  idle_fds_ = idle.fds;
  if (!o_.csv.empty()) {
    const bool fresh = [&] {
      std::ifstream f(o_.csv);
      return !f || f.peek() == std::ifstream::traits_type::eof();
    }();
    csv_ = std::fopen(o_.csv.c_str(), "a");
    if (!csv_) {
      std::fprintf(stderr, "soak: cannot write %s\n", o_.csv.c_str());
      return 2;
    }
    if (fresh) {
      std::fprintf(
          csv_,
          "elapsed_s,rss_kib,fds,server_cpu_pct,client_cpu_pct,other_cpu_pct,players_connected,"
          "bets_sent,bets_acked,bets_refused,bet_refusals_by_code,cancels_sent,"
          "cancels_acked,cancels_refused,cancel_refusals_by_code,bet_p50_ms,bet_p95_ms,"
          "bet_p99_ms,bet_max_ms,event_p50_ms,event_p99_ms,events,reconnects,resumes,"
          "resyncs,chats,socket_errors,unexpected,ws_connections,ledger_queue_depth,"
          "table_mailbox_depth,table_inbox_depth,ws_send_queue_messages,other_gauges\n");
    }
  }
  std::printf("soak: %zu players on %zu tables (", o_.players, tables_.size());
  for (size_t i = 0; i < tables_.size(); ++i)
    std::printf("%s%s", i ? " " : "", tables_[i].id.c_str());
  std::printf("), %.0f s, a sample every %.0f s; server RSS %.1f MiB, %.0f descriptors\n",
              o_.seconds, o_.interval, idle.rss_kib / 1024, idle.fds);
  std::fflush(stdout);

  for (size_t i = 0; i < o_.players; ++i) {
    auto p = std::make_unique<Player>();
    p->index = i;
    p->table = &tables_[i % tables_.size()];
    p->bet_share = uniform(0.3, 0.5);
    const auto t = Clock::now();
    p->reconnect_at = t + exponential(o_.reconnect_every);
    p->chat_at = t + exponential(o_.chat_every);
    players_.push_back(std::move(p));
  }
  ramp_start_ = Clock::now();
  asio::post(io_, [this] { on_tick(); });
  // Ctrl-C (or SIGTERM) ends an hour's soak early with its verdict so far, as a failure.
  asio::signal_set signals(io_, SIGINT, SIGTERM);
  signals.async_wait([this](boost::system::error_code ec, int signo) {
    if (ec || finished_) return;
    std::printf("soak: interrupted (signal %d)\n", signo);
    interrupted_ = true;
    finish();
  });
  io_.run();
  sampler_stop_ = true;
  if (sampler_thread_.joinable()) sampler_thread_.join();
  if (csv_) std::fclose(csv_);
  return verdict();
}

}  // namespace

int main(int argc, char** argv) {
  const Options o = parse_options(argc, argv);
  if (o.self_test) return self_test();
  rlimit lim{};
  getrlimit(RLIMIT_NOFILE, &lim);
  lim.rlim_cur = lim.rlim_max;
  setrlimit(RLIMIT_NOFILE, &lim);
  Soak soak(o);
  return soak.run();
}
