// Delivery faults, over real HTTP to a real step app on a loopback port: each kind of delivery rule as the
// app receives it, how the delivery log and `GET /__faults` show it, and a shorter retry schedule.
import { createHmac } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { DeliveryDetail, StepInfo } from '../../../wire/apps.ts';
import { STEP_EVENT } from '../../../wire/apps.ts';
import type { FaultsResponse } from '../../../wire/faults.ts';
import { droppedLine } from '../apps/cli.ts';
import { call, addStep, control, installStepApp } from '../apps/testing.ts';
import { startEmulator, type RunningEmulator } from '../testing.ts';
import { APPS_ROUTES } from '../../../wire/apps-routes.ts';

/* eslint-disable @typescript-eslint/no-explicit-any -- payloads are JSON */

let em: RunningEmulator;
let s: Awaited<ReturnType<typeof installStepApp>>;
let step: StepInfo;

beforeAll(async () => {
  em = await startEmulator({
    organization: 'acme',
    // An hour between retries: only a rule's shorter schedule retries within a test.
    apps: { batchIntervalSeconds: 0, retryScheduleSeconds: [3600], webhookTimeoutSeconds: 5 },
  });
  s = await installStepApp(em.url);
  step = await addStep(em.url, s.appId, ['uk', 'de']);
});
afterAll(async () => {
  await em.close();
  await s.app.close();
});
afterEach(async () => {
  await control(em.url, 'DELETE', '/__faults');
  s.app.on('POST /webhooks', { status: 200 });
});

let next = 0;
/** Distinct visible strings for each test, so no test sees another's. */
function strings(n: number): number[] {
  const visible = em.config.data.strings.filter((x) => !x.isHidden).map((x) => x.id as number);
  next += n;
  return visible.slice(next - n, next);
}
const rules = (list: object[]) => control<FaultsResponse>(em.url, 'POST', '/__faults', { rules: list });
const faults = async () => (await control<FaultsResponse>(em.url, 'GET', '/__faults')).json;
const send = (stringIds: number[], languages = ['uk']) =>
  call(em.url, APPS_ROUTES.send, { params: [step.id], body: { stringIds, languages } });
const detail = async (id: number) => (await call(em.url, APPS_ROUTES.delivery, { params: [id] })).json;
/** The webhook deliveries whose batch carries this string, oldest first. */
async function deliveriesOf(stringId: number): Promise<DeliveryDetail[]> {
  const { json } = await call(em.url, APPS_ROUTES.deliveries, { query: { kind: 'webhook', limit: 50 } });
  const all = await Promise.all(json.data.map((d) => detail(d.id)));
  return all.filter((d) => d.stepStrings.some((p) => p.stringId === stringId)).reverse();
}
/** Polls until `check` gives a value (a hang guard, not a speed check). */
async function until<T>(check: () => Promise<T | null | undefined | false>, what: string): Promise<T> {
  for (let i = 0; i < 500; i++) {
    const value = await check();
    if (value) return value;
    await new Promise((r) => setTimeout(r, 20));
  }
  throw new Error(`never: ${what}`);
}
/** Sends one string and waits for the two deliveries a duplicating rule makes of its batch, both answered. */
async function sentTwice(id: number): Promise<DeliveryDetail[]> {
  await send([id]);
  return until(async () => {
    const list = await deliveriesOf(id);
    return list.length === 2 && list.every((d) => d.state === 'delivered') && list;
  }, 'two deliveries, both answered');
}
const carries = (body: Buffer, stringId: number) =>
  (JSON.parse(body.toString('utf8')) as { events: any[] }).events.some(
    (e) => e.stringStatus.translation.id === stringId,
  );
const received = (stringId: number) =>
  s.app.received('POST /webhooks').filter((r) => carries(r.body, stringId));
const status = (stringId: number, languageId = 'uk') =>
  em.apps.steps.record(em.apps.steps.get(step.id)!, languageId, stringId).status;

