// Row sets compared by row identity: a comparison of two queries (only A, only B, both) and a later run
// against a snapshot (added, removed, changed with the fields that changed) are one set difference. Pure.
import type { ListingName } from '../croql/index.ts';
import type { ListingTarget } from '../wire/listings.ts';
import { keptFields } from './fields.ts';
import { indexRows } from './identity.ts';
import type { RowSet } from './row-sets.ts';
import type { Row } from './rows.ts';

/** Two keyed collections as sets: what only A has, what only B has (each in its own order), both (A's order). */
export function diffSets<T>(
  a: ReadonlyMap<string, T>,
  b: ReadonlyMap<string, T>,
): { onlyA: T[]; onlyB: T[]; both: [a: T, b: T][] } {
  const onlyA: T[] = [];
  const both: [T, T][] = [];
  for (const [id, row] of a) {
    const other = b.get(id);
    if (other === undefined) onlyA.push(row);
    else both.push([row, other]);
  }
  const onlyB = [...b].filter(([id]) => !a.has(id)).map(([, row]) => row);
  return { onlyA, onlyB, both };
}

/** A set can be used whole only when it did not stop at the limit. */
export type SetComparison =
  | {
      kind: 'compared';
      onlyA: Row[];
      onlyB: Row[];
      /** The row as B returned it (the same resource as in A). */
      both: Row[];
      /** Rows that carry no identity (never expected from the service): counted, never matched. */
      unidentified: number;
    }
  /** A set reached the limit: no part could be told exactly, so none is given. */
  | { kind: 'tooLarge'; which: ('A' | 'B')[]; limit: number };

export function compareSets(
  listing: ListingName,
  target: Pick<ListingTarget, 'languageId'>,
  a: RowSet,
  b: RowSet,
): SetComparison {
  const over = [...(a.complete ? [] : (['A'] as const)), ...(b.complete ? [] : (['B'] as const))];
  if (over.length) return { kind: 'tooLarge', which: over, limit: Math.min(a.limit, b.limit) };
  const left = indexRows(listing, target, a.rows);
  const right = indexRows(listing, target, b.rows);
  const { onlyA, onlyB, both } = diffSets(left.byId, right.byId);
  return {
    kind: 'compared',
    onlyA,
    onlyB,
    both: both.map(([, inB]) => inB),
    unidentified: left.unidentified + right.unidentified,
  };
}

/** One row as a snapshot keeps it: its identity and its kept fields' text (fields.ts). */
export interface KeptRow {
  id: string;
  values: Record<string, string>;
}

export function keptValues(listing: ListingName, row: Row): Record<string, string> {
  const values: Record<string, string> = {};
  for (const f of keptFields(listing)) values[f.key] = f.text(row);
  return values;
}

/** The rows as a snapshot keeps them, each identity once; rows without one are left out. */
export function keptRows(
  listing: ListingName,
  target: Pick<ListingTarget, 'languageId'>,
  rows: readonly Row[],
): KeptRow[] {
  return keptRowsOf(listing, target, rows).map(({ id, values }) => ({ id, values }));
}

/** keptRows with the resource each was kept from, for a table that reads it (a comparison's parts). */
export function keptRowsOf(
  listing: ListingName,
  target: Pick<ListingTarget, 'languageId'>,
  rows: readonly Row[],
): (KeptRow & { row: Row })[] {
  const { byId } = indexRows(listing, target, rows);
  return [...byId].map(([id, row]) => ({ id, values: keptValues(listing, row), row }));
}

export interface ChangedRow {
  id: string;
  before: Record<string, string>;
  after: Record<string, string>;
  /** Keys of the fields whose text differs, in the listing's field order. */
  fields: string[];
}

export interface SnapshotDiff {
  added: KeptRow[];
  removed: KeptRow[];
  changed: ChangedRow[];
  unchanged: number;
}

const byId = (rows: readonly KeptRow[]) => {
  const map = new Map<string, KeptRow>();
  for (const row of rows) if (!map.has(row.id)) map.set(row.id, row);
  return map;
};

/** A later run (`after`) against a snapshot (`before`). */
export function diffRows(
  listing: ListingName,
  before: readonly KeptRow[],
  after: readonly KeptRow[],
): SnapshotDiff {
  const keys = keptFields(listing).map((f) => f.key);
  const { onlyA: removed, onlyB: added, both } = diffSets(byId(before), byId(after));
  const changed: ChangedRow[] = [];
  let unchanged = 0;
  for (const [was, row] of both) {
    const fields = keys.filter((k) => (was.values[k] ?? '') !== (row.values[k] ?? ''));
    if (fields.length) changed.push({ id: row.id, before: was.values, after: row.values, fields });
    else unchanged++;
  }
  return { added, removed, changed, unchanged };
}
