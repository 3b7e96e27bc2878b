// Deliveries to a real app on a loopback port: batching, the signature over the exact bytes, the documented
// payload from live objects, retries → FAILED → re-trigger, what a misbehaving app gets, the log, redelivery,
// fixtures and triggered events (`apps listen` is in cli.test.ts).
import { createHmac } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import type { ControlErrorBody, DeliveryDetail, DeliverySummary } from '../../../wire/apps.ts';
import { STEP_EVENT } from '../../../wire/apps.ts';
import { appsCommand } from './cli.ts';
import { call, control } from './testing.ts';
import { setUpStepApp } from './testing-step-app.ts';
import { APPS_PATHS, APPS_ROUTES, type RouteQuery } from '../../../wire/apps-routes.ts';

/* eslint-disable @typescript-eslint/no-explicit-any -- payloads are JSON */

const s = setUpStepApp(
  {
    organization: 'acme',
    apps: {
      batchIntervalSeconds: 0,
      retryScheduleSeconds: [0.05, 0.05],
      webhookTimeoutSeconds: 0.4,
      batchMaxEvents: 500,
    },
  },
  ['uk', 'de'],
);
afterEach(() => {
  s.app.on('POST /webhooks', { status: 200 });
  s.em.config.apps.batchIntervalSeconds = 0;
});

const ids = (from: number, n: number) =>
  s.em.config.data.strings
    .filter((x) => !x.isHidden)
    .slice(from, from + n)
    .map((x) => x.id as number);
let seen = 0;
async function send(stringIds: number[], languages = ['uk']) {
  seen =
    (await call(s.em.url, APPS_ROUTES.deliveries, { query: { kind: 'webhook', limit: 1 } })).json.data[0]
      ?.id ?? 0;
  return call(s.em.url, APPS_ROUTES.send, { params: [s.step.id], body: { stringIds, languages } });
}
const deliveries = async (query: RouteQuery = {}) =>
  (await call(s.em.url, APPS_ROUTES.deliveries, { query })).json;
const detail = async (id: number) => (await call(s.em.url, APPS_ROUTES.delivery, { params: [id] })).json;
/** Resolves when a delivery reaches one of the states. */
async function settled(id: number, states = ['delivered', 'failed']): Promise<DeliveryDetail> {
  for (let i = 0; i < 200; i++) {
    const d = await detail(id);
    if (states.includes(d.state)) return d;
    await new Promise((r) => setTimeout(r, 20));
  }
  throw new Error(`delivery ${id} did not settle`);
}
/** The webhook delivery of the last send (sends are queued, not sent inline). */
async function newest(): Promise<DeliverySummary> {
  for (let i = 0; i < 200; i++) {
    const latest = (await deliveries({ kind: 'webhook', limit: 1 })).data[0];
    if (latest && latest.id > seen) {
      seen = latest.id;
      return latest;
    }
    await new Promise((r) => setTimeout(r, 10));
  }
  throw new Error('no new delivery');
}
const status = async (stringId: number, languageId = 'uk') =>
  s.em.apps.steps.record(s.em.apps.steps.get(s.step.id)!, languageId, stringId).status;

