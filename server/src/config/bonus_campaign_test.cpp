#include "config/bonus_campaign.hpp"

#include <gtest/gtest.h>

#include <boost/json.hpp>

#include "config/casino.hpp"

namespace croupier::config {
namespace {

namespace json = boost::json;

json::object free_chips() {
  return json::parse(R"({"campaignId": "welcome-chips", "name": "Welcome chips",
    "code": "FREECHIP", "kind": "free_bet", "currency": "EUR", "chipValue": "0.50",
    "noOfChips": 10, "maxWinningLimit": "25.00", "games": ["roulette", "baccarat"],
    "validForDays": 3, "newPlayers": true})")
      .as_object();
}

TEST(BonusCampaign, FreeChipsAreReadWrittenAndReadAgainTheSame) {
  auto c = parse_campaign(free_chips());
  ASSERT_TRUE(c.ok()) << c.error();
  EXPECT_EQ(c->kind, ledger::BonusKind::free_bet);
  EXPECT_EQ(c->total(), Money::from_major(5));
  // No chip limit given: SPEC's 999999.
  EXPECT_EQ(c->max_chip_limit, kNoChipLimit);
  EXPECT_TRUE(c->good_for("baccarat"));
  EXPECT_FALSE(c->good_for("sicbo"));
  EXPECT_TRUE(c->new_players);
  auto again = parse_campaign(campaign_json(*c));
  ASSERT_TRUE(again.ok()) << again.error();
  EXPECT_EQ(json::serialize(campaign_json(*again)), json::serialize(campaign_json(*c)));
}

TEST(BonusCampaign, ACashBonusHasItsPlayThroughAndEveryGame) {
  auto c = parse_campaign(json::parse(R"({"campaignId": "reload_2", "name": "Reload",
    "code": "R2", "kind": "cash", "currency": "USD", "amount": "20", "wagerMultiplier": 5})")
                              .as_object());
  ASSERT_TRUE(c.ok()) << c.error();
  EXPECT_EQ(c->total(), Money::from_major(20));
  EXPECT_EQ(c->wager_multiplier, 5);
  EXPECT_TRUE(c->good_for("sicbo"));
  EXPECT_EQ(c->valid_days, 7);
}

TEST(BonusCampaign, BadTermsNameTheirField) {
  struct Case {
    const char* key;
    json::value value;
  };
  for (const Case& bad : std::vector<Case>{{"campaignId", "has space"},
                                           {"name", ""},
                                           {"kind", "loan"},
                                           {"currency", "euro"},
                                           {"chipValue", "0"},
                                           {"chipValue", 1},
                                           {"noOfChips", 0},
                                           {"maxChipLimit", 0},
                                           {"maxWinningLimit", "-1"},
                                           {"games", json::array{"poker"}},
                                           {"validForDays", 0},
                                           {"games", json::array{"blackjack"}},
                                           {"games", json::array{"crash"}},
                                           {"chipValue", "2000000.00"},
                                           {"maxWinningLimit", "1000000.01"},
                                           {"amount", "5.00"},
                                           {"newPlayers", "yes"}}) {
    json::object o = free_chips();
    o[bad.key] = bad.value;
    auto r = parse_campaign(o);
    ASSERT_FALSE(r.ok()) << bad.key;
    EXPECT_NE(r.error().find(bad.key), std::string::npos) << r.error();
  }
  json::object no_chips = free_chips();
  no_chips.erase("noOfChips");
  EXPECT_NE(parse_campaign(no_chips).error().find("noOfChips"), std::string::npos);
}

TEST(BonusCampaign, TheCasinoFileCarriesAnOperatorsCampaigns) {
  const std::string file = R"({
    "operators": [{"id": "demo", "name": "Demo", "secret": "0123456789abcdef", "demo": true,
                   "funMoney": "100.00", "campaigns": [)" +
                           json::serialize(free_chips()) + R"(]}],
    "tables": [{"id": "rou-1", "name": "Roulette", "game": "roulette",
                "limits": {"EUR": {"min": "1", "insideMax": "10", "outsideMax": "10",
                                   "tableMax": "10", "chips": ["1"]}}}]})";
  auto casino = parse_casino(file);
  ASSERT_TRUE(casino.ok()) << casino.error();
  ASSERT_EQ(casino->demo_operator()->campaigns.size(), 1u);
  EXPECT_EQ(casino->demo_operator()->campaigns[0].code, "FREECHIP");
  std::string twice = file;
  const std::string one = json::serialize(free_chips());
  twice.replace(twice.find(one), one.size(), one + "," + one);
  auto refused = parse_casino(twice);
  ASSERT_FALSE(refused.ok());
  EXPECT_NE(refused.error().find("operators[0].campaigns[1].campaignId"), std::string::npos)
      << refused.error();
}

}  // namespace
}  // namespace croupier::config
