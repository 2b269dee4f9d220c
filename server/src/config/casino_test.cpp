#include "config/casino.hpp"

#include <gtest/gtest.h>
#include <unistd.h>

#include <boost/json.hpp>
#include <filesystem>
#include <fstream>

namespace croupier::config {
namespace {

namespace json = boost::json;

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

// A squeeze table's squeezer gets the casino file's squeeze time; one too short to lift a card
// by hand is refused, named.
TEST(Casino, ReadsASqueezeTableSqueezeTimeAndRefusesOneTooShort) {
  auto with = [](const std::string& timings) {
    std::string text = kGood;
    const std::string from = R"("game": "roulette")";
    text.replace(text.find(from), from.size(), R"("game": "baccarat", "squeeze": true)" + timings);
    const std::string limits = R"("insideMax": "100", "outsideMax": "200", "tableMax": "300",
                                 "spotMax": {"straight": "10", "even_money": "150"},)";
    text.replace(text.find(limits), limits.size(),
                 R"("mainMax": "200", "sideMax": "20", "tableMax": "300",)");
    return parse_casino(text);
  };
  auto plain = with("");
  ASSERT_TRUE(plain.ok()) << plain.error();
  EXPECT_EQ(plain->find_table("rou-1")->config.timings.squeeze, Millis{8000});
  auto longer = with(R"(, "timings": {"squeezeMs": 20000})");
  ASSERT_TRUE(longer.ok()) << longer.error();
  EXPECT_EQ(longer->find_table("rou-1")->config.timings.squeeze, Millis{20000});
  auto short_one = with(R"(, "timings": {"squeezeMs": 1500})");
  ASSERT_FALSE(short_one.ok());
  EXPECT_NE(short_one.error().find("tables[0].timings.squeezeMs"), std::string::npos)
      << short_one.error();
}

// An operator's regulation (docs/regulation.md) and a table's countries; each mistake named.
TEST(Casino, ReadsTheRegulationAndRefusesAMistakeNamingIt) {
  std::string text = kGood;
  text.replace(text.find(R"("demo": true,)"), 13,
               R"("demo": true, "regulation": {"countries": {"allowed": ["GB"]},
                  "maxBet": "500.00", "italianSession": {"minutes": 30, "maxBet": "100.00"}},)");
  text.replace(text.find(R"("game": "roulette",)"), 19,
               R"("game": "roulette", "countries": {"blocked": ["US", "FR"]},)");
  auto c = parse_casino(text);
  ASSERT_TRUE(c.ok()) << c.error();
  const OperatorRegulation& r = c->demo_operator()->regulation;
  EXPECT_TRUE(r.countries.uk_only());
  EXPECT_TRUE(r.countries.permits("GB"));
  EXPECT_FALSE(r.countries.permits("IE"));
  EXPECT_FALSE(r.countries.permits(""));  // unknown: refused where only some are allowed
  EXPECT_TRUE(r.italian_session);
  EXPECT_EQ(r.italian_session_minutes, 30);
  EXPECT_EQ(r.max_bet, Money::from_major(100));  // the lower of the two
  EXPECT_EQ(c->demo_operator()->casino_config.at("italian_session"), true);
  const CountryRule& t = c->find_table("rou-1")->countries;
  EXPECT_TRUE(t.permits("DE"));
  EXPECT_TRUE(t.permits(""));
  EXPECT_FALSE(t.permits("FR"));

