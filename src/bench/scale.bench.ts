// The emulator at 1,000,000 demo strings against 100,000, each in a child process: start time (spawn to
// listening), heap after start and after every language's translations listing (its index built), and the
// first (uncached) CroQL page. Linear growth keeps each ratio near 10.
import { listeningUrl, spawnEmulator } from './emulator.bench.ts';
import { row, type BenchRow } from './stats.ts';

const SMALL = 100_000;
const LARGE = 1_000_000;
const TYPICAL = 'count of languages summary where (is translated and not is approved) > 0 and not is hidden';
const GIB = 1024;

interface Figures {
  startMs: number;
  heapMiB: number;
  rssMiB: number;
  firstPageMs: number;
  /** Heap once the translations listing of every language has been asked for (its index built). */
  browsedHeapMiB: number;
}

async function measure(scale: number): Promise<Figures> {
  const started = performance.now();
  const { child, token } = spawnEmulator(['--expose-gc'], ['--scale', String(scale), '--test-hooks']);
  try {
    const base = await listeningUrl(child);
    const startMs = performance.now() - started;
    const { memory } = (await (await fetch(`${base}/health?gc`)).json()) as { memory: NodeJS.MemoryUsage };
    const t0 = performance.now();
    const res = await fetch(
      `${base}/api/v2/projects/1/strings?limit=25&croql=${encodeURIComponent(TYPICAL)}`,
      { headers: { Authorization: `Bearer ${token}` } },
    );
    await res.arrayBuffer();
    if (res.status !== 200)
      throw new Error(`bench: the first page at ${scale} strings answered ${res.status}`);
    const firstPageMs = performance.now() - t0;
    for (const language of ['uk', 'de', 'fr', 'es', 'ja']) {
      const page = await fetch(`${base}/api/v2/projects/1/languages/${language}/translations?limit=25`, {
        headers: { Authorization: `Bearer ${token}` },
      });
      await page.arrayBuffer();
    }
    const browsed = (await (await fetch(`${base}/health?gc`)).json()) as { memory: NodeJS.MemoryUsage };
    const mib = (bytes: number) => bytes / 2 ** 20;
    return {
      startMs,
      heapMiB: mib(memory.heapUsed),
      rssMiB: mib(memory.rss),
      firstPageMs,
      browsedHeapMiB: mib(browsed.memory.heapUsed),
    };
  } finally {
    child.kill('SIGTERM');
  }
}

export default async function scaleBench(): Promise<BenchRow[]> {
  const small = await measure(SMALL);
  const large = await measure(LARGE);
  return [
    row(
      'emulator: start at 1,000,000 strings (baseline: at 100,000)',
      large.startMs,
      'ms',
      small.startMs,
      12,
    ),
    row(
      'emulator: first (uncached) croql page over 1,000,000 strings (baseline: over 100,000)',
      large.firstPageMs,
      'ms',
      small.firstPageMs,
      12,
    ),
    row('emulator: heap at 1,000,000 strings (target: 1 GiB)', large.heapMiB, 'MiB', null, GIB),
    row(
      'emulator: heap at 1,000,000 strings after the translations of all five languages (target: 1 GiB)',
      large.browsedHeapMiB,
      'MiB',
      null,
      GIB,
    ),
    row('emulator: RSS at 1,000,000 strings', large.rssMiB, 'MiB', null, null),
  ];
}
