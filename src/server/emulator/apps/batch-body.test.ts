// A batch's body is byte for byte `JSON.stringify({ events })` and its signature the HMAC of those bytes,
// whichever way they were made: at once or in turns, in the arena or too large for it, chunk after chunk
// of any size.
import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
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

const bodies = (options?: ConstructorParameters<typeof BatchBodies>[0]) => new BatchBodies(options);

it.each(SIGNING_VECTORS)('signs the bytes of the shared signature vector "$name"', (v) => {
  expect(signBody(Buffer.from(v.body), v.secret)).toBe(v.signature);
});

// The vectors whose body is a batch: the same bytes and signature from its events, hashed chunk by chunk as
// they are written. (The tests below hold larger batches to the plain hash of the whole body.)
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

describe('BatchBodies', () => {
  it('signs body after body with its own key, each hash chunk by chunk as it is written', () => {
    const b = bodies();
    for (let k = 0; k < 12; k++) {
      // Different keys and sizes in a row: each body is hashed with only its own key and bytes.
      const events = batch(1 + k * 37, k);
      const secret = `secret-${k}-${'x'.repeat(k * 9)}`;
      const { body, signature } = b.bodyAndSignature(events, secret);
      expect(body.equals(expected(events))).toBe(true);
      expect(signature).toBe(hmac(body, secret));
    }
  });

  it('writes a body too large for the arena apart, and the next one in the arena again', () => {
    const b = bodies({ arenaBytes: 64 * 1024 });
    const large = batch(500);
    const first = b.bodyAndSignature(large, 'k');
    expect(first.body.equals(expected(large))).toBe(true);
    expect(first.signature).toBe(hmac(first.body, 'k'));
    const small = batch(60);
    const second = b.bodyAndSignature(small, 'k2');
    expect(second.body.equals(expected(small))).toBe(true);
    expect(second.signature).toBe(hmac(second.body, 'k2'));
    expect(b.body(large).equals(first.body)).toBe(true);
  });

  it.each([
    ['in the arena', {}],
    ['in an arena too small for the body', { arenaBytes: 64 * 1024 }],
  ])(
    'in turns, from events made a chunk at a time (some chunks empty), %s: the same bytes and signature',
    async (_, options) => {
      const b = bodies(options);
      const events = batch(500, 3);
      // Chunks of 32, and a few empty ones (every string of that chunk was routed meanwhile).
      function* chunks(): Generator<object[]> {
        for (let i = 0; i < events.length; i += 32) {
          if (i % 160 === 0) yield [];
          yield events.slice(i, i + 32);
        }
      }
      const { body, signature } = await b.bodyAndSignatureInTurns(
        { chunks: chunks() },
        'lazy',
        () => new Promise((resolve) => setImmediate(resolve)),
      );
      expect(body.equals(expected(events))).toBe(true);
      expect(signature).toBe(hmac(body, 'lazy'));
    },
  );

  it('writes a body wanted at once while another is written in turns apart, both signed right', async () => {
    const b = bodies();
    const slow = batch(300, 1);
    const quick = batch(90, 2);
    let signedMeanwhile: { body: Buffer; signature: string } | null = null;
    function* chunks(): Generator<object[]> {
      for (let i = 0; i < slow.length; i += 32) {
        yield slow.slice(i, i + 32);
        // Halfway through, a body wanted at once: it must not write over the arena being written.
        if (i === 128) signedMeanwhile = b.bodyAndSignature(quick, 'now');
      }
    }
    const { body, signature } = await b.bodyAndSignatureInTurns({ chunks: chunks() }, 'turns', () =>
      Promise.resolve(),
    );
    expect(body.equals(expected(slow))).toBe(true);
    expect(signature).toBe(hmac(body, 'turns'));
    expect(signedMeanwhile!.body.equals(expected(quick))).toBe(true);
    expect(signedMeanwhile!.signature).toBe(hmac(expected(quick), 'now'));
  });
});
