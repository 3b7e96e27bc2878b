import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useAuthStore, type Session } from '../auth/session.ts';
import { ApiError, createApiClient, REQUEST_TIMEOUT_MS, SESSION_EXPIRED_MESSAGE } from './api.ts';

const BASE = 'http://127.0.0.1:8787/api/v2';
const ALLOW = { emulator: { apiUrl: BASE, authorizeUrl: '', clientId: null } };

const session = (overrides: Partial<Session> = {}): Session => ({
  connection: 'emulator',
  domain: null,
  apiUrl: BASE,
  clientId: null,
  accessToken: 'old-token',
  refreshToken: 'refresh-1',
  expiresAt: Date.now() + 3_600_000,
  scope: 'project',
  ...overrides,
});

const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json', ...headers } });

/** A fake network: the token relay renews `old-token` into `new-token`; the API accepts only `new-token`. */
function network(options: { refreshFails?: boolean } = {}) {
  const calls = { refresh: 0, api: [] as string[] };
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input);
    if (url === '/auth/token') {
      calls.refresh++;
      await new Promise((r) => setTimeout(r, 5));
      if (options.refreshFails) return json(400, { error: 'invalid_grant' });
      return json(200, {
        access_token: 'new-token',
        refresh_token: 'refresh-2',
        expires_in: 7200,
        scope: 'project',
      });
    }
    const auth = new Headers(init?.headers).get('Authorization');
    calls.api.push(`${auth} ${url}`);
    if (auth !== 'Bearer new-token') return json(401, { error: { message: 'Unauthorized', code: 401 } });
    return json(200, { data: [{ data: { id: 1 } }] });
  });
  vi.stubGlobal('fetch', fetchMock);
  return calls;
}

