// A run's rows as a snapshot keeps them: identity and field texts, complete or refused.
import type { ApiClient } from '../connection/api.ts';
import type { Target } from '../workspace/store.ts';
import { listingPath } from '../wire/listings.ts';
import type { ListingName } from '../croql/types.ts';
import { fetchRowSet } from '../rows/row-sets.ts';
import { croqlParam } from '../rows/pages.ts';
import { keptRows, type KeptRow } from '../rows/sets.ts';

export type Capture = { ok: true; rows: KeptRow[] } | { ok: false; message: string };

/** Every row of `text` (as sent) on the target; a set past the limit is refused, never kept partial. */
export async function captureRows(
  client: ApiClient,
  context: ListingName,
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
  return { ok: true, rows: keptRows(context, target, set.rows) };
}
