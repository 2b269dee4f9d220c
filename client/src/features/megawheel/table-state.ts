// What a mega wheel table shows, derived from its events (docs/protocol.md) by a pure
// reducer: the round, this round's result once drawn, the player's win and the recent
// results (lib/table/results, reading each outcome: "5|7|40x100"), and the mega
// multiplier: announced after bets close (`multipliers`), in a resync while the wheel
// spins, and with the result; gone when the next round opens.
import type { ServerMessage } from '../../lib/realtime/realtime';
import { type ResultsView, initialResults, resultsReducer } from '../../lib/table/results';
import { type Mega, type WheelResult, multipliersOf, parseWheelResult } from './wheel';

export interface MegaWheelView extends ResultsView<WheelResult> {
  mega: Mega | null;
}

export const initialMegaWheelView: MegaWheelView = { ...initialResults<WheelResult>(), mega: null };

export function megaWheelReducer(
  view: MegaWheelView,
  m: ServerMessage,
  localNow: number,
): MegaWheelView {
  const v = resultsReducer(view, m, localNow, parseWheelResult);
  switch (m.type) {
    case 'resync':
      return { ...v, mega: multipliersOf(m.multipliers) ?? v.result?.mega ?? null };
    case 'betsopen':
      return { ...v, mega: null };
    case 'multipliers':
      return { ...v, mega: multipliersOf(m.multipliers) };
    case 'gameresult':
      return { ...v, mega: multipliersOf(m.multipliers) ?? v.result?.mega ?? v.mega };
    default:
      return v;
  }
}

/**
 * The mega multiplier as the table shows it: none yet, announced (the wheel has not
 * stopped), hit (it stopped on the multiplied number) or missed.
 */
export type MegaState = 'none' | 'announced' | 'hit' | 'missed';

export function megaState(view: MegaWheelView, landed: boolean): MegaState {
  if (!view.mega) return 'none';
  if (!view.result || !landed) return 'announced';
  return view.result.number === view.mega.number ? 'hit' : 'missed';
}
