// F5 of review security-2026-11-28: unsigned or wrongly signed deliveries of 31 MB, 32 at once, leave the
// router's memory where it was: what the headers refuse is never read, and at most a few bodies are read at
// once, each only up to a batch's size. Over a real socket, as the service sends them.
import { request } from 'node:http';
import { runInNewContext } from 'node:vm';
import { setFlagsFromString } from 'node:v8';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WEBHOOK_HEADERS } from '../../wire/apps.ts';
import { WEBHOOK_BATCH_MAX_BYTES } from '../../wire/service-limits.ts';
import { generateDemoDataset } from '../../server/emulator/data/demo.ts';
import { deliveredString, deliveryBody } from '../testing.ts';
import { signatureOf } from './auth.ts';
import { STEP_MODULE_KEY, WEBHOOK_MODULE_KEY } from './manifest.ts';
import { startRouter, type RunningRouter } from './testing.ts';
import { Slots } from './webhook-guard.ts';

setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;

let router: RunningRouter;
beforeAll(async () => {
  // Nothing here calls the service: the address only has to parse.
  router = await startRouter({ service: 'http://127.0.0.1:9', clientId: 'c', clientSecret: 's' });
  await router.store.install('acme', {
    appId: 'croql-router',
    appSecret: 'the-app-secret',
    clientId: 'c',
    baseUrl: 'http://127.0.0.1:9',
    userId: 1,
    organizationId: 200,
    agentId: 77,
    domain: 'acme',
    installedAt: new Date().toISOString(),
  });
}, 120_000);
afterAll(() => router?.close());

const BODY = Buffer.alloc(31 * 1024 * 1024, 'x');

/** POSTs `BODY` to the webhook route; the status the router answered (it may close before reading). */
function post(headers: Record<string, string>, chunked: boolean): Promise<number> {
  return new Promise((resolve, reject) => {
    let status: number | null = null;
    const req = request(`${router.url}/webhooks`, {
      method: 'POST',
      headers: {
        'Content-Type': 'application/json',
        'User-Agent': 'Crowdin-Webhook',
        ...(chunked ? { 'Transfer-Encoding': 'chunked' } : { 'Content-Length': String(BODY.length) }),
        ...headers,
      },
    });
    req.on('response', (res) => {
      status = res.statusCode!;
      res.resume();
      res.on('end', () => resolve(status!));
      res.on('error', () => resolve(status!));
    });
    req.on('error', (e) => (status === null ? reject(e) : resolve(status)));
    // The router answers early and closes: the rest of the body goes nowhere.
    req.end(BODY);
  });
}

function memory() {
  gc();
  const m = process.memoryUsage();
  return { rss: m.rss, external: m.external + m.arrayBuffers, heap: m.heapUsed };
}

const MB = 1024 * 1024;

