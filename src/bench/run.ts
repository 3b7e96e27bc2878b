// `npm run bench`: runs every src/bench/*.bench.ts module and prints its figures as ratios to baselines
// measured in the same run. `npm run bench -- --json` prints one JSON array instead.
// `npm run bench -- NAME` runs only the modules whose file name contains NAME (several NAMEs: any of them).
// Each module runs in a process of its own: what one leaves behind (a heap grown by a Vite build, caches,
// a server's sockets) made another's figures worse in the same process (the language server's completion
// p95 went from 1.27 to 2.04 of complete() after the lint-latency module). A module that throws or whose
// process dies (Chromium missing, an emulator that does not start) does not stop the others: it becomes a
// failed row with its error, and the run exits non-zero at the end.
import { spawn } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { TSX_LOADER } from '../testing/node-tsx.ts';
import { failedRow, meetsTarget, type BenchRow } from './stats.ts';

/** The line a module's process prints its rows on (anything else it prints is passed on). */
const ROWS = '\u0000bench-rows ';

const args = process.argv.slice(2);
const json = args.includes('--json');
const one = args.indexOf('--module');
const here = dirname(fileURLToPath(import.meta.url));

if (one >= 0) {
  // A module's own process: its rows on one line for the run that started it.
  const file = args[one + 1]!;
  let measured: BenchRow[];
  try {
    const mod = (await import(pathToFileURL(join(here, file)).href)) as {
      default: () => Promise<BenchRow[]>;
    };
    measured = await mod.default();
  } catch (error) {
    measured = [failedRow(file, error)];
  }
  process.stdout.write(`${ROWS}${JSON.stringify(measured)}\n`);
  // A module that crashed may have left a server or a browser open: it must not keep its process alive.
  setTimeout(() => process.exit(), 2000).unref();
} else {
  await runAll();
}

/** Runs `file` in a process of its own; its rows, or one failed row saying why it gave none. */
function runModule(file: string, log: (line: string) => void): Promise<BenchRow[]> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [...TSX_LOADER, fileURLToPath(import.meta.url), '--module', file], {
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let rows: BenchRow[] | null = null;
    let pending = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      pending += chunk.toString();
      let nl: number;
      while ((nl = pending.indexOf('\n')) >= 0) {
        const line = pending.slice(0, nl);
        pending = pending.slice(nl + 1);
        if (line.startsWith(ROWS)) rows = JSON.parse(line.slice(ROWS.length)) as BenchRow[];
        else log(line);
      }
    });
    child.on('error', (e) => resolve([failedRow(file, e)]));
    child.on('close', (code, signal) =>
      resolve(
        rows ?? [
          failedRow(file, new Error(`its process ended (${signal ?? `exit code ${code}`}) without figures`)),
        ],
      ),
    );
  });
}

async function runAll(): Promise<void> {
  const filters = args.filter((a) => !a.startsWith('--'));
  const modules = readdirSync(here)
    .filter((f) => f.endsWith('.bench.ts'))
    .filter((f) => filters.length === 0 || filters.some((name) => f.includes(name)))
    .sort();
  const log = (line: string) => (json ? process.stderr.write(line + '\n') : console.log(line));
  const rows: BenchRow[] = [];
  for (const file of modules) {
    log(`# ${file}`);
    for (const r of await runModule(file, log)) {
      rows.push(r);
      log(formatRow(r));
    }
  }
  if (json) console.log(JSON.stringify(rows, null, 2));
  const failed = rows.filter((r) => meetsTarget(r) === false);
  log(
    `\n${rows.length} figures, ${failed.length} over target or failed${failed.length ? ': ' + failed.map((r) => r.name).join(', ') : ''}`,
  );
  process.exitCode = failed.length ? 1 : 0;
}

function formatRow(r: BenchRow): string {
  if (r.error !== undefined) return `  ${r.name}: FAILED — ${r.error.replace(/\n/g, '\n    ')}`;
  const value = `${round(r.value)} ${r.unit}`;
  const base =
    r.baseline === null ? '' : ` (baseline ${round(r.baseline)} ${r.unit}, ratio ${round(r.ratio!)})`;
  const verdict = meetsTarget(r);
  const target = r.target === null ? '' : ` target ≤ ${r.target} ${verdict ? 'ok' : 'OVER'}`;
  return `  ${r.name}: ${value}${base}${target}`;
}

function round(n: number): string {
  return Math.abs(n) >= 100 ? n.toFixed(0) : n.toPrecision(3);
}
