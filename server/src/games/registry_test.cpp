#include "games/registry.hpp"

#include <gtest/gtest.h>

#include <set>
#include <string>

namespace croupier::games {
namespace {

TEST(Registry, EveryFamilyMakesEngineOfEachVariant) {
  for (const Family& family : families()) {
    SCOPED_TRACE(std::string(family.game));
    ASSERT_FALSE(family.variants.empty());
    ASSERT_FALSE(family.types.empty());
    for (const VariantInfo& v : family.variants) {
      auto engine = family.make(v.name, EngineLimits{});
      ASSERT_NE(engine, nullptr);
      EXPECT_EQ(engine->game(), family.game);
      EXPECT_EQ(engine->variant(), v.name);
      EXPECT_TRUE(is_game_kind(v.kind)) << v.kind;
    }
    EXPECT_EQ(find_family(family.game), &family);
  }
}

TEST(Registry, NamesAreUniqueAndKindsAreSpecKinds) {
  std::set<std::string_view> games, modes;
  for (const Family& family : families()) {
    EXPECT_TRUE(games.insert(family.game).second) << family.game;
    EXPECT_TRUE(modes.insert(family.mode).second) << family.mode;
    EXPECT_FALSE(family.tab.empty());
    EXPECT_FALSE(family.route.empty());
    for (const TableTypeInfo& t : family.types) {
      if (!t.kind.empty()) {
        EXPECT_TRUE(is_game_kind(t.kind)) << t.kind;
      }
      if (!t.only_variant.empty()) {
        EXPECT_NE(family.variant(t.only_variant), nullptr);
      }
    }
  }
  EXPECT_EQ(find_family("poker"), nullptr);
  EXPECT_EQ(find_family(""), nullptr);
  EXPECT_FALSE(is_game_kind("poker"));
  EXPECT_TRUE(is_game_kind("lobby"));
}

TEST(Registry, ShapesOfTheFamilies) {
  EXPECT_EQ(find_family("roulette")->shape, Shape::draw);
  EXPECT_EQ(find_family("baccarat")->shape, Shape::shoe);
  EXPECT_TRUE(find_family("baccarat")->roads);
  EXPECT_TRUE(find_family("baccarat")->squeeze);
  EXPECT_FALSE(find_family("dragontiger")->squeeze);
  EXPECT_TRUE(find_family("andarbahar")->card_stats);
  EXPECT_EQ(find_family("blackjack")->shape, Shape::seated_blackjack);
  EXPECT_EQ(find_family("blackjack")->seats, 7);
  EXPECT_EQ(find_family("onebj")->shape, Shape::infinite_blackjack);
  EXPECT_EQ(find_family("onebj")->tab, "BLACKJACK");
  EXPECT_EQ(find_family("roulette")->type("priveroulette")->private_seats, 6);
  EXPECT_EQ(find_family("roulette")->type("autoroulette")->only_variant, "european");
}

}  // namespace
}  // namespace croupier::games
