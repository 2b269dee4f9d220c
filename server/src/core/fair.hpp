// Provably fair rounds (docs/provably-fair.md): every RNG outcome comes from bytes a player
// can recompute once the round is over.
//
// Before betting opens the table draws a server seed and publishes its commitment, the
// SHA-256 of its 32 bytes. The outcome is drawn from RoundRng: HMAC-SHA256 keyed by the
// seed over "<client seed>:<round id>:<block>", read as big-endian 64-bit words, through
// Rng::uniform (which rejects rather than takes a modulo) and the engine's own draw().
// After the round the seed is revealed, and the commitment proves it was fixed before any
// bet. The client seed of a round is what its first players chose (fair::RoundSeeds), so
// the server cannot pick a seed that favours the house against the bets it will get.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/rng.hpp"

namespace croupier::fair {

constexpr size_t kSeedBytes = 32;
constexpr size_t kClientSeedMax = 64;   // characters of one player's client seed
constexpr size_t kContributorsMax = 3;  // players whose client seeds make a round's

// A new server seed from `rng` (a CSPRNG in production): 64 lowercase hex digits.
std::string new_server_seed(Rng& rng);
// The raw bytes of a seed in hex, or nullopt when it is not 64 hex digits.
std::optional<std::string> seed_bytes(std::string_view seed_hex);
// The published commitment to a seed: hex SHA-256 of its 32 bytes ("" for a bad seed).
std::string commitment(std::string_view seed_hex);
// The commitment to the shoe a round deals from, published with the seed's as betting
// opens: hex SHA-256 of the seed's 32 bytes followed by the composition's 52 digits (the
// secret seed keeps the counts from being guessed from it). "" for a bad seed.
std::string shoe_commitment(std::string_view seed_hex, std::string_view composition);
// A player's client seed: 1 to 64 characters of [A-Za-z0-9_-].
bool valid_client_seed(std::string_view seed);

// A hash chain of server seeds, bustabit-style, for games whose whole future sequence of
// outcomes is fixed before anyone bets (the crash games): the last seed s_N is drawn, each
// earlier one is the commitment of the next (s_{k-1} = commitment(s_k)), and rounds use
// s_1, s_2, … s_N in turn. The anchor s_0 = commitment(s_1) is published before the first
// round; a revealed s_k hashed k times gives the anchor, so no seed of the chain could be
// chosen after it was published. A round's published commitment is the previous round's
// seed. When the chain runs out, a new one starts with a new anchor.
class SeedChain {
 public:
  SeedChain(Rng& rng, size_t length);
  // The next round's seed, and its place in the chain (1-based).
  std::string next();
  size_t index() const { return used_; }
  const std::string& anchor() const { return anchor_; }
  size_t length() const { return seeds_.size(); }

 private:
  void make();
  Rng& rng_;
  std::vector<std::string> seeds_;  // s_N … s_1: next() takes from the back
  std::string anchor_;
  size_t used_ = 0;
};
// Whether `seed` is the `index`-th seed of the chain anchored at `anchor`.
bool in_chain(std::string_view seed, size_t index, std::string_view anchor);

// The round's random words, derived from the revealed inputs alone.
class RoundRng final : public Rng {
 public:
  RoundRng(std::string_view seed_hex, std::string client_seed, std::string round_id);
  uint64_t next_u64() override;
  // The words read so far (for tests and the trace of a draw).
  uint64_t words() const { return words_; }

 private:
  void refill();
  std::string key_;
  std::string prefix_;  // "<client seed>:<round id>:"
  uint64_t block_ = 0;
  unsigned char bytes_[32]{};
  size_t next_ = 32;
  uint64_t words_ = 0;
};

// The client seeds of one round: the first kContributorsMax distinct players who bet and
// gave one, in the order their bets were accepted; joined with ',' they are the round's
// client seed ("" when nobody gave one).
class RoundSeeds {
 public:
  struct Contributor {
    int64_t player = 0;
    std::string seed;
  };
  void clear() { list_.clear(); }
  void offer(int64_t player, std::string_view seed);
  // The player took back every bet: their seed no longer counts (a later player's may).
  void withdraw(int64_t player);
  std::string client_seed() const;
  const std::vector<Contributor>& contributors() const { return list_; }

 private:
  std::vector<Contributor> list_;
};

// What a round's verification needs besides its result, as the ledger keeps it with the
// result (rounds.fair): the revealed seed, the round's client seed and, at a shoe table, the
// shoe the round began with and the cards it took. The commitment is SHA-256 of the seed.
struct Record {
  std::string hash;     // the commitment, as published when betting opened
  std::string game;     // the engine's game and variant ("roulette", "european"), which
  std::string variant;  // say how the outcome is drawn from the words
  std::string seed;     // empty until revealed
  std::string client_seed;
  std::string shoe;                // 52 digits, shoe games only
  std::string shoe_hash;           // shoe_commitment(seed, shoe), published as bets opened
  int decks = 0;                   // the shoe's decks (a refill mid-round takes them all)
  std::vector<std::string> cards;  // shoe games only
  bool scripted = false;           // tests: the result was scripted, not drawn
  bool human = false;              // a person in the studio dealt it: no seed drew it
  friend bool operator==(const Record&, const Record&) = default;
};
// "hash=<hex> game=roulette variant=european seed=<hex> client=<seeds> shoe=<digits>
// shoehash=<hex> decks=8 cards=KH,5S scripted": space-separated fields, none of which can hold a
// space, each left out when empty but the hash; decode() refuses anything else.
std::string encode(const Record& record);
std::optional<Record> decode(std::string_view text);

}  // namespace croupier::fair
