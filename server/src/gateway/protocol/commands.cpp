#include "gateway/protocol/commands.hpp"

#include <algorithm>
#include <boost/json/array.hpp>
#include <charconv>
#include <cstring>
#include <functional>
#include <pugixml.hpp>

#include "core/fair.hpp"
#include "games/crash/crash_engine.hpp"

namespace croupier::gateway {

namespace {

bool token_chars(std::string_view s, size_t max, bool allow_colon_dot = true) {
  if (s.empty() || s.size() > max) return false;
  for (char c : s) {
    bool ok = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
              c == '-' || c == '_' || (allow_colon_dot && (c == '.' || c == ':'));
    if (!ok) return false;
  }
  return true;
}

CommandError fail(std::string detail, std::string request_id = {}) {
  return CommandError{ErrorCode::InvalidBet, std::move(detail), std::move(request_id)};
}

std::optional<std::string> attribute(const pugi::xml_node& node, const char* name) {
  pugi::xml_attribute a = node.attribute(name);
  if (!a) return std::nullopt;
  return std::string(a.value());
}

Result<Command, CommandError> parse_subscribe(const pugi::xml_node& node, bool subscribe) {
  auto channel = attribute(node, "channel");
  if (!channel || !token_chars(*channel, 80)) return fail("channel is missing or malformed");
  if (!subscribe) return Command{UnsubscribeCommand{*channel}};
  SubscribeCommand cmd{*channel, std::nullopt, std::nullopt};
  if (auto epoch = attribute(node, "epoch")) {
    if (!token_chars(*epoch, 64, false)) return fail("epoch is malformed");
    cmd.epoch = *epoch;
  }
  if (auto v = attribute(node, "v")) {
    uint64_t version = 0;
    auto [end, ec] = std::from_chars(v->data(), v->data() + v->size(), version);
    if (ec != std::errc() || end != v->data() + v->size()) return fail("v must be a whole number");
    cmd.version = version;
  }
  return Command{cmd};
}

// A bet command's fields as text, read from the attributes of an XML element or from the
// string fields of a JSON body, and its bets' codes and amounts as given.
struct BetFields {
  std::function<std::optional<std::string>(const char*)> get;
  struct Line {
    std::optional<std::string> code, amount;
    std::optional<std::string> chip_count = std::nullopt;  // a free bet's
  };
  std::vector<Line> bets;
  std::string unexpected;  // a part that is not a bet, if any
  bool user_id_required = true;
};

Result<BetCommand, CommandError> parse_bet_fields(const BetFields& f, BetCommand::Kind kind) {
  BetCommand cmd;
  cmd.kind = kind;
  auto request_id = f.get("requestId");
  std::string rid = request_id && token_chars(*request_id, 64) ? *request_id : "";
  if (!request_id || rid.empty()) return fail("requestId is missing or malformed");
  cmd.request_id = rid;

  auto table_id = f.get("tableId");
  if (!table_id || !token_chars(*table_id, 32, false))
    return fail("tableId is missing or malformed", rid);
  cmd.table_id = *table_id;
  auto game_mode = f.get("gameMode");
  if (!game_mode || !valid_game_mode(*game_mode))
    return fail("gameMode is missing or malformed", rid);
  cmd.game_mode = *game_mode;
  auto user_id = f.get("userId");
  if ((user_id || f.user_id_required) && (!user_id || !token_chars(*user_id, 32, false)))
    return fail("userId is missing or malformed", rid);
  cmd.user_id = user_id.value_or("");
  if (auto game_id = f.get("gameId")) {
    if (!game_id->empty() && !token_chars(*game_id, 64)) return fail("gameId is malformed", rid);
    cmd.game_id = *game_id;
  }
  if (auto of = f.get("of")) {
    if (kind != BetCommand::Kind::cancelbets || !token_chars(*of, 64)) {
      return fail("of names the request whose bets cancelbets takes back", rid);
    }
    cmd.of_request = *of;
  }
  if (auto seed = f.get("clientSeed")) {
    if (!fair::valid_client_seed(*seed))
      return fail("clientSeed must be 1 to 64 letters, digits, '-' or '_'", rid);
    cmd.client_seed = *seed;
  }
  if (auto check = f.get("checkValue")) {
    auto m = parse_money(*check);
    if (!m) return fail("checkValue must be an amount such as 6.00", rid);
    cmd.check_value = *m;
  }
  if (!f.unexpected.empty()) return fail("unexpected " + f.unexpected, rid);
  if (!f.bets.empty() && kind == BetCommand::Kind::lpbet)
    return fail("lpbet takes no bets: it repeats the last ones", rid);
  if (!f.bets.empty() && kind == BetCommand::Kind::cancelbets)
    return fail("cancelbets takes no bets", rid);
  if (f.bets.size() > kBetsPerCommandMax) return fail("more than 200 bets in one command", rid);
  if (auto bonus_id = f.get("bonusId")) {
    if (kind != BetCommand::Kind::pbet && kind != BetCommand::Kind::placebets)
      return fail("only pbet and placebets stake free chips", rid);
    BetCommand::FreeBet free;
    if (!token_chars(*bonus_id, 120)) return fail("bonusId is malformed", rid);
    free.bonus_id = *bonus_id;
    auto chip_value = f.get("chipValue");
    auto value = chip_value ? parse_money(*chip_value) : std::nullopt;
    if (!value || !value->is_positive())
      return fail("chipValue must be the bonus's chip value, such as 1.00", rid);
    free.chip_value = *value;
    free.bonus_code = f.get("bonusCode").value_or("");
    free.campaign_name = f.get("campaignName").value_or("");
    free.bonus_request_id = f.get("bonusRequestId").value_or("");
    if (free.bonus_code.size() > 64 || free.campaign_name.size() > 120 ||
        free.bonus_request_id.size() > 120)
      return fail("bonusCode, campaignName or bonusRequestId is too long", rid);
    cmd.free_bet = std::move(free);
  }
  for (const auto& line : f.bets) {
    const auto& code = line.code;
    if (!code || code->empty() || code->size() > 64) return fail("a bet has no code", rid);
    std::optional<Money> amount = line.amount ? parse_money(*line.amount) : std::nullopt;
    // A stake is positive: no zero or negative line reaches a table (found by fuzz_command).
    if (!amount || !amount->is_positive())
      return fail("bet " + *code + " has no valid amount (a positive amount such as 1.00)", rid);
    cmd.bets.push_back({*code, *amount});
    if (cmd.free_bet) {
      int64_t chips = 0;
      const std::string& text = line.chip_count.value_or("");
      auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), chips);
      if (text.empty() || ec != std::errc() || end != text.data() + text.size() || chips < 1)
        return fail("bet " + *code + " of a free bet needs its chipCount", rid);
      cmd.free_bet->chip_counts.push_back(chips);
    } else if (line.chip_count) {
      return fail("chipCount is for free bets (bonusId)", rid);
    }
  }
  const bool needs_bets = kind == BetCommand::Kind::pbet || kind == BetCommand::Kind::placebets;
  if (needs_bets && cmd.bets.empty()) return fail("no bets", rid);
  return cmd;
}

