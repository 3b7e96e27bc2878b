// The router over HTTP, against a scripted stand-in for the service: what the emulator cannot be made to do on
// cue (a 429 with Retry-After on the third PATCH, a listing down for a while, a croql error for one query).
// The whole flow against the real emulator is in integration.test.ts.
import { Hono } from 'hono';
import { sign } from 'hono/jwt';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { generateDemoDataset } from '../../server/emulator/data/demo.ts';
import type { PageState } from '../page-state.ts';
import { deliveredString, deliveryBody } from '../testing.ts';
import { signatureOf } from './auth.ts';
import { createRouter, type RouterServer } from './app.ts';
import { STEP_MODULE_KEY, WEBHOOK_MODULE_KEY } from './manifest.ts';
import { RouterStore } from './store.ts';
import { embeddedTemplate } from './store/testing.ts';
import { startPostgres } from './store/test-postgres.ts';

const data = generateDemoDataset({ strings: 1200, seed: 5 });
const strings = data.strings.map(deliveredString);
const CLIENT = { clientId: 'router-client', clientSecret: 'router-client-secret' };
const APP_SECRET = 'the-app-secret';

type Answer = { status: number; body?: unknown; headers?: Record<string, string> };

/** The service as far as the router talks to it, with knobs for faults. */
function fakeService() {
  const s = {
    patches: [] as { path: string; ops: { op: string; path: string; value: string }[] }[],
    patchFaults: [] as Answer[],
    listingFaults: [] as Answer[],
    /** croql → the ids it matches; absent: refused with a croql error. */
    matches: new Map<string, number[]>(),
    listings: [] as string[],
    statuses: new Map<string, string>(),
    grants: 0,
    /** `project/step` pairs the service says do not exist; steps of another app (their statuses: 403). */
    missingSteps: new Set<string>(),
    otherAppSteps: new Set<number>(),
    app: new Hono(),
  };
  const list = (rows: unknown[]) => ({
    data: rows.map((data) => ({ data })),
    pagination: { offset: 0, limit: 500 },
  });
  s.app.post('/oauth/token', async (c) => {
    const body = await c.req.json();
    if (
      body.grant_type !== 'crowdin_agent' ||
      body.app_secret !== APP_SECRET ||
      body.client_secret !== CLIENT.clientSecret
    ) {
      return c.json({ error: 'invalid_grant', error_description: 'Nope.' }, 400);
    }
    s.grants++;
    return c.json({ access_token: `agent-token-${s.grants}`, expires_in: 3600 });
  });
  s.app.get('/api/v2/projects/:p/strings', (c) => {
    const fault = s.listingFaults.shift();
    if (fault) return c.json(fault.body ?? {}, fault.status as 500, fault.headers);
    const croql = c.req.query('croql') ?? '';
    s.listings.push(croql);
    const ids = s.matches.get(croql);
    if (!ids)
      return c.json(
        {
          errors: [
            {
              error: {
                key: 'croql',
                errors: [{ code: 'croqlInvalidLogic', message: 'Field is not supported' }],
              },
            },
          ],
        },
        400,
      );
    const offset = Number(c.req.query('offset') ?? 0);
    const limit = Number(c.req.query('limit') ?? 25);
    return c.json(list(ids.slice(offset, offset + limit).map((id) => ({ id }))));
  });
  s.app.get('/api/v2/projects/:p/labels', (c) => c.json(list(data.labels)));
  s.app.get('/api/v2/projects/:p/branches', (c) => c.json(list(data.branches)));
  s.app.get('/api/v2/projects/:p/members', (c) =>
    c.json(list(data.users.map((u) => ({ id: u.id, username: u.username })))),
  );
  s.app.get('/api/v2/projects/:p', (c) =>
    c.json({ data: { id: 1, targetLanguages: [{ id: 'uk' }, { id: 'de' }] } }),
  );
  s.app.get('/api/v2/projects/:p/workflow-steps/:s', (c) =>
    s.missingSteps.has(`${c.req.param('p')}/${c.req.param('s')}`)
      ? c.json({ error: { code: 404, message: 'Workflow Step Not Found' } }, 404)
      : c.json({ data: { id: Number(c.req.param('s')), type: 'Application', languages: ['uk', 'de'] } }),
  );
  s.app.patch('/api/v2/projects/:p/workflow-steps/:s/languages/:l/status', async (c) => {
    const fault = s.patchFaults.shift();
    if (fault) return c.json(fault.body ?? {}, fault.status as 500, fault.headers);
    const ops = await c.req.json();
    s.patches.push({ path: c.req.path, ops });
    for (const op of ops) s.statuses.set(`${c.req.param('l')}:${op.path.split('/')[1]}`, op.value);
    return c.json({ data: [] });
  });
  s.app.get('/api/v2/projects/:p/workflow-steps/:s/languages/:l/status', (c) => {
    if (s.otherAppSteps.has(Number(c.req.param('s'))))
      return c.json({ error: { code: 403, message: 'Step belongs to app "evil-c"' } }, 403);
    const status = c.req.query('status');
    const rows = [...s.statuses]
      .filter(
        ([k, v]) =>
          k.startsWith(`${c.req.param('l')}:`) && (status === 'TODO' ? v === '' : status !== 'NEED_PROCESS'),
      )
      .map(([k, v]) => ({
        stringId: Number(k.split(':')[1]),
        status: v === '' ? 'TODO' : 'DONE',
        output: v,
      }));
    return c.json(list(rows));
  });
  return s;
}