describe('a step event batch', () => {
  it("is one signed POST with the service's headers and the documented payload, built from live objects", async () => {
    const hook = s.app.next('POST /webhooks');
    const [a, b] = ids(0, 2) as [number, number];
    await send([a, b], ['uk', 'de']);
    const req = await hook;
    expect(req.headers).toMatchObject({
      'user-agent': 'Crowdin-Webhook',
      'content-type': 'application/json',
      'x-crowdin-id': '1',
      'x-crowdin-domain': 'acme',
      'x-module-key': 'step-hook',
    });
    const expected = createHmac('sha256', s.secret).update(req.body).digest('hex');
    expect(req.headers['x-crowdin-signature']).toBe(expected);
    const { events } = req.json<{ events: any[] }>();
    expect(events).toHaveLength(4);
    const e = events.find(
      (x) => x.stringStatus.translation.id === a && x.stringStatus.affectedLanguage.id === 'de',
    );
    const string = s.em.config.data.strings.find((x) => x.id === a) as any;
    expect(e.event).toBe(STEP_EVENT);
    expect(Object.keys(e.stringStatus)).toEqual([
      'status',
      'output',
      'originEvent',
      'organizationId',
      'translation',
      'sourceLanguage',
      'affectedLanguage',
      'workflowStep',
      'user',
    ]);
    expect(e.stringStatus).toMatchObject({
      status: 'NEED_PROCESS',
      output: '',
      originEvent: 'string.added',
      organizationId: '1',
    });
    expect(e.stringStatus.translation).toMatchObject({
      id: a,
      key: string.identifier,
      identifier: expect.stringMatching(/^[0-9a-f]{32}$/),
      maxLength: expect.any(String),
      revision: expect.any(Number),
      file: {
        id: string.file.id,
        name: string.file.name,
        revision: expect.any(String),
        branch: { id: expect.any(Number) },
      },
      project: {
        id: 1,
        identifier: 'acme-shop',
        groupId: 1,
        logo: expect.stringMatching(/^data:image\/png;base64,/),
      },
      url: `https://acme.crowdin.com/editor/1/${string.file.id}/en-de#${a}`,
    });
    expect(Object.keys(e.stringStatus.affectedLanguage)).toEqual([
      'id',
      'name',
      'editorCode',
      'twoLettersCode',
      'threeLettersCode',
      'locale',
      'androidCode',
      'osxCode',
      'osxLocale',
      'textDirection',
      'dialectOf',
    ]);
    expect(e.stringStatus.workflowStep).toEqual({
      id: s.step.id,
      title: 'Review',
      type: 'Application',
      languages: ['uk', 'de'],
      applicationModule: { applicationIdentifier: 'test-step-app', moduleKey: 'review' },
    });
    expect(e.stringStatus.user).toEqual({
      id: '1',
      username: 'alice',
      fullName: 'Alice Anderson',
      avatarUrl: expect.any(String),
    });
  });

  it('waits for the batch interval, goes at once on flush, and splits at the batch size', async () => {
    s.em.config.apps.batchIntervalSeconds = 3600;
    const before = (await deliveries({ kind: 'webhook' })).total;
    await send(ids(100, 10));
    await new Promise((r) => setTimeout(r, 100));
    expect((await deliveries({ kind: 'webhook' })).total).toBe(before);
    // A full batch goes at once; the rest waits for the interval, or a flush.
    await send(ids(110, 590));
    await new Promise((r) => setTimeout(r, 100));
    expect((await deliveries({ kind: 'webhook' })).data.slice(0, 1).map((d) => d.eventCount)).toEqual([500]);
    expect(s.em.apps.deliveries.queued(s.appId)).toBe(100);
    const flushed = await call(s.em.url, APPS_ROUTES.flush);
    expect(flushed.json).toEqual({ deliveries: 1, retries: 0 });
    const list = await deliveries({ kind: 'webhook' });
    expect(list.total).toBe(before + 2);
    expect(list.data.slice(0, 2).map((d) => d.eventCount)).toEqual([100, 500]);
  });

  it('shows what waits in the overview, says so on the stream, and empties on flush or when the batch goes', async () => {
    const overview = async () => (await call(s.em.url, APPS_ROUTES.overview)).json;
    const changes: string[] = [];
    const stop = s.em.apps.stream.subscribe((e) => {
      if (e.type === 'apps') changes.push(JSON.stringify(s.em.apps.deliveries.waiting()));
    });
    try {
      s.em.config.apps.batchIntervalSeconds = 3600;
      expect((await overview()).queued).toEqual([]);
      const before = (await deliveries({ kind: 'webhook' })).total;
      const t0 = Date.now();
      await send(ids(200, 3), ['uk', 'de']);
      const first = (await overview()).queued;
      expect(first).toEqual([
        { appId: s.appId, moduleKey: 'step-hook', events: 6, sendsAt: expect.any(String) },
      ]);
      const sendsAt = Date.parse(first[0]!.sendsAt);
      expect(sendsAt).toBeGreaterThanOrEqual(t0 + 3600_000);
      expect(sendsAt).toBeLessThanOrEqual(Date.now() + 3600_000);
      // More events join the same batch: its time stays.
      await send(ids(203, 2));
      expect((await overview()).queued).toEqual([{ ...first[0], events: 8 }]);
      expect(changes.map((c) => JSON.parse(c) as unknown[])).toEqual([
        [{ ...first[0], events: 6 }],
        [{ ...first[0], events: 8 }],
      ]);
      expect((await deliveries({ kind: 'webhook' })).total).toBe(before);

      // Sent now for this app only: nothing waits, the stream said so, and the batch is in the log.
      expect((await call(s.em.url, APPS_ROUTES.flush, { body: { app: 'no-such-app' } })).status).toBe(404);
      const lines: string[] = [];
      const say = (l: string) => lines.push(l);
      const port = new URL(s.em.url).port;
      expect(await appsCommand(['flush', '--app', 'no-such-app', '--port', port], say, say)).toBe(1);
      expect(lines.join('\n')).toContain('no-such-app');
      lines.length = 0;
      expect(await appsCommand(['flush', '--app', s.appId, '--port', port], say, say)).toBe(0);
      expect(lines).toEqual([`Sent 1 batch and 0 waiting retries of "${s.appId}".`]);
      expect((await overview()).queued).toEqual([]);
      expect(changes.at(-1)).toBe('[]');
      expect((await newest()).eventCount).toBe(8);

      // Sent when the interval ends.
      s.em.config.apps.batchIntervalSeconds = 0.5;
      changes.length = 0;
      await send(ids(205, 1));
      expect((await overview()).queued).toMatchObject([{ appId: s.appId, events: 1 }]);
      expect((await newest()).eventCount).toBe(1);
      expect((await overview()).queued).toEqual([]);
      expect(changes.at(-1)).toBe('[]');
    } finally {
      stop();
    }
  });
});

