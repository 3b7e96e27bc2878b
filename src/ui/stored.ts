// What the app keeps in Web Storage (localStorage across visits, sessionStorage for this tab), read and
// written so that nothing fails quietly:
// - a store's data is read through its check, which keeps what is valid and says what it dropped;
// - data that could not be read whole (not JSON, a newer format, entries that do not fit) is first kept
//   aside under a key of its own, so the next write never destroys it; when even that copy cannot be
//   written, the store writes nothing over it for the rest of the page;
// - a write that fails (the storage is full, or blocked) is an outcome the caller shows where the user
//   acted, or, by default, a notice.
// What was dropped, kept aside or not written is listed in `useStorageNotices`, which the shell shows.
import { create } from 'zustand';

export type StorageArea = 'local' | 'session';

/** What a store's check made of its stored JSON. */
export type Reading<T> =
  | { value: T; dropped: string[] }
  /** Nothing could be read (a newer format, not this store's data): why, in a few words. */
  | { unreadable: string };

export interface StoreSpec<T> {
  area: StorageArea;
  key: string;
  /** What the user calls this data, capitalised: "The Library", "Your draft". */
  label: string;
  /** What a failed write means for the user and what to do, in a sentence (after the reason). */
  unsaved?: string;
  /** The stored JSON → what could be read and what was dropped. Never throws. */
  check: (json: unknown) => Reading<T>;
  empty: () => T;
  /** What the user has instead of data that could not be read; "it starts empty" unless said. */
  instead?: string;
  /** 'text': the value is stored as the string itself, not as JSON (a one-word preference). */
  format?: 'json' | 'text';
}

/** What a write's outcome needs to know of its store. */
export type WriteSpec = Pick<StoreSpec<unknown>, 'area' | 'key' | 'label' | 'unsaved'>;

/** `reason`: why, in a few words ("the browser's storage for this site is full"); `message`: the sentence. */
export type WriteOutcome = { ok: true } | { ok: false; reason: string; message: string };

export interface StorageNotice {
  /** One notice per store and kind; a newer one of the same id replaces it. */
  id: string;
  kind: 'warning' | 'error';
  text: string;
  /** Where the data it could not read is kept, to download or delete. */
  aside?: { area: StorageArea; key: string };
}

interface NoticeState {
  notices: StorageNotice[];
  actions: { add: (notice: StorageNotice) => void; dismiss: (id: string) => void };
}

export const useStorageNotices = create<NoticeState>()((set) => ({
  notices: [],
  actions: {
    add: (notice) => set((s) => ({ notices: [...s.notices.filter((n) => n.id !== notice.id), notice] })),
    dismiss: (id) => set((s) => ({ notices: s.notices.filter((n) => n.id !== id) })),
  },
}));

const notices = () => useStorageNotices.getState().actions;

export function storageOf(area: StorageArea): Storage | null {
  try {
    const storage = area === 'local' ? globalThis.localStorage : globalThis.sessionStorage;
    return storage ?? null;
  } catch {
    // A browser that blocks storage throws on the property itself.
    return null;
  }
}

const WHERE: Record<StorageArea, string> = {
  local: "the browser's storage for this site",
  session: "this tab's storage",
};

/** What kind of refusal a storage's error is: out of room, blocked by the browser, or something else. */
export function storageRefusal(error: unknown): 'full' | 'blocked' | 'other' {
  const name = (error as { name?: unknown } | null)?.name;
  if (name === 'QuotaExceededError' || name === 'NS_ERROR_DOM_QUOTA_REACHED') return 'full';
  if (name === 'SecurityError') return 'blocked';
  return 'other';
}

/** Why a write failed, in the user's words. */
export function storageFailure(error: unknown, area: StorageArea): string {
  const refusal = storageRefusal(error);
  if (refusal === 'full') return `${WHERE[area]} is full`;
  if (refusal === 'blocked') return `the browser blocks ${WHERE[area]}`;
  return `${WHERE[area]} refused it (${error instanceof Error ? error.message : String(error)})`;
}

/** Keys whose unreadable data could not be kept aside: nothing is written over them during this page. */
const guarded = new Set<string>();

const guardId = (spec: Pick<StoreSpec<unknown>, 'area' | 'key'>) => `${spec.area}:${spec.key}`;

/** The key a store's unreadable data is kept under: `<key>.unreadable.<time>`. */
export const asideKeyOf = (key: string, now = Date.now()) => `${key}.unreadable.${now}`;

/**
 * Reads a store through its check. Anything it could not read whole is kept aside first, and the notices
 * say what was dropped and where the original is.
 */