const open: RouterServer[] = [];
const stores: { folder: string; store: RouterStore }[] = [];
afterEach(async () => {
  for (const r of open.splice(0)) r.engine.stop();
  for (const { folder, store } of stores.splice(0)) {
    await store.close().catch(() => undefined);
    rmSync(folder, { recursive: true, force: true, maxRetries: 5 });
  }
});

/** A router on `location` (a PostgreSQL URL), or on a new embedded store; `service` shared by several. */
async function setup(location?: string, service = fakeService()) {
  const logs: string[] = [];
  /** How many PATCHes the service had answered when each log line was written (same index as logs). */
  const patchesAtLog: number[] = [];
  const note = (line: string) => {
    logs.push(line);
    patchesAtLog.push(service.patches.length);
  };
  const folder = mkdtempSync(join(tmpdir(), 'router-app-'));
  const store = await RouterStore.open(location ?? join(folder, 'store.json'), {
    template: embeddedTemplate,
  });
  stores.push({ folder, store });
  const router = createRouter({
    config: {
      identifier: 'croql-router',
      baseUrl: 'http://127.0.0.1:1',
      ...CLIENT,
      endpoints: { accountsUrl: 'http://service.test', apiUrl: 'http://service.test' },
    },
    store,
    log: {
      info: (m) => note(`info ${m}`),
      warn: (m) => note(`warn ${m}`),
      error: (m) => note(`error ${m}`),
    },
    fetch: async (url, init) => service.app.request(url, init),
    engine: { retryDelayMs: () => 20 },
    client: { sleep: async () => {} },
  });
  open.push(router);
  const installed = {
    appId: 'croql-router',
    appSecret: APP_SECRET,
    clientId: CLIENT.clientId,
    userId: 1,
    organizationId: 200,
    domain: 'acme',
    baseUrl: 'https://acme.crowdin.com',
    agentId: 77,
  };
  const post = (path: string, body: unknown, headers: Record<string, string> = {}) =>
    router.app.request(path, {
      method: 'POST',
      body: typeof body === 'string' ? body : JSON.stringify(body),
      headers: { 'Content-Type': 'application/json', ...headers },
    });
  const jwt = (claims: Record<string, unknown> = {}) =>
    sign(
      {
        aud: CLIENT.clientId,
        sub: '1',
        domain: 'acme',
        module: STEP_MODULE_KEY,
        context: { project_id: 1, organization_id: 200, user_id: 1 },
        iat: Math.floor(Date.now() / 1000),
        exp: Math.floor(Date.now() / 1000) + 900,
        ...claims,
      },
      CLIENT.clientSecret,
      'HS256',
    );
  const saveSettings = async (settings: unknown, token?: string) =>
    post(
      '/step/settings',
      { organizationId: 200, projectId: 1, workflowId: 3, stepId: 12, settings },
      { Authorization: `Bearer ${token ?? (await jwt())}` },
    );
  const deliver = (body: string, headers: Record<string, string> = {}) =>
    post('/webhooks', body, {
      'User-Agent': 'Crowdin-Webhook',
      'X-Crowdin-Id': '200',
      'X-Crowdin-Domain': 'acme',
      'X-Module-Key': WEBHOOK_MODULE_KEY,
      'X-Crowdin-Signature': signatureOf(new TextEncoder().encode(body), APP_SECRET),
      ...headers,
    });
  const batch = (from: number, to: number, language = 'uk') =>
    deliveryBody(strings.slice(from, to), { id: 12, moduleKey: STEP_MODULE_KEY }, language);
  /** Every routed op, as `language:stringId → value`, in PATCH order. */
  const routed = () =>
    service.patches.flatMap((p) =>
      p.ops.map((o) => `${p.path.split('/')[8]}:${o.path.split('/')[1]}=${o.value}`),
    );
  return {
    service,
    router,
    store,
    logs,
    patchesAtLog,
    installed,
    post,
    jwt,
    saveSettings,
    deliver,
    batch,
    routed,
  };
}

