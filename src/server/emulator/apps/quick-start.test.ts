// Crowdin's own starter app installs as the service installs it: the manifest of crowdin/apps-quick-start
// (manifest.js at 801d77d) — `authentication {type: "none", clientId: null}`, `events: {}`, a project-menu
// module — served by a real app on loopback. `none` means no OAuth app and no token (the docs'
// app-descriptor.mdx, "Authentication"): nothing is sent at install, and no grant is given.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startEmulator, type RunningEmulator } from '../testing.ts';
import { validateManifest } from './manifest.ts';
import { call, installApp, TestApp } from './testing.ts';
import { APPS_ROUTES } from '../../../wire/apps-routes.ts';

/** crowdin/apps-quick-start manifest.js, with `baseUrl` what its BASE_URL would be. */
const quickStart = (baseUrl: string) => ({
  identifier: 'getting-started',
  name: 'Getting Started',
  baseUrl,
  logo: '/logo.svg',
  authentication: {
    type: 'none',
    clientId: null,
  },
  events: {},
  scopes: ['project'],
  modules: {
    'project-menu': [
      {
        key: 'menu',
        name: 'Getting Started',
        url: '/project-menu',
      },
    ],
  },
});

let em: RunningEmulator;
let app: TestApp;
beforeAll(async () => {
  em = await startEmulator({ apps: { batchIntervalSeconds: 0 } });
  app = await TestApp.start(quickStart);
});
afterAll(async () => {
  await app.close();
  await em.close();
});

it('validates with no error: a null clientId is no OAuth app', () => {
  const { report } = validateManifest(quickStart('https://app.example.com'));
  expect(report.errors).toEqual([]);
  expect(report.ok).toBe(true);
});

it('installs with no OAuth app, sends nothing, and its app id gets no token', async () => {
  const installed = await installApp(em.url, app);
  expect(installed).toMatchObject({
    appId: 'getting-started',
    authenticationType: 'none',
    clientId: null,
    agent: null,
    modules: [{ group: 'project-menu', key: 'menu' }],
  });
  // events: {} names no installed event: only the manifest was fetched.
  expect(app.requests.map((r) => `${r.method} ${r.path}`)).toEqual(['GET /manifest.json']);

  const grant = await fetch(`${em.url}/oauth/token`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({
      grant_type: 'crowdin_app',
      client_id: 'anything',
      client_secret: 'anything',
      app_id: 'getting-started',
      app_secret: em.apps.installations.get('getting-started')!.secret,
      domain: null,
      user_id: 1,
    }),
  });
  expect(grant.status).toBeGreaterThanOrEqual(400);

  const gone = await call(em.url, APPS_ROUTES.uninstall, { params: ['getting-started'] });
  expect(gone.status).toBe(200);
});
