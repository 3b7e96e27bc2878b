// `npm run fuzz [-- ROUNDS]`: the property tests (every test file that imports fast-check) run ROUNDS times
// (default 10), each round with fresh seeds, until one fails. The test command runs them with one fixed seed
// (src/testing/property-seed.ts), so new cases are found here and not in someone's CI run. A failure prints
// fast-check's counterexample and seed; `FC_SEED=<seed> npx vitest run <file>` replays it.
import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';

const root = join(import.meta.dirname, '..', '..');
const rounds = Number(process.argv[2] ?? 10);
if (!Number.isInteger(rounds) || rounds < 1) {
  console.error(`fuzz: ROUNDS must be a whole number of at least 1, not "${process.argv[2]}"`);
  process.exit(2);
}

const files = readdirSync(join(root, 'src'), { recursive: true, withFileTypes: true })
  .filter((f) => f.isFile() && /\.test\.tsx?$/.test(f.name))
  .map((f) => join(f.parentPath, f.name))
  .filter((path) => readFileSync(path, 'utf8').includes("from 'fast-check'"))
  .map((path) => relative(root, path))
  .sort();

for (let round = 1; round <= rounds; round++) {
  console.log(`fuzz: round ${round} of ${rounds}, ${files.length} files`);
  const run = spawnSync('npx', ['vitest', 'run', '--reporter', 'dot', ...files], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, FC_SEED: 'random' },
  });
  if (run.status !== 0) {
    console.error(
      `fuzz: round ${round} failed; replay with the seed printed above: FC_SEED=<seed> npx vitest run <file>`,
    );
    process.exit(1);
  }
}
console.log(`fuzz: ${rounds} rounds passed`);
