import { describe, expect, it } from 'vitest';
import { apiBase, ApiError, CrowdinClient, errorMessage, retryAfterMs } from './crowdin.ts';
import type { AppInstallation as Installation } from './installation.ts';

const installation: Installation = {
  appId: 'croql-router',
  appSecret: 'app-secret',
  clientId: 'client',
  userId: 1,
  organizationId: 200,
  domain: 'acme',
  baseUrl: 'https://acme.crowdin.com',
  agentId: 9,
  installedAt: '',
};

type Answer = { status: number; body?: unknown; headers?: Record<string, string> } | 'drop';

/** A scripted network: each call takes the next answer for its path; records what was sent. */
function scripted(answers: Record<string, Answer[]>) {
  const calls: { method: string; url: string; auth?: string; body?: unknown }[] = [];
  const fetch = async (url: string, init: RequestInit) => {
    const path = new URL(url).pathname;
    const headers = init.headers as Record<string, string>;
    calls.push({
      method: init.method!,
      url,
      auth: headers.Authorization,
      body: init.body ? JSON.parse(init.body as string) : undefined,
    });
    const answer = answers[path]?.shift() ?? { status: 404, body: { error: { message: 'Not Found' } } };
    if (answer === 'drop') throw new TypeError('fetch failed');
    return new Response(JSON.stringify(answer.body ?? {}), {
      status: answer.status,
      headers: answer.headers,
    });
  };
  return { fetch, calls };
}

/** The ApiError a request ends with. */
const failure = (p: Promise<unknown>): Promise<ApiError> =>
  p.then(
    () => {
      throw new Error('the request succeeded');
    },
    (e: ApiError) => e,
  );

const token = (n: number, expiresIn = 3600): Answer => ({
  status: 200,
  body: { access_token: `t${n}`, expires_in: expiresIn },
});

function client(answers: Record<string, Answer[]>, now = () => 0, of: Installation = installation) {
  const net = scripted(answers);
  const waits: number[] = [];
  const c = new CrowdinClient(of, {
    endpoints: { accountsUrl: 'https://accounts.test', apiUrl: 'https://{domain}.api.test' },
    clientId: 'client',
    clientSecret: 'client-secret',
    fetch: net.fetch,
    sleep: async (ms) => void waits.push(ms),
    now,
  });
  return { c, calls: net.calls, waits };
}

describe('the crowdin_agent token', () => {
  it('is granted with every field of the installation, cached, and renewed before it expires', async () => {
    let t = 0;
    const { c, calls } = client({ '/oauth/token': [token(1, 120), token(2)] }, () => t);
    expect(await c.accessToken()).toBe('t1');
    expect(calls[0]!.body).toEqual({
      grant_type: 'crowdin_agent',
      client_id: 'client',
      client_secret: 'client-secret',
      app_id: 'croql-router',
      app_secret: 'app-secret',
      domain: 'acme',
      user_id: 1,
      agent_id: 9,
    });
    t = 30_000;
    expect(await c.accessToken()).toBe('t1');
    t = 61_000; // within a minute of expiry
    expect(await c.accessToken()).toBe('t2');
  });

  it('is the crowdin_app grant, acting as the installing user, for an installation without an agent', async () => {
    const { agentId: _, ...app } = installation;
    const { c, calls } = client({ '/oauth/token': [token(1)] }, () => 0, {
      ...app,
      appId: 'croql-playground',
    });
    expect(await c.accessToken()).toBe('t1');
    expect(calls[0]!.body).toEqual({
      grant_type: 'crowdin_app',
      client_id: 'client',
      client_secret: 'client-secret',
      app_id: 'croql-playground',
      app_secret: 'app-secret',
      domain: 'acme',
      user_id: 1,
    });
  });

  it('is renewed once on a 401, and the request goes again with the new one', async () => {
    const { c, calls } = client({
      '/oauth/token': [token(1), token(2)],
      '/api/v2/projects/1': [
        { status: 401, body: { error: { message: 'Unauthorized' } } },
        { status: 200, body: { data: { id: 1 } } },
      ],
    });
    expect(await c.request('GET', '/projects/1')).toEqual({ data: { id: 1 } });
    expect(calls.filter((x) => x.url.includes('/api/')).map((x) => x.auth)).toEqual([
      'Bearer t1',
      'Bearer t2',
    ]);
  });

  it('says why a grant is refused', async () => {
    const { c } = client({
      '/oauth/token': [
        {
          status: 400,
          body: { error: 'invalid_grant', error_description: 'The app secret does not match.' },
        },
      ],
    });
    await expect(c.accessToken()).rejects.toThrow('The app secret does not match.');
  });
});