async function installed() {
  const t = await setup();
  expect((await t.post('/installed', t.installed)).status).toBe(204);
  return t;
}

describe('two instances on one PostgreSQL', () => {
  const good = { rules: [{ query: 'is hidden', output: 'true' }], default: 'false' };
  it('each sees what the other was told: an install, saved rules, an uninstall', async () => {
    const pg = await startPostgres();
    try {
      const location = await pg.createDatabase('two_instances');
      const a = await setup(location);
      const b = await setup(location, a.service);
      expect((await a.post('/installed', a.installed)).status).toBe(204);
      // A delivery reaching the instance that was not told of the install is kept, not refused.
      const kept = await b.deliver(b.batch(0, 10));
      expect(kept.status).toBe(200);
      expect(await kept.json()).toEqual({ received: 10 });
      // Rules saved through one are what the other's settings page shows.
      expect((await a.saveSettings(good)).status).toBe(200);
      const state = await b.router.app.request('/step/api/state?stepId=12', {
        headers: { Authorization: `Bearer ${await b.jwt()}` },
      });
      expect(((await state.json()) as PageState).settings).toEqual(good);
      // An uninstall reaching the other one forgets the organization for both.
      expect((await b.post('/uninstall', a.installed)).status).toBe(204);
      expect(await a.store.freshInstallation('acme')).toBeUndefined();
    } finally {
      for (const r of open.splice(0)) await r.engine.stop();
      for (const { folder, store } of stores.splice(0)) {
        await store.close().catch(() => undefined);
        rmSync(folder, { recursive: true, force: true, maxRetries: 5 });
      }
      await pg.stop();
    }
  });
});

