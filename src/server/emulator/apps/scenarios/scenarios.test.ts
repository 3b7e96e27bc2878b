// Record and replay over real HTTP, between two real step apps on loopback ports: what a recording holds,
// a replay's bytes, signature, order, rhythm and redeliveries as the second app receives them, the refusals
// of bad scenarios and requests, and `apps record|replay` from the terminal.
import { APPS_PATHS, APPS_ROUTES } from '../../../../wire/apps-routes.ts';
import { createHmac } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StepInfo } from '../../../../wire/apps.ts';
import { type ReplayResponse, type Scenario, type ScenarioDelivery } from '../../../../wire/scenarios.ts';
import { startEmulator, type RunningEmulator } from '../../testing.ts';
import { appsCommand } from '../cli.ts';
import { control, call, addStep, installStepApp, type SinkRequest } from '../testing.ts';

let em: RunningEmulator;
let a: Awaited<ReturnType<typeof installStepApp>>;
let b: Awaited<ReturnType<typeof installStepApp>>;
let step: StepInfo;
const temp = mkdtempSync(join(tmpdir(), 'croql-scenarios-'));

beforeAll(async () => {
  em = await startEmulator({ organization: 'acme', apps: { batchIntervalSeconds: 0 } });
  a = await installStepApp(em.url);
  b = await installStepApp(em.url, {
    name: 'Other Step App',
    extra: { identifier: 'other-step-app', agent: { username: 'other-agent', name: 'Other' } },
  });
  step = await addStep(em.url, a.appId, ['uk']);
});
afterAll(async () => {
  await em.close();
  await Promise.all([a.app.close(), b.app.close()]);
  rmSync(temp, { recursive: true, force: true });
});

const visible = () => em.config.data.strings.filter((x) => !x.isHidden).map((x) => x.id as number);
const sign = (secret: string, body: Buffer | string) =>
  createHmac('sha256', secret).update(body).digest('hex');
// Some bodies are wrong on purpose, which the table's types refuse: the raw form.
const replay = (body: object) =>
  control<ReplayResponse & { error?: { message: string } }>(em.url, 'POST', APPS_PATHS.scenarioReplay, body);
const webhooks = (from: SinkRequest[]) => from.filter((r) => r.method === 'POST' && r.path === '/webhooks');

let recorded: Scenario;

describe('a recording', () => {
  it('holds each webhook delivery to the app as sent, with its offset, and a redelivery naming its first', async () => {
    expect((await call(em.url, APPS_ROUTES.scenarioRecord, { body: { app: a.appId } })).status).toBe(201);
    const again = await call(em.url, APPS_ROUTES.scenarioRecord, { body: { app: a.appId } });
    expect(again).toMatchObject({ status: 409, json: { error: { code: 'recording' } } });
    const [s1, s2] = visible() as [number, number];
    const first = a.app.next('POST /webhooks');
    await call(em.url, APPS_ROUTES.send, { params: [step.id], body: { stringIds: [s1], languages: ['uk'] } });
    await first;
    const second = a.app.next('POST /webhooks');
    await call(em.url, APPS_ROUTES.send, { params: [step.id], body: { stringIds: [s2], languages: ['uk'] } });
    await second;
    const { json: log } = await call(em.url, APPS_ROUTES.deliveries, {
      query: { app: a.appId, kind: 'webhook', limit: 2 },
    });
    const firstId = log.data[1]!.id;
    const third = a.app.next('POST /webhooks');
    await call(em.url, APPS_ROUTES.redeliver, { params: [firstId] });
    await third;
    const stopped = await call(em.url, APPS_ROUTES.scenarioStop);
    expect(stopped.status).toBe(200);
    recorded = stopped.json;
    expect(recorded).toMatchObject({
      format: 'croql-emulator-scenario',
      version: 1,
      app: a.appId,
      leftOut: 0,
    });
    const got = webhooks(a.app.requests).slice(-3);
    expect(recorded.deliveries.map((d) => d.body)).toEqual(got.map((r) => r.body.toString('utf8')));
    expect(recorded.deliveries.map((d) => d.headers['X-Crowdin-Signature'])).toEqual(
      got.map((r) => r.headers['x-crowdin-signature']),
    );
    expect(recorded.deliveries[0]).toMatchObject({ id: firstId, redeliveryOf: null, moduleKey: 'step-hook' });
    expect(recorded.deliveries[2]).toMatchObject({ redeliveryOf: firstId });
    const offsets = recorded.deliveries.map((d) => d.offsetMs);
    expect(offsets).toEqual([...offsets].sort((x, y) => x - y));
    expect((await call(em.url, APPS_ROUTES.scenarioStop)).json).toMatchObject({
      error: { code: 'notRecording' },
    });
  });
});

