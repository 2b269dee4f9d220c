// Blackjack's spots for the shared bet slip (lib/table/bet-slip): SEAT_n, the main bet of
// a seat (only its player), BB_n, a bet behind seat n, and MAIN at one-hand infinite,
// with the table's limits: `min` per bet, `mainMax` for a seat or MAIN, `sideMax` for a
// bet behind, `tableMax` (or `max`) for the player's total.
import { units } from '../../lib/format/money';
import type { TableConfig } from '../../lib/session';
import type { Limits, SpotRules } from '../../lib/table/bet-slip';

export const BJ_RULES: SpotRules = {
  isSpot: (code) => /^(SEAT|BB)_[1-9]$/.test(code) || code === 'MAIN',
  kindOf: (code) =>
    code.startsWith('BB_') ? 'behind' : code === 'MAIN' || code.startsWith('SEAT_') ? 'main' : null,
  isInside: () => false,
  oppositeOf: () => null,
};

export function isOneHandTable(table: Pick<TableConfig, 'game' | 'gameKind' | 'tableType'>) {
  return table.game === 'onebj' || table.gameKind === 'onebj' || table.tableType === 'onebj';
}

export function bjLimits(table: TableConfig): Limits {
  const l = table.limits;
  const spot = (kinds: string[]) =>
    (l.spots ?? []).find((s) => kinds.includes(s.kind.toLowerCase()))?.max;
  const tableMax = units(l.tableMax ?? l.max);
  const mainMax = l.mainMax ?? spot(['main', 'seat']) ?? l.max;
  const sideMax = l.sideMax ?? spot(['behind', 'bb', 'bet_behind', 'betbehind']) ?? mainMax;
  return {
    min: units(l.min),
    tableMax,
    insideMax: tableMax,
    outsideMax: tableMax,
    oppositeBetsAllowed: true,
    spotMax: { main: units(mainMax), behind: units(sideMax) },
    rules: BJ_RULES,
  };
}
