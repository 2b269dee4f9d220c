#include "games/registry.hpp"

#include <algorithm>
#include <array>
#include <vector>

#include "games/blackjack/bj_engine.hpp"
#include "games/blackjack/bj_flow.hpp"
#include "games/cards/andar_bahar.hpp"
#include "games/cards/baccarat.hpp"
#include "games/cards/deal_flow.hpp"
#include "games/cards/dragon_tiger.hpp"
#include "games/crash/crash_engine.hpp"
#include "games/crash/crash_flow.hpp"
#include "games/draw_flow.hpp"
#include "games/megawheel/megawheel.hpp"
#include "games/show/boom_or_bust.hpp"
#include "games/show/show_flow.hpp"
#include "games/show/sweet_bonanza.hpp"
#include "games/sicbo/sicbo.hpp"

namespace croupier::games {

namespace {

constexpr std::array<VariantInfo, 4> kRouletteVariants = {{{"european", "classic-roulette"},
                                                           {"american", "americanroulette"},
                                                           {"mega", "megaroulette"},
                                                           {"powerup", "powerup-roulette"}}};
constexpr std::array<TableTypeInfo, 4> kRouletteTypes = {{
    {"roulette"},
    {"autoroulette", "autoroulette", "european", "Auto"},
    {"priveroulette", {}, {}, {}, 6},
    {"priveroulettedeluxe", {}, {}, {}, 6},
}};

constexpr std::array<VariantInfo, 2> kBaccaratVariants = {
    {{"standard", "baccarat"}, {"super6", "baccarat"}}};
constexpr std::array<TableTypeInfo, 1> kBaccaratTypes = {{{"baccarat"}}};
constexpr std::array<VariantInfo, 1> kDragonTigerVariants = {{{"classic", "dragontiger"}}};
constexpr std::array<TableTypeInfo, 1> kDragonTigerTypes = {{{"dragontiger"}}};
constexpr std::array<VariantInfo, 1> kAndarBaharVariants = {{{"classic", "andarbahar"}}};
constexpr std::array<TableTypeInfo, 1> kAndarBaharTypes = {{{"andarbahar"}}};
constexpr std::array<VariantInfo, 1> kBlackjackVariants = {{{"classic", "blackjack"}}};
constexpr std::array<TableTypeInfo, 1> kBlackjackTypes = {{{"blackjack"}}};
constexpr std::array<VariantInfo, 1> kOnebjVariants = {{{"infinite", "onebj"}}};
constexpr std::array<TableTypeInfo, 1> kOnebjTypes = {{{"onebj"}}};

constexpr std::array<VariantInfo, 1> kSicBoVariants = {{{"classic", "sicbo"}}};
constexpr std::array<TableTypeInfo, 1> kSicBoTypes = {{{"sicbo"}}};
constexpr std::array<VariantInfo, 1> kMegaWheelVariants = {{{"classic", "megawheel"}}};
constexpr std::array<TableTypeInfo, 1> kMegaWheelTypes = {{{"megawheel"}}};
// One crash flow, two skins (docs/games/crash.md).
constexpr std::array<VariantInfo, 2> kCrashVariants = {
    {{"spaceman", "spaceman"}, {"bigbass", "bigbass"}}};
constexpr std::array<TableTypeInfo, 2> kCrashTypes = {{{"spaceman"}, {"bigbass"}}};
// The game shows (docs/games/sweetbonanza.md, docs/games/boomorbust.md).
constexpr std::array<VariantInfo, 1> kCandyVariants = {{{"candyland", "sweetbonanza"}}};
constexpr std::array<TableTypeInfo, 1> kCandyTypes = {{{"sweetbonanza"}}};
constexpr std::array<VariantInfo, 1> kBoomVariants = {{{"classic", "boomorbust"}}};
constexpr std::array<TableTypeInfo, 1> kBoomTypes = {{{"boomorbust"}}};

// Sic bo's paytable, by the names of sicbo::paytable_fields().
const std::vector<PaytableKey>& sicbo_paytable_keys() {
  static const std::vector<PaytableKey> keys = [] {
    std::vector<PaytableKey> out;
    for (const auto& f : sicbo::paytable_fields()) out.push_back({f.name, sicbo::kMaxRatio});
    return out;
  }();
  return keys;
}

std::unique_ptr<Engine> make_sicbo(std::string_view, const EngineLimits& l) {
  sicbo::Paytable paytable;
  for (const auto& f : sicbo::paytable_fields())
    if (auto it = l.paytable.find(f.name); it != l.paytable.end()) paytable.*f.ratio = it->second;
  return sicbo::make_engine(l.spots, paytable);
}

std::unique_ptr<Engine> make_roulette(std::string_view variant, const EngineLimits& l) {
  return roulette::make_engine(variant, l.roulette);
}

std::unique_ptr<Engine> make_baccarat(std::string_view variant, const EngineLimits& l) {
  // Baccarat's side bets (tie, pairs, big/small, super 6) share the side maximum.
  cards::BaccaratLimits b;
  b.min_bet = l.spots.min_bet;
  b.max_main = l.spots.main_max;
  b.max_tie = b.max_pair = b.max_big_small = b.max_super6 = l.spots.side_max;
  b.table_max = l.spots.table_max;
  b.opposite_bets_allowed = l.spots.opposite_bets_allowed;
  return cards::make_baccarat(variant, b);
}

const std::array<Family, 11>& all_families() {
  // Made on first use, so that a reader during static initialisation elsewhere never sees
  // it empty.
  static const std::array<Family, 11> families = {{
      {.game = "roulette",
       .tab = "ROULETTE",
       .route = "roulette",
       .mode = "roulette",
       .variants = kRouletteVariants,
       .types = kRouletteTypes,
       .limits = LimitsForm::roulette,
       .shape = Shape::draw,
       .make = make_roulette},
      {.game = "baccarat",
       .tab = "BACCARAT",
       .route = "baccarat",
       .mode = "baccarat",
       .variants = kBaccaratVariants,
       .types = kBaccaratTypes,
       .limits = LimitsForm::spots,
       .shape = Shape::shoe,
       .squeeze = true,
       .roads = true,
       .multi = true,
       .make = make_baccarat},
      {.game = "dragontiger",
       .tab = "DRAGONTIGER",
       .route = "dragontiger",
       .mode = "dragontiger",
       .variants = kDragonTigerVariants,
       .types = kDragonTigerTypes,
       .limits = LimitsForm::spots,
       .shape = Shape::shoe,
       .make = [](std::string_view,
                  const EngineLimits& l) { return cards::make_dragon_tiger(l.spots); }},
      {.game = "andarbahar",
       .tab = "ANDARBAHAR",
       .route = "andarbahar",
       .mode = "andarbahar",
       .variants = kAndarBaharVariants,
       .types = kAndarBaharTypes,
       .limits = LimitsForm::spots,
       .shape = Shape::shoe,
       .card_stats = true,
       .make = [](std::string_view,
                  const EngineLimits& l) { return cards::make_andar_bahar(l.spots); }},
      {.game = "blackjack",
       .tab = "BLACKJACK",
       .route = "blackjack",
       .mode = "blackjack",
       .variants = kBlackjackVariants,
       .types = kBlackjackTypes,
       .limits = LimitsForm::spots,
       .shape = Shape::seated_blackjack,
       .seats = blackjack::kSeats,
       .make = [](std::string_view,
                  const EngineLimits& l) { return blackjack::make_engine("blackjack", l.spots); }},
      {.game = "onebj",
       .tab = "BLACKJACK",
       .route = "onebj",
       .mode = "onebj",
       .variants = kOnebjVariants,
       .types = kOnebjTypes,
       .limits = LimitsForm::spots,
       .shape = Shape::infinite_blackjack,
       .make = [](std::string_view,
                  const EngineLimits& l) { return blackjack::make_engine("onebj", l.spots); }},
      {.game = "sicbo",
       .tab = "SICBO",
       .route = "sicbo",
       .mode = "sicbo",
       .variants = kSicBoVariants,
       .types = kSicBoTypes,
       .limits = LimitsForm::spots,
       .shape = Shape::draw,
       .dice_stats = true,
       .paytable = sicbo_paytable_keys(),
       .make = make_sicbo},
      {.game = "megawheel",
       .tab = "MEGAWHEEL",
       .route = "megawheel",
       .mode = "megawheel",
       .variants = kMegaWheelVariants,
       .types = kMegaWheelTypes,
       .limits = LimitsForm::spots,
       .shape = Shape::draw,
       .http_bets = true,
       .make = [](std::string_view,
                  const EngineLimits& l) { return megawheel::make_engine(l.spots); }},
      {.game = "crash",
       .tab = "GAMESHOWS",
       .route = "crash",
       .mode = "crash",
       .variants = kCrashVariants,
       .types = kCrashTypes,
       .limits = LimitsForm::spots,
       .shape = Shape::crash,
       .make = [](std::string_view skin,
                  const EngineLimits& l) { return crash::make_engine(skin, l.spots); }},
      {.game = "sweetbonanza",
       .tab = "GAMESHOWS",
       .route = "sweetbonanza",
       .mode = "sbz",
       .variants = kCandyVariants,
       .types = kCandyTypes,
       .limits = LimitsForm::spots,
       .shape = Shape::show,
       .make = [](std::string_view, const EngineLimits& l) -> std::unique_ptr<Engine> {
         return show::candy::make_engine(l.spots);
       }},
      {.game = "boomorbust",
       .tab = "GAMESHOWS",
       .route = "boomorbust",
       .mode = "boomorbust",
       .variants = kBoomVariants,
       .types = kBoomTypes,
       .limits = LimitsForm::spots,
       .shape = Shape::show,
       .make = [](std::string_view, const EngineLimits& l) -> std::unique_ptr<Engine> {
         return show::boom::make_engine(l.spots);
       }},
  }};
  return families;
}

constexpr std::array<std::string_view, 22> kGameKinds = {"all",
                                                         "roulette",
                                                         "classic-roulette",
                                                         "autoroulette",
                                                         "powerup-roulette",
                                                         "americanroulette",
                                                         "megaroulette",
                                                         "baccarat",
                                                         "multi-baccarat",
                                                         "blackjack",
                                                         "onebj",
                                                         "sicbo",
                                                         "megawheel",
                                                         "multi",
                                                         "dragontiger",
                                                         "andarbahar",
                                                         "sweetbonanza",
                                                         "boomorbust",
                                                         "promotions",
                                                         "spaceman",
                                                         "bigbass",
                                                         "lobby"};

}  // namespace

const VariantInfo* Family::variant(std::string_view name) const {
  auto it = std::find_if(variants.begin(), variants.end(),
                         [&](const VariantInfo& v) { return v.name == name; });
  return it == variants.end() ? nullptr : &*it;
}

const TableTypeInfo* Family::type(std::string_view name) const {
  auto it = std::find_if(types.begin(), types.end(),
                         [&](const TableTypeInfo& t) { return t.name == name; });
  return it == types.end() ? nullptr : &*it;
}

std::unique_ptr<RoundFlow> make_flow(const Family& family, const Engine& engine,
                                     const FlowSettings& settings, FlowHost& host) {
  switch (family.shape) {
    case Shape::draw:
      return std::make_unique<DrawFlow>(engine);
    case Shape::shoe:
      return std::make_unique<cards::DealFlow>(
          engine, cards::DealFlowConfig{engine.deals_from_shoe(), settings.shoe_decks,
                                        settings.shoe_cut_from_end, family.roads, settings.squeeze,
                                        settings.squeeze_time});
    case Shape::seated_blackjack:
    case Shape::infinite_blackjack:
      return std::make_unique<blackjack::BlackjackFlow>(
          blackjack::FlowConfig{family.shape == Shape::infinite_blackjack, settings.shoe_decks,
                                settings.shoe_cut_from_end, settings.decision, settings.insurance,
                                settings.card, settings.decision_closing, settings.script},
          host);
    case Shape::crash: {
      crash::CrashFlowConfig config;
      config.script = settings.script;
      return std::make_unique<crash::CrashFlow>(engine, std::move(config), host);
    }
    case Shape::show:
      // Every show family's engine is a ShowEngine (its make above).
      return std::make_unique<show::ShowFlow>(
          dynamic_cast<const show::ShowEngine&>(engine),
          show::ShowFlowConfig{settings.reveal, settings.choose});
  }
  return nullptr;
}

std::span<const Family> families() {
  return all_families();
}

const Family* find_family(std::string_view game) {
  const auto& all = all_families();
  auto it = std::find_if(all.begin(), all.end(), [&](const Family& f) { return f.game == game; });
  return it == all.end() ? nullptr : &*it;
}

std::span<const std::string_view> game_kinds() {
  return kGameKinds;
}

bool is_game_kind(std::string_view kind) {
  return std::find(kGameKinds.begin(), kGameKinds.end(), kind) != kGameKinds.end();
}

}  // namespace croupier::games
