#include "table/table_actor.hpp"

#include <boost/asio/post.hpp>

#include "core/metrics.hpp"

namespace croupier::table {

namespace asio = boost::asio;

TableActor::TableActor(asio::io_context& io, TableConfig config, Engines engines,
                       const Clock& clock, std::unique_ptr<Rng> rng, ledger::Ledger& ledger,
                       Table::Publish publish, size_t inbox_max)
    : clock_(clock),
      strand_(asio::make_strand(io)),
      timer_(strand_),
      rng_(std::move(rng)),
      table_(
          std::move(config), std::move(engines), clock, *rng_, ledger,
          [this](std::function<void()> fn) { run(std::move(fn)); }, std::move(publish)),
      inbox_max_(inbox_max) {}

void TableActor::run(std::function<void()> fn) {
  asio::post(strand_, [this, fn = std::move(fn)] {
    fn();
    if (halted_) return;
    table_.advance();
    arm();
  });
}

void TableActor::arm() {
  auto deadline = table_.next_deadline();
  if (!deadline) {
    timer_.cancel();
    return;
  }
  timer_.expires_at(std::chrono::steady_clock::time_point(deadline->time_since_epoch()));
  timer_.async_wait([this](boost::system::error_code ec) {
    if (ec || halted_) return;  // cancelled: re-armed elsewhere
    table_.advance();
    arm();
  });
}

void TableActor::start() {
  run([this] { table_.start(); });
}

namespace {

// Bet commands waiting in every table's inbox (`make soak` watches it).
metrics::Gauge& inbox_depth() {
  static metrics::Gauge& g = metrics::registry().gauge(
      "croupier_table_inbox_depth", "Bet commands waiting in the tables' inboxes, all tables.");
  return g;
}

}  // namespace

bool TableActor::enter_inbox(const std::string& request_id, const std::vector<games::BetLine>& bets,
                             const AckFn& busy) {
  if (inbox_.fetch_add(1, std::memory_order_relaxed) < inbox_max_) {
    inbox_depth().add(1);
    return true;
  }
  inbox_.fetch_sub(1, std::memory_order_relaxed);
  BetAck refused;
  refused.request_id = request_id;
  refused.refusal = Refusal{ErrorCode::BetsNotAccepted, "the table is busy; try again"};
  for (const auto& l : bets)
    refused.rejected.push_back({l.spot, l.amount, ErrorCode::BetsNotAccepted});
  busy(refused);
  return false;
}

void TableActor::place_bets(PlaceBetsCommand command, AckFn ack) {
  if (!enter_inbox(command.request_id, command.bets, ack)) return;
  run([this, command = std::move(command), ack = std::move(ack)]() mutable {
    inbox_.fetch_sub(1, std::memory_order_relaxed);
    inbox_depth().add(-1);
    table_.place_bets(std::move(command), std::move(ack));
  });
}

void TableActor::cancel_bets(CancelBetsCommand command, AckFn ack) {
  if (!enter_inbox(command.request_id, {}, ack)) return;
  run([this, command = std::move(command), ack = std::move(ack)]() mutable {
    inbox_.fetch_sub(1, std::memory_order_relaxed);
    inbox_depth().add(-1);
    table_.cancel_bets(std::move(command), std::move(ack));
  });
}

void TableActor::sit(ledger::PlayerId player, Persona who, int seat,
                     std::function<void(SeatReply)> reply) {
  run([this, player, who = std::move(who), seat, reply = std::move(reply)]() mutable {
    reply(table_.sit(player, std::move(who), seat));
  });
}

void TableActor::leave(ledger::PlayerId player, int seat) {
  run([this, player, seat] { table_.leave(player, seat); });
}

void TableActor::decide(DecisionCommand command, DecisionFn ack) {
  run([this, command = std::move(command), ack = std::move(ack)]() mutable {
    table_.decide(std::move(command), std::move(ack));
  });
}

void TableActor::set_blackjack_prefs(ledger::PlayerId player, BlackjackPrefs prefs) {
  run([this, player, prefs] { table_.set_blackjack_prefs(player, prefs); });
}

void TableActor::autoplay(AutoplayCommand command, std::function<void(AutoplayAck)> reply) {
  run([this, command = std::move(command), reply = std::move(reply)]() mutable {
    reply(table_.autoplay(std::move(command)));
  });
}

void TableActor::cash_out(CashOutCommand command, CashOutFn ack) {
  // The time of receipt decides a cash-out against the crash instant, not the queue's.
  command.received = clock_.now();
  run([this, command = std::move(command), ack = std::move(ack)]() mutable {
    table_.cash_out(std::move(command), std::move(ack));
  });
}

void TableActor::auto_cash_out(AutoCashOutCommand command,
                               std::function<void(AutoCashOutAck)> reply) {
  run([this, command = std::move(command), reply = std::move(reply)]() mutable {
    reply(table_.auto_cash_out(std::move(command)));
  });
}

void TableActor::choose(ChooseCommand command, std::function<void(ChooseAck)> reply) {
  // The time of receipt decides a choice against its deadline, not the queue's.
  command.received = clock_.now();
  run([this, command = std::move(command), reply = std::move(reply)]() mutable {
    reply(table_.choose(std::move(command)));
  });
}

void TableActor::chat(ledger::PlayerId player, Persona who, std::string text, std::string role,
                      std::function<void(std::optional<ErrorCode>)> reply) {
  run([this, player, who = std::move(who), text = std::move(text), role = std::move(role),
       reply = std::move(reply)] { reply(table_.chat(player, who, text, role)); });
}

void TableActor::squeeze(ledger::PlayerId player, size_t index, double progress,
                         std::function<void(std::optional<ErrorCode>)> reply) {
  run([this, player, index, progress, reply = std::move(reply)] {
    reply(table_.squeeze(player, index, progress));
  });
}

void TableActor::announce_closing(int minutes) {
  run([this, minutes] { table_.announce_closing(minutes); });
}

void TableActor::studio(std::function<std::optional<Refusal>(Table&)> fn,
                        std::function<void(std::optional<Refusal>, DealerView)> reply) {
  asio::post(strand_, [this, fn = std::move(fn), reply = std::move(reply)] {
    auto refusal =
        halted_ ? Refusal{ErrorCode::ActionFailed, "the table moved to another node"} : fn(table_);
    if (!halted_) {
      table_.advance();
      arm();
    }
    reply(std::move(refusal), table_.dealer_view());
  });
}

void TableActor::snapshot(ledger::PlayerId player, std::function<void(TableSnapshot)> reply) {
  asio::post(strand_, [this, player, reply = std::move(reply)] { reply(table_.snapshot(player)); });
}

void TableActor::shutdown(std::function<void()> done) {
  run([this, done = std::move(done)]() mutable { table_.shutdown(std::move(done)); });
}

void TableActor::hand_over(std::function<void()> done) {
  run([this, done = std::move(done)]() mutable { table_.hand_over(std::move(done)); });
}

void TableActor::halt() {
  asio::post(strand_, [this] {
    halted_ = true;
    timer_.cancel();
  });
}

void TableActor::inspect(std::function<void(const Table&)> fn) {
  asio::post(strand_, [this, fn = std::move(fn)] { fn(table_); });
}

}  // namespace croupier::table
