// What the game show pages (the candy wheel, boom or bust) share of the protocol
// (docs/protocol.md, "Game shows"): the table's events, and a player's choice sent as a
// <choose> command.
import type { Realtime, ServerMessage } from '../realtime/realtime';
import { xmlCommand } from '../realtime/xml';

/** A game show's table events (docs/protocol.md, "Game shows"): a round's, and its show's steps. */
export const SHOW_EVENTS = [
  'resync',
  'betsopen',
  'betsclosingsoon',
  'timer',
  'betsclosed',
  'gamestate',
  'showstep',
  'gameresult',
  'cancelround',
  'table_closed',
] as const;

export interface ShowChoice {
  tableId: string;
  requestId: string;
  gameId: string;
  step: number; // the showstep that asks for it
  choice: string;
}

/**
 * Sends a choice at a show's step; the server's answer: its private chooseack, or an error
 * event for a command it could not read.
 */
export function sendChoice(
  realtime: Realtime,
  channel: string,
  c: ShowChoice,
): Promise<ServerMessage> {
  const xml = xmlCommand('choose', {
    tableId: c.tableId,
    requestId: c.requestId,
    gameId: c.gameId,
    step: String(c.step),
    choice: c.choice,
  });
  return realtime.command(channel, c.requestId, xml);
}
