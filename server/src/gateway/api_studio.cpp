// The studio console's API (docs/studio.md "The console's API"): the staff's login, the
// tables as the studio sees them, the human dealer's actions and the supervisor's tools.
//
// Staff sessions live in this process (a console talks to the node that runs its tables);
// the cookie is HttpOnly, SameSite=Strict and scoped to /studio, and every non-GET call
// passes the router's anti-forgery check like the player's.
#include <atomic>
#include <boost/json.hpp>
#include <chrono>
#include <mutex>
#include <unordered_map>

#include "core/crypto.hpp"
#include "core/log.hpp"
#include "gateway/api.hpp"

namespace croupier::gateway {

namespace json = boost::json;

namespace {

constexpr std::string_view kStaffCookie = "STUDIO_SESSION";
constexpr int64_t kSessionMaxMs = 12 * 3600 * 1000;
constexpr int64_t kSessionIdleMs = 30 * 60 * 1000;
constexpr size_t kSessionsMax = 10000;

// The staff's sessions: token -> login, ended by age, idleness or logout.
class StaffSessions {
 public:
  std::string open(const std::string& login, int64_t now) {
    std::lock_guard lock(mu_);
    if (sessions_.size() >= kSessionsMax) forget_expired(now);
    if (sessions_.size() >= kSessionsMax) sessions_.clear();  // a flood: everyone again
    std::string token = crypto::random_token(32);
    sessions_[token] = {login, now, now};
    return token;
  }
  std::optional<std::string> find(const std::string& token, int64_t now) {
    std::lock_guard lock(mu_);
    auto it = sessions_.find(token);
    if (it == sessions_.end()) return std::nullopt;
    if (now - it->second.opened > kSessionMaxMs || now - it->second.seen > kSessionIdleMs) {
      sessions_.erase(it);
      return std::nullopt;
    }
    it->second.seen = now;
    return it->second.login;
  }
  void close(const std::string& token) {
    std::lock_guard lock(mu_);
    sessions_.erase(token);
  }

