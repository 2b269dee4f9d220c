// Player accounts for an operator without its own login (docs/operators.md "Player
// accounts"): registration with a voucher, login and logout, free play with an e-mail
// address; and the operator's own calls that set a player's status and add vouchers.
#include <algorithm>
#include <boost/json.hpp>
#include <cctype>
#include <cstdio>
#include <ctime>
#include <future>
#include <mutex>

#include "config/languages.hpp"
#include "core/crypto.hpp"
#include "core/log.hpp"
#include "gateway/api.hpp"
#include "gateway/http.hpp"

namespace croupier::gateway {

namespace json = boost::json;

namespace {

// The operator whose accounts these calls are for: the one named, or the first with accounts.
const config::Operator* accounts_operator(const Services& svc, const json::object* body) {
  if (body) {
    if (auto* id = body->if_contains("operatorId"); id && id->is_string()) {
      const config::Operator* op = svc.casino.find_operator(id->as_string());
      return op && op->accounts.enabled ? op : nullptr;
    }
  }
  for (const auto& op : svc.casino.operators)
    if (op.accounts.enabled) return &op;
  return nullptr;
}

std::string text_of(const json::object& o, std::string_view key) {
  auto* v = o.if_contains(key);
  return v && v->is_string() ? std::string(v->as_string()) : std::string();
}

std::string fold(std::string_view s) {
  std::string out(s);
  for (char& c : out) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return out;
}

// An address a mail can go to: one @, a local part and a domain with a dot, no spaces.
bool valid_email(std::string_view e) {
  if (e.size() < 6 || e.size() > 254) return false;
  const size_t at = e.find('@');
  if (at == std::string_view::npos || at == 0 || at > 64 || e.find('@', at + 1) != e.npos)
    return false;
  const std::string_view domain = e.substr(at + 1);
  const size_t dot = domain.rfind('.');
  if (dot == domain.npos || dot == 0 || dot + 2 > domain.size() || domain.find("..") != domain.npos)
    return false;
  return std::all_of(e.begin(), e.end(), [](char c) {
    return static_cast<unsigned char>(c) > 0x20 && c != 0x7f && c != ',' && c != ';' && c != '<' &&
           c != '>' && c != '"';
  });
}

bool valid_username(std::string_view u) {
  return u.size() >= 3 && u.size() <= 20 && std::all_of(u.begin(), u.end(), [](char c) {
           return std::isalnum(static_cast<unsigned char>(c)) || c == '_' || c == '.' || c == '-';
         });
}

// 8 to 128 characters with a letter and a digit.
bool valid_password(std::string_view p) {
  return p.size() >= 8 && p.size() <= 128 &&
         std::any_of(p.begin(), p.end(),
                     [](char c) { return std::isalpha(static_cast<unsigned char>(c)); }) &&
         std::any_of(p.begin(), p.end(),
                     [](char c) { return std::isdigit(static_cast<unsigned char>(c)); });
}

// Whole years between a YYYY-MM-DD birth date and `now_ms` (UTC); nullopt for a bad date.
std::optional<int> age_on(std::string_view date, int64_t now_ms) {
  if (date.size() != 10 || date[4] != '-' || date[7] != '-') return std::nullopt;
  int y = 0, m = 0, d = 0;
  if (std::sscanf(std::string(date).c_str(), "%4d-%2d-%2d", &y, &m, &d) != 3) return std::nullopt;
  static constexpr int kDays[] = {31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31};
  if (y < 1900 || m < 1 || m > 12 || d < 1 || d > kDays[m - 1]) return std::nullopt;
  if (m == 2 && d == 29 && !(y % 4 == 0 && (y % 100 != 0 || y % 400 == 0))) return std::nullopt;
  const std::time_t s = static_cast<std::time_t>(now_ms / 1000);
  std::tm now{};
  gmtime_r(&s, &now);
  const int ny = now.tm_year + 1900, nm = now.tm_mon + 1, nd = now.tm_mday;
  int age = ny - y - ((nm < m || (nm == m && nd < d)) ? 1 : 0);
  if (age < 0) return std::nullopt;  // born in the future
  return age;
}

StringReply refuse(const Ctx& ctx, http::status status, std::string_view error,
                   const std::string& field, const std::string& message, ErrorCode code) {
  json::object body{{"error", error}, {"message", message}, {"code", to_int(code)}};
  if (!field.empty()) body["field"] = field;
  return json_reply(ctx.req, status, body);
}

// Opens the player's session here (logging their other sessions out: 10003) and answers
// with the player.
Reply signed_in(Ctx& ctx, const store::Player& player, http::status status = http::status::ok) {
  AuthedSession session = ctx.svc.sessions.create(player, "{}");
  ctx.svc.sessions.terminate_player(player.id, AuthFailure::replaced, session.id);
  ctx.set_cookies.push_back(make_cookie(kSessionCookie, session.id, true,
                                        ctx.svc.settings.secure_cookies,
                                        ctx.svc.settings.cross_site_embedding));
  return json_reply(ctx.req, status, json::object{{"player", player_json(ctx.svc, player)}});
}

// The refusal of a restricted account (disabled 10103, suspended 10102, excluded by a
// regulator 3001); nullopt for an active one.
std::optional<StringReply> restricted(const Ctx& ctx, int64_t player_id) {
  const std::string status = ctx.svc.store.player_status(player_id);
  if (status == "disabled")
    return refuse(ctx, http::status::forbidden, "ACCOUNT_DISABLED", "", "account disabled",
                  ErrorCode::AccountDisabled);
  if (status == "suspended")
    return refuse(ctx, http::status::forbidden, "ACCOUNT_SUSPENDED", "", "account suspended",
                  ErrorCode::AccountSuspended);
  if (status == "excluded")
    return refuse(ctx, http::status::forbidden, "ACCOUNT_EXCLUDED", "", "account disabled",
                  ErrorCode::AccountDisabledRegulation);
  return std::nullopt;
}

Reply account_config(Ctx& ctx) {
  const config::Operator* op = accounts_operator(ctx.svc, nullptr);
  if (!op) return json_reply(ctx.req, http::status::ok, json::object{{"accounts", false}});
  return json_reply(ctx.req, http::status::ok,
                    json::object{{"accounts", true},
                                 {"operatorId", op->id},
                                 {"minimumAge", op->accounts.minimum_age},
                                 {"freePlay", !op->accounts.free_play_operator.empty()},
                                 {"currency", op->currency}});
}

Reply register_account(Ctx& ctx) {
  auto body = json_object_body(ctx);
  if (!body.ok()) return std::move(body).error();
  const json::object& b = body.value();
  const config::Operator* op = accounts_operator(ctx.svc, &b);
  if (!op)
    return error_reply(ctx.req, http::status::not_found, "NO_ACCOUNTS",
                       "this casino has no player accounts");
  if (auto refused = location_refusal(ctx, *op, nullptr)) return std::move(*refused);
  const auto bad = [&](const std::string& field, const std::string& message) {
    return refuse(ctx, http::status::bad_request, "REGISTRATION_REFUSED", field, message,
                  ErrorCode::CannotRegisterAlias);
  };
  const std::string email = text_of(b, "email"), username = text_of(b, "username"),
                    password = text_of(b, "password"), voucher = text_of(b, "voucherId"),
                    voucher_amount = text_of(b, "voucherAmount"), birth = text_of(b, "birthDate");
  if (!valid_email(email)) return bad("email", "a valid e-mail address is required");
  if (!valid_username(username)) return bad("username", "3 to 20 letters, digits, '_', '.' or '-'");
  if (!valid_password(password))
    return bad("password", "8 to 128 characters with a letter and a digit");
  const auto age = age_on(birth, ctx.svc.clock.wall_ms());
  if (!age) return bad("birthDate", "the date of birth as YYYY-MM-DD");
  if (*age < op->accounts.minimum_age) {
    return refuse(ctx, http::status::bad_request, "UNDER_MINIMUM_AGE", "birthDate",
                  "players must be at least " + std::to_string(op->accounts.minimum_age),
                  ErrorCode::UnderMinimumAge);
  }
  auto* terms = b.if_contains("termsAccepted");
  if (!terms || !terms->is_bool() || !terms->as_bool())
    return bad("termsAccepted", "the terms must be accepted");
  const auto amount = parse_money(voucher_amount);
  // The slow part first (Argon2id), then the voucher's check, the account and the redemption
  // one registration at a time: two registrations with one voucher cannot both pass its
  // check and leave one account without the money (on one node; docs/decisions.md).
  const std::string password_hash = crypto::hash_password(password);
  static std::mutex registering;
  std::unique_lock one_at_a_time(registering);
  const auto held = voucher.empty() || voucher.size() > 64 ? std::nullopt
                                                           : ctx.svc.store.voucher(op->id, voucher);
  if (!held || !amount || amount->units != held->first)
    return bad("voucherId", "the voucher and its amount must match an unused voucher");
  if (ctx.svc.store.account(op->id, fold(username))) return bad("username", "this name is taken");
  if (ctx.svc.store.account(op->id, fold(email)))
    return bad("email", "an account with this address exists");

  store::PlayerUpsert p;
  p.operator_id = op->id;
  p.external_id = "acct-" + fold(username);
  p.screen_name = username;
  p.currency = held->second;
  p.language = config::normalise_language(text_of(b, "language")).value_or("en");
  store::AccountInsert a;
  a.username = username;
  a.username_key = fold(username);
  a.email_key = fold(email);
  a.password_hash = password_hash;
  a.birth_date = birth;
  const int64_t now = ctx.svc.clock.wall_ms();
  auto player = ctx.svc.store.create_account(p, a, now);
  if (!player) return bad("username", "this name or address was just taken");
  // The voucher's money, once: the store redeems it for one player, the ledger's key makes
  // the credit happen once.
  if (auto redeemed = ctx.svc.store.redeem_voucher(op->id, voucher, player->id, now)) {
    std::promise<bool> committed;
    auto done = committed.get_future();
    ctx.svc.ledger.submit(
        ledger::Fund{"voucher:" + op->id + ":" + voucher, player->id, redeemed->second,
                     Money{redeemed->first}, "voucher-" + op->id, false},
        [&committed](auto r) { committed.set_value(r.ok()); });
    if (!done.get()) log::error("a voucher could not be credited", {{"player", player->id}});
  } else {
    log::warn("a voucher was taken while its account was made", {{"player", player->id}});
  }
  one_at_a_time.unlock();
  welcome_new_player(ctx.svc, *op, *player);
  log::info("account registered", {{"player", player->id}, {"operator", op->id}});
  return signed_in(ctx, *player, http::status::created);
}

// A hash to check a password against when the name is unknown, so that both take as long.
const std::string& decoy_hash() {
  static const std::string hash = crypto::hash_password("no account has this password 0");
  return hash;
}

Reply login(Ctx& ctx) {
  auto body = json_object_body(ctx);
  if (!body.ok()) return std::move(body).error();
  const json::object& b = body.value();
  const config::Operator* op = accounts_operator(ctx.svc, &b);
  if (!op)
    return error_reply(ctx.req, http::status::not_found, "NO_ACCOUNTS",
                       "this casino has no player accounts");
  if (auto refused = location_refusal(ctx, *op, nullptr)) return std::move(*refused);
  const std::string name = text_of(b, "username"), password = text_of(b, "password");
  if (name.empty() || password.empty()) {
    return refuse(ctx, http::status::bad_request, "CREDENTIALS_REQUIRED", "",
                  "enter username and password", ErrorCode::EnterCredentials);
  }
  auto account = name.size() <= 254 && password.size() <= 128
                     ? ctx.svc.store.account(op->id, fold(name))
                     : std::nullopt;
  const bool ok =
      crypto::verify_password(account ? account->password_hash : decoy_hash(), password) && account;
  if (!ok) {
    return refuse(ctx, http::status::unauthorized, "INVALID_CREDENTIALS", "", "invalid credentials",
                  ErrorCode::InvalidCredentials);
  }
  if (auto refused = restricted(ctx, account->player_id)) return std::move(*refused);
  auto player = ctx.svc.store.player(account->player_id);
  if (!player) return error_reply(ctx.req, http::status::internal_server_error, "NO_PLAYER", "");
  return signed_in(ctx, *player);
}

// Free play: an e-mail address is enough to play with fun money at the demo operator named.
Reply free_play(Ctx& ctx) {
  auto body = json_object_body(ctx);
  if (!body.ok()) return std::move(body).error();
  const json::object& b = body.value();
  const config::Operator* op = accounts_operator(ctx.svc, &b);
  const config::Operator* demo =
      op ? ctx.svc.casino.find_operator(op->accounts.free_play_operator) : nullptr;
  if (!demo)
    return error_reply(ctx.req, http::status::not_found, "NO_FREE_PLAY", "no free play here");
  if (auto refused = location_refusal(ctx, *demo, nullptr)) return std::move(*refused);
  const std::string email = text_of(b, "email");
  if (!valid_email(email)) {
    return refuse(ctx, http::status::bad_request, "REGISTRATION_REFUSED", "email",
                  "a valid e-mail address is required", ErrorCode::CannotRegisterAlias);
  }
  store::PlayerUpsert p;
  p.operator_id = demo->id;
  // The address is kept only as its digest: free play needs no mail sent.
  p.external_id = "fp-" + crypto::to_hex(crypto::sha256(fold(email))).substr(0, 32);
  // A name of digits from the digest: no part of the address is shown to other players.
  p.screen_name =
      "Player" + std::to_string(1000 + std::stoul(p.external_id.substr(3, 6), nullptr, 16) % 9000);
  p.currency = demo->currency;
  p.language = config::normalise_language(text_of(b, "language")).value_or("en");
  auto existing = ctx.svc.store.player_by_external(demo->id, p.external_id);
  if (existing) {
    if (auto refused = restricted(ctx, existing->id)) return std::move(*refused);
    return signed_in(ctx, *existing);
  }
  auto [player, created] = ctx.svc.store.upsert_player(p, ctx.svc.clock.wall_ms());
  if (created) welcome_new_player(ctx.svc, *demo, player);
  return signed_in(ctx, player, created ? http::status::created : http::status::ok);
}

Reply logout(Ctx& ctx) {
  ctx.svc.sessions.terminate_player(ctx.me().player.id, AuthFailure::expired);
  std::string gone = make_cookie(kSessionCookie, "", true, ctx.svc.settings.secure_cookies,
                                 ctx.svc.settings.cross_site_embedding);
  ctx.set_cookies.push_back(gone + "; Max-Age=0");
  return json_reply(ctx.req, http::status::ok, json::object{{"loggedOut", true}});
}

// ---- The operator's calls (signed) ---------------------------------------------------------

Reply operator_player_status(Ctx& ctx) {
  auto signed_req = verify_signed(ctx);
  if (!signed_req.ok()) return std::move(signed_req).error();
  const json::object& b = signed_req->body;
  const std::string external = text_of(b, "playerId"), status = text_of(b, "status");
  if (status != "active" && status != "disabled" && status != "suspended" && status != "excluded")
    return error_reply(ctx.req, http::status::bad_request, "BAD_FIELD",
                       "status must be active, disabled, suspended or excluded");
  auto player = ctx.svc.store.player_by_external(signed_req->op->id, external);
  if (!player && signed_req->op->accounts.enabled) {
    if (auto account = ctx.svc.store.account(signed_req->op->id, fold(external)))
      player = ctx.svc.store.player(account->player_id);
  }
  if (!player)
    return error_reply(ctx.req, http::status::not_found, "UNKNOWN_PLAYER", "no such player");
  ctx.svc.store.set_player_status(player->id, status, ctx.svc.clock.wall_ms());
  // A restricted player's sessions end: the client shows the account restricted.
  if (status != "active") ctx.svc.sessions.terminate_player(player->id, AuthFailure::terminated);
  return json_reply(ctx.req, http::status::ok,
                    json::object{{"playerId", external}, {"status", status}});
}

Reply operator_voucher(Ctx& ctx) {
  auto signed_req = verify_signed(ctx);
  if (!signed_req.ok()) return std::move(signed_req).error();
  const json::object& b = signed_req->body;
  const std::string id = text_of(b, "voucherId"), currency = text_of(b, "currency");
  const auto amount = parse_money(text_of(b, "amount"));
  if (id.empty() || id.size() > 64 || !std::all_of(id.begin(), id.end(), [](char c) {
        return std::isalnum(static_cast<unsigned char>(c)) || c == '-';
      }))
    return error_reply(ctx.req, http::status::bad_request, "BAD_FIELD",
                       "voucherId must be 1-64 letters, digits or '-'");
  if (!amount || !amount->is_positive() || *amount > Money::from_major(1'000'000) ||
      !ctx.svc.rates.find(currency))
    return error_reply(ctx.req, http::status::bad_request, "BAD_FIELD",
                       "amount (up to 1000000) and a known currency are required");
  if (!ctx.svc.store.add_voucher(signed_req->op->id, id, amount->units, currency))
    return error_reply(ctx.req, http::status::conflict, "VOUCHER_EXISTS", "this voucher exists");
  return json_reply(
      ctx.req, http::status::ok,
      json::object{{"voucherId", id}, {"amount", format_money(*amount)}, {"currency", currency}});
}

}  // namespace

void add_account_routes(Router& router, Services&) {
  using V = http::verb;
  router.add(V::get, "/api/account/config", Auth::none, account_config);
  router.add(V::post, "/api/account/register", Auth::none, register_account);
  router.add(V::post, "/api/account/login", Auth::none, login);
  router.add(V::post, "/api/account/freeplay", Auth::none, free_play);
  router.add(V::post, "/api/account/logout", Auth::session, logout);
  router.add(V::post, "/api/operator/player/status", Auth::none, operator_player_status);
  router.add(V::post, "/api/operator/voucher", Auth::none, operator_voucher);
}

}  // namespace croupier::gateway
