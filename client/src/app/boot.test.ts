import { describe, expect, it, vi } from 'vitest';

import { HttpError, type Http } from '../lib/http/http';
import { BOOT_STEPS, boot, parseUrlList, progressOf } from './boot';

const URLS =
  '<?xml version="1.0"?><urls version="1"><url key="balance" href="/api/ui/balance"/></urls>';

function http(answers: Record<string, unknown>): Http {
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
const steps = (h: Http, loadLanguage = async () => {}) => ({
  http: h,
  tableId: 'rou-1',
  theme: 'green' as const,
  loadLanguage,
  fetchJson: async () => ({ name: 'green', colors: { felt: '#0b5d3b' }, images: [] }),
  onStep: vi.fn(),
});

describe('boot', () => {
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

  it('aborts when the primary language file fails', async () => {
    const h = http({
      '/assets/api/urlxml.xml': URLS,
      '/api/env/getAll': '{}',
      '/api/ui/getAllConfig': config,
    });
    const r = await boot(steps(h, async () => Promise.reject(new Error('404'))));
    expect(r).toEqual({ ok: false, failure: { kind: 'language', lang: 'en' } });
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
