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

/**
 * Runs `sample` (which times both sides once, one right after the other) `warm` times unrecorded, then in
 * `rounds` rounds of `perRound`: each side's best p95 of the rounds, and the median over the rounds of the
 * round's p95 of the first side over its p95 of the second, so both sides of each ratio met the same load
 * (src/bench/lsp.bench.ts says what one long stretch of samples measured instead).
 */
export async function pairedP95(
  { rounds, perRound, warm }: { rounds: number; perRound: number; warm: number },
  sample: (i: number) => Promise<[number, number]>,
): Promise<{ ours: number; base: number; ratio: number }> {
  for (let i = 0; i < warm; i++) await sample(-1 - i);
  let ours = Infinity;
  let base = Infinity;
  const ratios: number[] = [];
  let n = 0;
  for (let round = 0; round < rounds; round++) {
    const a: number[] = [];
    const b: number[] = [];
    for (let i = 0; i < perRound; i++) {
      const [x, y] = await sample(++n);
      a.push(x);
      b.push(y);
    }
    ours = Math.min(ours, percentile(a, 95));
    base = Math.min(base, percentile(b, 95));
    ratios.push(percentile(a, 95) / percentile(b, 95));
  }
  return { ours, base, ratio: median(ratios) };
}

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
