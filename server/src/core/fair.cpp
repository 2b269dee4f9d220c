#include "core/fair.hpp"

#include <algorithm>

#include "core/crypto.hpp"

namespace croupier::fair {

namespace {

int hex_value(char c) {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  if (c >= 'A' && c <= 'F') return c - 'A' + 10;
  return -1;
}

}  // namespace

std::string new_server_seed(Rng& rng) {
  std::string bytes;
  bytes.reserve(kSeedBytes);
  for (size_t i = 0; i < kSeedBytes / 8; ++i) {
    uint64_t word = rng.next_u64();
    for (int b = 0; b < 8; ++b) bytes.push_back(static_cast<char>((word >> (8 * b)) & 0xff));
  }
  return crypto::to_hex(bytes);
}

std::optional<std::string> seed_bytes(std::string_view seed_hex) {
  if (seed_hex.size() != 2 * kSeedBytes) return std::nullopt;
  std::string out;
  out.reserve(kSeedBytes);
  for (size_t i = 0; i < seed_hex.size(); i += 2) {
    const int hi = hex_value(seed_hex[i]);
    const int lo = hex_value(seed_hex[i + 1]);
    if (hi < 0 || lo < 0) return std::nullopt;
    out.push_back(static_cast<char>(hi * 16 + lo));
  }
  return out;
}

std::string commitment(std::string_view seed_hex) {
  auto bytes = seed_bytes(seed_hex);
  return bytes ? crypto::to_hex(crypto::sha256(*bytes)) : std::string();
}

std::string shoe_commitment(std::string_view seed_hex, std::string_view composition) {
  auto bytes = seed_bytes(seed_hex);
  return bytes ? crypto::to_hex(crypto::sha256(*bytes + std::string(composition))) : std::string();
}

SeedChain::SeedChain(Rng& rng, size_t length) : rng_(rng) {
  seeds_.resize(std::max<size_t>(1, length));
  make();
}

void SeedChain::make() {
  seeds_[0] = new_server_seed(rng_);  // s_N
  for (size_t i = 1; i < seeds_.size(); ++i) seeds_[i] = commitment(seeds_[i - 1]);
  anchor_ = commitment(seeds_.back());  // s_0
  used_ = 0;
}

std::string SeedChain::next() {
  if (used_ == seeds_.size()) make();
  return seeds_[seeds_.size() - 1 - used_++];
}

bool in_chain(std::string_view seed, size_t index, std::string_view anchor) {
  if (index == 0 || !seed_bytes(seed)) return false;
  std::string s(seed);
  for (size_t i = 0; i < index; ++i) s = commitment(s);
  return s == anchor;
}

bool valid_client_seed(std::string_view seed) {
  return !seed.empty() && seed.size() <= kClientSeedMax &&
         std::all_of(seed.begin(), seed.end(), [](char c) {
           return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
                  c == '_' || c == '-';
         });
}

RoundRng::RoundRng(std::string_view seed_hex, std::string client_seed, std::string round_id)
    : key_(seed_bytes(seed_hex).value_or(std::string())),
      prefix_(std::move(client_seed) + ':' + std::move(round_id) + ':') {}

void RoundRng::refill() {
  const std::string block = crypto::hmac_sha256(key_, prefix_ + std::to_string(block_++));
  std::copy(block.begin(), block.end(), bytes_);
  next_ = 0;
}

uint64_t RoundRng::next_u64() {
  if (next_ + 8 > sizeof(bytes_)) refill();
  uint64_t word = 0;
  for (int i = 0; i < 8; ++i) word = (word << 8) | bytes_[next_++];
  ++words_;
  return word;
}

void RoundSeeds::offer(int64_t player, std::string_view seed) {
  if (list_.size() >= kContributorsMax || !valid_client_seed(seed)) return;
  if (std::any_of(list_.begin(), list_.end(), [&](const auto& c) { return c.player == player; }))
    return;
  list_.push_back({player, std::string(seed)});
}

void RoundSeeds::withdraw(int64_t player) {
  std::erase_if(list_, [&](const Contributor& c) { return c.player == player; });
}

std::string RoundSeeds::client_seed() const {
  std::string out;
  for (const auto& c : list_) {
    if (!out.empty()) out += ',';
    out += c.seed;
  }
  return out;
}

namespace {

bool plain(std::string_view text, std::string_view allowed_extra) {
  return std::all_of(text.begin(), text.end(), [&](char c) {
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
           allowed_extra.find(c) != std::string_view::npos;
  });
}

}  // namespace

std::string encode(const Record& r) {
  std::string out = "hash=" + r.hash;
  auto field = [&](std::string_view name, const std::string& value) {
    if (!value.empty()) out.append(" ").append(name).append("=").append(value);
  };
  field("game", r.game);
  field("variant", r.variant);
  field("seed", r.seed);
  field("client", r.client_seed);
  if (!r.shoe.empty()) {
    field("shoe", r.shoe);
    field("shoehash", r.shoe_hash);
    if (r.decks > 0) field("decks", std::to_string(r.decks));
    out += " cards=";
    for (size_t i = 0; i < r.cards.size(); ++i) out += (i ? "," : "") + r.cards[i];
  }
  if (r.scripted) out += " scripted";
  if (r.human) out += " human";
  return out;
}

std::optional<Record> decode(std::string_view text) {
  Record r;
  std::vector<std::string_view> seen;
  while (!text.empty()) {
    const size_t end = std::min(text.find(' '), text.size());
    const std::string_view field = text.substr(0, end);
    text.remove_prefix(std::min(end + 1, text.size()));
    const size_t eq = field.find('=');
    const std::string_view name = field.substr(0, eq);
    const std::string_view value = eq == std::string_view::npos ? "" : field.substr(eq + 1);
    if (std::find(seen.begin(), seen.end(), name) != seen.end()) return std::nullopt;
    seen.push_back(name);
    if (name == "hash" && value.size() == 64 && plain(value, "")) {
      r.hash = value;
    } else if ((name == "game" || name == "variant") && !value.empty() && plain(value, "_-")) {
      (name == "game" ? r.game : r.variant) = value;
    } else if (name == "seed" && seed_bytes(value)) {
      r.seed = value;
    } else if (name == "client" && !value.empty() && plain(value, "_-,")) {
      r.client_seed = value;
    } else if (name == "shoe" && value.size() == 52 && plain(value, "")) {
      r.shoe = value;
    } else if (name == "shoehash" && value.size() == 64 && plain(value, "")) {
      r.shoe_hash = value;
    } else if (name == "decks" && value.size() == 1 && value[0] >= '1' && value[0] <= '8') {
      r.decks = value[0] - '0';
    } else if (name == "cards" && eq != std::string_view::npos && plain(value, ",") &&
               (value.empty() || value.back() != ',')) {
      for (size_t at = 0; at < value.size();) {
        const size_t comma = std::min(value.find(',', at), value.size());
        if (comma == at) return std::nullopt;  // an empty card ("KH,,5S", "KH,")
        r.cards.emplace_back(value.substr(at, comma - at));
        at = comma + 1;
      }
    } else if (field == "scripted") {
      r.scripted = true;
    } else if (field == "human") {
      r.human = true;
    } else {
      return std::nullopt;
    }
  }
  if (r.hash.empty()) return std::nullopt;
  // A deal's fields belong to a shoe: encode() writes them only with one.
  if (r.shoe.empty() && (r.decks != 0 || !r.cards.empty() || !r.shoe_hash.empty() ||
                         std::find(seen.begin(), seen.end(), "cards") != seen.end()))
    return std::nullopt;
  return r;
}

}  // namespace croupier::fair