describe('a failing app', () => {
  it('gets retries on the schedule, then its strings are FAILED; re-trigger sends them again', async () => {
    s.app.on('POST /webhooks', { status: 500, body: 'boom' });
    const [c] = ids(50, 1) as [number];
    await send([c]);
    const d = await settled((await newest()).id);
    expect(d.state).toBe('failed');
    expect(d.attempts.map((a) => [a.n, a.status, a.ok, a.answerStart])).toEqual([
      [1, 500, false, 'boom'],
      [2, 500, false, 'boom'],
      [3, 500, false, 'boom'],
    ]);
    expect(await status(c)).toBe('FAILED');
    const { json } = await call(s.em.url, APPS_ROUTES.overview);
    expect(json.apps[0]!.problems[0]).toMatchObject({ code: 'deliveryFailed', deliveryId: d.id });
    // The route to use, with the step's id filled in (it said `/__apps/steps/{stepId}/retrigger`).
    expect(json.apps[0]!.problems[0]!.message).toMatch(
      new RegExp(
        `1 string is FAILED on the step; re-trigger them with POST /__apps/steps/${s.step.id}/retrigger\\.$`,
      ),
    );
    s.app.on('POST /webhooks', { status: 200 });
    const hook = s.app.next('POST /webhooks');
    await call(s.em.url, APPS_ROUTES.retrigger, { params: [s.step.id], body: { stringIds: [c] } });
    expect(await status(c)).toBe('NEED_PROCESS');
    expect((await hook).json<{ events: any[] }>().events.map((e) => e.stringStatus.translation.id)).toEqual([
      c,
    ]);
  });

  it('redirects are not followed', async () => {
    s.app.on('POST /webhooks', { status: 307, headers: { Location: '/elsewhere' } });
    await send(ids(60, 1));
    const d = await settled((await newest()).id);
    expect(d.attempts[0]).toMatchObject({
      status: 307,
      location: '/elsewhere',
      ok: false,
      error: expect.stringContaining('does not follow redirects'),
    });
    expect(s.app.received('POST /elsewhere')).toEqual([]);
  });

  it('an answer that is not HTTP, a slow answer, and a 6 MB answer', async () => {
    s.app.on('POST /webhooks', 'garbage');
    await send(ids(70, 1));
    let d = await settled((await newest()).id);
    expect(d.attempts[0]!.error).toContain('not HTTP');

    s.app.on('POST /webhooks', { status: 200, delayMs: 1000 });
    await send(ids(71, 1));
    d = await settled((await newest()).id);
    expect(d.attempts[0]).toMatchObject({ status: null, error: 'No answer within 400 ms.' });

    s.app.on('POST /webhooks', { status: 200, body: Buffer.alloc(6 * 1024 * 1024, 120) });
    await send(ids(72, 1));
    d = await settled((await newest()).id);
    expect(d.state).toBe('delivered');
    expect(d.attempts[0]).toMatchObject({ status: 200, answerTruncated: true });
    expect(d.attempts[0]!.answerStart).toHaveLength(2048);
  });

  it('a hanging app does not hold the listings', async () => {
    s.app.on('POST /webhooks', 'hang');
    await send(ids(80, 1));
    const pending = await newest();
    const res = await fetch(`${s.em.url}/api/v2/projects/1/strings?limit=5`, {
      headers: { Authorization: `Bearer ${s.em.personalToken('alice')}` },
    });
    expect(res.status).toBe(200);
    expect((await detail(pending.id)).state).toBe('sending');
    await settled(pending.id);
  });
});

