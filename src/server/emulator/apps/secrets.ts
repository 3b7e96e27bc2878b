// Secrets that must outlive a restart: an app's secret (the app stores it at install and signs nothing
// without it), the credentials of an OAuth app registered by name, and an agent's user id. All derive from
// one key the CLI keeps in a private file, so re-installing after a restart gives the app what it already has.
import { createHmac, randomBytes } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';
import { privateDirectory } from '../key-file.ts';

function derive(key: string, purpose: string, value: string): Buffer {
  return createHmac('sha256', key).update(`${purpose}\0${value}`).digest();
}

export function appSecret(key: string, appId: string): string {
  return derive(key, 'app-secret', appId).toString('base64url');
}

const ALPHANUMERIC = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';

function alphanumeric(bytes: Buffer, length: number): string {
  let out = '';
  for (let i = 0; i < length; i++) out += ALPHANUMERIC[bytes[i % bytes.length]! % ALPHANUMERIC.length];
  return out;
}

/** A client id and secret shaped like the service's (20 and 40 letters and digits), stable per name. */
export function clientCredentials(key: string, name: string): { clientId: string; clientSecret: string } {
  return {
    clientId: alphanumeric(derive(key, 'client-id', name), 20),
    clientSecret: alphanumeric(
      Buffer.concat([derive(key, 'client-secret', name), derive(key, 'client-secret-2', name)]),
      40,
    ),
  };
}

/** A user id for an app's agent, stable per app, in a range demo data does not use. */
export function agentUserId(key: string, appId: string, taken: (id: number) => boolean): number {
  let id = 900_000 + (derive(key, 'agent-id', appId).readUInt32BE(0) % 90_000);
  while (taken(id)) id++;
  return id;
}

/**
 * Where the key lives: `CROQL_EMULATOR_STATE_DIR`, else the key folder when `CROQL_EMULATOR_KEY_DIR` moves it
 * (tests and CI keep everything there), else `$XDG_STATE_HOME/croql-playground`, else ~/.local/state/….
 */
export function stateDirectory(env: Record<string, string | undefined> = process.env): string {
  if (env.CROQL_EMULATOR_STATE_DIR) return env.CROQL_EMULATOR_STATE_DIR;
  if (env.CROQL_EMULATOR_KEY_DIR) return env.CROQL_EMULATOR_KEY_DIR;
  const base = env.XDG_STATE_HOME || join(homedir(), '.local', 'state');
  return join(base, 'croql-playground');
}

/**
 * The apps key: `CROQL_EMULATOR_APPS_KEY` when set, else the one in the state folder (created, mode 600, at
 * first use). Null with a reason when the folder cannot be used: the caller then uses a key for this run.
 */
export function persistentAppsKey(dir = stateDirectory()): { key: string; path: string | null } {
  if (process.env.CROQL_EMULATOR_APPS_KEY) return { key: process.env.CROQL_EMULATOR_APPS_KEY, path: null };
  privateDirectory(dir);
  const path = join(dir, 'apps.key');
  if (existsSync(path)) {
    const key = readFileSync(path, 'utf8').trim();
    if (key.length >= 32) return { key, path };
  }
  const key = randomBytes(32).toString('base64url');
  writeFileSync(path, key, { mode: 0o600 });
  return { key, path };
}
