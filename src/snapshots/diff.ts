// A later run against a snapshot: rows added, removed, and changed (with the fields that changed), by row
// identity. Pure.
import type { ContextName } from '../croql/types.ts';
import { SNAPSHOT_FIELDS, type SnapshotRow } from './fields.ts';

export interface ChangedRow {
  id: string;
  before: Record<string, string>;
  after: Record<string, string>;
  /** Keys of the fields whose text differs, in the listing's field order. */
  fields: string[];
}

export interface SnapshotDiff {
  added: SnapshotRow[];
  removed: SnapshotRow[];
  changed: ChangedRow[];
  unchanged: number;
}

export function diffRows(
  context: ContextName,
  before: readonly SnapshotRow[],
  after: readonly SnapshotRow[],
): SnapshotDiff {
  const keys = SNAPSHOT_FIELDS[context].map((f) => f.key);
  const old = new Map(before.map((r) => [r.id, r]));
  const added: SnapshotRow[] = [];
  const changed: ChangedRow[] = [];
  let unchanged = 0;
  const seen = new Set<string>();
  for (const row of after) {
    if (seen.has(row.id)) continue;
    seen.add(row.id);
    const was = old.get(row.id);
    if (!was) {
      added.push(row);
      continue;
    }
    const fields = keys.filter((k) => (was.values[k] ?? '') !== (row.values[k] ?? ''));
    if (fields.length) changed.push({ id: row.id, before: was.values, after: row.values, fields });
    else unchanged++;
  }
  const removed = before.filter((r) => !seen.has(r.id));
  return { added, removed, changed, unchanged };
}
