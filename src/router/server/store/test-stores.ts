// The stores a test file opens, on both backends: an embedded store in a new temporary folder, or a new
// database on one throwaway PostgreSQL server started for the file; every store opened is closed and every
// folder removed after the file's tests (store.test.ts, journal.test.ts).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import { RouterStore, type StoreOptions } from './router-store.ts';
import { startPostgres, type TestPostgres } from './test-postgres.ts';
import { embeddedTemplate } from './testing.ts';

/** `name` names the folders and databases; `path` is an embedded store's place inside its new folder. */
export function testStores(
  name: string,
  { path = 'store', ...defaults }: StoreOptions & { path?: string } = {},
) {
  const folders: string[] = [];
  const opened: RouterStore[] = [];
  let pg: TestPostgres | null = null;
  let databases = 0;
  beforeAll(async () => {
    pg = await startPostgres();
  });
  afterAll(async () => {
    for (const s of opened.splice(0)) await s.close().catch(() => undefined);
    await pg?.stop();
    for (const f of folders) rmSync(f, { recursive: true, force: true });
  });

  const folder = () => {
    const made = mkdtempSync(join(tmpdir(), `router-${name}-`));
    folders.push(made);
    return made;
  };
  const open = async (location: string, options: StoreOptions = {}): Promise<RouterStore> => {
    const store = await RouterStore.open(location, { template: embeddedTemplate, ...defaults, ...options });
    opened.push(store);
    return store;
  };
  const close = async (store: RouterStore): Promise<void> => {
    opened.splice(opened.indexOf(store), 1);
    await store.close();
  };
  return {
    folder,
    open,
    close,
    /** Closes `store` and opens the same location again (the embedded store is one process's). */
    reopen: async (store: RouterStore, location: string, options: StoreOptions = {}) => {
      await close(store);
      return open(location, options);
    },
    /** Where a new store goes, on each backend. */
    backends: {
      embedded: async () => join(folder(), path),
      PostgreSQL: async () => pg!.createDatabase(`${name}_${++databases}`),
    },
  };
}