Result<Command, CommandError> parse_bet(const pugi::xml_node& node, BetCommand::Kind kind) {
  BetFields f;
  f.get = [&](const char* name) { return attribute(node, name); };
  for (pugi::xml_node child = node.first_child(); child; child = child.next_sibling()) {
    if (child.type() != pugi::node_element) continue;
    if (std::strcmp(child.name(), "bet") != 0) {
      f.unexpected = std::string("element <") + child.name() + ">";
      break;
    }
    f.bets.push_back(
        {attribute(child, "code"), attribute(child, "amount"), attribute(child, "chipCount")});
  }
  auto cmd = parse_bet_fields(f, kind);
  if (!cmd.ok()) return std::move(cmd).error();
  return Command{std::move(cmd).value()};
}

std::optional<std::string> string_field(const boost::json::object& o, const char* name) {
  const boost::json::value* v = o.if_contains(name);
  if (!v || !v->is_string()) return std::nullopt;
  return std::string(v->as_string());
}

// The table and request id every table command carries.
std::optional<CommandError> table_and_request(const pugi::xml_node& node, std::string& table_id,
                                              std::string& request_id) {
  auto rid = attribute(node, "requestId");
  if (!rid || !token_chars(*rid, 64)) return fail("requestId is missing or malformed");
  request_id = *rid;
  auto table = attribute(node, "tableId");
  if (!table || !token_chars(*table, 32, false))
    return fail("tableId is missing or malformed", request_id);
  table_id = *table;
  return std::nullopt;
}

