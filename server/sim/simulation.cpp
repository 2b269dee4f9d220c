#include "simulation.hpp"

#include <unistd.h>

#include <algorithm>
#include <boost/json.hpp>
#include <cctype>
#include <cstdio>
#include <deque>
#include <filesystem>
#include <map>
#include <memory>
#include <mutex>
#include <set>
#include <stdexcept>
#include <vector>

#include "books.hpp"
#include "core/clock.hpp"
#include "core/rng.hpp"
#include "db/sqlite.hpp"
#include "games/registry.hpp"
#include "gateway/protocol/json.hpp"
#include "ledger/ledger.hpp"
#include "table/table.hpp"

namespace croupier::sim {

namespace {

namespace json = boost::json;
using table::BetAck;
using table::CancelBetsCommand;
using table::CashOutAck;
using table::CashOutCommand;
using table::PlaceBetsCommand;
using table::Table;
using table::TableConfig;
using table::TableEvent;

constexpr const char* kCurrency = "EUR";

// SPEC §8, the error catalogue, copied from the specification itself (not from
// core/error_code.hpp, which is what is being checked). The catalogue's "0" (contact
// customer support) is left out on purpose: a refusal coded 0 is a value nobody set.
const std::set<int64_t>& spec_codes() {
  static const std::set<int64_t> codes = {
      // Account and session
      10104, 10008, 10103, 10102, 10007, 2400, 101019, 20100, 20101, 20102, 20103, 20104, 10003,
      10006,
      // Game and bets
      1001, 1004, 1005, 1028, 1029, 1030, 1006, 1007, 1008, 1009, 1010, 1012, 1013, 1017, 1018,
      1019, 1020, 1021, 1022, 1023, 1024, 1025, 1026, 1027, 1031, 1037,
      // Service and regulation
      2001, 2002, 2003, 2004, 2005, 2006, 2007, 2008, 4001, 3001, 3002, 3003, 1052, 104,
      // Contact customer support
      1000, 1400, 1500, 10100, 10101, 10105, 10106, 10, 10004, 10005, 1002, 1003, 1014, 1015, 1016,
      1032, 1033, 2000};
  return codes;
}

// Codes a bet may get for when it arrives rather than what it is: the round is not open
// yet (1006) or any more (1007), or bets are not taken (1008: the table is closing, or an
// all-or-nothing command's other lines).
const std::set<int64_t> kTiming = {1006, 1007, 1008};

Money cents(int64_t c) {
  return Money::from_units(c * (kMoneyScale / 100));
}

std::string show(Money m) {
  return format_money(m);
}

uint64_t fnv(uint64_t h, std::string_view text) {
  for (unsigned char c : text) {
    h ^= c;
    h *= 0x100000001b3ULL;
  }
  return h ^ 0xff;
}

// JSON with every object's keys in order, so that two answers compare by content.
std::string canonical(const json::value& v) {
  if (v.is_object()) {
    std::map<std::string, std::string> fields;
    for (const auto& [k, x] : v.as_object()) fields[std::string(k)] = canonical(x);
    std::string out = "{";
    for (const auto& [k, x] : fields) out += json::serialize(json::value(k)) + ":" + x + ",";
    return out + "}";
  }
  if (v.is_array()) {
    std::string out = "[";
    for (const auto& x : v.as_array()) out += canonical(x) + ",";
    return out + "]";
  }
  return json::serialize(v);
}

// A SQLite ledger file and its neighbours (write-ahead log, shared memory, journal), gone.
void remove_ledger_files(const std::string& path) {
  std::error_code ignored;
  for (const char* suffix : {"", "-wal", "-shm", "-journal"})
    std::filesystem::remove(path + suffix, ignored);
}

// An empty ledger file of the current schema in `dir`, made once per process and removed at
// its exit: each seed starts from a copy. Making the schema (the migrations from the first
// version) was a twentieth of a seed's time.
std::string empty_ledger(const std::filesystem::path& dir) {
  struct Made {
    std::mutex mu;
    std::map<std::filesystem::path, std::string> files;
    ~Made() {
      for (const auto& [d, file] : files) remove_ledger_files(file);
    }
  };
  static Made made;
  std::lock_guard lock(made.mu);
  auto [it, fresh] = made.files.try_emplace(dir);
  if (fresh) {
    it->second = (dir / ("croupier-sim-" + std::to_string(::getpid()) + "-empty.db")).string();
    remove_ledger_files(it->second);
    // Closed at once: its write-ahead log is checkpointed into the file and removed.
    ledger::Ledger::open({it->second, true}).reset();
  }
  return it->second;
}

// The name of a ledger in SQLite's memdb: a database in this process's memory that every
// connection opening the name shares, kept while one of them is open.
std::string memory_ledger(const std::string& name) {
  return "file:/croupier-sim-" + std::to_string(::getpid()) + "-" + name + "?vfs=memdb";
}

// A new ledger in memory, of the current schema: a copy of an empty one made once per
// process. The returned connection keeps it through the seed's crashes, when the ledger's
// own connections are closed and opened again.
std::unique_ptr<sqlite::Db> new_memory_ledger(const std::string& path) {
  static std::mutex mu;
  static std::unique_ptr<sqlite::Db> empty;
  auto db = sqlite::Db::open(path, sqlite::Db::Mode::read_write_create);
  std::lock_guard lock(mu);
  if (!empty) {
    const std::string name = memory_ledger("empty");
    empty = sqlite::Db::open(name, sqlite::Db::Mode::read_write_create);
    ledger::Ledger::open({name, true}).reset();
  }
  db->copy_from(*empty);
  return db;
}

// A table of the casino: its family, its engine and the spots players bet on.
struct TableSpec {
  std::string id, game, variant, type;
  bool check_payouts = false;  // draw games: every settlement is engine.payout()
  bool crash = false;
  std::vector<std::string> spots;
  std::vector<std::string> outside;  // spots whose per-kind maximum is the larger one
};

std::vector<TableSpec> casino() {
  TableSpec roulette{"rou-1", "roulette", "european", "roulette", true, false, {}, {}};
  for (int n = 0; n <= 36; ++n) roulette.spots.push_back("STRAIGHT_" + std::to_string(n));
  for (const char* s : {"SPLIT_1_2", "SPLIT_0_3", "STREET_4_5_6", "CORNER_1_2_4_5",
                        "LINE_1_2_3_4_5_6", "TRIO_0_1_2", "BASKET_0_1_2_3"})
    roulette.spots.emplace_back(s);
  for (const char* s : {"DOZEN_1", "DOZEN_2", "DOZEN_3", "COLUMN_1", "COLUMN_2", "COLUMN_3", "RED",
                        "BLACK", "EVEN", "ODD", "LOW", "HIGH"}) {
    roulette.spots.emplace_back(s);
    roulette.outside.emplace_back(s);
  }
  TableSpec baccarat{"bac-1",
                     "baccarat",
                     "standard",
                     "baccarat",
                     true,
                     false,
                     {"PLAYER", "BANKER", "TIE", "PLAYER_PAIR", "BANKER_PAIR"},
                     {"PLAYER", "BANKER"}};
  TableSpec crash{"sm-1", "crash", "spaceman",         "spaceman",
                  false,  true,    {"BET_1", "BET_2"}, {"BET_1", "BET_2"}};
  return {roulette, baccarat, crash};
}

// Betting 10 s (closing soon 3 s before), bets closed 1 s, a spin or deal of 4 s, the result
// 2 s, 1 s to the next round; a retry after 1 s.
TableConfig config_for(const TableSpec& spec) {
  TableConfig c;
  c.id = spec.id;
  c.name = "Sim " + spec.id;
  c.game = spec.game;
  c.variant = spec.variant;
  c.type = spec.type;
  c.timings.betting = Millis{10000};
  c.timings.closing_soon = Millis{3000};
  c.timings.bets_closed = Millis{1000};
  c.timings.spin = Millis{4000};
  c.timings.result = Millis{2000};
  c.timings.next_game = Millis{1000};
  c.timings.timer_interval = Millis{4000};
  c.timings.retry = Millis{1000};
  // A table hashes its whole chain at every start, and a seed restarts its tables at every
  // crash: with 2,000 links the hashing was a tenth of a seed's time. A table plays about
  // 30 rounds a run, so with 32 links many runs renew their chain as well.
  c.seed_chain_length = 32;
  return c;
}

// Limits low enough that players reach them: roulette inside 100, outside 200, table 300;
// cards main 200, side 50, table 300.
std::shared_ptr<const games::Engine> engine_for(const TableSpec& spec) {
  games::EngineLimits limits;
  limits.roulette.min_bet = cents(100);
  limits.roulette.inside_max = cents(10000);
  limits.roulette.outside_max = cents(20000);
  limits.roulette.table_max = cents(30000);
  limits.spots.min_bet = cents(100);
  limits.spots.main_max = cents(20000);
  limits.spots.side_max = cents(5000);
  limits.spots.table_max = cents(30000);
  const games::Family* family = games::find_family(spec.game);
  if (!family) throw std::logic_error("no family " + spec.game);
  std::shared_ptr<const games::Engine> engine(family->make(spec.variant, limits));
  if (!engine) throw std::logic_error("no engine " + spec.game + "/" + spec.variant);
  for (const auto& s : spec.spots)
    if (!engine->canonical_spot(s)) throw std::logic_error("no spot " + s + " at " + spec.id);
  return engine;
}

// The round id of `seq` at a table (Table's own scheme, "rou-1-000042").
std::string round_id(const std::string& table, int64_t seq) {
  char buf[24];
  std::snprintf(buf, sizeof buf, "%06lld", static_cast<long long>(seq));
  return table + "-" + buf;
}

std::optional<int64_t> seq_of(const std::string& table, const std::string& round) {
  if (round.size() <= table.size() + 1 || round.compare(0, table.size(), table) != 0)
    return std::nullopt;
  try {
    return std::stoll(round.substr(table.size() + 1));
  } catch (...) {
    return std::nullopt;
  }
}

// What a command must get, beyond a SPEC §8 code on every refusal.
struct Expect {
  std::set<int64_t> command;            // non-empty: refused whole with one of these
  std::vector<std::set<int64_t>> line;  // per line; non-empty: refused with one of these
  // A line under the minimum is accepted where the player's stake on the spot already makes
  // the spot's total reach it.
  std::optional<size_t> top_up;
  bool top_up_pending = false;    // a command of the player on that spot was unanswered
  bool top_up_held = false;       // the player held (or was taking back) a stake on that spot
  bool for_round_before = false;  // game_id names the round before the table's
  // Wrong only for want of funds when sent: money may come (a refund, a cash-out, a top-up)
  // while the command waits for the player's one before it (Table::wait_turn). The books
  // check at the commit that no balance goes under zero.
  bool funds = false;
  std::string what;  // the flavour of wrong, for messages
};

enum class Kind { place, cancel, cash_out };

// One command a player sent (and maybe sent again), and what came back.
struct Sent {
  Kind kind = Kind::place;
  size_t table = 0;
  int gen = 0;
  PlaceBetsCommand place;
  CancelBetsCommand cancel;
  CashOutCommand cash;
  Expect expect;
  std::string round_at_send;
  games::RoundState state_at_send = games::RoundState::initialising;
  bool repeatable = false;
  int sends = 0, answers = 0, fresh = 0;
  std::optional<std::string> first;  // the first answer, as sent, less what may change
};

class Simulation {
 public:
  explicit Simulation(const Options& options)
      : options_(options),
        choices_(options.seed * 16 + 1),
        fault_rng_(options.seed * 16 + 2),
        books_([this](std::string what) { fail(std::move(what)); }) {
    if (options.dir.empty()) {
      path_ = memory_ledger(std::to_string(options.seed));
      memory_ = new_memory_ledger(path_);
    } else {
      const std::filesystem::path dir(options.dir);
      path_ = (dir / ("croupier-sim-" + std::to_string(::getpid()) + "-" +
                      std::to_string(options.seed) + ".db"))
                  .string();
      remove_files();
      std::filesystem::copy_file(empty_ledger(dir), path_);
    }
    for (const auto& spec : casino()) {
      Slot slot;
      slot.spec = spec;
      slot.config = config_for(spec);
      slot.engine = engine_for(spec);
      books_.add_table(spec.id, slot.engine, spec.check_payouts);
      slots_.push_back(std::move(slot));
    }
    // The seed's faults: each seed draws how hostile its ledger is.
    static const double kFail[] = {0, 0.01, 0.05, 0.15, 0.3};
    static const double kDelay[] = {0, 0.1, 0.3, 0.6};
    static const double kCrashAtOp[] = {0, 0, 0.001, 0.004};
    static const double kCrashPerStep[] = {0, 0.003, 0.01};
    plan_.fail = kFail[fault_rng_.uniform(5)];
    plan_.delay = kDelay[fault_rng_.uniform(4)];
    plan_.max_delay_steps = 1 + static_cast<int>(fault_rng_.uniform(6));
    plan_.crash_at_op = kCrashAtOp[fault_rng_.uniform(4)];
    plan_.breakage = options.breakage;
    crash_per_step_ = kCrashPerStep[fault_rng_.uniform(3)];
    players_ = 20 + static_cast<int>(choices_.uniform(61));
  }