describe('the log', () => {
  it('lists newest first with filters, and shows each request and attempt', async () => {
    const hook = s.app.next('POST /webhooks');
    await send(ids(90, 2));
    const req = await hook;
    const first = await newest();
    const d = await settled(first.id);
    expect(d.request.body).toBe(req.body.toString('utf8'));
    expect(d.request.headers['X-Crowdin-Signature']).toBe(req.headers['x-crowdin-signature']);
    expect(d.attempts[0]).toMatchObject({
      n: 1,
      status: 200,
      ok: true,
      startedAt: expect.any(String),
      durationMs: expect.any(Number),
    });
    expect(d.stepStrings).toHaveLength(2);
    const all = await deliveries();
    expect(all.data.map((x) => x.id)).toEqual([...all.data.map((x) => x.id)].sort((a, b) => b - a));
    expect((await deliveries({ state: 'failed' })).data.every((x) => x.state === 'failed')).toBe(true);
    expect((await deliveries({ event: STEP_EVENT })).data.every((x) => x.events.includes(STEP_EVENT))).toBe(
      true,
    );
    expect((await deliveries({ kind: 'installed' })).data.map((x) => x.appId)).toEqual(['test-step-app']);
    expect((await call(s.em.url, APPS_ROUTES.deliveries, { query: { state: 'lost' } })).status).toBe(400);
    // A kind it does not have is refused as a state is, not answered with an empty log.
    expect(await call(s.em.url, APPS_ROUTES.deliveries, { query: { kind: 'webhooks' } })).toEqual({
      status: 400,
      json: {
        error: {
          code: 'invalidRequest',
          message:
            'kind must be one of webhook, installed, uninstall, settings, delete-settings, module-call, settings-page, module-page.',
        },
      },
    });
    expect((await call(s.em.url, APPS_ROUTES.delivery, { params: [999999] })).status).toBe(404);
    // Ids that are not numbers, which the table's types refuse: the raw form.
    expect(await control(s.em.url, 'GET', APPS_PATHS.delivery('abc' as unknown as number))).toEqual({
      status: 404,
      json: { error: { code: 'notFound', message: 'A delivery id is an integer, not "abc".' } },
    });
    expect(
      (await control(s.em.url, 'POST', APPS_PATHS.retrigger('x1' as unknown as number), {})).json,
    ).toEqual({
      error: { code: 'notFound', message: 'A step id is an integer, not "x1".' },
    });
  });

  it('a fixture is the request exactly as sent', async () => {
    const hook = s.app.next('POST /webhooks');
    await send(ids(95, 1));
    const req = await hook;
    const fixture = (await call(s.em.url, APPS_ROUTES.fixture, { params: [(await newest()).id] })).json;
    expect(fixture.method).toBe('POST');
    expect(fixture.url).toBe(`${s.app.url}/webhooks`);
    expect(fixture.body).toBe(req.body.toString('utf8'));
    for (const [name, value] of Object.entries(fixture.headers))
      expect(req.headers[name.toLowerCase()]).toBe(value);
  });

  it('redelivers the same bytes with a valid signature, naming the first delivery', async () => {
    let hook = s.app.next('POST /webhooks');
    await send(ids(96, 1));
    const first = await hook;
    const original = await newest();
    hook = s.app.next('POST /webhooks');
    const r = await call(s.em.url, APPS_ROUTES.redeliver, { params: [original.id] });
    expect(r.status).toBe(201);
    expect(r.json.redeliveryOf).toBe(original.id);
    const again = await hook;
    expect(again.body.equals(first.body)).toBe(true);
    expect(again.headers['x-crowdin-signature']).toBe(
      createHmac('sha256', s.secret).update(again.body).digest('hex'),
    );
    const installed = (await deliveries({ kind: 'installed' })).data[0]!;
    expect(
      (
        await call<typeof APPS_ROUTES.redeliver, ControlErrorBody>(s.em.url, APPS_ROUTES.redeliver, {
          params: [installed.id],
        })
      ).status,
    ).toBe(409);
  });
});

