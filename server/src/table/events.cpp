#include "table/events.hpp"

namespace croupier::table {

namespace {

template <class... F>
struct Overloaded : F... {
  using F::operator()...;
};
template <class... F>
Overloaded(F...) -> Overloaded<F...>;

}  // namespace

std::string_view event_type(const EventBody& body) {
  return std::visit(Overloaded{
                        [](const StateChanged&) { return "gamestate"; },
                        [](const BetsOpened&) { return "betsopen"; },
                        [](const BetsClosingSoon&) { return "betsclosingsoon"; },
                        [](const BetsTimer&) { return "timer"; },
                        [](const BetsClosed&) { return "betsclosed"; },
                        [](const MultipliersShown&) { return "multipliers"; },
                        [](const games::CardShown&) { return "card"; },
                        [](const games::SqueezerChosen&) { return "squeezer"; },
                        [](const games::SqueezeMoved&) { return "squeeze"; },
                        [](const games::ShuffleStarted&) { return "startshuffling"; },
                        [](const ShuffleDone&) { return "endshuffling"; },
                        [](const ResultShown&) { return "gameresult"; },
                        [](const RoundCancelled&) { return "cancelround"; },
                        [](const TableClosed&) { return "table_closed"; },
                        [](const SeatsChanged&) { return "seats"; },
                        [](const ChatSaid&) { return "chat"; },
                        [](const Noop&) { return "noop"; },
                        [](const HandsChanged&) { return "blackjack"; },
                        [](const ClosingAnnounced&) { return "tablewillclose"; },
                        [](const FlightStarted&) { return "launch"; },
                        [](const CashOutsPaid&) { return "cashouts"; },
                        [](const FlightEnded&) { return "crash"; },
                        [](const ShowStepped&) { return "showstep"; },
                    },
                    body);
}

}  // namespace croupier::table
