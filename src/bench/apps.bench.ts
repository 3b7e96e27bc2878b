// Hosting apps must cost the emulator nothing it would notice:
// - signing and sending a 500-event step batch to a local app (the delivery path: the body written and its
//   HMAC updated with each chunk as it is written, the request with the service's headers, the log) against the same batch
//   written by the same writer and posted unsigned with plain node:http, alternated, in-process;
// - the listings' p99 while an app hangs on deliveries against their p99 alone, the emulator in a child
//   process (so the load generator and the hanging app do not share its event loop), phases alternated;
//   each side's figure is the median of its phases' p99s, so one phase that the rest of the machine
//   disturbed (a p99 of 400 requests is their 4th slowest) does not decide the row.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AppsStreamEvent, DeliverySummary } from '../wire/apps.ts';
import { BatchBodies } from '../server/emulator/apps/batch-body.ts';
import type { PendingEvent } from '../server/emulator/apps/batch-queues.ts';
import { startEmulator } from '../server/emulator/testing.ts';
import { call, TestApp, addStep, installStepApp } from '../server/emulator/apps/testing.ts';
import { listeningUrl, spawnEmulator, type LoopDelay } from './emulator.bench.ts';
import type { LoopDelayFigures } from '../server/emulator/loop-delay.ts';
import { median, percentile, row, type BenchRow } from './stats.ts';
import { APPS_ROUTES } from '../wire/apps-routes.ts';

const BATCH = 500;
const SEND_ROUNDS = 150;
const LISTING_SCALE = 20_000;
const LISTING_PHASES = 6;
const LISTING_REQUESTS = 400;
const HANGING_STRINGS = 2000;
const SETTLE_MS = 1500;
const BIG_SEND = 10_000;
/** A wait of the bench has this long before it fails with what it waited for, instead of hanging. */
const WAIT_LIMIT_MS = 120_000;

