#include "gateway/table_codec.hpp"

#include <boost/json/array.hpp>
#include <boost/json/object.hpp>
#include <boost/json/parse.hpp>
#include <boost/json/serialize.hpp>
#include <boost/json/value.hpp>
#include <cmath>
#include <cstdint>
#include <exception>
#include <limits>
#include <utility>
#include <vector>

#include "games/blackjack/blackjack.hpp"
#include "games/engine.hpp"

namespace croupier::gateway::table_codec {

namespace json = boost::json;
namespace bj = games::blackjack;
using table::PlaceBetsCommand;

namespace {

constexpr int kIntMin = std::numeric_limits<int>::min();
constexpr int kIntMax = std::numeric_limits<int>::max();
constexpr int kClosingMinutesMax = 120;  // Table::announce_closing: 1 to 120

// ---- Enums -------------------------------------------------------------------------------

std::string_view kind_name(PlaceBetsCommand::Kind kind) {
  switch (kind) {
    case PlaceBetsCommand::Kind::add:
      return "add";
    case PlaceBetsCommand::Kind::all_or_nothing:
      return "all_or_nothing";
    case PlaceBetsCommand::Kind::repeat_last:
      return "repeat_last";
  }
  return "";
}

constexpr PlaceBetsCommand::Kind kKinds[] = {PlaceBetsCommand::Kind::add,
                                             PlaceBetsCommand::Kind::all_or_nothing,
                                             PlaceBetsCommand::Kind::repeat_last};

constexpr bj::Decision kDecisions[] = {bj::Decision::hit,         bj::Decision::stand,
                                       bj::Decision::double_down, bj::Decision::split,
                                       bj::Decision::insurance,   bj::Decision::no_insurance,
                                       bj::Decision::no_decision};

// ---- Writing -----------------------------------------------------------------------------

json::value money_json(Money m) {
  return json::value(m.units);
}

json::array lines_json(const std::vector<games::BetLine>& lines) {
  json::array out;
  out.reserve(lines.size());
  for (const games::BetLine& l : lines)
    out.push_back(json::object{{"spot", l.spot}, {"amount", money_json(l.amount)}});
  return out;
}

json::array rejected_json(const std::vector<table::RejectedBet>& rejected) {
  json::array out;
  out.reserve(rejected.size());
  for (const table::RejectedBet& r : rejected)
    out.push_back(json::object{{"spot", r.spot},
                               {"amount", money_json(r.amount)},
                               {"code", to_int(r.code)},
                               {"reason", r.reason}});
  return out;
}

json::object refusal_json(const Refusal& r) {
  return {{"code", to_int(r.code)}, {"detail", r.detail}, {"rule", r.rule}};
}

json::object balance_json(const ledger::Balance& b) {
  return {{"cash", money_json(b.cash)}, {"bonus", money_json(b.bonus)}};
}

json::object persona_json(const table::Persona& who) {
  return {{"name", who.name}, {"avatar", who.avatar}};
}

json::object prefs_json(const table::BlackjackPrefs& p) {
  return {{"doubledown", p.doubledown},
          {"split", p.split},
          {"insurance", p.insurance},
          {"allowBetBehind", p.allow_bet_behind},
          {"autoStand", p.auto_stand}};
}

json::object strategy_json(const bj::AutoPlay& a) {
  return {{"stand", a.stand},        {"hit", a.hit},          {"split", a.split},
          {"splitMax", a.split_max}, {"double", a.double_at}, {"doubleMax", a.double_max},
          {"insurance", a.insurance}};
}

json::object request(std::string_view op) {
  return {{"op", op}};
}

json::object reply(std::string_view kind) {
  return {{"reply", kind}};
}

// ---- Reading -----------------------------------------------------------------------------
// Each read() takes one JSON value into one C++ value: false, and `out` unspecified, when
// the value is of the wrong kind or out of range.

bool read(const json::value& v, std::string& out);
bool read(const json::value& v, bool& out);
bool read(const json::value& v, int64_t& out);
bool read(const json::value& v, uint64_t& out);
bool read(const json::value& v, Money& out);
bool read(const json::value& v, ErrorCode& out);
bool read(const json::value& v, PlaceBetsCommand::Kind& out);
bool read(const json::value& v, bj::Decision& out);
bool read(const json::value& v, games::BetLine& out);
bool read(const json::value& v, table::RejectedBet& out);
bool read(const json::value& v, Refusal& out);
bool read(const json::value& v, ledger::Balance& out);
bool read(const json::value& v, table::Persona& out);
bool read(const json::value& v, table::BlackjackPrefs& out);
bool read(const json::value& v, bj::AutoPlay& out);
bool read(const json::value& v, games::crash::CashedOut& out);
template <class T>
bool read(const json::value& v, std::vector<T>& out);

// A JSON string's bytes (v must be a string).
std::string_view text_of(const json::value& v) {
  const json::string& s = v.get_string();
  return {s.data(), s.size()};
}

// An int within [min, max].
bool read_int(const json::value& v, int& out, int min, int max) {
  if (!v.is_int64()) return false;
  const int64_t n = v.get_int64();
  if (n < min || n > max) return false;
  out = static_cast<int>(n);
  return true;
}

// A finite number within [min, max]; an integer will do.
bool read_real(const json::value& v, double& out, double min, double max) {
  double x = 0;
  if (v.is_double()) {
    x = v.get_double();
  } else if (v.is_int64()) {
    x = static_cast<double>(v.get_int64());
  } else {
    return false;
  }
  if (!std::isfinite(x) || x < min || x > max) return false;
  out = x;
  return true;
}

// The fields of one JSON object, read one by one; ok() says whether every one read so far
// was there (when required) and well-formed.
class Fields {
 public:
  explicit Fields(const json::object& o) : o_(o) {}
  bool ok() const { return ok_; }