describe('delivery rules', () => {
  it('drop: the app never receives the batch, the log shows it dropped, its strings wait for the app to reconcile', async () => {
    const set = await rules([{ id: 'lose-one', delivery: 'drop', event: STEP_EVENT, count: 1 }]);
    expect(set.status).toBe(201);
    const [lost, kept] = strings(2) as [number, number];
    await send([lost]);
    const [dropped] = await until(async () => {
      const list = await deliveriesOf(lost);
      return list[0]?.state === 'dropped' && list;
    }, 'the delivery is dropped');
    expect(dropped).toMatchObject({ faults: [{ rule: 'lose-one', fault: 'drop' }], attemptCount: 0 });
    expect(status(lost)).toBe('NEED_PROCESS');
    // `apps listen` has no attempt to show for it, and says so.
    expect(droppedLine(dropped!)).toMatch(
      /#\d+ {2}test-step-app\/step-hook {2}string\.status_on_step\.recalculation_triggered ×1 \(fault lose-one: dropped, never sent\) {2}→ never sent {2}DROPPED$/,
    );
    // The rule is spent: the next batch arrives, and it is the only one the app ever saw of the two.
    const arrived = s.app.next('POST /webhooks');
    await send([kept]);
    expect(carries((await arrived).body, kept)).toBe(true);
    expect(received(lost)).toEqual([]);
    expect((await faults()).rules[0]).toMatchObject({ fired: 1, state: 'ended' });
    const filtered = await call(em.url, APPS_ROUTES.deliveries, { query: { state: 'dropped' } });
    expect(filtered.json.data.map((d) => d.id)).toContain(dropped!.id);
  });

  it('duplicate: the same bytes and signature arrive again after the first is answered, logged as its redelivery', async () => {
    await rules([{ id: 'twice', delivery: 'duplicate', count: 1 }]);
    const [id] = strings(1) as [number];
    const [first, copy] = await sentTwice(id);
    const got = received(id);
    expect(got).toHaveLength(2);
    expect(got[1]!.body.equals(got[0]!.body)).toBe(true);
    expect(got[1]!.headers['x-crowdin-signature']).toBe(got[0]!.headers['x-crowdin-signature']);
    expect(got[0]!.headers['x-crowdin-signature']).toBe(
      createHmac('sha256', s.secret).update(got[0]!.body).digest('hex'),
    );
    expect(copy).toMatchObject({ redeliveryOf: first!.id, faults: [{ rule: 'twice', fault: 'duplicate' }] });
    expect(first!.faults).toEqual([{ rule: 'twice', fault: 'duplicate' }]);
    // After the first was answered: its one attempt had ended when the copy was logged.
    const answered = Date.parse(first!.attempts[0]!.startedAt) + first!.attempts[0]!.durationMs;
    expect(Date.parse(copy!.createdAt)).toBeGreaterThanOrEqual(Math.floor(answered));
    expect((await faults()).rules[0]).toMatchObject({ fired: 1 });
  });

  it('parallel: two copies are in flight at once (the app answers neither until both arrived)', async () => {
    await rules([{ delivery: 'parallel', count: 1 }]);
    let release!: () => void;
    const both = new Promise<void>((r) => (release = r));
    let arrived = 0;
    s.app.on('POST /webhooks', async () => {
      if (++arrived === 2) release();
      await both;
      return { status: 200 };
    });
    const [id] = strings(1) as [number];
    const [first, copy] = await sentTwice(id);
    expect(copy).toMatchObject({ redeliveryOf: first!.id, faults: [{ fault: 'parallel' }] });
    expect(received(id)).toHaveLength(2);
  });

  it('delay: the batch waits, queued until its time, and goes at once when the rule is deleted', async () => {
    await rules([{ id: 'hold', delivery: 'delay', delayMs: 600_000 }]);
    const [id] = strings(1) as [number];
    await send([id]);
    const [held] = await until(async () => {
      const list = await deliveriesOf(id);
      return list[0]?.nextAttemptAt ? list : null;
    }, 'the delivery is held');
    expect(held).toMatchObject({
      state: 'queued',
      attemptCount: 0,
      faults: [{ rule: 'hold', fault: 'delay' }],
    });
    expect(Date.parse(held!.nextAttemptAt!) - Date.parse(held!.createdAt)).toBeGreaterThanOrEqual(599_000);
    expect(received(id)).toEqual([]);
    const arrived = s.app.next('POST /webhooks');
    expect((await control(em.url, 'DELETE', '/__faults/hold')).status).toBe(200);
    expect(carries((await arrived).body, id)).toBe(true);
    expect(await until(async () => (await detail(held!.id)).state === 'delivered', 'delivered')).toBe(true);
  });

  it('reorder: the batch carries its events in reverse order, signed over the reordered bytes', async () => {
    const ids = strings(3);
    const plain = s.app.next('POST /webhooks');
    await send(ids, ['uk']);
    const order = (body: Buffer) =>
      (JSON.parse(body.toString('utf8')) as { events: any[] }).events.map(
        (e) => e.stringStatus.translation.id as number,
      );
    const before = order((await plain).body);
    await rules([{ delivery: 'reorder', count: 1 }]);
    const reordered = s.app.next('POST /webhooks');
    await send(ids, ['de']);
    const req = await reordered;
    expect(order(req.body)).toEqual([...before].reverse());
    expect(req.headers['x-crowdin-signature']).toBe(
      createHmac('sha256', s.secret).update(req.body).digest('hex'),
    );
  });

  it('retrySchedule: a failing batch is retried on the rule’s schedule, not the emulator’s hour, then FAILED', async () => {
    await rules([{ id: 'fast', retrySchedule: [0, 0.01], app: s.appId, count: 1 }]);
    s.app.on('POST /webhooks', { status: 500 });
    const [id] = strings(1) as [number];
    await send([id]);
    const [failed] = await until(async () => {
      const list = await deliveriesOf(id);
      return list[0]?.state === 'failed' && list;
    }, 'the delivery fails');
    expect(failed).toMatchObject({ attemptCount: 3, faults: [{ rule: 'fast', fault: 'retrySchedule' }] });
    expect(received(id)).toHaveLength(3);
    expect(status(id)).toBe('FAILED');
    // The next failing batch, past the rule's count, waits the emulator's hour.
    const [other] = strings(1) as [number];
    await send([other]);
    const [waiting] = await until(async () => {
      const list = await deliveriesOf(other);
      return list[0]?.state === 'retrying' && list;
    }, 'the next one waits');
    expect(Date.parse(waiting!.nextAttemptAt!) - Date.parse(waiting!.lastAttempt!.startedAt)).toBeGreaterThan(
      3_000_000,
    );
  });
});
