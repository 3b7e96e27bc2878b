// A cap on requests in flight shared by many fetch-all runs (the languages matrix runs one per cell). Each
// run keeps the scheduler's own window, 429 pause and retries (src/rows/fetch-all.ts); the pool only
// makes a page request wait for a free slot, so all cells together never exceed `limit`. A request whose
// signal aborts while waiting leaves the queue without ever being sent.

export interface Pool {
  run<T>(signal: AbortSignal, task: () => Promise<T>): Promise<T>;
  /** Requests holding a slot now (for tests and progress). */
  readonly active: number;
}

export function createPool(limit: number): Pool {
  let active = 0;
  const waiting: (() => void)[] = [];

  function acquire(signal: AbortSignal): Promise<void> {
    if (signal.aborted) return Promise.reject(signal.reason);
    if (active < limit) {
      active++;
      return Promise.resolve();
    }
    return new Promise((resolve, reject) => {
      // A released slot passes straight to the next waiter (`active` unchanged), so nobody can overtake it.
      const granted = () => {
        signal.removeEventListener('abort', aborted);
        resolve();
      };
      const aborted = () => {
        const i = waiting.indexOf(granted);
        if (i >= 0) waiting.splice(i, 1);
        reject(signal.reason);
      };
      waiting.push(granted);
      signal.addEventListener('abort', aborted, { once: true });
    });
  }

  function release() {
    const next = waiting.shift();
    if (next) next();
    else active--;
  }

  return {
    async run(signal, task) {
      await acquire(signal);
      try {
        return await task();
      } finally {
        release();
      }
    },
    get active() {
      return active;
    },
  };
}
