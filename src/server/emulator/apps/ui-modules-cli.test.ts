// `apps install … --access`, `apps open` and `apps access` against a running emulator, as a terminal user
// meets them: the page's URL and context printed, a refusal in the emulator's words with exit 1.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { APPS_ROUTES } from '../../../wire/apps-routes.ts';
import { startEmulator, type RunningEmulator } from '../testing.ts';
import { appsCommand } from './cli.ts';
import { call, TestApp } from './testing.ts';

let em: RunningEmulator;
let app: TestApp;
beforeAll(async () => {
  em = await startEmulator({ organization: 'acme' });
  const { json: client } = await call<typeof APPS_ROUTES.clients, { clientId: string }>(
    em.url,
    APPS_ROUTES.clients,
    {
      body: { name: 'Menu App', scopes: 'project' },
    },
  );
  app = await TestApp.start((url) => ({
    identifier: 'menu-app',
    name: 'Menu App',
    baseUrl: url,
    authentication: { type: 'crowdin_app', clientId: client.clientId },
    events: { installed: '/installed' },
    scopes: ['project'],
    modules: {
      'project-menu': [{ key: 'menu', name: 'Menu', url: '/menu' }],
      'editor-right-panel': [{ key: 'panel', name: 'Panel', url: '/panel', modes: ['translate'] }],
    },
  }));
});
afterAll(async () => {
  await em.close();
  await app.close();
});

async function run(...args: string[]) {
  const out: string[] = [];
  const err: string[] = [];
  const code = await appsCommand(
    [...args, '--port', new URL(em.url).port],
    (l) => out.push(l),
    (l) => err.push(l),
  );
  return { code, out: out.join('\n'), err: err.join('\n') };
}

it('install --access, open as a member, access narrowed, open refused', async () => {
  const installed = await run('install', `${app.url}/manifest.json`, '--access', 'managers');
  expect(installed.code).toBe(0);
  expect(installed.out).toContain('project-menu "menu": access managers; apps open menu-app menu');

  const opened = await run(
    'open',
    'menu-app',
    'panel',
    '--user',
    'alice',
    '--language',
    'uk',
    '--string',
    '1',
  );
  expect(opened.code).toBe(0);
  expect(opened.out).toMatch(new RegExp(`^editor-right-panel "panel" of "menu-app", opened as alice`));
  expect(opened.out).toContain(`${app.url}/panel?jwtToken=`);
  expect(opened.out).toContain('"target_language_id":"uk"');
  expect(opened.out).toContain('string: 1');

  expect((await run('open', 'menu-app', 'menu', '--user', 'bob')).code).toBe(1);
  expect((await run('access', 'menu-app', 'menu', 'all')).out).toBe(
    '"menu" (project-menu) may be opened by: all',
  );
  const bob = await run('open', 'menu-app', 'menu', '--user', 'bob', '--project', '1');
  expect(bob.code).toBe(0);
  expect(bob.out).toContain('"project_id":1');

  await run('access', 'menu-app', 'menu', 'restricted', '--users', 'carol');
  const refused = await run('open', 'menu-app', 'menu', '--user', 'bob');
  expect(refused.code).toBe(1);
  expect(refused.err).toMatch(/You don't have access to "Menu".*Custom Access \(selected users\): carol/);
});

it('says what is missing', async () => {
  expect((await run('open', 'menu-app')).err).toMatch(/needs the app id and the module key/);
  expect((await run('access', 'menu-app', 'menu')).code).toBe(2);
  expect((await run('access', 'menu-app', 'menu', 'everyone')).err).toMatch(/category must be one of owner/);
});
