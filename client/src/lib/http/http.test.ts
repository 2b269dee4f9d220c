import { describe, expect, it, vi } from 'vitest';

import { GET_RETRIES, HttpError, createHttp } from './http';

function reply(status: number, body: string): Response {
  return new Response(body, { status, headers: { 'Content-Type': 'application/json' } });
}

function setup(responses: (Response | Error)[], opts: { session?: string; cookies?: string } = {}) {
  const calls: { url: string; init: RequestInit }[] = [];
  const fetch = vi.fn(async (url: RequestInfo | URL, init?: RequestInit) => {
    calls.push({ url: String(url), init: init ?? {} });
    const next = responses.shift();
    if (!next) throw new Error('no more responses');
    if (next instanceof Error) throw next;
    return next;
  });
  const onAuthProblem = vi.fn();
  const http = createHttp({
    gameMode: () => 'roulette_desktop',
    sessionId: () => opts.session,
    fetch: fetch as unknown as typeof globalThis.fetch,
    now: () => 1700000000123,
    sleep: async () => {},
    cookies: () => opts.cookies ?? '',
    onAuthProblem,
  });
  return { http, calls, onAuthProblem };
}

describe('GET', () => {
  it('carries ck, game_mode and the session id when known', async () => {
    const { http, calls } = setup([reply(200, '{"a":1}')], { session: 'S1' });
    expect(await http.get('/api/ui/balance', { tableId: 'rou-1' })).toEqual({ a: 1 });
    const url = new URL(calls[0]!.url, 'http://x');
    expect(url.pathname).toBe('/api/ui/balance');
    expect(url.searchParams.get('tableId')).toBe('rou-1');
    expect(url.searchParams.get('ck')).toBe('1700000000123');
    expect(url.searchParams.get('game_mode')).toBe('roulette_desktop');
    expect(url.searchParams.get('JSESSIONID')).toBe('S1');
    expect(calls[0]!.init.method).toBe('GET');
  });

  it('leaves the session id out when it is not known', async () => {
    const { http, calls } = setup([reply(200, '{}')]);
    await http.get('/api/env/getAll');
    expect(new URL(calls[0]!.url, 'http://x').searchParams.has('JSESSIONID')).toBe(false);
  });

  it('is retried three times after network errors and 5xx, then gives up', async () => {
    const ok = setup([
      new Error('offline'),
      reply(503, ''),
      new Error('offline'),
      reply(200, '"fine"'),
    ]);
    expect(await ok.http.get('/x')).toBe('fine');
    expect(ok.calls).toHaveLength(1 + GET_RETRIES);
    const bad = setup([
      new Error('a'),
      new Error('b'),
      new Error('c'),
      new Error('d'),
      reply(200, '{}'),
    ]);
    await expect(bad.http.get('/x')).rejects.toMatchObject({ problem: 'network' });
    expect(bad.calls).toHaveLength(4);
  });

  it('does not retry a 4xx', async () => {
    const { http, calls } = setup([reply(404, '{"error":"NOT_FOUND"}')]);
    await expect(http.get('/x')).rejects.toMatchObject({ problem: 'http', status: 404 });
    expect(calls).toHaveLength(1);
  });
});

describe('POST', () => {
  it('carries gameMode in the body and the anti-forgery header from the cookie', async () => {
    const { http, calls } = setup([reply(200, '{"saved":[]}')], {
      cookies: 'a=1; XSRF-TOKEN=tok%2Den; b=2',
    });
    await http.post('/api/ui/savePlayerConfigGeneric', {
      gameType: 'roulette',
      selected_chip: '5.00',
    });
    const init = calls[0]!.init;
    expect(init.method).toBe('POST');
    expect((init.headers as Record<string, string>)['X-XSRF-TOKEN']).toBe('tok-en');
    expect(JSON.parse(String(init.body))).toEqual({
      gameType: 'roulette',
      selected_chip: '5.00',
      gameMode: 'roulette_desktop',
    });
  });

  it('PUT sends the body as given, with the anti-forgery header', async () => {
    const { http, calls } = setup([reply(200, '{"stand":13}')], { cookies: 'XSRF-TOKEN=tok' });
    expect(await http.put('/api/bjstrategy/user', { strategy: { stand: 13 } })).toEqual({
      stand: 13,
    });
    const init = calls[0]!.init;
    expect(init.method).toBe('PUT');
    expect((init.headers as Record<string, string>)['X-XSRF-TOKEN']).toBe('tok');
    expect(JSON.parse(String(init.body))).toEqual({ strategy: { stand: 13 } });
  });

  it('a PUT answered with no content (204) resolves', async () => {
    const { http, calls } = setup([new Response(null, { status: 204 })], {
      cookies: 'XSRF-TOKEN=tok',
    });
    await expect(
      http.put('/quality/video', { tableId: 'rou-1', quality: 'low' }),
    ).resolves.toBeUndefined();
    expect((calls[0]!.init.headers as Record<string, string>)['X-XSRF-TOKEN']).toBe('tok');
  });

  it('never sends the header to another origin', async () => {
    const { http, calls } = setup([reply(200, '{}')], { cookies: 'XSRF-TOKEN=tok' });
    await http.post('https://elsewhere.example/api', {});
    expect((calls[0]!.init.headers as Record<string, string>)['X-XSRF-TOKEN']).toBeUndefined();
  });
});

describe('401 and 403', () => {
  it('tells an expired session from a restricted account', async () => {
    const expired = setup([reply(401, '{"error":"SESSION_EXPIRED","code":2400}')]);
    const e1 = await expired.http.get('/x').catch((e: HttpError) => e);
    expect(e1).toMatchObject({ problem: 'unauthorized', status: 401, code: 2400 });
    expect(expired.onAuthProblem).toHaveBeenCalledOnce();

    const restricted = setup([
      reply(403, '{"error":"SESSION_TERMINATED","message":"session terminated"}'),
    ]);
    await expect(restricted.http.get('/x')).rejects.toMatchObject({ problem: 'restricted' });
    expect(restricted.onAuthProblem).toHaveBeenCalledOnce();

    const forbidden = setup([reply(403, '{"error":"XSRF_TOKEN_MISMATCH"}')]);
    await expect(forbidden.http.post('/x', {})).rejects.toMatchObject({ problem: 'forbidden' });
    expect(forbidden.onAuthProblem).not.toHaveBeenCalled();
  });
});
