import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const LOCK_DIR = join(tmpdir(), 'croql-playground-e2e.lock');
const WAIT_LIMIT_MS = 15 * 60_000;

/**
 * The e2e run uses fixed ports (the emulator's registered redirect URIs name them), so two runs on one
 * machine would collide. The first run holds this lock; a second one waits for it instead of failing.
 */
export function holdE2eLock(): void {
  const started = Date.now();
  let announced = false;
  for (;;) {
    try {
      mkdirSync(LOCK_DIR);
      writeFileSync(join(LOCK_DIR, 'pid'), String(process.pid));
      process.on('exit', releaseLock);
      for (const signal of ['SIGINT', 'SIGTERM'] as const) {
        process.once(signal, () => {
          releaseLock();
          process.exit(130);
        });
      }
      return;
    } catch {
      const holder = lockHolder();
      if (holder === null || !isAlive(holder)) {
        rmSync(LOCK_DIR, { recursive: true, force: true });
        continue;
      }
      if (Date.now() - started > WAIT_LIMIT_MS) {
        throw new Error(
          `another e2e run (pid ${holder}) has held ${LOCK_DIR} for 15 minutes; stop it or remove the folder`,
        );
      }
      if (!announced) {
        console.log(`Waiting for another e2e run (pid ${holder}) to finish…`);
        announced = true;
      }
      Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 500);
    }
  }
}

function releaseLock() {
  if (lockHolder() === process.pid) rmSync(LOCK_DIR, { recursive: true, force: true });
}

function lockHolder(): number | null {
  try {
    return Number(readFileSync(join(LOCK_DIR, 'pid'), 'utf8')) || null;
  } catch {
    return null;
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}