  ~Simulation() {
    posted_.clear();
    for (auto& slot : slots_) slot.table.reset();
    ledger_.reset();
    remove_files();
    memory_.reset();
  }

  Outcome run() {
    open_ledger();
    fund_players();
    start_tables();
    settle_crashes();
    for (step_ = 1; step_ <= options_.steps && !failure_; ++step_) {
      ledger_->set_step(step_);
      ledger_->release();
      drain();
      settle_crashes();
      const int actions = choices_.uniform(10) == 0 ? 5 + static_cast<int>(choices_.uniform(11))
                                                    : static_cast<int>(choices_.uniform(4));
      for (int i = 0; i < actions && !failure_; ++i) {
        act();
        settle_crashes();
      }
      const Millis d = random_step();
      trace("time +" + std::to_string(d.count()) + " ms");
      run_for(d);
      if (!failure_ && fault_rng_.uniform(1'000'000) < crash_per_step_ * 1'000'000) crash();
      check_step();
    }
    if (!failure_) finish();
    Outcome out;
    out.ok = !failure_;
    out.failure = failure_.value_or("");
    out.step = failed_at_;
    out.digest = digest_;
    stats_.steps = std::min<int64_t>(step_, options_.steps);
    stats_.sim_ms = clock_.now().time_since_epoch().count();
    stats_.players = players_;
    stats_.ledger = books_.counts();
    out.stats = stats_;
    return out;
  }

 private:
  struct Slot {
    TableSpec spec;
    TableConfig config;
    std::shared_ptr<const games::Engine> engine;
    std::unique_ptr<SeededRng> rng;
    std::unique_ptr<Table> table;
    uint64_t last_v = 0;
    bool closing = false;                     // shutdown() was called
    bool closed = false;                      // shutdown's `done` ran
    std::optional<std::string> closed_round;  // table_closed was published, in this round
  };

  // ---- Failures ---------------------------------------------------------------------------

  void fail(std::string what) {
    if (failure_) return;
    failed_at_ = step_;
    failure_ = "step " + std::to_string(step_) +
               " (t=" + std::to_string(clock_.now().time_since_epoch().count()) + " ms, run " +
               std::to_string(gen_) + "): " + what;
  }

