// What the command lines of the project's Crowdin apps (`npm run router`, `npm run crowdin-app`) share: how
// they stop on a bad option, how they log, and the checks of a port and of an embedded store's folder made
// at start rather than at the first installation.
import { mkdir, rm, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import { isPostgresUrl } from './store/sql.ts';

export interface Logger {
  info(message: string): void;
  warn(message: string): void;
  error(message: string): void;
}

/** Says what is wrong and stops with status 2 (a usage error). */
export function fail(message: string): never {
  console.error(message);
  process.exit(2);
}

/** `--port`'s value as a port number (0 picks a free one), or stops saying what it got. */
export function readPort(value: string): number {
  const port = Number(value);
  if (!Number.isInteger(port) || port < 0 || port > 65535)
    fail(`--port must be a port number; got "${value}".`);
  return port;
}

/**
 * Refuses an embedded store the app could not write, at start rather than at the first installation:
 * its folder (or a JSON store's migration, src/router/server/store/embedded.ts) needs new files beside it.
 */
export async function checkWritable(file: string): Promise<void> {
  if (isPostgresUrl(file)) return;
  const probe = `${file}.${process.pid}.probe`;
  try {
    await mkdir(dirname(file), { recursive: true, mode: 0o700 });
    await writeFile(probe, '', { mode: 0o600 });
  } catch (e) {
    fail(
      `Cannot write the store ${file}: ${(e as Error).message}. Give --store a file in a folder you can write to.`,
    );
  }
  await rm(probe, { force: true });
}
