// Provably fair rounds at real tables (docs/provably-fair.md): every game's rounds, played
// through the table and its ledger, are recomputed from what each round revealed, and the
// commitment published when betting opened is the hash of the seed revealed at the result.
#include <gtest/gtest.h>

#include "core/fair.hpp"
#include "games/fair_check.hpp"
#include "support/time_scale.hpp"
#include "table/card_testing.hpp"

namespace croupier::table {
namespace {

using namespace card_testing;

struct Game {
  std::string game, variant, spot;
  int rounds;           // played and recomputed
  bool bet_each_round;  // a round without a hand is refunded at blackjack
};

// 10^4 rounds of each drawn or dealt game; blackjack's rounds each need a hand. A
// sanitized build, where each round costs the scale's times as much, plays that much
// fewer (3,333 under ASan, every outcome of each game still many times over): recomputing
// 10^4 rounds of each game took 400 s of its CTest (docs/testing.md "make test-full").
constexpr int kRounds = 10000 / kTestTimeScale;
const Game kGames[] = {
    {"roulette", "european", "RED", kRounds, false},
    {"roulette", "american", "RED", kRounds, false},
    {"roulette", "mega", "RED", kRounds, false},
    {"roulette", "powerup", "RED", kRounds, false},
    {"sicbo", "classic", "BIG", kRounds, false},
    {"megawheel", "classic", "1", kRounds, false},
    {"andarbahar", "classic", "ANDAR", kRounds, false},
    {"baccarat", "standard", "PLAYER", kRounds, false},
    {"dragontiger", "classic", "DRAGON", kRounds, false},
    {"crash", "spaceman", "BET_1", kRounds, false},
    {"sweetbonanza", "candyland", "CANDY_DROP", kRounds, false},
    {"boomorbust", "classic", "BOOM", kRounds, false},
    {"onebj", "infinite", "MAIN", 300, true},
};

void PrintTo(const Game& g, std::ostream* os) {
  *os << g.game << ' ' << g.variant;
}

class FairPlay : public ::testing::TestWithParam<Game> {};

TEST_P(FairPlay, EveryRoundIsRecomputedFromItsRevealedSeedsAndMatchesTheRecord) {
  const Game& g = GetParam();
  TableConfig config = card_config("fair-t", g.game, g.variant);
  if (g.game == "onebj") config.timings.decision = Millis{1000};
  Engines engines = engines_for(g.game, g.variant);
  const games::Engine& engine = *engines.begin()->second;
  Harness h("fair-" + g.game + "-" + g.variant, config, std::move(engines), 42);
  for (PlayerId p = 1; p <= 4; ++p) h.fund(p, "100000");
  h.start();

  std::vector<std::string> rounds;
  std::map<std::string, std::string> hash_of;       // the commitment each round published
  std::map<std::string, std::string> shoe_hash_of;  // and to its shoe, at a shoe table
  for (int r = 0; r < g.rounds; ++r) {
    auto opened = h.last("betsopen");
    ASSERT_TRUE(opened.has_value());
    const std::string id(opened->at("gameId").as_string());
    hash_of[id] = std::string(opened->at("fairHash").as_string());
    if (opened->contains("shoeHash"))
      shoe_hash_of[id] = std::string(opened->at("shoeHash").as_string());
    // The first round's players give client seeds (the fourth comes too late to count);
    // at blackjack one player bets every round, with no seed after the first.
    if (r == 0 || g.bet_each_round) {
      for (PlayerId p = 1; p <= (r == 0 ? 4 : 1); ++p) {
        PlaceBetsCommand c;
        c.player = p;
        c.currency = "EUR";
        c.request_id = "r" + std::to_string(r) + "-" + std::to_string(p);
        c.bets = {{g.spot, eur("1")}};
        if (r == 0) c.client_seed = "seed-" + std::to_string(p);
        ASSERT_EQ(h.place(std::move(c)).accepted.size(), 1u) << g.game << " round " << r;
      }
    }
    auto result = h.run_until("gameresult");
    ASSERT_TRUE(result.has_value()) << g.game << " round " << r;
    ASSERT_EQ(result->at("gameId").as_string(), id);
    const std::string seed(result->at("serverSeed").as_string());
    EXPECT_EQ(fair::commitment(seed), hash_of[id]) << id;
    // A crash table's seeds come from a chain fixed before any bet: no client seed counts.
    if (r == 0) {
      EXPECT_EQ(result->at("clientSeed").as_string(),
                g.game == "crash" ? "" : "seed-1,seed-2,seed-3");
    }
    rounds.push_back(id);
    ASSERT_TRUE(h.run_until("betsopen").has_value());
    if (h.events.size() > 1000) h.events.erase(h.events.begin(), h.events.end() - 1);
  }

  // Each round as the ledger keeps it, recomputed from nothing but what it revealed.
  int recomputed = 0;
  for (const std::string& id : rounds) {
    auto round = h.ledger->fair_round(id);
    ASSERT_TRUE(round.has_value()) << id;
    ASSERT_TRUE(round->fair.has_value()) << id;
    auto record = fair::decode(*round->fair);
    ASSERT_TRUE(record.has_value()) << *round->fair;
    EXPECT_FALSE(record->scripted);
    EXPECT_EQ(record->hash, hash_of[id]) << id;
    EXPECT_EQ(fair::commitment(record->seed), record->hash) << id;
    EXPECT_EQ(record->game, engine.game());
    EXPECT_EQ(record->variant, engine.variant());
    auto again = games::recompute(engine, *record, id);
    ASSERT_TRUE(again.has_value()) << id;
    if (record->shoe.empty()) {
      ASSERT_EQ(again->result, round->result) << id;
      EXPECT_FALSE(shoe_hash_of.contains(id));
    } else {
      // The shoe was committed to as betting opened, with the seed.
      ASSERT_EQ(record->shoe_hash, shoe_hash_of[id]) << id;
      ASSERT_EQ(fair::shoe_commitment(record->seed, record->shoe), record->shoe_hash) << id;
      ASSERT_GT(record->decks, 0) << id;
      ASSERT_EQ(again->cards, record->cards) << id;
      ASSERT_FALSE(record->cards.empty()) << id;
      // Baccarat and dragon tiger follow from their cards; blackjack's hands depend on
      // the decisions too, so only its cards are compared.
      if (g.game != "onebj") {
        ASSERT_EQ(again->result, round->result) << id;
      }
    }
    ++recomputed;
  }
  EXPECT_EQ(recomputed, g.rounds);

  // One changed character of a revealed seed and the round no longer recomputes.
  auto record = *fair::decode(*h.ledger->fair_round(rounds.back())->fair);
  record.seed[10] = record.seed[10] == '0' ? '1' : '0';
  EXPECT_NE(fair::commitment(record.seed), hash_of[rounds.back()]);
}

INSTANTIATE_TEST_SUITE_P(EveryGame, FairPlay, ::testing::ValuesIn(kGames),
                         [](const ::testing::TestParamInfo<Game>& info) {
                           return info.param.game + "_" + info.param.variant;
                         });

// A scripted result (a test table's) is marked so, and a record says what it was drawn
// from even when nobody gave a client seed.
TEST(FairPlay, AScriptedResultIsMarkedAndAnUnseededRoundHasAnEmptyClientSeed) {
  Harness h("fair-scripted",
            card_config("bac-s", "baccarat", "standard", {"B 5-9|P:KH,5D|B:2S,7C"}),
            engines_for("baccarat", "standard"), 3);
  h.start();
  auto first = h.run_until("gameresult");
  ASSERT_TRUE(first.has_value());
  EXPECT_EQ(first->at("clientSeed").as_string(), "");
  ASSERT_TRUE(h.run_until("betsopen").has_value());
  auto record = fair::decode(*h.ledger->fair_round("bac-s-000001")->fair);
  ASSERT_TRUE(record.has_value());
  EXPECT_TRUE(record->scripted);
  auto second = h.run_until("gameresult");
  ASSERT_TRUE(second.has_value());
  ASSERT_TRUE(h.run_until("betsopen").has_value());
  EXPECT_FALSE(fair::decode(*h.ledger->fair_round("bac-s-000002")->fair)->scripted);
}

}  // namespace
}  // namespace croupier::table
