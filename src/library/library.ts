// History of runs and named saved queries, in localStorage under a versioned key. Nothing secret: query
// text, listing and target ids only. Older versions are migrated on read.
import { create } from 'zustand';
import { sanitizeParams } from '../croql/index.ts';
import { isConnectionKind } from '../wire/connection.ts';
import { isListingName } from '../wire/listings.ts';
import type { QuerySetup } from '../workspace/setup.ts';

export const HISTORY_LIMIT = 100;
export const LIBRARY_KEY = 'croql.library.v2';
/** The first format (one flat list per kind, no connection, ISO dates). */
export const LEGACY_LIBRARY_KEY = 'croql.library.v1';

export interface HistoryEntry extends QuerySetup {
  id: string;
  /** Epoch milliseconds. */
  ranAt: number;
}

export interface SavedQuery extends QuerySetup {
  id: string;
  name: string;
  savedAt: number;
}

export interface LibraryV2 {
  version: 2;
  /** Newest first. */
  history: HistoryEntry[];
  /** Saved queries by project key (see `projectKey`). */
  saved: Record<string, SavedQuery[]>;
}

/** v1, as the first prototype wrote it. */
interface LibraryV1 {
  version: 1;
  history: { query: string; listing: string; projectId: number | null; languageId?: string; at: string }[];
  saved: { name: string; query: string; listing: string; projectId: number | null; languageId?: string }[];
}

const EMPTY: LibraryV2 = { version: 2, history: [], saved: {} };

/** Saved queries are per project of a connection (project 1 on the emulator is not project 1 on Crowdin). */
export function projectKey(setup: Pick<QuerySetup, 'connection' | 'domain' | 'target'>): string {
  return `${setup.connection}:${setup.domain ?? ''}:${setup.target.projectId ?? 'none'}`;
}

let counter = 0;
const newId = () => `${Date.now().toString(36)}-${(counter++).toString(36)}`;

/** Any stored value (any version, or garbage) → the current format. Never throws. */
export function migrateLibrary(raw: unknown): LibraryV2 {
  if (!raw || typeof raw !== 'object') return { ...EMPTY, saved: {} };
  const version = (raw as { version?: unknown }).version;
  if (version === 2) return sanitizeV2(raw as Partial<LibraryV2>);
  if (version === 1) return fromV1(raw as Partial<LibraryV1>);
  return { ...EMPTY, saved: {} };
}

function fromV1(v1: Partial<LibraryV1>): LibraryV2 {
  const toSetup = (
    query: unknown,
    listing: unknown,
    projectId: unknown,
    languageId: unknown,
  ): QuerySetup | null => {
    if (typeof query !== 'string') return null;
    const context = isListingName(listing) ? listing : 'strings';
    return {
      text: query,
      context,
      target: {
        projectId: typeof projectId === 'number' ? projectId : null,
        languageId: typeof languageId === 'string' ? languageId : null,
        tmId: null,
        glossaryId: null,
      },
      // v1 only ever talked to the local emulator.
      connection: 'emulator',
      domain: null,
    };
  };
  const history: HistoryEntry[] = [];
  for (const item of Array.isArray(v1.history) ? v1.history : []) {
    const setup = toSetup(item?.query, item?.listing, item?.projectId, item?.languageId);
    const ranAt = Date.parse(String(item?.at));
    if (setup) history.push({ ...setup, id: newId(), ranAt: Number.isFinite(ranAt) ? ranAt : 0 });
  }
  history.sort((a, b) => b.ranAt - a.ranAt);
  const saved: LibraryV2['saved'] = {};
  for (const item of Array.isArray(v1.saved) ? v1.saved : []) {
    const setup = toSetup(item?.query, item?.listing, item?.projectId, item?.languageId);
    if (!setup || typeof item?.name !== 'string') continue;
    (saved[projectKey(setup)] ??= []).push({ ...setup, id: newId(), name: item.name, savedAt: 0 });
  }
  return { version: 2, history: history.slice(0, HISTORY_LIMIT), saved };
}

function sanitizeV2(value: Partial<LibraryV2>): LibraryV2 {
  const history = (Array.isArray(value.history) ? value.history : [])
    .filter(isSetupLike)
    .slice(0, HISTORY_LIMIT);
  const saved: LibraryV2['saved'] = {};
  if (value.saved && typeof value.saved === 'object') {
    for (const [key, list] of Object.entries(value.saved)) {
      const valid = (Array.isArray(list) ? list : []).filter(
        (q): q is SavedQuery => isSetupLike(q) && typeof (q as SavedQuery).name === 'string',
      );
      if (valid.length) saved[key] = valid.map(withValidParams);
    }
  }
  return { version: 2, history: (history as HistoryEntry[]).map(withValidParams), saved };
}

/** Stored parameters are untrusted like the rest: keep only well-formed ones. */
function withValidParams<T extends QuerySetup>(setup: T): T {
  if (setup.params === undefined) return setup;
  const params = sanitizeParams(setup.params);
  const { params: _dropped, ...rest } = setup;
  return (params.length ? { ...rest, params } : rest) as T;
}

function isSetupLike(value: unknown): boolean {
  if (!value || typeof value !== 'object') return false;
  const v = value as Partial<QuerySetup> & { id?: unknown };
  return (
    typeof v.id === 'string' &&
    typeof v.text === 'string' &&
    typeof v.context === 'string' &&
    isListingName(v.context) &&
    isConnectionKind(v.connection) &&
    !!v.target &&
    typeof v.target === 'object'
  );
}

