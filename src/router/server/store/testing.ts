// Tests and the bench open many embedded stores; initdb is most of a first open (seconds on a loaded
// machine), so they start each new store from one fresh cluster made once per machine and PGlite version
// and kept in the temporary folder. Production opens its one store the ordinary way.
import { existsSync, readFileSync } from 'node:fs';
import { readFile, rename, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { emptyEmbeddedCluster } from '../../../app-server/store/sql.ts';

// The package exports no package.json: its entry point sits in dist/, the manifest one folder up.
const entry = createRequire(import.meta.url).resolve('@electric-sql/pglite');
const version = (
  JSON.parse(readFileSync(join(dirname(entry), '..', 'package.json'), 'utf8')) as { version: string }
).version;
const templateFile = join(tmpdir(), `croql-pglite-${version}-cluster.tar`);

let made: Promise<void> | null = null;

/** Makes the fresh cluster's file when it is missing (vitest's globalSetup calls it once per run). */
export function ensureEmbeddedTemplate(): Promise<void> {
  made ??= (async () => {
    if (existsSync(templateFile)) return;
    const blob = await emptyEmbeddedCluster();
    const partial = `${templateFile}.${process.pid}.partial`;
    await writeFile(partial, Buffer.from(await blob.arrayBuffer()));
    await rename(partial, templateFile);
  })();
  return made;
}

/** For StoreOptions.template. */
export async function embeddedTemplate(): Promise<Blob> {
  await ensureEmbeddedTemplate();
  return new Blob([await readFile(templateFile)]);
}
