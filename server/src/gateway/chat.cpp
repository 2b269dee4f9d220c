#include "gateway/chat.hpp"

#include <boost/json/parse.hpp>

#include "config/casino.hpp"

namespace croupier::gateway {

namespace {

bool word_char(unsigned char c) {
  return std::isalnum(c) || c >= 0x80;  // letters of other scripts are part of a word
}

std::string lower(std::string_view s) {
  std::string out(s);
  for (char& c : out) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return out;
}

}  // namespace

bool has_swearword(std::string_view text, const std::vector<std::string>& words) {
  const std::string t = lower(text);
  for (const std::string& w : words) {
    if (w.empty()) continue;
    for (size_t at = t.find(w); at != std::string::npos; at = t.find(w, at + 1)) {
      const bool starts = at == 0 || !word_char(static_cast<unsigned char>(t[at - 1]));
      const size_t end = at + w.size();
      const bool ends = end == t.size() || !word_char(static_cast<unsigned char>(t[end]));
      if (starts && ends) return true;
    }
  }
  return false;
}

bool chat_off(const Services& svc, const store::Player& player, const LiveTable& table) {
  if (!table.def->config.chat_enabled) return true;
  const config::Operator* op = svc.casino.find_operator(player.operator_id);
  if (!op) return false;
  if (config::casino_flag(*op, "chat_disabled")) return true;
  // The operator's feature flag (configuredFeatures: feature_chat) turns the feature off.
  if (const auto* f = op->features.if_contains("feature_chat"); f && f->is_bool() && !f->as_bool())
    return true;
  for (const auto& f : op->functionalities)
    if (f == "disable_chat") return true;
  return false;
}

std::optional<ChatRefusal> chat_refusal(Services& svc, const store::Player& player,
                                        const std::map<std::string, std::string>& saved,
                                        const LiveTable& table, std::string_view text) {
  if (chat_off(svc, player, table))
    return ChatRefusal{ErrorCode::ActionFailed, "off", "chat is turned off here"};
  if (auto m = saved.find(std::string(kChatMutedUntil)); m != saved.end()) {
    boost::system::error_code ec;
    auto until = boost::json::parse(m->second, ec);
    if (!ec && until.is_int64() && until.as_int64() > svc.clock.wall_ms())
      return ChatRefusal{ErrorCode::ActionFailed, "muted",
                         "the game host has muted you for a while"};
  }
  // "Needs sufficient balance" (SPEC §5): money enough for the table's smallest bet.
  const Money balance = svc.ledger.balance(player.id, player.currency).total();
  const auto terms = table.def->terms.find(player.currency);
  const Money needed = terms != table.def->terms.end() && terms->second.limits.min_bet.is_positive()
                           ? terms->second.limits.min_bet
                           : Money{1};
  if (balance < needed)
    return ChatRefusal{ErrorCode::LowBalance, "balance",
                       "chat needs a balance of at least the minimum bet"};
  if (has_swearword(text, svc.swearwords))
    return ChatRefusal{ErrorCode::ActionFailed, "words",
                       "foul language is not allowed in the chat"};
  return std::nullopt;
}

}  // namespace croupier::gateway
