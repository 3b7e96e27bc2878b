// The languages matrix's server state: one TanStack query per cell (query, target, language, state), each
// a fetch-all of the cell's query through the shared fetch scheduler (src/rows/fetch-all.ts: window,
// 429 pause and retry) under one request pool for the whole matrix. Cells are cached by the query's
// canonical text (src/croql format), so a re-run after an edit that kept a cell's meaning reuses it.
import { queryOptions, skipToken } from '@tanstack/react-query';
import type { ApiClient } from '../connection/api.ts';
import { keys } from '../connection/keys.ts';
import { format } from '../croql/index.ts';
import { fetchAll } from '../rows/fetch-all.ts';
import { PAGE_SIZE } from '../rows/limits.ts';
import { fetchListingPage, retryAfterOf } from '../rows/pages.ts';
import type { RowOf } from '../rows/rows.ts';
import { matrixCellQuery, type CountedState } from './drill.ts';
import { createPool } from './pool.ts';
import { measureSource } from './words.ts';

/** Requests in flight for the whole matrix; the service allows 20 per account, the table's run keeps the rest. */
export const MATRIX_IN_FLIGHT = 6;
const pool = createPool(MATRIX_IN_FLIGHT);
const FIVE_MINUTES = 5 * 60_000;

export interface CellCount {
  rows: number;
  words: number;
  chars: number;
}

export function matrixCellOptions(
  client: ApiClient | null,
  projectId: number | null,
  text: string,
  language: string,
  state: CountedState,
  onRows?: (rows: number) => void,
) {
  const ready = client !== null && projectId !== null;
  return queryOptions({
    queryKey: keys.matrixCell(client?.baseUrl ?? null, projectId, format(text), language, state),
    queryFn: ready
      ? async ({ signal }): Promise<CellCount> => {
          const croql = matrixCellQuery(text, language, state);
          const path = `/projects/${projectId}/strings`;
          const count: CellCount = { rows: 0, words: 0, chars: 0 };
          await fetchAll<RowOf<'strings'>>({
            fetchPage: (offset, limit, pageSignal) =>
              pool
                .run(pageSignal, () =>
                  fetchListingPage(client, 'strings', path, croql, offset, pageSignal, limit),
                )
                .then((page) => page.rows),
            pageSize: PAGE_SIZE,
            initialInFlight: 1,
            maxInFlight: MATRIX_IN_FLIGHT,
            signal,
            retryAfterSeconds: retryAfterOf,
            onPage: (rows) => {
              count.rows += rows.length;
              for (const r of rows) measureSource(r.text, r.type, count);
              onRows?.(rows.length);
            },
          });
          return count;
        }
      : skipToken,
    staleTime: FIVE_MINUTES,
    gcTime: 2 * FIVE_MINUTES,
    retry: false,
  });
}
