import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';

import { afterEach, describe, expect, it, vi } from 'vitest';

import { HttpError, type Http } from '../lib/http/http';
import { resetUrls, urlOf } from '../lib/http/urls';
import {
  BOOT_STEPS,
  type BootSteps,
  boot,
  chooseTheme,
  launchChoices,
  parseSkin,
  parseUrlList,
  progressOf,
} from './boot';

const URLS =
  '<?xml version="1.0"?><urls version="1"><url key="balance" href="/api/ui/balance"/></urls>';

const FEATURES = '/api/player/features/ui/configuredFeatures';

/** A server that answers `answers` by path; the flags say combineAPI unless given. */
function http(given: Record<string, unknown>): Http {
  const answers: Record<string, unknown> = { [FEATURES]: { feature_combineAPI: true }, ...given };
  const reply = async (path: string) => {
    const a = answers[path];
    if (a instanceof Error) throw a;
    if (a === undefined) throw new HttpError('http', 404, '');
    return a;
  };
  return {
    getText: vi.fn(async (p: string) => String(await reply(p))),
    get: vi.fn(async (p: string) => reply(p)) as Http['get'],
    post: vi.fn() as Http['post'],
    put: vi.fn() as Http['put'],
  };
}

const config = { language: 'en', playerConfig: { player: {} } };
const steps = (
  h: Http,
  loadLanguage: (lang: string) => Promise<void> = async () => {},
  extra: Partial<BootSteps> = {},
) => ({
  http: h,
  tableId: 'rou-1',
  theme: 'green' as const,
  loadLanguage,
  fetchJson: vi.fn(async (_url: string) => ({
    name: 'green',
    colors: { felt: '#0b5d3b' },
    images: [],
  })),
  onStep: vi.fn(),
  search: '',
  ...extra,
});