  void trace(const std::string& line) {
    if (!options_.trace) return;
    std::printf("[step %lld t=%lld run %d] %s\n", static_cast<long long>(step_),
                static_cast<long long>(clock_.now().time_since_epoch().count()), gen_,
                line.c_str());
  }

  void remove_files() {
    if (!memory_) remove_ledger_files(path_);
  }

  // ---- The runs of the tables ---------------------------------------------------------------

  void open_ledger() {
    auto real = ledger::Ledger::open({path_, true});
    auto booked = std::make_unique<BooksLedger>(std::move(real), books_);
    ledger_ =
        std::make_unique<FaultyLedger>(std::move(booked), books_, fault_rng_, plan_, stats_.faults);
    ledger_->set_step(step_);
    ledger_->allow_crashes(!final_phase_);
    if (options_.trace) ledger_->set_trace([this](const std::string& line) { trace(line); });
    books_.generation = gen_;
  }

  void start_tables() {
    for (size_t i = 0; i < slots_.size(); ++i) {
      Slot& slot = slots_[i];
      slot.rng = std::make_unique<SeededRng>(options_.seed * 4096 + 64 + gen_ * 8 + i);
      slot.last_v = 0;
      slot.closing = false;
      slot.closed = false;
      slot.closed_round.reset();
      table::Engines engines;
      engines.emplace(kCurrency, slot.engine);
      const int gen = gen_;
      slot.table = std::make_unique<Table>(
          slot.config, std::move(engines), clock_, *slot.rng, *ledger_,
          [this, i, gen](std::function<void()> fn) {
            if (gen == gen_) posted_.push_back({i, std::move(fn)});
          },
          [this, i, gen](TableEvent event) {
            if (gen == gen_ && !ledger_->dead()) on_event(i, event);
          });
    }
    // Table::start() settles or refunds what the run before left open.
    trace("run " + std::to_string(gen_) + ": the tables start");
    books_.recovering = true;
    for (auto& slot : slots_) {
      if (ledger_->dead()) break;
      slot.table->start();
    }
    books_.recovering = false;
    for (auto& slot : slots_)
      if (!ledger_->dead()) slot.table->advance();
    drain();
  }

  // A crash: every table dropped without shutdown, whatever they had posted or the ledger
  // held for them lost; the ledger reopened from its file; new tables started on it.
  void crash() {
    trace("CRASH: every table dropped, the ledger reopened");
    ++stats_.crashes;
    restart();
  }

  // New tables on the reopened ledger file, the old ones dropped as they were.
  void restart() {
    posted_.clear();
    for (auto& slot : slots_) slot.table.reset();
    ledger_.reset();
    ++gen_;
    repeatable_.clear();
    open_ledger();
    start_tables();
  }

  void settle_crashes() {
    for (int n = 0; ledger_->dead() && !failure_; ++n) {
      if (n > 100) return fail("the tables crash at every start");
      crash();
    }
  }

  // Runs what the tables posted, each followed by advance(), as the actor does.
  void drain() {
    while (!posted_.empty() && !ledger_->dead() && !failure_) {
      auto [i, fn] = std::move(posted_.front());
      posted_.pop_front();
      fn();
      if (!ledger_->dead()) slots_[i].table->advance();
    }
  }

  // Moves time on by `d`, calling advance() at every deadline on the way, as the actor's
  // timer does. A deadline that is due and changes nothing would fire forever.
  void run_for(Millis d) {
    const MonoTime until = clock_.now() + d;
    drain();
    settle_crashes();
    for (int guard = 0; guard < 100000 && !failure_; ++guard) {
      std::optional<MonoTime> next;
      size_t which = 0;
      for (size_t i = 0; i < slots_.size(); ++i) {
        auto due = slots_[i].table->next_deadline();
        if (due && (!next || *due < *next)) {
          next = due;
          which = i;
        }
      }
      if (!next || *next > until) break;
      const bool past = *next <= clock_.now();
      const uint64_t seen = slots_[which].last_v;
      const int gen = gen_;
      clock_.advance_to(*next);
      slots_[which].table->advance();
      drain();
      settle_crashes();
      if (past && gen == gen_ && slots_[which].last_v == seen && !posted_.size() &&
          slots_[which].table->next_deadline() == next) {
        return fail("liveness: table " + slots_[which].spec.id + " in state " +
                    std::to_string(games::to_int(slots_[which].table->state())) +
                    " has a deadline that is due and that advance() does not move");
      }
    }
    clock_.advance_to(until);
    for (auto& slot : slots_) {
      if (failure_ || ledger_->dead()) break;
      slot.table->advance();
      drain();
    }
    settle_crashes();
  }

  Millis random_step() {
    const uint64_t r = choices_.uniform(100);
    if (r < 70) return Millis{static_cast<int64_t>(choices_.uniform(1500))};
    if (r < 95) return Millis{1500 + static_cast<int64_t>(choices_.uniform(4500))};
    return Millis{6000 + static_cast<int64_t>(choices_.uniform(34000))};
  }

  // ---- Players --------------------------------------------------------------------------------

  void fund(PlayerId player, Money amount) {
    bool ok = false;
    ledger_->books().submit(
        ledger::Fund{"fund:" + std::to_string(player) + ":" + std::to_string(++funds_), player,
                     kCurrency, amount, "sim", false},
        [&](auto r) { ok = r.ok(); });
    if (!ok) fail("funding player " + std::to_string(player) + " failed");
  }

  void fund_players() {
    for (PlayerId p = 1; p <= players_; ++p) {
      const uint64_t kind = choices_.uniform(10);
      if (kind < 3)
        fund(p, cents(500 + static_cast<int64_t>(choices_.uniform(2500))));  // 5-30: poor
      else if (kind < 9)
        fund(p, cents(10000 + static_cast<int64_t>(choices_.uniform(40000))));
      else
        fund(p, cents(100000 + static_cast<int64_t>(choices_.uniform(200000))));
    }
  }

  std::string next_request_id(PlayerId p) {
    return "r" + std::to_string(p) + "-" + std::to_string(++request_ids_);
  }

  const std::string& any_spot(const Slot& slot) {
    return slot.spec.spots[choices_.uniform(slot.spec.spots.size())];
  }

  // 1.00 to 20.00, in halves.
  Money valid_amount() { return cents(100 + 50 * static_cast<int64_t>(choices_.uniform(39))); }

  void act() {
    // While a crash table flies, its players cash out.
    for (size_t t = 0; t < slots_.size(); ++t) {
      const Slot& slot = slots_[t];
      if (!slot.spec.crash || slot.table->state() != games::RoundState::waiting_for_result)
        continue;
      auto flying = staked_in_.find(slot.table->round_id());
      if (flying != staked_in_.end() && choices_.uniform(2) == 0)
        return cash_out(flying->second[choices_.uniform(flying->second.size())], t);
    }
    const PlayerId p = 1 + static_cast<PlayerId>(choices_.uniform(players_));
    const size_t t = choices_.uniform(slots_.size());
    const bool crash_game = slots_[t].spec.crash;
    const uint64_t r = choices_.uniform(100);
    if (r < 45) return place_valid(p, t);
    if (r < 65) return place_invalid(p, t);
    if (r < 75) return repeat();
    if (r < 83) return cancel(p, t);
    if (r < 93) return crash_game ? cash_out(p, t) : place_valid(p, t);
    if (r < 96) return crash_game ? auto_cash_out(p, t) : place_valid(p, t);
    fund(p, cents(1000 + static_cast<int64_t>(choices_.uniform(19000))));
  }

  PlaceBetsCommand command_for(PlayerId p) {
    PlaceBetsCommand c;
    c.player = p;
    c.currency = kCurrency;
    c.request_id = next_request_id(p);
    c.name = "p" + std::to_string(p);
    return c;
  }

