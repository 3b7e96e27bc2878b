// History of runs and named saved queries, in localStorage under a versioned key. Nothing secret: query
// text, listing and target ids only. Older versions are migrated on read.
import { create } from 'zustand';
import { sanitizeParams } from '../croql/index.ts';
import {
  readStore,
  removeStore,
  storageOf,
  writeStore,
  type Reading,
  type StoreSpec,
  type WriteOutcome,
} from '../ui/stored.ts';
import { isRecord } from '../wire/json.ts';
import { isListingName } from '../wire/listings.ts';
import {
  describeValue,
  keepValid,
  number,
  object,
  problemText,
  string,
  type Dropped,
} from '../wire/shape.ts';
import { QUERY_SETUP_FIELDS, QUERY_SETUP_REQUIRED, type QuerySetup } from '../workspace/setup.ts';
import { sameListingTarget } from '../workspace/target.ts';

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

const setupFields = { id: string, ...QUERY_SETUP_FIELDS } as const;
const required = ['id', ...QUERY_SETUP_REQUIRED] as const;
const historyShape = object<HistoryEntry>('a history entry (an object)', { ...setupFields, ranAt: number }, [
  ...required,
  'ranAt',
]);
const savedShape = object<SavedQuery>(
  'a saved query (an object)',
  { ...setupFields, name: string, savedAt: number },
  [...required, 'name'],
);

/**
 * Any stored value → the current format, with what could not be read: entries that do not fit are left out
 * (each named with its problem), a version 1 store is migrated, and a newer or unknown format is
 * unreadable (src/ui/stored.ts keeps such data aside instead of writing over it). Never throws.
 */
export function checkLibrary(raw: unknown): Reading<LibraryV2> {
  if (!isRecord(raw)) return { unreadable: "it is not the Library's data" };
  const { version } = raw;
  if (version === 2) return checkV2(raw);
  if (version === 1) return { value: fromV1(raw as Partial<LibraryV1>), dropped: [] };
  if (typeof version === 'number' && version > 2) {
    return { unreadable: `it was written by a newer version of the playground (format ${version})` };
  }
  return { unreadable: "it is in no format of the Library's this playground knows" };
}

/** The current format of any stored value; what cannot be read is left out (see checkLibrary). */
export function migrateLibrary(raw: unknown): LibraryV2 {
  const reading = checkLibrary(raw);
  return 'unreadable' in reading ? emptyLibrary() : reading.value;
}

const emptyLibrary = (): LibraryV2 => ({ ...EMPTY, saved: {} });

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

function checkV2(value: Record<string, unknown>): Reading<LibraryV2> {
  const dropped: string[] = [];
  const say = (list: Dropped[]) => {
    for (const d of list) dropped.push(problemText(d.problem));
  };
  const history = keepValid(value.history ?? [], historyShape, 'history');
  say(history.dropped);
  const saved: LibraryV2['saved'] = {};
  if (value.saved !== undefined && !isRecord(value.saved)) {
    dropped.push(problemText({ path: 'saved', expected: 'an object', found: describeValue(value.saved) }));
  }
  for (const [key, list] of Object.entries(isRecord(value.saved) ? value.saved : {})) {
    const queries = keepValid(list, savedShape, `saved[${JSON.stringify(key)}]`);
    say(queries.dropped);
    if (queries.kept.length) saved[key] = queries.kept.map((q) => withValidParams(q, dropped));
  }
  return {
    value: {
      version: 2,
      history: history.kept.slice(0, HISTORY_LIMIT).map((h) => withValidParams(h, dropped)),
      saved,
    },
    dropped,
  };
}

/** Stored template values are untrusted like the rest: keep the well-formed ones, and say so of the others. */
function withValidParams<T extends QuerySetup & { id: string }>(setup: T, dropped: string[]): T {
  if (setup.params === undefined) return setup;
  const params = sanitizeParams(setup.params);
  const count = Array.isArray(setup.params) ? setup.params.length : 1;
  if (params.length < count) {
    dropped.push(`a template value of “${setup.text.slice(0, 40)}” could not be read`);
  }
  const { params: _all, ...rest } = setup;
  return (params.length ? { ...rest, params } : rest) as T;
}

/** The Library in localStorage (src/ui/stored.ts: read through checkLibrary, kept aside when unreadable). */
export const LIBRARY_STORE: StoreSpec<LibraryV2> = {
  area: 'local',
  key: LIBRARY_KEY,
  label: 'The Library (history and saved queries)',
  unsaved:
    'Until there is room, it lasts for this page only: delete saved queries or history you no longer need.',
  check: checkLibrary,
  empty: emptyLibrary,
};
const LEGACY_STORE: StoreSpec<LibraryV2> = { ...LIBRARY_STORE, key: LEGACY_LIBRARY_KEY };