async function until(done: () => boolean, what: string, progress?: () => number): Promise<void> {
  const started = Date.now();
  let last = progress?.() ?? 0;
  let lastChange = Date.now();
  while (!done()) {
    const now = progress?.() ?? 0;
    if (now !== last) [last, lastChange] = [now, Date.now()];
    else if (progress && now > 0 && Date.now() - lastChange > 1000) return;
    if (Date.now() - started > WAIT_LIMIT_MS)
      throw new Error(`apps bench: waited ${WAIT_LIMIT_MS / 1000} s for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

async function untilAsync(done: () => Promise<boolean>, what: string): Promise<void> {
  const started = Date.now();
  while (!(await done())) {
    if (Date.now() - started > WAIT_LIMIT_MS)
      throw new Error(`apps bench: waited ${WAIT_LIMIT_MS / 1000} s for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

const QUERY = 'count of languages summary where (is translated and not is approved) > 0 and not is hidden';

export default async function appsBench(): Promise<BenchRow[]> {
  const loop = await loopWhileSending();
  const send = await signAndSend();
  const listing = await listingWhileHanging();
  const mb = (send.bytes / 1e6).toFixed(2);
  return [
    row(
      `apps: deliver a ${BATCH}-event batch (${mb} MB) to a local app: built, written, signed, sent (baseline: the same batch built and written the same way, posted unsigned), median`,
      send.delivery,
      'ms',
      send.unsignedDelivery,
      1.2,
    ),
    row(
      `apps: sign and post the ready ${mb} MB, as a redelivery does (baseline: post them unsigned), median; HMAC-SHA256 after writing runs at about loopback speed`,
      send.signAndPost,
      'ms',
      send.post,
      null,
    ),
    row(
      `apps: event-loop delay p99 in the ${loop.delay.cpuOf === 'thread' ? 'loop thread' : 'process'}'s CPU time while a ${BIG_SEND.toLocaleString('en-US')}-string send is built and delivered (${loop.batches} batches; max ${loop.delay.cpu.max} ms; in the whole process's CPU time p99 ${loop.delay.processCpu.p99} ms; in wall time p99 ${loop.delay.wall.p99} ms)`,
      loop.delay.cpu.p99,
      'ms',
      null,
      20,
    ),
    row(
      `apps: listing p99 while an app hangs on ${listing.hanging} deliveries, median of ${LISTING_PHASES} phases (baseline: listing p99 alone, the same)`,
      listing.withHang,
      'ms',
      listing.alone,
      1.2,
    ),
  ];
}

/**
 * The emulator's event-loop delay (src/server/emulator/loop-delay.ts) while it puts 10,000 strings on a step
 * and builds, signs and delivers their batches to an app that answers each at once; in a child process, so
 * the app and this loop do not share its event loop.
 */
export async function loopWhileSending(): Promise<{ delay: LoopDelayFigures; batches: number }> {
  const dir = mkdtempSync(join(tmpdir(), 'croql-apps-bench-'));
  const { child } = spawnEmulator(
    [],
    ['--scale', String(LISTING_SCALE), '--organization', 'acme', '--batch-interval', '0', '--test-hooks'],
    { CROQL_EMULATOR_KEY_DIR: dir },
  );
  let app: TestApp | null = null;
  try {
    const base = await listeningUrl(child);
    const s = await installStepApp(base);
    app = s.app;
    const step = await addStep(base, s.appId, ['uk']);
    const health = async (reset: boolean) =>
      ((await (await fetch(`${base}/health${reset ? '?loop=reset' : ''}`)).json()) as LoopDelay)
        .eventLoopDelayMs;
    const delivered = async () =>
      (
        await call<typeof APPS_ROUTES.deliveries, { data: DeliverySummary[] }>(base, APPS_ROUTES.deliveries, {
          query: { kind: 'webhook', limit: 500 },
        })
      ).json.data.filter((d) => d.state === 'delivered').length;
    const ids = Array.from({ length: BIG_SEND }, (_, i) => i + 1);
    let batches = 0;
    let delay: LoopDelayFigures | null = null;
    for (let round = 0; round < 3; round++) {
      const before = await delivered();
      await health(true);
      const sent = await call<typeof APPS_ROUTES.send, { needProcess: number }>(base, APPS_ROUTES.send, {
        params: [step.id],
        body: {
          stringIds: ids,
        },
      });
      batches = Math.ceil(sent.json.needProcess / BATCH);
      await untilAsync(
        async () => (await delivered()) >= before + batches,
        `the ${batches} batches of the send`,
      );
      const figures = await health(false);
      // The worst of three rounds: the first builds what later ones reuse.
      if (!delay || figures.cpu.p99 > delay.cpu.p99) delay = figures;
    }
    return { delay: delay!, batches };
  } finally {
    child.kill('SIGTERM');
    await app?.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

/** A local app that reads each body and answers 200: a separate process, as an app is. */
const SINK = `const s = require('node:http').createServer((req, res) => {
  req.on('data', () => {});
  req.on('end', () => { res.writeHead(200); res.end(); });
});
s.listen(0, '127.0.0.1', () => console.log(s.address().port));`;

interface SendFigures {
  /** The delivery path: a batch built from live objects, written, signed, sent, logged. */
  delivery: number;
  /** The same batch built and written the same way, posted unsigned with plain node:http. */
  unsignedDelivery: number;
  /** Signing and posting ready bytes (a redelivery) against posting them unsigned. */
  signAndPost: number;
  post: number;
  bytes: number;
}

async function signAndSend(): Promise<SendFigures> {
  const sink = spawn(process.execPath, ['-e', SINK], { stdio: ['ignore', 'pipe', 'inherit'] });
  const em = await startEmulator({
    organization: 'acme',
    apps: { batchIntervalSeconds: 0, retryScheduleSeconds: [] },
  });
  const s = await installStepApp(em.url);
  try {
    const port = await new Promise<number>((resolve) =>
      sink.stdout!.once('data', (d: Buffer) => resolve(Number(String(d)))),
    );
    // The app's webhook goes to the sink from now on (its other routes stay on the test app).
    const app = em.apps.installations.get(s.appId)!;
    const step = await addStep(em.url, s.appId, ['uk']);
    const ids = em.config.data.strings
      .filter((x) => !x.isHidden)
      .slice(0, BATCH)
      .map((x) => x.id as number);
    await call(em.url, APPS_ROUTES.send, { params: [step.id], body: { stringIds: ids } });
    app.baseUrl = `http://127.0.0.1:${port}`;
    em.apps.deliveries.flush();
    const items: PendingEvent[] = ids.map((stringId) => ({
      type: 'step',
      pair: { stepId: step.id, stringId, languageId: 'uk', originEvent: 'string.added' },
      userId: 1,
    }));
    const url = new URL(`${app.baseUrl}/webhooks`);
    const agent = new http.Agent({ keepAlive: true });
    const post = (body: Buffer) =>
      new Promise<void>((resolve, reject) => {
        const req = http.request(
          url,
          {
            method: 'POST',
            agent,
            headers: { 'Content-Type': 'application/json', 'Content-Length': String(body.length) },
          },
          (res) => {
            res.resume();
            res.on('end', resolve);
          },
        );
        req.on('error', reject);
        req.end(body);
      });
    const settled = () =>
      new Promise<number>((resolve) => {
        const stop = em.apps.stream.subscribe((e: AppsStreamEvent) => {
          if (e.type === 'attempt' && e.delivery.kind === 'webhook') {
            stop();
            if (!e.attempt.ok) throw new Error(`bench: the sink answered ${e.attempt.status}`);
            resolve(e.delivery.id);
          }
        });
      });
    let last = 0;
    const deliver = async () => {
      const done = settled();
      em.apps.deliveries.enqueue(app, 'step-hook', items);
      last = await done;
    };
    // The emulator's own writer, without a signature.
    const unsignedBodies = new BatchBodies();
    const deliverUnsigned = () => post(unsignedBodies.body(em.apps.triggers.batchEvents(app, items).events));
    // Each redelivers the previous one: the log drops the oldest deliveries as it fills.
    const redeliver = async () => {
      const done = settled();
      em.apps.deliveries.redeliver(last);
      last = await done;
    };
    await deliver();
    const body = em.apps.deliveries.log.require(last).body;
    if (em.apps.deliveries.log.require(last).eventCount !== BATCH)
      throw new Error('bench: the batch is not full');
    const samples = {
      delivery: [] as number[],
      unsigned: [] as number[],
      signAndPost: [] as number[],
      post: [] as number[],
    };
    const time = async (fn: () => Promise<void>, into: number[] | null) => {
      const t0 = performance.now();
      await fn();
      into?.push(performance.now() - t0);
    };
    const pairs: [() => Promise<void>, number[], () => Promise<void>, number[]][] = [
      [deliver, samples.delivery, deliverUnsigned, samples.unsigned],
      [redeliver, samples.signAndPost, () => post(body), samples.post],
    ];
    for (let k = -10; k < SEND_ROUNDS; k++) {
      for (const [ours, oursInto, base, baseInto] of pairs) {
        // Alternate which goes first, so neither always follows the other's garbage.
        const first = k % 2 ? ([ours, oursInto] as const) : ([base, baseInto] as const);
        const second = k % 2 ? ([base, baseInto] as const) : ([ours, oursInto] as const);
        await time(first[0], k < 0 ? null : first[1]);
        await time(second[0], k < 0 ? null : second[1]);
      }
    }
    agent.destroy();
    return {
      delivery: median(samples.delivery),
      unsignedDelivery: median(samples.unsigned),
      signAndPost: median(samples.signAndPost),
      post: median(samples.post),
      bytes: body.length,
    };
  } finally {
    sink.kill();
    await em.close();
    await s.app.close();
  }
}

async function listingWhileHanging(): Promise<{ withHang: number; alone: number; hanging: number }> {
  const dir = mkdtempSync(join(tmpdir(), 'croql-apps-bench-'));
  const { child, token } = spawnEmulator(
    [],
    [
      '--scale',
      String(LISTING_SCALE),
      '--organization',
      'acme',
      '--batch-interval',
      '0',
      '--webhook-timeout',
      '600',
      '--retry-schedule',
      '',
    ],
    { CROQL_EMULATOR_KEY_DIR: dir },
  );
  let app: TestApp | null = null;
  try {
    const base = await listeningUrl(child);
    const s = await installStepApp(base);
    app = s.app;
    const step = await addStep(base, s.appId);
    // Held requests are the hang; releasing them ends it.
    const held: (() => void)[] = [];
    let hanging = false;
    app.on('POST /webhooks', () =>
      hanging ? new Promise((resolve) => held.push(() => resolve({ status: 200 }))) : { status: 200 },
    );
    const release = () => {
      hanging = false;
      for (const answer of held.splice(0)) answer();
    };
    const ids = Array.from({ length: HANGING_STRINGS }, (_, i) => i + 1);
    const inFlight = async () =>
      (
        await call<typeof APPS_ROUTES.deliveries, { data: DeliverySummary[] }>(base, APPS_ROUTES.deliveries, {
          query: { state: 'sending', limit: 500 },
        })
      ).json.data.length;

    const listing = async (k: number) => {
      const t0 = performance.now();
      const res = await fetch(
        `${base}/api/v2/projects/1/strings?limit=25&offset=${(k % 20) * 25}&croql=${encodeURIComponent(QUERY)}`,
        { headers: { Authorization: `Bearer ${token}` } },
      );
      await res.arrayBuffer();
      if (res.status !== 200) throw new Error(`bench: the listing answered ${res.status}`);
      return performance.now() - t0;
    };
    /** One phase's p99. */
    const phase = async (into: number[]) => {
      // Four clients at a time: enough to queue requests, few enough for a two-core machine.
      const samples: number[] = [];
      let k = 0;
      const client = async () => {
        while (k < LISTING_REQUESTS) samples.push(await listing(k++));
      };
      await Promise.all([client(), client(), client(), client()]);
      into.push(percentile(samples, 99));
    };

    const settle = () => new Promise((r) => setTimeout(r, SETTLE_MS));
    for (let k = 0; k < 100; k++) await listing(k); // warm-up: the query's matches are cached after this
    const alone: number[] = [];
    const withHang: number[] = [];
    let hangingDeliveries = 0;
    for (let p = 0; p < LISTING_PHASES; p++) {
      await phase(alone);
      hanging = true;
      const sent = await call<typeof APPS_ROUTES.send, { needProcess: number }>(base, APPS_ROUTES.send, {
        params: [step.id],
        body: {
          stringIds: ids,
        },
      });
      const batches = Math.ceil(sent.json.needProcess / BATCH);
      // The send may split its events into more batches than the count suggests; wait until every batch
      // expected has arrived, or none has come for a second, and never unbounded (a hung bench tells nobody
      // anything).
      await until(
        () => held.length >= batches,
        'the hanging app to receive the batches',
        () => held.length,
      );
      hangingDeliveries = await inFlight();
      // Building and sending the batches made garbage; measure the hang itself, once that is collected.
      await settle();
      await phase(withHang);
      release();
      await untilAsync(async () => (await inFlight()) === 0, 'the released deliveries to end');
      await settle();
    }
    return { withHang: median(withHang), alone: median(alone), hanging: hangingDeliveries };
  } finally {
    child.kill('SIGTERM');
    await app?.close();
    rmSync(dir, { recursive: true, force: true });
  }
}
