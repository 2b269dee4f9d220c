#include "app/server.hpp"

#include <sys/resource.h>

#include <boost/asio/io_context.hpp>
#include <boost/asio/ip/address.hpp>
#include <boost/asio/signal_set.hpp>
#include <boost/asio/steady_timer.hpp>
#include <boost/json/serialize.hpp>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <optional>
#include <sstream>
#include <thread>

#include "app/cluster_node.hpp"
#include "config/casino.hpp"
#include "config/rates.hpp"
#include "core/crypto.hpp"
#include "core/log.hpp"
#include "core/metrics.hpp"
#include "gateway/api.hpp"
#include "gateway/bonus.hpp"
#include "gateway/connections.hpp"
#include "gateway/listener.hpp"
#include "gateway/nickname.hpp"
#include "gateway/promotions.hpp"
#include "gateway/protocol/json.hpp"
#include "gateway/ws_session.hpp"

namespace croupier::app {

namespace asio = boost::asio;
namespace json = boost::json;
using gateway::Services;

namespace {

constexpr auto kSweepEvery = std::chrono::seconds(30);
constexpr int64_t kSessionKeepMs = 7LL * 24 * 3600 * 1000;  // terminated sessions stay known a week

std::vector<std::string> load_swearwords(const std::string& dir) {
  std::vector<std::string> words;
  std::ifstream in(dir + "/swearwords.txt");
  for (std::string line; std::getline(in, line);) {
    if (!line.empty() && line.front() != '#') words.push_back(line);
  }
  return words;
}

// `streamed`: the table's video runs (its betting window allows for the stream's delay).
table::TableConfig effective_config(const config::TableDef& def, const config::Settings& s,
                                    bool streamed) {
  table::TableConfig c = def.config;
  auto override = [](Millis& field, int64_t ms) {
    if (ms > 0) field = Millis{ms};
  };
  override(c.timings.betting, s.betting_ms);
  override(c.timings.closing_soon, s.closing_soon_ms);
  override(c.timings.bets_closed, s.bets_closed_ms);
  override(c.timings.spin, s.spin_ms);
  override(c.timings.result, s.result_ms);
  override(c.timings.next_game, s.next_game_ms);
  override(c.timings.timer_interval, s.timer_interval_ms);
  if (c.timings.closing_soon >= c.timings.betting) c.timings.closing_soon = c.timings.betting / 4;
  // A player sees the call for bets on the video up to the delay budget late, and still has
  // the whole window (docs/studio.md).
  if (streamed && def.video) c.timings.betting += def.video->delay_budget;
  return c;
}

std::string share_dir_of(const config::Settings& s) {
  return std::filesystem::path(s.casino_file).parent_path().string();
}

}  // namespace

struct App::Impl {
  explicit Impl(config::Settings s) : settings(std::move(s)), io(threads_for(settings)) {
    for (int i = 0; i < threads_for(settings); ++i)
      shards.push_back(std::make_unique<asio::io_context>(1));
  }
  ~Impl() {
    // The studios' threads ask the channels and the cluster who watches: they go first.
    if (svc)
      for (auto& [id, live] : svc->tables)
        if (live.studio) live.studio->stop();
    // The timers, the listener and the table actors hold I/O objects: they go before
    // the io_context. Its destructor then drops the handlers that still hold
    // connections, whose destructors use `connections` (declared before io, so alive).
    sweeper.reset();
    promotions_timer.reset();
    grace.reset();
    listener.reset();
    cluster.reset();
    svc.reset();
  }

  static int threads_for(const config::Settings& s) {
    return s.threads > 0 ? s.threads
                         : static_cast<int>(std::max(2u, std::thread::hardware_concurrency()));
  }

  bool open_data();
  void use_seamless_wallets();
  void make_tables();
  std::shared_ptr<table::TableActor> make_actor(const config::TableDef& def, int64_t lease = 0);
  // Whether the table's video runs here (docs/studio.md).
  bool streamed(const config::TableDef& def) const {
    return settings.video && def.video && ffmpeg && !cluster;
  }
  bool listen();
  void start_housekeeping();
  void start_promotions();
  void begin_stop();
  void drain_channels();
  void finish();

