// The vectors the client's verifier is held to (client/src/lib/fair/verify.test.ts reads
// docs/provably-fair-vectors.json): outcomes drawn here by each engine from known seeds. The
// file is compared with what the engines draw now, so a change to a draw fails here until
// the file is written again (CROUPIER_WRITE_FAIR_VECTORS=1 writes it) and then fails the
// client's verifier until it follows.
#include <gtest/gtest.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "core/fair.hpp"
#include "games/cards/card.hpp"
#include "games/cards/shoe.hpp"
#include "games/registry.hpp"

namespace croupier::games {
namespace {

const std::filesystem::path kFile =
    std::filesystem::path(__FILE__).parent_path() / "../../../docs/provably-fair-vectors.json";

struct Variant {
  const char* game;
  const char* variant;
};
constexpr Variant kDrawn[] = {
    {"roulette", "european"},      {"roulette", "american"}, {"roulette", "mega"},
    {"roulette", "powerup"},       {"sicbo", "classic"},     {"megawheel", "classic"},
    {"andarbahar", "classic"},     {"crash", "spaceman"},    {"crash", "bigbass"},
    {"sweetbonanza", "candyland"}, {"boomorbust", "classic"}};
constexpr const char* kClientSeeds[] = {"", "alice", "a-1,b_2,c3", "seed-7"};
constexpr int kPerVariant = 8;

std::string vectors() {
  std::ostringstream out;
  out << "{\n  \"drawn\": [\n";
  SeededRng seeds(2026);
  bool first = true;
  for (const Variant& v : kDrawn) {
    std::unique_ptr<Engine> engine(find_family(v.game)->make(v.variant, {}));
    for (int i = 0; i < kPerVariant; ++i) {
      const std::string seed = fair::new_server_seed(seeds);
      const std::string client = kClientSeeds[i % std::size(kClientSeeds)];
      const std::string round = std::string(v.game) + "-1-" + std::to_string(100000 + i);
      fair::RoundRng rng(seed, client, round);
      out << (first ? "" : ",\n") << "    {\"game\": \"" << v.game << "\", \"variant\": \""
          << v.variant << "\", \"serverSeed\": \"" << seed << "\", \"hash\": \""
          << fair::commitment(seed) << "\", \"clientSeed\": \"" << client << "\", \"roundId\": \""
          << round << "\", \"result\": \"" << engine->encode(engine->draw(rng)) << "\"}";
      first = false;
    }
  }
  out << "\n  ],\n  \"shoe\": [\n";
  first = true;
  for (int i = 0; i <= kPerVariant; ++i) {
    // A shoe part-way through: shuffled (burn done) and some cards dealt; the last one
    // has 3 cards left, so the round's 6 cards run it out and it is refilled mid-round.
    SeededRng dealer(static_cast<uint64_t>(i));
    cards::Shoe shoe(8, 16);
    shoe.shuffle(dealer);
    const size_t keep = i < kPerVariant ? shoe.remaining() - 40 * static_cast<size_t>(i) : 3;
    while (shoe.remaining() > keep) shoe.deal(dealer);
    const std::string composition = shoe.composition();
    const std::string seed = fair::new_server_seed(seeds);
    const std::string client = kClientSeeds[i % std::size(kClientSeeds)];
    const std::string round = "bac-1-" + std::to_string(200000 + i);
    fair::RoundRng rng(seed, client, round);
    out << (first ? "" : ",\n") << "    {\"shoe\": \"" << composition << "\", \"decks\": 8, "
        << "\"shoeHash\": \"" << fair::shoe_commitment(seed, composition)
        << "\", \"serverSeed\": \"" << seed << "\", \"clientSeed\": \"" << client
        << "\", \"roundId\": \"" << round << "\", \"cards\": [";
    for (int n = 0; n < 6; ++n)
      out << (n ? ", " : "") << '"' << cards::to_text(shoe.deal(rng)) << '"';
    out << "]}";
    first = false;
  }
  out << "\n  ]\n}\n";
  return out.str();
}

TEST(FairVectors, TheCommittedVectorsAreWhatTheEnginesDrawNow) {
  const std::string now = vectors();
  if (std::getenv("CROUPIER_WRITE_FAIR_VECTORS")) {
    std::ofstream(kFile) << now;
    GTEST_SKIP() << "wrote " << kFile;
  }
  std::ifstream in(kFile);
  ASSERT_TRUE(in) << kFile << " is missing: run with CROUPIER_WRITE_FAIR_VECTORS=1";
  std::stringstream committed;
  committed << in.rdbuf();
  EXPECT_EQ(committed.str(), now)
      << "an engine draws differently: write the vectors again and update the client's verifier";
}

}  // namespace
}  // namespace croupier::games
