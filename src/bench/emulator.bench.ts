// The emulator under load, on 200,000 demo strings, in a child process (so the load generator does not
// share its event loop): 20 concurrent clients on loopback, bounded in requests and time.
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createEmulator } from '../server/emulator/app.ts';
import type { LoopDelayFigures } from '../server/emulator/loop-delay.ts';
import { generateDemoDataset } from '../server/emulator/data/demo.ts';
import { median, percentile, row, type BenchRow } from './stats.ts';

const SCALE = 200_000;
const CLIENTS = 20;
const MAX_REQUESTS = 3000;
const MAX_MS = 8000;
const TYPICAL = 'count of languages summary where (is translated and not is approved) > 0 and not is hidden';
/** Sorts of the event-loop row: every orderable field of the strings listing, both directions, a two-term one. */
const SORTS = [
  'text desc',
  'identifier',
  'context desc',
  'createdAt',
  'updatedAt desc',
  'type,text',
  'id desc',
];
const SORT_MS = 6000;

/** `/health` with the test hooks, after `?loop=reset`: the event loop's delay (src/server/emulator/app.ts). */
export interface LoopDelay {
  eventLoopDelayMs: LoopDelayFigures;
}
const root = join(dirname(fileURLToPath(import.meta.url)), '../..');

export default async function emulatorBench(): Promise<BenchRow[]> {
  const { child, token } = spawnEmulator(['--expose-gc'], ['--scale', String(SCALE), '--test-hooks']);
  try {
    const base = await listeningUrl(child);
    const get = async (path: string) => {
      const t0 = performance.now();
      const res = await fetch(`${base}/api/v2${path}`, { headers: { Authorization: `Bearer ${token}` } });
      await res.arrayBuffer();
      if (res.status !== 200) throw new Error(`bench: ${path} answered ${res.status}`);
      return performance.now() - t0;
    };
    const strings = (croql: string | null, limit: number, offset: number) =>
      `/projects/1/strings?limit=${limit}&offset=${offset}${croql ? `&croql=${encodeURIComponent(croql)}` : ''}`;

    const health = (await (await fetch(`${base}/health?gc`)).json()) as { memory: NodeJS.MemoryUsage };
    const sample = generateDemoDataset({ strings: 2000 });
    const jsonMb = (Buffer.byteLength(JSON.stringify(sample.strings)) * (SCALE / 2000)) / 1e6;

    const cold = await get(strings(TYPICAL, 25, 0));
    await get(strings(null, 25, 0));

    // Load: each client walks pages 1..10 of the query (cached after the first evaluation) until done.
    const plainPage = (k: number) => get(strings(null, 25, (k % 10) * 25));
    const croqlPage = (k: number) => get(strings(TYPICAL, 25, (k % 10) * 25));
    await load(plainPage, 400); // warm-up of both paths, not recorded
    await load(croqlPage, 400);
    const plain = await load(plainPage, MAX_REQUESTS);
    const croql = await load(croqlPage, MAX_REQUESTS);
    // Latency percentiles from one mixed run, so both kinds see the same machine load.
    const mixedPlain: number[] = [];
    const mixedCroql: number[] = [];
    await load(async (k) => {
      const ms = await (k % 2 ? croqlPage(k >> 1) : plainPage(k >> 1));
      (k % 2 ? mixedCroql : mixedPlain).push(ms);
      return ms;
    }, MAX_REQUESTS);

    // Deep paging, the app's page size of 500: page 40 (offset 19,500) against page 1, alternated.
    const first: number[] = [];
    const fortieth: number[] = [];
    await get(strings(TYPICAL, 500, 19_500));
    for (let k = 0; k < 40; k++) {
      first.push(await get(strings(TYPICAL, 500, 0)));
      fortieth.push(await get(strings(TYPICAL, 500, 19_500)));
    }

    // The emulator's event-loop delay while a client sorts: sorted pages, each evaluated and sorted afresh (a
    // new filter each time; the first of each field prepares its order), one after another for SORT_MS and
    // at least twice per field. The emulator samples its own loop every millisecond (/health, test hooks).
    const loopDelay = async (reset: boolean) =>
      ((await (await fetch(`${base}/health${reset ? '?loop=reset' : ''}`)).json()) as LoopDelay)
        .eventLoopDelayMs;
    await loopDelay(true);
    let sorts = 0;
    const sortUntil = performance.now() + SORT_MS;
    while (performance.now() < sortUntil || sorts < SORTS.length * 2) {
      const order = SORTS[sorts % SORTS.length]!;
      await get(`${strings(`identifier != "x${sorts}"`, 25, 0)}&orderBy=${encodeURIComponent(order)}`);
      sorts++;
    }
    const sortingDelay = await loopDelay(false);

    const mb = (bytes: number) => bytes / 1e6;
    return [
      row(
        'emulator: croql page, 20 clients, wall ms per request (baseline: plain page)',
        croql.msPerRequest,
        'ms',
        plain.msPerRequest,
        1.5,
      ),
      row(
        'emulator: croql page p50 under mixed load (baseline: plain page p50)',
        median(mixedCroql),
        'ms',
        median(mixedPlain),
        1.5,
      ),
      row(
        'emulator: croql page p99 under mixed load (baseline: plain page p99)',
        percentile(mixedCroql, 99),
        'ms',
        percentile(mixedPlain, 99),
        2,
      ),
      row('emulator: page 40 vs page 1 of 500, p50', median(fortieth), 'ms', median(first), 1.2),
      row(
        `emulator: event-loop delay p99 in the ${sortingDelay.cpuOf === 'thread' ? 'loop thread' : 'process'}'s CPU time while a client sorts 200,000 strings (${sorts} sorted pages; max ${sortingDelay.cpu.max} ms; in the whole process's CPU time p99 ${sortingDelay.processCpu.p99} ms; in wall time p99 ${sortingDelay.wall.p99} ms)`,
        sortingDelay.cpu.p99,
        'ms',
        null,
        5,
      ),
      row('emulator: first (uncached) croql page over 200,000 strings', cold, 'ms', null, null),
      row(
        'emulator: heap at 200,000 strings (baseline: their Context JSON text)',
        mb(health.memory.heapUsed),
        'MB',
        jsonMb,
        null,
      ),
      row('emulator: RSS at 200,000 strings', mb(health.memory.rss), 'MB', null, null),
    ];
  } finally {
    child.kill('SIGTERM');
  }
}

