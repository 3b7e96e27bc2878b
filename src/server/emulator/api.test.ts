// The API's rules over real HTTP: authentication, scopes, envelopes, parameters, CORS, limits and paging.
import { edgePage } from './api/edge.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEmulator, type RunningEmulator } from './testing.ts';

let emulator: RunningEmulator;
let token: string;

beforeAll(async () => {
  emulator = await startEmulator({ testHooks: true });
  token = emulator.personalToken('alice');
});
afterAll(() => emulator.close());

async function get(path: string, bearer: string | null = token, headers: Record<string, string> = {}) {
  const res = await fetch(`${emulator.url}/api/v2${path}`, {
    headers: { ...(bearer ? { Authorization: `Bearer ${bearer}` } : {}), ...headers },
  });
  const text = await res.text();
  // The limit's 429 is an HTML page (api/edge.ts): kept as text.
  const json = res.headers.get('content-type')?.includes('json') ? JSON.parse(text) : text;
  return { status: res.status, headers: res.headers, json: json as any }; // eslint-disable-line @typescript-eslint/no-explicit-any
}
const q = (croql: string) => encodeURIComponent(croql);

describe('authentication and scopes', () => {
  it('answers 401 without or with a bad token, in the service envelope', async () => {
    expect(await get('/projects', null)).toMatchObject({
      status: 401,
      json: { error: { message: 'Unauthorized', code: 401 } },
    });
    expect((await get('/projects', token.slice(0, -2) + 'xx')).status).toBe(401);
  });

  it('answers 403 for an endpoint outside the token scopes', async () => {
    const tmOnly = emulator.personalToken('bob', 'tm');
    expect(await get('/projects/1/strings', tmOnly)).toMatchObject({
      status: 403,
      json: { error: { message: 'Not allowed endpoint for token scopes', code: 403 } },
    });
    expect((await get('/tms/1/segments', tmOnly)).status).toBe(200);
    expect((await get('/glossaries', tmOnly)).status).toBe(403);
    expect((await get('/user', tmOnly)).json.data.username).toBe('bob');
  });

  it('answers 404 for an unknown project, language, TM, glossary or path', async () => {
    for (const path of [
      '/projects/2',
      '/projects/1/languages/xx/translations',
      '/tms/9/segments',
      '/glossaries/9/terms',
      '/nope',
    ]) {
      expect(await get(path)).toMatchObject({ status: 404, json: { error: { code: 404 } } });
    }
  });

  it('answers the service’s 429 (nginx’s page, no Retry-After) beyond 20 requests in flight for one token', async () => {
    const slow = emulator.personalToken('carol');
    const burst = await Promise.all(
      Array.from({ length: 25 }, () => get('/user', slow, { 'X-Emulator-Delay-Ms': '1500' })),
    );
    const ok = burst.filter((r) => r.status === 200);
    const rejected = burst.filter((r) => r.status === 429);
    expect(ok.length).toBeLessThanOrEqual(20);
    expect(ok.length + rejected.length).toBe(25);
    expect(rejected[0]!.headers.get('retry-after')).toBeNull();
    expect(rejected[0]!.json).toBe(edgePage(429));
    // the limit frees up once the requests in flight finish
    expect((await get('/user')).status).toBe(200);
    expect((await get('/user', slow)).status).toBe(200);
  });
});

describe('CORS', () => {
  it("lets browsers call the API from the app's origins only, preflight included", async () => {
    const preflight = (origin: string) =>
      fetch(`${emulator.url}/api/v2/projects/1/strings`, {
        method: 'OPTIONS',
        headers: {
          Origin: origin,
          'Access-Control-Request-Method': 'GET',
          'Access-Control-Request-Headers': 'authorization',
        },
      });
    const pre = await preflight('http://127.0.0.1:4317');
    expect(pre.status).toBe(204);
    expect(pre.headers.get('access-control-allow-origin')).toBe('http://127.0.0.1:4317');
    expect(pre.headers.get('access-control-allow-headers')).toContain('authorization');
    const unauthorized = await get('/projects', null, { Origin: 'http://localhost:5173' });
    expect(unauthorized.headers.get('access-control-allow-origin')).toBe('http://localhost:5173');
    // A page anywhere else cannot read the API through the browser, with or without a token.
    expect((await preflight('https://evil.example')).headers.get('access-control-allow-origin')).toBeNull();
    const foreign = await get('/projects', token, { Origin: 'https://evil.example' });
    expect(foreign.headers.get('access-control-allow-origin')).toBeNull();
    expect(foreign.headers.get('vary')).toContain('Origin');
  });

  it('sends no CORS headers from the token endpoint', async () => {
    const res = await fetch(`${emulator.url}/oauth/token`, {
      method: 'OPTIONS',
      headers: { Origin: 'http://127.0.0.1:4317', 'Access-Control-Request-Method': 'POST' },
    });
    expect(res.headers.get('access-control-allow-origin')).toBeNull();
    const post = await fetch(`${emulator.url}/oauth/token`, {
      method: 'POST',
      headers: { Origin: 'http://127.0.0.1:4317' },
      body: '',
    });
    expect(post.headers.get('access-control-allow-origin')).toBeNull();
  });
});

