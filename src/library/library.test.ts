import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetStoreGuards, useStorageNotices } from '../ui/stored.ts';
import {
  checkLibrary,
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

/** A Storage of `capacity` characters (keys and values), which throws QuotaExceededError beyond it. */
class MemoryStorage implements Storage {
  constructor(public capacity = Infinity) {}
  map = new Map<string, string>();
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
    let used = key.length + value.length;
    for (const [k, v] of this.map) if (k !== key) used += k.length + v.length;
    if (used > this.capacity) throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
    this.map.set(key, value);
  }
}

let storage: MemoryStorage;
beforeEach(() => {
  storage = new MemoryStorage();
  vi.stubGlobal('localStorage', storage);
  resetStoreGuards();
  useStorageNotices.setState({ notices: [] });
});
afterEach(() => vi.unstubAllGlobals());

const asideKeys = () => [...storage.map.keys()].filter((k) => k.startsWith(`${LIBRARY_KEY}.unreadable.`));
/** The store as a page load creates it from the storage now, with that page's notices. */
async function freshStore() {
  vi.resetModules();
  const { useLibraryStore } = await import('./library.ts');
  const stored = await import('../ui/stored.ts');
  return {
    useLibraryStore,
    notices: () => stored.useStorageNotices.getState().notices.map((n) => n.text),
  };
}
const noticeTexts = () => useStorageNotices.getState().notices.map((n) => n.text);

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
    storage.setItem(LEGACY_LIBRARY_KEY, JSON.stringify(v1));
    const library = loadLibrary();
    expect(library.history).toHaveLength(2);
    expect(storage.getItem(LEGACY_LIBRARY_KEY)).toBeNull();
    expect(JSON.parse(storage.getItem(LIBRARY_KEY)!).version).toBe(2);
  });

  it('keeps aside a store it cannot read (garbage, a newer format) and says so, instead of starting over it', () => {
    storage.setItem(LIBRARY_KEY, '{not json');
    expect(loadLibrary()).toEqual({ version: 2, history: [], saved: {} });
    expect(asideKeys().map((k) => storage.getItem(k))).toEqual(['{not json']);
    expect(noticeTexts()).toEqual([
      expect.stringContaining(
        'could not be read (it is not JSON), so it starts empty. The data is kept aside, not deleted',
      ),
    ]);

    storage.map.clear();
    const newer = JSON.stringify({ version: 3, entries: [{ text: 'is hidden' }] });
    storage.setItem(LIBRARY_KEY, newer);
    expect(loadLibrary().history).toEqual([]);
    expect(noticeTexts()[0]).toContain('it was written by a newer version of the playground (format 3)');
    expect(asideKeys().map((k) => storage.getItem(k))).toEqual([newer]);
  });

  it('keeps the valid entries, names each one it dropped and why, and keeps the original aside', () => {
    const good = { ...setup('is hidden'), id: 'a', ranAt: 5 };
    const stored = {
      version: 2,
      history: [good, { ...good, id: 'b', text: 7 }, null],
      saved: { k: [{ ...setup('x'), id: 'c', name: 'Mine', savedAt: 1 }, { id: 'd' }], j: 'no' },
    };
    const reading = checkLibrary(stored);
    expect(reading).toEqual({
      value: {
        version: 2,
        history: [good],
        saved: { k: [{ ...setup('x'), id: 'c', name: 'Mine', savedAt: 1 }] },
      },
      dropped: [
        'history[1].text: expected text, found the number 7',
        'history[2]: expected a history entry (an object), found null',
        'saved["k"][1].text: expected text, found nothing',
        'saved["j"]: expected a list, found the text "no"',
      ],
    });
    storage.setItem(LIBRARY_KEY, JSON.stringify(stored));
    expect(loadLibrary().history).toEqual([good]);
    expect(noticeTexts()[0]).toMatch(
      /^The Library \(history and saved queries\): 4 entries could not be read and were left out \(history\[1\]\.text: expected text, found the number 7; .*; and 1 more\)\. The rest is kept/,
    );
    expect(JSON.parse(storage.getItem(asideKeys()[0]!)!)).toEqual(stored);
    expect(migrateLibrary({ version: 7, history: [1] })).toEqual({ version: 2, history: [], saved: {} });
  });

  it('writes nothing over data it could not read when there is no room to keep it aside', async () => {
    const newer = JSON.stringify({ version: 3, big: 'x'.repeat(100) });
    storage.setItem(LIBRARY_KEY, newer);
    storage.capacity = newer.length + LIBRARY_KEY.length + 10;
    const { useLibraryStore, notices } = await freshStore();
    expect(notices()[0]).toContain('there is no room to keep a copy aside');
    expect(useLibraryStore.getState().actions.save('Mine', setup('is hidden'))).toMatchObject({ ok: false });
    useLibraryStore.getState().actions.addRun(setup('is hidden'));
    expect(storage.getItem(LIBRARY_KEY)).toBe(newer);
  });

  it('saving with the storage full changes nothing and says why; a run not kept is a notice', async () => {
    const { useLibraryStore, notices } = await freshStore();
    storage.capacity = 0;
    const outcome = useLibraryStore.getState().actions.save('Mine', setup('is hidden'));
    expect(outcome).toEqual({
      ok: false,
      reason: "the browser's storage for this site is full",
      message:
        "The Library (history and saved queries) was not saved: the browser's storage for this site is full. Until there is room, it lasts for this page only: delete saved queries or history you no longer need.",
    });
    expect(useLibraryStore.getState().library.saved).toEqual({});
    useLibraryStore.getState().actions.addRun(setup('is hidden'));
    expect(notices()).toEqual([outcome.ok ? '' : outcome.message]);
    // Room again: the next write succeeds, keeps this page's runs, and takes the notice away.
    storage.capacity = Infinity;
    expect(useLibraryStore.getState().actions.save('Mine', setup('is hidden')).ok).toBe(true);
    expect(JSON.parse(storage.getItem(LIBRARY_KEY)!).history).toHaveLength(1);
    expect(notices()).toEqual([]);
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