describe('F5: deliveries that are not the service’s', () => {
  it('32 concurrent 31 MB bodies, unsigned or wrongly signed, leave the memory where it was', async () => {
    const headers = {
      [WEBHOOK_HEADERS.id]: '200',
      [WEBHOOK_HEADERS.domain]: 'acme',
      [WEBHOOK_HEADERS.moduleKey]: WEBHOOK_MODULE_KEY,
    };
    // A first round warms what any request needs (the parser, the sockets' buffers).
    await Promise.all([post({ ...headers, [WEBHOOK_HEADERS.signature]: 'ab' }, false)]);
    const before = memory();
    let peak = before.rss;
    const sample = setInterval(() => (peak = Math.max(peak, process.memoryUsage.rss())), 1);
    const wrong = { ...headers, [WEBHOOK_HEADERS.signature]: 'deadbeef'.repeat(8) };
    const statuses = await Promise.all([
      ...Array.from({ length: 32 }, () => post(wrong, false)),
      ...Array.from({ length: 32 }, () => post(headers, false)),
    ]);
    clearInterval(sample);
    const after = memory();
    expect(statuses).toEqual([...Array(32).fill(413), ...Array(32).fill(400)]);
    // Before the fix the router read the 32 wrongly signed bodies whole: RSS +580 MB at the peak, +333 MB
    // kept after a collection (measured on this test); after it, neither moves by more than noise.
    expect((after.rss - before.rss) / MB, 'RSS growth, MB').toBeLessThan(64);
    expect((after.external - before.external) / MB, 'buffers growth, MB').toBeLessThan(32);
    expect((peak - before.rss) / MB, 'peak RSS growth, MB').toBeLessThan(128);
    expect(router.logs.filter((l) => l.includes('was refused')).length).toBeGreaterThanOrEqual(64);
  }, 180_000);

  it('reads a body without a Content-Length only up to a batch’s size, a few at a time', async () => {
    const wrong = {
      [WEBHOOK_HEADERS.id]: '200',
      [WEBHOOK_HEADERS.domain]: 'acme',
      [WEBHOOK_HEADERS.moduleKey]: WEBHOOK_MODULE_KEY,
      [WEBHOOK_HEADERS.signature]: 'deadbeef'.repeat(8),
    };
    const statuses = await Promise.all(Array.from({ length: 32 }, () => post(wrong, true)));
    expect(statuses).toEqual(Array(32).fill(413));
    expect(router.logs.at(-1)).toContain(`at most ${WEBHOOK_BATCH_MAX_BYTES} bytes`);
  }, 180_000);

  it('refuses an unknown organization before reading, and a body over a batch’s size by its length', async () => {
    const small = (headers: Record<string, string>) =>
      fetch(`${router.url}/webhooks`, {
        method: 'POST',
        body: '{"events":[]}',
        headers: {
          [WEBHOOK_HEADERS.id]: '200',
          [WEBHOOK_HEADERS.domain]: 'acme',
          [WEBHOOK_HEADERS.moduleKey]: WEBHOOK_MODULE_KEY,
          [WEBHOOK_HEADERS.signature]: 'ab',
          ...headers,
        },
      });
    const unknown = await small({ [WEBHOOK_HEADERS.domain]: 'nobody' });
    expect([unknown.status, unknown.headers.get('connection')]).toEqual([401, 'close']);
    expect((await small({})).status).toBe(403);
  });
});

describe('deliveries that are', () => {
  it('read whole when they come in many small chunks, with and without a Content-Length', async () => {
    const strings = generateDemoDataset({ strings: 300, seed: 5 }).strings.map(deliveredString);
    const body = Buffer.from(deliveryBody(strings, { id: 12, moduleKey: STEP_MODULE_KEY }, 'uk'));
    const send = (chunked: boolean) =>
      new Promise<{ status: number; text: string }>((resolve, reject) => {
        const req = request(`${router.url}/webhooks`, {
          method: 'POST',
          headers: {
            'Content-Type': 'application/json',
            [WEBHOOK_HEADERS.id]: '200',
            [WEBHOOK_HEADERS.domain]: 'acme',
            [WEBHOOK_HEADERS.moduleKey]: WEBHOOK_MODULE_KEY,
            [WEBHOOK_HEADERS.signature]: signatureOf(body, 'the-app-secret'),
            ...(chunked ? { 'Transfer-Encoding': 'chunked' } : { 'Content-Length': String(body.length) }),
          },
        });
        req.on('response', (res) => {
          let text = '';
          res.on('data', (c: Buffer) => (text += c.toString()));
          res.on('end', () => resolve({ status: res.statusCode!, text }));
        });
        req.on('error', reject);
        // 1 KB at a time, each written on a later turn: the router gets the body in many reads.
        let at = 0;
        const next = () => {
          if (at >= body.length) return void req.end();
          req.write(body.subarray(at, (at += 1024)));
          setImmediate(next);
        };
        next();
      });
    expect(body.length).toBeGreaterThan(256 * 1024);
    for (const chunked of [false, true]) {
      expect(await send(chunked)).toEqual({ status: 200, text: JSON.stringify({ received: 300 }) });
    }
  });
});

describe('Slots', () => {
  it('lets `size` in at once, queues `queue` more in order, and refuses the rest', async () => {
    const slots = new Slots(2, 1);
    const a = (await slots.acquire())!;
    const b = (await slots.acquire())!;
    const order: string[] = [];
    const c = slots.acquire().then((release) => (order.push('c'), release!));
    expect(await slots.acquire()).toBeNull();
    expect(slots.reading).toBe(2);
    a();
    a(); // a second release of the same slot frees nothing more
    const cRelease = await c;
    expect(order).toEqual(['c']);
    expect(slots.reading).toBe(2);
    b();
    cRelease();
    expect(slots.reading).toBe(0);
  });
});