Result<Command, CommandError> parse_seat(const pugi::xml_node& node, bool sit) {
  SeatCommand cmd;
  cmd.sit = sit;
  if (auto e = table_and_request(node, cmd.table_id, cmd.request_id)) return *e;
  if (auto seat = attribute(node, "seat")) {
    int n = 0;
    auto [end, ec] = std::from_chars(seat->data(), seat->data() + seat->size(), n);
    if (ec != std::errc() || end != seat->data() + seat->size() || n < 0 || n > 99)
      return fail("seat must be a number from 1", cmd.request_id);
    cmd.seat = n;
  }
  return Command{cmd};
}

Result<Command, CommandError> parse_chat(const pugi::xml_node& node) {
  ChatCommand cmd;
  if (auto e = table_and_request(node, cmd.table_id, cmd.request_id)) return *e;
  std::string_view text = node.text().get();
  while (!text.empty() && (text.front() == ' ' || text.front() == '\t')) text.remove_prefix(1);
  while (!text.empty() && (text.back() == ' ' || text.back() == '\t')) text.remove_suffix(1);
  auto chars = chat_chars(text);
  if (!chars) return fail("a chat message is text without control characters", cmd.request_id);
  if (*chars == 0 || *chars > kChatCharsMax)
    return fail("a chat message has 1 to 200 characters", cmd.request_id);
  cmd.text = std::string(text);
  return Command{std::move(cmd)};
}

std::optional<int> small_number(const std::optional<std::string>& text, int max) {
  if (!text) return std::nullopt;
  int n = -1;
  auto [end, ec] = std::from_chars(text->data(), text->data() + text->size(), n);
  if (ec != std::errc() || end != text->data() + text->size() || n < 0 || n > max)
    return std::nullopt;
  return n;
}

Result<Command, CommandError> parse_decide(const pugi::xml_node& node) {
  DecideCommand cmd;
  if (auto e = table_and_request(node, cmd.table_id, cmd.request_id)) return *e;
  if (auto game_id = attribute(node, "gameId")) {
    if (!game_id->empty() && !token_chars(*game_id, 64))
      return fail("gameId is malformed", cmd.request_id);
    cmd.game_id = *game_id;
  }
  if (auto seat = attribute(node, "seat")) {
    auto n = small_number(seat, 12);
    if (!n || *n == 0) return fail("seat must be a number from 1", cmd.request_id);
    cmd.seat = *n;
  }
  using games::blackjack::Decision;
  static const std::pair<std::string_view, Decision> kDecisions[] = {
      {"hit", Decision::hit},
      {"stand", Decision::stand},
      {"double", Decision::double_down},
      {"split", Decision::split},
      {"insurance", Decision::insurance},
      {"no_insurance", Decision::no_insurance},
      {"no_decision", Decision::no_decision}};
  auto decision = attribute(node, "decision");
  for (const auto& [name, d] : kDecisions) {
    if (decision && *decision == name) {
      cmd.decision = d;
      return Command{std::move(cmd)};
    }
  }
  CommandError e =
      fail("decision must be hit, stand, double, split, insurance, no_insurance or no_decision",
           cmd.request_id);
  e.code = ErrorCode::InvalidDecision;
  return e;
}

Result<Command, CommandError> parse_autoplay(const pugi::xml_node& node) {
  AutoplayCommand cmd;
  if (auto e = table_and_request(node, cmd.table_id, cmd.request_id)) return *e;
  auto rounds = small_number(attribute(node, "rounds"), 100);
  if (!rounds) return fail("rounds must be 0 (stop) to 100", cmd.request_id);
  cmd.rounds = *rounds;
  return Command{std::move(cmd)};
}

// The panel of a crash table's command: a spot code ("BET_1").
std::optional<CommandError> panel(const pugi::xml_node& node, std::string& bet,
                                  const std::string& request_id) {
  auto b = attribute(node, "bet");
  if (!b || !token_chars(*b, 16, false)) return fail("bet must name a panel (BET_1)", request_id);
  bet = *b;
  return std::nullopt;
}