describe('install and uninstall', () => {
  it('takes a crowdin_agent token at install and keeps the installation', async () => {
    const t = await setup();
    expect((await t.post('/installed', t.installed)).status).toBe(204);
    expect(t.service.grants).toBe(1);
    expect(t.store.installation('acme')).toMatchObject({ agentId: 77, appSecret: APP_SECRET });
  });

  it('refuses an install whose token grant fails, and keeps nothing', async () => {
    const t = await setup();
    const res = await t.post('/installed', { ...t.installed, appSecret: 'forged' });
    expect(res.status).toBe(502);
    expect(await res.text()).toMatch(/crowdin_agent token grant failed: Nope/);
    expect(t.store.installation('acme')).toBeUndefined();
    expect((await t.post('/installed', { ...t.installed, agentId: undefined })).status).toBe(400);
  });

  it('forgets the organization at uninstall, only with its app secret', async () => {
    const t = await installed();
    const { appSecret: _secret, ...documented } = t.installed;
    expect((await t.post('/uninstall', documented)).status).toBe(403);
    expect((await t.post('/uninstall', { ...documented, appSecret: 'wrong' })).status).toBe(403);
    expect((await t.post('/uninstall', t.installed)).status).toBe(204);
    expect(t.store.installation('acme')).toBeUndefined();
  });
});

describe('settings', () => {
  const good = { rules: [{ query: 'is hidden', output: 'true' }], default: 'false' };

  it('are saved only with the service’s JWT', async () => {
    const t = await installed();
    expect((await t.post('/step/settings', { stepId: 12, settings: good })).status).toBe(401);
    const forged = await sign({ aud: CLIENT.clientId, domain: 'acme', exp: 9e9 }, 'not-the-secret', 'HS256');
    expect((await t.saveSettings(good, forged)).status).toBe(401);
    expect((await t.saveSettings(good, await t.jwt({ module: 'other-module' }))).status).toBe(403);
    const res = await t.saveSettings(good);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({
      data: {
        plans: [
          {
            query: 'is hidden',
            output: 'true',
            path: 'local',
            why: expect.stringMatching(/^Runs on each delivery/),
          },
        ],
      },
    });
    // The step's languages are asked of the service after the answer, and kept once it replies.
    await vi.waitFor(
      () =>
        expect(t.store.step('acme', 12)).toMatchObject({
          projectId: 1,
          workflowId: 3,
          settings: good,
          // As the database keeps them: sorted.
          languages: ['de', 'uk'],
        }),
      { timeout: 60_000, interval: 20 },
    );
  });

  it('are given to the settings page with the project’s names, for the page’s JWT only', async () => {
    const t = await installed();
    await t.saveSettings(good);
    const token = await t.jwt();
    const res = await t.router.app.request('/step/api/state?stepId=12', {
      headers: { Authorization: `Bearer ${token}` },
    });
    expect(res.status).toBe(200);
    const state = (await res.json()) as PageState;
    expect(state.settings).toEqual(good);
    expect(state.values?.languages.map((l) => l.id)).toEqual(['uk', 'de']);
    expect(state.values?.users.map((u) => u.username)).toContain('alice');
    expect(state.values?.labels.map((l) => l.title)).toContain('legal');
    expect((await t.router.app.request('/step/api/state?stepId=12')).status).toBe(401);
    // A page that is not told its step is offered the project's saved rules to start from.
    const unknown = await t.router.app.request('/step/api/state', {
      headers: { Authorization: `Bearer ${token}` },
    });
    const offered = (await unknown.json()) as PageState;
    expect([offered.stepId, offered.settings]).toEqual([null, null]);
    expect(offered.steps).toEqual([{ stepId: 12, savedAt: expect.any(String), settings: good }]);
  });

  it('are refused with the core’s reason when a rule does not pass its check', async () => {
    const t = await installed();
    const res = await t.saveSettings({
      rules: [good.rules[0], { query: 'count of coments > 0', output: 'false' }],
      default: 'false',
    });
    expect(res.status).toBe(400);
    const body = (await res.json()) as { error: { message: string; problems: { pointer: string }[] } };
    expect(body.error.message).toMatch(/^Rule 2: .*coments/);
    expect(body.error.problems[0]!.pointer).toBe('/rules/1/query');
    expect(t.store.step('acme', 12)).toBeUndefined();
    const mention = await t.saveSettings({
      rules: [{ query: 'count of comments where (user = @user:"nobody") > 0', output: 'true' }],
      default: 'false',
    });
    expect(mention.status).toBe(400);
    expect((await t.saveSettings({ rules: 'all', default: 'false' })).status).toBe(400);
  });
});

