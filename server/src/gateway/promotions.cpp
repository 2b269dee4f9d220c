#include "gateway/promotions.hpp"

#include <algorithm>
#include <boost/json.hpp>
#include <cstdio>
#include <future>

#include "core/log.hpp"
#include "gateway/services.hpp"
#include "gateway/ws_frame.hpp"
#include "gateway/ws_session.hpp"

namespace croupier::gateway {

namespace json = boost::json;

namespace {

constexpr size_t kLeaderboardSize = 10;

json::array money_list(const std::vector<Money>& amounts) {
  json::array out;
  for (Money m : amounts) out.emplace_back(format_money(m));
  return out;
}

json::array text_list(const std::vector<std::string>& texts) {
  json::array out;
  for (const std::string& t : texts) out.emplace_back(t);
  return out;
}

bool hides_names(const config::Operator& op) {
  const json::value* v = op.casino_config.if_contains("hide_screenname_leaderboard");
  return v && v->is_bool() && v->as_bool();
}

// The first character (UTF-8) and three stars.
std::string masked(const std::string& name) {
  if (name.empty()) return "***";
  size_t n = 1;
  while (n < name.size() && (static_cast<unsigned char>(name[n]) & 0xC0) == 0x80) ++n;
  return name.substr(0, n) + "***";
}

}  // namespace

PromotionService::PromotionService(Services& svc, std::string token_secret)
    : svc_(svc), secret_(std::move(token_secret)) {}

PromotionService::Board PromotionService::compute(const config::Promotion& p,
                                                  const config::Promotion::Period& period) {
  ledger::PromoQuery q;
  for (const store::PromoEntry& e : svc_.store.promo_entrants(period.id))
    q.entrants.push_back({e.player_id, e.since_ms});
  q.currency = p.currency;
  q.from_ms = period.starts_ms;
  q.to_ms = period.ends_ms;
  q.games = p.games;
  q.min_bet = p.min_bet;
  Board board;
  for (const ledger::PromoScore& s : svc_.ledger.promotion_scores(q)) {
    Standing st;
    st.player = s.player;
    st.last_ms = s.last_ms;
    switch (p.scoring) {
      case config::Scoring::most_wagered:
        st.key = s.wagered.units;
        st.score = format_money(s.wagered);
        break;
      case config::Scoring::biggest_multiplier: {
        st.key = s.best_multiple;
        char text[32];
        std::snprintf(text, sizeof text, "%lld.%02lld",
                      static_cast<long long>(s.best_multiple / 1000),
                      static_cast<long long>(s.best_multiple % 1000 / 10));
        st.score = text;
        break;
      }
      case config::Scoring::most_wins:
        st.key = s.wins;
        st.score = std::to_string(s.wins);
        break;
    }
    board.ranked.push_back(std::move(st));
  }
  // The best first; a tie goes to who reached the score first, then to the lower id.
  std::sort(board.ranked.begin(), board.ranked.end(), [](const Standing& a, const Standing& b) {
    if (a.key != b.key) return a.key > b.key;
    if (a.last_ms != b.last_ms) return a.last_ms < b.last_ms;
    return a.player < b.player;
  });
  return board;
}

const PromotionService::Board& PromotionService::board_of(const config::Promotion& p,
                                                          const config::Promotion::Period& period) {
  auto it = boards_.find(period.id);
  if (it == boards_.end()) it = boards_.emplace(period.id, compute(p, period)).first;
  return it->second;
}

std::string PromotionService::name_of(int64_t player, bool hidden) {
  auto p = svc_.store.player(player);
  const std::string name = p ? p->screen_name : std::string("Player ") + std::to_string(player);
  return hidden ? masked(name) : name;
}

json::object PromotionService::promotion_json(const store::Player& player,
                                              const config::Operator& op,
                                              const config::Promotion& p, int64_t now_ms) {
  const config::Promotion::Period period = p.period_at(now_ms);
  const char* status = now_ms < period.starts_ms ? "upcoming"
                       : now_ms < period.ends_ms ? "running"
                                                 : "ended";
  const Board& board = board_of(p, period);
  const auto entry = svc_.store.promo_entry(period.id, player.id);
  const bool opted_in = entry && entry->opted_in;
  const bool hidden = hides_names(op);
  json::array leaderboard;
  json::value standing = nullptr;
  for (size_t i = 0; i < board.ranked.size(); ++i) {
    const Standing& s = board.ranked[i];
    const bool me = s.player == player.id;
    if (me) standing = json::object{{"rank", i + 1}, {"score", s.score}};
    if (i < kLeaderboardSize) {
      leaderboard.push_back(
          json::object{{"rank", i + 1},
                       {"name", me ? name_of(s.player, false) : name_of(s.player, hidden)},
                       {"score", s.score},
                       {"me", me}});
    }
  }
  return json::object{{"promotionId", p.id},
                      {"period", period.id},
                      {"name", p.name},
                      {"status", status},
                      {"startsAt", period.starts_ms},
                      {"endsAt", period.ends_ms},
                      {"games", text_list(p.games)},
                      {"minBet", format_money(p.min_bet)},
                      {"scoring", std::string(config::scoring_name(p.scoring))},
                      {"prizes", money_list(p.prizes)},
                      {"optedIn", opted_in},
                      {"players", board.ranked.size()},
                      {"standing", std::move(standing)},
                      {"leaderboard", std::move(leaderboard)},
                      {"paid", paid_.contains(period.id)}};
}

json::object PromotionService::info(const store::Player& player) {
  std::lock_guard lock(mu_);
  json::array list;
  json::value trophy = nullptr;
  const config::Operator* op = svc_.casino.find_operator(player.operator_id);
  const int64_t now = svc_.clock.wall_ms();
  if (op) {
    for (const config::Promotion& p : op->promotions) {
      if (p.currency != player.currency) continue;
      json::object one = promotion_json(player, *op, p, now);
      if (trophy.is_null() && one.at("status").as_string() == "running") {
        trophy = json::object{{"enabled", true},
                              {"active", one.at("optedIn").as_bool()},
                              {"minBet", one.at("minBet")},
                              {"promotionId", p.id},
                              {"name", p.name},
                              {"games", one.at("games")}};
      }
      list.push_back(std::move(one));
    }
  }
  return json::object{{"promotions", std::move(list)}, {"trophy", std::move(trophy)}};
}

std::pair<PromotionService::Opted, json::object> PromotionService::opt(
    const store::Player& player, std::string_view promotion_id, bool opt_in) {
  std::lock_guard lock(mu_);
  const config::Operator* op = svc_.casino.find_operator(player.operator_id);
  const int64_t now = svc_.clock.wall_ms();
  if (op) {
    for (const config::Promotion& p : op->promotions) {
      if (p.id != promotion_id || p.currency != player.currency) continue;
      const auto period = p.period_at(now);
      if (now >= period.ends_ms) return {Opted::ended, promotion_json(player, *op, p, now)};
      svc_.store.set_promo_entry(period.id, player.id, opt_in, now);
      boards_.erase(period.id);  // recomputed with the new entrant (or without them)
      return {Opted::ok, promotion_json(player, *op, p, now)};
    }
  }
  return {Opted::unknown, json::object{}};
}

void PromotionService::pay(const config::Promotion& p, const config::Promotion::Period& period) {
  const Board board = compute(p, period);
  bool all = true;
  for (size_t rank = 0; rank < p.prizes.size() && rank < board.ranked.size(); ++rank) {
    const Standing& s = board.ranked[rank];
    if (s.key <= 0) break;  // nobody scored from here on
    auto done = std::make_shared<std::promise<Result<ledger::Done, ledger::Failure>>>();
    auto answer = done->get_future();
    svc_.ledger.submit(ledger::Fund{"promo:" + period.id + ":" + std::to_string(rank + 1), s.player,
                                    p.currency, p.prizes[rank], "promo", false},
                       [done](Result<ledger::Done, ledger::Failure> r) { done->set_value(r); });
    auto r = answer.get();
    if (!r.ok()) {
      // key_conflict: that rank was paid to another player before (standings that moved
      // after a payment: a bug) or the store lost an entry; never paid twice.
      all = false;
      log::error("a promotion prize was not paid", {{"period", period.id},
                                                    {"rank", static_cast<int64_t>(rank + 1)},
                                                    {"player", s.player},
                                                    {"failure", ledger::failure_name(r.error())}});
    } else if (!r->replayed) {
      log::info("promotion prize paid", {{"period", period.id},
                                         {"rank", static_cast<int64_t>(rank + 1)},
                                         {"player", s.player},
                                         {"amount", format_money(p.prizes[rank])}});
    }
  }
  if (all) paid_.insert(period.id);
  boards_[period.id] = board;
}

void PromotionService::tick() {
  std::lock_guard lock(mu_);
  const int64_t now = svc_.clock.wall_ms();
  for (const config::Operator& op : svc_.casino.operators) {
    for (const config::Promotion& p : op.promotions) {
      const auto period = p.period_at(now);
      const int64_t grace = svc_.settings.promo_prize_grace_ms;
      if (now >= period.starts_ms && now < period.ends_ms + grace)
        boards_[period.id] = compute(p, period);
      // The period to pay: a fixed one once it ended (and its last rounds settled), a
      // recurring one's previous.
      const auto ended = p.recurrence.empty() ? period : p.period_before(now);
      if (!ended.id.empty() && now >= ended.ends_ms + grace && !paid_.contains(ended.id))
        pay(p, ended);
    }
  }
  // Every socket whose view changed hears it; closed ones are dropped.
  std::erase_if(sockets_, [](const Socket& s) { return s.ws.expired(); });
  for (Socket& s : sockets_) {
    auto ws = s.ws.lock();
    if (!ws) continue;
    json::object view = info(s.player);
    view["type"] = "promotions";
    std::string text = json::serialize(view);
    if (text == s.last) continue;
    s.last = text;
    ws->send(ws::text_frame(std::move(text)));
  }
}

void PromotionService::attach(const std::shared_ptr<WsSession>& socket,
                              const store::Player& player) {
  std::lock_guard lock(mu_);
  json::object view = info(player);
  view["type"] = "promotions";
  std::string text = json::serialize(view);
  socket->send(ws::text_frame(text));
  sockets_.push_back(Socket{socket, player, std::move(text)});
}

}  // namespace croupier::gateway