  struct Case {
    std::string regulation, field;
  };
  for (const Case& bad : std::vector<Case>{
           {R"({"countries": {"allowed": ["GB"], "blocked": ["FR"]}})", "regulation.countries"},
           {R"({"countries": {"allowed": ["gb"]}})", "regulation.countries.allowed"},
           {R"({"countries": {"only": ["GB"]}})", "regulation.countries.only"},
           {R"({"countries": {"blocked": []}})", "regulation.countries.blocked"},
           {R"({"italianSession": {"minutes": 1.5}})", "regulation.italianSession.minutes"},
           {R"({"italianSession": {"minutes": 0}})", "regulation.italianSession.minutes"},
           {R"({"maxBet": "0.00"})", "regulation.maxBet"},
           {R"({"sessionLimit": 5})", "regulation.sessionLimit"}}) {
    std::string t2 = kGood;
    t2.replace(t2.find(R"("demo": true,)"), 13,
               R"("demo": true, "regulation": )" + bad.regulation + ",");
    auto r2 = parse_casino(t2);
    ASSERT_FALSE(r2.ok()) << bad.regulation;
    EXPECT_NE(r2.error().find("operators[0]." + bad.field), std::string::npos) << r2.error();
  }
}

// A table's live video (docs/studio.md): the defaults, the renditions put best first, and
// each mistake named.
TEST(Casino, ReadsATablesVideoAndRefusesAMistakeNamingIt) {
  std::string text = kGood;
  text.replace(text.find(R"("game": "roulette",)"), 19,
               R"("game": "roulette", "video": {"renditions": ["low", "high"]},)");
  auto c = parse_casino(text);
  ASSERT_TRUE(c.ok()) << c.error();
  const auto& video = c->find_table("rou-1")->video;
  ASSERT_TRUE(video);
  EXPECT_EQ(video->source, "synthetic");
  EXPECT_EQ(video->renditions, (std::vector<std::string>{"high", "low"}));
  EXPECT_EQ(video->delay_budget, Millis{4000});

  struct Case {
    std::string video, field;
  };
  for (const Case& bad :
       std::vector<Case>{{R"({"source": "http://studio/feed"})", "video.source"},
                         {R"({"source": ""})", "video.source"},
                         {R"({"renditions": []})", "video.renditions"},
                         {R"({"renditions": ["4k"]})", "video.renditions"},
                         {R"({"renditions": ["low", "low"]})", "video.renditions"},
                         {R"({"delayBudgetMs": 60000})", "video.delayBudgetMs"},
                         {R"({"delayBudgetMs": -1})", "video.delayBudgetMs"},
                         {R"({"fps": 60})", "video.fps"},
                         {R"("on")", "video"}}) {
    std::string t2 = kGood;
    t2.replace(t2.find(R"("game": "roulette",)"), 19,
               R"("game": "roulette", "video": )" + bad.video + ",");
    auto r2 = parse_casino(t2);
    ASSERT_FALSE(r2.ok()) << bad.video;
    EXPECT_NE(r2.error().find("tables[0]." + bad.field), std::string::npos) << r2.error();
  }
  std::string feed = kGood;
  feed.replace(feed.find(R"("game": "roulette",)"), 19,
               R"("game": "roulette", "video": {"source": "srt://studio:9000?mode=caller"},)");
  auto f = parse_casino(feed);
  ASSERT_TRUE(f.ok()) << f.error();
  EXPECT_EQ(f->find_table("rou-1")->video->source, "srt://studio:9000?mode=caller");
}

TEST(Casino, ConfigurationFieldsAreCheckedAndNamed) {
  struct Case {
    std::string config, field;
  };
  std::vector<Case> cases = {
      {R"("tabs_order": ["ROULETE"])", "tabs_order[0]"},
      {R"("tabs_order": ["ROULETTE", "ROULETTE"])", "tabs_order[1]"},
      {R"("tables_order": ["rou-9"])", "tables_order[0]"},
      {R"("languages": ["en", "xx"])", "languages[1]"},
      {R"("languages": [])", "languages"},
      {R"("lobby_theme": "red")", "lobby_theme"},
      {R"("hide_currency": "yes")", "hide_currency"},
      {R"("ws_time_in_sec": 0)", "ws_time_in_sec"},
      {R"("lobby_version": 3)", "lobby_version"},
      {R"x("exit_url": "javascript:alert(1)")x", "exit_url"},
      {R"("home_url": "//evil.example")", "home_url"},
      {R"("casino_id": "other")", "casino_id"},
      {R"("some_setting": "text")", "some_setting"},
      {R"("clr_desktop": "op-1")", "clr_desktop"},
      {R"("ticker": "hello")", "ticker"},
      {R"("ticker": {"xx": "hello"})", "ticker.xx"},
      {R"("ticker": {"en": "two\nlines"})", "ticker.en"},
      {R"("conversion_currency": "usd")", "conversion_currency"},
      {R"("integration_api": ["place_bet"])", "integration_api[0]"},
      {R"("conversion_currency": "DOLLAR")", "conversion_currency"},
  };
  for (const auto& c : cases) {
    std::string text = kGood;
    const std::string from = R"("tabs_order": ["ROULETTE"],)";
    text.replace(text.find(from), from.size(), c.config + ",");
    auto r = parse_casino(text);
    ASSERT_FALSE(r.ok()) << c.config;
    EXPECT_NE(r.error().find("operators[0].casinoConfig: " + c.field + ":"), std::string::npos)
        << r.error();
  }
}

TEST(Casino, ConfigurationNormalisesAndAcceptsFurtherFlags) {
  std::string text = kGood;
  const std::string from = R"("tabs_order": ["ROULETTE"],)";
  text.replace(text.find(from), from.size(),
               R"("languages": ["ZH", "nb", "en", "cn"], "feature_x": true, "tables_order": [],)");
  auto c = parse_casino(text);
  ASSERT_TRUE(c.ok()) << c.error();
  auto cfg = casino_config_json(*c->demo_operator(), *c);
  EXPECT_EQ(json::serialize(cfg.at("languages")), R"(["cn","no","en"])");
  EXPECT_EQ(json::serialize(cfg.at("voice_over_languages")), R"(["cn","en"])");
  EXPECT_TRUE(cfg.at("feature_x").as_bool());
  EXPECT_EQ(json::serialize(cfg.at("tables_order")), R"(["rou-1"])");
  EXPECT_EQ(json::serialize(cfg.at("tabs_order")), R"(["ROULETTE","PROMOTIONS"])");
  EXPECT_EQ(offered_language(cfg, "de"), "cn");
  EXPECT_EQ(offered_language(cfg, "no"), "no");
}

TEST(Casino, ReadsTheOperatorFileAndNamesItWhenMalformed) {
  auto dir = std::filesystem::temp_directory_path() / ("casino-test-" + std::to_string(::getpid()));
  std::filesystem::create_directories(dir / "operators");
  std::string text = kGood;
  const std::string from = R"("casinoConfig": {"tabs_order": ["ROULETTE"],
                 "estimated_player_wait_time_in_secs": 0})";
  ASSERT_NE(text.find(from), std::string::npos);
  text.replace(text.find(from), from.size(), R"("casinoConfigFile": "operators/demo.json")");
  std::ofstream(dir / "casino.json") << text;
  std::ofstream(dir / "operators" / "demo.json") << R"({"chat_disabled": true})";
  auto c = load_casino((dir / "casino.json").string());
  ASSERT_TRUE(c.ok()) << c.error();
  EXPECT_TRUE(casino_config_json(*c->demo_operator(), *c).at("chat_disabled").as_bool());

  std::ofstream(dir / "operators" / "demo.json") << R"({"chat_disabled": 1})";
  auto bad = load_casino((dir / "casino.json").string());
  ASSERT_FALSE(bad.ok());
  EXPECT_NE(bad.error().find("operators/demo.json: chat_disabled: must be true or false"),
            std::string::npos)
      << bad.error();
  std::ofstream(dir / "operators" / "demo.json") << R"({"chat_disabled": )";
  EXPECT_NE(load_casino((dir / "casino.json").string()).error().find("not valid JSON"),
            std::string::npos);
  std::filesystem::remove_all(dir);
}

TEST(Casino, TheShippedDemoCasinoLoads) {
  auto c = load_casino(CROUPIER_SHARE_DIR "/casino.json");
  ASSERT_TRUE(c.ok()) << c.error();
  EXPECT_GE(c->tables.size(), 4u);
}

}  // namespace
}  // namespace croupier::config