 private:
  struct Session {
    std::string login;
    int64_t opened = 0;
    int64_t seen = 0;
  };
  void forget_expired(int64_t now) {
    for (auto it = sessions_.begin(); it != sessions_.end();)
      it = now - it->second.opened > kSessionMaxMs || now - it->second.seen > kSessionIdleMs
               ? sessions_.erase(it)
               : std::next(it);
  }
  std::mutex mu_;
  std::unordered_map<std::string, Session> sessions_;
};

StaffSessions& staff_sessions() {
  static StaffSessions sessions;
  return sessions;
}

std::string staff_cookie(const Ctx& ctx, std::string_view value) {
  std::string c = std::string(kStaffCookie) + "=" + std::string(value) +
                  "; Path=/studio; SameSite=Strict; HttpOnly";
  if (ctx.svc.settings.secure_cookies) c += "; Secure";
  return c;
}

json::object staff_json(const config::StaffMember& m) {
  return {{"login", m.login}, {"name", m.name}, {"role", m.supervisor ? "supervisor" : "dealer"}};
}

// The signed-in member of the staff, or the refusal.
Result<const config::StaffMember*, StringReply> staff_of(Ctx& ctx) {
  auto login = staff_sessions().find(ctx.cookie(kStaffCookie), ctx.svc.clock.wall_ms());
  const config::StaffMember* m = login ? ctx.svc.casino.find_staff(*login) : nullptr;
  if (!m)
    return error_reply(ctx.req, http::status::unauthorized, "NO_STAFF_SESSION",
                       "sign in to the studio console");
  return m;
}

std::optional<std::string> text_of(const json::object& o, std::string_view key) {
  auto* v = o.if_contains(key);
  if (!v || !v->is_string()) return std::nullopt;
  return std::string(v->as_string());
}

// The reply's shape (HTTP version, keep-alive), for a reply made later.
Request shape_of(const Ctx& ctx) {
  Request shape;
  shape.version(ctx.req.version());
  shape.keep_alive(ctx.req.keep_alive());
  return shape;
}

StringReply not_here(const Request& req) {
  return error_reply(req, http::status::service_unavailable, "NOT_HERE",
                     "this table runs on another node of the cluster: use that node's console");
}

using StudioFn = std::function<std::optional<Refusal>(table::Table&)>;
using MakeReply =
    std::function<StringReply(const Request&, std::optional<Refusal>, const table::DealerView&)>;

// Runs `fn` on the table's strand; the reply is made from its refusal and the console's
// view after it, once the table has answered (no io thread waits for it).
Reply ask(Ctx& ctx, const LiveTable& live, StudioFn fn, MakeReply make) {
  auto actor = live.table->local();
  if (!actor) return not_here(ctx.req);
  return LaterReply{[actor, fn = std::move(fn), make = std::move(make),
                     shape = shape_of(ctx)](std::function<void(StringReply)> send) mutable {
    actor->studio(std::move(fn), [send = std::move(send), make = std::move(make), shape](
                                     std::optional<Refusal> r, table::DealerView v) {
      send(make(shape, std::move(r), v));
    });
  }};
}

json::object row_json(Services& svc, const LiveTable& live, const table::DealerView& v) {
  const table::TableConfig& c = live.def->config;
  json::object o{{"id", c.id},
                 {"name", c.name},
                 {"game", c.game},
                 {"variant", c.variant},
                 {"dealerMode", v.human ? "human" : "rng"},
                 {"humanDealing", v.human_possible},
                 {"paused", v.paused},
                 {"state", games::to_int(v.state)},
                 {"stateName", std::string(games::state_name(v.state))},
                 {"roundId", v.round_id},
                 {"watching", live.channel->subscriber_count()},
                 {"bettors", v.bettors}};
  if (v.next_human) o["nextDealerMode"] = *v.next_human ? "human" : "rng";
  json::object stakes;
  for (const auto& [currency, total] : v.stakes) stakes[currency] = format_money(total);
  o["stakes"] = std::move(stakes);
  if (v.closes)
    o["closesAt"] = svc.clock.wall_ms() +
                    std::chrono::duration_cast<Millis>(*v.closes - svc.clock.now()).count();
  if (live.studio) {
    const studio::StudioHealth h = live.studio->health();
    json::object s{{"state", h.unavailable() ? "unavailable"
                             : h.live        ? "live"
                                             : "idle"},
                   {"renditions", live.studio->video().renditions.size()},
                   {"starts", h.starts},
                   {"failures", h.failures}};
    if (!h.error.empty()) s["lastError"] = h.error;
    o["stream"] = std::move(s);
  }
  return o;
}

json::object detail_json(Services& svc, const LiveTable& live, const table::DealerView& v) {
  json::object o = row_json(svc, live, v);
  json::array cards;
  for (size_t i = 0; i < v.cards.size(); ++i)
    cards.push_back(
        json::object{{"hand", v.cards[i].hand}, {"card", v.cards[i].card}, {"index", i}});
  json::object round{{"cards", std::move(cards)},
                     {"nextHand", v.next_hand ? json::value(*v.next_hand) : json::value(nullptr)},
                     {"number", v.number ? json::value(*v.number) : json::value(nullptr)},
                     {"result", v.result ? json::value(*v.result) : json::value(nullptr)},
                     {"canOpen", v.can_open},
                     {"canClose", v.can_close},
                     {"canSpin", v.can_spin},
                     {"canEnter", v.can_enter},
                     {"canUndo", v.can_undo},
                     {"canConfirm", v.can_confirm},
                     {"canVoid", v.can_void},
                     {"canNewShoe", v.can_new_shoe}};
  o["round"] = std::move(round);
  json::array bets;
  for (const auto& b : v.bets)
    bets.push_back(json::object{{"playerId", std::to_string(b.player)},
                                {"name", b.name},
                                {"currency", b.currency},
                                {"total", format_money(b.total)}});
  o["bets"] = std::move(bets);
  return o;
}

// ---- Sign-in ----------------------------------------------------------------------------

Reply login(Ctx& ctx) {
  auto body = json_object_body(ctx);
  if (!body.ok()) return body.error();
  const std::string name = text_of(*body, "login").value_or("");
  const std::string password = text_of(*body, "password").value_or("");
  // Five tries a minute for one login, whoever makes them, and twenty from one address; at
  // most two password checks at once (each takes a core for a tenth of a second).
  static RateLimiter per_login(5.0 / 60.0, 5);
  static RateLimiter per_address(20.0 / 60.0, 20);
  const int64_t now = ctx.svc.clock.wall_ms();
  if (!per_address.allow(ctx.client_ip, now) || !per_login.allow(name.substr(0, 64), now))
    return error_reply(ctx.req, http::status::too_many_requests, "TOO_MANY_TRIES",
                       "too many sign-ins: wait a minute");
  static std::atomic<int> checking{0};
  struct Slot {
    bool taken = checking.fetch_add(1) < 2;
    ~Slot() { checking.fetch_sub(1); }
  } slot;
  if (!slot.taken)
    return error_reply(ctx.req, http::status::service_unavailable, "BUSY",
                       "the studio is signing others in: try again in a moment");
  const config::StaffMember* m = ctx.svc.casino.find_staff(name);
  // An unknown login costs as long as a wrong password.
  static const std::string dummy = crypto::hash_password("not a password of anyone's");
  const bool ok = password.size() <= 1024 &&
                  crypto::verify_password(m ? m->password_hash : dummy, password) && m;
  if (!ok) {
    log::info("studio sign-in refused", {{"login", name.substr(0, 64)}});
    return error_reply(ctx.req, http::status::unauthorized, "BAD_LOGIN",
                       "no such login, or the wrong password");
  }
  const std::string token = staff_sessions().open(m->login, ctx.svc.clock.wall_ms());
  ctx.set_cookies.push_back(staff_cookie(ctx, token));
  log::info("studio sign-in", {{"login", m->login}});
  return json_reply(ctx.req, http::status::ok, staff_json(*m));
}

Reply logout(Ctx& ctx) {
  staff_sessions().close(ctx.cookie(kStaffCookie));
  ctx.set_cookies.push_back(staff_cookie(ctx, "") + "; Max-Age=0");
  return json_reply(ctx.req, http::status::ok, json::object{});
}

Reply me(Ctx& ctx) {
  auto m = staff_of(ctx);
  if (!m.ok()) return m.error();
  return json_reply(ctx.req, http::status::ok, staff_json(**m));
}

// ---- Tables -----------------------------------------------------------------------------

// Every table this person works at that runs on this node, in id order, once all have
// answered.
Reply tables(Ctx& ctx) {
  auto m = staff_of(ctx);
  if (!m.ok()) return m.error();
  struct Gather {
    std::mutex mu;
    std::vector<std::optional<json::object>> rows;
    size_t left = 0;
    std::function<void(StringReply)> send;
  };
  std::vector<std::pair<const LiveTable*, std::shared_ptr<table::TableActor>>> mine;
  for (const auto& [id, live] : ctx.svc.tables)
    if ((*m)->works_at(id))
      if (auto actor = live.table->local()) mine.emplace_back(&live, std::move(actor));
  if (mine.empty())
    return json_reply(ctx.req, http::status::ok, json::object{{"tables", json::array()}});
  return LaterReply{[mine, &svc = ctx.svc,
                     shape = shape_of(ctx)](std::function<void(StringReply)> send) {
    auto g = std::make_shared<Gather>();
    g->rows.resize(mine.size());
    g->left = mine.size();
    g->send = std::move(send);
    for (size_t i = 0; i < mine.size(); ++i) {
      const LiveTable* live = mine[i].first;
      mine[i].second->studio(
          [](table::Table&) { return std::nullopt; },
          [g, i, live, &svc, shape](auto, table::DealerView v) {
            json::object row = row_json(svc, *live, v);
            std::lock_guard lock(g->mu);
            g->rows[i] = std::move(row);
            if (--g->left > 0) return;
            json::array rows;
            for (auto& r : g->rows) rows.push_back(std::move(*r));
            g->send(json_reply(shape, http::status::ok, json::object{{"tables", std::move(rows)}}));
          });
    }
  }};
}

// /studio/api/tables/<id>[/<action>]: the table, or nullptr with the refusal.
struct Target {
  const LiveTable* live = nullptr;
  std::string action;
};
Result<Target, StringReply> target_of(Ctx& ctx, const config::StaffMember& m) {
  constexpr std::string_view prefix = "/studio/api/tables/";
  const std::string path = ctx.url.path();
  std::string rest = path.substr(std::min(path.size(), prefix.size()));
  Target t;
  if (auto slash = rest.find('/'); slash != std::string::npos) {
    t.action = rest.substr(slash + 1);
    rest.resize(slash);
  }
  t.live = ctx.svc.table(rest);
  if (!t.live)
    return error_reply(ctx.req, http::status::not_found, "NO_SUCH_TABLE", "no such table");
  if (!m.works_at(rest))
    return error_reply(ctx.req, http::status::forbidden, "NOT_YOUR_TABLE",
                       "you do not work at this table");
  return t;
}

Reply table_detail(Ctx& ctx) {
  auto m = staff_of(ctx);
  if (!m.ok()) return m.error();
  auto t = target_of(ctx, **m);
  if (!t.ok()) return t.error();
  if (!t->action.empty())
    return error_reply(ctx.req, http::status::not_found, "NOT_FOUND", "no such path");
  return ask(
      ctx, *t->live, [](table::Table&) { return std::nullopt; },
      [&svc = ctx.svc, live = t->live](const Request& shape, auto, const auto& v) {
        return json_reply(shape, http::status::ok, detail_json(svc, *live, v));
      });
}

// A studio command on the table: the table as it is after it, or the refusal (409, its
// `rule` the error's name when it has one, else `error`).
Reply command(Ctx& ctx, const LiveTable& live, StudioFn fn, std::string error) {
  return ask(ctx, live, std::move(fn),
             [&svc = ctx.svc, live = &live, error](const Request& shape,
                                                   std::optional<Refusal> refused, const auto& v) {
               if (refused)
                 return error_reply(shape, http::status::conflict,
                                    refused->rule.empty() ? error : refused->rule, refused->detail);
               return json_reply(shape, http::status::ok, detail_json(svc, *live, v));
             });
}

Reply dealer(Ctx& ctx, const config::StaffMember& m, const LiveTable& live,
             const json::object& body) {
  auto action = table::dealer_action(text_of(body, "action").value_or(""));
  if (!action)
    return error_reply(ctx.req, http::status::bad_request, "BAD_ACTION",
                       "action: open, close, spin, card, undo, number, confirm, void or shoe");
  table::DealerCommand c{*action, {}};
  if (*action == table::DealerCommand::Action::card) c.value = text_of(body, "card").value_or("");
  if (*action == table::DealerCommand::Action::number)
    c.value = text_of(body, "number").value_or("");
  if (c.value.size() > 8)
    return error_reply(ctx.req, http::status::bad_request, "BAD_ACTION", "not a card or number");
  log::info("dealer action", {{"table", live.def->config.id},
                              {"login", m.login},
                              {"action", text_of(body, "action").value_or("")},
                              {"value", c.value}});
  return command(
      ctx, live,
      [c](table::Table& t) -> std::optional<Refusal> {
        if (!t.dealer_view().human)
          return Refusal{ErrorCode::ActionFailed,
                         "this table is dealt by the RNG: a supervisor can switch it", "NOT_HUMAN"};
        return t.dealer(c);
      },
      "REFUSED");
}

Reply table_action(Ctx& ctx) {
  auto m = staff_of(ctx);
  if (!m.ok()) return m.error();
  auto t = target_of(ctx, **m);
  if (!t.ok()) return t.error();
  auto body = json_object_body(ctx);
  if (!body.ok()) return body.error();
  const LiveTable& live = *t->live;
  if (t->action == "dealer") return dealer(ctx, **m, live, *body);
  if (t->action != "chat" && t->action != "closing" && t->action != "pause" && t->action != "mode")
    return error_reply(ctx.req, http::status::not_found, "NOT_FOUND", "no such path");
  if (!(*m)->supervisor)
    return error_reply(ctx.req, http::status::forbidden, "NOT_SUPERVISOR",
                       "only a supervisor can do this");
  log::info("supervisor action",
            {{"table", live.def->config.id}, {"login", (*m)->login}, {"action", t->action}});
  if (t->action == "chat")
    return staff_chat(ctx, live, text_of(*body, "text").value_or(""), "SUPERVISOR");
  if (t->action == "closing")
    return announce_table_closing(ctx, live, body->if_contains("minutes"));
  if (t->action == "pause") {
    const json::value* paused = body->if_contains("paused");
    if (!paused || !paused->is_bool())
      return error_reply(ctx.req, http::status::bad_request, "BAD_FIELD", "paused: true or false");
    const bool p = paused->as_bool();
    return command(
        ctx, live,
        [p](table::Table& t) {
          t.pause(p);
          return std::nullopt;
        },
        "REFUSED");
  }
  const std::string mode = text_of(*body, "dealerMode").value_or("");
  if (mode != "human" && mode != "rng")
    return error_reply(ctx.req, http::status::bad_request, "BAD_FIELD",
                       "dealerMode: \"human\" or \"rng\"");
  return command(
      ctx, live, [human = mode == "human"](table::Table& t) { return t.set_dealer_mode(human); },
      "NO_HUMAN_DEALING");
}

Reply mute(Ctx& ctx) {
  auto m = staff_of(ctx);
  if (!m.ok()) return m.error();
  if (!(*m)->supervisor)
    return error_reply(ctx.req, http::status::forbidden, "NOT_SUPERVISOR",
                       "only a supervisor can do this");
  auto body = json_object_body(ctx);
  if (!body.ok()) return body.error();
  // A supervisor of some tables mutes only at one of them.
  if (!(*m)->tables.empty() && !(*m)->works_at(text_of(*body, "tableId").value_or("")))
    return error_reply(ctx.req, http::status::forbidden, "NOT_YOUR_TABLE",
                       "tableId: one of the tables you work at");
  log::info("supervisor mute", {{"login", (*m)->login}});
  return mute_player(ctx, text_of(*body, "playerId").value_or(""), body->if_contains("minutes"));
}

}  // namespace

void add_studio_routes(Router& router, Services&) {
  router.add(http::verb::post, "/studio/api/login", Auth::none, login);
  router.add(http::verb::post, "/studio/api/logout", Auth::none, logout);
  router.add(http::verb::get, "/studio/api/me", Auth::none, me);
  router.add(http::verb::get, "/studio/api/tables", Auth::none, tables);
  router.add(http::verb::get, "/studio/api/tables/*", Auth::none, table_detail);
  router.add(http::verb::post, "/studio/api/tables/*", Auth::none, table_action);
  router.add(http::verb::post, "/studio/api/mute", Auth::none, mute);
}

}  // namespace croupier::gateway