describe("the app's calls", () => {
  it('are logged beside the delivery that caused them, even one made before the app answers it', async () => {
    s.app.on('POST /webhooks', async (req) => {
      // This app PATCHes first and answers the delivery after.
      const id = req.json<{ events: any[] }>().events[0].stringStatus.translation.id as number;
      await fetch(`${s.em.url}/api/v2/projects/1/workflow-steps/${s.step.id}/languages/uk/status`, {
        method: 'PATCH',
        headers: { Authorization: `Bearer ${s.token}`, 'Content-Type': 'application/json' },
        body: JSON.stringify([{ op: 'replace', path: `/${id}/output`, value: 'translated' }]),
      });
      return { status: 200 };
    });
    await send(ids(97, 1));
    const deliveryOfCall = (await settled((await newest()).id)).id;
    const calls = (
      await call<typeof APPS_ROUTES.calls, { data: any[] }>(s.em.url, APPS_ROUTES.calls, {
        query: { app: s.appId, limit: 5 },
      })
    ).json.data;
    expect(calls[0]).toMatchObject({
      kind: 'api',
      method: 'PATCH',
      path: `/api/v2/projects/1/workflow-steps/${s.step.id}/languages/uk/status`,
      status: 200,
      afterDelivery: deliveryOfCall,
    });
    expect(calls.find((c) => c.kind === 'token')).toMatchObject({
      path: '/oauth/token (crowdin_agent)',
      status: 200,
    });
  });
});

describe('triggered events', () => {
  it('any documented event the app subscribes to, from live objects', async () => {
    const hook = s.app.next('POST /webhooks');
    const file = s.em.config.data.files[1]!;
    const r = await call(s.em.url, APPS_ROUTES.trigger, {
      params: [s.appId],
      body: {
        event: 'file.added',
        fileId: file.id,
        userId: 2,
      },
    });
    expect(r.json).toEqual({ event: 'file.added', modules: ['step-hook'] });
    const { events } = (await hook).json<{ events: any[] }>();
    expect(events).toEqual([
      {
        event: 'file.added',
        file: expect.objectContaining({
          id: String(file.id),
          name: file.name,
          path: file.path,
          project: expect.objectContaining({ id: '1' }),
        }),
        user: expect.objectContaining({ id: '2', username: 'bob' }),
      },
    ]);
  });

  it('refuses an event the app does not subscribe to, an undocumented one, and objects that do not exist', async () => {
    // Some bodies are wrong on purpose, which the table's types refuse: the raw form.
    const trigger = (body: Record<string, unknown>) =>
      control<ControlErrorBody>(s.em.url, 'POST', APPS_PATHS.trigger(s.appId), body);
    expect((await trigger({ event: 'project.translated' })).json.error.code).toBe('notSubscribed');
    expect((await trigger({ event: 'file.exploded' })).json.error.code).toBe('unknownEvent');
    // No event at all says that it is missing and which ones the app takes, not `undefined is not …`.
    expect(await trigger({})).toEqual({
      status: 400,
      json: {
        error: {
          code: 'invalidRequest',
          message:
            'event is required: the documented event to emit, e.g. {"event": "file.added", "fileId": 1}. ' +
            `"${s.appId}" subscribes to file.added.`,
        },
      },
    });
    expect((await trigger({ event: STEP_EVENT })).json.error.code).toBe('useSend');
    expect((await trigger({ event: 'file.added', fileId: 9999 })).json.error).toMatchObject({
      code: 'unknownSubject',
      message: 'No file 9999 in project 1.',
    });
  });
});
