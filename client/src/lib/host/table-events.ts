// Host messages read from the tables' socket events, so no table feature has to know
// about the host page (docs/host-messages.md has the rules):
//
// - ROUND_STARTED: the player's first accepted bet of a round (a betack with accepted
//   bets, or a resync whose myAcks shows one); ROUND_ENDED: that round's gameresult or
//   cancelround, only after ROUND_STARTED.
// - SPIN_START / SPIN_END: a roulette spin (gamestate 6) and its gameresult.
// - BONUS_GAME_START / BONUS_GAME_END: mega and power-up roulette's multipliers event
//   and that round's gameresult.
// - RESULT_SHOWN: every gameresult of a table the player follows.
// - BALANCE_TOO_LOW: a bet refused for funds (10104; not a free bet short of chips).
// - micro-gaming operators: BUSY on betsclosed, IDLE on gameresult (and on a cancelled
//   round that was BUSY), and a table_closed closes the game.
//
// Every START has its END: when a resync shows the table has moved on to another round
// while the client was away, the open ones end with `missed: true`; when the player
// stops following the table (`unsubscribed`: they went to another page in the app)
// before its result, they end with `left: true`. Either way the player's own figures
// are not known then and are null.
import type { ServerMessage } from '../realtime/realtime';
import type { OutboundType, Payload } from './messages';

export interface EventSource {
  on(type: string, handler: (m: ServerMessage) => void): () => void;
}

export type Emit = (type: OutboundType, payload: Payload) => void;

export interface TableEventOptions {
  microGaming: () => boolean;
  /** The table sent table_closed (micro-gaming operators close the game then). */
  onTableClosed?: (tableId: string) => void;
  /** A player's gameresult with its net win or loss and stake (for the reality check). */
  onSettled?: (net: string, stake: string | null) => void;
  /** A round of the player's refunded (a cancelround with their refund). */
  onRefunded?: () => void;
}

type Pair = 'round' | 'spin' | 'bonus' | 'busy';

const END_OF: Record<Pair, OutboundType | null> = {
  round: 'ROUND_ENDED',
  spin: 'SPIN_END',
  bonus: 'BONUS_GAME_END',
  busy: 'IDLE',
};

export const FUNDS_CODE = 10104;

const str = (v: unknown): string | null => (typeof v === 'string' ? v : null);

function accepted(ack: ServerMessage): boolean {
  return Array.isArray(ack.accepted) && ack.accepted.length > 0;
}

function refusedForFunds(ack: ServerMessage): boolean {
  // A free bet short of chips is no word on the player's balance.
  if (typeof ack.bonusId === 'string' && ack.bonusId !== '') return false;
  if (ack.code === FUNDS_CODE) return true;
  return (
    Array.isArray(ack.rejected) &&
    (ack.rejected as { code?: unknown }[]).some((r) => r.code === FUNDS_CODE)
  );
}

/** The player's own figures in a gameresult or cancelround (null when they did not bet). */
function figures(m: ServerMessage): Payload {
  if (m.type === 'cancelround') {
    const refunded = str(m.refunded);
    return { stake: refunded, win: refunded, net: refunded === null ? null : '0.00' };
  }
  return { stake: str(m.stake), win: str(m.win), net: str(m.net) };
}

