// A batch's body is byte for byte `JSON.stringify({ events })` and its signature the HMAC of those bytes,
// whichever way they were made: written then hashed, hashed beside on the worker, too large for the arena,
// or with a worker that never answers.
import { createHmac } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { SIGNING_VECTORS } from '../../../wire/signature-vectors.ts';
import { BatchBodies, serializeBatch, signBody } from './batch-body.ts';

const hmac = (body: Buffer, secret: string) => createHmac('sha256', secret).update(body).digest('hex');
const expected = (events: object[]) => Buffer.from(JSON.stringify({ events }));

/** Text that UTF-8 writes in 1, 2, 3 and 4 bytes, a lone surrogate, and what JSON escapes. */
const TEXTS = [
  'plain',
  'Übersetzung',
  'переклад ✓',
  '翻訳',
  '😀 emoji',
  'lone \ud800 half',
  '"quoted"\n\t\\ \u0001',
];
const batch = (n: number, seed = 0): object[] =>
  Array.from({ length: n }, (_, i) => ({
    event: 'string.status_on_step.recalculation_triggered',
    i,
    text: TEXTS[(i + seed) % TEXTS.length]!.repeat(1 + ((i * 7) % 40)),
    nested: { ids: [i, i + 1], none: null, yes: true },
  }));

const open: BatchBodies[] = [];
const bodies = (options?: ConstructorParameters<typeof BatchBodies>[0]) => {
  const b = new BatchBodies(options);
  open.push(b);
  return b;
};
afterEach(() => {
  for (const b of open.splice(0)) b.close();
});

it.each(SIGNING_VECTORS)('signs the bytes of the shared signature vector "$name"', (v) => {
  expect(signBody(Buffer.from(v.body), v.secret)).toBe(v.signature);
});

// The vectors whose body is a batch: the same bytes and signature from its events. (The worker hashes larger
// batches; the tests below hold its digests to this plain one.)
it.each(SIGNING_VECTORS.filter((v) => v.body.startsWith('{"events":')))(
  'writes and signs the shared vector "$name" as a batch of its events',
  (v) => {
    const { events } = JSON.parse(v.body) as { events: object[] };
    const { body, signature } = bodies().bodyAndSignature(events, v.secret);
    expect(body.toString('utf8')).toBe(v.body);
    expect(signature).toBe(v.signature);
  },
);

describe('serializeBatch', () => {
  it.each([0, 1, 31, 32, 33, 64, 65, 500])('writes %i events as JSON.stringify does', (n) => {
    const events = batch(n);
    expect(serializeBatch(events).equals(expected(events))).toBe(true);
  });
});

/** Waits as long as it takes: on a loaded machine the default wait would let the writer hash instead. */
const patient = { digestWaitMs: () => 10_000 };

describe('BatchBodies', () => {
  it('hashes beside the writing on the worker, with the same bytes and signature, job after job', async () => {
    const b = bodies(patient);
    expect(await b.started()).toBe(true);
    for (let k = 0; k < 12; k++) {
      // Different keys and sizes in a row: each job reads only its own key and bytes.
      const events = batch(40 + k * 37, k);
      const secret = `secret-${k}-${'x'.repeat(k * 9)}`;
      const { body, signature } = b.bodyAndSignature(events, secret);
      expect(body.equals(expected(events))).toBe(true);
      expect(signature).toBe(hmac(body, secret));
    }
    expect(b.hashedBeside).toBe(12);
  });

  it('writes and hashes small batches itself, without the worker', () => {
    const b = bodies();
    const events = batch(32);
    const { body, signature } = b.bodyAndSignature(events, 's');
    expect(body.equals(expected(events))).toBe(true);
    expect(signature).toBe(hmac(body, 's'));
    expect(b.hashedBeside).toBe(0);
  });

  it('writes a body too large for the arena apart, and the next one beside again', async () => {
    const b = bodies({ arenaBytes: 64 * 1024, ...patient });
    expect(await b.started()).toBe(true);
    const large = batch(500);
    const first = b.bodyAndSignature(large, 'k');
    expect(first.body.equals(expected(large))).toBe(true);
    expect(first.signature).toBe(hmac(first.body, 'k'));
    expect(b.hashedBeside).toBe(0);
    const small = batch(60);
    const second = b.bodyAndSignature(small, 'k2');
    expect(second.body.equals(expected(small))).toBe(true);
    expect(second.signature).toBe(hmac(second.body, 'k2'));
    expect(b.hashedBeside).toBe(1);
  });

  it('drops a job the writer gave up on once the next starts, and hashes that one', async () => {
    // The writer gives up on every other digest at once and starts the next job straight away: the worker,
    // still on the job given up on, must take the next one rather than wait for the first one's end.
    let waitMs = 0;
    const b = bodies({ digestWaitMs: () => waitMs });
    expect(await b.started()).toBe(true);
    for (let k = 0; k < 150; k++) {
      waitMs = 0;
      const given = batch(300, k);
      expect(b.bodyAndSignature(given, 'a').signature).toBe(hmac(expected(given), 'a'));
      waitMs = 10_000;
      const next = batch(40, k);
      const before = b.hashedBeside;
      const { body, signature } = b.bodyAndSignature(next, 'b');
      expect(signature).toBe(hmac(body, 'b'));
      expect(b.hashedBeside).toBe(before + 1);
    }
  });

  it('signs every body itself when the worker never answers, and stops asking it', async () => {
    const silent = new URL(
      'data:text/javascript,' +
        encodeURIComponent(
          "import { parentPort } from 'node:worker_threads'; parentPort.postMessage('ready'); setInterval(() => {}, 1000);",
        ),
    );
    const b = bodies({ hasher: silent });
    expect(await b.started()).toBe(true);
    for (let k = 0; k < 7; k++) {
      const events = batch(100, k);
      const { body, signature } = b.bodyAndSignature(events, 'late');
      expect(signature).toBe(hmac(body, 'late'));
      expect(body.equals(expected(events))).toBe(true);
    }
    expect(b.hashedBeside).toBe(0);
    expect(await b.started()).toBe(false);
  });

  it('with the worker off, gives the same bodies and signatures', () => {
    const b = bodies({ worker: false });
    const events = batch(200);
    const { body, signature } = b.bodyAndSignature(events, 'off');
    expect(body.equals(expected(events))).toBe(true);
    expect(signature).toBe(hmac(body, 'off'));
    expect(b.body(events).equals(body)).toBe(true);
  });

  it.each([
    ['beside on the worker', {}],
    ['in an arena too small for the body', { arenaBytes: 64 * 1024 }],
    ['with the worker off', { worker: false }],
  ])(
    'in turns, from events made a chunk at a time (some chunks empty), %s: the same bytes and signature',
    async (_, options) => {
      const b = bodies({ ...patient, ...options });
      await b.started();
      const events = batch(500, 3);
      // Chunks of 32, and a few empty ones (every string of that chunk was routed meanwhile).
      function* chunks(): Generator<object[]> {
        for (let i = 0; i < events.length; i += 32) {
          if (i % 160 === 0) yield [];
          yield events.slice(i, i + 32);
        }
      }
      const { body, signature } = await b.bodyAndSignatureInTurns(
        { count: events.length, chunks: chunks() },
        'lazy',
        () => new Promise((resolve) => setImmediate(resolve)),
      );
      expect(body.equals(expected(events))).toBe(true);
      expect(signature).toBe(hmac(body, 'lazy'));
    },
  );
});