  // A field that must be there.
  template <class T>
  void req(std::string_view key, T& out) {
    const json::value* v = o_.if_contains(key);
    if (!v || !read(*v, out)) ok_ = false;
  }
  // A field that may be left out (absent: nullopt); when there, it must be well-formed.
  template <class T>
  void opt(std::string_view key, std::optional<T>& out) {
    out.reset();
    const json::value* v = o_.if_contains(key);
    if (!v) return;
    T value{};
    if (!read(*v, value)) {
      ok_ = false;
      return;
    }
    out = std::move(value);
  }
  void number(std::string_view key, int& out, int min = kIntMin, int max = kIntMax) {
    const json::value* v = o_.if_contains(key);
    if (!v || !read_int(*v, out, min, max)) ok_ = false;
  }
  void real(std::string_view key, double& out, double min, double max) {
    const json::value* v = o_.if_contains(key);
    if (!v || !read_real(*v, out, min, max)) ok_ = false;
  }

 private:
  const json::object& o_;
  bool ok_ = true;
};

bool read(const json::value& v, std::string& out) {
  if (!v.is_string()) return false;
  const json::string& s = v.get_string();
  out.assign(s.data(), s.size());
  return true;
}

bool read(const json::value& v, bool& out) {
  if (!v.is_bool()) return false;
  out = v.get_bool();
  return true;
}

bool read(const json::value& v, int64_t& out) {
  if (!v.is_int64()) return false;  // the parser makes a uint64 only beyond int64's range
  out = v.get_int64();
  return true;
}

bool read(const json::value& v, uint64_t& out) {
  if (v.is_uint64()) {
    out = v.get_uint64();
    return true;
  }
  if (!v.is_int64() || v.get_int64() < 0) return false;
  out = static_cast<uint64_t>(v.get_int64());
  return true;
}

bool read(const json::value& v, Money& out) {
  return read(v, out.units);
}

bool read(const json::value& v, ErrorCode& out) {
  int n = 0;
  if (!read_int(v, n, kIntMin, kIntMax)) return false;
  auto code = error_code_from_int(n);
  if (!code) return false;
  out = *code;
  return true;
}

bool read(const json::value& v, PlaceBetsCommand::Kind& out) {
  if (!v.is_string()) return false;
  for (PlaceBetsCommand::Kind k : kKinds) {
    if (text_of(v) == kind_name(k)) {
      out = k;
      return true;
    }
  }
  return false;
}

bool read(const json::value& v, bj::Decision& out) {
  if (!v.is_string()) return false;
  for (bj::Decision d : kDecisions) {
    if (text_of(v) == bj::decision_name(d)) {
      out = d;
      return true;
    }
  }
  return false;
}

bool read(const json::value& v, games::BetLine& out) {
  if (!v.is_object()) return false;
  Fields f(v.get_object());
  f.req("spot", out.spot);
  f.req("amount", out.amount);
  return f.ok();
}

bool read(const json::value& v, table::RejectedBet& out) {
  if (!v.is_object()) return false;
  Fields f(v.get_object());
  f.req("spot", out.spot);
  f.req("amount", out.amount);
  f.req("code", out.code);
  f.req("reason", out.reason);
  return f.ok();
}

bool read(const json::value& v, Refusal& out) {
  if (!v.is_object()) return false;
  Fields f(v.get_object());
  f.req("code", out.code);
  f.req("detail", out.detail);
  f.req("rule", out.rule);
  return f.ok();
}

bool read(const json::value& v, ledger::Balance& out) {
  if (!v.is_object()) return false;
  Fields f(v.get_object());
  f.req("cash", out.cash);
  f.req("bonus", out.bonus);
  return f.ok();
}

bool read(const json::value& v, table::Persona& out) {
  if (!v.is_object()) return false;
  Fields f(v.get_object());
  f.req("name", out.name);
  f.req("avatar", out.avatar);
  return f.ok();
}

bool read(const json::value& v, table::BlackjackPrefs& out) {
  if (!v.is_object()) return false;
  Fields f(v.get_object());
  f.req("doubledown", out.doubledown);
  f.req("split", out.split);
  f.req("insurance", out.insurance);
  f.req("allowBetBehind", out.allow_bet_behind);
  f.number("autoStand", out.auto_stand);
  return f.ok();
}

bool read(const json::value& v, bj::AutoPlay& out) {
  if (!v.is_object()) return false;
  Fields f(v.get_object());
  f.number("stand", out.stand);
  f.number("hit", out.hit);
  f.number("split", out.split);
  f.number("splitMax", out.split_max);
  f.number("double", out.double_at);
  f.number("doubleMax", out.double_max);
  f.number("insurance", out.insurance);
  return f.ok();
}

bool read(const json::value& v, games::crash::CashedOut& out) {
  if (!v.is_object()) return false;
  Fields f(v.get_object());
  f.req("player", out.player);
  f.req("name", out.name);
  f.req("spot", out.spot);
  f.req("half", out.half);
  f.req("automatic", out.automatic);
  f.req("x", out.x);
  f.req("stake", out.stake);
  f.req("returned", out.returned);
  f.req("currency", out.currency);
  f.opt("cash", out.cash);
  f.opt("bonus", out.bonus);
  return f.ok();
}

template <class T>
bool read(const json::value& v, std::vector<T>& out) {
  if (!v.is_array()) return false;
  const json::array& a = v.get_array();
  out.clear();
  out.reserve(a.size());
  for (const json::value& item : a) {
    T value{};
    if (!read(item, value)) return false;
    out.push_back(std::move(value));
  }
  return true;
}

// The text as a JSON object, or nullopt. Bytes that are not UTF-8 are let through: the
// encoders write a command's text as they find it.
std::optional<json::object> parse_object(std::string_view text) {
  json::parse_options options;
  options.allow_invalid_utf8 = true;
  boost::system::error_code ec;
  json::value v = json::parse(json::string_view(text.data(), text.size()), ec, {}, options);
  if (ec || !v.is_object()) return std::nullopt;
  return std::move(v.get_object());
}

// The text as an object whose "reply" is `kind`, handed to `read_fields`; nullopt when
// anything fails. Never throws (not even bad_alloc, which becomes nullopt).
template <class T, class ReadFields>
std::optional<T> decode_reply(std::string_view text, std::string_view kind,
                              ReadFields read_fields) {
  try {
    auto o = parse_object(text);
    if (!o) return std::nullopt;
    Fields f(*o);
    std::string got;
    f.req("reply", got);
    if (!f.ok() || got != kind) return std::nullopt;
    T out{};
    read_fields(f, out);
    if (!f.ok()) return std::nullopt;
    return std::optional<T>(std::in_place, std::move(out));
  } catch (const std::exception&) {
    return std::nullopt;
  }
}

// ---- Requests, by op -----------------------------------------------------------------

void read_place_bets(Fields& f, PlaceBetsCommand& c) {
  f.req("kind", c.kind);
  f.req("player", c.player);
  f.req("currency", c.currency);
  f.req("requestId", c.request_id);
  f.req("gameId", c.game_id);
  f.req("bets", c.bets);
  f.opt("checkTotal", c.check_total);
  f.req("name", c.name);
  f.req("regulated", c.regulated);
  f.req("blockSafeBets", c.block_safe_bets);
  std::optional<std::string> seed;  // left out when the player gave none
  f.opt("clientSeed", seed);
  c.client_seed = seed.value_or("");
  std::optional<std::string> free_bet;  // left out for the player's own money
  f.opt("freeBet", free_bet);
  c.free_bet = free_bet.value_or("");
  std::optional<bool> bonus_first;
  f.opt("bonusFirst", bonus_first);
  c.bonus_first = bonus_first.value_or(false);
}

void read_cancel_bets(Fields& f, table::CancelBetsCommand& c) {
  f.req("player", c.player);
  f.req("requestId", c.request_id);
  f.req("gameId", c.game_id);
  f.req("of", c.of_request);
}

void read_decide(Fields& f, table::DecisionCommand& c) {
  f.req("player", c.player);
  f.req("requestId", c.request_id);
  f.req("gameId", c.game_id);
  f.number("seat", c.seat, 0);
  f.req("decision", c.decision);
}

void read_cash_out(Fields& f, table::CashOutCommand& c) {
  f.req("player", c.player);
  f.req("requestId", c.request_id);
  f.req("gameId", c.game_id);
  f.req("spot", c.spot);
  f.req("half", c.half);
}

void read_auto_cash_out(Fields& f, table::AutoCashOutCommand& c) {
  f.req("player", c.player);
  f.req("requestId", c.request_id);
  f.req("spot", c.spot);
  f.opt("at", c.autos.at);
  f.opt("halfAt", c.autos.half_at);
}

void read_choose(Fields& f, table::ChooseCommand& c) {
  f.req("player", c.player);
  f.req("requestId", c.request_id);
  f.req("gameId", c.game_id);
  f.number("step", c.step, 0);
  f.req("choice", c.choice);
}

void read_autoplay(Fields& f, table::AutoplayCommand& c) {
  f.req("player", c.player);
  f.req("name", c.name);
  f.req("currency", c.currency);
  f.req("requestId", c.request_id);
  f.number("rounds", c.rounds, 0);
  f.req("strategy", c.strategy);
  f.req("regulated", c.regulated);
}

std::optional<Request> read_request(Fields& f, std::string_view op) {
  Request out;
  if (op == "place_bets") {
    PlaceBets r;
    read_place_bets(f, r.cmd);
    out = std::move(r);
  } else if (op == "cancel_bets") {
    CancelBets r;
    read_cancel_bets(f, r.cmd);
    out = std::move(r);
  } else if (op == "sit") {
    Sit r;
    f.req("player", r.player);
    f.req("who", r.who);
    f.number("seat", r.seat, 0);
    out = std::move(r);
  } else if (op == "leave") {
    Leave r;
    f.req("player", r.player);
    f.number("seat", r.seat, 0);
    out = std::move(r);
  } else if (op == "decide") {
    Decide r;
    read_decide(f, r.cmd);
    out = std::move(r);
  } else if (op == "prefs") {
    Prefs r;
    f.req("player", r.player);
    f.req("prefs", r.prefs);
    out = std::move(r);
  } else if (op == "autoplay") {
    Autoplay r;
    read_autoplay(f, r.cmd);
    out = std::move(r);
  } else if (op == "cash_out") {
    CashOut r;
    read_cash_out(f, r.cmd);
    out = std::move(r);
  } else if (op == "auto_cash_out") {
    AutoCashOut r;
    read_auto_cash_out(f, r.cmd);
    out = std::move(r);
  } else if (op == "choose") {
    Choose r;
    read_choose(f, r.cmd);
    out = std::move(r);
  } else if (op == "chat") {
    Chat r;
    f.req("player", r.player);
    f.req("who", r.who);
    f.req("text", r.text);
    f.req("role", r.role);
    out = std::move(r);
  } else if (op == "squeeze") {
    Squeeze r;
    f.req("player", r.player);
    uint64_t index = 0;
    f.req("index", index);
    r.index = static_cast<size_t>(index);
    f.real("progress", r.progress, 0.0, 1.0);
    out = std::move(r);
  } else if (op == "closing") {
    Closing r;
    f.number("minutes", r.minutes, 1, kClosingMinutesMax);
    out = std::move(r);
  } else if (op == "snapshot") {
    Snapshot r;
    f.req("player", r.player);
    out = std::move(r);
  } else {
    return std::nullopt;
  }
  if (!f.ok()) return std::nullopt;
  return out;
}

}  // namespace

// ---- Requests ----------------------------------------------------------------------------

std::string encode(const table::PlaceBetsCommand& c) {
  json::object o = request("place_bets");
  o["kind"] = kind_name(c.kind);
  o["player"] = c.player;
  o["currency"] = c.currency;
  o["requestId"] = c.request_id;
  o["gameId"] = c.game_id;
  o["bets"] = lines_json(c.bets);
  if (c.check_total) o["checkTotal"] = money_json(*c.check_total);
  o["name"] = c.name;
  o["regulated"] = c.regulated;
  o["blockSafeBets"] = c.block_safe_bets;
  if (!c.client_seed.empty()) o["clientSeed"] = c.client_seed;
  if (!c.free_bet.empty()) o["freeBet"] = c.free_bet;
  if (c.bonus_first) o["bonusFirst"] = true;
  return json::serialize(o);
}

std::string encode(const table::CancelBetsCommand& c) {
  json::object o = request("cancel_bets");
  o["player"] = c.player;
  o["requestId"] = c.request_id;
  o["gameId"] = c.game_id;
  o["of"] = c.of_request;
  return json::serialize(o);
}

std::string encode_sit(ledger::PlayerId player, const table::Persona& who, int seat) {
  json::object o = request("sit");
  o["player"] = player;
  o["who"] = persona_json(who);
  o["seat"] = seat;
  return json::serialize(o);
}

std::string encode_leave(ledger::PlayerId player, int seat) {
  json::object o = request("leave");
  o["player"] = player;
  o["seat"] = seat;
  return json::serialize(o);
}

std::string encode(const table::DecisionCommand& c) {
  json::object o = request("decide");
  o["player"] = c.player;
  o["requestId"] = c.request_id;
  o["gameId"] = c.game_id;
  o["seat"] = c.seat;
  o["decision"] = bj::decision_name(c.decision);
  return json::serialize(o);
}

std::string encode_prefs(ledger::PlayerId player, const table::BlackjackPrefs& prefs) {
  json::object o = request("prefs");
  o["player"] = player;
  o["prefs"] = prefs_json(prefs);
  return json::serialize(o);
}

std::string encode(const table::AutoplayCommand& c) {
  json::object o = request("autoplay");
  o["player"] = c.player;
  o["name"] = c.name;
  o["currency"] = c.currency;
  o["requestId"] = c.request_id;
  o["rounds"] = c.rounds;
  o["strategy"] = strategy_json(c.strategy);
  o["regulated"] = c.regulated;
  return json::serialize(o);
}

std::string encode_chat(ledger::PlayerId player, const table::Persona& who, const std::string& text,
                        const std::string& role) {
  json::object o = request("chat");
  o["player"] = player;
  o["who"] = persona_json(who);
  o["text"] = text;
  o["role"] = role;
  return json::serialize(o);
}

std::string encode_squeeze(ledger::PlayerId player, size_t index, double progress) {
  json::object o = request("squeeze");
  o["player"] = player;
  o["index"] = static_cast<uint64_t>(index);
  o["progress"] = progress;
  return json::serialize(o);
}

std::string encode(const table::CashOutCommand& c) {
  json::object o = request("cash_out");
  o["player"] = c.player;
  o["requestId"] = c.request_id;
  o["gameId"] = c.game_id;
  o["spot"] = c.spot;
  o["half"] = c.half;
  return json::serialize(o);
}

std::string encode(const table::AutoCashOutCommand& c) {
  json::object o = request("auto_cash_out");
  o["player"] = c.player;
  o["requestId"] = c.request_id;
  o["spot"] = c.spot;
  if (c.autos.at) o["at"] = *c.autos.at;
  if (c.autos.half_at) o["halfAt"] = *c.autos.half_at;
  return json::serialize(o);
}

std::string encode(const table::ChooseCommand& c) {
  json::object o = request("choose");
  o["player"] = c.player;
  o["requestId"] = c.request_id;
  o["gameId"] = c.game_id;
  o["step"] = c.step;
  o["choice"] = c.choice;
  return json::serialize(o);
}

std::string encode_closing(int minutes) {
  json::object o = request("closing");
  o["minutes"] = minutes;
  return json::serialize(o);
}

std::string encode_snapshot(ledger::PlayerId player) {
  json::object o = request("snapshot");
  o["player"] = player;
  return json::serialize(o);
}

std::optional<Request> decode_request(std::string_view text) {
  try {
    auto o = parse_object(text);
    if (!o) return std::nullopt;
    Fields f(*o);
    std::string op;
    f.req("op", op);
    if (!f.ok()) return std::nullopt;
    return read_request(f, op);
  } catch (const std::exception&) {
    return std::nullopt;
  }
}

// ---- Replies -----------------------------------------------------------------------------

std::string encode(const table::BetAck& a) {
  json::object o = reply("bet");
  o["requestId"] = a.request_id;
  o["gameId"] = a.game_id;
  o["cancel"] = a.cancel;
  o["accepted"] = lines_json(a.accepted);
  o["cancelled"] = lines_json(a.cancelled);
  o["rejected"] = rejected_json(a.rejected);
  if (a.refusal) o["refusal"] = refusal_json(*a.refusal);
  if (a.balance) o["balance"] = balance_json(*a.balance);
  o["roundTotal"] = money_json(a.round_total);
  o["duplicate"] = a.duplicate;
  o["version"] = a.version;
  if (!a.free_bet.empty()) o["freeBet"] = a.free_bet;
  return json::serialize(o);
}

std::string encode(const table::SeatReply& r) {
  json::object o = reply("seat");
  if (r.refusal) o["refusal"] = refusal_json(*r.refusal);
  o["seat"] = r.seat;
  return json::serialize(o);
}

std::string encode(const table::DecisionAck& a) {
  json::object o = reply("decision");
  o["requestId"] = a.request_id;
  o["gameId"] = a.game_id;
  o["seat"] = a.seat;
  o["decision"] = a.decision;
  if (a.refusal) o["refusal"] = refusal_json(*a.refusal);
  if (a.balance) o["balance"] = balance_json(*a.balance);
  return json::serialize(o);
}

std::string encode(const table::AutoplayAck& a) {
  json::object o = reply("autoplay");
  o["requestId"] = a.request_id;
  o["rounds"] = a.rounds;
  o["state"] = a.state;
  if (a.refusal) o["refusal"] = refusal_json(*a.refusal);
  return json::serialize(o);
}

std::string encode(const table::CashOutAck& a) {
  json::object o = reply("cash_out");
  o["requestId"] = a.request_id;
  o["gameId"] = a.game_id;
  o["spot"] = a.spot;
  o["half"] = a.half;
  if (a.paid) {
    const games::crash::CashedOut& p = *a.paid;
    json::object paid{{"player", p.player},
                      {"name", p.name},
                      {"spot", p.spot},
                      {"half", p.half},
                      {"automatic", p.automatic},
                      {"x", p.x},
                      {"stake", money_json(p.stake)},
                      {"returned", money_json(p.returned)},
                      {"currency", p.currency}};
    if (p.cash) paid["cash"] = money_json(*p.cash);
    if (p.bonus) paid["bonus"] = money_json(*p.bonus);
    o["paid"] = std::move(paid);
  }
  if (a.refusal) o["refusal"] = refusal_json(*a.refusal);
  return json::serialize(o);
}

std::string encode(const table::AutoCashOutAck& a) {
  json::object o = reply("auto_cash_out");
  o["requestId"] = a.request_id;
  o["spot"] = a.spot;
  if (a.autos.at) o["at"] = *a.autos.at;
  if (a.autos.half_at) o["halfAt"] = *a.autos.half_at;
  if (a.refusal) o["refusal"] = refusal_json(*a.refusal);
  return json::serialize(o);
}

std::string encode(const table::ChooseAck& a) {
  json::object o = reply("choose");
  o["requestId"] = a.request_id;
  o["gameId"] = a.game_id;
  o["step"] = a.step;
  o["choice"] = a.choice;
  if (a.refusal) o["refusal"] = refusal_json(*a.refusal);
  return json::serialize(o);
}

std::string encode_error(std::optional<ErrorCode> error) {
  json::object o = reply("result");
  if (error) o["error"] = to_int(*error);
  return json::serialize(o);
}

std::optional<table::BetAck> decode_bet_ack(std::string_view text) {
  return decode_reply<table::BetAck>(text, "bet", [](Fields& f, table::BetAck& a) {
    f.req("requestId", a.request_id);
    f.req("gameId", a.game_id);
    f.req("cancel", a.cancel);
    f.req("accepted", a.accepted);
    f.req("cancelled", a.cancelled);
    f.req("rejected", a.rejected);
    f.opt("refusal", a.refusal);
    f.opt("balance", a.balance);
    f.req("roundTotal", a.round_total);
    f.req("duplicate", a.duplicate);
    f.req("version", a.version);
    std::optional<std::string> free_bet;  // left out for the player's own money
    f.opt("freeBet", free_bet);
    a.free_bet = free_bet.value_or("");
  });
}

std::optional<table::SeatReply> decode_seat_reply(std::string_view text) {
  return decode_reply<table::SeatReply>(text, "seat", [](Fields& f, table::SeatReply& r) {
    f.opt("refusal", r.refusal);
    f.number("seat", r.seat, 0);
  });
}

std::optional<table::DecisionAck> decode_decision_ack(std::string_view text) {
  return decode_reply<table::DecisionAck>(text, "decision", [](Fields& f, table::DecisionAck& a) {
    f.req("requestId", a.request_id);
    f.req("gameId", a.game_id);
    f.number("seat", a.seat, 0);
    f.req("decision", a.decision);
    f.opt("refusal", a.refusal);
    f.opt("balance", a.balance);
  });
}

std::optional<table::AutoplayAck> decode_autoplay_ack(std::string_view text) {
  return decode_reply<table::AutoplayAck>(text, "autoplay", [](Fields& f, table::AutoplayAck& a) {
    f.req("requestId", a.request_id);
    f.number("rounds", a.rounds, 0);
    f.req("state", a.state);
    f.opt("refusal", a.refusal);
  });
}

std::optional<table::CashOutAck> decode_cash_out_ack(std::string_view text) {
  return decode_reply<table::CashOutAck>(text, "cash_out", [](Fields& f, table::CashOutAck& a) {
    f.req("requestId", a.request_id);
    f.req("gameId", a.game_id);
    f.req("spot", a.spot);
    f.req("half", a.half);
    f.opt("paid", a.paid);
    f.opt("refusal", a.refusal);
  });
}

std::optional<table::AutoCashOutAck> decode_auto_cash_out_ack(std::string_view text) {
  return decode_reply<table::AutoCashOutAck>(text, "auto_cash_out",
                                             [](Fields& f, table::AutoCashOutAck& a) {
                                               f.req("requestId", a.request_id);
                                               f.req("spot", a.spot);
                                               f.opt("at", a.autos.at);
                                               f.opt("halfAt", a.autos.half_at);
                                               f.opt("refusal", a.refusal);
                                             });
}

std::optional<table::ChooseAck> decode_choose_ack(std::string_view text) {
  return decode_reply<table::ChooseAck>(text, "choose", [](Fields& f, table::ChooseAck& a) {
    f.req("requestId", a.request_id);
    f.req("gameId", a.game_id);
    f.number("step", a.step, 0);
    f.req("choice", a.choice);
    f.opt("refusal", a.refusal);
  });
}

std::optional<std::optional<ErrorCode>> decode_error(std::string_view text) {
  return decode_reply<std::optional<ErrorCode>>(
      text, "result", [](Fields& f, std::optional<ErrorCode>& error) { f.opt("error", error); });
}

}  // namespace croupier::gateway::table_codec
