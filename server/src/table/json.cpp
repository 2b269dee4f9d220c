#include "table/json.hpp"

#include <boost/json/array.hpp>

#include "table/table.hpp"

namespace croupier::table {

namespace json = boost::json;

namespace {
json::array lines(const std::vector<games::BetLine>& bets) {
  json::array out;
  for (const auto& l : bets)
    out.push_back(json::object{{"spot", l.spot}, {"amount", money_json(l.amount)}});
  return out;
}
}  // namespace

json::object result_json(const std::string& game_id, const std::string& outcome) {
  json::object o{{"gameId", game_id}, {"result", result_label(outcome)}};
  if (outcome.find('|') != std::string::npos) o["outcome"] = outcome;
  return o;
}

json::object ack_json(const BetAck& ack, const std::string& table_id, int64_t now_ms) {
  json::array rejected;
  for (const auto& r : ack.rejected) {
    rejected.push_back(json::object{{"spot", r.spot},
                                    {"amount", money_json(r.amount)},
                                    {"code", to_int(r.code)},
                                    {"message", meaning(r.code)}});
    if (!r.reason.empty()) rejected.back().as_object()["reason"] = r.reason;
  }
  json::object o{{"type", ack.cancel ? "cancelack" : "betack"},
                 {"table", table_id},
                 {"v", ack.version},
                 {"ts", now_ms},
                 {"requestId", ack.request_id},
                 {"gameId", ack.game_id}};
  if (ack.cancel) {
    o["cancelled"] = lines(ack.cancelled);
  } else {
    o["accepted"] = lines(ack.accepted);
    o["rejected"] = std::move(rejected);
  }
  o["roundTotal"] = money_json(ack.round_total);
  o["duplicate"] = ack.duplicate;
  if (ack.refusal) {
    o["code"] = to_int(ack.refusal->code);
    o["message"] = meaning(ack.refusal->code);
    if (!ack.refusal->detail.empty()) o["detail"] = ack.refusal->detail;
  }
  if (ack.balance) {
    o["balance"] = money_json(ack.balance->total());
    o["bonusBalance"] = money_json(ack.balance->bonus);
  }
  return o;
}

}  // namespace croupier::table
