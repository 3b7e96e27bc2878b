// Step settings as the service handles them: Save POSTs updateSettingsUrl with the JWT and the documented
// body, deleting a step DELETEs deleteSettingsUrl, the settings page opens with jwtToken, origin and
// clientId, and an app that refuses, hangs or answers the framework's 200 {"error"} loses nothing.
import vm from 'node:vm';
import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ControlErrorBody, SaveSettingsResponse, StepInfo } from '../../../wire/apps.ts';
import { BRIDGE_PATH } from '../../../wire/ap-bridge.ts';
import { STEP_EVENT } from '../../../wire/apps.ts';
import { startEmulator, type RunningEmulator } from '../testing.ts';
import { call, addStep, control, installStepApp, type SinkRequest } from './testing.ts';
import { APPS_PATHS, APPS_ROUTES } from '../../../wire/apps-routes.ts';

let em: RunningEmulator;
let s: Awaited<ReturnType<typeof installStepApp>>;

const stepModule = {
  key: 'review',
  name: 'Review',
  boundaries: {
    input: { title: 'Input', ports: ['all'] },
    outputs: [{ title: 'Good', port: 'translated' }],
  },
  url: '/workflow-step/review',
  updateSettingsUrl: '/workflow-step/settings/review',
  deleteSettingsUrl: '/workflow-step/delete/review',
};

beforeAll(async () => {
  em = await startEmulator({
    organization: 'acme',
    apps: { batchIntervalSeconds: 3600, webhookTimeoutSeconds: 0.5 },
  });
  s = await installStepApp(em.url, {
    extra: {
      modules: {
        'workflow-step-type': [stepModule],
        webhook: [{ key: 'hook', url: '/webhooks', events: [STEP_EVENT] }],
      },
    },
  });
});
afterAll(async () => {
  await em.close();
  await s.app.close();
});

const save = (stepId: number, settings: unknown) =>
  call<typeof APPS_ROUTES.saveSettings, SaveSettingsResponse & ControlErrorBody>(
    em.url,
    APPS_ROUTES.saveSettings,
    {
      params: [s.appId, stepId],
      body: { settings },
    },
  );
const stepInfo = async (stepId: number) =>
  (await call(em.url, APPS_ROUTES.overview)).json.apps[0]!.steps.find((x) => x.id === stepId);

function claimsOf(req: SinkRequest): Record<string, unknown> {
  const token = /^Bearer (.+)$/.exec(String(req.headers.authorization))![1]!;
  const [header, payload, signature] = token.split('.') as [string, string, string];
  // Signed with the OAuth client's secret, as the framework verifies it.
  expect(signature).toBe(
    createHmac('sha256', s.clientSecret).update(`${header}.${payload}`).digest('base64url'),
  );
  return JSON.parse(Buffer.from(payload, 'base64url').toString()) as Record<string, unknown>;
}

