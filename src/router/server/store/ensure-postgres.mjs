// Runs before the unit tests: the store's tests start a throwaway PostgreSQL server (src/router/server/store/test-postgres.ts)
// from Debian's binaries. Use them when they are there, install Debian's postgresql when we can, else say how.
import { existsSync, readdirSync } from 'node:fs';
import { execSync, spawnSync } from 'node:child_process';

const root = '/usr/lib/postgresql';
const installed = () =>
  existsSync(root) && readdirSync(root).some((v) => existsSync(`${root}/${v}/bin/initdb`));
if (installed()) process.exit(0);

const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
const hasApt = spawnSync('sh', ['-c', 'command -v apt-get'], { stdio: 'ignore' }).status === 0;
if (isRoot && hasApt) {
  console.log("PostgreSQL not found; installing Debian's postgresql with apt-get…");
  try {
    // The package's own cluster is not used (the tests make their own): don't start it.
    execSync(
      'apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends postgresql >/dev/null',
      { stdio: 'inherit' },
    );
  } catch {
    console.error(
      'Installing postgresql with apt-get failed; install it by hand: sudo apt-get install postgresql',
    );
    process.exit(1);
  }
  if (installed()) process.exit(0);
}
console.error(
  `PostgreSQL is missing (no ${root}/*/bin/initdb). Install it (Debian/Ubuntu: sudo apt-get install postgresql), ` +
    'then run the tests again.',
);
process.exit(1);