  void place_valid(PlayerId p, size_t t) {
    Slot& slot = slots_[t];
    PlaceBetsCommand c = command_for(p);
    const uint64_t k = choices_.uniform(100);
    c.kind = k < 70   ? PlaceBetsCommand::Kind::add
             : k < 94 ? PlaceBetsCommand::Kind::all_or_nothing
                      : PlaceBetsCommand::Kind::repeat_last;
    if (c.kind != PlaceBetsCommand::Kind::repeat_last) {
      const size_t n = 1 + choices_.uniform(3);
      for (size_t i = 0; i < n; ++i) c.bets.push_back({any_spot(slot), valid_amount()});
    }
    if (choices_.uniform(5) == 0) c.game_id = slot.table->round_id();
    Expect e;
    e.line.resize(c.bets.size());
    e.what = "valid bets";
    send_place(t, std::move(c), std::move(e));
  }

  void place_invalid(PlayerId p, size_t t) {
    Slot& slot = slots_[t];
    PlaceBetsCommand c = command_for(p);
    c.kind = choices_.uniform(3) == 0 ? PlaceBetsCommand::Kind::all_or_nothing
                                      : PlaceBetsCommand::Kind::add;
    Expect e;
    auto with_valid_lines = [&] {
      const size_t n = choices_.uniform(3);
      for (size_t i = 0; i < n; ++i) c.bets.push_back({any_spot(slot), valid_amount()});
      e.line.resize(c.bets.size());
    };
    auto bad_line = [&](games::BetLine line, std::set<int64_t> codes) {
      codes.insert(kTiming.begin(), kTiming.end());
      const size_t at = choices_.uniform(c.bets.size() + 1);
      c.bets.insert(c.bets.begin() + static_cast<std::ptrdiff_t>(at), std::move(line));
      e.line.insert(e.line.begin() + static_cast<std::ptrdiff_t>(at), std::move(codes));
    };
    const std::optional<int64_t> seq = seq_of(slot.spec.id, slot.table->round_id());
    switch (choices_.uniform(9)) {
      case 0:
        e.what = "an unknown spot";
        with_valid_lines();
        bad_line({"NOPE_" + std::to_string(choices_.uniform(50)), valid_amount()}, {1005});
        break;
      case 1:
        e.what = "a stake over the spot's maximum";
        with_valid_lines();
        bad_line({any_spot(slot), cents(25000)}, {1009, 1010, 1012});
        break;
      case 2: {
        e.what = "a stake under the minimum";
        with_valid_lines();
        // Not on a spot this command stakes already (that would lift the spot's total).
        const std::string spot = any_spot(slot);
        std::erase_if(c.bets, [&](const games::BetLine& l) {
          return slot.engine->canonical_spot(l.spot) == slot.engine->canonical_spot(spot);
        });
        e.line.resize(c.bets.size());
        bad_line({spot, cents(50)}, {1013});
        for (size_t i = 0; i < c.bets.size(); ++i)
          if (c.bets[i].spot == spot && c.bets[i].amount == cents(50)) e.top_up = i;
        e.top_up_pending = pending_on_spot(p, t, *slot.engine->canonical_spot(spot));
        e.top_up_held = has_other_stake(p, slot.table->round_id(),
                                        *slot.engine->canonical_spot(spot), std::string(), true);
        break;
      }
      case 3:
        e.what = "a stake that is not positive";
        with_valid_lines();
        bad_line({any_spot(slot), choices_.uniform(2) ? Money::zero() : cents(-500)}, {1005});
        break;
      case 4:
        e.what = "a stake in fractions of a cent";
        with_valid_lines();
        bad_line({any_spot(slot), Money::from_units(100 + 1000 * choices_.uniform(5))}, {1005});
        break;
      case 5: {
        // More than the player holds, within every limit: the ledger refuses it (or fails).
        const Money held = ledger_->real().balance(p, kCurrency).total();
        const Money over =
            cents((held.units + 999) / 1000 + 100 + static_cast<int64_t>(choices_.uniform(2000)));
        if (over > cents(15000)) return place_valid(p, t);
        e.what = "more than the player holds (" + show(held) + ")";
        e.funds = true;
        c.kind = PlaceBetsCommand::Kind::add;
        c.bets.push_back({slot.spec.outside[choices_.uniform(slot.spec.outside.size())], over});
        e.line.push_back({10104, 1001, 1008, 1009, 1010, 1012, 1006, 1007});
        break;
      }
      case 6:
        if (!seq || *seq < 2) return place_valid(p, t);
        e.what = "a bet for the round before";
        with_valid_lines();
        if (c.bets.empty()) c.bets.push_back({any_spot(slot), valid_amount()});
        e.line.assign(c.bets.size(), {});
        c.game_id = round_id(slot.spec.id, *seq - 1);
        e.command = {1007};
        e.for_round_before = true;
        break;
      case 7:
        if (!seq) return place_valid(p, t);
        e.what = "a bet for a round not yet open";
        c.bets.push_back({any_spot(slot), valid_amount()});
        e.line.assign(c.bets.size(), {});
        c.game_id = choices_.uniform(2) ? round_id(slot.spec.id, *seq + 2) : "rou-x-nonsense";
        e.command = {1006};
        break;
      default:
        e.what = "a request id that is not one";
        c.bets.push_back({any_spot(slot), valid_amount()});
        e.line.assign(c.bets.size(), {});
        c.request_id = choices_.uniform(2) ? "bad id " + std::to_string(++request_ids_)
                                           : std::string(64, 'x') + std::to_string(++request_ids_);
        e.command = {1005};
        break;
    }
    send_place(t, std::move(c), std::move(e));
  }

  static std::string key_of(int gen, size_t t, Kind kind, PlayerId p, const std::string& rid) {
    return std::to_string(gen) + "/" + std::to_string(t) + "/" +
           std::to_string(static_cast<int>(kind)) + "/" + std::to_string(p) + "/" + rid;
  }

  static bool valid_request_id(const std::string& id) {
    if (id.empty() || id.size() > 64) return false;
    return std::all_of(id.begin(), id.end(), [](char c) {
      return std::isalnum(static_cast<unsigned char>(c)) || c == '-' || c == '_' || c == '.' ||
             c == ':';
    });
  }

  void send_place(size_t t, PlaceBetsCommand c, Expect e) {
    Slot& slot = slots_[t];
    const std::string key = key_of(gen_, t, Kind::place, c.player, c.request_id);
    Sent& s = sent_[key];
    s.kind = Kind::place;
    s.table = t;
    s.gen = gen_;
    s.place = c;
    s.expect = std::move(e);
    s.round_at_send = slot.table->round_id();
    s.state_at_send = slot.table->state();
    // Answered from memory while the table remembers the round (this one and the next).
    s.repeatable = valid_request_id(c.request_id) &&
                   slot.table->state() == games::RoundState::waiting_for_bets;
    if (s.repeatable) repeatable_.push_back(key);
    ++stats_.commands;
    send(key);
    // Sometimes sent twice at once, the second while the first is still with the ledger.
    if (s.repeatable && choices_.uniform(10) == 0 && !ledger_->dead()) send(key);
  }

