/** One figure of `npm run bench`. Lower is better for every figure; `target` bounds `ratio` (or `value` without a baseline). */
export interface BenchRow {
  name: string;
  value: number;
  unit: string;
  baseline: number | null;
  ratio: number | null;
  target: number | null;
  /** Set when the bench module crashed instead of measuring: what went wrong (the row then fails). */
  error?: string;
}

/**
 * `ratio`, when given, is measured rather than `value / baseline`: the median of paired ratios, each of one
 * round that timed both sides back to back, so load that lasts a round weighs on both alike.
 */
export function row(
  name: string,
  value: number,
  unit: string,
  baseline: number | null,
  target: number | null,
  ratio?: number,
): BenchRow {
  return { name, value, unit, baseline, ratio: ratio ?? (baseline ? value / baseline : null), target };
}

/** The row of a bench module that threw: it names the module and the error, and counts as failed. */
export function failedRow(name: string, error: unknown): BenchRow {
  const text = error instanceof Error ? (error.stack ?? error.message) : String(error);
  return { name, value: NaN, unit: '', baseline: null, ratio: null, target: null, error: text };
}

export function percentile(samples: readonly number[], p: number): number {
  if (samples.length === 0) return NaN;
  const sorted = [...samples].sort((a, b) => a - b);
  const index = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[index]!;
}

export const median = (samples: readonly number[]) => percentile(samples, 50);

/** Runs `fn` until `minMs` have passed (at least `minRuns` times) and returns each run's duration in µs. */
export function sampleMicros(fn: () => void, minRuns = 20, minMs = 200): number[] {
  const samples: number[] = [];
  const start = performance.now();
  while (samples.length < minRuns || performance.now() - start < minMs) {
    const t0 = performance.now();
    fn();
    samples.push((performance.now() - t0) * 1000);
  }
  return samples;
}

export function meetsTarget(r: BenchRow): boolean | null {
  if (r.error !== undefined) return false;
  if (r.target === null) return null;
  const measured = r.ratio ?? r.value;
  return measured <= r.target;
}
