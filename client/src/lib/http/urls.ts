// The addresses of the per-player data (SPEC section 7): the url list XML
// (assets/api/urlxml.xml) names them, and the client reads them from here, not from
// fixed paths, so an operator's deployment can move one (a balance behind its own
// gateway path, the socket on another path) without a new client.
//
// Only same-origin paths are taken (a leading single slash): the session cookie and the
// anti-forgery header go to this origin only, so an address elsewhere could never answer
// for the player, and a list that names one is not trusted for that key. A key the list
// does not name, or names badly, keeps its default (the server's own paths).

export const DEFAULT_URLS = {
  playerConfig: '/api/ui/playerConfig',
  tableConfig: '/api/ui/tableConfig',
  balance: '/api/ui/balance',
  assignedTables: '/api/ui/assignedTables',
  casinoConfig: '/api/ui/casinoConfig',
  screenName: '/api/user/screenName',
  swearwords: '/api/ui/swearwords',
  statisticHistory: '/api/ui/statisticHistory',
  abCardStats: '/api/ui/ABCardStats',
  smSummaryResults: '/api/ui/SMSummaryResults',
  history: '/api/ui/history',
  fairRound: '/api/ui/fairRound',
  rates: '/api/ui/getRates',
  features: '/api/player/features/ui/configuredFeatures',
  rtp: '/api/ui/getRtpDetails',
  versions: '/api/ge/versions',
  ticker: '/api/ui/ticker',
  slots: '/api/ui/assignedSlotsForLobby',
  slotLaunch: '/api/ui/SlotLaunch',
  slotState: '/api/ui/slot/state',
  slotSpin: '/api/ui/slot/spin',
  socket: '/ws',
} as const;

export type UrlKey = keyof typeof DEFAULT_URLS;

let current: Record<UrlKey, string> = { ...DEFAULT_URLS };

/** A same-origin path: one leading slash, no scheme, no spaces or quotes. */
export function isSamePath(href: string): boolean {
  return /^\/(?!\/)[^\s"'<>\\]*$/.test(href) && href.length <= 512;
}

/** Takes the url list's addresses; returns the keys it refused (not same-origin paths). */
export function applyUrlList(list: Record<string, string>): string[] {
  const next: Record<UrlKey, string> = { ...DEFAULT_URLS };
  const refused: string[] = [];
  for (const key of Object.keys(DEFAULT_URLS) as UrlKey[]) {
    const href = list[key];
    if (href === undefined) continue;
    if (isSamePath(href)) next[key] = href;
    else refused.push(key);
  }
  current = next;
  return refused;
}

/** The address of `key` now. */
export function urlOf(key: UrlKey): string {
  return current[key];
}

/** For tests: back to the defaults. */
export function resetUrls(): void {
  current = { ...DEFAULT_URLS };
}