describe('saving settings', () => {
  let step: StepInfo;
  beforeAll(async () => {
    step = await addStep(em.url, s.appId, ['uk']);
  });

  it('POSTs updateSettingsUrl with Bearer JWT and {organizationId, projectId, workflowId, stepId, settings}; the step keeps them', async () => {
    const arrived = s.app.next(`POST ${stepModule.updateSettingsUrl}`);
    const { status, json } = await save(step.id, { rules: [{ croql: 'is hidden', output: 'translated' }] });
    expect(status).toBe(200);
    const req = await arrived;
    expect(req.headers['content-type']).toBe('application/json');
    expect(req.json()).toEqual({
      organizationId: 1,
      projectId: 1,
      workflowId: 1,
      stepId: step.id,
      settings: { rules: [{ croql: 'is hidden', output: 'translated' }] },
    });
    const claims = claimsOf(req);
    expect(claims).toMatchObject({ aud: s.clientId, sub: '1', domain: 'acme', module: 'review' });
    expect(claims.context).toMatchObject({ project_id: 1, organization_id: 1, user_id: 1 });
    expect((claims.exp as number) - (claims.iat as number)).toBe(900);
    expect(json.settings).toEqual({ rules: [{ croql: 'is hidden', output: 'translated' }] });
    expect(json.answer.ok).toBe(true);
    const info = await stepInfo(step.id);
    expect(info?.settings).toEqual({ rules: [{ croql: 'is hidden', output: 'translated' }] });
    expect(info?.settingsSavedAt).toBe(json.savedAt);
    // The call is in the log, as sent.
    const { json: detail } = await call(em.url, APPS_ROUTES.delivery, { params: [json.deliveryId] });
    expect(detail.kind).toBe('settings');
    expect(JSON.parse(detail.request.body)).toMatchObject({ stepId: step.id });
    // Only webhook deliveries are redelivered; the refusal names what this one is (it said "an settings event").
    const again = await call<typeof APPS_ROUTES.redeliver, ControlErrorBody>(em.url, APPS_ROUTES.redeliver, {
      params: [json.deliveryId],
    });
    expect([again.status, again.json.error.message]).toEqual([
      409,
      `Delivery ${json.deliveryId} is a settings callback (updateSettingsUrl); only webhook deliveries can be redelivered.`,
    ]);
  });

  it('a 500 keeps the settings the step had, shows the problem with the answer, and keeps what was sent', async () => {
    s.app.on(`POST ${stepModule.updateSettingsUrl}`, { status: 500, body: 'database is locked' });
    const { status, json } = await save(step.id, { rules: [] });
    expect(status).toBe(502);
    expect(json.error.code).toBe('settingsRefused');
    expect(json.error.message).toContain('It answered 500. Only a 2xx saves the settings.');
    expect(json.error.message).not.toContain('delivery.');
    expect(json.error.message).toContain('keeps the settings it had');
    expect(json.error.answer?.answerStart).toBe('database is locked');
    expect((await stepInfo(step.id))?.settings).toEqual({
      rules: [{ croql: 'is hidden', output: 'translated' }],
    });
    const { json: detail } = await call(em.url, APPS_ROUTES.delivery, { params: [json.error.deliveryId!] });
    expect(JSON.parse(detail.request.body).settings).toEqual({ rules: [] });
    const overview = (await call(em.url, APPS_ROUTES.overview)).json;
    expect(overview.apps[0]!.problems[0]).toMatchObject({
      code: 'settingsRefused',
      deliveryId: json.error.deliveryId,
    });
  });

  it('the official framework\'s 200 {"error": {"message"}} is a refusal, with the app\'s message', async () => {
    s.app.on(`POST ${stepModule.updateSettingsUrl}`, {
      status: 200,
      body: JSON.stringify({ error: { message: 'Rule 2 has no output' } }),
      headers: { 'Content-Type': 'application/json' },
    });
    const { status, json } = await save(step.id, { rules: [{}] });
    expect(status).toBe(502);
    expect(json.error.message).toContain('"Rule 2 has no output"');
    expect((await stepInfo(step.id))?.settings).toEqual({
      rules: [{ croql: 'is hidden', output: 'translated' }],
    });
  });

  it('a hanging app is given up after the timeout, and the emulator keeps serving meanwhile', async () => {
    s.app.on(`POST ${stepModule.updateSettingsUrl}`, 'hang');
    const saving = save(step.id, { rules: [{ croql: 'is hidden' }] });
    const health = await fetch(`${em.url}/health`);
    expect(health.status).toBe(200);
    const { status, json } = await saving;
    expect(status).toBe(502);
    expect(json.error.message).toContain('No answer within 500 ms');
    expect((await stepInfo(step.id))?.settings).toEqual({
      rules: [{ croql: 'is hidden', output: 'translated' }],
    });
    s.app.on(`POST ${stepModule.updateSettingsUrl}`, { status: 204 });
  });

  it('refuses a missing settings, a step of another app, and an app without updateSettingsUrl, saying what to do', async () => {
    // No settings, which the table's types refuse: the raw form.
    const missing = await control<ControlErrorBody>(
      em.url,
      'POST',
      APPS_PATHS.stepSettings(s.appId, step.id),
      {},
    );
    expect(missing.status).toBe(400);
    expect(missing.json.error.message).toContain('settings is required');
    const unknownApp = await call<typeof APPS_ROUTES.saveSettings, ControlErrorBody>(
      em.url,
      APPS_ROUTES.saveSettings,
      {
        params: ['nope', step.id],
        body: { settings: {} },
      },
    );
    expect(unknownApp.status).toBe(404);
    expect(unknownApp.json.error.code).toBe('unknownApp');
    const unknownStep = await save(9999, {});
    expect(unknownStep.status).toBe(404);
    expect(unknownStep.json.error.code).toBe('unknownStep');
  });
});

