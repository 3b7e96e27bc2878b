// OAuth apps, install and uninstall, and the crowdin_app / crowdin_agent grants, against an in-process
// emulator and real apps on loopback ports.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { AppInfo, ControlErrorBody } from '../../../wire/apps.ts';
import { startEmulator, type RunningEmulator } from '../testing.ts';
import { SCOPES_EXCEED_ERROR } from './manifest.ts';
import { control, call, TestApp, installStepApp, stepAppManifest } from './testing.ts';
import { APPS_PATHS, APPS_ROUTES } from '../../../wire/apps-routes.ts';

let em: RunningEmulator;
const apps: TestApp[] = [];
beforeAll(async () => {
  em = await startEmulator({
    organization: 'acme',
    apps: { batchIntervalSeconds: 0, installTimeoutSeconds: 0.5 },
  });
});
afterAll(() => em.close());
afterEach(async () => {
  for (const id of em.apps.installations.list().map((a) => a.appId))
    await call(em.url, APPS_ROUTES.uninstall, { params: [id] });
  await Promise.all(apps.splice(0).map((a) => a.close()));
});

async function client(scopes = 'project', name = 'Test Step App') {
  return (
    await call<typeof APPS_ROUTES.clients, { clientId: string; clientSecret: string }>(
      em.url,
      APPS_ROUTES.clients,
      {
        body: {
          name,
          scopes,
        },
      },
    )
  ).json;
}
async function serve(manifest: (url: string) => Record<string, unknown>) {
  const app = await TestApp.start(manifest);
  apps.push(app);
  return app;
}
const install = (app: TestApp, body: Record<string, unknown> = {}) =>
  call<typeof APPS_ROUTES.install, AppInfo & ControlErrorBody>(em.url, APPS_ROUTES.install, {
    body: {
      manifestUrl: `${app.url}/manifest.json`,
      ...body,
    },
  });
const token = (body: Record<string, unknown>, form = false) =>
  fetch(`${em.url}/oauth/token`, {
    method: 'POST',
    headers: { 'Content-Type': form ? 'application/x-www-form-urlencoded' : 'application/json' },
    body: form ? new URLSearchParams(body as Record<string, string>).toString() : JSON.stringify(body),
  });

/** A crowdin_agent token request with every field right. */
const agentGrant = (s: Awaited<ReturnType<typeof installStepApp>>) => ({
  grant_type: 'crowdin_agent',
  client_id: s.clientId,
  client_secret: s.clientSecret,
  app_id: s.appId,
  app_secret: s.secret,
  domain: 'acme',
  user_id: 1,
  agent_id: s.agentId,
});

describe('OAuth apps', () => {
  it('registers one and returns its credentials; the same name gives the same ones', async () => {
    const first = await client('project tm', 'Router');
    expect(first.clientId).toMatch(/^[A-Za-z0-9]{20}$/);
    expect(first.clientSecret).toMatch(/^[A-Za-z0-9]{40}$/);
    expect(await client('project', 'Router')).toEqual(first);
    const { json } = await call(em.url, APPS_ROUTES.overview);
    expect(json.clients.find((c) => c.clientId === first.clientId)).toMatchObject({
      name: 'Router',
      scopes: ['project'],
    });
  });

  it('refuses an unknown scope name or a missing name', async () => {
    const bad = await call<typeof APPS_ROUTES.clients, ControlErrorBody>(em.url, APPS_ROUTES.clients, {
      body: {
        name: 'x',
        scopes: 'project.read',
      },
    });
    expect(bad.status).toBe(400);
    expect(bad.json.error.message).toContain('Unknown scope: project.read');
    // No name, which the table's types refuse: the raw form.
    expect((await control(em.url, 'POST', APPS_PATHS.clients, { scopes: 'project' })).status).toBe(400);
  });
});

