// Opening an installed app's UI module through the route, as the service opens it: the URL with jwtToken,
// origin and clientId, a JWT signed with the OAuth client's secret whose context names the project, the user
// and (for an editor panel) the editor's languages and the string's file; refused for a user the module's
// access leaves out and in a project the install did not choose; the access set at install and afterwards.
import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ModulePageResponse, UiModuleInfo } from '../../../wire/app-modules.ts';
import type { ControlErrorBody, InstallRequest } from '../../../wire/apps.ts';
import { APPS_ROUTES } from '../../../wire/apps-routes.ts';
import { appsParts } from '../state/apps.ts';
import { startEmulator } from '../testing.ts';
import { call, installApp, TestApp } from './testing.ts';

type Answer = ModulePageResponse & ControlErrorBody;

const uiManifest = (baseUrl: string, clientId: string) => ({
  identifier: 'ui-app',
  name: 'UI App',
  baseUrl,
  authentication: { type: 'crowdin_app', clientId },
  events: { installed: '/installed' },
  scopes: ['project'],
  modules: {
    'project-menu': [{ key: 'menu', name: 'Menu', url: '/project-menu' }],
    'editor-right-panel': [{ key: 'panel', name: 'Panel', url: '/editor-panel', modes: ['translate'] }],
    'organization-menu': [{ key: 'org', name: 'Org', url: '/org', icon: '/icon.png' }],
    'profile-resources-menu': [{ key: 'profile', name: 'Profile', url: '/profile', icon: '/icon.png' }],
    webhook: [{ key: 'hook', url: '/webhooks', events: ['file.added'] }],
  },
});

async function setUp(organization: string | null, install: Omit<InstallRequest, 'manifestUrl'> = {}) {
  const em = await startEmulator({ organization });
  const { json: client } = await call<typeof APPS_ROUTES.clients, { clientId: string; clientSecret: string }>(
    em.url,
    APPS_ROUTES.clients,
    { body: { name: 'UI App', scopes: 'project' } },
  );
  const app = await TestApp.start((url) => uiManifest(url, client.clientId));
  return { em, app, client, info: await installApp(em.url, app, install) };
}

const open = (base: string, key: string, query: Record<string, string | number> = {}) =>
  call<typeof APPS_ROUTES.modulePage, Answer>(base, APPS_ROUTES.modulePage, {
    params: ['ui-app', key],
    query,
  });

function claims(token: string, secret: string): Record<string, unknown> {
  const [header, payload, signature] = token.split('.') as [string, string, string];
  expect(signature).toBe(createHmac('sha256', secret).update(`${header}.${payload}`).digest('base64url'));
  return JSON.parse(Buffer.from(payload, 'base64url').toString()) as Record<string, unknown>;
}