  const config::Settings settings;
  gateway::Connections connections;  // outlives io: see ~Impl
  asio::io_context io;
  // The socket threads, one per io thread, each running one io_context: every WebSocket
  // lives on one of them, with no strand, and a table's event reaches each in one task
  // (gateway/hub.hpp). Declared after io: their sessions go first.
  std::vector<std::unique_ptr<asio::io_context>> shards;
  SystemClock clock;
  int exit_code = 0;

  std::optional<config::Casino> casino;
  std::optional<config::Rates> rates;
  std::vector<std::string> swearwords;
  std::unique_ptr<store::Store> store;
  std::unique_ptr<ledger::Ledger> ledger;
  wallet::SeamlessLedger* seamless_ = nullptr;  // inside `ledger`, when operators have wallets
  gateway::LimitsLedger* limits_ = nullptr;     // `ledger`
  std::unique_ptr<gateway::Sessions> sessions;
  std::unique_ptr<gateway::RateLimiter> limiter;
  std::unique_ptr<Services> svc;
  // A cluster's node (settings.nats): which tables run here, and the way to the others.
  std::shared_ptr<ledger::Fences> fences;
  std::unique_ptr<ClusterNode> cluster;
  std::unique_ptr<gateway::Router> router;
  std::optional<std::string> ffmpeg;  // the video encoder, when a table streams
  std::shared_ptr<gateway::Listener> listener;
  uint16_t port = 0;

