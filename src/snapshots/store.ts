// Snapshots in the browser's IndexedDB (through idb-keyval), never sent anywhere. Each snapshot is two
// entries written in one transaction: `meta:<id>` (name, time, target, query, size) for the Library's
// list, and `rows:<id>` (the rows' identities and field texts) read only when diffing.
import { createStore, delMany, getMany, keys, get, setMany, type UseStore } from 'idb-keyval';
import { sanitizeParams } from '../croql/index.ts';
import { arrayOf, number, object, problemText, recordOf, string } from '../wire/shape.ts';
import { QUERY_SETUP_FIELDS, QUERY_SETUP_REQUIRED, type QuerySetup } from '../workspace/setup.ts';
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
    readonly kind: 'quota' | 'unavailable' | 'unreadable',
    message: string,
  ) {
    super(message);
    this.name = 'SnapshotStorageError';
  }
}

/** An entry the list could not read: left out of it, and kept until the user deletes it. */
export interface UnreadableSnapshot {
  id: string;
  problem: string;
}

export interface SnapshotList {
  /** Newest first. */
  snapshots: SnapshotMeta[];
  unreadable: UnreadableSnapshot[];
}

export interface SnapshotStore {
  list(): Promise<SnapshotList>;
  save(meta: Omit<SnapshotMeta, 'id' | 'bytes' | 'rowCount'>, rows: KeptRow[]): Promise<SnapshotMeta>;
  /** The rows (null when they are gone); rows that cannot be read are a SnapshotStorageError. */
  rows(id: string): Promise<KeptRow[] | null>;
  /** Deletes snapshots (their description and rows), readable or not. */
  remove(...ids: string[]): Promise<void>;
}

const META = 'meta:';
const ROWS = 'rows:';

function isQuotaError(error: unknown): boolean {
  const name = (error as { name?: unknown } | null)?.name;
  const inner = (error as { inner?: { name?: unknown } } | null)?.inner?.name;
  return name === 'QuotaExceededError' || inner === 'QuotaExceededError';
}

/** What an entry must be to be listed, opened and diffed (src/wire/shape.ts). */
const metaShape = object<SnapshotMeta>(
  'a snapshot (an object)',
  {
    name: string,
    createdAt: number,
    setup: object<QuerySetup>('a query setup (an object)', QUERY_SETUP_FIELDS, [...QUERY_SETUP_REQUIRED]),
    fields: arrayOf(string),
    rowCount: number,
    bytes: number,
  },
  ['name', 'createdAt', 'setup', 'fields', 'rowCount', 'bytes'],
);
const rowsShape = arrayOf(
  object<KeptRow>('a row (an object)', { id: string, values: recordOf(string) }, ['id', 'values']),
);

/** A checked entry as the app uses it: the id is its key's, and only well-formed template values stay. */
function readMeta(id: string, meta: SnapshotMeta): SnapshotMeta {
  const { params, ...setup } = meta.setup;
  const kept = sanitizeParams(params);
  return { ...meta, id, setup: kept.length ? { ...setup, params: kept } : setup };
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
      const metas = await getMany<unknown>(metaKeys, store());
      const ids = metaKeys.map((k) => k.slice(META.length));
      // An entry that does not fit is left out and named; every other one stays listed and deletable.
      const snapshots: SnapshotMeta[] = [];
      const unreadable: UnreadableSnapshot[] = [];
      metas.forEach((meta, index) => {
        const id = ids[index]!;
        if (meta === undefined) return; // deleted meanwhile
        const problem = metaShape.problem(meta, '');
        if (problem) unreadable.push({ id, problem: problemText(problem, 'the entry') });
        else snapshots.push(readMeta(id, meta as SnapshotMeta));
      });
      return { snapshots: snapshots.sort((a, b) => b.createdAt - a.createdAt), unreadable };
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
      const rows = await get<unknown>(ROWS + id, store());
      if (rows === undefined) return null;
      const problem = rowsShape.problem(rows, 'rows');
      if (problem) {
        throw new SnapshotStorageError(
          'unreadable',
          `This snapshot’s rows as stored cannot be read (${problemText(problem)}), so it cannot be diffed. Delete it and take a new snapshot; your other snapshots are kept.`,
        );
      }
      return rows as KeptRow[];
    },
    async remove(...ids) {
      await delMany(
        ids.flatMap((id) => [META + id, ROWS + id]),
        store(),
      );
    },
  };
}

/** The app's snapshots: database `croql-snapshots`, opened on first use. */
export const snapshotStore = createSnapshotStore(() => createStore('croql-snapshots', 'snapshots'));