describe('on an Enterprise emulator', () => {
  let s: Awaited<ReturnType<typeof setUp>>;
  beforeAll(async () => {
    s = await setUp('acme');
  });
  afterAll(async () => {
    await s.em.close();
    await s.app.close();
  });

  it("lists the app's UI modules with what each offers here", () => {
    const byKey = Object.fromEntries(s.info.uiModules.map((m) => [m.key, m]));
    expect(Object.keys(byKey)).toEqual(['menu', 'panel', 'org', 'profile']);
    expect(byKey.menu).toMatchObject({
      type: 'project-menu',
      offered: true,
      scope: 'project',
      editorPanel: false,
      access: { category: 'owner', users: [] },
      categories: ['owner', 'managers', 'all', 'restricted'],
    });
    expect(byKey.panel!.editorPanel).toBe(true);
    expect(byKey.org!.offered).toBe(true);
    expect(byKey.profile).toMatchObject({ offered: false, categories: [] });
    expect(byKey.profile!.notOffered).toMatch(/crowdin only/);
  });

  it('opens the project menu as the installer: {baseUrl}{url}?jwtToken&origin&clientId, the JWT with the context', async () => {
    const { status, json } = await open(s.em.url, 'menu', { projectId: 1 });
    expect(status).toBe(200);
    const url = new URL(json.url);
    expect(`${url.origin}${url.pathname}`).toBe(`${s.app.url}/project-menu`);
    expect(url.searchParams.get('jwtToken')).toBe(json.jwtToken);
    expect(url.searchParams.get('origin')).toBe(s.em.url);
    expect(url.searchParams.get('clientId')).toBe(s.client.clientId);
    const c = claims(json.jwtToken!, s.client.clientSecret);
    expect(c).toMatchObject({ aud: s.client.clientId, sub: '1', domain: 'acme', module: 'menu' });
    expect(c.exp! as number).toBe((c.iat as number) + 900);
    expect(c.context).toEqual({
      project_id: 1,
      project_identifier: json.context.project_identifier,
      organization_id: json.context.organization_id,
      organization_domain: 'acme',
      user_id: 1,
      user_login: 'alice',
    });
    expect(json.context).toEqual(c.context);
    expect(json.parentOrigins.length).toBeGreaterThan(0);
  });

  it("an editor panel's JWT carries the editor's languages and the string's file", async () => {
    const { status, json } = await open(s.em.url, 'panel', { projectId: 1, languageId: 'de', stringId: 1 });
    expect(status).toBe(200);
    const c = claims(json.jwtToken!, s.client.clientSecret) as {
      context: { editor: Record<string, unknown> };
    };
    expect(c.context.editor).toMatchObject({
      mode: 'translate',
      source_language_id: 'en',
      target_language_id: 'de',
      active_target_language_id: 'de',
    });
    expect(typeof c.context.editor.file).toBe('number');
    expect(json.stringId).toBe(1);
    const bad = await open(s.em.url, 'panel', { languageId: 'xx' });
    expect(bad.status).toBe(400);
    expect(bad.json.error.message).toMatch(/target language of project 1/);
  });

  it("an organization menu's context has no project", async () => {
    const { json } = await open(s.em.url, 'org');
    expect(json.context.project_id).toBeUndefined();
    expect(json.context.organization_domain).toBe('acme');
  });

  it("refuses a user the module's access leaves out, and lets them in once access is widened", async () => {
    const refused = await open(s.em.url, 'menu', { user: 'bob' });
    expect(refused.status).toBe(403);
    expect(refused.json.error.code).toBe('moduleAccessDenied');
    expect(refused.json.error.message).toMatch(/"Menu".*"Only admins".*bob/);

    const set = await call<typeof APPS_ROUTES.moduleAccess, UiModuleInfo & ControlErrorBody>(
      s.em.url,
      APPS_ROUTES.moduleAccess,
      { params: ['ui-app', 'menu'], body: { category: 'restricted', users: ['bob'] } },
    );
    expect(set.status).toBe(200);
    expect(set.json.access).toEqual({ category: 'restricted', users: ['bob'] });
    expect((await open(s.em.url, 'menu', { user: 'bob' })).status).toBe(200);
    expect((await open(s.em.url, 'menu', { user: 'carol' })).status).toBe(403);

    await call(s.em.url, APPS_ROUTES.moduleAccess, { params: ['ui-app', 'menu'], body: { category: 'all' } });
    const bob = await open(s.em.url, 'menu', { user: 'bob' });
    expect(bob.status).toBe(200);
    expect(claims(bob.json.jwtToken!, s.client.clientSecret)).toMatchObject({ sub: '2' });
    const overview = await call(s.em.url, APPS_ROUTES.overview);
    expect(overview.json.apps[0]!.uiModules.find((m) => m.key === 'menu')!.access.category).toBe('all');
  });

  it('refuses an access the module type does not offer, an unknown user and a non-UI module, saying what to do', async () => {
    const set = await call<typeof APPS_ROUTES.moduleAccess, ControlErrorBody>(
      s.em.url,
      APPS_ROUTES.moduleAccess,
      {
        params: ['ui-app', 'org'],
        body: { category: 'managers' },
      },
    );
    expect(set.status).toBe(400);
    expect(set.json.error.message).toMatch(/offers owner \(Only admins\), all .*restricted/);
    const who = await open(s.em.url, 'menu', { user: 'zed' });
    expect(who.status).toBe(404);
    expect(who.json.error.message).toMatch(/Users: alice \(owner\)/);
    const hook = await open(s.em.url, 'hook');
    expect(hook.status).toBe(409);
    expect(hook.json.error.message).toMatch(/webhook module.*UI modules: menu \(project-menu\)/);
    expect((await open(s.em.url, 'profile')).status).toBe(409);
    expect((await open(s.em.url, 'menu', { projectId: 99 })).status).toBe(404);
  });
});

describe('on crowdin.com, installed for all members and for selected projects only', () => {
  let s: Awaited<ReturnType<typeof setUp>>;
  beforeAll(async () => {
    s = await setUp(null, { access: 'all', projects: [1] });
  });
  afterAll(async () => {
    await s.em.close();
    await s.app.close();
  });

  it('the install access applies where offered', () => {
    const byKey = Object.fromEntries(s.info.uiModules.map((m) => [m.key, m.access.category]));
    expect(byKey).toEqual({ menu: 'all', panel: 'all', org: 'owner', profile: 'owner' });
    expect(s.info.uiModules.find((m) => m.key === 'org')!.offered).toBe(false);
  });

  it("refuses a project the install did not choose, with the service's reason", async () => {
    expect((await open(s.em.url, 'menu', { projectId: 1, user: 'bob' })).status).toBe(200);
    // The emulator serves one project; an installation for another one (as a state saved elsewhere has it).
    s.em.apps.installations.require('ui-app').projects = [2];
    const { status, json } = await open(s.em.url, 'menu', { projectId: 1, user: 'bob' });
    s.em.apps.installations.require('ui-app').projects = [1];
    expect(status).toBe(403);
    expect(json.error.code).toBe('projectNotAllowed');
    expect(json.error.message).toMatch(/selected projects only \(2\)/);
  });

  it('opens the profile menu for its owner only, with no project and a null domain', async () => {
    const { status, json } = await open(s.em.url, 'profile');
    expect(status).toBe(200);
    expect(claims(json.jwtToken!, s.client.clientSecret)).toMatchObject({ domain: null });
    expect(json.context.project_id).toBeUndefined();
    expect((await open(s.em.url, 'profile', { user: 'bob' })).status).toBe(403);
  });

  it("the state keeps each module's access", async () => {
    const part = appsParts(s.em.apps)[0]!;
    await call(s.em.url, APPS_ROUTES.moduleAccess, {
      params: ['ui-app', 'menu'],
      body: { category: 'restricted', users: ['carol'] },
    });
    const saved = JSON.parse(JSON.stringify(part.save())) as unknown;
    await call(s.em.url, APPS_ROUTES.moduleAccess, {
      params: ['ui-app', 'menu'],
      body: { category: 'owner' },
    });
    part.restore(saved, () => {})();
    const overview = await call(s.em.url, APPS_ROUTES.overview);
    expect(overview.json.apps[0]!.uiModules.find((m) => m.key === 'menu')!.access).toEqual({
      category: 'restricted',
      users: ['carol'],
    });
  });
});
