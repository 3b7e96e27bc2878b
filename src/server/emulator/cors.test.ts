// The emulator's CORS (./cors.ts): a preflight and an actual request, from an allowed and a refused origin,
// get hono/cors's answers header for header, and a route's own answer keeps its body and status.
import { Hono } from 'hono';
import { cors as honoCors } from 'hono/cors';
import { describe, expect, it } from 'vitest';
import { cors } from './cors.ts';

const ALLOWED = 'http://127.0.0.1:4317';
const REFUSED = 'https://evil.example';

function appWith(middleware: ReturnType<typeof cors>) {
  const app = new Hono();
  app.use('/api/*', middleware);
  app.get('/api/rows', (c) => c.json({ data: [1, 2] }, 200, { Vary: 'Accept-Encoding' }));
  app.get('/api/fails', () => {
    throw new Error('broken');
  });
  app.onError((_, c) => c.json({ error: 'broken' }, 500));
  return app;
}
const ours = appWith(cors({ origins: [ALLOWED], exposeHeaders: ['Retry-After'], maxAge: 600 }));
const hono = appWith(
  honoCors({
    origin: (origin) => (origin === ALLOWED ? origin : null),
    exposeHeaders: ['Retry-After'],
    maxAge: 600,
  }),
);

const preflight = (origin: string, requestHeaders?: string): RequestInit => ({
  method: 'OPTIONS',
  headers: {
    Origin: origin,
    'Access-Control-Request-Method': 'GET',
    ...(requestHeaders ? { 'Access-Control-Request-Headers': requestHeaders } : {}),
  },
});
const headersOf = (res: Response) => Object.fromEntries([...res.headers].sort());

describe('the emulator’s CORS', () => {
  it('answers a preflight from an allowed origin with its origin, methods, headers and max age', async () => {
    const res = await ours.request('/api/rows', preflight(ALLOWED, 'authorization, content-type'));
    expect(res.status).toBe(204);
    expect(await res.text()).toBe('');
    expect(headersOf(res)).toEqual({
      'access-control-allow-headers': 'authorization,content-type',
      'access-control-allow-methods': 'GET,HEAD,PUT,POST,DELETE,PATCH,QUERY',
      'access-control-allow-origin': ALLOWED,
      'access-control-expose-headers': 'Retry-After',
      'access-control-max-age': '600',
      vary: 'Origin, Access-Control-Request-Headers',
    });
  });

  it('gives a refused origin no Access-Control-Allow-Origin, on the preflight or the request', async () => {
    const pre = await ours.request('/api/rows', preflight(REFUSED, 'authorization'));
    expect(pre.status).toBe(204);
    expect(pre.headers.get('access-control-allow-origin')).toBeNull();
    expect(pre.headers.get('vary')).toBe('Origin, Access-Control-Request-Headers');
    const res = await ours.request('/api/rows', { headers: { Origin: REFUSED } });
    expect(res.status).toBe(200);
    expect(res.headers.get('access-control-allow-origin')).toBeNull();
    expect(res.headers.get('vary')).toBe('Accept-Encoding, Origin');
  });

  it("adds its headers to the route's answer, an error's included, and keeps the answer", async () => {
    const res = await ours.request('/api/rows', { headers: { Origin: ALLOWED } });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ data: [1, 2] });
    expect(res.headers.get('content-type')).toBe('application/json');
    expect(res.headers.get('access-control-allow-origin')).toBe(ALLOWED);
    expect(res.headers.get('access-control-expose-headers')).toBe('Retry-After');
    expect(res.headers.get('vary')).toBe('Accept-Encoding, Origin');
    const failed = await ours.request('/api/fails', { headers: { Origin: ALLOWED } });
    expect(failed.status).toBe(500);
    expect(failed.headers.get('access-control-allow-origin')).toBe(ALLOWED);
  });

  it('answers as hono/cors did, header for header', async () => {
    const cases: [string, RequestInit][] = [
      ['/api/rows', preflight(ALLOWED, 'authorization')],
      ['/api/rows', preflight(ALLOWED)],
      ['/api/rows', preflight(REFUSED, 'x-one,  x-two')],
      ['/api/rows', { headers: { Origin: ALLOWED } }],
      ['/api/rows', { headers: { Origin: REFUSED } }],
      ['/api/rows', {}],
      ['/api/fails', { headers: { Origin: ALLOWED } }],
    ];
    for (const [path, init] of cases) {
      const [a, b] = await Promise.all([ours.request(path, init), hono.request(path, init)]);
      const what = `${init.method ?? 'GET'} ${path} ${JSON.stringify(init.headers ?? {})}`;
      expect(a.status, what).toBe(b.status);
      expect(headersOf(a), what).toEqual(headersOf(b));
      expect(await a.text(), what).toBe(await b.text());
    }
  });
});
