// A store's unit tests start from empty Web Storage and no storage notices (imported only from *.test.ts).
import { afterEach, beforeEach, vi } from 'vitest';
import { resetStoreGuards, useStorageNotices } from '../ui/stored.ts';
import { memoryStorage } from './fixtures.ts';

/**
 * Before each test of the calling file: an empty in-memory `global`, no guarded keys, no notices; after it,
 * the real globals back. `storage` is the current test's.
 */
export function freshStorage(global: 'localStorage' | 'sessionStorage') {
  const current = { storage: memoryStorage() };
  beforeEach(() => {
    current.storage = memoryStorage();
    vi.stubGlobal(global, current.storage);
    resetStoreGuards();
    useStorageNotices.setState({ notices: [] });
  });
  afterEach(() => vi.unstubAllGlobals());
  return {
    get storage() {
      return current.storage;
    },
    /** The storage notices' texts, in order. */
    noticeTexts: () => useStorageNotices.getState().notices.map((n) => n.text),
    /** What is stored under the keys that start with `prefix` (the copies kept aside, say). */
    valuesUnder: (prefix: string) =>
      Array.from({ length: current.storage.length }, (_, i) => current.storage.key(i)!)
        .filter((k) => k.startsWith(prefix))
        .map((k) => current.storage.getItem(k)),
    /** Makes every write to the storage throw a DOMException named `name` (QuotaExceededError…). */
    refuseWrites: (name = 'QuotaExceededError') => {
      current.storage.setItem = () => {
        throw new DOMException('refused', name);
      };
    },
  };
}