/** Reads the Library, migrating (and rewriting) the first format's store. */
export function loadLibrary(): LibraryV2 {
  const storage = storageOf('local');
  if (!storage) return emptyLibrary();
  let legacy = false;
  try {
    legacy = storage.getItem(LIBRARY_KEY) === null && storage.getItem(LEGACY_LIBRARY_KEY) !== null;
  } catch {
    // readStore says why storage cannot be read
  }
  if (!legacy) return readStore(LIBRARY_STORE);
  const migrated = readStore(LEGACY_STORE);
  // The old key goes only once the new one holds its data.
  if (writeStore(LIBRARY_STORE, migrated).ok) removeStore(LEGACY_STORE);
  return migrated;
}

/**
 * The same query on the same listing: ids the listing does not use (a strings query's language, say) do
 * not make two setups different (the walk's D35: an import added an existing query again for that).
 */
const sameSetup = (a: QuerySetup, b: QuerySetup) =>
  a.text === b.text &&
  JSON.stringify(a.params ?? []) === JSON.stringify(b.params ?? []) &&
  a.context === b.context &&
  a.connection === b.connection &&
  a.domain === b.domain &&
  a.target.projectId === b.target.projectId &&
  sameListingTarget(a.context, a.target, b.target);

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

/**
 * Where the Library is written: this browser's localStorage, unless app mode keeps it on the app server
 * (src/library/server-kept.ts), since Crowdin's iframes may not keep storage.
 */
export interface LibraryKeeper {
  write: (library: LibraryV2, options: { quiet?: boolean }) => WriteOutcome;
}

const LOCAL_KEEPER: LibraryKeeper = {
  write: (library, options) => writeStore(LIBRARY_STORE, library, options),
};
let keeper: LibraryKeeper = LOCAL_KEEPER;

/** From now on the Library is written by `next` and shows `library` (the one `next` keeps). */
export function keepLibraryWith(next: LibraryKeeper, library: LibraryV2): void {
  keeper = next;
  useLibraryStore.setState({ library });
}

interface LibraryState {
  library: LibraryV2;
  actions: {
    addRun: (setup: QuerySetup) => void;
    /** Saves under `name`; when it cannot be written, nothing changes and the outcome says why. */
    save: (name: string, setup: QuerySetup) => WriteOutcome;
    /**
     * Adds an imported file's queries; says which were added (under which names) and which were there.
     * When they cannot be written, nothing is added and `written` says why.
     */
    importSaved: (entries: readonly { name: string; setup: QuerySetup }[]) => {
      added: string[];
      alreadySaved: string[];
      written: WriteOutcome;
    };
    removeSaved: (id: string) => void;
    removeHistory: (id: string) => void;
    clearHistory: () => void;
    clearAll: () => void;
  };
}

export const useLibraryStore = create<LibraryState>()((set, get) => {
  /** Shown whatever the write's outcome; a failed write is a notice (src/ui/stored.ts). */
  const update = (library: LibraryV2) => {
    keeper.write(library, {});
    set({ library });
  };
  /** Shown only once written: the caller says why not where the user acted. */
  const commit = (library: LibraryV2): WriteOutcome => {
    const written = keeper.write(library, { quiet: true });
    if (written.ok) set({ library });
    return written;
  };
  return {
    library: loadLibrary(),
    actions: {
      addRun: (setup) => update(libraryOps.addRun(get().library, setup, Date.now())),
      save: (name, setup) => commit(libraryOps.save(get().library, name, setup, Date.now())),
      importSaved: (entries) => {
        const { library, ...outcome } = libraryOps.importSaved(get().library, entries, Date.now());
        return { ...outcome, written: commit(library) };
      },
      removeSaved: (id) => update(libraryOps.removeSaved(get().library, id)),
      removeHistory: (id) => update(libraryOps.removeHistory(get().library, id)),
      clearHistory: () => update({ ...get().library, history: [] }),
      clearAll: () => update(emptyLibrary()),
    },
  };
});

// Another tab saved or ran something: show it here too.
if (typeof window !== 'undefined') {
  window.addEventListener('storage', (event) => {
    if (event.key === LIBRARY_KEY && keeper === LOCAL_KEEPER)
      useLibraryStore.setState({ library: readStore(LIBRARY_STORE) });
  });
}
