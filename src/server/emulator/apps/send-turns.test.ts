// F6 (../shared/reviews/security-2026-11-28.md): a large send puts its strings on the step, and builds and
// delivers their batches, in turns, so the emulator answers other requests in between. Whether other work
// runs in between is checked by order of events, not by time: a callback queued when the send starts must
// run before every string is on the step, and one queued when the first batch goes before the last is built.
import { expect, it } from 'vitest';
import type { AppsStreamEvent } from '../../../wire/apps.ts';
import { addStep, call } from './testing.ts';
import { setUpStepApp } from './testing-step-app.ts';
import { APPS_ROUTES } from '../../../wire/apps-routes.ts';

const BATCHES = 20;
const PER_BATCH = 50;

const s = setUpStepApp(
  {
    organization: 'acme',
    apps: { batchIntervalSeconds: 0, batchMaxEvents: PER_BATCH, retryScheduleSeconds: [] },
  },
  ['uk'],
);

it('lets other work run between the batches of a large send, and still delivers every batch', async () => {
  const ids = s.em.config.data.strings
    .filter((x) => !x.isHidden)
    .slice(0, BATCHES * PER_BATCH)
    .map((x) => x.id as number);
  // When the first batch enters the log, a callback is queued; when it runs, how many batches are built?
  const before = s.em.apps.deliveries.log.list({ kind: 'webhook' }).length;
  const built = () =>
    s.em.apps.deliveries.log
      .list({ kind: 'webhook' })
      .slice(0, -before || undefined)
      .filter((d) => d.body.length > 0).length;
  let builtWhenOthersRan: number | null = null;
  let first = true;
  const stop = s.em.apps.stream.subscribe((e: AppsStreamEvent) => {
    if (e.type !== 'delivery' || e.delivery.kind !== 'webhook' || !first) return;
    first = false;
    setImmediate(() => (builtWhenOthersRan = built()));
  });
  try {
    await call(s.em.url, APPS_ROUTES.send, { params: [s.step.id], body: { stringIds: ids } });
    await expect
      .poll(
        async () => {
          const log = await call(s.em.url, APPS_ROUTES.deliveries, {
            query: { kind: 'webhook', limit: 100 },
          });
          return log.json.data.filter((d) => d.state === 'delivered').length;
        },
        { timeout: 30_000 },
      )
      .toBe(BATCHES);
  } finally {
    stop();
  }
  expect(builtWhenOthersRan).not.toBeNull();
  expect(builtWhenOthersRan!).toBeLessThan(BATCHES);
  // Every string reached the app once (batches go concurrently: in any order).
  const sent = s.app
    .received('POST /webhooks')
    .flatMap((r) =>
      (
        JSON.parse(r.body.toString()) as { events: { stringStatus: { translation: { id: number } } }[] }
      ).events.map((e) => e.stringStatus.translation.id),
    );
  expect(sent.sort((a, b) => a - b)).toEqual([...ids].sort((a, b) => a - b));
});

it('puts the strings of a large send on the step in turns, and answers with all of them', async () => {
  const languages = s.em.config.data.project.targetLanguageIds.slice(0, 2);
  const other = await addStep(s.em.url, s.appId, languages);
  const ids = s.em.config.data.strings.map((x) => x.id as number);
  expect(ids.length * languages.length).toBeGreaterThan(2000);
  const onStep = () =>
    Object.values(s.em.apps.steps.counts(s.em.apps.steps.get(other.id)!)).flatMap((c) => Object.values(c));
  let seenByOthers: number | null = null;
  const answer = s.em.apps.workflow.send(other.id, { stringIds: ids });
  // Queued after the send started: without turns, the whole put was done before this could run.
  setImmediate(() => (seenByOthers = onStep().reduce((a, b) => a + b, 0)));
  const sent = await answer;
  expect(seenByOthers).not.toBeNull();
  expect(seenByOthers!).toBeGreaterThan(0);
  expect(seenByOthers!).toBeLessThan(ids.length * languages.length);
  expect(sent.strings).toBe(ids.length);
  expect(sent.needProcess + sent.incomplete).toBe(ids.length * languages.length);
  expect(onStep().reduce((a, b) => a + b, 0)).toBe(ids.length * languages.length);
  // Every batch delivered before the emulator closes: nothing is left running.
  const batches = Math.ceil(sent.needProcess / PER_BATCH);
  await expect
    .poll(() => s.em.apps.deliveries.log.list({ kind: 'webhook', state: 'delivered' }).length, {
      timeout: 30_000,
    })
    .toBeGreaterThanOrEqual(BATCHES + batches);
  expect(s.em.apps.deliveries.log.list({ kind: 'webhook', state: 'sending' })).toEqual([]);
});
