import { useCallback, useEffect, useRef, useState } from 'react';
import { useQueryClient, type InfiniteData, type QueryKey } from '@tanstack/react-query';
import type { ApiClient } from '../connection/api.ts';
import { fetchAll } from '../rows/fetch-all.ts';
import { FETCH_ALL_IN_FLIGHT, FETCH_ALL_LIMIT, PAGE_SIZE } from '../rows/limits.ts';
import { fetchListingPage, retryAfterOf, type ListingPage } from '../rows/pages.ts';
import type { ListingName } from '../croql/types.ts';

export interface FetchAllProgress {
  running: boolean;
  loaded: number;
  requests: number;
  rateLimited: number;
  elapsedMs: number | null;
  error: unknown;
  stoppedAtCap: boolean;
}

const IDLE: FetchAllProgress = {
  running: false,
  loaded: 0,
  requests: 0,
  rateLimited: 0,
  elapsedMs: null,
  error: null,
  stoppedAtCap: false,
};

/**
 * "Fetch all" for the run whose pages live under `queryKey`: the remaining pages go straight into the
 * infinite query's cache, in order, so the table grows while it runs. Cancel (or a new run) aborts it.
 */
export function useFetchAll(
  client: ApiClient | null,
  context: ListingName,
  path: string | null,
  croql: string | undefined,
  queryKey: QueryKey | null,
) {
  const queryClient = useQueryClient();
  const [progress, setProgress] = useState<FetchAllProgress>(IDLE);
  const controllerRef = useRef<AbortController | null>(null);
  const keyHash = queryKey ? JSON.stringify(queryKey) : null;

  // A new run abandons the old fetch-all.
  useEffect(() => {
    return () => {
      controllerRef.current?.abort();
      controllerRef.current = null;
      setProgress(IDLE);
    };
  }, [keyHash]);

  const start = useCallback(() => {
    if (!client || !path || !queryKey) return;
    const data = queryClient.getQueryData<InfiniteData<ListingPage, number>>(queryKey);
    const last = data?.pages.at(-1);
    if (!data || !last || !last.full) return;
    const startOffset = last.offset + last.rows.length;
    const controller = new AbortController();
    controllerRef.current?.abort();
    controllerRef.current = controller;
    const started = performance.now();
    let loaded = startOffset;
    setProgress({ ...IDLE, running: true, loaded });
    fetchAll<ListingPage['rows'][number]>({
      fetchPage: async (offset, limit, signal) =>
        (await fetchListingPage(client, context, path, croql, offset, signal, limit)).rows,
      startOffset,
      pageSize: PAGE_SIZE,
      maxInFlight: FETCH_ALL_IN_FLIGHT,
      maxRows: FETCH_ALL_LIMIT,
      signal: controller.signal,
      retryAfterSeconds: retryAfterOf,
      onPage: (rows, offset) => {
        loaded = offset + rows.length;
        queryClient.setQueryData<InfiniteData<ListingPage, number>>(queryKey, (old) =>
          old
            ? {
                pages: [
                  ...old.pages,
                  { context, offset, rows, full: rows.length === PAGE_SIZE, elapsedMs: 0 },
                ],
                pageParams: [...old.pageParams, offset],
              }
            : old,
        );
        setProgress((p) => ({ ...p, loaded }));
      },
    }).then(
      (result) => {
        if (controllerRef.current !== controller) return;
        setProgress({
          running: false,
          loaded,
          requests: result.requests,
          rateLimited: result.rateLimited,
          elapsedMs: Math.round(performance.now() - started),
          error: null,
          stoppedAtCap: !result.complete,
        });
      },
      (error: unknown) => {
        if (controllerRef.current !== controller) return;
        const cancelled = controller.signal.aborted;
        setProgress((p) => ({
          ...p,
          running: false,
          elapsedMs: Math.round(performance.now() - started),
          error: cancelled ? null : error,
        }));
      },
    );
  }, [client, context, path, croql, queryKey, queryClient]);

  const cancel = useCallback(() => {
    controllerRef.current?.abort();
  }, []);

  return { progress, start, cancel };
}