describe('API client', () => {
  beforeEach(() => useAuthStore.setState({ session: session(), notice: null }));
  afterEach(() => vi.unstubAllGlobals());

  it('renews the token once on a 401 and repeats the request, for any number of concurrent requests', async () => {
    const calls = network();
    const client = createApiClient(BASE, ALLOW);
    const signal = new AbortController().signal;
    const results = await Promise.all(
      [1, 2, 3].map((i) => client.get(`/projects/${i}/strings`, { limit: 500 }, signal)),
    );
    expect(results.map((r) => r.status)).toEqual([200, 200, 200]);
    expect(calls.refresh).toBe(1);
    expect(useAuthStore.getState().session?.accessToken).toBe('new-token');
    expect(useAuthStore.getState().session?.refreshToken).toBe('refresh-2');
    expect(results[0]!.url).toBe(`${BASE}/projects/1/strings?limit=500`);
    expect(results[0]!.url).not.toContain('token');
  });

  it('renews before sending when the token is about to expire', async () => {
    useAuthStore.setState({ session: session({ expiresAt: Date.now() + 1000 }) });
    const calls = network();
    await createApiClient(BASE, ALLOW).get('/user', {}, new AbortController().signal);
    expect(calls.refresh).toBe(1);
    expect(calls.api).toEqual([`Bearer new-token ${BASE}/user`]);
  });

  it('says "Session expired — sign in again" and signs out when renewal fails', async () => {
    network({ refreshFails: true });
    const error = await createApiClient(BASE, ALLOW)
      .get('/user', {}, new AbortController().signal)
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).kind).toBe('unauthorized');
    expect((error as ApiError).message).toBe(SESSION_EXPIRED_MESSAGE);
    expect(useAuthStore.getState().session).toBeNull();
    expect(useAuthStore.getState().notice?.text).toMatch(/query is kept/);
  });

  it('keeps the session when the renewal fails only because the app server is unreachable', async () => {
    useAuthStore.setState({ session: session({ expiresAt: Date.now() + 1000 }) });
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))),
    );
    const error = await createApiClient(BASE, ALLOW)
      .get('/user', {}, new AbortController().signal)
      .then(
        () => null,
        (e: unknown) => e as ApiError,
      );
    expect(error?.kind).toBe('network');
    expect(error?.message).toMatch(/app server/);
    expect(useAuthStore.getState().session).not.toBeNull();
  });

  it('maps service errors to kinds with a next step', async () => {
    useAuthStore.setState({ session: session({ accessToken: 'new-token' }) });
    const respond = (response: Response) =>
      vi.stubGlobal(
        'fetch',
        vi.fn(async () => response),
      );
    const client = createApiClient(BASE, ALLOW);
    const get = () =>
      client.get('/x', {}, new AbortController().signal).then(
        () => {
          throw new Error('expected an error');
        },
        (e: unknown) => e as ApiError,
      );

    respond(
      json(400, {
        errors: [
          {
            error: {
              key: 'croql',
              errors: [{ code: 'croqlInvalidLogic', message: "Identifier 'apply' is undefined" }],
            },
          },
        ],
      }),
    );
    let error = await get();
    expect(error.kind).toBe('croql');
    expect(error.croqlErrors).toEqual([
      { code: 'croqlInvalidLogic', message: "Identifier 'apply' is undefined" },
    ]);

    // The service's sentence inside ours keeps one full stop (not "in this project.. Fix it").
    respond(
      json(400, {
        errors: [
          {
            error: {
              key: 'croql',
              errors: [{ code: 'croqlInvalidLogic', message: 'There is no user `zed` in this project.' }],
            },
          },
        ],
      }),
    );
    expect((await get()).message).toBe(
      'The service rejected the query: There is no user `zed` in this project. Fix it in the editor and run again.',
    );

    // The single-object shape (the TM segments listing's 400 in the OpenAPI): the croql key still reaches
    // the editor, with its range.
    respond(
      json(400, {
        error: {
          key: 'croql',
          errors: [{ code: 'croqlInvalidSyntax', message: 'Unexpected end', from: 3, to: 4 }],
        },
      }),
    );
    error = await get();
    expect(error.kind).toBe('croql');
    expect(error.croqlErrors).toEqual([
      { code: 'croqlInvalidSyntax', message: 'Unexpected end', from: 3, to: 4 },
    ]);

    // A plain message that names CroQL is still the query's problem.
    respond(
      json(400, { error: { message: "Invalid logic in CroQL. Identifier 'x' is undefined", code: 400 } }),
    );
    error = await get();
    expect(error.kind).toBe('croql');
    expect(error.croqlErrors?.[0]?.message).toMatch(/Identifier 'x' is undefined/);

    // Another parameter's problem is a bad request naming that parameter.
    respond(
      json(400, {
        errors: [
          { error: { key: 'orderBy', errors: [{ code: 'orderByInvalid', message: 'Cannot sort by "x".' }] } },
        ],
      }),
    );
    error = await get();
    expect(error.kind).toBe('badRequest');
    expect(error.message).toMatch(/orderBy: Cannot sort by "x"\./);

    respond(json(429, { error: { message: 'Too Many Requests', code: 429 } }, { 'Retry-After': '3' }));
    error = await get();
    expect(error.kind).toBe('rateLimited');
    expect(error.retryAfterSeconds).toBe(3);
    expect(error.message).toMatch(/Wait 3 s/);

    respond(json(403, { error: { message: 'Not allowed endpoint for token scopes', code: 403 } }));
    expect((await get()).kind).toBe('forbidden');
    respond(json(404, { error: { message: 'Resource Not Found', code: 404 } }));
    expect((await get()).kind).toBe('notFound');
    respond(json(503, { error: { message: 'Service Unavailable', code: 503 } }));
    expect((await get()).kind).toBe('server');

    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))),
    );
    error = await get();
    expect(error.kind).toBe('network');
    // The session here is the emulator's: the message says how to start it.
    expect(error.message).toMatch(/The emulator is not running — start it with `npm run emulator`/);
  });

  it('tells a request too long for the server from a server that cannot be reached, and offline from both', async () => {
    useAuthStore.setState({ session: session({ accessToken: 'new-token' }) });
    const client = createApiClient(BASE, ALLOW);
    const fail = (path: string, params: Record<string, string> = {}) =>
      client.get(path, params, new AbortController().signal).then(
        () => {
          throw new Error('expected an error');
        },
        (e: unknown) => e as ApiError,
      );
    const long = { croql: `identifier in (${'"a",'.repeat(3000)}"a")` };

    // The emulator's own 414, readable (CORS): its words, and what to do.
    const emulator414 = {
      error: {
        message:
          'The request URL is 700,001 characters long; the emulator takes up to 606,208. Shorten the query.',
        code: 414,
      },
    };
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => json(414, emulator414)),
    );
    let error = await fail('/projects/1/strings', long);
    expect(error.kind).toBe('tooLong');
    expect(error.message).toMatch(
      /^The request is too long for 127\.0\.0\.1:8787, which says: The request URL is 700,001/,
    );

    // A server's 431 whose body is not the service's shape.
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => json(431, { error: 'request_too_large' })),
    );
    expect((await fail('/projects/1/strings', long)).kind).toBe('tooLong');

    // No answer the browser can read for a long URL, while the host answers a short request: too long.
    const probes: string[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
        if (init?.mode === 'no-cors') {
          probes.push(String(input));
          return new Response(null, { status: 200 });
        }
        throw new TypeError('Failed to fetch');
      }),
    );
    error = await fail('/projects/1/strings', long);
    expect(error.kind).toBe('tooLong');
    expect(error.message).toMatch(
      /refused this one, whose URL is [\d,]+ characters long \(servers commonly accept up to 8,000\)/,
    );
    expect(probes).toEqual(['http://127.0.0.1:8787/']);
    // A short URL that fails is not probed: the host cannot be reached.
    expect((await fail('/projects/1/strings')).kind).toBe('network');
    expect(probes).toHaveLength(1);

    // Nothing answers at all: cannot reach, whatever the length.
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))),
    );
    error = await fail('/projects/1/strings', long);
    expect(error.kind).toBe('network');
    expect(error.message).toMatch(/The emulator is not running/);

    // Offline: said as offline, and nothing is probed.
    vi.stubGlobal('navigator', { onLine: false });
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))),
    );
    error = await fail('/projects/1/strings', long);
    expect(error.kind).toBe('offline');
    expect(error.message).toBe(
      'You are offline, so the request to 127.0.0.1:8787 could not be sent. Your query and the rows shown are kept; run again once you are back online.',
    );
  });

  it('lets an abort through as an abort, not as a network error', async () => {
    useAuthStore.setState({ session: session({ accessToken: 'new-token' }) });
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new DOMException('The operation was aborted.', 'AbortError'))),
    );
    const controller = new AbortController();
    controller.abort();
    const error = await createApiClient(BASE, ALLOW)
      .get('/x', {}, controller.signal)
      .catch((e: unknown) => e);
    expect(error).not.toBeInstanceOf(ApiError);
    expect((error as DOMException).name).toBe('AbortError');
  });

  it('lets a slow answer through, and fails a request unanswered for REQUEST_TIMEOUT_MS with what to do', async () => {
    vi.useFakeTimers();
    try {
      /** Answers after `ms` (never when null), and gives up like fetch when its signal aborts. */
      const answerAfter = (ms: number | null) =>
        vi.stubGlobal(
          'fetch',
          vi.fn(
            (_input: RequestInfo | URL, init?: RequestInit) =>
              new Promise<Response>((resolve, reject) => {
                const signal = init!.signal!;
                if (signal.aborted) return reject(signal.reason as Error);
                if (ms !== null) setTimeout(() => resolve(json(200, { data: [] })), ms);
                signal.addEventListener('abort', () => reject(signal.reason as Error));
              }),
          ),
        );
      const get = (connection: Session['connection'], signal = new AbortController().signal) => {
        useAuthStore.setState({ session: session({ accessToken: 'new-token', connection }) });
        const outcome = { settled: false, value: undefined as unknown };
        void createApiClient(BASE, ALLOW)
          .get('/x', {}, signal)
          .then(
            (response) => response.status,
            (error: unknown) => error,
          )
          .then((value) => Object.assign(outcome, { settled: true, value }));
        return outcome;
      };

      // A query the service takes 5 s to evaluate is not cut off.
      answerAfter(5000);
      const slow = get('emulator');
      await vi.advanceTimersByTimeAsync(5000);
      expect(slow).toEqual({ settled: true, value: 200 });

      answerAfter(null);
      const silent = get('emulator');
      await vi.advanceTimersByTimeAsync(REQUEST_TIMEOUT_MS - 1);
      expect(silent.settled).toBe(false);
      await vi.advanceTimersByTimeAsync(1);
      expect(silent.value).toBeInstanceOf(ApiError);
      expect(silent.value).toMatchObject({ kind: 'network', status: 0 });
      expect((silent.value as ApiError).message).toMatch(
        /^The emulator at 127\.0\.0\.1:8787 sent no answer in 30 s\. .*`npm run emulator`.*retry\.$/,
      );

      const service = get('standard');
      await vi.advanceTimersByTimeAsync(REQUEST_TIMEOUT_MS);
      expect((service.value as ApiError).message).toBe(
        '127.0.0.1:8787 sent no answer in 30 s. The service or your network may be down; retry in a moment.',
      );

      // Cancel (TanStack Query's signal) still ends it at once, as an abort rather than an error.
      const caller = new AbortController();
      const cancelled = get('emulator', caller.signal);
      caller.abort();
      await vi.advanceTimersByTimeAsync(0);
      expect(cancelled.value).not.toBeInstanceOf(ApiError);
      expect((cancelled.value as DOMException).name).toBe('AbortError');
    } finally {
      vi.useRealTimers();
    }
  });

  it('never sends a request outside the allow-list or to a host other than the session’s', async () => {
    const calls = network();
    const signal = new AbortController().signal;
    const foreign = await createApiClient('https://evil.example/api/v2', ALLOW)
      .get('/user', {}, signal)
      .catch((e: unknown) => e);
    expect(foreign).toMatchObject({
      kind: 'forbidden',
      message: expect.stringMatching(/Refusing to send your token/),
    });
    useAuthStore.setState({ session: session({ apiUrl: 'https://api.crowdin.com/api/v2' }) });
    const stale = await createApiClient(BASE, ALLOW)
      .get('/user', {}, signal)
      .catch((e: unknown) => e);
    expect(stale).toMatchObject({ kind: 'forbidden' });
    expect(calls.api).toEqual([]);
  });
});