describe('install', () => {
  it('fetches and validates the manifest, creates the agent and POSTs the documented installed event', async () => {
    const c = await client();
    const app = await serve((url) => stepAppManifest(url, c.clientId));
    const event = app.next('POST /installed');
    const { status, json } = await install(app);
    expect(status).toBe(201);
    const body = (await event).json();
    expect(body).toEqual({
      appId: 'test-step-app',
      appSecret: json.appSecret,
      clientId: c.clientId,
      userId: 1,
      organizationId: 1,
      domain: 'acme',
      baseUrl: 'https://acme.crowdin.com',
      agentId: json.agent!.id,
    });
    expect(json.agent).toMatchObject({ username: 'test-step-agent', name: 'Test Step Agent' });
    expect(json.scopes).toEqual(['project']);
    const { json: overview } = await call(em.url, APPS_ROUTES.overview);
    expect(overview.apps.map((a) => [a.appId, a.appSecret])).toEqual([['test-step-app', json.appSecret]]);
    expect(overview.settings).toMatchObject({ edition: 'crowdin-enterprise', organization: 'acme' });
    // The run's start, the same on every read: a view that saw another knows the emulator restarted.
    expect(Date.parse(overview.settings.startedAt)).toBeLessThanOrEqual(Date.now());
    const { json: again } = await call(em.url, APPS_ROUTES.overview);
    expect(again.settings.startedAt).toBe(overview.settings.startedAt);
  });

  it('links a token request the app makes while it answers the installed event to that delivery', async () => {
    const c = await client();
    const app = await serve((url) => stepAppManifest(url, c.clientId));
    // As the framework does: the app takes its token before it answers the installed event.
    app.on('POST /installed', async (req) => {
      const event = req.json<{ appId: string; appSecret: string; agentId: number }>();
      const answer = await token({
        grant_type: 'crowdin_agent',
        client_id: c.clientId,
        client_secret: c.clientSecret,
        app_id: event.appId,
        app_secret: event.appSecret,
        domain: 'acme',
        user_id: 1,
        agent_id: event.agentId,
      });
      return { status: answer.ok ? 204 : 500 };
    });
    expect((await install(app)).status).toBe(201);
    const { json: log } = await call(em.url, APPS_ROUTES.deliveries, { query: { kind: 'installed' } });
    const { json: calls } = await call(em.url, APPS_ROUTES.calls, { query: { app: 'test-step-app' } });
    expect(calls.data).toEqual([
      expect.objectContaining({ kind: 'token', status: 200, afterDelivery: log.data[0]!.id }),
    ]);
  });

  it('gives an app the same secret after a restart', async () => {
    const key = em.config.apps.secretKey;
    const other = await startEmulator({ organization: 'acme', apps: { secretKey: key } });
    try {
      const c = await client();
      const app = await serve((url) => stepAppManifest(url, c.clientId));
      const before = (await install(app)).json;
      const otherClient = (
        await call<typeof APPS_ROUTES.clients, { clientId: string }>(other.url, APPS_ROUTES.clients, {
          body: {
            name: 'Test Step App',
            scopes: 'project',
          },
        })
      ).json;
      expect(otherClient.clientId).toBe(c.clientId);
      await call(em.url, APPS_ROUTES.uninstall, { params: [before.appId] });
      const after = (
        await call(other.url, APPS_ROUTES.install, {
          body: {
            manifestUrl: `${app.url}/manifest.json`,
          },
        })
      ).json;
      expect(after.appSecret).toBe(before.appSecret);
      expect(after.agent!.id).toBe(before.agent!.id);
    } finally {
      await other.close();
    }
  });

  it('removes the installation when the app answers the installed event with a non-2xx, and shows the answer', async () => {
    const c = await client();
    const app = await serve((url) => stepAppManifest(url, c.clientId));
    app.on('POST /installed', { status: 500, body: '{"error":"database is locked"}' });
    const { status, json } = await install(app);
    expect(status).toBe(502);
    expect(json.error.code).toBe('installRefused');
    expect(json.error.message).toContain('database is locked');
    expect(json.error.answer).toMatchObject({ status: 500, ok: false });
    const { json: overview } = await call(em.url, APPS_ROUTES.overview);
    expect(overview.apps).toEqual([]);
    expect(overview.problems[0]).toMatchObject({ code: 'installRefused' });
  });

  it('removes it when no answer comes in time', async () => {
    const c = await client();
    const app = await serve((url) => stepAppManifest(url, c.clientId));
    app.on('POST /installed', 'hang');
    const { status, json } = await install(app);
    expect(status).toBe(502);
    expect(json.error.message).toContain('No answer within 500 ms');
    expect(em.apps.installations.list()).toEqual([]);
  });

  it('refuses a manifest that is not JSON, too large, unreachable or refused, with a clear message', async () => {
    const app = await serve(() => ({}));
    app.on('GET /manifest.json', { body: '{"identifier": "x",' });
    let r = await install(app);
    expect([r.status, r.json.error.code]).toEqual([422, 'manifestNotJson']);
    app.on('GET /manifest.json', { body: Buffer.alloc(2 * 1024 * 1024, 32) });
    r = await install(app);
    expect([r.status, r.json.error.code]).toEqual([422, 'manifestTooLarge']);
    app.on('GET /manifest.json', { status: 403, body: 'Forbidden' });
    r = await install(app);
    expect([r.status, r.json.error.code]).toEqual([502, 'manifestRefused']);
    // The message shows what the app answered, as the installed event's refusal does.
    expect(r.json.error.message).toBe(`The manifest URL ${app.url}/manifest.json answered 403: Forbidden.`);
    r = await call(em.url, APPS_ROUTES.install, {
      body: { manifestUrl: 'http://127.0.0.1:1/manifest.json' },
    });
    expect([r.status, r.json.error.code]).toEqual([502, 'manifestUnreachable']);
    // No project at all installed an app nothing could use ("installed for projects  only").
    r = await call(em.url, APPS_ROUTES.install, {
      body: {
        manifestUrl: `${app.url}/manifest.json`,
        projects: [],
      },
    });
    expect(r).toEqual({
      status: 400,
      json: {
        error: {
          code: 'invalidRequest',
          message:
            'projects must be "all" or a non-empty list of project ids, e.g. [1]; an app installed for no project could not be used.',
        },
      },
    });
    expect(em.apps.installations.list()).toEqual([]);
    // No manifestUrl, which the table's types refuse: the raw form.
    r = await control<AppInfo & ControlErrorBody>(em.url, 'POST', APPS_PATHS.install, {});
    expect(r.status).toBe(400);
    expect(r.json.error.message).toMatch(/^manifestUrl is required/);
    // A path where the URL goes is not "missing": the message names it and says what to give instead.
    r = await call(em.url, APPS_ROUTES.install, { body: { manifestUrl: './manifest.json' } });
    expect([r.status, r.json.error.code]).toEqual([400, 'invalidRequest']);
    expect(r.json.error.message).toMatch(
      /^manifestUrl must be the http\(s\) URL the app serves its manifest at, .*, not "\.\/manifest\.json"/,
    );
  });

  it('refuses an invalid manifest with every problem and its pointer', async () => {
    const c = await client();
    const app = await serve((url) => ({
      ...stepAppManifest(url, c.clientId),
      authenticationType: 'crowdin_agent',
    }));
    const { status, json } = await install(app);
    expect(status).toBe(422);
    expect(json.error.problems!.map((p) => p.pointer)).toContain('/authenticationType');
  });

  it("refuses a clientId that names no OAuth app, and scopes beyond the OAuth app's (the service's text)", async () => {
    const app = await serve((url) => stepAppManifest(url, 'no-such-client'));
    let r = await install(app);
    expect([r.status, r.json.error.code]).toEqual([422, 'unknownClient']);
    expect(r.json.error.message).toContain('apps client --name');
    const c = await client('tm', 'Narrow');
    const app2 = await serve((url) => stepAppManifest(url, c.clientId, { scopes: ['project', 'tm'] }));
    r = await install(app2);
    expect([r.status, r.json.error.code]).toEqual([422, 'scopesExceed']);
    expect(r.json.error.message).toContain(SCOPES_EXCEED_ERROR);
  });

  it('refuses a second install of the same app, and an app on a host that is not this machine', async () => {
    const c = await client();
    const app = await serve((url) => stepAppManifest(url, c.clientId));
    expect((await install(app)).status).toBe(201);
    const again = await install(app);
    expect([again.status, again.json.error.code]).toEqual([409, 'alreadyInstalled']);
    const remote = await serve(() => ({
      ...stepAppManifest('http://192.0.2.10:8080', c.clientId),
      identifier: 'remote-app',
    }));
    const r = await install(remote);
    expect([r.status, r.json.error.code]).toEqual([422, 'notLoopback']);
    expect(r.json.error.message).toContain('--allow-remote-apps');
  });

  it('F3: refuses a second app that names the OAuth app another installed app uses', async () => {
    const c = await client();
    const first = await serve((url) => stepAppManifest(url, c.clientId));
    expect((await install(first)).status).toBe(201);
    const evil = await serve((url) => ({ ...stepAppManifest(url, c.clientId), identifier: 'evil-c' }));
    const r = await install(evil);
    expect([r.status, r.json.error.code]).toEqual([409, 'clientTaken']);
    expect(r.json.error.message).toContain('each app needs its own');
    expect(em.apps.installations.get('evil-c')).toBeUndefined();
    // Its own OAuth app installs it.
    const own = await client('project', 'Evil C');
    const fixed = await serve((url) => ({ ...stepAppManifest(url, own.clientId), identifier: 'evil-c' }));
    expect((await install(fixed)).status).toBe(201);
  });

  it('answers a control route for an unknown app with 404 and the installed apps', async () => {
    const r = await call<typeof APPS_ROUTES.uninstall, ControlErrorBody>(em.url, APPS_ROUTES.uninstall, {
      params: ['nope'],
    });
    expect(r.status).toBe(404);
    expect(r.json.error).toMatchObject({
      code: 'unknownApp',
      message: expect.stringContaining('No app "nope" is installed'),
    });
    expect(
      (await call(em.url, APPS_ROUTES.trigger, { params: ['nope'], body: { event: 'file.added' } })).status,
    ).toBe(404);
    expect(
      (await call(em.url, APPS_ROUTES.addStep, { params: ['nope'], body: { projectId: 1, moduleKey: 'x' } }))
        .status,
    ).toBe(404);
    expect((await call(em.url, APPS_ROUTES.deliveries, { query: { app: 'nope' } })).status).toBe(404);
  });

  it('refuses a control request from a page elsewhere (a body that is not JSON, a foreign Host)', async () => {
    const form = await fetch(`${em.url}/__apps/install`, {
      method: 'POST',
      headers: { 'Content-Type': 'text/plain' },
      body: '{"manifestUrl":"http://127.0.0.1:1/m"}',
    });
    expect(form.status).toBe(415);
    const rebound = await em.app.request('/__apps', { headers: { Host: 'evil.example.com' } });
    expect(rebound.status).toBe(403);
  });
});