describe('a replay', () => {
  it('sends the same bytes to another installed app, signed with its secret, in order, a redelivery naming the replayed first', async () => {
    const before = webhooks(b.app.requests).length;
    const { status, json } = await replay({ scenario: recorded, app: b.appId, speed: 50 });
    expect(status, JSON.stringify(json)).toBe(200);
    expect(json.deliveries).toHaveLength(3);
    const [first, , again] = json.deliveries;
    expect(again!.redeliveryOf).toBe(first!.id);
    expect(first!.redeliveryOf).toBeNull();
    const got = await until(() => webhooks(b.app.requests).slice(before), 3);
    // Two copies of the first may race the second on the wire; each arrives as recorded and signed anew.
    for (const req of got) {
      expect(recorded.deliveries.map((d) => d.body)).toContain(req.body.toString('utf8'));
      expect(req.headers['x-crowdin-signature']).toBe(sign(b.secret, req.body));
      expect(req.headers['x-crowdin-signature']).not.toBe(sign(a.secret, req.body));
      expect(req.headers['x-module-key']).toBe('step-hook');
    }
    // In the recorded order: the log's requests, delivery by delivery, are the recording's bodies.
    const sentBodies = await Promise.all(
      json.deliveries.map(
        async (d) => (await call(em.url, APPS_ROUTES.fixture, { params: [d.id] })).json.body,
      ),
    );
    expect(sentBodies).toEqual(recorded.deliveries.map((d) => d.body));
  });

  it('keeps the recorded rhythm divided by the speed', async () => {
    const d = recorded.deliveries[0]!;
    // 40 s apart as recorded; at 200× the second goes 200 ms after the first, never sooner.
    const paced: Scenario = {
      ...recorded,
      durationMs: 40_000,
      deliveries: [
        { ...d, id: 1, offsetMs: 0 },
        { ...d, id: 2, offsetMs: 40_000 },
      ] satisfies ScenarioDelivery[],
    };
    const before = webhooks(b.app.requests).length;
    const started = performance.now();
    expect((await replay({ scenario: paced, app: b.appId, speed: 200 })).status).toBe(200);
    expect(performance.now() - started).toBeGreaterThanOrEqual(195);
    expect(await until(() => webhooks(b.app.requests).slice(before), 2)).toHaveLength(2);
  });

  it('refuses what it cannot replay, saying why', async () => {
    const cases: [object, number, RegExp][] = [
      [{ scenario: { rules: [] }, app: b.appId }, 400, /not a scenario: its "format" is null/],
      [{ scenario: { ...recorded, version: 9 }, app: b.appId }, 400, /version 9, from a newer emulator/],
      [
        {
          scenario: { ...recorded, deliveries: [{ ...recorded.deliveries[0], body: undefined }] },
          app: b.appId,
        },
        400,
        /damaged: deliveries\.0 lacks "body"/,
      ],
      [
        { scenario: { ...recorded, deliveries: [recorded.deliveries[2]] }, app: b.appId },
        400,
        /names \d+ as the delivery it sends again/,
      ],
      [
        {
          scenario: { ...recorded, deliveries: [{ ...recorded.deliveries[0], body: '{"x":1}' }] },
          app: b.appId,
        },
        400,
        /not \{"events": \[…\]\}/,
      ],
      [
        {
          scenario: { ...recorded, deliveries: [{ ...recorded.deliveries[0], moduleKey: 'nope' }] },
          app: b.appId,
        },
        409,
        /has no webhook module "nope" \(its webhook modules: step-hook\)/,
      ],
      [{ scenario: recorded, app: 'not-installed' }, 404, /not-installed/],
      [{ scenario: recorded, app: b.appId, speed: 0 }, 400, /"speed" must be a number above 0/],
      [{ app: b.appId }, 400, /"scenario" is required/],
    ];
    for (const [body, status, message] of cases) {
      const answer = await replay(body);
      expect(answer.status, JSON.stringify(body).slice(0, 80)).toBe(status);
      expect(answer.json.error?.message).toMatch(message);
    }
  });
});