describe('listings', () => {
  it('pages with limit and offset in the service envelope', async () => {
    const page = await get('/projects/1/strings?limit=3&offset=6');
    expect(page.json.pagination).toEqual({ offset: 6, limit: 3 });
    expect(page.json.data.map((d: { data: { id: number } }) => d.data.id)).toEqual([7, 8, 9]);
  });

  it('rejects limit outside 1..500 and a negative offset', async () => {
    for (const params of ['limit=0', 'limit=501', 'limit=x', 'offset=-1']) {
      const res = await get(`/projects/1/strings?${params}`);
      expect(res.status).toBe(400);
      expect(res.json.errors[0].error.key).toBe(params.split('=')[0]);
    }
  });

  it('reports a croql problem as 400 with our message and range', async () => {
    const res = await get(`/projects/1/strings?croql=${q('is hidden and count of comments > "x"')}`);
    expect(res.status).toBe(400);
    const [inner] = res.json.errors[0].error.errors;
    expect(res.json.errors[0].error.key).toBe('croql');
    expect(inner).toMatchObject({
      code: 'croqlInvalidLogic',
      message: expect.any(String),
      from: expect.any(Number),
      to: expect.any(Number),
    });
    const syntax = await get(`/projects/1/strings?croql=${q('(is hidden')}`);
    expect(syntax.json.errors[0].error.errors[0].code).toBe('croqlInvalidSyntax');
  });

  it('refuses parameters the service does not allow beside croql', async () => {
    const cases = [
      '/projects/1/strings?fileId=3',
      '/projects/1/strings?labelIds=1',
      '/projects/1/languages/uk/translations?stringIds=1',
      '/projects/1/languages/uk/translations?approvedOnly=1',
      '/glossaries/1/terms?languageId=de',
    ];
    for (const path of cases) {
      const res = await get(`${path}&croql=${q('max length >= 0')}`);
      expect(res.status).toBe(400);
      expect(res.json.errors[0].error.errors[0].code).toBe('notAllowedWithCroql');
    }
    expect(
      (
        await get(
          `/projects/1/strings?orderBy=id%20desc&denormalizePlaceholders=1&croql=${q('max length >= 0')}`,
        )
      ).status,
    ).toBe(200);
  });

  it('applies the classic filters without croql', async () => {
    const res = await get('/projects/1/strings?fileId=3&limit=500');
    expect(res.json.data.length).toBeGreaterThan(0);
    expect(res.json.data.every((d: { data: { fileId: number } }) => d.data.fileId === 3)).toBe(true);
  });

  it('sorts with orderBy and rejects an unknown field', async () => {
    const res = await get(
      `/projects/1/strings?orderBy=${q('createdAt desc')}&limit=20&croql=${q('is hidden')}`,
    );
    const dates = res.json.data.map((d: { data: { createdAt: string } }) => d.data.createdAt);
    expect(dates).toEqual([...dates].sort().reverse());
    expect((await get('/projects/1/strings?orderBy=color')).json.errors[0].error.key).toBe('orderBy');
  });

  it('computes a query once: later pages come from the cache', async () => {
    const croql = q('count of translations where (language = @language:"fr") > 0');
    const before = emulator.api.engine.evaluations;
    await get(`/projects/1/strings?croql=${croql}&limit=10`);
    await get(`/projects/1/strings?croql=${croql}&limit=10&offset=500`);
    await get(`/projects/1/strings?croql=${croql}&limit=500&offset=40`);
    expect(emulator.api.engine.evaluations - before).toBe(1);
  });

  it('groups the plural forms of one string into one translation resource', async () => {
    const res = await get(
      `/projects/1/languages/uk/translations?limit=500&croql=${q('plural form = "few"')}`,
    );
    expect(res.json.data.length).toBeGreaterThan(0);
    for (const { data } of res.json.data) {
      expect(data.contentType).toBe('application/vnd.crowdin.text+plural');
      expect(data.plurals.map((p: { pluralForm: string }) => p.pluralForm)).toEqual(['few']);
    }
    const all = await get(
      `/projects/1/languages/uk/translations?limit=500&croql=${q('plural form != "none"')}`,
    );
    const forms = all.json.data.map((d: { data: { plurals: { pluralForm: string }[] } }) =>
      d.data.plurals.map((p) => p.pluralForm).join(' '),
    );
    expect(forms).toContain('one few many other');
    expect(new Set(forms)).toEqual(new Set(['one few many other', 'one']));
  });

  it('serves the lists for pickers', async () => {
    expect(
      (await get('/projects/1/members?search=dmi')).json.data.map(
        (d: { data: { username: string } }) => d.data.username,
      ),
    ).toEqual(['dmitro']);
    expect((await get('/languages')).json.data.length).toBe(6);
    expect((await get('/projects/1/files')).json.data.length).toBe(8);
    expect(
      (await get('/projects/1/branches')).json.data.map((d: { data: { name: string } }) => d.data.name),
    ).toContain('feature-onboarding');
    expect((await get('/projects/1/labels')).json.data[0].data).toEqual({
      id: 1,
      title: 'ui',
      isSystem: false,
    });
    expect((await get('/tms')).json.data[0].data).toMatchObject({ id: 1, segmentsCount: 500 });
    expect((await get('/glossaries/1')).json.data).toMatchObject({ id: 1, terms: expect.any(Number) });
  });
});
