// CroQL Playground's app server against the real emulator, both over HTTP, on crowdin.com and on Enterprise:
// registered and installed as `--emulator` does, then the module API as a page inside Crowdin calls it (a
// module JWT signed with the OAuth client secret, as the service signs it): who is refused and with which
// code, what the read-only proxy forwards and refuses, the library's revisions, the module pages' policy.
import { sign } from 'hono/jwt';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiError, CrowdinClient } from '../../app-server/crowdin.ts';
import { organizationKey } from '../../app-server/installation.ts';
import { validateManifest } from '../../server/emulator/apps/manifest.ts';
import { ORGANIZATION_ID } from '../../server/emulator/apps/options.ts';
import { call } from '../../server/emulator/apps/testing.ts';
import { startEmulator, type RunningEmulator } from '../../server/emulator/testing.ts';
import { APPS_ROUTES } from '../../wire/apps-routes.ts';
import { PLAYGROUND_APP_API, PLAYGROUND_MODULES, type LibraryDocument } from '../../wire/playground-app.ts';
import { playgroundClient, setUpInEmulator } from './emulator-setup.ts';
import { manifest } from './manifest.ts';
import { startPlaygroundApp, type RunningPlaygroundApp } from './testing.ts';

const SECRET_KEY = 'a-key-of-sixteen-or-more';
const dist = mkdtempSync(join(tmpdir(), 'croql-playground-dist-'));
mkdirSync(join(dist, 'assets'));
writeFileSync(
  join(dist, 'index.html'),
  `<!doctype html><html><head><meta http-equiv="Content-Security-Policy" content="default-src 'self'; connect-src 'self' https://api.crowdin.com"><script type="module" src="/assets/app.js"></script></head><body><div id="root"></div></body></html>`,
);
writeFileSync(join(dist, 'assets', 'app.js'), 'console.log("playground");\n');
writeFileSync(join(dist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
afterAll(() => rmSync(dist, { recursive: true, force: true }));

describe('the manifest', () => {
  it('validates with no error and, over https, no warning', () => {
    const { report } = validateManifest(
      manifest({ baseUrl: 'https://playground.example.com', clientId: 'c' }),
    );
    expect(report.errors).toEqual([]);
    expect(report.warnings).toEqual([]);
  });
});

describe.each([
  { edition: 'crowdin.com', organization: null },
  { edition: 'Enterprise', organization: 'acme' },
])('CroQL Playground on the emulator ($edition)', ({ organization }) => {
  let em: RunningEmulator;
  let pa: RunningPlaygroundApp;
  let client: { clientId: string; clientSecret: string };
  const org = organizationKey(organization, ORGANIZATION_ID);
  const setUpLog: string[] = [];

  beforeAll(async () => {
    em = await startEmulator(organization ? { organization } : {});
    client = await playgroundClient(em.url);
    pa = await startPlaygroundApp({
      service: em.url,
      ...client,
      dist,
      emulator: em.url,
      secretKey: SECRET_KEY,
    });
    await setUpInEmulator(em.url, `${pa.url}/manifest.json`, (m) => setUpLog.push(m));
  });
  afterAll(async () => {
    await pa?.close();
    await em?.close();
  });

  /** A module JWT as the service signs it: HS256 with the client secret, the module's context. */
  async function jwt(
    over: {
      sub?: number;
      projectId?: number;
      module?: string | null;
      exp?: number;
      secret?: string;
      domain?: string | null;
    } = {},
  ): Promise<string> {
    const now = Math.floor(Date.now() / 1000);
    const domain = over.domain === undefined ? organization : over.domain;
    const sub = over.sub ?? 2;
    return sign(
      {
        aud: client.clientId,
        sub: String(sub),
        domain,
        ...(over.module === null ? {} : { module: over.module ?? PLAYGROUND_MODULES.projectMenu.key }),
        context: {
          project_id: over.projectId ?? 1,
          project_identifier: 'demo',
          organization_id: ORGANIZATION_ID,
          ...(domain ? { organization_domain: domain } : {}),
          user_id: sub,
          user_login: 'bob',
        },
        iat: now,
        exp: over.exp ?? now + 900,
      },
      over.secret ?? client.clientSecret,
      'HS256',
    );
  }

  async function api(path: string, token: string | null, init: RequestInit = {}) {
    const res = await fetch(`${pa.url}${path}`, {
      ...init,
      headers: {
        ...(token ? { Authorization: `Bearer ${token}` } : {}),
        ...(init.body ? { 'Content-Type': 'application/json' } : {}),
      },
    });
    const text = await res.text();
    // Crowdin's answers come in many shapes; the tests read them by path, as JSON.parse types them.
    let json: ReturnType<typeof JSON.parse>;
    try {
      json = JSON.parse(text);
    } catch {
      json = text;
    }
    return { status: res.status, json, headers: res.headers };
  }
  const proxied = (path: string) => `${PLAYGROUND_APP_API.proxy}/api/v2${path}`;

  /** What the service answers the installation's token for an API path (the proxy must pass it through). */
  async function direct(path: string, query: Record<string, string> = {}) {
    const installation = pa.store.installation(org)!;
    const c = new CrowdinClient(installation, {
      endpoints: { accountsUrl: em.url, apiUrl: em.url },
      ...client,
    });
    return c.request('GET', path, { query });
  }

  it('installs itself from its manifest with no problem, as --emulator does, and keeps the installation sealed', async () => {
    const { json } = await call(em.url, APPS_ROUTES.overview);
    const app = json.apps.find((a) => a.appId === 'croql-playground')!;
    expect(app.authenticationType).toBe('crowdin_app');
    expect(app.problems).toEqual([]);
    expect(app.warnings.map((w) => w.rule)).toEqual(['https-base-url']);
    expect(app.modules.map((m) => m.key).sort()).toEqual(['croql-filter', 'croql-playground']);
    expect(setUpLog.join('\n')).toMatch(/Installed in the emulator[\s\S]*Apps view/);
    // Every member of the project finds both modules (the manifest's default_permissions), not only the
    // installer: a translator opens the project menu.
    expect(app.uiModules.map((m) => [m.key, m.access.category])).toEqual([
      ['croql-playground', 'all'],
      ['croql-filter', 'all'],
    ]);
    const opened = await call(em.url, APPS_ROUTES.modulePage, {
      params: [app.appId, PLAYGROUND_MODULES.projectMenu.key],
      query: { user: 'bob', projectId: '1' },
    });
    expect(opened.status).toBe(200);
    const installation = pa.store.installation(org);
    expect(installation).toMatchObject({
      clientId: client.clientId,
      domain: organization,
      appSecret: app.appSecret,
    });
    expect(installation?.agentId).toBeUndefined();
    const rows = await pa.store['sql'].query<{ app_secret: string }>(
      'select app_secret from playground_installations',
    );
    expect(rows[0]!.app_secret).not.toContain(app.appSecret);
  });

  it('gives the page its context', async () => {
    const { status, json } = await api(PLAYGROUND_APP_API.context, await jwt());
    expect(status).toBe(200);
    expect(json).toEqual({
      projectId: 1,
      projectIdentifier: 'demo',
      userId: 2,
      userLogin: 'bob',
      organizationId: ORGANIZATION_ID,
      domain: organization,
      edition: organization ? 'enterprise' : 'crowdin',
      moduleKey: 'croql-playground',
      // Against the emulator, its address stands for Crowdin's pages: the page loads its bridge from there.
      crowdinBaseUrl: new URL(em.url).origin,
    });
    expect(pa.store.installation(org)!.baseUrl).toMatch(/^https:\/\/(acme\.)?crowdin\.com$/);
  });

  it("refuses a request without a token, with a forged, an expired or another app's token, and one for another organization", async () => {
    const now = Math.floor(Date.now() / 1000);
    const cases: [string | null, number, string][] = [
      [null, 401, 'jwtMissing'],
      [await jwt({ secret: 'not-the-client-secret' }), 401, 'jwtInvalid'],
      [await jwt({ exp: now - 600 }), 401, 'jwtExpired'],
      // The same OAuth client, but a module of another app (CroQL Router's step).
      [await jwt({ module: 'croql-router' }), 401, 'jwtInvalid'],
      [await jwt({ module: null }), 401, 'jwtInvalid'],
      [await jwt({ domain: organization ? 'other-org' : 'other-org' }), 403, 'notInstalled'],
    ];
    for (const [token, status, code] of cases) {
      for (const path of [
        PLAYGROUND_APP_API.context,
        proxied('/projects/1/strings'),
        PLAYGROUND_APP_API.library,
      ]) {
        const res = await api(path, token);
        expect({ path, status: res.status, code: res.json.error?.code }).toEqual({ path, status, code });
        expect(res.json.error.message).toEqual(expect.any(String));
      }
    }
  });

  it('forwards the four listings and what completion needs, answering as the service does', async () => {
    const token = await jwt();
    const croql = 'count of labels > 0 or is hidden';
    const strings = await api(
      `${proxied('/projects/1/strings')}?croql=${encodeURIComponent(croql)}&limit=500`,
      token,
    );
    expect(strings.status).toBe(200);
    expect(strings.json).toEqual(await direct('/projects/1/strings', { croql, limit: '500' }));
    expect(strings.json.data.length).toBeGreaterThan(0);
    for (const path of [
      '/projects/1/languages/uk/translations',
      '/tms/1/segments',
      '/glossaries/1/terms',
      '/projects/1',
      '/projects/1/members',
      '/projects/1/files',
      '/projects/1/directories',
      '/projects/1/labels',
      '/languages',
    ]) {
      const res = await api(proxied(path), token);
      expect({ path, status: res.status }).toEqual({ path, status: 200 });
      expect(res.json).toEqual(await direct(path));
    }
    expect(strings.headers.get('content-type')).toMatch(/^application\/json/);
    // Crowdin's refusal comes back as Crowdin gave it: its status and its error body, for the page to show.
    const bad = await api(`${proxied('/projects/1/strings')}?croql=${encodeURIComponent('text =')}`, token);
    const refused = await direct('/projects/1/strings', { croql: 'text =' }).then(
      () => null,
      (e: ApiError) => e,
    );
    expect(refused).toBeInstanceOf(ApiError);
    expect({ status: bad.status, body: bad.json }).toEqual({ status: refused!.status, body: refused!.body });
    const projects = await api(proxied('/projects'), token);
    expect(projects.json.data.map((p: { data: { id: number } }) => p.data.id)).toEqual([1]);
    const tms = await api(proxied('/tms'), token);
    expect(tms.json.data.map((t: { data: { id: number } }) => t.data.id)).toContain(1);
  });

  it("answers /user with the JWT's user, not the installing user whose token it holds", async () => {
    const me = await api(proxied('/user'), await jwt({ sub: 3 }));
    expect(me.status).toBe(200);
    expect(me.json.data).toMatchObject({ id: 3, username: 'carol' });
  });

  it("refuses writes, other projects, and reads that are not the playground's", async () => {
    const token = await jwt();
    for (const method of ['POST', 'PATCH', 'PUT', 'DELETE']) {
      const res = await api(proxied('/projects/1/strings'), token, { method, body: '{"text":"x"}' });
      expect({ method, status: res.status, code: res.json.error?.code }).toEqual({
        method,
        status: 403,
        code: 'readOnly',
      });
    }
    for (const path of [
      '/projects/2/strings',
      '/projects/2',
      '/projects/1/reports',
      '/users',
      '/tms/1/terms',
    ]) {
      const res = await api(proxied(path), token);
      expect({ path, status: res.status, code: res.json.error?.code }).toEqual({
        path,
        status: 403,
        code: 'outsideProject',
      });
    }
    // A page of project 2 reads only project 2: project 1 is outside it.
    const other = await api(proxied('/projects/1/strings'), await jwt({ projectId: 2 }));
    expect(other.json.error?.code).toBe('outsideProject');
  });

  it('tells a user who is not a member of the project so, and shows them nothing of it', async () => {
    const token = await jwt({ sub: 999 });
    for (const path of [PLAYGROUND_APP_API.context, proxied('/projects/1/strings')]) {
      const res = await api(path, token);
      expect(res.status).toBe(403);
      expect(res.json.error).toMatchObject({
        code: 'notProjectMember',
        message: expect.stringMatching(/not a member of project 1/),
      });
    }
  });

  it("keeps each user's library with revisions, and refuses a stale write with the current one", async () => {
    const bob = await jwt({ sub: 2 });
    const carol = await jwt({ sub: 3 });
    const put = (token: string, library: unknown, baseRevision: number) =>
      api(PLAYGROUND_APP_API.library, token, {
        method: 'PUT',
        body: JSON.stringify({ library, baseRevision }),
      });
    expect((await api(PLAYGROUND_APP_API.library, bob)).json).toEqual({ library: null, revision: 0 });
    const first = { version: 2, saved: [{ name: 'hidden', query: 'is hidden' }] };
    expect((await put(bob, first, 0)).json).toEqual({ library: first, revision: 1 });
    expect((await api(PLAYGROUND_APP_API.library, bob)).json).toEqual({ library: first, revision: 1 });
    const stale = await put(bob, { version: 2, saved: [] }, 0);
    expect(stale.status).toBe(409);
    expect(stale.json.error.code).toBe('libraryConflict');
    expect(stale.json.current).toEqual({ library: first, revision: 1 } satisfies LibraryDocument);
    expect((await put(bob, { version: 2, saved: [] }, 1)).json.revision).toBe(2);
    expect((await api(PLAYGROUND_APP_API.library, carol)).json).toEqual({ library: null, revision: 0 });
    expect((await put(bob, 'x', -1)).status).toBe(400);
  });

  it('serves the module pages with the built playground, framed only by Crowdin and the local emulator', async () => {
    for (const module of Object.values(PLAYGROUND_MODULES)) {
      const res = await fetch(`${pa.url}${module.path}?jwtToken=x&origin=${encodeURIComponent(em.url)}`);
      expect(res.status).toBe(200);
      const html = await res.text();
      expect(html).toContain('<div id="root">');
      expect(html).not.toContain('http-equiv="Content-Security-Policy"');
      const policy = res.headers.get('content-security-policy')!;
      const ancestors = /frame-ancestors ([^;]+)/.exec(policy)![1]!.split(' ');
      expect(ancestors).toEqual(
        expect.arrayContaining(['https://crowdin.com', 'https://*.crowdin.com', new URL(em.url).origin]),
      );
      expect(ancestors).not.toContain('*');
      expect(policy).toMatch(/connect-src 'self';/);
      expect(res.headers.get('x-frame-options')).toBeNull();
    }
    const asset = await fetch(`${pa.url}/assets/app.js`);
    expect(asset.status).toBe(200);
    expect(await asset.text()).toContain('playground');
    expect((await fetch(`${pa.url}/favicon.svg`)).status).toBe(200);
  });

  it('forgets the installation at uninstall: its pages are then refused as not installed', async () => {
    const forged = await api('/uninstall', null, {
      method: 'POST',
      body: JSON.stringify({ organizationId: ORGANIZATION_ID, domain: organization, appSecret: 'guess' }),
    });
    expect(forged.status).toBe(403);
    expect(pa.store.installation(org)).toBeDefined();
    expect((await call(em.url, APPS_ROUTES.uninstall, { params: ['croql-playground'] })).status).toBeLessThan(
      300,
    );
    expect(pa.store.installation(org)).toBeUndefined();
    expect((await api(PLAYGROUND_APP_API.context, await jwt())).json.error.code).toBe('notInstalled');
  });
});
