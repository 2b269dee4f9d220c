// The chat's rules (SPEC §5 "Chat"), checked before a player's message reaches the table:
// the operator's casino configuration (chat_disabled) and jurisdiction (disable_chat),
// the table's own chat (chat_enabled, spaceman), a mute set by the studio's supervisor,
// a sufficient balance, and no word of the swear-word list (the one the client warns
// with). The rate and the length are the socket's (ws_session, protocol/commands).
//
// Pure but for the reads it is given (the store, the ledger); thread-safe.
#pragma once

#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/error_code.hpp"
#include "gateway/services.hpp"

namespace croupier::gateway {

// Where a mute is kept: a player record of the store, out of the players' own settings.
inline constexpr std::string_view kChatMutedUntil = "chat:muted_until";

// A refusal's `reason` lets the client say why in the player's language: off, muted,
// balance, words (and the socket's own: rate, seat).
struct ChatRefusal {
  ErrorCode code;
  std::string reason;
  std::string detail;
};

// Whether `text` holds a word of `words` (lower-case), as a whole word, ignoring case.
bool has_swearword(std::string_view text, const std::vector<std::string>& words);

// Whether the operator or the table turns the chat off for this player.
bool chat_off(const Services& svc, const store::Player& player, const LiveTable& table);

// Why the player may not say `text` at the table now; nullopt when they may. `saved` is
// the player's stored settings (where a mute is kept).
std::optional<ChatRefusal> chat_refusal(Services& svc, const store::Player& player,
                                        const std::map<std::string, std::string>& saved,
                                        const LiveTable& table, std::string_view text);

}  // namespace croupier::gateway
