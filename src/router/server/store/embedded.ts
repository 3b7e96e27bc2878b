// Where an embedded store lives: a folder at --store PATH. An earlier release kept a JSON file at the same
// path; the first start migrates it: a new store is built beside (PATH.migrating), the file is renamed to
// PATH.v1-backup.json (kept, never deleted) and the new folder takes its place. A crash at any step leaves
// the JSON file or a complete store, and the next start carries on from there.
import { existsSync } from 'node:fs';
import { chmod, mkdir, readdir, readFile, rename, rm, stat } from 'node:fs/promises';
import { dirname } from 'node:path';
import { StoreError, type Installation, type StepRecord } from './records.ts';
import { openEmbedded, type EmbeddedOptions, type Sql } from '../../../app-server/store/sql.ts';

/** The JSON store of releases before the database (one file, `version: 1`). */
export interface JsonStoreV1 {
  version: 1;
  installations: Record<string, Installation>;
  steps: Record<string, StepRecord>;
}

export async function openEmbeddedStore(
  location: string,
  template: EmbeddedOptions['template'],
  importJson: (sql: Sql, data: JsonStoreV1) => Promise<void>,
): Promise<{ sql: Sql; migratedJson: string | null }> {
  const building = `${location}.migrating`;
  const backup = `${location}.v1-backup.json`;
  let migratedJson: string | null = null;
  const kind = await stat(location).then(
    (s) => (s.isDirectory() ? 'folder' : 'file'),
    () => 'absent',
  );
  if (kind === 'file') {
    const data = await readJsonStore(location);
    await rm(building, { recursive: true, force: true });
    const sql = await openEmbedded(building, { template });
    try {
      await importJson(sql, data);
    } finally {
      await sql.close();
    }
    await rename(location, backup);
    await rename(building, location);
    migratedJson = backup;
  } else if (kind === 'absent' && existsSync(building)) {
    // A start that stopped between the two renames: the store beside is complete.
    if (existsSync(backup)) await rename(building, location);
    else await rm(building, { recursive: true, force: true });
  } else if (kind === 'folder' && !existsSync(`${location}/PG_VERSION`) && (await isNonEmpty(location))) {
    throw new StoreError(
      `${location} is a folder that is not a CroQL store; give --store a new path or an existing store.`,
    );
  }
  await mkdir(dirname(location), { recursive: true, mode: 0o700 });
  try {
    const sql = await openEmbedded(location, { template });
    // It holds secrets: only its owner reads it.
    await chmod(location, 0o700);
    return { sql, migratedJson };
  } catch (e) {
    throw new StoreError(`Cannot open the store ${location}: ${(e as Error).message}`);
  }
}

async function isNonEmpty(folder: string): Promise<boolean> {
  return (await readdir(folder)).length > 0;
}

async function readJsonStore(file: string): Promise<JsonStoreV1> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (e) {
    throw new StoreError(`Cannot read the store ${file}: ${(e as Error).message}`);
  }
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    throw new StoreError(
      `The store ${file} is not JSON; restore it from a backup or move it away to start empty.`,
    );
  }
  const d = data as Partial<JsonStoreV1>;
  if (d?.version !== 1 || typeof d.installations !== 'object' || typeof d.steps !== 'object') {
    throw new StoreError(`The store ${file} is not a CroQL Router store (version 1).`);
  }
  return d as JsonStoreV1;
}