describe('requests', () => {
  it('go to the organization’s API host', () => {
    expect(apiBase('https://{domain}.api.crowdin.com', 'acme')).toBe('https://acme.api.crowdin.com/api/v2');
    expect(apiBase('https://{domain}.api.crowdin.com', null)).toBe('https://api.crowdin.com/api/v2');
    expect(apiBase('http://127.0.0.1:8787/', 'acme')).toBe('http://127.0.0.1:8787/api/v2');
  });

  it('wait as Retry-After says on 429, back off on 5xx and a dropped connection, then succeed', async () => {
    const { c, waits } = client({
      '/oauth/token': [token(1)],
      '/api/v2/projects/1': [
        { status: 429, body: {}, headers: { 'Retry-After': '2' } },
        { status: 503, body: {} },
        'drop',
        { status: 200, body: { data: { id: 1 } } },
      ],
    });
    expect(await c.request('GET', '/projects/1')).toEqual({ data: { id: 1 } });
    expect(waits[0]).toBe(2000);
    expect(waits).toHaveLength(3);
  });

  it('give up as transient after the attempts, and at once on a refusal', async () => {
    const down = client({
      '/oauth/token': [token(1)],
      '/api/v2/projects/1': Array(5).fill({ status: 502, body: {} }),
    });
    const error = await failure(down.c.request('GET', '/projects/1'));
    expect(error).toBeInstanceOf(ApiError);
    expect(error.transient).toBe(true);
    const refused = client({
      '/oauth/token': [token(1)],
      '/api/v2/projects/1/strings': [
        {
          status: 400,
          body: { errors: [{ error: { key: 'croql', errors: [{ code: 'x', message: 'Unknown field' }] } }] },
        },
      ],
    });
    const e2 = await failure(refused.c.request('GET', '/projects/1/strings'));
    expect([e2.transient, e2.status, e2.message]).toEqual([false, 400, 'croql: Unknown field']);
    expect(refused.waits).toEqual([]);
  });

  it('give up at once when Retry-After is longer than the client waits (the engine waits instead)', async () => {
    const { c, waits } = client({
      '/oauth/token': [token(1)],
      '/api/v2/projects/1': [{ status: 429, body: {}, headers: { 'Retry-After': '120' } }],
    });
    const error = await failure(c.request('GET', '/projects/1'));
    expect([error.status, error.transient]).toEqual([429, true]);
    expect(waits).toEqual([]);
  });

  it('page through a list until a short page', async () => {
    const page = (n: number) => ({
      status: 200,
      body: { data: Array.from({ length: n }, (_, i) => ({ data: { id: i } })) },
    });
    const { c, calls } = client({
      '/oauth/token': [token(1)],
      '/api/v2/projects/1/labels': [page(500), page(3)],
    });
    expect(await c.listAll('/projects/1/labels')).toHaveLength(503);
    expect(calls.slice(1).map((x) => new URL(x.url).searchParams.get('offset'))).toEqual(['0', '500']);
  });
});

describe('the service’s words', () => {
  it('are read from either error shape, and Retry-After from seconds or a date', () => {
    expect(errorMessage({ error: { code: 404, message: 'Project Not Found' } }, 404)).toBe(
      'Project Not Found',
    );
    expect(errorMessage('<html>', 502)).toBe('HTTP 502');
    expect(retryAfterMs('3', 0)).toBe(3000);
    expect(retryAfterMs(new Date(10_000).toUTCString(), 4000)).toBe(6000);
    expect(retryAfterMs('soon', 0)).toBe(null);
  });
});
