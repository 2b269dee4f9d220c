#include "games/fair_check.hpp"

#include "games/cards/card.hpp"
#include "games/cards/shoe.hpp"

namespace croupier::games {

std::optional<Recomputed> recompute(const Engine& engine, const fair::Record& record,
                                    std::string_view round_id) {
  Recomputed out;
  if (record.shoe.empty()) {
    fair::RoundRng rng(record.seed, record.client_seed, std::string(round_id));
    out.result = engine.encode(engine.draw(rng));
    return out;
  }
  auto shoe = cards::Shoe::from_composition(record.shoe, record.decks > 0 ? record.decks : 8);
  if (!shoe || shoe->remaining() < record.cards.size()) return std::nullopt;
  {
    cards::Shoe taking = *shoe;
    fair::RoundRng rng(record.seed, record.client_seed, std::string(round_id));
    for (size_t i = 0; i < record.cards.size(); ++i)
      out.cards.push_back(cards::to_text(taking.deal(rng)));
  }
  if (engine.deals_from_shoe()) {
    fair::RoundRng rng(record.seed, record.client_seed, std::string(round_id));
    out.result = engine.encode(engine.deal(*shoe, rng));
  }
  return out;
}

}  // namespace croupier::games
