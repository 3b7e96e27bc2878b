// Every row of a query on one target, through the Fetch-all scheduler, up to the 100,000-row limit. What
// compare, snapshots and the funnel work on, and their queries. A set that reached the limit says so
// (`complete: false`), and every consumer shows "more than 100,000" for it instead of a count.
import { queryOptions, skipToken } from '@tanstack/react-query';
import type { ApiClient } from '../connection/api.ts';
import { keys } from '../connection/keys.ts';
import type { ListingName } from '../croql/index.ts';
import { fetchAll } from './fetch-all.ts';
import { FETCH_ALL_IN_FLIGHT, FETCH_ALL_LIMIT, PAGE_SIZE } from './limits.ts';
import { croqlParam, fetchListingPage, retryAfterOf } from './pages.ts';
import type { Row } from './rows.ts';

export interface RowSet {
  rows: Row[];
  /** false: there are more rows than `limit`; `rows` holds the first `limit`. */
  complete: boolean;
  limit: number;
}

export interface RowSetRequest {
  client: ApiClient;
  context: ListingName;
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
    maxInFlight: FETCH_ALL_IN_FLIGHT,
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

/**
 * Every row of `text` on `path`, up to the limit; idle while signed out or without a path. Large, so not
 * kept long once unused. `fresh` (a moment) makes a run of its own that no cache answers: a snapshot's diff
 * runs the query again each time it opens.
 */
export const rowSetQuery = (
  client: ApiClient | null,
  context: ListingName,
  path: string | null,
  text: string,
  options: { onProgress?: (loaded: number) => void; fresh?: number } = {},
) =>
  queryOptions({
    queryKey: keys.rowSet(client?.baseUrl ?? null, path ?? '', text, options.fresh),
    queryFn:
      client && path
        ? ({ signal }) =>
            fetchRowSet({
              client,
              context,
              path,
              croql: croqlParam(text),
              signal,
              onProgress: options.onProgress,
            })
        : skipToken,
    staleTime: options.fresh === undefined ? 0 : Infinity,
    gcTime: options.fresh === undefined ? 60_000 : 0,
    retry: false,
  });

/** The number of rows of `text` on `path`, stopping at `limit` ("more than"). */
export const countQuery = (
  client: ApiClient,
  context: ListingName,
  path: string,
  text: string,
  limit: number,
) =>
  queryOptions({
    queryKey: keys.count(client.baseUrl, path, text, limit),
    queryFn: async ({ signal }) => {
      const set = await fetchRowSet({ client, context, path, croql: croqlParam(text), signal, limit });
      return { rows: set.rows.length, complete: set.complete };
    },
    staleTime: 5 * 60_000,
    retry: false,
  });
