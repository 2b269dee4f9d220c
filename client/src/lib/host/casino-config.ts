// The operator's casino configuration (SPEC section 3; fields and defaults in
// docs/protocol.md, GET /api/ui/casinoConfig) as a typed value. The server fills every
// default in, but the client reads it defensively: a missing or malformed field takes
// the server's default, so a partial answer (an older server, a test) never breaks a
// page, and nothing unchecked (a `javascript:` URL, a bad origin) reaches the DOM or
// postMessage.

export type LobbyTheme = 'green' | 'blue';

export interface CasinoConfig {
  casino_id: string;
  casino_name: string;
  languages: string[];
  lobby_logo: string;
  lobby_background: string;
  lobby_theme: LobbyTheme;
  cashier_url: string;
  exit_url: string;
  home_url: string;
  tabs_order: string[];
  tables_order: string[];
  hide_currency: boolean;
  bonus_balance: boolean;
  hide_bonus: boolean;
  combine_bonus: boolean;
  chat_disabled: boolean;
  subtitles_available: boolean;
  reality_check_handle: boolean;
  uk_regulation_check: boolean;
  micro_gaming: boolean;
  net_position: boolean;
  restrict_nickname_edit: boolean;
  show_nl_min_bet_toaster: boolean;
  hide_screenname_leaderboard: boolean;
  /** The operator's own onboarding replaces the quick guide (app/QuickGuide). */
  quick_guide_disabled: boolean;
  /** The Italian market's game session (lib/italian-session; the server's regulation). */
  italian_session: boolean;
  voice_over_tables: string[];
  clr_desktop: string[];
  clr_mobile: string[];
  integration_api: string[];
  ws_time_in_sec: number;
  estimated_player_wait_time_in_secs: number;
  estimated_micro_game_session_time: number;
  reality_check_interval_min: number;
  lobby_version: 1 | 2;
  /** A currency the balance is also shown in (getRates), '' for none. */
  conversion_currency: string;
  /** Served, not configurable: the host pages that may embed the client. */
  host_origins: string[];
  voice_over_languages: string[];
  /** Further true/false flags the operator set (SPEC: "further flags exist"). */
  flags: Record<string, boolean>;
}

/** SPEC section 9's languages (zh is served as cn). */
// prettier-ignore
export const ALL_LANGUAGES = [
  'ar', 'bg', 'cn', 'da', 'de', 'el', 'en', 'es', 'fa', 'fi', 'fr', 'hi', 'hu', 'hy', 'id',
  'it', 'ja', 'ka', 'ko', 'lt', 'lv', 'nf', 'nl', 'no', 'pt', 'ro', 'ru', 'sv', 'th', 'tr',
  'uk', 'vi', 'hr', 'bn', 'sr', 'tl',
];

const FLAGS = [
  'hide_currency',
  'bonus_balance',
  'hide_bonus',
  'combine_bonus',
  'chat_disabled',
  'subtitles_available',
  'reality_check_handle',
  'uk_regulation_check',
  'micro_gaming',
  'net_position',
  'restrict_nickname_edit',
  'show_nl_min_bet_toaster',
  'hide_screenname_leaderboard',
  'quick_guide_disabled',
  'italian_session',
] as const;

const URLS = ['lobby_logo', 'lobby_background', 'cashier_url', 'exit_url', 'home_url'] as const;
const LISTS = [
  'languages',
  'tabs_order',
  'tables_order',
  'voice_over_tables',
  'clr_desktop',
  'clr_mobile',
  'integration_api',
  'voice_over_languages',
] as const;

/**
 * Whether the operator's lists for this device (clr_desktop or clr_mobile) name it: its
 * players go back to the operator's own lobby (home_url) from a table, not to ours.
 */
export function operatorLobby(c: CasinoConfig, mobile: boolean): string | null {
  const list = mobile ? c.clr_mobile : c.clr_desktop;
  return c.home_url && list.includes(c.casino_id) ? c.home_url : null;
}

/** The server's rule for URL fields: a path starting with / or an http(s) URL. */
export function safeUrl(v: unknown): string {
  if (typeof v !== 'string' || v === '') return '';
  if (v.startsWith('/') && !v.startsWith('//')) return v;
  try {
    const u = new URL(v);
    return u.protocol === 'http:' || u.protocol === 'https:' ? v : '';
  } catch {
    return '';
  }
}

/** An origin as the browser writes it ("https://casino.example:8443"), or null. */
export function originOf(v: unknown): string | null {
  if (typeof v !== 'string' || v === '') return null;
  try {
    const u = new URL(v);
    if (u.protocol !== 'http:' && u.protocol !== 'https:') return null;
    return u.origin;
  } catch {
    return null;
  }
}

function strings(v: unknown): string[] | null {
  return Array.isArray(v) && v.every((x) => typeof x === 'string') ? (v as string[]) : null;
}

function whole(v: unknown, min: number, max: number, fallback: number): number {
  return typeof v === 'number' && Number.isInteger(v) && v >= min && v <= max ? v : fallback;
}

/** The casino configuration with the server's defaults for anything missing or malformed. */
export function casinoConfigOf(raw: Record<string, unknown> | null | undefined): CasinoConfig {
  const c = raw ?? {};
  const text = (k: string, fallback: string) =>
    typeof c[k] === 'string' ? String(c[k]) : fallback;
  const waitTime = c.estimated_player_wait_time_in_secs;

  const flags: Record<string, boolean> = {};
  for (const [k, v] of Object.entries(c)) if (typeof v === 'boolean') flags[k] = v;

  const lists = {} as Record<(typeof LISTS)[number], string[]>;
  for (const k of LISTS) lists[k] = strings(c[k]) ?? [];
  if (lists.languages.length === 0) lists.languages = [...ALL_LANGUAGES];
  // SPEC section 3: PROMOTIONS is appended to tabs_order if missing.
  if (!lists.tabs_order.includes('PROMOTIONS')) lists.tabs_order.push('PROMOTIONS');

  const urls = {} as Record<(typeof URLS)[number], string>;
  for (const k of URLS) urls[k] = safeUrl(c[k]);

  const bools = {} as Record<(typeof FLAGS)[number], boolean>;
  for (const k of FLAGS) bools[k] = c[k] === true;

  const origins: string[] = [];
  for (const o of strings(c.host_origins) ?? []) {
    const origin = originOf(o);
    if (origin && !origins.includes(origin)) origins.push(origin);
  }

  return {
    casino_id: text('casino_id', ''),
    casino_name: text('casino_name', ''),
    lobby_theme: c.lobby_theme === 'blue' ? 'blue' : 'green',
    ...lists,
    ...urls,
    ...bools,
    ws_time_in_sec: whole(c.ws_time_in_sec, 1, 60, 2),
    // SPEC section 3: 5 when not positive.
    estimated_player_wait_time_in_secs: typeof waitTime === 'number' && waitTime > 0 ? waitTime : 5,
    estimated_micro_game_session_time: whole(c.estimated_micro_game_session_time, 1, 1440, 20),
    reality_check_interval_min: whole(c.reality_check_interval_min, 0, 1440, 0),
    lobby_version: c.lobby_version === 1 ? 1 : 2,
    conversion_currency:
      typeof c.conversion_currency === 'string' && /^[A-Z]{3}$/.test(c.conversion_currency)
        ? c.conversion_currency
        : '',
    host_origins: origins,
    flags,
  };
}