describe('boot', () => {
  afterEach(() => resetUrls());

  it('reads the configuration part by part, at the url list addresses, when combineAPI is off', async () => {
    const list =
      '<urls><url key="balance" href="/wallet/balance"/><url key="socket" href="/live/ws"/>' +
      '<url key="casinoConfig" href="https://elsewhere.example/casino"/></urls>';
    const h = http({
      '/assets/api/urlxml.xml': list,
      '/api/env/getAll': '{}',
      [FEATURES]: { feature_combineAPI: false, feature_statistics: false },
      '/api/ui/playerConfig': { player: { id: 'p1' }, settings: {} },
      '/api/ui/tableConfig': { tableId: 'rou-1' },
      '/api/ui/casinoConfig': { language: 'de', casino_id: 'demo' },
      '/wallet/balance': { balance: '12.00', bonusBalance: '0.00' },
      '/api/ui/assignedTables': { tables: [{ tableId: 'rou-1' }] },
      '/api/ui/swearwords': { swearwords: ['darn'] },
    });
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    const loaded: string[] = [];
    const r = await boot(steps(h, async (l) => void loaded.push(l)));
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(h.get).not.toHaveBeenCalledWith('/api/ui/getAllConfig', expect.anything());
    expect(r.value.config.balance.balance).toBe('12.00'); // from the list's address
    expect(r.value.config.casinoConfig).toEqual({ casino_id: 'demo' });
    expect(r.value.config.assignedTables).toEqual([{ tableId: 'rou-1' }]);
    expect(r.value.config.swearwords).toEqual(['darn']);
    expect(r.value.config.features.feature_statistics).toBe(false);
    expect(r.value.config.features.feature_chat).toBe(true); // a default kept
    expect(loaded).toEqual(['de']);
    expect(urlOf('socket')).toBe('/live/ws');
    // Another origin is never taken: the cookie and the anti-forgery header stay here.
    expect(urlOf('casinoConfig')).toBe('/api/ui/casinoConfig');
    expect(error).toHaveBeenCalled();
    error.mockRestore();
  });

  it('falls back to the default flags, combineAPI off, when the flags fail to load or parse', async () => {
    for (const flags of [new HttpError('http', 500, ''), ['not', 'flags'], 'text']) {
      const h = http({
        '/assets/api/urlxml.xml': URLS,
        '/api/env/getAll': '{}',
        [FEATURES]: flags,
        '/api/ui/playerConfig': { player: {}, settings: {} },
        '/api/ui/tableConfig': { tableId: 'rou-1' },
        '/api/ui/casinoConfig': { language: 'en' },
        '/api/ui/balance': { balance: '1.00' },
        '/api/ui/assignedTables': { tables: [] },
      });
      const error = vi.spyOn(console, 'error').mockImplementation(() => {});
      const r = await boot(steps(h));
      error.mockRestore();
      expect(r.ok && r.value.config.features).toEqual({
        feature_combineAPI: false,
        feature_chat: true,
        feature_statistics: true,
      });
      expect(h.get).toHaveBeenCalledWith('/api/ui/playerConfig');
    }
  });

  it('treats an expired session on the flags as expired, not as missing flags', async () => {
    const h = http({
      '/assets/api/urlxml.xml': URLS,
      '/api/env/getAll': '{}',
      [FEATURES]: new HttpError('unauthorized', 401, ''),
    });
    expect(await boot(steps(h))).toEqual({ ok: false, failure: { kind: 'session-expired' } });
  });

  it('loads url list, env, config, language and skin in order', async () => {
    const h = http({
      '/assets/api/urlxml.xml': URLS,
      '/api/env/getAll': '{"playerBaseDomain":"x"}',
      '/api/ui/getAllConfig': config,
    });
    const s = steps(h);
    const r = await boot(s);
    expect(r.ok).toBe(true);
    if (r.ok) {
      expect(r.value.urls).toEqual({ balance: '/api/ui/balance' });
      expect(r.value.skin.colors.felt).toBe('#0b5d3b');
    }
    expect(s.onStep).toHaveBeenLastCalledWith(BOOT_STEPS, BOOT_STEPS);
    expect(h.get).toHaveBeenCalledWith('/api/ui/getAllConfig', { tableId: 'rou-1' });
  });

  it('reports no internet with reason 103 when the url list fails, 101 when the config does', async () => {
    const noList = await boot(
      steps(http({ '/assets/api/urlxml.xml': new HttpError('network', 0, '') })),
    );
    expect(noList).toEqual({
      ok: false,
      failure: { kind: 'no-internet', reason: 103, status: 404 },
    });
    const noConfig = await boot(
      steps(
        http({
          '/assets/api/urlxml.xml': URLS,
          '/api/env/getAll': '{}',
          '/api/ui/getAllConfig': new HttpError('http', 500, ''),
        }),
      ),
    );
    expect(noConfig).toEqual({
      ok: false,
      failure: { kind: 'no-internet', reason: 101, status: 500 },
    });
  });

  it('treats env "offline" as an expired session, and 401/403 as what they are', async () => {
    const offline = await boot(
      steps(http({ '/assets/api/urlxml.xml': URLS, '/api/env/getAll': 'offline' })),
    );
    expect(offline).toEqual({ ok: false, failure: { kind: 'session-expired' } });
    const restricted = await boot(
      steps(
        http({
          '/assets/api/urlxml.xml': URLS,
          '/api/env/getAll': new HttpError('restricted', 403, ''),
        }),
      ),
    );
    expect(restricted).toEqual({ ok: false, failure: { kind: 'account-restricted' } });
  });

  it('leads to the location page when env or the configuration answers 403 with 1052 or 2006', async () => {
    const refused = (code: number, extra = '') =>
      new HttpError('forbidden', 403, `{"error":"LOCATION","code":${code}${extra}}`, code);
    const env = await boot(
      steps(http({ '/assets/api/urlxml.xml': URLS, '/api/env/getAll': refused(1052) })),
    );
    expect(env).toEqual({
      ok: false,
      failure: { kind: 'location', refusal: { code: 1052, uk: false } },
    });
    const table = await boot(
      steps(
        http({
          '/assets/api/urlxml.xml': URLS,
          '/api/env/getAll': '{}',
          '/api/ui/getAllConfig': refused(2006),
        }),
      ),
    );
    expect(table).toEqual({
      ok: false,
      failure: { kind: 'location', refusal: { code: 2006, uk: false } },
    });
    const uk = await boot(
      steps(
        http({
          '/assets/api/urlxml.xml': URLS,
          '/api/env/getAll': '{}',
          '/api/ui/getAllConfig': refused(1052, ',"uk":true'),
        }),
      ),
    );
    expect(uk).toEqual({
      ok: false,
      failure: { kind: 'location', refusal: { code: 1052, uk: true } },
    });
    // Another 403 (the anti-forgery check, a currency not offered) is no location rule.
    const other = await boot(
      steps(
        http({
          '/assets/api/urlxml.xml': URLS,
          '/api/env/getAll': '{}',
          '/api/ui/getAllConfig': new HttpError('forbidden', 403, '{"code":2001}', 2001),
        }),
      ),
    );
    expect(other).toMatchObject({ ok: false, failure: { kind: 'no-internet' } });
  });

  it('leads to the login page without a session at a casino with player accounts', async () => {
    const club = { accounts: true, operatorId: 'club', minimumAge: 18, freePlay: true };
    const offline = await boot(
      steps(
        http({
          '/assets/api/urlxml.xml': URLS,
          '/api/env/getAll': 'offline',
          '/api/account/config': club,
        }),
      ),
    );
    expect(offline).toEqual({ ok: false, failure: { kind: 'login' } });
    // An expired session (401) too.
    const expired = await boot(
      steps(
        http({
          '/assets/api/urlxml.xml': URLS,
          '/api/env/getAll': '{}',
          '/api/ui/getAllConfig': new HttpError('unauthorized', 401, ''),
          '/api/account/config': club,
        }),
      ),
    );
    expect(expired).toEqual({ ok: false, failure: { kind: 'login' } });
    // A restricted account is not sent to log in again; a casino without accounts (or
    // whose answer fails) keeps the expired session.
    const restricted = await boot(
      steps(
        http({
          '/assets/api/urlxml.xml': URLS,
          '/api/env/getAll': new HttpError('restricted', 403, ''),
          '/api/account/config': club,
        }),
      ),
    );
    expect(restricted).toEqual({ ok: false, failure: { kind: 'account-restricted' } });
    for (const none of [{ accounts: false }, new HttpError('network', 0, '')]) {
      const r = await boot(
        steps(
          http({
            '/assets/api/urlxml.xml': URLS,
            '/api/env/getAll': 'offline',
            '/api/account/config': none,
          }),
        ),
      );
      expect(r).toEqual({ ok: false, failure: { kind: 'session-expired' } });
    }
  });

  it('aborts when the primary language file fails', async () => {
    const h = http({
      '/assets/api/urlxml.xml': URLS,
      '/api/env/getAll': '{}',
      '/api/ui/getAllConfig': config,
    });
    const r = await boot(steps(h, async () => Promise.reject(new Error('404'))));
    expect(r).toEqual({ ok: false, failure: { kind: 'language', lang: 'en' } });
  });

  it("loads the launch language, else the server's, and only one the operator offers", async () => {
    const booted = async (search: string, casinoConfig: unknown, language = 'de') => {
      const loadLanguage = vi.fn(async (_lang: string) => {});
      const h = http({
        '/assets/api/urlxml.xml': URLS,
        '/api/env/getAll': '{}',
        '/api/ui/getAllConfig': { ...config, language, casinoConfig },
      });
      await boot(steps(h, loadLanguage, { search }));
      return loadLanguage.mock.calls.map((c) => c[0]);
    };
    expect(await booted('?lang=ar', {})).toEqual(['ar']);
    expect(await booted('', {})).toEqual(['de']); // the server's language
    expect(await booted('?lang=zh', { languages: ['en', 'cn'] })).toEqual(['cn']);
    expect(await booted('?lang=NB', {})).toEqual(['no']);
    expect(await booted('?lang=xx', {}, 'pt-BR')).toEqual(['pt']);
    expect(await booted('?lang=ar', { languages: ['fr', 'de'] })).toEqual(['fr']);
    expect(await booted('', {}, '')).toEqual(['en']);
  });

  it('reports the chosen language when it fails to load', async () => {
    const h = http({
      '/assets/api/urlxml.xml': URLS,
      '/api/env/getAll': '{}',
      '/api/ui/getAllConfig': config,
    });
    const r = await boot(
      steps(h, async () => Promise.reject(new Error('404')), { search: '?lang=ja' }),
    );
    expect(r).toEqual({ ok: false, failure: { kind: 'language', lang: 'ja' } });
  });

  it("loads the launch theme, else the operator's, and names it on <html>", async () => {
    const run = async (search: string, casinoConfig: unknown) => {
      const root = document.createElement('html');
      const h = http({
        '/assets/api/urlxml.xml': URLS,
        '/api/env/getAll': '{}',
        '/api/ui/getAllConfig': { ...config, casinoConfig },
      });
      const fetchJson = vi.fn(async (_url: string) => ({ colors: {} }));
      const r = await boot(steps(h, async () => {}, { search, root, fetchJson }));
      return { url: fetchJson.mock.calls[0]?.[0], theme: root.dataset.theme, r };
    };
    expect(await run('?theme=blue', { lobby_theme: 'green' })).toMatchObject({
      url: '/skins/blue.json',
      theme: 'blue',
    });
    expect(await run('', { lobby_theme: 'blue' })).toMatchObject({
      url: '/skins/blue.json',
      theme: 'blue',
    });
    expect(await run('?theme=pink', {})).toMatchObject({
      url: '/skins/green.json',
      theme: 'green',
    });
    expect(chooseTheme(null, { lobby_theme: 'red' }, 'green')).toBe('green');
    expect(launchChoices('?lang=pt-BR&theme=blue')).toEqual({ lang: 'pt-BR', theme: 'blue' });
  });

  it('keeps only well-formed skin colours and survives a missing skin', async () => {
    expect(
      parseSkin(
        { colors: { felt: '#123', 'bad;': '#000', text: 'red; x: y' }, images: ['/a'] },
        'blue',
      ),
    ).toEqual({ name: 'blue', colors: { felt: '#123' }, images: ['/a'] });
    expect(() => parseSkin('<html>', 'green')).toThrow();
    const h = http({
      '/assets/api/urlxml.xml': URLS,
      '/api/env/getAll': '{}',
      '/api/ui/getAllConfig': config,
    });
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    const r = await boot({
      ...steps(h),
      fetchJson: async () => Promise.reject(new Error('404')),
    });
    expect(r.ok && r.value.skin).toEqual({ name: 'green', colors: {}, images: [] });
    expect(error).toHaveBeenCalled();
    error.mockRestore();
  });

  it('parses the url list and refuses what is not XML', () => {
    expect(() => parseUrlList('<urls')).toThrow();
  });
});

