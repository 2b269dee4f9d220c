// The HTTP client of SPEC section 7: every GET carries the session id (when known), a
// `ck` timestamp and `game_mode`, and is retried 3 times; POST bodies carry gameMode;
// every non-GET/HEAD call to a relative address carries the anti-forgery header copied
// from the XSRF-TOKEN cookie. 401 and 403 are told apart: a 403 whose body says the
// session is terminated means the account is restricted.

export type HttpProblem =
  | 'network' // no answer at all
  | 'unauthorized' // 401: session expired (or logged in elsewhere)
  | 'restricted' // 403 with a terminated session: account restricted
  | 'forbidden' // other 403
  | 'http'; // any other status

export class HttpError extends Error {
  constructor(
    readonly problem: HttpProblem,
    readonly status: number,
    readonly body: string,
    readonly code?: number,
  ) {
    super(`${problem} (${status})${code ? ` code ${code}` : ''}`);
    this.name = 'HttpError';
  }
}

export interface HttpOptions {
  gameMode: () => string;
  sessionId?: () => string | undefined;
  fetch?: typeof fetch;
  now?: () => number;
  sleep?: (ms: number) => Promise<void>;
  cookies?: () => string;
  /** Called for 401 and restricted 403 answers, so the app can show its popup. */
  onAuthProblem?: (e: HttpError) => void;
}

export const GET_RETRIES = 3;
export const XSRF_COOKIE = 'XSRF-TOKEN';
export const XSRF_HEADER = 'X-XSRF-TOKEN';

export function cookieValue(cookies: string, name: string): string | undefined {
  for (const part of cookies.split(';')) {
    const [k, ...v] = part.trim().split('=');
    if (k === name) return decodeURIComponent(v.join('='));
  }
  return undefined;
}

function isRelative(url: string): boolean {
  return !/^[a-z][a-z0-9+.-]*:/i.test(url) && !url.startsWith('//');
}

async function problemOf(res: Response): Promise<HttpError> {
  const body = await res.text().catch(() => '');
  let code: number | undefined;
  try {
    const parsed = JSON.parse(body) as { code?: unknown };
    if (typeof parsed.code === 'number') code = parsed.code;
  } catch {
    // not JSON
  }
  if (res.status === 401) return new HttpError('unauthorized', 401, body, code);
  if (res.status === 403) {
    const terminated = /session terminated/i.test(body);
    return new HttpError(terminated ? 'restricted' : 'forbidden', 403, body, code);
  }
  return new HttpError('http', res.status, body, code);
}

export function createHttp(options: HttpOptions) {
  const doFetch = options.fetch ?? ((input, init) => fetch(input, init));
  const now = options.now ?? Date.now;
  const sleep = options.sleep ?? ((ms: number) => new Promise<void>((r) => setTimeout(r, ms)));
  const cookies =
    options.cookies ?? (() => (typeof document === 'undefined' ? '' : document.cookie));

  function withQuery(path: string, params: Record<string, string | number | undefined>): string {
    const [base, existing] = path.split('?', 2) as [string, string | undefined];
    const q = new URLSearchParams(existing);
    for (const [k, v] of Object.entries(params)) if (v !== undefined) q.set(k, String(v));
    const session = options.sessionId?.();
    if (session) q.set('JSESSIONID', session);
    q.set('ck', String(now()));
    q.set('game_mode', options.gameMode());
    return `${base}?${q.toString()}`;
  }

  async function fail(res: Response): Promise<never> {
    const e = await problemOf(res);
    if (e.problem === 'unauthorized' || e.problem === 'restricted') options.onAuthProblem?.(e);
    throw e;
  }

  /** GET with the SPEC parameters; network failures and 5xx are retried 3 times. */
  async function getResponse(
    path: string,
    params: Record<string, string | number | undefined> = {},
  ) {
    let lastError: unknown;
    for (let attempt = 0; attempt <= GET_RETRIES; attempt++) {
      if (attempt > 0) await sleep(250 * attempt);
      try {
        const res = await doFetch(withQuery(path, params), {
          method: 'GET',
          credentials: 'same-origin',
          headers: { Accept: 'application/json, application/xml, text/plain' },
        });
        if (res.ok) return res;
        if (res.status < 500) return fail(res);
        lastError = await problemOf(res);
      } catch (e) {
        if (e instanceof HttpError) throw e;
        lastError = e;
      }
    }
    throw lastError instanceof HttpError
      ? lastError
      : new HttpError('network', 0, String(lastError));
  }

  /** A JSON call with the anti-forgery header (every method but GET and HEAD). */
  async function send<T>(method: 'POST' | 'PUT', path: string, body: unknown): Promise<T> {
    const headers: Record<string, string> = {
      'Content-Type': 'application/json',
      Accept: 'application/json',
    };
    const token = cookieValue(cookies(), XSRF_COOKIE);
    if (isRelative(path) && token) headers[XSRF_HEADER] = token;
    let res: Response;
    try {
      res = await doFetch(path, {
        method,
        credentials: 'same-origin',
        headers,
        body: JSON.stringify(body),
      });
    } catch (e) {
      throw new HttpError('network', 0, String(e));
    }
    if (!res.ok) return fail(res);
    if (res.status === 204) return undefined as T; // no content (PUT /quality/video)
    return (await res.json()) as T;
  }

  return {
    async getText(
      path: string,
      params?: Record<string, string | number | undefined>,
    ): Promise<string> {
      return (await getResponse(path, params)).text();
    },
    async get<T>(path: string, params?: Record<string, string | number | undefined>): Promise<T> {
      return (await (await getResponse(path, params)).json()) as T;
    },
    /** POST a JSON body with gameMode added. */
    async post<T>(path: string, body: Record<string, unknown>): Promise<T> {
      return send<T>('POST', path, { ...body, gameMode: options.gameMode() });
    },
    /** PUT a JSON body as given (a resource replaced: /api/bjstrategy/user). */
    async put<T>(path: string, body: Record<string, unknown>): Promise<T> {
      return send<T>('PUT', path, body);
    },
  };
}

export type Http = ReturnType<typeof createHttp>;
