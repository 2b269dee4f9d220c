// The configuration load sequence of SPEC sections 2 and 8: url list XML, env,
// getAllConfig, language file, skin. Failures follow SPEC section 8: the url list or the
// configuration failing is NO_INTERNET (game-load-failed, reason 103 or 101); an env
// answer of "offline" is SESSION_EXPIRED; a failing primary language file aborts
// loading with the error page.
import { HttpError, type Http } from '../lib/http/http';
import type { AllConfig } from '../lib/session';

export type BootFailure =
  | { kind: 'no-internet'; reason: 103 | 101; status: number }
  | { kind: 'session-expired' }
  | { kind: 'account-restricted' }
  | { kind: 'language'; lang: string }
  | { kind: 'missing' }; // the table named does not exist (EV03)

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
  theme: 'green' | 'blue';
  /** Loads the language files (i18n); rejects when the primary one cannot load. */
  loadLanguage: (lang: string) => Promise<void>;
  fetchJson: (url: string) => Promise<unknown>;
  onStep: (done: number, total: number) => void;
}

export const BOOT_STEPS = 5;

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
  if (e instanceof HttpError && e.problem === 'unauthorized') return { kind: 'session-expired' };
  if (e instanceof HttpError && e.problem === 'restricted') return { kind: 'account-restricted' };
  return null;
}

function statusOf(e: unknown): number {
  return e instanceof HttpError && e.status > 0 ? e.status : 404;
}

export async function boot(
  steps: BootSteps,
): Promise<{ ok: true; value: BootResult } | { ok: false; failure: BootFailure }> {
  const { http } = steps;
  let done = 0;
  const step = () => steps.onStep(++done, BOOT_STEPS);

  let urls: Record<string, string>;
  try {
    urls = parseUrlList(await http.getText('/assets/api/urlxml.xml'));
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

  let config: AllConfig;
  try {
    config = await http.get<AllConfig>('/api/ui/getAllConfig', { tableId: steps.tableId });
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

  try {
    await steps.loadLanguage(config.language);
  } catch {
    return { ok: false, failure: { kind: 'language', lang: config.language } };
  }
  step();

  let skin: Skin = { name: steps.theme, colors: {}, images: [] };
  try {
    skin = (await steps.fetchJson(`/skins/${steps.theme}.json`)) as Skin;
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
