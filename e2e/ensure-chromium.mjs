// Runs before the e2e tests: use the Chromium that is there, install Debian's when we can, else say how.
import { existsSync } from 'node:fs';
import { execSync, spawnSync } from 'node:child_process';

const path = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
if (existsSync(path)) process.exit(0);

const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
const hasApt = spawnSync('sh', ['-c', 'command -v apt-get'], { stdio: 'ignore' }).status === 0;
if (isRoot && hasApt) {
  console.log(`Chromium not found at ${path}; installing Debian's chromium with apt-get…`);
  try {
    execSync('apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium', {
      stdio: 'inherit',
    });
  } catch {
    console.error(
      'Installing chromium with apt-get failed; install it by hand: sudo apt-get install chromium',
    );
    process.exit(1);
  }
  if (existsSync(path)) process.exit(0);
}
console.error(
  `Chromium is missing at ${path}. Install it (Debian/Ubuntu: sudo apt-get install chromium) ` +
    'or set CHROMIUM_PATH to a Chromium binary, then run npm test again.',
);
process.exit(1);
