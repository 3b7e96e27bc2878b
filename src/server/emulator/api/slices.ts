// Work that runs in slices between other requests: a generator that calls `sliceOver()` every few steps
// and yields only when its slice is over. The engine (./listing.ts) gives each slice its time.
//
// Both halves keep a long evaluation from making garbage, which would make the collector pause the event
// loop while other clients wait: a yield allocates its result object, and so does reading the clock (a
// boxed number each time), once per few items of a 200,000-item listing. So work yields once per slice, and
// `sliceOver()` reads the clock only every `stride` calls, the stride adapting so that a read comes about
// every STEP_MS whatever a step costs (cheap steps over plain fields, slow ones with nested counts).

/** When the running slice ends; outside a slice work never yields. */
let until = Infinity;
/** Calls between clock reads, and calls left until the next. */
let stride = 1;
let countdown = 1;
/** When the clock was read last. */
let lastRead = 0;
/**
 * Time between two clock reads, and so about how much a slice overruns; more when a work's steps turn much
 * slower midway (the stride learned on cheap steps, it halves at each read until the reads are this close).
 */
const STEP_MS = 0.02;

/** Whether the running slice is over. */
export function sliceOver(): boolean {
  if (--countdown > 0) return false;
  const now = performance.now();
  const gap = now - lastRead;
  lastRead = now;
  if (gap < STEP_MS / 2 && stride < 4096) stride *= 2;
  else if (gap > STEP_MS * 2 && stride > 1) stride >>= 1;
  countdown = stride;
  return now >= until;
}

/** Runs `work` until it yields (its slice of `ms` is over) or ends. */
export function runSlice<T>(work: Generator<void, T>, ms: number): IteratorResult<void, T> {
  lastRead = performance.now();
  until = lastRead + ms;
  // Each work has its own step cost: the stride starts over.
  stride = countdown = 1;
  try {
    return work.next();
  } finally {
    until = Infinity;
  }
}

/** Runs work written in slices to its end at once (tests, small data). */
export function runToEnd<T>(work: Generator<void, T>): T {
  for (;;) {
    const step = work.next();
    if (step.done) return step.value;
  }
}
