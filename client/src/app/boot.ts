// The configuration load sequence of SPEC sections 2, 5 and 8: url list XML (its
// addresses taken by lib/http/urls), env, feature flags, the configuration (getAllConfig
// when feature_combineAPI is on, else one call per part at the url list's addresses),
// language file, skin. Feature flags that fail to load or parse fall back to the
// defaults with combineAPI off (SPEC section 5). Failures follow SPEC section 8: the url list or the
// configuration failing is NO_INTERNET (game-load-failed, reason 103 or 101); an env
// answer of "offline" is SESSION_EXPIRED; a failing primary language file aborts
// loading with the error page.
//
// The language is the launch `lang` parameter, else the server's (getAllConfig
// `language`), aliases and region suffixes resolved, and one the operator does not offer
// (casinoConfig.languages) gives way to the first it offers (lib/i18n chooseLanguage).
// Without a session (none, or one that ended) at a casino that keeps its players' accounts
// (lib/account), the boot leads to the login page instead of failing: `login`. A player
// the location rules refuse (any step answering 403 with code 1052 or 2006: lib/location)
// is led to the location-restrictions page: `location`.
//
// The theme is the launch `theme` parameter, else the operator's `lobby_theme`, else
// green; its skin JSON (public/skins) holds every colour variable of styles.css, and
// <html data-theme> names it.
import { HttpError, type Http } from '../lib/http/http';
import { chooseLanguage, offeredLanguages } from '../lib/i18n/languages';
import type { AllConfig, AssignedTable, TableConfig } from '../lib/session';
import { applyUrlList, urlOf } from '../lib/http/urls';
import { DEFAULT_FEATURES, parseFeatures } from '../lib/features';
import { readAccountConfig } from '../lib/account';
import { type LocationRefusal, locationRefusal } from '../lib/location';
import type { Theme } from './launch';

export type BootFailure =
  | { kind: 'no-internet'; reason: 103 | 101; status: number }
  | { kind: 'session-expired' }
  | { kind: 'account-restricted' }
  | { kind: 'language'; lang: string }
  | { kind: 'missing' } // the table named does not exist (EV03)
  | { kind: 'login' } // no session, and the casino has player accounts: its login page
  | { kind: 'location'; refusal: LocationRefusal }; // 1052 or 2006: the location page

export interface Skin {
  name: string;
  colors: Record<string, string>;
  images: string[];
}

export interface BootResult {
  urls: Record<string, string>;
  env: Record<string, string>;
  config: AllConfig;
  skin: Skin;
}

export interface BootSteps {
  http: Http;
  tableId?: string;
  /** The theme when neither the launch parameters nor the operator name one. */
  theme: Theme;
  /** Loads the language files (i18n) of the chosen language; rejects when it cannot. */
  loadLanguage: (lang: string) => Promise<void>;
  fetchJson: (url: string) => Promise<unknown>;
  onStep: (done: number, total: number) => void;
  /** The page's query string (launch parameters); window.location.search by default. */
  search?: string;
  /** Where data-theme goes; <html> by default. */
  root?: HTMLElement;
}

const THEMES: readonly Theme[] = ['green', 'blue'];

const isTheme = (v: unknown): v is Theme => THEMES.includes(v as Theme);

/** The launch parameters boot resolves against the configuration: lang and theme. */
export function launchChoices(search: string): { lang: string | null; theme: Theme | null } {
  const q = new URLSearchParams(search);
  const theme = q.get('theme');
  return { lang: q.get('lang'), theme: isTheme(theme) ? theme : null };
}

/** The launch theme, else the operator's lobby_theme, else the fallback. */
export function chooseTheme(launch: Theme | null, casinoConfig: unknown, fallback: Theme): Theme {
  if (launch) return launch;
  const lobby =
    casinoConfig && typeof casinoConfig === 'object'
      ? (casinoConfig as { lobby_theme?: unknown }).lobby_theme
      : undefined;
  return isTheme(lobby) ? lobby : fallback;
}

/** A skin file as loaded, checked: colours are CSS values (no `;{}`), images paths. */
export function parseSkin(value: unknown, name: Theme): Skin {
  const v = value as Partial<Skin> | null;
  if (!v || typeof v !== 'object' || !v.colors || typeof v.colors !== 'object')
    throw new Error(`skin ${name} has no colours`);
  const colors: Record<string, string> = {};
  for (const [k, c] of Object.entries(v.colors))
    if (/^[a-z0-9-]+$/.test(k) && typeof c === 'string' && !/[;{}]/.test(c)) colors[k] = c;
  const images = Array.isArray(v.images) ? v.images.filter((i) => typeof i === 'string') : [];
  return { name, colors, images };
}

export const BOOT_STEPS = 6;

/**
 * The configuration in one call per part (combineAPI off): the url list's addresses for
 * the player, table, casino, balance and assigned tables; the language is the casino
 * configuration's (the server's choice for this player).
 */
async function configByParts(
  http: Http,
  tableId: string | undefined,
  urls: Record<string, string>,
  env: Record<string, string>,
  features: Record<string, boolean>,
): Promise<AllConfig> {
  const [playerConfig, tableConfig, casino, balance, assigned, swear] = await Promise.all([
    http.get<AllConfig['playerConfig']>(urlOf('playerConfig')),
    tableId ? http.get<TableConfig>(urlOf('tableConfig'), { tableId }) : Promise.resolve(null),
    http.get<Record<string, unknown>>(urlOf('casinoConfig')),
    http.get<AllConfig['balance']>(urlOf('balance')),
    http.get<{ tables?: AssignedTable[] }>(urlOf('assignedTables')),
    // The swear words only warn before sending (the server checks again): not fatal.
    http.get<{ swearwords?: string[] }>(urlOf('swearwords')).catch(() => ({ swearwords: [] })),
  ]);
  const { language, ...casinoConfig } = casino;
  return {
    language: typeof language === 'string' ? language : 'en',
    urlxml: urls,
    env,
    swearwords: Array.isArray(swear.swearwords) ? swear.swearwords : [],
    playerConfig,
    tableConfig,
    casinoConfig,
    balance,
    assignedTables: Array.isArray(assigned.tables) ? assigned.tables : [],
    features,
  };
}

