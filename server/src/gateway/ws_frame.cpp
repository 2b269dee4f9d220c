#include "gateway/ws_frame.hpp"

#include <openssl/evp.h>
#include <openssl/sha.h>

#include <algorithm>
#include <array>
#include <utility>

namespace croupier::gateway::ws {

namespace {

constexpr std::string_view kGuid = "258EAFA5-E914-47DA-95CA-C5AB0DC85B11";

bool is_control(Opcode op) {
  return (static_cast<uint8_t>(op) & 0x8) != 0;
}

bool known(uint8_t op) {
  return op == 0x0 || op == 0x1 || op == 0x2 || op == 0x8 || op == 0x9 || op == 0xA;
}

// A close code a peer may send (RFC 6455 section 7.4).
bool valid_close_code(uint16_t code) {
  if (code >= 3000 && code <= 4999) return true;
  return code >= 1000 && code <= 1014 && code != 1004 && code != 1005 && code != 1006;
}

}  // namespace

std::string server_frame(Opcode op, std::string_view payload) {
  std::string out;
  const size_t n = payload.size();
  out.reserve(n + 10);
  out.push_back(static_cast<char>(0x80 | static_cast<uint8_t>(op)));
  if (n < 126) {
    out.push_back(static_cast<char>(n));
  } else if (n <= 0xFFFF) {
    out.push_back(static_cast<char>(126));
    out.push_back(static_cast<char>((n >> 8) & 0xFF));
    out.push_back(static_cast<char>(n & 0xFF));
  } else {
    out.push_back(static_cast<char>(127));
    for (int shift = 56; shift >= 0; shift -= 8)
      out.push_back(static_cast<char>((static_cast<uint64_t>(n) >> shift) & 0xFF));
  }
  out.append(payload);
  return out;
}

Frame text_frame(std::string_view text) {
  return std::make_shared<const std::string>(server_frame(Opcode::text, text));
}

std::string_view frame_payload(std::string_view frame) {
  if (frame.size() < 2) return {};
  const auto len = static_cast<uint8_t>(frame[1]) & 0x7F;
  const size_t header = len < 126 ? 2 : len == 126 ? 4 : 10;
  return frame.size() < header ? std::string_view{} : frame.substr(header);
}

std::string close_payload(uint16_t code, std::string_view reason) {
  std::string out;
  out.push_back(static_cast<char>((code >> 8) & 0xFF));
  out.push_back(static_cast<char>(code & 0xFF));
  // At most 123 bytes of reason, not cut inside a UTF-8 sequence.
  size_t len = std::min<size_t>(reason.size(), 123);
  while (len > 0 && len < reason.size() && (static_cast<unsigned char>(reason[len]) & 0xC0) == 0x80)
    --len;
  out.append(reason.substr(0, len));
  return out;
}

std::string accept_key(std::string_view client_key) {
  std::string text(client_key);
  text.append(kGuid);
  std::array<unsigned char, SHA_DIGEST_LENGTH> digest{};
  SHA1(reinterpret_cast<const unsigned char*>(text.data()), text.size(), digest.data());
  std::array<unsigned char, 4 * ((SHA_DIGEST_LENGTH + 2) / 3) + 1> b64{};
  const int n = EVP_EncodeBlock(b64.data(), digest.data(), SHA_DIGEST_LENGTH);
  return std::string(reinterpret_cast<const char*>(b64.data()), static_cast<size_t>(n));
}

std::string to_valid_utf8(std::string_view s) {
  if (valid_utf8(s)) return std::string(s);
  std::string out;
  for (size_t i = 0; i < s.size();) {
    const auto c = static_cast<unsigned char>(s[i]);
    const size_t n = c < 0x80           ? 1
                     : (c >> 5) == 0x6  ? 2
                     : (c >> 4) == 0xE  ? 3
                     : (c >> 3) == 0x1E ? 4
                                        : 0;
    if (n > 0 && i + n <= s.size() && valid_utf8(s.substr(i, n))) {
      out.append(s.substr(i, n));
      i += n;
    } else {
      out += "\xEF\xBF\xBD";
      ++i;
    }
  }
  return out;
}

bool valid_utf8(std::string_view s) {
  size_t i = 0;
  while (i < s.size()) {
    const auto c = static_cast<unsigned char>(s[i]);
    size_t len = 0;
    uint32_t cp = 0;
    if (c < 0x80) {
      ++i;
      continue;
    } else if ((c & 0xE0) == 0xC0) {
      len = 2;
      cp = c & 0x1F;
    } else if ((c & 0xF0) == 0xE0) {
      len = 3;
      cp = c & 0x0F;
    } else if ((c & 0xF8) == 0xF0) {
      len = 4;
      cp = c & 0x07;
    } else {
      return false;
    }
    if (i + len > s.size()) return false;
    for (size_t k = 1; k < len; ++k) {
      const auto cc = static_cast<unsigned char>(s[i + k]);
      if ((cc & 0xC0) != 0x80) return false;
      cp = (cp << 6) | (cc & 0x3F);
    }
    if ((len == 2 && cp < 0x80) || (len == 3 && cp < 0x800) || (len == 4 && cp < 0x10000))
      return false;  // overlong
    if (cp > 0x10FFFF || (cp >= 0xD800 && cp <= 0xDFFF)) return false;
    i += len;
  }
  return true;
}

std::optional<Message> FrameReader::fail(uint16_t code, std::string_view why) {
  failed_ = code;
  failure_ = std::string(why);
  buffer_.clear();
  consumed_ = 0;
  return std::nullopt;
}

std::optional<Message> FrameReader::next() {
  if (failed_) return std::nullopt;
  for (;;) {
    const std::string_view b = std::string_view(buffer_).substr(consumed_);
    if (b.size() < 2) break;
    const auto b0 = static_cast<uint8_t>(b[0]);
    const auto b1 = static_cast<uint8_t>(b[1]);
    const bool fin = (b0 & 0x80) != 0;
    if ((b0 & 0x70) != 0) return fail(1002, "reserved bits set");
    if (!known(b0 & 0x0F)) return fail(1002, "unknown opcode");
    const auto op = static_cast<Opcode>(b0 & 0x0F);
    if ((b1 & 0x80) == 0) return fail(1002, "a client frame must be masked");
    uint64_t len = b1 & 0x7F;
    size_t header = 2;
    if (len == 126) {
      if (b.size() < 4) break;
      len = (static_cast<uint64_t>(static_cast<uint8_t>(b[2])) << 8) | static_cast<uint8_t>(b[3]);
      header = 4;
      if (len < 126) return fail(1002, "length not in its shortest form");
    } else if (len == 127) {
      if (b.size() < 10) break;
      len = 0;
      for (size_t k = 2; k < 10; ++k) len = (len << 8) | static_cast<uint8_t>(b[k]);
      header = 10;
      if (len >> 63) return fail(1002, "length too large");
      if (len <= 0xFFFF) return fail(1002, "length not in its shortest form");
    }
    if (is_control(op)) {
      if (!fin) return fail(1002, "a control frame must not be fragmented");
      if (len > 125) return fail(1002, "a control frame carries at most 125 bytes");
    } else if (len > message_max_ || partial_.size() + len > message_max_) {
      return fail(1009, "message too big");
    }
    if (b.size() < header + 4 + len) break;
    const std::string_view mask = b.substr(header, 4);
    std::string payload(b.substr(header + 4, static_cast<size_t>(len)));
    for (size_t k = 0; k < payload.size(); ++k)
      payload[k] = static_cast<char>(payload[k] ^ mask[k % 4]);
    consumed_ += header + 4 + static_cast<size_t>(len);
    if (consumed_ > 4096 && consumed_ * 2 > buffer_.size()) {
      buffer_.erase(0, consumed_);
      consumed_ = 0;
    }

    switch (op) {
      case Opcode::binary:
        return fail(1003, "binary messages are not taken");
      case Opcode::text:
        if (in_message_) return fail(1002, "a new message before the last one ended");
        if (!fin) {
          in_message_ = true;
          partial_ = std::move(payload);
          continue;
        }
        if (!valid_utf8(payload)) return fail(1007, "text is not UTF-8");
        return Message{Opcode::text, std::move(payload)};
      case Opcode::continuation:
        if (!in_message_) return fail(1002, "a continuation without a message");
        partial_.append(payload);
        if (!fin) continue;
        in_message_ = false;
        if (!valid_utf8(partial_)) return fail(1007, "text is not UTF-8");
        return Message{Opcode::text, std::exchange(partial_, {})};
      case Opcode::close: {
        Message m{Opcode::close, {}, 1005};
        if (payload.size() == 1) return fail(1002, "a close payload of one byte");
        if (payload.size() >= 2) {
          m.close_code = static_cast<uint16_t>((static_cast<uint8_t>(payload[0]) << 8) |
                                               static_cast<uint8_t>(payload[1]));
          if (!valid_close_code(m.close_code)) return fail(1002, "an invalid close code");
          m.payload = payload.substr(2);
          if (!valid_utf8(m.payload)) return fail(1007, "a close reason that is not UTF-8");
        }
        return m;
      }
      case Opcode::ping:
      case Opcode::pong:
        return Message{op, std::move(payload)};
    }
  }
  if (consumed_ > 0 && consumed_ == buffer_.size()) {
    buffer_.clear();
    consumed_ = 0;
  }
  return std::nullopt;
}

}  // namespace croupier::gateway::ws