/** Runs CLIENTS loops until `maxRequests` are done or MAX_MS have passed. */
async function load(request: (k: number) => Promise<number>, maxRequests: number) {
  const samples: number[] = [];
  const start = performance.now();
  let issued = 0;
  const client = async () => {
    while (issued < maxRequests && performance.now() - start < MAX_MS) {
      samples.push(await request(issued++));
    }
  };
  await Promise.all(Array.from({ length: CLIENTS }, client));
  return { samples, msPerRequest: (performance.now() - start) / samples.length };
}

/**
 * An emulator in a child process (so the load generator does not share its event loop), with a personal
 * token for alice that it accepts: the child signs with this run's key. The apps bench starts one too.
 */
export function spawnEmulator(
  nodeArgs: string[],
  cliArgs: string[],
  env: Record<string, string> = {},
): { child: ChildProcess; token: string } {
  const signingKey = randomBytes(32).toString('base64url');
  const token = createEmulator({ data: generateDemoDataset({ strings: 1 }), signingKey }).personalToken(
    'alice',
  );
  const child = spawn(
    process.execPath,
    [...nodeArgs, '--import', 'tsx', 'src/server/emulator/cli.ts', '--port', '0', ...cliArgs],
    {
      cwd: root,
      env: { ...process.env, ...env, CROQL_EMULATOR_SIGNING_KEY: signingKey },
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  return { child, token };
}

/** The URL a spawned emulator prints when it listens. */
export function listeningUrl(child: ChildProcess): Promise<string> {
  return new Promise((resolve, reject) => {
    // Generous: a 1M-string emulator took over 2 minutes to start beside a full e2e run on 2 cores, and a
    // busy machine should make the figure slow, not the bench fail.
    const timer = setTimeout(
      () => reject(new Error('bench: the emulator did not start within 10 minutes')),
      600_000,
    );
    let out = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const match = /API (http:\/\/127\.0\.0\.1:\d+)\/api\/v2/.exec(out);
      if (match) {
        clearTimeout(timer);
        resolve(match[1]!);
      }
    });
    child.on('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`bench: the emulator exited (${code}) before listening`));
    });
  });
}