describe('uninstall', () => {
  it('sends the uninstall event with appSecret, revokes the tokens and deactivates the steps', async () => {
    const s = await installStepApp(em.url);
    apps.push(s.app);
    const step = (
      await call<typeof APPS_ROUTES.addStep, { id: number }>(em.url, APPS_ROUTES.addStep, {
        params: [s.appId],
        body: {
          projectId: 1,
          moduleKey: 'review',
        },
      })
    ).json;
    const event = s.app.next('POST /uninstall');
    const r = await call(em.url, APPS_ROUTES.uninstall, { params: [s.appId] });
    expect(r.status).toBe(200);
    expect((await event).json()).toEqual({
      appId: s.appId,
      appSecret: s.secret,
      clientId: s.clientId,
      organizationId: 1,
      domain: 'acme',
      baseUrl: 'https://acme.crowdin.com',
    });
    const api = await fetch(`${em.url}/api/v2/projects/1/workflow-steps/${step.id}/languages/uk/status`, {
      headers: { Authorization: `Bearer ${s.token}` },
    });
    expect(api.status).toBe(401);
    expect(em.apps.steps.get(step.id)!.active).toBe(false);
    // Its deliveries stay in the log, and the log still filters by it; an app never seen is a 404.
    const log = await call(em.url, APPS_ROUTES.deliveries, { query: { app: s.appId } });
    expect(log.json.data.slice(0, 2).map((d) => d.kind)).toEqual(['uninstall', 'installed']);
    expect((await call(em.url, APPS_ROUTES.deliveries, { query: { app: 'never-installed' } })).status).toBe(
      404,
    );
  });

  it('uninstalls even when the app refuses the event, and says so', async () => {
    const s = await installStepApp(em.url);
    apps.push(s.app);
    s.app.on('POST /uninstall', { status: 403, body: '{"error":"Access denied"}' });
    const r = await call<typeof APPS_ROUTES.uninstall, { answer: { status: number } }>(
      em.url,
      APPS_ROUTES.uninstall,
      { params: [s.appId] },
    );
    expect(r.json.answer.status).toBe(403);
    const { json } = await call(em.url, APPS_ROUTES.overview);
    expect(json.apps).toEqual([]);
    expect(json.problems[0]).toMatchObject({ code: 'uninstallRefused' });
  });
});

