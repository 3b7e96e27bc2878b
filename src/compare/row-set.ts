// Every row of a query on one target, through the Fetch-all scheduler, up to the 100,000-row limit. What
// compare, snapshots and the funnel work on. A set that reached the limit says so (`complete: false`), and
// every consumer shows "more than 100,000" for it instead of a count.
import type { ApiClient } from '../connection/api.ts';
import type { ContextName } from '../croql/types.ts';
import { fetchAll, PAGE_SIZE } from '../results/fetch-all.ts';
import { fetchListingPage, retryAfterOf } from '../results/listing-query.ts';
import type { Row } from './identity.ts';

/** Fetch-all stops here; beyond it a set is "more than 100,000". */
export const FETCH_ALL_LIMIT = 100_000;
/** Page requests in flight for one set: under the service's 20, leaving room for the rest of the app. */
const IN_FLIGHT = 12;

export interface RowSet {
  rows: Row[];
  /** false: there are more rows than `limit`; `rows` holds the first `limit`. */
  complete: boolean;
  limit: number;
}

export interface RowSetRequest {
  client: ApiClient;
  context: ContextName;
  path: string;
  /** The query as sent (undefined: no croql parameter, every row). */
  croql: string | undefined;
  limit?: number;
  signal?: AbortSignal;
  onProgress?: (loaded: number) => void;
}

/**
 * Fetches up to `limit` rows. It asks for one row more than the limit, so a set of exactly `limit` rows is
 * complete and only a larger one is "more than".
 */
export async function fetchRowSet(request: RowSetRequest): Promise<RowSet> {
  const limit = request.limit ?? FETCH_ALL_LIMIT;
  let loaded = 0;
  const result = await fetchAll<Row>({
    fetchPage: async (offset, pageSize, signal) =>
      (
        await fetchListingPage(
          request.client,
          request.context,
          request.path,
          request.croql,
          offset,
          signal,
          pageSize,
        )
      ).rows,
    pageSize: Math.min(PAGE_SIZE, limit + 1),
    maxInFlight: IN_FLIGHT,
    maxRows: limit + 1,
    signal: request.signal,
    retryAfterSeconds: retryAfterOf,
    onPage: (rows) => {
      loaded += rows.length;
      request.onProgress?.(Math.min(loaded, limit));
    },
  });
  const complete = result.complete && result.rows.length <= limit;
  return { rows: complete ? result.rows : result.rows.slice(0, limit), complete, limit };
}

const number = (n: number) => n.toLocaleString('en-US');

/** "1,234 rows", or "more than 100,000 rows" for a set that reached the limit. */
export function describeSize(set: Pick<RowSet, 'rows' | 'complete' | 'limit'>, noun = 'row'): string {
  if (!set.complete) return `more than ${number(set.limit)} ${noun}s`;
  return `${number(set.rows.length)} ${noun}${set.rows.length === 1 ? '' : 's'}`;
}
