// `npm run bench`: runs every src/bench/*.bench.ts module and prints its figures as ratios to baselines
// measured in the same run. `npm run bench -- --json` prints one JSON array instead.
// `npm run bench -- NAME` runs only the modules whose file name contains NAME.
import { readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { meetsTarget, type BenchRow } from './stats.ts';

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
  const mod = (await import(pathToFileURL(join(here, file)).href)) as { default: () => Promise<BenchRow[]> };
  for (const r of await mod.default()) {
    rows.push(r);
    log(formatRow(r));
  }
}

if (json) console.log(JSON.stringify(rows, null, 2));
const failed = rows.filter((r) => meetsTarget(r) === false);
log(
  `\n${rows.length} figures, ${failed.length} over target${failed.length ? ': ' + failed.map((r) => r.name).join(', ') : ''}`,
);
process.exitCode = failed.length ? 1 : 0;

function formatRow(r: BenchRow): string {
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
