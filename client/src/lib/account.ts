// Player accounts, for a casino whose operator lets Croupier keep its players' accounts
// (docs/operators.md "Player accounts"): the casino's account settings
// (GET /api/account/config), whether a player is one of that operator's, the address of
// the login page (/play/login, a page of its own: it needs no session, so the app's boot
// does not run there) and the calls behind it: register, log in, play for free, log out.
// The forms' own checks are features/account/model.ts.
import type { Http } from './http/http';
import { withStickyParams } from './navigation';

/** The casino's player accounts: those of one operator, or none. */
export type AccountConfig =
  | {
      accounts: true;
      operatorId: string;
      /** The youngest age a player may register at. */
      minimumAge: number;
      /** An e-mail address is enough to play for fun money (the operator's demo). */
      freePlay: boolean;
      currency: string;
    }
  | { accounts: false };

export const ACCOUNT_URLS = {
  config: '/api/account/config',
  register: '/api/account/register',
  login: '/api/account/login',
  freePlay: '/api/account/freeplay',
  logout: '/api/account/logout',
} as const;

/** The login page; its `form` parameter opens one of its forms. */
export const LOGIN_PATH = '/play/login';

/** The forms of the login page. */
export const ACCOUNT_FORMS = ['login', 'register', 'freeplay'] as const;
export type AccountForm = (typeof ACCOUNT_FORMS)[number];

const NO_ACCOUNTS: AccountConfig = { accounts: false };

/** The account settings as the server answers them; anything else counts as none. */
export function parseAccountConfig(raw: unknown): AccountConfig {
  if (!raw || typeof raw !== 'object') return NO_ACCOUNTS;
  const r = raw as Record<string, unknown>;
  if (r.accounts !== true || typeof r.operatorId !== 'string' || r.operatorId === '')
    return NO_ACCOUNTS;
  const age = Number(r.minimumAge);
  return {
    accounts: true,
    operatorId: r.operatorId,
    minimumAge: Number.isInteger(age) && age > 0 ? age : 18,
    freePlay: r.freePlay === true,
    currency: typeof r.currency === 'string' ? r.currency : '',
  };
}

/** Reads the casino's account settings (no session needed). */
export async function readAccountConfig(http: Pick<Http, 'get'>): Promise<AccountConfig> {
  return parseAccountConfig(await http.get<unknown>(ACCOUNT_URLS.config));
}

/** Whether a player (by their operator) holds an account of the casino's accounts operator. */
export function isAccountsPlayer(
  account: AccountConfig | null | undefined,
  operatorId: string | undefined,
): boolean {
  return !!account?.accounts && operatorId !== undefined && operatorId === account.operatorId;
}

/** The login page's address (with a form, and the visit's language, theme and frame). */
export function loginHref(
  form?: AccountForm,
  here: { href: string; search: string } = window.location,
): string {
  const url = new URL(LOGIN_PATH, here.href);
  if (form && form !== 'login') url.searchParams.set('form', form);
  const target = withStickyParams(url, new URLSearchParams(here.search));
  return `${target.pathname}${target.search}`;
}

/** The form a login page's address asks for (the login form by default). */
export function formOf(search: string): AccountForm {
  const form = new URLSearchParams(search).get('form');
  return (ACCOUNT_FORMS as readonly string[]).includes(form ?? '')
    ? (form as AccountForm)
    : 'login';
}

/**
 * Loads the login page (a page of its own, never shown in place). `replace`: instead of the
 * current page in the history (a page that could not start without a session).
 */
export function goToLogin(options: { replace?: boolean } = {}): void {
  const href = loginHref();
  if (options.replace) window.location.replace(href);
  else window.location.assign(href);
}

/** What the account calls answer of the player they signed in. */
export interface SignedInPlayer {
  id: string;
  name: string;
  operatorId?: string;
  currencyCode?: string;
  balance?: string;
}

export interface Registration {
  email: string;
  username: string;
  password: string;
  voucherId: string;
  /** The voucher's amount as text ("25.00"), as the operator issued it. */
  voucherAmount: string;
  /** YYYY-MM-DD. */
  birthDate: string;
  termsAccepted: boolean;
  language: string;
}

/** The login page's calls; each rejects with the HttpError of a refusal. */
export interface AccountApi {
  config(): Promise<AccountConfig>;
  register(r: Registration): Promise<SignedInPlayer>;
  /** `username` may be the account's e-mail address. */
  login(username: string, password: string): Promise<SignedInPlayer>;
  freePlay(email: string, language: string): Promise<SignedInPlayer>;
}

function playerOf(answer: unknown): SignedInPlayer {
  const p = (answer as { player?: unknown } | null)?.player;
  if (!p || typeof p !== 'object') throw new Error('the answer names no player');
  return p as SignedInPlayer;
}

export function accountApi(http: Pick<Http, 'get' | 'post'>): AccountApi {
  return {
    config: () => readAccountConfig(http),
    register: async (r) => playerOf(await http.post<unknown>(ACCOUNT_URLS.register, { ...r })),
    login: async (username, password) =>
      playerOf(await http.post<unknown>(ACCOUNT_URLS.login, { username, password })),
    freePlay: async (email, language) =>
      playerOf(await http.post<unknown>(ACCOUNT_URLS.freePlay, { email, language })),
  };
}

/** Ends the player's sessions here and elsewhere (the header's "Log out"). */
export async function logOut(http: Pick<Http, 'post'>): Promise<void> {
  await http.post<unknown>(ACCOUNT_URLS.logout, {});
}
