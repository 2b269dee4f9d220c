#include "config/casino.hpp"

#include <gtest/gtest.h>

namespace croupier::config {
namespace {

const char* kGood = R"({
  "operators": [{"id": "demo", "name": "Demo", "secret": "0123456789abcdef", "demo": true,
                 "funMoney": "10000.00", "casinoConfig": {"tabs_order": ["ROULETTE"],
                 "estimated_player_wait_time_in_secs": 0}}],
  "tables": [{"id": "rou-1", "name": "Roulette", "game": "roulette",
              "limits": {"EUR": {"min": "0.20", "insideMax": "100", "outsideMax": "200", "tableMax": "300",
                                 "spotMax": {"straight": "10", "even_money": "150"},
                                 "chips": ["0.20", "1", "5"], "defaultChip": "1"}}}]
})";

TEST(Casino, LoadsOperatorsAndTables) {
  auto c = parse_casino(kGood);
  ASSERT_TRUE(c.ok()) << c.error();
  ASSERT_NE(c->demo_operator(), nullptr);
  EXPECT_EQ(c->demo_operator()->fun_money, Money::from_major(10000));
  const TableDef* t = c->find_table("rou-1");
  ASSERT_NE(t, nullptr);
  const auto& terms = t->terms.at("EUR");
  EXPECT_EQ(terms.limits.min_bet, *parse_money("0.20"));
  EXPECT_EQ(terms.limits.spot_max.at(games::roulette::SpotKind::straight), Money::from_major(10));
  EXPECT_EQ(terms.limits.spot_max.at(games::roulette::SpotKind::low), Money::from_major(150));
  EXPECT_EQ(terms.default_chip, Money::from_major(1));
  auto engines = make_engines(*t);
  EXPECT_EQ(engines.at("EUR")->limits().table_max, Money::from_major(300));
}

TEST(Casino, ConfigurationGetsTheSpecDefaults) {
  auto c = parse_casino(kGood);
  auto cfg = casino_config_json(*c->demo_operator(), *c);
  EXPECT_EQ(cfg.at("ws_time_in_sec").as_int64(), 2);
  EXPECT_EQ(cfg.at("estimated_player_wait_time_in_secs").as_int64(), 5);  // 0 is not positive
  EXPECT_EQ(cfg.at("estimated_micro_game_session_time").as_int64(), 20);
  EXPECT_EQ(cfg.at("lobby_version").as_int64(), 2);
  const auto& tabs = cfg.at("tabs_order").as_array();
  ASSERT_EQ(tabs.size(), 2u);
  EXPECT_EQ(tabs[1].as_string(), "PROMOTIONS");
}

TEST(Casino, RefusesABadFileNamingTheField) {
  struct Case {
    std::string from, to, field;
  };
  std::vector<Case> cases = {
      {R"("min": "0.20")", R"("min": "cheap")", "tables[0].limits.EUR.min"},
      {R"("game": "roulette")", R"("game": "poker")", "tables[0].game"},
      {R"("chips": ["0.20", "1", "5"])", R"("chips": ["5", "1"])", "tables[0].limits.EUR.chips[1]"},
      {R"("straight": "10")", R"("straights": "10")", "tables[0].limits.EUR.spotMax.straights"},
      {R"("secret": "0123456789abcdef")", R"("secret": "short")", "operators[0].secret"},
      {R"("EUR": {)", R"("euro": {)", "tables[0].limits.euro"},
      {R"("defaultChip": "1")", R"("defaultChip": "2")", "tables[0].limits.EUR.defaultChip"},
  };
  for (const auto& c : cases) {
    std::string text = kGood;
    auto at = text.find(c.from);
    ASSERT_NE(at, std::string::npos) << c.from;
    text.replace(at, c.from.size(), c.to);
    auto r = parse_casino(text);
    ASSERT_FALSE(r.ok()) << c.to;
    EXPECT_NE(r.error().find(c.field), std::string::npos) << r.error();
  }
  EXPECT_FALSE(parse_casino("{").ok());
  EXPECT_FALSE(parse_casino(R"({"operators": [], "tables": []})").ok());
}

TEST(Casino, TheShippedDemoCasinoLoads) {
  auto c = load_casino(CROUPIER_SHARE_DIR "/casino.json");
  ASSERT_TRUE(c.ok()) << c.error();
  EXPECT_GE(c->tables.size(), 4u);
}

}  // namespace
}  // namespace croupier::config
