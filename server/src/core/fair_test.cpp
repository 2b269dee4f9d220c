#include "core/fair.hpp"

#include <gtest/gtest.h>

#include <set>

namespace croupier::fair {
namespace {

// 00 01 02 … 1f: the expected values below were computed independently with Python's
// hashlib and hmac modules (docs/provably-fair.md shows the same example).
constexpr std::string_view kSeed =
    "000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f";

TEST(Fair, TheCommitmentIsTheSha256OfTheSeedsBytes) {
  EXPECT_EQ(commitment(kSeed), "630dcd2966c4336691125448bbb25b4ff412a49c732db2c8abc1b8581bd710dd");
  EXPECT_EQ(commitment("00"), "");
  EXPECT_EQ(commitment(std::string(64, 'g')), "");
}

TEST(Fair, TheRoundsWordsAreTheHmacBlocksReadBigEndianInOrder) {
  RoundRng rng(kSeed, "abc,xyz", "rou-1-000001");
  EXPECT_EQ(rng.next_u64(), 0x6cff174ec7dd9259ULL);
  EXPECT_EQ(rng.next_u64(), 0xf724fa6536731a12ULL);
  EXPECT_EQ(rng.next_u64(), 0xf4844604168e0aefULL);
  EXPECT_EQ(rng.next_u64(), 0xa58601f3d1ec8286ULL);
  EXPECT_EQ(rng.next_u64(), 0x9ffa9c0549681a83ULL);  // block 1
  EXPECT_EQ(rng.words(), 5u);
  // A European pocket from the same inputs: the first word is accepted, modulo 37.
  RoundRng again(kSeed, "abc,xyz", "rou-1-000001");
  EXPECT_EQ(again.uniform(37), 12u);
}

TEST(Fair, EveryInputChangesTheStream) {
  const uint64_t base = RoundRng(kSeed, "a", "r-1").next_u64();
  std::string other(kSeed);
  other[63] = 'e';
  EXPECT_NE(RoundRng(other, "a", "r-1").next_u64(), base);
  EXPECT_NE(RoundRng(kSeed, "b", "r-1").next_u64(), base);
  EXPECT_NE(RoundRng(kSeed, "a", "r-2").next_u64(), base);
  EXPECT_EQ(RoundRng(kSeed, "a", "r-1").next_u64(), base);
}

TEST(Fair, NewSeedsAreHexAndDiffer) {
  SeededRng rng(1);
  std::set<std::string> seen;
  for (int i = 0; i < 100; ++i) {
    std::string s = new_server_seed(rng);
    ASSERT_TRUE(seed_bytes(s).has_value()) << s;
    EXPECT_EQ(commitment(s).size(), 64u);
    seen.insert(s);
  }
  EXPECT_EQ(seen.size(), 100u);
}

TEST(Fair, ClientSeedsAreShortPlainTokens) {
  EXPECT_TRUE(valid_client_seed("lucky-7_A"));
  EXPECT_TRUE(valid_client_seed(std::string(64, 'x')));
  EXPECT_FALSE(valid_client_seed(""));
  EXPECT_FALSE(valid_client_seed(std::string(65, 'x')));
  EXPECT_FALSE(valid_client_seed("a,b"));  // ',' joins a round's seeds
  EXPECT_FALSE(valid_client_seed("a:b"));  // ':' separates the message's parts
  EXPECT_FALSE(valid_client_seed("zoë"));
}

TEST(Fair, ARoundsClientSeedIsItsFirstThreePlayersSeedsInOrder) {
  RoundSeeds seeds;
  EXPECT_EQ(seeds.client_seed(), "");
  seeds.offer(7, "aaa");
  seeds.offer(7, "again");     // one seed per player
  seeds.offer(8, "bad seed");  // not a seed: player 8 does not count
  seeds.offer(9, "ccc");
  seeds.offer(10, "ddd");
  seeds.offer(11, "eee");  // the fourth is not needed
  EXPECT_EQ(seeds.client_seed(), "aaa,ccc,ddd");
  ASSERT_EQ(seeds.contributors().size(), 3u);
  EXPECT_EQ(seeds.contributors()[1].player, 9);
  seeds.clear();
  EXPECT_EQ(seeds.client_seed(), "");
}

TEST(Fair, TheShoesCommitmentHashesTheSeedWithTheCounts) {
  const std::string counts(52, '8');
  // sha256(bytes 00..1f followed by "888…8"), computed with Python's hashlib.
  EXPECT_EQ(shoe_commitment(kSeed, counts),
            "a71bd3fcdc86c3172f428ad4ece3bf4a09940861b476b21e1585fae4f5bc3237");
  EXPECT_NE(shoe_commitment(kSeed, std::string(51, '8') + "7"), shoe_commitment(kSeed, counts));
  EXPECT_EQ(shoe_commitment("00", counts), "");
}

TEST(Fair, APlayerWhoTakesBackEveryBetLeavesTheClientSeeds) {
  RoundSeeds seeds;
  seeds.offer(1, "a");
  seeds.offer(2, "b");
  seeds.offer(3, "c");
  seeds.withdraw(2);
  seeds.offer(4, "d");  // the place is free again
  EXPECT_EQ(seeds.client_seed(), "a,c,d");
}

TEST(Fair, ARecordRoundTripsThroughItsText) {
  const std::string hash = commitment(kSeed);
  Record committed;
  committed.hash = hash;
  EXPECT_EQ(encode(committed), "hash=" + hash);
  EXPECT_EQ(decode(encode(committed)), committed);
  Record drawn{hash, "roulette", "european", std::string(kSeed), "aaa,b-b", "", "", 0, {}, false};
  EXPECT_EQ(encode(drawn), "hash=" + hash + " game=roulette variant=european seed=" +
                               std::string(kSeed) + " client=aaa,b-b");
  EXPECT_EQ(decode(encode(drawn)), drawn);
  Record dealt{hash, "baccarat",    "standard", std::string(kSeed), "", std::string(52, '8'), hash,
               8,    {"KH", "10S"}, true};
  EXPECT_EQ(decode(encode(dealt)), dealt);
  EXPECT_FALSE(decode(""));
  EXPECT_FALSE(decode("seed=" + std::string(kSeed)));  // no commitment
  EXPECT_FALSE(decode("hash=00"));
  // A deal's fields without its shoe (found by fuzz_fair): they would not encode back.
  EXPECT_FALSE(decode("hash=" + hash + " decks=8 cards=KH,10S"));
  EXPECT_FALSE(decode("hash=" + hash + " cards="));
  const std::string shoe = " shoe=" + std::string(52, '8') + " cards=KH";
  EXPECT_TRUE(decode("hash=" + hash + shoe));
  EXPECT_FALSE(decode("hash=" + hash + shoe + ","));  // an empty card would not encode back
  EXPECT_FALSE(decode("hash=" + hash + shoe + ",,5S"));
  EXPECT_FALSE(decode(encode(drawn) + " extra=1"));
  EXPECT_FALSE(decode(encode(drawn) + " shoe=123"));
  EXPECT_FALSE(decode(encode(drawn) + " client=again"));  // a field twice
}

}  // namespace
}  // namespace croupier::fair