describe('F1, F3: a JWT opens only steps of its own project, installation and app', () => {
  const good = { rules: [{ query: 'is hidden', output: 'true' }], default: 'false' };
  const secret = {
    rules: [{ query: 'text contains "secret-rule-of-13"', output: 'true' }],
    default: 'false',
  };
  const project2 = { project_id: 2, organization_id: 200, user_id: 1 };

  async function twoProjects() {
    const t = await installed();
    expect((await t.saveSettings(good)).status).toBe(200);
    const other = await t.post(
      '/step/settings',
      { organizationId: 200, projectId: 2, workflowId: 3, stepId: 13, settings: secret },
      { Authorization: `Bearer ${await t.jwt({ context: project2 })}` },
    );
    expect(other.status).toBe(200);
    const state = async (query: string, token?: string) =>
      t.router.app.request(`/step/api/state${query}`, {
        headers: { Authorization: `Bearer ${token ?? (await t.jwt())}` },
      });
    const send = async (method: 'POST' | 'DELETE', path: string, body: unknown, token?: string) =>
      t.router.app.request(path, {
        method,
        body: JSON.stringify(body),
        headers: {
          'Content-Type': 'application/json',
          Authorization: `Bearer ${token ?? (await t.jwt())}`,
        },
      });
    return { ...t, state, send };
  }

  it('does not read another project’s step, nor list its rules', async () => {
    const t = await twoProjects();
    const read = await t.state('?stepId=13');
    expect(read.status).toBe(403);
    expect(await read.text()).not.toContain('secret-rule-of-13');
    const offered = (await (await t.state('')).json()) as PageState;
    expect(offered.steps.map((s) => s.stepId)).toEqual([12]);
    // The query cannot choose the project, and a token without one is offered nothing.
    const noProject = await t.jwt({ context: { organization_id: 200, user_id: 1 } });
    const listed = (await (await t.state('?projectId=2', noProject)).json()) as PageState;
    expect(listed.steps).toEqual([]);
    expect((await t.state('?stepId=13', noProject)).status).toBe(403);
    // A host that names the step in the token's context opens that step only.
    const step12 = await t.jwt({ context: { project_id: 1, organization_id: 200, workflow_step_id: 12 } });
    expect((await t.state('?stepId=12', step12)).status).toBe(200);
    expect((await t.state('?stepId=13', step12)).status).toBe(403);
  });

  it('does not save or delete another project’s step, whatever the body says', async () => {
    const t = await twoProjects();
    const evil = { rules: [{ query: 'max length >= 0', output: 'true' }], default: 'true' };
    const rewrite = await t.send('POST', '/step/settings', { stepId: 13, projectId: 1, settings: evil });
    expect(rewrite.status).toBe(403);
    const rehome = await t.send('POST', '/step/settings', { stepId: 13, projectId: 999, settings: evil });
    expect(rehome.status).toBe(403);
    expect((await rehome.json()) as unknown).toMatchObject({
      error: { message: "The body's project 999 is not the token's project 1." },
    });
    expect((await t.send('DELETE', '/step/delete', { stepId: 13 })).status).toBe(403);
    expect(t.store.step('acme', 13)).toMatchObject({ projectId: 2, settings: secret });
    // A step the service does not have in the token's project is refused too, and nothing is kept.
    t.service.missingSteps.add('1/14');
    expect((await t.send('POST', '/step/settings', { stepId: 14, settings: evil })).status).toBe(403);
    expect(t.store.step('acme', 14)).toBeUndefined();
    // Its own project's step: saved and deleted.
    expect((await t.send('DELETE', '/step/delete', { stepId: 12, projectId: 1 })).status).toBe(204);
    expect(t.store.step('acme', 12)).toBeUndefined();
  });

  it('refuses a JWT of another installation, and a step of another app that shares the OAuth client', async () => {
    const t = await twoProjects();
    const otherOrg = await t.jwt({ context: { project_id: 1, organization_id: 201, user_id: 1 } });
    expect((await t.state('?stepId=12', otherOrg)).status).toBe(403);
    expect((await t.saveSettings(good, otherOrg)).status).toBe(403);
    // evil-c's step 106 in project 1: the service refuses the router's agent its statuses.
    t.service.otherAppSteps.add(106);
    const res = await t.send('POST', '/step/settings', { stepId: 106, projectId: 1, settings: good });
    expect(res.status).toBe(403);
    expect(await res.text()).toMatch(/not open to CroQL Router/);
    expect(t.store.step('acme', 106)).toBeUndefined();
  });
});