  void send(const std::string& key) {
    Sent& s = sent_.at(key);
    Slot& slot = slots_[s.table];
    ++s.sends;
    const int gen = gen_;
    if (options_.trace) {
      std::string line = "send " + key + " at " + slot.table->round_id() + " state " +
                         std::to_string(games::to_int(slot.table->state())) + ": ";
      if (s.kind == Kind::place) {
        line +=
            "place(" + std::to_string(static_cast<int>(s.place.kind)) + ") game " + s.place.game_id;
        for (const auto& l : s.place.bets) line += " " + l.spot + "=" + show(l.amount);
      } else if (s.kind == Kind::cancel) {
        line += "cancel game " + s.cancel.game_id + " of " + s.cancel.of_request;
      } else {
        line += "cashout " + s.cash.spot + (s.cash.half ? " half" : "");
      }
      trace(line);
    }
    if (s.kind == Kind::place) {
      slot.table->place_bets(s.place, [this, key, gen](const BetAck& a) {
        if (gen == gen_ && !ledger_->dead()) on_bet_ack(key, a);
      });
    } else if (s.kind == Kind::cancel) {
      slot.table->cancel_bets(s.cancel, [this, key, gen](const BetAck& a) {
        if (gen == gen_ && !ledger_->dead()) on_bet_ack(key, a);
      });
    } else {
      slot.table->cash_out(s.cash, [this, key, gen](const CashOutAck& a) {
        if (gen == gen_ && !ledger_->dead()) on_cash_out_ack(key, a);
      });
    }
    if (!ledger_->dead()) slot.table->advance();
    drain();
  }

  // The same command again, while the table remembers it.
  void repeat() {
    if (repeatable_.empty()) return;
    const std::string key = repeatable_[choices_.uniform(repeatable_.size())];
    Sent& s = sent_.at(key);
    Slot& slot = slots_[s.table];
    const auto then = seq_of(slot.spec.id, s.round_at_send);
    const auto now = seq_of(slot.spec.id, slot.table->round_id());
    if (!then || !now) return;
    if (s.kind == Kind::cash_out ? *now != *then : (*now != *then && *now != *then + 1)) return;
    ++stats_.repeats;
    send(key);
  }

  void cancel(PlayerId p, size_t t) {
    Slot& slot = slots_[t];
    CancelBetsCommand c;
    c.player = p;
    c.request_id = next_request_id(p);
    if (choices_.uniform(5) == 0) c.game_id = slot.table->round_id();
    auto mine = accepted_.find({t, p});
    if (mine != accepted_.end() && !mine->second.empty() && choices_.uniform(2))
      c.of_request = mine->second[choices_.uniform(mine->second.size())];
    const std::string key = key_of(gen_, t, Kind::cancel, p, c.request_id);
    Sent& s = sent_[key];
    s.kind = Kind::cancel;
    s.table = t;
    s.gen = gen_;
    s.cancel = c;
    s.expect.what = "taking bets back";
    s.round_at_send = slot.table->round_id();
    s.repeatable = slot.table->state() == games::RoundState::waiting_for_bets;
    if (s.repeatable) repeatable_.push_back(key);
    ++stats_.commands;
    send(key);
  }

  void cash_out(PlayerId p, size_t t) {
    Slot& slot = slots_[t];
    CashOutCommand c;
    c.player = p;
    c.request_id = next_request_id(p);
    c.spot = choices_.uniform(2) ? "BET_1" : "BET_2";
    c.half = choices_.uniform(3) == 0;
    const std::string key = key_of(gen_, t, Kind::cash_out, p, c.request_id);
    Sent& s = sent_[key];
    s.kind = Kind::cash_out;
    s.table = t;
    s.gen = gen_;
    s.cash = c;
    s.expect.what = "a cash-out";
    s.round_at_send = slot.table->round_id();
    // A cash-out is remembered for its round only: repeated during the flight it was for.
    s.repeatable = slot.table->state() == games::RoundState::waiting_for_result;
    if (s.repeatable) repeatable_.push_back(key);
    ++stats_.commands;
    send(key);
    if (s.repeatable && choices_.uniform(10) == 0 && !ledger_->dead()) send(key);
  }

  void auto_cash_out(PlayerId p, size_t t) {
    table::AutoCashOutCommand c;
    c.player = p;
    c.request_id = next_request_id(p);
    c.spot = choices_.uniform(2) ? "BET_1" : "BET_2";
    const uint64_t r = choices_.uniform(4);
    if (r > 0) c.autos.at = 101 + static_cast<int64_t>(choices_.uniform(400));
    if (r == 2 && *c.autos.at > 102) c.autos.half_at = 101 + choices_.uniform(*c.autos.at - 101);
    if (r == 3) c.autos.at = 90;  // below 1.00x: refused
    ++stats_.commands;
    const auto ack = slots_[t].table->auto_cash_out(c);
    if (!ledger_->dead()) slots_[t].table->advance();
    drain();
    json::object o = gateway::protocol::auto_cash_out_ack_json(ack, slots_[t].spec.id);
    digest_ = fnv(digest_, json::serialize(o));
    check_codes(o, "autocashoutack");
    if (r == 3 && !ack.refusal) fail("an automatic cash-out at 0.90x was accepted");
  }

  // ---- Answers ----------------------------------------------------------------------------------

  void check_code(const json::value& code, const std::string& what) {
    if (!code.is_int64() || !spec_codes().contains(code.as_int64()))
      fail(what + " carries code " + json::serialize(code) + ", which SPEC §8 does not list");
  }

  // Every code in an answer, whole or per line, is one of SPEC §8's.
  void check_codes(const json::object& o, const std::string& what) {
    if (auto* code = o.if_contains("code")) check_code(*code, what);
    if (auto* rejected = o.if_contains("rejected")) {
      for (const auto& r : rejected->as_array()) {
        if (auto* code = r.as_object().if_contains("code"))
          check_code(*code, what + " (a line)");
        else
          fail(what + " refuses a line without a code");
      }
    }
  }

  static std::multiset<std::pair<std::string, int64_t>> line_set(
      const std::vector<games::BetLine>& lines) {
    std::multiset<std::pair<std::string, int64_t>> out;
    for (const auto& l : lines) out.insert({l.spot, l.amount.units});
    return out;
  }

  std::multiset<std::pair<std::string, int64_t>> book_set(const std::vector<BetId>& ids) {
    std::multiset<std::pair<std::string, int64_t>> out;
    for (BetId id : ids) {
      const BookBet& b = books_.bets().at(id);
      out.insert({b.spot, b.amount.units});
    }
    return out;
  }

  void on_bet_ack(const std::string& key, const BetAck& a) {
    Sent& s = sent_.at(key);
    Slot& slot = slots_[s.table];
    ++s.answers;
    const PlayerId p = s.kind == Kind::place ? s.place.player : s.cancel.player;
    const std::string rid = s.kind == Kind::place ? s.place.request_id : s.cancel.request_id;
    const std::string what = (s.kind == Kind::place ? "betack " : "cancelack ") + rid + " of " +
                             slot.spec.id + " (" + s.expect.what + ")";
    if (a.version != slot.last_v)
      fail(what + " carries version " + std::to_string(a.version) + "; the table's last event is " +
           std::to_string(slot.last_v));
    json::object o = gateway::protocol::ack_json(a, slot.spec.id, clock_.wall_ms());
    digest_ = fnv(digest_, json::serialize(o));
    check_codes(o, what);
    trace("  " + what + ": " + json::serialize(o));
    for (const char* volatile_field : {"v", "ts", "duplicate", "balance", "bonusBalance"})
      o.erase(volatile_field);
    const std::string answer = canonical(o);
    if (a.duplicate) {
      if (!s.first)
        fail(what + " answered as a repeat before it was answered at all");
      else if (answer != *s.first)
        fail(what + " answered differently when repeated: first " + *s.first + ", then " + answer);
      return;
    }
    if (++s.fresh > 1) return fail(what + " answered a second time as a new request");
    s.first = answer;
    if (s.kind == Kind::place)
      check_placed(s, a, p, what);
    else
      check_cancelled(s, a, p, what);
  }

