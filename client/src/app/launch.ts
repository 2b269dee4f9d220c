// Launch parameters (SPEC section 2) and routing by the second path segment.

export type Theme = 'green' | 'blue';

export interface LaunchParams {
  gameId?: string;
  tableType?: string;
  seatNumber?: number;
  lang?: string;
  lobbyInFrame: boolean;
  lobby?: string;
  direct: boolean;
  theme: Theme;
  selectedTableType?: string;
  /** The slot a slot page plays (/play/slot?slotId=fruits). */
  slotId?: string;
}

const TOKEN = /^[A-Za-z0-9_.-]{1,64}$/;

function token(v: string | null): string | undefined {
  return v !== null && TOKEN.test(v) ? v : undefined;
}

function flag(v: string | null): boolean {
  return v === 'true' || v === '1';
}

/** Reads the launch parameters from a query string; malformed values are ignored. */
export function parseLaunchParams(search: string): LaunchParams {
  const q = new URLSearchParams(search);
  const seat = q.get('seatNumber');
  const params: LaunchParams = {
    lobbyInFrame: flag(q.get('lobbyInFrame')),
    direct: flag(q.get('direct')),
    theme: q.get('theme') === 'blue' ? 'blue' : 'green',
  };
  const gameId = token(q.get('gameId'));
  if (gameId) params.gameId = gameId;
  const tableType = token(q.get('tableType'));
  if (tableType) params.tableType = tableType;
  if (seat !== null && /^\d{1,2}$/.test(seat)) params.seatNumber = Number(seat);
  const lang = q.get('lang');
  if (lang && /^[a-zA-Z]{2}$/.test(lang)) params.lang = lang.toLowerCase();
  const lobby = token(q.get('lobby'));
  if (lobby) params.lobby = lobby;
  const selected = token(q.get('selectedTableType'));
  if (selected) params.selectedTableType = selected;
  const slotId = token(q.get('slotId'));
  if (slotId) params.slotId = slotId;
  return params;
}

/** `lobby=false` (or 0, none): the player has no way to Croupier's lobby from a table. */
export function lobbyOff(params: LaunchParams): boolean {
  return params.lobby === 'false' || params.lobby === '0' || params.lobby === 'none';
}

/** The game a path names: its second segment (/play/roulette -> roulette); lobby pages are "all". */
export function gameOfPath(pathname: string): string {
  const segments = pathname.split('/').filter(Boolean);
  const game = (segments[1] ?? '').toLowerCase();
  if (game === '' || game === 'lobby' || game === 'all') return 'all';
  return game;
}

/**
 * The studio console's pages (/studio and below): the studio's staff, not a player, so
 * none of the player's services start there.
 */
export function isStudioPath(pathname: string): boolean {
  return pathname === '/studio' || pathname.startsWith('/studio/');
}

/**
 * The game_mode parameter of SPEC section 7 for a game and device (crash_* for both skins;
 * the candy wheel's is sbz_*).
 */
export function gameMode(game: string, suffix: 'desktop' | 'mobile'): string {
  const family =
    game === 'all'
      ? 'lobby'
      : game === 'spaceman' || game === 'bigbass' || game === 'crash'
        ? 'crash'
        : game === 'sweetbonanza'
          ? 'sbz'
          : game.replace(/[^a-z0-9]/g, '');
  return `${family}_${suffix}`;
}