describe('deliveries', () => {
  async function ready(
    settings: unknown = { rules: [{ query: 'is hidden', output: 'true' }], default: 'false' },
  ) {
    const t = await installed();
    expect((await t.saveSettings(settings)).status).toBe(200);
    return t;
  }

  it('F9: answers a prototype name as organization with a 4xx, never a 500', async () => {
    const t = await ready();
    const body = t.batch(0, 10);
    for (const name of ['__proto__', 'constructor', 'toString', 'hasOwnProperty']) {
      const byDomain = await t.deliver(body, { 'X-Crowdin-Domain': name });
      expect(byDomain.status, `X-Crowdin-Domain: ${name}`).toBe(401);
      const byId = await t.deliver(body, { 'X-Crowdin-Domain': '', 'X-Crowdin-Id': name });
      expect(byId.status, `X-Crowdin-Id: ${name}`).toBe(401);
      const page = await t.router.app.request('/step/api/state?stepId=12', {
        headers: { Authorization: `Bearer ${await t.jwt({ domain: name })}` },
      });
      expect(page.status, `JWT domain ${name}`).toBe(403);
      const good = { rules: [{ query: 'is hidden', output: 'true' }], default: 'false' };
      expect((await t.saveSettings(good, await t.jwt({ domain: name }))).status).toBe(403);
    }
    await t.router.engine.settled();
    expect(t.service.patches).toEqual([]);
  });

  it('route nothing unless signed with the installation’s secret', async () => {
    const t = await ready();
    const body = t.batch(0, 10);
    expect((await t.deliver(body, { 'X-Crowdin-Signature': '' })).status).toBe(400);
    expect(
      (await t.deliver(body, { 'X-Crowdin-Signature': signatureOf(new TextEncoder().encode(body), 'other') }))
        .status,
    ).toBe(403);
    expect((await t.deliver(body, { 'X-Crowdin-Id': '999', 'X-Crowdin-Domain': '' })).status).toBe(401);
    expect(
      (
        await t.deliver(body.replace('"uk"', '"de"'), {
          'X-Crowdin-Signature': signatureOf(new TextEncoder().encode(body), APP_SECRET),
        })
      ).status,
    ).toBe(403);
    await t.router.engine.settled();
    expect(t.service.patches).toEqual([]);
  });

  it('are answered at once, then routed by the rules in chunks of at most 500 ops', async () => {
    const t = await ready();
    const res = await t.deliver(t.batch(0, 1200));
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ received: 1200 });
    await t.router.engine.settled();
    expect(t.service.patches.map((p) => p.ops.length)).toEqual([500, 500, 200]);
    expect(t.service.patches[0]!.path).toBe('/api/v2/projects/1/workflow-steps/12/languages/uk/status');
    const want = data.strings.map((s) => `uk:${String(s.id)}=${s.isHidden ? 'true' : 'false'}`);
    expect(t.routed()).toEqual(want);
    expect(new Set(want.map((w) => w.split('=')[1])).size).toBe(2);
  });

  it('route each string once when a batch comes twice (or is replayed)', async () => {
    const t = await ready();
    const body = t.batch(0, 300);
    await t.deliver(body);
    await t.router.engine.settled();
    // Routed before at this revision: kept only to ask the service, which no longer has them NEED_PROCESS.
    expect((await t.deliver(body)).status).toBe(200);
    await t.deliver(t.batch(0, 300, 'de'));
    await t.router.engine.settled();
    expect(t.routed()).toHaveLength(600);
  });

  it('wait and retry on 429 and 5xx, and never route on a guess while the API is down', async () => {
    const t = await ready({ rules: [{ query: 'count of comments > 0', output: 'true' }], default: 'false' });
    t.service.matches.set('count of comments > 0', [1, 2, 3]);
    t.service.listingFaults.push(...Array(12).fill({ status: 503 }));
    t.service.patchFaults.push({ status: 429, headers: { 'Retry-After': '1' } }, { status: 500 });
    await t.deliver(t.batch(0, 10));
    // Nothing was PATCHed before the router said the strings wait: read when that line was written, not
    // after settling (on a busy machine the 20 ms retry may already have routed them by then).
    await vi.waitFor(
      () => expect(t.logs.some((l) => /10 strings wait .* and try again/.test(l))).toBe(true),
      {
        timeout: 60_000,
        interval: 30,
      },
    );
    const waiting = t.logs.findIndex((l) => /10 strings wait .* and try again/.test(l));
    expect(t.patchesAtLog[waiting]).toBe(0);
    // The batch waits its retry delay, then routes: waited for as an event, however busy the machine.
    await vi.waitFor(
      async () => {
        await t.router.engine.settled();
        expect(t.service.patches.length).toBeGreaterThan(0);
      },
      { timeout: 60_000, interval: 30 },
    );
    expect(t.routed()).toEqual(
      data.strings
        .slice(0, 10)
        .map((s) => `uk:${String(s.id)}=${[1, 2, 3].includes(s.id as number) ? 'true' : 'false'}`),
    );
  });

  it('park the strings that reach a rule the service refuses, say why, and route them after the next save', async () => {
    const t = await ready({
      rules: [
        { query: 'is hidden', output: 'true' },
        { query: 'count of comments > 0', output: 'false' },
      ],
      default: 'true',
    });
    await t.deliver(t.batch(0, 40));
    await t.router.engine.settled();
    const hidden = new Set(
      data.strings
        .slice(0, 40)
        .filter((s) => s.isHidden)
        .map((s) => String(s.id)),
    );
    expect(hidden.size).toBeGreaterThan(0);
    expect(t.routed()).toEqual(
      data.strings.slice(0, 40).map((s) => `uk:${String(s.id)}=${hidden.has(String(s.id)) ? 'true' : ''}`),
    );
    expect(t.logs.find((l) => l.includes('cannot run'))).toMatch(
      /rule 2 \("count of comments > 0"\) cannot run: croql: Field is not supported\. \d+ strings parked as TODO/,
    );
    // Saving again routes what was parked.
    t.service.matches.set('count of comments > 0', []);
    t.service.patches.length = 0;
    expect(
      (
        await t.saveSettings({
          rules: [{ query: 'count of comments > 0', output: 'false' }],
          default: 'true',
        })
      ).status,
    ).toBe(200);
    // The parked strings are routed after the save's answer: waited for as an event.
    await vi.waitFor(
      async () => {
        await t.router.engine.settled();
        expect(t.routed().sort()).toEqual(
          data.strings
            .slice(0, 40)
            .filter((s) => !s.isHidden)
            .map((s) => `uk:${String(s.id)}=true`)
            .sort(),
        );
      },
      { timeout: 60_000, interval: 20 },
    );
  });

  it('park strings of a step whose settings were never saved', async () => {
    const t = await installed();
    await t.deliver(t.batch(0, 3));
    await t.router.engine.settled();
    expect(t.routed()).toEqual(data.strings.slice(0, 3).map((s) => `uk:${String(s.id)}=`));
    expect(t.logs.some((l) => l.includes('the step has no settings yet'))).toBe(true);
  });
});
