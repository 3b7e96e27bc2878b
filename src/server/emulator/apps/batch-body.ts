// A webhook batch's body and its signature. The body is `{"events":[…]}`, byte for byte what
// `JSON.stringify({ events })` gives, written a chunk of events at a time; X-Crowdin-Signature is the HMAC-SHA256
// of those bytes. HMAC runs at about 2 GB/s, so a 500-event batch (about 1 MB) costs half a millisecond of
// hashing, a tenth of the delivery. With a worker thread the hash runs beside the writing instead of after it:
// the body is written into shared memory and the worker hashes each part as soon as it is there
// (src/server/emulator/apps/batch-hasher.mjs). Small batches, a batch too large for the shared memory and a
// worker that is not running or does not answer all take the plain way: write, then hash.
import { createHmac } from 'node:crypto';
import { Worker } from 'node:worker_threads';

/** Events serialised per `JSON.stringify` call: fewer and larger calls are faster, up to a point (see below). */
const CHUNK_EVENTS = 32;
const OPEN = '{"events":[';
const CLOSE = ']}';

/** Slots of the control block (Int32 indexes), shared with batch-hasher.mjs. */
const SEQ = 0; // the job: the main thread increments it to start one
const READY = 1; // bytes of the arena written so far
const END = 2; // the job's number once every byte is written
const DONE = 3; // the job's number once its digest is at DIGEST_AT
const KEY_LENGTH = 4;
const SLEEPING = 5; // the worker waits for more bytes: the writer must wake it
const LAYOUT = {
  DIGEST_AT: 32,
  KEY_AT: 64,
  /** Bytes the worker hashes per call at least, but the last. */
  MIN_UPDATE: 32 * 1024,
  /** Polls without new bytes before the worker sleeps: a few tens of microseconds. */
  SPINS: 20_000,
} as const;
const KEY_MAX = 192;
const CONTROL_BYTES = LAYOUT.KEY_AT + KEY_MAX;
/** Late digests in a row after which the worker is not used any more. */
const MAX_LATE = 5;
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
 * A batch's events made a chunk at a time while its body is written (a large send builds them so): `count`
 * is how many at most, `chunks` gives them in order, about CHUNK_EVENTS at a time. Events built ahead
 * would live through collections while the batch is written in turns, and be copied and promoted by them.
 */
export interface EventChunks {
  count: number;
  chunks: Iterable<readonly object[]>;
}

/** Events per chunk a builder of EventChunks should make. */
export const EVENTS_PER_CHUNK = CHUNK_EVENTS;

export interface BatchBodyOptions {
  /** Bytes of memory bodies are written into before the log gets its copy: a larger body is written apart. */
  arenaBytes?: number;
  /** Whether to hash on a worker thread at all (tests and the bench compare both ways). */
  worker?: boolean;
  /** The worker's script: batch-hasher.mjs, or a misbehaving one in tests. */
  hasher?: URL;
  /**
   * How long the writer waits for the worker's digest, in ms; by default as long as hashing the body itself
   * takes on this machine. Tests that check the worker's digest is used wait longer, so that a loaded machine
   * cannot make it late.
   */
  digestWaitMs?: (bytes: number) => number;
}

/** ms per byte of HMAC-SHA256 here: the best of a few hashes of 256 KB, measured at first use. */
let hashMsPerByte: number | null = null;
function ownHashMs(bytes: number): number {
  if (hashMsPerByte === null) {
    const sample = Buffer.alloc(256 * 1024);
    let best = Infinity;
    for (let i = 0; i < 4; i++) {
      const started = performance.now();
      signBody(sample, 'measure');
      best = Math.min(best, performance.now() - started);
    }
    hashMsPerByte = best / sample.length;
  }
  return bytes * hashMsPerByte;
}

/**
 * A worker on time has all but its last update done when the writing ends, so its digest follows within
 * microseconds. One not done after as long as the writer's own hash would take is behind (its core was
 * busy): hashing then costs the delivery at most twice the hash, never more.
 */
const DIGEST_WAIT_MS = (bytes: number) => 0.05 + ownHashMs(bytes);

/** Writes and signs batch bodies; one per emulator, its worker started at the first batch that can use it. */
export class BatchBodies {
  private readonly arenaBytes: number;
  private readonly useWorker: boolean;
  private readonly hasher: URL;
  private readonly digestWaitMs: (bytes: number) => number;
  private worker: Worker | null = null;
  private ready = false;
  private broken = false;
  private arena: Buffer | null = null;
  private control: Int32Array | null = null;
  private controlBytes: Uint8Array | null = null;
  private seq = 0;
  private late = 0;
  /** Bodies whose signature the worker computed (the rest were hashed after writing). */
  hashedBeside = 0;
  /** Bodies written in turns, one after another. */
  private turns: Promise<unknown> = Promise.resolve();
  /** A body written in turns holds the arena: a body wanted at once meanwhile is written apart. */
  private writing = false;

  constructor(options: BatchBodyOptions = {}) {
    this.arenaBytes = options.arenaBytes ?? 16 * 1024 * 1024;
    this.useWorker = options.worker ?? true;
    this.hasher = options.hasher ?? new URL('./batch-hasher.mjs', import.meta.url);
    this.digestWaitMs = options.digestWaitMs ?? DIGEST_WAIT_MS;
  }

  /** The body alone, written as `bodyAndSignature` writes it. */
  body(events: readonly object[]): Buffer {
    if (this.writing) return serializeBatch(events);
    return runAll(this.writeSteps(slices(events), null)).body;
  }

