// F2 and the secrets of GET /__apps (../shared/reviews/security-2026-11-28.md): a page elsewhere in the
// browser can send a form POST or a no-cors fetch (an empty or text/plain body) without a preflight, so every
// state-changing control route refuses any request that does not say JSON; and only the playground's own
// origin may read the control routes' answers.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PLAYGROUND_ORIGIN } from '../config.ts';
import { startEmulator, type RunningEmulator } from '../testing.ts';
import { call, installStepApp } from '../apps/testing.ts';
import { APPS_PATHS, APPS_ROUTES } from '../../../wire/apps-routes.ts';

let em: RunningEmulator;
let s: Awaited<ReturnType<typeof installStepApp>>;

beforeAll(async () => {
  em = await startEmulator({ organization: 'acme', apps: { batchIntervalSeconds: 0 } });
  s = await installStepApp(em.url);
});
afterAll(async () => {
  await em.close();
  await s.app.close();
});

/** What a page can send without a CORS preflight. */
const SIMPLE: Record<string, RequestInit> = {
  'an empty no-cors fetch': { method: 'POST' },
  'an empty text/plain form': { method: 'POST', headers: { 'Content-Type': 'text/plain' } },
  'a urlencoded form': {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: 'a=1',
  },
  'text/plain naming JSON in a parameter': {
    method: 'POST',
    headers: { 'Content-Type': 'text/plain; x=application/json' },
    body: '{}',
  },
};

describe('F2: cross-site requests', () => {
  it.each(Object.entries(SIMPLE))('%s drives no state-changing control route', async (_name, init) => {
    const routes = [
      APPS_PATHS.uninstall(s.appId),
      APPS_PATHS.flush,
      APPS_PATHS.retrigger(101),
      APPS_PATHS.redeliver(1),
      APPS_PATHS.install,
      APPS_PATHS.clients,
      '/__faults',
    ];
    for (const path of routes) {
      const res = await fetch(`${em.url}${path}`, {
        ...init,
        headers: { Origin: 'http://evil.example', ...init.headers },
      });
      expect([path, res.status]).toEqual([path, 415]);
    }
    const del = await fetch(`${em.url}/__faults`, { method: 'DELETE' });
    expect(del.status).toBe(415);
    const overview = (await call(em.url, APPS_ROUTES.overview)).json;
    expect(overview.apps.map((a) => a.appId)).toEqual([s.appId]);
  });
});

describe('who reads the control routes', () => {
  it('answers CORS to the playground’s origin only, not to every origin the API answers', async () => {
    const read = (origin: string) =>
      fetch(`${em.url}/__apps`, { headers: { Origin: origin } }).then((r) =>
        r.headers.get('access-control-allow-origin'),
      );
    expect(await read(PLAYGROUND_ORIGIN)).toBe(PLAYGROUND_ORIGIN);
    for (const other of [
      'http://127.0.0.1:4173',
      'http://localhost:5173',
      'http://127.0.0.1:4317',
      'http://evil.example',
    ])
      expect([other, await read(other)]).toEqual([other, null]);
    // The API still answers every origin of the playground's client.
    const api = await fetch(`${em.url}/api/v2/user`, {
      headers: { Origin: 'http://127.0.0.1:4173', Authorization: `Bearer ${em.personalToken('alice')}` },
    });
    expect(api.headers.get('access-control-allow-origin')).toBe('http://127.0.0.1:4173');
  });
});
