// TanStack queries over row sets: every row of a query on a target (compare, snapshots), and a count
// (the funnel), each cached per query text and target path.
import { queryOptions } from '@tanstack/react-query';
import type { ApiClient } from '../connection/api.ts';
import type { ContextName } from '../croql/types.ts';
import { croqlParam } from '../results/listing-query.ts';
import { fetchRowSet } from './row-set.ts';

/** Every row of `text` on `path`, up to the limit. Large, so not kept long once unused. */
export const rowSetQuery = (
  client: ApiClient,
  context: ContextName,
  path: string,
  text: string,
  onProgress?: (loaded: number) => void,
) =>
  queryOptions({
    queryKey: ['api', client.baseUrl, 'row-set', path, text],
    queryFn: ({ signal }) =>
      fetchRowSet({ client, context, path, croql: croqlParam(text), signal, onProgress }),
    staleTime: 0,
    gcTime: 60_000,
    retry: false,
  });

/** The number of rows of `text` on `path`, stopping at `limit` ("more than"). */
export const countQuery = (
  client: ApiClient,
  context: ContextName,
  path: string,
  text: string,
  limit: number,
) =>
  queryOptions({
    queryKey: ['api', client.baseUrl, 'count', path, text, limit],
    queryFn: async ({ signal }) => {
      const set = await fetchRowSet({ client, context, path, croql: croqlParam(text), signal, limit });
      return { rows: set.rows.length, complete: set.complete };
    },
    staleTime: 5 * 60_000,
    retry: false,
  });
