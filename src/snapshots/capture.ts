// A run's rows as a snapshot keeps them: identity and field texts, complete or refused.
import type { ApiClient } from '../connection/api.ts';
import type { Target } from '../workspace/store.ts';
import { listingPath } from '../wire/listings.ts';
import type { ContextName } from '../croql/types.ts';
import { rowIdentity } from '../compare/identity.ts';
import { fetchRowSet, type RowSet } from '../compare/row-set.ts';
import { croqlParam } from '../results/listing-query.ts';
import { snapshotValues, type SnapshotRow } from './fields.ts';

export function toSnapshotRows(context: ContextName, target: Target, set: RowSet): SnapshotRow[] {
  const seen = new Set<string>();
  const out: SnapshotRow[] = [];
  for (const row of set.rows) {
    const id = rowIdentity(context, target, row);
    if (id === null || seen.has(id)) continue;
    seen.add(id);
    out.push({ id, values: snapshotValues(context, row) });
  }
  return out;
}

export type Capture = { ok: true; rows: SnapshotRow[] } | { ok: false; message: string };

/** Every row of `text` (as sent) on the target; a set past the limit is refused, never kept partial. */
export async function captureRows(
  client: ApiClient,
  context: ContextName,
  target: Target,
  text: string,
  signal: AbortSignal,
  onProgress: (loaded: number) => void,
): Promise<Capture> {
  const path = listingPath(context, target);
  if (!path.ok) return { ok: false, message: path.missing };
  const set = await fetchRowSet({
    client,
    context,
    path: path.path,
    croql: croqlParam(text),
    signal,
    onProgress,
  });
  if (!set.complete) {
    return {
      ok: false,
      message: `The query matches more than ${set.limit.toLocaleString('en-US')} rows, the most Fetch all loads; a snapshot must hold every row. Narrow the query.`,
    };
  }
  return { ok: true, rows: toSnapshotRows(context, target, set) };
}
