// `npm run bench`: runs every src/bench/*.bench.ts module and prints its figures as ratios to baselines
// measured in the same run. `npm run bench -- --json` prints one JSON array instead.
// `npm run bench -- NAME` runs only the modules whose file name contains NAME (several NAMEs: any of them).
// A module that throws (Chromium missing, an emulator that does not start) does not stop the others: it
// becomes a failed row with its error, and the run exits non-zero at the end.
import { readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { failedRow, meetsTarget, type BenchRow } from './stats.ts';

const args = process.argv.slice(2);
const json = args.includes('--json');
const filters = args.filter((a) => !a.startsWith('--'));
const here = dirname(fileURLToPath(import.meta.url));
const modules = readdirSync(here)
  .filter((f) => f.endsWith('.bench.ts'))
  .filter((f) => filters.length === 0 || filters.some((name) => f.includes(name)))
  .sort();

const log = (line: string) => (json ? process.stderr.write(line + '\n') : console.log(line));
const rows: BenchRow[] = [];
for (const file of modules) {
  log(`# ${file}`);
  let measured: BenchRow[];
  try {
    const mod = (await import(pathToFileURL(join(here, file)).href)) as {
      default: () => Promise<BenchRow[]>;
    };
    measured = await mod.default();
  } catch (error) {
    measured = [failedRow(file, error)];
  }
  for (const r of measured) {
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
// A module that crashed may have left a server or a browser open: it must not keep the run from ending.
if (rows.some((r) => r.error !== undefined)) setTimeout(() => process.exit(), 2000).unref();

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
