import { describe, expect, it } from 'vitest';
import {
  HISTORY_LIMIT,
  LEGACY_LIBRARY_KEY,
  LIBRARY_KEY,
  libraryOps,
  loadLibrary,
  migrateLibrary,
  projectKey,
  type LibraryV2,
} from './library.ts';
import type { QuerySetup } from '../workspace/setup.ts';

class MemoryStorage implements Storage {
  private map = new Map<string, string>();
  get length() {
    return this.map.size;
  }
  clear() {
    this.map.clear();
  }
  getItem(key: string) {
    return this.map.get(key) ?? null;
  }
  key(i: number) {
    return [...this.map.keys()][i] ?? null;
  }
  removeItem(key: string) {
    this.map.delete(key);
  }
  setItem(key: string, value: string) {
    this.map.set(key, value);
  }
}

const setup = (text: string, projectId = 1): QuerySetup => ({
  text,
  context: 'strings',
  target: { projectId, languageId: null, tmId: null, glossaryId: null },
  connection: 'emulator',
  domain: null,
});

const v1 = {
  version: 1,
  history: [
    { query: 'is hidden', listing: 'strings', projectId: 1, at: '2026-01-01T10:00:00Z' },
    {
      query: 'text contains "a"',
      listing: 'translations',
      projectId: 1,
      languageId: 'uk',
      at: '2026-02-01T10:00:00Z',
    },
  ],
  saved: [
    { name: 'Hidden', query: 'is hidden', listing: 'strings', projectId: 1 },
    { name: 'Other project', query: 'id > 3', listing: 'strings', projectId: 2 },
  ],
};

describe('library storage', () => {
  it('migrates the v1 format: newest run first, saved queries grouped per project', () => {
    const migrated = migrateLibrary(v1);
    expect(migrated.version).toBe(2);
    expect(migrated.history.map((h) => h.text)).toEqual(['text contains "a"', 'is hidden']);
    expect(migrated.history[0]!.target.languageId).toBe('uk');
    expect(migrated.history[0]!.context).toBe('translations');
    expect(migrated.saved[projectKey(setup('', 1))]!.map((q) => q.name)).toEqual(['Hidden']);
    expect(migrated.saved[projectKey(setup('', 2))]!.map((q) => q.name)).toEqual(['Other project']);
  });

  it('rewrites a v1 store under the v2 key and drops the old one', () => {
    const storage = new MemoryStorage();
    storage.setItem(LEGACY_LIBRARY_KEY, JSON.stringify(v1));
    const library = loadLibrary(storage);
    expect(library.history).toHaveLength(2);
    expect(storage.getItem(LEGACY_LIBRARY_KEY)).toBeNull();
    expect(JSON.parse(storage.getItem(LIBRARY_KEY)!).version).toBe(2);
  });

  it('starts empty on garbage or an unknown version instead of breaking', () => {
    const storage = new MemoryStorage();
    storage.setItem(LIBRARY_KEY, '{not json');
    expect(loadLibrary(storage).history).toEqual([]);
    expect(migrateLibrary({ version: 7, history: [1] })).toEqual({ version: 2, history: [], saved: {} });
    expect(migrateLibrary({ version: 2, history: [{ text: 1 }], saved: { k: [null] } })).toEqual({
      version: 2,
      history: [],
      saved: {},
    });
  });

  it('keeps the last 100 runs, newest first, and moves a repeated run to the top', () => {
    let library: LibraryV2 = { version: 2, history: [], saved: {} };
    for (let i = 0; i < HISTORY_LIMIT + 20; i++) library = libraryOps.addRun(library, setup(`id = ${i}`), i);
    expect(library.history).toHaveLength(HISTORY_LIMIT);
    expect(library.history[0]!.text).toBe(`id = ${HISTORY_LIMIT + 19}`);
    library = libraryOps.addRun(library, setup('id = 50'), 1000);
    expect(library.history[0]!.text).toBe('id = 50');
    expect(library.history.filter((h) => h.text === 'id = 50')).toHaveLength(1);
  });

  it('saves by name per project, replacing a query of the same name', () => {
    let library: LibraryV2 = { version: 2, history: [], saved: {} };
    library = libraryOps.save(library, 'Mine', setup('is hidden'), 1);
    library = libraryOps.save(library, 'Mine', setup('not is hidden'), 2);
    library = libraryOps.save(library, 'Mine', setup('x', 2), 3);
    expect(library.saved[projectKey(setup('', 1))]!.map((q) => q.text)).toEqual(['not is hidden']);
    expect(library.saved[projectKey(setup('', 2))]).toHaveLength(1);
    const id = library.saved[projectKey(setup('', 2))]![0]!.id;
    expect(libraryOps.removeSaved(library, id).saved[projectKey(setup('', 2))]).toBeUndefined();
  });
});
