// Snapshots in the browser's IndexedDB (through idb-keyval), never sent anywhere. Each snapshot is two
// entries written in one transaction: `meta:<id>` (name, time, target, query, size) for the Library's
// list, and `rows:<id>` (the rows' identities and field texts) read only when diffing.
import { createStore, delMany, getMany, keys, get, setMany, type UseStore } from 'idb-keyval';
import type { QuerySetup } from '../workspace/setup.ts';
import type { KeptRow } from '../rows/sets.ts';

export interface SnapshotMeta {
  id: string;
  name: string;
  /** Epoch milliseconds. */
  createdAt: number;
  /** The query (a template's text and values too) and the target it ran on. */
  setup: QuerySetup;
  /** Keys of the fields kept per row (see fields.ts). */
  fields: string[];
  rowCount: number;
  /** Approximate bytes the rows take (their JSON, as UTF-16). */
  bytes: number;
}

/** Saving failed; `message` says what happened and that the other snapshots are kept. */
export class SnapshotStorageError extends Error {
  constructor(
    readonly kind: 'quota' | 'unavailable',
    message: string,
  ) {
    super(message);
    this.name = 'SnapshotStorageError';
  }
}

export interface SnapshotStore {
  list(): Promise<SnapshotMeta[]>;
  save(meta: Omit<SnapshotMeta, 'id' | 'bytes' | 'rowCount'>, rows: KeptRow[]): Promise<SnapshotMeta>;
  rows(id: string): Promise<KeptRow[] | null>;
  remove(id: string): Promise<void>;
}

const META = 'meta:';
const ROWS = 'rows:';

function isQuotaError(error: unknown): boolean {
  const name = (error as { name?: unknown } | null)?.name;
  const inner = (error as { inner?: { name?: unknown } } | null)?.inner?.name;
  return name === 'QuotaExceededError' || inner === 'QuotaExceededError';
}

let counter = 0;
const newId = () => `${Date.now().toString(36)}-${(counter++).toString(36)}`;

/** A snapshot store over an idb-keyval store (tests pass one over fake-indexeddb). */
export function createSnapshotStore(open: () => UseStore): SnapshotStore {
  let db: UseStore | null = null;
  const store = () => (db ??= open());
  return {
    async list() {
      const all = await keys<string>(store());
      const metaKeys = all.filter((k) => typeof k === 'string' && k.startsWith(META));
      const metas = await getMany<SnapshotMeta>(metaKeys, store());
      return metas.filter((m): m is SnapshotMeta => !!m).sort((a, b) => b.createdAt - a.createdAt);
    },
    async save(partial, rows) {
      const id = newId();
      const bytes = JSON.stringify(rows).length * 2;
      const meta: SnapshotMeta = { ...partial, id, rowCount: rows.length, bytes };
      try {
        // One transaction: either both entries are written or neither is.
        await setMany(
          [
            [ROWS + id, rows],
            [META + id, meta],
          ],
          store(),
        );
      } catch (error) {
        if (isQuotaError(error)) {
          throw new SnapshotStorageError(
            'quota',
            `The browser's storage for this site is full, so “${meta.name}” was not saved. Your other snapshots are kept; delete some of them in the Library (their sizes are listed), or narrow the query, and save again.`,
          );
        }
        throw new SnapshotStorageError(
          'unavailable',
          `The browser refused to store the snapshot (${error instanceof Error ? error.message : String(error)}). Private windows and some settings block storage. Your other snapshots are kept.`,
        );
      }
      return meta;
    },
    async rows(id) {
      return (await get<KeptRow[]>(ROWS + id, store())) ?? null;
    },
    async remove(id) {
      await delMany([META + id, ROWS + id], store());
    },
  };
}

/** The app's snapshots: database `croql-snapshots`, opened on first use. */
export const snapshotStore = createSnapshotStore(() => createStore('croql-snapshots', 'snapshots'));
