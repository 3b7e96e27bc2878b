// "Fetch all" of a 20,000-row result from the emulator (a child process on a free loopback port):
// the app's Fetch all (src/rows/fetch-all.ts's scheduler, each page through fetchListingPage of
// src/rows/pages.ts: the inspector's list and the check of the answer's shape, src/wire/envelope.ts) over an
// API client made of Node's fetch (where the app has the browser's, with its session's token), versus the
// official client's withFetchAll() on the same query, alternating, in the same run. Ratio = ours / theirs.
import { TSX_LOADER } from '../testing/node-tsx.ts';
import { spawn, execFile, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createServer } from 'node:net';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { SourceStrings } from '@crowdin/crowdin-api-client';
import type { ApiClient } from '../connection/api.ts';
import { buildUrl } from '../connection/api.ts';
import { fetchAll } from '../rows/fetch-all.ts';
import { fetchListingPage } from '../rows/pages.ts';
import { useInspectorStore } from '../rows/requests.ts';
import { FETCH_ALL_IN_FLIGHT, PAGE_SIZE } from '../rows/limits.ts';
import { median, row, type BenchRow } from './stats.ts';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const CLI = join(ROOT, 'src', 'server', 'emulator', 'cli.ts');
const TSX = process.execPath;
/** Large data (the emulator's scale option) and a query matching about 20,000 of its strings. */
const EMULATOR_ARGS = ['--scale', '21000'];
/** The emulator and its `token` command share this run's signing key. */
const EMULATOR_ENV = { ...process.env, CROQL_EMULATOR_SIGNING_KEY: randomBytes(32).toString('base64url') };
// A documented field (the service refuses string `id` in CroQL): 19,987 of the 21,000 demo strings.
const QUERY = 'not is hidden';
/** Fewer would measure a smaller fetch than the figure names. */
const MIN_ROWS = 19_000;
const PROJECT_ID = 1;
const ROUNDS = 7;
const WARM_ROUNDS = 2;
const TARGET_RATIO = 0.25;

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

async function startEmulator(port: number): Promise<ChildProcess> {
  // One node process (no tsx wrapper), so kill() stops the emulator itself.
  const child = spawn(TSX, [...TSX_LOADER, CLI, '--port', String(port), ...EMULATOR_ARGS], {
    cwd: ROOT,
    env: EMULATOR_ENV,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const deadline = Date.now() + 180_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`The emulator exited with code ${child.exitCode}`);
    try {
      if ((await fetch(`http://127.0.0.1:${port}/health`)).ok) return child;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  child.kill();
  throw new Error('The emulator did not answer /health within 3 minutes');
}

async function personalToken(): Promise<string> {
  const { stdout } = await promisify(execFile)(
    TSX,
    [...TSX_LOADER, CLI, 'token', '--user', 'alice', '--scopes', 'project tm glossary', ...EMULATOR_ARGS],
    { cwd: ROOT, env: EMULATOR_ENV },
  );
  const last = stdout.trim().split('\n').at(-1);
  if (!last) throw new Error('`emulator token` printed nothing');
  return last.trim();
}

/** The app's ApiClient (src/connection/api.ts) with Node's fetch and a fixed token: what it sends and reads. */
function nodeClient(apiUrl: string, token: string): ApiClient {
  return {
    baseUrl: apiUrl,
    async get<T>(path: string, params: Record<string, string | number | undefined>, signal: AbortSignal) {
      const url = buildUrl(apiUrl, path, params);
      const started = performance.now();
      const response = await fetch(url, {
        headers: { Authorization: `Bearer ${token}`, Accept: 'application/json' },
        signal,
      });
      const text = await response.text();
      if (!response.ok) throw new Error(`HTTP ${response.status} for ${url}`);
      const elapsedMs = Math.round(performance.now() - started);
      return {
        status: response.status,
        body: JSON.parse(text) as T,
        url,
        elapsedMs,
        headers: response.headers,
      };
    },
  };
}

async function ours(client: ApiClient): Promise<number> {
  // A new run starts with an empty inspector, as in the app.
  useInspectorStore.getState().actions.clear();
  const path = `/projects/${PROJECT_ID}/strings`;
  const result = await fetchAll<unknown>({
    fetchPage: async (offset, limit, signal) =>
      (await fetchListingPage(client, 'strings', path, QUERY, offset, signal, limit)).rows,
    pageSize: PAGE_SIZE,
    maxInFlight: FETCH_ALL_IN_FLIGHT,
  });
  return result.rows.length;
}

async function official(apiUrl: string, token: string): Promise<number> {
  const api = new SourceStrings({ token, baseUrl: apiUrl });
  const response = await api.withFetchAll().listProjectStrings(PROJECT_ID, { croql: QUERY });
  return response.data.length;
}

async function timed(fn: () => Promise<number>): Promise<{ ms: number; rows: number }> {
  const t0 = performance.now();
  const rows = await fn();
  return { ms: performance.now() - t0, rows };
}

export default async function fetchAllBench(): Promise<BenchRow[]> {
  const port = await freePort();
  const emulator = await startEmulator(port);
  try {
    const apiUrl = `http://127.0.0.1:${port}/api/v2`;
    const token = await personalToken();
    const client = nodeClient(apiUrl, token);
    // Warm the emulator's cache for the query (both sides then read the same cached matches).
    const expected = await official(apiUrl, token);
    if (expected < MIN_ROWS) throw new Error(`The query matched ${expected} rows, fewer than ${MIN_ROWS}`);
    // Warm both sides' code and connections, not recorded, as the other benches do: a first round would
    // time the JIT compiling our page path against the official client's, not the fetches.
    for (let i = 0; i < WARM_ROUNDS; i++) {
      await ours(client);
      await official(apiUrl, token);
    }
    const mine: number[] = [];
    const theirs: number[] = [];
    const ratios: number[] = [];
    for (let i = 0; i < ROUNDS; i++) {
      // Each round times both back to back, in turn first, so load that lasts a round (the machine is
      // shared) weighs on both sides of its ratio; the figure is the median of the rounds' ratios.
      const first = i % 2 === 0;
      const b0 = first ? null : await timed(() => official(apiUrl, token));
      const a = await timed(() => ours(client));
      const b = b0 ?? (await timed(() => official(apiUrl, token)));
      if (a.rows !== b.rows || a.rows !== expected) {
        throw new Error(`Row counts differ: ours ${a.rows}, official client ${b.rows}, expected ${expected}`);
      }
      mine.push(a.ms);
      theirs.push(b.ms);
      ratios.push(a.ms / b.ms);
    }
    return [
      row(
        `fetch all ${expected.toLocaleString('en-US')} rows vs withFetchAll`,
        median(mine),
        'ms',
        median(theirs),
        TARGET_RATIO,
        median(ratios),
      ),
    ];
  } finally {
    emulator.kill();
  }
}