export function readStore<T>(spec: StoreSpec<T>): T {
  const storage = storageOf(spec.area);
  if (!storage) return spec.empty();
  let raw: string | null;
  try {
    raw = storage.getItem(spec.key);
  } catch (error) {
    notices().add({
      id: `${guardId(spec)}:read`,
      kind: 'warning',
      text: `${spec.label} could not be read: ${storageFailure(error, spec.area)}. It lasts for this page only.`,
    });
    return spec.empty();
  }
  if (raw === null) return spec.empty();
  let reading: Reading<T>;
  try {
    reading = spec.check(spec.format === 'text' ? raw : JSON.parse(raw));
  } catch {
    reading = { unreadable: 'it is not JSON' };
  }
  if (!('unreadable' in reading) && reading.dropped.length === 0) return reading.value;

  const asideKey = asideKeyOf(spec.key);
  try {
    storage.setItem(asideKey, raw);
  } catch (error) {
    guarded.add(guardId(spec));
    notices().add({
      id: `${guardId(spec)}:read`,
      kind: 'error',
      text: `${spec.label} as stored could not be read whole (${'unreadable' in reading ? reading.unreadable : describeDropped(reading.dropped)}), and there is no room to keep a copy aside (${storageFailure(error, spec.area)}). Nothing is written over it during this visit, so changes here are not kept; free some space and reload.`,
    });
    return 'unreadable' in reading ? spec.empty() : reading.value;
  }
  const aside = { area: spec.area, key: asideKey };
  if ('unreadable' in reading) {
    notices().add({
      id: `${guardId(spec)}:read`,
      kind: 'warning',
      text: `${spec.label} as stored could not be read (${reading.unreadable}), so ${spec.instead ?? 'it starts empty'}. The data is kept aside, not deleted: download it, or delete it once you do not need it.`,
      aside,
    });
    return spec.empty();
  }
  notices().add({
    id: `${guardId(spec)}:read`,
    kind: 'warning',
    text: `${spec.label}: ${describeDropped(reading.dropped)} The rest is kept, and the data as it was stored is kept aside: download it, or delete it once you do not need it.`,
    aside,
  });
  return reading.value;
}

function describeDropped(dropped: readonly string[]): string {
  const shown = dropped.slice(0, 3).join('; ');
  const more = dropped.length > 3 ? `; and ${dropped.length - 3} more` : '';
  const what =
    dropped.length === 1
      ? 'one entry could not be read and was'
      : `${dropped.length} entries could not be read and were`;
  return `${what} left out (${shown}${more}).`;
}

/**
 * Writes a store's value. A failure is returned; unless `quiet` (the caller shows it where the user acted),
 * it is also a notice, which the next write that succeeds takes away.
 */
export function writeStore<T>(spec: StoreSpec<T>, value: T, options: { quiet?: boolean } = {}): WriteOutcome {
  if (guarded.has(guardId(spec))) {
    return writeFailed(
      spec,
      'what is stored could not be read and has no copy aside, so nothing is written over it; free some space and reload',
      options,
    );
  }
  const storage = storageOf(spec.area);
  if (!storage) return writeFailed(spec, 'the browser offers no storage here', options);
  try {
    storage.setItem(spec.key, spec.format === 'text' ? String(value) : JSON.stringify(value));
  } catch (error) {
    return writeFailed(spec, storageFailure(error, spec.area), options);
  }
  return writeSucceeded(spec);
}

/**
 * The one wording of a write that failed for `reason` (storageFailure's words): "<label> was not saved:
 * <reason>. <unsaved>". Unless `quiet`, also the store's notice. For a store written elsewhere (the
 * session, which src/auth writes itself), the shell reports through this too.
 */
export function writeFailed(
  spec: WriteSpec,
  reason: string,
  options: { quiet?: boolean } = {},
): Extract<WriteOutcome, { ok: false }> {
  const message = `${spec.label} was not saved: ${reason}.${spec.unsaved ? ` ${spec.unsaved}` : ''}`;
  if (!options.quiet) notices().add({ id: `${guardId(spec)}:write`, kind: 'error', text: message });
  return { ok: false, reason, message };
}

/** A write that worked: the store's notice of a failed one goes. */
export function writeSucceeded(spec: Pick<StoreSpec<unknown>, 'area' | 'key'>): WriteOutcome {
  notices().dismiss(`${guardId(spec)}:write`);
  return { ok: true };
}

/**
 * Removes a store's value (a reset, or a choice of the default), which takes away the notice of a write
 * that failed before; a guarded store's unreadable data stays.
 */
export function removeStore(spec: Pick<StoreSpec<unknown>, 'area' | 'key'>): void {
  if (guarded.has(guardId(spec))) return;
  try {
    storageOf(spec.area)?.removeItem(spec.key);
    writeSucceeded(spec);
  } catch {
    // Nothing to remove when storage is blocked.
  }
}

/** The text kept aside under `key` (null when gone). */
export function readAside(aside: { area: StorageArea; key: string }): string | null {
  try {
    return storageOf(aside.area)?.getItem(aside.key) ?? null;
  } catch {
    return null;
  }
}

/** Deletes what was kept aside, and the notice that offered it. */
export function deleteAside(notice: StorageNotice): void {
  if (notice.aside) {
    try {
      storageOf(notice.aside.area)?.removeItem(notice.aside.key);
    } catch {
      // already unreachable
    }
  }
  notices().dismiss(notice.id);
}

/** For tests: forget the keys guarded during this page. */
export function resetStoreGuards(): void {
  guarded.clear();
}