Result<Command, CommandError> parse_cash_out(const pugi::xml_node& node) {
  CashOutCommand cmd;
  if (auto e = table_and_request(node, cmd.table_id, cmd.request_id)) return *e;
  if (auto game_id = attribute(node, "gameId")) {
    if (!game_id->empty() && !token_chars(*game_id, 64))
      return fail("gameId is malformed", cmd.request_id);
    cmd.game_id = *game_id;
  }
  if (auto e = panel(node, cmd.bet, cmd.request_id)) return *e;
  if (auto part = attribute(node, "part")) {
    if (*part != "half" && *part != "all") return fail("part must be all or half", cmd.request_id);
    cmd.half = *part == "half";
  }
  return Command{std::move(cmd)};
}

Result<Command, CommandError> parse_auto_cash_out(const pugi::xml_node& node) {
  AutoCashOutCommand cmd;
  if (auto e = table_and_request(node, cmd.table_id, cmd.request_id)) return *e;
  if (auto e = panel(node, cmd.bet, cmd.request_id)) return *e;
  for (auto [name, target] : {std::pair{"at", &cmd.at}, std::pair{"halfAt", &cmd.half_at}}) {
    auto text = attribute(node, name);
    if (!text || text->empty()) continue;
    auto x = games::crash::parse_multiplier(*text);
    if (!x) return fail(std::string(name) + " must be a multiplier such as 2.50", cmd.request_id);
    *target = *x;
  }
  return Command{std::move(cmd)};
}

Result<Command, CommandError> parse_choose(const pugi::xml_node& node) {
  ChooseCommand cmd;
  if (auto e = table_and_request(node, cmd.table_id, cmd.request_id)) return *e;
  if (auto game_id = attribute(node, "gameId")) {
    if (!game_id->empty() && !token_chars(*game_id, 64))
      return fail("gameId is malformed", cmd.request_id);
    cmd.game_id = *game_id;
  }
  auto step = attribute(node, "step");
  int n = -1;
  if (step && !step->empty()) {
    auto [end, ec] = std::from_chars(step->data(), step->data() + step->size(), n);
    if (ec != std::errc() || end != step->data() + step->size()) n = -1;
  }
  if (n < 0 || n > 99) return fail("step must be a step of the show, 0 to 99", cmd.request_id);
  cmd.step = n;
  auto choice = attribute(node, "choice");
  if (!choice || !token_chars(*choice, 16, false))
    return fail("choice must name one of the choices", cmd.request_id);
  cmd.choice = *choice;
  return Command{std::move(cmd)};
}

Result<Command, CommandError> parse_squeeze(const pugi::xml_node& node) {
  SqueezeCommand cmd;
  if (auto e = table_and_request(node, cmd.table_id, cmd.request_id)) return *e;
  auto index = attribute(node, "index");
  int n = -1;
  if (index) {
    auto [end, ec] = std::from_chars(index->data(), index->data() + index->size(), n);
    if (ec != std::errc() || end != index->data() + index->size()) n = -1;
  }
  if (n < 0 || n > 5) return fail("index must be a card from 0 to 5", cmd.request_id);
  cmd.index = static_cast<size_t>(n);
  auto progress = attribute(node, "progress");
  // 0, 1 or a decimal between: "0.45". Parsed by hand: no locale, no exponents.
  if (!progress || progress->empty() || progress->size() > 6)
    return fail("progress must be from 0 to 1", cmd.request_id);
  double value = 0, scale = 0;
  for (char c : *progress) {
    if (c == '.' && scale == 0) {
      scale = 1;
    } else if (c >= '0' && c <= '9') {
      if (scale > 0) {
        scale /= 10;
        value += (c - '0') * scale;
      } else {
        value = value * 10 + (c - '0');
      }
    } else {
      return fail("progress must be from 0 to 1", cmd.request_id);
    }
  }
  if (value > 1.0) return fail("progress must be from 0 to 1", cmd.request_id);
  cmd.progress = value;
  return Command{cmd};
}

}  // namespace

// Counts UTF-8 characters; nullopt when the text is not valid UTF-8 or holds a control
// character (the text is shown as text, but a control character has no business in it).
std::optional<size_t> chat_chars(std::string_view text) {
  size_t chars = 0;
  for (size_t i = 0; i < text.size(); ++chars) {
    auto c = static_cast<unsigned char>(text[i]);
    size_t len = c < 0x80           ? 1
                 : (c >> 5) == 0x6  ? 2
                 : (c >> 4) == 0xE  ? 3
                 : (c >> 3) == 0x1E ? 4
                                    : 0;
    if (len == 0 || i + len > text.size()) return std::nullopt;
    if (len == 1 && (c < 0x20 || c == 0x7F)) return std::nullopt;
    for (size_t k = 1; k < len; ++k)
      if ((static_cast<unsigned char>(text[i + k]) >> 6) != 0x2) return std::nullopt;
    i += len;
  }
  return chars;
}