  void check_placed(const Sent& s, const BetAck& a, PlayerId p, const std::string& what) {
    const Slot& slot = slots_[s.table];
    const auto& lines = s.place.bets;
    stats_.lines_accepted += static_cast<int64_t>(a.accepted.size());
    stats_.lines_refused += static_cast<int64_t>(a.rejected.size());
    // A command that waited for the player's one before it (Table::wait_turn) may be
    // answered after shutdown() began: the table is closing, whatever the command was.
    const bool closed_on_it =
        slot.closing && a.refusal && to_int(a.refusal->code) == 1008 && a.accepted.empty();
    if (!s.expect.command.empty() && !closed_on_it) {
      if (!a.refusal || !s.expect.command.contains(to_int(a.refusal->code)) || !a.accepted.empty())
        return fail(what + " was not refused whole with the code expected (got " +
                    (a.refusal ? std::to_string(to_int(a.refusal->code)) : "no refusal") +
                    "; the table was in state " + std::to_string(games::to_int(s.state_at_send)) +
                    " at round " + s.round_at_send + ")");
      for (const auto& r : a.rejected)
        if (!s.expect.command.contains(to_int(r.code)))
          return fail(what + ": a line refused with " + std::to_string(to_int(r.code)));
    }
    if (s.place.kind != PlaceBetsCommand::Kind::repeat_last) {
      // Every line answered, accepted (as sent, the spot in its canonical form) or refused.
      if (a.accepted.size() + a.rejected.size() != lines.size())
        return fail(what + ": " + std::to_string(lines.size()) + " lines sent, " +
                    std::to_string(a.accepted.size()) + " accepted and " +
                    std::to_string(a.rejected.size()) + " refused");
      std::multiset<std::pair<std::string, int64_t>> sent;
      for (const auto& l : lines)
        if (auto spot = slot.engine->canonical_spot(l.spot)) sent.insert({*spot, l.amount.units});
      for (const auto& l : a.accepted) {
        auto it = sent.find({l.spot, l.amount.units});
        if (it == sent.end())
          return fail(what + ": accepted " + l.spot + " " + show(l.amount) + ", never sent");
        sent.erase(it);
      }
      // A wrong line is refused, with its own code (or one that says when it came).
      std::vector<RejectedBetView> rejected;
      for (const auto& r : a.rejected)
        rejected.push_back({r.spot, r.amount, to_int(r.code), false});
      for (size_t i = 0; i < lines.size(); ++i) {
        if (s.expect.line[i].empty()) continue;
        auto it = std::find_if(rejected.begin(), rejected.end(), [&](const RejectedBetView& r) {
          return !r.used && r.spot == lines[i].spot && r.amount == lines[i].amount;
        });
        // Under the minimum, but on top of the player's stake on the spot: any answer will do.
        if (s.expect.top_up == i &&
            (it == rejected.end() || !s.expect.line[i].contains(it->code))) {
          const std::string spot = *slot.engine->canonical_spot(lines[i].spot);
          const std::string key =
              "bet:" + a.game_id + ":" + std::to_string(p) + ":" + s.place.request_id;
          if (has_other_stake(p, a.game_id, spot, key)) continue;
          const bool counted = s.expect.top_up_pending || s.expect.top_up_held;
          if (it != rejected.end() && counted) continue;
          if (it == rejected.end())
            return fail(what + ": " + lines[i].spot + " " + show(lines[i].amount) +
                        " was accepted under the minimum, and the player holds no other stake " +
                        "on " + spot + " in " + a.game_id +
                        (s.expect.top_up_pending ? " (one was being placed when it was sent)"
                         : s.expect.top_up_held  ? " (one was held when it was sent)"
                                                 : ""));
        }
        if (it == rejected.end() && s.expect.funds) continue;
        if (it == rejected.end())
          return fail(what + ": the wrong line " + lines[i].spot + " " + show(lines[i].amount) +
                      " was not refused (the table was in state " +
                      std::to_string(games::to_int(s.state_at_send)) + ")");
        it->used = true;
        if (!s.expect.line[i].contains(it->code))
          return fail(what + ": the wrong line " + lines[i].spot + " " + show(lines[i].amount) +
                      " was refused with " + std::to_string(it->code));
      }
    }
    // What the table says it accepted is what the ledger took under the request's key, and
    // nothing was taken for a request answered with nothing accepted.
    const std::string place_key =
        "bet:" + a.game_id + ":" + std::to_string(p) + ":" + s.place.request_id;
    const auto taken = book_set(books_.bets_of_key(place_key));
    if (taken != line_set(a.accepted))
      return fail(what + ": accepted " + std::to_string(a.accepted.size()) +
                  " lines, the ledger holds " + std::to_string(taken.size()) + " bets for it");
    if (!a.accepted.empty()) {
      accepted_[{s.table, p}].push_back(s.place.request_id);
      staked_in_[a.game_id].push_back(p);
    }
  }

  // A bet command of the player at the table with a line on `spot` is still unanswered.
  bool pending_on_spot(PlayerId p, size_t t, const std::string& spot) const {
    for (const auto& [key, s] : sent_) {
      if (s.kind != Kind::place || s.gen != gen_ || s.table != t || s.place.player != p ||
          s.fresh > 0)
        continue;
      for (const auto& l : s.place.bets)
        if (slots_[t].engine->canonical_spot(l.spot) == spot) return true;
    }
    return false;
  }

  // The player holds, in the round, a bet on `spot` that another command placed (or held one
  // that a take-back refunded: the table may not have heard yet).
  bool has_other_stake(PlayerId p, const std::string& round_id, const std::string& spot,
                       const std::string& place_key, bool or_taken_back = false) const {
    const BookRound* round = books_.round(round_id);
    if (!round) return false;
    return std::any_of(round->bets.begin(), round->bets.end(), [&](BetId id) {
      const BookBet& b = books_.bets().at(id);
      return b.player == p && b.spot == spot && b.place_key != place_key &&
             (b.state == BetState::accepted || (or_taken_back && b.state == BetState::refunded));
    });
  }

  struct RejectedBetView {
    std::string spot;
    Money amount;
    int code;
    bool used;
  };

  void check_cancelled(const Sent& s, const BetAck& a, PlayerId p, const std::string& what) {
    ++stats_.cancels;
    const std::string cancel_key =
        "cancel:" + a.game_id + ":" + std::to_string(p) + ":" + s.cancel.request_id;
    const auto refunded = book_set(books_.bets_ended_by(cancel_key));
    if (refunded != line_set(a.cancelled))
      fail(what + ": " + std::to_string(a.cancelled.size()) +
           " bets taken back, the ledger refunded " + std::to_string(refunded.size()));
    if (a.refusal && !a.cancelled.empty()) fail(what + ": refused, yet bets were taken back");
  }

  // A cash-out paid to a player (in its answer, or in the cashouts event for an automatic
  // one) is one the ledger committed for that player in that round, for what it says.
  void match_cash_out(PlayerId p, const std::string& round, const games::crash::CashedOut& paid,
                      const std::string& what) {
    for (auto& co : books_.cash_outs()) {
      if (co.announced || co.player != p || co.round_id != round || co.generation != gen_) continue;
      // The bets settled are the part cashed and the rest (returned as it was, to be staked
      // again).
      if (co.returned - paid.returned != co.staked - paid.stake) continue;
      co.announced = true;
      ++stats_.cash_outs_paid;
      return;
    }
    fail(what + ": paid " + show(paid.returned) + " for " + show(paid.stake) + " to player " +
         std::to_string(p) + " in " + round + ", which the ledger never committed");
  }

  void on_cash_out_ack(const std::string& key, const CashOutAck& a) {
    Sent& s = sent_.at(key);
    Slot& slot = slots_[s.table];
    ++s.answers;
    const std::string what = "cashoutack " + s.cash.request_id;
    json::object o = gateway::protocol::cash_out_ack_json(a, slot.spec.id);
    const std::string answer = canonical(o);
    digest_ = fnv(digest_, answer);
    trace("  " + what + ": " + json::serialize(o));
    check_codes(o, what);
    if (s.first) {
      if (answer != *s.first)
        fail(what + " answered differently when repeated: first " + *s.first + ", then " + answer);
      return;
    }
    s.first = answer;
    if (a.paid) match_cash_out(s.cash.player, a.game_id, *a.paid, what);
  }

