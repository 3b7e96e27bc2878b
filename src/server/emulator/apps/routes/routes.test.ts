// The route table (src/wire/apps-routes.ts) is what the emulator serves: every row answers at its path
// with its method, none falls through to the catch-all, and a path is built from the row's own pattern.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sendControl } from '../../../../wire/apps-control.ts';
import { APPS_PATHS, APPS_ROUTES, routePath, type AnyRoute } from '../../../../wire/apps-routes.ts';
import { startEmulator, type RunningEmulator } from '../../testing.ts';

let em: RunningEmulator;
beforeAll(async () => {
  em = await startEmulator({ organization: 'acme' });
});
afterAll(() => em.close());

const sample = (route: AnyRoute) =>
  [...route.pattern.matchAll(/:([A-Za-z]+)/g)].map(([, name]) =>
    name === 'id' || name === 'stepId' ? 999 : 'no-such-app',
  );

describe('the /__apps route table', () => {
  // The stream never ends; its row is checked by the Apps view's and `apps listen`'s tests.
  const rows = Object.entries(APPS_ROUTES).filter(([name]) => name !== 'stream');

  it.each(rows)('%s is served at its pattern with its method', async (_name, route) => {
    const body = route.method === 'GET' ? undefined : {};
    const res = await sendControl(fetch, `${em.url}${routePath(route, sample(route))}`, route.method, body);
    const json = (await res.json()) as { error?: { message?: string } };
    expect(json.error?.message ?? '').not.toMatch(/^No control route/);
  });

  it('another method at a row’s path is not served', async () => {
    const res = await sendControl(fetch, `${em.url}${APPS_PATHS.install}`, 'DELETE');
    expect(res.status).toBe(404);
    expect(((await res.json()) as { error: { message: string } }).error.message).toMatch(/^No control route/);
  });

  it('fills segments encoded, in order, and leaves out empty query values', () => {
    expect(routePath(APPS_ROUTES.saveSettings, ['a b/c', 7])).toBe('/__apps/a%20b%2Fc/steps/7/settings');
    expect(routePath(APPS_ROUTES.deliveries, [], { app: 'x', state: '', limit: 5 })).toBe(
      '/__apps/deliveries?app=x&limit=5',
    );
    expect(() => routePath(APPS_ROUTES.send)).toThrow(/no value for :stepId/);
  });
});
