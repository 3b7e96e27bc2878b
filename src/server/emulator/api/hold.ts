// Waiting that ends early: a latency fault holds a request for its time, or until its rule is deleted or the
// client goes away, and never leaves a timer behind.

/** Resolves after `ms`, or as soon as any of `signals` aborts. */
export function holdFor(ms: number, ...signals: AbortSignal[]): Promise<void> {
  return new Promise((resolve) => {
    if (signals.some((s) => s.aborted)) return resolve();
    const done = () => {
      clearTimeout(timer);
      for (const s of signals) s.removeEventListener('abort', done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    for (const s of signals) s.addEventListener('abort', done, { once: true });
  });
}