  std::optional<asio::steady_timer> sweeper;
  std::optional<asio::steady_timer> grace;
  std::optional<asio::steady_timer> promotions_timer;
  std::atomic<bool> stopping{false};
  std::atomic<bool> finished{false};
  std::atomic<size_t> tables_left{0};
};

// Operators with their own wallets: the ledger is put behind the seamless wallet, which
// calls them (docs/operators.md).
void App::Impl::use_seamless_wallets() {
  wallet::SeamlessOptions options;
  for (const auto& op : casino->operators) {
    if (!op.wallet.seamless) continue;
    wallet::WalletConfig w;
    w.operator_id = op.id;
    w.secret = op.secret;
    w.endpoint = wallet::parse_endpoint(op.wallet.url).value();  // checked by the casino file
    w.timeout = std::chrono::milliseconds(op.wallet.timeout_ms);
    w.debit_attempts = op.wallet.debit_attempts;
    // A debit nobody waits for any more: well after its last try could have been answered.
    options.stale_debit = std::max(options.stale_debit, 2 * w.debit_attempts * w.timeout);
    options.wallets.push_back(std::move(w));
  }
  if (options.wallets.empty()) return;
  const auto count = static_cast<int64_t>(options.wallets.size());
  options.clock = &clock;
  options.scan_interval = std::chrono::milliseconds(settings.wallet_scan_ms);
  options.player = [this](ledger::PlayerId id) -> std::optional<wallet::WalletPlayer> {
    auto p = store->player(id);
    if (!p) return std::nullopt;
    return wallet::WalletPlayer{p->operator_id, p->external_id, p->currency};
  };
  auto seamless = std::make_unique<wallet::SeamlessLedger>(std::move(ledger), std::move(options));
  seamless_ = seamless.get();
  ledger = std::move(seamless);
  seamless_->start();
  log::info("seamless wallets", {{"operators", count}});
}

bool App::Impl::open_data() {
  auto loaded_casino = config::load_casino(settings.casino_file);
  if (!loaded_casino.ok()) {
    log::error("casino file refused", {{"error", loaded_casino.error()}});
    return false;
  }
  casino = std::move(loaded_casino).value();
  for (const auto& op : casino->operators) {
    if (!op.regulation.countries.allowed.empty() && settings.country_header.empty())
      log::warn(
          "an operator allows some countries only, and no --country-header is trusted: "
          "only players launched with one of them can play",
          {{"operator", op.id}});
  }
  for (const auto& t : casino->tables) {
    if (!t.config.scripted_results.empty() && !settings.rng_seed) {
      // Dealt results are a test aid: a production server must draw every result.
      log::error("casino file refused", {{"error", "table " + t.config.id +
                                                       ": scriptedResults needs --rng-seed "
                                                       "(tests only)"}});
      return false;
    }
  }
  auto loaded_rates = config::load_rates(settings.rates_file);
  if (!loaded_rates.ok()) {
    log::error("rates file refused", {{"error", loaded_rates.error()}});
    return false;
  }
  rates = std::move(loaded_rates).value();
  // An operator's conversion currency must be one the rates file prices.
  for (const auto& op : casino->operators) {
    const auto* code = op.casino_config.if_contains("conversion_currency");
    if (code && code->is_string() && !code->as_string().empty() &&
        !rates->find(code->as_string())) {
      log::error("casino file refused",
                 {{"error", "operator " + op.id + ": conversion_currency \"" +
                                std::string(code->as_string()) + "\" is not in the rates file"}});
      return false;
    }
  }
  swearwords = load_swearwords(share_dir_of(settings));

  std::error_code fs_ec;
  std::filesystem::create_directories(settings.data_dir, fs_ec);
  try {
    ledger::Options options{settings.ledger_location(), false, settings.ledger_batch_max,
                            settings.ledger_queue_max};
    if (!settings.nats.empty()) {
      // Round operations only for the tables whose lease this node holds.
      fences = std::make_shared<ledger::Fences>();
      options.fencing =
          std::make_shared<const ledger::Fencing>(ledger::Fencing{settings.node_id, fences});
    }
    ledger = ledger::Ledger::open(options);
    // After the ledger: on PostgreSQL it is the one that creates a new database.
    store = store::Store::open(settings.store_location());
    store->use_name_key([](std::string_view name) { return gateway::nickname_key(name); });
    // Screen names compare by gateway::nickname_key; keys made by an earlier rule are
    // brought up to it (a name another already holds under it keeps its old key).
    if (size_t kept = store->rekey_screen_names(
            [](const std::string& name) { return gateway::nickname_key(name); }))
      log::warn("screen names equal under the comparison rule kept as they were",
                {{"count", kept}});
    use_seamless_wallets();
    // Outermost: a stake beyond a limit is refused before an operator's wallet is called.
    auto limited =
        std::make_unique<gateway::LimitsLedger>(std::move(ledger), *store, *casino, clock);
    limits_ = limited.get();
    ledger = std::move(limited);
  } catch (const std::exception& e) {
    log::error("cannot open the databases", {{"error", e.what()}, {"data_dir", settings.data_dir}});
    return false;
  }
  if (!settings.node_id.empty())
    metrics::registry().set_common_labels("node=\"" + settings.node_id + "\"");
  auto& commit_latency = metrics::registry().histogram(
      "croupier_ledger_commit_seconds", "Ledger transaction commit latency (one group commit).",
      metrics::latency_buckets());
  auto& ops =
      metrics::registry().counter("croupier_ledger_ops_total", "Ledger operations committed.");
  ledger->set_commit_observer([&commit_latency, &ops](size_t n, double seconds) {
    commit_latency.observe(seconds);
    ops.inc(n);
  });
  return true;
}

void App::Impl::make_tables() {
  const bool any_video = std::any_of(casino->tables.begin(), casino->tables.end(),
                                     [](const auto& def) { return def.video.has_value(); });
  if (settings.video && any_video) {
    ffmpeg = studio::find_program(settings.ffmpeg);
    if (!ffmpeg)
      log::warn("no video encoder: the tables with video show the drawn studio",
                {{"ffmpeg", settings.ffmpeg}});
    else if (cluster)
      log::warn(
          "live video runs on a single node only (docs/studio.md): the tables show the "
          "drawn studio");
  }
  const gateway::Channel::History history{settings.history_max, settings.history_bytes_max};
  std::vector<gateway::LobbyTable> lobby_tables;
  for (const auto& def : casino->tables)
    lobby_tables.push_back({def.config.id, def.config.dealer, def.config.seats});
  svc->lobby = std::make_shared<gateway::LobbyFeed>(
      io.get_executor(), svc->socket_shards, std::move(lobby_tables), clock, history,
      [this](const std::string& id) -> size_t {
        const auto* t = svc->table(id);
        const size_t here = t ? t->channel->subscriber_count() : 0;
        return here + (cluster ? cluster->followers_elsewhere(id) : 0);
      });
  for (const auto& def : casino->tables) {
    gateway::LiveTable live;
    live.def = &def;
    live.engines = config::make_engines(def);
    live.table = std::make_shared<gateway::TableLink>(
        io.get_executor(), effective_config(def, settings, streamed(def)),
        cluster ? cluster->ask_for(def.config.id) : gateway::TableLink::Ask{});
    // The channel asks the table for snapshots; the table publishes to the channel.
    live.channel = std::make_shared<gateway::Channel>(
        io.get_executor(), svc->socket_shards, "table-" + def.config.id, def.config.id, history,
        [link = std::weak_ptr<gateway::TableLink>(live.table)](
            ledger::PlayerId player, std::function<void(json::object)> reply) {
          if (auto table = link.lock()) table->snapshot(player, std::move(reply));
        });
    if (streamed(def)) {
      live.studio = std::make_shared<studio::Studio>(
          studio::StudioSettings{.dir = settings.video_location() + "/" + def.config.id,
                                 .ffmpeg = *ffmpeg,
                                 .fps = 30,
                                 .idle_stop = Millis{settings.video_idle_ms},
                                 .streams_max = settings.video_streams_max},
          studio::SceneConfig{.table_id = def.config.id,
                              .name = def.config.name,
                              .game = def.config.game,
                              .variant = def.config.variant,
                              .dealer = def.config.dealer,
                              .delay_budget = def.video->delay_budget},
          *def.video, [channel = std::weak_ptr<gateway::Channel>(live.channel)] {
            auto c = channel.lock();
            return c && c->subscriber_count() > 0;
          });
    }
    svc->tables.emplace(def.config.id, std::move(live));
  }
  // One node runs every table; in a cluster, the node that holds its lease (ClusterNode).
  if (!cluster)
    for (const auto& def : casino->tables)
      svc->tables.at(def.config.id).table->attach(make_actor(def));
}

// The actor that runs a table on this node (not started); in a cluster, under the lease
// of epoch `lease`.
std::shared_ptr<table::TableActor> App::Impl::make_actor(const config::TableDef& def,
                                                         int64_t lease) {
  const auto index = static_cast<uint64_t>(&def - casino->tables.data());
  std::unique_ptr<Rng> rng;
  if (settings.rng_seed)
    rng = std::make_unique<SeededRng>(*settings.rng_seed + 7919 * index);
  else
    rng = std::make_unique<CsprngRng>();
  const gateway::LiveTable& live = svc->tables.at(def.config.id);
  return std::make_shared<table::TableActor>(
      io, effective_config(def, settings, streamed(def)), live.engines, clock, std::move(rng),
      *ledger,
      [channel = live.channel, lobby = svc->lobby, studio = live.studio, id = def.config.id,
       cluster = cluster.get(), lease](table::TableEvent e) {
        // A node that lost the table's lease keeps quiet: the new owner speaks for it.
        if (cluster && !cluster->owns(id, lease)) return;
        // Written once here, on the table's strand; every subscriber gets the same text.
        lobby->observe(id, e);
        if (studio) studio->observe(e);
        auto wire = gateway::protocol::wire_event(e);
        if (cluster) cluster->relay_event(id, e, wire);
        channel->publish(std::move(wire));
      },
      settings.table_inbox_max);
}

bool App::Impl::listen() {
  boost::system::error_code ec;
  auto address = asio::ip::make_address(settings.bind, ec);
  if (ec) {
    log::error("bad bind address", {{"bind", settings.bind}});
    return false;
  }
  listener = std::make_shared<gateway::Listener>(io, *svc, *router);
  if (auto err = listener->open({address, static_cast<unsigned short>(settings.port)})) {
    log::error("cannot listen",
               {{"bind", settings.bind}, {"port", settings.port}, {"error", err.message()}});
    return false;
  }
  port = listener->port();
  if (!settings.port_file.empty()) {
    std::error_code fs_ec;
    std::ofstream(settings.port_file + ".tmp") << port << "\n";
    std::filesystem::rename(settings.port_file + ".tmp", settings.port_file, fs_ec);
  }
  return true;
}

// Expires idle sessions and bonuses, and forgets old tokens, every half minute.
void App::Impl::start_housekeeping() {
  sweeper.emplace(io);
  // Often enough that the idle warning comes well before the session closes.
  sweeper->expires_after(
      std::min<std::chrono::milliseconds>(kSweepEvery, sessions->warn_before() / 2));
  sweeper->async_wait([this](boost::system::error_code e) {
    if (e || stopping) return;
    sessions->sweep();
    store->purge(clock.wall_ms(),
                 std::max<int64_t>(kSessionKeepMs, settings.session_idle_timeout_s * 1000));
    // Bonuses whose time is up give back what is left of them (a few at a time: each waits
    // for its commit).
    gateway::expire_due_bonuses(*ledger, clock.wall_ms(), 100);
    // The statistics collector's reports: the newest, a week at most (docs/studio.md).
    store->trim_video_stats(settings.video_stats_rows_max, clock.wall_ms(), 7 * 86'400'000LL);
    start_housekeeping();
  });
}

// Promotions' standings, sockets and prizes, every two seconds.
void App::Impl::start_promotions() {
  promotions_timer.emplace(io, std::chrono::seconds(2));
  promotions_timer->async_wait([this](boost::system::error_code e) {
    if (e || stopping) return;
    try {
      svc->promotions->tick();
    } catch (const std::exception& ex) {
      log::error("promotions tick failed", {{"error", ex.what()}});
    }
    start_promotions();
  });
}

void App::Impl::begin_stop() {
  if (stopping.exchange(true)) return;
  log::info("shutting down");
  svc->draining = true;
  svc->ready = false;
  svc->lobby->stop();
  listener->stop();
  if (sweeper) sweeper->cancel();
  grace.emplace(io, std::chrono::milliseconds(settings.shutdown_grace_ms));
  grace->async_wait([this](boost::system::error_code e) {
    if (e) return;
    log::warn("shutdown grace period over; rounds still open are refunded at the next start");
    finish();
  });
  if (cluster) {
    // This node's tables are finished or refunded and their leases released: the other
    // nodes take them over at once.
    cluster->stop([this] { asio::post(io, [this] { drain_channels(); }); });
    return;
  }
  tables_left = svc->tables.size();
  if (svc->tables.empty()) return finish();
  for (auto& [id, live] : svc->tables) {
    live.table->local()->shutdown([this, table_id = id] {
      log::info("table stopped", {{"table", table_id}});
      if (tables_left.fetch_sub(1) == 1) drain_channels();
    });
  }
}

// The tables' last events (cancelround, table_closed) are on their way through the
// channels to the sockets; each channel's strand runs this marker after handing them
// over, and only then are the sockets closed, behind those events.
void App::Impl::drain_channels() {
  auto left = std::make_shared<std::atomic<size_t>>(svc->tables.size());
  for (auto& [id, live] : svc->tables) {
    live.channel->post([this, left] {
      if (left->fetch_sub(1) == 1) asio::post(io, [this] { finish(); });
    });
  }
}

void App::Impl::finish() {
  if (finished.exchange(true)) return;
  if (grace) grace->cancel();
  // Every table has sent table_closed; the sockets close as "going away" so that
  // clients reconnect to the next run.
  connections.for_each(
      [](gateway::WsSession& ws) { ws.end(json::object{}, gateway::ws::kGoingAway); });
  // Give the close frames a moment, then stop the loop.
  auto stopper = std::make_shared<asio::steady_timer>(io, std::chrono::milliseconds(300));
  stopper->async_wait([this, stopper](boost::system::error_code) { io.stop(); });
}

App::~App() = default;

namespace {

// File descriptors: the soft limit raised to the hard one, and connections capped below
// it, so that accept never meets "Too many open files". Kept aside: 64 and 5 % for the
// databases, the log, the listener and the loop, and the 503 answers' sockets (a tenth of
// the files, at most 256), whose number is capped to match.
void fit_connections_to_files(config::Settings& s) {
  rlimit lim{};
  if (getrlimit(RLIMIT_NOFILE, &lim) != 0) return;
  if (lim.rlim_cur < lim.rlim_max) {
    rlimit raised = lim;
    raised.rlim_cur = lim.rlim_max;
    if (setrlimit(RLIMIT_NOFILE, &raised) == 0) lim = raised;
  }
  if (lim.rlim_cur == RLIM_INFINITY) return;
  const auto files = static_cast<size_t>(lim.rlim_cur);
  s.connection_refusals_max = std::min<size_t>(s.connection_refusals_max, files / 10);
  const size_t reserve = 64 + files / 20 + s.connection_refusals_max;
  const size_t fits = files > reserve ? files - reserve : 1;
  if (s.connections_max <= fits) return;
  log::warn("connections capped by the open-file limit",
            {{"connections_max", s.connections_max}, {"open_files", files}, {"capped_to", fits}});
  s.connections_max = fits;
}

}  // namespace

App::App(config::Settings settings) {
  fit_connections_to_files(settings);
  impl_ = std::make_unique<Impl>(std::move(settings));
}

bool App::start() {
  Impl& m = *impl_;
  log::Level level;
  if (log::parse_level(m.settings.log_level, level)) log::set_level(level);
  if (!m.open_data()) {
    m.exit_code = 2;
    return false;
  }
  m.sessions = std::make_unique<gateway::Sessions>(
      *m.store, m.clock, std::chrono::seconds(m.settings.session_idle_timeout_s));
  m.sessions->set_lifetime([&m](const store::Player& p) {
    return gateway::session_lifetime_ms(*m.store, *m.casino, p, m.clock.wall_ms());
  });
  m.limiter =
      std::make_unique<gateway::RateLimiter>(m.settings.http_rate_per_s, m.settings.http_burst);
  m.svc.reset(new Services{m.settings,
                           *m.casino,
                           *m.rates,
                           m.swearwords,
                           m.clock,
                           *m.store,
                           *m.ledger,
                           *m.sessions,
                           m.connections,
                           *m.limiter,
                           {},
                           {},
                           {},
                           {},
                           {},
                           {0},
                           nullptr});
  for (auto& shard : m.shards) m.svc->socket_shards.push_back(shard->get_executor());
  if (!m.settings.nats.empty()) {
    m.cluster = std::make_unique<ClusterNode>(
        m.settings, *m.svc, m.fences,
        [&m](const config::TableDef& def, int64_t lease) { return m.make_actor(def, lease); });
    try {
      m.cluster->connect();
    } catch (const std::exception& e) {
      log::error("cannot join the cluster", {{"nats", m.settings.nats}, {"error", e.what()}});
      m.exit_code = 2;
      return false;
    }
  }
  m.make_tables();
  m.svc->seamless = m.seamless_;
  m.svc->limits = m.limits_;
  m.svc->slots = std::make_shared<gateway::SlotService>(*m.ledger, m.clock, m.io.get_executor());
  m.svc->promotions = std::make_shared<gateway::PromotionService>(
      *m.svc, m.settings.token_secret.empty() ? crypto::random_token(32) : m.settings.token_secret);
  m.router = std::make_unique<gateway::Router>(*m.svc);
  gateway::add_ops_routes(*m.router, *m.svc);
  gateway::add_ui_routes(*m.router, *m.svc);
  gateway::add_blackjack_routes(*m.router, *m.svc);
  gateway::add_game_routes(*m.router, *m.svc);
  gateway::add_lobby_routes(*m.router, *m.svc);
  gateway::add_history_routes(*m.router, *m.svc);
  gateway::add_slot_routes(*m.router, *m.svc);
  gateway::add_bonus_routes(*m.router, *m.svc);
  gateway::add_promotion_routes(*m.router, *m.svc);
  gateway::add_video_routes(*m.router, *m.svc);
  gateway::add_eventcapture_routes(*m.router, *m.svc);
  gateway::add_studio_routes(*m.router, *m.svc);
  gateway::add_backoffice_routes(*m.router, *m.svc);
  gateway::add_account_routes(*m.router, *m.svc);
  gateway::add_regulation_routes(*m.router, *m.svc);
  gateway::add_user_routes(*m.router, *m.svc);
  gateway::add_operator_routes(*m.router, *m.svc);
  gateway::set_page_fallback(*m.router, *m.svc);
  if (!m.listen()) {
    m.exit_code = 1;
    return false;
  }
  m.sessions->add_listener([&m](const std::string& id, gateway::AuthFailure why) {
    m.connections.for_session(id, [why](gateway::WsSession& ws) {
      ws.end(gateway::session_notice(why), gateway::ws::kPolicyViolation);
    });
  });
  // The idle message (SPEC §8): the player's pages learn that the session closes soon.
  m.sessions->add_idle_listener([&m](const std::string& id, int64_t closes_in_ms) {
    auto notice = gateway::ws::text_frame(boost::json::serialize(boost::json::object{
        {"type", "idle"}, {"closesInMs", closes_in_ms}, {"ts", m.clock.wall_ms()}}));
    m.connections.for_session(id, [notice](gateway::WsSession& ws) { ws.send(notice); });
  });

  for (auto& [id, live] : m.svc->tables) {
    auto actor = live.table->local();
    if (!actor) continue;  // a cluster's: the node that takes its lease starts it
    actor->start();
    actor->snapshot(0, [lobby = m.svc->lobby, id = id](table::TableSnapshot s) {
      lobby->observe_snapshot(id, s);
    });
  }
  for (auto& [id, live] : m.svc->tables)
    if (live.studio) live.studio->start();  // encodes once someone watches
  if (m.cluster) m.cluster->start();
  m.svc->lobby->start();
  m.listener->run();
  m.start_housekeeping();
  m.start_promotions();
  m.svc->ready = true;
  log::info("croupierd listening", {{"bind", m.settings.bind},
                                    {"port", m.port},
                                    {"tables", m.svc->tables.size()},
                                    {"threads", Impl::threads_for(m.settings)},
                                    {"data_dir", m.settings.data_dir},
                                    {"seeded_rng", m.settings.rng_seed.has_value()}});
  return true;
}

void App::run(bool handle_signals) {
  Impl& m = *impl_;
  std::optional<asio::signal_set> signals;
  if (handle_signals) {
    signals.emplace(m.io, SIGINT, SIGTERM);
    signals->async_wait([&m](boost::system::error_code e, int signal) {
      if (e) return;
      log::info("signal received", {{"signal", signal}});
      m.begin_stop();
    });
  }
  std::vector<std::thread> pool;
  std::vector<asio::executor_work_guard<asio::io_context::executor_type>> keep;
  for (auto& shard : m.shards) {
    keep.push_back(asio::make_work_guard(*shard));
    pool.emplace_back([&shard = *shard] { shard.run(); });
  }
  for (int i = 1; i < Impl::threads_for(m.settings); ++i) pool.emplace_back([&m] { m.io.run(); });
  m.io.run();
  // The sockets' close frames went out during finish()'s pause; the socket threads end.
  keep.clear();
  for (auto& shard : m.shards) shard->stop();
  for (auto& t : pool) t.join();
  m.ledger->stop();
  log::info("croupierd stopped");
}

void App::stop() {
  asio::post(impl_->io, [this] { impl_->begin_stop(); });
}

uint16_t App::port() const {
  return impl_->port;
}
Services& App::services() {
  return *impl_->svc;
}
gateway::Router& App::router() {
  return *impl_->router;
}
int App::exit_code() const {
  return impl_->exit_code;
}

int serve(const config::Settings& settings) {
  App app(settings);
  if (!app.start()) return app.exit_code();
  app.run(true);
  return app.exit_code();
}

int ledger_check(const config::Settings& settings) {
  const std::string path = settings.ledger_location();
  if (settings.database.empty() && !std::filesystem::exists(path)) {
    std::cerr << "ledger-check: no ledger at " << path << "\n";
    return 2;
  }
  ledger::CheckReport report;
  try {
    report = ledger::check_ledger(path);
  } catch (const std::exception& e) {
    std::cerr << "ledger-check: " << e.what() << "\n";
    return 2;
  }
  std::cout << "ledger: " << (settings.database.empty() ? path : "PostgreSQL (--database)") << "\n"
            << "accounts: " << report.accounts << "  transfers: " << report.transfers << "\n"
            << "bets: " << report.bets << " (settled " << report.bets_settled << ", refunded "
            << report.bets_refunded << ", in play " << report.bets_in_play << ")\n"
            << "open rounds: " << report.rounds_open << "\n";
  for (const auto& [currency, sum] : report.sum_by_currency) {
    std::cout << "sum of all " << currency << " accounts: " << format_money(sum) << "\n";
  }
  for (const auto& p : report.problems) std::cout << "PROBLEM: " << p << "\n";
  std::cout << (report.ok
                    ? "OK: money is conserved and every bet is settled or refunded exactly once\n"
                    : "FAILED\n");
  return report.ok ? 0 : 1;
}

}  // namespace croupier::app
