// A webhook batch's body and its signature. The body is `{"events":[…]}`, byte for byte what
// `JSON.stringify({ events })` gives, written a chunk of events at a time; X-Crowdin-Signature is the HMAC-SHA256
// of those bytes, updated with each chunk's bytes as soon as they are written, while they are still in the
// cache: signing makes no second pass over the body, and a batch written in turns hashes in those turns too,
// so the event loop never holds for the hash of a whole batch. (A worker thread used to hash the body beside
// the writing, from shared memory: a thread polling for bytes, and the writer hashing again whenever its digest
// was late, for a hash that costs about 0.7 ms of CPU per MB here.)
import { createHmac, type Hmac } from 'node:crypto';

/** Events serialised per `JSON.stringify` call: fewer and larger calls are faster, up to a point (see below). */
const CHUNK_EVENTS = 32;
const OPEN = '{"events":[';
const CLOSE = ']}';

/** Longest a body written in turns holds the event loop before it lets others run. */
const SLICE_MS = 4;

/** Drives a step-wise writing to its end at once. */
function runAll<T>(steps: Generator<void, T>): T {
  for (;;) {
    const step = steps.next();
    if (step.done) return step.value;
  }
}

/** X-Crowdin-Signature of a body (the rule: src/wire/signature.ts). */
export function signBody(body: Buffer, secret: string): string {
  return createHmac('sha256', secret).update(body).digest('hex');
}

/** The batch's body, unsigned: the same bytes as `Buffer.from(JSON.stringify({ events }))`. */
export function serializeBatch(events: readonly object[]): Buffer {
  return joined(Buffer.from(OPEN, 'latin1'), chunks(slices(events)));
}

/** `head` (the body's bytes written so far, from its opening) and the rest of its JSON text, closed. */
function joined(head: Buffer, rest: Iterable<string>): Buffer {
  const parts: string[] = [];
  let bytes = head.length + CLOSE.length;
  for (const part of rest) {
    parts.push(part);
    bytes += Buffer.byteLength(part);
  }
  const body = Buffer.allocUnsafe(bytes);
  let at = head.copy(body);
  for (const part of parts) at += body.write(part, at);
  body.write(CLOSE, at, 'latin1');
  return body;
}

/** Events at hand, a chunk of CHUNK_EVENTS at a time. */
function* slices(events: readonly object[]): Generator<readonly object[]> {
  if (events.length <= CHUNK_EVENTS) yield events;
  else for (let i = 0; i < events.length; i += CHUNK_EVENTS) yield events.slice(i, i + CHUNK_EVENTS);
}

/**
 * The events of a batch as JSON text, a chunk at a time, commas between chunks included. One
 * `JSON.stringify` of the whole batch makes a single megabyte-long string, which is slower to make and to
 * encode than 16 strings of 64 KB; a call per event is slower again. The chunks may be made as they are
 * asked for (EventChunks): each is then garbage as soon as its text is written.
 */
function* chunks(parts: Iterable<readonly object[]>): Generator<string> {
  let first = true;
  for (const part of parts) {
    if (part.length === 0) continue;
    const json = JSON.stringify(part);
    yield (first ? '' : ',') + json.slice(1, -1);
    first = false;
  }
}

/**
 * A batch's events made a chunk at a time while its body is written (a large send builds them so): `chunks`
 * gives them in order, about CHUNK_EVENTS at a time. Events built ahead
 * would live through collections while the batch is written in turns, and be copied and promoted by them.
 */
export interface EventChunks {
  chunks: Iterable<readonly object[]>;
}

/** Events per chunk a builder of EventChunks should make. */
export const EVENTS_PER_CHUNK = CHUNK_EVENTS;

export interface BatchBodyOptions {
  /** Bytes of memory bodies are written into before the log gets its copy: a larger body is written apart. */
  arenaBytes?: number;
}

/** Writes and signs batch bodies; one per emulator. */
export class BatchBodies {
  private readonly arenaBytes: number;
  private arena: Buffer | null = null;
  /** Bodies written in turns, one after another. */
  private turns: Promise<unknown> = Promise.resolve();
  /** A body written in turns holds the arena: a body wanted at once meanwhile is written apart. */
  private writing = false;

  constructor(options: BatchBodyOptions = {}) {
    this.arenaBytes = options.arenaBytes ?? 16 * 1024 * 1024;
  }

  /** The body alone, written as `bodyAndSignature` writes it. */
  body(events: readonly object[]): Buffer {
    if (this.writing) return serializeBatch(events);
    return runAll(this.writeSteps(slices(events), null));
  }

  /** The body and its X-Crowdin-Signature. */
  bodyAndSignature(events: readonly object[], secret: string): { body: Buffer; signature: string } {
    if (this.writing) {
      const body = serializeBatch(events);
      return { body, signature: signBody(body, secret) };
    }
    return runAll(this.signing(slices(events), secret));
  }

  /**
   * The same, written a slice at a time: `pause` is awaited whenever the writing has held the event loop for
   * SLICE_MS, so a batch of a megabyte never blocks other requests (one large send makes many batches). One
   * body is written at a time: a second waits for the first, as they share the arena.
   */
  bodyAndSignatureInTurns(
    events: EventChunks,
    secret: string,
    pause: () => Promise<void>,
  ): Promise<{ body: Buffer; signature: string }> {
    const job = this.turns.then(async () => {
      this.writing = true;
      try {
        const steps = this.signing(events.chunks, secret);
        let sliceStart = performance.now();
        for (;;) {
          const step = steps.next();
          if (step.done) return step.value;
          if (performance.now() - sliceStart >= SLICE_MS) {
            await pause();
            sliceStart = performance.now();
          }
        }
      } finally {
        this.writing = false;
      }
    });
    this.turns = job.catch(() => undefined);
    return job;
  }

  /** Signing, one chunk of events a step: the HMAC takes each chunk's bytes as they are written. */
  private *signing(
    events: Iterable<readonly object[]>,
    secret: string,
  ): Generator<void, { body: Buffer; signature: string }> {
    const hmac = createHmac('sha256', secret);
    const body = yield* this.writeSteps(events, hmac);
    return { body, signature: hmac.digest('hex') };
  }

  /**
   * Writes the body into the arena, giving `hmac` (when there is one) each chunk's bytes once they are
   * written, and returns the log's copy. The copy costs a tenth of writing when its memory is reused; the
   * log keeps each body, so a delivery's copy usually lands in fresh pages, which costs more. A
   * body that does not fit is finished apart, the hash taking the rest from there. Yields after each chunk.
   */
  private *writeSteps(events: Iterable<readonly object[]>, hmac: Hmac | null): Generator<void, Buffer> {
    const arena = (this.arena ??= Buffer.allocUnsafeSlow(this.arenaBytes));
    let at = arena.write(OPEN, 0, 'latin1');
    let hashed = 0;
    const parts = chunks(events);
    for (let next = parts.next(); !next.done; next = parts.next()) {
      const part = next.value;
      // UTF-8 takes at most 3 bytes per UTF-16 unit.
      if (at + part.length * 3 + CLOSE.length > arena.length) {
        const body = joined(Buffer.from(arena.subarray(0, at)), [part, ...parts]);
        hmac?.update(body.subarray(hashed));
        return body;
      }
      at += arena.write(part, at);
      if (hmac) {
        hmac.update(arena.subarray(hashed, at));
        hashed = at;
      }
      yield;
    }
    at += arena.write(CLOSE, at, 'latin1');
    hmac?.update(arena.subarray(hashed, at));
    const body = Buffer.allocUnsafe(at);
    arena.copy(body, 0, 0, at);
    return body;
  }
}
