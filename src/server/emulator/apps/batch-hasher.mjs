// The worker behind src/server/emulator/apps/batch-body.ts: hashes a webhook batch's body with HMAC-SHA256
// while the main thread is still writing it. Both sides share two SharedArrayBuffers: the body's bytes (the
// arena) and a control block whose slots batch-body.ts names and describes. Plain JavaScript, so the worker
// starts the same way under tsx, vitest and node.
import { createHmac } from 'node:crypto';
import { parentPort, workerData } from 'node:worker_threads';

const [SEQ, READY, END, DONE, KEY_LENGTH, SLEEPING] = [0, 1, 2, 3, 4, 5];
const { DIGEST_AT, KEY_AT, MIN_UPDATE, SPINS } = workerData.layout;
const control = new Int32Array(workerData.control);
const controlBytes = new Uint8Array(workerData.control);
const arena = new Uint8Array(workerData.arena);

// Warm the hash up before saying ready: a first job must not be late for a cold start.
createHmac('sha256', 'warm').update(arena.subarray(0, MIN_UPDATE)).digest();
// The job number to wait past is read before saying ready: the writer starts a job as soon as it hears
// ready, and read after, it would be that job's own number, which the worker would then wait past.
let last = Atomics.load(control, SEQ);
parentPort.postMessage('ready');
jobs: for (;;) {
  Atomics.wait(control, SEQ, last);
  const seq = Atomics.load(control, SEQ);
  last = seq;
  const hmac = createHmac('sha256', controlBytes.slice(KEY_AT, KEY_AT + control[KEY_LENGTH]));
  let hashed = 0;
  for (let idle = 0; ;) {
    // A job the writer gave up on (its digest was late) is dropped once the next one starts: that job's
    // END overwrites this one's, which the worker would otherwise wait for forever.
    if (Atomics.load(control, SEQ) !== seq) continue jobs;
    // END before READY: the main thread stores READY before END, so after seeing END, READY is final.
    const end = Atomics.load(control, END) === seq;
    const ready = Atomics.load(control, READY);
    // Fewer, larger updates: each call into the hash costs about a microsecond on top of its bytes.
    if (ready - hashed >= MIN_UPDATE || (end && ready > hashed)) {
      hmac.update(arena.subarray(hashed, ready));
      hashed = ready;
      idle = 0;
    } else if (end) {
      break;
    } else if (++idle > SPINS) {
      // The writer stalled (a collection, another process): sleep until it says it wrote more.
      Atomics.store(control, SLEEPING, 1);
      Atomics.wait(control, READY, ready, 5);
      Atomics.store(control, SLEEPING, 0);
      idle = 0;
    }
  }
  controlBytes.set(hmac.digest(), DIGEST_AT);
  Atomics.store(control, DONE, seq);
  Atomics.notify(control, DONE);
}