  // ---- Events
  // -------------------------------------------------------------------------------------

  void on_event(size_t t, const TableEvent& event) {
    Slot& slot = slots_[t];
    ++stats_.events;
    const gateway::protocol::WireEvent w = gateway::protocol::wire_event(event);
    if (w.version != slot.last_v + 1)
      fail("table " + slot.spec.id + " published version " + std::to_string(w.version) + " after " +
           std::to_string(slot.last_v));
    slot.last_v = w.version;
    digest_ = fnv(digest_, *w.json);
    trace("event " + slot.spec.id + " v" + std::to_string(w.version) + " " + w.type + " " +
          event.head.game_id + (w.personal.empty() ? "" : " (+personal)"));
    auto version_of = [&](const std::string& text) {
      json::value v = json::parse(text);
      return v.as_object().at("v").as_int64();
    };
    if (version_of(*w.json) != static_cast<int64_t>(w.version))
      fail("table " + slot.spec.id + ": an event's v is not its version");
    std::map<PlayerId, json::object> parts;
    for (const auto& [player, text] : w.personal) {
      digest_ = fnv(digest_, *text);
      json::object mine = json::parse(*text).as_object();
      if (mine.at("v").as_int64() != static_cast<int64_t>(w.version))
        fail("table " + slot.spec.id + ": player " + std::to_string(player) +
             "'s copy of an event has another version");
      parts.emplace(player, std::move(mine));
    }
    if (slot.closed_round) {
      // table_closed is the table's last event.
      fail("table " + slot.spec.id + " published " + w.type + " (v" + std::to_string(w.version) +
           ") after table_closed");
    }
    if (std::holds_alternative<table::TableClosed>(event.body))
      slot.closed_round = event.head.game_id;
    if (std::holds_alternative<table::ResultShown>(event.body)) {
      announced(slot, event.head.game_id, RoundEnd::settled, parts);
    } else if (std::holds_alternative<table::RoundCancelled>(event.body)) {
      announced(slot, event.head.game_id, RoundEnd::cancelled, parts);
    } else if (std::holds_alternative<table::CashOutsPaid>(event.body)) {
      for (const auto& [player, part] : event.personal)
        for (const auto& c : part.cashed)
          match_cash_out(player, event.head.game_id, c, "an automatic cash-out of " + slot.spec.id);
    }
  }

  static Money money_at(const json::object& o, const char* field) {
    auto* v = o.if_contains(field);
    if (!v || !v->is_string()) return Money{INT64_MIN};
    return parse_money(v->as_string()).value_or(Money{INT64_MIN});
  }

  // A round's result or refund as its players read it: what the ledger did, player by player.
  void announced(const Slot& slot, const std::string& round_id, RoundEnd how,
                 const std::map<PlayerId, json::object>& parts) {
    const char* name = how == RoundEnd::settled ? "gameresult" : "cancelround";
    const BookRound* round = books_.round(round_id);
    if (!round || round->end != how)
      return fail(
          std::string(name) + " of " + round_id + " announced, but the ledger " +
          (!round || round->end == RoundEnd::none ? "has not ended it" : "ended it the other way"));
    if (!announced_.insert(round_id).second)
      return fail(std::string(name) + " of " + round_id + " announced twice");
    std::map<PlayerId, PlayerTotal> told;
    for (const auto& [player, o] : parts) {
      if (how == RoundEnd::settled && o.contains("win"))
        told[player] = {money_at(o, "stake"), money_at(o, "win")};
      if (how == RoundEnd::cancelled && o.contains("refunded"))
        told[player] = {money_at(o, "refunded"), money_at(o, "refunded")};
    }
    for (const auto& [player, total] : round->end_totals) {
      auto it = told.find(player);
      if (it == told.end())
        return fail(std::string(name) + " of " + round_id + " tells player " +
                    std::to_string(player) + " nothing of the " + show(total.staked) +
                    " they staked");
      if (it->second != total)
        return fail(std::string(name) + " of " + round_id + " tells player " +
                    std::to_string(player) + " stake " + show(it->second.staked) + ", return " +
                    show(it->second.returned) + "; the ledger moved " + show(total.staked) +
                    " and " + show(total.returned));
    }
    if (told.size() != round->end_totals.size())
      fail(std::string(name) + " of " + round_id + " tells a result to a player with no bet in it");
  }

  // ---- Invariants after every step
  // ----------------------------------------------------------------

  void check_step() {
    if (failure_) return;
    ledger::Ledger& real = ledger_->real();
    // Every player's balance every 16 steps and at the end; in between, those whose money
    // the books moved (the ledger's reads were the simulator's largest cost). Money the
    // ledger moves behind the books' back shows at the next whole check.
    std::set<PlayerId> players = books_.take_touched();
    const bool whole = step_ % 16 == 0 || final_phase_;
    if (whole) {
      players.clear();
      for (PlayerId p = 1; p <= players_; ++p) players.insert(p);
    }
    for (PlayerId p : players) {
      const ledger::Balance b = real.balance(p, kCurrency);
      if (b.cash.is_negative() || b.bonus.is_negative())
        return fail("player " + std::to_string(p) + "'s balance is negative: cash " + show(b.cash) +
                    ", bonus " + show(b.bonus));
      if (b.total() != books_.expected_balance(p))
        return fail("money: player " + std::to_string(p) + " holds " + show(b.total()) +
                    "; funding, stakes and returns say " + show(books_.expected_balance(p)));
    }
    // What is staked: the ledger's bets in play are the books' accepted bets, table by table
    // (at the whole checks: each commit's own answer is checked as it comes).
    for (const auto& slot : slots_) {
      if (!whole) break;
      std::set<std::pair<BetId, int64_t>> ledger_bets, book_bets;
      std::set<std::string> ledger_rounds, book_rounds;
      for (const auto& r : real.unsettled_rounds(slot.spec.id)) {
        ledger_rounds.insert(r.round_id);
        for (const auto& b : r.bets) ledger_bets.insert({b.id, b.amount.units});
      }
      for (const auto& [id, r] : books_.rounds()) {
        if (r.table_id != slot.spec.id || r.end != RoundEnd::none) continue;
        book_rounds.insert(id);
        for (BetId b : r.bets)
          if (books_.bets().at(b).state == BetState::accepted)
            book_bets.insert({b, books_.bets().at(b).amount.units});
      }
      if (ledger_rounds != book_rounds)
        return fail("table " + slot.spec.id + ": the ledger has " +
                    std::to_string(ledger_rounds.size()) + " rounds unsettled, the books " +
                    std::to_string(book_rounds.size()));
      if (ledger_bets != book_bets)
        return fail("money: table " + slot.spec.id + " has " + std::to_string(ledger_bets.size()) +
                    " bets in play in the ledger, " + std::to_string(book_bets.size()) +
                    " in the books");
    }
  }

  // ---- The end: every table closed, every bet settled or refunded once
  // ---------------------------

