// Ids as names, in one place: which row fields hold ids of the project's files, branches, labels and
// users, and how each reads. The table, the details panel, the CSV's "names" option and Insight's charts
// all name ids through here. Pure.
import type { DisplayNames, UserName } from './rows.ts';

/** The project's lists that name ids. */
export type NamedList = 'files' | 'branches' | 'labels' | 'users';

/** The row fields (at any depth: a TM record's `createdBy` too) that hold ids, and the list naming them. */
export const ID_FIELDS: Readonly<Record<string, NamedList>> = {
  fileId: 'files',
  branchId: 'branches',
  labelIds: 'labels',
  userId: 'users',
  createdBy: 'users',
  updatedBy: 'users',
};

/** An id field's CSV header once its cells hold names: what they then are ("file", not "fileId"). */
export const NAMED_HEADERS: Readonly<Record<string, string>> = {
  fileId: 'file',
  branchId: 'branch',
  labelIds: 'labels',
  userId: 'user',
};

/** How a user reads in a table or a CSV: the username, what `@user:"…"` takes. */
export const userShort = (user: UserName): string => user.username;

/** How a user reads where there is room: "Alice Anderson (alice)". */
export const userLong = (user: UserName): string =>
  user.fullName && user.fullName !== user.username ? `${user.fullName} (${user.username})` : user.username;

/** The name of `id` in one of the project's lists, or undefined while the list lacks it. */
export function nameOf(names: DisplayNames | undefined, list: NamedList, id: unknown): string | undefined {
  if (typeof id !== 'number') return undefined;
  if (list === 'users') {
    const user = names?.users?.get(id);
    return user && userShort(user);
  }
  return names?.[list]?.get(id);
}

/** A field's ids as names (a list of ids joined with ", "), ids the lists lack kept; undefined for other fields. */
export function namedField(key: string, value: unknown, names: DisplayNames | undefined): string | undefined {
  const list = ID_FIELDS[key];
  if (!list) return undefined;
  const one = (id: unknown) => nameOf(names, list, id) ?? (id == null ? '' : String(id));
  return Array.isArray(value) ? value.map(one).join(', ') : one(value);
}

export interface FileEntry {
  id: number;
  name: string;
  path?: string;
}

/**
 * Files by id, each named by its name, or by its path where another file has the same name (`app.json` in
 * two branches), so the table, the charts and the drill-downs tell them apart.
 */
export function fileNames(files: readonly FileEntry[]): Map<number, string> {
  const count = new Map<string, number>();
  for (const f of files) count.set(f.name, (count.get(f.name) ?? 0) + 1);
  return new Map(
    files.map((f) => [f.id, (count.get(f.name) ?? 0) > 1 && f.path ? f.path.replace(/^\/?/, '/') : f.name]),
  );
}
