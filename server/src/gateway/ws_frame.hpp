// WebSocket framing (RFC 6455) for the server side, without a stream: what croupierd
// needs to own a socket after the handshake, so that one writer sends every byte.
//
// - server_frame(): a whole unmasked frame (FIN set) for a text, close, ping or pong
//   payload; a table's event is framed once and the same bytes go to every subscriber.
// - FrameReader: fed the bytes a client sends, it yields whole messages (text, with
//   continuation frames joined) and control frames; it refuses what the RFC forbids or
//   the server does not take (unmasked frames, binary messages, reserved bits, control
//   frames over 125 bytes or fragmented, messages over the limit, invalid UTF-8 text),
//   naming the close code to send (1002 protocol error, 1003 unsupported data, 1007
//   invalid payload, 1009 too big).
// - accept_key(): the Sec-WebSocket-Accept value for a client's Sec-WebSocket-Key.
// Pure; thread-compatible (one reader per connection).
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>

namespace croupier::gateway::ws {

enum class Opcode : uint8_t {
  continuation = 0x0,
  text = 0x1,
  binary = 0x2,
  close = 0x8,
  ping = 0x9,
  pong = 0xA
};

// Close codes the server sends (RFC 6455 section 7.4.1).
constexpr uint16_t kGoingAway = 1001;
constexpr uint16_t kPolicyViolation = 1008;

// A whole frame as the server sends it: FIN, the opcode, the length, the payload.
std::string server_frame(Opcode op, std::string_view payload);

// A frame ready to send, shared by every socket it goes to (a table's event is framed
// once and the same bytes go to all of its subscribers).
using Frame = std::shared_ptr<const std::string>;
Frame text_frame(std::string_view text);
// The payload of a frame server_frame() made.
std::string_view frame_payload(std::string_view frame);

// A close frame's payload: the code (big-endian) and a reason cut to fit 123 bytes.
std::string close_payload(uint16_t code, std::string_view reason);

// base64(SHA-1(key + the RFC's GUID)).
std::string accept_key(std::string_view client_key);

struct Message {
  Opcode op;                // text, close, ping or pong
  std::string payload;      // unmasked
  uint16_t close_code = 0;  // for close: the peer's code (1005 when it gave none)
};

class FrameReader {
 public:
  explicit FrameReader(size_t message_max) : message_max_(message_max) {}

  // Adds bytes read from the socket.
  void feed(std::string_view bytes) { buffer_.append(bytes); }

  // The next whole message or control frame, nullopt when more bytes are needed. After a
  // failure (failed() set) it yields nothing more.
  std::optional<Message> next();

  // The close code to send when the client broke the protocol (0 while it has not).
  uint16_t failed() const { return failed_; }
  std::string_view failure() const { return failure_; }

 private:
  std::optional<Message> fail(uint16_t code, std::string_view why);

  const size_t message_max_;
  std::string buffer_;
  size_t consumed_ = 0;      // bytes of buffer_ already taken
  std::string partial_;      // a fragmented text message so far
  bool in_message_ = false;  // a text message awaits its continuation frames
  uint16_t failed_ = 0;
  std::string failure_;
};

// Whether `text` is well-formed UTF-8 (no overlongs, surrogates or values over U+10FFFF).
bool valid_utf8(std::string_view text);
// `text` with every byte that is not part of well-formed UTF-8 replaced by U+FFFD (for text
// a reply echoes, such as a percent-decoded path: JSON is UTF-8).
std::string to_valid_utf8(std::string_view text);

}  // namespace croupier::gateway::ws