describe('apps record and apps replay', () => {
  it('record to a file for --seconds, then replay the file to another app at --speed', async () => {
    const file = join(temp, 'scenario.json');
    const port = new URL(em.url).port;
    const lines: string[] = [];
    const errors: string[] = [];
    const sent = a.app.next('POST /webhooks');
    const recording = appsCommand(
      ['record', '--app', a.appId, '--seconds', '0.5', '--out', file, '--port', port],
      (l) => lines.push(l),
      (l) => errors.push(l),
    );
    // The recording is on once the start line is printed.
    await until(() => (lines.length ? lines : []), 1);
    await call(em.url, APPS_ROUTES.send, {
      params: [step.id],
      body: {
        stringIds: [visible()[5]!],
        languages: ['uk'],
      },
    });
    await sent;
    expect(await recording, errors.join('\n')).toBe(0);
    const scenario = JSON.parse(readFileSync(file, 'utf8')) as Scenario;
    expect(scenario.deliveries).toHaveLength(1);
    expect(lines.at(-1)).toMatch(
      /^Saved 1 delivery in 0\.\d s to .*scenario\.json\. Replay: npm run emulator -- apps replay/,
    );

    const before = webhooks(b.app.requests).length;
    const replayed: string[] = [];
    const code = await appsCommand(
      ['replay', file, '--app', b.appId, '--speed', '10', '--port', port],
      (l) => replayed.push(l),
      (l) => errors.push(l),
    );
    expect(code, errors.join('\n')).toBe(0);
    expect(replayed[0]).toMatch(
      /^Replaying 1 delivery recorded from "test-step-app" to "other-step-app" at 10× speed/,
    );
    const [req] = await until(() => webhooks(b.app.requests).slice(before), 1);
    expect(req!.body.toString('utf8')).toBe(scenario.deliveries[0]!.body);

    // A bad file is refused before anything is sent, saying what is wrong with it.
    const bad = join(temp, 'bad.json');
    const refusal = async (content: string) => {
      writeFileSync(bad, content);
      const said: string[] = [];
      const code = await appsCommand(
        ['replay', bad, '--app', b.appId, '--port', port],
        () => {},
        (l) => said.push(l),
      );
      return { code, said: said.join('\n') };
    };
    expect(await refusal('{"format": "croql-emulator-scenario", "version": 2}')).toEqual({
      code: 2,
      said: expect.stringMatching(/version 2, from a newer emulator/),
    });
    expect(await refusal('{"format": ')).toEqual({
      code: 2,
      said: expect.stringMatching(/bad\.json is not JSON/),
    });
  });
});

/** Polls until `get` holds `n` items (a hang guard, not a speed check). */
async function until<T>(get: () => T[], n: number): Promise<T[]> {
  for (let i = 0; i < 500; i++) {
    const items = get();
    if (items.length >= n) return items;
    await new Promise((r) => setTimeout(r, 20));
  }
  throw new Error(`never ${n} items`);
}
