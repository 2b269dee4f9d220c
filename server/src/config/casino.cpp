#include "config/casino.hpp"

#include <algorithm>
#include <boost/json.hpp>
#include <cctype>
#include <filesystem>
#include <fstream>
#include <set>
#include <sstream>

#include "config/parsing.hpp"
#include "games/cards/card.hpp"
#include "games/registry.hpp"
#include "games/text.hpp"
#include "wallet/http_client.hpp"

namespace croupier::config {

namespace json = boost::json;
namespace roulette = games::roulette;
namespace cards = games::cards;

namespace {

bool is_country_code(std::string_view c) {
  return c.size() == 2 && std::isupper(static_cast<unsigned char>(c[0])) &&
         std::isupper(static_cast<unsigned char>(c[1]));
}

using detail::Bad;
using detail::bad;

const json::object& as_object(const json::value& v, const std::string& path) {
  if (!v.is_object()) bad(path, "must be an object");
  return v.as_object();
}

const json::value* field(const json::object& o, std::string_view key) {
  auto it = o.find(key);
  return it == o.end() ? nullptr : &it->value();
}

std::string text(const json::object& o, std::string_view key, const std::string& path,
                 std::optional<std::string> fallback = std::nullopt) {
  const json::value* v = field(o, key);
  if (!v) {
    if (fallback) return *fallback;
    bad(path + "." + std::string(key), "is required");
  }
  if (!v->is_string() || v->as_string().empty())
    bad(path + "." + std::string(key), "must be a non-empty string");
  return std::string(v->as_string());
}

Money amount(const json::value& v, const std::string& path) {
  std::optional<Money> m;
  if (v.is_string())
    m = parse_money(v.as_string());
  else if (v.is_int64())
    m = checked_mul(Money::from_major(1), v.as_int64());
  if (!m || m->is_negative()) bad(path, "must be a non-negative amount such as \"0.50\"");
  return *m;
}

Money amount_field(const json::object& o, std::string_view key, const std::string& path) {
  const json::value* v = field(o, key);
  if (!v) bad(path + "." + std::string(key), "is required");
  return amount(*v, path + "." + std::string(key));
}

bool flag(const json::object& o, std::string_view key, bool fallback, const std::string& path) {
  const json::value* v = field(o, key);
  if (!v) return fallback;
  if (!v->is_bool()) bad(path + "." + std::string(key), "must be true or false");
  return v->as_bool();
}

int64_t millis(const json::object& o, std::string_view key, int64_t fallback,
               const std::string& path) {
  const json::value* v = field(o, key);
  if (!v) return fallback;
  if (!v->is_int64() || v->as_int64() < 0 || v->as_int64() > 86'400'000)
    bad(path + "." + std::string(key), "must be milliseconds from 0 to 86400000");
  return v->as_int64();
}

bool valid_id(const std::string& id) {
  if (id.empty() || id.size() > 32) return false;
  for (char c : id)
    if (!((c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '-')) return false;
  return true;
}

// {"allowed": ["GB"]} or {"blocked": ["US", "FR"]}.
CountryRule parse_countries(const json::value& v, const std::string& path) {
  const json::object& o = as_object(v, path);
  CountryRule rule;
  for (const auto& [key, list] : o) {
    const std::string at = path + "." + std::string(key);
    if (key != "allowed" && key != "blocked") bad(at, "must be \"allowed\" or \"blocked\"");
    if (!list.is_array()) bad(at, "must list country codes such as \"DE\"");
    if (list.as_array().empty()) bad(at, "must list at least one country");
    auto& into = key == "allowed" ? rule.allowed : rule.blocked;
    for (const auto& c : list.as_array()) {
      if (!c.is_string() || !is_country_code(c.as_string()))
        bad(at, "must list two-letter country codes such as \"DE\"");
      into.emplace_back(c.as_string());
    }
  }
  if (!rule.allowed.empty() && !rule.blocked.empty())
    bad(path, "give \"allowed\" or \"blocked\", not both");
  return rule;
}

OperatorRegulation parse_regulation(const json::value& v, const std::string& path) {
  const json::object& o = as_object(v, path);
  OperatorRegulation r;
  for (const auto& [key, _] : o)
    if (key != "countries" && key != "italianSession" && key != "maxBet")
      bad(path + "." + std::string(key),
          "is not a regulation setting (countries, "
          "italianSession, maxBet)");
  if (const json::value* c = field(o, "countries"))
    r.countries = parse_countries(*c, path + ".countries");
  if (field(o, "maxBet")) {
    r.max_bet = amount_field(o, "maxBet", path);
    if (!r.max_bet->is_positive()) bad(path + ".maxBet", "must be above zero");
  }
  if (const json::value* it = field(o, "italianSession")) {
    const std::string at = path + ".italianSession";
    const json::object& io = as_object(*it, at);
    r.italian_session = true;
    if (const json::value* m = field(io, "minutes")) {
      if (!m->is_int64() || m->as_int64() < 1 || m->as_int64() > 1440)
        bad(at + ".minutes", "must be whole minutes from 1 to 1440");
      r.italian_session_minutes = m->as_int64();
    }
    if (field(io, "maxBet")) {
      const Money max = amount_field(io, "maxBet", at);
      if (!max.is_positive()) bad(at + ".maxBet", "must be above zero");
      if (!r.max_bet || max < *r.max_bet) r.max_bet = max;
    }
  }
  return r;
}

Operator parse_operator(const json::value& v, const std::string& path) {
  const json::object& o = as_object(v, path);
  Operator op;
  op.id = text(o, "id", path);
  if (!valid_id(op.id)) bad(path + ".id", "must be 1-32 of a-z, 0-9 and '-'");
  op.name = text(o, "name", path);
  op.secret = text(o, "secret", path);
  if (op.secret.size() < 16) bad(path + ".secret", "must be at least 16 characters");
  op.demo = flag(o, "demo", false, path);
  op.currency = text(o, "currency", path, "EUR");
  if (!is_currency_code(op.currency))
    bad(path + ".currency", "must be a currency code such as EUR");
  op.fun_money = field(o, "funMoney") ? amount_field(o, "funMoney", path) : Money{};
  if (op.demo && !op.fun_money.is_positive())
    bad(path + ".funMoney", "is required for a demo operator");
  op.regulated = flag(o, "regulated", false, path);
  op.block_safe_bets = flag(o, "blockSafeBets", false, path);
  op.bonus_first = flag(o, "bonusFirst", false, path);
  op.supervisor = flag(o, "supervisor", false, path);
  if (const json::value* f = field(o, "functionalities")) {
    if (!f->is_array()) bad(path + ".functionalities", "must be a list such as [\"disable_chat\"]");
    for (const auto& item : f->as_array()) {
      if (!item.is_string() || item.as_string() != "disable_chat")
        bad(path + ".functionalities", "knows only \"disable_chat\"");
      op.functionalities.emplace_back(item.as_string());
    }
  }
  if (const json::value* list = field(o, "slots")) {
    if (!list->is_array()) bad(path + ".slots", "must list slot games");
    const auto& items = list->as_array();
    for (size_t i = 0; i < items.size(); ++i) {
      const std::string at = path + ".slots[" + std::to_string(i) + "]";
      const json::object& s = as_object(items[i], at);
      SlotAssignment slot;
      slot.id = text(s, "id", at);
      if (!valid_id(slot.id)) bad(at + ".id", "must be 1-32 of a-z, 0-9 and '-'");
      slot.name = text(s, "name", at);
      slot.provider = text(s, "provider", at, "croupier");
      slot.thumbnail = text(s, "thumbnail", at, "");
      slot.launch_url = text(s, "launchUrl", at, "");
      if (slot.built_in() && slot.id != "fruits")
        bad(at + ".launchUrl", "is required: the built-in slots are \"fruits\"");
      if (!slot.built_in() && !slot.launch_url.starts_with("https://") &&
          !slot.launch_url.starts_with("http://"))
        bad(at + ".launchUrl", "must be an http(s) address");
      for (const auto& earlier : op.slots)
        if (earlier.id == slot.id) bad(at + ".id", "is listed twice");
      op.slots.push_back(std::move(slot));
    }
  }
  if (const json::value* list = field(o, "campaigns")) {
    if (!list->is_array()) bad(path + ".campaigns", "must list bonus campaigns");
    const auto& items = list->as_array();
    for (size_t i = 0; i < items.size(); ++i) {
      const std::string at = path + ".campaigns[" + std::to_string(i) + "]";
      auto campaign = parse_campaign(as_object(items[i], at));
      if (!campaign.ok()) bad(at, campaign.error());
      for (const auto& earlier : op.campaigns)
        if (earlier.id == campaign->id) bad(at + ".campaignId", "is listed twice");
      op.campaigns.push_back(std::move(campaign).value());
    }
  }
  if (const json::value* list = field(o, "promotions")) {
    if (!list->is_array()) bad(path + ".promotions", "must list promotions");
    const auto& items = list->as_array();
    for (size_t i = 0; i < items.size(); ++i) {
      const std::string at = path + ".promotions[" + std::to_string(i) + "]";
      auto promotion = parse_promotion(as_object(items[i], at));
      if (!promotion.ok()) bad(at, promotion.error());
      for (const auto& earlier : op.promotions)
        if (earlier.id == promotion->id) bad(at + ".promotionId", "is listed twice");
      op.promotions.push_back(std::move(promotion).value());
    }
  }
  if (const json::value* w = field(o, "wallet")) {
    const std::string at = path + ".wallet";
    if (w->is_string() && w->as_string() == "internal") {
      // the default
    } else if (!w->is_object()) {
      bad(at, "must be \"internal\" or an object {\"mode\": \"seamless\", \"url\": ...}");
    } else {
      const json::object& wo = w->as_object();
      const std::string mode = text(wo, "mode", at, "seamless");
      if (mode != "seamless" && mode != "internal")
        bad(at + ".mode", "must be \"seamless\" or \"internal\"");
      op.wallet.seamless = mode == "seamless";
      if (op.wallet.seamless) {
        op.wallet.url = text(wo, "url", at);
        if (auto e = wallet::parse_endpoint(op.wallet.url); !e.ok()) bad(at + ".url", e.error());
        op.wallet.timeout_ms = millis(wo, "timeoutMs", 2000, at);
        if (op.wallet.timeout_ms < 50 || op.wallet.timeout_ms > 30000)
          bad(at + ".timeoutMs", "must be from 50 to 30000 milliseconds");
        const int64_t attempts = millis(wo, "debitAttempts", 3, at);
        if (attempts < 1 || attempts > 10) bad(at + ".debitAttempts", "must be from 1 to 10");
        op.wallet.debit_attempts = static_cast<int>(attempts);
        if (op.demo) bad(at, "a demo operator's fun money is Croupier's: it cannot be seamless");
      }
    }
  }
  if (const json::value* a = field(o, "accounts")) {
    const std::string at = path + ".accounts";
    const json::object& ao = as_object(*a, at);
    op.accounts.enabled = true;
    const int64_t age = millis(ao, "minimumAge", 18, at);
    if (age < 18 || age > 25) bad(at + ".minimumAge", "must be from 18 to 25");
    op.accounts.minimum_age = static_cast<int>(age);
    op.accounts.free_play_operator = text(ao, "freePlayOperator", at, "");
    if (op.demo) bad(at, "a demo operator's players are guests: it has no accounts");
    if (op.wallet.seamless) bad(at, "a seamless operator logs its players in itself");
  }
  if (const json::value* r = field(o, "regulation"))
    op.regulation = parse_regulation(*r, path + ".regulation");
  op.landing = text(o, "landing", path, "/play/lobby");
  if (op.landing.front() != '/') bad(path + ".landing", "must be a path starting with /");
  if (const json::value* origins = field(o, "origins")) {
    if (!origins->is_array()) bad(path + ".origins", "must be a list of origins");
    for (const auto& item : origins->as_array()) {
      if (!item.is_string())
        bad(path + ".origins", "must list strings such as \"https://casino.example\"");
      op.origins.emplace_back(item.as_string());
    }
  }
  // The casino configuration is completed in parse_casino, once the tables are known.
  if (const json::value* c = field(o, "casinoConfig"))
    op.casino_config = as_object(*c, path + ".casinoConfig");
  if (field(o, "casinoConfigFile")) {
    if (field(o, "casinoConfig"))
      bad(path + ".casinoConfigFile", "give casinoConfig or casinoConfigFile, not both");
    op.casino_config_file = text(o, "casinoConfigFile", path);
  }
  if (const json::value* f = field(o, "features")) {
    op.features = as_object(*f, path + ".features");
    for (const auto& [k, fv] : op.features)
      if (!fv.is_bool()) bad(path + ".features." + std::string(k), "must be true or false");
  }
  return op;
}

std::optional<roulette::SpotKind> kind_by_name(std::string_view name) {
  for (int k = 0; k <= static_cast<int>(roulette::SpotKind::topline); ++k) {
    auto kind = static_cast<roulette::SpotKind>(k);
    if (roulette::kind_name(kind) == name) return kind;
  }
  return std::nullopt;
}

void parse_roulette_limits(const json::object& o, const std::string& currency,
                           const std::string& path, CurrencyTerms& t) {
  roulette::Limits& l = t.limits;
  l.min_bet = amount_field(o, "min", path);
  if (!l.min_bet.is_positive()) bad(path + ".min", "must be above zero");
  l.inside_max = amount_field(o, "insideMax", path);
  l.outside_max = amount_field(o, "outsideMax", path);
  l.table_max = amount_field(o, "tableMax", path);
  for (auto [name, value] : {std::pair{"insideMax", l.inside_max},
                             {"outsideMax", l.outside_max},
                             {"tableMax", l.table_max}}) {
    if (value < l.min_bet) bad(path + "." + name, "must not be below min");
  }
  if (!is_whole_minor_unit(l.min_bet, currency))
    bad(path + ".min", "has fractions of " + currency + "'s smallest unit");
  l.opposite_bets_allowed = flag(o, "oppositeBets", true, path);
  if (const json::value* spot_max = field(o, "spotMax")) {
    for (const auto& [k, mv] : as_object(*spot_max, path + ".spotMax")) {
      std::string key(k), at = path + ".spotMax." + key;
      Money max = amount(mv, at);
      if (max < l.min_bet) bad(at, "must not be below min");
      if (key == "even_money") {
        for (auto kind :
             {roulette::SpotKind::red, roulette::SpotKind::black, roulette::SpotKind::even,
              roulette::SpotKind::odd, roulette::SpotKind::low, roulette::SpotKind::high})
          l.spot_max[kind] = max;
      } else if (auto kind = kind_by_name(key)) {
        l.spot_max[*kind] = max;
      } else {
        bad(at,
            "is not a spot kind (straight, split, street, corner, line, trio, basket, topline, "
            "dozen, column, even_money, red, black, even, odd, low, high)");
      }
    }
  }
}

// A card table's limits: min, mainMax (each main spot: PLAYER, BANKER; DRAGON, TIGER;
// ANDAR, BAHAR), sideMax (each side bet: ties, pairs, card counts), tableMax.
void parse_card_limits(const json::object& o, const std::string& currency, const std::string& path,
                       CurrencyTerms& t) {
  cards::CardLimits& l = t.card_limits;
  l.min_bet = amount_field(o, "min", path);
  if (!l.min_bet.is_positive()) bad(path + ".min", "must be above zero");
  if (!is_whole_minor_unit(l.min_bet, currency))
    bad(path + ".min", "has fractions of " + currency + "'s smallest unit");
  l.main_max = amount_field(o, "mainMax", path);
  l.side_max = amount_field(o, "sideMax", path);
  l.table_max = amount_field(o, "tableMax", path);
  for (auto [name, value] :
       {std::pair{"mainMax", l.main_max}, {"sideMax", l.side_max}, {"tableMax", l.table_max}}) {
    if (value < l.min_bet) bad(path + "." + name, "must not be below min");
  }
  l.opposite_bets_allowed = flag(o, "oppositeBets", true, path);
  // The shared fields of the roulette form, for the lobby's "min - max".
  t.limits.min_bet = l.min_bet;
  t.limits.table_max = l.table_max;
}

CurrencyTerms parse_terms(const json::value& v, games::LimitsForm form, const std::string& currency,
                          const std::string& path) {
  const json::object& o = as_object(v, path);
  CurrencyTerms t;
  if (form == games::LimitsForm::roulette)
    parse_roulette_limits(o, currency, path, t);
  else
    parse_card_limits(o, currency, path, t);
  const json::value* chips = field(o, "chips");
  if (!chips || !chips->is_array() || chips->as_array().empty() || chips->as_array().size() > 12)
    bad(path + ".chips", "must list 1 to 12 chip values");
  for (size_t i = 0; i < chips->as_array().size(); ++i) {
    std::string at = path + ".chips[" + std::to_string(i) + "]";
    Money chip = amount(chips->as_array()[i], at);
    if (!chip.is_positive() || !is_whole_minor_unit(chip, currency))
      bad(at, "must be a positive whole amount of " + currency);
    if (!t.chips.empty() && chip <= t.chips.back())
      bad(at, "chips must be listed in increasing order");
    t.chips.push_back(chip);
  }
  t.default_chip = field(o, "defaultChip") ? amount_field(o, "defaultChip", path) : t.chips.front();
  if (std::find(t.chips.begin(), t.chips.end(), t.default_chip) == t.chips.end())
    bad(path + ".defaultChip", "must be one of the chips");
  return t;
}

// {"source": "synthetic", "renditions": ["high", "medium", "low"], "delayBudgetMs": 4000}:
// the source is the synthetic studio or the encoder's input (a real studio's feed).
studio::VideoConfig parse_video(const json::value& v, const std::string& path) {
  const json::object& o = as_object(v, path);
  for (const auto& [key, value] : o)
    if (key != "source" && key != "renditions" && key != "delayBudgetMs")
      bad(path + "." + std::string(key),
          "is not a video setting (source, renditions, delayBudgetMs)");
  studio::VideoConfig video;
  video.source = text(o, "source", path, video.source);
  const std::string& src = video.source;
  const bool feed = src.starts_with("rtmp://") || src.starts_with("rtmps://") ||
                    src.starts_with("srt://") || src.starts_with("rtsp://") ||
                    src.starts_with("udp://") || src.starts_with("/");
  if (src != "synthetic" && !feed)
    bad(path + ".source",
        "must be \"synthetic\" or a feed: rtmp://, rtmps://, srt://, rtsp://, udp:// or a "
        "device path");
  if (const json::value* r = field(o, "renditions")) {
    if (!r->is_array() || r->as_array().empty())
      bad(path + ".renditions", "must list one or more of high, medium, low");
    std::vector<std::string> given;
    for (const auto& name : r->as_array()) {
      if (!name.is_string() || !studio::find_rendition(name.as_string()))
        bad(path + ".renditions", "must list one or more of high, medium, low");
      if (std::find(given.begin(), given.end(), name.as_string()) != given.end())
        bad(path + ".renditions", "names " + std::string(name.as_string()) + " twice");
      given.emplace_back(name.as_string());
    }
    // Best first, whatever order they were given in.
    video.renditions.clear();
    for (const auto& known : studio::all_renditions())
      if (std::find(given.begin(), given.end(), known.name) != given.end())
        video.renditions.push_back(known.name);
  }
  const int64_t budget = millis(o, "delayBudgetMs", video.delay_budget.count(), path);
  if (budget > 30000) bad(path + ".delayBudgetMs", "must be at most 30000");
  video.delay_budget = Millis{budget};
  return video;
}

TableDef parse_table(const json::value& v, const std::string& path) {
  const json::object& o = as_object(v, path);
  TableDef def;
  table::TableConfig& c = def.config;
  c.id = text(o, "id", path);
  if (!valid_id(c.id)) bad(path + ".id", "must be 1-32 of a-z, 0-9 and '-'");
  c.name = text(o, "name", path);
  c.game = text(o, "game", path);
  const games::Family* family = games::find_family(c.game);
  if (!family) {
    std::string names;
    for (const auto& f : games::families())
      names += (names.empty() ? "" : ", ") + std::string(f.game);
    bad(path + ".game", "must be one of " + names);
  }
  c.variant = text(o, "variant", path, std::string(family->variants.front().name));
  const games::VariantInfo* variant = family->variant(c.variant);
  if (!variant) {
    std::string names;
    for (const auto& v : family->variants)
      names += (names.empty() ? "" : ", ") + std::string(v.name);
    bad(path + ".variant", "must be one of " + names + " for " + c.game);
  }
  c.type = text(o, "type", path, std::string(family->types.front().name));
  const games::TableTypeInfo* type = family->type(c.type);
  if (!type) {
    std::string names;
    for (const auto& t : family->types) names += (names.empty() ? "" : ", ") + std::string(t.name);
    bad(path + ".type", "must be one of " + names + " for " + c.game);
  }
  c.squeeze = flag(o, "squeeze", false, path);
  c.chat_enabled = flag(o, "chatEnabled", true, path);
  if (const json::value* shoe = field(o, "shoe")) {
    if (family->shape == games::Shape::draw) bad(path + ".shoe", "only card tables have a shoe");
    const json::object& so = as_object(*shoe, path + ".shoe");
    if (const json::value* decks = field(so, "decks")) {
      if (!decks->is_int64() || decks->as_int64() < 1 || decks->as_int64() > 8)
        bad(path + ".shoe.decks", "must be 1 to 8");
      c.shoe_decks = static_cast<int>(decks->as_int64());
    }
    if (const json::value* cut = field(so, "cutFromEnd")) {
      if (!cut->is_int64() || cut->as_int64() < 6 || cut->as_int64() > c.shoe_decks * 52 - 20)
        bad(path + ".shoe.cutFromEnd", "must leave at least 20 cards to deal and 6 behind the cut");
      c.shoe_cut_from_end = static_cast<size_t>(cut->as_int64());
    }
  }
  if (c.squeeze && !family->squeeze) bad(path + ".squeeze", "this game has no squeeze mode");
  if (!type->only_variant.empty() && c.variant != type->only_variant)
    bad(path + ".type", c.type + " plays the " + std::string(type->only_variant) + " variant");
  c.kind = type->kind.empty() ? std::string(variant->kind) : std::string(type->kind);
  c.dealer =
      text(o, "dealer", path, type->dealer.empty() ? "RNG Dealer" : std::string(type->dealer));
  const std::string mode = text(o, "dealerMode", path, "rng");
  if (mode != "rng" && mode != "human") bad(path + ".dealerMode", "must be \"rng\" or \"human\"");
  c.human_dealer = mode == "human";
  if (c.human_dealer && !games::human_dealing_supported(c.game, c.variant))
    bad(path + ".dealerMode",
        "a person can deal European or American roulette, baccarat, dragon tiger and andar bahar");
  if (const json::value* every = field(o, "specialBallEvery")) {
    if (!every->is_int64() || every->as_int64() < 0 || every->as_int64() > 1000)
      bad(path + ".specialBallEvery", "must be a whole number of rounds from 0 to 1000");
    c.special_ball_every = static_cast<int>(every->as_int64());
  }
  const bool private_table = type->private_seats > 0;
  const bool seated_game = family->shape == games::Shape::seated_blackjack;
  if (const json::value* seats = field(o, "seats")) {
    if (!seats->is_int64() || seats->as_int64() < 1 || seats->as_int64() > 12)
      bad(path + ".seats", "must be 1 to 12");
    if (!private_table) bad(path + ".seats", "only private tables (priveroulette...) have seats");
    c.seats = static_cast<int>(seats->as_int64());
  } else if (private_table) {
    c.seats = type->private_seats;
  } else {
    c.seats = family->seats;
  }
  if (const json::value* per = field(o, "seatsPerPlayer")) {
    if (!seated_game) bad(path + ".seatsPerPlayer", "only seated blackjack tables have it");
    if (!per->is_int64() || per->as_int64() < 1 || per->as_int64() > c.seats)
      bad(path + ".seatsPerPlayer", "must be 1 to the number of seats");
    c.seats_per_player = static_cast<int>(per->as_int64());
  } else if (seated_game) {
    c.seats_per_player = 3;
  }
  if (const json::value* t = field(o, "timings")) {
    const json::object& to = as_object(*t, path + ".timings");
    std::string at = path + ".timings";
    table::Timings& tm = c.timings;
    tm.betting = Millis{millis(to, "bettingMs", tm.betting.count(), at)};
    tm.closing_soon = Millis{millis(to, "closingSoonMs", tm.closing_soon.count(), at)};
    tm.bets_closed = Millis{millis(to, "betsClosedMs", tm.bets_closed.count(), at)};
    tm.spin = Millis{millis(to, "spinMs", tm.spin.count(), at)};
    tm.result = Millis{millis(to, "resultMs", tm.result.count(), at)};
    tm.next_game = Millis{millis(to, "nextGameMs", tm.next_game.count(), at)};
    tm.timer_interval = Millis{millis(to, "timerIntervalMs", tm.timer_interval.count(), at)};
    tm.decision = Millis{millis(to, "decisionMs", tm.decision.count(), at)};
    tm.insurance = Millis{millis(to, "insuranceMs", tm.insurance.count(), at)};
    tm.card = Millis{millis(to, "cardMs", tm.card.count(), at)};
    tm.reveal = Millis{millis(to, "revealMs", tm.reveal.count(), at)};
    tm.choose = Millis{millis(to, "chooseMs", tm.choose.count(), at)};
    tm.squeeze = Millis{millis(to, "squeezeMs", tm.squeeze.count(), at)};
    if (tm.betting.count() < 1000) bad(at + ".bettingMs", "must be at least 1000");
    // A game show's choice must be makeable, and each step seen.
    if (tm.choose.count() < 1000) bad(at + ".chooseMs", "must be at least 1000");
    if (tm.reveal.count() < 100) bad(at + ".revealMs", "must be at least 100");
    // A squeezer must have time to lift a card by hand.
    if (tm.squeeze.count() < 2000) bad(at + ".squeezeMs", "must be at least 2000");
  }
  const json::value* limits = field(o, "limits");
  if (!limits) bad(path + ".limits", "is required");
  for (const auto& [cur, terms] : as_object(*limits, path + ".limits")) {
    std::string code(cur);
    if (!is_currency_code(code)) bad(path + ".limits." + code, "is not a currency code");
    def.terms.emplace(code, parse_terms(terms, family->limits, code, path + ".limits." + code));
    const json::object& to = terms.as_object();
    if (field(to, "tableMin")) {
      Money table_min = amount_field(to, "tableMin", path + ".limits." + code);
      const auto& l = def.terms.at(code).limits;
      if (table_min < l.min_bet || table_min > l.table_max)
        bad(path + ".limits." + code + ".tableMin", "must lie between min and tableMax");
      c.table_min[code] = table_min;
    }
  }
  if (const json::value* paytable = field(o, "paytable")) {
    if (family->paytable.empty()) bad(path + ".paytable", "this game's paytable is fixed");
    for (const auto& [key, ratio] : as_object(*paytable, path + ".paytable")) {
      const std::string at = path + ".paytable." + std::string(key);
      auto known =
          std::find_if(family->paytable.begin(), family->paytable.end(),
                       [name = key](const games::PaytableKey& k) { return k.name == name; });
      if (known == family->paytable.end()) bad(at, "is not a ratio of this game's paytable");
      if (!ratio.is_int64() || ratio.as_int64() < 1 || ratio.as_int64() > known->max)
        bad(at, "must be a whole ratio from 1 to " + std::to_string(known->max));
      def.paytable.emplace(std::string(key), ratio.as_int64());
    }
  }
  if (const json::value* script = field(o, "scriptedResults")) {
    if (!script->is_array()) bad(path + ".scriptedResults", "must list results");
    for (const auto& r : script->as_array()) {
      if (!r.is_string()) bad(path + ".scriptedResults", "must list results as text");
      c.scripted_results.emplace_back(r.as_string());
    }
  }
  if (def.terms.empty()) bad(path + ".limits", "must name at least one currency");
  if (!c.scripted_results.empty() && family->is_blackjack()) {
    // Blackjack scripts the cards of a round in dealing order ("9S,2D,KH,7C,..."): the
    // table deals them before it goes back to the shoe.
    for (size_t i = 0; i < c.scripted_results.size(); ++i)
      for (std::string_view card : games::split(c.scripted_results[i], ','))
        if (!games::cards::card_from_text(card))
          bad(path + ".scriptedResults[" + std::to_string(i) + "]", "is not a list of cards");
  } else if (!c.scripted_results.empty()) {
    auto engine = make_engine(def, def.terms.begin()->second);
    for (size_t i = 0; i < c.scripted_results.size(); ++i)
      if (!engine->decode(c.scripted_results[i]))
        bad(path + ".scriptedResults[" + std::to_string(i) + "]", "is not a result of this table");
  }
  if (const json::value* c = field(o, "countries"))
    def.countries = parse_countries(*c, path + ".countries");
  if (const json::value* video = field(o, "video"))
    def.video = parse_video(*video, path + ".video");
  return def;
}

// The studio's staff (docs/studio.md "The console"): {"staff": [{login, name, role,
// passwordHash, tables?}]}.
std::vector<StaffMember> parse_staff(const json::value& v, const std::vector<TableDef>& tables) {
  const json::object& o = as_object(v, "studio");
  std::vector<StaffMember> staff;
  const json::value* list = field(o, "staff");
  if (!list) return staff;
  if (!list->is_array()) bad("studio.staff", "must be a list of the studio's staff");
  std::set<std::string, std::less<>> logins;
  for (size_t i = 0; i < list->as_array().size(); ++i) {
    const std::string at = "studio.staff[" + std::to_string(i) + "]";
    const json::object& m = as_object(list->as_array()[i], at);
    StaffMember member;
    member.login = text(m, "login", at, "");
    if (member.login.empty() || member.login.size() > 64 ||
        member.login.find_first_not_of("abcdefghijklmnopqrstuvwxyz0123456789._-") !=
            std::string::npos)
      bad(at + ".login", "1 to 64 of a-z, 0-9, '.', '_', '-'");
    if (!logins.insert(member.login).second) bad(at + ".login", "is used twice");
    member.name = text(m, "name", at, member.login);
    const std::string role = text(m, "role", at, "");
    if (role != "dealer" && role != "supervisor")
      bad(at + ".role", "must be \"dealer\" or \"supervisor\"");
    member.supervisor = role == "supervisor";
    member.password_hash = text(m, "passwordHash", at, "");
    if (member.password_hash.rfind("$argon2", 0) != 0)
      bad(at + ".passwordHash", "must be a hash from croupierd hash-password");
    if (const json::value* t = field(m, "tables")) {
      if (!t->is_array()) bad(at + ".tables", "must list table ids");
      for (const auto& id : t->as_array()) {
        if (!id.is_string() || std::none_of(tables.begin(), tables.end(), [&](const auto& d) {
              return d.config.id == id.as_string();
            }))
          bad(at + ".tables", "names a table the casino does not have");
        member.tables.emplace_back(id.as_string());
      }
    }
    staff.push_back(std::move(member));
  }
  return staff;
}

}  // namespace

bool StaffMember::works_at(std::string_view table) const {
  return tables.empty() || std::find(tables.begin(), tables.end(), table) != tables.end();
}

const StaffMember* Casino::find_staff(std::string_view login) const {
  for (const auto& m : staff)
    if (m.login == login) return &m;
  return nullptr;
}

const Operator* Casino::find_operator(std::string_view id) const {
  for (const auto& op : operators)
    if (op.id == id) return &op;
  return nullptr;
}

const TableDef* Casino::find_table(std::string_view id) const {
  for (const auto& t : tables)
    if (t.config.id == id) return &t;
  return nullptr;
}

const Operator* Casino::demo_operator() const {
  for (const auto& op : operators)
    if (op.demo) return &op;
  return nullptr;
}

Result<Casino, std::string> parse_casino(std::string_view json_text, const std::string& base_dir) {
  boost::system::error_code ec;
  json::value doc = json::parse(json_text, ec);
  if (ec) return std::string("not valid JSON: ") + ec.message();
  try {
    const json::object& root = as_object(doc, "casino");
    Casino casino;
    const json::value* ops = field(root, "operators");
    if (!ops || !ops->is_array() || ops->as_array().empty())
      bad("operators", "must list at least one operator");
    std::set<std::string> ids;
    for (size_t i = 0; i < ops->as_array().size(); ++i) {
      std::string at = "operators[" + std::to_string(i) + "]";
      casino.operators.push_back(parse_operator(ops->as_array()[i], at));
      if (!ids.insert(casino.operators.back().id).second) bad(at + ".id", "is used twice");
    }
    for (size_t i = 0; i < casino.operators.size(); ++i) {
      const std::string& free_play = casino.operators[i].accounts.free_play_operator;
      if (free_play.empty()) continue;
      const Operator* fp = casino.find_operator(free_play);
      if (!fp || !fp->demo)
        bad("operators[" + std::to_string(i) + "].accounts.freePlayOperator",
            "must name a demo operator");
    }
    const json::value* tables = field(root, "tables");
    if (!tables || !tables->is_array() || tables->as_array().empty())
      bad("tables", "must list at least one table");
    ids.clear();
    for (size_t i = 0; i < tables->as_array().size(); ++i) {
      std::string at = "tables[" + std::to_string(i) + "]";
      casino.tables.push_back(parse_table(tables->as_array()[i], at));
      if (!ids.insert(casino.tables.back().config.id).second) bad(at + ".id", "is used twice");
    }
    if (const json::value* studio = field(root, "studio"))
      casino.staff = parse_staff(*studio, casino.tables);
    for (size_t i = 0; i < casino.operators.size(); ++i) {
      Operator& op = casino.operators[i];
      std::string at = "operators[" + std::to_string(i) + "].casinoConfig";
      if (!op.casino_config_file.empty()) {
        std::filesystem::path file(op.casino_config_file);
        if (file.is_relative()) file = std::filesystem::path(base_dir) / file;
        at = file.string();
        std::ifstream in(file);
        if (!in) bad(at, "cannot read the operator's casino configuration");
        std::stringstream text;
        text << in.rdbuf();
        json::value given = json::parse(text.str(), ec);
        if (ec) bad(at, "not valid JSON: " + ec.message());
        op.casino_config = as_object(given, at);
      }
      auto complete = complete_casino_config(op.casino_config, op, casino.tables);
      if (!complete.ok()) bad(at, complete.error());
      op.casino_config = std::move(complete).value();
      // Croupier's own flag: the client opens the Italian game session before play.
      op.casino_config["italian_session"] = op.regulation.italian_session;
    }
    return casino;
  } catch (const Bad& b) {
    return b.message;
  }
}

bool Operator::config_flag(std::string_view key) const {
  const json::value* v = casino_config.if_contains(key);
  return v && v->is_bool() && v->as_bool();
}

bool CountryRule::permits(std::string_view country) const {
  auto listed = [&](const std::vector<std::string>& list) {
    return std::find(list.begin(), list.end(), country) != list.end();
  };
  if (!allowed.empty()) return !country.empty() && listed(allowed);
  return !listed(blocked);
}

Result<Casino, std::string> load_casino(const std::string& path) {
  std::ifstream in(path);
  if (!in) return "cannot read " + path;
  std::stringstream buf;
  buf << in.rdbuf();
  auto casino = parse_casino(buf.str(), std::filesystem::path(path).parent_path().string());
  if (!casino.ok()) return path + ": " + casino.error();
  return casino;
}

std::unique_ptr<games::Engine> make_engine(const TableDef& def, const CurrencyTerms& terms) {
  return def.family().make(def.config.variant, {terms.limits, terms.card_limits, def.paytable});
}

table::Engines make_engines(const TableDef& def) {
  table::Engines engines;
  for (const auto& [currency, terms] : def.terms) {
    engines.emplace(currency, std::shared_ptr<const games::Engine>(make_engine(def, terms)));
  }
  return engines;
}

}  // namespace croupier::config