/** Parses the url list: <urls><url key="…" href="…"/></urls>. */
export function parseUrlList(xml: string): Record<string, string> {
  const doc = new DOMParser().parseFromString(xml, 'application/xml');
  if (doc.getElementsByTagName('parsererror').length > 0) throw new Error('url list is not XML');
  const urls: Record<string, string> = {};
  for (const el of Array.from(doc.getElementsByTagName('url'))) {
    const key = el.getAttribute('key');
    const href = el.getAttribute('href');
    if (key && href) urls[key] = href;
  }
  return urls;
}

function authFailure(e: unknown): BootFailure | null {
  const location = locationRefusal(e);
  if (location) return { kind: 'location', refusal: location };
  if (e instanceof HttpError && e.problem === 'unauthorized') return { kind: 'session-expired' };
  if (e instanceof HttpError && e.problem === 'restricted') return { kind: 'account-restricted' };
  return null;
}

function statusOf(e: unknown): number {
  return e instanceof HttpError && e.status > 0 ? e.status : 404;
}

type Booted = { ok: true; value: BootResult } | { ok: false; failure: BootFailure };

export async function boot(steps: BootSteps): Promise<Booted> {
  const booted = await bootSteps(steps);
  if (booted.ok || booted.failure.kind !== 'session-expired') return booted;
  // No session: at a casino with player accounts, its login page.
  const accounts = await readAccountConfig(steps.http).catch(() => null);
  return accounts?.accounts ? { ok: false, failure: { kind: 'login' } } : booted;
}

async function bootSteps(steps: BootSteps): Promise<Booted> {
  const { http } = steps;
  let done = 0;
  const step = () => steps.onStep(++done, BOOT_STEPS);

  let urls: Record<string, string>;
  try {
    urls = parseUrlList(await http.getText('/assets/api/urlxml.xml'));
    const refused = applyUrlList(urls);
    if (refused.length > 0) console.error('url list: not same-origin paths, ignored:', refused);
  } catch (e) {
    return {
      ok: false,
      failure: authFailure(e) ?? { kind: 'no-internet', reason: 103, status: statusOf(e) },
    };
  }
  step();

  let env: Record<string, string>;
  try {
    const text = await http.getText('/api/env/getAll');
    if (/^\s*"?offline"?\s*$/i.test(text))
      return { ok: false, failure: { kind: 'session-expired' } };
    env = JSON.parse(text) as Record<string, string>;
  } catch (e) {
    return {
      ok: false,
      failure: authFailure(e) ?? { kind: 'no-internet', reason: 101, status: statusOf(e) },
    };
  }
  step();

  let features: Record<string, boolean>;
  try {
    features = parseFeatures(
      await http.get<unknown>(urlOf('features'), { tableId: steps.tableId }),
    );
  } catch (e) {
    const auth = authFailure(e);
    if (auth) return { ok: false, failure: auth };
    console.error('feature flags could not be read; using the defaults', e);
    features = { ...DEFAULT_FEATURES };
  }
  step();

  let config: AllConfig;
  try {
    config = features.feature_combineAPI
      ? {
          ...(await http.get<AllConfig>('/api/ui/getAllConfig', { tableId: steps.tableId })),
          features,
        }
      : await configByParts(http, steps.tableId, urls, env, features);
  } catch (e) {
    if (e instanceof HttpError && e.status === 404 && e.body.includes('NO_SUCH_TABLE')) {
      return { ok: false, failure: { kind: 'missing' } };
    }
    return {
      ok: false,
      failure: authFailure(e) ?? { kind: 'no-internet', reason: 101, status: statusOf(e) },
    };
  }
  step();

  const launch = launchChoices(steps.search ?? globalThis.location?.search ?? '');
  const lang = chooseLanguage({
    requested: launch.lang,
    server: config.language,
    offered: offeredLanguages(config.casinoConfig),
  });
  try {
    await steps.loadLanguage(lang);
  } catch {
    return { ok: false, failure: { kind: 'language', lang } };
  }
  step();

  const theme = chooseTheme(launch.theme, config.casinoConfig, steps.theme);
  const root = steps.root ?? globalThis.document?.documentElement;
  if (root) root.dataset.theme = theme;
  let skin: Skin = { name: theme, colors: {}, images: [] };
  try {
    skin = parseSkin(await steps.fetchJson(`/skins/${theme}.json`), theme);
  } catch (e) {
    console.error('skin failed to load; using the default look', e); // not fatal
  }
  step();
  return { ok: true, value: { urls, env, config, skin } };
}

/**
 * Loading progress: images count for up to 60 %, the configuration steps for the next
 * 30 %; 100 % only when assets, game and video are all loaded.
 */
export function progressOf(
  imagesLoaded: number,
  imagesTotal: number,
  stepsDone: number,
  gameAndVideo: boolean,
): number {
  const images = imagesTotal === 0 ? 60 : (60 * imagesLoaded) / imagesTotal;
  const config = (30 * stepsDone) / BOOT_STEPS;
  const assets = imagesLoaded >= imagesTotal && stepsDone >= BOOT_STEPS;
  if (assets && gameAndVideo) return 100;
  return Math.min(99, Math.floor(images + config));
}

export const LOAD_END_DELAY_MS = 200;