describe('progress', () => {
  it('gives images 60 % and reaches 100 % only with game and video loaded', () => {
    expect(progressOf(0, 4, 0, false)).toBe(0);
    expect(progressOf(2, 4, 0, false)).toBe(30);
    expect(progressOf(4, 4, 0, false)).toBe(60);
    expect(progressOf(4, 4, BOOT_STEPS, false)).toBe(90);
    expect(progressOf(4, 4, BOOT_STEPS, true)).toBe(100);
    expect(progressOf(3, 4, BOOT_STEPS, true)).toBe(75); // an image is still missing
  });
});

describe('skins', () => {
  const read = (name: string) =>
    JSON.parse(readFileSync(resolve(import.meta.dirname, '../../public/skins', name), 'utf8')) as {
      name: string;
      colors: Record<string, string>;
      images: string[];
    };
  const green = read('green.json');
  const blue = read('blue.json');
  const css = readFileSync(resolve(import.meta.dirname, '../styles.css'), 'utf8');
  // The colour variables of :root in styles.css (sizes such as --header are not colours).
  const rootBlock = /:root\s*{([^}]*)}/.exec(css)![1]!;
  const colourVars = [...rootBlock.matchAll(/--([a-z0-9-]+):\s*([^;]+);/g)]
    .filter(([, , value]) => /^(#|rgba?\(|hsla?\()/.test(value!.trim()))
    .map(([, name]) => name!);

  it('both skins are complete: every colour variable styles.css declares', () => {
    expect(colourVars.length).toBeGreaterThan(10);
    for (const skin of [green, blue]) {
      expect(Object.keys(skin.colors).sort()).toEqual([...colourVars].sort());
      for (const [k, v] of Object.entries(skin.colors))
        expect(parseSkin(skin, 'green').colors[k], `${skin.name} ${k}`).toBe(v);
    }
    expect(green.name).toBe('green');
    expect(blue.name).toBe('blue');
  });

  it('every variable styles.css reads is declared on :root', () => {
    const used = new Set([...css.matchAll(/var\(--([a-z0-9-]+)/g)].map((m) => m[1]!));
    const declared = new Set([...rootBlock.matchAll(/--([a-z0-9-]+):/g)].map((m) => m[1]!));
    for (const name of used) if (name !== 'lift') expect(declared, name).toContain(name);
  });

  it('the blue skin really changes the look: felt, panel and header differ', () => {
    for (const key of ['felt', 'felt-dark', 'panel', 'header-bg', 'surface'])
      expect(blue.colors[key], key).not.toBe(green.colors[key]);
    // the green skin is styles.css's own default, so the page looks the same without a skin
    for (const name of colourVars) {
      const declared = new RegExp(`--${name}:\\s*([^;]+);`).exec(rootBlock)![1]!.trim();
      expect(green.colors[name], name).toBe(declared);
    }
  });
});
