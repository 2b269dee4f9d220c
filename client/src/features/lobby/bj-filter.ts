// The lobby's blackjack filter (SPEC: the `selectedbjfilter` setting): all blackjack
// tables, those with a free seat, or those where the player can bet behind somebody.
// Also the route of a table: `game` names it, except that one-hand infinite tables may
// be named by their kind or type.
import type { AssignedTable } from '../../lib/session';

export type BjFilter = 'all' | 'free' | 'behind';
export const BJ_FILTERS: BjFilter[] = ['all', 'free', 'behind'];

type Table = Pick<AssignedTable, 'game' | 'gameKind' | 'tableType' | 'seats' | 'seatsTaken'> & {
  freeSeats?: number;
};

export function isOneHand(t: Table): boolean {
  return t.game === 'onebj' || t.gameKind === 'onebj' || t.tableType === 'onebj';
}

export function isBlackjack(t: Table): boolean {
  return isOneHand(t) || t.game === 'blackjack' || t.gameKind === 'blackjack';
}

/**
 * The client route of a table: /play/<route>?gameId=… A crash table's is its kind (its
 * skin: spaceman, bigbass).
 */
export function routeOf(t: Table): string {
  if (isOneHand(t)) return 'onebj';
  if (isBlackjack(t)) return 'blackjack';
  if (t.game === 'crash')
    return t.gameKind === 'bigbass' || t.tableType === 'bigbass' ? 'bigbass' : 'spaceman';
  return t.game;
}

export function bjFilterOf(saved: unknown): BjFilter {
  return BJ_FILTERS.includes(saved as BjFilter) ? (saved as BjFilter) : 'all';
}

function freeSeats(t: Table): number | null {
  if (typeof t.freeSeats === 'number') return t.freeSeats;
  if (typeof t.seats === 'number' && typeof t.seatsTaken === 'number')
    return t.seats - t.seatsTaken;
  return null;
}

/**
 * Whether the filter shows a table. Other games always show. A one-hand infinite table
 * always has room and has no seats to bet behind. When the lobby does not know how many
 * seats are taken, a seated table shows under every filter.
 */
export function passesBjFilter(t: Table, filter: BjFilter): boolean {
  if (!isBlackjack(t) || filter === 'all') return true;
  if (isOneHand(t)) return filter === 'free';
  const free = freeSeats(t);
  if (filter === 'free') return (free ?? 1) > 0;
  const taken =
    typeof t.seatsTaken === 'number'
      ? t.seatsTaken
      : typeof t.seats === 'number' && free !== null
        ? t.seats - free
        : null;
  return (taken ?? 1) > 0;
}