describe('the settings page', () => {
  it('opens at url with jwtToken, origin (the emulator, where the bridge is) and clientId', async () => {
    const step = await addStep(em.url, s.appId);
    const { status, json } = await call(em.url, APPS_ROUTES.settingsPage, { params: [s.appId, step.id] });
    expect(status).toBe(200);
    const url = new URL(json.url);
    expect(`${url.origin}${url.pathname}`).toBe(`${s.app.url}/workflow-step/review`);
    expect(url.searchParams.get('jwtToken')).toBe(json.jwtToken);
    expect(url.searchParams.get('origin')).toBe(em.url);
    expect(url.searchParams.get('clientId')).toBe(s.clientId);
    expect(json.bridgeUrl).toBe(`${em.url}${BRIDGE_PATH}`);
    expect(json.parentOrigins).toContain('http://127.0.0.1:5173');
    const claims = JSON.parse(Buffer.from(json.jwtToken.split('.')[1]!, 'base64url').toString());
    expect(claims).toMatchObject({ aud: s.clientId, module: 'review', context: { project_id: 1 } });
  });

  it('logs its opening, so the calls the page makes as it loads are listed under it, not an older delivery', async () => {
    const step = await addStep(em.url, s.appId);
    const { json: page } = await call(em.url, APPS_ROUTES.settingsPage, { params: [s.appId, step.id] });
    const { json: opened } = await call(em.url, APPS_ROUTES.delivery, { params: [page.deliveryId] });
    expect(opened).toMatchObject({
      kind: 'settings-page',
      appId: s.appId,
      moduleKey: 'review',
      method: 'GET',
      url: page.url,
      attempts: [],
    });
    // The page, loading, reads the project's workflow steps with the app's token.
    const read = await fetch(`${em.url}/api/v2/projects/1/workflow-steps`, {
      headers: { Authorization: `Bearer ${s.token}` },
    });
    expect(read.status).toBe(200);
    const { json: calls } = await call(em.url, APPS_ROUTES.calls, { query: { app: s.appId } });
    expect(calls.data[0]).toMatchObject({
      method: 'GET',
      path: '/api/v2/projects/1/workflow-steps',
      afterDelivery: page.deliveryId,
    });
    // Nothing to redeliver: the emulator never sent it.
    const again = await call<typeof APPS_ROUTES.redeliver, ControlErrorBody>(em.url, APPS_ROUTES.redeliver, {
      params: [page.deliveryId],
      body: {},
    });
    expect(again.status).toBe(409);
    expect(again.json.error.message).toContain('the opening of a settings page');
  });

  it('the bridge is served there as JavaScript any page may load, for the playground origins only', async () => {
    const res = await fetch(`${em.url}${BRIDGE_PATH}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/javascript');
    expect(res.headers.get('cross-origin-resource-policy')).toBe('cross-origin');
    const source = await res.text();
    // Compiled, not run: a syntax error would throw here.
    expect(() => new vm.Script(source)).not.toThrow();
    expect(source).toContain('"parentOrigins":["http://127.0.0.1:5173"');
  });
});

describe('deleting a step', () => {
  it('DELETEs deleteSettingsUrl with the JWT and the body without settings, then the step is gone', async () => {
    const step = await addStep(em.url, s.appId);
    const arrived = s.app.next(`DELETE ${stepModule.deleteSettingsUrl}`);
    const { status, json } = await call(em.url, APPS_ROUTES.deleteStep, { params: [s.appId, step.id] });
    expect(status).toBe(200);
    const req = await arrived;
    expect(req.json()).toEqual({ organizationId: 1, projectId: 1, workflowId: 1, stepId: step.id });
    expect(claimsOf(req)).toMatchObject({ module: 'review' });
    expect(json).toMatchObject({ stepId: step.id, problem: null });
    expect(await stepInfo(step.id)).toBeUndefined();
    const api = await fetch(`${em.url}/api/v2/projects/1/workflow-steps/${step.id}/languages/uk/status`, {
      headers: { Authorization: `Bearer ${s.token}` },
    });
    expect(api.status).toBe(404);
  });

  it('an app that refuses is shown as a problem; the step is deleted anyway', async () => {
    const step = await addStep(em.url, s.appId);
    s.app.on(`DELETE ${stepModule.deleteSettingsUrl}`, { status: 403, body: '{"error":"Access denied"}' });
    const { status, json } = await call(em.url, APPS_ROUTES.deleteStep, { params: [s.appId, step.id] });
    expect(status).toBe(200);
    expect(json.problem).toContain('answered 403');
    expect(await stepInfo(step.id)).toBeUndefined();
    const overview = (await call(em.url, APPS_ROUTES.overview)).json;
    expect(overview.apps[0]!.problems[0]).toMatchObject({
      code: 'deleteSettingsRefused',
      deliveryId: json.deliveryId,
    });
  });
});