/** Reads the library from storage, migrating (and rewriting) an older version. */
export function loadLibrary(storage: Storage): LibraryV2 {
  try {
    const current = storage.getItem(LIBRARY_KEY);
    if (current) return migrateLibrary(JSON.parse(current));
    const legacy = storage.getItem(LEGACY_LIBRARY_KEY);
    if (legacy) {
      const migrated = migrateLibrary(JSON.parse(legacy));
      storage.setItem(LIBRARY_KEY, JSON.stringify(migrated));
      storage.removeItem(LEGACY_LIBRARY_KEY);
      return migrated;
    }
  } catch {
    // unreadable: start empty rather than break the page
  }
  return { ...EMPTY, saved: {} };
}

const sameSetup = (a: QuerySetup, b: QuerySetup) =>
  a.text === b.text &&
  JSON.stringify(a.params ?? []) === JSON.stringify(b.params ?? []) &&
  a.context === b.context &&
  a.connection === b.connection &&
  a.domain === b.domain &&
  a.target.projectId === b.target.projectId &&
  a.target.languageId === b.target.languageId &&
  a.target.tmId === b.target.tmId &&
  a.target.glossaryId === b.target.glossaryId;

/** Pure updates, so they are easy to test. */
export const libraryOps = {
  addRun(library: LibraryV2, setup: QuerySetup, ranAt: number): LibraryV2 {
    const rest = library.history.filter((entry) => !sameSetup(entry, setup));
    return { ...library, history: [{ ...setup, id: newId(), ranAt }, ...rest].slice(0, HISTORY_LIMIT) };
  },
  save(library: LibraryV2, name: string, setup: QuerySetup, savedAt: number): LibraryV2 {
    const key = projectKey(setup);
    const others = (library.saved[key] ?? []).filter((q) => q.name !== name);
    return {
      ...library,
      saved: { ...library.saved, [key]: [{ ...setup, id: newId(), name, savedAt }, ...others] },
    };
  },
  /**
   * Adds named setups (an imported file's) to their project's saved queries, in their order after the ones
   * there. One already saved alike is not added twice; a name taken by a different query gets
   * " (imported)", then " (imported 2)", …, so nothing saved is ever replaced by an import.
   */
  importSaved(
    library: LibraryV2,
    entries: readonly { name: string; setup: QuerySetup }[],
    savedAt: number,
  ): { library: LibraryV2; added: string[]; alreadySaved: string[] } {
    const saved = { ...library.saved };
    const added: string[] = [];
    const alreadySaved: string[] = [];
    for (const { name, setup } of entries) {
      const key = projectKey(setup);
      const list = saved[key] ?? [];
      if (list.some((q) => q.name === name && sameSetup(q, setup))) {
        alreadySaved.push(name);
        continue;
      }
      let unique = name;
      for (let n = 1; list.some((q) => q.name === unique); n++) {
        unique = `${name} (imported${n > 1 ? ` ${n}` : ''})`;
      }
      saved[key] = [...list, { ...setup, id: newId(), name: unique, savedAt }];
      added.push(unique);
    }
    return { library: { ...library, saved }, added, alreadySaved };
  },
  removeSaved(library: LibraryV2, id: string): LibraryV2 {
    const saved: LibraryV2['saved'] = {};
    for (const [key, list] of Object.entries(library.saved)) {
      const kept = list.filter((q) => q.id !== id);
      if (kept.length) saved[key] = kept;
    }
    return { ...library, saved };
  },
  removeHistory(library: LibraryV2, id: string): LibraryV2 {
    return { ...library, history: library.history.filter((entry) => entry.id !== id) };
  },
};

interface LibraryState {
  library: LibraryV2;
  actions: {
    addRun: (setup: QuerySetup) => void;
    save: (name: string, setup: QuerySetup) => void;
    /** Adds an imported file's queries; says which were added (under which names) and which were there. */
    importSaved: (entries: readonly { name: string; setup: QuerySetup }[]) => {
      added: string[];
      alreadySaved: string[];
    };
    removeSaved: (id: string) => void;
    removeHistory: (id: string) => void;
    clearHistory: () => void;
    clearAll: () => void;
  };
}

function persist(library: LibraryV2): void {
  try {
    localStorage.setItem(LIBRARY_KEY, JSON.stringify(library));
  } catch {
    // storage full or blocked: the library lasts for this page only
  }
}

export const useLibraryStore = create<LibraryState>()((set, get) => {
  const update = (library: LibraryV2) => {
    persist(library);
    set({ library });
  };
  return {
    library: typeof localStorage === 'undefined' ? { ...EMPTY, saved: {} } : loadLibrary(localStorage),
    actions: {
      addRun: (setup) => update(libraryOps.addRun(get().library, setup, Date.now())),
      save: (name, setup) => update(libraryOps.save(get().library, name, setup, Date.now())),
      importSaved: (entries) => {
        const { library, ...outcome } = libraryOps.importSaved(get().library, entries, Date.now());
        update(library);
        return outcome;
      },
      removeSaved: (id) => update(libraryOps.removeSaved(get().library, id)),
      removeHistory: (id) => update(libraryOps.removeHistory(get().library, id)),
      clearHistory: () => update({ ...get().library, history: [] }),
      clearAll: () => update({ ...EMPTY, saved: {} }),
    },
  };
});

// Another tab saved or ran something: show it here too.
if (typeof window !== 'undefined') {
  window.addEventListener('storage', (event) => {
    if (event.key === LIBRARY_KEY) useLibraryStore.setState({ library: loadLibrary(localStorage) });
  });
}
