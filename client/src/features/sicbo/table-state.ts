// What a sic bo table shows, derived from its events (docs/protocol.md) by a pure
// reducer: the round, this round's dice once thrown, the player's win and the recent
// throws (lib/table/results, reading the dice from each outcome: "136|316").
import type { ServerMessage } from '../../lib/realtime/realtime';
import { type Dice, diceOf } from '../../lib/table/dice';
import { type ResultsView, initialResults, resultsReducer } from '../../lib/table/results';

export type SicBoView = ResultsView<Dice>;

export const initialSicBoView: SicBoView = initialResults<Dice>();

export function sicboReducer(view: SicBoView, m: ServerMessage, localNow: number): SicBoView {
  return resultsReducer(view, m, localNow, diceOf);
}