export function followTableEvents(
  source: EventSource,
  emit: Emit,
  options: TableEventOptions,
): () => void {
  const open = new Map<string, string>(); // `${pair}|${table}` -> gameId

  const key = (pair: Pair, table: string) => `${pair}|${table}`;

  const end = (pair: Pair, table: string, payload: Payload) => {
    const k = key(pair, table);
    const gameId = open.get(k);
    if (gameId === undefined) return false;
    open.delete(k);
    const type = END_OF[pair];
    if (type && (pair !== 'busy' || options.microGaming()))
      emit(type, { tableId: table, gameId, ...payload });
    return true;
  };

  const start = (
    pair: Pair,
    type: OutboundType | null,
    m: ServerMessage,
    payload: Payload = {},
  ) => {
    const table = str(m.table);
    const gameId = str(m.gameId);
    if (!table || !gameId) return;
    const k = key(pair, table);
    const current = open.get(k);
    if (current === gameId) return; // once per round
    if (current !== undefined) end(pair, table, { missed: true });
    open.set(k, gameId);
    if (type) emit(type, { tableId: table, gameId, ...payload });
  };

  /** Ends every open pair of a table whose round is not `gameId` (the client missed the end). */
  const endMissed = (table: string, gameId: string | null, why: 'missed' | 'left' = 'missed') => {
    for (const pair of Object.keys(END_OF) as Pair[]) {
      const current = open.get(key(pair, table));
      if (current !== undefined && current !== gameId)
        end(pair, table, {
          [why]: true,
          ...(pair === 'round' ? { stake: null, win: null, net: null, balance: null } : {}),
        });
    }
  };

  const offs = [
    source.on('betack', (m) => {
      if (accepted(m)) start('round', 'ROUND_STARTED', m);
      if (m.duplicate !== true && refusedForFunds(m))
        emit('BALANCE_TOO_LOW', {
          tableId: str(m.table),
          gameId: str(m.gameId),
          code: FUNDS_CODE,
          source: 'server',
        });
    }),
    source.on('resync', (m) => {
      const table = str(m.table);
      if (!table || table === 'lobby') return;
      const gameId = str(m.gameId);
      endMissed(table, gameId);
      const acks = Array.isArray(m.myAcks) ? (m.myAcks as ServerMessage[]) : [];
      if (acks.some((a) => a.type === 'betack' && a.gameId === gameId && accepted(a)))
        start('round', 'ROUND_STARTED', m);
    }),
    source.on('gamestate', (m) => {
      if (m.state === 6) start('spin', 'SPIN_START', m);
    }),
    source.on('multipliers', (m) => {
      start('bonus', 'BONUS_GAME_START', m, {
        multipliers: Array.isArray(m.multipliers) ? m.multipliers : [],
      });
    }),
    source.on('betsclosed', (m) => {
      if (options.microGaming()) start('busy', 'BUSY', m);
    }),
    source.on('gameresult', (m) => {
      const table = str(m.table);
      if (!table) return;
      const gameId = str(m.gameId);
      endMissed(table, gameId);
      const result = m.result ?? null;
      end('spin', table, { result });
      end('bonus', table, {
        result,
        resultMultipliers: Array.isArray(m.resultMultipliers) ? m.resultMultipliers : [],
      });
      emit('RESULT_SHOWN', {
        tableId: table,
        gameId,
        result,
        ...(m.replayed === true ? { replayed: true } : {}),
      });
      end('round', table, { ...figures(m), balance: str(m.balance), result });
      const net = str(m.net);
      if (net !== null) options.onSettled?.(net, str(m.stake));
      if (options.microGaming()) {
        open.delete(key('busy', table));
        emit('IDLE', { tableId: table, gameId });
      }
    }),
    source.on('cancelround', (m) => {
      const table = str(m.table);
      if (!table) return;
      endMissed(table, str(m.gameId));
      end('spin', table, { cancelled: true, result: null });
      end('bonus', table, { cancelled: true, result: null, resultMultipliers: [] });
      end('round', table, { ...figures(m), balance: str(m.balance), cancelled: true });
      end('busy', table, { cancelled: true });
      if (str(m.refunded) !== null) options.onRefunded?.();
    }),
    source.on('unsubscribed', (m) => {
      const channel = str(m.channel);
      if (channel?.startsWith('table-')) endMissed(channel.slice('table-'.length), null, 'left');
    }),
    source.on('table_closed', (m) => {
      const table = str(m.table);
      if (table) options.onTableClosed?.(table);
    }),
  ];
  return () => offs.forEach((off) => off());
}
