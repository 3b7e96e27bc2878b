// The apps host's state: a snapshot of an emulator with an installed step app, its step, statuses and log,
// loaded into a fresh emulator, gives the same GET /__apps, log and statuses; the app's agent token and
// secret keep working there; and a batch still waiting goes when its time comes in the new emulator.
import { createHmac } from 'node:crypto';
import { afterEach, expect, it } from 'vitest';
import type { AppsOverview } from '../../../wire/apps.ts';
import { generateDemoDataset } from '../data/demo.ts';
import { startEmulator, type RunningEmulator } from '../testing.ts';
import { call, addStep, installStepApp, type TestApp } from '../apps/testing.ts';
import { APPS_ROUTES } from '../../../wire/apps-routes.ts';

/** Each test runs two emulators and an app on real ports, and waits for deliveries between them. */
const SCENARIO_MS = 20_000;

const opened: { close(): Promise<void> }[] = [];
afterEach(async () => {
  for (const o of opened.splice(0).reverse()) await o.close();
});

async function emulator(batchIntervalSeconds: number): Promise<RunningEmulator> {
  const e = await startEmulator({
    data: generateDemoDataset({ strings: 40 }),
    organization: 'acme',
    apps: { batchIntervalSeconds },
  });
  opened.push(e);
  return e;
}

async function installed(base: string) {
  const s = await installStepApp(base);
  opened.push(s.app);
  return s;
}

const snapshotOf = async (base: string) => (await fetch(`${base}/__state`)).text();
const load = (base: string, snapshot: string) =>
  fetch(`${base}/__state`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: snapshot,
  });

/** The overview without what differs between two runs by nature (when each started). */
async function overview(base: string): Promise<AppsOverview> {
  const { json } = await call(base, APPS_ROUTES.overview);
  return { ...json, settings: { ...json.settings, startedAt: '' } };
}

const patch = (base: string, token: string, stepId: number, body: unknown) =>
  fetch(`${base}/api/v2/projects/1/workflow-steps/${stepId}/languages/uk/status`, {
    method: 'PATCH',
    headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });

it(
  'a snapshot loaded into a fresh emulator gives the same apps, steps, statuses and log',
  async () => {
    const a = await emulator(0);
    const s = await installed(a.url);
    const step = await addStep(a.url, s.appId, ['uk', 'de']);
    const delivered = s.app.next('POST /webhooks', SCENARIO_MS);
    await call(a.url, APPS_ROUTES.send, {
      params: [step.id],
      body: { stringIds: [1, 2, 3], languages: ['uk'] },
    });
    await delivered;
    expect(
      (await patch(a.url, s.token, step.id, [{ op: 'replace', path: '/2/output', value: 'translated' }]))
        .status,
    ).toBe(200);
    await call(a.url, APPS_ROUTES.flush, { body: {} });
    const snapshot = await snapshotOf(a.url);

    const b = await emulator(0);
    const res = await load(b.url, snapshot);
    expect(res.status).toBe(200);
    expect(await overview(b.url)).toEqual(await overview(a.url));
    const log = (base: string) => call(base, APPS_ROUTES.deliveries);
    expect((await log(b.url)).json).toEqual((await log(a.url)).json);
    const webhook = (await log(a.url)).json.data.find((d) => d.kind === 'webhook')!;
    const detail = (base: string) => call(base, APPS_ROUTES.delivery, { params: [webhook.id] });
    expect((await detail(b.url)).json).toEqual((await detail(a.url)).json);
    const strings = (base: string) =>
      call(base, APPS_ROUTES.stepStrings, { params: [step.id], query: { languageId: 'uk' } });
    expect((await strings(b.url)).json.data.map((r) => [r.stringId, r.status, r.output])).toEqual([
      [1, 'NEED_PROCESS', ''],
      [2, 'DONE', 'translated'],
      [3, 'NEED_PROCESS', ''],
    ]);

    // The app goes on against the new emulator: its agent token (the signing key came along) and its secret.
    expect(
      (await patch(b.url, s.token, step.id, [{ op: 'replace', path: '/1/output', value: '' }])).status,
    ).toBe(200);
    const again = s.app.next('POST /webhooks', SCENARIO_MS);
    await call(b.url, APPS_ROUTES.send, { params: [step.id], body: { stringIds: [4], languages: ['de'] } });
    const request = await again;
    expect(request.headers['x-crowdin-signature']).toBe(
      createHmac('sha256', s.secret).update(request.body).digest('hex'),
    );
    // Ids go on from the snapshot's: the new delivery names no other.
    const ids = (await log(b.url)).json.data.map((d) => d.id);
    expect(new Set(ids).size).toBe(ids.length);
  },
  SCENARIO_MS,
);

it(
  'a batch waiting at the save goes at its time after the load',
  async () => {
    const a = await emulator(3600);
    const s: { app: TestApp; appId: string } = await installed(a.url);
    const step = await addStep(a.url, s.appId, ['uk']);
    await call(a.url, APPS_ROUTES.send, {
      params: [step.id],
      body: { stringIds: [5, 6], languages: ['uk'] },
    });
    expect((await overview(a.url)).queued).toEqual([expect.objectContaining({ appId: s.appId, events: 2 })]);
    const snapshot = await snapshotOf(a.url);

    const b = await emulator(3600);
    await load(b.url, snapshot);
    expect((await overview(b.url)).queued).toEqual((await overview(a.url)).queued);
    const delivered = s.app.next('POST /webhooks', SCENARIO_MS);
    await call(b.url, APPS_ROUTES.flush, { body: {} });
    const body = (await delivered).json<{ events: { stringId?: number; string?: { id: number } }[] }>();
    expect(body.events).toHaveLength(2);
  },
  SCENARIO_MS,
);
