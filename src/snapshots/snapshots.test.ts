import 'fake-indexeddb/auto';
import { createStore, setMany, type UseStore } from 'idb-keyval';
import { describe, expect, it } from 'vitest';
import { partialRow } from '../testing/fixtures.ts';
import { diffRows } from '../rows/sets.ts';
import { keptValues, type KeptRow } from '../rows/sets.ts';
import { createSnapshotStore, SnapshotStorageError } from './store.ts';

const row = (id: number, patch: Record<string, unknown> = {}): KeptRow => ({
  id: `string:${id}`,
  values: keptValues(
    'strings',
    partialRow({
      id,
      identifier: `key.${id}`,
      text: `Text ${id}`,
      labelIds: [1],
      isHidden: false,
      updatedAt: '2024-01-01T00:00:00+00:00',
      ...patch,
    }),
  ),
});

describe('snapshot diff', () => {
  it('empty against empty, and empty against rows', () => {
    expect(diffRows('strings', [], [])).toEqual({ added: [], removed: [], changed: [], unchanged: 0 });
    const rows = [row(1), row(2)];
    expect(diffRows('strings', [], rows).added).toEqual(rows);
    expect(diffRows('strings', rows, []).removed).toEqual(rows);
  });

  it('identical runs: nothing added, removed or changed, whatever the order', () => {
    const before = [row(1), row(2), row(3)];
    expect(diffRows('strings', before, [...before].reverse())).toEqual({
      added: [],
      removed: [],
      changed: [],
      unchanged: 3,
    });
  });

  it('every row changed: each lists exactly the fields that changed', () => {
    const before = [row(1), row(2)];
    const after = [
      row(1, { text: 'New', updatedAt: '2024-02-01T00:00:00+00:00' }),
      row(2, { labelIds: [1, 2], isHidden: true }),
    ];
    const diff = diffRows('strings', before, after);
    expect(diff.added).toEqual([]);
    expect(diff.removed).toEqual([]);
    expect(diff.changed.map((c) => [c.id, c.fields])).toEqual([
      ['string:1', ['text', 'updatedAt']],
      ['string:2', ['labelIds', 'isHidden']],
    ]);
    expect(diff.changed[0]!.before.text).toBe('Text 1');
    expect(diff.changed[0]!.after.text).toBe('New');
  });

  it('added, removed and changed together', () => {
    const diff = diffRows('strings', [row(1), row(2)], [row(2, { text: 'x' }), row(3)]);
    expect(diff.added.map((r) => r.id)).toEqual(['string:3']);
    expect(diff.removed.map((r) => r.id)).toEqual(['string:1']);
    expect(diff.changed.map((r) => r.id)).toEqual(['string:2']);
  });
});

const setup = {
  text: 'is hidden',
  context: 'strings' as const,
  target: { projectId: 1, languageId: null, tmId: null, glossaryId: null },
  connection: 'emulator' as const,
  domain: null,
};

let dbCounter = 0;
const freshDb = () => createStore(`test-snapshots-${dbCounter++}`, 'snapshots');

describe('snapshot store (IndexedDB)', () => {
  it('saves, lists newest first with size, reads rows back, deletes', async () => {
    const store = createSnapshotStore(freshDb);
    const first = await store.save({ name: 'one', createdAt: 1, setup, fields: ['text'] }, [row(1)]);
    const second = await store.save({ name: 'two', createdAt: 2, setup, fields: ['text'] }, [row(1), row(2)]);
    const list = await store.list();
    expect(list.snapshots.map((m) => [m.name, m.rowCount])).toEqual([
      ['two', 2],
      ['one', 1],
    ]);
    expect(second.bytes).toBeGreaterThan(first.bytes);
    expect(await store.rows(first.id)).toEqual([row(1)]);
    await store.remove(first.id);
    expect((await store.list()).snapshots.map((m) => m.name)).toEqual(['two']);
    expect(await store.rows(first.id)).toBeNull();
  });

  it('a full quota is reported clearly and the existing snapshots are kept', async () => {
    const db = freshDb();
    let full = false;
    // The real store, except that writes fail as a full disk makes them fail.
    const quotaStore: UseStore = (mode, callback) => {
      if (full && mode === 'readwrite') {
        return Promise.reject(new DOMException('The quota has been exceeded.', 'QuotaExceededError'));
      }
      return db(mode, callback);
    };
    const store = createSnapshotStore(() => quotaStore);
    await store.save({ name: 'kept', createdAt: 1, setup, fields: ['text'] }, [row(1)]);
    full = true;
    const error = await store
      .save({ name: 'big', createdAt: 2, setup, fields: ['text'] }, [row(1), row(2)])
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(SnapshotStorageError);
    expect((error as SnapshotStorageError).kind).toBe('quota');
    expect((error as Error).message).toMatch(
      /storage .* is full.*“big” was not saved.*other snapshots are kept/,
    );
    expect((await store.list()).snapshots.map((m) => m.name)).toEqual(['kept']);
  });

  it('a malformed entry is left out and named; the others stay listed, readable and deletable', async () => {
    const db = freshDb();
    const store = createSnapshotStore(() => db);
    const good = await store.save({ name: 'good', createdAt: 1, setup, fields: ['text'] }, [row(1)]);
    const bad = await store.save({ name: 'bad rows', createdAt: 2, setup, fields: ['text'] }, [row(2)]);
    await setMany(
      [
        ['meta:broken', { name: 7, createdAt: 'yesterday' }],
        [`rows:${bad.id}`, [{ id: 'string:2', values: null }]],
      ],
      db,
    );
    const list = await store.list();
    expect(list.snapshots.map((m) => m.name)).toEqual(['bad rows', 'good']);
    expect(list.unreadable).toEqual([
      { id: 'broken', problem: 'setup: expected a query setup (an object), found nothing' },
    ]);
    expect(await store.rows(good.id)).toEqual([row(1)]);
    const error = await store.rows(bad.id).catch((e: unknown) => e);
    expect((error as SnapshotStorageError).kind).toBe('unreadable');
    expect((error as Error).message).toContain('rows[0].values: expected an object of text, found null');
    await store.remove('broken', bad.id);
    expect(await store.list()).toEqual({ snapshots: [good], unreadable: [] });
  });
});
