#include "gateway/relay_codec.hpp"

#include <cstdint>
#include <cstring>

namespace croupier::gateway {

namespace {

constexpr char kFormat = 1;
// More personal variants than any table has players is a damaged message.
constexpr uint32_t kPersonalMax = 1'000'000;

void put_u32(std::string& out, uint32_t v) {
  for (int i = 0; i < 4; ++i) out += static_cast<char>((v >> (8 * i)) & 0xff);
}

void put_u64(std::string& out, uint64_t v) {
  for (int i = 0; i < 8; ++i) out += static_cast<char>((v >> (8 * i)) & 0xff);
}

void put_text(std::string& out, std::string_view text) {
  put_u32(out, static_cast<uint32_t>(text.size()));
  out += text;
}

class Reader {
 public:
  explicit Reader(std::string_view bytes) : rest_(bytes) {}
  bool u8(char& v) {
    if (rest_.empty()) return false;
    v = rest_[0];
    rest_.remove_prefix(1);
    return true;
  }
  bool u32(uint32_t& v) { return fixed(v, 4); }
  bool u64(uint64_t& v) { return fixed(v, 8); }
  bool text(std::string& v) {
    uint32_t n = 0;
    if (!u32(n) || n > rest_.size()) return false;
    v.assign(rest_.substr(0, n));
    rest_.remove_prefix(n);
    return true;
  }
  bool done() const { return rest_.empty(); }

 private:
  template <class T>
  bool fixed(T& v, int bytes) {
    if (rest_.size() < static_cast<size_t>(bytes)) return false;
    v = 0;
    for (int i = 0; i < bytes; ++i)
      v |= static_cast<T>(static_cast<unsigned char>(rest_[static_cast<size_t>(i)])) << (8 * i);
    rest_.remove_prefix(static_cast<size_t>(bytes));
    return true;
  }
  std::string_view rest_;
};

}  // namespace

std::string encode_event(std::string_view table_id, const protocol::WireEvent& event) {
  std::string out;
  size_t size = 64 + table_id.size() + event.epoch.size() + event.type.size() +
                (event.json ? event.json->size() : 0);
  for (const auto& [player, text] : event.personal) size += 12 + (text ? text->size() : 0);
  out.reserve(size);
  out += kFormat;
  put_text(out, table_id);
  put_text(out, event.epoch);
  put_u64(out, event.version);
  put_text(out, event.type);
  put_text(out, event.json ? std::string_view(*event.json) : std::string_view());
  put_u32(out, static_cast<uint32_t>(event.personal.size()));
  for (const auto& [player, text] : event.personal) {
    put_u64(out, static_cast<uint64_t>(player));
    put_text(out, text ? std::string_view(*text) : std::string_view());
  }
  return out;
}

std::optional<std::pair<std::string, protocol::WireEvent>> decode_event(std::string_view bytes) {
  Reader in(bytes);
  char format = 0;
  std::string table_id, everyone;
  protocol::WireEvent event;
  uint32_t personal = 0;
  if (!in.u8(format) || format != kFormat || !in.text(table_id) || !in.text(event.epoch) ||
      !in.u64(event.version) || !in.text(event.type) || !in.text(everyone) || !in.u32(personal) ||
      personal > kPersonalMax) {
    return std::nullopt;
  }
  event.json = std::make_shared<const std::string>(std::move(everyone));
  for (uint32_t i = 0; i < personal; ++i) {
    uint64_t player = 0;
    std::string text;
    if (!in.u64(player) || !in.text(text)) return std::nullopt;
    event.personal.emplace(static_cast<ledger::PlayerId>(player),
                           std::make_shared<const std::string>(std::move(text)));
  }
  if (!in.done()) return std::nullopt;
  return std::make_pair(std::move(table_id), std::move(event));
}

}  // namespace croupier::gateway