Result<BetCommand, CommandError> parse_json_bet(const boost::json::object& body) {
  BetFields f;
  f.user_id_required = false;
  f.get = [&](const char* name) { return string_field(body, name); };
  for (const auto& [key, value] : body) {
    static constexpr std::string_view kKnown[] = {"requestId", "tableId",    "gameMode",   "userId",
                                                  "gameId",    "checkValue", "clientSeed", "bets"};
    if (std::find(std::begin(kKnown), std::end(kKnown), key) == std::end(kKnown)) {
      f.unexpected = "field \"" + std::string(key) + "\"";
    } else if (key != "bets" && !value.is_string()) {
      f.unexpected = "value of " + std::string(key) + " (text expected)";
    }
  }
  const boost::json::value* bets = body.if_contains("bets");
  if (bets && !bets->is_array()) f.unexpected = "bets (a list expected)";
  if (bets && bets->is_array()) {
    for (const auto& b : bets->as_array()) {
      if (!b.is_object()) {
        f.unexpected = "bet (an object with code and amount expected)";
        break;
      }
      f.bets.push_back(
          {string_field(b.as_object(), "code"), string_field(b.as_object(), "amount")});
      if (f.bets.size() > kBetsPerCommandMax) break;
    }
  }
  return parse_bet_fields(f, BetCommand::Kind::pbet);
}

bool valid_game_mode(std::string_view mode) {
  auto underscore = mode.rfind('_');
  if (underscore == std::string_view::npos || underscore == 0 || mode.size() > 40) return false;
  std::string_view game = mode.substr(0, underscore), device = mode.substr(underscore + 1);
  if (device != "desktop" && device != "mobile") return false;
  for (char c : game)
    if (!((c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '_')) return false;
  return true;
}

Result<Command, CommandError> parse_command(std::string_view text) {
  pugi::xml_document doc;
  // No DOCTYPE processing, no entity expansion beyond the five XML built-ins: pugixml
  // never loads external entities.
  pugi::xml_parse_result parsed = doc.load_buffer(
      text.data(), text.size(), pugi::parse_default & ~pugi::parse_doctype, pugi::encoding_utf8);
  if (!parsed) return fail(std::string("not well-formed XML: ") + parsed.description());
  pugi::xml_node root = doc.document_element();
  size_t roots = 0;
  for (pugi::xml_node n = doc.first_child(); n; n = n.next_sibling())
    if (n.type() == pugi::node_element) ++roots;
  if (!root || roots != 1) return fail("expected exactly one command element");

  std::string_view name = root.name();
  if (name == "subscribe") return parse_subscribe(root, true);
  if (name == "unsubscribe") return parse_subscribe(root, false);
  if (name == "ping") {
    auto id = attribute(root, "id");
    if (id && !id->empty() && !token_chars(*id, 32)) return fail("ping id is malformed");
    return Command{PingCommand{id.value_or("")}};
  }
  if (name == "active") return Command{ActiveCommand{}};
  if (name == "pbet") return parse_bet(root, BetCommand::Kind::pbet);
  if (name == "placebets") return parse_bet(root, BetCommand::Kind::placebets);
  if (name == "lpbet") return parse_bet(root, BetCommand::Kind::lpbet);
  if (name == "cancelbets") return parse_bet(root, BetCommand::Kind::cancelbets);
  if (name == "sit") return parse_seat(root, true);
  if (name == "leave") return parse_seat(root, false);
  if (name == "chat") return parse_chat(root);
  if (name == "squeeze") return parse_squeeze(root);
  if (name == "decide") return parse_decide(root);
  if (name == "autoplay") return parse_autoplay(root);
  if (name == "cashout") return parse_cash_out(root);
  if (name == "autocashout") return parse_auto_cash_out(root);
  if (name == "choose") return parse_choose(root);
  return fail("unknown command <" + std::string(name) + ">");
}

}  // namespace croupier::gateway
