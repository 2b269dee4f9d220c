// The bytes of a table event between a cluster's nodes (issue 17): the owner of a table
// publishes each WireEvent it writes, and every other node hands the decoded event to
// its own channel for the table, so that its subscribers get the same text under the
// same epoch and version as the owner's (the channel's history, resume and resync work
// across nodes as they do on one).
//
// Format (version 1), little-endian: the byte 1, then table id, epoch, version (8
// bytes), type, the event's text for everyone, the count of personal variants (4 bytes)
// and each as player id (8 bytes) and text; every text as a 4-byte length and its bytes.
// decode_event refuses anything else (nullopt): a truncated message, trailing bytes, a
// text longer than what is left, an unknown format.
//
// Pure functions; thread-safe.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <utility>

#include "gateway/protocol/json.hpp"

namespace croupier::gateway {

std::string encode_event(std::string_view table_id, const protocol::WireEvent& event);
// The table id and the event.
std::optional<std::pair<std::string, protocol::WireEvent>> decode_event(std::string_view bytes);

}  // namespace croupier::gateway
