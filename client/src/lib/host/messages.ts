// The messages between the client and the page that embeds it (SPEC section 4 "Messages
// sent to the host page", section 7). Outbound messages travel in a versioned envelope;
// inbound ones must carry the host's own source name and the same version. The meaning
// of every type and its payload is in docs/host-messages.md.

export const ENVELOPE_SOURCE = 'croupier';
export const HOST_SOURCE = 'croupier-host';
export const ENVELOPE_VERSION = 1;

export const OUTBOUND_TYPES = [
  'LOAD_STARTED',
  'LOAD_ENDED',
  'ROUND_STARTED',
  'ROUND_ENDED',
  'BONUS_GAME_START',
  'BONUS_GAME_END',
  'FREE_SPIN_START',
  'FREE_SPIN_END',
  'SPIN_START',
  'SPIN_END',
  'RESULT_SHOWN',
  'BALANCE_TOO_LOW',
  'OPEN_CASHIER',
  'QUIT',
  'INACTIVE',
  'USER_ACTIVE',
  'REALITY_CHECK_SHOWN',
  'CONTINUE',
  'CONFIG_GROUP_1',
  'CONFIG_GROUP_2',
  'CONFIG_GROUP_3',
  'CONFIG_GROUP_4',
  'CONFIG_GROUP_5',
  'BUSY',
  'IDLE',
  'CLOSE_GAME',
  'LIFECYCLE',
] as const;

export type OutboundType = (typeof OUTBOUND_TYPES)[number];

export type Payload = Record<string, unknown>;

export interface Envelope {
  source: typeof ENVELOPE_SOURCE;
  version: typeof ENVELOPE_VERSION;
  type: OutboundType;
  payload: Payload;
  ts: number;
}

export function envelope(type: OutboundType, payload: Payload, ts: number): Envelope {
  return { source: ENVELOPE_SOURCE, version: ENVELOPE_VERSION, type, payload, ts };
}

export const INBOUND_TYPES = ['PAUSE', 'RESUME', 'UPDATE_BALANCE', 'MUTE'] as const;
export type InboundType = (typeof INBOUND_TYPES)[number];

export type Inbound =
  | { type: 'PAUSE' }
  | { type: 'RESUME' }
  | { type: 'UPDATE_BALANCE' }
  | { type: 'MUTE'; muted: boolean };

/**
 * Reads a message from the host: null when it is not one of ours at all (other scripts
 * on the page post messages too), else the command or the reason it is refused.
 */
export function parseInbound(data: unknown): Inbound | { refused: string } | null {
  if (!data || typeof data !== 'object') return null;
  const m = data as Record<string, unknown>;
  if (m.source !== HOST_SOURCE) return null;
  if (m.version !== ENVELOPE_VERSION)
    return { refused: `unsupported version ${String(m.version)}` };
  const payload =
    m.payload && typeof m.payload === 'object' ? (m.payload as Record<string, unknown>) : {};
  switch (m.type) {
    case 'PAUSE':
    case 'RESUME':
    case 'UPDATE_BALANCE':
      return { type: m.type };
    case 'MUTE':
      if (typeof payload.muted !== 'boolean') return { refused: 'MUTE needs payload.muted' };
      return { type: 'MUTE', muted: payload.muted };
    default:
      return { refused: `unknown type ${String(m.type)}` };
  }
}
