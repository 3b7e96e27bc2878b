// Where a running emulator leaves its signing key for `npm run emulator -- token`: a file only this user
// can read, in a folder only this user can enter, named by the port. The key is random per start, so a
// token command needs it to make tokens that emulator accepts.
import { lstatSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { homedir, tmpdir } from 'node:os';
import { join } from 'node:path';

export interface KeyFile {
  pid: number;
  key: string;
}

/**
 * The key folder. Under ~/.cache it is a folder of its own, not ~/.cache/croql-playground itself: other
 * caches live there (the framework interop test's, src/server/emulator/apps/framework-install.ts) and
 * create it readable by all, which the privacy check below would refuse.
 */
export function keyDirectory(env: Record<string, string | undefined> = process.env): string {
  if (env.CROQL_EMULATOR_KEY_DIR) return env.CROQL_EMULATOR_KEY_DIR;
  if (env.XDG_RUNTIME_DIR) return join(env.XDG_RUNTIME_DIR, 'croql-playground');
  const home = homedir();
  return home
    ? join(home, '.cache', 'croql-playground', 'emulator-keys')
    : join(tmpdir(), `croql-playground-${process.getuid?.() ?? 'user'}`);
}

export function keyFilePath(port: number, dir = keyDirectory()): string {
  return join(dir, `emulator-${port}.key`);
}

/** Creates the folder (0700) or checks that an existing one is this user's and private. */
export function privateDirectory(dir: string): void {
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  const stat = lstatSync(dir);
  const uid = process.getuid?.();
  if (!stat.isDirectory() || (uid !== undefined && stat.uid !== uid) || (stat.mode & 0o077) !== 0) {
    throw new Error(`${dir} must be a folder only you can read (mode 700); fix or remove it.`);
  }
}

/** Writes the key for `port`; returns a function that removes the file again. */
export function writeKeyFile(port: number, key: string, dir = keyDirectory()): () => void {
  privateDirectory(dir);
  const path = keyFilePath(port, dir);
  rmSync(path, { force: true });
  writeFileSync(path, JSON.stringify({ pid: process.pid, key } satisfies KeyFile), {
    mode: 0o600,
    flag: 'wx',
  });
  return () => {
    if (readKeyFile(port, dir)?.pid === process.pid) rmSync(path, { force: true });
  };
}

/** The key of the emulator running on `port`, or null when none is (no file, or its process is gone). */
export function readKeyFile(port: number, dir = keyDirectory()): KeyFile | null {
  let value: Partial<KeyFile>;
  try {
    value = JSON.parse(readFileSync(keyFilePath(port, dir), 'utf8')) as Partial<KeyFile>;
  } catch {
    return null;
  }
  if (typeof value.pid !== 'number' || typeof value.key !== 'string') return null;
  try {
    process.kill(value.pid, 0);
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ESRCH') return null;
  }
  return { pid: value.pid, key: value.key };
}