describe('grants crowdin_app and crowdin_agent', () => {
  it('issue an agent token (JSON or form body) that acts as the bot user', async () => {
    const s = await installStepApp(em.url);
    apps.push(s.app);
    const me = await fetch(`${em.url}/api/v2/user`, { headers: { Authorization: `Bearer ${s.token}` } });
    expect(((await me.json()) as { data: { id: number; username: string } }).data).toMatchObject({
      id: s.agentId,
      username: 'test-step-agent',
    });
    const fields = { ...agentGrant(s), user_id: '1', agent_id: String(s.agentId) };
    const form = await token(fields, true);
    expect(form.status).toBe(200);
    expect(await form.json()).toMatchObject({
      token_type: 'bearer',
      expires_in: 7200,
      access_token: expect.any(String),
    });
  });

  it('check every field against the installation', async () => {
    const s = await installStepApp(em.url);
    apps.push(s.app);
    const good = agentGrant(s);
    expect((await token(good)).status).toBe(200);
    const cases: [Record<string, unknown>, string][] = [
      [{ app_secret: 'wrong' }, 'invalid_grant'],
      [{ user_id: 2 }, 'invalid_grant'],
      [{ agent_id: s.agentId + 1 }, 'invalid_grant'],
      [{ domain: 'other' }, 'invalid_grant'],
      [{ domain: null }, 'invalid_grant'],
      [{ app_id: 'other-app' }, 'invalid_grant'],
      [{ grant_type: 'crowdin_app' }, 'invalid_grant'],
      [{ client_secret: 'wrong' }, 'invalid_client'],
      [{ agent_id: undefined }, 'invalid_request'],
      [{ domain: undefined }, 'invalid_request'],
    ];
    for (const [change, error] of cases) {
      const res = await token({ ...good, ...change });
      expect([JSON.stringify(change), ((await res.json()) as { error: string }).error]).toEqual([
        JSON.stringify(change),
        error,
      ]);
    }
    // A JSON body that does not parse says so, not "grant_type is required".
    for (const [raw, description] of [
      [JSON.stringify(good).slice(0, -1), 'The body is not JSON, although its Content-Type says it is.'],
      ['[]', 'The JSON body must be an object of parameters, e.g. {"grant_type": …}.'],
    ]) {
      const broken = await fetch(`${em.url}/oauth/token`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: raw,
      });
      expect([broken.status, await broken.json()]).toEqual([
        400,
        { error: 'invalid_request', error_description: description },
      ]);
    }
    const other = await client('project', 'Another app');
    const res = await token({ ...good, client_id: other.clientId, client_secret: other.clientSecret });
    expect([res.status, ((await res.json()) as { error: string }).error]).toEqual([401, 'invalid_client']);
  });

  it('crowdin_app acts as the installing user with the manifest\'s scopes within the OAuth app\'s; domain "" works on crowdin.com', async () => {
    const standard = await startEmulator({ apps: { batchIntervalSeconds: 0 } });
    try {
      const c = (
        await call<typeof APPS_ROUTES.clients, { clientId: string; clientSecret: string }>(
          standard.url,
          APPS_ROUTES.clients,
          {
            body: {
              name: 'Tool',
              scopes: 'project tm glossary',
            },
          },
        )
      ).json;
      const app = await serve((url) => ({
        identifier: 'tool-app',
        name: 'Tool',
        baseUrl: url,
        authentication: { type: 'crowdin_app', clientId: c.clientId },
        events: { installed: '/installed' },
        scopes: ['project', 'tm'],
        modules: { webhook: [{ key: 'hook', url: '/webhooks', events: ['file.added'] }] },
      }));
      const event = app.next('POST /installed');
      const r = await call(standard.url, APPS_ROUTES.install, {
        body: {
          manifestUrl: `${app.url}/manifest.json`,
        },
      });
      expect(r.json.scopes).toEqual(['project', 'tm']);
      const installed = (await event).json<{
        appSecret: string;
        domain: null;
        baseUrl: string;
        agentId?: number;
      }>();
      expect(installed.domain).toBeNull();
      expect(installed.baseUrl).toBe('https://crowdin.com');
      expect('agentId' in installed).toBe(false);
      const res = await fetch(`${standard.url}/oauth/token`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({
          grant_type: 'crowdin_app',
          client_id: c.clientId,
          client_secret: c.clientSecret,
          app_id: 'tool-app',
          app_secret: installed.appSecret,
          domain: '',
          user_id: 1,
        }),
      });
      const body = (await res.json()) as { access_token: string; scope: string };
      expect(body.scope).toBe('project tm');
      const me = await fetch(`${standard.url}/api/v2/user`, {
        headers: { Authorization: `Bearer ${body.access_token}` },
      });
      expect(((await me.json()) as { data: { username: string } }).data.username).toBe('alice');
      const glossaries = await fetch(`${standard.url}/api/v2/glossaries`, {
        headers: { Authorization: `Bearer ${body.access_token}` },
      });
      expect(glossaries.status).toBe(403);
    } finally {
      await standard.close();
    }
  });
});