  /** The body and its X-Crowdin-Signature. */
  bodyAndSignature(events: readonly object[], secret: string): { body: Buffer; signature: string } {
    if (this.writing) {
      const body = serializeBatch(events);
      return { body, signature: signBody(body, secret) };
    }
    return runAll(this.signing({ count: events.length, chunks: slices(events) }, secret));
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
        const steps = this.signing(events, secret);
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

  /** Signing, one chunk of events a step (see bodyAndSignature). */
  private *signing(
    events: EventChunks,
    secret: string,
  ): Generator<void, { body: Buffer; signature: string }> {
    const key = Buffer.from(secret);
    if (events.count > CHUNK_EVENTS && key.length <= KEY_MAX && this.workerReady()) {
      const { body, signature } = yield* this.writeBeside(events.chunks, key);
      if (signature) this.hashedBeside++;
      return { body, signature: signature ?? signBody(body, secret) };
    }
    const { body } = yield* this.writeSteps(events.chunks, null);
    return { body, signature: signBody(body, secret) };
  }

  /**
   * Writes the body into the arena, calling `wrote` with the bytes written after each chunk, and returns the
   * log's copy. The copy costs a tenth of writing: the arena's pages are warm. A body that does not fit is
   * finished apart (`inArena` false: what the arena holds is only its start). Yields after each chunk.
   */
  private *writeSteps(
    events: Iterable<readonly object[]>,
    wrote: ((bytes: number) => void) | null,
  ): Generator<void, { body: Buffer; inArena: boolean }> {
    const arena = (this.arena ??= Buffer.from(new SharedArrayBuffer(this.arenaBytes)));
    let at = arena.write(OPEN, 0, 'latin1');
    const parts = chunks(events);
    for (let next = parts.next(); !next.done; next = parts.next()) {
      const part = next.value;
      // UTF-8 takes at most 3 bytes per UTF-16 unit.
      if (at + part.length * 3 + CLOSE.length > arena.length) {
        const head = Buffer.from(arena.subarray(0, at));
        return { body: joined(head, [part, ...parts]), inArena: false };
      }
      at += arena.write(part, at);
      wrote?.(at);
      yield;
    }
    at += arena.write(CLOSE, at, 'latin1');
    const body = Buffer.allocUnsafe(at);
    arena.copy(body, 0, 0, at);
    return { body, inArena: true };
  }

  /** Starts the worker if it is not running; resolves whether it can take jobs. */
  async started(): Promise<boolean> {
    this.workerReady();
    while (this.worker && !this.ready && !this.broken) await new Promise((r) => setTimeout(r, 5));
    return this.ready;
  }

  /** Whether the worker can take a job now; starts it on first use (this batch goes the plain way). */
  private workerReady(): boolean {
    if (!this.useWorker || this.broken) return false;
    if (!this.worker) this.start();
    return this.ready;
  }

  private start(): void {
    const control = new SharedArrayBuffer(CONTROL_BYTES);
    this.arena ??= Buffer.from(new SharedArrayBuffer(this.arenaBytes));
    this.control = new Int32Array(control);
    this.controlBytes = new Uint8Array(control);
    const worker = new Worker(this.hasher, {
      workerData: { control, arena: this.arena.buffer, layout: LAYOUT },
    });
    // Hashing never keeps the emulator alive, and a worker that fails only costs the parallel hash.
    worker.unref();
    worker.once('message', () => (this.ready = !this.broken));
    worker.once('error', () => this.stop());
    worker.once('exit', () => this.stop());
    this.worker = worker;
  }

  private stop(): void {
    this.broken = true;
    this.ready = false;
    void this.worker?.terminate();
  }

  /**
   * Writes the body with the worker hashing each chunk as it lands. The signature is null when the body did
   * not fit the arena or the digest is late. Either way the worker finishes that job on its own, its digest
   * unread, and takes the next from the start: a job only ever reads its own key and bytes.
   */
  private *writeBeside(
    events: Iterable<readonly object[]>,
    key: Buffer,
  ): Generator<void, { body: Buffer; signature: string | null }> {
    const control = this.control!;
    const seq = ++this.seq;
    this.controlBytes!.set(key, LAYOUT.KEY_AT);
    Atomics.store(control, KEY_LENGTH, key.length);
    Atomics.store(control, READY, 0);
    Atomics.store(control, SEQ, seq);
    Atomics.notify(control, SEQ);
    let written = 0;
    const { body, inArena } = yield* this.writeSteps(events, (bytes) => {
      written = bytes;
      Atomics.store(control, READY, bytes);
      if (Atomics.load(control, SLEEPING)) Atomics.notify(control, READY);
    });
    Atomics.store(control, READY, inArena ? body.length : written);
    Atomics.store(control, END, seq);
    Atomics.notify(control, READY);
    return { body, signature: inArena ? this.digest(seq, body.length) : null };
  }

  /**
   * Job `seq`'s digest in hex, or null when it is late: the writer waits about as long as hashing the body
   * itself would take (DIGEST_WAIT_MS), and then does that instead. A worker late again and again (a machine
   * whose cores are all busy) is not used any more.
   */
  private digest(seq: number, bytes: number): string | null {
    const control = this.control!;
    const deadline = performance.now() + this.digestWaitMs(bytes);
    for (;;) {
      const done = Atomics.load(control, DONE);
      if (done === seq) break;
      const left = deadline - performance.now();
      if (left <= 0 || Atomics.wait(control, DONE, done, left) === 'timed-out') {
        if (++this.late >= MAX_LATE) this.stop();
        return null;
      }
    }
    this.late = 0;
    return Buffer.from(this.controlBytes!.subarray(LAYOUT.DIGEST_AT, LAYOUT.DIGEST_AT + 32)).toString('hex');
  }

  close(): void {
    this.ready = false;
    this.broken = true;
    void this.worker?.terminate();
    this.worker = null;
  }
}