  void finish() {
    final_phase_ = true;
    ledger_->allow_crashes(false);
    shut_down();
    if (failure_) return;
    ledger::Ledger* real = &ledger_->real();
    for (const auto& slot : slots_) {
      for (const auto& r : real->unsettled_rounds(slot.spec.id)) {
        if (!books_.recovery_failed.contains(r.round_id)) continue;
        return fail("round " + r.round_id + " is neither settled nor refunded after every " +
                    "table closed: Table::recover's settlement or refund of it failed and was " +
                    "not retried (" + std::to_string(r.bets.size()) + " bets)");
      }
    }
    for (const auto& slot : slots_) {
      const auto open = real->unsettled_rounds(slot.spec.id);
      if (!open.empty())
        return fail("table " + slot.spec.id + " closed with round " + open.front().round_id +
                    " neither settled nor refunded in the ledger (" +
                    std::to_string(open.front().bets.size()) + " bets in play)");
    }
    for (const auto& [id, bet] : books_.bets())
      if (bet.state == BetState::accepted)
        return fail("bet " + std::to_string(id) + " (" + bet.place_key +
                    ") was never settled nor refunded");
    const ledger::CheckReport report = ledger::check_ledger(path_);
    if (!report.ok)
      return fail("ledger-check: " +
                  (report.problems.empty() ? std::string("not ok") : report.problems.front()));
    if (report.bets_in_play != 0 || report.rounds_open != 0)
      return fail("ledger-check: " + std::to_string(report.bets_in_play) + " bets in play in " +
                  std::to_string(report.rounds_open) + " open rounds at the end");

    // Each player's money: funding plus the net result of every bet.
    std::map<PlayerId, Money> net;
    for (const auto& [id, bet] : books_.bets()) net[bet.player] += bet.returned - bet.amount;
    for (PlayerId p = 1; p <= players_; ++p) {
      const Money want = books_.funded_total(p) + net[p];
      const Money got = real->balance(p, kCurrency).total();
      if (got != want)
        return fail("player " + std::to_string(p) + " ends with " + show(got) + "; funding " +
                    show(books_.funded_total(p)) + " and net results " + show(net[p]) + " say " +
                    show(want));
    }
    // Every round's end was announced to its players (checked against the ledger as it was
    // announced), unless the run that ended it crashed before it could, or Table::recover
    // settled it (which announces nothing: docs/testing.md).
    for (const auto& [id, round] : books_.rounds()) {
      if (round.end == RoundEnd::none || announced_.contains(id)) continue;
      if (round.end == RoundEnd::settled && round.ended_in_recovery) {
        ++stats_.unannounced_recovery_settles;
        continue;
      }
      if (!shut_down_runs_.contains(round.end_generation)) {
        ++stats_.unannounced_after_crash;
        continue;
      }
      return fail("round " + id + " was " +
                  (round.end == RoundEnd::settled ? "settled" : "refunded") + " by run " +
                  std::to_string(round.end_generation) +
                  ", which was shut down, and never announced");
    }
  }

  // Shuts every table down and runs until they are done and quiet (an hour of simulated time
  // at most, the faults still failing and holding writes); then checks what the run owes.
  void shut_down() {
    ++step_;
    ledger_->set_step(step_);
    // A crash decided before crashes were turned off (the last step's, or an operation's)
    // starts new tables, and those are the ones to shut down: each run's are asked anew.
    settle_crashes();
    int asked = -1;
    auto ask = [&] {
      asked = gen_;
      for (size_t i = 0; i < slots_.size() && !failure_ && gen_ == asked; ++i) {
        const int gen = gen_;
        slots_[i].closing = true;
        slots_[i].table->shutdown([this, i, gen] {
          if (gen == gen_) closed(i);
        });
        slots_[i].table->advance();
        drain();
        settle_crashes();
      }
    };
    ask();
    for (int n = 0; n < 3600 && !failure_; ++n, ++step_) {
      if (asked != gen_) ask();
      ledger_->set_step(step_);
      ledger_->release();
      drain();
      const bool quiet = posted_.empty() && !ledger_->holding() &&
                         std::all_of(slots_.begin(), slots_.end(), [](const Slot& s) {
                           return s.closed && !s.table->next_deadline();
                         });
      if (quiet) break;
      run_for(Millis{1000});
      check_step();
    }
    if (failure_) return;
    for (auto& slot : slots_) {
      if (slot.closed) continue;
      const bool opening = slot.table->state() == games::RoundState::initialising &&
                           !slot.table->next_deadline() && !ledger_->holding();
      return fail("liveness: table " + slot.spec.id + " did not close within an hour (state " +
                  std::to_string(games::to_int(slot.table->state())) +
                  (opening ? ", no deadline, nothing held for it" : "") + ")");
    }
    ledger_->release(true);
    drain();
    check_step();
    if (failure_) return;
    shut_down_runs_.insert(gen_);
    for (const auto& co : books_.cash_outs())
      if (co.generation == gen_ && !co.announced)
        return fail("cash-out " + co.key + " of player " + std::to_string(co.player) +
                    " was paid and never announced");
    for (const auto& [key, s] : sent_)
      if (s.gen == gen_ && s.answers != s.sends)
        return fail("a command (" + s.expect.what + ", " + key + ") was sent " +
                    std::to_string(s.sends) + " times and answered " + std::to_string(s.answers) +
                    " times");
  }

  // shutdown()'s `done`: the ledger has committed everything the table did, so no round this
  // run opened is still open.
  void closed(size_t i) {
    Slot& slot = slots_[i];
    slot.closed = true;
    trace("table " + slot.spec.id + " is done");
    for (const auto& [id, round] : books_.rounds()) {
      if (round.table_id != slot.spec.id || round.open_generation != gen_ ||
          round.end != RoundEnd::none)
        continue;
      return fail("table " + slot.spec.id + " ran shutdown's done while round " + id +
                  " (opened by this run, " + std::to_string(round.bets.size()) +
                  " bets) is still open in the ledger");
    }
  }

  // ---- State
  // ------------------------------------------------------------------------------------------

  const Options options_;
  SimClock clock_;
  SeededRng choices_;    // the players' choices and the time steps
  SeededRng fault_rng_;  // the faults
  Books books_;
  std::string path_;
  std::unique_ptr<sqlite::Db> memory_;  // holds the ledger in memory (no --dir)
  FaultPlan plan_;
  double crash_per_step_ = 0;
  int players_ = 0;
  std::vector<Slot> slots_;
  std::unique_ptr<FaultyLedger> ledger_;
  int gen_ = 0;
  bool final_phase_ = false;
  int64_t step_ = 0;
  std::deque<std::pair<size_t, std::function<void()>>> posted_;
  std::map<std::string, Sent> sent_;
  std::vector<std::string> repeatable_;  // keys of this run's commands that may be repeated
  std::map<std::pair<size_t, PlayerId>, std::vector<std::string>> accepted_;  // request ids
  std::map<std::string, std::vector<PlayerId>> staked_in_;  // players with bets, by round
  std::set<std::string> announced_;  // rounds whose gameresult or cancelround was published
  std::set<int> shut_down_runs_;     // the runs that ended with shutdown(), not a crash
  int64_t request_ids_ = 0;
  int64_t funds_ = 0;
  uint64_t digest_ = 0xcbf29ce484222325ULL;
  std::optional<std::string> failure_;
  int64_t failed_at_ = 0;
  Stats stats_;
};

}  // namespace

Outcome run_seed(const Options& options) {
  try {
    Simulation sim(options);
    return sim.run();
  } catch (const std::exception& e) {
    // Whatever threw (the ledger, a table, the simulation itself), the seed reproduces it.
    Outcome out;
    out.ok = false;
    out.failure = std::string("exception: ") + e.what();
    return out;
  }
}

std::optional<Breakage> parse_breakage(std::string_view name) {
  if (name == "none") return Breakage::none;
  if (name == "pay-double") return Breakage::pay_double;
  if (name == "skip-refund") return Breakage::skip_refund;
  return std::nullopt;
}

std::string_view breakage_name(Breakage b) {
  switch (b) {
    case Breakage::none:
      return "none";
    case Breakage::pay_double:
      return "pay-double";
    case Breakage::skip_refund:
      return "skip-refund";
  }
  return "none";
}

}  // namespace croupier::sim
